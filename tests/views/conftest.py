"""The whole app in the view harness, on a real SQLite file in a temporary folder."""

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from storage import open_store
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from views.app import build_main
from views.shell.services import FileLimits, PickedFile


@dataclass
class RecordingScreenAwake:
    """Stands in for Flet's Wakelock, which needs a live client; remembers what was asked."""

    calls: list[bool] = field(default_factory=list)

    async def set_awake(self, awake: bool) -> None:
        self.calls.append(awake)


@dataclass
class RecordingNudger:
    """Stands in for Flet's HapticFeedback, which needs a live client; counts the nudges."""

    nudges: int = 0

    async def nudge(self) -> None:
        self.nudges += 1


@dataclass
class RecordingFiles:
    """Stands in for Flet's FilePicker, which needs a live client.

    Remembers every saved file by name; a pick gives `picked` (None: the player cancelled)
    as a file of its size, and `reads` counts how often its content was fetched (sent)."""

    saved: dict[str, bytes] = field(default_factory=dict)
    picked: bytes | None = None
    picks: list[str] = field(default_factory=list)
    reads: int = 0

    async def save(self, file_name: str, content: bytes) -> None:
        self.saved[file_name] = content

    async def pick(self, extension: str) -> PickedFile | None:
        self.picks.append(extension)
        content = self.picked
        if content is None:
            return None

        async def read() -> bytes:
            self.reads += 1
            return content

        return PickedFile(f"picked.{extension}", len(content), read)


@pytest.fixture
def keeper(tmp_path: Path) -> Iterator[GameKeeper]:
    with open_store(tmp_path).store as store:
        yield GameKeeper(store)


@pytest.fixture
def screen_awake() -> RecordingScreenAwake:
    return RecordingScreenAwake()


@pytest.fixture
def files() -> RecordingFiles:
    return RecordingFiles()


@dataclass
class AppUnderTest:
    harness: AppHarness
    keeper: GameKeeper
    screen_awake: RecordingScreenAwake
    files: RecordingFiles = field(default_factory=RecordingFiles)
    file_limits: FileLimits = field(default_factory=FileLimits)
    """The largest files the app reads (a phone alone's are smaller)."""

    async def start(self, route: str = "/") -> AppHarness:
        main = build_main(
            self.keeper,
            (),
            lambda: self.screen_awake,
            lambda: self.files,
            file_limits=self.file_limits,
            nudger=RecordingNudger,
        )
        await self.harness.run(main)
        if route != "/":
            await self.harness.go(route)
        return self.harness


@pytest.fixture
def app(
    harness: AppHarness,
    keeper: GameKeeper,
    screen_awake: RecordingScreenAwake,
    files: RecordingFiles,
) -> AppUnderTest:
    return AppUnderTest(harness, keeper, screen_awake, files)
