"""Live table benchmark: prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/live_bench.py [--quick]``.
Six sessions of one server (the view-test harness: real Flet sessions sharing one pubsub
hub) show one Wizard game; one of them taps a bid, and the time until each of the five
others shows it is measured (in-process: the server's share of the propagation, without a
network or a browser). Also the server memory each joined phone's session holds. Aim (2
cores): median < 250 ms.
"""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import flet as ft
from flet.pubsub.pubsub_hub import PubSubHub

from bench.figures import Row, ms, p95, print_table
from storage import open_store
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from tests.views.wizard_steps import bid_chip
from views.app import build_main

FOLLOWERS = 5
GIVE_UP_SECONDS = 10


def bid_count(harness: AppHarness) -> str:
    return harness.find(ft.Semantics, identifier="bid-count").content.value


async def propagation(keeper: GameKeeper, taps: int) -> tuple[list[float], float]:
    """Seconds from a tap to each follower showing it; bytes of memory per follower."""
    executor = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=asyncio.get_running_loop(), executor=executor)
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [20]})
    main = build_main(keeper, (), RecordingScreenAwake, RecordingFiles)
    tapping = await AppHarness(pubsubhub=hub).open()
    await tapping.run(main)
    await tapping.go(f"/game/{game.id}")
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    followers = []
    for _ in range(FOLLOWERS):
        follower = await AppHarness(pubsubhub=hub).open()
        await follower.run(main)
        await follower.go(f"/game/{game.id}")
        followers.append(follower)
    per_phone = (tracemalloc.get_traced_memory()[0] - before) / FOLLOWERS
    tracemalloc.stop()
    delays = []
    for tap in range(taps):
        count = 1 + tap % 19
        chip = await bid_chip(tapping, "Ben", count)
        start = time.perf_counter()
        await tapping.click(chip)
        shown = bid_count(tapping)
        for follower in followers:
            while bid_count(follower) != shown:
                if time.perf_counter() - start > GIVE_UP_SECONDS:
                    raise RuntimeError("a following session never showed the tap")
                await asyncio.sleep(0)
            delays.append(time.perf_counter() - start)
    for harness in (tapping, *followers):
        await harness.close()
    executor.shutdown(wait=True)
    return delays, per_phone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few taps, for the smoke test")
    quick = parser.parse_args().quick
    taps = 3 if quick else 40
    with (
        tempfile.TemporaryDirectory(prefix="trickpad-live-bench-") as temp,
        open_store(Path(temp)).store as store,
    ):
        delays, per_phone = asyncio.run(propagation(GameKeeper(store), taps))
    detail = f"{taps} bid taps, {FOLLOWERS} sessions following, in-process"
    rows: list[Row] = [
        ("tap to update on 5 followers median", ms(statistics.median(delays)), "< 250 ms", detail),
        ("tap to update on 5 followers p95", ms(p95(delays)), "", detail),
        ("server memory per joined phone", f"{per_phone / 2**20:.2f} MiB", "", "tracemalloc"),
    ]
    print_table(rows, quick)


if __name__ == "__main__":
    main()
