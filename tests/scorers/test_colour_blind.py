import pytest

from scorers import colour_blind
from tests.scorers.helpers import context, refused, reminder_text, take_trick

RULES = colour_blind.RULES
THREE = ["Ann", "Bob", "Cy"]
# 7 red, 6 black: red is good.
ROW = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]


@pytest.mark.parametrize(
    ("card", "code"),
    [("10H", "10H"), ("th", "10H"), ("qs", "QS"), ("As", "AS"), ("2c", "2C"), ("kD", "KD")],
)
def test_card_codes_any_case(card, code):
    assert colour_blind.parse_card(card) == code


@pytest.mark.parametrize("card", ["1H", "11S", "10X", "", "H", "10HH", "0D", " 5H", 10, None])
def test_bad_card_codes_refused_naming_the_card(card):
    with refused("colour_blind.card_invalid", f"'{card}' is not a card"):
        colour_blind.parse_card(card)


@pytest.mark.parametrize(
    ("card", "value"),
    [("AS", 1), ("2H", 2), ("10D", 10), ("tc", 10), ("JS", 11), ("QH", 12), ("KC", 13)],
)
def test_card_values(card, value):
    assert colour_blind.card_value(card) == value


def test_good_colour_is_the_majority_of_the_row():
    assert colour_blind.good_colour(ROW) == "red"
    six_red = ["AS" if c == "AH" else c for c in ROW]
    assert colour_blind.good_colour(six_red) == "black"


def test_good_colour_needs_thirteen_distinct_cards():
    with refused("colour_blind.row_length", "12"):
        colour_blind.good_colour(ROW[:12])
    with refused("colour_blind.row_duplicate", "2D"):
        colour_blind.good_colour([*ROW[:12], "2d"])


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["KS", "AH", "2C"], 1),
        (["QH", "QS", "3D"], 1),
        (["5H", "5S", "5D"], 2),
        (["10C", "9C", "JD"], 2),
        (["AC", "KC", "QC"], 0),
        (["3D"], 0),
    ],
)
def test_trick_winner_highest_rank_last_played_on_ties(cards, winner):
    assert colour_blind.trick_winner(cards) == winner


def test_trick_winner_refusals():
    with refused("colour_blind.trick_duplicate", "5H"):
        colour_blind.trick_winner(["5H", "5h"])
    with refused("colour_blind.trick_size", "4"):
        colour_blind.trick_winner(["2H", "3H", "4H", "5H"])
    with refused("colour_blind.trick_size", "0"):
        colour_blind.trick_winner([])


def deal_score(captured, good):
    return colour_blind.deal_parts(captured, good).score


def test_deal_score_good_minus_bad():
    assert deal_score(["AH", "KD", "QS"], "red") == 1 + 13 - 12
    assert deal_score(["AH", "KD", "QS"], "black") == 0
    assert deal_score(["QS", "jc"], "black") == 23
    assert deal_score([], "red") == 0


def test_deal_score_refusals():
    with refused("colour_blind.good_invalid", "green"):
        deal_score(["AH"], "green")
    with refused("colour_blind.captured_twice", "AH"):
        deal_score(["AH", "ah"], "red")
    with refused("colour_blind.card_invalid", "ZZ"):
        deal_score(["ZZ"], "red")


def ctx(totals=None, settings=None):
    return context(RULES, THREE, settings=settings, totals=totals)


def test_complete_entry_scores_each_players_captures():
    captured_by = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    checked = RULES.check_entry({"row": ROW, "captured_by": captured_by}, ctx(), complete=True)
    ann = ["AH", "4D", "7H", "10S", "KC"]
    bob = ["2D", "5H", "8S", "JC"]
    cy = ["3H", "6D", "9C", "QS"]
    expected = tuple(deal_score(cards, "red") for cards in (ann, bob, cy))
    assert RULES.score(checked, ctx()) == expected == (0, 0, 0)
    captured_by = [0] * 7 + [1] * 6
    checked = RULES.check_entry({"row": ROW, "captured_by": captured_by}, ctx(), complete=True)
    assert RULES.score(checked, ctx()) == (28, 0, 0)


def test_entry_normalises_card_codes():
    checked = RULES.check_entry(
        {"row": ["th", "qs"], "captured_by": [None, 1]}, ctx(), complete=False
    )
    assert checked == {"row": ["10H", "QS"], "captured_by": [None, 1]}


