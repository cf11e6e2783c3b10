"""A game at the table: the totals strip, banner, the round's entry, the score sheet, the
step bar with the confirm button, undo and redo."""

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import flet as ft

from scorers import InvalidEntry
from scorers.ledger import Action, GameState, change_name
from sharing.phones_only.guest import LinkState
from sharing.rights import MAY_NOT_ENTER
from sharing.table_share.access import CheckedKeeper
from storage import GameSummary, StorageError
from storage.keeper import GameDamaged
from views.game_screen.adjust import AdjustScore
from views.game_screen.banner import banner
from views.game_screen.charts import running_totals_chart
from views.game_screen.game_options import GameOptions
from views.game_screen.open_game import GameSaver, OpenGame
from views.game_screen.phones_only_panel import PhonesAway, no_wake_lock
from views.game_screen.sheet import ScoreSheet
from views.game_screen.standings import FinalStandings
from views.game_screen.totals_strip import TotalsStrip
from views.games.game_view import GameView
from views.games.panel import EntryPanel
from views.games.registry import GAME_VIEWS
from views.games.setup_fields import settings_in_words
from views.screens.damaged import DamagedGameScreen
from views.screens.join_by_code import JoinScreen
from views.screens.join_by_invitation import JOIN_AGAIN
from views.screens.rules import rules_route
from views.shell.hooks import keyed, memo, use_ref_from
from views.shell.i18n import t
from views.shell.layout import WIDE_ENTRY, ScreenSize, use_screen_size
from views.shell.live import announce, game_topic, use_live
from views.shell.messages import message_of, params_in_words
from views.shell.nudge import use_nudge
from views.shell.phone_tables import GuestTable
from views.shell.screen import screen
from views.shell.services import Services, use_services
from views.shell.watch import use_watched
from views.shell.widgets import (
    CHIP_SIZE,
    change_text,
    icon_button,
    identified,
    message_line,
    suited_text,
    use_question,
)


def describe(action: Action, before: GameState) -> str:
    """What undo or redo would take back or bring back, in a few words ("Ben's bid of 2 in
    round 4"); `before` is the state the action was applied to."""
    if action.kind == "rename":
        return t("undo.rename")
    if action.kind in ("adjust", "remove_adjustment"):
        return adjustment_words(action, before)
    number = action.data["round"]
    keys = GAME_VIEWS[before.game].undo_keys
    if action.kind == "score":
        key = keys["correction"] if number < before.current_round else keys["score"]
        return t(key, number=number)
    named = change_name(action, before)
    if named is not None:
        key, params = named
        return t(keys["change"], change=t(key, **params_in_words(key, params)), number=number)
    return t(keys["entry"], number=number)


def adjustment_words(action: Action, before: GameState) -> str:
    """An adjustment made ("Ann's adjustment of -10"), changed, or taken away."""
    number = action.data["number"]
    if action.kind == "remove_adjustment":
        key, adjustment = "undo.adjust_removed", before.adjustments[number - 1]
        seat, points = adjustment.seat, adjustment.points
    else:
        key = "undo.adjust" if number > len(before.adjustments) else "undo.adjust_changed"
        seat, points = action.data["seat"], action.data["points"]
    return t(key, name=before.players[seat], points=change_text(points))


