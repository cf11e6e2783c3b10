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
from pathlib import Path
from typing import Any

from storage.opening import LOG_UNREADABLE, UNREADABLE, Recovery
from views.shell.device import PATIENCE_SECONDS, DeviceStore
from views.shell.messages import said


@dataclass(frozen=True)
class Notice:
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    remembered: str | None = None
    """The device's key that keeps the player's OK, so the notice is not told again on this
    device (None: told each time it holds)."""
    attachment: Path | None = None
    """Damaged files set aside (storage.opening), offered for download with the notice."""

    def text(self) -> str:
        """The notice in the session's language."""
        return said(self.key, self.params)


IN_BROWSER_KEYS = {
    UNREADABLE: "phone.damaged_moved_aside",
    LOG_UNREADABLE: "phone.log_unreadable_moved_aside",
}
"""What a phone alone says of a damaged store: no path, since no player can reach the
browser's file system, but that the files are kept in the browser, to download."""


def recovery_notices(recovery: Recovery, *, in_browser: bool = False) -> list[Notice]:
    """What Home says of a damaged store set aside: what was damaged and where its files
    went (in a browser: that they are kept there), with the files to download; then how
    many of its games came back and how many could not be read."""
    if in_browser:
        damage = Notice(IN_BROWSER_KEYS[recovery.cause], attachment=recovery.moved_to)
    else:
        damage = Notice(recovery.key, recovery.params, attachment=recovery.moved_to)
    rescued = recovery.rescued
    if not rescued.listed:
        return [damage, Notice("storage.no_games_brought_back")]
    counts = {"back": rescued.back, "lost": rescued.lost}
    return [damage, Notice("storage.games_brought_back", counts)]


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
