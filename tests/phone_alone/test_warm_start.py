"""What the snapshot of the phone-alone app's start holds (phone_alone.warm_start): every
module phone.py imports but those that talk to the browser, and nothing that does."""

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

from phone_alone.warm_start import MODULES

REPO = Path(__file__).resolve().parents[2]
BROWSER_MODULES = {
    "flet_js",
    "js",
    "pyodide",
    "pyodide_js",
    "phone_alone.browser_storage",
    "phone_alone.one_tab",
    "phone_alone.page_files",
    "phone_alone.page_relay",
}


def imported_by(path: Path) -> set[str]:
    """The modules a file imports at its top: `from a.b import c` counts as a.b, or as
    a.b.c where c is a module."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                names.add(submodule if is_module(submodule) else node.module)
    return names


def is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a name in a module, not a package
        return False


def test_the_warm_start_imports_what_phone_py_needs_but_the_browser_s_modules() -> None:
    needed = imported_by(REPO / "phone.py") - BROWSER_MODULES
    standard = {name for name in needed if name.split(".")[0] in sys.stdlib_module_names}
    assert needed - standard <= set(MODULES)
    assert not set(MODULES) & BROWSER_MODULES


def test_warming_up_touches_nothing_of_the_browser() -> None:
    # A fresh interpreter: what warm_up imports is all that is imported.
    script = (
        "import sys\n"
        "from phone_alone.warm_start import warm_up\n"
        "warm_up()\n"
        f"print(sorted(set(sys.modules) & set({sorted(BROWSER_MODULES)!r})))\n"
        "print('views.app' in sys.modules)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert ran.stdout.split("\n")[:2] == ["[]", "True"]
