"""A player's record over finished games, checked by hand and against a naive recount."""

from hypothesis import given
from hypothesis import strategies as st

from scorers.stats import SeatResult, combine, head_to_head, ratio, record_of


def result(game_id: str, place: int, score: int, **tallies: int) -> SeatResult:
    return SeatResult(game_id, "wizard", "Ann", place, score, 3, tallies)


# Ann's Wizard evening, oldest first: won, won (shared), 3rd, won, 2nd, won, won, won.
EVENING = [
    result("g1", 1, 120, rounds=20, exact=12, longest_exact_run=5),
    result("g2", 1, 90, rounds=20, exact=9, longest_exact_run=7),
    result("g3", 3, -30, rounds=20, exact=4, longest_exact_run=2),
    result("g4", 1, 150, rounds=20, exact=14, longest_exact_run=6),
    result("g5", 2, 60, rounds=20, exact=10, longest_exact_run=3),
    result("g6", 1, 200, rounds=20, exact=16, longest_exact_run=9),
    result("g7", 1, 110, rounds=20, exact=11, longest_exact_run=4),
    result("g8", 1, 80, rounds=20, exact=8, longest_exact_run=4),
]


def test_an_evening_worked_by_hand() -> None:
    record = record_of(EVENING, maxima={"longest_exact_run"})
    assert (record.games, record.wins) == (8, 6)
    assert record.win_rate == 0.75
    assert record.average_score == 780 / 8  # 120+90-30+150+60+200+110+80
    assert (record.best, record.worst) == (200, -30)
    assert (record.current_streak, record.longest_streak) == (3, 3)
    assert record.tallies == {"rounds": 160, "exact": 84, "longest_exact_run": 9}
    assert ratio(record.tallies["exact"], record.tallies["rounds"]) == 84 / 160


def test_no_games_gives_no_averages() -> None:
    record = record_of([])
    assert (record.games, record.wins, record.win_rate, record.average_score) == (0, 0, None, None)
    assert (record.best, record.worst, record.current_streak) == (None, None, 0)
    assert ratio(3, 0) is None


def test_a_shared_first_place_is_a_win_for_each_and_keeps_the_streak() -> None:
    record = record_of([result("a", 1, 50), result("b", 1, 50), result("c", 1, 10)])
    assert (record.wins, record.current_streak, record.longest_streak) == (3, 3, 3)


def test_head_to_head_counts_only_games_played_together() -> None:
    ann = [result("g1", 1, 90), result("g2", 2, 40), result("g3", 1, 70), result("g4", 1, 10)]
    ben = [
        SeatResult("g1", "wizard", "Ben", 2, 50, 3),
        SeatResult("g2", "wizard", "Ben", 1, 80, 3),
        SeatResult("g3", "wizard", "Ben", 1, 70, 3),
        SeatResult("g9", "wizard", "Ben", 1, 99, 3),
    ]
    both = head_to_head(ann, ben)
    assert (both.games, both.first_ahead, both.second_ahead, both.level) == (3, 1, 1, 1)
    assert head_to_head(ben, ann).first_ahead == both.second_ahead


RESULTS = st.lists(
    st.builds(
        SeatResult,
        game_id=st.uuids().map(str),
        game=st.just("wizard"),
        name=st.just("Ann"),
        place=st.integers(1, 6),
        score=st.integers(-500, 500),
        players=st.integers(3, 6),
        tallies=st.fixed_dictionaries({"rounds": st.integers(0, 60), "best": st.integers(0, 99)}),
    ),
    max_size=30,
)


@given(RESULTS)
def test_the_record_agrees_with_a_naive_recount(results: list[SeatResult]) -> None:
    record = record_of(results, maxima={"best"})
    wins = [r.place == 1 for r in results]
    assert record.wins == wins.count(True)
    streaks = "".join("W" if won else "." for won in wins).split(".")
    assert record.longest_streak == max((len(run) for run in streaks), default=0)
    assert record.current_streak == len(streaks[-1])
    if results:
        assert record.average_score == sum(r.score for r in results) / len(results)
        assert record.tallies == {
            "rounds": sum(r.tallies["rounds"] for r in results),
            "best": max(r.tallies["best"] for r in results),
        }
    assert combine([], frozenset()) == {}
