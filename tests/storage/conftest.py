from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from storage import GameStore, open_store
from storage.listing import Listing


class SteppingClock:
    """A clock that moves one second forward on every reading, so order is deterministic."""

    def __init__(self, start: datetime = datetime(2026, 11, 29, 14, 15, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> SteppingClock:
    return SteppingClock()


@pytest.fixture
def store(tmp_path: Path, clock: SteppingClock) -> Iterator[GameStore]:
    with open_store(tmp_path, clock=clock).store as opened:
        yield opened


def a_listing(
    *, is_over: bool = False, players: tuple[str, ...] = ("Ann", "Ben", "Cas")
) -> Listing:
    """A plausible listing for store-level tests (the store does not read it)."""
    return Listing(players, 1, 10, (0,) * len(players), is_over)


def new_game(store: GameStore, game: str = "wizard", *, created_at: datetime | None = None) -> str:
    """A new game in the store holding only its start action (seq 1); returns its id."""
    start = {"game": game, "players": ["Ann", "Ben", "Cas"]}
    return store.start_game(game, start, a_listing(), created_at=created_at).id


def add(
    store: GameStore,
    game_id: str,
    kind: str,
    data: Mapping[str, Any],
    *,
    is_over: bool = False,
    after: int | None = None,
) -> int:
    """Append an action with a listing saying whether the game is over; returns its seq."""
    return store.append(game_id, kind, data, a_listing(is_over=is_over), after=after).action_count
