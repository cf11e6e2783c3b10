"""Shared fixtures. `harness` drives Flet views without a browser (tests/flet_harness.py)."""

from collections.abc import AsyncIterator, Iterator
from itertools import groupby
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


E2E = Path(__file__).parent / "e2e"


def allowed_seconds(item: pytest.Item) -> float:
    """The test's pytest-timeout, which is how long a test says it may take."""
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0])
    return float(item.config.getini("timeout") or 0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests first, then the rest; within each, the modules whose tests may take
    longest first, every module's tests kept together and in order.

    `make test` hands the tests to two xdist workers one at a time in this order, so the
    longest start at once instead of holding up the end of the run, each worker opens its
    browser once (tests/e2e's package-scoped fixture), and a module-scoped server is
    started once per worker."""
    modules = [list(tests) for _, tests in groupby(items, key=lambda item: item.path)]
    modules.sort(
        key=lambda tests: (
            not tests[0].path.is_relative_to(E2E),
            -max(allowed_seconds(item) for item in tests),
        )
    )
    items[:] = [item for tests in modules for item in tests]
