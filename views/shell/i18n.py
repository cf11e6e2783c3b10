"""Translated text: every user-facing string comes from a catalog, looked up by key.

The English catalog is assets/locales/en.json plus the English message tables of the
layers that cannot read files or must not import views: the rules (scorers.messages, and
each game's own `messages` in scorers.games' table) and storage (storage.errors.MESSAGES).
Another language's JSON file translates all of them.
Keys are dotted names ("home.title"); a value may hold ``{name}`` placeholders that ``t``
fills from keyword arguments, and plural blocks for counts (see views.shell.message_format).
A missing key falls back to English, then to the key itself, so a gap never crashes a screen.

Each browser tab is a session with its own language. ``t`` without a language takes the
language of the session whose render or event handler is running: Flet binds the session's
page to ``ft.context`` for both, so no screen passes the language around. Outside any
session (the command line) the text is English.
"""

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import cache
from pathlib import Path

import flet as ft
from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_datetime
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from scorers.games import GAME_RULES
from scorers.messages import ERRORS, FIELDS
from storage.errors import MESSAGES as STORAGE_MESSAGES
from views.shell.message_format import format_message, locale, plural_category, written

LOCALES_DIR = Path(__file__).resolve().parents[2] / "assets" / "locales"
DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "de", "ko", "nb")
"""The languages Trickpad speaks, in the order the language menu lists them."""
SESSION_LANGUAGE = "trickpad_language"
"""The key of the session's language in Flet's per-session store."""
SESSION_REGION = "trickpad_region"
"""The key of the locale the session writes dates in ("en_GB"): its language as the
browser's region writes it."""


def layer_messages() -> dict[str, str]:
    """English text that lives beside the rules and storage code that raises it: the shared
    rules messages, each known game's own and storage's."""
    texts = ERRORS | FIELDS
    for rules in GAME_RULES.values():
        texts |= rules.messages.texts()
    return texts | dict(STORAGE_MESSAGES)


def catalog_file(language: str) -> dict[str, str]:
    """One language's JSON catalog as it is on disk."""
    path = LOCALES_DIR / f"{language}.json"
    with path.open(encoding="utf-8") as f:
        catalog: dict[str, str] = json.load(f)
    return catalog


@cache
def catalog(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The key -> text mapping of one language, read once ({} for a language not shipped)."""
    base = layer_messages() if language == DEFAULT_LANGUAGE else {}
    path = LOCALES_DIR / f"{language}.json"
    return base | (catalog_file(language) if path.is_file() else {})


def session_language() -> str:
    """The language of the session whose render or handler runs now; English outside one."""
    try:
        store = ft.context.page.session.store
    except RuntimeError:  # no session: the command line, or a closed tab
        return DEFAULT_LANGUAGE
    return store.get(SESSION_LANGUAGE) or DEFAULT_LANGUAGE


def session_region() -> str:
    """The locale the session writes dates in ("en_GB"); English outside a session."""
    try:
        store = ft.context.page.session.store
    except RuntimeError:  # no session: the command line, or a closed tab
        return DEFAULT_LANGUAGE
    return store.get(SESSION_REGION) or session_language()


def set_session_language(page: ft.Page, language: str, browser: Sequence[str] = ()) -> None:
    """Make ``language`` the one every later render and handler of ``page``'s session uses,
    its dates written as the `browser`'s languages (their tags, "en-GB") say its region
    writes them."""
    page.session.store.set(SESSION_LANGUAGE, language)
    page.session.store.set(SESSION_REGION, regional(language, browser))


def base_language(tag: str) -> str:
    """The catalog language a browser's tag ("de-AT", "no_NO") is written in ("de", "nb"):
    Norwegian without a written form ("no") is read as Bokmål, as browsers mean it."""
    base = tag.replace("_", "-").split("-")[0].lower()
    return "nb" if base == "no" else base


def regional(language: str, browser: Sequence[str]) -> str:
    """``language`` as the first of the browser's tags in it names its region ("en" and
    ["en-GB"]: "en_GB", whose dates read 04/12/2026, not 12/4/26), as Babel names locales;
    the language alone when no tag of the browser is in it, or Babel knows no such region.

    >>> regional("en", ["en-GB", "en-US"]), regional("nb", ["no-NO"]), regional("de", ["en-GB"])
    ('en_GB', 'nb_NO', 'de')
    """
    for tag in browser:
        parts = tag.replace("_", "-").split("-")
        if base_language(tag) != language or len(parts) < 2:
            continue
        try:
            return str(Locale.parse("_".join([language, *parts[1:]])))
        except (ValueError, UnknownLocaleError):
            continue
    return language


def t(key: str, language: str | None = None, /, **params: object) -> str:
    """The text for ``key`` in ``language`` (default: the session's), ``params`` filled in."""
    language = language or session_language()
    text = catalog(language).get(key) or catalog(DEFAULT_LANGUAGE).get(key, key)
    return format_message(text, language, params) if params else text


def best_language(preferred: Iterable[str]) -> str:
    """The first of a browser's languages ("de-DE", "nb", "ko-KR") Trickpad speaks, else
    English. Norwegian without a written form ("no") is read as Bokmål, as browsers mean it."""
    for tag in preferred:
        base = base_language(tag)
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def language_name(language: str) -> str:
    """A language's name in that language ("Deutsch", "한국어"), as a language menu lists it."""
    name = locale(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]


def percent(share: float | None, language: str | None = None, /) -> str:
    """A share from 0 to 1 as a whole percentage as the language (default: the session's)
    writes it ("67 %" in German, "67%" in English); a dash when there is none."""
    if share is None:
        return t("number.none", language)
    return written(format_percent, share, language or session_language())


def decimal(value: float | None, language: str | None = None, /) -> str:
    """A figure such as an average, to one decimal place ("12,5" in German); a dash when
    there is none."""
    if value is None:
        return t("number.none", language)
    return written(format_decimal, value, language or session_language(), format="0.0")


def whole(value: int, language: str | None = None, /) -> str:
    """A whole number as the language writes it ("1.000" in German, "1,000" in English), a
    negative one with a real minus sign (U+2212) as every score is shown."""
    text = written(format_decimal, value, language or session_language(), format="#,##0")
    return text.replace("-", "\u2212")


def moment(when: datetime, region: str | None = None, /) -> str:
    """A moment in the device's time zone, as the language writes a short date and time in
    the `region` (a locale, "en_GB"; default: the session's, see `regional`)."""
    return written(format_datetime, when.astimezone(), region or session_region(), format="short")


def day_of(stamp: str, region: str | None = None, /) -> str:
    """The day of an ISO time stamp read from a file, as the language writes a date in the
    `region` (default: the session's) ("Nov 29, 2026", "29 Nov 2026", "29.11.2026"); what the
    file says when it is no time stamp."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:10]
    return written(format_date, when, region or session_region(), format="medium")


def joined(items: Sequence[str], language: str | None = None, /) -> str:
    """Items (names, colours) joined as the language joins a list: "Ann, Ben, and Cas",
    "Ann, Ben und Cas", "Ann, Ben 및 Cas"."""
    if not items:
        return ""
    return written(format_list, list(items), language or session_language())


def load_languages() -> None:
    """Read every catalog and what Babel knows of every language (its name, plural rules,
    number formats) now, rather than in the first session that needs them: the server does
    this while the browser starts Flutter, so the first screen is drawn that much sooner."""
    for language in LANGUAGES:
        catalog(language)
        language_name(language)
        plural_category(language, 1)
        decimal(1.5, language)
