"""The shipped fonts draw every character the app shows, in any of its languages, offline.

Read from the fonts' own character maps (fontTools): a catalog or rules sheet that gains a
character no bundled font has fails here; `python assets/make_fonts.py` makes new subsets."""

import unicodedata
from pathlib import Path

import flet as ft
import pytest
from fontTools.ttLib import TTFont

from views.fonts import (
    FALLBACK_FAMILIES,
    FONTS,
    HANGUL_FAMILY,
    TEXT_FAMILY,
    shown_characters,
    text_theme,
)
from views.i18n import LANGUAGES, language_name
from views.theme import light_theme

ASSETS = Path(__file__).resolve().parent.parent / "assets"
KOREAN_NAMES = "김민수 이지영 박서준 최하은 정우진 강예린 조현우 윤채원 장도윤 임수아"
"""Names Korean players type in (common given and family names)."""


def cmap(family: str) -> set[str]:
    return {chr(code) for code in TTFont(ASSETS / FONTS[family]).getBestCmap()}


def drawn() -> set[str]:
    return set().union(*(cmap(family) for family in FONTS))


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
    [KOREAN_NAMES, "Jörg Åse Ørjan Łukasz Šárka Ğül Øystein Ærlig Straße François"],
)
def test_names_players_type_draw_too(typed: str) -> None:
    assert set(typed) - {" "} <= drawn()


def test_each_font_is_renamed_and_ships_its_open_font_licence() -> None:
    """The OFL lets a subset ship only under a name of its own (Nanum's names are reserved)."""
    for family, path in FONTS.items():
        font = TTFont(ASSETS / path)
        assert font["name"].getDebugName(1) == family
        assert "Nanum" not in str(font["name"].getDebugName(4))
        licence = (ASSETS / path).with_name(Path(path).name.replace("-Regular.ttf", "-LICENSE.txt"))
        assert "SIL Open Font License" in licence.read_text(encoding="utf-8")


def test_the_theme_draws_in_the_text_face_and_falls_back_to_the_others() -> None:
    theme = light_theme()
    assert theme.font_family == TEXT_FAMILY
    styles = [getattr(text_theme(), name) for name in ("body_medium", "title_large")]
    assert all(style.font_family_fallback == FALLBACK_FAMILIES for style in styles)
    assert all(style.color == ft.Colors.ON_SURFACE for style in styles), "light on dark too"


def test_the_fonts_stay_small() -> None:
    """Every phone loads them on its first visit: a budget in bytes, not a speed."""
    sizes = {family: (ASSETS / path).stat().st_size for family, path in FONTS.items()}
    assert sum(sizes.values()) < 1_000_000, sizes


def test_the_language_menu_draws_without_the_large_hangul_face() -> None:
    """A German phone loads no Hangul face (views.fonts.session_fonts), yet its language
    menu lists 한국어 in its own letters."""
    always = set().union(*(cmap(family) for family in FONTS if family != HANGUL_FAMILY))
    names = {char for language in LANGUAGES for char in language_name(language)} - {" "}
    assert names - always == set()
