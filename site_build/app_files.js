// The app's Python files (the app archive site_build writes) put where Flet's boot would
// unpack them: Python's working folder. A start from the kept snapshot needs them too, as
// Emscripten's file system is not in a snapshot, and Python's tarfile took most of a
// second of a slow phone for what the browser and a loop here do in a few milliseconds.
// The build writes its archive's name in place of the marker below.
const ARCHIVE = "__ARCHIVE__";

// The archive fetched and, where the browser can, unzipped.
export async function fetchedApp() {
  const response = await fetch(new URL(ARCHIVE, import.meta.url));
  if (!response.ok) {
    throw new Error(`${ARCHIVE}: HTTP ${response.status}`);
  }
  if (typeof DecompressionStream !== "function") {
    return { gzipped: new Uint8Array(await response.arrayBuffer()) };
  }
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  return { tar: new Uint8Array(await new Response(unzipped).arrayBuffer()) };
}

// Writes the files of `app` (fetchedApp's) into Python's working folder: the tar (of plain
// files only, as site_build writes it) one write a file; else the gzipped archive by
// Pyodide's own unpacking.
export function putApp(pyodide, app) {
  if (app.gzipped) {
    pyodide.unpackArchive(app.gzipped, "gztar");
    return;
  }
  const { tar } = app;
  const { FS } = pyodide;
  const folder = FS.cwd();
  const text = new TextDecoder();
  const field = (at, length) => text.decode(tar.subarray(at, at + length)).split("\0")[0];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const name = [field(at + 345, 155), field(at, 100)].filter(Boolean).join("/");
    if (!["0", ""].includes(field(at + 156, 1))) {
      throw new Error(`${ARCHIVE}: ${name} is not a plain file`);
    }
    const size = parseInt(field(at + 124, 12), 8);
    const path = `${folder}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
