"""Every game in one file: a backup that moves the whole library to another device.

An import merges by game id: a game the device does not have is added under its own id; a
game it has is left as it is, or brought up to date when the file's record extends the
saved one (the same actions, then more), or kept as another version of it when the two
went different ways (storage.versions); no game is ever duplicated. Each game in the file
is checked as a game file is (storage.game_file); a game that fails is refused with its
reason and the others are still merged, all in one transaction. A file that is not a
library at all changes nothing. The format is described in docs/game-format.md.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from storage.errors import ChangedElsewhere, StorageError
from storage.game_file import MAX_DEPTH, check_version, read_document, read_game
from storage.game_rows import GAME_ID, GameRecord, GameSummary, GameTimes, action_text
from storage.keeper import GameKeeper, listing_of
from storage.listing import Listing
from storage.timestamps import Clock, utc_now
from storage.versions import meet

FORMAT = "trickpad-library"
# 2: its games are game files of version 2 (storage.game_file); 3: of version 3; 4: of
# version 4; 5: of version 5. Every older version still reads.
VERSION = 5
MAX_LIBRARY_BYTES = 200_000_000
MAX_GAMES = 20_000
# A library nests each game file's values two levels deeper: the games array and a game.
MAX_LIBRARY_DEPTH = MAX_DEPTH + 1


@dataclass(frozen=True)
class RefusedGame:
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
    """What an import did: games added, brought up to date, already here, refused, and
    those kept as another version of a game here (counted in `added` too)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    refused: tuple[RefusedGame, ...] = field(default_factory=tuple)
    versions: int = 0


def export_library(
    keeper: GameKeeper, *, clock: Clock = utc_now, progress: Callable[[Progress], None] = _ignore
) -> tuple[str, int]:
    """Every game on the lists (not deleted, not damaged) as one file; and how many.

    Takes time that grows with the library: run it off the server's loop (views.shell.work).
    A backup larger than a merge takes (MAX_LIBRARY_BYTES) could never be merged back:
    it is refused (``storage.backup_export_too_large``) as soon as the games read
    outgrow it, before the rest is read."""
    summaries = [
        summary
        for summary in keeper.unfinished() + keeper.finished(limit=None)
        if not summary.is_damaged
    ]
    summaries.sort(key=lambda summary: summary.created_at)
    games = []
    size = 0
    for summary in summaries:
        games.append(_game_entry(keeper, summary))
        size += len(games[-1].encode("utf-8")) + len(",\n    ")
        if size > MAX_LIBRARY_BYTES:
            raise StorageError(
                "storage.backup_export_too_large", count=len(summaries), limit=MAX_LIBRARY_BYTES
            )
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
    keeper: GameKeeper,
    content: bytes,
    progress: Callable[[Progress], None] = _ignore,
    *,
    checks: Executor | None = None,
) -> MergeReport:
    """Merge the library in a picked file's bytes into this device's games.

    Takes time that grows with the file (every game is replayed): run it off the server's
    loop (views.shell.work); `progress` is told after each run of games checked and saved.

    `checks`, an executor of one worker process (see checking_process), reads and replays
    the file's games there rather than here. That is pure Python: on a thread of the
    server's process it holds the GIL, and the loop's thread, which gives the GIL up at
    every SQLite call and socket write, waits for it each time, so another phone's tap
    waits many times over. Only the short store writes are left to this thread.
    ``bench/merge_bench.py`` measures how long such a tap waits.

    Refuses the whole file, changing nothing, with the StorageError keys of
    storage.game_file.import_json (``storage.backup_too_large``, ``storage.import_not_json``,
    ``storage.import_not_trickpad``, ...) and ``storage.import_too_long`` for more than
    MAX_GAMES games; a failed write (``storage.disk_full``) also saves nothing.
    """
    if len(content) > MAX_LIBRARY_BYTES:
        raise too_large(len(content))
    if checks is None:
        checker = _Checker(content)
        total, check = len(checker.games), checker.check
    else:
        total = checks.submit(_open_in_worker, content).result()

        def check(start: int, stop: int) -> list[CheckedGame | RefusedGame]:
            return checks.submit(_check_in_worker, start, stop).result()

    records: list[GameRecord] = []
    refused: list[RefusedGame] = []
    added = updated = unchanged = versions = 0
    for start in range(0, total, CHECK_RUN):
        progress(Progress("checking", start, total))
        for checked in check(start, min(start + CHECK_RUN, total)):
            if isinstance(checked, RefusedGame):
                refused.append(checked)
                continue
            record = _record(keeper, checked)
            if record is None:
                unchanged += 1
                continue
            records.append(record)
            added, updated = added + (record.after is None), updated + (record.after is not None)
            versions += record.after is None and record.id != checked.id
    try:
        keeper.store.imports.save(
            records, lambda saved: progress(Progress("saving", saved, len(records)))
        )
    except ChangedElsewhere:
        raise StorageError("storage.changed_elsewhere") from None
    return MergeReport(added, updated, unchanged, tuple(refused), versions)


def merge_off_process(
    keeper: GameKeeper, content: bytes, progress: Callable[[Progress], None] = _ignore
) -> MergeReport:
    """import_library with the games checked in a worker process of its own (made for
    this merge, ended after it): what the server does, on a worker thread."""
    with checking_process() as checks:
        return import_library(keeper, content, progress, checks=checks)


