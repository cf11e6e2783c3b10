"""A game's story in pictures: everyone's running total round by round, and the final scores
as bars. Each player keeps one colour wherever the game shows them, and each chart carries
its story in words for screen readers ("After round 5: Ann 90, Ben 50, Cas 40")."""

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import flet as ft
import flet_charts as fch

from scorers.ledger import GameState
from views.shell.hooks import memo
from views.shell.i18n import joined, t, whole
from views.shell.widgets import change_text, identified, points_text

# Told apart in light and dark themes and by most colour-blind players (Okabe-Ito order).
PLAYER_COLOURS = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
)
CHART_HEIGHT = 220
MOST_ROUND_LABELS = 10
"""The most round numbers the round axis writes: on a phone's width each gets room."""
MOST_TOTAL_LABELS = 5
"""The most totals the other axis writes, in the chart's height."""
SPREAD = 0.03
"""How far apart, as a share of the totals' range, the lines of players on equal totals
are drawn (a few pixels), so that no line hides another."""
POINT_RADIUS = 3.5
EDGE = 0.05
"""The room above the highest line and below the lowest, as a share of their range."""
LABEL_ROOM = 0.03
"""How near an end of the totals' axis a label may be, as a share of the axis: about half
a label's height in the chart's height, so none is cut."""


def nice_step(span: float, most: int, smallest: int = 1) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 ... (at least `smallest`) that cuts `span` into
    at most `most` steps: where an axis writes its whole-number labels."""
    power = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * power
            if step >= smallest and span / step <= most:
                return step
        power *= 10


def round_axis(last: int) -> tuple[fch.ChartAxis, float]:
    """The axis of rounds: whole rounds only, written as the session's language writes
    numbers; and how far it reaches, half a label's step past the last round so that the
    last label is not cut at the chart's edge."""
    step = nice_step(last, MOST_ROUND_LABELS)
    labels = [
        fch.ChartAxisLabel(value=number, label=ft.Text(whole(number), size=12))
        for number in range(0, last + 1, step)
    ]
    axis = fch.ChartAxis(labels=labels, label_spacing=step, label_size=24, show_max=False)
    return axis, last + step / 2


def totals_axis(low: float, high: float) -> tuple[fch.ChartAxis, float, float]:
    """The axis of totals from the lowest line to the highest with a little room around:
    whole steps written in the session's language, none so near an end that it is cut."""
    span = max(high - low, 10)
    step = nice_step(span, MOST_TOTAL_LABELS, smallest=5)
    bottom, top = low - span * EDGE, high + span * EDGE
    room = (top - bottom) * LABEL_ROOM
    first, last = math.ceil((bottom + room) / step), math.floor((top - room) / step)
    labels = [
        fch.ChartAxisLabel(value=n * step, label=ft.Text(whole(n * step), size=12))
        for n in range(first, last + 1)
    ]
    axis = fch.ChartAxis(
        labels=labels, label_spacing=step, label_size=44, show_min=False, show_max=False
    )
    return axis, bottom, top


def drawn_heights(totals: Sequence[int], gap: float) -> list[float]:
    """Where each seat's line passes at one round: at its total, but players on equal
    totals spread `gap` apart around it (seat order), so each line stays in sight."""
    heights = [float(total) for total in totals]
    for total in set(totals):
        seats = [seat for seat, other in enumerate(totals) if other == total]
        for rank, seat in enumerate(seats):
            heights[seat] += (rank - (len(seats) - 1) / 2) * gap
    return heights


def player_colour(seat: int) -> str:
    """The colour of the player in `seat`, the same in the chart, its legend and the bars."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def scores_text(players: Sequence[str], scores: Sequence[int]) -> str:
    """ "Ann 90, Ben 50, and Cas 40": each player's score, highest first."""
    ranked = sorted(zip(players, scores, strict=True), key=lambda pair: -pair[1])
    return joined(
        [t("chart.player_score", name=name, score=points_text(score)) for name, score in ranked]
    )


def totals_summary(state: GameState, keys: Mapping[str, str]) -> str:
    """The running totals in words after the last scored round, in the game's words for a
    round (`keys`, as GameView.chart_keys)."""
    if not state.rounds:
        return t("chart.nothing_yet")
    last = state.rounds[-1].number
    return t(keys["after"], number=last, scores=scores_text(state.players, state.totals))


