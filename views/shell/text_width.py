"""How wide a text draws, from the advance widths of the faces that draw it.

The widths (assets/metrics/text-widths.json, written by assets/make_fonts.py) are those of
Roboto and of our own faces, in the order text styles fall back to them. A sum of advances
leaves out kerning, which in Roboto draws letter pairs closer, so a text is not drawn wider
than measured here. Bold counts: Flet's client has Roboto's regular face only, and Flutter
makes it bold by thickening each glyph, which widens it a little (`EMBOLDEN_EM`).
"""

import json
from functools import cache
from pathlib import Path

WIDTHS_FILE = Path(__file__).resolve().parents[2] / "assets" / "metrics" / "text-widths.json"
UNITS_PER_EM = 2048
EMBOLDEN_EM = 0.02
"""What a glyph drawn bold adds to its advance, in ems, as Chromium draws the sheet's bold
names (tests/e2e/test_accessibility.py reads them and fails if they draw wider). Every text
is measured as bold: the names are, and a plain text then only measures a hair wide."""
UNKNOWN_EM = 1.2
"""A character no face of the app draws (an emoji typed into a name): wider than any of
Roboto's letters, so a text holding one is cut rather than run over its room."""


@cache
def _widths() -> dict[str, int]:
    widths: dict[str, int] = json.loads(WIDTHS_FILE.read_text(encoding="utf-8"))
    return widths


def text_width(text: str, font_size: float) -> float:
    """The width in pixels of `text` drawn bold at `font_size`.

    >>> round(text_width("Maximilian", 14), 1), round(text_width("Ann", 14), 1)
    (70.8, 25.4)
    """
    widths = _widths()
    unknown = UNKNOWN_EM * UNITS_PER_EM
    units = sum(widths.get(char, unknown) for char in text)
    return (units / UNITS_PER_EM + EMBOLDEN_EM * len(text)) * font_size
