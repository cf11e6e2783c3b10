"""Smoke test: the idle and start-up benchmark runs in its quick mode (one second idle, one
profile) and prints every figure. In Chromium only: its driver (tests/e2e/engines.py's
ChromiumTab) is the bench's own, while Firefox's and WebKit's are the journeys'
(test_engines.py), and every path of the script is the same for the three."""

import pytest

from tests.e2e.bench_run import bench_rows

LABELS = [
    "chromium, served Home idle, browser",
    "chromium, served Home idle, server",
    "chromium, served game idle, browser",
    "chromium, served game idle, server",
    "chromium, phone alone Home idle, browser",
    "chromium, phone alone game idle, browser",
    "chromium, phone alone first visit, Home drawn",
    "chromium, phone alone repeat visit, Home drawn",
    "chromium, phone alone offline start, Home drawn",
    "chromium, Python from the kept start",
]


@pytest.mark.timeout(300)
def test_the_idle_benchmark_prints_every_figure() -> None:
    rows = bench_rows(["bench/idle_bench.py", "--quick", "--engines", "chromium"], timeout=280)
    for label in LABELS:
        assert label in rows, rows
    kept = rows["chromium, Python from the kept start"]
    assert "2 of 2 later starts" in kept, kept  # the repeat visit and the offline start
