"""A game's charts: the running totals and final scores they draw, and their words."""

import flet as ft
import flet_charts as fch

from scorers.ledger import Action, Ledger
from tests.flet_harness import AppHarness
from views.game_screen.charts import final_scores_chart, player_colour, running_totals_chart
from views.shell.i18n import t
from views.shell.widgets import points_text


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
    await harness.render(lambda: running_totals_chart(state))
    [chart] = harness.find_all(fch.LineChart)
    lines = [[(p.x, p.y) for p in series.points] for series in chart.data_series]
    assert lines == [
        [(0, 0), (1, 30), (2, 70)],
        [(0, 0), (1, 20), (2, 40)],
        [(0, 0), (1, -10), (2, 10)],
    ]
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
