"""What one phone at a table may change (sharing.rights): a watcher nothing, a player's own
phone its player's values in the round being entered and nothing else, a phone for
everyone what the scorer's may. Each rule as `forbidden` says it, for each game, on games
as the ledger makes them; the host and the guest apply it (tests/sharing/test_link.py)."""

from collections.abc import Mapping
from typing import Any

import pytest

from scorers import InvalidEntry, colour_blind, plotters, wizard
from scorers.edits import changes_between
from scorers.ledger import Action, Ledger
from sharing.rights import (
    MAY_NOT_ENTER,
    NOT_YOURS,
    SCORER_ONLY,
    NotAllowed,
    Rights,
    Why,
    forbidden,
    rights_for,
)

THREE = ("Ann", "Ben", "Cas")
FOUR = ("Ann", "Ben", "Cas", "Dot")
BEN = 1


def edit(ledger: Ledger, after: Mapping[str, Any]) -> Action:
    """The edit a screen showing `ledger`'s game sends to make its round's entry `after`."""
    state = ledger.state
    before = state.draft or state.blank_entry()
    changes = [change.to_json() for change in changes_between(before, after)]
    assert changes, "a tap that changes nothing sends nothing"
    return Action("edit", {"round": state.current_round, "changes": changes})


def entry(ledger: Ledger) -> Mapping[str, Any]:
    """The entry of the round being entered, as a screen starts from it."""
    return ledger.state.draft or ledger.state.blank_entry()


def own(ledger: Ledger, action: Action, player: int = BEN) -> Why | None:
    """Why the own phone of the player of seat `player` may not send `action`."""
    return forbidden(Rights.OWN, player, ledger.state, action)


def not_yours(field: str, field_key: str, **field_params: object) -> Why:
    """Ben's own phone's refusal of a change to `field` (its English name)."""
    params = {"player": "Ben", "field": field, "field_key": field_key}
    return NOT_YOURS, {**params, "field_params": field_params}


def wizard_round() -> Ledger:
    """Round 1 of a Wizard game of THREE, Ann's bid of 0 entered by the scorer."""
    ledger = Ledger.start("wizard", THREE, 0)
    return ledger.apply(edit(ledger, wizard.with_bid(entry(ledger), 0, 0)))


def scorer_actions(ledger: Ledger) -> dict[str, Action]:
    """What only the scorer's phone (or one for everyone) may do."""
    score_entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    adjustment = {"number": 1, "after": 0, "seat": BEN, "points": 10, "reason": "a gift"}
    return {
        "score": Action("score", {"round": ledger.state.current_round, "entry": score_entry}),
        "undo": Action("undo"),
        "redo": Action("redo"),
        "rename": Action("rename", {"names": ["Ann", "Benny", "Cas"]}),
        "adjust": Action("adjust", adjustment),
        "remove_adjustment": Action("remove_adjustment", {"number": 1}),
    }


def bens_bid(ledger: Ledger) -> Action:
    return edit(ledger, wizard.with_bid(entry(ledger), BEN, 1))


def test_a_phone_that_named_a_player_starts_with_its_values_and_one_watching_with_none() -> None:
    assert rights_for(None) is Rights.WATCH
    assert [rights_for(seat) for seat in range(6)] == [Rights.OWN] * 6


def test_a_refusal_before_sending_carries_the_catalogs_message() -> None:
    refused = NotAllowed(NOT_YOURS, {"player": "Ben"})
    assert (refused.key, refused.params) == (NOT_YOURS, {"player": "Ben"})
    assert NotAllowed(MAY_NOT_ENTER).params == {}


def test_a_watcher_is_refused_everything() -> None:
    ledger = wizard_round()
    actions = [bens_bid(ledger), *scorer_actions(ledger).values()]
    for player in (None, BEN):  # a player's phone the scorer set to watch, too
        for action in actions:
            assert forbidden(Rights.WATCH, player, ledger.state, action) == (MAY_NOT_ENTER, {})


def test_an_own_phone_that_is_no_players_is_refused_as_a_watcher() -> None:
    ledger = wizard_round()
    assert forbidden(Rights.OWN, None, ledger.state, bens_bid(ledger)) == (MAY_NOT_ENTER, {})


