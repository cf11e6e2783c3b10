"""Closed Chromium tabs give their memory back: a Flutter tab's own close frees its session
on a large game (the protocol client's many sessions: tests/server/test_session_memory.py,
whose data folder and server this test shares the making of)."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.e2e.conftest import PHONE, enable_accessibility
from tests.e2e.steps import by_id
from tests.server.test_session_memory import (
    BLOCK_LIMIT,
    PATIENCE,
    SHOWN,
    WARM_UP_SESSIONS,
    big_game,
    blocks_in_use,
    open_and_close_sessions,
    serving_game,
    wait_until_freed,
)

__all__ = ["big_game"]  # the fixture, shared

WARM_UP_TABS = 1
"""Real tabs before the baseline: the first one makes what serving a Flutter client keeps
for good."""
TABS = 3


def open_and_close_tabs(context: BrowserContext, url: str, count: int) -> None:
    for _ in range(count):
        page = context.new_page()
        page.goto(url)
        enable_accessibility(page)
        expect(by_id(page, SHOWN)).to_be_visible(timeout=PATIENCE * 1000)
        page.close()


@pytest.mark.timeout(600)
def test_closed_chromium_tabs_on_a_large_game_are_deleted_and_collected(
    browser: Browser, big_game: tuple[Path, str]
) -> None:
    data_dir, game_id = big_game
    with serving_game(data_dir) as server:
        open_and_close_sessions(server, game_id, WARM_UP_SESSIONS)
        context = browser.new_context(viewport=PHONE)
        try:
            url = f"{server.url}/game/{game_id}"
            open_and_close_tabs(context, url, WARM_UP_TABS)
            opened = WARM_UP_SESSIONS + WARM_UP_TABS
            wait_until_freed(server, opened)
            blocks = blocks_in_use(server)
            open_and_close_tabs(context, url, TABS)
            wait_until_freed(server, opened + TABS)
            grown = blocks_in_use(server) - blocks
            assert grown < BLOCK_LIMIT, f"{TABS} closed tabs kept {grown} blocks"
        finally:
            context.close()
