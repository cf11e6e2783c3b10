"""A whole 4-player Plotters game the view and browser tests both enter, and its totals
worked out with the rules engine from the same counts."""

from dataclasses import dataclass

from scorers import plotters
from views.shell.i18n import t

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


ALL_FOUR = Round(
    (
        hand(2, 3, 4, 5, "red", "yellow"),
        hand(5, 4, 3, 2, "blue", "green"),
        hand(3, 4, 3, 4, "green", "yellow"),
        hand(4, 3, 4, 3, "blue", "red"),
    )
)
"""A full round in which every hand holds all four colours (the last one filled in)."""


def colour_word(colour: str) -> str:
    return t(f"plotters.colour.{colour}")


def pad_label(player: str, colour: str, count: int) -> str:
    """The accessible name of the pad's button entering `count` cards of `colour`."""
    return t("plotters.pad_count", player=player, colour=colour_word(colour), count=count)


def face_up_label(player: str, colour: str) -> str:
    """The accessible name of the pad's face-up button for `colour`."""
    return t("plotters.face_up_toggle", player=player, colour=colour_word(colour))


def fills_last(played: Round) -> bool:
    """Whether the app fills in the last player's counts (a full round)."""
    return not played.ended_early


def taps(played: Round) -> list[str]:
    """The accessible names of the pad's buttons that enter a round, in the order the pad
    asks for them.
    Every count of each player (the last one's are filled in after a full round), then a
    pair the player chose. A round that ended early also needs its switch, first."""
    entered: list[str] = []
    for seat, (player, held) in enumerate(zip(PLAYERS, played.hands, strict=True)):
        if seat < len(PLAYERS) - 1 or not fills_last(played):
            for colour, count in held.counts.items():
                entered.append(pad_label(player, colour, count))
        for colour in held.face_up or ():
            entered.append(face_up_label(player, colour))
    return entered
