"""The game-over screen: a rematch opens the new game, and a failed save is explained there."""

from pathlib import Path

import flet as ft

from storage import DB_FILENAME, GameStore
from storage.connection import connect
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from tests.views.test_home import finished_wizard
from views.shell.i18n import t


def banner(harness: AppHarness) -> str:
    return harness.find(ft.Semantics, identifier="banner").content.value


def make_read_only(app: AppUnderTest, folder: Path) -> str:
    """From now on every write fails, as on a phone whose storage became read-only; the
    message the player should see."""
    app.keeper.store = GameStore(connect(folder / DB_FILENAME, read_only=True))
    return t("storage.read_only", path=str(folder / DB_FILENAME))


async def test_a_rematch_shows_the_new_game_not_the_old_one(app: AppUnderTest) -> None:
    game = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    harness = await app.start(f"/game/{game.id}")
    assert banner(harness) == t("banner.game_over_won", names="Fay")
    await harness.click(harness.find(ft.FilledButton, text=t("standings.rematch")))
    [again] = app.keeper.unfinished()
    assert harness.page.route == f"/game/{again.id}"
    assert banner(harness).startswith(t("banner.round_of", number=1, count=1))
    assert t("standings.rematch") not in harness.texts()


async def test_a_rematch_that_cannot_be_saved_says_so_on_the_game_over_screen(
    app: AppUnderTest, tmp_path: Path
) -> None:
    game = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    harness = await app.start(f"/game/{game.id}")
    refusal = make_read_only(app, tmp_path)
    await harness.click(harness.find(ft.FilledButton, text=t("standings.rematch")))
    assert refusal in harness.texts()
    assert harness.page.route == f"/game/{game.id}"
    assert app.keeper.unfinished() == []


async def test_an_undo_that_cannot_be_saved_says_so_on_the_game_over_screen(
    app: AppUnderTest, tmp_path: Path
) -> None:
    game = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    harness = await app.start(f"/game/{game.id}")
    refusal = make_read_only(app, tmp_path)
    await harness.click(
        harness.find(ft.TextButton, has_text=t("undo.undo", what=t("undo.score", number=1)))
    )
    assert refusal in harness.texts()
    assert banner(harness) == t("banner.game_over_won", names="Fay")
