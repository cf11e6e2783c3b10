"""A game at the table: banner, the round's entry, the score sheet, undo and redo."""

from collections.abc import Callable

import flet as ft

from scorers.ledger import Action
from storage import GameSummary, StorageError
from storage.keeper import GameDamaged, GameKeeper
from views.banner import Banner
from views.charts import running_totals_chart
from views.damaged import DamagedGameScreen
from views.game_options import GameOptions
from views.game_view import GameView
from views.games import GAMES
from views.i18n import t
from views.join import JoinScreen
from views.live import announce, game_topic, use_live
from views.rules import rules_route
from views.screen import screen
from views.services import use_services
from views.sheet import ScoreSheet
from views.standings import FinalStandings
from views.table import Table, message_of
from views.widgets import identified, message_line


def describe(action: Action | None) -> str:
    """What undo or redo would take back or bring back, in a few words."""
    if action is None:
        return ""
    if action.kind == "rename":
        return t("undo.rename")
    if action.kind == "score":
        return t("undo.score", number=action.data["round"])
    return t("undo.entry", number=action.data["round"])


def history_button(
    icon: ft.IconData,
    target: Action | None,
    key: str,
    nothing_key: str,
    on_click: Callable[[], bool],
) -> ft.IconButton:
    """Undo or redo, its tooltip saying what it would take back or bring back."""
    return ft.IconButton(
        icon=icon,
        tooltip=t(key, what=describe(target)) if target is not None else t(nothing_key),
        disabled=target is None,
        on_click=lambda _: on_click(),
    )


def history_buttons(table: Table) -> list[ft.Control]:
    """Undo and redo for the app bar."""
    ledger = table.game.ledger
    return [
        history_button(
            ft.Icons.UNDO, ledger.undo_target(), "undo.undo", "undo.nothing", table.undo
        ),
        history_button(
            ft.Icons.REDO, ledger.redo_target(), "undo.redo", "undo.nothing_to_redo", table.redo
        ),
    ]


def submit_bar(table: Table) -> ft.Control:
    """Score the round (or save a correction), enabled only when the entry is complete."""
    problem = table.problem()
    if table.editing is not None:
        buttons: list[ft.Control] = [
            ft.FilledButton(
                t("entry.save_correction"),
                disabled=problem is not None,
                on_click=lambda _: table.submit(),
            ),
            ft.OutlinedButton(t("entry.cancel"), on_click=lambda _: table.cancel_edit()),
        ]
    else:
        buttons = [
            ft.FilledButton(
                t("entry.score_round"),
                disabled=problem is not None,
                on_click=lambda _: table.submit(),
            )
        ]
    hint = message_of(problem) if problem is not None else t("entry.ready")
    return ft.Column(
        controls=[identified("entry-hint", ft.Text(hint, italic=True)), ft.Row(buttons, wrap=True)]
    )


def last_round(table: Table) -> ft.Control | None:
    """Each player's points from the round just scored and their new totals."""
    state = table.state
    if not state.rounds or table.editing is not None:
        return None
    scored = state.rounds[-1]
    totals = state.running_totals()[-1]
    lines = [
        t("result.line", name=name, points=f"{points:+d}", total=total)
        for name, points, total in zip(state.players, scored.scores, totals, strict=True)
    ]
    return ft.Container(
        padding=8,
        content=ft.Column(
            spacing=2,
            controls=[
                ft.Text(t("result.title", number=scored.number), weight=ft.FontWeight.BOLD),
                *[ft.Text(line) for line in lines],
            ],
        ),
    )


def game_body(table: Table, view: GameView) -> list[ft.Control]:
    """The game screen's content: banner, then the round's entry (or the final standings and a
    rematch), each with the last refusal, then the sheet and the options."""
    state = table.state

    def rematch() -> None:
        try:
            again = table.keeper.rematch(table.game)
        except StorageError as error:
            table.message = message_of(error)
            return
        announce(again.id)
        ft.context.page.navigate(f"/game/{again.id}")

    services = use_services()
    controls: list[ft.Control] = [Banner(table, view)]
    if state.is_over and table.editing is None:
        again = rematch if services.access.host else None
        controls += [FinalStandings(table, again), message_line(table.message)]
    elif not table.may_enter():
        controls.append(identified("following", ft.Text(t("share.following"), italic=True)))
    else:
        controls += [view.entry_panel(table), message_line(table.message), submit_bar(table)]
        result = last_round(table)
        if result is not None:
            controls.append(result)
    controls.append(ScoreSheet(table, view))
    if state.rounds:
        controls.append(running_totals_chart(state))
    controls.append(GameOptions(table, services.preferences))
    return controls


def reread(table: Table | GameSummary | None) -> None:
    """Show the game as saved now, when the screen holds a game."""
    if isinstance(table, Table):
        table.reread()


def open_table(
    keeper: GameKeeper, game_id: str, may_enter: Callable[[], bool]
) -> Table | GameSummary | None:
    """The game's table; for a damaged game its summary; None when there is no such game
    (or the file cannot be read now: the screen says the game cannot be shown)."""
    try:
        return Table(keeper, keeper.open(game_id), may_enter=may_enter)
    except GameDamaged as damaged:
        return damaged.summary
    except StorageError:
        return None


@ft.component
def GameScreen() -> ft.View:
    """The screen at /game/<id>, keyed by the id (see OpenGame)."""
    game_id = ft.use_route_params().get("game_id", "")
    # Keyed by the game: going from one game straight to another (a rematch) mounts a fresh
    # screen, so nothing of the old game's state is shown at the new game's address.
    return OpenGame(game_id, key=game_id)


@ft.component
def OpenGame(game_id: str) -> ft.View:
    """One game at the table, a damaged game's screen, or a line saying it was not found."""
    services = use_services()
    may_enter = lambda: services.access.may_enter(game_id)  # noqa: E731 (asked at each tap)
    table, _ = ft.use_state(lambda: open_table(services.keeper, game_id, may_enter))
    # Bumped when the share changed what this phone may do, to draw the screen again.
    _, set_heard = ft.use_state(0)
    access = (services.access.may_open(game_id), may_enter())
    drawn_for = ft.use_ref(access)
    drawn_for.current = access
    route = f"/game/{game_id}"

    def heard() -> None:
        # What shows the saved game is drawn again by itself (the table is observable);
        # the whole screen only when the access changed, which a follower's tap does not.
        reread(table)
        if (services.access.may_open(game_id), may_enter()) != drawn_for.current:
            set_heard(lambda count: count + 1)

    use_live(game_topic(game_id), heard, services.reconnects)
    if not services.access.may_open(game_id):  # the host stopped sharing this table
        return JoinScreen()
    if table is None:
        return screen(route, t("app.name"), [ft.Text(t("game.not_found"))], back_to="/")
    if isinstance(table, GameSummary):
        return DamagedGameScreen(table)
    view = GAMES[table.state.game]
    return screen(
        route,
        t(view.title_key),
        game_body(table, view),
        back_to="/",
        actions=[
            *(history_buttons(table) if table.may_enter() else []),
            ft.IconButton(
                icon=ft.Icons.MENU_BOOK,
                tooltip=t("rules.open"),
                on_click=lambda _: ft.context.page.navigate(rules_route(view.game, back=route)),
            ),
        ],
    )
