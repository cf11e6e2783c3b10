"""scorers/ is pure rules: no UI, no storage, no file or network access."""

import ast
import pathlib
import re

from scorers.games import GAME_RULES
from scorers.messages import ERRORS, FIELDS

SCORERS = pathlib.Path(__file__).resolve().parents[2] / "scorers"
SOURCES = sorted(SCORERS.rglob("*.py"))
FORBIDDEN_MODULES = {
    "flet", "storage", "views", "serving", "sqlite3", "os", "io", "pathlib", "shutil", "socket",
    "urllib", "http", "requests", "subprocess", "tempfile", "glob", "pickle", "shelve",
}  # fmt: skip
FORBIDDEN_CALLS = {"open", "exec", "eval", "__import__", "compile", "input"}


def imported_roots(tree: ast.AST) -> set[str]:
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_sources_found() -> None:
    assert len(SOURCES) >= 5


def test_no_io_or_ui_imports() -> None:
    for source in SOURCES:
        roots = imported_roots(ast.parse(source.read_text(), str(source)))
        assert not roots & FORBIDDEN_MODULES, (source.name, roots & FORBIDDEN_MODULES)


def test_no_file_or_dynamic_calls() -> None:
    for source in SOURCES:
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, (source.name, node.func.id)


def test_scanner_catches_a_forbidden_import() -> None:
    tree = ast.parse("import sqlite3\nfrom flet import Page\nfrom storage.db import x")
    assert imported_roots(tree) == {"sqlite3", "flet", "storage"}


def test_every_message_key_used_in_sources_has_english_text() -> None:
    known = ERRORS.keys() | FIELDS.keys()
    for rules in GAME_RULES.values():
        known |= rules.messages.texts().keys()
    key_pattern = re.compile(r"^(entry|action|game|players|settings|round|ledger|wizard|"
                             r"plotters|colour_blind)\.[a-z_]+$")  # fmt: skip
    used = set()
    for source in SOURCES:
        if source.name == "messages.py":
            continue
        for node in ast.walk(ast.parse(source.read_text())):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and key_pattern.match(node.value):
                used.add(node.value)
    assert used, "no keys found: the scan is broken"
    assert used <= known, used - known
