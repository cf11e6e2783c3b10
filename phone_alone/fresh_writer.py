"""The folder written to IndexedDB from a worker of its own, when this worker's IndexedDB
has stopped working.

After a write fails for want of disk space, Chromium drops the origin's database and this
worker's `indexedDB` answers every later call with "UnknownError: Internal error", even
once space is back; a new worker's works. So a failed sync is tried again by a small worker
made for it (a nested one, from WRITER's text: nothing fetched, so offline too), which
writes the whole folder as IDBFS keeps it (phone_alone.browser_storage): in the database
named after the folder, each file under its path, in one transaction that replaces what was
there. The next start's `load` reads it as if IDBFS had written it.
"""

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
import pyodide_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only
from pyodide.ffi import JsException, create_proxy, to_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only

from phone_alone.sync_gate import Done

IDBFS_VERSION = 21
"""The version of IDBFS's databases (Emscripten's IDBFS.DB_VERSION), with its store and
index: a database made here must be the one IDBFS opens."""
WRITER = """
onmessage = ({data: {database, version, files}}) => {
  const opening = indexedDB.open(database, version);
  opening.onupgradeneeded = () => {
    const store = opening.result.objectStoreNames.contains("FILE_DATA")
      ? opening.transaction.objectStore("FILE_DATA")
      : opening.result.createObjectStore("FILE_DATA");
    if (!store.indexNames.contains("timestamp")) {
      store.createIndex("timestamp", "timestamp", {unique: false});
    }
  };
  opening.onerror = () => postMessage(String(opening.error));
  opening.onsuccess = () => {
    const connection = opening.result;
    const ended = (error) => { connection.close(); postMessage(error); };
    try {
      const writing = connection.transaction("FILE_DATA", "readwrite");
      const store = writing.objectStore("FILE_DATA");
      store.clear();
      for (const [path, entry] of files) {
        store.put(entry, path);
      }
      writing.oncomplete = () => ended(null);
      writing.onabort = () => ended(String(writing.error));
    } catch (error) {
      ended(String(error));
    }
  };
};
"""
_writer: list[object] = []
"""The one writer worker, made at its first use and dropped when it fails."""


def write_folder(folder: str, done: Done) -> None:
    """Write every file and folder below `folder` to its IDBFS database from the writer
    worker; `done` is told how it went."""
    if not _writer:
        options = to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new(to_js([WRITER]), options)
        try:
            _writer.append(js.Worker.new(js.URL.createObjectURL(blob)))
        except JsException as refused:  # a browser without workers in workers (Safari 15.4)
            done(str(refused))
            return
    writer = _writer[0]

    def answered(event: object) -> None:
        writer.onmessage = None  # type: ignore[attr-defined]  # a JavaScript Worker
        handler.destroy()
        error = event.data  # type: ignore[attr-defined]  # a JavaScript MessageEvent
        if error:
            _writer.clear()
            writer.terminate()  # type: ignore[attr-defined]  # a JavaScript Worker
        done(str(error) if error else None)

    handler = create_proxy(answered)
    writer.onmessage = handler  # type: ignore[attr-defined]  # a JavaScript Worker
    message = {"database": folder, "version": IDBFS_VERSION, "files": _files(folder)}
    writer.postMessage(to_js(message, dict_converter=js.Object.fromEntries))  # type: ignore[attr-defined]  # as above


def _files(folder: str) -> list[list[object]]:
    """Every path below `folder` with IDBFS's entry for it: when it changed, its mode, and
    a file's content."""
    fs = pyodide_js.FS
    files: list[list[object]] = []
    waiting = [folder]
    while waiting:
        parent = waiting.pop()
        for name in fs.readdir(parent):
            if name in (".", ".."):
                continue
            path = f"{parent}/{name}"
            stat = fs.lstat(path)
            entry = {"timestamp": stat.mtime, "mode": stat.mode}
            if fs.isDir(stat.mode):
                waiting.append(path)
            else:
                entry["contents"] = fs.readFile(path)
            files.append([path, to_js(entry, dict_converter=js.Object.fromEntries)])
    return files
