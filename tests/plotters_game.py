"""A whole 4-player Plotters game the view and browser tests both enter, and its totals
worked out with the rules engine from the same counts."""

from dataclasses import dataclass

from scorers import plotters

PLAYERS = ["Ann", "Ben", "Cas", "Dot"]
Counts = dict[str, int]


@dataclass(frozen=True)
class Hand:
    counts: Counts
    face_up: tuple[str, str] | None = None


@dataclass(frozen=True)
class Round:
    hands: tuple[Hand, ...]
    ended_early: bool = False


def hand(blue: int, green: int, red: int, yellow: int, *face_up: str) -> Hand:
    counts = {"blue": blue, "green": green, "red": red, "yellow": yellow}
    return Hand(counts, (face_up[0], face_up[1]) if face_up else None)


GAME = (
    Round((hand(6, 4, 4, 0), hand(8, 0, 0, 6), hand(0, 10, 4, 0), hand(0, 0, 6, 8))),
    Round(
        (
            hand(2, 3, 4, 5, "red", "yellow"),
            hand(5, 4, 3, 2, "blue", "green"),
            hand(7, 0, 7, 0),
            hand(0, 7, 0, 7),
        )
    ),
    Round(
        (
            hand(12, 0, 0, 0),
            hand(0, 12, 0, 0),
            hand(2, 2, 4, 4, "red", "yellow"),
            hand(0, 0, 10, 2),
        ),
        ended_early=True,
    ),
    Round((hand(0, 0, 7, 7), hand(7, 7, 0, 0), hand(7, 0, 0, 7), hand(0, 7, 7, 0))),
)


def points(played: Round) -> list[int]:
    """Each player's score by the rules: the chosen pair, else the best one."""
    return [
        plotters.round_score(h.counts, h.face_up or plotters.best_face_up(h.counts))
        for h in played.hands
    ]
