"""The home screen in a real browser, served offline. The tests only look and move between
screens, so they share one server (`reading_server`), each in a browser context of its own."""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, AppServer, enable_accessibility, screenshot
from views.shell.i18n import t


def test_home_offers_all_three_games(reading_page: Page) -> None:
    expect(reading_page.get_by_text(t("app.name")).first).to_be_visible(timeout=20_000)
    for game in ("game.wizard", "game.plotters", "game.colour_blind"):
        expect(reading_page.get_by_role("button", name=t(game)).first).to_be_visible()
    assert screenshot(reading_page, "home-phone").stat().st_size > 0


def test_a_game_opens_its_new_game_screen_and_back_returns_home(reading_page: Page) -> None:
    reading_page.get_by_role("button", name=t("game.plotters")).first.click(timeout=20_000)
    title = t("new_game.title", game=t("game.plotters"))
    expect(reading_page.get_by_text(title)).to_be_visible()
    reading_page.get_by_role("button", name=t("nav.back")).click()
    expect(reading_page.get_by_text(t("home.tagline"))).to_be_visible()


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
