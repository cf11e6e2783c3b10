"""Crash safety: a writer killed with SIGKILL at random points loses no acknowledged action."""

import importlib.util
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from storage import open_store

WRITER = Path(__file__).with_name("crash_writer.py")
REPO_ROOT = Path(__file__).resolve().parents[2]
RUNS = 12


def load_payload():
    spec = importlib.util.spec_from_file_location("crash_writer", WRITER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.payload


def run_and_kill(data_dir: Path, rng: random.Random) -> tuple[str, int]:
    """Start the writer, kill it after a random number of acks plus a random delay."""
    child = subprocess.Popen(
        [sys.executable, str(WRITER), str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    assert child.stdout is not None
    first = child.stdout.readline().split()
    assert first[:1] == ["game"], child.communicate()[1]
    acked = 0
    kill_after = rng.randint(2, 40)
    while acked < kill_after:
        line = child.stdout.readline()
        assert line.startswith("ack "), child.communicate()[1]
        acked = int(line.split()[1])
    time.sleep(rng.uniform(0, 0.004))  # land the kill anywhere inside a later append
    child.send_signal(signal.SIGKILL)
    # Read through the text wrapper, not communicate(): readline may already hold later
    # acks in the wrapper's buffer, which communicate() (reading the raw pipe) would skip.
    remaining = child.stdout.read()
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    for line in remaining.splitlines():  # acks printed before the kill but not yet read
        acked = int(line.split()[1])
    return first[1], acked


def test_every_acknowledged_action_survives_sigkill(tmp_path: Path) -> None:
    payload = load_payload()
    rng = random.Random(20261129)
    survivors: dict[str, int] = {}
    for _ in range(RUNS):
        game_id, acked = run_and_kill(tmp_path, rng)
        result = open_store(tmp_path)
        assert result.recovery is None
        with result.store as store:
            stored = store.actions(game_id)
            # All acked actions, in order; at most one more that committed before its ack.
            assert acked <= len(stored) <= acked + 1
            assert stored[0][0] == "start"
            assert stored[1:] == [("draft", payload(seq)) for seq in range(2, len(stored) + 1)]
        survivors[game_id] = len(stored)
    with open_store(tmp_path).store as store:
        for game_id, count in survivors.items():
            assert len(store.actions(game_id)) == count
