"""A whole 6-player Wizard game with the hook rule, played through the browser.

Totals are checked against the rules engine after every round; round 3 is corrected, a
correction undone, the server killed mid-round and restarted, and the game finished.
"""

import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from scorers import wizard
from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import open_app, screenshot
from tests.e2e.steps import (
    by_id,
    enter_players,
    expect_score,
    expect_value,
    pad_to,
    reveal,
    tap,
    value_of,
)
from views.shell.i18n import t
from views.shell.widgets import change_text, points_text

PLAYERS = ["Ann", "Ben", "Cas", "Dot", "Eve", "Fay"]
TALL = {"width": 900, "height": 2400}
PHONE = {"width": 360, "height": 740}


def bid(page: Page, player: str, count: int) -> None:
    tap(page, t("wizard.bid_name", player=player, count=count))


def took(page: Page, player: str, count: int) -> None:
    tap(page, t("wizard.took_name", player=player, count=count))


def plan(number: int) -> tuple[list[int], list[int]]:
    """Bids and tricks per seat for round `number` (first dealer Ann, seat 0).

    The first bidder bids every card and takes them all; the others bid 0 and take none,
    except the dealer: the hook forbids a 0 there, so the dealer bids 1 and misses."""
    cards = number
    dealer = (number - 1) % 6
    first = (dealer + 1) % 6
    bids = [0] * 6
    tricks = [0] * 6
    bids[first] = cards
    tricks[first] = cards
    bids[dealer] = 1
    return bids, tricks


def bidding_order(number: int) -> list[int]:
    dealer = (number - 1) % 6
    return [(dealer + 1 + step) % 6 for step in range(6)]


def count_text(key: str, total: int, cards: int) -> str:
    if total < cards:
        gap = t("wizard.under", count=cards - total)
    elif total > cards:
        gap = t("wizard.over", count=total - cards)
    else:
        gap = t("wizard.exact")
    return t(key, total=total, cards=cards, gap=gap)


def enter_bids(page: Page, number: int) -> None:
    """Each bid, waiting (as a player glancing at the screen would) until the line shows it
    and the prompt names the next bidder; after the last, the tricks are on screen."""
    bids, _ = plan(number)
    total = 0
    order = bidding_order(number)
    for step, seat in enumerate(order):
        if number == 1 and seat == order[-1]:
            # The hook rule: Ann, the dealer, may not make the bids total 1 with a 0.
            forbidden = page.get_by_role("button", name=t("wizard.bid_name", player="Ann", count=0))
            expect(forbidden).to_be_disabled()
        bid(page, PLAYERS[seat], bids[seat])
        total += bids[seat]
        later = order[step + 1 :]
        if later:
            expect_value(page, "bid-count", count_text("wizard.bid_count", total, number))
        else:  # after the last bid the screen is on the tricks by itself
            expect_value(page, "trick-count", count_text("wizard.trick_count", 0, number))
        prompt = t("wizard.next_bid" if later else "wizard.next_tricks", player=PLAYERS[
            (later or order)[0]])  # fmt: skip
        expect_value(page, "entry-hint", prompt)


def enter_tricks_and_score(page: Page, number: int) -> None:
    """The tricks of every player but the dealer, the last in bidding order, whose tricks the
    app fills in from the cards (marked so); each row's points previewed, then scored."""
    bids, tricks = plan(number)
    total = 0
    order = bidding_order(number)
    for step, seat in enumerate(order[:-1]):
        took(page, PLAYERS[seat], tricks[seat])
        total += tricks[seat]
        expect_value(page, "trick-count", count_text("wizard.trick_count", total, number))
        later = order[step + 1 : -1]
        prompt = t("wizard.next_tricks", player=PLAYERS[later[0]]) if later else t("entry.ready")
        expect_value(page, "entry-hint", prompt)
    dealer = order[-1]
    expect_value(page, f"filled-{dealer}", t("wizard.filled_mark"))
    for seat in range(6):
        points = wizard.round_score(bids[seat], tricks[seat])
        expect_value(page, f"preview-{seat}", change_text(points))
    tap(page, t("entry.score_round"))


def expected_totals(rounds: dict[int, tuple[list[int], list[int]]]) -> list[int]:
    totals = [0] * 6
    for bids, tricks in rounds.values():
        for seat in range(6):
            totals[seat] += wizard.round_score(bids[seat], tricks[seat])
    return totals


def check_totals(page: Page, rounds: dict[int, tuple[list[int], list[int]]]) -> None:
    for seat, total in enumerate(expected_totals(rounds)):
        expect_score(page, f"total-{seat}", total)


def set_up_game(page: Page) -> None:
    page.get_by_role("button", name=t("game.wizard")).first.click()
    enter_players(page, PLAYERS, shown_seats=3)
    tap(page, t("setup.deals_first", name="Ann"))
    page.get_by_role("switch", name=t("setting.hook")).click()
    tap(page, t("setup.start"))
    expect(by_id(page, "banner")).to_contain_text(t("banner.dealer", name="Ann"))


