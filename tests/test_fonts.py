"""Roboto and the shipped fonts draw every character the app shows, in any of its languages,
offline.

Read from the fonts' own character maps (fontTools): Roboto as Flet's web client ships it
(a woff2 file; fontTools reads it with brotli) and our faces. A catalog or rules sheet that
gains a character none of them has fails here; `python assets/make_fonts.py` makes new
subsets."""

import json
import unicodedata
from pathlib import Path

import flet as ft
import pytest
from fontTools.ttLib import TTFont

from views.shell.fonts import (
    FALLBACK_FAMILIES,
    FONTS,
    TEXT_FAMILY,
    TEXT_STYLES,
    roboto_file,
    shown_characters,
)
from views.shell.text_width import UNITS_PER_EM, WIDTHS_FILE
from views.shell.theme import dark_theme, light_theme

ASSETS = Path(__file__).resolve().parent.parent / "assets"
KOREAN_NAMES = "김민수 이지영 박서준 최하은 정우진 강예린 조현우 윤채원 장도윤 임수아"
"""Names Korean players type in (common given and family names)."""
LATIN_1_AND_EXTENDED_A = "".join(chr(code) for code in [*range(0x20, 0x7F), *range(0xA0, 0x180)])
"""What players type into Latin names: ASCII, Latin-1 (ä ö ü ß å ø é ...), Latin Extended-A
(ł š ğ ő ...)."""


def characters(path: Path) -> set[str]:
    return {chr(code) for code in TTFont(path).getBestCmap()}


def cmap(family: str) -> set[str]:
    return characters(ASSETS / FONTS[family])


def drawn(families: list[str] = FALLBACK_FAMILIES) -> set[str]:
    """What Roboto and the given faces of ours draw together."""
    return characters(roboto_file()).union(*(cmap(family) for family in families))


def test_every_character_of_every_catalog_and_rules_sheet_has_a_glyph() -> None:
    missing = {
        char: unicodedata.name(char, hex(ord(char))) for char in shown_characters() - drawn()
    }
    assert missing == {}


def test_the_suit_signs_of_the_colour_blind_table_draw() -> None:
    assert set("♠♥♦♣") <= drawn()
    sheet = (ASSETS / "rules" / "en" / "colour_blind.md").read_text(encoding="utf-8")
    assert set("♠♥♦♣") <= set(sheet), "the check above is about characters the sheet shows"


@pytest.mark.parametrize(
    "typed",
    [
        KOREAN_NAMES,
        "Jörg Åse Ørjan Łukasz Šárka Ğül Øystein Ærlig Straße François",
        LATIN_1_AND_EXTENDED_A,
    ],
)
def test_names_players_type_draw_too(typed: str) -> None:
    assert set(typed) - {" "} <= drawn()


def test_our_faces_draw_only_what_roboto_lacks() -> None:
    """Roboto draws what it has (it comes first in every style): a character of ours that
    Roboto has too would be bytes no phone uses."""
    roboto = characters(roboto_file())
    shared = {family: cmap(family) & roboto for family in FONTS}
    assert not any(shared.values()), shared


def test_each_font_is_renamed_and_ships_its_open_font_licence() -> None:
    """The OFL lets a subset ship only under a name of its own (Nanum's names are reserved);
    and no font ships that no page loads."""
    shipped = set()
    for family, path in FONTS.items():
        font = TTFont(ASSETS / path)
        assert font["name"].getDebugName(1) == family
        assert "Nanum" not in str(font["name"].getDebugName(4))
        licence_name = Path(path).name.replace("-Regular.woff2", "-LICENSE.txt")
        licence = (ASSETS / path).with_name(licence_name)
        assert "SIL Open Font License" in licence.read_text(encoding="utf-8")
        shipped |= {ASSETS / path, licence}
    assert set((ASSETS / "fonts").iterdir()) == shipped


@pytest.mark.parametrize("theme", [light_theme, dark_theme])
def test_text_draws_in_roboto_and_falls_back_to_our_faces(theme) -> None:
    """Flet puts the theme's text styles in place of Material's, so each style names Roboto
    and our faces itself: CanvasKit fetches a font for any character that the style's named
    families lack (views.shell.fonts)."""
    styles = [getattr(theme().text_theme, name) for name in TEXT_STYLES]
    assert [style.font_family for style in styles] == [TEXT_FAMILY] * len(TEXT_STYLES)
    assert all(style.font_family_fallback == FALLBACK_FAMILIES for style in styles)
    assert all(style.color == ft.Colors.ON_SURFACE for style in styles), "light on dark too"


def test_the_fonts_stay_small() -> None:
    """Every phone loads them on its first visit: a budget in bytes, not a speed."""
    sizes = {family: (ASSETS / path).stat().st_size for family, path in FONTS.items()}
    assert sum(sizes.values()) < 1_000_000, sizes


def test_the_text_widths_are_the_advances_of_the_face_that_draws_each_character() -> None:
    """What names are cut by (views/shell/text_width.py): every character a face of the app
    draws, at the advance of the first face that has it, as text styles fall back."""
    faces = [TTFont(roboto_file())] + [TTFont(ASSETS / path) for path in FONTS.values()]
    expected: dict[str, int] = {}
    for face in faces:
        scale = UNITS_PER_EM / face["head"].unitsPerEm
        for code, glyph in face.getBestCmap().items():
            expected.setdefault(chr(code), round(face["hmtx"][glyph][0] * scale))
    table = json.loads(WIDTHS_FILE.read_text(encoding="utf-8"))
    assert table == expected
    assert set(table) == drawn()
