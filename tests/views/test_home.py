"""Home: games in progress first, finished games with delete (confirmed, undoable), rematch."""

import sqlite3
from pathlib import Path

import flet as ft
import pytest

from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameDamaged, GameKeeper, SavedGame
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.screens.home import PAGE
from views.shell.i18n import t


def finished_wizard(keeper: GameKeeper, players: list[str]) -> SavedGame:
    game = keeper.start("wizard", players, 0, {"round_sizes": [1]})
    entry = {"bids": [1, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    return keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


def delete_buttons(harness: AppHarness) -> list[ft.IconButton]:
    """Home's delete buttons, found by the name a screen reader hears on the button."""
    deletes = t("home.delete", game="@", when="@").split("@")[0]
    return harness.find_all(
        ft.IconButton,
        where=lambda c: (
            isinstance(c.icon, ft.Icon) and str(c.icon.semantics_label).startswith(deletes)
        ),
    )


async def test_games_in_progress_come_first_with_their_round(app: AppUnderTest) -> None:
    finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    app.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    harness = await app.start()
    texts = harness.texts()
    in_progress = texts.index(t("home.in_progress"))
    history = texts.index(t("home.history"))
    assert in_progress < texts.index(t("home.pick_game")) < history
    assert any(t("banner.round_of", number=1, count=4) in text for text in texts)
    won_by_fay = t("home.finished_line", when="@", winner="Fay").split("@", 1)[1]
    assert any(text.endswith(won_by_fay) for text in texts)


async def test_a_finished_game_is_deleted_after_confirming_and_can_be_restored(
    app: AppUnderTest,
) -> None:
    game = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    harness = await app.start()
    [delete] = delete_buttons(harness)
    await harness.click(delete)
    await harness.click(
        harness.find(ft.TextButton, text=t("home.delete_cancel"), within=harness.dialog())
    )
    assert [g.id for g in app.keeper.finished()] == [game.id]
    await harness.click(delete)
    await harness.click(
        harness.find(ft.TextButton, text=t("home.delete_confirm"), within=harness.dialog())
    )
    assert app.keeper.finished() == []
    assert t("home.history") not in harness.texts()
    snack = harness.find(ft.SnackBar)
    await harness.dispatch(snack, "action")
    assert [g.id for g in app.keeper.finished()] == [game.id]
    assert t("home.history") in harness.texts()


async def test_rematch_starts_a_new_game_with_the_same_players(app: AppUnderTest) -> None:
    game = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    harness = await app.start(f"/game/{game.id}")
    await harness.click(harness.find(ft.FilledButton, text=t("standings.rematch")))
    [listed] = app.keeper.unfinished()
    again = app.keeper.open(listed.id)
    assert again.id != game.id
    assert harness.page.route == f"/game/{again.id}"
    assert again.ledger.state.players == ("Eve", "Fay", "Gus")
    assert again.ledger.state.settings == game.ledger.state.settings


def earlier_run(keeper: GameKeeper) -> GameKeeper:
    """A keeper of the same file standing for an earlier run of the server: what it saved,
    the app's keeper never held (a keeper serves the games it saved lately from memory, and
    a record damaged on disk since shows at the next run)."""
    return GameKeeper(keeper.store)


def damage_last_action(keeper: GameKeeper, game: SavedGame) -> None:
    """One changed byte in the game's last saved action: its record no longer parses."""
    with sqlite3.connect(keeper.store.path) as connection:
        connection.execute(
            "UPDATE actions SET data = substr(data, 2) WHERE seq = ? AND game_num = "
            "(SELECT num FROM games WHERE id = ?)",
            (game.ledger.action_count, game.id),
        )
    connection.close()


async def test_a_damaged_game_is_listed_as_such_and_every_other_game_loads(
    app: AppUnderTest,
) -> None:
    sound = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    damaged = earlier_run(app.keeper).start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    damage_last_action(app.keeper, damaged)
    app.keeper.open(sound.id)
    with pytest.raises(GameDamaged):
        app.keeper.open(damaged.id)  # as when a phone opened it
    harness = await app.start()
    texts = harness.texts()
    title = t("damaged.players", game=t("game.plotters"), players="Ann, Ben, Cas, and Dot")
    assert title in texts
    assert any("Eve, Fay, and Gus" in text for text in texts)
    await harness.click(harness.find(ft.OutlinedButton, text=t("damaged.save_record")))
    [(name, record)] = app.files.saved.items()
    assert name.startswith("trickpad-damaged-plotters-") and name.endswith(".jsonl")
    assert b'"kind": "start"' in record
    await harness.click(harness.find(ft.OutlinedButton, text=t("damaged.delete")))
    await harness.click(
        harness.find(ft.TextButton, text=t("home.delete_confirm"), within=harness.dialog())
    )
    assert title not in harness.texts()
    assert [game.id for game in app.keeper.unfinished()] == []
    assert [game.id for game in app.keeper.finished()] == [sound.id]


async def test_the_address_of_a_damaged_game_explains_and_offers_the_way_out(
    app: AppUnderTest,
) -> None:
    earlier = earlier_run(app.keeper)
    game = earlier.start("wizard", ["Ann", "Ben", "Cas"], 0)
    game = earlier.apply(game, Action("rename", {"seat": 0, "name": "Anna"}))
    damage_last_action(app.keeper, game)
    harness = await app.start(f"/game/{game.id}")
    [reason] = [text for text in harness.texts() if "Step 2" in text]
    assert reason.startswith(t("storage.game_damaged", reason="@").split("@")[0])
    await harness.click(harness.find(ft.OutlinedButton, text=t("damaged.delete")))
    assert harness.page.route == "/"
    assert app.keeper.unfinished() == []


async def test_home_shows_a_page_of_games_in_progress_and_more_on_request(
    app: AppUnderTest,
) -> None:
    for number in range(PAGE + 3):
        app.keeper.start("wizard", ["Ann", "Ben", f"Player {number}"], 0)
    harness = await app.start()
    tiles = [text for text in harness.texts() if text.startswith(t("game.wizard") + " · Ann")]
    assert len(tiles) == PAGE
    assert any("Player 22" in text for text in tiles)  # the newest first
    await harness.click(harness.find(ft.TextButton, text=t("home.more")))
    tiles = [text for text in harness.texts() if text.startswith(t("game.wizard") + " · Ann")]
    assert len(tiles) == PAGE + 3


async def test_an_unfinished_game_is_deleted_whole_and_restored_whole(
    app: AppUnderTest, tmp_path: Path
) -> None:
    abandoned = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}
    abandoned = app.keeper.apply(abandoned, Action("score", {"round": 1, "entry": entry}))
    kept = app.keeper.start("plotters", ["Eve", "Fay", "Gus", "Hal"], 0)
    harness = await app.start()
    [delete, _] = delete_buttons(harness)  # the most recently changed game comes first
    assert t("game.plotters") in str(delete.icon.semantics_label)
    [_, delete] = delete_buttons(harness)
    await harness.click(delete)
    await harness.click(
        harness.find(ft.TextButton, text=t("home.delete_confirm"), within=harness.dialog())
    )
    # Read from the file by another connection, as after a restart: gone from the list.
    with open_store(tmp_path).store as store:
        assert [game.id for game in store.unfinished_games()] == [kept.id]
    assert not any("Ann, Ben, and Cas" in text for text in harness.texts())
    await harness.dispatch(harness.find(ft.SnackBar), "action")
    with open_store(tmp_path).store as store:
        assert {game.id for game in store.unfinished_games()} == {kept.id, abandoned.id}
    restored = app.keeper.open(abandoned.id)
    assert restored.ledger.action_count == abandoned.ledger.action_count
    assert restored.ledger.state.totals == abandoned.ledger.state.totals
    assert any("Ann, Ben, and Cas" in text for text in harness.texts())


async def test_every_home_button_is_named_on_itself_and_thumb_sized(app: AppUnderTest) -> None:
    finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    app.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    harness = await app.start()
    tiles = harness.find_all(ft.ListTile)
    # A tile is named by its own texts; its delete button by the words on the button.
    assert all(not isinstance(tile.trailing, ft.Text) for tile in tiles)
    assert len(delete_buttons(harness)) == 2  # named on the button: both games deletable
    theme = harness.page.theme
    assert theme.visual_density == ft.VisualDensity.STANDARD
    for style in (theme.text_button_theme.style, theme.outlined_button_theme.style):
        assert 20 + style.padding.top + style.padding.bottom >= 48


async def test_a_game_tile_is_named_by_its_game_first_and_its_delete_button_apart(
    app: AppUnderTest,
) -> None:
    finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    app.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    harness = await app.start()
    tiles = harness.find_all(ft.ListTile)
    games = [tile for tile in tiles if " · " in str(tile.title.value)]
    assert [tile.title.value for tile in games] == [
        f"{t('game.plotters')} · Ann, Ben, Cas, and Dot",
        f"{t('game.wizard')} · Eve, Fay, and Gus",
    ]
    deletes = delete_buttons(harness)
    assert len(deletes) == 2
    for tile in games:
        # What a screen reader hears for the tile: its own texts, the game first.
        heard = harness.texts(within=tile)
        assert heard[0] == tile.title.value
        assert not harness.find_all(ft.IconButton, within=tile)
    for delete in deletes:
        assert delete.parent is not None and any(
            isinstance(sibling, ft.ListTile) for sibling in delete.parent.controls
        )


async def test_another_version_of_a_game_is_listed_under_it_and_opens(app: AppUnderTest) -> None:
    """Two copies of one game that went their own ways (storage.versions): one line for the
    game, its other version under it, named as such, a tap away."""
    game = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])
    other = finished_wizard(app.keeper, ["Eve", "Fay", "Gus"])  # what went another way
    version = app.keeper.import_ledger(other.ledger, version_of=game.id)
    app.keeper.delete(other.id)
    harness = await app.start()
    texts = harness.texts()
    label = t("home.version", number=2)
    assert texts.count(label) == 1
    tiles = harness.find_all(ft.ListTile, has_text=f"{t('game.wizard')} · Eve, Fay, and Gus")
    assert len(tiles) == 2 and len(app.keeper.finished()) == 1
    await harness.click(tiles[1])
    assert harness.page.route == f"/game/{version.id}"
