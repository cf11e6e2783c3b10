"""Seats around the table: names, the dealer of each round, who sits left of whom."""

from collections.abc import Sequence

from scorers.checks import is_whole
from scorers.errors import InvalidEntry


def check_names(names: object, game: str, low: int, high: int) -> tuple[str, ...]:
    """Player names in seat order, trimmed, non-empty and distinct (ignoring case)."""
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise InvalidEntry("players.not_list")
    check_count(len(names), game, low, high)
    cleaned: list[str] = []
    for seat, name in enumerate(names):
        cleaned.append(check_name(name, seat, cleaned))
    return tuple(cleaned)


def check_count(count: object, game: str, low: int, high: int) -> int:
    """The number of players, refused outside low..high."""
    if not is_whole(count, low, high):
        if low == high:
            raise InvalidEntry("players.count_exact", game=game, count=count, low=low)
        raise InvalidEntry("players.count", game=game, count=count, low=low, high=high)
    assert isinstance(count, int)
    return count


def check_name(name: object, seat: int, others: Sequence[str]) -> str:
    """A trimmed, non-empty name that differs (ignoring case) from every name in others."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidEntry("players.name_empty", seat=seat + 1)
    name = name.strip()
    if any(other.casefold() == name.casefold() for other in others):
        raise InvalidEntry("players.name_taken", name=name)
    return name


def check_seat(seat: object, players: int) -> int:
    """A seat number 0..players-1."""
    if not is_whole(seat, 0, players - 1):
        raise InvalidEntry("players.seat_invalid", seat=seat, players=players)
    assert isinstance(seat, int)
    return seat


def left_of(seat: int, players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % players


def dealer_of(number: int, first_dealer: int, players: int) -> int:
    """The dealer of round `number` (1-based): the deal passes one seat left each round."""
    return (first_dealer + number - 1) % players


def seats_from(first: int, players: int) -> list[int]:
    """Every seat clockwise, starting at `first` (bidding and playing order)."""
    return [(first + step) % players for step in range(players)]
