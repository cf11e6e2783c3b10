"""Flutter's icon fonts cut down to the icons Trickpad draws.

Flutter's web client loads Flet's whole Material icon font at start (thousands of icons) and
the Cupertino one, because Flet cannot know which icons an app shows. Trickpad can: its
screens name every icon they draw as `ft.Icons.NAME` or `ft.CupertinoIcons.NAME`.
`icon_fonts` keeps those, and the few Material icons Flutter's own widgets draw, in fonts of
a few kB served in place of Flet's, and leaves the Cupertino font out of the page when no
screen draws from it.

A cut font is made once per set of icons (fontTools is imported only then); a later start
only compares a key. If a screen names an icon whose glyph is not known here, the whole
font is served: an icon is never lost to save bytes.
"""

import hashlib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from serving.compressed_client import write_atomically

SCREENS_DIR = Path(__file__).resolve().parents[1] / "views"
ICON_REFERENCE = re.compile(r"\bft\.(Icons|CupertinoIcons)\.([A-Z][A-Z0-9_]*)\b")
MATERIAL_FONT = "assets/fonts/MaterialIcons-Regular.otf"
CUPERTINO_FONT = "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf"
"""URL paths of the fonts in Flet's web client (and their paths in the client's folder)."""
CUPERTINO_FAMILY = "packages/cupertino_icons/"
"""The Cupertino font's family name in Flutter's font manifest starts so."""
STYLES = ("_outlined", "_rounded", "_sharp")
"""Suffixes of Material's styled icons; a plain name is the filled one, "<name>_baseline"."""
FRAMEWORK_ICONS = (
    "access_time",
    "arrow_back",
    "arrow_back_ios",
    "arrow_back_ios_new",
    "arrow_downward",
    "arrow_drop_down",
    "arrow_drop_up",
    "arrow_forward",
    "arrow_forward_ios",
    "arrow_upward",
    "calendar_today",
    "cancel",
    "check",
    "check_box",
    "check_box_outline_blank",
    "chevron_left",
    "chevron_right",
    "clear",
    "close",
    "done",
    "drag_handle",
    "edit",
    "error_outline",
    "expand_less",
    "expand_more",
    "indeterminate_check_box",
    "keyboard",
    "menu",
    "more_horiz",
    "more_vert",
    "radio_button_checked",
    "radio_button_unchecked",
    "search",
    "visibility",
    "visibility_off",
)
"""Material icons Flutter's widgets draw by themselves (back and close buttons, menus and
the tick of a checked menu item, dropdowns, pickers, text fields, sort arrows), kept in
every style in case a screen starts using such a widget. One missing is drawn as nothing,
and Flutter logs that no font has its glyph (the language menu's tick, "done", was)."""
CUPERTINO_CODE_POINTS = {
    "SUIT_CLUB_FILL": 0xF830,
    "SUIT_DIAMOND_FILL": 0xF832,
    "SUIT_HEART_FILL": 0xF834,
    "SUIT_SPADE_FILL": 0xF836,
}
"""Flutter's `CupertinoIcons` code points of the icons Trickpad draws (the font names its
glyphs by code point only); another Cupertino icon gets the whole font."""


@dataclass(frozen=True)
class IconFonts:
    """What to serve: cut fonts by URL path, and the font families no screen draws from."""

    replacements: dict[str, Path]
    unused_families: tuple[str, ...]


def icon_fonts(web_dir: Path, cache_dir: Path, screens_dir: Path = SCREENS_DIR) -> IconFonts:
    """The icon fonts for the icons named in `screens_dir`, cut into `cache_dir`."""
    named = icons_named_in(screens_dir)
    replacements = {MATERIAL_FONT: material_font(web_dir / MATERIAL_FONT, cache_dir, named)}
    if not named["CupertinoIcons"]:
        return IconFonts(replacements, (CUPERTINO_FAMILY,))
    replacements[CUPERTINO_FONT] = cupertino_font(web_dir / CUPERTINO_FONT, cache_dir, named)
    return IconFonts(replacements, ())


def icons_named_in(screens_dir: Path = SCREENS_DIR) -> dict[str, set[str]]:
    """Every `ft.Icons.NAME` and `ft.CupertinoIcons.NAME` in the screens' sources, by set."""
    named: dict[str, set[str]] = {"Icons": set(), "CupertinoIcons": set()}
    for source in sorted(screens_dir.rglob("*.py")):
        for icon_set, name in ICON_REFERENCE.findall(source.read_text(encoding="utf-8")):
            named[icon_set].add(name)
    return named


def glyph_name(icon: str) -> str:
    """The glyph of `ft.Icons.<icon>` in Flutter's Material icon font."""
    name = icon.lower()
    return name if name.endswith(STYLES) else f"{name}_baseline"


def material_glyphs(icons: set[str]) -> list[str]:
    """The Material glyphs to keep: `icons` (Flet's names), every style of the framework's
    (those a font lacks are left out when cutting)."""
    glyphs = {glyph_name(icon) for icon in icons}
    for icon in FRAMEWORK_ICONS:
        glyphs.update(f"{icon}{style}" for style in ("_baseline", *STYLES))
    return sorted(glyphs)


def material_font(font: Path, cache_dir: Path, named: dict[str, set[str]]) -> Path:
    required = [glyph_name(icon) for icon in sorted(named["Icons"])]
    return cut(font, cache_dir, Wanted(glyphs=required, optional=material_glyphs(named["Icons"])))


def cupertino_font(font: Path, cache_dir: Path, named: dict[str, set[str]]) -> Path:
    if not named["CupertinoIcons"] <= CUPERTINO_CODE_POINTS.keys():
        return font
    code_points = sorted(CUPERTINO_CODE_POINTS[icon] for icon in named["CupertinoIcons"])
    return cut(font, cache_dir, Wanted(code_points=code_points))


@dataclass(frozen=True)
class Wanted:
    """The glyphs a cut font must have (by name or by code point), and those it keeps if
    the font has them."""

    glyphs: list[str] = field(default_factory=list)
    code_points: list[int] = field(default_factory=list)
    optional: list[str] = field(default_factory=list)


def cut(font: Path, cache_dir: Path, wanted: Wanted) -> Path:
    """A copy of `font` in `cache_dir` with only the `wanted` glyphs, or `font` itself when
    it lacks one that is not optional.

    The copy is written only when what it should hold changed, so its validator (and
    browsers' copies) survive restarts; two servers starting at once each write whole
    files."""
    stat = font.stat()
    key = hashlib.sha256(f"{stat.st_size}-{stat.st_mtime_ns}-{wanted}".encode()).hexdigest()
    target, key_file = cache_dir / font.name, cache_dir / f"{font.name}.key"
    if target.exists() and key_file.exists() and key_file.read_text(encoding="ascii") == key:
        return target
    from fontTools import subset  # imported here: 0.15 s, needed once
    from fontTools.ttLib import TTFont

    full = TTFont(font, recalcTimestamp=False)
    present = set(full.getGlyphOrder())
    if not present.issuperset(wanted.glyphs) or not full.getBestCmap().keys() >= set(
        wanted.code_points
    ):
        return font
    options = subset.Options()
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    kept = [glyph for glyph in wanted.optional if glyph in present]
    subsetter.populate(glyphs=wanted.glyphs + kept, unicodes=wanted.code_points)
    subsetter.subset(full)
    data = io.BytesIO()
    full.save(data)
    cache_dir.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_bytes() != data.getvalue():
        write_atomically(target, data.getvalue())
    write_atomically(key_file, key.encode("ascii"))
    return target
