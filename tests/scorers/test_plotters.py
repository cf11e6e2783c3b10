import pytest

from scorers import plotters
from tests.scorers.helpers import context, refused

RULES = plotters.RULES
FOUR = ["Ann", "Bob", "Cy", "Di"]
FIVE = [*FOUR, "Eve"]


def test_cards_in_play_per_table():
    assert plotters.cards_in_play(4) == dict.fromkeys(plotters.COLOURS, 14)
    assert plotters.cards_in_play(5) == {"blue": 17, "green": 17, "red": 18, "yellow": 18}
    assert plotters.cards_in_play(6) == dict.fromkeys(plotters.COLOURS, 21)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_everyone_gets_fourteen_cards(players):
    assert sum(plotters.cards_in_play(players).values()) == 14 * players


@pytest.mark.parametrize("players", [3, 7, "5"])
def test_cards_in_play_refuses_other_tables(players):
    with refused("players.count", "4 to 6", players):
        plotters.cards_in_play(players)


def test_rules_example_six_yellow_four_red_two_blue_scores_twelve():
    counts = {"yellow": 6, "red": 4, "blue": 2}
    assert plotters.round_score(counts, ("yellow", "red")) == 12
    assert plotters.best_face_up(counts) == ("red", "yellow")


def test_score_rounds_down():
    assert (
        plotters.round_score({"blue": 5, "green": 3, "red": 2, "yellow": 2}, ("blue", "green")) == 3
    )


def test_nothing_face_down_setting():
    counts = {"blue": 3, "green": 2}
    assert plotters.round_score(counts, ("blue", "green")) == 6
    assert plotters.round_score(counts, ("blue", "green"), "divide_by_one") == 6
    assert plotters.round_score(counts, ("blue", "green"), "zero") == 0
    with refused("settings.not_an_option", "nothing_face_down", "half"):
        plotters.round_score(counts, ("blue", "green"), "half")


def test_one_colour_or_no_cards_scores_zero():
    assert plotters.round_score({"red": 9}, ("red", "blue")) == 0
    assert plotters.round_score({"red": 9}, ("green", "blue")) == 0
    assert plotters.round_score({}, ("green", "blue")) == 0
    assert plotters.best_face_up({}) == plotters.PAIRS[0]


def test_round_score_refusals_name_the_value():
    with refused("plotters.count_not_possible", "-1", "blue"):
        plotters.round_score({"blue": -1}, ("blue", "red"))
    with refused("plotters.colour_unknown", "purple"):
        plotters.round_score({"purple": 1}, ("blue", "red"))
    with refused("plotters.face_up_same_colour", "red"):
        plotters.round_score({"red": 1}, ("red", "red"))
    with refused("plotters.face_up_not_possible", "pink"):
        plotters.round_score({"red": 1}, ("red", "pink"))


def test_round_structure():
    settings = RULES.resolve_settings({}, 5)
    assert RULES.round_count(5, settings) == 5
    info = RULES.round_info(2, FIVE, 4, settings)
    assert (info.cards, info.dealer, info.first) == (14, 0, 1)
    assert info.reminder_params == {"first": "Bob", "picks": 3}
    assert RULES.round_info(1, FOUR, 0, RULES.resolve_settings({}, 4)).reminder_params["picks"] == 2
    with refused("round.beyond_game", "6"):
        RULES.round_info(6, FIVE, 0, settings)


def test_settings():
    assert RULES.resolve_settings(None, 4) == {"nothing_face_down": "divide_by_one"}
    assert RULES.resolve_settings({"nothing_face_down": "zero"}, 4)["nothing_face_down"] == "zero"
    with refused("settings.not_an_option", "nothing_face_down", "divide_by_one, zero", "2"):
        RULES.resolve_settings({"nothing_face_down": 2}, 4)
    with refused("settings.unknown", "Plotters", "target"):
        RULES.resolve_settings({"target": 2}, 4)


