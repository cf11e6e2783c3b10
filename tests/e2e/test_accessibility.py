"""Every screen through Flutter's accessibility tree, as a screen reader and a thumb meet it:
each interactive control (button, switch, checkbox, tab, link, text field) must have a name
on the control itself and a target of at least 48 x 48 px.

One tour of the app in one tab, from screen to screen by the app's own navigation, from
games saved beforehand: Home (in light and on a phone switched to dark), New game for each
game (Start in reach), each game's entry at each step, the sheet (six long names, light and
dark), the final standings, the rules, the share panel and the players' records. The tour
walks every screen and then reports each screen's faults by the screen's name, every
control at fault listed. A picture of each lands in test-artifacts/ (a11y-<screen>.png).
The sheet's names are read as drawn too: cut only where they would not fit, on a phone and
on a computer's window.
"""

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scorers.edits import changes_between
from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameKeeper, SavedGame
from tests.app_server import AppServer, serving
from tests.e2e.conftest import (
    dark_screenshot,
    open_app,
    painted_screenshot,
    settle_in,
    wait_until_drawn,
)
from tests.e2e.steps import SCROLLERS_JS, by_id, go, scroll_to_top
from tests.e2e.test_colour_blind_game import ROW
from tests.plotters_game import GAME as PLOTTERS_GAME
from views.game_screen.sheet import NAME_SIZE as SHEET_NAME_SIZE
from views.screens.rules import rules_route
from views.shell.i18n import t
from views.shell.text_width import text_width

PHONE = {"width": 390, "height": 844}
SHARE_ADDRESS = "127.0.0.3"
SIX = ["Maximilian", "Christophe", "Christina", "Alexandra", "Bartholomew", "Annemarie"]
NARROW_AND_WIDE = ["Lilli Ilij", "Wolfgang", "Maximilian", "김민준", "Christophe", "Christina"]
"""Names as long in letters, unlike in width: narrow letters, wide ones, Hangul."""
TARGET = 48
# Flutter places rectangles at fractional pixels: half a pixel is rounding, not a shortfall.
ROUNDING = 0.5

# Each interactive node of the semantics tree: its role, its own name (aria-label, else its
# own text without its children's) and its box. Text fields are <input>s named by aria-label.
CONTROLS_JS = """() => {
  const interactive = 'flt-semantics[role=button], flt-semantics[role=switch], '
    + 'flt-semantics[role=checkbox], flt-semantics[role=radio], flt-semantics[role=tab], '
    + 'flt-semantics[role=slider], flt-semantics[role=link], flt-semantics[flt-tappable], '
    + 'input, textarea';
  const ownText = (node) => {
    const copy = node.cloneNode(true);
    copy.querySelectorAll('flt-semantics, flt-semantics-container').forEach(c => c.remove());
    return copy.textContent;
  };
  return [...document.querySelectorAll(interactive)].map(node => {
    const box = node.getBoundingClientRect();
    return {
      role: node.getAttribute('role') || node.tagName.toLowerCase(),
      name: (node.getAttribute('aria-label') || ownText(node) || '').trim(),
      left: box.left, top: box.top, width: box.width, height: box.height,
    };
  });
}"""


THUMB = (PHONE["width"] / 2, PHONE["height"] / 2)
SCROLL_STEP = PHONE["height"] // 2
CHANGE_POLLING_MS = 50
"""The tree is compared every 50 ms, not every frame: a comparison reads every control."""


@dataclass
class Seen:
    """One control over the screen's scroll positions: its largest box (a control at the
    screen's edge is clipped; fully in view it shows its real size)."""

    role: str
    name: str
    width: float
    height: float
    where: str = ""

    def faults(self) -> list[str]:
        faults = []
        if not self.name:
            faults.append("no accessible name")
        if self.width + ROUNDING < TARGET or self.height + ROUNDING < TARGET:
            faults.append(f"{self.width:.0f}x{self.height:.0f} px, under {TARGET}x{TARGET}")
        return faults

    def __str__(self) -> str:
        return f"{self.role} {self.name or self.where!r}: {', '.join(self.faults())}"


def snapshot(page: Page) -> str:
    """The interactive controls as the tree has them now, as JSON text."""
    return page.evaluate(f"JSON.stringify(({CONTROLS_JS})())")


