"""Nothing reaches the screen before the entry it shows is kept, and storage that refused
an entry is tried again until it keeps everything.

In the browser the SQLite file lives in memory (Emscripten's file system) and is copied to
the browser's storage (IndexedDB) by an asynchronous sync. The gate sits between the app
and the page: after a commit, every frame the app sends waits until a sync started after
that commit has finished, so a player never sees an entry that a closed tab would lose.

A sync copies whatever differs between the files in memory and IndexedDB, so one that
succeeds after failures (or after the browser emptied the database) writes the whole store
back: the games go on in memory meanwhile, and nothing is lost while the tab is open.
"""

from collections.abc import Callable
from typing import Protocol

Done = Callable[[str | None], None]
"""Told when a sync has ended: None, or what went wrong."""
Later = Callable[[float, Callable[[], None]], object]
"""Calls a function after so many seconds (asyncio's loop.call_later)."""

SYNC_PATIENCE = 15.0
"""How long a sync may take before it is given up as failed. A copy takes well under a
second on a phone; on a full disk Chromium was seen to leave one unanswered for over 20 s,
and the frames it held (a tapped bid) stayed off the screen all that time."""
NOT_ANSWERED = f"the browser's storage did not answer within {SYNC_PATIENCE:.0f} s"


class Listener(Protocol):
    """Who is told how the copies to storage go."""

    def not_kept(self, reason: str) -> None:
        """A copy of new entries failed: they are on screen, but not in storage."""

    def failing(self, reason: str) -> None:
        """Any copy failed (told after `not_kept`): `SyncGate.retry` should run again later."""

    def kept_again(self) -> None:
        """A copy succeeded after a failure: every entry so far is in storage."""

    def written_back(self) -> None:
        """A copy succeeded after the browser emptied its storage under the tab: every game
        is in storage again."""


class SyncGate:
    """Holds outgoing frames while committed writes are being kept.

    `sync(done)` starts one copy of the files to storage and calls `done` when it ends;
    `send(frame)` hands a frame to the page. A failed copy is told to the listener (the
    frames are sent all the same: the screen must not freeze, and it says so); the gate is
    then `failing` until a copy succeeds, started by the next commit or by `retry`. A copy
    not ended within SYNC_PATIENCE (told by `later`) counts as failed, and its answer, should
    it come at last, is not heard.

    >>> sent, syncs = [], []
    >>> gate = SyncGate(syncs.append, sent.append, listener, later)  # a Listener that prints
    >>> gate.send(b"before")
    >>> gate.committed()
    >>> gate.send(b"after")
    >>> sent
    [b'before']
    >>> syncs[0](None)
    >>> sent
    [b'before', b'after']
    >>> gate.committed()
    >>> syncs[1]("QuotaExceededError")
    not kept: QuotaExceededError
    >>> gate.retry()
    >>> syncs[2](None)
    kept again
    """

    def __init__(
        self,
        sync: Callable[[Done], None],
        send: Callable[[bytes], None],
        listener: Listener,
        later: Later,
    ) -> None:
        self._sync = sync
        self._send = send
        self._listener = listener
        self._later = later
        self.failing = False
        self._started = 0  # how many syncs were started
        self._running = 0  # the number of the sync under way; 0: none
        self._holding = False
        self._carrying = False
        self._committed_since_start = False
        self._held: list[bytes] = []
        self._emptied = False  # the browser dropped the storage: write back, then say so
        self._writing_back = False

    def committed(self) -> None:
        """A write was committed to the file: keep it before anything more is shown. One
        sync at a time; a commit during a sync is kept by the next one."""
        self._holding = True
        if self._running:
            self._committed_since_start = True
        else:
            self._start()

    def retry(self) -> None:
        """Copy to storage again now (nothing new committed): after a failure, or when the
        browser dropped the database. A sync under way makes this one needless."""
        if not self._running:
            self._start()

    def emptied(self) -> None:
        """The browser dropped its storage under the tab: copy everything back now (after
        a sync under way, which may have gone to the storage dropped), and say so once a
        copy has succeeded."""
        self._emptied = True
        if self._running:
            self._committed_since_start = True
        else:
            self._start()

    def send(self, frame: bytes) -> None:
        if self._holding:
            self._held.append(frame)
        else:
            self._send(frame)

    def _start(self) -> None:
        self._started += 1
        number = self._running = self._started
        self._carrying = self._holding
        self._committed_since_start = False
        self._writing_back, self._emptied = self._emptied, False
        self._later(SYNC_PATIENCE, lambda: self._ended(number, NOT_ANSWERED))
        self._sync(lambda error: self._ended(number, error))

    def _ended(self, number: int, error: str | None) -> None:
        """The sync `number` ended, or was given up: heard once, and only while under way."""
        if number != self._running:
            return
        if error is not None:
            if self._carrying:
                self._listener.not_kept(error)
            self._emptied = self._emptied or self._writing_back
            self.failing = True
            self._listener.failing(error)
        elif self._writing_back:
            self.failing = False
            self._listener.written_back()
        elif self.failing:
            self.failing = False
            self._listener.kept_again()
        if self._committed_since_start:
            self._start()
            return
        self._running = 0
        self._holding = False
        held, self._held = self._held, []
        for frame in held:
            self._send(frame)
