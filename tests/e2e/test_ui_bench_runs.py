"""Smoke test: the UI benchmark runs in its quick mode (one start, one extra tab and three
taps per app, in Chromium, here with a follower, which takes every path of the script) and
prints every figure."""

import signal
import subprocess

import pytest

from tests import process_guard
from tests.app_server import REPO_ROOT

LABELS = [
    "cold start ratio",
    "tap median ratio",
    "tap p95 ratio",
    "home RSS ratio",
    "per-tab RSS ratio",
]


@pytest.mark.timeout(300)
def test_the_ui_benchmark_prints_every_ratio() -> None:
    # SIGINT is what stops the benchmark cleanly: its servers and browser are ended in its
    # `finally`s. It is sent by the kernel too if this process dies first.
    bench = subprocess.Popen(
        process_guard.parent_death_command(
            ["bench/ui_bench.py", "--quick", "--followers", "1"], signal.SIGINT
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
        assert label in rows
        assert rows[label].split()[len(label.split())].endswith("x"), rows[label]
