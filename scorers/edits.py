"""A tap's change to a round's entry, field by field: where, what was there, what is now.

Several phones enter one round at once. Each tap is saved as the fields it changed, each
with the value the phone saw before the tap, so two phones' changes to different fields
(Ann's bid here, Cas's bid there) both apply, and a change to a field someone else changed
meanwhile is refused rather than silently written over.

>>> before = {"bids": [None, None, None], "tricks": [None, None, None], "cloud": None}
>>> after = {"bids": [None, 2, None], "tricks": [None, None, None], "cloud": None}
>>> [(change.at, change.was, change.now) for change in changes_between(before, after)]
[(('bids', 1), None, 2)]
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from scorers.errors import InvalidEntry

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Change:
    """The field at path `at` of an entry held `was` and now holds `now`."""

    at: Path
    was: Any
    now: Any

    def to_json(self) -> dict[str, Any]:
        return {"at": list(self.at), "was": self.was, "now": self.now}


def changes_between(before: Any, after: Any, at: Path = ()) -> list[Change]:
    """The smallest fields that differ: mappings key by key, lists of one length item by
    item; a list whose length changed (a card laid on the row) is one field."""
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        return [
            change
            for key in sorted({*before, *after})
            for change in changes_between(before.get(key), after.get(key), (*at, key))
        ]
    if _is_list(before) and _is_list(after) and len(before) == len(after):
        return [
            change
            for index, (old, new) in enumerate(zip(before, after, strict=True))
            for change in changes_between(old, new, (*at, index))
        ]
    return [] if before == after else [Change(at, _plain(before), _plain(after))]


def read_changes(value: object) -> list[Change]:
    """The changes recorded in an action (``[{"at": [...], "was": ..., "now": ...}]``)."""
    if not _is_list(value) or not value:
        raise InvalidEntry("action.field_type", kind="edit", field="changes")
    changes = []
    for item in value:
        if not isinstance(item, Mapping) or set(item) != {"at", "was", "now"}:
            raise InvalidEntry("action.field_type", kind="edit", field="changes")
        at = item["at"]
        if not _is_list(at) or not at or not all(_is_step(step) for step in at):
            raise InvalidEntry("action.field_type", kind="edit", field="changes")
        changes.append(Change(tuple(at), item["was"], item["now"]))
    return changes


def apply_changes(entry: Mapping[str, Any], changes: Sequence[Change]) -> tuple[Any, Path | None]:
    """The entry with every change made, and None; or the entry unchanged and the path of
    the first field that no longer holds what the change expected (a conflict)."""
    result: Any = _plain(entry)
    for change in changes:
        holder, last = _holder(result, change.at)
        if _value(holder, last) != change.was:
            return entry, change.at
        holder[last] = _plain(change.now)
    return result, None


def _holder(entry: Any, at: Path) -> tuple[Any, str | int]:
    """The mapping or list holding the field at `at`, and the field's key or index."""
    node = entry
    for step in at[:-1]:
        node = _child(node, step)
    last = at[-1]
    if isinstance(node, dict) and isinstance(last, str):
        return node, last
    if isinstance(node, list) and isinstance(last, int) and 0 <= last < len(node):
        return node, last
    raise InvalidEntry("action.field_type", kind="edit", field="changes")


def _child(node: Any, step: str | int) -> Any:
    if isinstance(node, dict) and isinstance(step, str) and step in node:
        return node[step]
    if isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
        return node[step]
    raise InvalidEntry("action.field_type", kind="edit", field="changes")


def _value(holder: Any, last: str | int) -> Any:
    return holder.get(last) if isinstance(holder, dict) else holder[last]


def _is_list(value: object) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    return isinstance(value, list | tuple)


def _is_step(step: object) -> bool:
    return isinstance(step, str) or (isinstance(step, int) and not isinstance(step, bool))


def _plain(value: Any) -> Any:
    """Tuples as lists, as JSON keeps them, so a saved change compares equal to a fresh one."""
    if _is_list(value):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    return value
