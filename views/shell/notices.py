"""What Home tells the player as the app opens: a damaged file set aside, games the browser
may clear. Kept as catalog keys, not text: the app opens before any session's language is
known (a phone alone's page, a server's many phones), so each is said where it is drawn.

A notice that stays true at every start (this browser may clear the games) is told until
the player says OK to it once on this device; one that reports an event is told each time
it happens.
"""

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from views.shell.device import PATIENCE_SECONDS, DeviceStore
from views.shell.messages import said


@dataclass(frozen=True)
class Notice:
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    remembered: str | None = None
    """The device's key that keeps the player's OK, so the notice is not told again on this
    device (None: told each time it holds)."""

    def text(self) -> str:
        """The notice in the session's language."""
        return said(self.key, self.params)


async def untold(
    device: DeviceStore, notices: Sequence[Notice], patience: float = PATIENCE_SECONDS
) -> tuple[Notice, ...]:
    """The notices this device's player has not yet said OK to for good. A device that does
    not answer within `patience` seconds is told them all."""
    remembered = [notice.remembered for notice in notices if notice.remembered]
    if not remembered:
        return tuple(notices)
    try:
        async with asyncio.timeout(patience):
            answers = await asyncio.gather(*(device.get(key) for key in remembered))
    except TimeoutError:
        return tuple(notices)
    seen = {key for key, answer in zip(remembered, answers, strict=True) if answer is True}
    return tuple(notice for notice in notices if notice.remembered not in seen)


async def acknowledge(device: DeviceStore, notices: Sequence[Notice]) -> None:
    """The player said OK: the notices kept for good are not told again on this device."""
    for notice in notices:
        if notice.remembered:
            await device.set(notice.remembered, True)
