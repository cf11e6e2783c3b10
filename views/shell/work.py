"""Work that grows with the data, done off the server's loop, with its progress on screen.

Every phone's session shares one event loop: a merge of a large backup run on it held up
every other phone's taps for seconds. So such work runs on a worker thread (the store is
shared between threads, see storage.store) and only its progress comes back to the loop,
a few times a second at most, so that telling it does not itself grow with the data.
``bench/merge_bench.py`` measures how long another phone's tap waits during a merge.

In the browser (the phone-alone app, Python in Pyodide) there are no threads and no
processes, and no other phone to keep waiting: the same work runs inline on the loop
(views.shell.runtime tells the two apart).
"""

import asyncio
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import flet as ft

from storage.backup import MergeReport, Progress, import_library, merge_off_process
from storage.keeper import GameKeeper
from views.shell import runtime

P = ParamSpec("P")
R = TypeVar("R")
PROGRESS_EVERY_SECONDS = 0.2
"""At most this often is the screen told how far the work is (and once at its end)."""


async def off_loop(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`work(*args, **kwargs)` on a worker thread; the loop serves other sessions meanwhile.
    In the browser, inline: there is no thread to run it on and no other session."""
    if runtime.IN_BROWSER:
        return work(*args, **kwargs)
    return await asyncio.to_thread(work, *args, **kwargs)


def merge_library(
    keeper: GameKeeper, content: bytes, progress: Callable[[Progress], None]
) -> MergeReport:
    """Merge a backup: its games checked in a worker process of their own on a server, in
    this one in the browser (which can start none)."""
    if runtime.IN_BROWSER:
        return import_library(keeper, content, progress)
    return merge_off_process(keeper, content, progress)


def progress_to(show: Callable[[Progress], None]) -> Callable[[Progress], None]:
    """A progress callback for a worker thread that has `show` called in this session (the
    one current now), at most every PROGRESS_EVERY_SECONDS and for the last game. In the
    browser the work runs inline on the loop, so `show` is called at once: a task for it
    would run after the work's result is shown, and show the progress over it."""
    page = ft.context.page
    last = [float("-inf")]

    async def shown(progress: Progress) -> None:
        show(progress)

    def told(progress: Progress) -> None:
        now = time.monotonic()
        if now - last[0] < PROGRESS_EVERY_SECONDS and progress.done < progress.total:
            return
        last[0] = now
        if runtime.IN_BROWSER:
            show(progress)
        else:
            page.run_task(shown, progress)

    return told
