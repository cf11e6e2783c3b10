"""Below the score sheet: the choices a table makes now and then (not every round), and the
game's export, there while the game runs and after it is over."""

import flet as ft

from views.game_files import ExportButtons
from views.i18n import t
from views.rename import RenamePlayers
from views.services import Preferences, use_services
from views.table import Table


@ft.component
def GameOptions(table: Table, preferences: Preferences) -> ft.Control:
    """Below the sheet: keep the screen awake, rename players, export the game."""
    screen_awake = use_services().screen_awake
    keep_awake = preferences.keep_awake

    # While a game is open the phone's screen stays on, unless the table turned that off.
    async def apply_keep_awake() -> None:
        await screen_awake.set_awake(keep_awake)

    async def let_sleep() -> None:
        await screen_awake.set_awake(False)

    ft.use_effect(apply_keep_awake, [keep_awake], cleanup=let_sleep)
    return ft.Column(
        controls=[
            ft.Divider(),
            ft.Text(t("options.title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            ft.Switch(
                label=t("options.keep_awake"),
                value=keep_awake,
                on_change=lambda e: setattr(preferences, "keep_awake", e.control.value),
            ),
            RenamePlayers(table),
            ExportButtons(table),
        ]
    )
