"""The rules sheets: one Markdown text per game and language under assets/rules/<language>/."""

from pathlib import Path

from views.shell.i18n import DEFAULT_LANGUAGE

RULES_DIR = Path(__file__).resolve().parents[2] / "assets" / "rules"


def sheet_path(game: str, language: str = DEFAULT_LANGUAGE, root: Path = RULES_DIR) -> Path:
    """The sheet of `game` in `language`, or the English one when that language has none."""
    path = root / language / f"{game}.md"
    return path if path.is_file() else root / DEFAULT_LANGUAGE / f"{game}.md"


def rules_sheet(game: str, language: str = DEFAULT_LANGUAGE, root: Path = RULES_DIR) -> str:
    """The Markdown text of `game`'s rules sheet (see `sheet_path`)."""
    return sheet_path(game, language, root).read_text(encoding="utf-8")
