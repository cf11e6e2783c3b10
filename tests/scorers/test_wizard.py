import pytest

from scorers import wizard
from scorers.game import ScoredRound
from tests.scorers.helpers import context, refused, reminder_text

RULES = wizard.RULES
FOUR = ["Ann", "Bob", "Cy", "Di"]


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_for_is_sixty_over_players(players, rounds):
    assert wizard.rounds_for(players) == rounds


@pytest.mark.parametrize("players", [2, 7, 0, "4", True, None])
def test_rounds_for_refuses_other_table_sizes(players):
    with refused("players.count", "3 to 6", players):
        wizard.rounds_for(players)


@pytest.mark.parametrize(
    ("bid", "tricks", "score"),
    [(0, 0, 20), (3, 3, 50), (2, 4, -20), (5, 2, -30), (0, 1, -10), (20, 20, 220)],
)
def test_round_score(bid, tricks, score):
    assert wizard.round_score(bid, tricks) == score


@pytest.mark.parametrize(("bid", "tricks"), [(-1, 0), (21, 0), (True, 1), ("2", 2), (1.0, 1)])
def test_round_score_refuses_impossible_bids(bid, tricks):
    with refused("wizard.bid_not_possible", str(bid)):
        wizard.round_score(bid, tricks)


def test_round_score_refuses_impossible_tricks():
    with refused("wizard.tricks_not_possible", "-2"):
        wizard.round_score(1, -2)


@pytest.mark.parametrize(
    ("cards", "others", "forbidden"),
    [
        (7, [2, 3], 2),
        (7, [2, 3, 2], 0),
        (3, [2, 2], None),
        (3, [3, 0], 0),
        (1, [], 1),
        (5, [0, 0, 0], 5),
    ],
)
def test_forbidden_bid(cards, others, forbidden):
    assert wizard.forbidden_bid(cards, others) == forbidden


def test_forbidden_bid_refuses_impossible_input():
    with refused("wizard.cards_not_possible", "0"):
        wizard.forbidden_bid(0, [])
    with refused("wizard.bid_not_possible", "4", "0 to 3"):
        wizard.forbidden_bid(3, [4])
    with refused("wizard.too_many_bids", "6"):
        wizard.forbidden_bid(3, [0] * 6)


def test_default_settings():
    assert RULES.resolve_settings(None, 4) == {
        "hook": False,
        "canadian": False,
        "tie_break_by_bids": True,
        "round_sizes": None,
        "anniversary_cards": False,
        "shapeshifter": False,
        "deck": "numbers",
    }


def test_settings_refused():
    with refused("settings.unknown", "hooks"):
        RULES.resolve_settings({"hooks": True}, 4)
    with refused("settings.not_on_off", "hook", "yes"):
        RULES.resolve_settings({"hook": "yes"}, 4)
    with refused("settings.not_mapping"):
        RULES.resolve_settings(["hook"], 4)
    for sizes in ([], "135", [1.5], [True]):
        with refused("wizard.round_sizes_invalid", "between 1 and 15"):
            RULES.resolve_settings({"round_sizes": sizes}, 4)
    for sizes, wrong in (([0], 0), ([1, 3, 16], 16), ([-2], -2)):
        with refused("wizard.round_size_out_of_range", "between 1 and 15", wrong) as refusal:
            RULES.resolve_settings({"round_sizes": sizes}, 4)
        assert "[" not in str(refusal.value)
    assert RULES.resolve_settings({"round_sizes": [20, 1]}, 3)["round_sizes"] == [20, 1]


def test_round_info_deal_passes_left():
    settings = RULES.resolve_settings({}, 4)
    first = RULES.round_info(1, FOUR, 2, settings)
    assert (first.cards, first.dealer, first.first) == (1, 2, 3)
    second = RULES.round_info(2, FOUR, 2, settings)
    assert (second.cards, second.dealer, second.first) == (2, 3, 0)
    assert RULES.round_info(5, FOUR, 2, settings).dealer == 2