def test_a_phone_for_everyone_may_do_all_the_scorers_may() -> None:
    ledger = wizard_round()
    cas_bid = edit(ledger, wizard.with_bid(entry(ledger), 2, 0))
    trump = edit(ledger, wizard.with_trump(entry(ledger), "H"))
    for player in (None, BEN):
        for action in [bens_bid(ledger), cas_bid, trump, *scorer_actions(ledger).values()]:
            assert forbidden(Rights.EVERYONE, player, ledger.state, action) is None


def test_an_own_phone_enters_its_players_bid_and_tricks_in_wizard() -> None:
    ledger = wizard_round()
    assert own(ledger, bens_bid(ledger)) is None
    assert own(ledger, edit(ledger, wizard.with_tricks(entry(ledger), BEN, 0))) is None
    with_bid = ledger.apply(bens_bid(ledger))
    assert own(with_bid, edit(with_bid, wizard.with_bid(entry(with_bid), BEN, None))) is None
    fresh = Ledger.start("wizard", THREE, 0)  # a round with no draft yet
    assert own(fresh, bens_bid(fresh)) is None
    assert own(fresh, bens_bid(fresh), player=2) == (  # on Cas's phone
        NOT_YOURS,
        {
            "player": "Cas",
            "field": "Ben's bid",
            "field_key": "wizard.field.bid",
            "field_params": {"player": "Ben"},
        },
    )


WIZARD_REFUSED = {
    "Cas's bid": (
        lambda draft: wizard.with_bid(draft, 2, 0),
        not_yours("Cas's bid", "wizard.field.bid", player="Cas"),
    ),
    "Ann's bid taken back": (
        lambda draft: wizard.with_bid(draft, 0, None),
        not_yours("Ann's bid", "wizard.field.bid", player="Ann"),
    ),
    "Ann's tricks": (
        lambda draft: wizard.with_tricks(draft, 0, 1),
        not_yours("Ann's tricks", "wizard.field.tricks", player="Ann"),
    ),
    "the trump": (
        lambda draft: wizard.with_trump(draft, "H"),
        not_yours("The trump", "wizard.field.trump"),
    ),
    "Ben's bid and Cas's at once": (
        lambda draft: wizard.with_bid(wizard.with_bid(draft, BEN, 1), 2, 0),
        not_yours("Cas's bid", "wizard.field.bid", player="Cas"),
    ),
}


@pytest.mark.parametrize(("change", "why"), WIZARD_REFUSED.values(), ids=WIZARD_REFUSED.keys())
def test_an_own_phone_is_refused_another_players_value_and_the_tables_in_wizard(
    change: Any, why: Why
) -> None:
    ledger = wizard_round()
    assert own(ledger, edit(ledger, change(entry(ledger)))) == why


def test_the_cloud_is_the_tables_in_wizard() -> None:
    ledger = Ledger.start("wizard", THREE, 0, {"anniversary_cards": True})
    cloud = edit(ledger, wizard.with_cloud(entry(ledger), BEN, 1))
    why = own(ledger, cloud)
    assert why is not None and why[0] == NOT_YOURS
    assert why[1]["field_key"] == "wizard.field.cloud"


@pytest.mark.parametrize("kind", ["score", "undo", "redo", "rename", "adjust", "remove_adjustment"])
def test_scoring_undo_redo_renaming_and_adjusting_are_the_scorers(kind: str) -> None:
    ledger = wizard_round()
    assert own(ledger, scorer_actions(ledger)[kind]) == (SCORER_ONLY, {"player": "Ben"})


def test_an_edit_that_is_none_is_left_to_the_rules() -> None:
    """An own phone's edit that makes no changes the rules can read is not the rights' to
    refuse: the rules refuse it, in their own words."""
    ledger = wizard_round()
    unread: list[list[object]] = [[], [{"at": [], "was": None, "now": 1}], [{"at": ["bids", 1]}]]
    for changes in [*unread, ["Ben"]]:
        action = Action("edit", {"round": 1, "changes": changes})
        assert own(ledger, action) is None
        with pytest.raises(InvalidEntry):
            ledger.apply(action)


def plotters_round() -> Ledger:
    return Ledger.start("plotters", FOUR, 0)