def full_round():
    """A plausible full 4-player round: 56 cards, every colour 14."""
    return {
        "counts": [
            {"blue": 6, "green": 4, "red": 2, "yellow": 0},
            {"blue": 4, "green": 4, "red": 4, "yellow": 4},
            {"blue": 4, "green": 2, "red": 4, "yellow": 2},
            {"blue": 0, "green": 4, "red": 4, "yellow": 8},
        ],
        "face_up": [None, ["red", "yellow"], ["blue", "red"], None],
        "ended_early": False,
    }


def ctx4(settings=None):
    return context(RULES, FOUR, settings=settings)


def test_full_round_is_scored_with_chosen_or_best_pairs():
    checked = RULES.check_entry(full_round(), ctx4(), complete=True)
    # Ann's best pair blue+green 6*4/2; Bob red+yellow 4*4/8; Cy blue+red 4*4/4; Di 4*8/4.
    assert RULES.score(checked, ctx4()) == (12, 2, 4, 8)


def test_missing_colours_count_zero():
    entry = full_round()
    entry["counts"][0] = {"blue": 6, "green": 4, "red": 2}
    checked = RULES.check_entry(entry, ctx4(), complete=True)
    assert checked["counts"][0] == {"blue": 6, "green": 4, "red": 2, "yellow": 0}


def test_count_beyond_cards_in_play_names_player_colour_and_value():
    entry = full_round()
    entry["counts"][1]["blue"] = 15
    with refused("plotters.count_too_high", "Bob", "15", "blue", "14"):
        RULES.check_entry(entry, ctx4(), complete=False)


def test_colour_total_beyond_cards_in_play():
    entry = full_round()
    entry["counts"][0]["blue"] = 7
    with refused("plotters.colour_total_too_high", "15", "blue", "14"):
        RULES.check_entry(entry, ctx4(), complete=False)


def test_negative_or_non_whole_counts_refused():
    entry = full_round()
    entry["counts"][2]["green"] = -2
    with refused("plotters.count_invalid", "Cy", "-2", "green"):
        RULES.check_entry(entry, ctx4(), complete=False)
    entry["counts"][2]["green"] = 2.5
    with refused("plotters.count_invalid", "Cy", "2.5"):
        RULES.check_entry(entry, ctx4(), complete=False)


def test_entry_shape_refused():
    entry = full_round()
    entry["counts"][1] = [4, 4, 4, 2]
    with refused("entry.not_mapping", "colour count"):
        RULES.check_entry(entry, ctx4(), complete=False)
    entry = full_round()
    entry["counts"][1]["pink"] = 1
    with refused("plotters.colour_unknown", "pink"):
        RULES.check_entry(entry, ctx4(), complete=False)
    with refused("entry.missing_field", "ended_early"):
        RULES.check_entry({"counts": [], "face_up": []}, ctx4(), complete=False)


def test_face_up_pair_checks():
    entry = full_round()
    entry["face_up"][1] = ["red", "red"]
    with refused("plotters.face_up_same", "Bob", "red"):
        RULES.check_entry(entry, ctx4(), complete=False)
    entry["face_up"][1] = ["pink"]
    with refused("plotters.face_up_invalid", "Bob", "['pink']"):
        RULES.check_entry(entry, ctx4(), complete=False)
    entry["face_up"][1] = ["red"]  # the first colour of a pair, kept in a draft
    RULES.check_entry(entry, ctx4(), complete=False)
    with refused("plotters.face_up_one", "Bob", "red"):
        RULES.check_entry(entry, ctx4(), complete=True)


def test_face_up_required_once_a_player_has_all_four_colours():
    entry = full_round()
    entry["face_up"][2] = None
    RULES.check_entry(entry, ctx4(), complete=False)
    with refused("plotters.face_up_required", "Cy"):
        RULES.check_entry(entry, ctx4(), complete=True)


def test_full_round_holds_fourteen_cards_per_player():
    entry = full_round()
    entry["counts"][0]["blue"] = 5
    RULES.check_entry(entry, ctx4(), complete=False)
    with refused("plotters.total_cards", "55", "56"):
        RULES.check_entry(entry, ctx4(), complete=True)


