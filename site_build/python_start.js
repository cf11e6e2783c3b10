// Trickpad's Python in the browser starts from a snapshot of an earlier start: the memory of
// an interpreter that had imported Flet and the app (phone_alone/warm_start.py), kept in
// IndexedDB. Starting from it skips Pyodide's own start and the imports, most of the time a
// phone waits for Home. site_build writes this file beside Flet's python-worker.js and
// patches that worker (site_build/flet_patches.py): it calls startPythonNow as it loads (the
// page starts it with itself, while Flutter loads), and its one call of loadPyodide becomes
// startPython. The build writes its version in place of the marker below: a snapshot belongs
// to one build of the app and of Pyodide.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { fetchedApp, putApp } from "./app_files.mjs";

const VERSION = "__VERSION__";
const DATABASE = "trickpad-python";
const STORE = "snapshots";
const KEY = "python";

let python = null;
let startedFromSnapshot = false;
let appInPlace = false;

// Starts Python, once: from the kept snapshot when there is one of this build, else
// afresh; meanwhile the app's files are fetched, then put in its file system.
export function startPythonNow() {
  if (python === null) {
    console.log("Trickpad: Python's worker started");
    const app = fetchedApp().catch((error) => error);
    python = Promise.all([pythonStarted(), app]).then(([pyodide, files]) => {
      try {
        if (files instanceof Error) {
          throw files;
        }
        putApp(pyodide, files);
        appInPlace = true;
        console.log("Trickpad: the app is in place");
      } catch (error) {
        console.warn("Trickpad: the app is left to Flet's boot to unpack:", error);
      }
      return pyodide;
    });
  }
  return python;
}

// The Python startPythonNow started, its output sent where Flet's worker asks.
export async function startPython(options) {
  const pyodide = await startPythonNow();
  pyodide.setStdout({ batched: options.stdout });
  pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

// Whether the app's files are in place: Flet's boot then neither fetches nor unpacks them.
export function isAppInPlace() {
  return appInPlace;
}

async function pythonStarted() {
  const snapshot = await keptSnapshot().catch((error) => {
    console.warn("Trickpad: the kept start could not be read:", error);
    return null;
  });
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({
        _loadSnapshot: snapshot,
        createPyodideModule: grownFor(snapshot),
      });
      startedFromSnapshot = true;
      console.log("Trickpad: Python started from the kept start");
      return pyodide;
    } catch (error) {
      console.warn("Trickpad: the kept start could not be used:", error);
    }
  }
  const pyodide = await loadPyodide();
  console.log("Trickpad: Python started afresh");
  return pyodide;
}

// After a start afresh, once the app is up: a second interpreter, in a worker of its own,
// makes the snapshot for the next start. (The one that makes a snapshot cannot go on using
// the browser's objects, so the app's own interpreter never makes it.)
export function keepStartForNextTime() {
  if (startedFromSnapshot) {
    return;
  }
  const maker = new Worker(new URL("python_start_worker.mjs", import.meta.url), {
    type: "module",
  });
  maker.onmessage = (event) => {
    console.log(`Trickpad: ${event.data}`);
    maker.terminate();
  };
  maker.onerror = (event) => {
    console.warn("Trickpad: Python's start was not kept:", event.message);
    maker.terminate();
  };
}

// The module's memory starts smaller than a started app's, and a restore copies the whole
// snapshot into it: grown first, by an allocation as large as the snapshot.
function grownFor(snapshot) {
  return async (settings) => {
    const create = (await import(new URL("pyodide/pyodide.asm.mjs", import.meta.url))).default;
    const earlier = settings.preRun ? [].concat(settings.preRun) : [];
    settings.preRun = [(module) => module._malloc(snapshot.length), ...earlier];
    return create(settings);
  };
}

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// This build's snapshot as bytes, or null.
export async function keptSnapshot() {
  const database = await opened();
  const kept = await new Promise((resolve, reject) => {
    const request = database.transaction(STORE).objectStore(STORE).get(KEY);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  database.close();
  return kept && kept.version === VERSION ? new Uint8Array(kept.bytes) : null;
}

// Keeps `snapshot` as this build's, in place of any earlier build's.
export async function keepSnapshot(snapshot) {
  const database = await opened();
  await new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, "readwrite");
    transaction.objectStore(STORE).put({ version: VERSION, bytes: snapshot.buffer }, KEY);
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  database.close();
}
