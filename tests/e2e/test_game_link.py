"""A game in a link, in a real browser: a finished game's link, opened in a fresh browser
profile (the address with the game after its `#`, moved into the route by the app's page),
shows the same totals read-only, and Keep a copy adds one game."""

import re

import pytest
from playwright.sync_api import Browser, expect

from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import open_app, screenshot
from tests.e2e.steps import by_id, expect_score
from tests.storage.played_games import whole_wizard
from views.shell.i18n import t

# "Game over · won by ...", whoever won.
GAME_OVER = t("banner.game_over_won", names="@").split("@")[0]


def games_kept(app_server: AppServer) -> int:
    """The games in the server's store, read beside it (SQLite shares the file)."""
    with open_store(app_server.data_dir).store as store:
        keeper = GameKeeper(store)
        return len(keeper.unfinished()) + len(keeper.finished(limit=None))


@pytest.mark.timeout(180)
def test_a_link_opened_in_a_fresh_profile_shows_the_game_and_keeps_one_copy(
    browser: Browser, app_server: AppServer
) -> None:
    with open_store(app_server.data_dir).store as store:
        game = whole_wizard(GameKeeper(store), 3)
    totals = game.ledger.state.totals
    page = open_app(browser, f"{app_server.url}/game/{game.id}")
    page.get_by_role("button", name=t("link.share")).click()
    address = by_id(page, "link-address")
    expect(address).to_have_text(re.compile(re.escape(f"{app_server.url}/#g1")))
    link = address.inner_text().strip()
    assert len(link) < 2_000
    screenshot(page, "link-shared")

    # Another browser profile: no storage, no session of the first; only the address.
    opened = open_app(browser, link)
    expect(by_id(opened, "link-intro")).to_have_text(t("link.intro"))
    assert opened.url == f"{app_server.url}/link/{link.partition('#')[2]}"
    for seat, total in enumerate(totals):
        expect_score(opened, f"strip-total-{seat}", total)
    before = games_kept(app_server)
    screenshot(opened, "link-opened")

    opened.get_by_role("button", name=t("link.keep")).click()
    expect(by_id(opened, "banner")).to_contain_text(GAME_OVER)
    kept = re.fullmatch(rf"{re.escape(app_server.url)}/game/(\w+)", opened.url)
    assert kept is not None and kept.group(1) != game.id
    for seat, total in enumerate(totals):
        expect_score(opened, f"strip-total-{seat}", total)
    assert games_kept(app_server) == before + 1
    screenshot(opened, "link-kept")
