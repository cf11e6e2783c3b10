"""A Wizard game with thousands of saved actions, for memory tests and benchmarks.

A player who changes their mind keeps re-entering round 1's bids: each change is a saved
draft, so the game's history grows while the screen stays on one round."""

from pathlib import Path

from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameKeeper

PLAYERS = ["Ann", "Ben", "Cas", "Dot"]


def make_big_wizard_game(data_dir: Path, drafts: int = 5_000) -> str:
    """Save a 4-player Wizard game whose round 1 was drafted `drafts` times; its id."""
    with open_store(data_dir).store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", PLAYERS, 0)
        for number in range(drafts):
            bids: list[int | None] = [None] * len(PLAYERS)
            bids[1 + number % 3] = number % 2
            entry = {"bids": bids, "tricks": [None] * len(PLAYERS)}
            game = keeper.apply(game, Action("draft", {"round": 1, "entry": entry}))
        return game.id
