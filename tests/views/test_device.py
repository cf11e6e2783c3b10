"""A device's kept choices, and what a session does when its device never answers."""

import asyncio
from dataclasses import dataclass, field

import flet as ft

from views.shell.device import KEEP_AWAKE, LANGUAGE, THEME, load_choices


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
