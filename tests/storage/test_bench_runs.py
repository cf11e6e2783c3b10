"""Smoke test: the benchmarks run (tiny sizes) and report every figure."""

import subprocess
import sys
from pathlib import Path

import pytest

from scorers.ledger import MAX_ACTIONS

REPO_ROOT = Path(__file__).resolve().parents[2]

STORAGE_LABELS = [
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
KEEPER_LABELS = [
    "entry latency median",
    "entry latency p95",
    *(
        f"{how} {shape} Wizard {figure}"
        for how in ("GameKeeper.open", "open_store + open")
        for shape in ("6-player 10-round", "3-player 20-round")
        for figure in ("median", "p95")
    ),
]


HOME_LABELS = [
    "Home lists (queries)",
    "Home render median",
    "Home render p95",
    "Players list (query)",
    "Players screen median",
    "Players screen p95",
    "a player's record",
    "replay median",
]


LIVE_LABELS = [
    "tap to update on 5 followers median",
    "tap to update on 5 followers p95",
    "server memory per joined phone",
]


LONG_GAME_LABELS = [
    "tap on a fresh game",
    f"tap on a {MAX_ACTIONS:,}-action game",
    "long / fresh tap",
    "open the long game cold",
]


@pytest.mark.parametrize(
    ("script", "labels"),
    [
        ("bench/storage_bench.py", STORAGE_LABELS),
        ("bench/keeper_bench.py", KEEPER_LABELS),
        ("bench/home_bench.py", HOME_LABELS),
        ("bench/live_bench.py", LIVE_LABELS),
        ("bench/long_game_bench.py", LONG_GAME_LABELS),
    ],
)
def test_bench_quick_mode_prints_every_figure(script: str, labels: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, script, "--quick"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    printed = [line.split("  ")[0] for line in done.stdout.splitlines()]
    for label in labels:
        assert label in printed
