"""The finished games on Home, a page at a time, filtered by game and by player."""

from collections.abc import Callable

import flet as ft

from storage import GameSummary
from views.games.registry import GAME_VIEWS
from views.shell.i18n import t
from views.shell.services import use_services
from views.shell.widgets import choice_chips

PAGE = 20
ALL_GAMES = ""


def history_route(player: str | None) -> str:
    """Home showing only `player`'s finished games (a name key), or all of them."""
    return f"/history/{player}" if player else "/"


@ft.component
def FinishedGames(
    version: int,
    player: str | None,
    tile: Callable[[GameSummary], ft.Control],
) -> ft.Control:
    """The history: a title, filter chips, the first page of games (drawn by `tile`) and
    "Show more"; `version` changes after a delete or restore, to read the list again.

    One Column, not a list of controls: Flutter's client draws nothing for a component
    whose body is a list (the view tests, reading the server's tree, saw the games)."""
    keeper = use_services().keeper
    shown, set_shown = ft.use_state(PAGE)
    game, set_game = ft.use_state(ALL_GAMES)
    finished = ft.use_memo(
        lambda: keeper.finished(limit=shown + 1, game=game or None, player=player),
        [version, shown, game, player],
    )
    if not finished and not game and not player:
        return ft.Column(visible=False)
    options = [(ALL_GAMES, t("players.all_games"), t("history.all_games"))]
    options += [(view.game, t(view.title_key), t(view.title_key)) for view in GAME_VIEWS.values()]
    controls: list[ft.Control] = [
        ft.Text(t("home.history"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        choice_chips(options, game, set_game),
    ]
    if player:
        name = next((p.name for p in keeper.players() if p.player == player), player)
        controls.append(
            ft.OutlinedButton(
                t("history.only_player", name=name),
                icon=ft.Icons.CLOSE,
                on_click=lambda _: ft.context.page.navigate(history_route(None)),
            )
        )
    if not finished:
        controls.append(ft.Text(t("history.none_match")))
    controls += [tile(summary) for summary in finished[:shown]]
    if len(finished) > shown:
        controls.append(ft.TextButton(t("home.more"), on_click=lambda _: set_shown(shown + PAGE)))
    return ft.Column(controls=controls)
