"""The server's memory over a long night: closed sessions freed soon, and what lives to the
end kept out of the garbage collector's walks (bench/ui_bench.py measures both)."""

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import inspect
import logging
import sys

import flet as ft

COLLECTED_MESSAGE = "Collected the garbage of closed sessions"
"""Logged (FLET_LOG_LEVEL=info shows it) after each collection, with the number of memory
blocks Python has in use then: tests wait for it and read it."""
logger = logging.getLogger(__name__)


def keep_out_of_collections() -> None:
    """Move every object alive now (the modules, the catalogs, Babel's data: what the server
    keeps to its end) out of the garbage collector's sight.

    Python's full collection walks every object it tracks; with what the screens import it
    took long enough to land now and then on a phone's tap. Frozen, a collection walks only
    what sessions made since (`gc.freeze`). No collection first: it would lengthen the
    start, and the loading left little garbage."""
    gc.freeze()


M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter: the size from which a block gets pages of its own."""
LARGE_BLOCK_BYTES = 128 * 1024


def return_large_blocks() -> None:
    """Give every block of LARGE_BLOCK_BYTES or more pages of its own, handed back to the
    system as soon as it is freed (glibc only; elsewhere nothing).

    Each TLS connection has a 256 KiB buffer (asyncio's). glibc starts by giving such
    blocks their own pages, but once one is freed it raises that threshold and takes later
    ones from the heap, where the small blocks around them keep the pages: 768 silent
    connections left the server 180 MiB bigger after they had all closed
    (tests/server/test_silent.py), 1,500 of them 860 MB (issue 40). A fixed threshold keeps
    large blocks out of the heap."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK_BYTES)


def release_free_memory() -> None:
    """Give the C heap's free pages back to the system (glibc only; elsewhere nothing).

    Python frees a session's objects into the heap; without this the process keeps the
    pages for its next peak, and its size says nothing about what it still holds."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)


class ClosedSessionSweeper:
    """Frees closed sessions' memory a moment after Flet closes them.

    A session's controls and hooks refer to each other in cycles that only Python's full
    garbage collection finds, and an idle server may not run one for a long time: closed
    sessions then keep their memory. One collection (coalesced when several sessions close
    together) runs `delay` seconds after a close, once Flet has let go of the session."""

    def __init__(self, delay: float = 1.0) -> None:
        self._delay = delay
        self._pending = False
        self._handler_tasks: set[asyncio.Future[object]] = set()

    def sweep_after(self, page: ft.Page) -> None:
        """Collect soon after `page`'s session closes, after its own close handler runs."""
        previous = page.on_close

        def on_close(event: ft.Event[ft.Page]) -> None:
            # Flet types a handler as taking the event or nothing; the page's takes it.
            if previous and inspect.isawaitable(result := previous(event)):  # type: ignore[call-arg]  # see above
                task = asyncio.ensure_future(result)
                self._handler_tasks.add(task)
                task.add_done_callback(self._handler_tasks.discard)
            if not self._pending:
                self._pending = True
                asyncio.get_running_loop().call_later(self._delay, self._collect)

        page.on_close = on_close

    def _collect(self) -> None:
        self._pending = False
        gc.collect()
        release_free_memory()
        logger.info("%s: %d blocks in use", COLLECTED_MESSAGE, sys.getallocatedblocks())


SWEEPER = ClosedSessionSweeper()
"""The server's one sweeper: sessions closing together share one collection."""
