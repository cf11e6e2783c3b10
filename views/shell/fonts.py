"""The fonts Trickpad ships, so every character draws offline.

Text is drawn in Roboto, which Flet's web client loads in every session anyway: Flutter
ends every text style's list of families with it, so a style that names no family draws
in it. Roboto has Latin (all that players type into names), Greek, Cyrillic and the minus
sign, but no Hangul and no ♠♥♦♣. Three faces of our own draw what it lacks, each one file
subset to what the app shows (assets/make_fonts.py makes them; fonts under the SIL Open
Font License, licences beside them in assets/fonts): the suit signs from Noto Sans
Symbols 2, and Hangul from Nanum Gothic (a three-letter face for the language menu's
"한국어", which every session loads, and the large one only sessions with Korean to draw
load). The theme names no family and lists our faces as every text style's fallbacks, so
a Korean word or a suit sign inside any text finds its glyphs.
"""

import dataclasses
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path

import flet as ft

from views.screens.rules_sheets import RULES_DIR
from views.shell.i18n import (
    LANGUAGES,
    catalog,
    day_of,
    decimal,
    joined,
    language_name,
    moment,
    percent,
)
from views.shell.message_format import format_message

FONTS = {
    "Trickpad Symbols": "fonts/TrickpadSymbols-Regular.ttf",
    "Trickpad Hangul Names": "fonts/TrickpadHangulNames-Regular.ttf",
    "Trickpad Hangul": "fonts/TrickpadHangul-Regular.ttf",
}
"""Family name -> file under assets/, as page.fonts wants them, in the order text styles
fall back to them (a character is drawn by the first that has it, Roboto coming last)."""
FALLBACK_FAMILIES = list(FONTS)


def roboto_file() -> Path:
    """The text face: Flet's web client registers it as "Roboto" and loads it on every visit.

    A function, for the font tools and tests: flet_web (the server's client) is not in the
    phone-alone app's packages."""
    import flet_web

    return Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "roboto.woff2"


HANGUL_FAMILY = "Trickpad Hangul"
HANGUL_BLOCKS = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7A3))
"""Jamo, compatibility jamo and the precomposed syllables: the characters of that face."""


def has_hangul(text: str) -> bool:
    """Whether `text` holds a Korean letter ("김민지" does, "Ann" does not)."""
    return any(low <= ord(char) <= high for char in text for low, high in HANGUL_BLOCKS)


def session_fonts(language: str, names: Iterable[str]) -> dict[str, str]:
    """The fonts one session loads. The Hangul face is the largest by far (much of a phone's
    first visit over plain HTTP, tests/e2e/test_serving.py), so only a session in Korean, or
    one with a player's name in Hangul to draw, loads it; every other session keeps the
    others.

    >>> list(session_fonts("de", ["Ann"])) == [f for f in FONTS if f != HANGUL_FAMILY]
    True
    """
    if language == "ko" or any(has_hangul(name) for name in names):
        return dict(FONTS)
    return {family: path for family, path in FONTS.items() if family != HANGUL_FAMILY}


def add_faces_for(page: ft.Page, texts: Iterable[str]) -> None:
    """Load the Hangul face into a session that went without it, once `texts` hold Korean
    letters: a name typed, or saved on another phone, after this phone opened the app would
    otherwise be drawn as boxes until a reload."""
    fonts = page.fonts or {}
    if HANGUL_FAMILY not in fonts and any(has_hangul(text) for text in texts):
        page.fonts = {**fonts, HANGUL_FAMILY: FONTS[HANGUL_FAMILY]}
        page.update()


def use_faces_for(texts: Iterable[str]) -> None:
    """`add_faces_for` the texts a screen shows, whenever they change."""
    shown = tuple(texts)
    page = ft.context.page
    ft.use_effect(lambda: add_faces_for(page, shown), [shown])


TEXT_STYLES = [field.name for field in dataclasses.fields(ft.TextTheme)]
"""body_large, title_medium ...: every style of Material's type scale."""


def text_theme() -> ft.TextTheme:
    """Every text style of the theme with our faces as fallbacks, in the scheme's text
    colour. Flet puts these styles in place of Material's (it does not merge them), so
    they name no family, like the theme: Flutter then draws in Roboto, the last family of
    every style. The colour: a replaced style has none, and plain text drew in the light
    typography's near-black ink on a dark theme."""
    style = ft.TextStyle(font_family_fallback=FALLBACK_FAMILIES, color=ft.Colors.ON_SURFACE)
    return ft.TextTheme(**{name: style for name in TEXT_STYLES})


def shown_texts() -> Iterator[str]:
    """Every text the app can show that does not come from the players: each catalog, each
    rules sheet, the language menu, and the dates, numbers and lists Babel writes."""
    for language in LANGUAGES:
        yield from catalog(language).values()
        yield language_name(language)
        yield from babel_samples(language)
    for sheet in sorted(RULES_DIR.glob("*/*.md")):
        yield sheet.read_text(encoding="utf-8")


def babel_samples(language: str) -> Iterator[str]:
    """What the app's formatters write in the language (CLDR's words and signs): every
    month's date and time, morning and afternoon, numbers in texts, figures, shares, lists."""
    for month in range(1, 13):
        yield day_of(f"2026-{month:02}-28", language)
        for hour in (1, 13):
            yield moment(datetime(2026, month, 28, hour, 5), language)
    yield format_message("{n} {n, plural, other {#}}", language, {"n": -1234567.5})
    yield decimal(-1234.5, language)
    yield percent(0.5, language)
    yield joined(["a", "b", "c"], language)


def shown_characters() -> set[str]:
    """The characters of `shown_texts`, without line ends."""
    return {char for text in shown_texts() for char in text} - {"\n", "\r", "\t"}
