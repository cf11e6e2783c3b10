"""A game's rules sheet, with a trick helper for the games where tricks need working out.

Route: ``/rules/<game>`` with ``<game>`` the name of a game in views.games.registry.
Its back button returns home; add ``?back=<route>`` (a route of this app, starting with
"/") to return elsewhere instead, e.g. the game screen links to
``/rules/plotters?back=/game/12``. `rules_route` builds such a link.
"""

import re
from urllib.parse import parse_qs, quote, urlparse

import flet as ft

from storage import StorageError
from views.games.game_view import GameView
from views.games.registry import GAME_VIEWS
from views.games.setup_fields import settings_in_words
from views.shell.i18n import t
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import identified, suited_markdown


def rules_route(game: str, back: str | None = None) -> str:
    """The link to `game`'s rules; its back button returns to `back` (default: home)."""
    route = f"/rules/{game}"
    return route if back is None else f"{route}?back={quote(back, safe='/')}"


def back_route(route: str) -> str:
    """Where the back button of the screen at `route` leads: its `back` query, else home.
    Only a path of this app counts, so a link cannot send the player to another site."""
    back = parse_qs(urlparse(route).query).get("back", ["/"])[0]
    return back if back.startswith("/") and not back.startswith("//") else "/"


GAME_ROUTE = re.compile(r"/game/([0-9a-f]+)")


def game_settings(back_to: str, view: GameView) -> list[ft.Control]:
    """Opened from a game of these rules that this phone may see: that game's settings,
    listed above the sheet (whose own list gives each setting's default)."""
    opened_from = GAME_ROUTE.fullmatch(back_to)
    services = use_services()
    if opened_from is None or not services.access.may_open(opened_from[1]):
        return []
    try:
        state = services.keeper.open(opened_from[1]).ledger.state
    except StorageError:
        return []  # the game screen says what is wrong with it; the rules still show
    if state.game != view.game:
        return []
    lines = settings_in_words(view.setting_fields, state.settings)
    return [
        ft.Text(t("rules.this_game"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        identified("this-game-settings", ft.Text("\n".join(lines))),
        ft.Divider(),
    ]


@ft.component
def RulesScreen() -> ft.View:
    game = ft.use_route_params().get("game", "")
    route = f"/rules/{game}"
    back_to = back_route(ft.context.page.route or "")
    view = GAME_VIEWS.get(game)
    sheet = ft.use_memo(lambda: view.rules_sheet() if view else "", [game])
    if view is None:
        return screen(route, t("app.name"), [ft.Text(t("game.unknown", game=game))], back_to)
    # The trick helper comes first: "who takes this trick?" is asked mid-play, while the
    # sheet is read at leisure.
    helper = view.trick_helper()
    controls = game_settings(back_to, view)
    if helper is not None:
        controls += [helper, ft.Divider()]
    controls.append(
        suited_markdown(sheet, selectable=True, extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)
    )
    return screen(route, t("rules.title", game=t(view.title_key)), controls, back_to)
