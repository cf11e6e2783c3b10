"""The app shell without a browser: home, theme switch, a game's screen and back."""

import flet as ft

from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest, RecordingScreenAwake
from views.app import build_main
from views.shell.i18n import t


async def test_home_names_trickpad_and_offers_three_games(app: AppUnderTest) -> None:
    harness = await app.start()
    texts = harness.texts()
    assert t("app.name") in texts
    for game, players in [
        ("game.wizard", t("home.players_range", low=3, high=6)),
        ("game.plotters", t("home.players_range", low=4, high=6)),
        ("game.colour_blind", t("home.players_exact", count=3)),
    ]:
        assert t(game) in texts
        assert any(text.startswith(players) for text in texts)


async def test_theme_switch_cycles_system_light_dark(app: AppUnderTest) -> None:
    harness = await app.start()
    assert harness.page.theme_mode == ft.ThemeMode.SYSTEM
    steps = [
        ("theme.system", ft.ThemeMode.LIGHT),
        ("theme.light", ft.ThemeMode.DARK),
        ("theme.dark", ft.ThemeMode.SYSTEM),
    ]
    for tooltip_before, mode_after in steps:
        await harness.click(harness.find(ft.IconButton, tooltip=t(tooltip_before)))
        assert harness.page.theme_mode == mode_after


async def test_a_game_opens_its_screen_and_back_returns_home(app: AppUnderTest) -> None:
    harness = await app.start()
    await harness.click(harness.find(ft.ListTile, has_text=t("game.wizard")))
    assert harness.page.route == "/new/wizard"
    assert t("new_game.title", game=t("game.wizard")) in harness.texts()
    await harness.click(harness.find(ft.IconButton, tooltip=t("nav.back")))
    assert harness.page.route == "/"
    assert t("home.tagline") in harness.texts()


async def test_a_startup_notice_shows_on_home_until_dismissed(
    harness: AppHarness, keeper: GameKeeper
) -> None:
    notice = t("storage.damaged_moved_aside", path="/data/trickpad.sqlite3.damaged-1")
    await harness.run(build_main(keeper, notice, lambda: RecordingScreenAwake()))
    assert notice in harness.texts()
    await harness.click(harness.find(ft.TextButton, text=t("home.notice_ok")))
    assert notice not in harness.texts()


async def test_a_long_title_wraps_to_two_lines_rather_than_being_cut(app: AppUnderTest) -> None:
    harness = await app.start("/new/plotters")
    title = harness.find(ft.AppBar).title
    assert title.value == t("new_game.title", game=t("game.plotters"))
    assert title.max_lines == 2 and not title.no_wrap
