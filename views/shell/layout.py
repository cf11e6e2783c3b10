"""The size of the browser window, for screens that lay out differently on a wide screen
or a phone held sideways."""

from dataclasses import dataclass

import flet as ft

from views.shell.hooks import use_state_from

WIDE = 900
"""From this width (logical pixels) the game's entry and its sheet stand side by side."""
WIDE_ENTRY = 560
"""The entry's width beside the sheet on a wide screen."""
SHORT = 500
"""Below this height a screen wider than tall is a phone held sideways: a compact banner."""


@dataclass(frozen=True)
class ScreenSize:
    """The page's size in logical pixels; 0 while the client has not said."""

    width: float = 0
    height: float = 0

    @property
    def wide(self) -> bool:
        return self.width >= WIDE

    @property
    def landscape_phone(self) -> bool:
        return 0 < self.height < SHORT and self.width > self.height


ScreenSizeContext = ft.create_context(ScreenSize())


def use_page_size() -> ScreenSize:
    """The page's size, kept up to date: for the root component, which provides it to the
    screens through ScreenSizeContext."""
    page = ft.context.page
    size, set_size = use_state_from(lambda: ScreenSize(page.width or 0, page.height or 0))

    def listen() -> None:
        page.on_resize = lambda event: set_size(ScreenSize(event.width, event.height))

    ft.use_effect(listen, [])
    return size


def use_screen_size() -> ScreenSize:
    """The page's size as the root component last heard it."""
    return ft.use_context(ScreenSizeContext)
