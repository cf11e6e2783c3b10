"""Shared fixtures. `harness` drives Flet views without a browser (tests/flet_harness.py)."""

import fcntl
from collections.abc import AsyncIterator, Iterator
from itertools import groupby
from pathlib import Path

import pytest
import pytest_asyncio

from tests.flet_harness import AppHarness
from tests.small_disk import SmallDisk, small_disk

# No server or benchmark a test starts outlives the run (see tests/process_guard.py).
# The phone-alone site is built once for a run, for the layers that read it.
pytest_plugins = ["tests.process_guard", "tests.site_server"]


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


TESTS = Path(__file__).parent
E2E = TESTS / "e2e"
SERVED = (E2E, TESTS / "server", TESTS / "tools")
"""The layers whose tests start the real app server (the browser tests, the server's own
tests without a browser, and the tests of the test set-up and the benchmarks)."""


def allowed_seconds(item: pytest.Item) -> float:
    """The test's pytest-timeout, which is how long a test says it may take."""
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0])
    return float(item.config.getini("timeout") or 0)


BROWSER = (E2E, TESTS / "tools")
"""The layers whose tests drive a browser: `make test` runs only their `every_shape` ones."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests that start the app server, a browser or a benchmark first (tests/e2e,
    tests/server, tests/tools), then the rest; within each, the modules whose tests may
    take longest first, every module's tests kept together and in order.

    `make test` hands the tests to two xdist workers one at a time in this order, so the
    longest start at once instead of holding up the end of the run, a module-scoped server
    is started once per worker, and the browser's sync Playwright loop is gone before the
    asyncio view tests run."""
    for item in items:
        if any(item.path.is_relative_to(folder) for folder in BROWSER):
            item.add_marker(pytest.mark.browser)
    modules = [list(tests) for _, tests in groupby(items, key=lambda item: item.path)]
    modules.sort(
        key=lambda tests: (
            not any(tests[0].path.is_relative_to(folder) for folder in SERVED),
            -max(allowed_seconds(item) for item in tests),
        )
    )
    items[:] = [item for tests in modules for item in tests]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Compress the web client (once per install, up to half a minute) before any served
    test's clock starts, rather than in the first test's server start. The xdist workers
    take turns: the first compresses, the next finds the copies made (both at once would
    each compress everything, on the same two cores)."""
    if any(item.path.is_relative_to(folder) for item in session.items for folder in SERVED):
        from main import ASSETS_DIR
        from serving.web_app import client_cache_dir, client_variants

        cache_dir = client_cache_dir()
        cache_dir.parent.mkdir(parents=True, exist_ok=True)
        with (cache_dir.parent / f"{cache_dir.name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            client_variants(ASSETS_DIR)
