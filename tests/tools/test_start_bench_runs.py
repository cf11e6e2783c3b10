"""Smoke test: the start benchmark runs in its quick mode (one fresh profile in Chromium at
full speed: a first visit, then a repeat visit from the kept start) and prints every stage
of both, each a time: the site's console marks are there to be read."""

import pytest

from bench.start_bench import HOME, STAGES, VISITS
from tests.tools.bench_run import bench_rows


@pytest.mark.timeout(300)
def test_the_start_benchmark_prints_every_stage() -> None:
    rows = bench_rows(["bench/start_bench.py", "--quick"], timeout=280)
    for visit in VISITS:
        for stage in (*(name for name, _ in STAGES), HOME):
            label = f"chromium full speed, {visit}: {stage}"
            assert label in rows, rows
            figure, unit = rows[label].removeprefix(label).split()[:2]
            assert float(figure) > 0 and unit == "s", rows[label]
