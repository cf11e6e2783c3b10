"""A Plotters game through the screens, without a browser, on a real SQLite file."""

import flet as ft

from scorers import plotters
from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.plotters_game import GAME, PLAYERS, Round, points
from tests.views.conftest import AppUnderTest
from views.i18n import t
from views.widgets import points_text


def name(colour: str) -> str:
    return t(f"plotters.colour.{colour}")


def field_label(player: str, colour: str) -> str:
    return t("plotters.count_field", player=player, colour=name(colour))


def count_field(harness: AppHarness, player: str, colour: str) -> ft.TextField:
    return harness.find(ft.TextField, label=field_label(player, colour))


async def enter(harness: AppHarness, player: str, colour: str, value: str | int) -> None:
    """Direct number entry, then leaving the field (as tapping elsewhere does)."""
    await harness.type(count_field(harness, player, colour), str(value))
    await harness.blur(count_field(harness, player, colour))


async def press(harness: AppHarness, player: str, colour: str, key: str) -> None:
    """Tap plus (key "plotters.increase") or minus ("plotters.decrease") beside a count."""
    count = count_field(harness, player, colour).value
    label = t(key, field=field_label(player, colour), count=count)
    await harness.click(harness.find(ft.IconButton, tooltip=label))


async def face_up(harness: AppHarness, player: str, colour: str) -> None:
    label = t("plotters.face_up_toggle", player=player, colour=name(colour))
    await harness.click(harness.find(ft.IconButton, tooltip=label))


def formula(up_a: int, up_b: int, down: int, score: int) -> str:
    """The live formula line, e.g. 6 x 4 / 2 = 12."""
    return t("plotters.formula", a=up_a, b=up_b, down=down, score=score)


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


def score_button(harness: AppHarness) -> ft.FilledButton:
    return harness.find(ft.FilledButton, text=t("entry.score_round"))


def saved_counts(keeper: GameKeeper, game_id: str) -> list[dict[str, int]]:
    draft = keeper.open(game_id).ledger.state.draft
    return [] if draft is None else list(draft["counts"])


async def start_game(
    app: AppUnderTest, players: list[str] = PLAYERS, **settings: object
) -> tuple[AppHarness, str]:
    game = app.keeper.start("plotters", players, first_dealer=0, settings=settings or None)
    return await app.start(f"/game/{game.id}"), game.id


async def enter_round(harness: AppHarness, played: Round) -> None:
    for player, held in zip(PLAYERS, played.hands, strict=True):
        for colour, count in held.counts.items():
            if count:
                await enter(harness, player, colour, count)
        if held.face_up:
            for colour in held.face_up:
                await face_up(harness, player, colour)
    if played.ended_early:
        await harness.toggle(harness.find(ft.Switch, label=t("plotters.ended_early")))


async def test_banner_names_round_dealer_leader_and_the_cards_in_play(app: AppUnderTest) -> None:
    harness, _ = await start_game(app, [*PLAYERS, "Eve"])
    banner = shown(harness, "banner")
    assert t("banner.round_of", number=1, count=5) in banner
    assert t("banner.dealer", name="Ann") in banner
    assert t("banner.leads", name="Ben") in banner
    assert shown(harness, "banner-note") == "5 players: red and yellow 1-18, blue and green 1-17"


