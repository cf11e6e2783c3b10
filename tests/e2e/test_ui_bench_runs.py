"""Smoke test: the UI benchmark runs in its quick mode (one start and three taps per app,
in Chromium, here with two followers, which takes every path of the script) and prints
every figure."""

import subprocess
import sys

import pytest

from tests.e2e.conftest import REPO_ROOT

LABELS = [
    "cold start ratio",
    "tap median ratio",
    "tap p95 ratio",
    "home RSS ratio",
    "per-tab RSS ratio",
]


@pytest.mark.timeout(300)
def test_the_ui_benchmark_prints_every_ratio() -> None:
    done = subprocess.run(
        [sys.executable, "bench/ui_bench.py", "--quick", "--followers", "2"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=280,
    )
    assert done.returncode == 0, done.stderr
    rows = {line.split("  ")[0]: line for line in done.stdout.splitlines()}
    for label in LABELS:
        assert label in rows
        assert rows[label].split()[len(label.split())].endswith("x"), rows[label]
