"""The store's folder kept in the browser's storage: Emscripten's IDBFS on IndexedDB.

The folder is a file system in memory that IDBFS copies to and from IndexedDB as a whole:
`load` fills it from what an earlier visit kept, `sync` (after each commit, see
phone_alone.sync_gate) copies what changed back. Where IndexedDB cannot be used (a private
window of some browsers, storage refused), the folder stays in memory and the caller says
that games are not kept.
"""

import asyncio
from dataclasses import dataclass
from pathlib import Path

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
import pyodide_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]  # Pyodide's, in the browser only

from phone_alone.sync_gate import Done


@dataclass(frozen=True)
class Keeping:
    """How the folder is kept: in IndexedDB at all, and as storage the browser promised
    not to clear when space runs low (navigator.storage.persisted())."""

    kept: bool
    persistent: bool


async def load(folder: Path) -> Keeping:
    """Mount IndexedDB's copy at `folder` and fill it from there."""
    fs = pyodide_js.FS
    fs.mkdirTree(str(folder))
    fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(folder))
    try:
        await _synced(populate=True)
    except OSError as refused:  # IndexedDB refused: the folder stays in memory only
        print(f"Trickpad: games not kept in IndexedDB: {refused}")
        fs.unmount(str(folder))
        return Keeping(kept=False, persistent=False)
    return Keeping(kept=True, persistent=await _persisted())


def sync(done: Done) -> None:
    """Start copying the folder's changes to IndexedDB; `done` is told when it ends."""

    def ended(error: object) -> None:
        done(str(error) if error else None)

    pyodide_js.FS.syncfs(False, create_once_callable(ended))


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
