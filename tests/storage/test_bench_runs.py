"""Smoke test: the storage benchmark runs (tiny sizes) and reports every figure."""

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

LABELS = [
    "append latency median",
    "append latency p95",
    "reopen 6-player 10-round Wizard",
    "reopen 3-player 20-round Wizard",
    "history first page",
    "history last page",
    "open history database",
    "read a game's actions",
    "open full-game database",
    "bytes per 6-player 10-round game",
    "bytes per 3-player 20-round game",
]


def test_storage_bench_quick_mode_prints_every_figure() -> None:
    done = subprocess.run(
        [sys.executable, "bench/storage_bench.py", "--quick"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    printed = [line.split("  ")[0] for line in done.stdout.splitlines()]
    for label in LABELS:
        assert label in printed
