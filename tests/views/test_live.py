"""Two screens of one server: a save on one shows on the other, and a phone that comes back
re-reads the saved game (each AppHarness is a browser tab; they share the server's hub)."""

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import pytest_asyncio
from flet.pubsub.pubsub_hub import PubSubHub

from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from views.app import build_main
from views.shell.i18n import t

PLAYERS = ["Ann", "Ben", "Cas"]


@pytest_asyncio.fixture
async def two_phones(keeper: GameKeeper) -> AsyncIterator[tuple[AppHarness, AppHarness]]:
    executor = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=asyncio.get_running_loop(), executor=executor)
    async with AppHarness(pubsubhub=hub) as first, AppHarness(pubsubhub=hub) as second:
        yield first, second
    executor.shutdown(wait=True)


async def open_on(harness: AppHarness, keeper: GameKeeper, route: str) -> None:
    main = build_main(keeper, (), RecordingScreenAwake, RecordingFiles)
    await harness.run(main)
    await harness.go(route)


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


async def bid(harness: AppHarness, player: str, count: int) -> None:
    name = t("wizard.bid_name", player=player, count=count)
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == name))


async def test_a_bid_on_one_phone_shows_on_the_other_and_both_bids_stay(
    keeper: GameKeeper, two_phones: tuple[AppHarness, AppHarness]
) -> None:
    phone_a, phone_b = two_phones
    game = keeper.start("wizard", PLAYERS, 0, {"round_sizes": [2]})
    await open_on(phone_a, keeper, f"/game/{game.id}")
    await open_on(phone_b, keeper, f"/game/{game.id}")
    await bid(phone_a, "Ben", 1)
    await phone_b.settle()
    one_bid = t("wizard.bid_count", total=1, cards=2, gap=t("wizard.under", count=1))
    assert shown(phone_b, "bid-count") == one_bid
    await bid(phone_b, "Cas", 0)
    await phone_a.settle()
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, 0]
    assert shown(phone_a, "bid-count") == shown(phone_b, "bid-count")


async def test_home_lists_a_game_started_on_another_phone(
    keeper: GameKeeper, two_phones: tuple[AppHarness, AppHarness]
) -> None:
    phone_a, phone_b = two_phones
    await open_on(phone_a, keeper, "/new/wizard")
    await open_on(phone_b, keeper, "/")
    assert t("home.in_progress") not in phone_b.texts()
    for seat, name in enumerate(PLAYERS):
        field = phone_a.find(ft.TextField, label=t("setup.player_n", n=seat + 1))
        await phone_a.type(field, name)
    await phone_a.click(phone_a.find(ft.FilledButton, text=t("setup.start")))
    await phone_b.settle()
    assert t("home.in_progress") in phone_b.texts()


async def test_a_phone_that_comes_back_shows_what_was_saved_meanwhile(
    keeper: GameKeeper, harness: AppHarness
) -> None:
    game = keeper.start("wizard", PLAYERS, 0, {"round_sizes": [1, 1]})
    await open_on(harness, keeper, f"/game/{game.id}")
    # Saved while this phone slept: it heard nothing.
    entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    assert t("banner.round_of", number=1, count=2) in shown(harness, "banner")
    harness.page.on_connect(None)
    await harness.settle()
    assert t("banner.round_of", number=2, count=2) in shown(harness, "banner")
