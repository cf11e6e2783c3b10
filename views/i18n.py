"""Translated text: every user-facing string comes from a catalog, looked up by key.

The English catalog is assets/locales/en.json plus the English message tables of the
layers that cannot read files or must not import views: the rules (scorers.messages) and
storage (storage.errors.MESSAGES). Another language's JSON file translates all of them.
Keys are dotted names ("home.title"); a value may hold ``{name}`` placeholders that ``t``
fills from keyword arguments, and plural blocks for counts (see views.message_format).
A missing key falls back to English, then to the key itself, so a gap never crashes a screen.
"""

import json
from functools import cache
from pathlib import Path

from scorers import messages as rules_messages
from storage.errors import MESSAGES as STORAGE_MESSAGES
from views.message_format import format_message

LOCALES_DIR = Path(__file__).resolve().parent.parent / "assets" / "locales"
DEFAULT_LANGUAGE = "en"


def layer_messages() -> dict[str, str]:
    """English text that lives beside the rules and storage code that raises it."""
    return (
        rules_messages.ERRORS
        | rules_messages.FIELDS
        | rules_messages.CHANGES
        | rules_messages.REMINDERS
        | rules_messages.NOTES
        | dict(STORAGE_MESSAGES)
    )


def catalog_file(language: str) -> dict[str, str]:
    """One language's JSON catalog as it is on disk."""
    path = LOCALES_DIR / f"{language}.json"
    with path.open(encoding="utf-8") as f:
        return json.load(f)


@cache
def catalog(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The key -> text mapping of one language, read once."""
    base = layer_messages() if language == DEFAULT_LANGUAGE else {}
    return base | catalog_file(language)


def t(key: str, language: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The text for ``key`` in ``language``, with ``params`` filled in."""
    text = catalog(language).get(key) or catalog(DEFAULT_LANGUAGE).get(key, key)
    return format_message(text, language, params) if params else text


def percent(share: float | None) -> str:
    """A share from 0 to 1 as a whole percentage ("67 %"); a dash when there is none."""
    return t("number.none") if share is None else t("number.percent", value=round(100 * share))


def decimal(value: float | None) -> str:
    """A figure such as an average, to one decimal place; a dash when there is none."""
    return t("number.none") if value is None else f"{value:.1f}"
