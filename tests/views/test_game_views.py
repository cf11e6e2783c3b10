"""Every game the pad offers is complete, and a game added from outside the shared code
is listed, set up, played and scored by the shared screens."""

from collections.abc import Iterator

import flet as ft
import pytest

from scorers.game import GameRules
from scorers.games import GAME_RULES, rules_for
from tests.views.conftest import AppUnderTest
from tests.views.tally_game import REMINDER, Tally, TallyRules, point_name, registered
from views.games.game_view import GameView
from views.games.registry import GAME_VIEWS, view_of
from views.shell.i18n import catalog, t


def assert_complete(view: GameView) -> None:
    """What the shared screens rely on: the rules are the ones the ledger plays by, every
    setting the rules resolve has a form field (and no field asks for anything else), and
    each text key the screens show is in the catalog."""
    rules = view.rules
    assert rules_for(view.game) is rules
    fields = [field.name for field in view.setting_fields]
    for players in range(rules.min_players, rules.max_players + 1):
        assert sorted(fields) == sorted(rules.resolve_settings({}, players))
    assert len(set(fields)) == len(fields)
    assert view.rules_sheet().startswith("# ")
    settings = rules.resolve_settings({}, rules.min_players)
    assert view.round_label(1, rules.round_count(rules.min_players, settings), settings)
    assert view.progress(0, 1, [0] * rules.min_players, settings) == 0.0


@pytest.mark.parametrize("view", list(GAME_VIEWS.values()), ids=lambda view: view.game)
def test_every_game_has_a_complete_view(view: GameView) -> None:
    assert_complete(view)
    texts = catalog()
    for key in (view.title_key, view.blurb_key, view.first_key):
        assert key in texts
    for field in view.setting_fields:
        assert {field.label_key, field.help_key, *field.options.values()} <= texts.keys()


def test_the_views_are_those_of_the_rules_table_in_its_order() -> None:
    assert [view.game for view in GAME_VIEWS.values()] == list(GAME_RULES)
    assert all(view.rules is GAME_RULES[view.game] for view in GAME_VIEWS.values())


def test_a_game_without_a_view_module_fails_loudly() -> None:
    class Nameless(TallyRules):
        name = "no_such_game"

    rules: GameRules = Nameless()
    with pytest.raises(LookupError, match=r"no views/games/no_such_game/view\.py"):
        view_of(rules)


@pytest.fixture
def tally() -> Iterator[GameView]:
    with registered(Tally()) as view:
        yield view
    assert "tally" not in GAME_VIEWS and "tally" not in GAME_RULES


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
    reminder = harness.find(ft.Semantics, identifier="reminder").content.value
    assert reminder == REMINDER.format(first="Ben")
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
