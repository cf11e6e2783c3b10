"""Home: games in progress first, finished games with delete (confirmed, undoable), rematch."""

import flet as ft

from scorers.ledger import Action
from storage.keeper import GameKeeper, SavedGame
from tests.views.conftest import AppUnderTest
from views.i18n import t


def finished_wizard(keeper: GameKeeper, players: list[str]) -> SavedGame:
    game = keeper.start("wizard", players, 0, {"round_sizes": [1]})
    entry = {"bids": [1, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    return keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


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
    delete = harness.find(ft.IconButton, where=lambda c: str(c.tooltip).startswith("Delete"))
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
    [again] = app.keeper.unfinished()
    assert again.id != game.id
    assert harness.page.route == f"/game/{again.id}"
    assert again.ledger.state.players == ("Eve", "Fay", "Gus")
    assert again.ledger.state.settings == game.ledger.state.settings
