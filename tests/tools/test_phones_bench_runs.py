"""Smoke test: the phones-only benchmark runs in its quick mode (two phones on the run's
site, one joining, four taps, the scorer's reload and the phone joining again; then two
watching phones and the same taps) and prints every figure, each a time."""

import pytest

from tests.tools.bench_run import bench_rows

LABELS = [
    "join: reply taken to the guest's game",
    "tap to the other phone, median of 4",
    "tap to the other phone, p95 of 4",
    "re-join after the scorer's reload, 5 taps",
    "tap to 2 other phones, median of 4",
    "tap to 2 other phones, p95 of 4",
]


@pytest.mark.timeout(300)
def test_the_phones_benchmark_prints_every_figure(site: str) -> None:
    rows = bench_rows(["bench/phones_bench.py", "--quick", "--site", site], timeout=280)
    for label in LABELS:
        assert label in rows, rows
        figure, unit = rows[label].removeprefix(label).split()[:2]
        assert float(figure) > 0 and unit == "ms", rows[label]
