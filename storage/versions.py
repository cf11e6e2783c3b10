"""Copies of one game meeting on this phone: the same game, or two versions of it.

A shared game keeps its id on every phone that holds a copy of it. When a copy comes to a
phone that has a game of that id (a backup merged, a game file imported, a phone joining
a table again), the two records are compared action by action:

- the same, or this phone's goes further: nothing changes;
- the copy extends this phone's (the same actions, then more): the same game, brought up
  to date;
- they part somewhere (the evening went on in two ways on two phones): the copy is kept
  as another version of the game, under an id of its own with ``version_of`` the id of
  the game it is a version of. The lists show it on that game's line, and the players'
  records count the game once (storage.people). A copy one of the versions already
  holds, or extends, meets that version instead, so merging a backup twice keeps one
  version, not two.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.errors import StorageError
from storage.store import GameStore

Actions = Sequence[tuple[str, Any]]
"""A record as the store reads it: each action's kind and data."""
Texts = Sequence[tuple[str, str]]
"""A record as the store keeps it: each action's kind and its data as text
(storage.game_rows.action_text)."""


@dataclass(frozen=True)
class Meeting:
    """Where a copy of a game goes: under `game_id`, a new game when `after` is None, else
    the saved game of that id past its first `after` actions (unless `unchanged`);
    `version_of` names the game a new game is another version of."""

    game_id: str
    after: int | None = None
    version_of: str | None = None
    unchanged: bool = False

    @property
    def is_new_version(self) -> bool:
        return self.after is None and self.version_of is not None


def meet(store: GameStore, game_id: str, texts: Texts) -> Meeting:
    """Where a copy of the game `game_id`, whose actions are `texts`, goes on this phone
    (see the module). Compared as data, not as text: the same action may be written with
    its fields in another order."""
    if not store.has_game(game_id):
        return Meeting(game_id)
    copy = [(kind, json.loads(text)) for kind, text in texts]
    first = store.summary(game_id).version_of or game_id
    versions = [version.id for version in store.versions_of(first) if version.id != game_id]
    for candidate in (game_id, *versions):
        saved = _readable(store, candidate)
        meeting = None if saved is None else _against(candidate, saved, copy)
        if meeting is not None:
            return meeting
    return Meeting(uuid.uuid4().hex, version_of=first)


def _against(game_id: str, saved: Actions, copy: Actions) -> Meeting | None:
    """The copy as the same game as the saved one, or None where the two part."""
    shorter = min(len(saved), len(copy))
    if list(saved[:shorter]) != list(copy[:shorter]):
        return None
    return Meeting(game_id, after=len(saved), unchanged=len(copy) <= len(saved))


def _readable(store: GameStore, game_id: str) -> Actions | None:
    """The game's actions, or None when its record cannot be read: a damaged record is no
    copy to meet, and the incoming one is kept as another version."""
    try:
        return store.actions(game_id)
    except StorageError as error:
        if error.key in ("storage.record_unreadable", "storage.record_too_large"):
            return None
        raise
