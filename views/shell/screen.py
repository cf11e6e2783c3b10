"""The frame every screen shares: a View with the app bar, back button, language menu and
theme switch."""

from collections.abc import Sequence
from typing import TypedDict

import flet as ft

from views.shell.i18n import t
from views.shell.language import LanguageMenu
from views.shell.theme import ThemeSwitch
from views.shell.widgets import icon_button


def back_button(to_route: str) -> ft.IconButton:
    return icon_button(
        ft.Icons.ARROW_BACK, t("nav.back"), lambda: ft.context.page.navigate(to_route)
    )


TITLE_SIZE = 17
"""Smaller than Material's app bar title: two lines fit the bar's height, and "Neues Spiel:
Mit List und Tücke" beside a back button and three actions keeps its words whole on a
360 px phone (tests/e2e/test_rules.py)."""


class AppBarSpacing(TypedDict, total=False):
    leading_width: int
    title_spacing: int


BESIDE_BACK: AppBarSpacing = {"leading_width": 48, "title_spacing": 4}
"""Beside a back button the title starts right after the button's 48 px (Material keeps
56 px for it and 16 more before the title)."""


class ViewFrame(TypedDict, total=False):
    padding: int
    spacing: int


def title_text(title: str) -> ft.Text:
    """The app bar's title, on up to two lines: a long one ("New game of Plotters" beside
    the bar's buttons on a phone) wraps, not cut."""
    return ft.Text(
        title,
        max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS,
        style=ft.TextStyle(size=TITLE_SIZE, height=1.2),
    )


def screen(
    route: str,
    title: str,
    controls: Sequence[ft.Control],
    back_to: str | None = None,
    actions: list[ft.Control] | None = None,
    scroll: bool = True,
    bottom: ft.BottomAppBar | None = None,
) -> ft.View:
    """A screen that scrolls as a whole (`scroll`), or one whose controls keep parts in
    place and scroll within themselves; `back_to` is the route its back button returns to,
    `actions` go in the app bar before the language menu and the theme switch, `bottom`
    stays at the bottom (a confirm button always in reach of the thumb)."""
    # A screen with fixed parts fills the window edge to edge; its parts pad themselves.
    frame: ViewFrame = {} if scroll else {"padding": 0, "spacing": 0}
    beside_back: AppBarSpacing = BESIDE_BACK if back_to is not None else {}
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            leading=back_button(back_to) if back_to is not None else None,
            **beside_back,
            automatically_imply_leading=False,
            title=title_text(title),
            actions=[*(actions or []), LanguageMenu(), ThemeSwitch()],
        ),
        bottom_appbar=bottom,
        scroll=ft.ScrollMode.AUTO if scroll else None,
        controls=[*controls],
        **frame,
    )
