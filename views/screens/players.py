"""Players: everyone who has finished a game here, each one's record per game, head to head,
and a way to count two spellings as one person. Read from stored results: no game is
replayed to open this screen."""

from collections.abc import Callable, Mapping
from functools import partial

import flet as ft

from scorers.stats import HeadToHead, Record, ratio
from storage import StorageError
from storage.keeper import GameKeeper
from storage.people import Merged, PlayerSummary
from views.games.registry import GAME_VIEWS
from views.screens.history import history_route
from views.shell.hooks import Setter
from views.shell.i18n import decimal, percent, t
from views.shell.live import announce_lists
from views.shell.messages import message_of
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import choice_chips, identified, message_line, points_text

ALL_GAMES = ""


def player_line(player: PlayerSummary) -> str:
    return t(
        "players.line",
        games=player.games,
        wins=player.wins,
        rate=percent(ratio(player.wins, player.games)),
    )


def some_points(points: int | None) -> str:
    """A score as shown, or a dash when there is none (a record of no games)."""
    return t("number.none") if points is None else points_text(points)


def record_lines(record: Record) -> list[str]:
    """A record in a few lines: games and wins, scores, streaks."""
    return [
        t(
            "players.games_wins",
            games=record.games,
            wins=record.wins,
            rate=percent(record.win_rate),
        ),
        t(
            "players.scores",
            average=decimal(record.average_score),
            best=some_points(record.best),
            worst=some_points(record.worst),
        ),
        t("players.streak", current=record.current_streak, longest=record.longest_streak),
    ]


def game_filter(chosen: str, on_pick: Callable[[str], None]) -> ft.Control:
    options = [(ALL_GAMES, t("players.all_games"), t("players.all_games"))]
    options += [(view.game, t(view.title_key), t(view.title_key)) for view in GAME_VIEWS.values()]
    return choice_chips(options, chosen, on_pick)


def record_section(records: Mapping[str, Record]) -> list[ft.Control]:
    """Each game's record under the game's name."""
    controls: list[ft.Control] = []
    for game, record in records.items():
        view = GAME_VIEWS.get(game)
        title = t(view.title_key) if view is not None else game
        controls.append(ft.Text(title, theme_style=ft.TextThemeStyle.TITLE_SMALL))
        lines = record_lines(record) + (view.record_lines(record) if view is not None else [])
        controls += [
            identified(f"record-{game}-{n}", ft.Text(line)) for n, line in enumerate(lines)
        ]
    return controls


def head_to_head_line(first: str, second: str, both: HeadToHead) -> ft.Control:
    text = t(
        "players.head_to_head",
        games=both.games,
        first=first,
        first_ahead=both.first_ahead,
        second=second,
        second_ahead=both.second_ahead,
        level=both.level,
    )
    return identified("head-to-head", ft.Text(text))