def walk(page: Page) -> list[Seen]:
    """Every interactive control of the screen, scrolling it from top to bottom. A scroll
    step is done when the tree shows the new position. Flutter scrolls a wheel's whole step
    unless the end stops it short: a step that took the one scrolling part under the thumb
    less far than that was the last; where nothing moves, the bottom was reached before."""
    seen: dict[str, Seen] = {}
    page.mouse.move(*THUMB)
    for _ in range(60):
        before = snapshot(page)
        note(seen, before)
        offsets = scrollers(page)
        page.mouse.wheel(0, SCROLL_STEP)
        try:
            page.wait_for_function(
                f"before => JSON.stringify(({CONTROLS_JS})()) !== before",
                arg=before,
                polling=CHANGE_POLLING_MS,
                timeout=3_000,
            )
        except PlaywrightTimeout:
            break
        after = scrollers(page)
        if len(after) == 1 and after.keys() == offsets.keys():
            (node, top), *_ = after.items()
            if 0 < top - offsets[node] < SCROLL_STEP:
                note(seen, snapshot(page))
                break
    return list(seen.values())


def note(seen: dict[str, Seen], controls_json: str) -> None:
    """Add a snapshot's controls to those seen, each with the largest box it has shown."""
    for control in json.loads(controls_json):
        box = (control["width"], control["height"])
        # An unnamed control is told apart by its column and size (its row changes as the
        # screen scrolls).
        where = "" if control["name"] else f"at x={control['left']:.0f}, {box[0]:.0f} wide"
        item = Seen(control["role"], control["name"], *box, where)
        known = seen.setdefault(f"{item.role}|{item.name}|{where}", item)
        known.width, known.height = max(known.width, item.width), max(known.height, item.height)


def scrollers(page: Page) -> dict[str, float]:
    return page.evaluate(SCROLLERS_JS, THUMB)


def faults_of(page: Page) -> list[str]:
    return [str(item) for item in walk(page) if item.faults()]


# -- the games the screens show ------------------------------------------------------------


def draft(keeper: GameKeeper, game: SavedGame, entry: dict[str, Any]) -> SavedGame:
    """The round being entered, saved as the entry panel saves taps."""
    state = game.ledger.state
    changes = changes_between(state.draft or state.blank_entry(), entry)
    data = {"round": state.current_round, "changes": [c.to_json() for c in changes]}
    return keeper.apply(game, Action("edit", data))


def scored(keeper: GameKeeper, game: SavedGame, entry: dict[str, Any]) -> SavedGame:
    number = game.ledger.state.current_round
    return keeper.apply(game, Action("score", {"round": number, "entry": entry}))


def plotters_entry(round_index: int, with_face_up: bool) -> dict[str, Any]:
    hands = PLOTTERS_GAME[round_index].hands
    return {
        "counts": [dict(hand.counts) for hand in hands],
        "face_up": [
            list(hand.face_up) if with_face_up and hand.face_up else None for hand in hands
        ],
        "ended_early": PLOTTERS_GAME[round_index].ended_early,
    }


def seed(data_dir: Path) -> dict[str, str]:
    """The saved games the screens are reached from, by the name of the screen."""
    with open_store(data_dir).store as store:
        keeper = GameKeeper(store)
        wizard = keeper.start("wizard", SIX, 0)
        for bids, tricks in (
            ([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]),
            ([2, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0]),
        ):
            wizard = scored(keeper, wizard, {"bids": bids, "tricks": tricks, "cloud": None})
        tricks_step = keeper.start("wizard", ["Ann", "Ben", "Cas", "Dot"], 0)
        # Every bid in, so the screen is on the tricks step; one trick count entered.
        tricks_step = draft(
            keeper,
            tricks_step,
            {"bids": [0, 1, 0, 0], "tricks": [None, 1, None, None], "cloud": None},
        )
        plotters = keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
        face_up_step = keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
        face_up_step = scored(keeper, face_up_step, plotters_entry(0, True))
        face_up_step = draft(keeper, face_up_step, plotters_entry(1, False))
        colour_blind = keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0)
        tricks_deal = keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0)
        tricks_deal = draft(keeper, tricks_deal, {"row": ROW, "captured_by": [None] * len(ROW)})
        narrow_and_wide = keeper.start("wizard", NARROW_AND_WIDE, 0)
        finished = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1]})
        finished = scored(keeper, finished, {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None})
        return {
            "wizard-bids-sheet": wizard.id,
            "wizard-tricks": tricks_step.id,
            "plotters-counts": plotters.id,
            "plotters-face-up": face_up_step.id,
            "colour-blind-row": colour_blind.id,
            "colour-blind-tricks": tricks_deal.id,
            "standings": finished.id,
            "narrow-and-wide": narrow_and_wide.id,
        }


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppServer, dict]]:
    data_dir = tmp_path_factory.mktemp("a11y") / "data"
    games = seed(data_dir)
    args = ["--share", "--share-address", SHARE_ADDRESS]
    with serving(data_dir, "test_accessibility", args) as server:
        yield server, games


# -- the screens -----------------------------------------------------------------------------