def test_trump_reminder_and_no_trump_when_every_card_is_dealt():
    settings = RULES.resolve_settings({}, 4)
    fourteen = RULES.round_info(14, FOUR, 0, settings)
    assert fourteen.reminder == "wizard.trump"
    assert fourteen.reminder_params["dealer"] == "Bob"
    assert "Bob" in reminder_text(fourteen)
    last = RULES.round_info(15, FOUR, 0, settings)
    assert last.reminder == "wizard.no_trump"
    assert "no trump" in reminder_text(last)
    with refused("round.beyond_game", "16", "15"):
        RULES.round_info(16, FOUR, 0, settings)
    with refused("round.invalid", "0"):
        RULES.round_info(0, FOUR, 0, settings)


def test_short_game_uses_the_listed_hand_sizes():
    settings = RULES.resolve_settings({"round_sizes": [1, 3, 15]}, 4)
    assert RULES.round_count(4, settings) == 3
    assert [RULES.round_info(n, FOUR, 0, settings).cards for n in (1, 2, 3)] == [1, 3, 15]
    assert RULES.round_info(3, FOUR, 0, settings).reminder == "wizard.no_trump"
    assert RULES.is_over([0] * 4, 3, settings)
    assert not RULES.is_over([0] * 4, 2, settings)


