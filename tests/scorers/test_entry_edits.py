"""The edits a tap makes to a round's entry: pure, leaving the entry they start from alone,
and giving an entry the rules accept as a draft."""

from scorers import colour_blind, plotters, wizard
from tests.scorers.helpers import context, take_trick


def test_a_wizard_bid_or_trick_tapped_again_is_kept_and_cleared_only_on_purpose():
    blank = wizard.RULES.blank_entry(3)
    bid = wizard.with_bid(blank, 1, 2)
    assert bid == {"bids": [None, 2, None], "tricks": [None] * 3, "cloud": None}
    assert blank["bids"] == [None] * 3
    assert wizard.with_bid(bid, 1, 2)["bids"] == [None, 2, None]
    assert wizard.with_bid(bid, 1, 0)["bids"] == [None, 0, None]
    assert wizard.with_bid(bid, 1, None)["bids"] == [None] * 3
    took = wizard.with_tricks(bid, 0, 1)
    assert took["tricks"] == [1, None, None] and took["bids"] == [None, 2, None]
    assert wizard.with_tricks(took, 0, 1)["tricks"] == [1, None, None]
    assert wizard.with_tricks(took, 0, None)["tricks"] == [None] * 3


def test_a_wizard_cloud_change_is_set_and_cleared():
    entry = {"bids": [1, 0, 1], "tricks": [None] * 3}
    clouded = wizard.with_cloud(entry, 2, -1)
    assert clouded["cloud"] == {"seat": 2, "change": -1}
    assert "cloud" not in entry
    assert wizard.with_cloud(clouded, None, 1)["cloud"] is None
    assert wizard.with_bid(clouded, 0, 2)["cloud"] == {"seat": 2, "change": -1}


def test_plotters_counts_pairs_and_early_end_are_set_on_a_copy():
    blank = plotters.RULES.blank_entry(4)
    counted = plotters.with_count(blank, 2, "red", 5)
    assert counted["counts"][2] == {"blue": 0, "green": 0, "red": 5, "yellow": 0}
    assert blank["counts"][2]["red"] == 0
    paired = plotters.with_face_up(counted, 2, ["red", "blue"])
    assert paired["face_up"] == [None, None, ["red", "blue"], None]
    assert paired["counts"] == counted["counts"]
    assert plotters.with_face_up(paired, 2, None)["face_up"] == [None] * 4
    early = plotters.with_ended_early(paired, True)
    assert early["ended_early"] and early["face_up"] == paired["face_up"]
    assert not paired["ended_early"]
    rules_context = context(plotters.RULES, ["Ann", "Bob", "Cy", "Dee"])
    assert plotters.RULES.check_entry(early, rules_context, complete=False) == early


def test_colour_blind_cards_are_laid_taken_back_and_given():
    entry = colour_blind.RULES.blank_entry(3)
    for card in ("AH", "2S", "KD"):
        entry = colour_blind.with_card_laid(entry, card)
    assert entry == {"row": ["AH", "2S", "KD"], "captured_by": [None, None, None]}
    shorter = colour_blind.without_last_card(entry)
    assert shorter == {"row": ["AH", "2S"], "captured_by": [None, None]}
    assert len(entry["row"]) == 3
    given = colour_blind.with_captor(entry, 0, 2)
    assert given["captured_by"] == [2, None, None]
    assert colour_blind.with_captor(given, 0, None)["captured_by"] == [None] * 3
    assert take_trick(given, 1)["captured_by"] == [2, None, 1]
