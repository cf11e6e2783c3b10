"""The score sheet: rounds by players in seat order, running totals and places."""

import flet as ft

from views.game_view import GameView
from views.i18n import t
from views.table import Table
from views.widgets import identified

FIRST_COLUMN = 64
COLUMN = 72


def cell(content: ft.Control, width: int = COLUMN) -> ft.Container:
    return ft.Container(width=width, content=content, alignment=ft.Alignment.CENTER)


@ft.component
def ScoreSheet(table: Table, view: GameView) -> ft.Control:
    state = table.state
    players = state.players
    places = {standing.seat: standing.place for standing in state.standings()}
    leaders = {seat for seat, place in places.items() if place == 1 and state.rounds}

    header = ft.Row(
        spacing=0,
        controls=[
            cell(ft.Text(t("sheet.round"), weight=ft.FontWeight.BOLD), FIRST_COLUMN),
            *[
                cell(ft.Text(name, weight=ft.FontWeight.BOLD, no_wrap=True, max_lines=1))
                for name in players
            ],
        ],
    )
    rows: list[ft.Control] = [header, ft.Divider(height=1)]
    for scored in state.rounds:
        number = scored.number
        rows.append(
            ft.Row(
                spacing=0,
                controls=[
                    cell(
                        ft.TextButton(
                            content=ft.Text(
                                str(number),
                                semantics_label=t("sheet.edit_round", number=number),
                            ),
                            on_click=lambda _, n=number: table.start_edit(n),
                        ),
                        FIRST_COLUMN,
                    ),
                    *[
                        cell(
                            ft.Column(
                                spacing=0,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                controls=[
                                    ft.Text(view.cell(scored.entry, seat, state.settings), size=11),
                                    identified(
                                        f"cell-{number}-{seat}",
                                        ft.Text(str(scored.scores[seat])),
                                    ),
                                ],
                            )
                        )
                        for seat in range(len(players))
                    ],
                ],
            )
        )
    rows += [
        ft.Divider(height=1),
        ft.Row(
            spacing=0,
            controls=[
                cell(ft.Text(t("sheet.total"), weight=ft.FontWeight.BOLD), FIRST_COLUMN),
                *[
                    cell(
                        identified(
                            f"total-{seat}",
                            ft.Text(
                                str(total),
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY if seat in leaders else None,
                                size=18,
                            ),
                        )
                    )
                    for seat, total in enumerate(state.totals)
                ],
            ],
        ),
        ft.Row(
            spacing=0,
            controls=[
                cell(ft.Text(t("sheet.place")), FIRST_COLUMN),
                *[
                    cell(identified(f"place-{seat}", ft.Text(t("sheet.place_n", place=place))))
                    for seat, place in sorted(places.items())
                ],
            ],
        ),
    ]
    return ft.Row(
        scroll=ft.ScrollMode.AUTO,
        controls=[ft.Column(spacing=4, controls=rows)],
    )
