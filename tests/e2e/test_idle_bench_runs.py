"""Smoke test: the idle and start-up benchmark runs in its quick mode (one second idle, one
profile) and prints every figure. In Chromium only: its driver (tests/e2e/engines.py's
ChromiumTab) is the bench's own, while Firefox's and WebKit's are the journeys'
(test_engines.py), and every path of the script is the same for the three."""

import signal
import subprocess

import pytest

from tests import process_guard
from tests.app_server import REPO_ROOT

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
    # SIGINT stops the benchmark cleanly: its server and browser end in its `finally`s.
    bench = subprocess.Popen(
        process_guard.parent_death_command(
            ["bench/idle_bench.py", "--quick", "--engines", "chromium"], signal.SIGINT
        ),
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    process_guard.track(bench, signal.SIGINT)
    try:
        stdout, stderr = bench.communicate(timeout=280)
    finally:
        process_guard.end_group(bench, signal.SIGINT)
    assert bench.returncode == 0, stderr
    rows = {line.split("  ")[0]: line for line in stdout.splitlines()}
    for label in LABELS:
        assert label in rows, stdout
    kept = rows["chromium, Python from the kept start"]
    assert "2 of 2 later starts" in kept, kept  # the repeat visit and the offline start