def checking_process() -> ProcessPoolExecutor:
    """One worker process for import_library's `checks`, started fresh ("spawn"): a fork
    of the server would copy its threads' locks in whatever state they are in."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))


CHECK_RUN = 25
"""How many games are checked per call to the worker: a run's result is unpickled on the
server's side in one go (holding the GIL), so it is kept small; progress is told after
each run."""


@dataclass(frozen=True)
class CheckedGame:
    """A game of the file, read and replayed: its actions as the store keeps them (compact
    JSON text, made by the worker), and its listing."""

    id: str
    game: str
    created_at: datetime
    texts: tuple[tuple[str, str], ...]
    listing: Listing
    times: GameTimes
    version_of: str | None


class _Checker:
    """Reads a library file and checks its games a run at a time (in a worker process,
    or here). Refuses the whole file (StorageError) when it is not a library."""

    def __init__(self, content: bytes) -> None:
        text = content.decode("utf-8-sig", errors="replace")
        document = read_document(text, FORMAT, MAX_LIBRARY_BYTES, MAX_LIBRARY_DEPTH)
        self.version = check_version(document, VERSION)
        games = document.get("games")
        if not isinstance(games, list):
            raise StorageError("storage.import_field", field="games")
        if len(games) > MAX_GAMES:
            raise StorageError("storage.import_too_long", count=len(games), limit=MAX_GAMES)
        self.games: list[Any] = games
        self.seen: set[str] = set()

    def check(self, start: int, stop: int) -> list[CheckedGame | RefusedGame]:
        checked: list[CheckedGame | RefusedGame] = []
        for entry in self.games[start:stop]:
            try:
                checked.append(_check(entry, self.seen, self.version))
            except StorageError as error:
                checked.append(_refusal(entry, error))
        return checked


_worker_checker: _Checker | None = None
"""The file a worker process is checking (one merge per process)."""


def _open_in_worker(content: bytes) -> int:
    """In the worker: read the file; how many games it holds."""
    global _worker_checker
    _worker_checker = _Checker(content)
    return len(_worker_checker.games)


def _check_in_worker(start: int, stop: int) -> list[CheckedGame | RefusedGame]:
    assert _worker_checker is not None, "_open_in_worker first"
    return _worker_checker.check(start, stop)


def too_large(size: int) -> StorageError:
    """The refusal of a backup of `size` bytes, over MAX_LIBRARY_BYTES."""
    return StorageError("storage.backup_too_large", size=size, limit=MAX_LIBRARY_BYTES)


def _game_entry(keeper: GameKeeper, summary: GameSummary) -> str:
    actions = [{"kind": kind, "data": data} for kind, data in keeper.store.actions(summary.id)]
    entry: dict[str, object] = {
        "id": summary.id,
        "game": summary.game,
        "created_at": summary.created_at.isoformat(),
        "updated_at": summary.updated_at.isoformat(),
        "actions": actions,
    }
    if summary.finished_at is not None:
        entry["finished_at"] = summary.finished_at.isoformat()
    if summary.version_of is not None:
        entry["version_of"] = summary.version_of
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))


def _check(entry: object, seen: set[str], version: int) -> CheckedGame:
    """One game of a file of `version` read and replayed (as a game file is checked; a
    library's version is its games' game file version)."""
    if not isinstance(entry, Mapping):
        raise StorageError("storage.import_field", field="games")
    game_id = entry.get("id")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id) or game_id in seen:
        raise StorageError("storage.import_field", field="id")
    seen.add(game_id)
    version_of = entry.get("version_of")
    if version_of is not None and (
        not isinstance(version_of, str) or not GAME_ID.fullmatch(version_of)
    ):
        raise StorageError("storage.import_field", field="version_of")
    created_at = _moment(entry.get("created_at"), "created_at")
    times = GameTimes(
        *(_moment(entry[name], name) if name in entry else None for name in GameTimes.FIELDS)
    )
    ledger = read_game(entry, version)
    texts = tuple((action.kind, action_text(action.kind, action.data)) for action in ledger.actions)
    listing = listing_of(ledger.state)
    return CheckedGame(game_id, ledger.state.game, created_at, texts, listing, times, version_of)


def _record(keeper: GameKeeper, checked: CheckedGame) -> GameRecord | None:
    """The record to save for a checked game, or None when it is already here."""
    meeting = meet(keeper.store, checked.id, checked.texts)
    if meeting.unchanged:
        return None
    return GameRecord(
        meeting.game_id,
        checked.game,
        checked.created_at,
        (),
        checked.listing,
        after=meeting.after,
        texts=checked.texts,
        times=checked.times,
        version_of=meeting.version_of or checked.version_of,
    )


def _moment(value: object, name: str) -> datetime:
    """The time in the file's field `name`, which must say its time zone."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise StorageError("storage.import_field", field=name)
    return moment


def _refusal(entry: object, error: StorageError) -> RefusedGame:
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
    return RefusedGame(
        game if isinstance(game, str) else "",
        created if isinstance(created, str) else "",
        names,
        error,
    )