@pytest.mark.parametrize(("players", "cards"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_the_every_card_plan_deals_the_whole_deck_in_each_of_five_rounds(players, cards):
    sizes = wizard.round_plans(players)["every_card"]
    assert sizes == [cards] * 5
    names = FOUR[:players] if players <= 4 else [*FOUR, "Ed", "Flo"][:players]
    settings = RULES.resolve_settings({"round_sizes": sizes}, players)
    assert RULES.round_count(players, settings) == 5
    infos = [RULES.round_info(n, names, 0, settings) for n in range(1, 6)]
    assert all(info.cards * players == wizard.DECK for info in infos)
    assert {info.reminder for info in infos} == {"wizard.no_trump"}


def test_round_plans_refuse_a_table_wizard_is_not_played_at():
    with refused("players.count", "3 to 6", 7):
        wizard.round_plans(7)


def seven(settings=None, totals=None, dealer=0):
    """Round 7 with `dealer` (seat) dealing."""
    return context(RULES, FOUR, 7, (dealer - 6) % 4, settings, totals)


def entry(bids, tricks=None):
    return {"bids": bids, "tricks": tricks or [None] * len(bids)}


def test_entry_bid_range_names_player_and_value():
    with refused("wizard.bid_out_of_range", "Bob cannot bid 8", "0 to 7"):
        RULES.check_entry(entry([1, 8, None, None]), seven(), complete=False)
    with refused("wizard.bid_out_of_range", "Cy", "-1"):
        RULES.check_entry(entry([1, 1, -1, None]), seven(), complete=False)
    with refused("wizard.tricks_out_of_range", "Di", "9"):
        RULES.check_entry(entry([1, 1, 1, 1], [0, 0, 0, 9]), seven(), complete=False)


def test_hook_forbids_the_dealers_bid_that_makes_the_total():
    # Ann deals round 7; Bob, Cy, Di bid 2, 3, 0 -> Ann may not bid 2.
    ctx = seven({"hook": True})
    with refused("wizard.hook_forbidden_bid") as info:
        RULES.check_entry(entry([2, 2, 3, 0]), ctx, complete=False)
    assert str(info.value) == "Bids may not total 7: Ann may not bid 2."
    assert wizard.dealer_restriction(ctx, [None, 2, 3, 0]) == (2, "wizard.hook_forbidden_bid")
    assert RULES.check_entry(entry([3, 2, 3, 0]), ctx, complete=False)["bids"] == [3, 2, 3, 0]


def test_hook_waits_for_every_other_bid_and_forbids_nothing_when_over():
    ctx = seven({"hook": True})
    assert wizard.dealer_restriction(ctx, [2, 2, None, 0]) is None
    RULES.check_entry(entry([2, 2, None, 3]), ctx, complete=False)
    assert wizard.dealer_restriction(ctx, [None, 4, 4, 0]) is None
    RULES.check_entry(entry([0, 4, 4, 0]), ctx, complete=False)


def test_hook_can_forbid_a_zero_bid():
    ctx = seven({"hook": True})
    with refused("wizard.hook_forbidden_bid", "Ann may not bid 0"):
        RULES.check_entry(entry([0, 3, 3, 1]), ctx, complete=False)


def test_base_game_allows_any_total():
    RULES.check_entry(entry([2, 2, 3, 0]), seven(), complete=False)


def test_canadian_rule_applies_only_to_a_sole_leader():
    leading = seven({"canadian": True}, totals=[50, 40, 30, 20])
    with refused("wizard.canadian_forbidden_bid", "Ann leads alone", "may not bid 2"):
        RULES.check_entry(entry([2, 2, 3, 0]), leading, complete=False)
    tied = seven({"canadian": True}, totals=[50, 50, 30, 20])
    RULES.check_entry(entry([2, 2, 3, 0]), tied, complete=False)
    behind = seven({"canadian": True}, totals=[10, 50, 30, 20])
    RULES.check_entry(entry([2, 2, 3, 0]), behind, complete=False)
    assert wizard.dealer_restriction(behind, [None, 2, 3, 0]) is None


def test_canadian_rule_always_allows_a_zero_bid():
    leading = seven({"canadian": True}, totals=[50, 40, 30, 20])
    assert wizard.dealer_restriction(leading, [None, 3, 3, 1]) is None
    RULES.check_entry(entry([0, 3, 3, 1]), leading, complete=False)


def test_hook_and_canadian_together_take_the_broader_hook():
    both = seven({"canadian": True, "hook": True}, totals=[50, 40, 30, 20])
    with refused("wizard.hook_forbidden_bid", "may not bid 0"):
        RULES.check_entry(entry([0, 3, 3, 1]), both, complete=False)


def test_complete_entry_needs_every_bid_and_trick():
    with refused("wizard.bid_missing", "Cy"):
        RULES.check_entry(entry([1, 1, None, 1], [1, 1, 1, 4]), seven(), complete=True)
    with refused("wizard.tricks_missing", "Di"):
        RULES.check_entry(entry([1, 1, 1, 1], [1, 1, 1, None]), seven(), complete=True)


def test_the_first_missing_value_is_named_in_bidding_order_bids_before_tricks():
    # Ann (seat 0) deals round 7, so Bob bids first, then Cy, Di and Ann.
    with refused("wizard.bid_missing", "Di"):
        RULES.check_entry(entry([None, 1, 1, None]), seven(), complete=True)
    with refused("wizard.bid_missing", "Ann"):
        RULES.check_entry(entry([None, 1, 1, 1], [None, 1, 1, 1]), seven(), complete=True)
    with refused("wizard.tricks_missing", "Cy"):
        RULES.check_entry(entry([1, 1, 1, 1], [None, 1, None, None]), seven(), complete=True)


def test_tricks_must_add_up_to_the_cards_dealt():
    with refused("wizard.tricks_total", "6 of the 7", "1 missing"):
        RULES.check_entry(entry([1, 1, 1, 1], [1, 1, 1, 3]), seven(), complete=True)
    with refused("wizard.tricks_too_many", "9 of the 7", "2 too many"):
        RULES.check_entry(entry([1, 1, 1, 1], [4, 4, 0, 1]), seven(), complete=True)


def test_a_draft_may_hold_more_tricks_than_were_played_while_they_are_moved():
    # Moving a trick from Cy to Bob: Bob is raised first, the total is 8 of 7 for a moment.
    RULES.check_entry(entry([1, 1, 1, 1], [4, 4, None, None]), seven(), complete=False)
    RULES.check_entry(entry([1, 1, 1, 1], [2, 3, 2, 1]), seven(), complete=False)
    with refused("wizard.tricks_out_of_range", "Bob", "8"):
        RULES.check_entry(entry([1, 1, 1, 1], [None, 8, None, None]), seven(), complete=False)


def test_bomb_allows_one_trick_fewer():
    bomb = seven({"anniversary_cards": True})
    RULES.check_entry(entry([1, 1, 1, 1], [1, 1, 1, 3]), bomb, complete=True)
    RULES.check_entry(entry([1, 1, 1, 1], [1, 1, 1, 4]), bomb, complete=True)
    with refused("wizard.tricks_total_bomb", "entered: 5", "7", "or 6"):
        RULES.check_entry(entry([1, 1, 1, 1], [1, 1, 1, 2]), bomb, complete=True)


def test_scores_of_a_complete_entry():
    ctx = seven()
    checked = RULES.check_entry(entry([2, 0, 3, 1], [2, 1, 3, 1]), ctx, complete=True)
    assert RULES.score(checked, ctx) == (40, -10, 50, 30)


def test_cloud_changes_the_counted_bid_but_not_the_hook_check():
    ctx = seven({"anniversary_cards": True, "hook": True})
    made = {"bids": [1, 2, 3, 0], "tricks": [2, 2, 3, 0], "cloud": {"seat": 0, "change": 1}}
    checked = RULES.check_entry(made, ctx, complete=True)
    assert RULES.score(checked, ctx) == (40, 40, 50, 20)
    # The bids as made total 7 only after the Cloud: as made the dealer bid 1, allowed.
    forbidden = dict(made, bids=[2, 2, 3, 0], cloud={"seat": 0, "change": -1})
    with refused("wizard.hook_forbidden_bid", "Ann may not bid 2"):
        RULES.check_entry(forbidden, ctx, complete=True)


def test_cloud_refusals_name_player_and_value():
    base = {"bids": [0, 2, 3, 0], "tricks": [None] * 4}
    with refused("wizard.cloud_off"):
        RULES.check_entry(dict(base, cloud={"seat": 0, "change": 1}), seven(), complete=False)
    ctx = seven({"anniversary_cards": True})
    with refused("wizard.cloud_change_invalid", "Bob", "2"):
        RULES.check_entry(dict(base, cloud={"seat": 1, "change": 2}), ctx, complete=False)
    with refused("wizard.cloud_bid_out_of_range", "Ann", "from 0 to -1"):
        RULES.check_entry(dict(base, cloud={"seat": 0, "change": -1}), ctx, complete=False)
    with refused("players.seat_invalid", "seat 4"):
        RULES.check_entry(dict(base, cloud={"seat": 4, "change": 1}), ctx, complete=False)
    with refused("wizard.bid_missing", "Di"):
        RULES.check_entry(
            {"bids": [0, 2, 3, None], "tricks": [None] * 4, "cloud": {"seat": 3, "change": 1}},
            ctx,
            complete=False,
        )


def test_the_cloud_is_refused_for_a_player_who_took_no_trick():
    """Only the winner of the Cloud's trick changes their bid, so they took at least it."""
    ctx = seven({"anniversary_cards": True})
    none_taken = {"bids": [0, 2, 3, 1], "tricks": [0, 2, 3, 2], "cloud": {"seat": 0, "change": 1}}
    with refused("wizard.cloud_no_trick", "Ann"):
        RULES.check_entry(none_taken, ctx, complete=True)
    with refused("wizard.cloud_no_trick", "Ann"):  # said as soon as the tricks show it
        RULES.check_entry(dict(none_taken, tricks=[0, None, None, None]), ctx, complete=False)
    taken = dict(none_taken, tricks=[1, 2, 3, 1])
    assert RULES.check_entry(taken, ctx, complete=True)["cloud"] == {"seat": 0, "change": 1}


def test_entry_shape_refused():
    with refused("entry.not_mapping", "Wizard"):
        RULES.check_entry([1, 2], seven(), complete=False)
    with refused("entry.missing_field", "tricks"):
        RULES.check_entry({"bids": [None] * 4}, seven(), complete=False)
    with refused("entry.unknown_field", "score"):
        RULES.check_entry(dict(entry([None] * 4), score=1), seven(), complete=False)
    with refused("entry.wrong_length", "bids", "4", "3"):
        RULES.check_entry(entry([None] * 3, [None] * 4), seven(), complete=False)
    with refused("entry.not_list", "bids"):
        RULES.check_entry({"bids": "1234", "tricks": [None] * 4}, seven(), complete=False)


def scored(bids, tricks):
    return ScoredRound(1, {"bids": bids, "tricks": tricks, "cloud": None}, ())


def test_tie_break_by_bids_orders_tied_totals():
    settings = RULES.resolve_settings({}, 3)
    rounds = [scored([3, 1, 2], [3, 1, 2]), scored([4, 1, 0], [0, 2, 1])]
    standings = RULES.standings([60, 60, 10], rounds, settings)
    assert [(s.seat, s.place) for s in standings] == [(0, 1), (1, 2), (2, 3)]
    assert standings[0].note == "wizard.tie_break_bids"
    assert standings[0].note_params == {"value": 7}
    assert standings[1].note_params == {"value": 2}
    assert standings[2].note is None


def test_tie_break_off_or_equal_bids_share_the_place():
    rounds = [scored([3, 3, 2], [3, 3, 2])]
    on = RULES.standings([50, 50, 40], rounds, RULES.resolve_settings({}, 3))
    assert [(s.seat, s.place, s.note) for s in on] == [(0, 1, None), (1, 1, None), (2, 3, None)]
    off_settings = RULES.resolve_settings({"tie_break_by_bids": False}, 3)
    off = RULES.standings([50, 50, 40], [scored([5, 0, 2], [3, 3, 2])], off_settings)
    assert [(s.seat, s.place) for s in off] == [(0, 1), (1, 1), (2, 3)]


# The trick judge. Each trick is worked by hand from RULES.md ("Trick winner: the first
# Wizard; else the highest trump; else the highest card of the led suit; if only Jesters
# were played, the first Jester"; "A Jester led: the first non-Jester card played sets the
# suit. A Wizard led: anything may be played").
@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        # Hearts led, the one spade is trump: it beats the higher hearts.
        (["7H", "13H", "2S", "J"], "S", 2),
        # The same trick without trump: 13 is the highest heart; the 2S is off suit.
        (["7H", "13H", "2S", "J"], None, 1),
        # Hearts are trump but nobody played one: clubs were led, so the lowest card in
        # the deck (1C) beats the higher diamonds.
        (["1C", "13D", "12D"], "H", 0),
        # Diamonds trump: the highest of the three diamonds, not the first.
        (["1C", "13D", "12D", "1D"], "D", 1),
        # A Jester led: the 5D sets diamonds; the 9D beats it; the 13C is off suit.
        (["J", "5D", "13C", "9D"], None, 3),
        # ... unless clubs are trump: then the 13C (the only trump) wins.
        (["J", "5D", "13C", "9D"], "C", 2),
        # The first of two Wizards wins, over the top trump and the later Wizard.
        (["3S", "W", "W", "13S"], "S", 1),
        # A Wizard led wins whatever follows.
        (["W", "J", "13H", "1H"], "H", 0),
        # Only Jesters: the first Jester (the one led).
        (["J", "J", "J"], None, 0),
        (["J", "J", "J", "J"], "S", 0),
        # Jesters before and after a Wizard: the Wizard.
        (["J", "J", "W", "J"], None, 2),
        # Four Jesters led, then the first suit card sets hearts: the 1H beats the 2D.
        (["J", "J", "1H", "J", "J", "2D"], None, 2),
        # Six players: the last card, a Wizard, beats the trumps before it.
        (["12H", "1S", "2S", "J", "13H", "W"], "S", 5),
        # Four Wizards and two Jesters: the first Wizard.
        (["J", "W", "W", "J", "W", "W"], None, 1),
        # Cards and trump in any case.
        (["13h", "w", "j"], None, 1),
        (["2h", "1s", "13h"], "s", 1),
    ],
)
def test_trick_winner_hand_worked(cards, trump, winner):
    assert wizard.trick_winner(cards, trump) == winner


