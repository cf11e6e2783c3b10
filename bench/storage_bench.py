"""Storage benchmark: prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/storage_bench.py [--quick]``.
``--quick`` runs every measurement at a tiny size (for the smoke test), so its figures mean
nothing. Aims (2 cores): append p95 < 10 ms, reopen < 20 ms, first history page < 100 ms.
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Row, median_time, ms, p95, print_table
from storage import DB_FILENAME, GameStore, open_store
from storage.connection import connect
from storage.listing import Listing

Actions = list[tuple[str, dict[str, Any]]]
SHAPES = ((6, 10), (3, 20))  # (players, rounds) of a full Wizard game


def wizard_actions(players: int, rounds: int, rng: random.Random) -> Actions:
    """A played Wizard game as the views record it: per round one draft per bid, one
    draft per trick count, then the score action."""
    actions: Actions = [
        (
            "start",
            {
                "game": "wizard",
                "players": [f"Player {seat + 1}" for seat in range(players)],
                "first_dealer": rng.randrange(players),
                "settings": {"canadian": False, "bids_may_equal_cards": True},
            },
        )
    ]
    for cards in range(1, rounds + 1):
        bids: list[int | None] = [None] * players
        tricks: list[int | None] = [None] * players
        for seat in range(players):
            bids[seat] = rng.randint(0, cards)
            actions.append(
                ("draft", {"round": cards, "entry": {"bids": bids[:], "tricks": tricks[:]}})
            )
        left = cards
        for seat in range(players):
            tricks[seat] = left if seat == players - 1 else rng.randint(0, left)
            left -= tricks[seat] or 0
            actions.append(
                ("draft", {"round": cards, "entry": {"bids": bids[:], "tricks": tricks[:]}})
            )
        actions.append(("score", {"round": cards, "entry": {"bids": bids, "tricks": tricks}}))
    return actions


def stepping_clock() -> Callable[[], datetime]:
    now = [datetime(2020, 1, 1, tzinfo=UTC)]

    def clock() -> datetime:
        now[0] += timedelta(seconds=7)
        return now[0]

    return clock


def seeding_store(directory: Path) -> GameStore:
    """A store for bulk setup only: fsync off, so building 10,000 games takes seconds."""
    directory.mkdir(parents=True, exist_ok=True)
    connection = connect(directory / DB_FILENAME)
    connection.execute("PRAGMA synchronous = OFF")
    return GameStore(connection, clock=stepping_clock())


def listing_of(actions: Actions, *, is_over: bool) -> Listing:
    """A listing of the game's size (the store saves it as given)."""
    players = tuple(actions[0][1]["players"])
    return Listing(players, 10, 10, (120,) * len(players), is_over, (0,) if is_over else ())


def write_game(store: GameStore, actions: Actions) -> str:
    (_, start), *rest = actions
    playing, over = listing_of(actions, is_over=False), listing_of(actions, is_over=True)
    game_id = store.start_game("wizard", start, playing).id
    for number, (kind, data) in enumerate(rest, start=1):
        store.append(game_id, kind, data, over if number == len(rest) else playing)
    return game_id


def bench_append(root: Path, games: int, shape: tuple[int, int], rng: random.Random) -> list[float]:
    latencies = []
    with open_store(root / "append").store as store:
        for _ in range(games):
            (_, start), *rest = actions = wizard_actions(*shape, rng)
            listing = listing_of(actions, is_over=False)
            game_id = store.start_game("wizard", start, listing).id
            for kind, data in rest:
                began = time.perf_counter()
                store.append(game_id, kind, data, listing)
                latencies.append(time.perf_counter() - began)
    return latencies


def bench_reopen(root: Path, shape: tuple[int, int], repeats: int, rng: random.Random) -> float:
    directory = root / f"reopen-{shape[0]}x{shape[1]}"
    with open_store(directory).store as store:
        game_id = write_game(store, wizard_actions(*shape, rng))

    def reopen() -> None:
        with open_store(directory).store as reopened:
            reopened.actions(game_id)

    return median_time(reopen, repeats)


