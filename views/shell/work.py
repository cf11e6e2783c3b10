"""Work that grows with the data, done off the server's loop, with its progress on screen.

Every phone's session shares one event loop: a merge of a large backup run on it held up
every other phone's taps for seconds. So such work runs on a worker thread (the store is
shared between threads, see storage.store) and only its progress comes back to the loop,
a few times a second at most, so that telling it does not itself grow with the data.
``bench/merge_bench.py`` measures how long another phone's tap waits during a merge.
"""

import asyncio
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import flet as ft

from storage.library import Progress

P = ParamSpec("P")
R = TypeVar("R")
PROGRESS_EVERY_SECONDS = 0.2
"""At most this often is the screen told how far the work is (and once at its end)."""


async def off_loop(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`work(*args, **kwargs)` on a worker thread; the loop serves other sessions meanwhile."""
    return await asyncio.to_thread(work, *args, **kwargs)


def progress_to(show: Callable[[Progress], None]) -> Callable[[Progress], None]:
    """A progress callback for a worker thread that has `show` called in this session (the
    one current now), at most every PROGRESS_EVERY_SECONDS and for the last game."""
    page = ft.context.page
    last = [float("-inf")]

    async def shown(progress: Progress) -> None:
        show(progress)

    def told(progress: Progress) -> None:
        now = time.monotonic()
        if now - last[0] < PROGRESS_EVERY_SECONDS and progress.done < progress.total:
            return
        last[0] = now
        page.run_task(shown, progress)

    return told
