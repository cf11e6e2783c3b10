"""A Plotters game through the screens, without a browser, on a real SQLite file."""

import re
from collections.abc import Callable
from typing import Any

import flet as ft

from scorers import plotters
from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.plotters_game import (
    ALL_FOUR,
    GAME,
    PLAYERS,
    Round,
    colour_word,
    face_up_label,
    pad_label,
    points,
    taps,
)
from tests.views.conftest import AppUnderTest
from views.shell.i18n import t
from views.shell.widgets import points_text


def named(label: str) -> Callable[[Any], bool]:
    return lambda control: getattr(control, "semantics_label", None) == label


async def tap(harness: AppHarness, label: str) -> None:
    """Tap the button whose accessible name is `label`."""
    await harness.click(harness.find(where=named(label)))


def cell_label(player: str, colour: str, count: int, *, filled: bool = False) -> str:
    key = "plotters.count_cell_filled" if filled else "plotters.count_cell"
    return t(key, player=player, colour=colour_word(colour), count=count)


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


def score_button(harness: AppHarness) -> ft.FilledButton:
    return harness.find(ft.FilledButton, text=t("entry.score_round"))


def early_switch(harness: AppHarness) -> ft.Switch:
    return harness.find(ft.Switch, label=t("plotters.ended_early"))


def draft(keeper: GameKeeper, game_id: str) -> dict[str, Any]:
    return dict(keeper.open(game_id).ledger.state.draft or {})


async def start_game(
    app: AppUnderTest, players: list[str] = PLAYERS, **settings: object
) -> tuple[AppHarness, str]:
    game = app.keeper.start("plotters", players, first_dealer=0, settings=settings or None)
    return await app.start(f"/game/{game.id}"), game.id


async def enter_round(harness: AppHarness, played: Round) -> int:
    """Enter a round as the pad asks for it; the number of inputs it took."""
    inputs = 0
    if played.ended_early:
        await harness.toggle(early_switch(harness))
        inputs += 1
    for label in taps(played):
        await tap(harness, label)
        inputs += 1
    return inputs


async def test_banner_names_round_dealer_leader_and_the_cards_in_play(app: AppUnderTest) -> None:
    harness, _ = await start_game(app, [*PLAYERS, "Eve"])
    banner = shown(harness, "banner")
    assert t("banner.round_of", number=1, count=5) in banner
    assert t("banner.dealer", name="Ann") in banner
    assert t("banner.leads", name="Ben") in banner
    assert shown(harness, "banner-note") == "5 players: red and yellow 1-18 and blue and green 1-17"


