"""Below the score sheet: the choices a table makes now and then (not every round), and the
game's export, there while the game runs and after it is over."""

import contextlib
from collections.abc import Callable, Sequence

import flet as ft

from scorers.ledger import GameState
from storage.keeper import SavedGame
from views.game_screen.link_panel import ShareLink
from views.game_screen.phones_only_panel import PhoneTablePanel
from views.game_screen.rename import RenamePlayers
from views.game_screen.result_picture import ShareResult
from views.game_screen.table_share_panel import SharePanel
from views.screens.game_files import ExportButtons
from views.shell.device import KEEP_AWAKE
from views.shell.i18n import t
from views.shell.messages import Refused
from views.shell.services import Preferences, use_services
from views.shell.widgets import identified, labelled_switch


@ft.component
def GameOptions(
    game_id: str,
    players: tuple[str, ...],
    rename: Callable[[Sequence[str]], Refused | None] | None,
    saved_game: Callable[[], SavedGame],
    preferences: Preferences,
    linkable: GameState | None = None,
) -> ft.Control:
    """Below the sheet: keep the screen awake, share a picture of the result (every phone at
    the table), rename players (`rename` None: this phone
    may not change the game), share the table (a server's share, or a phone alone's with
    other phones, but not a table this phone follows), share the game `linkable` as a link
    (None: the final standings offer it) and export the game (both on the host)."""
    services = use_services()
    host, tables = services.access.host, services.tables
    linked = tables is not None and tables.linked(game_id)
    controls: list[ft.Control] = [
        ft.Divider(),
        ft.Text(t("options.title"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        KeepAwake(preferences, linked),
        ShareResult(saved_game),
    ]
    if rename is not None:
        controls.append(RenamePlayers(players, rename))
    if tables is not None and game_id not in tables.followed:
        controls.append(PhoneTablePanel(game_id, tables, players))
    elif host and tables is None:
        controls.append(SharePanel(game_id, players))
    if host and linkable is not None:
        controls.append(ShareLink(linkable))
    if host:
        controls.append(ExportButtons(saved_game))
    return ft.Column(controls=controls)


@ft.component
def KeepAwake(preferences: Preferences, linked: bool = False) -> ft.Control:
    """The switch keeping the phone's screen on while a game is open (on unless the table
    turns it off), and on whatever it says while a link to another phone is open
    (`linked`: a locked screen is how a phone most often drops off the table); where the
    browser cannot keep it on, a line says so instead of a switch that would claim it
    does."""
    services = use_services()
    screen_awake = services.screen_awake
    secure = services.access.peer.secure
    keep_awake = (preferences.keep_awake or linked) and secure

    # A tab closed while either runs can no longer be asked anything: its screen is gone
    # anyway (Flet answers "Session closed" as a RuntimeError).
    async def apply_keep_awake() -> None:
        with contextlib.suppress(RuntimeError):
            await screen_awake.set_awake(keep_awake)

    async def let_sleep() -> None:
        with contextlib.suppress(RuntimeError):
            await screen_awake.set_awake(False)

    def choose(on: bool) -> None:
        preferences.keep_awake = on
        ft.context.page.run_task(services.device.set, KEEP_AWAKE, on)  # kept for next visits

    ft.use_effect(apply_keep_awake, [keep_awake], cleanup=let_sleep)
    if not secure:
        return identified("keep-awake", ft.Text(t("options.keep_awake_unavailable"), size=13))
    if linked:
        return identified("keep-awake", ft.Text(t("options.keep_awake_linked"), size=13))
    return labelled_switch(t("options.keep_awake"), keep_awake, choose)
