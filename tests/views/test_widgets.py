"""Shared widgets."""

import flet as ft

from views.games.colour_blind.entry import card_chip
from views.shell.widgets import identified, message_line, number_chip


def test_an_identified_value_hides_with_its_content() -> None:
    """The web client draws an error box for a Semantics whose content is hidden."""
    assert identified("import-message", message_line(None)).visible is False
    shown = identified("import-message", message_line("That is not a Trickpad game file."))
    assert shown.visible is True
    assert isinstance(shown.content, ft.Text)


def test_chips_and_row_cards_are_at_least_48_by_48() -> None:
    """The smallest tap target Material and WCAG recommend."""
    controls = [
        number_chip(3, "Ben bids 3", selected=False, on_pick=lambda _: None),
        number_chip(3, "Ben bids 3", selected=True, on_pick=lambda _: None),
        card_chip("10H", "10 of hearts"),
    ]
    for control in controls:
        assert control.width >= 48 and control.height >= 48