def merge_dialog(
    first: str, second: str, on_confirm: Callable[[], None], on_cancel: Callable[[], None]
) -> ft.AlertDialog:
    """Asks before `second`'s games are counted as `first`'s, saying what that does."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(t("players.merge_title")),
        content=ft.Text(t("players.merge_question", first=first, second=second)),
        actions=[
            ft.TextButton(t("players.merge_cancel"), on_click=lambda _: on_cancel()),
            ft.TextButton(t("players.merge_confirm"), on_click=lambda _: on_confirm()),
        ],
        on_dismiss=lambda _: on_cancel(),
    )


def same_person_control(
    first: str, second: str, both: HeadToHead, on_merge: Callable[[], None]
) -> ft.Control:
    """The way to count two names as one person; for two who sat at one game, why not."""
    if both.games:
        return identified(
            "same-person-refused",
            ft.Text(t("players.not_same_person", first=first, second=second), italic=True),
        )
    return ft.OutlinedButton(
        t("players.same_person", first=first, second=second),
        icon=ft.Icons.MERGE,
        on_click=lambda _: on_merge(),
    )


@ft.component
def PlayerCard(
    player: PlayerSummary, others: list[PlayerSummary], on_merged: Callable[[], None]
) -> ft.Control:
    """One person's records per game, head to head with another, and merging names (asked
    first, undoable right after, never for two who sat at one game)."""
    keeper = use_services().keeper
    rival: str | None
    set_rival: Setter[str | None]
    rival, set_rival = ft.use_state(None)
    asking, set_asking = ft.use_state(False)
    failure: str | None
    set_failure: Setter[str | None]
    failure, set_failure = ft.use_state(None)
    names = {other.player: other.name for other in others}

    def pick(key: str) -> None:
        set_failure(None)
        set_rival(key)

    def changed() -> None:
        announce_lists()
        on_merged()

    def merge(other: str) -> None:
        set_asking(False)
        second = names[other]
        try:
            merged = keeper.merge_players(other, into=player.player)
        except StorageError as error:
            set_failure(message_of(error))
            return
        set_rival(None)
        changed()
        ft.context.page.show_dialog(
            ft.SnackBar(
                ft.Text(t("players.merged", first=player.name, second=second)),
                action=t("players.undo_merge"),
                on_action=lambda _: undo_merge(keeper, merged, changed),
            )
        )

    ft.use_dialog(
        merge_dialog(player.name, names[rival], partial(merge, rival), lambda: set_asking(False))
        if asking and rival in names
        else None
    )
    controls = record_section(keeper.records(player.player))
    if names:
        controls += rival_choice(names, rival, pick)
    if rival in names:
        both = keeper.head_to_head(player.player, rival)
        controls += [
            head_to_head_line(player.name, names[rival], both),
            same_person_control(player.name, names[rival], both, lambda: set_asking(True)),
        ]
    controls += [their_games_button(player), message_line(failure)]
    return ft.Card(content=ft.Container(padding=12, content=ft.Column(controls=controls)))


def undo_merge(keeper: GameKeeper, merged: Merged, changed: Callable[[], None]) -> None:
    """Take back a merge of two names; a refusal is said in a snack bar."""
    try:
        keeper.unmerge_players(merged)
    except StorageError as error:
        ft.context.page.show_dialog(ft.SnackBar(ft.Text(message_of(error))))
        return
    changed()


def rival_choice(
    names: dict[str, str], rival: str | None, pick: Callable[[str], None]
) -> list[ft.Control]:
    """Whom to compare the player with: one chip a person."""
    options = [(key, name, t("players.compare_with", name=name)) for key, name in names.items()]
    return [
        ft.Text(t("players.compare"), theme_style=ft.TextThemeStyle.TITLE_SMALL),
        choice_chips(options, rival or "", pick),
    ]


def their_games_button(player: PlayerSummary) -> ft.Control:
    return ft.OutlinedButton(
        t("players.their_games", name=player.name),
        icon=ft.Icons.HISTORY,
        on_click=lambda _: ft.context.page.navigate(history_route(player.player)),
    )


@ft.component
def PlayersScreen() -> ft.View:
    keeper = use_services().keeper
    game, set_game = ft.use_state(ALL_GAMES)
    version, set_version = ft.use_state(0)
    chosen, set_chosen = ft.use_state(None)
    players = ft.use_memo(lambda: keeper.players(game or None), [game, version])
    controls: list[ft.Control] = [game_filter(game, set_game)]
    if not players:
        controls.append(ft.Text(t("players.none")))
    for player in players:
        opened = player.player == chosen
        controls.append(
            ft.ListTile(
                title=ft.Text(player.name, weight=ft.FontWeight.BOLD),
                subtitle=identified(f"player-{player.player}", ft.Text(player_line(player))),
                trailing=ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE),
                on_click=lambda _, key=player.player: set_chosen(None if key == chosen else key),
            )
        )
        if opened:
            others = [other for other in players if other.player != player.player]
            controls.append(PlayerCard(player, others, lambda: set_version(lambda now: now + 1)))
    return screen("/players", t("players.title"), controls, back_to="/")