def legend(players: Sequence[str]) -> ft.Row:
    return ft.Row(
        wrap=True,
        spacing=12,
        controls=[
            ft.Row(
                spacing=4,
                tight=True,
                controls=[
                    ft.Container(width=12, height=12, bgcolor=player_colour(seat), border_radius=6),
                    ft.Text(name),
                ],
            )
            for seat, name in enumerate(players)
        ],
    )


def running_totals_chart(state: GameState, keys: Mapping[str, str]) -> ft.Control:
    """The running totals' chart, in the game's words for a round (`keys`, as
    GameView.chart_keys), drawn again only when the scored rounds change (not on a tap that
    only changes the round being entered)."""
    return memo(TotalsChart)(replace(state, draft=None), keys)


@ft.component
def TotalsChart(state: GameState, keys: Mapping[str, str]) -> ft.Control:
    """The running totals' lines, told in words and with their legend."""
    chart = totals_lines(state, keys, CHART_HEIGHT)
    return _described("totals-chart", totals_summary(state, keys), state.players, chart)


def totals_lines(state: GameState, keys: Mapping[str, str], height: float) -> fch.LineChart:
    """A line per player: 0 before round 1, then the total after each scored round; a
    point's tooltip tells that round's score. Each point is marked, and players on equal
    totals are drawn a few pixels apart, so a line is never hidden behind another."""
    running = [tuple(0 for _ in state.players), *state.running_totals()]
    everything = [total for totals in running for total in totals]
    gap = SPREAD * max(max(everything) - min(everything), 10)
    heights = [drawn_heights(totals, gap) for totals in running]
    series = []
    for seat, name in enumerate(state.players):
        points = [fch.LineChartDataPoint(0, heights[0][seat], tooltip=f"{name}: 0")]
        for scored, totals, drawn in zip(state.rounds, running[1:], heights[1:], strict=True):
            tip = t(
                keys["point"],
                name=name,
                total=points_text(totals[seat]),
                score=change_text(scored.scores[seat]),
            )
            points.append(fch.LineChartDataPoint(scored.number, drawn[seat], tooltip=tip))
        colour = player_colour(seat)
        series.append(
            fch.LineChartData(
                points=points,
                color=colour,
                stroke_width=3,
                point=fch.ChartCirclePoint(radius=POINT_RADIUS, color=colour),
            )
        )
    last = state.rounds[-1].number if state.rounds else 0
    bottom, max_x = round_axis(max(1, last))
    drawn = [height for row in heights for height in row]
    left, min_y, max_y = totals_axis(min(drawn), max(drawn))
    return fch.LineChart(
        data_series=series,
        height=height,
        min_x=0,
        max_x=max_x,
        min_y=min_y,
        max_y=max_y,
        left_axis=left,
        bottom_axis=bottom,
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
    )


def final_scores_chart(state: GameState) -> ft.Control:
    """The final scores as one bar per player, in seat order. A bar's tooltip is drawn in
    the theme's inverse colours, as Material's tooltips are: the chart's default (its
    secondary colour under dark text) was dark on dark in the dark theme."""
    words = ft.TextStyle(color=ft.Colors.ON_INVERSE_SURFACE)
    groups = [
        fch.BarChartGroup(
            x=seat,
            rods=[
                fch.BarChartRod(
                    to_y=total,
                    width=28,
                    color=player_colour(seat),
                    tooltip=fch.BarChartRodTooltip(text=name, text_style=words),
                )
            ],
        )
        for seat, (name, total) in enumerate(zip(state.players, state.totals, strict=True))
    ]
    # The axis's own labels, none at its ends: the chart's own label of its top (630 over a
    # 600 written just below it) was drawn over the last whole step's.
    left, min_y, max_y = totals_axis(min(0, *state.totals), max(0, *state.totals))
    chart = fch.BarChart(
        groups=groups,
        height=CHART_HEIGHT,
        min_y=min_y,
        max_y=max_y,
        tooltip=fch.BarChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE),
        left_axis=left,
        bottom_axis=fch.ChartAxis(show_labels=False),
    )
    summary = t("chart.final", scores=scores_text(state.players, state.totals))
    return _described("final-chart", summary, state.players, chart)


def _described(
    identifier: str, summary: str, players: Sequence[str], chart: ft.Control
) -> ft.Control:
    """The chart with its legend, read out by screen readers as its summary."""
    return ft.Column(
        controls=[
            identified(identifier, ft.Text(summary, size=13, italic=True)),
            legend(players),
            ft.Semantics(label=summary, content=chart),
        ]
    )