async def test_a_count_is_one_tap_and_the_pad_moves_on(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    assert shown(harness, "pad-title") == t("plotters.pad_colour", player="Ann", colour="blue")
    assert shown(harness, "entry-hint") == t("plotters.prompt")
    await tap(harness, pad_label("Ann", "blue", 6))
    assert draft(app.keeper, game_id)["counts"][0]["blue"] == 6
    assert shown(harness, "pad-title") == t("plotters.pad_colour", player="Ann", colour="green")
    # Back to a count by tapping it in the row: the pad enters it again.
    await tap(harness, cell_label("Ann", "blue", 6))
    await tap(harness, pad_label("Ann", "blue", 5))
    assert draft(app.keeper, game_id)["counts"][0]["blue"] == 5
    assert shown(harness, "cards-0") == t("plotters.row_cards", count=5)


async def test_a_double_tap_on_the_pad_enters_one_count(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    six = harness.find(where=named(pad_label("Ann", "blue", 6))).parent
    await harness.click(six)
    # The second tap reaches the button the first one was made on.
    await harness.dispatch(six, "click")
    assert draft(app.keeper, game_id)["counts"][0] == {
        "blue": 6,
        "green": 0,
        "red": 0,
        "yellow": 0,
    }
    assert shown(harness, "pad-title") == t("plotters.pad_colour", player="Ann", colour="green")


async def test_the_pad_offers_no_more_cards_than_a_colour_has_in_play(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app, [*PLAYERS, "Eve"])
    # Five players: blue runs to 17, red to 18.
    assert harness.find_all(where=named(pad_label("Ann", "blue", 17)))
    assert not harness.find_all(where=named(pad_label("Ann", "blue", 18)))
    await tap(harness, pad_label("Ann", "blue", 17))
    assert draft(app.keeper, game_id)["counts"][0]["blue"] == 17
    await tap(harness, cell_label("Ann", "red", 0))
    assert harness.find_all(where=named(pad_label("Ann", "red", 18)))


async def test_a_colour_over_its_limit_for_all_players_is_refused_in_one_message(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await tap(harness, pad_label("Ann", "blue", 10))
    await tap(harness, cell_label("Ben", "blue", 0))
    await tap(harness, pad_label("Ben", "blue", 5))
    message = t("plotters.colour_total_too_high", colour="blue", value=15, high=14)
    assert harness.texts().count(message) == 1
    assert [counts["blue"] for counts in draft(app.keeper, game_id)["counts"]] == [10, 0, 0, 0]
    # The pad stays on the refused count.
    assert shown(harness, "pad-title") == t("plotters.pad_colour", player="Ben", colour="blue")


async def test_the_last_player_is_filled_in_from_the_cards_in_play(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    rule = t("plotters.rule_full_filled", full=56, player="Dot")
    assert shown(harness, "card-rule") == rule
    for label in taps(GAME[0]):
        await tap(harness, label)
    # Dot holds the 6 red and 8 yellow the others did not take; the draft keeps Dot blank.
    assert harness.find_all(where=named(cell_label("Dot", "red", 6, filled=True)))
    assert harness.find_all(where=named(cell_label("Dot", "yellow", 8, filled=True)))
    assert shown(harness, "cards-3") == t("plotters.row_cards", count=14)
    assert shown(harness, "cards-count") == t("plotters.cards_count", total=56, full=56)
    assert not any(draft(app.keeper, game_id)["counts"][3].values())
    assert not score_button(harness).disabled
    # Editable: changing one of Dot's counts makes all four Dot's own.
    await tap(harness, cell_label("Dot", "red", 6, filled=True))
    await tap(harness, pad_label("Dot", "red", 5))
    assert draft(app.keeper, game_id)["counts"][3] == {
        "blue": 0,
        "green": 0,
        "red": 5,
        "yellow": 8,
    }
    assert shown(harness, "card-rule") == t("plotters.rule_full", full=56)
    assert shown(harness, "entry-hint") == t("plotters.total_cards", total=55, full=56)


async def test_the_last_player_is_filled_in_after_a_player_before_them_who_took_nothing(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    hands = {"Ann": (6, 4, 4, 0), "Ben": (8, 0, 0, 6), "Cas": (0, 0, 0, 0)}
    for player, counts in hands.items():
        for colour, count in zip(plotters.COLOURS, counts, strict=True):
            await tap(harness, pad_label(player, colour, count))
    # Cas's four zeros were entered: Dot holds the rest, and the round can be scored.
    for colour, count in zip(plotters.COLOURS, (0, 10, 10, 8), strict=True):
        assert harness.find_all(where=named(cell_label("Dot", colour, count, filled=True)))
    assert shown(harness, "cards-3") == t("plotters.row_cards", count=28)
    assert shown(harness, "pad-title") == t("plotters.pad_idle")
    assert not score_button(harness).disabled
    assert not any(draft(app.keeper, game_id)["counts"][3].values())


async def test_the_early_end_rule_is_shown_before_it_is_broken(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await harness.toggle(early_switch(harness))
    assert shown(harness, "card-rule") == t("plotters.rule_early", players=4, full=56)
    for seat, player in enumerate(PLAYERS):
        await tap(harness, cell_label(player, plotters.COLOURS[seat], 0))
        await tap(harness, pad_label(player, plotters.COLOURS[seat], 13))
    assert shown(harness, "cards-count") == t("plotters.cards_count", total=52, full=56)
    assert not score_button(harness).disabled
    await tap(harness, cell_label("Ann", "blue", 13))
    await tap(harness, pad_label("Ann", "blue", 12))
    assert score_button(harness).disabled
    assert shown(harness, "entry-hint") == t(
        "plotters.total_cards_early", total=51, full=56, players=4
    )
    await tap(harness, cell_label("Ann", "blue", 12))
    await tap(harness, pad_label("Ann", "blue", 13))
    await harness.click(score_button(harness))
    assert app.keeper.open(game_id).ledger.state.current_round == 2


async def test_four_colours_ask_for_the_pair_once_and_keep_the_first_colour(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, game_id = await start_game(app)
    for colour, count in ALL_FOUR.hands[0].counts.items():
        await tap(harness, pad_label("Ann", colour, count))
    assert shown(harness, "pad-title") == t("plotters.pad_face_up", player="Ann")
    required = t("plotters.face_up_required", player="Ann")
    assert harness.texts().count(required) == 1  # said once, below the entry
    await tap(harness, face_up_label("Ann", "red"))
    assert draft(app.keeper, game_id)["face_up"][0] == ["red"]
    await harness.close()
    async with AppHarness() as fresh:
        again = AppUnderTest(fresh, GameKeeper(keeper.store), app.screen_awake)
        reopened = await again.start(f"/game/{game_id}")
        pair = t("plotters.pair_one", colour=colour_word("red"))
        assert reopened.find_all(where=named(t("plotters.face_up_cell", player="Ann", pair=pair)))


async def test_a_face_up_colour_tapped_as_it_turns_chosen_is_not_lost(app: AppUnderTest) -> None:
    """A tap reaches the server addressed to the button the phone drew: red tapped twice,
    the second time before the phone drew red chosen, is chosen and then not."""
    harness, game_id = await start_game(app)
    for colour, count in ALL_FOUR.hands[0].counts.items():
        await tap(harness, pad_label("Ann", colour, count))
    red_drawn = harness.tap_target_id(harness.find(where=named(face_up_label("Ann", "red"))))
    await tap(harness, face_up_label("Ann", "red"))
    assert draft(app.keeper, game_id)["face_up"][0] == ["red"]
    await harness.click_drawn(red_drawn)
    assert draft(app.keeper, game_id)["face_up"][0] is None  # red taken back


async def test_the_first_problem_is_said_once(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    for label in taps(ALL_FOUR):
        if label == face_up_label("Ann", "red"):
            break
        await tap(harness, label)
    required = t("plotters.face_up_required", player="Ann")
    await tap(harness, cell_label("Ben", "blue", 0))
    for colour, count in ALL_FOUR.hands[1].counts.items():
        await tap(harness, pad_label("Ben", colour, count))
    await tap(harness, face_up_label("Ben", "blue"))
    await tap(harness, face_up_label("Ben", "green"))
    for colour, count in ALL_FOUR.hands[2].counts.items():
        await tap(harness, pad_label("Cas", colour, count))
    # The pad is on Cas's pair now, then on Dot's, and the bar asks the same each time;
    # Ann's pair waits until the pad is done.
    for seat, player in [(2, "Cas"), (3, "Dot")]:
        pair = t("plotters.pad_face_up", player=player)
        assert shown(harness, "entry-hint") == pair == shown(harness, "pad-title")
        for colour in ALL_FOUR.hands[seat].face_up or ():
            await tap(harness, face_up_label(player, colour))
    assert harness.texts().count(required) == 1
    assert shown(harness, "entry-hint") == required


async def test_a_round_of_four_colours_in_every_hand_takes_at_most_24_inputs(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    inputs = await enter_round(harness, ALL_FOUR)
    await harness.click(score_button(harness))
    inputs += 1
    print(f"4 players, four colours in every hand: {inputs} inputs")
    assert inputs <= 24
    state = app.keeper.open(game_id).ledger.state
    assert state.rounds[0].scores == tuple(points(ALL_FOUR))


async def test_the_best_pair_is_proposed_and_the_formula_shown(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    for colour, count in {"blue": 2, "green": 0, "red": 4, "yellow": 6}.items():
        await tap(harness, pad_label("Ann", colour, count))
    pair = t("plotters.pair_best", a=colour_word("red"), b=colour_word("yellow"))
    assert harness.find_all(where=named(t("plotters.face_up_cell", player="Ann", pair=pair)))
    await tap(harness, t("plotters.face_up_cell", player="Ann", pair=pair))
    formula = t("plotters.formula", a=4, b=6, down=2, score=12)
    assert shown(harness, "formula") == formula
    # Choosing the pair by hand: the formula follows the order tapped.
    await tap(harness, face_up_label("Ann", "yellow"))
    await tap(harness, face_up_label("Ann", "red"))
    assert shown(harness, "pad-title") == t("plotters.pad_colour", player="Ben", colour="blue")
    pair = t("plotters.pair", a=colour_word("yellow"), b=colour_word("red"))
    await tap(harness, t("plotters.face_up_cell", player="Ann", pair=pair))
    formula = t("plotters.formula", a=6, b=4, down=2, score=12)
    assert shown(harness, "formula") == formula


async def test_nothing_face_down_follows_the_setting(app: AppUnderTest) -> None:
    harness, _ = await start_game(app, nothing_face_down="zero")
    await tap(harness, pad_label("Ann", "blue", 3))
    await tap(harness, pad_label("Ann", "green", 2))
    formula = t("plotters.formula_nothing_down", a=3, b=2, score=0)
    assert shown(harness, "formula") == formula


async def test_a_whole_game_scored_through_the_panel(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    totals = [0] * len(PLAYERS)
    for number, played in enumerate(GAME, start=1):
        await enter_round(harness, played)
        cards = 48 if played.ended_early else 56
        assert shown(harness, "cards-count") == t("plotters.cards_count", total=cards, full=56)
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


async def test_the_pad_holds_every_count_of_the_colour_wrapped_never_scrolled(
    app: AppUnderTest,
) -> None:
    six = ["Ann", "Ben", "Cas", "Dot", "Eve", "Fay"]
    harness, _ = await start_game(app, six)
    pad = harness.find(ft.Row, where=lambda c: str(c.key or "").startswith("pad-"))
    assert pad.wrap and not pad.scroll
    highest = plotters.cards_in_play(len(six))[plotters.COLOURS[0]]
    numbers = [chip.content.value for chip in harness.find_all(ft.OutlinedButton, within=pad)]
    assert numbers == [str(n) for n in range(highest + 1)]
    assert highest > 6  # more than a phone's line holds: the pad needs its second line


async def test_nothing_is_ready_until_the_player_before_the_last_is_counted(
    app: AppUnderTest,
) -> None:
    # Ann and Ben counted, Cas part way: Dot's cards are not filled in yet (Cas's later
    # colours are not in), so the bar says what to do, never "ready".
    harness, _ = await start_game(app)
    for player in ("Ann", "Ben"):  # two colours each: no pair to choose
        for colour, count in zip(plotters.COLOURS, (2, 2, 0, 0), strict=True):
            await tap(harness, pad_label(player, colour, count))
    await tap(harness, pad_label("Cas", "blue", 3))
    asked = t("plotters.pad_colour", player="Cas", colour=colour_word(plotters.COLOURS[1]))
    assert shown(harness, "pad-title") == asked
    assert shown(harness, "entry-hint") == t("plotters.prompt")
    assert shown(harness, "cards-3") == t("plotters.row_cards", count=0)
    assert not table_problem_is_dots_pair(harness)
    # The pad done with Cas reaches Dot's face-up choice: both ask for it, the bar in the
    # rules' words.
    for colour, count in zip(plotters.COLOURS[1:], (3, 0, 0), strict=True):
        await tap(harness, pad_label("Cas", colour, count))
    assert shown(harness, "pad-title") == t("plotters.pad_face_up", player="Dot")
    assert shown(harness, "entry-hint") == t("plotters.face_up_required", player="Dot")


def table_problem_is_dots_pair(harness: AppHarness) -> bool:
    """Dot's face-up cell says a pair is still to be chosen."""
    words = t("plotters.pair_choose")
    label = t("plotters.face_up_cell", player="Dot", pair=words)
    return bool(harness.find_all(where=named(label)))


async def test_a_player_who_took_no_cards_does_not_stop_the_last_ones_fill_in(
    app: AppUnderTest,
) -> None:
    # Ben took nothing: four taps of 0, and the pad moves on to Cas; once Cas is counted,
    # Dot's counts are the rest of the cards in play, filled in, and the round adds up.
    harness, _ = await start_game(app)
    for colour, count in zip(plotters.COLOURS, (6, 4, 4, 0), strict=True):
        await tap(harness, pad_label("Ann", colour, count))
    for colour in plotters.COLOURS:
        await tap(harness, pad_label("Ben", colour, 0))
    for colour, count in zip(plotters.COLOURS, (8, 0, 0, 6), strict=True):
        await tap(harness, pad_label("Cas", colour, count))
    for colour, count in zip(plotters.COLOURS, (0, 10, 10, 8), strict=True):
        assert harness.find_all(where=named(cell_label("Dot", colour, count, filled=True)))
    assert shown(harness, "cards-count") == t("plotters.cards_count", total=56, full=56)


async def test_a_round_shown_again_starts_its_pad_at_the_first_count(app: AppUnderTest) -> None:
    # The pad's place belongs to the round shown: after round 1 is scored and its score
    # undone, round 1 is entered afresh from Ann's first count, not where the pad last was.
    harness, _ = await start_game(app)
    await enter_round(harness, GAME[0])
    first = t("plotters.pad_colour", player="Ann", colour=colour_word(plotters.COLOURS[0]))
    assert shown(harness, "pad-title") != first
    await harness.click(score_button(harness))
    what = t("undo.score", number=1)
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.undo", what=what)))
    assert shown(harness, "pad-title") == first


async def test_each_row_previews_its_score_as_counted_so_far(app: AppUnderTest) -> None:
    # Ann: 6 blue, 4 green, 2 red: blue and green face up, 6 x 4 / 2 = 12, on her row.
    harness, _ = await start_game(app)
    assert shown(harness, "preview-0") == t("plotters.row_score", score=0)
    for colour, count in zip(plotters.COLOURS, (6, 4, 2, 0), strict=True):
        await tap(harness, pad_label("Ann", colour, count))
    assert shown(harness, "preview-0") == t("plotters.row_score", score=12)
    assert shown(harness, "preview-1") == t("plotters.row_score", score=0)


async def test_a_round_ended_in_its_first_trick_scores_zero_once_confirmed(
    app: AppUnderTest,
) -> None:
    """Ended early with nothing entered is not ready (usually a slip), until the table says
    that nobody collected a card, and confirms it: then everyone scores 0, undoable."""
    harness, game_id = await start_game(app)
    await harness.toggle(harness.find(ft.Switch, label=t("plotters.ended_early")))
    assert shown(harness, "entry-hint") == t("plotters.nothing_entered")
    assert harness.find(ft.FilledButton, text=t("entry.score_round")).disabled
    nobody = harness.find(ft.OutlinedButton, text=t("plotters.nobody_collected"))
    await harness.click(nobody)
    dialog = harness.dialog()
    assert t("plotters.nobody_collected_question") in harness.texts(within=dialog)
    await harness.click(harness.find(ft.TextButton, text=t("entry.cancel"), within=dialog))
    assert app.keeper.open(game_id).ledger.state.rounds == ()  # asked, not scored
    await harness.click(harness.find(ft.OutlinedButton, text=t("plotters.nobody_collected")))
    score_zero = t("plotters.nobody_collected_score")
    await harness.click(harness.find(ft.TextButton, text=score_zero, within=harness.dialog()))
    state = app.keeper.open(game_id).ledger.state
    assert [scored.scores for scored in state.rounds] == [(0, 0, 0, 0)]
    assert state.current_round == 2
    undo = re.compile("^" + re.escape(t("undo.undo", what="")))
    await harness.click(harness.find(ft.TextButton, has_text=undo))
    assert app.keeper.open(game_id).ledger.state.rounds == ()


async def test_undo_and_redo_say_what_a_tap_changed_in_words(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    await tap(harness, pad_label("Ann", "blue", 6))
    ann = t("plotters.change.count", player="Ann", colour=colour_word("blue"), value=6)
    counted = t("undo.change", change=ann, number=1)
    assert harness.find_all(ft.TextButton, has_text=t("undo.undo", what=counted))
    await harness.toggle(harness.find(ft.Switch, label=t("plotters.ended_early")))
    early = t("undo.change", change=t("plotters.change.ended_early"), number=1)
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.undo", what=early)))
    # Both shown: each says the whole of what it does.
    assert harness.find_all(ft.TextButton, has_text=t("undo.undo", what=counted))
    assert harness.find_all(ft.TextButton, has_text=t("undo.redo", what=early))
    # Beside each other each button has half the bar: two lines of words, where one was cut.
    bar = harness.find(ft.Semantics, identifier="step-bar")
    assert [b.content.max_lines for b in harness.find_all(ft.TextButton, within=bar)] == [2, 2]
