"""The score sheet: rounds by players in seat order, running totals and places.

Laid out for six players on a 390 px phone: the first column (the round, or the hand size
when hands differ from the round numbers) has a fixed width, the players share the rest
equally, so every total is in sight without a sideways swipe; where the sheet has room
for every whole name but an equal share would cut one, each column takes its name's width
and they share what is left. Names too long for their column are cut to the room the
column has (views.shell.names: "Maximilian" -> "Maxim…" on a phone, whole beside the entry
on a wide screen); the full name stays in the header's accessible name. Each cell is named
by its row and column for screen readers ("Ann, round 3, 20"); its Semantics identifier
(`cell-3-0`, `total-0`, `place-0`) is for tests.
A one-off adjustment is a row of its own after the round it follows, as a pad's scorer
writes it: a mark (a button to change it), its points and reason in the player's cell
(`adjustment-1`, named "Ann, adjustment of -10: misdeal, total 40") and the totals after it.
"""

from collections.abc import Callable, Sequence
from dataclasses import replace

import flet as ft

from scorers.adjustments import Adjustment
from scorers.game import ScoredRound
from scorers.ledger import GameState
from views.game_screen.charts import player_colour
from views.games.game_view import GameView
from views.shell.hooks import memo
from views.shell.i18n import t
from views.shell.layout import WIDE_ENTRY, ScreenSize, use_screen_size
from views.shell.names import fitted_names
from views.shell.text_width import text_width
from views.shell.widgets import CHIP_SIZE, change_text, identified, points_text, suited_text

FIRST_COLUMN = 56
PHONE_WIDTH = 370
"""The sheet's width before the browser has said its size: a 390 px phone's."""
PADDING = 20
"""The screen's padding either side of the sheet, together."""
NAME_SIZE = 14
NAME_MARGIN = 8
"""Room either side of a whole name in its column, together."""
NARROWEST_COLUMN = 64
"""The least a column gets when it takes its name's width: room for a total ("-1,230")."""


def name_room(size: ScreenSize, players: int) -> float:
    """The width of a player's column: the sheet's width (beside the entry from 900 px,
    else the screen's) less the first column, shared by the players."""
    if not size.width:
        width: float = PHONE_WIDTH
    elif size.wide:
        width = size.width - WIDE_ENTRY - 1 - PADDING
    else:
        width = size.width - PADDING
    return (width - FIRST_COLUMN) / players


def column_widths(players: Sequence[str], room: float) -> tuple[float, ...]:
    """How the players' columns share the `room` beside the first column: equally, unless
    that cuts a name the room could hold whole (a long name beside short ones on a wide
    screen, "Maximilian-Alexander" beside "Ann"); then each column takes its name's width
    and the columns share what is left equally. Where the names do not all fit, equally.

    >>> column_widths(["Maximilian-Alexander", "Ann", "Ben", "Cas", "Dot"], 643)
    (195.6, 111.9, 111.9, 111.9, 111.9)
    >>> column_widths(["Maximilian-Alexander", "Ann"], 150)
    (75.0, 75.0)
    """
    share = room / len(players)
    needs = [max(NARROWEST_COLUMN, text_width(name, NAME_SIZE) + NAME_MARGIN) for name in players]
    if max(needs) <= share or sum(needs) > room:
        return tuple(share for _ in players)
    extra = (room - sum(needs)) / len(players)
    return tuple(round(need + extra, 1) for need in needs)


def hands_label_rows(state: GameState) -> bool:
    """Whether the rows are labelled by hand size: when hands change from round to round
    but not as the round numbers do (a game of chosen hand sizes: 1, 3, 5), the hand is
    what players remember. A game of one hand size keeps its round numbers."""
    numbers = range(1, max(len(state.rounds), state.round_count or 0) + 1)
    hands = [state.round_info(number).cards for number in numbers]
    return len(set(hands)) > 1 and hands != list(numbers)


def cell(content: ft.Control, width: float) -> ft.Container:
    """A seat's cell, as wide as its share of the row: `width` is its column's (the row's
    cells share the row's width in the ratio of their widths)."""
    return ft.Container(expand=max(1, round(width)), content=content, alignment=ft.Alignment.CENTER)


def sheet_row(first: ft.Control, cells: Sequence[ft.Control], widths: Sequence[float]) -> ft.Row:
    """A row of the sheet: its first column (the round, "Total"), then one cell per seat,
    each seat's as wide as `widths` says (column_widths)."""
    first_cell = ft.Container(width=FIRST_COLUMN, content=first, alignment=ft.Alignment.CENTER)
    seats = [cell(c, width) for c, width in zip(cells, widths, strict=True)]
    return ft.Row(spacing=0, controls=[first_cell, *seats])


