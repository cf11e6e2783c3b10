"""A game's charts: the running totals and final scores they draw, and their words."""

from dataclasses import replace
from itertools import pairwise

import flet as ft
import flet_charts as fch
import pytest

from scorers.ledger import Action, Ledger
from tests.flet_harness import AppHarness
from views.game_screen.charts import (
    CHART_HEIGHT,
    final_scores_chart,
    player_colour,
    running_totals_chart,
    scores_text,
)
from views.games.registry import GAME_VIEWS
from views.shell.i18n import t, whole
from views.shell.widgets import change_text, points_text

ROUND_WORDS = GAME_VIEWS["wizard"].chart_keys


def wizard_state_actions() -> tuple[Action, ...]:
    """Two rounds; round scores: Ann 30 and 40, Ben 20 and 20, Cas -10 and 20."""
    ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 2, {"round_sizes": [1, 2]})
    for number, bids, tricks in ((1, [1, 0, 1], [1, 0, 0]), (2, [2, 0, 0], [2, 0, 0])):
        entry = {"bids": bids, "tricks": tricks, "cloud": None}
        ledger = ledger.apply(Action("score", {"round": number, "entry": entry}))
    return ledger.actions


def wizard_state():
    return Ledger.replay(wizard_state_actions()).state


def texts_of(control: ft.Control, harness: AppHarness) -> list[str]:
    return harness.texts(within=control)


async def test_the_running_totals_chart_draws_each_player_round_by_round(
    harness: AppHarness,
) -> None:
    state = wizard_state()
    assert [list(totals) for totals in state.running_totals()] == [[30, 20, -10], [70, 40, 10]]
    await harness.render(lambda: running_totals_chart(state, ROUND_WORDS))
    [chart] = harness.find_all(fch.LineChart)
    lines = [[(p.x, p.y) for p in series.points[1:]] for series in chart.data_series]
    assert lines == [
        [(1, 30), (2, 70)],
        [(1, 20), (2, 40)],
        [(1, -10), (2, 10)],
    ]
    # Before round 1 everyone is at 0: drawn a few points apart, none behind another.
    starts = [series.points[0] for series in chart.data_series]
    assert [point.x for point in starts] == [0, 0, 0]
    assert len({point.y for point in starts}) == 3
    assert all(abs(point.y) < 5 for point in starts)
    assert [series.color for series in chart.data_series] == [player_colour(s) for s in range(3)]
    assert chart.data_series[0].points[2].tooltip == t(
        "chart.point", name="Ann", total="70", score="+40"
    )
    summary = t("chart.after_round", number=2, scores="Ann 70, Ben 40, and Cas 10")
    assert summary in harness.texts()
    assert harness.find(ft.Semantics, label=summary).content is chart


async def test_the_final_scores_are_bars_in_the_players_colours(harness: AppHarness) -> None:
    state = wizard_state()
    await harness.render(lambda: final_scores_chart(state))
    [chart] = harness.find_all(fch.BarChart)
    bars = [(group.x, group.rods[0].to_y, group.rods[0].color) for group in chart.groups]
    assert bars == [(seat, total, player_colour(seat)) for seat, total in enumerate((70, 40, 10))]
    assert t("chart.final", scores="Ann 70, Ben 40, and Cas 10") in harness.texts()
    # The tooltip in the theme's inverse colours: readable in the light and the dark theme.
    assert chart.tooltip.bgcolor == ft.Colors.INVERSE_SURFACE
    for group, name in zip(chart.groups, ("Ann", "Ben", "Cas"), strict=True):
        tooltip = group.rods[0].tooltip
        assert (tooltip.text, tooltip.text_style.color) == (name, ft.Colors.ON_INVERSE_SURFACE)


LABEL_HEIGHT = 16
"""A 12 px axis label's line, in pixels."""


@pytest.mark.parametrize("totals", [(630, 410, 200), (95, -40, 12), (-20, -70, -5)])
async def test_the_final_bars_axis_writes_labels_apart_and_none_at_its_ends(
    harness: AppHarness, totals: tuple[int, ...]
) -> None:
    """Issue 39 (7): the chart's own label of its top, 630, was drawn over the axis's 600.
    The axis writes whole steps only, each a label's height from the next and from the
    chart's ends, and every bar fits."""
    state = replace(wizard_state(), totals=totals)
    await harness.render(lambda: final_scores_chart(state))
    [chart] = harness.find_all(fch.BarChart)
    axis = chart.left_axis
    assert not axis.show_max and not axis.show_min
    values = [value for value, _ in label_texts(axis)]
    assert values and all(value % axis.label_spacing == 0 for value in values)
    assert chart.min_y < min(0, *totals) and chart.max_y > max(0, *totals)
    pixels_per_point = CHART_HEIGHT / (chart.max_y - chart.min_y)
    edges = [chart.min_y, *values, chart.max_y]
    gaps = [(b - a) * pixels_per_point for a, b in pairwise(edges)]
    assert min(gaps[1:-1], default=LABEL_HEIGHT) >= LABEL_HEIGHT  # between labels
    assert min(gaps[0], gaps[-1]) >= LABEL_HEIGHT / 2  # half a label from an end


