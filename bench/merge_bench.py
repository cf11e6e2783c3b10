"""Merge benchmark: how long another phone's tap waits while a backup is merged. Prints
figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/merge_bench.py [--quick]``.
One session (the view-test harness, as in tests/views/test_merge_off_loop.py) merges a
backup of 1,500 full Wizard games; another session on the same server, on a game, taps a
bid again and again until the merge is done. Each tap is timed on the wall clock, from the
tap reaching the server to its update being sent, against the same taps on an idle server.
Aim: a tap during the merge waits less than 100 ms more than an idle one.
"""

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import flet as ft
from flet.pubsub.pubsub_hub import PubSubHub

from bench.figures import ms
from storage import open_store
from storage.keeper import GameKeeper
from tests.big_game import big_library
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from tests.views.wizard_steps import bid_chip
from views.app import build_main
from views.shell.i18n import t


async def tap(phone: AppHarness, count: int) -> float:
    """Wall-clock seconds from Ben's bid chip `count` tapped to the phone's update sent."""
    chip = await bid_chip(phone, "Ben", count)
    sent = len(phone.messages)
    start = time.perf_counter()
    await phone.press(chip)
    while len(phone.messages) == sent:
        await asyncio.sleep(0.0005)
    return time.perf_counter() - start


async def measure(folder: Path, games: int) -> None:
    start = time.perf_counter()
    content = big_library(folder / "other-device", games)
    print(
        f"backup of {games:,} games: {len(content):,} bytes "
        f"(made in {time.perf_counter() - start:.1f} s)"
    )
    executor = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=asyncio.get_running_loop(), executor=executor)
    files = RecordingFiles(picked=content)
    with open_store(folder / "here").store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", ["Ann", "Ben", "Cas", "Dot"], 0)
        main = build_main(keeper, (), RecordingScreenAwake, lambda: files)
        async with AppHarness(pubsubhub=hub) as phone, AppHarness(pubsubhub=hub) as home:
            await phone.run(main)
            await phone.go(f"/game/{game.id}")
            await home.run(main)
            counts = itertools.cycle((0, 1))
            idle = []
            for _ in range(20):
                idle.append(await tap(phone, next(counts)))
                await phone.settle()
            button = home.find(ft.OutlinedButton, text=t("library.import"))
            began = time.perf_counter()
            merging = asyncio.create_task(home.press(button))
            busy = []
            while not merging.done():
                busy.append(await tap(phone, next(counts)))
                await asyncio.sleep(0.05)  # a tap every 50 ms or so
            await merging
            took = time.perf_counter() - began
            await home.settle()
            await phone.settle()
    executor.shutdown(wait=True)
    print(f"merge: {took:.1f} s, {len(busy)} taps meanwhile")
    print(f"idle tap, median / max of {len(idle)}: {ms(statistics.median(idle))} / {ms(max(idle))}")
    print(
        f"tap during the merge, median / p95 / max of {len(busy)}: "
        f"{ms(statistics.median(busy))} / "
        f"{ms(statistics.quantiles(busy, n=20)[-1] if len(busy) > 1 else busy[0])} / "
        f"{ms(max(busy))}"
    )
    print(
        f"added delay (max during the merge - idle median): "
        f"{ms(max(busy) - statistics.median(idle))} (aim < 100 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a 100-game backup")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(measure(Path(folder), 100 if args.quick else 1_500))


if __name__ == "__main__":
    main()