def header_row(
    players: tuple[str, ...], widths: Sequence[float], first_key: str = "sheet.round"
) -> ft.Row:
    """The players' names in seat order (each cut to its column's width, the full name
    their accessible name), each underlined in the player's chart colour."""
    bold = ft.FontWeight.BOLD
    names: list[ft.Control] = [
        ft.Column(
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                identified(
                    f"name-{seat}",
                    ft.Text(
                        shown,
                        size=NAME_SIZE,
                        weight=bold,
                        no_wrap=True,
                        max_lines=1,
                        semantics_label=name,
                    ),
                ),
                ft.Container(width=28, height=3, bgcolor=player_colour(seat), border_radius=2),
            ],
        )
        for seat, (name, shown) in enumerate(
            zip(players, fitted_names(players, widths, NAME_SIZE), strict=True)
        )
    ]
    return sheet_row(ft.Text(t(first_key), weight=bold), names, widths)


def correct_button(
    number: int,
    label: str,
    on_edit: Callable[[int], None] | None,
    mark: tuple[str, str] | None = None,
    edit_key: str = "sheet.edit_round",
) -> ft.Control:
    """The row's first cell: its label with a pencil, a button named "Correct round 3"; with
    the game's mark of the round after the label ("3 ♥": Wizard's trump), and in its name
    ("Correct round 3, trump: hearts"). With no `on_edit` (a phone that only watches), the
    label alone."""
    name = t(edit_key, number=number)
    if mark is not None:
        shown, said = mark
        label = f"{label} {shown}"
        name = t("sheet.edit_round_marked", number=number, mark=said)
    if on_edit is None:
        return ft.Container(width=FIRST_COLUMN, content=suited_text(label))
    return ft.TextButton(
        content=ft.Row(
            spacing=2,
            tight=True,
            controls=[
                suited_text(label, semantics_label=name),
                ft.Icon(ft.Icons.EDIT, size=14),
            ],
        ),
        style=ft.ButtonStyle(padding=0),
        width=FIRST_COLUMN,
        height=CHIP_SIZE,
        on_click=lambda _: on_edit(number),
    )


def round_cell(
    state: GameState, view: GameView, scored: ScoredRound, seat: int, total: int
) -> ft.Control:
    """One seat's cell of a scored round: how the round went (the game's explanation), the
    points it scored, and the `total` so far, as on a paper pad; read out as one."""
    number, points = scored.number, scored.scores[seat]
    how = view.cell(scored.entry, seat, state.settings)
    said = t(
        view.sheet_keys["cell"],
        name=state.players[seat],
        number=number,
        points=points_text(points),
        how=how,
        total=points_text(total),
    )
    small = ft.Text(how, size=11, max_lines=2, text_align=ft.TextAlign.CENTER)
    running = ft.Text(
        points_text(total), size=11, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE_VARIANT
    )
    return ft.Column(
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            # Read out with the points (see `said`), so not a second time alone.
            ft.Semantics(exclude_semantics=True, content=small),
            identified(f"cell-{number}-{seat}", ft.Text(points_text(points), semantics_label=said)),
            ft.Semantics(
                exclude_semantics=True, content=identified(f"running-{number}-{seat}", running)
            ),
        ],
    )


def round_row(
    state: GameState,
    view: GameView,
    scored: ScoredRound,
    on_edit: Callable[[int], None] | None,
    label: str,
    running: tuple[int, ...],
    widths: Sequence[float],
) -> ft.Row:
    """A scored round: its label (a button to correct it), then each seat's cell with its
    `running` total after the round."""
    number = scored.number
    cells = [round_cell(state, view, scored, seat, running[seat]) for seat in range(len(running))]
    mark = view.round_mark(
        scored.entry, state.round_info(number), len(state.players), state.settings
    )
    edit_key = view.sheet_keys["edit"]
    return sheet_row(correct_button(number, label, on_edit, mark, edit_key), cells, widths)


def adjustment_mark(number: int, name: str, on_adjust: Callable[[int], None] | None) -> ft.Control:
    """An adjustment's first cell: its mark with a pencil, a button named `name` that
    changes or removes it; with no `on_adjust` (a phone that only watches), the mark alone."""
    if on_adjust is None:
        return ft.Container(width=FIRST_COLUMN, content=ft.Text(t("sheet.adjustment_mark")))
    return ft.TextButton(
        content=ft.Row(
            spacing=2,
            tight=True,
            controls=[
                ft.Text(t("sheet.adjustment_mark"), semantics_label=name),
                ft.Icon(ft.Icons.EDIT, size=14),
            ],
        ),
        style=ft.ButtonStyle(padding=0),
        width=FIRST_COLUMN,
        height=CHIP_SIZE,
        on_click=lambda _: on_adjust(number),
    )