@pytest.mark.parametrize(
    ("cards", "suit"),
    [
        ([], None),  # nothing played yet
        (["J"], None),  # only Jesters so far: the next card sets the suit
        (["J", "J", "J"], None),
        (["5D"], "D"),
        (["5d", "13S"], "D"),
        (["J", "5D", "13S"], "D"),  # the first card that is not a Jester sets it
        (["W"], None),  # a Wizard led frees everyone
        (["W", "5D", "6D"], None),
        (["J", "W", "5D"], None),  # a Wizard after a led Jester frees everyone too
        (["J", "J", "J", "J", "13C", "W"], "C"),
    ],
)
def test_led_suit(cards, suit):
    assert wizard.led_suit(cards) == suit


@pytest.mark.parametrize(
    "card", ["14H", "0S", "01S", "-1S", "H", "13", "13X", "", "WW", "JS", "10 H", " 5H", 13, None]
)
def test_trick_winner_refuses_a_card_that_is_not_a_wizard_card(card):
    with refused("wizard.card_invalid", f"'{card}'", "13H"):
        wizard.trick_winner(["5H", card, "W"], None)
    with refused("wizard.card_invalid"):
        wizard.led_suit([card])


def test_trick_winner_refuses_a_suit_card_played_twice():
    with refused("wizard.card_twice", "5H", "one of each suit card"):
        wizard.trick_winner(["5H", "W", "5h"], None)
    with refused("wizard.card_twice", "13C"):
        wizard.led_suit(["13C", "13C"])