def test_entry_refusals_name_the_card():
    with refused("colour_blind.row_length", "12"):
        RULES.check_entry({"row": ROW[:12], "captured_by": [0] * 12}, ctx(), complete=True)
    with refused("colour_blind.row_length", "14"):
        RULES.check_entry({"row": [*ROW, "AS"], "captured_by": [0] * 14}, ctx(), complete=False)
    with refused("colour_blind.row_duplicate", "AH"):
        RULES.check_entry({"row": ["AH", "ah"], "captured_by": [None, None]}, ctx(), complete=False)
    with refused("colour_blind.card_not_captured", "KC"):
        RULES.check_entry({"row": ROW, "captured_by": [0] * 12 + [None]}, ctx(), complete=True)
    with refused("colour_blind.captor_invalid", "5H", "seat 3"):
        RULES.check_entry(
            {"row": ROW, "captured_by": [0] * 4 + [3] + [0] * 8}, ctx(), complete=True
        )
    with refused("entry.wrong_length", "captured_by", "13", "12"):
        RULES.check_entry({"row": ROW, "captured_by": [0] * 12}, ctx(), complete=True)
    with refused("entry.not_list", "row"):
        RULES.check_entry({"row": "AH", "captured_by": []}, ctx(), complete=False)


def test_each_trick_takes_the_uncovered_end():
    entry = {"row": ROW[:3], "captured_by": [None, None, None]}
    entry = take_trick(entry, 1)
    assert entry["captured_by"] == [None, None, 1]
    entry = {"row": ROW[:3], "captured_by": [None, 2, None]}
    entry = take_trick(take_trick(entry, 0), 1)
    assert entry["captured_by"] == [1, 2, 0]
    assert colour_blind.next_capture(entry) is None  # nothing left to take
    with refused("colour_blind.captor_invalid", "seat 3"):
        taken_by_seat_3 = take_trick({"row": ["AH"], "captured_by": [None]}, 3)
        RULES.check_entry(taken_by_seat_3, ctx(), complete=False)


def test_game_ends_when_a_sole_leader_reaches_the_target():
    settings = RULES.resolve_settings({}, 3)
    assert settings == {"target": 100}
    assert RULES.round_count(3, settings) is None
    assert not RULES.is_over([99, 50, 20], 4, settings)
    assert RULES.is_over([100, 50, 20], 4, settings)
    assert RULES.is_over([80, 120, 101], 4, settings)
    assert not RULES.is_over([120, 120, 20], 4, settings)
    assert RULES.is_over([30, 12, 0], 1, RULES.resolve_settings({"target": 30}, 3))


@pytest.mark.parametrize("target", [0, -5, "100", True, 2.5, None])
def test_target_must_be_a_positive_whole_number(target):
    with refused("settings.not_positive", "target", str(target)):
        RULES.resolve_settings({"target": target}, 3)


def test_three_players_exactly_and_the_deal_passes_left():
    with refused("players.count_exact", "exactly 3", "4"):
        RULES.check_players(["A", "B", "C", "D"])
    settings = RULES.resolve_settings({}, 3)
    info = RULES.round_info(7, THREE, 1, settings)
    assert (info.cards, info.dealer, info.first) == (13, 1, 2)
    assert info.reminder == "colour_blind.row"
    assert "Cy leads" in reminder_text(info)


@pytest.mark.parametrize(("card", "colour"), [("AH", "red"), ("10d", "red"), ("KS", "black")])
def test_card_colour_by_suit(card, colour):
    assert colour_blind.card_colour(card) == colour


def test_deal_parts_splits_good_and_bad_and_floors_the_score():
    parts = colour_blind.deal_parts(["AH", "KD", "QS"], "red")
    assert (parts.good_sum, parts.bad_sum, parts.difference) == (14, 12, 2)
    assert parts.score == 2
    losing = colour_blind.deal_parts(["AH", "KD", "QS"], "black")
    assert tuple(losing) == (12, 14, 0)
    assert losing.difference == -2
    assert colour_blind.deal_parts([], "red") == (0, 0, 0)
    with refused("colour_blind.captured_twice", "AH"):
        colour_blind.deal_parts(["AH", "ah"], "red")
    with refused("colour_blind.good_invalid", "blue"):
        colour_blind.deal_parts([], "blue")


def test_captured_cards_and_next_capture_follow_the_row():
    entry = {"row": ROW[:4], "captured_by": [1, None, 1, None]}
    assert colour_blind.captured_cards(entry, 1) == ["AH", "3H"]
    assert colour_blind.captured_cards(entry, 0) == []
    assert colour_blind.next_capture(entry) == 3
    entry = take_trick(entry, 2)
    assert colour_blind.next_capture(entry) == 1
    assert colour_blind.next_capture({"row": [], "captured_by": []}) is None
    assert colour_blind.next_capture({"row": ["AH"], "captured_by": [0]}) is None


@pytest.mark.parametrize(
    ("totals", "tied"),
    [([99, 99, 0], False), ([100, 100, 3], True), ([120, 120, 101], True), ([100, 99, 99], False)],
)
def test_target_reached_but_tied_means_another_deal(totals, tied):
    settings = RULES.resolve_settings({}, 3)
    assert colour_blind.target_reached_but_tied(totals, settings) is tied
    if tied:
        assert not RULES.is_over(totals, 5, settings)
