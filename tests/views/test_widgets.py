"""Shared widgets."""

import flet as ft

from views.games.colour_blind.entry import card_chip
from views.shell.fonts import TEXT_FAMILY
from views.shell.widgets import (
    RED_INK,
    choice_chips,
    identified,
    message_line,
    number_chip,
    suited_markdown,
)


def test_an_identified_value_hides_with_its_content() -> None:
    """The web client draws an error box for a Semantics whose content is hidden."""
    assert identified("import-message", message_line(None)).visible is False
    shown = identified("import-message", message_line("That is not a Trickpad game file."))
    assert shown.visible is True
    assert isinstance(shown.content, ft.Text)


def chip_button(chip: ft.MergeSemantics) -> ft.OutlinedButton:
    """The button of a number chip, inside what merges its chosen state into its node."""
    marked = chip.content
    assert isinstance(marked, ft.Semantics) and isinstance(marked.content, ft.OutlinedButton)
    return marked.content


def test_chips_and_row_cards_are_at_least_48_by_48() -> None:
    """The smallest tap target Material and WCAG recommend."""
    controls = [
        chip_button(number_chip(3, "Ben bids 3", selected=False, on_pick=lambda _: None)),
        chip_button(number_chip(3, "Ben bids 3", selected=True, on_pick=lambda _: None)),
        card_chip("10H", "10 of hearts"),
    ]
    for control in controls:
        assert control.width >= 48 and control.height >= 48


def test_a_number_chip_tells_screen_readers_whether_it_is_the_one_chosen() -> None:
    """Its chosen state is merged into the button's own node (the browser test reads it)."""
    for selected in (False, True):
        chip = number_chip(3, "Ben bids 3", selected=selected, on_pick=lambda _: None)
        assert isinstance(chip, ft.MergeSemantics)
        assert chip.content.selected is selected
        label = chip_button(chip).content
        assert isinstance(label, ft.Text) and label.semantics_label == "Ben bids 3"


def test_a_choice_chip_tells_screen_readers_whether_it_is_the_one_chosen() -> None:
    """A first dealer chosen is heard as chosen, as a number chip is (and a test can wait for
    it in the browser's accessibility tree: aria-current)."""
    options = [("0", "Ann", "Ann deals first"), ("1", "Ben", "Ben deals first")]
    row = choice_chips(options, "1", lambda value: None)
    heard = [chip.content for chip in row.controls]
    assert all(isinstance(chip, ft.MergeSemantics) for chip in row.controls)
    assert [node.selected for node in heard] == [False, True]
    assert [node.content.content.semantics_label for node in heard] == [
        "Ann deals first",
        "Ben deals first",
    ]
    assert all(node.content.height >= 48 for node in heard)


def test_a_forbidden_number_chip_is_disabled_in_the_node_it_is_merged_into() -> None:
    """Every part merged into the chip's node is disabled with it (the browser test of the
    hook rule reads the forbidden bid as disabled)."""
    chip = number_chip(0, "Ann bids 0", selected=False, forbidden=True, on_pick=lambda _: None)
    assert chip.content.disabled and chip_button(chip).disabled


def test_a_sheets_hearts_and_diamonds_are_code_spans_drawn_red_in_the_texts_face() -> None:
    """Issue 39 (7): ♥ and ♦ in the rules sheets' tables were black. Markdown has no colour,
    so each run of red signs becomes a code span, and code spans are red text, not code."""
    sheet = "| Ann | K♥, 4♦, 9♠ | **8** |\n\n♦♥ lead; ♠ and ♣ stay black."
    markdown = suited_markdown(sheet)
    assert markdown.value == "| Ann | K`♥`, 4`♦`, 9♠ | **8** |\n\n`♦♥` lead; ♠ and ♣ stay black."
    red = markdown.md_style_sheet.code_text_style
    assert red.color == RED_INK
    assert red.bgcolor == ft.Colors.TRANSPARENT
    assert red.font_family == TEXT_FAMILY  # not the code face
