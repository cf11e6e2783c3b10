"""Each game's tallies for the players' records: worked by hand, and recounted naively."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorers import colour_blind, plotters, wizard
from scorers.game import ScoredRound
from scorers.ledger import Action, Ledger
from scorers.stats import SeatResult, record_of


def played(game: str, players: list[str], game_settings: dict, entries: list[dict]) -> Ledger:
    ledger = Ledger.start(game, players, 0, game_settings)
    for entry in entries:
        number = ledger.state.current_round
        ledger = ledger.apply(Action("score", {"round": number, "entry": entry}))
    return ledger


def tallies(ledger: Ledger) -> tuple[dict[str, int], ...]:
    state = ledger.state
    infos = [state.round_info(scored.number) for scored in state.rounds]
    return state.rules.tallies(state.rounds, infos, state.settings, len(state.players))


def wizard_entry(bids: list[int], tricks: list[int], cloud: dict | None = None) -> dict:
    return {"bids": bids, "tricks": tricks, "cloud": cloud}


def test_wizard_tallies_worked_by_hand() -> None:
    ledger = played(
        "wizard",
        ["Ann", "Ben", "Cas"],
        {"round_sizes": [1, 2, 3], "anniversary_cards": True},
        [
            wizard_entry([1, 0, 0], [1, 0, 0]),  # everyone exact
            wizard_entry([1, 1, 0], [0, 1, 0]),  # the Bomb: 1 trick of 2; Ann off by 1
            wizard_entry([2, 0, 1], [1, 0, 2], {"seat": 2, "change": 1}),  # Cas's Cloud
        ],
    )
    ann, ben, cas = tallies(ledger)
    assert ann == {
        "rounds": 3, "exact": 1, "off_by": 2, "zero_bids": 0, "zero_made": 0,
        "longest_exact_run": 1, "cloud_rounds": 0, "bomb_rounds": 1,
    }  # fmt: skip
    assert ben == {
        "rounds": 3, "exact": 3, "off_by": 0, "zero_bids": 2, "zero_made": 2,
        "longest_exact_run": 3, "cloud_rounds": 0, "bomb_rounds": 1,
    }  # fmt: skip
    assert cas == {
        "rounds": 3, "exact": 3, "off_by": 0, "zero_bids": 2, "zero_made": 2,
        "longest_exact_run": 3, "cloud_rounds": 1, "bomb_rounds": 1,
    }  # fmt: skip


def test_plotters_tallies_worked_by_hand() -> None:
    # Ann: blue only (0 points, one colour); Ben: green x red with nothing down (49);
    # Cas: all four, chose blue+green (9 // 8 = 1) though red+yellow gave 16 // 6 = 2;
    # Dot: all four, chose blue+green (20 // 5 = 4), the best of Dot's six pairs.
    counts = [
        {"blue": 6, "green": 0, "red": 0, "yellow": 0},
        {"blue": 0, "green": 7, "red": 7, "yellow": 0},
        {"blue": 3, "green": 3, "red": 4, "yellow": 4},
        {"blue": 5, "green": 4, "red": 3, "yellow": 2},
    ]
    entry = {
        "counts": counts,
        "face_up": [None, None, ["blue", "green"], ["blue", "green"]],
        "ended_early": True,
    }
    state = Ledger.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0).state
    context = state.round_context(1)
    scores = state.rules.score(entry, context)
    assert scores == (0, 49, 1, 4)
    [ann, ben, cas, dot] = state.rules.tallies(
        [ScoredRound(1, entry, scores)], [context.info], state.settings, 4
    )
    assert ann == {"rounds": 1, "points": 0, "best_round": 0, "one_colour_zero": 1,
                   "pairs_chosen": 0, "best_pair_chosen": 0}  # fmt: skip
    assert ben["points"] == ben["best_round"] == 49 and ben["pairs_chosen"] == 0
    assert (cas["pairs_chosen"], cas["best_pair_chosen"]) == (1, 0)
    assert (dot["pairs_chosen"], dot["best_pair_chosen"]) == (1, 1)


def test_colour_blind_tallies_worked_by_hand() -> None:
    row = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]
    # Ann takes the seven reds (28); Ben 8S 9C (-17: scores 0); Cas 10S-KC (-46: scores 0).
    captured = [0] * 7 + [1, 1, 2, 2, 2, 2]
    ledger = played("colour_blind", ["Ann", "Ben", "Cas"], {"target": 100},
                    [{"row": row, "captured_by": captured}])  # fmt: skip
    assert ledger.state.totals == (28, 0, 0)
    assert tallies(ledger) == (
        {"rounds": 1, "points": 28, "floored": 0},
        {"rounds": 1, "points": 0, "floored": 1},
        {"rounds": 1, "points": 0, "floored": 1},
    )


def test_a_wizard_record_keeps_the_longest_run_not_the_sum() -> None:
    results = [
        SeatResult(str(n), "wizard", "Ann", 1, 0, 3, {"exact": 4, "longest_exact_run": run})
        for n, run in enumerate((3, 5, 2))
    ]
    record = record_of(results, wizard.RULES.tally_maxima)
    assert record.tallies == {"exact": 12, "longest_exact_run": 5}
    assert plotters.RULES.tally_maxima == {"best_round"}
    assert colour_blind.RULES.tally_maxima == frozenset()


@st.composite
def wizard_rounds(draw: st.DrawFn) -> list[tuple[list[int], list[int]]]:
    """Bids and tricks for a 3-player game of up to 6 rounds (hand size = round number)."""
    rounds = []
    for cards in range(1, draw(st.integers(1, 6)) + 1):
        bids = draw(st.lists(st.integers(0, cards), min_size=3, max_size=3))
        first = draw(st.integers(0, cards))
        second = draw(st.integers(0, cards - first))
        rounds.append((bids, [first, second, cards - first - second]))
    return rounds


@settings(max_examples=60, deadline=None)
@given(wizard_rounds(), st.data())
def test_wizard_tallies_agree_with_a_naive_recount_of_the_actions(rounds, data) -> None:
    sizes = list(range(1, len(rounds) + 1))
    ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": sizes})
    actions = [
        Action("score", {"round": number, "entry": wizard_entry(bids, tricks)})
        for number, (bids, tricks) in enumerate(rounds, start=1)
    ]
    # A correction of an earlier round replaces it, as at the table.
    corrected = data.draw(st.integers(0, len(rounds) - 1))
    tricks = rounds[corrected][1]
    fixed = wizard_entry(list(tricks), tricks)  # every bid made
    actions.append(Action("score", {"round": corrected + 1, "entry": fixed}))
    for action in actions:
        ledger = ledger.apply(action)
    final = {action.data["round"]: action.data["entry"] for action in actions}
    for seat, tally in enumerate(tallies(ledger)):
        pairs = [(final[n]["bids"][seat], final[n]["tricks"][seat]) for n in sorted(final)]
        streak = longest = 0
        for bid, took in pairs:
            streak = streak + 1 if bid == took else 0
            longest = max(longest, streak)
        assert tally["exact"] == sum(bid == took for bid, took in pairs)
        assert tally["off_by"] == sum(abs(bid - took) for bid, took in pairs)
        assert tally["zero_made"] == sum(bid == took == 0 for bid, took in pairs)
        assert tally["longest_exact_run"] == longest
