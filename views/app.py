"""The root of the UI: theme, routes, and the function Flet calls for every new session."""

from collections.abc import Callable

import flet as ft

from sharing import Shares
from storage.keeper import GameKeeper
from views.access import Access, is_loopback
from views.game_screen import GameScreen
from views.home import Home
from views.i18n import t
from views.join import JoinScreen, host_only
from views.layout import ScreenSizeContext, use_page_size
from views.new_game import NewGame
from views.players import PlayersScreen
from views.rules import RulesScreen
from views.services import (
    FilePickerFiles,
    Files,
    Preferences,
    ScreenAwake,
    Services,
    ServicesContext,
    WakelockScreen,
)
from views.theme import ThemeChoice, ThemeContext, dark_theme, light_theme, next_theme_mode

ROUTES = [
    ft.Route(index=True, component=host_only(Home)),
    ft.Route(path="new/:game", component=host_only(NewGame)),
    ft.Route(path="game/:game_id", component=GameScreen),
    ft.Route(path="rules/:game", component=RulesScreen),
    ft.Route(path="players", component=host_only(PlayersScreen)),
    ft.Route(path="history/:player", component=host_only(Home)),
    ft.Route(path="join", component=JoinScreen),
    ft.Route(path="join/:code", component=JoinScreen),
]


@ft.component
def App(services: Services) -> list[ft.View]:
    """The whole app: services, the theme and the window's size for every screen, and the
    routes' screens."""
    page = ft.context.page
    mode, set_mode = ft.use_state(ft.ThemeMode.SYSTEM)
    size = use_page_size()

    def apply_theme_mode() -> None:
        page.theme_mode = mode

    ft.on_updated(apply_theme_mode, [mode])
    choice = ft.use_memo(lambda: ThemeChoice(mode, lambda: set_mode(next_theme_mode(mode))), [mode])
    return ServicesContext(
        services,
        lambda: ThemeContext(
            choice,
            lambda: ScreenSizeContext(size, lambda: ft.Router(ROUTES, manage_views=True)),
        ),
    )


def build_main(
    keeper: GameKeeper,
    startup_notice: str | None = None,
    screen_awake: Callable[[], ScreenAwake] = WakelockScreen,
    files: Callable[[], Files] = FilePickerFiles,
    shares: Shares | None = None,
    share_url: str | None = None,
) -> Callable[[ft.Page], None]:
    """The per-session entry Flet calls: set up the page, then render the app.

    `screen_awake` and `files` make each session's own client services (tests pass fakes).
    `shares` are the server's shared tables, `share_url` the https address phones join at
    (None: this server shares no table). A session from this computer is the host."""
    shares = shares if shares is not None else Shares()

    def main(page: ft.Page) -> None:
        """Sets up one browser session's page and renders the app in it."""
        page.title = t("app.name")
        page.theme = light_theme()
        page.dark_theme = dark_theme()
        page.theme_mode = ft.ThemeMode.SYSTEM
        access = Access(shares, host=is_loopback(page.client_ip))
        services = Services(
            keeper,
            screen_awake(),
            files(),
            Preferences(),
            access,
            startup_notice=startup_notice,
            share_url=share_url,
        )
        page.on_connect = services.reconnects
        page.render_views(App, services)

    return main