def in_reach(game: str) -> Callable[[Page], None]:
    """New game's Start, whole on the first screen without scrolling."""

    def check(page: Page) -> None:
        start = page.get_by_role("button", name=t("setup.start"))
        expect(start).to_be_in_viewport(ratio=1)

    return check


BUTTON_NAMES_JS = """() => [...document.querySelectorAll('flt-semantics[role="button"]')].map(
  node => (node.getAttribute('aria-label') || node.textContent || '').trim())"""


def home_in_dark_and_its_tiles_named(page: Page) -> None:
    """Home drawn on a phone switched to dark mode; and a screen reader hears a tile by its
    game ("Wizard ..."), never by the name of the button beside it ("Rules of Wizard",
    "Delete Wizard of ...") first."""
    dark_screenshot(page, "a11y-home-dark")  # waits until the app is drawn dark, then back
    expect(page.get_by_role("button", name=t("game.wizard")).first).to_be_visible()
    names = page.evaluate(BUTTON_NAMES_JS)
    deletes = t("home.delete", game="@", when="@").split("@")[0]
    for game in ("game.wizard", "game.plotters", "game.colour_blind"):
        title, rules = t(game), t("home.rules", game=t(game))
        assert rules in names, names  # the button beside the tile, by its own name
        tiles = [n for n in names if title in n and n != rules and not n.startswith(deletes)]
        assert tiles and all(name.startswith(title) for name in tiles), tiles
    # A game in progress: its tile and, beside it, its delete button by its own name.
    assert any(name.startswith(t("game.plotters") + " · ") for name in names), names
    assert any(name.startswith(deletes + t("game.plotters")) for name in names), names


def six_names_fit(page: Page, scheme: str) -> None:
    """The six long names and every total inside a phone's width, the names apart."""
    last = by_id(page, "total-5")
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    names = [by_id(page, f"name-{seat}").bounding_box() for seat in range(6)]
    totals = [by_id(page, f"total-{seat}").bounding_box() for seat in range(6)]
    for box in [*names, *totals]:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    for left, right in pairwise(names):
        assert left is not None and right is not None
        assert left["x"] + left["width"] <= right["x"], f"names run together ({scheme})"
    expect(by_id(page, "name-0")).to_have_text("Maximilian")  # its accessible name
    expect(page.get_by_role("button", name=t("sheet.edit_round", number=2))).to_be_visible()


def six_names_fit_in_light_and_dark(page: Page) -> None:
    six_names_fit(page, "light")
    painted_screenshot(page, "sheet-six-390-light")
    settle_in(page, "dark")
    try:
        six_names_fit(page, "dark")
        painted_screenshot(page, "sheet-six-390-dark")
    finally:
        settle_in(page, "light")


@dataclass(frozen=True)
class Screen:
    """Where a screen is (from the saved games' ids) and what shows it is drawn; `then`
    does what a player does there first (open the share panel); `check` what else the
    screen must show, after its walk."""

    path: Callable[[dict[str, str]], str]
    ready: Callable[[Page], Locator]
    then: Callable[[Page], None] | None = None
    check: Callable[[Page], None] | None = None


def button(name: str) -> Callable[[Page], Locator]:
    return lambda page: page.get_by_role("button", name=name, exact=True)


def game(name: str) -> Callable[[dict[str, str]], str]:
    return lambda games: f"/game/{games[name]}"


def banner(page: Page) -> Locator:
    return by_id(page, "banner")


def start_sharing(page: Page) -> None:
    start = page.get_by_role("button", name=t("share.start"))
    start.scroll_into_view_if_needed()
    start.click()
    expect(page.get_by_role("button", name=t("share.stop"))).to_be_attached(timeout=30_000)


def tagline(page: Page) -> Locator:
    return page.get_by_text(t("home.tagline"))


SCREENS: dict[str, Screen] = {
    "home": Screen(lambda _: "/", tagline, then=home_in_dark_and_its_tiles_named),
    **{
        f"new-{name}": Screen(
            lambda _, name=name: f"/new/{name}", button(t("setup.start")), then=in_reach(name)
        )
        for name in ("wizard", "plotters", "colour_blind")
    },
    "wizard-bids-and-sheet": Screen(
        game("wizard-bids-sheet"), banner, check=six_names_fit_in_light_and_dark
    ),
    "wizard-tricks": Screen(game("wizard-tricks"), banner),
    "plotters-counts": Screen(game("plotters-counts"), banner),
    "plotters-face-up": Screen(game("plotters-face-up"), banner),
    "colour-blind-row": Screen(game("colour-blind-row"), banner),
    "colour-blind-tricks": Screen(game("colour-blind-tricks"), banner),
    "standings": Screen(game("standings"), banner),
    **{
        f"rules-{name}": Screen(lambda _, name=name: rules_route(name), button(t("nav.back")))
        for name in ("wizard", "plotters", "colour_blind")
    },
    "share": Screen(game("wizard-bids-sheet"), banner, then=start_sharing),
    "players": Screen(lambda _: "/players", button(t("nav.back"))),
}


