"""One-off adjustments in the ledger: counted from the round they follow in every total,
checked, undone, replaced and taken away like any action, the same in every game."""

import pytest

from scorers.adjustments import MOST_POINTS, Adjustment
from scorers.ledger import Action, Ledger
from scorers.merge import refusal
from tests.scorers.helpers import plotters_counts, refused

THREE = ["Ann", "Bob", "Cy"]


def adjust(number, seat, points, reason, after):
    data = {"number": number, "after": after, "seat": seat, "points": points, "reason": reason}
    return Action("adjust", data)


def wizard_round(number, bids, tricks):
    entry = {"bids": list(bids), "tricks": list(tricks), "cloud": None}
    return Action("score", {"round": number, "entry": entry})


def play(ledger, *actions):
    for action in actions:
        ledger = ledger.apply(action)
    return ledger


def test_an_adjustment_counts_from_the_round_it_follows_in_every_total():
    ledger = play(
        Ledger.start("wizard", THREE, 0),
        wizard_round(1, [0, 1, 0], [0, 1, 0]),  # 20, 30, 20
        adjust(1, 1, -10, " misdeal ", after=1),
        wizard_round(2, [0, 0, 2], [0, 0, 2]),  # 20, 20, 40
    )
    state = ledger.state
    assert state.adjustments == (Adjustment(1, 1, -10, "misdeal"),)
    assert state.running_totals() == ((20, 20, 20), (40, 40, 60))
    assert state.totals == (40, 40, 60)
    assert [s.seat for s in state.standings()] == [2, 0, 1]
    # A correction of round 1 keeps the adjustment after it.
    corrected = ledger.apply(wizard_round(1, [0, 1, 0], [1, 0, 0]))
    assert corrected.state.running_totals() == ((-10, -20, 20), (10, 0, 60))


def test_an_adjustment_before_the_first_round_counts_in_the_totals_the_rules_see():
    # The Canadian rule asks whether the dealer leads alone: an adjustment made before any
    # round is scored makes Ann (dealer of round 1 here) the sole leader.
    ledger = Ledger.start("wizard", THREE, 0, {"canadian": True})
    ledger = ledger.apply(adjust(1, 0, 5, "house rule", after=0))
    assert ledger.state.totals == (5, 0, 0) and ledger.state.running_totals() == ()
    forbidden = {"bids": [1, 0, 0], "tricks": [None] * 3, "cloud": None}
    with refused("wizard.canadian_forbidden_bid", "Ann"):
        ledger.apply(Action("draft", {"round": 1, "entry": forbidden}))
    ledger = ledger.apply(wizard_round(1, [0, 0, 0], [1, 0, 0]))
    assert ledger.state.totals == (-5, 20, 20)


def test_undo_and_redo_take_an_adjustment_back_and_bring_it_again():
    ledger = play(
        Ledger.start("wizard", THREE, 0),
        wizard_round(1, [0, 1, 0], [0, 1, 0]),
        adjust(1, 2, 15, "bonus", after=1),
    )
    undone = ledger.apply(Action("undo"))
    assert undone.state.totals == (20, 30, 20) and undone.state.adjustments == ()
    redone = undone.apply(Action("redo"))
    assert redone.state.totals == (20, 30, 35)
    assert Ledger.replay(redone.actions).state == redone.state


def test_an_adjustment_is_replaced_and_taken_away_by_its_number():
    ledger = play(
        Ledger.start("plotters", ["Ann", "Bob", "Cy", "Di"], 0),
        adjust(1, 0, -5, "late", after=0),
        adjust(2, 3, 7, "house rule", after=0),
    )
    assert ledger.state.totals == (-5, 0, 0, 7)
    changed = ledger.apply(adjust(1, 1, -6, "late, Bob", after=0))
    assert changed.state.adjustments[0] == Adjustment(0, 1, -6, "late, Bob")
    assert changed.state.totals == (0, -6, 0, 7)
    removed = changed.apply(Action("remove_adjustment", {"number": 1}))
    assert removed.state.adjustments == (Adjustment(0, 3, 7, "house rule"),)
    assert removed.state.totals == (0, 0, 0, 7)
    assert removed.apply(Action("undo")).state == changed.state
    with refused("adjust.number_invalid", "2", "1"):
        removed.apply(Action("remove_adjustment", {"number": 2}))
    with refused("adjust.number_invalid", "3"):
        removed.apply(adjust(3, 0, 1, "x", after=0))


