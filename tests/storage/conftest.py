from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import GameStore, open_store


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