@pytest.mark.timeout(300)
def test_a_whole_wizard_game_in_the_browser(browser: Browser, app_server: AppServer) -> None:
    page = open_app(browser, app_server.url, TALL)
    set_up_game(page)
    game_path = urlparse(page.url).path
    played: dict[int, tuple[list[int], list[int]]] = {}

    for number in range(1, 11):
        enter_bids(page, number)
        if number == 5:
            phone = open_app(browser, app_server.url + game_path, PHONE)
            # A fresh page's first drawing waits for its fonts and its device's choices.
            expect(by_id(phone, "banner")).to_have_text(value_of(page, "banner"), timeout=30_000)
            screenshot(phone, "wizard-bids-phone")
            phone.close()
            # Kill the server mid-round; the bids must still be there after a restart.
            app_server.restart()
            page.close()
            page = open_app(browser, app_server.url + game_path, TALL)
            # A restarted server's first page: drawn late on a busy machine, so a longer wait.
            # Every bid was in: the tricks, each beside its bid (Fay bid all 5, first).
            expect(by_id(page, "trick-count")).to_have_text(
                count_text("wizard.trick_count", 0, 5), timeout=30_000
            )
            expect_value(page, "note-5", t("wizard.bid_was", bid=5))
        enter_tricks_and_score(page, number)
        played[number] = plan(number)
        check_totals(page, played)

        if number == 4:
            # Correct round 3: the first bidder (Dot) took one trick fewer, Eve one more.
            tap(page, t("sheet.edit_round", number=3))
            expect(by_id(page, "banner")).to_contain_text(t("banner.correcting", number=3))
            # Every number is in: each is changed by tapping the player's row first.
            expect_value(page, "pad-title", t("wizard.pad_idle"))
            pad_to(page, "Dot")
            took(page, "Dot", 2)
            expect_value(page, "trick-count", count_text("wizard.trick_count", 2, 3))
            pad_to(page, "Eve")
            took(page, "Eve", 1)
            expect_value(page, "entry-hint", t("entry.ready_correction"))
            tap(page, t("entry.save_correction"))
            # Beside its undo, the bar says whose points the correction changed.
            expect(by_id(page, "corrected")).to_contain_text("Dot")
            screenshot(page, "wizard-correction-saved")
            bids, tricks = plan(3)
            tricks = list(tricks)
            tricks[3], tricks[4] = 2, 1
            corrected = dict(played)
            corrected[3] = (bids, tricks)
            check_totals(page, corrected)
            expect_score(page, "cell-3-3", wizard.round_score(3, 2))
            # Undo the correction: the sheet is as played again.
            tap(page, t("undo.undo", what=t("undo.correction", number=3)))
            check_totals(page, played)

    # The finished game on a phone's screen: the window narrowed to a phone's.
    page.set_viewport_size(PHONE)
    expect(by_id(page, "standing-0")).to_be_in_viewport()
    screenshot(page, "wizard-standings-phone")
    reveal(page, by_id(page, "cell-1-0"))  # the sheet from its first round
    expect(by_id(page, "cell-1-0")).to_be_in_viewport()
    screenshot(page, "wizard-sheet-phone")
    totals = expected_totals(played)
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    for seat in winners:
        expect_value(
            page,
            f"standing-{seat}",
            t("standings.line", place=1, name=PLAYERS[seat], total=points_text(best)),
        )


def phone_after_bens_bid(browser: Browser, app_server: AppServer) -> Page:
    """A phone on a new four-player game (Ann deals) once Ben, the first bidder, bid 1."""
    with open_store(app_server.data_dir).store as store:
        game_id = GameKeeper(store).start("wizard", PLAYERS[:4], 0).id
    page = open_app(browser, f"{app_server.url}/game/{game_id}", viewport=PHONE)
    bid(page, "Ben", 1)
    # Shown: until then the pad still names Ben, and a later tap on Ben's row (pad_to) would
    # find it there without waiting for that tap's own effect.
    expect_value(page, "entry-hint", t("wizard.next_bid", player="Cas"))
    return page


def test_after_a_bid_the_step_bar_leaves_the_phone_to_the_entry_and_says_the_chosen_bid(
    browser: Browser, app_server: AppServer
) -> None:
    """On a phone, once Ben bid: the status line and undo, two 48 px lines, leave the screen
    to the entry; Ben's row brings the pad to him, where a screen reader hears his bid's
    chip as the current one, on its own button node."""
    page = phone_after_bens_bid(browser, app_server)
    undo = re.compile("^" + re.escape(t("undo.undo", what="")))
    expect(page.get_by_role("button", name=undo)).to_be_visible()
    bar = by_id(page, "step-bar").bounding_box()
    assert bar is not None and bar["height"] <= 2 * 48 + 16, bar
    screenshot(page, "wizard-step-bar-with-undo")

    pad_to(page, "Ben")
    chip = page.get_by_role("button", name=t("wizard.bid_name", player="Ben", count=1), exact=True)
    expect(chip).to_have_attribute("aria-current", "true")
    other = page.get_by_role("button", name=t("wizard.bid_name", player="Ben", count=0), exact=True)
    expect(other).to_have_attribute("aria-current", "false")


def test_on_a_computers_window_a_long_name_beside_short_ones_is_shown_whole(
    browser: Browser, app_server: AppServer
) -> None:
    """Issue 39 (7): at 1280 px the sheet cut "Maximilian-Alexander" in an equal share
    beside four short names; its column now takes the name's width."""
    players = ["Maximilian-Alexander", "Ann", "Ben", "Cas", "Dot"]
    with open_store(app_server.data_dir).store as store:
        game_id = GameKeeper(store).start("wizard", players, 0).id
    page = open_app(browser, f"{app_server.url}/game/{game_id}", {"width": 1280, "height": 800})
    for seat, name in enumerate(players):
        expect_value(page, f"name-{seat}", name)
    boxes = [by_id(page, f"name-{seat}").bounding_box() for seat in (0, 1, 2)]
    assert all(boxes)
    # The long name's column is the wider: its centre is further from the next one's.
    first, second, third = (box["x"] + box["width"] / 2 for box in boxes if box)
    assert second - first > third - second
    screenshot(page, "sheet-long-name-whole-1280")
