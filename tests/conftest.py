"""Shared fixtures. `harness` drives Flet views without a browser (tests/flet_harness.py)."""

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.flet_harness import AppHarness


@pytest_asyncio.fixture
async def harness() -> AsyncIterator[AppHarness]:
    """An opened `AppHarness` (route "/", light device, phone-sized page)."""
    async with AppHarness() as h:
        yield h
