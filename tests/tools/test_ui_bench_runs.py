"""Smoke test: the UI benchmark runs in its quick mode (one start, one extra tab and three
taps per app, in Chromium, here with a follower, which takes every path of the script) and
prints every figure."""

import pytest

from tests.tools.bench_run import bench_rows

LABELS = [
    "cold start ratio",
    "tap median ratio",
    "tap p95 ratio",
    "home RSS ratio",
    "per-tab RSS ratio",
]


@pytest.mark.timeout(300)
def test_the_ui_benchmark_prints_every_ratio() -> None:
    rows = bench_rows(["bench/ui_bench.py", "--quick", "--followers", "1"], timeout=280)
    for label in LABELS:
        assert label in rows
        assert rows[label].split()[len(label.split())].endswith("x"), rows[label]
