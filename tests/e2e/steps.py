"""What a player does in the browser, shared by the end-to-end tests."""

import base64
import contextlib
import itertools
import re

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import dark_screenshot, screenshot, wait_until_drawn
from views.shell.i18n import t
from views.shell.widgets import points_text


def by_id(page: Page, identifier: str) -> Locator:
    """A value wrapped in ft.Semantics(identifier=...), e.g. a player's total."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def value_of(page: Page, identifier: str) -> str:
    return by_id(page, identifier).inner_text().strip()


def expect_value(page: Page, identifier: str, text: str) -> None:
    expect(by_id(page, identifier)).to_have_text(text)


def score_shown(score: int) -> re.Pattern[str]:
    """A score on the sheet: read out as "Ann, total, 20" or "Ann, round 3 (3/2), +30,
    total 50", the number is what is shown (of a round's cell, its points)."""
    return re.compile(rf"(^|, ){re.escape(points_text(score))}(, |$)")


def expect_score(page: Page, identifier: str, score: int) -> None:
    expect(by_id(page, identifier)).to_have_text(score_shown(score))


ASYNC_CHECK = """([key, check]) => {
    const state = (window[key] ??= { running: false, result: false });
    if (!state.running) {
        state.running = true;
        eval(`(${check})`)().then(
            (result) => Object.assign(state, { running: false, result }),
            () => Object.assign(state, { running: false }),
        );
    }
    return state.result;
}"""


ASYNC_CHECKS = itertools.count()
"""Each wait's own state in the page."""


def wait_for_async(page: Page, check: str, timeout: float = 30_000) -> None:
    """Wait until the async JavaScript function `check` resolves to true. (Playwright's
    wait_for_function takes the promise an async function returns for a true value and
    returns at once: the check is run again, one at a time, until its result is true.)"""
    key = f"__asyncCheck{next(ASYNC_CHECKS)}"
    page.wait_for_function(ASYNC_CHECK, arg=[key, check], timeout=timeout)


START_KEPT = """async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes("trickpad-python")) {
        return false;  // not opened here: opening would make it, empty
    }
    const database = await new Promise((resolve, reject) => {
        const request = indexedDB.open("trickpad-python");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
    const stores = [...database.objectStoreNames];
    const kept = stores.includes("snapshots") && await new Promise((resolve) => {
        const count = database.transaction("snapshots").objectStore("snapshots").count();
        count.onsuccess = () => resolve(count.result > 0);
    });
    database.close();
    return kept;
}"""


def wait_for_kept_start(page: Page, timeout: float) -> None:
    """Wait until the phone-alone site has kept a snapshot of Python's start for the next
    visit (site_build/python_start.js)."""
    wait_for_async(page, START_KEPT, timeout)


def tap(page: Page, name: str) -> None:
    """Tap the button whose accessible name is `name` ("Ben bids 3")."""
    page.get_by_role("button", name=name, exact=True).click()


MOST_CARDS = 20
"""Wizard's largest hand (three players): the most a row's value can be."""


def one_of(texts: list[str]) -> re.Pattern[str]:
    return re.compile("^(" + "|".join(re.escape(text) for text in texts) + ")$")


def row_value(page: Page, player: str, language: str | None = None) -> Locator:
    """The value in the player's row of Wizard's entry (whatever it is), a button that
    brings the pad to the player."""
    names = [t("wizard.cell_empty", language, player=player)]
    for key in ("wizard.bid_cell", "wizard.trick_cell"):
        names += [t(key, language, player=player, count=n) for n in range(MOST_CARDS + 1)]
    return page.get_by_role("button", name=one_of(names))


def pad_to(page: Page, player: str, language: str | None = None) -> None:
    """Bring Wizard's pad to the player, as a scorer changing an earlier value does: tap
    their row's value, then wait for the pad to name them."""
    row_value(page, player, language).click()
    titles = [t(key, language, player=player) for key in ("wizard.pad_bid", "wizard.pad_tricks")]
    expect(by_id(page, "pad-title")).to_have_text(one_of(titles))


PINNED_BAR = 100
"""Room kept free at the bottom of the window for a screen's pinned bar (Start, Score)."""


def reveal(page: Page, target: Locator) -> None:
    """Scroll Flutter's view, as a thumb would, until `target` lies above the pinned bar.

    Flutter draws on a canvas: Playwright cannot scroll it into view, and a click on a field
    hidden under the pinned bar lands on whatever Flutter draws there."""
    viewport = page.viewport_size
    assert viewport is not None
    handle = target.element_handle()
    for _ in range(10):
        box = target.bounding_box()
        assert box is not None
        if box["y"] + box["height"] <= viewport["height"] - PINNED_BAR:
            return
        page.mouse.move(viewport["width"] / 2, viewport["height"] / 3)
        page.mouse.wheel(0, 200)
        page.wait_for_function(
            "([element, top]) => element.getBoundingClientRect().top < top",
            arg=[handle, box["y"]],
        )
    raise AssertionError(f"{target} stays under the pinned bar")


