"""A player's record over finished games: what players argue about after a game night.

Pure functions over plain results (no I/O): each finished game gives every seat a
:class:`SeatResult` (place, final score and the game's own tallies, e.g. exact bids); a
player's results of one game, oldest first, make a :class:`Record`.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatResult:
    """One seat's part in one finished game.

    ``tallies`` are the game's own counts for this player (rounds, exact bids, ...); each
    game names those that combine by taking the largest (a best round) in ``maxima``,
    and every other one adds up over games.
    """

    game_id: str
    game: str
    name: str
    place: int
    score: int
    players: int
    tallies: Mapping[str, int] = field(default_factory=dict)

    @property
    def won(self) -> bool:
        """First place, shared or not: a shared first place is a win for each."""
        return self.place == 1


@dataclass(frozen=True)
class Record:
    """A player's figures over a run of finished games of one kind, oldest first.

    >>> won = SeatResult("a", "wizard", "Ann", place=1, score=90, players=3)
    >>> lost = SeatResult("b", "wizard", "Ann", place=2, score=40, players=3)
    >>> record = record_of([won, lost])
    >>> (record.games, record.wins, record.win_rate, record.best, record.current_streak)
    (2, 1, 0.5, 90, 0)
    """

    games: int
    wins: int
    average_score: float | None
    best: int | None
    worst: int | None
    current_streak: int
    longest_streak: int
    tallies: Mapping[str, int]

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def record_of(results: Sequence[SeatResult], maxima: Iterable[str] = ()) -> Record:
    """The record of `results` (one player's, oldest first); `maxima` names the tallies
    that combine by taking the largest rather than adding up."""
    scores = [result.score for result in results]
    longest = current = 0
    for result in results:
        current = current + 1 if result.won else 0
        longest = max(longest, current)
    return Record(
        games=len(results),
        wins=sum(result.won for result in results),
        average_score=sum(scores) / len(scores) if scores else None,
        best=max(scores, default=None),
        worst=min(scores, default=None),
        current_streak=current,
        longest_streak=longest,
        tallies=combine((result.tallies for result in results), frozenset(maxima)),
    )


def combine(tallies: Iterable[Mapping[str, int]], maxima: frozenset[str]) -> dict[str, int]:
    """Tallies of several games as one: each added up, or the largest for `maxima`."""
    combined: dict[str, int] = {}
    for one in tallies:
        for name, value in one.items():
            if name not in combined:
                combined[name] = value
            elif name in maxima:
                combined[name] = max(combined[name], value)
            else:
                combined[name] += value
    return combined


def ratio(part: int, whole: int) -> float | None:
    """part / whole, or None when there is nothing to divide (no rounds, no zero bids)."""
    return part / whole if whole else None


@dataclass(frozen=True)
class HeadToHead:
    """Two players' finished games together: how many, and who finished ahead how often."""

    games: int
    first_ahead: int
    second_ahead: int

    @property
    def level(self) -> int:
        """Games where they shared a place."""
        return self.games - self.first_ahead - self.second_ahead


def head_to_head(first: Sequence[SeatResult], second: Sequence[SeatResult]) -> HeadToHead:
    """Compare two players over the games both played (matched by game id)."""
    places = {result.game_id: result.place for result in second}
    together = [
        (result.place, places[result.game_id]) for result in first if result.game_id in places
    ]
    return HeadToHead(
        games=len(together),
        first_ahead=sum(mine < theirs for mine, theirs in together),
        second_ahead=sum(theirs < mine for mine, theirs in together),
    )
