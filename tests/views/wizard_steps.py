"""Wizard's entry as the view tests tap it: a value is a chip of the pad, which enters for
the next player in bidding order; a player it is not at is brought to it by tapping that
player's row, as a scorer changing an earlier value does."""

import flet as ft

from tests.flet_harness import AppHarness
from views.shell.i18n import t

MOST_CARDS = 20


def labelled(harness: AppHarness, name: str) -> list[ft.Control]:
    return harness.find_all(ft.Text, where=lambda c: c.semantics_label == name)


def chip(harness: AppHarness, name: str) -> ft.Control:
    """A number chip (or a row's value) by its accessible name ("Ben bids 3")."""
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name)


def cell_names(player: str, language: str | None = None) -> set[str]:
    """Every accessible name the player's row value can have, in either step."""
    names = {t("wizard.cell_empty", language, player=player)}
    for key in ("wizard.bid_cell", "wizard.trick_cell"):
        names |= {t(key, language, player=player, count=n) for n in range(MOST_CARDS + 1)}
    return names


async def pad_to(harness: AppHarness, player: str, language: str | None = None) -> None:
    """Bring the pad to the player by tapping their row's value."""
    names = cell_names(player, language)
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label in names))


async def pad_chip(
    harness: AppHarness, name: str, player: str, language: str | None = None
) -> ft.Control:
    """The pad's chip named `name` (one of the player's values), the pad brought to the
    player first if it is elsewhere: a bench times the tap on it alone."""
    if not labelled(harness, name):
        await pad_to(harness, player, language)
    return chip(harness, name)


async def bid_chip(harness: AppHarness, player: str, count: int) -> ft.Control:
    return await pad_chip(harness, t("wizard.bid_name", player=player, count=count), player)


async def enter(harness: AppHarness, name: str, player: str, language: str | None = None) -> None:
    """Tap the chip named `name`, bringing the pad to the player first if it is elsewhere."""
    await harness.click(await pad_chip(harness, name, player, language))


async def bid(harness: AppHarness, player: str, count: int, language: str | None = None) -> None:
    await enter(
        harness, t("wizard.bid_name", language, player=player, count=count), player, language
    )


async def took(harness: AppHarness, player: str, count: int, language: str | None = None) -> None:
    name = t("wizard.took_name", language, player=player, count=count)
    await enter(harness, name, player, language)