def test_four_wizards_and_four_jesters_are_allowed_but_not_five():
    assert wizard.trick_winner(["J", "J", "J", "J", "W", "W"], None) == 4
    assert wizard.trick_winner(["W", "W", "W", "W", "J", "J"], None) == 0
    with refused("wizard.too_many_wizards", "5 Wizards", "has 4"):
        wizard.trick_winner(["W"] * 5, None)
    with refused("wizard.too_many_jesters", "5 Jesters", "has 4"):
        wizard.trick_winner(["J"] * 5 + ["1H"], "H")
    with refused("wizard.too_many_jesters", "5 Jesters"):
        wizard.led_suit(["J"] * 5)


@pytest.mark.parametrize("trump", ["X", "", "SH", "W", "J", "Spades", 1, True])
def test_trick_winner_refuses_a_trump_that_is_not_a_suit(trump):
    with refused("wizard.trump_invalid", f"'{trump}'", "S, H, D or C"):
        wizard.trick_winner(["5H", "6H", "7H"], trump)


@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_trick_winner_refuses_a_trick_of_the_wrong_size(count):
    cards = [f"{number}H" for number in range(1, count + 1)]
    with refused("wizard.trick_size", "3 to 6", f"not {count}"):
        wizard.trick_winner(cards, None)


