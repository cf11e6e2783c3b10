"""The home screen in a real browser, served offline (Home's three games and the way to a
new game and back are proven in-process: tests/views/test_shell.py)."""

import re

from playwright.sync_api import Browser, expect

from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import PHONE, enable_accessibility, screenshot
from views.shell.i18n import t


def test_home_renders_on_a_phone_set_to_dark(browser: Browser, reading_server: AppServer) -> None:
    page = browser.new_page(viewport=PHONE, color_scheme="dark")
    try:
        page.goto(reading_server.url)
        enable_accessibility(page)
        expect(page.get_by_role("button", name=t("theme.system"))).to_be_attached(timeout=20_000)
        expect(page.get_by_role("button", name=t("game.wizard")).first).to_be_visible()
        assert screenshot(page, "home-phone-dark").stat().st_size > 0
    finally:
        page.close()


BUTTON_NAMES_JS = """() => [...document.querySelectorAll('flt-semantics[role="button"]')].map(
  node => (node.getAttribute('aria-label') || node.textContent || '').trim())"""


def test_each_tile_is_named_by_its_game_first_and_its_button_beside_by_its_own(
    browser: Browser, app_server: AppServer
) -> None:
    """A screen reader hears a tile by its game ("Wizard ..."), never by the name of the
    button beside it ("Rules of Wizard", "Delete Wizard of ...") first."""
    with open_store(app_server.data_dir).store as store:
        GameKeeper(store).start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(app_server.url)
        enable_accessibility(page)
        in_progress = page.get_by_role("button", name=re.compile("^" + t("game.plotters") + " · "))
        expect(in_progress).to_be_attached(timeout=20_000)
        names = page.evaluate(BUTTON_NAMES_JS)
        deletes = t("home.delete", game="@", when="@").split("@")[0]
        for game in ("game.wizard", "game.plotters", "game.colour_blind"):
            title, rules = t(game), t("home.rules", game=t(game))
            assert rules in names, names  # the button beside the tile, by its own name
            tiles = [n for n in names if title in n and n != rules and not n.startswith(deletes)]
            assert tiles and all(name.startswith(title) for name in tiles), tiles
        # The game in progress: its tile and, beside it, its delete button by its own name.
        assert any(name.startswith(t("game.plotters") + " · ") for name in names), names
        assert any(name.startswith(deletes + t("game.plotters")) for name in names), names
        screenshot(page, "home-tiles")
    finally:
        page.close()
