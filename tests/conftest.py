"""Shared fixtures. `harness` drives Flet views without a browser (tests/flet_harness.py)."""

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.flet_harness import AppHarness
from tests.small_disk import SmallDisk, small_disk

# No server or benchmark a test starts outlives the run (see tests/process_guard.py).
pytest_plugins = ["tests.process_guard"]


@pytest_asyncio.fixture
async def harness() -> AsyncIterator[AppHarness]:
    """An opened `AppHarness` (route "/", light device, phone-sized page)."""
    async with AppHarness() as h:
        yield h


@pytest.fixture(name="small_disk")
def small_disk_fixture(tmp_path: Path) -> Iterator[SmallDisk]:
    """A 4 MiB tmpfs of the test's own, to fill up for a real "device is full"."""
    with small_disk(tmp_path / "small-disk") as disk:
        yield disk
