"""What the screens need from outside: the saved games and the screen's wake lock.

Provided once at the root through a context, so tests hand in a keeper on a temporary
database and a wake lock that only records (Flet's Wakelock needs a live client).
"""

from dataclasses import dataclass
from typing import Protocol

import flet as ft

from storage.keeper import GameKeeper


class ScreenAwake(Protocol):
    """Keeps the phone's screen on while a game is open."""

    async def set_awake(self, awake: bool) -> None: ...


class WakelockScreen:
    """The real thing: Flet's Wakelock service, created on first use in the page's context."""

    def __init__(self) -> None:
        self._wakelock: ft.Wakelock | None = None

    async def set_awake(self, awake: bool) -> None:
        if self._wakelock is None:
            self._wakelock = ft.Wakelock()
        if awake:
            await self._wakelock.enable()
        else:
            await self._wakelock.disable()


@ft.observable
@dataclass
class Preferences:
    """This browser tab's choices (each tab is a phone at the table)."""

    keep_awake: bool = True


@dataclass(frozen=True)
class Services:
    keeper: GameKeeper
    screen_awake: ScreenAwake
    preferences: Preferences
    startup_notice: str | None = None


ServicesContext = ft.create_context(None)


def use_services() -> Services:
    services = ft.use_context(ServicesContext)
    assert isinstance(services, Services), "App must be rendered with Services"
    return services
