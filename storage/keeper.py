"""The games as the app uses them: each a ledger, every accepted action saved at once.

The ledger checks an action against the rules first; only an accepted action is appended
to the store, and only after the append returned (durable) does the caller get the new
ledger. So a refused action changes nothing, and a failed write (a full or read-only disk)
raises StorageError with the screen still showing the entry, nothing silently dropped.
"""

import gc
import json
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from typing import Any

from scorers import InvalidEntry
from scorers.games import rules_for
from scorers.ledger import Action, GameState, Ledger
from scorers.merge import refusal
from scorers.seats import same_player
from scorers.stats import HeadToHead, Record, SeatResult, head_to_head, record_of
from storage.errors import ChangedElsewhere, StorageError
from storage.game_rows import GameRecord, GameSummary, action_text
from storage.listing import Listing
from storage.people import Merged, PlayerSummary
from storage.store import GameStore
from storage.versions import meet


@dataclass(frozen=True)
class SavedGame:
    """A game in the store with its replayed ledger and its summary as last saved."""

    id: str
    ledger: Ledger
    summary: GameSummary


class GameChanged(StorageError):
    """Another screen changed the game so that this screen's action no longer fits: `game`
    is the game as saved, to show instead, and `reason` says what was changed (a
    ``merge.*`` or rules refusal), when it is known."""

    def __init__(self, game: SavedGame, reason: InvalidEntry | None = None) -> None:
        super().__init__("storage.changed_elsewhere")
        self.game = game
        self.reason = reason


class GameDamaged(StorageError):
    """The game's saved record cannot be read or replayed; every other game is unharmed."""

    def __init__(self, summary: GameSummary) -> None:
        super().__init__("storage.game_damaged", reason=summary.damaged or "")
        self.summary = summary


def listing_of(state: GameState) -> Listing:
    """What the lists and the players' records show of a game in this state."""
    over = state.is_over
    standings = sorted(state.standings(), key=lambda standing: standing.seat) if over else []
    return Listing(
        players=state.players,
        round=state.rounds[-1].number if state.is_over and state.rounds else state.current_round,
        round_count=state.round_count,
        totals=state.totals,
        is_over=over,
        winners=tuple(standing.seat for standing in standings if standing.place == 1),
        settings=state.settings,
        places=tuple(standing.place for standing in standings),
        tallies=tallies_of(state) if over else (),
    )


def tallies_of(state: GameState) -> tuple[dict[str, int], ...]:
    """Each seat's counts over the game, for the players' records."""
    infos = [state.round_info(scored.number) for scored in state.rounds]
    return state.rules.tallies(state.rounds, infos, state.settings, len(state.players))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off while a game is read and replayed.

    A replay makes several objects per action and keeps them all: every collection it set
    off walked everything made so far, a third of a long game's opening. What is left to
    collect is collected at the next collection after this."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# How often an action is tried again on the saved game while other screens keep saving.
_REBASES = 3
# What the store says of a saved record it cannot read: the game is damaged, no other.
RECORD_DAMAGE = frozenset({"storage.record_unreadable", "storage.record_too_large"})
# How many games the keeper keeps as last saved: more than a server's tables play at once.
_RECENT_GAMES = 16