def type_into(page: Page, label: str, text: str) -> None:
    """Replace a text field's content, as a player does with the phone keyboard.

    Flutter can drop the first keys typed right after a field takes focus (its text input
    is wired up a moment later), so the text is typed again until the field holds it. The
    browser's input element may keep keys Flutter dropped, so it is read after focus has
    left the field and come back: Flutter then writes its own text into the new input."""
    field = page.get_by_label(label, exact=True)
    reveal(page, field)
    # Found by its label while it has no focus only: a focused empty field is named by its
    # label and its hint together, so a retry types into the focused field, not clicked.
    field.click()
    page.wait_for_selector("input:focus")
    for _ in range(3):
        page.keyboard.press("Control+a")
        page.keyboard.type(text)
        page.keyboard.press("Tab")
        field.click()
        page.wait_for_selector("input:focus")
        if page.locator("input:focus").input_value() == text:
            return
    expect(page.locator("input:focus")).to_have_value(text)


def enter_players(
    page: Page, names: list[str], shown_seats: int, language: str | None = None
) -> None:
    """Fill in the new-game form's names, adding seats beyond the `shown_seats` it starts
    with. Each name counts as entered once the app shows it as a first-dealer choice,
    which only the app's own copy of the form can produce. `language`: the app's (English
    when not given)."""
    for seat, name in enumerate(names):
        if seat >= shown_seats:
            tap(page, t("setup.add_player", language))
        field = t("setup.player_n", language, n=seat + 1)
        dealer_choice = page.get_by_role("button", name=t("setup.deals_first", language, name=name))
        for _ in range(3):
            type_into(page, field, name)
            try:
                expect(dealer_choice).to_be_attached(timeout=3_000)
                break
            except AssertionError:
                continue
        expect(dealer_choice).to_be_attached()


def start_short_wizard(
    page: Page, names: list[str], hand_sizes: str, dealer: str, language: str | None = None
) -> None:
    """From Home: a Wizard game of `names` with these hand sizes ("1, 3"), `dealer` first,
    in the app's `language` (English when not given). The hand sizes are typed again while
    the form refuses them: on a machine busy with other browsers the phone alone's Python
    has been seen to redraw the field with a text typed before the last key ("1,")."""
    # The new-game tile, named by its blurb too: a game in progress is named "Wizard" too.
    page.get_by_role("button", name=t("game.wizard.blurb", language)).click()
    enter_players(page, names, shown_seats=3, language=language)
    tap(page, t("setup.deals_first", language, name=dealer))
    for attempt in range(1, START_ATTEMPTS + 1):
        type_into(page, t("setting.round_sizes", language), hand_sizes)
        tap(page, t("setup.start", language))
        try:
            expect(by_id(page, "entry-hint")).to_be_attached()
            return
        except AssertionError:
            if attempt == START_ATTEMPTS or not by_id(page, "setup-message").count():
                raise


START_ATTEMPTS = 3


def wizard_round(
    bids: dict[str, int], tricks: dict[str, int], language: str | None = None
) -> list[tuple[str, str]]:
    """A Wizard round as the table plays it, as (button to tap, the prompt the entry then
    shows): the bids in bidding order (as given), after which the screen is on the tricks
    by itself; the tricks of all but the last player (given in bidding order too), whose
    tricks the app fills in from the cards (the round is then ready: the filled-in value is
    the one given, the rest of the cards). `language`: the app's."""
    bidders, takers = list(bids), list(tricks)
    taps = []
    for step, (player, count) in enumerate(bids.items()):
        later = bidders[step + 1 :]
        hint = (
            t("wizard.next_bid", language, player=later[0])
            if later
            else t("wizard.next_tricks", language, player=takers[0])
        )
        taps.append((t("wizard.bid_name", language, player=player, count=count), hint))
    for step, (player, count) in enumerate(list(tricks.items())[:-1]):
        later = takers[step + 1 : -1]
        hint = (
            t("wizard.next_tricks", language, player=later[0])
            if later
            else t("entry.ready", language)
        )
        taps.append((t("wizard.took_name", language, player=player, count=count), hint))
    return taps


def play_wizard_round(
    page: Page, bids: dict[str, int], tricks: dict[str, int], language: str | None = None
) -> None:
    """A Wizard round (`wizard_round`), then scored. After each tap it waits, as a player
    glancing at the screen would, until the prompt names the next player."""
    for button, hint in wizard_round(bids, tricks, language):
        tap(page, button)
        expect_value(page, "entry-hint", hint)
    expect_value(page, "entry-hint", t("entry.ready", language))
    tap(page, t("entry.score_round", language))


PHONE_390 = {"width": 390, "height": 844}
"""A common phone, on which each step of a round must fit one screen."""