def history_button(
    icon: ft.IconData, key: str, what: str, on_click: Callable[[], bool], beside: bool
) -> ft.Control:
    """Undo or redo, saying in words what it would take back or bring back, in its 48 px
    height: one line, or two smaller ones `beside` the other (half the bar's width, where
    one line cut "Undo correction of round 4" short); a screen reader hears them in full."""
    return ft.TextButton(
        icon=icon,
        content=suited_text(
            t(key, what=what),
            size=12 if beside else None,
            max_lines=2 if beside else 1,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
        height=CHIP_SIZE,
        expand=True,
        style=ft.ButtonStyle(
            alignment=ft.Alignment.CENTER_LEFT,
            padding=ft.Padding.symmetric(horizontal=8, vertical=0) if beside else None,
        ),
        on_click=lambda _: on_click(),
    )


def history_buttons(table: OpenGame) -> list[ft.Control]:
    """Undo and redo, each shown when there is something to take back or bring back."""
    ledger = table.game.ledger
    undo, before = ledger.undo_target(), ledger.undo_target_before()
    redo = ledger.redo_target()
    both = undo is not None and before is not None and redo is not None
    buttons: list[ft.Control] = []
    if undo is not None and before is not None:
        what = describe(undo, before)
        buttons.append(history_button(ft.Icons.UNDO, "undo.undo", what, table.undo, both))
    if redo is not None:
        what = describe(redo, ledger.state)
        buttons.append(history_button(ft.Icons.REDO, "undo.redo", what, table.redo, both))
    return buttons


def corrected_line(table: OpenGame) -> ft.Control | None:
    """After a correction is saved, what it changed ("Round 2 corrected: Ben +20, now -10"),
    the points before and after as the ledger holds them; gone once something else is
    done (the undo beside it then takes back something else)."""
    ledger = table.game.ledger
    action, before = ledger.undo_target(), ledger.undo_target_before()
    if action is None or before is None or action.kind != "score":
        return None
    number = action.data["round"]
    if number >= before.current_round:  # the round at the table scored, not a correction
        return None
    state = ledger.state
    was, now = before.rounds[number - 1].scores, state.rounds[number - 1].scores
    changes = " · ".join(
        t("undo.corrected_points", name=name, was=change_text(old), now=change_text(new))
        for name, old, new in zip(state.players, was, now, strict=True)
        if old != new
    )
    key = GAME_VIEWS[state.game].undo_keys["corrected"]
    words = t(key, number=number, changes=changes or t("undo.corrected_same"))
    return identified("corrected", ft.Text(words, size=13))


def status_text(table: OpenGame, view: GameView, panel: EntryPanel[Any]) -> str:
    """The next step, beside the confirm button: who acts next, else what the round still
    lacks, else that it is ready (to score, or in a correction to save it, as the button
    says). One line, so that two of them can never contradict each other; a refusal is
    said on a line of its own above it, and never hides it."""
    prompt = view.prompt(table, panel)
    if prompt is not None:
        return prompt
    problem = table.problem()
    if problem is not None:
        return message_of(problem)
    if not table.may_score():  # a player's own phone: the scorer's phone scores it
        return t("entry.ready_for_scorer")
    return t("entry.ready" if table.editing is None else "entry.ready_correction")


def confirm_buttons(table: OpenGame, view: GameView, panel: EntryPanel[Any]) -> list[ft.Control]:
    """The step's confirm button: the game's for an earlier step, shown only once it can
    be taken (until then the status line says what is missing), else score the round (or
    save a correction), enabled only when the entry is complete; a player's own phone has
    the step's button only (scoring is the scorer's)."""
    step = view.step_button(table, panel)
    if step is not None:
        if not step.enabled:
            return []
        return [ft.FilledButton(step.label, height=CHIP_SIZE, on_click=lambda _: step.on_click())]
    if not table.may_score():
        return []
    correcting = table.editing is not None
    submit = ft.FilledButton(
        t("entry.save_correction" if correcting else "entry.score_round"),
        height=CHIP_SIZE,
        disabled=table.problem() is not None,
        on_click=lambda _: table.submit(),
    )
    if not correcting:
        return [submit]
    cancel = ft.OutlinedButton(
        t("entry.cancel"), height=CHIP_SIZE, on_click=lambda _: table.cancel_edit()
    )
    return [submit, cancel]


@ft.component
def StepBar(
    table: OpenGame, view: GameView | None, panel: EntryPanel[Any], watching: bool = False
) -> ft.Control:
    """The bar under the thumb that stays in place, as low as it can be so that the entry
    gets the screen: the status line with the step's single confirm button beside it (none
    once the game is over: `view` None; a correction's two on a line of their own), then
    undo and redo on one line; for a phone that may only watch (`watching`), the status
    line alone. Drawn again at every change of the table or of the entry's `panel`, on its
    own."""
    controls: list[ft.Control] = []
    confirm = confirm_buttons(table, view, panel) if view is not None and not watching else []
    status = status_text(table, view, panel) if view is not None else ""
    use_nudge(view is not None and view.own_turn(table, panel), (table.round_number, status))
    if table.refusal is not None:
        controls.append(identified("entry-refusal", message_line(message_of(table.refusal))))
    if view is not None:
        hint = identified("entry-hint", ft.Text(status, italic=True))
        beside = confirm if len(confirm) == 1 else []
        controls.append(
            ft.Row(
                [ft.Container(hint, expand=True), *beside],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
        if len(confirm) > 1:
            controls.append(ft.Row(confirm, wrap=True, spacing=8, run_spacing=4))
    corrected = corrected_line(table)  # a finished game's correction too
    if corrected is not None:
        controls.append(corrected)
    history = history_buttons(table) if table.may_score() else []
    if history:
        controls.append(ft.Row(history, spacing=4))
    return identified(
        "step-bar",
        ft.Container(
            padding=ft.Padding.symmetric(horizontal=12, vertical=4),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            visible=bool(controls),
            content=ft.Column(spacing=2, controls=controls),
        ),
    )


def last_round(state: GameState, view: GameView) -> ft.Control | None:
    """What the last round scored for each player, in one short paragraph ("Round 10
    scored: Ann +20 · Cas +40 ..."), so that the final places fit beside it on a phone."""
    if not state.rounds:
        return None
    scored = state.rounds[-1]
    changes = " · ".join(
        t("result.change", name=name, points=change_text(points))
        for name, points in zip(state.players, scored.scores, strict=True)
    )
    return identified(
        "last-round",
        ft.Text(
            t("result.summary", title=t(view.result_key, number=scored.number), changes=changes)
        ),
    )


def entry_part(
    table: OpenGame, view: GameView, panel: EntryPanel[Any], compact: bool
) -> list[ft.Control]:
    """The top of the game: its banner, then the round's entry (keeping its place in
    `panel`), or once the game is over the final standings (with a rematch) and the last
    round's results."""
    state = table.state

    def rematch() -> None:
        try:
            again = services.keeper.rematch(table.game)
        except StorageError as error:
            table.refusal = error
            return
        announce(again.id)
        ft.context.page.navigate(f"/game/{again.id}")

    services = use_services()
    controls: list[ft.Control] = [banner(table, view, compact)]
    tables = services.tables
    if tables is not None and table.game.id not in tables.followed:
        # Which phone of the table's is away, or was at it before the page was loaded.
        controls.append(PhonesAway(table.game.id, tables, state.players))
    if state.is_over and table.editing is None:
        again = rematch if services.access.host else None
        # What the last round did, then the places: both in sight when the game ends.
        result = last_round(state, view)
        if result is not None:
            controls.append(result)
        controls.append(FinalStandings(state, again, linkable=services.access.host))
    elif not table.may_enter():
        # A watcher sees the round as the scorer does, with nothing in it to tap: the panel
        # draws its values as text, and is disabled should a game's panel keep a control.
        # Said as a watcher only when the scorer chose it (a guest's link line says the rest).
        if table.barred() == MAY_NOT_ENTER:
            controls.append(identified("following", ft.Text(t("share.following"), italic=True)))
        controls.append(ft.Container(disabled=True, content=view.entry_panel(table, panel)))
    else:
        controls.append(view.entry_panel(table, panel))
    return controls


def sheet_part(table: OpenGame, view: GameView) -> list[ft.Control]:
    """The score sheet, the running totals chart and the game's options: drawn with the
    screen's frame (a tap on the round being entered changes none of them)."""
    state, entering = table.state, table.may_score()
    controls: list[ft.Control] = [
        # A phone that only watches, or enters its own player's values, is offered nothing
        # that would change the scored game.
        ScoreSheet(
            state,
            view,
            table.start_edit if entering else None,
            table.start_adjust if entering else None,
        ),
        AdjustScore(table),
    ]
    if state.rounds:
        controls.append(running_totals_chart(state, view.chart_keys))
    rename = table.rename if entering else None
    saved_game = lambda: table.game  # noqa: E731 (the game as saved when a file is asked for)
    preferences = use_services().preferences
    # Once the game is over its final standings offer the link, where the players look.
    linkable = None if state.is_over and table.editing is None else state
    options = GameOptions(table.game.id, state.players, rename, saved_game, preferences, linkable)
    controls.append(options)
    controls.append(settings_part(view, state.settings))
    return controls


def settings_part(view: GameView, settings: Mapping[str, Any]) -> ft.Control:
    """This game's settings, as chosen when it was started: what the rules sheet gives as
    defaults is not necessarily what this table plays."""
    lines = settings_in_words(view.setting_fields, settings)
    return ft.Column(
        visible=bool(lines),
        spacing=4,
        controls=[
            ft.Text(t("options.this_game"), theme_style=ft.TextThemeStyle.TITLE_SMALL),
            identified("game-settings", ft.Text("\n".join(lines), size=13)),
        ],
    )


def scrolling(controls: list[ft.Control], key: str | None = None) -> ft.Control:
    """A part of the screen that scrolls within itself, between the parts that stay put.

    A new `key` mounts a new column, shown from its top: after a round is scored the screen
    opens on the next round's banner, not where the sheet was scrolled to."""
    return keyed(key, Scrolling, controls)


@ft.component
def Scrolling(controls: list[ft.Control]) -> ft.Control:
    return ft.Column(
        expand=True,
        scroll=ft.ScrollMode.AUTO,
        spacing=10,
        controls=[
            ft.Container(padding=ft.Padding.symmetric(horizontal=10), content=c) for c in controls
        ],
    )


def game_layout(
    table: OpenGame, view: GameView, panel: EntryPanel[Any], size: ScreenSize
) -> ft.Control:
    """The totals strip on top and the step bar at the bottom stay put; between them the
    banner and the entry, then the sheet, scroll. From about 900 px wide the entry and the
    sheet stand side by side, each scrolling on its own. The entry and the bar share
    `panel`."""
    state = table.state
    entering = table.may_enter()
    finished = state.is_over and table.editing is None
    if entering:
        bar: ft.Control | None = memo(StepBar)(table, None if finished else view, panel)
    else:  # a watcher: the status line (who acts next) without the buttons
        bar = None if finished else memo(StepBar)(table, view, panel, True)
    top = entry_part(table, view, panel, compact=size.landscape_phone)
    # Shown from the top again whenever a round is scored, undone or opened for correction.
    key = f"{len(state.rounds)}-{table.editing}-{finished}"
    if size.wide:
        left = [scrolling(top, key), *([bar] if bar else [])]
        body: ft.Control = ft.Row(
            expand=True,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
            controls=[
                ft.Column(
                    width=WIDE_ENTRY,
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    controls=left,
                ),
                ft.VerticalDivider(width=1),
                scrolling(sheet_part(table, view)),
            ],
        )
        parts = [body]
    else:
        parts = [scrolling([*top, *sheet_part(table, view)], key)]
        if bar:
            parts.append(bar)
    return ft.Column(
        expand=True,
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[TotalsStrip(state), *parts],
    )


LINK_KEYS = {
    LinkState.OPEN: "table.link.open",
    LinkState.INTERRUPTED: "table.link.interrupted",
    LinkState.ENDED: "table.link.ended",
    LinkState.LOST: "table.link.lost",
    LinkState.SHUT_OUT: "table.link.shut_out",
    LinkState.REMOVED: "table.link.removed",
}


def link_line(guest: GuestTable, carry_on: Callable[[], None], secure: bool) -> ft.Control:
    """On a phone following another's table: where its link is (and, on a page that is not
    `secure`, that a locked screen drops it), and once it is over, the entries of this
    phone's the scorer never answered, and the copy kept here to carry on with (every
    entry the scorer's phone had sent), asked first."""
    words = identified("table-link", ft.Text(t(LINK_KEYS[guest.state]), size=13, italic=True))
    if not guest.is_over:
        return ft.Column(spacing=2, controls=[words, *no_wake_lock(secure)])
    join_again = ft.FilledButton(  # first: the scorer's table holds the one game
        t("table.join_again"),
        icon=ft.Icons.LINK,
        on_click=lambda _: ft.context.page.navigate(JOIN_AGAIN),
    )
    lost = lost_line(guest)
    row = ft.Row(wrap=True, controls=[join_again, CarryOn(carry_on)])
    return ft.Column(spacing=4, controls=[words, *lost, row])


LOST_STEPS = {"undo": "table.lost.undo", "redo": "table.lost.redo"}
"""An undo or redo a guest sent, in words: it names no entry of its own."""


def lost_line(guest: GuestTable) -> list[ft.Control]:
    """This phone's entries the scorer never answered before the link ended, in words
    ("Ben's bid of 2 in round 1"): not in the copy, to be entered again if they still
    count."""
    copy = guest.link.copy if guest.link is not None else None
    if not guest.lost or copy is None:
        return []
    ledger, said = copy.ledger, []
    for action in guest.lost:
        step = LOST_STEPS.get(action.kind)
        said.append(t(step) if step is not None else describe(action, ledger.state))
        with contextlib.suppress(InvalidEntry):
            ledger = ledger.apply(action)
    entries = t("table.entries_lost", entries="; ".join(said))
    return [identified("entries-lost", ft.Text(entries, size=13))]


@ft.component
def CarryOn(carry_on: Callable[[], None]) -> ft.Control:
    """Carry on here, once the player has answered what it means: this phone's copy is a
    game of its own from now on, the scorer's phone no longer hears it."""
    ask = use_question(
        t("table.carry_on_question"), t("table.not_now"), t("table.carry_on_yes"), carry_on
    )
    return ft.OutlinedButton(
        t("table.carry_on"), icon=ft.Icons.PLAY_ARROW, on_click=lambda _: ask()
    )


def frame(table: OpenGame | GameSummary | None) -> object:
    """What the screen's frame shows of the open game: the scored rounds (the banner, the
    totals, the sheet, the chart, the names) and whether a round is being corrected. The
    round being entered is left out: the parts showing it follow every tap themselves."""
    if not isinstance(table, OpenGame):
        return None
    return replace(table.state, draft=None), table.editing


def reread(table: OpenGame | GameSummary | None) -> None:
    """Show the game as saved now, when the screen holds a game."""
    if isinstance(table, OpenGame):
        table.reread()


def load_open_game(
    keeper: GameSaver,
    game_id: str,
    barred: Callable[[], str | None],
    own_seat: Callable[[], int | None],
) -> OpenGame | GameSummary | None:
    """The game's table; for a damaged game its summary; None when there is no such game
    (or the file cannot be read now: the screen says the game cannot be shown)."""
    try:
        return OpenGame(keeper, keeper.open(game_id), barred=barred, own_seat=own_seat)
    except GameDamaged as damaged:
        return damaged.summary
    except StorageError:
        return None


@ft.component
def GameScreen() -> ft.View:
    """The screen at /game/<id>, keyed by the id (see KeyedGameScreen)."""
    game_id = ft.use_route_params().get("game_id", "")
    # Keyed by the game: going from one game straight to another (a rematch) mounts a fresh
    # screen, so nothing of the old game's state is shown at the new game's address.
    return keyed(game_id, KeyedGameScreen, game_id)


def access_to(
    services: Services, game_id: str, barred: str | None, guest: GuestTable | None
) -> tuple[object, ...]:
    """What this phone may do with the game and who shares it: when it changes, the whole
    game screen is drawn again (a follower's tap does not change it)."""
    tables, access = services.tables, services.access
    hosted = tables.hosted.get(game_id) if tables is not None else None
    return (
        access.may_open(game_id),
        barred,
        guest.state if guest is not None else None,
        own_seat_of(services, game_id)(),
        hosted.phones if hosted is not None else None,
        tables.were_at_table(game_id) if tables is not None else None,
        access.shares.phones(game_id) if access.host else None,
    )


def barring(services: Services, game_id: str) -> Callable[[], str | None]:
    """Why this phone may not change the game (a catalog key; None when it may), asked at
    each tap: a followed table's link says it, else the share's rights for this session."""

    def barred() -> str | None:
        tables = services.tables
        guest = tables.followed.get(game_id) if tables is not None else None
        if guest is not None:
            return guest.barred()
        return None if services.access.may_enter(game_id) else MAY_NOT_ENTER

    return barred


def own_seat_of(services: Services, game_id: str) -> Callable[[], int | None]:
    """The seat of the player this phone enters for alone (None: every seat), asked at
    each tap: a followed table's link says it, else the server share's rights for this
    session."""

    def own_seat() -> int | None:
        tables = services.tables
        guest = tables.followed.get(game_id) if tables is not None else None
        return guest.own_seat() if guest is not None else services.access.own_seat(game_id)

    return own_seat


@ft.component
def KeyedGameScreen(game_id: str) -> ft.View:
    """One game at the table, a damaged game's screen, or a line saying it was not found."""
    services = use_services()
    size = use_screen_size()
    tables = services.tables
    saver: GameSaver = (
        tables if tables is not None else CheckedKeeper(services.keeper, services.access)
    )

    def followed() -> GuestTable | None:
        return tables.followed.get(game_id) if tables is not None else None

    barred = barring(services, game_id)

    def access() -> tuple[object, ...]:
        return access_to(services, game_id, barred(), followed())

    # Held in a ref, not in state: the screen is drawn again when its frame changes (see
    # `frame`), not at every tap; the entry panel and the step bar follow the table.
    own_seat = own_seat_of(services, game_id)
    table = use_ref_from(lambda: load_open_game(saver, game_id, barred, own_seat)).current
    use_watched(table if isinstance(table, OpenGame) else None, lambda: frame(table))
    # Where the pad enters and the step chosen are kept for the round shown: made again
    # when another round is shown (scored, undone, opened for correction), as `frame` says.
    shown = (table.editing, table.round_number) if isinstance(table, OpenGame) else None
    panel: EntryPanel[Any] = ft.use_memo(EntryPanel, [shown])
    # Bumped when the share changed what this phone may do, to draw the screen again.
    _, set_heard = ft.use_state(0)
    guest = followed()
    drawn_for = ft.use_ref(access())
    drawn_for.current = access()
    route = f"/game/{game_id}"

    def heard() -> None:
        # What shows the saved game is drawn again by itself (the table is observable);
        # the whole screen only when the access changed.
        reread(table)
        guest = followed()
        if guest is not None and isinstance(table, OpenGame):
            table.refusal = guest.take_refusal() or table.refusal
        if access() != drawn_for.current:
            set_heard(lambda count: count + 1)

    use_live(game_topic(game_id), heard, services.reconnects)
    if not services.access.may_open(game_id):  # the host stopped sharing this table
        return JoinScreen()
    if table is None:
        return screen(route, t("app.name"), [ft.Text(t("game.not_found"))], back_to="/")
    if isinstance(table, GameSummary):
        return DamagedGameScreen(table)
    view = GAME_VIEWS[table.state.game]

    def carry_on() -> None:
        if tables is not None:
            tables.carry_on(game_id)
        set_heard(lambda count: count + 1)

    secure = services.access.peer.secure
    link = [link_line(guest, carry_on, secure)] if guest is not None else []
    return game_screen(route, view, [*link, game_layout(table, view, panel, size)])


def game_screen(route: str, view: GameView, controls: list[ft.Control]) -> ft.View:
    """The game's screen frame: its title, the rules a tap away, the screen's parts."""
    return screen(
        route,
        t(view.title_key),
        controls,
        back_to="/",
        actions=[
            icon_button(
                ft.Icons.MENU_BOOK,
                t("rules.open"),
                lambda: ft.context.page.navigate(rules_route(view.game, back=route)),
            ),
        ],
        scroll=False,
    )
