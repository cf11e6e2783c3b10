// Makes the snapshot the next start begins from (python_start.mjs): a fresh interpreter
// unpacks the app as Flet's boot does, imports what phone.py needs that does not touch the
// browser (phone_alone/warm_start.py), and its memory is kept in IndexedDB.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { keepSnapshot } from "./python_start.mjs";

const ARCHIVE = "__ARCHIVE__";

const pyodide = await loadPyodide({ _makeSnapshot: true });
const response = await fetch(new URL(ARCHIVE, import.meta.url));
pyodide.FS.writeFile(ARCHIVE, new Uint8Array(await response.arrayBuffer()));
pyodide.runPython(`
import sys, tarfile
with tarfile.open("${ARCHIVE}") as archive:
    archive.extractall(filter="data")
sys.path.insert(0, "__pypackages__")
from phone_alone.warm_start import warm_up
warm_up()
`);
await keepSnapshot(pyodide.makeMemorySnapshot());
postMessage("Python's start kept for the next visit");
