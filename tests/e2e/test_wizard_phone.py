"""Wizard at the table on a phone (390x844): each step of a round with six players at the
largest hand fits on one screen with its confirm button and the totals strip; from 900 px
wide the entry and the sheet stand side by side; on a small phone (360x640) every number
of a step is in reach, with six players at ten cards and three at twenty.

Positions are read from the boxes of Flutter's accessibility nodes, which sit where the
controls are drawn."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import dark_screenshot, open_app, painted_screenshot
from tests.e2e.steps import (
    by_id,
    expect_value,
    go,
    pad_to,
    reveal_whole,
    row_value,
    scroll_to_top,
    tap,
)
from views.shell.i18n import t

PLAYERS = ["Maximilian", "Christophe", "Annabelle", "Dot", "Evangeline", "Fay"]
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
WIDE = {"width": 1280, "height": 800}
LARGEST_HAND = 10  # 60 cards shared by six


def on_screen(page: Page, control: Locator, what: str) -> dict[str, float]:
    """The control's box, checked to lie wholly inside the window (no scrolling needed).

    Flutter may replace the control's node between the two looks (a window just resized
    lays the screen out again): the box is then asked of the node that replaced it."""
    box = None
    for _ in range(5):
        expect(control).to_be_in_viewport(ratio=1)
        box = control.bounding_box()
        if box is not None:
            break
    assert box is not None, f"{what} has no box"
    size = page.viewport_size
    assert size is not None
    inside = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )
    assert inside, f"{what} is not wholly on screen: {box} in {size}"
    return box


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def step_fits(page: Page, chip_name: str, pad_player: str, confirm: str | None) -> None:
    """Every player's row (its value), every number of the pad (entering for
    `pad_player`), the status line, the step's confirm button (None: the step has none
    while it cannot act, as the bids before the last) and every total."""
    for player in PLAYERS:
        on_screen(page, row_value(page, player), f"{player}'s row")
    for count in range(LARGEST_HAND + 1):
        name = t(chip_name, player=pad_player, count=count)
        on_screen(page, button(page, name), name)
    on_screen(page, by_id(page, "entry-hint"), "the status line")
    if confirm is not None:
        box = on_screen(page, button(page, confirm), confirm)
        assert box["height"] >= 48 and box["width"] >= 48, box
    for seat in range(len(PLAYERS)):
        on_screen(page, by_id(page, f"strip-total-{seat}"), f"total {seat}")


def new_game(data_dir: Path, players: list[str] = PLAYERS, hand: int = LARGEST_HAND) -> str:
    """Two rounds of `hand` cards (six players at their largest hand unless told), the first
    player dealing first: started beside the running server (SQLite shares the file), as
    the setup form would start it."""
    with open_store(data_dir).store as store:
        settings = {"round_sizes": [hand, hand]}
        return GameKeeper(store).start("wizard", players, 0, settings).id


def in_reach(page: Page, control: Locator, what: str) -> None:
    """Wholly inside the window's width, and in view once the page is scrolled to it as a
    thumb would: nothing a step needs is behind a sideways scroll."""
    reveal_whole(page, control)
    on_screen(page, control, what)


@pytest.mark.every_shape
@pytest.mark.timeout(300)
def test_each_wizard_step_fits_a_phone_and_every_number_is_in_reach_on_a_small_one(
    browser: Browser, app_server: AppServer
) -> None:
    game_id = new_game(app_server.data_dir)
    three_players = new_game(app_server.data_dir, PLAYERS[:3], 20)
    path = f"/game/{game_id}"
    page = open_app(browser, app_server.url + path, PHONE)
    # Maximilian deals: bidding starts left of him, with Christophe.
    order = PLAYERS[1:] + PLAYERS[:1]
    expect(by_id(page, "entry-hint")).to_have_text(
        t("wizard.next_bid", player=order[0]), timeout=30_000
    )

    # Bids: each one moves the prompt on to the next bidder; every row fits, and so on.
    step_fits(page, "wizard.bid_name", order[0], None)
    for seat, player in enumerate(order[:-1]):
        tap(page, t("wizard.bid_name", player=player, count=2))
        expect_value(page, "entry-hint", t("wizard.next_bid", player=order[seat + 1]))
    step_fits(page, "wizard.bid_name", order[-1], None)
    expect(button(page, t("wizard.to_tricks"))).to_have_count(0)  # nothing greyed to tap
    painted_screenshot(page, "wizard-bids-390")
    dark_screenshot(page, "wizard-bids-390-dark")

    # The last bid takes the table to the tricks, no tap between.
    tap(page, t("wizard.bid_name", player=order[-1], count=0))
    expect_value(page, "entry-hint", t("wizard.next_tricks", player=order[0]))
    step_fits(page, "wizard.took_name", order[0], t("entry.score_round"))
    for seat, player in enumerate(order[:-1]):
        tap(page, t("wizard.took_name", player=player, count=2))
        after = t("wizard.next_tricks", player=order[seat + 1]) if seat < 4 else t("entry.ready")
        expect_value(page, "entry-hint", after)
    # Maximilian's tricks are the rest of the cards: filled in, and every row's points shown.
    expect_value(page, "filled-0", t("wizard.filled_mark"))
    for seat in range(6):
        expect_value(page, f"preview-{seat}", "+20" if seat == 0 else "+40")
    pad_to(page, "Maximilian")  # every number is in: the pad comes to a tapped row
    step_fits(page, "wizard.took_name", "Maximilian", t("entry.score_round"))
    painted_screenshot(page, "wizard-tricks-390")
    dark_screenshot(page, "wizard-tricks-390-dark")

    # Scored with the sheet scrolled into view: the next round's banner shows from the top,
    # and each player's change in the strip.
    page.mouse.move(195, 450)
    page.mouse.wheel(0, 600)
    expect(by_id(page, "banner")).not_to_be_in_viewport()
    tap(page, t("entry.score_round"))
    expect(by_id(page, "banner")).to_contain_text(t("banner.dealer", name=order[0]))
    on_screen(page, by_id(page, "banner"), "the next round's banner")
    for seat in range(6):
        expect_value(page, f"strip-change-{seat}", "+20" if seat == 0 else "+40")
    painted_screenshot(page, "wizard-next-round-390")

    # The phone turned on its side: the same page laid out again.
    page.set_viewport_size(LANDSCAPE)
    expect(by_id(page, "reminder")).to_have_count(0)
    painted_screenshot(page, "wizard-landscape")

    # The same game on a computer's window: the sheet beside the entry.
    page.set_viewport_size(WIDE)
    bid_chip = on_screen(
        page, button(page, t("wizard.bid_name", player=order[1], count=0)), "a bid"
    )
    total = on_screen(page, by_id(page, "total-0"), "the sheet's total")
    assert total["x"] > bid_chip["x"] + bid_chip["width"], "the sheet is not beside the entry"
    painted_screenshot(page, "wizard-wide-1280")
    dark_screenshot(page, "wizard-wide-1280-dark")

    # A small phone (360x640): six players at ten cards, then a game of three at twenty
    # (the most a pad holds), opened from Home; nothing a step needs is out of reach.
    page.set_viewport_size(SMALL_PHONE)
    # Round 2, Christophe deals: Annabelle bids first.
    every_number_in_reach(page, PLAYERS[2:] + PLAYERS[:2], LARGEST_HAND, "six")
    go(page, "/")
    expect(page.get_by_text(t("home.tagline"))).to_be_visible()
    go(page, f"/game/{three_players}")
    # Maximilian deals: Christophe bids first.
    every_number_in_reach(page, [*PLAYERS[1:3], PLAYERS[0]], 20, "three")
    page.close()


SMALL_PHONE = {"width": 360, "height": 640}


def every_number_in_reach(page: Page, players: list[str], hand: int, name: str) -> None:
    """At the bids and then at the tricks of a new round, whose first bidder is `players[0]`:
    every row's value and every number of the pad (0 to the hand, for the first bidder),
    wholly inside the window's width once scrolled to, as a thumb would; the bids go in as
    0 between the two."""
    order = players
    expect_value(page, "entry-hint", t("wizard.next_bid", player=order[0]))
    scroll_to_top(page)  # the window was laid out anew, or the screen is another game's
    for chip_name in ("wizard.bid_name", "wizard.took_name"):
        for player in players:
            in_reach(page, row_value(page, player), f"{player}'s row")
        for count in range(hand + 1):
            label = t(chip_name, player=order[0], count=count)
            in_reach(page, button(page, label), label)
        painted_screenshot(page, f"wizard-{chip_name.split('.')[1]}-{name}-360x640")
        if chip_name == "wizard.bid_name":
            for player in order:
                tap(page, t("wizard.bid_name", player=player, count=0))
            expect_value(page, "entry-hint", t("wizard.next_tricks", player=order[0]))