class GameKeeper:
    """The games as the screens use them: every accepted action saved before it is shown.

    Each method either returns what was saved or raises, having saved nothing: an
    InvalidEntry when the rules refuse, a StorageError when the file or disk fails (and
    its subclasses GameChanged and GameDamaged, below). Lists read the listing saved with
    each action and never replay a game.
    """

    def __init__(self, store: GameStore) -> None:
        self.store = store
        # The games saved or opened last, each as saved: every phone at a table re-reads the
        # game after each save, and one replay serves them all (see `open`).
        # Guarded like the store: a keeper may be shared between threads.
        self._recent: OrderedDict[str, SavedGame] = OrderedDict()
        self._recent_lock = threading.Lock()

    def start(
        self,
        game: str,
        players: Sequence[str],
        first_dealer: int,
        settings: Mapping[str, Any] | None = None,
    ) -> SavedGame:
        """Start and save a new game; refuses what :meth:`Ledger.start` refuses."""
        ledger = Ledger.start(game, players, first_dealer, settings)
        start = ledger.actions[0]
        summary = self.store.start_game(game, start.data, listing_of(ledger.state))
        return self._remember(SavedGame(summary.id, ledger, summary))

    def open(self, game_id: str) -> SavedGame:
        """The saved game, replayed. Raises StorageError ``storage.game_not_found`` for an
        unknown id and GameDamaged for a record that cannot be read or replayed (which is
        then marked damaged, so the lists show it so).

        A game this keeper saved or opened lately, and whose summary in the store is still
        the one it saved (no action since, not deleted, not marked damaged), is not read
        and replayed again: the saved game is immutable, so every screen may share it."""
        summary = self.store.summary(game_id)
        with self._recent_lock:
            recent = self._recent.get(game_id)
        if recent is not None and recent.summary == summary:
            return recent
        return self._remember(self._saved(summary))

    def apply(self, game: SavedGame, action: Action) -> SavedGame:
        """The game after `action`: checked by the rules, then saved before it is returned.

        The action, the game's new listing and its finished flag are one transaction.
        Several screens may hold the same game (each phone at the table is a browser tab).
        When another one saved actions this one had not seen, the action is applied to the
        game as saved only if it merges (scorers.merge: a field edit whose fields still hold
        what this screen showed); otherwise GameChanged carries the saved game and the
        reason, and nothing is saved. No screen ever overwrites what another one saved.
        """
        try:
            return self._append(game, action)
        except ChangedElsewhere:
            pass
        for _ in range(_REBASES):
            saved = self.open(game.id)
            reason = refusal(game.ledger, saved.ledger, action)
            if reason is not None:
                raise GameChanged(saved, reason)
            try:
                return self._append(saved, action)
            except InvalidEntry as error:
                raise GameChanged(saved, error) from None
            except ChangedElsewhere:
                continue  # yet another screen saved first: look again
        raise GameChanged(self.open(game.id))

    def _append(self, game: SavedGame, action: Action) -> SavedGame:
        ledger = game.ledger.apply(action)
        summary = self.store.append(
            game.id,
            action.kind,
            action.data,
            listing_of(ledger.state),
            after=game.ledger.action_count,
        )
        return self._remember(SavedGame(game.id, ledger, summary))

    def import_ledger(
        self, ledger: Ledger, game_id: str | None = None, version_of: str | None = None
    ) -> SavedGame:
        """Save a whole (already replayed, so valid) ledger as a new game, all or nothing:
        under `game_id` (a copy of another phone's game) or a new id; as another version
        of the game `version_of` (storage.versions), when given."""
        state = ledger.state
        actions = [(action.kind, action.data) for action in ledger.actions]
        summary = self.store.import_game(
            state.game, actions, listing_of(state), game_id=game_id, version_of=version_of
        )
        return self._remember(SavedGame(summary.id, ledger, summary))

    def take_copy(self, ledger: Ledger, game_id: str) -> SavedGame:
        """A copy of the game `game_id` from elsewhere (a game file), saved where
        storage.versions puts it: a new game under that id, the saved game brought up to
        date (one transaction), or another version of it; the game it is now, as saved."""
        texts = [(action.kind, action_text(action.kind, action.data)) for action in ledger.actions]
        meeting = meet(self.store, game_id, texts)
        if meeting.after is None:
            return self.import_ledger(ledger, meeting.game_id, meeting.version_of)
        if not meeting.unchanged:
            state = ledger.state
            created_at = self.store.summary(meeting.game_id).created_at
            record = GameRecord(
                meeting.game_id,
                state.game,
                created_at,
                (),
                listing_of(state),
                after=meeting.after,
                texts=texts,
            )
            try:
                self.store.imports.save([record])
            except ChangedElsewhere:
                raise StorageError("storage.changed_elsewhere") from None
        return self.open(meeting.game_id)

    def rematch(self, game: SavedGame) -> SavedGame:
        """A new game with the same players and settings; the first deal passes left."""
        state = game.ledger.state
        first_dealer = (state.first_dealer + 1) % len(state.players)
        return self.start(state.game, state.players, first_dealer, state.settings)

    def unfinished(self, limit: int | None = None, offset: int = 0) -> list[GameSummary]:
        """Games in progress, most recently changed first, damaged ones included; all of
        them, or one page."""
        return self.store.unfinished_games(limit, offset)

    def finished(
        self,
        limit: int | None = 20,
        offset: int = 0,
        *,
        game: str | None = None,
        player: str | None = None,
    ) -> list[GameSummary]:
        """Finished games, most recently finished first: one page, or all (limit None);
        only those of `game`, and only those the person `player` played, when given."""
        return self.store.finished_games(limit, offset, game=game, player=player)

    def recent_names(self, limit: int = 12) -> list[str]:
        """Player names of the most recent games, newest first, each player once."""
        names: list[str] = []
        recent = self.store.unfinished_games(limit=20) + self.store.finished_games(limit=20)
        recent.sort(key=lambda summary: summary.updated_at, reverse=True)
        for summary in recent:
            for name in summary.listing.players if summary.listing else ():
                if not any(same_player(name, known) for known in names):
                    names.append(name)
        return names[:limit]

    def last_settings(self, game: str) -> Mapping[str, Any]:
        """The settings of the game of `game` started last, on this device or any other whose
        games were merged in: what the setup form offers first. None known: empty."""
        last = self.store.last_started(game)
        return last.listing.settings if last is not None and last.listing is not None else {}

    def players(self, game: str | None = None) -> list[PlayerSummary]:
        """Everyone who finished a game (of `game`, or any), with games and wins; no replay."""
        return self.store.people.players(game)

    def records(self, player: str) -> dict[str, Record]:
        """A person's record for each game they finished (`player` is a name key from
        :meth:`players`; names merged into it count too), by game name."""
        by_game: dict[str, list[SeatResult]] = {}
        for result in self.store.people.results_of(player):
            by_game.setdefault(result.game, []).append(result)
        return {
            game: record_of(results, rules_for(game).tally_maxima)
            for game, results in by_game.items()
        }

    def head_to_head(self, first: str, second: str, game: str | None = None) -> HeadToHead:
        """Two people's finished games together, and who finished ahead how often."""
        return head_to_head(
            self.store.people.results_of(first, game), self.store.people.results_of(second, game)
        )

    def merge_players(self, player: str, into: str) -> Merged:
        """Count the games of the name key `player` as games of the person `into` (refused
        for two who sat at one game); returns what :meth:`unmerge_players` takes back."""
        return self.store.people.merge_players(player, into)

    def unmerge_players(self, merged: Merged) -> None:
        """Take back a merge right after it, as it was made."""
        self.store.people.unmerge_players(merged)

    def at_start(self) -> None:
        """What is done once as the app starts: the listings completed, and the games
        deleted before this start removed for good, their players' names with them (a
        deleted game is kept for its Undo, which lasts the session that deleted it)."""
        self.complete_listings()
        self.store.purge_deleted()

    def complete_listings(self) -> int:
        """Work out the listing of every game saved before listings were kept (replaying
        it once), marking those that cannot be replayed damaged; returns how many games it
        looked at. Run once at start: afterwards every write keeps the listing."""
        game_ids = self.store.games_without_listing()
        for game_id in game_ids:
            # A game that cannot be replayed is marked damaged by open; one whose listing
            # cannot be saved now (a read-only file) is listed as damaged until next time.
            with suppress(StorageError):
                game = self.open(game_id)
                self.store.set_listing(game_id, listing_of(game.ledger.state))
        return len(game_ids)

    def raw_record(self, game_id: str) -> str:
        """A damaged game's record as saved, one JSON line per action, to keep or send on."""
        summary = self.store.summary(game_id)
        lines = [
            json.dumps({"game": summary.game, "id": summary.id, "damaged": summary.damaged}),
            *(
                json.dumps({"step": seq, "kind": kind, "data": text}, ensure_ascii=False)
                for seq, kind, text in self.store.raw_actions(game_id)
            ),
        ]
        return "\n".join(lines) + "\n"

    def delete(self, game_id: str) -> None:
        """Take the game off the lists; :meth:`restore` brings it back."""
        self.store.delete(game_id)

    def restore(self, game_id: str) -> None:
        self.store.restore(game_id)

    def _remember(self, game: SavedGame) -> SavedGame:
        """Keep `game` as its latest save, forgetting the least recently used beyond a few."""
        with self._recent_lock:
            self._recent[game.id] = game
            self._recent.move_to_end(game.id)
            while len(self._recent) > _RECENT_GAMES:
                self._recent.popitem(last=False)
        return game

    def _saved(self, summary: GameSummary) -> SavedGame:
        if summary.damaged is not None:
            raise GameDamaged(summary)
        try:
            with collector_paused():
                ledger = Ledger.replay_saved(self.store.actions(summary.id))
        except InvalidEntry as error:
            raise self._damaged(summary, str(error)) from None
        except StorageError as error:
            if error.key not in RECORD_DAMAGE:
                raise
            raise self._damaged(summary, str(error)) from None
        return SavedGame(summary.id, ledger, summary)

    def _damaged(self, summary: GameSummary, reason: str) -> GameDamaged:
        """Mark the game damaged (best effort: a read-only file still shows the error)."""
        with suppress(StorageError):
            self.store.mark_damaged(summary.id, reason)
        return GameDamaged(replace(summary, damaged=reason))
