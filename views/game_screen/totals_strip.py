"""Every player's total in one compact row that stays in sight while a round is entered."""

from dataclasses import replace

import flet as ft

from scorers.ledger import GameState
from views.shell.hooks import memo
from views.shell.i18n import t
from views.shell.layout import ScreenSize, use_screen_size
from views.shell.names import fitted_names
from views.shell.widgets import change_text, identified, points_text


def leaders(state: GameState) -> set[int]:
    """The seats in first place, once a round is scored (at the start nobody leads)."""
    if not state.rounds:
        return set()
    return {standing.seat for standing in state.standings() if standing.place == 1}


NAME_SIZE = 12
PHONE_WIDTH = 390
"""The strip's width before the browser has said its size: a 390 px phone's."""


def name_room(size: ScreenSize, players: int) -> float:
    """The width of a player's name in the strip: the screen's, shared by the players, less
    the strip's and each cell's padding."""
    width = size.width or PHONE_WIDTH
    return (width - 8 - 2 * (players - 1)) / players - 4


def player_cell(state: GameState, seat: int, leading: bool, shown_name: str) -> ft.Control:
    """A player's name (`shown_name`: cut to its room), total and change in the last round
    scored; screen readers hear it as one sentence ("Ann: 50, leading, +30 in round 3")."""
    name, total = state.players[seat], state.totals[seat]
    last = state.rounds[-1] if state.rounds else None
    words = [t("strip.total", name=name, total=points_text(total))]
    if leading:
        words.append(t("strip.leading"))
    shown_total: list[ft.Control] = [
        identified(
            f"strip-total-{seat}",
            ft.Text(points_text(total), size=18, weight=ft.FontWeight.BOLD),
        )
    ]
    if leading:
        # An icon, not a star character: the bundled font has no glyph for one.
        shown_total.insert(0, ft.Icon(ft.Icons.STAR, size=14, color=ft.Colors.PRIMARY))
    lines: list[ft.Control] = [
        ft.Text(
            shown_name,
            size=NAME_SIZE,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
            weight=ft.FontWeight.BOLD if leading else None,
        ),
        ft.Row(
            spacing=1,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
            controls=shown_total,
        ),
    ]
    if last is not None:
        change = change_text(last.scores[seat])
        words.append(t("strip.change", change=change, number=last.number))
        lines.append(identified(f"strip-change-{seat}", ft.Text(change, size=11)))
    return ft.Container(
        expand=1,
        padding=ft.Padding.symmetric(horizontal=2, vertical=2),
        border_radius=6,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if leading else None,
        content=ft.Semantics(
            label=", ".join(words),
            container=True,
            exclude_semantics=False,
            content=ft.Column(
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=lines,
            ),
        ),
    )


@ft.component
def TotalsStrip(state: GameState) -> ft.Control:
    """The strip of the game at the table, drawn again only when a round is scored (the
    draft does not change it)."""
    room = name_room(use_screen_size(), len(state.players))
    return memo(Strip)(replace(state, draft=None), room)


@ft.component
def Strip(state: GameState, room: float) -> ft.Control:
    """Names (cut to `room`, as the sheet cuts them to its columns) and totals in seat order,
    the leader marked by a star and a tint (never the tint alone)."""
    first = leaders(state)
    names = fitted_names(state.players, room, NAME_SIZE)
    return identified(
        "totals-strip",
        ft.Container(
            padding=ft.Padding.symmetric(horizontal=4, vertical=4),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            content=ft.Row(
                spacing=2,
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[
                    player_cell(state, seat, seat in first, names[seat])
                    for seat in range(len(state.players))
                ],
            ),
        ),
    )
