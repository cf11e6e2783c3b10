"""Translated text: every user-facing string comes from a catalog in assets/locales.

Keys are dotted names ("home.title"); a value may hold ``{name}`` placeholders that
``t`` fills from keyword arguments. English is the only catalog so far; a missing key
falls back to English, then to the key itself, so a gap never crashes a screen.
"""

import json
from functools import cache
from pathlib import Path

LOCALES_DIR = Path(__file__).resolve().parent.parent / "assets" / "locales"
DEFAULT_LANGUAGE = "en"


@cache
def catalog(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The key -> text mapping of one language, read once."""
    path = LOCALES_DIR / f"{language}.json"
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def t(key: str, language: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The text for ``key`` in ``language``, with ``params`` filled in."""
    text = catalog(language).get(key) or catalog(DEFAULT_LANGUAGE).get(key, key)
    return text.format(**params) if params else text
