"""Make the fonts under assets/fonts from Debian's font packages: run after a catalog or a
rules sheet gains characters (tests/test_fonts.py says when).

    apt-get install fonts-noto-core fonts-nanum
    .venv/bin/python assets/make_fonts.py

Each shipped font is its source subset to the characters it must draw: the ones the app
shows (views.shell.fonts.shown_characters) that Roboto, the text face Flet's client loads in
every session, lacks and that it is the first of our faces to have, plus what Korean
players type into names for the Hangul face: the 2,350 Hangul syllables of KS X 1001 and
the jamo a Korean keyboard shows while composing. (Latin names need no face of ours: Roboto
has Latin-1 and Latin Extended-A; tests/test_fonts.py checks.) Layout features are kept
(kerning, Hangul composition); hinting is dropped (phones scale outlines). The OFL forbids a
modified font to carry a Reserved Font Name (Nanum's), so every font is renamed to its
Trickpad family.

It also writes every character's advance width (assets/metrics/text-widths.json), from which
the app measures what it cuts to fit (views/shell/text_width.py).
"""

import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from views.shell.fonts import FONTS, roboto_file, shown_characters  # noqa: E402
from views.shell.text_width import UNITS_PER_EM, WIDTHS_FILE  # noqa: E402

OUT_DIR = REPO / "assets"
NOTO = Path("/usr/share/fonts/truetype/noto")
NANUM = Path("/usr/share/fonts/truetype/nanum")
HANGUL_JAMO = {chr(code) for code in range(0x3131, 0x318F)}


def ks_x_1001_hangul() -> set[str]:
    """The 2,350 Hangul syllables of Korea's standard set: nearly every name people write."""
    syllables = set()
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            syllables.add(bytes([lead, trail]).decode("euc_kr"))
    return syllables


@dataclass(frozen=True)
class Source:
    family: str
    path: Path
    licence: Path
    always: frozenset[str] = frozenset()
    """Characters kept whether or not the app shows them (what players type)."""


SOURCES = [
    Source(
        "Trickpad Symbols",
        NOTO / "NotoSansSymbols2-Regular.ttf",
        Path("/usr/share/doc/fonts-noto-core/copyright"),
    ),
    Source(
        "Trickpad Hangul",
        NANUM / "NanumGothic.ttf",
        Path("/usr/share/doc/fonts-nanum/copyright"),
        frozenset(ks_x_1001_hangul() | HANGUL_JAMO),
    ),
]


def share_out(needed: set[str]) -> dict[str, set[str]]:
    """Each family's characters: its own `always`, and each needed character Roboto lacks
    goes to the first family whose source draws it, in the theme's fallback order
    (views.shell.fonts.FONTS), so the family that draws a character at run time is the one that
    has it. No family takes a character Roboto has: Roboto draws it, and the text widths
    (one advance a character) stay true. Fails on a character no font has."""
    assert [source.family for source in SOURCES] == list(FONTS), "SOURCES follow FONTS"
    roboto = {chr(code) for code in TTFont(roboto_file()).getBestCmap()}
    left = set(needed) - roboto
    shares = {}
    for source in SOURCES:
        cmap = TTFont(source.path, lazy=True).getBestCmap()
        wanted = left | (source.always - roboto)
        drawn = {char for char in wanted if ord(char) in cmap}
        shares[source.family] = drawn
        left -= drawn
    if left:
        raise SystemExit(f"no source font draws {sorted(left)}")
    return shares


def rename(font: TTFont, family: str) -> None:
    """Give the subset its own names (family, full and PostScript name), keeping the rest."""
    postscript = family.replace(" ", "") + "-Regular"
    names = {1: family, 2: "Regular", 3: f"{postscript};trickpad", 4: family, 6: postscript}
    names |= {16: family, 17: "Regular"}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in names or record.nameID in (16, 17, 21, 22):
            table.removeNames(nameID=record.nameID)
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)
        table.setName(text, name_id, 1, 0, 0)


def make(source: Source, characters: set[str]) -> Path:
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = ["*"]
    options.drop_tables += ["MATH", "DSIG"]
    font = TTFont(source.path, recalcTimestamp=False)  # the same input makes the same file
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(char) for char in characters))
    subsetter.subset(font)
    rename(font, source.family)
    font.flavor = "woff2"  # the Hangul face in 126 kB, against 216 kB as a gzipped TrueType
    target = OUT_DIR / FONTS[source.family]
    font.save(target)
    return target


def text_widths() -> dict[str, int]:
    """Each character's advance width in `UNITS_PER_EM`, from the face that draws it:
    Roboto first, then our faces, as every text style falls back (views.shell.fonts)."""
    widths: dict[str, int] = {}
    faces = [roboto_file()] + [OUT_DIR / path for path in FONTS.values()]
    for face in faces:
        font = TTFont(face, lazy=True)
        scale = UNITS_PER_EM / font["head"].unitsPerEm
        advances = font["hmtx"].metrics
        for code, glyph in sorted(font.getBestCmap().items()):
            widths.setdefault(chr(code), round(advances[glyph][0] * scale))
    return widths


def write_text_widths() -> None:
    widths = text_widths()
    WIDTHS_FILE.write_text(json.dumps(widths, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{WIDTHS_FILE.relative_to(REPO)}: {len(widths)} characters")


def main() -> None:
    shares = share_out(shown_characters())
    for source in SOURCES:
        target = make(source, shares[source.family])
        licence = target.with_name(target.name.replace("-Regular.woff2", "-LICENSE.txt"))
        shutil.copyfile(source.licence, licence)
        print(
            f"{target.relative_to(REPO)}: {len(shares[source.family])} characters, "
            f"{target.stat().st_size:,} bytes"
        )
    write_text_widths()


if __name__ == "__main__":
    main()
