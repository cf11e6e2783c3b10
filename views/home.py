"""The home screen: games in progress first, then a new game, then finished games."""

from collections.abc import Callable
from datetime import datetime

import flet as ft

from storage import StorageError
from storage.keeper import SavedGame
from views.game_files import ImportButton
from views.game_view import GameView
from views.games import GAMES
from views.i18n import t
from views.screen import screen
from views.services import use_services
from views.table import message_of

HISTORY_PAGE = 20


def player_count_text(view: GameView) -> str:
    rules = view.rules
    if rules.min_players == rules.max_players:
        return t("home.players_exact", count=rules.min_players)
    return t("home.players_range", low=rules.min_players, high=rules.max_players)


def when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def progress_text(game: SavedGame) -> str:
    state = game.ledger.state
    view = GAMES[game.summary.game]
    return view.round_label(state.current_round, state.round_count, state.settings)


def game_title(game: SavedGame) -> str:
    return t(GAMES[game.summary.game].title_key)


def open_game(game: SavedGame) -> None:
    ft.context.page.navigate(f"/game/{game.id}")


def unfinished_tile(game: SavedGame) -> ft.Control:
    state = game.ledger.state
    return ft.Card(
        content=ft.ListTile(
            title=ft.Text(f"{game_title(game)} · {', '.join(state.players)}"),
            subtitle=ft.Text(
                t(
                    "home.unfinished_line",
                    progress=progress_text(game),
                    when=when(game.summary.updated_at),
                )
            ),
            trailing=ft.Icon(ft.Icons.PLAY_ARROW),
            on_click=lambda _: open_game(game),
        )
    )


def finished_tile(game: SavedGame, on_delete: Callable[[SavedGame], None]) -> ft.Control:
    state = game.ledger.state
    winners = [state.players[s.seat] for s in state.standings() if s.place == 1]
    finished = game.summary.finished_at or game.summary.updated_at
    return ft.ListTile(
        title=ft.Text(f"{game_title(game)} · {', '.join(state.players)}"),
        subtitle=ft.Text(t("home.finished_line", when=when(finished), winner=" & ".join(winners))),
        on_click=lambda _: open_game(game),
        trailing=ft.IconButton(
            icon=ft.Icons.DELETE_OUTLINE,
            tooltip=t("home.delete", game=game_title(game), when=when(finished)),
            on_click=lambda _: on_delete(game),
        ),
    )


def new_game_tile(view: GameView) -> ft.Control:
    return ft.Card(
        content=ft.ListTile(
            title=ft.Text(t(view.title_key), weight=ft.FontWeight.BOLD),
            subtitle=ft.Text(f"{player_count_text(view)} · {t(view.blurb_key)}"),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda _: ft.context.page.navigate(f"/new/{view.game}"),
        )
    )


def delete_dialog(
    game: SavedGame,
    on_confirm: Callable[[ft.Event[ft.TextButton]], None],
    on_cancel: Callable[[], None],
) -> ft.AlertDialog:
    """Asks before a finished game is deleted."""
    players = ", ".join(game.ledger.state.players)
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("home.delete_title")),
        content=ft.Text(t("home.delete_question", game=game_title(game), players=players)),
        actions=[
            ft.TextButton(t("home.delete_cancel"), on_click=lambda _: on_cancel()),
            ft.TextButton(t("home.delete_confirm"), on_click=on_confirm),
        ],
        on_dismiss=lambda _: on_cancel(),
    )


def notice_card(notice: str, on_ok: Callable[[], None]) -> ft.Control:
    """A message for the player (storage moved a damaged file aside, a delete failed)."""
    return ft.Card(
        content=ft.Container(
            padding=12,
            content=ft.Row(
                controls=[
                    ft.Text(notice, expand=True),
                    ft.TextButton(t("home.notice_ok"), on_click=lambda _: on_ok()),
                ]
            ),
        )
    )


@ft.component
def Home() -> ft.View:
    services = use_services()
    keeper = services.keeper
    # Bumped after a delete or restore so the lists are read again.
    version, set_version = ft.use_state(0)
    pending_delete, set_pending_delete = ft.use_state(None)
    notice, set_notice = ft.use_state(services.startup_notice)
    unfinished = ft.use_memo(lambda: keeper.unfinished(), [version])
    shown, set_shown = ft.use_state(HISTORY_PAGE)
    finished = ft.use_memo(lambda: keeper.finished(limit=shown + 1), [version, shown])

    def act(change: Callable[[str], None], game: SavedGame) -> None:
        try:
            change(game.id)
        except StorageError as error:
            set_notice(message_of(error))
            return
        set_version(lambda current: current + 1)

    def confirm_delete(_: ft.Event[ft.TextButton]) -> None:
        game = pending_delete
        set_pending_delete(None)
        act(keeper.delete, game)
        ft.context.page.show_dialog(
            ft.SnackBar(
                ft.Text(t("home.deleted", game=game_title(game))),
                action=t("home.undo_delete"),
                on_action=lambda _: act(keeper.restore, game),
            )
        )

    ft.use_dialog(
        delete_dialog(pending_delete, confirm_delete, lambda: set_pending_delete(None))
        if pending_delete is not None
        else None
    )

    controls: list[ft.Control] = []
    if notice:
        controls.append(notice_card(notice, lambda: set_notice(None)))
    if unfinished:
        controls.append(ft.Text(t("home.in_progress"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
        controls += [unfinished_tile(game) for game in unfinished]
    controls += [
        ft.Text(t("home.pick_game"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        *[new_game_tile(view) for view in GAMES],
        ImportButton(),
    ]
    if finished:
        controls.append(ft.Text(t("home.history"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM))
        controls += [finished_tile(game, set_pending_delete) for game in finished[:shown]]
        if len(finished) > shown:
            controls.append(
                ft.TextButton(t("home.more"), on_click=lambda _: set_shown(shown + HISTORY_PAGE))
            )
    return screen("/", t("app.name"), [ft.Text(t("home.tagline")), *controls])
