"""The home screen: games in progress first, then a new game, then finished games."""

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path

import flet as ft

from storage import GameSummary, StorageError
from storage.keeper import GameKeeper
from storage.listing import Listing
from storage.rescue import packed
from views.games.game_view import GameView
from views.games.registry import GAME_VIEWS
from views.screens.damaged import DamagedGameActions
from views.screens.game_files import ImportButton, LibraryButtons
from views.screens.history import PAGE, FinishedGames, history_route
from views.screens.join_by_invitation import JOIN_TABLE
from views.screens.keeping import StorageFailing
from views.screens.rules import rules_route
from views.shell.device import DeviceStore
from views.shell.hooks import Setter, keyed, use_state_from
from views.shell.i18n import joined, moment, t
from views.shell.live import LISTS, announce, use_live
from views.shell.notices import Notice, acknowledge
from views.shell.screen import screen
from views.shell.services import Files, use_services
from views.shell.widgets import icon_button
from views.shell.work import off_loop


def progress_text(game: GameSummary, listing: Listing) -> str:
    """Where the game is, as its game words it ("Round 4 of 15"), from the saved listing."""
    return GAME_VIEWS[game.game].round_label(listing.round, listing.round_count, listing.settings)


def game_title(game: GameSummary) -> str:
    view = GAME_VIEWS.get(game.game)
    return t(view.title_key) if view is not None else game.game


def players_text(game: GameSummary) -> str:
    return joined(game.listing.players) if game.listing is not None else ""


def open_game(game: GameSummary) -> None:
    ft.context.page.navigate(f"/game/{game.id}")


def delete_button(
    game: GameSummary, at: datetime, on_delete: Callable[[GameSummary], None]
) -> ft.IconButton:
    """Delete (asked first, undoable), named with the game and its date on the button."""
    name = t("home.delete", game=game_title(game), when=moment(at))
    return icon_button(ft.Icons.DELETE_OUTLINE, name, lambda: on_delete(game), tooltip=False)


def with_button_beside(tile: ft.ListTile, button: ft.IconButton) -> ft.Row:
    """A tile (a tap opens its game or form) with a button (delete, rules) beside it, not
    inside: a tile merges what it holds into the one name a screen reader says, which then
    began with the button's ("Delete ..."). So the tile is named by its own texts, the game
    first, and the button by its own name (and no tooltip, whose words a card holding the
    two would put first in the tile's name)."""
    tile.expand = True
    return ft.Row(spacing=0, controls=[tile, button])


def unfinished_tile(
    game: GameSummary, listing: Listing, on_delete: Callable[[GameSummary], None]
) -> ft.Control:
    """A game in progress: a tap opens it; an abandoned one can be deleted (and restored)."""
    tile = ft.ListTile(
        title=ft.Text(f"{game_title(game)} · {players_text(game)}"),
        subtitle=ft.Text(
            t(
                "home.unfinished_line",
                progress=progress_text(game, listing),
                when=moment(game.updated_at),
            )
        ),
        on_click=lambda _: open_game(game),
    )
    return ft.Card(
        content=with_button_beside(tile, delete_button(game, game.updated_at, on_delete))
    )


def finished_tile(
    game: GameSummary, listing: Listing, on_delete: Callable[[GameSummary], None]
) -> ft.Control:
    winners = [listing.players[seat] for seat in listing.winners]
    finished = game.finished_at or game.updated_at
    tile = ft.ListTile(
        title=ft.Text(f"{game_title(game)} · {players_text(game)}"),
        subtitle=ft.Text(t("home.finished_line", when=moment(finished), winner=joined(winners))),
        on_click=lambda _: open_game(game),
    )
    return with_button_beside(tile, delete_button(game, finished, on_delete))


def damaged_tile(game: GameSummary, on_delete: Callable[[GameSummary], None]) -> ft.Control:
    """A game whose record cannot be read: named as far as it can be, with a way out."""
    title = (
        t("damaged.players", game=game_title(game), players=players_text(game))
        if game.listing is not None
        else t("damaged.title", game=game_title(game))
    )
    return ft.Card(
        content=ft.Container(
            padding=12,
            content=ft.Column(
                controls=[
                    ft.Text(title, weight=ft.FontWeight.BOLD),
                    ft.Text(t("damaged.line", when=moment(game.created_at))),
                    DamagedGameActions(game, on_delete),
                ]
            ),
        )
    )


