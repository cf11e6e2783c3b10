"""One tab at a time holds the games: two tabs each syncing their own copy of the file
would erase each other's entries (the last sync wins).

The tab that holds the Web Lock named LOCK keeps it until it closes; another tab waits for
it, saying so, and opens the games once the first has closed.
"""

import asyncio

import js  # type: ignore[import-not-found]  # Pyodide's, in the browser only
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]  # Pyodide's, in the browser only

LOCK = "trickpad-games"
_kept_alive: list[object] = []
"""The lock's callbacks and its never-settled promise: the lock is held while they live."""


async def take(*, wait: bool) -> bool:
    """Take the lock for as long as this tab lives. Without `wait`, give up at once (False)
    when another tab holds it; with `wait`, return once that tab has let it go. A browser
    without Web Locks (an old one, or a page not served over HTTPS) has no way to tell
    tabs apart: the tab goes on as the only one."""
    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return True
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
