"""The games as the app uses them: each a ledger, every accepted action saved at once.

The ledger checks an action against the rules first; only an accepted action is appended
to the store, and only after the append returned (durable) does the caller get the new
ledger. So a refused action changes nothing, and a failed write (a full or read-only disk)
raises StorageError with the screen still showing the entry, nothing silently dropped.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorers import InvalidEntry
from scorers.ledger import Action, Ledger
from storage.errors import ChangedElsewhere, StorageError
from storage.store import GameStore, GameSummary


@dataclass(frozen=True)
class SavedGame:
    """A game in the store with its replayed ledger."""

    id: str
    ledger: Ledger
    summary: GameSummary


class GameChanged(StorageError):
    """Another screen changed the game so that this screen's action no longer fits."""

    def __init__(self, game: SavedGame) -> None:
        super().__init__("storage.changed_elsewhere")
        self.game = game


class GameKeeper:
    def __init__(self, store: GameStore) -> None:
        self.store = store

    def start(
        self,
        game: str,
        players: Sequence[str],
        first_dealer: int,
        settings: Mapping[str, Any] | None = None,
    ) -> SavedGame:
        ledger = Ledger.start(game, players, first_dealer, settings)
        game_id = self.store.create_game(game)
        start = ledger.actions[0]
        self.store.append(game_id, start.kind, start.data)
        return SavedGame(game_id, ledger, self.store.summary(game_id))

    def open(self, game_id: str) -> SavedGame:
        return self._saved(self.store.summary(game_id))

    def apply(self, game: SavedGame, action: Action) -> SavedGame:
        """The game after `action`: checked by the rules, then saved before it is returned.

        Several screens may hold the same game (each phone at the table is a browser tab).
        If another one saved actions this one has not seen, the action is checked again
        against the game as saved and appended after them; if it no longer fits, GameChanged
        carries the saved game so the screen can show it. Either way every saved record
        still replays."""
        try:
            return self._append(game, action)
        except ChangedElsewhere:
            current = self.open(game.id)
            try:
                return self._append(current, action)
            except (InvalidEntry, ChangedElsewhere):
                raise GameChanged(self.open(game.id)) from None

    def _append(self, game: SavedGame, action: Action) -> SavedGame:
        ledger = game.ledger.apply(action)
        self.store.append(game.id, action.kind, action.data, after=len(game.ledger.actions))
        if ledger.state.is_over != game.ledger.state.is_over:
            self.store.set_finished(game.id, ledger.state.is_over)
        return SavedGame(game.id, ledger, self.store.summary(game.id))

    def import_ledger(self, ledger: Ledger) -> SavedGame:
        """Save a whole (already replayed, so valid) ledger as a new game, all or nothing."""
        state = ledger.state
        actions = [(action.kind, action.data) for action in ledger.actions]
        game_id = self.store.import_game(state.game, actions, finished=state.is_over)
        return SavedGame(game_id, ledger, self.store.summary(game_id))

    def rematch(self, game: SavedGame) -> SavedGame:
        """A new game with the same players and settings; the first deal passes left."""
        state = game.ledger.state
        first_dealer = (state.first_dealer + 1) % len(state.players)
        return self.start(state.game, state.players, first_dealer, state.settings)

    def unfinished(self) -> list[SavedGame]:
        return [self._saved(summary) for summary in self.store.unfinished_games()]

    def finished(self, limit: int = 20, offset: int = 0) -> list[SavedGame]:
        return [self._saved(summary) for summary in self.store.finished_games(limit, offset)]

    def recent_names(self, limit: int = 12) -> list[str]:
        """Player names of the most recent games, newest first, each once."""
        names: list[str] = []
        recent = self.store.unfinished_games() + self.store.finished_games(limit=20)
        recent.sort(key=lambda summary: summary.updated_at, reverse=True)
        for summary in recent:
            kind, data = self.store.actions(summary.id)[0]
            for name in data["players"] if kind == "start" else ():
                if name not in names:
                    names.append(name)
        return names[:limit]

    def delete(self, game_id: str) -> None:
        self.store.delete(game_id)

    def restore(self, game_id: str) -> None:
        self.store.restore(game_id)

    def purge_deleted(self, older_than: datetime) -> int:
        return self.store.purge_deleted(older_than)

    def _saved(self, summary: GameSummary) -> SavedGame:
        actions = [Action(kind, data) for kind, data in self.store.actions(summary.id)]
        return SavedGame(summary.id, Ledger.replay(actions), summary)
