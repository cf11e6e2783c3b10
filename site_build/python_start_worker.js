// Makes the snapshot the next start begins from (python_start.mjs): a fresh interpreter
// given the app's files as Flet's boot is (app_files.mjs), imports what phone.py needs that
// does not touch the browser (phone_alone/warm_start.py), and its memory is kept in
// IndexedDB.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { fetchedApp, putApp } from "./app_files.mjs";
import { keepSnapshot } from "./python_start.mjs";

const [pyodide, app] = await Promise.all([loadPyodide({ _makeSnapshot: true }), fetchedApp()]);
putApp(pyodide, app);
pyodide.runPython(`
import sys
sys.path.insert(0, "__pypackages__")
from phone_alone.warm_start import warm_up
warm_up()
`);
await keepSnapshot(pyodide.makeMemorySnapshot());
postMessage("Python's start kept for the next visit");