async def test_the_game_screen_charts_the_totals_and_the_standings_the_final_scores(
    app,
) -> None:
    playing = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 2, {"round_sizes": [1, 2]})
    entry = {"bids": [1, 0, 1], "tricks": [1, 0, 0], "cloud": None}
    playing = app.keeper.apply(playing, Action("score", {"round": 1, "entry": entry}))
    finished = app.keeper.import_ledger(Ledger.replay(wizard_state_actions()))
    harness = await app.start(f"/game/{playing.id}")
    after_one = t(
        "chart.after_round", number=1, scores=f"Ann 30, Ben 20, and Cas {points_text(-10)}"
    )
    assert after_one in harness.texts()
    assert not harness.find_all(fch.BarChart)
    await harness.go(f"/game/{finished.id}")
    assert t("chart.final", scores="Ann 70, Ben 40, and Cas 10") in harness.texts()
    assert t("chart.after_round", number=2, scores="Ann 70, Ben 40, and Cas 10") in harness.texts()


async def test_a_colour_blind_chart_speaks_of_deals_as_the_rest_of_its_screen(app) -> None:
    """Issue 39 (7): it said "After round 1" where the banner, sheet and undo say "deal"."""
    game = app.keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0, {"target": 100})
    row = ["AS", "AC", "2S", "2C", "3S", "3C", "10H", "JD", "JH", "QD", "QH", "KD", "KH"]
    entry = {"row": row, "captured_by": [1] * 6 + [0] * 7}
    game = app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")
    totals = game.ledger.state.totals
    scores = scores_text(["Ann", "Ben", "Cas"], totals)
    assert t("chart.after_deal", number=1, scores=scores) in harness.texts()
    [chart] = harness.find_all(fch.LineChart)
    assert chart.data_series[0].points[1].tooltip == t(
        "chart.point_deal", name="Ann", total=points_text(totals[0]), score=change_text(totals[0])
    )
    said = " ".join(harness.texts()) + " ".join(p.tooltip for p in chart.data_series[0].points)
    assert t("chart.after_round", number=1, scores=scores) not in said


def full_wizard_state(rounds: int, tied: bool = True):
    """A three-player game of `rounds` one-card rounds; Ann and Ben tie every round when
    `tied` (both bid 0 and take none), Cas takes the trick."""
    sizes = [1] * rounds
    ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": sizes})
    for number in range(1, rounds + 1):
        bids = [0, 0, 1] if tied else [0, 1, 1]
        entry = {"bids": bids, "tricks": [0, 0, 1], "cloud": None}
        ledger = ledger.apply(Action("score", {"round": number, "entry": entry}))
    return ledger.state


def label_texts(axis: fch.ChartAxis) -> list[tuple[float, str]]:
    return [(label.value, label.label.value) for label in axis.labels]


async def test_the_round_axis_writes_whole_rounds_in_the_language_with_room_for_the_last(
    harness: AppHarness,
) -> None:
    for rounds, step in ((2, 1), (7, 1), (20, 2)):
        state = full_wizard_state(rounds)
        await harness.render(lambda state=state: running_totals_chart(state, ROUND_WORDS))
        [chart] = harness.find_all(fch.LineChart)
        axis = chart.bottom_axis
        assert axis.label_spacing == step and not axis.show_max
        assert label_texts(axis) == [(n, whole(n)) for n in range(0, rounds + 1, step)]
        # Half a step of room past the last round: its label is not cut at the edge.
        assert chart.max_x == rounds + step / 2
        # The totals' axis: whole numbers as the language writes them, a real minus sign.
        totals = label_texts(chart.left_axis)
        assert all(value == int(value) for value, _ in totals)
        assert [text for _, text in totals] == [whole(int(value)) for value, _ in totals]
        assert chart.min_y < totals[0][0] and chart.max_y > totals[-1][0]
        lowest = min(p.y for series in chart.data_series for p in series.points)
        highest = max(p.y for series in chart.data_series for p in series.points)
        assert chart.min_y < lowest and chart.max_y > highest


async def test_a_german_chart_writes_its_numbers_in_german() -> None:
    state = full_wizard_state(12, tied=False)  # Ben loses 10 a round: down to -120
    async with AppHarness(languages=["de-DE"]) as harness:
        await harness.render(lambda: running_totals_chart(state, ROUND_WORDS))
        [chart] = harness.find_all(fch.LineChart)
        assert [text for _, text in label_texts(chart.bottom_axis)] == [
            whole(n, "de") for n in range(0, 13, 2)
        ]
        totals = label_texts(chart.left_axis)
        assert [text for _, text in totals] == [whole(int(value), "de") for value, _ in totals]
        assert "\u2212100" in [text for _, text in totals]
    assert whole(-1000, "de") == "\u22121.000" and whole(1000, "en") == "1,000"


async def test_players_on_equal_totals_are_drawn_apart_and_marked(harness: AppHarness) -> None:
    state = full_wizard_state(3)  # Ann and Ben: 20, 40, 60
    await harness.render(lambda: running_totals_chart(state, ROUND_WORDS))
    [chart] = harness.find_all(fch.LineChart)
    ann, ben, cas = chart.data_series
    for number in range(1, 4):
        total = state.running_totals()[number - 1][0]
        a, b = ann.points[number], ben.points[number]
        assert a.y != b.y and abs(a.y - total) < 5 and abs(b.y - total) < 5
        # The tooltip tells the true total.
        assert a.tooltip == t("chart.point", name="Ann", total=str(total), score="+20")
        assert cas.points[number].y == state.running_totals()[number - 1][2]
    # Every point is marked in its player's colour, so even a single point shows.
    assert [series.point.color for series in chart.data_series] == [
        player_colour(seat) for seat in range(3)
    ]
