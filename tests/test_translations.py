"""Every key the code asks for is in every catalog, and no catalog keeps keys nobody uses."""

import ast
import re
from pathlib import Path

from views.shell.i18n import LOCALES_DIR, catalog, catalog_file, layer_messages, t

REPO_ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ["views", "scorers", "storage", "sharing"]


def code_files() -> list[Path]:
    files = [REPO_ROOT / "main.py", REPO_ROOT / "phone.py"]
    for folder in CODE_DIRS:
        files += sorted((REPO_ROOT / folder).rglob("*.py"))
    return files


FILE_SUFFIXES = {"py", "json", "md", "png", "sqlite3", "woff2", "lock"}


def is_catalog_key(text: str) -> bool:
    """Catalog keys are dotted lower-case identifiers such as "home.title"."""
    parts = text.split(".")
    return (
        len(parts) >= 2
        and text == text.lower()
        and all(part.isidentifier() for part in parts)
        and parts[-1] not in FILE_SUFFIXES
    )


PAGE = REPO_ROOT / "assets" / "index.html"
"""The app's page, whose block of ours says what a browser lacks before any Python runs."""


def keys_used_in_code() -> set[str]:
    """Every string literal in the code (and the page's script) that looks like a key."""
    used: set[str] = set()
    for path in code_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and is_catalog_key(node.value):
                used.add(node.value)
    (our_block,) = re.findall(
        r"<!-- Trickpad: begin.*?<!-- Trickpad: end -->",
        PAGE.read_text(encoding="utf-8"),
        re.DOTALL,
    )
    page_strings = re.findall(r'"([^"\n]*)"', our_block)
    return used | {text for text in page_strings if is_catalog_key(text)}


def languages() -> list[str]:
    return [path.stem for path in sorted(LOCALES_DIR.glob("*.json"))]


def catalogs() -> dict[str, dict[str, str]]:
    """Each language's whole catalog: for English, its file and the layers' tables."""
    return {language: catalog(language) for language in languages()}


def test_english_catalog_exists() -> None:
    assert "en" in languages()


def test_the_json_catalog_does_not_repeat_the_layers_english() -> None:
    assert not catalog_file("en").keys() & layer_messages().keys()


def test_every_key_used_in_code_is_in_every_catalog() -> None:
    used = keys_used_in_code()
    assert used, "the scan found no keys at all"
    for language, texts in catalogs().items():
        missing = sorted(used - texts.keys())
        assert not missing, f"the {language} catalog lacks {missing}"


def test_no_catalog_has_keys_the_code_never_uses() -> None:
    used = keys_used_in_code()
    for language, texts in catalogs().items():
        unused = sorted(texts.keys() - used)
        assert not unused, f"the {language} catalog has unused keys {unused}"


def test_t_fills_placeholders_and_falls_back_to_the_key() -> None:
    assert t("home.players_range", low=3, high=6) == "3-6 players"
    assert t("no.such.key") == "no.such.key"
