"""The frame every screen shares: a View with the app bar, back button and theme switch."""

import flet as ft

from views.i18n import t
from views.theme import ThemeSwitch
from views.widgets import icon_button


def back_button(to_route: str) -> ft.IconButton:
    return icon_button(
        ft.Icons.ARROW_BACK, t("nav.back"), lambda: ft.context.page.navigate(to_route)
    )


def screen(
    route: str,
    title: str,
    controls: list[ft.Control],
    back_to: str | None = None,
    actions: list[ft.Control] | None = None,
    bottom: ft.BottomAppBar | None = None,
) -> ft.View:
    """A scrollable screen; `back_to` is the route its back button returns to, `actions`
    go in the app bar before the theme switch, `bottom` stays at the bottom (a confirm
    button always in reach of the thumb)."""
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            leading=back_button(back_to) if back_to is not None else None,
            automatically_imply_leading=False,
            title=ft.Text(title),
            actions=[*(actions or []), ThemeSwitch()],
        ),
        bottom_appbar=bottom,
        scroll=ft.ScrollMode.AUTO,
        controls=controls,
    )
