"""Wizard's anniversary special cards (RULES.md 1): the trick judge with each card against
every other kind (a Wizard, a Jester, a trump, the led suit), the points RULES.md leaves
open as the app settles them, the cards a game's settings leave out, the Werewolf's trump,
and old settings brought up to date."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorers import wizard
from tests.scorers.helpers import context, refused

RULES = wizard.RULES
THREE = ["Ann", "Bob", "Cy"]
BASE = {"anniversary_cards": False, "shapeshifter": False}
ALL_ON = {"anniversary_cards": True, "shapeshifter": True}


@pytest.mark.parametrize(
    ("cards", "trump", "winner", "reason"),
    [
        # The Dragon beats every kind of card, Wizards included, led or not.
        (["W", "DR", "13H"], "H", 1, "dragon"),
        (["DR", "W", "W"], None, 0, "dragon"),
        (["13S", "J", "DR"], "S", 2, "dragon"),
        (["5D", "13D", "DR"], None, 2, "dragon"),
        (["SW", "DR", "J"], None, 1, "dragon"),
        # The Fairy beats the Dragon, wherever each lies, even with a Wizard in the trick.
        (["DR", "W", "FA"], None, 2, "fairy"),
        (["FA", "DR", "13H"], "H", 0, "fairy"),
        # The Fairy below a Jester: it wins nothing else.
        (["FA", "J", "J"], None, 1, "first_jester"),
        (["FA", "2H", "J"], None, 1, "highest_led"),
        (["FA", "W", "13H"], "H", 1, "first_wizard"),
        (["FA", "2C", "13H"], "C", 1, "highest_trump"),
        # The Shapeshifter as a Wizard is one; as a Jester, one.
        (["13H", "SW", "W"], "H", 1, "first_wizard"),
        (["W", "SW", "2H"], None, 0, "first_wizard"),
        (["SJ", "J", "J"], None, 0, "first_jester"),
        (["SJ", "3D", "13D"], "S", 2, "highest_led"),
        (["J", "SJ", "2C"], "H", 2, "highest_led"),
        # The Juggler a 7.5 and the Cloud a 9.75 in their named suit.
        (["7H", "JGH", "6H"], None, 1, "highest_led"),
        (["8H", "JGH", "6H"], None, 0, "highest_led"),
        (["9S", "CLS", "JGS"], None, 1, "highest_led"),
        (["10S", "CLS", "JGS"], None, 0, "highest_led"),
        (["13D", "JGC", "9D"], "C", 1, "highest_trump"),
        (["JGH", "13S", "8H"], "D", 2, "highest_led"),
        (["CLD", "W", "13D"], "D", 1, "first_wizard"),
        (["CLD", "J", "DR"], "D", 2, "dragon"),
        (["J", "CLC", "13C"], None, 2, "highest_led"),
        # The Bomb: the would-be winner, the Bomb counting as a Jester.
        (["BO", "2H", "13H"], None, 2, "highest_led"),
        (["13H", "BO", "W"], "H", 2, "first_wizard"),
        (["BO", "J", "J"], None, 0, "first_jester"),
        (["J", "BO", "FA"], None, 0, "first_jester"),
        (["BO", "DR", "FA"], None, 2, "fairy"),
    ],
)
def test_each_special_card_against_every_kind(cards, trump, winner, reason):
    assert wizard.trick_winner(cards, trump) == winner
    assert wizard.win_reason(cards, trump) == reason
    taker = wizard.trick_taker(cards, trump)
    assert taker == (None if "BO" in cards else winner)


@pytest.mark.parametrize(
    ("played", "suit"),
    [
        # Open in RULES.md: the Bomb, the Fairy and the Shapeshifter as a Jester count as a
        # Jester when led; the next suit card sets the suit.
        (["BO", "5D"], "D"),
        (["FA", "J", "9S"], "S"),
        (["SJ", "CLH"], "H"),
        (["JGC", "5D"], "C"),
        # The Dragon led frees the others, as a Wizard led does.
        (["DR", "5D"], None),
        (["SW", "5D"], None),
        (["BO", "FA", "SJ"], None),
    ],
)
def test_the_led_suit_with_special_cards(played, suit):
    assert wizard.led_suit(played) == suit


def test_special_cards_may_always_be_played():
    """Open in RULES.md: the app lets any special card be played on any lead."""
    for card in ("DR", "FA", "BO", "SW", "SJ", "JGS", "CLC"):
        assert not wizard.breaks_follow(["7H"], card)
    assert wizard.breaks_follow(["JGH"], "2S")


def test_a_trick_of_the_fairy_and_jesters_goes_to_the_first_jester():
    """Open in RULES.md: the Fairy is the lower card."""
    assert wizard.trick_winner(["FA", "J", "J", "J"], None) == 1
    assert wizard.trick_winner(["J", "FA", "SJ"], None) == 0


def test_the_bomb_makes_the_trick_nobodys_but_names_who_leads_next():
    cards = ["7H", "13H", "BO", "2S"]
    assert wizard.trick_taker(cards, "S") is None
    assert wizard.trick_winner(cards, "S") == 3


@pytest.mark.parametrize(
    ("cards", "key", "fragment"),
    [
        (["DR", "DR", "W"], "wizard.special_twice", "DR"),
        (["SW", "SJ", "W"], "wizard.special_twice", "SJ"),
        (["JGH", "JGS", "W"], "wizard.special_twice", "JGS"),
        (["CLH", "CLH", "W"], "wizard.special_twice", "CLH"),
        (["WF", "W", "W"], "wizard.card_invalid", "WF"),
        (["JG", "W", "W"], "wizard.card_invalid", "JG"),
        (["CLX", "W", "W"], "wizard.card_invalid", "CLX"),
    ],
)
def test_each_special_card_is_played_at_most_once_and_only_as_itself(cards, key, fragment):
    with refused(key, fragment):
        wizard.trick_winner(cards, None)


def test_a_card_the_settings_leave_out_is_refused():
    base = wizard.special_cards(BASE)
    for card in ("DR", "FA", "BO", "JGH", "CLS", "SW", "SJ"):
        with refused("wizard.card_not_in_deck", card):
            wizard.trick_winner([card, "W", "J"], None, base)
        with refused("wizard.card_not_in_deck", card):
            wizard.led_suit([card], base)
    anniversary = wizard.special_cards(dict(BASE, anniversary_cards=True))
    assert wizard.trick_winner(["DR", "W", "J"], None, anniversary) == 0
    with refused("wizard.card_not_in_deck", "SW"):
        wizard.trick_taker(["SW", "W", "J"], None, anniversary)
    assert wizard.trick_winner(["2H", "W", "J"], None, base) == 1


def test_the_settings_say_which_special_cards_are_in_the_deck():
    assert wizard.special_cards(BASE) == frozenset()
    assert wizard.special_cards(dict(BASE, anniversary_cards=True)) == {
        "DR", "FA", "BO", "WF", "JG", "CL"
    }  # fmt: skip
    assert wizard.special_cards(dict(BASE, shapeshifter=True)) == {"SW", "SJ"}
    assert [wizard.deck_size(s) for s in (BASE, dict(BASE, anniversary_cards=True), ALL_ON)] == [
        60,
        66,
        67,
    ]


def test_with_special_cards_the_last_round_turns_up_a_trump_too():
    last = context(RULES, THREE, 20, settings={"anniversary_cards": True})
    assert wizard.trump_choices(20, 3, last.settings)[-1] == wizard.WEREWOLF
    whole = dict(trump_entry("H"), bids=[20, 0, 0], tricks=[20, 0, 0])
    assert RULES.check_entry(whole, last, complete=True)["trump"] == "H"
    shapeshifter = context(RULES, THREE, 20, settings={"shapeshifter": True})
    assert wizard.trump_choices(20, 3, shapeshifter.settings) == wizard.TURN_UPS
    assert RULES.reminder(20, "Ann", "Bob", shapeshifter.settings, 3)[0] == "wizard.trump"
    assert RULES.reminder(20, "Ann", "Bob", RULES.resolve_settings({}, 3), 3)[0] == (
        "wizard.no_trump"
    )


def trump_entry(trump: str | None) -> dict:
    """A whole round of three cards each with this trump."""
    return {"bids": [1, 1, 1], "tricks": [1, 1, 1], "cloud": None, "trump": trump}


def test_the_werewolf_names_the_trump_or_no_trump():
    ctx = context(RULES, THREE, 3, settings={"anniversary_cards": True})
    assert RULES.check_entry(trump_entry("WF"), ctx, complete=False)["trump"] == "WF"
    with refused("wizard.trump_werewolf_missing", "names a suit or no trump"):
        RULES.check_entry(trump_entry("WF"), ctx, complete=True)
    for named, suit in (("WFH", "H"), ("WFN", None)):
        assert RULES.check_entry(trump_entry(named), ctx, complete=True)["trump"] == named
        assert wizard.trump_suit(named) == suit
    assert wizard.werewolf_names("S") == "WFS"
    assert wizard.laid_for_trump("WFS") == wizard.WEREWOLF
    with refused("wizard.trump_card_invalid", "'WFX'"):
        RULES.check_entry(trump_entry("WFX"), ctx, complete=False)
    with refused("wizard.card_not_in_deck", "WF"):
        RULES.check_entry(trump_entry("WFH"), context(RULES, THREE, 3), complete=False)


def test_the_werewolf_as_a_change_for_undo_and_on_the_sheet():
    names = [RULES.change_name(["trump"], now, THREE, {}) for now in ("WF", "WFC", "WFN")]
    assert names == [
        ("wizard.change.trump_werewolf", {}),
        ("wizard.change.trump_werewolf_picked", {"suit": "C"}),
        ("wizard.change.trump_werewolf_none", {}),
    ]
    settings = {"anniversary_cards": True, "shapeshifter": False}
    assert wizard.trump_mark("WFC", 3, 3, settings) == "WF \u2663"
    assert wizard.trump_mark("WFN", 20, 3, settings) == "WF \u2014"


def test_the_anniversary_cards_bring_the_bombs_and_the_clouds_scoring():
    on = context(RULES, THREE, 3, settings={"anniversary_cards": True})
    one_short = {"bids": [1, 1, 0], "tricks": [1, 1, 0], "cloud": {"seat": 0, "change": 1}}
    assert RULES.score(RULES.check_entry(one_short, on, complete=True), on) == (-10, 30, 20)
    with refused("wizard.cloud_off"):
        RULES.check_entry(one_short, context(RULES, THREE, 3), complete=True)
    shapeshifter_only = context(RULES, THREE, 3, settings={"shapeshifter": True})
    with refused("wizard.cloud_off"):
        RULES.check_entry(one_short, shapeshifter_only, complete=True)


@pytest.mark.parametrize(
    ("saved", "anniversary"),
    [
        ({"bomb": True, "cloud": False}, True),
        ({"bomb": False, "cloud": True}, True),
        ({"bomb": False, "cloud": False}, False),
        ({}, False),
        ({"anniversary_cards": True}, True),
    ],
)
def test_old_bomb_and_cloud_switches_become_the_anniversary_cards(saved, anniversary):
    upgraded = wizard.upgraded_settings({"hook": True, **saved})
    assert RULES.resolve_settings(upgraded, 3) == RULES.resolve_settings(
        {"hook": True, "anniversary_cards": anniversary}, 3
    )


def test_an_old_switch_that_is_not_on_or_off_is_left_to_be_refused():
    with refused("settings.unknown", "bomb"):
        RULES.resolve_settings(wizard.upgraded_settings({"bomb": "yes"}), 3)


SPECIALS = ["DR", "FA", "BO", "SW", "SJ", "JGS", "JGH", "CLD", "CLC"]
plain = st.sampled_from(["W", "J", *[f"{n}{s}" for n in range(1, 14) for s in "SHDC"]])


@st.composite
def special_tricks(draw: st.DrawFn) -> list[str]:
    """3 to 6 cards of the whole deck, each special card at most once (the Shapeshifter
    once either way, the Juggler and the Cloud once whatever their suit)."""
    specials = draw(st.lists(st.sampled_from(SPECIALS), max_size=4, unique_by=lambda c: c[:2]))
    specials = [c for c in specials if c != "SJ" or "SW" not in specials]
    size = draw(st.integers(max(3, len(specials)), 6))
    others = draw(st.lists(plain, min_size=size - len(specials), max_size=size - len(specials)))
    others = [c for i, c in enumerate(others) if c in ("W", "J") or c not in others[:i]]
    cards = draw(st.permutations([*specials, *others]))
    assume(len(cards) >= 3 and cards.count("W") <= 4 and cards.count("J") <= 4)
    return cards


@given(special_tricks(), st.sampled_from(["S", "H", "D", "C", None]))
def test_the_dragon_the_fairy_and_the_bomb_in_any_trick(cards, trump):
    winner = wizard.trick_winner(cards, trump)
    if "DR" in cards:
        assert cards[winner] == ("FA" if "FA" in cards else "DR")
    else:
        assert cards[winner] != "FA"  # the Fairy wins only against the Dragon
    if "BO" in cards:
        assert wizard.trick_taker(cards, trump) is None
    else:
        assert wizard.trick_taker(cards, trump) == winner


@given(special_tricks(), st.sampled_from(["S", "H", "D", "C", None]))
def test_the_shapeshifter_wins_as_the_card_it_is_played_as(cards, trump):
    """Played as a Wizard or a Jester, the Shapeshifter's trick goes where that card's
    would (a Wizard or a Jester in its place, where the deck would allow one)."""
    for shifted, card in (("SW", "W"), ("SJ", "J")):
        if shifted in cards and cards.count(card) < 4:
            swapped = [card if c == shifted else c for c in cards]
            assert wizard.trick_winner(cards, trump) == wizard.trick_winner(swapped, trump)