def test_an_own_phone_enters_its_players_counts_and_face_up_colours_in_plotters() -> None:
    ledger = plotters_round()
    blank = entry(ledger)
    for after in (
        plotters.with_count(blank, BEN, "red", 3),
        plotters.with_count(blank, BEN, "yellow", 2),
        plotters.with_face_up(blank, BEN, ["red", "blue"]),
    ):
        assert own(ledger, edit(ledger, after)) is None, after
    chosen = ledger.apply(edit(ledger, plotters.with_face_up(blank, BEN, ["red", "blue"])))
    changed = edit(chosen, plotters.with_face_up(entry(chosen), BEN, ["red", "green"]))
    assert own(chosen, changed) is None  # one colour of the pair changed


def test_an_own_phone_is_refused_another_players_counts_and_the_rounds_end_in_plotters() -> None:
    ledger = plotters_round()
    blank = entry(ledger)
    cas_red = edit(ledger, plotters.with_count(blank, 2, "red", 3))
    assert own(ledger, cas_red) == not_yours(
        "Cas's red cards", "plotters.field.count", player="Cas", colour="red"
    )
    why = own(ledger, edit(ledger, plotters.with_face_up(blank, 3, ["red", "blue"])))
    assert why is not None and why[0] == NOT_YOURS
    assert (why[1]["field_key"], why[1]["field_params"]) == (
        "plotters.field.face_up",
        {"player": "Dot"},
    )
    why = own(ledger, edit(ledger, plotters.with_ended_early(blank, True)))
    assert why is not None and why[0] == NOT_YOURS
    assert why[1]["field_key"] == "plotters.field.ended_early"


def test_the_player_before_the_last_enters_their_last_colour_on_their_own_phone() -> None:
    """Their last colour marks the entry `before_last_counted` (plotters.with_count): that
    mark is theirs too, so their own phone may set it, and another player's may not."""
    ledger = plotters_round()
    before_last = len(FOUR) - 2
    last_colour = edit(ledger, plotters.with_count(entry(ledger), before_last, "yellow", 3))
    assert {tuple(change["at"]) for change in last_colour.data["changes"]} == {
        ("counts", before_last, "yellow"),
        ("before_last_counted",),
    }
    assert own(ledger, last_colour, player=before_last) is None
    why = own(ledger, last_colour)
    assert why is not None and why[0] == NOT_YOURS


def colour_blind_row() -> Ledger:
    """A Colour-blind deal of THREE whose row holds three cards, the first taken by Ann."""
    ledger = Ledger.start("colour_blind", THREE, 0)
    laid = entry(ledger)
    for card in ("5H", "KS", "2D"):
        laid = colour_blind.with_card_laid(laid, card)
    ledger = ledger.apply(edit(ledger, laid))
    return ledger.apply(edit(ledger, colour_blind.with_captor(laid, 0, 0)))


def test_an_own_phone_takes_a_row_card_for_its_player_or_gives_back_its_own() -> None:
    ledger = colour_blind_row()
    taken = edit(ledger, colour_blind.with_capture(entry(ledger), 2, BEN))
    assert own(ledger, taken) is None
    ledger = ledger.apply(taken)
    given_back = edit(ledger, colour_blind.with_captor(entry(ledger), 2, None))
    assert own(ledger, given_back) is None


def test_an_own_phone_is_refused_another_players_cards_and_the_row() -> None:
    ledger = colour_blind_row()
    row = entry(ledger)
    captor = not_yours("Who took 5H", "colour_blind.field.captor", card="5H")
    refused = {
        "Ann's card taken": (colour_blind.with_captor(row, 0, BEN), captor),
        "Ann's card given back": (colour_blind.with_captor(row, 0, None), captor),
        "a card given to Cas": (
            colour_blind.with_captor(row, 2, 2),
            not_yours("Who took 2D", "colour_blind.field.captor", card="2D"),
        ),
    }
    for name, (after, why) in refused.items():
        assert own(ledger, edit(ledger, after)) == why, name
    # The row as laid is the table's: a card laid on it, or taken back off it.
    for after in (colour_blind.with_card_laid(row, "7C"), colour_blind.without_last_card(row)):
        got = own(ledger, edit(ledger, after))
        assert got is not None and got[0] == NOT_YOURS, after
