"""Nothing reaches the screen before the entry it shows is kept.

In the browser the SQLite file lives in memory (Emscripten's file system) and is copied to
the browser's storage (IndexedDB) by an asynchronous sync. The gate sits between the app
and the page: after a commit, every frame the app sends waits until a sync started after
that commit has finished, so a player never sees an entry that a closed tab would lose.
"""

from collections.abc import Callable

Done = Callable[[str | None], None]
"""Told when a sync has ended: None, or what went wrong."""


class SyncGate:
    """Holds outgoing frames while committed writes are being kept.

    `sync(done)` starts one copy of the files to storage and calls `done` when it ends;
    `send(frame)` hands a frame to the page; `failed(reason)` is told when a copy failed
    (the frames are sent all the same: the screen must not freeze, and it says so).

    >>> sent, syncs = [], []
    >>> gate = SyncGate(syncs.append, sent.append, print)
    >>> gate.send(b"before")
    >>> gate.committed()
    >>> gate.send(b"after")
    >>> sent
    [b'before']
    >>> syncs[0](None)
    >>> sent
    [b'before', b'after']
    """

    def __init__(
        self,
        sync: Callable[[Done], None],
        send: Callable[[bytes], None],
        failed: Callable[[str], None],
    ) -> None:
        self._sync = sync
        self._send = send
        self._failed = failed
        self._syncing = False
        self._committed_since_start = False
        self._held: list[bytes] = []

    @property
    def holding(self) -> bool:
        """A sync is under way and frames wait for it."""
        return self._syncing

    def committed(self) -> None:
        """A write was committed to the file: keep it before anything more is shown. One
        sync at a time; a commit during a sync is kept by the next one."""
        if self._syncing:
            self._committed_since_start = True
        else:
            self._start()

    def send(self, frame: bytes) -> None:
        if self._syncing:
            self._held.append(frame)
        else:
            self._send(frame)

    def _start(self) -> None:
        self._syncing = True
        self._committed_since_start = False
        self._sync(self._ended)

    def _ended(self, error: str | None) -> None:
        if error is not None:
            self._failed(error)
        if self._committed_since_start:
            self._start()
            return
        self._syncing = False
        held, self._held = self._held, []
        for frame in held:
            self._send(frame)
