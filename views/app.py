"""The root of the UI: theme, routes, and the function Flet calls for every new session."""

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import cast

import flet as ft
from flet.messaging.connection import Connection

from sharing.phones_only.links import PhoneLinks
from sharing.rights import PhoneState
from sharing.table_share.access import Access
from sharing.table_share.codes import Shares
from sharing.table_share.connections import CURRENT_PEER, Peer
from storage.keeper import GameKeeper
from views.game_screen.invite_screen import InviteScreen
from views.game_screen.linked_game import LinkScreen
from views.game_screen.screen import GameScreen
from views.screens.home import Home
from views.screens.join_by_code import JoinScreen, host_only
from views.screens.join_by_invitation import JoinTableScreen
from views.screens.new_game import NewGame
from views.screens.players import PlayersScreen
from views.screens.rules import RulesScreen
from views.shell.device import (
    LANGUAGE,
    THEME,
    BrowserDevice,
    DeviceChoices,
    DeviceStore,
    load_choices,
)
from views.shell.hooks import keyed
from views.shell.i18n import LANGUAGES, set_session_language, t
from views.shell.keeping import BrowserKeeping
from views.shell.language import LanguageChoice, LanguageContext
from views.shell.layout import ScreenSizeContext, use_page_size
from views.shell.live import Reconnects, announce
from views.shell.notices import Notice, untold
from views.shell.phone_tables import PhoneTables
from views.shell.preload import preload
from views.shell.services import (
    FileLimits,
    FilePickerFiles,
    Files,
    HapticNudger,
    Nudger,
    Preferences,
    ScreenAwake,
    Services,
    ServicesContext,
    WakelockScreen,
)
from views.shell.site import LINK_ROUTE, site_address
from views.shell.theme import ThemeChoice, ThemeContext, dark_theme, light_theme, next_theme_mode
from views.shell.typed_ahead import hold_properties_for_their_events

ROUTES = [
    ft.Route(index=True, component=host_only(Home)),
    ft.Route(path="new/:game", component=host_only(NewGame)),
    ft.Route(path="game/:game_id", component=GameScreen),
    ft.Route(path="game/:game_id/invite", component=host_only(InviteScreen)),
    ft.Route(path="rules/:game", component=RulesScreen),
    ft.Route(path="players", component=host_only(PlayersScreen)),
    ft.Route(path="history/:player", component=host_only(Home)),
    ft.Route(path=f"{LINK_ROUTE}/:text", component=host_only(LinkScreen)),
    ft.Route(path="join", component=JoinScreen),
    ft.Route(path="join/:code", component=JoinScreen),
    ft.Route(path="table", component=host_only(JoinTableScreen)),
    ft.Route(path="table/again", component=host_only(JoinTableScreen)),
]


@ft.component
def App(services: Services, choices: DeviceChoices) -> list[ft.View]:
    """The whole app: services, theme, language and the window's size for every screen, and
    the routes' screens.

    The routes are keyed by the language: choosing another one draws every screen anew in it
    (a screen kept by ft.memo would otherwise keep its old words)."""
    page = ft.context.page
    mode, set_mode = ft.use_state(choices.theme_mode)
    language, set_language = ft.use_state(choices.language)
    size = use_page_size()

    def apply_theme_mode() -> None:
        page.theme_mode = mode

    ft.on_updated(apply_theme_mode, [mode])

    def switch_theme() -> None:
        chosen = next_theme_mode(mode)
        set_mode(chosen)
        page.run_task(services.device.set, THEME, chosen.value)  # kept for next visits

    async def choose_language(chosen: str) -> None:
        speak(page, chosen, choices.browser_languages)
        set_language(chosen)
        await services.device.set(LANGUAGE, chosen)

    theme = ft.use_memo(lambda: ThemeChoice(mode, switch_theme), [mode])
    speech = ft.use_memo(lambda: LanguageChoice(language, choose_language), [language])
    return ServicesContext(
        services,
        lambda: ThemeContext(
            theme,
            lambda: LanguageContext(
                speech,
                lambda: ScreenSizeContext(size, lambda: routed_screens(language)),
            ),
        ),
    )


def routed_screens(language: str) -> list[ft.View]:
    """The routes' screens, keyed by the language (see App). With `manage_views` Flet's
    Router gives the screens' Views, though its type says one Control."""
    return cast(list[ft.View], keyed(language, ft.Router, ROUTES, manage_views=True))