def test_led_suit_takes_a_trick_under_way_but_not_more_than_six_cards():
    assert wizard.led_suit(["1H", "2H"]) == "H"
    with refused("wizard.trick_size", "not 7"):
        wizard.led_suit([f"{number}H" for number in range(1, 8)])


@pytest.mark.parametrize("cards", ["13H", b"W J", None, {"13H", "W", "J"}])
def test_the_trick_judge_refuses_cards_that_are_not_a_list(cards):
    with refused("entry.not_list", "cards"):
        wizard.trick_winner(cards, None)
    with refused("entry.not_list"):
        wizard.led_suit(cards)


# The round's trump: the card turned up after the deal, recorded in the entry.

THREE = ["Ann", "Bob", "Cy"]


def trump_entry(trump: object, bids: list[int | None] | None = None) -> dict[str, object]:
    blank = [None, None, None]
    return {"bids": bids or blank, "tricks": list(blank), "cloud": None, "trump": trump}


@pytest.mark.parametrize("trump", ["S", "H", "D", "C", "J", "W", "WS", "WH", "WD", "WC"])
def test_a_draft_takes_every_card_that_can_be_turned_up(trump):
    checked = RULES.check_entry(trump_entry(trump), context(RULES, THREE, 3), complete=False)
    assert checked["trump"] == trump


