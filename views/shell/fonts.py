"""The fonts Trickpad ships, so every character draws offline.

Text is drawn in Roboto, which Flet's web client loads in every session anyway. Roboto
has Latin (all that players type into names), Greek, Cyrillic and the minus sign, but no
Hangul and no ♠♥♦♣. Three faces of our own draw what it lacks, each one file subset to what
the app shows (assets/make_fonts.py makes them; fonts under the SIL Open Font License,
licences beside them in assets/fonts): the suit signs from Noto Sans Symbols 2, and Hangul
from Nanum Gothic (Korean text, and the names Korean players type).

Flutter loads our faces with its own, before the first frame (the client's font manifest
lists them, serving.compressed_client.lean_font_manifest), and every text style of the theme
names Roboto and then our faces. Both matter in the renderer Safari and Firefox get
(CanvasKit): it checks a text's characters against the style's named families only, and
fetches a Noto font from Google's font service for any character they lack, which offline
fails and is tried again at every layout (flutter/flutter#184449), a busy loop on an idle
screen. With every character the app draws in a named family loaded before anything is
laid out, nothing is ever missing.
"""

import dataclasses
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import flet as ft

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
from views.shell.rules_sheets import RULES_DIR

TEXT_FAMILY = "Roboto"
"""The family every text style names first (Flet's web client registers its Roboto so)."""
FONTS = {
    "Trickpad Symbols": "fonts/TrickpadSymbols-Regular.woff2",
    "Trickpad Hangul": "fonts/TrickpadHangul-Regular.woff2",
}
"""Family name -> file under assets/, in the order text styles fall back to them after
Roboto (a character is drawn by the first family that has it)."""
FALLBACK_FAMILIES = list(FONTS)


def roboto_file() -> Path:
    """The text face: Flet's web client registers it as "Roboto" and loads it on every visit.

    A function, for the font tools and tests: flet_web (the server's client) is not in the
    phone-alone app's packages."""
    import flet_web

    return Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "roboto.woff2"


TEXT_STYLES = [field.name for field in dataclasses.fields(ft.TextTheme)]
"""body_large, title_medium ...: every style of Material's type scale."""


def text_theme() -> ft.TextTheme:
    """Every text style of the theme in Roboto with our faces as fallbacks, in the scheme's
    text colour. Flet puts these styles in place of Material's (it does not merge them).
    Roboto is named although Flutter draws in it anyway: CanvasKit counts a character as
    missing unless a named family has it (see the module's doc). The colour: a replaced
    style has none, and plain text drew in the light typography's near-black ink on a dark
    theme."""
    style = ft.TextStyle(
        font_family=TEXT_FAMILY,
        font_family_fallback=FALLBACK_FAMILIES,
        color=ft.Colors.ON_SURFACE,
    )
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
