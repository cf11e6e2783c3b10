"""Games played through GameKeeper as the views record them: drafts per tap, then scores,
with the slips a real table makes (an edited round, undo, redo, a rename)."""

from collections.abc import Sequence

from scorers.ledger import Action
from storage.keeper import GameKeeper, SavedGame
from tests.scorers.helpers import plotters_counts, take_trick

COLOURS = ("blue", "green", "red", "yellow")
# 7 red, 6 black: red is the good colour.
RED_ROW = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]


def draft(number: int, entry: dict) -> Action:
    return Action("draft", {"round": number, "entry": entry})


def score(number: int, entry: dict) -> Action:
    return Action("score", {"round": number, "entry": entry})


def wizard_round(
    keeper: GameKeeper, game: SavedGame, bids: Sequence[int], tricks: Sequence[int]
) -> SavedGame:
    """One round of the current game: a draft after each bid and each trick count, then
    the score, bidding from the seat left of the dealer."""
    number = game.ledger.state.current_round
    first = game.ledger.state.round_info(number).first
    order = [(first + step) % len(bids) for step in range(len(bids))]
    entry: dict = {"bids": [None] * len(bids), "tricks": [None] * len(bids)}
    for field, values in (("bids", bids), ("tricks", tricks)):
        for seat in order:
            entry = {**entry, field: [*entry[field]]}
            entry[field][seat] = values[seat]
            game = keeper.apply(game, draft(number, entry))
    return keeper.apply(game, score(number, entry))


def played_wizard(keeper: GameKeeper) -> SavedGame:
    """A short (1, 2, 3 cards) hook game, finished, with an edit, a rename and undo/redo."""
    game = keeper.start(
        "wizard", ["Ann", "Ben", "Cas"], 2, {"hook": True, "round_sizes": [1, 2, 3]}
    )
    game = wizard_round(keeper, game, [1, 0, 1], [1, 0, 0])
    game = wizard_round(keeper, game, [1, 1, 1], [0, 2, 0])
    game = keeper.apply(game, Action("rename", {"seat": 1, "name": "Benedikt"}))
    game = keeper.apply(game, Action("undo", {}))
    game = keeper.apply(game, Action("redo", {}))
    game = keeper.apply(game, score(1, {"bids": [1, 0, 1], "tricks": [0, 0, 1]}))
    game = wizard_round(keeper, game, [2, 0, 0], [2, 1, 0])
    return keeper.apply(game, Action("undo", {}))  # takes back round 3, left to redo


def played_plotters(keeper: GameKeeper) -> SavedGame:
    """A finished 4-player game; the all-colours hand names its face-up pair."""
    game = keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0, {"nothing_face_down": "zero"})
    for number in range(1, 5):
        counts = plotters_counts(number - 1)
        face_up: list = [None] * 4
        face_up[counts.index(plotters_counts(0)[2])] = ["green", "red"]
        entry = {"counts": counts, "face_up": face_up, "ended_early": False}
        game = keeper.apply(game, draft(number, {**entry, "face_up": [None] * 4}))
        game = keeper.apply(game, score(number, entry))
    return keeper.apply(game, Action("undo", {}))


def colour_blind_deal(keeper: GameKeeper, game: SavedGame, winners: Sequence[int]) -> SavedGame:
    """Thirteen tricks taken one by one (a draft each, as the views do), then the score."""
    number = game.ledger.state.current_round
    entry = {"row": RED_ROW, "captured_by": [None] * 13}
    for seat in winners:
        entry = take_trick(entry, seat)
        game = keeper.apply(game, draft(number, entry))
    return keeper.apply(game, score(number, entry))


def played_colour_blind(keeper: GameKeeper) -> SavedGame:
    """A game to 20: two deals, the second tying on top, then the deal that decides it."""
    game = keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0, {"target": 20})
    game = colour_blind_deal(keeper, game, [2] * 6 + [0, 1, 0, 1, 0, 1, 0])
    game = colour_blind_deal(keeper, game, [2] * 6 + [1, 0, 1, 0, 1, 0, 1])
    game = keeper.apply(game, Action("undo", {}))
    game = keeper.apply(game, Action("redo", {}))
    return colour_blind_deal(keeper, game, [2] * 6 + [0] * 7)


PLAYED = {
    "wizard": played_wizard,
    "plotters": played_plotters,
    "colour_blind": played_colour_blind,
}


def whole_wizard(keeper: GameKeeper, players: int) -> SavedGame:
    """A whole Wizard game as a table plays it: every round (20 at three players, 10 at six)
    with the card turned up for trump, a correction of the round before every fourth round,
    an adjustment every seventh, a rename, and an undo redone."""
    names = ["Annegret", "Bartholomew", "Christina", "Dorothea", "Eberhard", "Friederike"]
    game = keeper.start("wizard", names[:players], 0)
    turned_up = ["H", "S", "WD", "C", "J", "D"]
    for number in range(1, game.ledger.state.round_count + 1):
        tricks = [(number + seat) // players for seat in range(players)]
        tricks[0] += number - sum(tricks)
        bids = [max(0, taken - (number + seat) % 2) for seat, taken in enumerate(tricks)]
        entry = {"bids": bids, "tricks": tricks, "cloud": None}
        if number * players < 60:  # a round that deals every card turns none up
            entry["trump"] = turned_up[number % len(turned_up)]
        game = keeper.apply(game, score(number, entry))
        if number % 4 == 0:
            before = game.ledger.state.rounds[number - 2].entry  # every bid made after all
            game = keeper.apply(game, score(number - 1, {**before, "bids": before["tricks"]}))
        if number % 7 == 0:
            made = {"number": number // 7, "after": number, "seat": number % players}
            reason = {"points": -10 * (number // 7), "reason": "Misdeal penalty"}
            game = keeper.apply(game, Action("adjust", made | reason))
    game = keeper.apply(game, Action("rename", {"names": ["Anne", *names[1:players]]}))
    game = keeper.apply(game, Action("undo", {}))
    return keeper.apply(game, Action("redo", {}))