def test_an_adjustment_can_end_a_game_played_to_a_target():
    ledger = Ledger.start("colour_blind", THREE, 0, {"target": 20})
    over = ledger.apply(adjust(1, 1, 20, "house rule", after=0))
    assert over.state.is_over and over.state.totals == (0, 20, 0)
    assert not over.apply(Action("undo")).state.is_over


@pytest.mark.parametrize(
    ("points", "reason", "after", "key", "fragment"),
    [
        (0, "misdeal", 0, "adjust.points_zero", "0"),
        (MOST_POINTS + 1, "misdeal", 0, "adjust.points_too_large", str(MOST_POINTS)),
        (-MOST_POINTS - 1, "misdeal", 0, "adjust.points_too_large", str(MOST_POINTS)),
        (10, "   ", 0, "adjust.reason_missing", "why"),
        (10, "x" * 81, 0, "adjust.reason_too_long", "80"),
        (10, "misdeal", 1, "adjust.after_invalid", "round 1"),
        (10, "misdeal", -1, "adjust.after_invalid", "-1"),
    ],
)
def test_an_adjustment_the_table_could_not_mean_is_refused(points, reason, after, key, fragment):
    ledger = Ledger.start("wizard", THREE, 0)
    with refused(key, fragment):
        ledger.apply(adjust(1, 0, points, reason, after))


def test_an_adjustment_of_a_seat_not_at_the_table_or_not_whole_is_refused():
    ledger = Ledger.start("wizard", THREE, 0)
    with refused("players.seat_invalid", "3"):
        ledger.apply(adjust(1, 3, 10, "misdeal", after=0))
    with refused("action.field_type", "points"):
        ledger.apply(adjust(1, 0, 1.5, "misdeal", after=0))
    with refused("action.field_type", "points"):
        ledger.apply(adjust(1, 0, True, "misdeal", after=0))


def test_an_adjustment_made_on_a_phone_that_missed_another_is_refused_to_merge():
    seen = Ledger.start("plotters", ["Ann", "Bob", "Cy", "Di"], 0)
    saved = seen.apply(adjust(1, 0, 5, "a", after=0))
    mine = adjust(1, 1, 5, "b", after=0)
    assert refusal(seen, saved, mine).key == "merge.adjustments_changed"
    removal = Action("remove_adjustment", {"number": 1})
    assert refusal(saved, saved.apply(Action("undo")), removal).key == ("merge.adjustments_changed")
    # A round scored meanwhile moves no adjustment: it merges.
    entry = {"counts": plotters_counts(0), "face_up": [None] * 4, "ended_early": False}
    entry["face_up"][2] = ["green", "red"]
    counts = Action("score", {"round": 1, "entry": entry})
    assert refusal(seen, seen.apply(counts), mine) is None


def test_the_sheet_lines_put_each_adjustment_after_its_round_with_the_totals_after_it():
    ledger = play(
        Ledger.start("wizard", THREE, 0),
        adjust(1, 0, 5, "house rule", after=0),
        wizard_round(1, [0, 1, 0], [0, 1, 0]),
        wizard_round(2, [0, 0, 2], [0, 0, 2]),
        adjust(2, 1, -10, "misdeal", after=1),
        adjust(3, 2, 1, "bonus", after=1),
    )
    state = ledger.state
    lines = [
        (line.number if not isinstance(line, Adjustment) else line.reason, totals)
        for line, totals in state.sheet_lines()
    ]
    assert lines == [
        ("house rule", (5, 0, 0)),
        (1, (25, 30, 20)),
        ("misdeal", (25, 20, 20)),
        ("bonus", (25, 20, 21)),
        (2, (45, 40, 61)),
    ]
    assert state.sheet_lines()[-1][1] == state.totals
    # The running totals (the chart's) count each round with the adjustments after it.
    assert state.running_totals() == ((25, 20, 21), (45, 40, 61))
