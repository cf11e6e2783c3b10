"""The light and dark themes (text in Roboto, falling back to the shipped fonts) and the
theme switch in every screen's app bar."""

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from views.shell.fonts import text_theme
from views.shell.i18n import t
from views.shell.widgets import icon_button

SEED_COLOUR = ft.Colors.GREEN_800

# The switch cycles through the modes in this order; SYSTEM (follow the phone) comes first.
THEME_CYCLE = (ft.ThemeMode.SYSTEM, ft.ThemeMode.LIGHT, ft.ThemeMode.DARK)
THEME_ICONS = {
    ft.ThemeMode.SYSTEM: ft.Icons.BRIGHTNESS_AUTO,
    ft.ThemeMode.LIGHT: ft.Icons.LIGHT_MODE,
    ft.ThemeMode.DARK: ft.Icons.DARK_MODE,
}
THEME_TOOLTIPS = {
    ft.ThemeMode.SYSTEM: "theme.system",
    ft.ThemeMode.LIGHT: "theme.light",
    ft.ThemeMode.DARK: "theme.dark",
}


def thumb_sized_theme() -> ft.Theme:
    """Material's phone sizes in every browser (a desktop browser would get the compact
    ones: 32 px text buttons, 40 px icon buttons), and every button at least 48 px tall."""
    tall = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14))
    return ft.Theme(
        color_scheme_seed=SEED_COLOUR,
        text_theme=text_theme(),
        visual_density=ft.VisualDensity.STANDARD,
        text_button_theme=ft.TextButtonTheme(style=tall),
        outlined_button_theme=ft.OutlinedButtonTheme(style=tall),
        filled_button_theme=ft.FilledButtonTheme(style=tall),
        button_theme=ft.ButtonTheme(style=tall),
        icon_button_theme=ft.IconButtonTheme(style=ft.ButtonStyle(padding=12)),
    )


def light_theme() -> ft.Theme:
    return thumb_sized_theme()


def dark_theme() -> ft.Theme:
    return thumb_sized_theme()


def next_theme_mode(mode: ft.ThemeMode) -> ft.ThemeMode:
    return THEME_CYCLE[(THEME_CYCLE.index(mode) + 1) % len(THEME_CYCLE)]


@dataclass(frozen=True)
class ThemeChoice:
    """What the theme switch shows and does; provided to every screen by the root."""

    mode: ft.ThemeMode
    switch: Callable[[], None]


ThemeContext = ft.create_context(ThemeChoice(ft.ThemeMode.SYSTEM, lambda: None))


@ft.component
def ThemeSwitch() -> ft.Control:
    choice = ft.use_context(ThemeContext)
    return icon_button(THEME_ICONS[choice.mode], t(THEME_TOOLTIPS[choice.mode]), choice.switch)
