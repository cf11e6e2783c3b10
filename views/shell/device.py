"""What this device keeps between visits: its language, theme and keep-awake choice.

In a browser they live in the page's localStorage (Flet's SharedPreferences), so each
phone keeps its own and a reload keeps all three; the games themselves stay on the server.
On a first visit the language is the first of the browser's languages Trickpad speaks.
"""

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import flet as ft

from views.shell.i18n import DEFAULT_LANGUAGE, LANGUAGES, best_language

LANGUAGE = "trickpad_language"
THEME = "trickpad_theme"
KEEP_AWAKE = "trickpad_keep_awake"
THEME_MODES = {mode.value: mode for mode in ft.ThemeMode}


class DeviceStore(Protocol):
    """The device's own storage and what its browser says about its user."""

    async def languages(self) -> list[str]:
        """The browser's languages, preferred first ("de-DE", "en")."""

    async def get(self, key: str) -> object:
        """The value kept under ``key``; None when there is none."""

    async def set(self, key: str, value: str | bool) -> None:
        """Keep ``value`` under ``key`` for the next visit."""


class BrowserDevice:
    """The real thing: Flet's SharedPreferences and the client's device info.

    Created inside a session (Flet registers services with the current page); it keeps its
    SharedPreferences referenced, as Flet drops unreferenced services after each event."""

    def __init__(self) -> None:
        self._preferences = ft.SharedPreferences()

    async def languages(self) -> list[str]:
        """A browser's navigator.languages; an installed app's system locales."""
        info = await ft.context.page.get_device_info()
        if info is None:
            return []
        browser = getattr(info, "languages", None)
        return list(browser) if browser else [locale.language_code for locale in info.locales]

    async def get(self, key: str) -> object:
        return await self._preferences.get(key)

    async def set(self, key: str, value: str | bool) -> None:
        await self._preferences.set(key, value)


class ReadAheadDevice:
    """A browser whose answers were read before the session began: the phone alone's page
    reads its kept choices and languages as it loads (site_build/page.html), so its first
    screen asks nothing of a page still busy starting Flutter. Choices are kept as
    BrowserDevice keeps them, and answered from here for the rest of the session."""

    def __init__(self, kept: Mapping[str, object], languages: Sequence[str]) -> None:
        self._kept = dict(kept)
        self._languages = list(languages)
        self._browser: BrowserDevice | None = None

    async def languages(self) -> list[str]:
        return list(self._languages)

    async def get(self, key: str) -> object:
        return self._kept.get(key)

    async def set(self, key: str, value: str | bool) -> None:
        self._kept[key] = value
        if self._browser is None:  # made in the session, by its first choice
            self._browser = BrowserDevice()
        await self._browser.set(key, value)


@dataclass(frozen=True)
class DeviceChoices:
    language: str
    theme_mode: ft.ThemeMode
    keep_awake: bool
    browser_languages: tuple[str, ...] = ()
    """The browser's languages ("en-GB"): the region its dates are written for."""


PATIENCE_SECONDS = 2.0
"""How long a session waits for its device's answers before it draws in the defaults: a
call can be lost for good when a restarted server takes over a page left open."""


async def load_choices(device: DeviceStore, patience: float = PATIENCE_SECONDS) -> DeviceChoices:
    """The choices this device made before; for what it never chose, the defaults (the
    browser's language, the system theme, the screen kept on). A device that does not
    answer within `patience` seconds gets English and the other defaults."""
    try:
        async with asyncio.timeout(patience):
            return await asked_choices(device)
    except TimeoutError:
        return DeviceChoices(DEFAULT_LANGUAGE, ft.ThemeMode.SYSTEM, keep_awake=True)


async def asked_choices(device: DeviceStore) -> DeviceChoices:
    """The device's answers, asked all at once (one round trip to a phone, not four)."""
    language, theme, keep_awake, browser_languages = await asyncio.gather(
        device.get(LANGUAGE), device.get(THEME), device.get(KEEP_AWAKE), device.languages()
    )
    return DeviceChoices(
        language=str(language) if language in LANGUAGES else best_language(browser_languages),
        theme_mode=THEME_MODES.get(str(theme), ft.ThemeMode.SYSTEM),
        keep_awake=keep_awake if isinstance(keep_awake, bool) else True,
        browser_languages=tuple(browser_languages),
    )
