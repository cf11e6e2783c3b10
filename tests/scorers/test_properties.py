"""Property tests: invariants the rules imply, over many generated inputs."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorers import colour_blind, plotters, wizard
from scorers.plotters import COLOURS, PAIRS

settings.register_profile("scorers", max_examples=200, deadline=None)
settings.load_profile("scorers")

hands = st.integers(0, 20)
counts = st.fixed_dictionaries({colour: st.integers(0, 21) for colour in COLOURS})
pairs = st.sampled_from(PAIRS)
deck = [rank + suit for rank in colour_blind.RANKS for suit in colour_blind.SUITS]


@given(hands, hands)
def test_wizard_score_is_never_strictly_between_minus_ten_and_twenty(bid, tricks):
    score = wizard.round_score(bid, tricks)
    assert not -10 < score < 20
    assert (score >= 20) == (bid == tricks)
    assert score % 10 == 0


@given(
    st.integers(1, 20).flatmap(
        lambda k: st.tuples(st.just(k), st.lists(st.integers(0, k), max_size=5))
    )
)
def test_wizard_forbidden_bid_is_the_one_that_makes_the_total(case):
    cards, others = case
    forbidden = wizard.forbidden_bid(cards, others)
    allowed_totals = {sum(others) + bid for bid in range(cards + 1) if bid != forbidden}
    assert cards not in allowed_totals
    if forbidden is None:
        assert sum(others) > cards
    else:
        assert 0 <= forbidden <= cards


@given(counts, pairs, st.data())
def test_plotters_score_never_grows_when_a_face_up_card_goes_face_down(full, pair, data):
    # Under "divide_by_one" only: with "zero", nothing face down scores 0, so the first
    # card turned face down may raise the score (that is what the setting means).
    source = data.draw(st.sampled_from(pair))
    target = data.draw(st.sampled_from([c for c in COLOURS if c not in pair]))
    if full[source] == 0:
        return
    moved = dict(full, **{source: full[source] - 1, target: full[target] + 1})
    assert plotters.round_score(moved, pair) <= plotters.round_score(full, pair)


@given(counts, st.sampled_from(plotters.NOTHING_FACE_DOWN))
def test_plotters_best_face_up_scores_at_least_every_pair(full, rule):
    best = plotters.round_score(full, plotters.best_face_up(full, rule), rule)
    assert all(best >= plotters.round_score(full, pair, rule) for pair in PAIRS)
    assert best >= 0


@given(counts, pairs)
def test_plotters_score_is_the_floored_quotient(full, pair):
    up = full[pair[0]] * full[pair[1]]
    down = sum(full.values()) - full[pair[0]] - full[pair[1]]
    score = plotters.round_score(full, pair)
    assert score * max(down, 1) <= up < (score + 1) * max(down, 1)


@given(st.lists(st.sampled_from(deck), unique=True, max_size=13), st.sampled_from(["red", "black"]))
def test_colour_blind_score_is_zero_or_the_good_minus_bad_sum(captured, good):
    red = {"H", "D"}
    signed = sum(
        colour_blind.card_value(card) * (1 if (card[-1] in red) == (good == "red") else -1)
        for card in captured
    )
    score = colour_blind.round_score(captured, good)
    assert score == (signed if signed > 0 else 0)


@given(st.lists(st.sampled_from(deck), unique=True, min_size=1, max_size=3))
def test_colour_blind_trick_winner_is_highest_and_last_of_its_rank(cards):
    order = colour_blind.PLAY_ORDER
    strength = [order.index(card[:-1]) for card in cards]
    winner = colour_blind.trick_winner(cards)
    assert strength[winner] == max(strength)
    assert all(s < strength[winner] for s in strength[winner + 1 :])


@given(st.lists(st.sampled_from(deck), unique=True, min_size=13, max_size=13))
def test_colour_blind_good_colour_holds_the_majority(row):
    good = colour_blind.good_colour(row)
    reds = sum(card[-1] in "HD" for card in row)
    assert (good == "red") == (reds >= 7)