def bench_bytes_per_game(
    root: Path, shape: tuple[int, int], games: int, rng: random.Random
) -> float:
    directory = root / f"bytes-{shape[0]}x{shape[1]}"
    seeding_store(directory).close()
    empty = (directory / DB_FILENAME).stat().st_size
    with seeding_store(directory) as store:
        for _ in range(games):
            write_game(store, wizard_actions(*shape, rng))
    return ((directory / DB_FILENAME).stat().st_size - empty) / games


def seed_history(directory: Path, games: int, rng: random.Random) -> None:
    """Finished games with their start and final score (listing reads only the games table)."""
    with seeding_store(directory) as store:
        for _ in range(games):
            players, rounds = rng.choice(SHAPES)
            actions = wizard_actions(players, 1, rng)
            write_game(
                store, [actions[0], ("score", {"round": rounds, "entry": actions[-1][1]["entry"]})]
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for the smoke test")
    quick = parser.parse_args().quick
    rng = random.Random(7)
    history_games = 200 if quick else 10_000
    repeats = 3 if quick else 25
    rows: list[Row] = []

    with tempfile.TemporaryDirectory(prefix="trickpad-bench-") as temp:
        root = Path(temp)

        append_shape = (3, 2) if quick else (6, 10)
        latencies = sorted(bench_append(root, 1 if quick else 3, append_shape, rng))
        detail = f"{len(latencies)} durable appends"
        rows.append(("append latency median", ms(statistics.median(latencies)), "", detail))
        rows.append(("append latency p95", ms(p95(latencies)), "< 10 ms", detail))

        for players, rounds in SHAPES:
            seconds = bench_reopen(root, (players, rounds), repeats, rng)
            actions = 1 + rounds * (2 * players + 1)
            label = f"reopen {players}-player {rounds}-round Wizard"
            rows.append((label, ms(seconds), "< 20 ms", f"open_store + {actions} actions"))

        history = root / "history"
        seed_history(history, history_games, rng)
        size_mb = (history / DB_FILENAME).stat().st_size / 1e6
        with open_store(history).store as store:
            first = median_time(lambda: store.finished_games(20, 0), repeats)
            last = median_time(lambda: store.finished_games(20, history_games - 20), repeats)
        detail = f"20 of {history_games} finished games"
        rows.append(("history first page", ms(first), "< 100 ms", detail))
        rows.append(("history last page", ms(last), "", detail))
        opened = median_time(lambda: open_store(history).store.close(), repeats)
        rows.append(("open history database", ms(opened), "", f"quick_check of {size_mb:.1f} MB"))

        full = root / "full-history"
        full_games = 5 if quick else 1_000
        with seeding_store(full) as store:
            ids = [
                write_game(store, wizard_actions(*rng.choice(SHAPES), rng))
                for _ in range(full_games)
            ]
        size_mb = (full / DB_FILENAME).stat().st_size / 1e6
        with open_store(full).store as store:
            read = median_time(lambda: store.actions(rng.choice(ids)), repeats)
        detail = f"one of {full_games} full games, store already open"
        rows.append(("read a game's actions", ms(read), "< 20 ms", detail))
        opened = median_time(lambda: open_store(full).store.close(), repeats)
        detail = f"{full_games} full games, quick_check of {size_mb:.1f} MB"
        rows.append(("open full-game database", ms(opened), "", detail))

        for players, rounds in SHAPES:
            per_game = bench_bytes_per_game(root, (players, rounds), 2 if quick else 20, rng)
            label = f"bytes per {players}-player {rounds}-round game"
            rows.append((label, f"{per_game:,.0f} B", "", "database file, after checkpoint"))

    print_table(rows, quick)


if __name__ == "__main__":
    main()
