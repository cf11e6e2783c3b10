"""The store's folder kept in the browser's storage: Emscripten's IDBFS on IndexedDB.

The folder is a file system in memory that IDBFS copies to and from IndexedDB as a whole:
`load` fills it from what an earlier visit kept, `sync` (after each commit, see
phone_alone.sync_gate) copies what changed back. Where IndexedDB cannot be used (a private
window of some browsers, storage refused), the folder stays in memory and the caller says
that games are not kept. Where it opens but holds an entry that cannot be made a file (IDBFS
then gives up the whole load), the entries are loaded one by one instead: each that cannot
be is kept as a damaged file beside the store, and the caller says so.

A failed sync lets go of the connection to IndexedDB (a connection the browser is closing
stays unusable: "The database connection is closing") and writes the whole folder from a
fresh worker instead; a connection the browser closes under the tab (storage cleared, the
database deleted or dropped on a full disk) is let go too. The next sync opens the database
anew, creating it if it is gone, and copies every file that differs from what it holds,
so the whole folder when it was emptied.
"""

import asyncio
import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
import pyodide_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]  # Pyodide's, in the browser only

from phone_alone.fresh_writer import write_folder
from phone_alone.sync_gate import Done


@dataclass(frozen=True)
class Keeping:
    """How the folder is kept: in IndexedDB at all, and as storage the browser promised
    not to clear when space runs low (navigator.storage.persisted())."""

    kept: bool
    persistent: bool
    unread: Path | None = None
    """Where entries IndexedDB held but that could not be read are kept, as the files set
    aside by storage.opening are named (with their own suffix: "-wal"), if there were any."""


async def load(folder: Path, store_name: str) -> Keeping:
    """Mount IndexedDB's copy at `folder` and fill it from there; `store_name` is the
    store's file there, whose name an unreadable entry is kept under."""
    fs = pyodide_js.FS
    fs.mkdirTree(str(folder))
    fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(folder))
    try:
        await _opened(str(folder))
    except OSError as refused:  # IndexedDB refused: the folder stays in memory only
        print(f"Trickpad: games not kept in IndexedDB: {refused}")
        fs.unmount(str(folder))
        return Keeping(kept=False, persistent=False)
    try:
        await _synced(populate=True)
    except OSError as failed:
        print(f"Trickpad: IndexedDB holds an entry that is not a file: {failed}")
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        kept = folder / f"{store_name}.damaged-{stamp}"
        if await js.eval(LOAD_EACH)(fs, str(folder), str(folder / store_name), str(kept)):
            _watch()
            return Keeping(kept=True, persistent=await _persisted(), unread=kept)
    _watch()
    return Keeping(kept=True, persistent=await _persisted())


LOAD_EACH = """(async (FS, mountpoint, store, kept) => {
    const IDBFS = FS.filesystems.IDBFS;
    const db = await new Promise((resolve, reject) =>
        IDBFS.getDB(mountpoint, (error, opened) => (error ? reject(error) : resolve(opened))));
    const asked = (request) => new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
    const entries = db.transaction([IDBFS.DB_STORE_NAME], "readonly")
        .objectStore(IDBFS.DB_STORE_NAME);
    const paths = await asked(entries.getAllKeys());
    const values = await asked(entries.getAll());
    const raw = (value) => {
        if (value && ArrayBuffer.isView(value.contents)) return value.contents;
        try { return JSON.stringify(value) ?? String(value); } catch { return String(value); }
    };
    let unread = 0;
    paths.forEach((path, index) => IDBFS.storeLocalEntry(path, values[index], (error) => {
        if (!error) return;
        unread += 1;
        const suffix = path.startsWith(store) ? path.slice(store.length) : "-" + unread;
        FS.writeFile(kept + suffix, raw(values[index]));
    }));
    return unread;
})"""
"""Run in the worker: fill the folder from IndexedDB entry by entry, each entry that cannot
be made a file (IDBFS.storeLocalEntry) kept under `kept` and its own suffix; how many."""


def sync(folder: Path, done: Done) -> None:
    """Start copying the folder's changes to IndexedDB; `done` is told when it ends. When
    IDBFS fails, the whole folder is written from a fresh worker (phone_alone.fresh_writer),
    and only a failure of both is told."""

    def ended(error: object) -> None:
        if not error:
            _watch()
            done(None)
            return
        _let_go()

        def written(again: str | None) -> None:
            if again is None:
                print(f"Trickpad: written from a fresh worker after: {error}")
            else:
                print(f"Trickpad: IndexedDB refused the games again: {again}")
            done(None if again is None else str(error))

        write_folder(str(folder), written)

    pyodide_js.FS.syncfs(False, create_once_callable(ended))


_lost: list[Callable[[], None]] = []


def when_lost(lost: Callable[[], None]) -> None:
    """Call `lost` whenever the browser closes the database under the tab: a sync then
    writes the folder back."""
    _lost.append(lost)


def _let_go() -> None:
    """Close and forget IDBFS's connections: the next sync opens the database anew."""
    pyodide_js.FS.filesystems.IDBFS.quit()


def _watch() -> None:
    """Hear of the browser closing the open connection: cleared or dropped storage closes
    it ("close"), a deletion asks it to close ("versionchange") and waits until it is."""
    for database in js.Object.values(pyodide_js.FS.filesystems.IDBFS.dbs):
        database.onclose = database.onversionchange = _closed_handler()


@functools.cache
def _closed_handler() -> object:
    def closed(_: object) -> None:
        _let_go()
        for lost in _lost:
            lost()

    return create_proxy(closed)


async def _opened(name: str) -> None:
    """IndexedDB's database of the folder opened (IDBFS keeps it), or OSError: refused."""
    opened: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def ended(error: object, _: object = None) -> None:
        opened.set_result(str(error) if error else None)

    pyodide_js.FS.filesystems.IDBFS.getDB(name, create_once_callable(ended))
    error = await opened
    if error is not None:
        raise OSError(error)


async def _synced(*, populate: bool) -> None:
    """One sync, awaited. JavaScript's null (no error) arrives as Pyodide's falsy jsnull."""
    finished: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def ended(error: object) -> None:
        finished.set_result(str(error) if error else None)

    pyodide_js.FS.syncfs(populate, create_once_callable(ended))
    error = await finished
    if error is not None:
        raise OSError(error)


async def _persisted() -> bool:
    """Whether the browser keeps this site's storage until the player clears it. The page
    asks for it (index.html, site_build); a worker may only ask whether it was granted."""
    storage = getattr(js.navigator, "storage", None)
    if storage is None:
        return False
    return bool(await storage.persisted())
