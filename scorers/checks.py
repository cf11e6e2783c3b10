"""Shape checks shared by every game's entry: whole numbers, mappings, per-seat lists."""

from collections.abc import Mapping, Sequence
from typing import Any

from scorers.errors import InvalidEntry


def is_whole(value: object, low: int, high: int | None = None) -> bool:
    """True for an int (never a bool) from low to high (no upper bound when high is None)."""
    if type(value) is int:  # the usual case first: a replay checks every bid it holds
        return value >= low and (high is None or value <= high)
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return value >= low and (high is None or value <= high)


def fields(
    entry: object,
    what: str,
    required: Sequence[str],
    optional: Sequence[str] = (),
) -> Mapping[str, Any]:
    """The entry as a mapping holding the required fields and no unknown ones."""
    if type(entry) is not dict and not isinstance(entry, Mapping):
        raise InvalidEntry("entry.not_mapping", what=what)
    for name in entry:
        if name not in required and name not in optional:
            raise InvalidEntry("entry.unknown_field", what=what, field=name)
    for name in required:
        if name not in entry:
            raise InvalidEntry("entry.missing_field", what=what, field=name)
    return entry


def per_seat(value: object, field: str, seats: int) -> list[Any]:
    """A list (or tuple) with one item per seat, copied."""
    if type(value) is not list and (
        isinstance(value, str | bytes) or not isinstance(value, Sequence)
    ):
        raise InvalidEntry("entry.not_list", field=field)
    if len(value) != seats:
        raise InvalidEntry("entry.wrong_length", field=field, expected=seats, actual=len(value))
    return list(value)
