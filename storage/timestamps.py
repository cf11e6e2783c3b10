"""UTC timestamps, stored as fixed-width ISO 8601 text so that text order is time order."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def to_text(moment: datetime) -> str:
    """``2026-11-29T14:15:00.000000+00:00``; refuses naive datetimes (their zone is a guess)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"timestamp must be timezone-aware, got {moment!r}")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_text(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)
