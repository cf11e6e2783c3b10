"""Long game benchmark: a tap on a game of thousands of actions against a fresh game's, and
opening the long game cold. Prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/long_game_bench.py [--quick]``.
Both games are 4-player Wizard games at round 1, shown through the real screens in the
view-test harness (a real Flet session, an in-process client); the long one is as long as
the ledger allows (``scorers.ledger.MAX_ACTIONS``), less the taps still to come. A tap is
Ben's bid chip, timed in the server loop's processor time from the tap until the last
update it caused is sent; the two games are tapped in turn. Opening cold is a fresh keeper
(nothing replayed yet) showing the long game's screen, from the route change until the
screen is sent, on the wall clock, and in the process's processor time (what a busy shared
machine leaves comparable from run to run). Aims (2 cores): a tap at most 1.2x a fresh
game's, open < 300 ms.
"""

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import flet as ft

from bench.figures import Row, ms, print_table
from scorers.ledger import MAX_ACTIONS
from storage import open_store
from storage.keeper import GameKeeper
from tests.big_game import long_wizard_ledger
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from tests.views.wizard_steps import bid_chip
from views.app import build_main

WARM_UP = 5  # untimed taps on each game first


async def tap(phone: AppHarness, count: int) -> float:
    """Processor seconds of the server's loop from Ben's bid chip `count` being tapped
    until the last update the tap caused was sent."""
    chip = await bid_chip(phone, "Ben", count)
    sent = len(phone.messages)
    start = time.thread_time()
    await phone.press(chip)
    await phone.settle()
    assert len(phone.messages) > sent, "the tap sent nothing"
    return phone.connection.sent_at[-1] - start


async def open_phone(keeper: GameKeeper, game_id: str) -> tuple[AppHarness, float, float]:
    """A phone on Home, then on the game's screen; the seconds the game took to show, on
    the wall clock and in the process's processor time."""
    phone = await AppHarness().open()
    await phone.run(build_main(keeper, (), RecordingScreenAwake, RecordingFiles))
    start, processor = time.perf_counter(), time.process_time()
    await phone.go(f"/game/{game_id}")
    seconds = time.perf_counter() - start
    processor = time.process_time() - processor
    phone.find(ft.Semantics, identifier="bid-count")  # the game's entry is on the screen
    return phone, seconds, processor


async def measure(directory: Path, taps: int, opens: int) -> tuple[list[float], ...]:
    """Per-tap seconds on the fresh and the long game, and each cold open's seconds on the
    wall clock and in processor time."""
    long_length = MAX_ACTIONS - 2 * (WARM_UP + taps)  # room for the taps, of both runs
    with open_store(directory).store as store:
        keeper = GameKeeper(store)
        long_id = keeper.import_ledger(long_wizard_ledger(long_length)).id
        fresh_id = keeper.start("wizard", ["Ann", "Ben", "Cas", "Dot"], 0).id
    cold, cold_processor = [], []
    for _ in range(opens):
        with open_store(directory).store as store:
            phone, seconds, processor = await open_phone(GameKeeper(store), long_id)
            await phone.close()
        cold.append(seconds)
        cold_processor.append(processor)
    with open_store(directory).store as store:
        keeper = GameKeeper(store)
        phones = {"fresh": (await open_phone(keeper, fresh_id))[0]}
        phones["long"] = (await open_phone(keeper, long_id))[0]
        counts = itertools.cycle((0, 1))
        times: dict[str, list[float]] = {"fresh": [], "long": []}
        for number in range(WARM_UP + taps):
            count = next(counts)
            for name, phone in phones.items():
                seconds = await tap(phone, count)
                if number >= WARM_UP:
                    times[name].append(seconds)
        for phone in phones.values():
            await phone.close()
    return times["fresh"], times["long"], cold, cold_processor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few taps, for the smoke test")
    quick = parser.parse_args().quick
    taps, opens = (3, 1) if quick else (60, 5)
    with tempfile.TemporaryDirectory(prefix="trickpad-long-game-bench-") as temp:
        fresh, long, cold, cold_processor = asyncio.run(measure(Path(temp), taps, opens))
    ratio = statistics.median(long) / statistics.median(fresh)
    detail = f"median of {taps} Ben's bid taps each, alternating, loop processor time"
    rows: list[Row] = [
        ("tap on a fresh game", ms(statistics.median(fresh)), "", detail),
        (f"tap on a {MAX_ACTIONS:,}-action game", ms(statistics.median(long)), "", detail),
        ("long / fresh tap", f"{ratio:.2f}x", "<= 1.2x", detail),
        ("open the long game cold", ms(statistics.median(cold)), "< 300 ms", f"median of {opens}"),
        (
            "open it cold, processor time",
            ms(statistics.median(cold_processor)),
            "",
            f"median of {opens}, the whole process",
        ),
    ]
    print_table(rows, quick)


if __name__ == "__main__":
    main()