def reveal_whole(page: Page, button: Locator) -> dict[str, float]:
    """Scroll the game screen, as a thumb would, until `button` shows whole (48 px tall, a
    box clipped by the scrolling part is shorter) above the step bar that stays put; its
    box. Nothing a step needs may stay out of reach."""
    viewport = page.viewport_size
    assert viewport is not None
    for _ in range(20):
        # A window laid out anew (a resize) replaces Flutter's nodes for a moment: the
        # button is waited for, and asked again if it went between the two calls.
        expect(button).to_be_visible()
        box = button.bounding_box()
        if box is None:
            continue
        handle = button.element_handle()
        bar = by_id(page, "entry-hint").bounding_box()
        limit = bar["y"] if bar is not None else viewport["height"]
        if box["height"] >= 47.5 and box["y"] >= 0 and box["y"] + box["height"] <= limit:
            return box
        page.mouse.move(viewport["width"] / 2, viewport["height"] / 3)
        page.mouse.wheel(0, 120)
        # Drawn scrolled (it moved up) before it is read again; at the end of the scroll
        # it cannot move, and the wait fails: out of reach.
        page.wait_for_function(
            "([element, top]) => element.getBoundingClientRect().top < top",
            arg=[handle, box["y"]],
        )
    raise AssertionError(f"{button} never shows whole above the step bar")


def assert_on_screen(page: Page, what: Locator) -> None:
    """`what` lies wholly on the first screen, between the totals strip and the step bar
    that stay put (so seen without scrolling), or is in the step bar itself."""
    box = what.bounding_box()
    assert box is not None, f"{what} is not drawn"
    bar = by_id(page, "step-bar").bounding_box()
    in_bar = bar is not None and box["y"] >= bar["y"]
    limit = PHONE_390["height"] if in_bar or bar is None else bar["y"]
    bottom = box["y"] + box["height"]
    assert box["y"] >= 0 and bottom <= limit, f"{what} ends at {bottom:.0f} px, beyond {limit:.0f}"
    if what_is_button(what):
        # A button cut off by the edge of a scrolling part reports the part left showing.
        assert box["height"] >= 48 and box["width"] >= 48, f"{what} is only {box}"


def what_is_button(what: Locator) -> bool:
    return what.get_attribute("role") == "button"


def screenshots_light_and_dark(page: Page, name: str) -> None:
    """Pictures of the screen as the phone shows it, in light and then in dark mode (the
    phone switched to dark while the app is open, then back), in test-artifacts/."""
    screenshot(page, f"{name}-light")
    dark_screenshot(page, f"{name}-dark")


IN_APP_NAVIGATION_JS = """(path) => {
    history.pushState(history.state, "", path);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
}"""


def go(page: Page, path: str) -> None:
    """Take the open app to `path` as its own navigation does (the address changes, the
    app's router draws the screen), without loading the page again: a journey's next screen
    costs a screen's drawing, not a new Flutter start."""
    page.evaluate(IN_APP_NAVIGATION_JS, path)


SCROLLERS_JS = """([x, y]) => Object.fromEntries([...document.querySelectorAll('flt-semantics')]
  .filter(node => {
    const box = node.getBoundingClientRect();
    return getComputedStyle(node).overflowY !== 'visible'
      && box.left <= x && x < box.right && box.top <= y && y < box.bottom;
  })
  .map(node => [node.id, node.scrollTop]))"""
"""How far each part under a point that can scroll is scrolled: Flutter clips a scrollable's
node and keeps its position as the node's scrollTop."""
AT_TOP_JS = f"""([x, y]) => Object.values(({SCROLLERS_JS})([x, y])).every(top => top === 0)"""


def scroll_to_top(page: Page, point: tuple[float, float] | None = None) -> None:
    """Scroll what can scroll under `point` (the window's middle unless given) back to its
    top, as a thumb does, once the screen is drawn: where a player starts reading it."""
    wait_until_drawn(page)
    viewport = page.viewport_size
    assert viewport is not None
    x, y = point or (viewport["width"] / 2, viewport["height"] / 2)
    page.mouse.move(x, y)
    for _ in range(20):
        if page.evaluate(AT_TOP_JS, [x, y]):
            return
        page.mouse.wheel(0, -4 * viewport["height"])
        with contextlib.suppress(PlaywrightTimeoutError):
            page.wait_for_function(AT_TOP_JS, arg=[x, y], polling=50, timeout=2_000)
    raise AssertionError("the screen never scrolled back to its top")


RED_INK_PIXELS = """async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const picture = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(picture.width, picture.height);
    const context = canvas.getContext("2d");
    context.drawImage(picture, 0, 0);
    const rgba = context.getImageData(0, 0, picture.width, picture.height).data;
    let red = 0;
    for (let at = 0; at < rgba.length; at += 4) {
        if (rgba[at] > 150 && rgba[at + 1] < 110 && rgba[at + 2] < 110) red += 1;
    }
    return red;
}"""


def red_ink_pixels(page: Page, what: Locator) -> int:
    """How many pixels of `what` on screen are drawn in red ink (the app's RED_INK, a
    card's hearts and diamonds, and any red near it); the page decodes its own screenshot."""
    png = base64.b64encode(what.screenshot()).decode()
    return page.evaluate(RED_INK_PIXELS, png)
