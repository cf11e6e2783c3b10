"""The result as a picture to send: the game, its day, the places and totals (the winner
first, on a line of their own colour), the running totals' chart and, where it fits, the
round-by-round sheet. Laid out for the picture, not the screen: one width on every phone,
in light colours whatever the phone's theme, in the phone's language and the app's fonts."""

from dataclasses import replace
from datetime import datetime

import flet as ft

from scorers.ledger import GameState
from views.game_screen.charts import player_colour, totals_lines
from views.game_screen.sheet import FIRST_COLUMN, Sheet, column_widths
from views.game_screen.standings import standing_words
from views.games.game_view import GameView
from views.shell.i18n import day_of, t
from views.shell.widgets import identified

CARD_WIDTH = 360
"""In logical pixels: a phone's width, so the sheet reads as it does on the phone; the
picture is drawn three times as fine (views.game_screen.result_picture)."""
PADDING = 16
PAPER = "#FFFFFF"
INK = "#1B1B1F"
WINNER_PAPER = "#FFF1C2"
"""The winner's line: a pale gold under dark ink, whoever won."""
CHART_HEIGHT = 160
LINE_HEIGHT = 40
MOST_SHEET_LINES = 12
"""The longest sheet the picture holds (rounds and adjustments): a longer one would make a
picture too tall to read in a chat; the chart still tells the whole game."""


def result_card(state: GameState, view: GameView, when: datetime) -> ft.Container:
    """The card for the game in `state` as of `when` (its end, or its last entry)."""
    state = replace(state, draft=None)
    scored = state.rounds[-1].number if state.rounds else 0
    progress = "" if state.is_over else t(view.result_key, number=scored)
    subtitle = t(
        "picture.final" if state.is_over else "picture.so_far",
        day=day_of(when.isoformat()),
        progress=progress,
    )
    controls: list[ft.Control] = [
        ft.Text(t(view.title_key), size=22, weight=ft.FontWeight.BOLD),
        identified("picture-day", ft.Text(subtitle, size=14)),
        *place_lines(state),
    ]
    if state.rounds:
        controls.append(totals_lines(state, view.chart_keys, CHART_HEIGHT))
    if len(state.sheet_lines()) <= MOST_SHEET_LINES and state.rounds:
        room = CARD_WIDTH - 2 * PADDING - FIRST_COLUMN
        controls.append(Sheet(state, view, None, None, column_widths(state.players, room)))
    controls.append(ft.Text(t("picture.made_with"), size=11, italic=True))
    return ft.Container(
        width=CARD_WIDTH,
        padding=PADDING,
        bgcolor=PAPER,
        theme_mode=ft.ThemeMode.LIGHT,
        content=ft.Column(spacing=8, controls=controls),
    )


def place_lines(state: GameState) -> list[ft.Control]:
    """A line per seat, best first: its colour as on the chart and sheet, its place, name
    and total; the winners' lines on gold paper, tie-break notes below their line."""
    lines: list[ft.Control] = []
    for standing in state.standings():
        winner = standing.place == 1 and bool(state.rounds)
        swatch = ft.Container(
            width=14, height=14, border_radius=7, bgcolor=player_colour(standing.seat)
        )
        words = ft.Text(
            standing_words(state, standing),
            size=18,
            color=INK,
            weight=ft.FontWeight.BOLD if winner else None,
        )
        line = ft.Container(
            height=LINE_HEIGHT,
            padding=ft.Padding.symmetric(horizontal=8),
            border_radius=6,
            bgcolor=WINNER_PAPER if winner else None,
            content=ft.Row(
                spacing=10,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[swatch, words],
            ),
        )
        lines.append(identified(f"picture-place-{standing.seat}", line))
        if standing.note:
            lines.append(ft.Text(t(standing.note, **standing.note_params), size=12, italic=True))
    return lines
