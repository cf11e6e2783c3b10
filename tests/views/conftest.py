"""The whole app in the view harness, on a real SQLite file in a temporary folder."""

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from storage import open_store
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from views.app import build_main


@dataclass
class RecordingScreenAwake:
    """Stands in for Flet's Wakelock, which needs a live client; remembers what was asked."""

    calls: list[bool] = field(default_factory=list)

    async def set_awake(self, awake: bool) -> None:
        self.calls.append(awake)


@pytest.fixture
def keeper(tmp_path: Path) -> Iterator[GameKeeper]:
    with open_store(tmp_path).store as store:
        yield GameKeeper(store)


@pytest.fixture
def screen_awake() -> RecordingScreenAwake:
    return RecordingScreenAwake()


@dataclass
class AppUnderTest:
    harness: AppHarness
    keeper: GameKeeper
    screen_awake: RecordingScreenAwake

    async def start(self, route: str = "/") -> AppHarness:
        await self.harness.run(build_main(self.keeper, None, lambda: self.screen_awake))
        if route != "/":
            await self.harness.go(route)
        return self.harness


@pytest.fixture
def app(
    harness: AppHarness, keeper: GameKeeper, screen_awake: RecordingScreenAwake
) -> AppUnderTest:
    return AppUnderTest(harness, keeper, screen_awake)