def visit(page: Page, name: str, games: dict[str, str]) -> list[str]:
    """Go to the screen by the app's own navigation, by way of Home (so that what shows it
    drawn cannot be the screen before); the faults its walk finds."""
    screen = SCREENS[name]
    if name != "home":
        go(page, "/")
        expect(tagline(page)).to_be_visible()
        go(page, screen.path(games))
    expect(screen.ready(page).first).to_be_visible(timeout=30_000)
    scroll_to_top(page, THUMB)
    if screen.then is not None:
        screen.then(page)
    painted_screenshot(page, f"a11y-{name}")
    faults = faults_of(page)
    if screen.check is not None:
        screen.check(page)
    return faults


# Whole in a drawn box this much narrower than its measured width: the name was cut.
DRAWN_AT_LEAST = 0.96
# A whole name's drawn box measured from the font, to rounding (kerning draws narrower).
DRAWN_AT_MOST = 0.5


def names_cut_only_where_they_would_not_fit(page: Page, width: int) -> None:
    """The sheet's header as Chromium draws it: each name's drawn box (the shown text,
    whole or cut) against its column (the distance between two names' centres, the
    columns being equal). A name drawn whole stays inside its column and is drawn no wider
    than the app measured it (views/shell/names.py); a name drawn cut would not have fit.
    Names are the only text the app cuts itself; elsewhere Flutter's ellipsis cuts a text
    only when it does not fit."""
    page.set_viewport_size({"width": width, "height": 800})
    last = by_id(page, "name-5")
    expect(last).to_be_attached()
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    # Laid out again for the window's width (the last name's column ends beyond a phone's
    # width on a computer's window, within it on a phone), and drawn so, before reading.
    page.wait_for_function(
        "([node, wide]) => (node.getBoundingClientRect().right > 390) === wide",
        arg=[last.element_handle(), width > PHONE["width"]],
    )
    if width == 1280:  # room for all: the names the server fits to the new width, drawn
        page.wait_for_function(
            """(least) => least.every(([seat, width]) => document.querySelector(
                `[flt-semantics-identifier='name-${seat}']`
            )?.getBoundingClientRect().width >= width)""",
            arg=[
                [seat, text_width(name, SHEET_NAME_SIZE) * DRAWN_AT_LEAST]
                for seat, name in enumerate(NARROW_AND_WIDE)
            ],
            timeout=30_000,
        )
    wait_until_drawn(page)
    boxes = [by_id(page, f"name-{seat}").bounding_box() for seat in range(6)]
    assert all(boxes)
    centres = [box["x"] + box["width"] / 2 for box in boxes if box]
    column = (centres[-1] - centres[0]) / 5
    drawn_whole = []
    for name, box in zip(NARROW_AND_WIDE, boxes, strict=True):
        assert box is not None
        measured = text_width(name, SHEET_NAME_SIZE)
        assert box["width"] <= column, f"{name} runs over its column at {width} px"
        if box["width"] >= measured * DRAWN_AT_LEAST:
            drawn_whole.append(name)
            assert box["width"] <= measured + DRAWN_AT_MOST, f"{name} drawn wider than measured"
        else:
            assert measured > column, f"{name} was cut but would fit at {width} px"
    if width == 1280:
        assert drawn_whole == NARROW_AND_WIDE
    else:  # the narrow letters fit where as many wide ones do not
        assert "Lilli Ilij" in drawn_whole and "Maximilian" not in drawn_whole
    painted_screenshot(page, f"names-narrow-and-wide-{width}")


@pytest.mark.timeout(600)  # every screen, each scrolled through step by step
def test_a_tour_of_every_screen_finds_every_control_named_and_thumb_sized(
    browser: Browser, seeded_server: tuple[AppServer, dict[str, str]]
) -> None:
    server, games = seeded_server
    page = open_app(browser, server.url, PHONE)
    faults = {name: visit(page, name, games) for name in SCREENS}
    # The last stop: six names, narrow and wide letters, on a phone and a computer's window.
    go(page, "/")
    expect(tagline(page)).to_be_visible()
    go(page, f"/game/{games['narrow-and-wide']}")
    expect(by_id(page, "name-0")).to_have_text(NARROW_AND_WIDE[0], timeout=30_000)
    for width in (390, 1280):
        names_cut_only_where_they_would_not_fit(page, width)
    at_fault = {name: found for name, found in faults.items() if found}
    assert not at_fault, "\n".join(
        f"{name}: {len(found)} controls at fault\n  " + "\n  ".join(found)
        for name, found in at_fault.items()
    )
