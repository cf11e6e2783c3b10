"""What the benchmark scripts share: timing, percentiles and the printed table."""

import statistics
import time
from collections.abc import Callable, Sequence

Row = tuple[str, str, str, str]  # figure, value, aim, measured on


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def timings(run: Callable[[], object], repeats: int) -> list[float]:
    """Seconds taken by each of `repeats` calls of `run`."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def median_time(run: Callable[[], object], repeats: int) -> float:
    return statistics.median(timings(run, repeats))


def p95(samples: Sequence[float]) -> float:
    """The 95th percentile (nearest rank): 95 % of the samples are at most this."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def print_table(rows: Sequence[Row], quick: bool) -> None:
    header = ("figure", "value", "aim", "measured on")
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(4)]
    for row in (header, tuple("-" * w for w in widths), *rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    if quick:
        print("(quick mode: sizes are tiny, figures are not meaningful)")
