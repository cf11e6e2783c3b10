"""Big data for memory and load tests and benchmarks: a Wizard game with thousands of saved
actions, and a store of many short games.

A player who changes their mind keeps re-entering round 1's bids: each change is a saved
draft, so the game's history grows while the screen stays on one round."""

import random
from pathlib import Path

from scorers.ledger import Action, Ledger
from storage import DB_FILENAME, GameStore, open_store
from storage.connection import connect
from storage.keeper import GameKeeper

PLAYERS = ["Ann", "Ben", "Cas", "Dot"]
NAMES = ["Ann", "Ben", "Cas", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"]


def make_big_wizard_game(data_dir: Path, drafts: int = 5_000) -> str:
    """Save a 4-player Wizard game whose round 1 was drafted `drafts` times; its id.

    fsync off while saving, as in `seed_games`: each draft is a commit, and 5,000 waits for
    the disk took a minute on a busy machine."""
    data_dir.mkdir(parents=True, exist_ok=True)
    connection = connect(data_dir / DB_FILENAME)
    connection.execute("PRAGMA synchronous = OFF")
    with GameStore(connection) as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", PLAYERS, 0)
        for number in range(drafts):
            bids: list[int | None] = [None] * len(PLAYERS)
            bids[1 + number % 3] = number % 2
            entry = {"bids": bids, "tricks": [None] * len(PLAYERS)}
            game = keeper.apply(game, Action("draft", {"round": 1, "entry": entry}))
        return game.id


def seed_games(directory: Path, games: int, rng: random.Random) -> GameKeeper:
    """Short Wizard games, every other one finished; fsync off while seeding."""
    directory.mkdir(parents=True, exist_ok=True)
    connection = connect(directory / DB_FILENAME)
    connection.execute("PRAGMA synchronous = OFF")
    keeper = GameKeeper(GameStore(connection))
    for number in range(games):
        players = rng.sample(NAMES, rng.randint(3, 6))
        game = keeper.start("wizard", players, 0, {"round_sizes": [1, 1]})
        if number % 2:
            for round_number in (1, 2):
                entry = {"bids": [0] * len(players), "tricks": [1] + [0] * (len(players) - 1)}
                entry["cloud"] = None
                keeper.apply(game, Action("score", {"round": round_number, "entry": entry}))
                game = keeper.open(game.id)
    return keeper


def long_wizard_ledger(actions: int) -> Ledger:
    """A 4-player Wizard game of `actions` actions, all of them drafts of round 1's bids
    by Cas and Dot: Ben's bid is still open, so a tap on it always changes the entry."""
    ledger = Ledger.start("wizard", PLAYERS, 0)
    for number in range(actions - 1):
        bids: list[int | None] = [None] * len(PLAYERS)
        bids[2 + number % 2] = number % 2
        entry = {"bids": bids, "tricks": [None] * len(PLAYERS)}
        ledger = ledger.apply(Action("draft", {"round": 1, "entry": entry}))
    return ledger


def big_library(directory: Path, games: int) -> bytes:
    """A backup of `games` full Wizard games (3 to 6 players, every bid and trick drafted):
    four games played through the rules, copied under new ids."""
    import json
    import uuid

    from bench.keeper_bench import play_wizard
    from storage.backup import export_library

    with open_store(directory).store as store:
        keeper = GameKeeper(store)
        rng = random.Random(21)
        for players in (3, 4, 5, 6):
            play_wizard(keeper, players, rng, [])
        document = json.loads(export_library(keeper)[0])
    played = document["games"]
    document["games"] = [
        {**played[number % len(played)], "id": uuid.uuid4().hex} for number in range(games)
    ]
    return json.dumps(document).encode()
