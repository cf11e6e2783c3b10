"""Every game has a rules sheet, and each sheet names its Trickpad settings and defaults."""

import re
from pathlib import Path

import pytest

from scorers.games import rules_for
from views.games.game_view import GameView
from views.games.registry import GAME_VIEWS
from views.shell.i18n import LANGUAGES
from views.shell.rules_sheets import rules_sheet

# How the sheets name each setting of the rules engines, and how they word a default.
SETTING_NAMES = {
    "hook": "Hook",
    "canadian": "Canadian rule",
    "tie_break_by_bids": "Tie-break by bids",
    "round_sizes": "Short game",
    "anniversary_cards": "20th-anniversary special cards",
    "shapeshifter": "Shapeshifter",
    "deck": "Cards marked",
    "nothing_face_down": "Nothing face down",
    "target": "Target score",
}
DEFAULT_WORDS = {
    False: "off",
    True: "on",
    None: "off",
    "divide_by_one": "divide by 1",
    "numbers": "1 to 13",
}
SETTING_LINE = re.compile(r"^- \*\*(.+?)\*\* \(default: (.+?)\)", re.MULTILINE)


def default_words(value: object) -> str:
    return (
        str(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else DEFAULT_WORDS[value]
    )


@pytest.mark.parametrize("entry", GAME_VIEWS.values(), ids=lambda entry: entry.game)
def test_each_sheet_names_every_setting_with_its_default(entry: GameView) -> None:
    rules = rules_for(entry.game)
    defaults = rules.resolve_settings({}, rules.min_players)
    sheet = rules_sheet(entry.game)
    assert sheet.startswith("# ")
    listed = dict(SETTING_LINE.findall(sheet.split("## Settings in Trickpad", 1)[1]))
    expected = {SETTING_NAMES[name]: default_words(value) for name, value in defaults.items()}
    assert listed == expected


def test_a_language_without_a_sheet_falls_back_to_english(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "de").mkdir()
    (tmp_path / "en" / "wizard.md").write_text("# Wizard", encoding="utf-8")
    (tmp_path / "en" / "plotters.md").write_text("# Plotters", encoding="utf-8")
    (tmp_path / "de" / "wizard.md").write_text("# Zauberer", encoding="utf-8")
    assert rules_sheet("wizard", "de", tmp_path) == "# Zauberer"
    assert rules_sheet("plotters", "de", tmp_path) == "# Plotters"


TABLE_WIDTH = 330
"""What a 360 px phone's rules screen gives a table, in pixels."""
CELL_PADDING = 16
LETTER_WIDTH = 8.5
"""A bold letter of the table's 14 px text, about (Roboto's widest are wider)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("entry", GAME_VIEWS.values(), ids=lambda entry: entry.game)
def test_no_rules_table_is_too_wide_for_a_phone_to_keep_its_words_whole(
    entry: GameView, language: str
) -> None:
    """A table shares the width out evenly among its columns: a word longer than its share
    is broken ("Car d", "Valu e")."""
    for line in rules_sheet(entry.game, language).splitlines():
        if not line.startswith("|") or set(line) <= set("|-"):
            continue  # not a table's row, or its rule line
        cells = [cell.strip(" *") for cell in line.strip("|").split("|")]
        longest = max(len(word) for cell in cells for word in cell.split())
        assert len(cells) * (CELL_PADDING + LETTER_WIDTH * longest) <= TABLE_WIDTH, cells


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sheet_has_code_of_its_own(language: str) -> None:
    """The sheets draw red suit signs as code spans (views.shell.widgets.suited_markdown):
    a backtick of the sheet's own would turn its text red."""
    for entry in GAME_VIEWS.values():
        assert "`" not in rules_sheet(entry.game, language), entry.game