async def test_plus_and_minus_save_each_tap_as_a_draft(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await press(harness, "Ann", "red", "plotters.increase")
    await press(harness, "Ann", "red", "plotters.increase")
    await press(harness, "Ann", "red", "plotters.decrease")
    assert count_field(harness, "Ann", "red").value == "1"
    assert saved_counts(app.keeper, game_id)[0]["red"] == 1
    assert shown(harness, "cards-count") == t("plotters.cards_count", total=1, full=56)


async def test_a_colour_over_its_limit_for_one_player_is_refused_at_the_field(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await enter(harness, "Ann", "red", 15)
    message = t("plotters.count_too_high", player="Ann", colour="red", value=15, high=14)
    assert count_field(harness, "Ann", "red").error == message
    assert saved_counts(app.keeper, game_id) == []
    await enter(harness, "Ann", "red", 14)
    assert count_field(harness, "Ann", "red").error is None
    await press(harness, "Ann", "red", "plotters.increase")
    assert count_field(harness, "Ann", "red").error == message
    assert saved_counts(app.keeper, game_id)[0]["red"] == 14


async def test_a_colour_over_its_limit_for_all_players_together_is_refused(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await enter(harness, "Ann", "blue", 10)
    await enter(harness, "Ben", "blue", 5)
    message = t("plotters.colour_total_too_high", colour="blue", value=15, high=14)
    assert count_field(harness, "Ben", "blue").error == message
    assert message in harness.texts()
    assert [counts["blue"] for counts in saved_counts(app.keeper, game_id)] == [10, 0, 0, 0]


async def test_total_cards_must_be_a_full_round_unless_it_ended_early(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    for player, colour in zip(PLAYERS, plotters.COLOURS, strict=True):
        await enter(harness, player, colour, 13)
    assert shown(harness, "cards-count") == t("plotters.cards_count", total=52, full=56)
    assert score_button(harness).disabled
    assert shown(harness, "entry-hint") == t("plotters.total_cards", total=52, full=56)
    await harness.toggle(harness.find(ft.Switch, label=t("plotters.ended_early")))
    assert not score_button(harness).disabled
    await enter(harness, "Ann", "blue", 12)
    assert score_button(harness).disabled
    assert shown(harness, "entry-hint") == t(
        "plotters.total_cards_early", total=51, full=56, players=4
    )
    await enter(harness, "Ann", "blue", 13)
    await harness.click(score_button(harness))
    assert app.keeper.open(game_id).ledger.state.current_round == 2


async def test_the_best_pair_is_proposed_and_the_formula_shown(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    counts = {"blue": 2, "red": 4, "yellow": 6}
    for colour, count in counts.items():
        await enter(harness, "Ann", colour, count)
    assert plotters.best_face_up(counts) == ("red", "yellow")
    assert shown(harness, "pair-0") == t("plotters.best_pair", a=name("red"), b=name("yellow"))
    assert shown(harness, "formula-0") == formula(4, 6, 2, 12)
    # Choosing the pair by hand: the formula follows the order tapped.
    await face_up(harness, "Ann", "yellow")
    await face_up(harness, "Ann", "red")
    assert shown(harness, "formula-0") == formula(6, 4, 2, 12)


async def test_one_colour_and_nothing_face_down_lines(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    await enter(harness, "Ann", "blue", 3)
    assert shown(harness, "formula-0") == t("plotters.one_colour", score=0)
    await enter(harness, "Ann", "green", 2)
    assert shown(harness, "formula-0") == t("plotters.formula_nothing_down", a=3, b=2, score=6)
    assert shown(harness, "formula-1") == t("plotters.no_cards", score=0)


async def test_nothing_face_down_follows_the_setting(app: AppUnderTest) -> None:
    harness, _ = await start_game(app, nothing_face_down="zero")
    await enter(harness, "Ann", "blue", 3)
    await enter(harness, "Ann", "green", 2)
    await face_up(harness, "Ann", "blue")
    await face_up(harness, "Ann", "green")
    assert shown(harness, "formula-0") == t("plotters.formula_nothing_down", a=3, b=2, score=0)


async def test_four_colours_require_the_pair_before_scoring(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await enter_round(harness, GAME[1])
    await face_up(harness, "Ann", "red")  # undo Ann's choice: red leaves, yellow stays
    required = t("plotters.face_up_required", player="Ann")
    assert shown(harness, "required-0") == required
    assert shown(harness, "pair-0") == t("plotters.face_up_half", colour=name("yellow"))
    assert score_button(harness).disabled
    assert shown(harness, "entry-hint") == required
    await face_up(harness, "Ann", "green")
    chosen = t("plotters.face_up_chosen", a=name("yellow"), b=name("green"))
    assert shown(harness, "pair-0") == chosen
    # A third colour replaces the oldest of the two.
    await face_up(harness, "Ann", "blue")
    assert app.keeper.open(game_id).ledger.state.draft["face_up"][0] == ["green", "blue"]
    assert not harness.find_all(ft.Semantics, identifier="required-0")
    assert not score_button(harness).disabled


async def test_direct_entry_refuses_what_is_not_a_number(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await enter(harness, "Ann", "red", "4x")
    field = count_field(harness, "Ann", "red")
    assert field.value == "4x"
    assert field.error == t("plotters.not_a_number", field="Ann red", value="4x")
    assert saved_counts(app.keeper, game_id) == []
    await enter(harness, "Ann", "red", " 5 ")
    assert count_field(harness, "Ann", "red").error is None
    assert saved_counts(app.keeper, game_id)[0]["red"] == 5
    assert count_field(harness, "Ann", "red").value == "5"


async def test_restart_mid_round_shows_the_same_counts(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, game_id = await start_game(app)
    await enter(harness, "Ann", "red", 4)
    await press(harness, "Ben", "yellow", "plotters.increase")
    await face_up(harness, "Ann", "red")
    await face_up(harness, "Ann", "blue")
    formula = shown(harness, "formula-0")
    await harness.close()
    async with AppHarness() as fresh:
        again = AppUnderTest(fresh, GameKeeper(keeper.store), app.screen_awake)
        reopened = await again.start(f"/game/{game_id}")
        assert count_field(reopened, "Ann", "red").value == "4"
        assert count_field(reopened, "Ben", "yellow").value == "1"
        assert shown(reopened, "formula-0") == formula
        assert shown(reopened, "cards-count") == t("plotters.cards_count", total=5, full=56)


async def test_a_whole_game_scored_through_the_panel(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    totals = [0] * len(PLAYERS)
    for number, played in enumerate(GAME, start=1):
        await enter_round(harness, played)
        await harness.click(score_button(harness))
        expected = points(played)
        totals = [a + b for a, b in zip(totals, expected, strict=True)]
        for seat, player_points in enumerate(expected):
            assert shown(harness, f"cell-{number}-{seat}") == points_text(player_points)
            assert shown(harness, f"total-{seat}") == points_text(totals[seat])
    state = app.keeper.open(game_id).ledger.state
    assert state.is_over and list(state.totals) == totals
    assert t("standings.title") in harness.texts()


async def test_the_sheet_explains_a_cell_by_the_pair_the_setting_scored(
    app: AppUnderTest,
) -> None:
    # Ann holds red and yellow only. With "zero when nothing is face down" every pair
    # scores 0, so the rules score her blue and green face up (the first pair): 0x0/14.
    game = app.keeper.start("plotters", PLAYERS, 0, {"nothing_face_down": "zero"})
    counts = [
        {"blue": 0, "green": 0, "red": 7, "yellow": 7},
        {"blue": 14, "green": 0, "red": 0, "yellow": 0},
        {"blue": 0, "green": 14, "red": 0, "yellow": 0},
        {"blue": 0, "green": 0, "red": 7, "yellow": 7},
    ]
    entry = {"counts": counts, "face_up": [None] * 4, "ended_early": False}
    app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")
    assert shown(harness, "cell-1-0") == "0"
    assert t("plotters.cell", a=0, b=0, down=14) in harness.texts()
    assert t("plotters.cell_nothing_down", a=7, b=7) not in harness.texts()
