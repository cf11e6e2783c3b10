"""Every game the pad offers is complete, and a game added from outside the shared code
is listed, set up, played and scored by the shared screens."""

from collections.abc import Iterator

import flet as ft
import pytest

from scorers import games as rules_table
from tests.views.conftest import AppUnderTest
from tests.views.tally_game import Tally, point_name
from views.game_view import GameView
from views.games import GAMES
from views.i18n import catalog, t


def assert_complete(view: GameView) -> None:
    """What the shared screens rely on: the rules are the ones the ledger plays by, every
    setting the rules resolve has a form field (and no field asks for anything else), and
    each text key the screens show is in the catalog."""
    rules = view.rules
    assert rules_table.rules_for(view.game) is rules
    fields = [field.name for field in view.setting_fields]
    for players in range(rules.min_players, rules.max_players + 1):
        assert sorted(fields) == sorted(rules.resolve_settings({}, players))
    assert len(set(fields)) == len(fields)
    assert view.rules_sheet().startswith("# ")
    settings = rules.resolve_settings({}, rules.min_players)
    assert view.round_label(1, rules.round_count(rules.min_players, settings), settings)
    assert view.progress(0, 1, [0] * rules.min_players, settings) == 0.0


@pytest.mark.parametrize("view", list(GAMES), ids=lambda view: view.game)
def test_every_game_has_a_complete_view(view: GameView) -> None:
    assert_complete(view)
    texts = catalog()
    for key in (view.title_key, view.blurb_key, view.first_key):
        assert key in texts
    for field in view.setting_fields:
        assert {field.label_key, field.help_key, *field.options.values()} <= texts.keys()


def test_the_views_and_the_rules_know_the_same_games() -> None:
    assert [view.game for view in GAMES] == list(rules_table.GAMES)


@pytest.fixture
def tally() -> Iterator[GameView]:
    with GAMES.registered(Tally()) as view:
        yield view
    assert "tally" not in GAMES and "tally" not in rules_table.GAMES


def test_the_fourth_game_is_complete(tally: GameView) -> None:
    assert_complete(tally)


async def test_a_fourth_game_is_listed_set_up_played_and_scored(
    app: AppUnderTest, tally: GameView
) -> None:
    harness = await app.start()
    await harness.click(harness.find(ft.Text, text=t(tally.title_key)))
    assert harness.page.route == "/new/tally"
    for seat, name in enumerate(["Ann", "Ben"]):
        await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=seat + 1)), name)
    await harness.type(harness.find(ft.TextField, label=t("tally.rounds")), "1")
    await harness.click(
        harness.find(
            ft.Text, where=lambda c: c.semantics_label == t("setup.deals_first", name="Ann")
        )
    )
    await harness.click(harness.find(ft.FilledButton, text=t("setup.start")))
    [game] = app.keeper.unfinished()
    assert app.keeper.open(game.id).ledger.state.settings == {"rounds": 1}
    banner = harness.find(ft.Semantics, identifier="banner").content.value
    assert banner.startswith(t("banner.round_of", number=1, count=1))
    for name, points in (("Ann", 2), ("Ben", 3)):
        await harness.click(
            harness.find(
                ft.Text, where=lambda c, n=name, p=points: c.semantics_label == point_name(n, p)
            )
        )
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert harness.find(ft.Semantics, identifier="total-1").content.value == "3"
    assert "+2" in harness.texts()
    banner = harness.find(ft.Semantics, identifier="banner").content.value
    assert banner == t("banner.game_over_won", names="Ben")
    assert app.keeper.open(game.id).ledger.state.totals == (2, 3)
