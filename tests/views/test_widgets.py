"""Shared widgets."""

import flet as ft

from views.widgets import identified, message_line


def test_an_identified_value_hides_with_its_content() -> None:
    """The web client draws an error box for a Semantics whose content is hidden."""
    assert identified("import-message", message_line(None)).visible is False
    shown = identified("import-message", message_line("That is not a Trickpad game file."))
    assert shown.visible is True
    assert isinstance(shown.content, ft.Text)