def adjustment_row(
    state: GameState,
    number: int,
    adjustment: Adjustment,
    running: tuple[int, ...],
    on_adjust: Callable[[int], None] | None,
    widths: Sequence[float],
) -> ft.Row:
    """Adjustment `number` (from 1): its mark, a button to change or remove it (the mark
    alone with no `on_adjust`: a phone that only watches); in the adjusted player's cell its
    points, its reason and the total after it."""
    name, points = state.players[adjustment.seat], change_text(adjustment.points)
    total = points_text(running[adjustment.seat])
    said_mark = t("sheet.edit_adjustment", name=name, points=points, reason=adjustment.reason)
    mark = adjustment_mark(number, said_mark, on_adjust)
    said = t(
        "sheet.adjustment_cell", name=name, points=points, reason=adjustment.reason, total=total
    )
    reason = ft.Text(adjustment.reason, size=11, max_lines=2, text_align=ft.TextAlign.CENTER)
    shown = ft.Column(
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            # Read out with the points (see `said`), so not a second time alone.
            ft.Semantics(exclude_semantics=True, content=reason),
            identified(f"adjustment-{number}", ft.Text(points, semantics_label=said)),
            ft.Semantics(
                exclude_semantics=True,
                content=ft.Text(
                    total,
                    size=11,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
        ],
    )
    cells = [shown if seat == adjustment.seat else ft.Text("") for seat in range(len(running))]
    return sheet_row(mark, cells, widths)


def totals_row(state: GameState, leaders: set[int], widths: Sequence[float]) -> ft.Row:
    size = 18 if len(state.players) <= 4 else 16
    totals = [
        identified(
            f"total-{seat}",
            ft.Text(
                points_text(total),
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY if seat in leaders else None,
                size=size,
                no_wrap=True,
                semantics_label=t("sheet.total_cell", name=name, total=points_text(total)),
            ),
        )
        for seat, (name, total) in enumerate(zip(state.players, state.totals, strict=True))
    ]
    return sheet_row(ft.Text(t("sheet.total"), weight=ft.FontWeight.BOLD), totals, widths)


def places_row(state: GameState, places: dict[int, int], widths: Sequence[float]) -> ft.Row:
    shown = [
        identified(
            f"place-{seat}",
            ft.Text(
                t("sheet.place_n", place=place),
                semantics_label=t("sheet.place_cell", name=state.players[seat], place=place),
            ),
        )
        for seat, place in sorted(places.items())
    ]
    return sheet_row(ft.Text(t("sheet.place")), shown, widths)


def ScoreSheet(
    state: GameState,
    view: GameView,
    on_edit: Callable[[int], None] | None,
    on_adjust: Callable[[int], None] | None,
) -> ft.Control:
    """The sheet of the game at the table, drawn again only when the scored rounds or the
    adjustments change (`ft.memo` compares the game without its draft: a tap on the round
    being entered does not draw it again), which keeps taps quick on a long game."""
    players = len(state.players)
    widths = column_widths(state.players, name_room(use_screen_size(), players) * players)
    return memo(Sheet)(replace(state, draft=None), view, on_edit, on_adjust, widths)


@ft.component
def Sheet(
    state: GameState,
    view: GameView,
    on_edit: Callable[[int], None] | None,
    on_adjust: Callable[[int], None] | None,
    widths: tuple[float, ...],
) -> ft.Control:
    """Rounds by players in seat order (a legend says what each cell holds), then totals
    and places."""
    places = {standing.seat: standing.place for standing in state.standings()}
    leaders = {seat for seat, place in places.items() if place == 1 and state.rounds}
    by_hand = hands_label_rows(state)

    def label(number: int) -> str:
        return str(state.round_info(number).cards if by_hand else number)

    legend = t("sheet.legend", how=t(view.legend_key))
    rows: list[ft.Control] = [
        header_row(state.players, widths, "sheet.cards" if by_hand else view.sheet_keys["header"]),
        identified("sheet-legend", ft.Text(legend, size=11, italic=True)),
        ft.Divider(height=1),
        *lines(state, view, on_edit, on_adjust, label, widths),
        ft.Divider(height=1),
        totals_row(state, leaders, widths),
        places_row(state, places, widths),
    ]
    return ft.Column(spacing=4, controls=rows)


def lines(
    state: GameState,
    view: GameView,
    on_edit: Callable[[int], None] | None,
    on_adjust: Callable[[int], None] | None,
    label: Callable[[int], str],
    widths: Sequence[float],
) -> list[ft.Control]:
    """The sheet's rows as a pad writes them (GameState.sheet_lines): each scored round
    and the adjustments following it, each with the totals after it."""
    # By identity: two adjustments alike (the same penalty twice) are still two rows.
    numbers = {id(adjustment): n for n, adjustment in enumerate(state.adjustments, start=1)}
    return [
        adjustment_row(state, numbers[id(line)], line, running, on_adjust, widths)
        if isinstance(line, Adjustment)
        else round_row(state, view, line, on_edit, label(line.number), running, widths)
        for line, running in state.sheet_lines()
    ]