def test_a_trump_not_entered_leaves_the_entry_as_it_always_was():
    ctx = context(RULES, THREE, 2)
    old = {"bids": [1, 0, 1], "tricks": [1, 0, 1], "cloud": None}
    for given in (old, {**old, "trump": None}):
        assert RULES.check_entry(given, ctx, complete=True) == old


def test_the_trump_never_changes_a_score():
    ctx = context(RULES, THREE, 2)
    old = {"bids": [1, 0, 1], "tricks": [1, 1, 0], "cloud": None}
    scores = RULES.score(RULES.check_entry(old, ctx, complete=True), ctx)
    for trump in ("H", "J", "WC"):
        entry = RULES.check_entry({**old, "trump": trump}, ctx, complete=True)
        assert RULES.score(entry, ctx) == scores == (30, -10, -10)


@pytest.mark.parametrize("trump", ["X", "h", "WJ", "WW", "W H", "", "JS", 3, True, ["H"]])
def test_a_trump_that_no_card_can_be_is_refused_by_name(trump):
    with refused("wizard.trump_card_invalid", f"'{trump}'", "J for a Jester"):
        RULES.check_entry(trump_entry(trump), context(RULES, THREE, 3), complete=False)


def test_the_round_that_deals_every_card_has_no_trump_to_enter():
    last = context(RULES, THREE, 20)
    assert wizard.trump_choices(last.info.cards, 3, last.settings) == ()
    assert RULES.check_entry(trump_entry(None), last, complete=False)["bids"] == [None] * 3
    with refused("wizard.trump_all_dealt", "20 each", "no trump"):
        RULES.check_entry(trump_entry("H"), last, complete=False)


def test_a_short_game_turns_up_a_trump_in_its_last_round_too():
    short = context(RULES, THREE, 2, settings={"round_sizes": [1, 5]})
    assert wizard.trump_choices(short.info.cards, 3, short.settings) == wizard.TURN_UPS
    assert RULES.check_entry(trump_entry("D"), short, complete=False)["trump"] == "D"


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_only_the_last_round_of_a_full_game_asks_no_trump(players, rounds):
    settings = RULES.resolve_settings({}, players)
    asked = [bool(wizard.trump_choices(cards, players, settings)) for cards in range(1, rounds + 1)]
    assert asked == [True] * (rounds - 1) + [False]


def test_a_wizard_turned_up_lets_the_dealer_pick_one_of_four_suits_never_no_trump():
    assert wizard.laid_for_trump("W") == wizard.laid_for_trump("WH") == wizard.WIZARD
    assert [wizard.laid_for_trump(trump) for trump in ("J", "H", None)] == ["J", "H", None]
    assert wizard.wizard_picks("C") == "WC"
    with refused("wizard.trump_card_invalid", "'WJ'"):
        RULES.check_entry(trump_entry("WJ"), context(RULES, THREE, 3), complete=False)


def test_a_round_is_scored_only_once_the_dealer_has_picked_the_wizards_suit():
    ctx = context(RULES, THREE, 2, first_dealer=0)
    entry = {"bids": [1, 0, 1], "tricks": [1, 0, 1], "cloud": None, "trump": "W"}
    with refused("wizard.trump_suit_missing", "Bob picks the trump suit", "clear the trump"):
        RULES.check_entry(entry, ctx, complete=True)
    assert RULES.check_entry({**entry, "trump": "WS"}, ctx, complete=True)["trump"] == "WS"


