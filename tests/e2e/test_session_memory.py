"""Closed tabs give their memory back: the server keeps no session state after a tab goes."""

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from serving.memory import COLLECTED_MESSAGE
from tests.big_game import make_big_wizard_game
from tests.e2e.conftest import PHONE, AppServer, enable_accessibility
from tests.e2e.steps import by_id

MIB = 1024 * 1024
WARM_UP_SESSIONS = 30
"""As many as measured, so the heap reaches its working size first: while one tab is open,
a few closed ones wait for Flet's next sweep (every 10 s), and how many depends on the
machine's speed; freed memory is then reused. (10 were too few on a busy machine.)"""
SESSIONS = 30
ROUNDS = 2
BLOCK_LIMIT = 20_000
"""Python's memory blocks in use after a round of closed tabs may not grow by this much in
every round. One session kept on this game holds about 150,000 blocks (measured in the view
harness), so keeping even one per round fails; the count is exact, unlike the size."""
GROWTH_LIMIT = 5 * MIB
"""The process's size (RSS) must not grow by this much in every round. On a busy machine it
moves by 10 MiB and more between identical rounds (the C heap's pages), so the leak itself
is judged by the blocks in use; 30 kept sessions would be about 130 MiB."""


def rss(server: AppServer) -> int:
    assert server.process is not None
    with open(f"/proc/{server.process.pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS line")


def blocks_in_use(server: AppServer) -> int:
    """Python's memory blocks in use at the server's last collection (its log says)."""
    last = [line for line in server.output if COLLECTED_MESSAGE in line][-1]
    return int(last.rsplit(":", 1)[1].split()[0])


STRAGGLERS = 1
"""Closed sessions a round may end with that Flet has not deleted yet. On a quiet machine,
one of 30 closed tabs once stayed undeleted past the minute (its cause is not found yet; the
server log showed a keep-awake call failing with "Session closed" as a tab went). The
measure still catches a leak: a session kept in every round grows the blocks far past
BLOCK_LIMIT in every round."""


def freed(server: AppServer, count: int) -> bool:
    """Whether Flet has deleted `count` sessions (less STRAGGLERS) and the server has since
    collected their garbage, as the log (FLET_LOG_LEVEL=info) says."""
    lines = list(server.output)
    deleted = [at for at, line in enumerate(lines) if "Delete session (" in line]
    if len(deleted) < count - STRAGGLERS:
        return False
    return any(COLLECTED_MESSAGE in line for line in lines[deleted[-1] :])


def wait_until_freed(server: AppServer, count: int) -> None:
    """Flet sweeps expired sessions every 10 s: poll the log for up to a minute."""
    deadline = time.monotonic() + 60
    while not freed(server, count) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert freed(server, count), "".join(server.output[-20:])


def open_and_close(context: BrowserContext, url: str, count: int) -> None:
    for _ in range(count):
        page = context.new_page()
        page.goto(url)
        enable_accessibility(page)
        expect(by_id(page, "bid-count")).to_be_visible(timeout=60_000)
        page.close()


@pytest.mark.timeout(900)
def test_thirty_closed_tabs_on_a_large_game_leave_the_server_no_bigger(
    browser: Browser, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    game_id = make_big_wizard_game(data_dir, drafts=5_000)
    # Sessions of closed tabs expire after 1 s instead of the app's minute, to keep it short.
    server = AppServer(data_dir, env={"FLET_SESSION_TIMEOUT": "1", "FLET_LOG_LEVEL": "info"})
    server.start()
    context = browser.new_context(viewport=PHONE)
    try:
        url = f"{server.url}/game/{game_id}"
        open_and_close(context, url, WARM_UP_SESSIONS)
        opened = WARM_UP_SESSIONS
        wait_until_freed(server, opened)
        growths, block_growths = [], []
        for _ in range(ROUNDS):
            before, blocks = rss(server), blocks_in_use(server)
            open_and_close(context, url, SESSIONS)
            opened += SESSIONS
            wait_until_freed(server, opened)
            growths.append(rss(server) - before)
            block_growths.append(blocks_in_use(server) - blocks)
        shown = ", ".join(f"{growth / MIB:.1f} MiB" for growth in growths)
        # Kept sessions would grow the server in every round. A session Flet has not let go
        # of yet when a round ends is freed in the next one, and is not a leak.
        assert min(block_growths) < BLOCK_LIMIT, f"{block_growths} blocks; {shown}"
        assert min(growths) < GROWTH_LIMIT, f"the server grew {shown} in every round"
    finally:
        context.close()
        server.stop()
