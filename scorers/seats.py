"""Seats around the table: names, the dealer of each round, who sits left of whom."""

import unicodedata
from collections.abc import Sequence

from scorers.checks import is_whole
from scorers.errors import InvalidEntry

NAME_MAX_LENGTH = 40
"""The longest name, in characters after trimming: enough for "Anna-Katharina B.", short
enough for a banner line on a phone."""

# Unicode categories a name may not hold: controls, format characters (zero-width joiners,
# direction overrides that would reverse the banner), lone surrogates, unassigned and
# private-use code points, none of which a keyboard types into a name.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Cn", "Co"})
# Letters that draw as nothing: Hangul fillers and the blank Braille pattern.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# The replacement character: what a letter lost on its way became (a lone surrogate sent
# from another phone arrives as it); no keyboard types it into a name.
_REPLACEMENT = "\ufffd"


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
    """The name as it is kept: NFC-normalised and trimmed, at most NAME_MAX_LENGTH long.

    Refused: a name with control, format or replacement characters
    (``players.name_bad_character``), one
    that shows nothing (``players.name_empty``), one too long (``players.name_too_long``),
    and one that is the same player as a name in `others` (``players.name_taken``).

    >>> check_name("  Ann ", 0, ["Ben"])
    'Ann'
    """
    if not isinstance(name, str):
        raise InvalidEntry("players.name_empty", seat=seat + 1)
    bad = next((char for char in name if _refused(char)), None)
    if bad is not None:
        raise InvalidEntry("players.name_bad_character", seat=seat + 1, code=f"U+{ord(bad):04X}")
    name = unicodedata.normalize("NFC", name).strip()
    if not any(_shows(char) for char in name):
        raise InvalidEntry("players.name_empty", seat=seat + 1)
    if len(name) > NAME_MAX_LENGTH:
        raise InvalidEntry("players.name_too_long", seat=seat + 1, limit=NAME_MAX_LENGTH)
    if any(same_player(other, name) for other in others):
        raise InvalidEntry("players.name_taken", name=name)
    return name


def same_player(first: str, second: str) -> bool:
    """Whether two names are one player: equal after NFC normalisation, case folding and
    evening out spaces ("Ann" and "ann " are; "Ann" and "Anne" are not)."""
    return name_key(first) == name_key(second)


def name_key(name: str) -> str:
    """The form two names of one player share: NFC, case-folded, spaces trimmed and runs of
    spaces made one ("Ann  Marie " -> "ann marie")."""
    folded = unicodedata.normalize("NFC", name).casefold()
    return unicodedata.normalize("NFC", " ".join(folded.split()))


def _refused(char: str) -> bool:
    return char == _REPLACEMENT or unicodedata.category(char) in _REFUSED_CATEGORIES


def _shows(char: str) -> bool:
    """Whether a character draws something: not a space, a combining mark or a blank."""
    return not (char.isspace() or unicodedata.category(char)[0] == "M" or char in _BLANK_LETTERS)


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
