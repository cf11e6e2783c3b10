"""A device's kept choices, and what a session does when its device never answers."""

import asyncio
from dataclasses import dataclass, field
from typing import Any

import flet as ft
from flet.messaging.protocol import MessageAction

from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from views.app import build_main
from views.shell.device import KEEP_AWAKE, LANGUAGE, THEME, ReadAheadDevice, load_choices
from views.shell.i18n import t


@dataclass
class StoredDevice:
    """A browser's storage and languages, answering at once."""

    stored: dict[str, object] = field(default_factory=dict)
    browser: list[str] = field(default_factory=lambda: ["en-US"])

    async def languages(self) -> list[str]:
        return self.browser

    async def get(self, key: str) -> object:
        return self.stored.get(key)

    async def set(self, key: str, value: str | bool) -> None:
        self.stored[key] = value


class SilentDevice(StoredDevice):
    """A page whose calls were lost (a restarted server took it over): no answer, ever."""

    async def get(self, key: str) -> object:
        await asyncio.Event().wait()


async def test_kept_choices_win_over_the_browsers_language() -> None:
    stored = {LANGUAGE: "nb", THEME: "dark", KEEP_AWAKE: False}
    choices = await load_choices(StoredDevice(stored, ["ko-KR"]))
    assert (choices.language, choices.theme_mode, choices.keep_awake) == (
        "nb",
        ft.ThemeMode.DARK,
        False,
    )


async def test_nothing_kept_or_something_unreadable_gives_the_defaults() -> None:
    stored = {LANGUAGE: "xx", THEME: "purple", KEEP_AWAKE: "yes"}
    choices = await load_choices(StoredDevice(stored, ["de-AT", "en"]))
    assert (choices.language, choices.theme_mode, choices.keep_awake) == (
        "de",
        ft.ThemeMode.SYSTEM,
        True,
    )


async def test_a_device_that_never_answers_gets_english_and_the_defaults() -> None:
    choices = await load_choices(SilentDevice(browser=["de-DE"]), patience=0.05)
    assert (choices.language, choices.theme_mode, choices.keep_awake) == (
        "en",
        ft.ThemeMode.SYSTEM,
        True,
    )


@dataclass
class DroppedDevice(StoredDevice):
    """A page whose socket closes while the session waits for its answers (a page left open
    while the server restarted, dropping the socket it came back on)."""

    harness: AppHarness | None = None

    async def get(self, key: str) -> object:
        assert self.harness is not None
        await self.harness.session.disconnect(60)
        return None


async def test_a_page_that_drops_its_socket_while_the_session_starts_is_still_drawn(
    keeper: GameKeeper, screen_awake: RecordingScreenAwake
) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    async with AppHarness(route=f"/game/{game.id}") as harness:
        device = DroppedDevice(harness=harness)
        main = build_main(keeper, (), lambda: screen_awake, RecordingFiles, device=lambda: device)
        await harness.run(main)
        harness.session.attach_connection(harness.connection)  # the page comes back
        await harness.settle()
        # Drawn with the keep-awake switch the page's address allows, asked of no connection.
        assert harness.find(ft.Switch, label=t("options.keep_awake")).value is True


async def test_a_session_whose_socket_dropped_before_it_started_is_still_drawn(
    keeper: GameKeeper, screen_awake: RecordingScreenAwake
) -> None:
    """A page left open while a killed server restarted: its session started on a socket
    that had already closed (seen in tests/e2e/test_serving.py), with no address to ask."""
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    async with AppHarness(route=f"/game/{game.id}") as harness:
        await harness.session.disconnect(60)
        main = build_main(keeper, (), lambda: screen_awake, RecordingFiles)
        await harness.run(main)
        harness.session.attach_connection(harness.connection)  # the page comes back
        await harness.settle()
        assert harness.find(ft.Switch, label=t("options.keep_awake")).value is True


def calls_to_the_page(harness: AppHarness) -> list[str]:
    return [
        message.body.name
        for message in harness.messages
        if message.action == MessageAction.INVOKE_METHOD
        and message.body.name in ("get", "set", "get_device_info")
    ]


async def test_answers_read_ahead_draw_the_first_screen_without_asking_the_page(
    keeper: GameKeeper, screen_awake: RecordingScreenAwake
) -> None:
    """The phone alone's page hands its kept choices and languages to Python with its start
    (site_build/page.html); a choice made is kept in the page's storage all the same."""
    read = {LANGUAGE: "nb", THEME: "dark", "trickpad_notice_read": True}
    storage: dict[str, Any] = {}
    async with AppHarness(languages=["de-DE"], local_storage=storage) as harness:
        device = ReadAheadDevice(read, ["ko-KR"])
        main = build_main(keeper, (), lambda: screen_awake, RecordingFiles, device=lambda: device)
        await harness.run(main)
        assert t("home.tagline", "nb") in harness.texts()
        assert harness.page.theme_mode == ft.ThemeMode.DARK
        assert calls_to_the_page(harness) == []
        await harness.click(harness.find(ft.IconButton, tooltip=t("theme.dark", "nb")))
        assert storage == {THEME: ft.ThemeMode.SYSTEM.value}
        assert await device.get(THEME) == ft.ThemeMode.SYSTEM.value
        assert await device.languages() == ["ko-KR"]
