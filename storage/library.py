"""Every game in one file: a backup that moves the whole library to another device.

An import merges by game id: a game the device does not have is added under its own id; a
game it has is left as it is, or brought up to date when the file's record extends the
saved one (the same actions, then more); no game is ever duplicated. Each game in the file
is checked as a game file is (storage.exchange); a game that fails is refused with its
reason and the others are still merged, all in one transaction. A file that is not a
library at all changes nothing. The format is described in docs/game-format.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from storage.errors import ChangedElsewhere, StorageError
from storage.exchange import MAX_DEPTH, check_version, read_document, read_game
from storage.keeper import GameKeeper, listing_of
from storage.store import GameRecord, GameSummary
from storage.timestamps import Clock, utc_now

FORMAT = "trickpad-library"
VERSION = 1
MAX_LIBRARY_BYTES = 200_000_000
MAX_GAMES = 20_000
# A library nests each game file's values two levels deeper: the games array and a game.
MAX_LIBRARY_DEPTH = MAX_DEPTH + 1
_GAME_ID = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class Refusal:
    """A game of the file that was not merged: which one, and the storage error why."""

    game: str
    created_at: str
    players: tuple[str, ...]
    error: StorageError


@dataclass(frozen=True)
class Progress:
    """How far a backup or a merge has come: `done` of `total` games at `step`.

    Steps: "checking" (each game of the file read and replayed), "saving" (written to the
    store), "exporting" (each game read for a backup). Told from the thread doing the
    work, so that the screen can say how far it is."""

    step: str
    done: int
    total: int


def _ignore(_: Progress) -> None:
    """No one is told how far the work is."""


@dataclass(frozen=True)
class MergeReport:
    """What an import did: games added, brought up to date, already here, refused."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    refused: tuple[Refusal, ...] = field(default_factory=tuple)


def export_library(
    keeper: GameKeeper, *, clock: Clock = utc_now, progress: Callable[[Progress], None] = _ignore
) -> tuple[str, int]:
    """Every game on the lists (not deleted, not damaged) as one file; and how many.

    Takes time that grows with the library: run it off the server's loop (views.work)."""
    summaries = [
        summary
        for summary in keeper.unfinished() + keeper.finished(limit=None)
        if not summary.is_damaged
    ]
    summaries.sort(key=lambda summary: summary.created_at)
    games = []
    for summary in summaries:
        games.append(_game_entry(keeper, summary))
        progress(Progress("exporting", len(games), len(summaries)))
    header = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": clock().astimezone(UTC).isoformat(timespec="seconds"),
    }
    fields = [f"  {json.dumps(name)}: {json.dumps(value)}" for name, value in header.items()]
    body = ",\n".join(f"    {game}" for game in games)
    return "{\n" + ",\n".join(fields) + ',\n  "games": [\n' + body + "\n  ]\n}\n", len(games)


def import_library(
    keeper: GameKeeper, content: bytes, progress: Callable[[Progress], None] = _ignore
) -> MergeReport:
    """Merge the library in a picked file's bytes into this device's games.

    Takes time that grows with the file (every game is replayed): run it off the server's
    loop (views.work); `progress` is told after each game checked and each run saved.

    Refuses the whole file, changing nothing, with the StorageError keys of
    storage.exchange.import_json (``storage.backup_too_large``, ``storage.import_not_json``,
    ``storage.import_not_trickpad``, ...) and ``storage.import_too_long`` for more than
    MAX_GAMES games; a failed write (``storage.disk_full``) also saves nothing.
    """
    if len(content) > MAX_LIBRARY_BYTES:
        raise too_large(len(content))
    text = content.decode("utf-8-sig", errors="replace")
    document = read_document(text, FORMAT, MAX_LIBRARY_BYTES, MAX_LIBRARY_DEPTH)
    check_version(document, VERSION)
    games = document.get("games")
    if not isinstance(games, list):
        raise StorageError("storage.import_field", field="games")
    if len(games) > MAX_GAMES:
        raise StorageError("storage.import_too_long", count=len(games), limit=MAX_GAMES)
    records: list[GameRecord] = []
    refused: list[Refusal] = []
    added = updated = unchanged = 0
    seen: set[str] = set()
    for number, entry in enumerate(games, start=1):
        progress(Progress("checking", number - 1, len(games)))
        try:
            record = _merge(keeper, entry, seen)
        except StorageError as error:
            refused.append(_refusal(entry, error))
            continue
        if record is None:
            unchanged += 1
            continue
        records.append(record)
        added, updated = added + (record.after is None), updated + (record.after is not None)
    try:
        keeper.store.save_records(
            records, lambda saved: progress(Progress("saving", saved, len(records)))
        )
    except ChangedElsewhere:
        raise StorageError("storage.changed_elsewhere") from None
    return MergeReport(added, updated, unchanged, tuple(refused))


def too_large(size: int) -> StorageError:
    """The refusal of a backup of `size` bytes, over MAX_LIBRARY_BYTES."""
    return StorageError("storage.backup_too_large", size=size, limit=MAX_LIBRARY_BYTES)


def _game_entry(keeper: GameKeeper, summary: GameSummary) -> str:
    actions = [{"kind": kind, "data": data} for kind, data in keeper.store.actions(summary.id)]
    entry = {
        "id": summary.id,
        "game": summary.game,
        "created_at": summary.created_at.isoformat(),
        "actions": actions,
    }
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


def _merge(keeper: GameKeeper, entry: object, seen: set[str]) -> GameRecord | None:
    """The record to save for one game of the file, or None when it is already here."""
    if not isinstance(entry, Mapping):
        raise StorageError("storage.import_field", field="games")
    game_id = entry.get("id")
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id) or game_id in seen:
        raise StorageError("storage.import_field", field="id")
    seen.add(game_id)
    created_at = _created_at(entry.get("created_at"))
    ledger = read_game(entry)
    actions = [(action.kind, action.data) for action in ledger.actions]
    saved = _saved_actions(keeper, game_id)
    if saved is None:
        return GameRecord(game_id, ledger.state.game, created_at, actions, listing_of(ledger.state))
    if len(actions) <= len(saved) or actions[: len(saved)] != saved:
        return None  # the same game, or one this device has taken further or elsewhere
    listing = listing_of(ledger.state)
    return GameRecord(game_id, ledger.state.game, created_at, actions, listing, after=len(saved))


def _saved_actions(keeper: GameKeeper, game_id: str) -> list[tuple[str, Any]] | None:
    try:
        return [(kind, data) for kind, data in keeper.store.actions(game_id)]
    except StorageError as error:
        if error.key == "storage.game_not_found":
            return None
        raise


def _created_at(value: object) -> datetime:
    try:
        created = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        created = None
    if created is None or created.tzinfo is None:
        raise StorageError("storage.import_field", field="created_at")
    return created


def _refusal(entry: object, error: StorageError) -> Refusal:
    """What can be told of a refused game: its kind, date and players, where readable."""
    data = entry if isinstance(entry, Mapping) else {}
    actions = data.get("actions")
    first = actions[0] if isinstance(actions, list) and actions else {}
    start = first.get("data", {}) if isinstance(first, Mapping) else {}
    players = start.get("players", []) if isinstance(start, Mapping) else []
    names = (
        tuple(name for name in players if isinstance(name, str))
        if isinstance(players, list)
        else ()
    )
    game, created = data.get("game"), data.get("created_at")
    return Refusal(
        game if isinstance(game, str) else "",
        created if isinstance(created, str) else "",
        names,
        error,
    )
