"""App-level benchmark: games played through GameKeeper (rules + durable store). Prints
figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/keeper_bench.py [--quick]``.
Each game is played as the views record it: a draft after every bid and every trick count,
then the score. Figures: the latency of one entry (rules check + durable append), and
reopening a finished game (``GameKeeper.open``: store read + ``Ledger.replay``), with the
store already open and from a cold ``open_store``. Aims (2 cores): entry p95 < 10 ms,
reopen < 20 ms.
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Row, ms, p95, print_table, timings
from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameKeeper, SavedGame

SHAPES = ((6, 10), (3, 20))  # (players, rounds) of a full Wizard game


def play_wizard(
    keeper: GameKeeper, players: int, rng: random.Random, latencies: list[float]
) -> SavedGame:
    """A full game with random bids and tricks; each entry's apply time goes to latencies."""
    names = [f"Player {seat + 1}" for seat in range(players)]
    game = keeper.start("wizard", names, rng.randrange(players))

    def apply(game: SavedGame, action: Action) -> SavedGame:
        start = time.perf_counter()
        applied = keeper.apply(game, action)
        latencies.append(time.perf_counter() - start)
        return applied

    while not game.ledger.state.is_over:
        info = game.ledger.state.round_info(game.ledger.state.current_round)
        order = [(info.first + step) % players for step in range(players)]
        entry: dict[str, list[int | None]] = {"bids": [None] * players, "tricks": [None] * players}
        left = info.cards
        for field in ("bids", "tricks"):
            for position, seat in enumerate(order):
                if field == "bids":
                    value = rng.randint(0, info.cards)
                else:
                    value = left if position == players - 1 else rng.randint(0, left)
                    left -= value
                entry = {**entry, field: [*entry[field]]}
                entry[field][seat] = value
                game = apply(game, Action("draft", {"round": info.number, "entry": entry}))
        game = apply(game, Action("score", {"round": info.number, "entry": entry}))
    return game


def bench_reopen(
    directory: Path,
    shape: tuple[int, int],
    repeats: int,
    rng: random.Random,
    latencies: list[float],
) -> list[Row]:
    """Play one finished game, then time reopening it with the store open and from cold."""
    players, rounds = shape
    with open_store(directory).store as store:
        keeper = GameKeeper(store)
        game = play_wizard(keeper, players, rng, latencies)
        assert game.ledger.state.current_round == rounds + 1
        warm = timings(lambda: keeper.open(game.id), repeats)

    def cold_open() -> None:
        with open_store(directory).store as store:
            GameKeeper(store).open(game.id)

    cold = timings(cold_open, repeats)
    label = f"{players}-player {rounds}-round Wizard"
    detail = f"{len(game.ledger.actions)} actions replayed, {repeats} runs"
    return [
        (f"GameKeeper.open {label} median", ms(statistics.median(warm)), "", detail),
        (f"GameKeeper.open {label} p95", ms(p95(warm)), "< 20 ms", detail),
        (f"open_store + open {label} median", ms(statistics.median(cold)), "", detail),
        (f"open_store + open {label} p95", ms(p95(cold)), "< 20 ms", detail),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few repeats, for the smoke test")
    quick = parser.parse_args().quick
    rng = random.Random(7)
    repeats = 3 if quick else 200
    latencies: list[float] = []
    with tempfile.TemporaryDirectory(prefix="trickpad-keeper-bench-") as temp:
        reopen_rows = [
            row
            for shape in SHAPES
            for row in bench_reopen(
                Path(temp) / "x".join(map(str, shape)), shape, repeats, rng, latencies
            )
        ]
    detail = f"{len(latencies)} drafts and scores, rules + durable append"
    rows: list[Row] = [
        ("entry latency median", ms(statistics.median(latencies)), "", detail),
        ("entry latency p95", ms(p95(latencies)), "< 10 ms", detail),
        *reopen_rows,
    ]
    print_table(rows, quick)


if __name__ == "__main__":
    main()