def speak(page: ft.Page, language: str, browser: Sequence[str] = ()) -> None:
    """Make ``language`` the session's: its texts, its dates as the `browser`'s languages
    say its region writes them ("en-GB"), its title and Flutter's own words (the text
    fields' menus, the date picker)."""
    set_session_language(page, language, browser)
    page.title = t("app.name")
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in LANGUAGES],
        current_locale=ft.Locale(language),
    )


def dress(page: ft.Page, choices: DeviceChoices) -> None:
    """The page in this device's theme and language."""
    page.theme = light_theme()
    page.dark_theme = dark_theme()
    # No fade from Flutter's default theme into ours: while it lasts, text is laid out in
    # the default theme's families, which lack our faces (views.shell.fonts).
    page.theme_animation_style = ft.AnimationStyle.no_animation()
    speak(page, choices.language, choices.browser_languages)
    page.theme_mode = choices.theme_mode


def follow_the_link(page: ft.Page, access: Access, reconnects: Reconnects) -> None:
    """Flet's word on this session's connection: when it comes back, the screens re-read
    what they show (views.shell.live.Reconnects); for a phone at a shared table, the
    host's list of phones says when its connection comes back, is lost, or its session
    closes."""

    def changed(state: PhoneState) -> None:
        access.link_changed(state)
        if access.joined is not None:
            announce(access.joined.game_id, page)

    def connected(event: ft.Event[ft.Page]) -> None:
        reconnects(event)
        changed(PhoneState.LINKED)

    page.on_connect = connected
    page.on_disconnect = lambda _: changed(PhoneState.INTERRUPTED)
    page.on_close = lambda _: changed(PhoneState.GONE)


def page_address(page: ft.Page) -> str:
    """The address the page was opened at, or "" for a page whose socket is gone already
    (Flet's `page.url` raises then: the session has no connection until the page
    reconnects, and a session may start after its socket dropped)."""
    connection: Connection | None = page.session.connection
    return (connection.page_url if connection is not None else None) or ""


def build_main(
    keeper: GameKeeper,
    startup_notices: Sequence[Notice] = (),
    screen_awake: Callable[[], ScreenAwake] = WakelockScreen,
    files: Callable[[], Files] = FilePickerFiles,
    shares: Shares | None = None,
    share_url: str | None = None,
    device: Callable[[], DeviceStore] = BrowserDevice,
    peer: Callable[[], Peer] = CURRENT_PEER.get,
    links: Callable[[], PhoneLinks] | None = None,
    file_limits: FileLimits | None = None,
    keeping: BrowserKeeping | None = None,
    nudger: Callable[[], Nudger] = HapticNudger,
) -> Callable[[ft.Page], Awaitable[None]]:
    """The per-session entry Flet calls: set up the page, then render the app.

    `screen_awake`, `files`, `device`, `nudger` make each session's client services (tests
    pass fakes but for the device). `shares` are the server's shared tables, `share_url` the
    https address phones join at (None: none). A session's rights are those of its
    connection's `peer` (on a server connections.CURRENT_PEER, noted by its door), never of
    what its page says; the phone-alone app, the phone's own session, passes THIS_DEVICE,
    its `links` to other phones (views.shell.phone_tables), the smaller `file_limits` its
    browser reads in good time, and whether the browser's storage keeps its games."""
    shares = shares if shares is not None else Shares()
    preload()
    hold_properties_for_their_events()

    async def main(page: ft.Page) -> None:
        """Sets up one browser session's page in this device's choices and renders the app."""
        # Read before the first wait: the connection's peer, noted by the server's door.
        access = Access(shares, peer())
        site = site_address(page_address(page), page.route)
        # The device's choices are asked before anything else is sent: the phone answers at
        # once, rather than after setting up a theme; with them, in the same round trip (a
        # slow phone's main thread takes a tenth of a second or more for each), which
        # notices its player has said OK to for good.
        store = device()
        choices, notices = await asyncio.gather(load_choices(store), untold(store, startup_notices))
        dress(page, choices)
        services = Services(
            keeper,
            screen_awake(),
            files(),
            Preferences(keep_awake=choices.keep_awake),
            access,
            store,
            site,
            startup_notices=notices,
            share_url=share_url,
            tables=PhoneTables(links(), keeper) if links is not None else None,
            file_limits=file_limits or FileLimits(),
            keeping=keeping,
            nudger=nudger(),
        )
        follow_the_link(page, access, services.reconnects)
        page.render_views(App, services, choices)

    return main
