"""Shared pieces: names and seats, settings, standings, the error type, the game registry."""

import pickle

import pytest

from scorers import InvalidEntry
from scorers.games import GAME_RULES, rules_for
from scorers.messages import ERRORS, GameMessages, add_game_messages
from scorers.seats import check_names, check_seat, dealer_of, left_of
from scorers.standings import rank
from tests.scorers.helpers import context, refused


def test_invalid_entry_is_a_value_error_with_key_params_and_sentence():
    error = InvalidEntry("wizard.bid_out_of_range", player="Ann", value=9, cards=7)
    assert isinstance(error, ValueError)
    assert error.key == "wizard.bid_out_of_range"
    assert error.params == {"player": "Ann", "value": 9, "cards": 7}
    assert str(error) == "Bids must be whole numbers from 0 to 7: Ann cannot bid 9."
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.key, copy.params, str(copy)) == (error.key, error.params, str(error))


def test_every_error_text_ends_as_a_sentence():
    errors = dict(ERRORS)
    for rules in GAME_RULES.values():
        errors |= rules.messages.errors
    for key, text in errors.items():
        assert text.rstrip().endswith((".", "}")), key


def test_names_are_trimmed_and_must_differ():
    assert check_names([" Ann ", "Bob", "Cy"], "Wizard", 3, 6) == ("Ann", "Bob", "Cy")
    with refused("players.name_taken", "called ann"):
        check_names(["Ann", "Bob", "ann"], "Wizard", 3, 6)
    with refused("players.name_empty", "Player 2"):
        check_names(["Ann", "  ", "Cy"], "Wizard", 3, 6)
    with refused("players.name_empty", "Player 3"):
        check_names(["Ann", "Bob", 3], "Wizard", 3, 6)
    with refused("players.not_list"):
        check_names("Ann", "Wizard", 3, 6)
    with refused("players.count", "Wizard", "3 to 6", "not 2"):
        check_names(["Ann", "Bob"], "Wizard", 3, 6)


def test_seats_and_the_deal():
    assert check_seat(2, 3) == 2
    for seat in (3, -1, True, "1"):
        with refused("players.seat_invalid", f"seat {seat}", "table of 3"):
            check_seat(seat, 3)
    assert left_of(3, 4) == 0
    assert [dealer_of(n, 2, 4) for n in range(1, 7)] == [2, 3, 0, 1, 2, 3]


def test_rank_shares_places_on_equal_totals():
    standings = rank([30, 50, 30, 10])
    assert [(s.seat, s.place, s.total) for s in standings] == [
        (1, 1, 50), (0, 2, 30), (2, 2, 30), (3, 4, 10)
    ]  # fmt: skip
    assert all(s.note is None for s in standings)


def test_rank_with_tie_break_keeps_equal_tie_breaks_together():
    standings = rank([40, 40, 40, 0], tie_break=[5, 9, 5, 1], note="wizard.tie_break_bids")
    assert [(s.seat, s.place) for s in standings] == [(1, 1), (0, 2), (2, 2), (3, 4)]
    assert [s.note for s in standings] == ["wizard.tie_break_bids"] * 3 + [None]


def test_registry_knows_the_three_games():
    assert set(GAME_RULES) == {"wizard", "plotters", "colour_blind"}
    assert all(rules_for(name).name == name for name in GAME_RULES)
    with refused("game.unknown", "poker"):
        rules_for("poker")


@pytest.mark.parametrize("name", sorted(GAME_RULES))
def test_blank_entry_is_a_valid_draft(name):
    rules = rules_for(name)
    players = ["Ann", "Bob", "Cy", "Di"][: rules.min_players]
    ctx = context(rules, players)
    blank = rules.blank_entry(len(players))
    assert rules.check_entry(blank, ctx, complete=False) == blank
    with pytest.raises(InvalidEntry):
        rules.check_entry(blank, ctx, complete=True)


@pytest.mark.parametrize("name", sorted(GAME_RULES))
def test_a_games_own_message_keys_start_with_its_name(name):
    rules = rules_for(name)
    assert rules.messages.texts()
    assert all(key.startswith(f"{name}.") for key in rules.messages.texts())


def test_two_games_cannot_give_one_key_two_texts():
    with pytest.raises(ValueError, match="two texts"):
        add_game_messages(GameMessages(errors={"wizard.bid_missing": "Another text."}))
