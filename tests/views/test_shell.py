"""The app shell without a browser: home, theme switch, a game's screen and back."""

import io
import zipfile
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from storage import DB_FILENAME, open_store
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest, RecordingFiles, RecordingScreenAwake
from views.app import build_main
from views.shell.i18n import t
from views.shell.notices import Notice, recovery_notices


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
    params = {"path": "/data/trickpad.sqlite3.damaged-1"}
    notice = t("storage.damaged_moved_aside", **params)
    main = build_main(keeper, [Notice("storage.damaged_moved_aside", params)], RecordingScreenAwake)
    await harness.run(main)
    assert notice in harness.texts()
    await harness.click(harness.find(ft.TextButton, text=t("home.notice_ok")))
    assert notice not in harness.texts()


async def test_a_startup_notice_is_said_in_each_phones_language(keeper: GameKeeper) -> None:
    """The notices are made before any phone's language is known (a phone alone's page
    starts so): each phone reads them in its own."""
    main = build_main(keeper, [Notice("phone.may_be_cleared")], RecordingScreenAwake)
    for language in ["de", "ko", "en"]:
        async with AppHarness(languages=[language]) as harness:
            await harness.run(main)
            assert t("phone.may_be_cleared", language) in harness.texts()
            assert harness.find(ft.TextButton, text=t("home.notice_ok", language))


async def test_a_notice_read_for_good_is_not_told_again_on_that_phone(keeper: GameKeeper) -> None:
    """ "This browser may clear the games" holds at every start: once the player has said OK,
    that phone is not told again; another phone still is, and a notice of an event (a file
    set aside) is told each time it happens."""
    kept: dict[str, Any] = {}
    for_good = Notice("phone.may_be_cleared", remembered="trickpad_read_clearing")
    event = Notice("storage.damaged_moved_aside", {"path": "/data/a"})
    async with AppHarness(local_storage=kept) as harness:
        await harness.run(build_main(keeper, [for_good], RecordingScreenAwake))
        await harness.click(harness.find(ft.TextButton, text=t("home.notice_ok")))
    assert kept["trickpad_read_clearing"] is True
    async with AppHarness(local_storage=kept) as again:
        await again.run(build_main(keeper, [for_good, event], RecordingScreenAwake))
        assert again.find(ft.Semantics, identifier="home-notice").content.value == event.text()
    async with AppHarness(local_storage={}) as other_phone:
        await other_phone.run(build_main(keeper, [for_good], RecordingScreenAwake))
        assert t("phone.may_be_cleared") in other_phone.texts()


async def test_a_long_title_wraps_to_two_lines_rather_than_being_cut(app: AppUnderTest) -> None:
    harness = await app.start("/new/plotters")
    title = harness.find(ft.AppBar).title
    assert title.value == t("new_game.title", game=t("game.plotters"))
    assert title.max_lines == 2 and not title.no_wrap


@pytest.mark.parametrize("in_browser", [True, False])
async def test_a_damaged_store_is_said_with_its_games_counted_and_its_files_to_download(
    harness: AppHarness, tmp_path: Path, in_browser: bool
) -> None:
    """A store set aside is told with how many games came back; a phone alone names no
    path of its browser's file system (no player can reach it), and both offer the files
    set aside, in one zip file."""
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_FILENAME).write_bytes(b"\x00not a database" * 300)
    opened = open_store(data)
    assert opened.recovery is not None
    notices = recovery_notices(opened.recovery, in_browser=in_browser)
    files = RecordingFiles()
    main = build_main(GameKeeper(opened.store), notices, RecordingScreenAwake, lambda: files)
    await harness.run(main)
    shown = harness.find(ft.Semantics, identifier="home-notice").content.value
    moved = opened.recovery.moved_to
    assert t("storage.no_games_brought_back") in shown
    assert (str(moved) in shown) is not in_browser
    assert (t("phone.damaged_moved_aside") in shown) is in_browser
    await harness.click(harness.find(ft.TextButton, text=t("home.download_damaged")))
    with zipfile.ZipFile(io.BytesIO(files.saved[f"{moved.name}.zip"])) as archive:
        assert archive.read(moved.name) == b"\x00not a database" * 300
    opened.store.close()
