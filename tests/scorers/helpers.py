"""Shared test helpers: a refused-entry check, a round context builder and a few entries."""

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

from scorers import InvalidEntry, colour_blind
from scorers.game import GameRules, RoundContext, RoundInfo
from scorers.messages import english


@contextmanager
def refused(key: str, *fragments: object) -> Iterator[pytest.ExceptionInfo[InvalidEntry]]:
    """Expect an InvalidEntry with this key whose sentence mentions every fragment."""
    with pytest.raises(InvalidEntry) as info:
        yield info
    assert info.value.key == key, str(info.value)
    for fragment in fragments:
        assert str(fragment) in str(info.value), (fragment, str(info.value))


def context(
    rules: GameRules,
    players: Sequence[str],
    number: int = 1,
    first_dealer: int = 0,
    settings: Mapping[str, Any] | None = None,
    totals: Sequence[int] | None = None,
) -> RoundContext:
    resolved = rules.resolve_settings(settings or {}, len(players))
    return RoundContext(
        info=rules.round_info(number, players, first_dealer, resolved),
        players=tuple(players),
        settings=resolved,
        totals_before=tuple(totals) if totals is not None else (0,) * len(players),
    )


def reminder_text(info: RoundInfo) -> str:
    """The round's reminder in English, its parameters filled in (the screens say it in
    the player's language)."""
    return english(info.reminder).format(**info.reminder_params)


def plotters_counts(rotation: int) -> list[dict[str, int]]:
    """A full 4-player round: each player 14 cards, every colour 14 in all."""
    hands = [
        {"blue": 8, "green": 4, "red": 2, "yellow": 0},
        {"blue": 2, "green": 6, "red": 6, "yellow": 0},
        {"blue": 4, "green": 2, "red": 2, "yellow": 6},
        {"blue": 0, "green": 2, "red": 4, "yellow": 8},
    ]
    return hands[rotation:] + hands[:rotation]


def take_trick(entry: Mapping[str, Any], seat: int) -> colour_blind.ColourBlindEntry:
    """The Colour-blind entry after `seat` won a trick: they take the row card at the
    uncovered end (the one the views mark as the next trick's)."""
    index = colour_blind.next_capture(entry)
    assert index is not None, "every card of the row is taken already"
    return colour_blind.with_captor(entry, index, seat)
