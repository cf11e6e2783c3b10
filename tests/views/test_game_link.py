"""Share as a link, and a link opened: the game's options and its final standings give the
link (with a QR code a camera reads), the link's game shows the same totals read-only,
Keep a copy adds one game, and a bad link says so and changes nothing."""

import doctest
import random
import re

import flet as ft

from scorers.ledger import Action, Ledger
from storage.game_link import link_text
from storage.keeper import SavedGame
from tests.flet_harness import AppHarness
from tests.storage.played_games import whole_wizard
from tests.views.conftest import AppUnderTest
from views.shell import site
from views.shell.i18n import t
from views.shell.qr import readable_qr_png
from views.shell.widgets import points_text

QR = t("table.qr")
SITE = "http://127.0.0.1:8550/"
"""The address the harness's page was opened at (the server's own)."""


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier, include_hidden=True).content.value


async def share_link(harness: AppHarness) -> str:
    """Tap the one "Share as a link" and read the link shown."""
    await harness.click(harness.find(ft.OutlinedButton, text=t("link.share")))
    return shown(harness, "link-address")


def stored(app: AppUnderTest) -> int:
    return len(app.keeper.unfinished()) + len(app.keeper.finished(limit=None))


def totals_shown(harness: AppHarness, players: int) -> list[str]:
    return [shown(harness, f"strip-total-{seat}") for seat in range(players)]


def sheet_shown(harness: AppHarness, players: int) -> list[str]:
    return [shown(harness, f"total-{seat}") for seat in range(players)]


def totals_of(game: SavedGame) -> list[str]:
    return [points_text(total) for total in game.ledger.state.totals]


def test_the_site_address_examples_hold() -> None:
    assert doctest.testmod(site).failed == 0


async def test_a_game_being_played_is_shared_from_its_options(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None, "trump": "H"}
    game = app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")

    address = await share_link(harness)
    assert address == f"{SITE}#{link_text(game.ledger.state)}"
    assert harness.find(ft.Image, where=lambda image: image.semantics_label == QR)
    assert harness.find(ft.TextButton, text=t("table.copy"))


async def test_a_finished_game_offers_its_link_with_its_standings(app: AppUnderTest) -> None:
    game = whole_wizard(app.keeper, 6)
    harness = await app.start(f"/game/{game.id}")
    assert len(harness.find_all(ft.OutlinedButton, text=t("link.share"))) == 1
    standings = harness.find(ft.Card, has_text=t("standings.title"))
    assert harness.find(ft.OutlinedButton, text=t("link.share"), within=standings)
    assert (await share_link(harness)).startswith(f"{SITE}#g1")


async def test_a_link_too_long_for_a_readable_qr_code_is_given_as_text(
    app: AppUnderTest,
) -> None:
    """Sixty rounds of nine cards at six players, every bid and trick as it fell: a link
    of about 1,500 characters, more than a camera reads off a screen as a QR code."""
    names = ["Annegret", "Bartholomew", "Christina", "Dorothea", "Eberhard", "Friederike"]
    ledger = Ledger.start("wizard", names, 0, {"round_sizes": [9] * 60})
    chance = random.Random(52)
    for number in range(1, 61):
        tricks = [0] * len(names)
        for _ in range(9):
            tricks[chance.randrange(len(names))] += 1
        bids = [chance.randint(0, 4) for _ in names]
        entry = {"bids": bids, "tricks": tricks, "cloud": None, "trump": chance.choice("SHDCJ")}
        ledger = ledger.apply(Action("score", {"round": number, "entry": entry}))
    game = app.keeper.import_ledger(ledger)
    harness = await app.start(f"/game/{game.id}")

    address = await share_link(harness)
    assert readable_qr_png(address) is None
    assert not harness.find_all(ft.Image, where=lambda image: image.semantics_label == QR)
    assert harness.find(ft.Text, text=t("link.no_qr"))


async def test_a_link_opened_shows_the_same_totals_read_only_and_keeps_one_copy(
    app: AppUnderTest,
) -> None:
    game = whole_wizard(app.keeper, 3)
    players = len(game.ledger.state.players)
    harness = await app.start(f"/game/{game.id}")
    address = await share_link(harness)
    before = stored(app)

    # The page moves what follows the `#` into the route (assets/index.html).
    await harness.go(f"/link/{address.partition('#')[2]}")
    assert totals_shown(harness, players) == totals_of(game)
    assert sheet_shown(harness, players) == totals_of(game)
    assert shown(harness, "link-intro") == t("link.intro")
    # Read-only: no pencil to correct a round or an adjustment, no rematch.
    assert not harness.find_all(ft.Icon, where=lambda icon: icon.icon == ft.Icons.EDIT)
    assert not harness.find_all(ft.FilledButton, text=t("standings.rematch"))
    assert stored(app) == before  # nothing kept until asked

    await harness.click(harness.find(ft.FilledButton, text=t("link.keep")))
    match = re.fullmatch(r"/game/(\w+)", harness.page.route)
    assert match is not None and match.group(1) != game.id
    assert stored(app) == before + 1
    copy = app.keeper.open(match.group(1))
    assert copy.ledger.state.totals == game.ledger.state.totals
    assert sheet_shown(harness, players) == totals_of(game)


async def test_keep_a_copy_tapped_again_opens_the_same_copy(app: AppUnderTest) -> None:
    game = whole_wizard(app.keeper, 6)
    harness = await app.start(f"/link/{link_text(game.ledger.state)}")
    keep = harness.find(ft.FilledButton, text=t("link.keep"))
    await harness.click(keep)
    first = harness.page.route
    await harness.dispatch(keep, "click")
    assert harness.page.route == first
    assert stored(app) == 2


async def test_a_bad_link_says_so_and_changes_nothing(app: AppUnderTest) -> None:
    game = whole_wizard(app.keeper, 3)
    text = link_text(game.ledger.state)
    before = stored(app)
    harness = await app.start("/")
    for bad, key in (
        (text[: len(text) // 2], "storage.link_damaged"),
        ("g9" + text[2:], "storage.link_version"),
        ("g1" + "A" * 40_000, "storage.link_too_large"),
    ):
        await harness.go(f"/link/{bad}")
        assert shown(harness, "link-refusal") == t(key)
        assert not harness.find_all(ft.FilledButton, text=t("link.keep"))
    assert stored(app) == before