def game_tile(game: GameSummary, on_delete: Callable[[GameSummary], None]) -> ft.Control:
    """The tile of a game in either list, with the game's other versions under it (copies
    of it that went their own way on other phones: storage.versions)."""
    if not game.versions:
        return one_game_tile(game, on_delete)
    versions = [
        ft.Container(
            padding=ft.Padding.only(left=24),
            content=ft.Column(
                spacing=0,
                controls=[
                    ft.Text(t("home.version", number=number), italic=True),
                    one_game_tile(version, on_delete),
                ],
            ),
        )
        for number, version in enumerate(game.versions, start=2)
    ]
    return ft.Column(spacing=4, controls=[one_game_tile(game, on_delete), *versions])


def one_game_tile(game: GameSummary, on_delete: Callable[[GameSummary], None]) -> ft.Control:
    """The tile of one game: damaged, finished or in progress."""
    listing = game.listing
    if game.damaged is not None or listing is None:
        return damaged_tile(game, on_delete)
    if listing.is_over:
        return finished_tile(game, listing, on_delete)
    return unfinished_tile(game, listing, on_delete)


def new_game_tile(view: GameView) -> ft.Control:
    """A game to start (a tap opens its new game form), its rules one tap away beside it."""
    tile = ft.ListTile(
        title=ft.Text(t(view.title_key), weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(f"{view.players_text()} · {t(view.blurb_key)}"),
        trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
        on_click=lambda _: ft.context.page.navigate(f"/new/{view.game}"),
    )
    rules = icon_button(
        ft.Icons.MENU_BOOK,
        t("home.rules", game=t(view.title_key)),
        lambda: ft.context.page.navigate(rules_route(view.game)),
        tooltip=False,
    )
    return ft.Card(content=with_button_beside(tile, rules))


def join_table_button(phone_alone: bool) -> list[ft.Control]:
    """On a phone alone: join a table another phone shares (views.screens.join_by_invitation)."""
    if not phone_alone:
        return []
    return [
        ft.OutlinedButton(
            t("table.join"),
            icon=ft.Icons.GROUP_ADD,
            on_click=lambda _: ft.context.page.navigate(JOIN_TABLE),
        )
    ]


def delete_dialog(
    game: GameSummary,
    on_confirm: Callable[[ft.Event[ft.TextButton]], None],
    on_cancel: Callable[[], None],
) -> ft.AlertDialog:
    """Asks before a game is deleted."""
    question = t("home.delete_question", game=game_title(game), players=players_text(game))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("home.delete_title")),
        content=ft.Text(question),
        actions=[
            ft.TextButton(t("home.delete_cancel"), on_click=lambda _: on_cancel()),
            ft.TextButton(t("home.delete_confirm"), on_click=on_confirm),
        ],
        on_dismiss=lambda _: on_cancel(),
    )


def notice_card(
    notices: Sequence[Notice], device: DeviceStore, files: Files, dismiss: Callable[[], None]
) -> ft.Control:
    """What the player is told (storage moved a damaged file aside, a delete failed), until
    they say OK; what holds at every start is then not told again on this device. Damaged
    files set aside are offered for download, in one file."""
    text = " ".join(notice.text() for notice in notices)

    async def ok(_: ft.Event[ft.TextButton]) -> None:
        dismiss()
        await acknowledge(device, notices)

    buttons: list[ft.Control] = [
        ft.TextButton(
            t("home.download_damaged"),
            icon=ft.Icons.DOWNLOAD,
            on_click=partial(download, files, attachment),
        )
        for attachment in dict.fromkeys(notice.attachment for notice in notices)
        if attachment is not None
    ]
    return ft.Card(
        content=ft.Container(
            padding=12,
            content=ft.Column(
                controls=[
                    ft.Row(
                        controls=[
                            ft.Semantics(
                                identifier="home-notice", content=ft.Text(text), expand=True
                            ),
                            ft.TextButton(t("home.notice_ok"), on_click=ok),
                        ]
                    ),
                    *buttons,
                ]
            ),
        )
    )


