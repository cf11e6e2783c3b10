"""What the docs and the docstrings point at exists: every file path and every dotted name
of our code they mention resolves, so a rename or a removal cannot leave them behind.

Read: the README, docs/*.md and the docstrings (and comments' neighbours, the module texts)
of every Python file of the project. A path is a word with a file suffix or a folder's
slash, in backquotes or a Markdown link; a dotted name is one starting with a package of
ours (`views.shell.fonts.FONTS`). Placeholders (`views/games/<game>/`), paths outside the
repository (`/usr/bin/chromium`, `~/.cache`) and what a run makes (`site/`,
`test-artifacts/`) are not checked.
"""

import ast
import importlib
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import flet_web
import pytest

from views.shell.i18n import catalog

REPO = Path(__file__).resolve().parent.parent
PACKAGES = (
    "scorers",
    "storage",
    "sharing",
    "views",
    "serving",
    "phone_alone",
    "site_build",
    "tests",
)
CODE = [REPO / "main.py", REPO / "phone.py"] + [
    path for package in (*PACKAGES, "bench", "assets") for path in (REPO / package).rglob("*.py")
]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
SUFFIXES = "py|md|json|js|html|toml|txt|png|ttf|woff2|otf|sqlite3|lock|csv|mjs|wasm|gz"
PATH = re.compile(rf"^[\w.@/-]*[\w-]\.({SUFFIXES})$|^[\w./-]+/$")
DOTTED = re.compile(rf"(?<![\w./-])(?:{'|'.join(PACKAGES)})(?:\.(?!md\b)\w+)+")
"""A dotted name of our code; not a file of the docs named like a package (sharing.md)."""
MADE_BY_A_RUN = ("site/", "test-artifacts/", ".venv/", "build/", "uploads/")
MADE_AT_RUN_TIME = {"trickpad.sqlite3", "trickpad.lock", "app.tar.gz"}
"""The store, its lock and the site's archive: files a run writes, named in the docs."""
TREE = [path.relative_to(REPO) for path in REPO.rglob("*") if ".venv" not in path.parts]
CLIENT = Path(flet_web.get_package_web_dir())
"""Flet's web client, whose files (`main.dart.wasm`) the docs name by their own names."""
NAMES = (
    {path.name for path in TREE}
    | {f"{path.name}/" for path in TREE if path.is_dir()}
    | {path.name for path in CLIENT.rglob("*")}
    | MADE_AT_RUN_TIME
)
KEYS = set(catalog("en"))
"""Catalog keys ("storage.disk_full") look like dotted names of our code: they are not."""


def docstrings(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                yield text
        # Attribute docstrings: a string right after an assignment.
        body = node.body if isinstance(getattr(node, "body", None), list) else []
        for before, after in itertools.pairwise(body):
            assigned = isinstance(before, ast.Assign | ast.AnnAssign)
            said = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
            if assigned and said and isinstance(after.value.value, str):
                yield after.value.value


def texts() -> Iterator[tuple[Path, str]]:
    for path in DOCS:
        yield path, path.read_text(encoding="utf-8")
    for path in CODE:
        for text in docstrings(path):
            yield path, text


def mentioned_paths(text: str) -> Iterator[str]:
    quoted = re.findall(r"`([^`\s]+)`", text) + re.findall(r"\]\(([^)#\s]+)", text)
    quoted += re.findall(r"(?<![\w/`(])(\.\./[\w./-]+)", text)  # up and out, quoted or not
    for word in quoted:
        word = word.rstrip(".,:;)")
        skipped = word.startswith(("/", "~", "http", "<")) or "<" in word or "*" in word
        if PATH.match(word) and not skipped and not word.startswith(MADE_BY_A_RUN):
            yield word


def path_exists(word: str, where: Path) -> bool:
    """A path inside the repository, from its root or from the mentioning file's folder,
    or (a bare name, as a list of a folder's modules gives it) any file of that name."""
    word = word.removeprefix("./")
    inside = [
        path
        for path in ((REPO / word).resolve(), (where.parent / word).resolve())
        if path.is_relative_to(REPO)
    ]
    return (
        any(path.exists() for path in inside)
        or Path(word).name in MADE_AT_RUN_TIME
        or ("/" not in word.rstrip("/") and word in NAMES)
    )


def resolves(dotted: str) -> bool:
    """Whether the name is a module of ours, or a name inside one. A module that imports
    only in the browser (phone_alone's, which need Pyodide) is read instead: its top-level
    names count."""
    if dotted in KEYS or dotted.endswith("_"):
        return True
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = REPO.joinpath(*parts[:cut])
        source = module.with_suffix(".py") if not module.is_dir() else module / "__init__.py"
        if not source.is_file():
            continue
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            return len(parts) == cut or parts[cut] in top_level_names(source)
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def top_level_names(source: Path) -> set[str]:
    names = set()
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def test_every_path_the_docs_mention_exists() -> None:
    missing = sorted(
        {
            f"{where.relative_to(REPO)}: {word}"
            for where, text in texts()
            for word in mentioned_paths(text)
            if not path_exists(word, where)
        }
    )
    assert missing == []


def test_every_dotted_name_the_docs_mention_exists() -> None:
    missing = sorted(
        {
            f"{where.relative_to(REPO)}: {name}"
            for where, text in texts()
            for name in DOTTED.findall(text)
            if not resolves(name)
        }
    )
    assert missing == []


@pytest.mark.parametrize(
    ("text", "paths", "names"),
    [
        ("see `storage/keeper.py` and views.shell.fonts.FONTS.", ["storage/keeper.py"], True),
        ("`storage/gone.py` and views.shell.fonts.NOTHING", ["storage/gone.py"], False),
        ("(see ../shared/FLET.md) and views.nothing", ["../shared/FLET.md"], False),
    ],
)
def test_the_check_finds_what_it_should(text: str, paths: list[str], names: bool) -> None:
    assert list(mentioned_paths(text)) == paths
    assert all(resolves(name) for name in DOTTED.findall(text)) is names
    assert path_exists(paths[0], REPO / "README.md") is names
