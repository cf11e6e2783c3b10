"""A phone put away: every process of one Chromium stopped (SIGSTOP), as a phone's system
stops a browser whose screen is locked, and started again (SIGCONT). Chromium's own freeze
of a page (CDP's Page.setWebLifecycleState) left its WebRTC links running, so it is no
test of a suspended phone; a stopped process answers nothing at all."""

import os
import signal
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def browser_mark() -> str:
    """A switch Chromium ignores, to find the processes of the browser started with it."""
    return f"--trickpad-phone={uuid.uuid4().hex}"


def processes_of(mark: str) -> list[int]:
    """The process of the browser started with the switch `mark`, and every one under it."""
    parents: dict[int, int] = {}
    marked: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        pid = int(entry.name)
        parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        if mark.encode() in command:
            marked.append(pid)
    found = set(marked)
    while True:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        if not more:
            return sorted(found)
        found |= more


@contextmanager
def stopped(mark: str) -> Iterator[list[int]]:
    """Every process of the browser marked `mark` stopped while the block runs; started
    again after it, however it ends."""
    pids = processes_of(mark)
    assert pids, f"no browser runs with {mark}"
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield pids
    finally:
        for pid in pids:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                continue