async def download(files: Files, damaged: Path, _: ft.Event[ft.TextButton]) -> None:
    """Hand the player the damaged files set aside at `damaged`, packed in one zip file."""
    await files.save(f"{damaged.name}.zip", await off_loop(packed, damaged))


def game_list(
    title_key: str,
    games: list[GameSummary],
    shown: int,
    show: Callable[[int], None],
    on_delete: Callable[[GameSummary], None],
) -> list[ft.Control]:
    """A titled list of the first `shown` games (read one more to know whether there are
    more), with a button showing a page more; nothing at all when there are no games."""
    if not games:
        return []
    controls: list[ft.Control] = [
        ft.Text(t(title_key), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        *[game_tile(game, on_delete) for game in games[:shown]],
    ]
    if len(games) > shown:
        controls.append(ft.TextButton(t("home.more"), on_click=lambda _: show(shown + PAGE)))
    return controls


def use_delete_question(
    keeper: GameKeeper, act: Callable[[Callable[[str], None], GameSummary], None]
) -> Callable[[GameSummary], None]:
    """A hook: how to ask before a game is deleted; once confirmed, the game is deleted
    (through `act`) with an undo a tap away."""
    pending: GameSummary | None
    set_pending: Setter[GameSummary | None]
    pending, set_pending = ft.use_state(None)

    def confirm(game: GameSummary, _: ft.Event[ft.TextButton]) -> None:
        set_pending(None)
        act(keeper.delete, game)
        ft.context.page.show_dialog(
            ft.SnackBar(
                ft.Text(t("home.deleted", game=game_title(game))),
                action=t("home.undo_delete"),
                on_action=lambda _: act(keeper.restore, game),
            )
        )

    ft.use_dialog(
        delete_dialog(pending, partial(confirm, pending), lambda: set_pending(None))
        if pending is not None
        else None
    )
    return set_pending


@ft.component
def Home() -> ft.View:
    services = use_services()
    keeper, tables = services.keeper, services.tables
    # Bumped after a delete or restore so the lists are read again.
    version, set_version = ft.use_state(0)
    notices, set_notices = use_state_from(
        lambda: (*services.startup_notices, *(tables.take_news() if tables else ()))
    )
    playing, set_playing = ft.use_state(PAGE)
    unfinished = ft.use_memo(lambda: keeper.unfinished(limit=playing + 1), [version, playing])
    player = ft.use_route_params().get("player") or None
    use_live(LISTS, lambda: set_version(lambda current: current + 1), services.reconnects)

    def act(change: Callable[[str], None], game: GameSummary) -> None:
        try:
            change(game.id)
        except StorageError as error:
            set_notices((Notice(error.key, error.params),))
            return
        announce(game.id)
        set_version(lambda current: current + 1)

    ask_delete = use_delete_question(keeper, act)
    controls: list[ft.Control] = []
    if notices:
        controls.append(
            notice_card(notices, services.device, services.files, lambda: set_notices(()))
        )
    if services.keeping is not None:
        controls.append(StorageFailing(services.keeping))
    controls += game_list("home.in_progress", unfinished, playing, set_playing, ask_delete)
    controls += [
        ft.Text(t("home.pick_game"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        *[new_game_tile(view) for view in GAME_VIEWS.values()],
        *join_table_button(tables is not None),
        ImportButton(),
        # Keyed: the lists above it appear with a merge's first game, and its line stays.
        keyed(
            "library", LibraryButtons, on_merged=lambda: set_version(lambda current: current + 1)
        ),
        ft.OutlinedButton(
            t("players.open"),
            icon=ft.Icons.LEADERBOARD,
            on_click=lambda _: ft.context.page.navigate("/players"),
        ),
    ]
    history = FinishedGames(version, player, lambda game: game_tile(game, ask_delete))
    return screen(
        history_route(player), t("app.name"), [ft.Text(t("home.tagline")), *controls, history]
    )
