"""What the ledger needs from a game: one small protocol, and the parts all games share."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from scorers.errors import InvalidEntry
from scorers.messages import REMINDERS
from scorers.seats import check_names, dealer_of, left_of
from scorers.standings import Standing, rank


@dataclass(frozen=True)
class RoundInfo:
    """How a round is dealt: cards per player, the dealer, the seat that bids first and
    leads the first trick, and a reminder (a key of scorers.messages.REMINDERS)."""

    number: int
    cards: int
    dealer: int
    first: int
    reminder: str
    reminder_params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def reminder_text(self) -> str:
        return REMINDERS[self.reminder].format(**self.reminder_params)


@dataclass(frozen=True)
class RoundContext:
    """Everything a round's validation may look at, including the score sheet before it."""

    info: RoundInfo
    players: tuple[str, ...]
    settings: Mapping[str, Any]
    totals_before: tuple[int, ...]


@dataclass(frozen=True)
class ScoredRound:
    number: int
    entry: Mapping[str, Any]
    scores: tuple[int, ...]


class GameRules(Protocol):
    """One object per game; the ledger talks to games only through these methods."""

    name: str
    title: str
    min_players: int
    max_players: int

    def check_players(self, players: object) -> tuple[str, ...]: ...

    def resolve_settings(self, given: object, players: int) -> dict[str, Any]: ...

    def round_count(self, players: int, settings: Mapping[str, Any]) -> int | None: ...

    def round_info(
        self, number: int, players: Sequence[str], first_dealer: int, settings: Mapping[str, Any]
    ) -> RoundInfo: ...

    def blank_entry(self, players: int) -> dict[str, Any]: ...

    def check_entry(
        self, entry: object, context: RoundContext, *, complete: bool
    ) -> dict[str, Any]: ...

    def score(self, entry: Mapping[str, Any], context: RoundContext) -> tuple[int, ...]: ...

    def is_over(
        self, totals: Sequence[int], rounds_played: int, settings: Mapping[str, Any]
    ) -> bool: ...

    def standings(
        self,
        totals: Sequence[int],
        rounds: Sequence[ScoredRound],
        settings: Mapping[str, Any],
    ) -> tuple[Standing, ...]: ...


class SeatedGame:
    """Defaults shared by the games: seat checks, the deal passing left, a fixed number of
    rounds, plain ranking. A game overrides what its rules do differently."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def check_players(self, players: object) -> tuple[str, ...]:
        return check_names(players, self.title, self.min_players, self.max_players)

    def round_count(self, players: int, settings: Mapping[str, Any]) -> int | None:
        raise NotImplementedError

    def cards_per_player(self, number: int, players: int, settings: Mapping[str, Any]) -> int:
        raise NotImplementedError

    def reminder(
        self, cards: int, dealer: str, first: str, settings: Mapping[str, Any], players: int
    ) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def round_info(
        self, number: int, players: Sequence[str], first_dealer: int, settings: Mapping[str, Any]
    ) -> RoundInfo:
        count = len(players)
        last = self.round_count(count, settings)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidEntry("round.invalid", number=number)
        if last is not None and number > last:
            raise InvalidEntry("round.beyond_game", number=number, rounds=last)
        cards = self.cards_per_player(number, count, settings)
        dealer = dealer_of(number, first_dealer, count)
        first = left_of(dealer, count)
        key, params = self.reminder(cards, players[dealer], players[first], settings, count)
        return RoundInfo(number, cards, dealer, first, key, params)

    def is_over(
        self, totals: Sequence[int], rounds_played: int, settings: Mapping[str, Any]
    ) -> bool:
        last = self.round_count(len(totals), settings)
        return last is not None and rounds_played >= last

    def standings(
        self,
        totals: Sequence[int],
        rounds: Sequence[ScoredRound],
        settings: Mapping[str, Any],
    ) -> tuple[Standing, ...]:
        return rank(totals)
