"""Every change the site makes to Flet's own boot scripts, each an exact text found once in
Flet's file: a Flet whose file changed stops the build, to be looked at anew
(tests/test_site_static_files.py checks them against the Flet installed).

What they do: the page starts Python's worker, and the app in it, as it loads, not once
Flutter is up, and Flutter's call to connect takes them (python.js); the worker starts
Python at once through python_start.mjs (from the kept start when it can, the app's files
put in place meanwhile), skips Flet's fetch and unpacking of the app archive when they are in place
(and the import of pyodide.http, 0.17 s of a start, which only the fetch needs), and,
once the app is up, has the start kept for the next visit (python-worker.js)."""

from pathlib import Path

Patch = tuple[str, str]

PAGE_PATCHES: tuple[Patch, ...] = (
    (
        "// Called from Dart on backend.send\n",
        "// Trickpad: Python's worker starts with the page, started by Flet's own jsConnect\n"
        "// with what Flutter passes this site (no args) and the device's answers (page.html):\n"
        "// the app is up and waiting by the time Flutter connects, and Flutter's call takes\n"
        "// it, with anything it said meanwhile. Flutter passing args starts one afresh.\n"
        "const fletConnect = globalThis.jsConnect;\n"
        'const EARLY_APP = "trickpad-early";\n'
        "const earlySaid = [];\n"
        "const earlyStart = fletConnect(\n"
        "    EARLY_APP, { trickpad_device: window.trickpadDevice?.() ?? null },\n"
        "    (data) => earlySaid.push(data));\n"
        "earlyStart.catch(() => {}); // told when Flutter connects\n"
        "globalThis.jsConnect = async function (appId, args, dartOnMessage) {\n"
        '    console.log("Trickpad: Flutter connects");\n'
        "    const early = _apps[EARLY_APP];\n"
        '    if (early === undefined || JSON.stringify(args) !== "{}") {\n'
        "        await jsDisconnect(EARLY_APP);\n"
        "        return fletConnect(appId, args, dartOnMessage);\n"
        "    }\n"
        "    delete _apps[EARLY_APP];\n"
        "    _apps[appId] = early;\n"
        "    early.dartOnMessage = dartOnMessage;\n"
        "    earlySaid.splice(0).forEach(dartOnMessage);\n"
        "    return earlyStart.catch(async (error) => {\n"
        "        await jsDisconnect(appId);\n"
        "        throw error;\n"
        "    });\n"
        "};\n"
        "\n"
        "// Called from Dart on backend.send\n",
    ),
)
"""python.js, the page's side."""

WORKER_PATCHES: tuple[Patch, ...] = (
    (
        "self.pyodideUrl = null;\n",
        "import {\n"
        "  isAppInPlace, keepStartForNextTime, startPython, startPythonNow,\n"
        '} from "./python_start.mjs";\n'
        "startPythonNow();\n"
        "self.pyodideUrl = null;\n",
    ),
    ("self.pyodide = await loadPyodide({", "self.pyodide = await startPython({"),
    (
        'self.pyodide.globals.set("app_package_url", self.appPackageUrl);',
        'self.pyodide.globals.set("app_in_place", isAppInPlace());\n'
        '        self.pyodide.globals.set("app_package_url", self.appPackageUrl);',
    ),
    ("        from pyodide.http import pyfetch\n", ""),
    (
        '        if "script" not in py_args:\n            print("Downloading app archive")',
        "        if app_in_place:\n"
        "            pass\n"
        '        elif "script" not in py_args:\n'
        '            print("Downloading app archive")\n'
        "            from pyodide.http import pyfetch",
    ),
    (
        'self.postMessage("initialized");',
        'self.postMessage("initialized");\n        keepStartForNextTime();',
    ),
)
"""python-worker.js, the worker's side."""

PATCHES = {"python.js": PAGE_PATCHES, "python-worker.js": WORKER_PATCHES}
"""Each patched file of Flet's web client, by its name there, and its patches."""


def patched(text: str, patches: tuple[Patch, ...], name: str) -> str:
    """`text` with each patch made; SystemExit where a patch's text is not there once."""
    for old, new in patches:
        if text.count(old) != 1:
            raise SystemExit(f"{name}: Flet's file has changed ({old!r}); update site_build")
        text = text.replace(old, new)
    return text


def patch_flet_files(out: Path) -> None:
    """Flet's boot scripts in the site `out` patched in place."""
    for name, patches in PATCHES.items():
        path = out / name
        path.write_text(patched(path.read_text(encoding="utf-8"), patches, name), encoding="utf-8")