def test_round_ended_early_holds_fewer_cards_in_a_multiple_of_players():
    entry = full_round()
    entry["ended_early"] = True
    with refused("plotters.total_cards_early", "56", "fewer than 56"):
        RULES.check_entry(entry, ctx4(), complete=True)
    entry["counts"][3] = {"blue": 0, "green": 0, "red": 0, "yellow": 4}
    checked = RULES.check_entry(entry, ctx4(), complete=True)
    assert RULES.score(checked, ctx4())[3] == 0
    entry["counts"][3]["yellow"] = 3
    with refused("plotters.total_cards_early", "43", "multiple of 4"):
        RULES.check_entry(entry, ctx4(), complete=True)
    entry["ended_early"] = "yes"
    with refused("plotters.ended_early_invalid", "yes"):
        RULES.check_entry(entry, ctx4(), complete=True)


def test_trick_result_four_players():
    result = plotters.trick_result(["blue5", "red3", "blue9", "green3"], 4)
    assert result == plotters.TrickResult(picker=2, picks=2, taker=1)


def test_trick_result_five_players_picks_three():
    result = plotters.trick_result(["Y 4", "y18", "r1", "yellow2", "b17"], 5)
    assert result == plotters.TrickResult(picker=1, picks=3, taker=2)


def test_trick_all_trump_has_no_taker():
    assert plotters.trick_result(["g1", "g2", "g3", "g4"], 4).taker is None


def test_fourth_colour_refused():
    assert plotters.allowed_colours(["blue1", "red1"], 4) == plotters.COLOURS
    assert plotters.allowed_colours(["blue1", "red1", "green2"], 4) == ("blue", "green", "red")
    with refused("plotters.fourth_colour", "yellow1", "three colours"):
        plotters.trick_result(["blue1", "red1", "green1", "yellow1"], 4)


def test_trick_card_refusals():
    with refused("plotters.card_not_in_play", "blue18", "1 to 17"):
        plotters.trick_result(["blue18", "red18", "red1", "red2", "red3"], 5)
    with refused("plotters.card_invalid", "purple3"):
        plotters.parse_card("purple3", 4)
    with refused("plotters.card_twice", "blue1"):
        plotters.trick_result(["blue1", "b1", "red1", "red2"], 4)
    with refused("plotters.trick_size", "3", "4"):
        plotters.trick_result(["blue1", "blue2", "red1"], 4)


def test_score_parts_of_the_rules_example():
    parts = plotters.score_parts({"yellow": 6, "red": 4, "blue": 2}, ("yellow", "red"))
    assert (parts.pair, parts.up_a, parts.up_b, parts.down, parts.score) == (
        ("yellow", "red"),
        6,
        4,
        2,
        12,
    )


def test_score_parts_without_a_pair_uses_the_best_pair():
    counts = {"blue": 1, "green": 5, "red": 2, "yellow": 6}
    for rule in plotters.NOTHING_FACE_DOWN:
        parts = plotters.score_parts(counts, None, rule)
        assert parts.pair == plotters.best_face_up(counts, rule)
        assert parts.score == plotters.round_score(counts, parts.pair, rule)


@pytest.mark.parametrize("rule", plotters.NOTHING_FACE_DOWN)
def test_score_parts_agree_with_round_score_for_every_pair(rule):
    counts = {"blue": 3, "green": 0, "red": 7, "yellow": 4}
    for pair in plotters.PAIRS:
        parts = plotters.score_parts(counts, pair, rule)
        assert parts.pair == pair
        assert parts.up_a + parts.up_b + parts.down == sum(counts.values())
        assert parts.score == plotters.round_score(counts, pair, rule)


def test_score_parts_nothing_face_down_follows_the_setting():
    counts = {"blue": 3, "green": 2}
    assert plotters.score_parts(counts, ("blue", "green")).score == 6
    assert plotters.score_parts(counts, ("blue", "green"), "zero").score == 0
    assert plotters.score_parts(counts, ("blue", "green"), "zero").down == 0


