"""The score sheet: rounds by players in seat order, running totals and places."""

from collections.abc import Callable
from dataclasses import replace

import flet as ft

from scorers.game import ScoredRound
from scorers.ledger import GameState
from views.charts import player_colour
from views.game_view import GameView
from views.i18n import t
from views.table import Table
from views.widgets import identified

FIRST_COLUMN = 64
COLUMN = 72


def cell(content: ft.Control, width: int = COLUMN) -> ft.Container:
    return ft.Container(width=width, content=content, alignment=ft.Alignment.CENTER)


def sheet_row(first: ft.Control, cells: list[ft.Control]) -> ft.Row:
    """A row of the sheet: its first column (the round, "Total"), then one cell per seat."""
    return ft.Row(spacing=0, controls=[cell(first, FIRST_COLUMN), *[cell(c) for c in cells]])


def header_row(players: tuple[str, ...]) -> ft.Row:
    """The players' names in seat order, each underlined in the player's chart colour."""
    bold = ft.FontWeight.BOLD
    names: list[ft.Control] = [
        ft.Column(
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(name, weight=bold, no_wrap=True, max_lines=1),
                ft.Container(width=28, height=3, bgcolor=player_colour(seat), border_radius=2),
            ],
        )
        for seat, name in enumerate(players)
    ]
    return sheet_row(ft.Text(t("sheet.round"), weight=bold), names)


def round_row(
    state: GameState, view: GameView, scored: ScoredRound, on_edit: Callable[[int], None]
) -> ft.Row:
    """A scored round: its number (tap to correct it), then per seat how the round went
    (the game's explanation) above the points it scored."""
    number, settings = scored.number, state.settings
    edit = ft.TextButton(
        content=ft.Text(str(number), semantics_label=t("sheet.edit_round", number=number)),
        on_click=lambda _: on_edit(number),
    )
    cells: list[ft.Control] = [
        ft.Column(
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(view.cell(scored.entry, seat, settings), size=11),
                identified(f"cell-{number}-{seat}", ft.Text(str(points))),
            ],
        )
        for seat, points in enumerate(scored.scores)
    ]
    return sheet_row(edit, cells)


def totals_row(state: GameState, leaders: set[int]) -> ft.Row:
    totals = [
        identified(
            f"total-{seat}",
            ft.Text(
                str(total),
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY if seat in leaders else None,
                size=18,
            ),
        )
        for seat, total in enumerate(state.totals)
    ]
    return sheet_row(ft.Text(t("sheet.total"), weight=ft.FontWeight.BOLD), totals)


def places_row(places: dict[int, int]) -> ft.Row:
    shown = [
        identified(f"place-{seat}", ft.Text(t("sheet.place_n", place=place)))
        for seat, place in sorted(places.items())
    ]
    return sheet_row(ft.Text(t("sheet.place")), shown)


@ft.component
def ScoreSheet(table: Table, view: GameView) -> ft.Control:
    """The sheet of the game at the table. A tap that only changes the round being entered
    leaves the scored rounds as they were: the sheet is then not drawn again (`ft.memo`
    compares the game without its draft), which keeps taps quick on a long game."""
    return ft.memo(Sheet)(replace(table.state, draft=None), view, table.start_edit)


@ft.component
def Sheet(state: GameState, view: GameView, on_edit: Callable[[int], None]) -> ft.Control:
    """Rounds by players in seat order, then totals and places."""
    places = {standing.seat: standing.place for standing in state.standings()}
    leaders = {seat for seat, place in places.items() if place == 1 and state.rounds}
    rows: list[ft.Control] = [
        header_row(state.players),
        ft.Divider(height=1),
        *[round_row(state, view, scored, on_edit) for scored in state.rounds],
        ft.Divider(height=1),
        totals_row(state, leaders),
        places_row(places),
    ]
    return ft.Row(
        scroll=ft.ScrollMode.AUTO,
        controls=[ft.Column(spacing=4, controls=rows)],
    )