@pytest.mark.parametrize(
    ("trump", "suit"),
    [("S", "S"), ("H", "H"), ("WD", "D"), ("WC", "C"), ("J", None), ("W", None), (None, None)],
)
def test_the_suit_that_is_trump(trump, suit):
    assert wizard.trump_suit(trump) == suit


def test_setting_a_bid_tricks_or_the_cloud_keeps_the_trump():
    entry = wizard.with_trump(RULES.blank_entry(3), "WH")
    entry = wizard.with_cloud(wizard.with_tricks(wizard.with_bid(entry, 1, 2), 0, 1), 1, -1)
    assert entry == {
        "bids": [None, 2, None],
        "tricks": [1, None, None],
        "cloud": {"seat": 1, "change": -1},
        "trump": "WH",
    }
    cleared = wizard.with_trump(entry, None)
    assert "trump" not in cleared
    assert cleared["bids"] == entry["bids"]


def test_the_trump_as_a_field_and_as_a_change_for_undo():
    assert RULES.field_name(["trump"], THREE, RULES.blank_entry(3)) == ("wizard.field.trump", {})
    named = [RULES.change_name(["trump"], now, THREE, {}) for now in ("H", "J", "W", "WS", None)]
    assert named == [
        ("wizard.change.trump", {"suit": "H"}),
        ("wizard.change.trump_jester", {}),
        ("wizard.change.trump_wizard", {}),
        ("wizard.change.trump_picked", {"suit": "S"}),
        ("wizard.change.trump_cleared", {}),
    ]


@pytest.mark.parametrize(
    ("cards", "trump", "reason"),
    [
        (["3S", "W", "W", "13S"], "S", "first_wizard"),
        (["7H", "13H", "2S", "J"], "S", "highest_trump"),
        (["7H", "13H", "2S", "J"], "D", "highest_led"),
        (["7H", "13H", "2S", "J"], None, "highest_led"),
        (["J", "5D", "13C", "9D"], "c", "highest_trump"),
        (["J", "J", "J"], "S", "first_jester"),
    ],
)
def test_win_reason_names_the_rule_that_gave_the_trick(cards, trump, reason):
    assert wizard.win_reason(cards, trump) == reason


def test_win_reason_refuses_what_the_judge_refuses():
    with refused("wizard.trick_size"):
        wizard.win_reason(["W", "J"], None)


@pytest.mark.parametrize(
    ("played", "suit"),
    [
        (["7H"], "H"),
        (["J", "5d"], "D"),
        (["J", "J", "13C", "W"], "C"),
    ],
)
def test_a_player_holding_the_led_suit_may_not_play_another_suit(played, suit):
    barred = wizard.barred_cards(played)
    others = [s for s in wizard.SUITS if s != suit]
    assert barred == {n + s for s in others for n in wizard.NUMBERS}
    assert len(barred) == 39
    assert not barred & {wizard.WIZARD, wizard.JESTER}
    assert all(not wizard.breaks_follow(played, n + suit) for n in wizard.NUMBERS)
    assert all(wizard.breaks_follow(played, n + s) for s in others for n in ("1", "13"))


@pytest.mark.parametrize("played", [[], ["J"], ["J", "J"], ["W"], ["W", "5D"], ["J", "W", "5D"]])
def test_with_no_suit_led_every_card_may_be_played(played):
    assert wizard.barred_cards(played) == frozenset()
    assert not any(wizard.breaks_follow(played, card) for card in ("1S", "13H", "W", "J"))


def test_breaks_follow_refuses_a_card_that_is_not_a_wizard_card():
    with refused("wizard.card_invalid"):
        wizard.breaks_follow(["7H"], "14H")
