"""A game's story in pictures: everyone's running total round by round, and the final scores
as bars. Each player keeps one colour wherever the game shows them, and each chart carries
its story in words for screen readers ("After round 5: Ann 90, Ben 50, Cas 40")."""

from collections.abc import Sequence
from dataclasses import replace

import flet as ft
import flet_charts as fch

from scorers.ledger import GameState
from views.shell.i18n import joined, t
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


def player_colour(seat: int) -> str:
    """The colour of the player in `seat`, the same in the chart, its legend and the bars."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def scores_text(players: Sequence[str], scores: Sequence[int]) -> str:
    """ "Ann 90, Ben 50, and Cas 40": each player's score, highest first."""
    ranked = sorted(zip(players, scores, strict=True), key=lambda pair: -pair[1])
    return joined(
        [t("chart.player_score", name=name, score=points_text(score)) for name, score in ranked]
    )


def totals_summary(state: GameState) -> str:
    """The running totals in words after the last scored round."""
    if not state.rounds:
        return t("chart.nothing_yet")
    last = state.rounds[-1].number
    return t("chart.after_round", number=last, scores=scores_text(state.players, state.totals))


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


def running_totals_chart(state: GameState) -> ft.Control:
    """The running totals' chart, drawn again only when the scored rounds change (not on a
    tap that only changes the round being entered)."""
    return ft.memo(TotalsChart)(replace(state, draft=None))


@ft.component
def TotalsChart(state: GameState) -> ft.Control:
    """A line per player: 0 before round 1, then the total after each scored round; a
    point's tooltip tells that round's score."""
    running = state.running_totals()
    series = []
    for seat, name in enumerate(state.players):
        points = [fch.LineChartDataPoint(0, 0, tooltip=f"{name}: 0")]
        for scored, totals in zip(state.rounds, running, strict=True):
            tip = t(
                "chart.point",
                name=name,
                total=points_text(totals[seat]),
                score=change_text(scored.scores[seat]),
            )
            points.append(fch.LineChartDataPoint(scored.number, totals[seat], tooltip=tip))
        series.append(fch.LineChartData(points=points, color=player_colour(seat), stroke_width=3))
    chart = fch.LineChart(
        data_series=series,
        height=CHART_HEIGHT,
        min_x=0,
        max_x=max(1, len(state.rounds)),
        left_axis=fch.ChartAxis(label_size=44),
        bottom_axis=fch.ChartAxis(label_size=24),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
    )
    return _described("totals-chart", totals_summary(state), state.players, chart)


def final_scores_chart(state: GameState) -> ft.Control:
    """The final scores as one bar per player, in seat order."""
    groups = [
        fch.BarChartGroup(
            x=seat,
            rods=[fch.BarChartRod(to_y=total, width=28, color=player_colour(seat), tooltip=name)],
        )
        for seat, (name, total) in enumerate(zip(state.players, state.totals, strict=True))
    ]
    chart = fch.BarChart(
        groups=groups,
        height=CHART_HEIGHT,
        left_axis=fch.ChartAxis(label_size=44),
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