def test_score_parts_refuses_what_round_score_refuses():
    with refused("plotters.face_up_same_colour", "red"):
        plotters.score_parts({"red": 1}, ("red", "red"))
    with refused("plotters.count_not_possible", "-2"):
        plotters.score_parts({"red": -2}, None)
    with refused("settings.not_an_option", "half"):
        plotters.score_parts({"red": 1}, None, "half")


def test_colours_held_and_when_the_pair_must_be_chosen():
    assert plotters.colours_held({}) == 0
    assert plotters.colours_held({"red": 3, "blue": 0}) == 1
    assert plotters.colours_held({"red": 3, "blue": 1, "green": 2}) == 3
    assert not plotters.must_choose_face_up({"red": 3, "blue": 1, "green": 2, "yellow": 0})
    assert plotters.must_choose_face_up({"red": 3, "blue": 1, "green": 2, "yellow": 1})


def test_seat_parts_follow_the_setting_the_round_was_scored_under():
    entry = {
        "counts": [{"red": 7, "yellow": 7}, {"blue": 14}, {"green": 14}, {"red": 7, "yellow": 7}],
        "face_up": [None, None, None, ["red", "yellow"]],
        "ended_early": False,
    }
    zero = plotters.seat_parts(entry, 0, {"nothing_face_down": "zero"})
    assert (zero.pair, zero.up_a, zero.up_b, zero.down, zero.score) == (
        ("blue", "green"),
        0,
        0,
        14,
        0,
    )
    by_one = plotters.seat_parts(entry, 0, {"nothing_face_down": "divide_by_one"})
    assert (by_one.pair, by_one.down, by_one.score) == (("red", "yellow"), 0, 49)
    chosen = plotters.seat_parts(entry, 3, {"nothing_face_down": "zero"})
    assert (chosen.pair, chosen.score) == (("red", "yellow"), 0)


NOBODY_PLAYERS = ["Ann", "Ben", "Cas", "Dot"]


def nobody_round() -> dict[str, object]:
    blank = plotters.RULES.blank_entry(len(NOBODY_PLAYERS))
    return dict(plotters.with_nobody_collected(blank))


def test_a_round_ended_in_its_first_trick_scores_zero_once_the_table_says_so() -> None:
    """RULES.md 2: a player who would have to play the fourth colour to the first trick
    ends the round at once, and nobody has collected a card."""
    ctx = context(plotters.RULES, NOBODY_PLAYERS)
    entry = plotters.RULES.check_entry(nobody_round(), ctx, complete=True)
    assert entry["nobody_collected"] is True and entry["ended_early"] is True
    assert plotters.RULES.score(entry, ctx) == (0, 0, 0, 0)
    # Not said so: the empty round is refused, as the slip it usually is.
    unsaid = {**nobody_round(), "nobody_collected": False}
    with refused("plotters.nothing_entered"):
        plotters.RULES.check_entry(unsaid, ctx, complete=True)


@pytest.mark.parametrize(
    "entry",
    [
        {**nobody_round(), "ended_early": False},
        {**nobody_round(), "nobody_collected": 1},
        {
            **nobody_round(),
            "counts": [{"blue": 1, "green": 0, "red": 0, "yellow": 0}]
            + [dict.fromkeys(plotters.COLOURS, 0)] * 3,
        },
    ],
    ids=["not ended early", "not a flag", "a card counted"],
)
def test_nobody_collecting_a_card_holds_only_for_an_empty_round_ended_early(
    entry: dict[str, object],
) -> None:
    ctx = context(plotters.RULES, NOBODY_PLAYERS)
    with refused("plotters.nobody_collected_invalid"):
        plotters.RULES.check_entry(entry, ctx, complete=False)


def test_a_count_entered_or_the_round_not_ended_early_drops_nobody_collected() -> None:
    entry = nobody_round()
    assert "nobody_collected" not in plotters.with_count(entry, 0, "blue", 1)
    assert "nobody_collected" not in plotters.with_ended_early(entry, False)
    assert plotters.with_ended_early(entry, True)["nobody_collected"] is True
