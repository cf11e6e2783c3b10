"""One tab at a time holds the games: two tabs each syncing their own copy of the file
would erase each other's entries (the last sync wins).

The tab that holds the Web Lock named LOCK keeps it until it closes; another tab waits for
it, saying so, and opens the games once the first has closed.

A page that is no secure context (plain http on a network address: a home server without
a certificate) has no Web Locks. There the holder is the tab whose opening of the IndexedDB
database DATABASE raised its version: an upgrade runs only once every other connection to
the database has closed, and the holder keeps its connection open and never closes it when
asked, so a later tab's upgrade is "blocked" until the holder's tab is gone (its worker
ends, and the browser closes the connection with it), and then runs: that tab holds it.
"""

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]  # Pyodide's, in the browser only
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only

LOCK = "trickpad-games"
DATABASE = "trickpad-games-holder"
_kept_alive: list[object] = []
"""The lock's callbacks and its never-settled promise, or the holder's connection and its
callbacks: the games are held while they live."""
_claims: list[asyncio.Task[None]] = []
"""The one claim by upgrade, made at the first `take` and going on until it holds."""
_blocked = asyncio.Event()


async def take(*, wait: bool) -> bool:
    """Take the games for as long as this tab lives. Without `wait`, give up at once (False)
    when another tab holds them; with `wait`, return once that tab has let them go."""
    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return await _take_by_upgrade(wait=wait)
    granted: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    forever = js.Promise.new(create_proxy(lambda resolve, reject: None))

    def on_lock(lock: object) -> object:
        # No lock (another tab has it) arrives as Pyodide's falsy jsnull.
        granted.set_result(bool(lock))
        return forever if lock else None

    callback = create_proxy(on_lock)
    _kept_alive.extend([forever, callback])
    options = to_js({"ifAvailable": not wait}, dict_converter=js.Object.fromEntries)
    locks.request(LOCK, options, callback)
    return await granted


async def _take_by_upgrade(*, wait: bool) -> bool:
    """`take` without Web Locks: the claim is made once, and waited for, or given up for
    now (False) as soon as another tab's connection is seen holding it back."""
    if not _claims:
        _claims.append(asyncio.ensure_future(_claim()))
    claim = _claims[0]
    if not wait:
        blocked = asyncio.ensure_future(_blocked.wait())
        await asyncio.wait([claim, blocked], return_when=asyncio.FIRST_COMPLETED)
        blocked.cancel()
        if not claim.done():
            return False
    await asyncio.shield(claim)
    return True


async def _claim() -> None:
    """Open DATABASE one version up until this tab's opening is the one that upgraded it.
    A browser whose IndexedDB cannot be used keeps no games to share: the tab goes on."""
    try:
        while True:
            current, _ = await _open(None)
            current.close()
            try:
                connection, upgraded = await _open(int(current.version) + 1)
            except _PassedBy:
                continue
            if upgraded:
                connection.onversionchange = _refuse_to_close()
                _kept_alive.append(connection)
                return
            connection.close()  # another tab raised it to this version first
    except _Refused as refused:
        print(f"Trickpad: no IndexedDB to tell tabs apart ({refused}): this tab goes on")


class _Refused(Exception):
    """IndexedDB refused the opening."""


class _PassedBy(Exception):
    """Another tab raised the version past the one asked for."""


def _refuse_to_close() -> object:
    """The holder's answer to a later tab asking it to close: none (that tab waits)."""
    return create_proxy(lambda _: None)


async def _open(version: int | None) -> tuple[Any, bool]:
    """A connection to DATABASE (a JavaScript IDBDatabase) at `version`, when given, and
    whether this opening upgraded it. Another tab's connection that stays open holds the
    opening back, and makes it tell `_blocked`."""
    ended: asyncio.Future[tuple[Any, bool]] = asyncio.get_running_loop().create_future()
    upgraded = [False]
    request = js.indexedDB.open(DATABASE, *([] if version is None else [version]))

    def on_upgrade(_: object) -> None:
        upgraded[0] = True

    def on_success(_: object) -> None:
        ended.set_result((request.result, upgraded[0]))

    def on_error(event: object) -> None:
        event.preventDefault()  # type: ignore[attr-defined]  # a JavaScript Event
        passed = request.error.name == "VersionError"
        ended.set_exception(_PassedBy() if passed else _Refused(str(request.error)))

    def on_blocked(_: object) -> None:
        _blocked.set()

    handlers = [create_proxy(on) for on in (on_upgrade, on_success, on_error, on_blocked)]
    request.onupgradeneeded, request.onsuccess, request.onerror, request.onblocked = handlers
    try:
        return await ended
    finally:
        for handler in handlers:
            handler.destroy()
