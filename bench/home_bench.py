"""Home and replay benchmark: prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/home_bench.py [--quick]``.
Figures: Home's server time with 1,000 stored games (half of them unfinished), from the
session's first render to a settled page, in a real Flet Session (the view-test harness);
the listing queries alone; the players' records over 10,000 finished games; and
``Ledger.replay`` of the longest record a game may hold (MAX_ACTIONS). Aims (2 cores):
Home < 300 ms, Players < 300 ms, replay < 1 s.
"""

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Row, ms, p95, print_table, timings
from scorers.ledger import MAX_ACTIONS, Action, Ledger
from scorers.stats import record_of
from storage import DB_FILENAME, GameStore
from storage.connection import connect
from storage.keeper import GameKeeper
from storage.listing import Listing
from tests.big_game import NAMES, seed_games
from tests.flet_harness import AppHarness
from views.app import build_main


async def home_render_times(keeper: GameKeeper, repeats: int) -> list[float]:
    """Seconds from a new session's first render of Home to its settled page."""
    times = []
    for _ in range(repeats):
        async with AppHarness() as harness:
            start = time.perf_counter()
            await harness.run(build_main(keeper))
            times.append(time.perf_counter() - start)
    return times


def seed_finished(directory: Path, games: int, rng: random.Random) -> GameStore:
    """Finished games saved as an import saves them (the store only), fsync off."""
    directory.mkdir(parents=True, exist_ok=True)
    connection = connect(directory / DB_FILENAME)
    connection.execute("PRAGMA synchronous = OFF")
    store = GameStore(connection)
    pool = [f"{name} {n}" for name in NAMES for n in range(3)]
    for _ in range(games):
        players = tuple(rng.sample(pool, rng.randint(3, 6)))
        totals = tuple(rng.randrange(-50, 300, 10) for _ in players)
        places = tuple(1 + sum(other > total for other in totals) for total in totals)
        tallies = tuple({"rounds": 20, "exact": rng.randint(0, 20)} for _ in players)
        winners = tuple(seat for seat, place in enumerate(places) if place == 1)
        listing = Listing(players, 20, 20, totals, True, winners, {}, places, tallies)
        store.import_game("wizard", [("start", {"players": list(players)})], listing)
    return store


async def players_render_times(keeper: GameKeeper, repeats: int) -> list[float]:
    """Seconds from a new session's first render of the Players screen to a settled page."""
    times = []
    for _ in range(repeats):
        async with AppHarness(route="/players") as harness:
            start = time.perf_counter()
            await harness.run(build_main(keeper))
            times.append(time.perf_counter() - start)
    return times


def long_record(actions: int, rng: random.Random) -> list[Action]:
    """A 3-player Wizard record of `actions` steps: bids and tricks changed again and again
    (a draft each), scores, and undo/redo pairs, as a long night of slips would make."""
    ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0)
    record = list(ledger.actions)
    while len(record) < actions:
        state = ledger.state
        if state.is_over:
            break
        cards = state.round_info(state.current_round).cards
        for _ in range(min(40, actions - len(record))):
            bids = [rng.randint(0, cards) for _ in range(3)]
            entry = {"bids": bids, "tricks": [None, None, None], "cloud": None}
            step = Action("draft", {"round": state.current_round, "entry": entry})
            ledger = ledger.apply(step)
            record.append(step)
        for step in (Action("undo"), Action("redo")):
            ledger = ledger.apply(step)
            record.append(step)
        tricks = [cards, 0, 0]
        entry = {"bids": [cards, 0, 0], "tricks": tricks, "cloud": None}
        step = Action("score", {"round": state.current_round, "entry": entry})
        ledger = ledger.apply(step)
        record.append(step)
        if ledger.state.is_over:  # start again at round 1: undo every score
            while ledger.can_undo() and len(record) < actions:
                ledger = ledger.apply(Action("undo"))
                record.append(Action("undo"))
    return record[:actions]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for the smoke test")
    quick = parser.parse_args().quick
    rng = random.Random(7)
    games = 20 if quick else 1_000
    repeats = 2 if quick else 15
    replayed = 600 if quick else MAX_ACTIONS
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="trickpad-home-bench-") as temp:
        keeper = seed_games(Path(temp), games, rng)
        detail = f"{games} games, {games // 2} unfinished"
        lists = timings(lambda: (keeper.unfinished(21), keeper.finished(21)), repeats)
        rows.append(("Home lists (queries)", ms(statistics.median(lists)), "", detail))
        renders = asyncio.run(home_render_times(keeper, repeats))
        rows.append(("Home render median", ms(statistics.median(renders)), "", detail))
        rows.append(("Home render p95", ms(p95(renders)), "< 300 ms", detail))
        keeper.store.close()
    with tempfile.TemporaryDirectory(prefix="trickpad-players-bench-") as temp:
        finished = 100 if quick else 10_000
        store = seed_finished(Path(temp), finished, rng)
        listed = timings(store.people.players, repeats)
        detail = f"{len(store.people.players())} players, {finished} finished games"
        rows.append(("Players list (query)", ms(statistics.median(listed)), "", detail))
        screen = asyncio.run(players_render_times(GameKeeper(store), repeats))
        rows.append(("Players screen median", ms(statistics.median(screen)), "", detail))
        rows.append(("Players screen p95", ms(p95(screen)), "< 300 ms", detail))
        most = store.people.players()[0].player
        record = timings(lambda: record_of(store.people.results_of(most, "wizard")), repeats)
        detail = f"{len(store.people.results_of(most))} games of the most active player"
        rows.append(("a player's record", ms(statistics.median(record)), "", detail))
        store.close()
    record = long_record(replayed, rng)
    replay = timings(lambda: Ledger.replay(record), 1 if quick else 5)
    detail = f"{len(record)} actions, {len(replay)} runs"
    rows.append(("replay median", ms(statistics.median(replay)), "< 1000 ms", detail))
    print_table(rows, quick)


if __name__ == "__main__":
    main()
