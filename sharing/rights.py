"""What one phone at a shared table may change, whichever share it joined.

Every phone at a table is someone: a player's own phone, or one that only watches. Its
rights are the scorer's choice, per phone: it enters for its own player only (the default
for a phone that named a player), for everyone as the scorer does, or it watches (the
default for one that did not). The host checks every entry a phone sends against them
(`forbidden`), and the phone itself checks them first, so that it is refused at once and in
its own language, and offers nothing it may not do.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scorers.edits import read_changes
from scorers.errors import InvalidEntry
from scorers.ledger import Action, GameState
from scorers.messages import english


class Rights(Enum):
    """What one phone at the table may change."""

    OWN = "own"  # its own player's values in the round being entered, nothing else
    EVERYONE = "everyone"  # all the scorer's phone may: scoring, undo, corrections
    WATCH = "watch"  # nothing: it follows the game


class PhoneState(Enum):
    """Where a phone at the table is, as its scorer sees it."""

    LINKED = "linked"
    INTERRUPTED = "interrupted"  # its link is down; it may come back by itself
    GONE = "gone"  # its link is over: only a new invitation (or code) brings it back


@dataclass(frozen=True)
class PhoneAtTable:
    """A phone at the table, as the scorer's list shows it, whichever share it joined:
    `number` counts from 1 in the order the phones joined; `player` is the seat of the
    player it said it is (None: it joined to watch)."""

    number: int
    state: PhoneState
    player: int | None
    rights: Rights


def rights_for(player: int | None) -> Rights:
    """The rights a phone starts with: its own player's values when it named a player
    ("I am Ben"), else watching."""
    return Rights.WATCH if player is None else Rights.OWN


MAY_NOT_ENTER = "share.may_not_enter"
"""A watching phone's entry refused."""
NOT_YOURS = "share.not_yours"
"""An own phone's change of a value that is not its player's (or the whole table's)."""
SCORER_ONLY = "share.scorer_only"
"""An own phone's scoring, undo, correction, adjustment or renaming: the scorer's."""

REFUSALS = frozenset({MAY_NOT_ENTER, NOT_YOURS, SCORER_ONLY})

Why = tuple[str, Mapping[str, Any]]
"""Why an entry was refused: a catalog key and its parameters."""


class NotAllowed(Exception):
    """An entry this phone may not make, refused before it was sent: `key` and `params`
    are the catalog's message."""

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(key)
        self.key = key
        self.params: Mapping[str, Any] = params or {}


def forbidden(rights: Rights, player: int | None, state: GameState, action: Action) -> Why | None:
    """Why a phone with `rights`, which named seat `player` (None: it watches), may not
    apply `action` to the game `state`; None when it may (the rules check the rest). An
    own phone may only edit the round being entered, each change touching its player's
    values alone (scorers.game.GameRules.owners)."""
    if rights is Rights.EVERYONE:
        return None
    if rights is Rights.WATCH or player is None:
        return MAY_NOT_ENTER, {}
    name = state.players[player] if player < len(state.players) else ""
    if action.kind != "edit":
        return SCORER_ONLY, {"player": name}
    try:
        changes = read_changes(action.data.get("changes"))
    except InvalidEntry:
        return None  # the rules refuse it in their own words
    base = state.draft or state.blank_entry()
    for change in changes:
        owners = state.rules.owners(change.at, change.was, change.now, len(state.players))
        if owners != {player}:
            field_key, field_params = _field_named(state, change.at, base)
            return NOT_YOURS, {
                "player": name,
                "field": english(field_key).format(**field_params),
                "field_key": field_key,
                "field_params": field_params,
            }
    return None


def _field_named(
    state: GameState, at: tuple[str | int, ...], base: Mapping[str, Any]
) -> tuple[str, Mapping[str, Any]]:
    """The field at path `at` in words (GameRules.field_name); a path of no field the game
    has (a seat it has not) is named as the round's entry."""
    try:
        return state.rules.field_name(at, state.players, base)
    except (LookupError, TypeError):
        return "field.entry", {}
