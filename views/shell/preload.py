"""What the first session would otherwise load while its phone waits for the first screen.

Flet imports each of its controls the first time one is named (`ft.Card` imports the card
module), and Babel reads a language's data on first use. In the first session that cost
time between the phone connecting and its first screen (bench/ui_bench.py's cold start);
the server does it instead with the screens' loading, while the browser compiles and
starts Flutter (serving.screens_loader).
"""

import functools
import re
from pathlib import Path

import flet as ft

from views.shell.i18n import load_languages

VIEWS_DIR = Path(__file__).resolve().parents[1]
FLET_NAME = re.compile(r"\bft\.([A-Za-z_]\w*)")


def flet_names() -> set[str]:
    """Every name the screens take from Flet (`ft.Card` ...), read from their source."""
    return {
        name
        for path in VIEWS_DIR.rglob("*.py")
        for name in FLET_NAME.findall(path.read_text(encoding="utf-8"))
    }


@functools.cache
def preload() -> None:
    """Import every Flet control the screens name and read every language's data now; once
    per process (the phone alone's start from its snapshot finds it done)."""
    for name in sorted(flet_names()):
        getattr(ft, name, None)
    load_languages()
