"""The icon fonts served are cut to the icons the screens draw, and keep every one of them."""

import ast
from pathlib import Path

import flet as ft
import flet_web
import pytest
from fontTools.ttLib import TTFont

from serving.icon_font import (
    CUPERTINO_CODE_POINTS,
    CUPERTINO_FAMILY,
    CUPERTINO_FONT,
    MATERIAL_FONT,
    SCREENS_DIR,
    glyph_name,
    icon_fonts,
)

WEB_DIR = Path(flet_web.get_package_web_dir())
ICON_SETS = ("Icons", "CupertinoIcons")


def icons_in_screens() -> dict[str, set[str]]:
    """Every icon the screens name, found in their syntax trees (not as icon_font finds
    them); a use of an icon set other than `<set>.NAME` fails the test."""
    named: dict[str, set[str]] = {name: set() for name in ICON_SETS}
    for source in sorted(SCREENS_DIR.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            icon_set = (
                node.attr
                if isinstance(node, ast.Attribute)
                else node.id
                if isinstance(node, ast.Name)
                else None
            )
            if icon_set not in ICON_SETS:
                continue
            parent = parents.get(node)
            assert isinstance(parent, ast.Attribute) and parent.value is node, (
                f"{source.name}:{node.lineno}: name each icon as ft.{icon_set}.NAME, "
                "or icon_font cannot keep it"
            )
            named[icon_set].add(parent.attr)
    return named


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    fonts = icon_fonts(WEB_DIR, tmp_path_factory.mktemp("icon-fonts"))
    return fonts.replacements


def test_the_screens_name_icons_only_as_ft_icon_set_names() -> None:
    named = icons_in_screens()
    assert named["Icons"], "the screens draw Material icons"
    for icon_set in ICON_SETS:
        flet_set = getattr(ft, icon_set)
        for name in named[icon_set]:
            assert hasattr(flet_set, name), f"ft.{icon_set}.{name} does not exist"


def test_every_material_icon_a_screen_names_is_in_the_served_font(
    served: dict[str, Path],
) -> None:
    full = TTFont(WEB_DIR / MATERIAL_FONT)
    cut = TTFont(served[MATERIAL_FONT])
    assert served[MATERIAL_FONT].stat().st_size < (WEB_DIR / MATERIAL_FONT).stat().st_size / 20
    full_code_points = {glyph: code for code, glyph in full.getBestCmap().items()}
    cut_code_points = {glyph: code for code, glyph in cut.getBestCmap().items()}
    for icon in icons_in_screens()["Icons"]:
        glyph = glyph_name(icon)
        assert glyph in full_code_points, f"ft.Icons.{icon}: no glyph {glyph} in Flet's font"
        assert cut_code_points.get(glyph) == full_code_points[glyph], f"ft.Icons.{icon} is lost"
    # The back arrow Flutter's app bar draws by itself, in every style.
    for style in ("baseline", "outlined", "rounded", "sharp"):
        assert f"arrow_back_{style}" in cut_code_points


def test_every_cupertino_icon_a_screen_names_is_in_the_served_font(
    served: dict[str, Path],
) -> None:
    named = icons_in_screens()["CupertinoIcons"]
    if not named:
        assert CUPERTINO_FONT not in served  # the family is left out of the page instead
        return
    full = TTFont(WEB_DIR / CUPERTINO_FONT).getBestCmap()
    cut = TTFont(served[CUPERTINO_FONT]).getBestCmap()
    assert served[CUPERTINO_FONT] != WEB_DIR / CUPERTINO_FONT, "served whole"
    for icon in named:
        code_point = CUPERTINO_CODE_POINTS[icon]
        assert code_point in cut, f"ft.CupertinoIcons.{icon} is lost"
        assert full[code_point] == cut[code_point]


def screens(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "views"
    folder.mkdir()
    (folder / "screen.py").write_text(source, encoding="utf-8")
    return folder


def test_an_icon_without_a_known_glyph_gets_the_whole_font(tmp_path: Path) -> None:
    source = (
        "import flet as ft\nICONS = [ft.Icons.ADD, ft.Icons.NO_SUCH_ICON, ft.CupertinoIcons.BELL]\n"
    )
    fonts = icon_fonts(WEB_DIR, tmp_path / "cache", screens(tmp_path, source))
    assert fonts.replacements[MATERIAL_FONT] == WEB_DIR / MATERIAL_FONT
    assert fonts.replacements[CUPERTINO_FONT] == WEB_DIR / CUPERTINO_FONT
    assert fonts.unused_families == ()


def test_a_font_no_screen_draws_from_is_left_out(tmp_path: Path) -> None:
    fonts = icon_fonts(WEB_DIR, tmp_path / "cache", screens(tmp_path, "ICON = ft.Icons.ADD\n"))
    assert CUPERTINO_FONT not in fonts.replacements
    assert fonts.unused_families == (CUPERTINO_FAMILY,)


def test_the_cut_is_made_once_and_the_same_every_time(tmp_path: Path) -> None:
    source = "ICONS = [ft.Icons.UNDO, ft.CupertinoIcons.SUIT_SPADE_FILL]\n"
    folder = screens(tmp_path, source)
    first = icon_fonts(WEB_DIR, tmp_path / "one", folder).replacements
    written = {url: path.stat().st_mtime_ns for url, path in first.items()}
    again = icon_fonts(WEB_DIR, tmp_path / "one", folder).replacements
    assert {url: path.stat().st_mtime_ns for url, path in again.items()} == written
    other = icon_fonts(WEB_DIR, tmp_path / "two", folder).replacements
    for url, path in first.items():
        assert path.read_bytes() == other[url].read_bytes(), url
