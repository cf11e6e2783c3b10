"""A one-off adjustment from the game screen: typed with its reason, refused at the field
it is wrong in, shown in the sheet after the round it follows, counted in the totals, and
undone, redone, changed and removed like any entry; the same in every game."""

import flet as ft

from scorers.adjustments import MOST_POINTS
from scorers.ledger import Action
from storage.keeper import GameKeeper, SavedGame
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.game_screen.adjustment_draft import AdjustmentDraft
from views.shell.i18n import t
from views.shell.widgets import change_text, points_text


def wizard_scored(keeper: GameKeeper) -> SavedGame:
    """Round 1 of Wizard scored: Ann 20, Ben 30, Cas 20."""
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
    return keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


def field(harness: AppHarness, key: str) -> ft.TextField:
    return harness.find(ft.TextField, label=t(key))


def player_chip(harness: AppHarness, name: str) -> ft.Text:
    label = t("adjust.player_choice", name=name)
    return harness.find(ft.Text, where=lambda c: c.semantics_label == label)


def shown(harness: AppHarness, identifier: str) -> ft.Text:
    return harness.find(ft.Semantics, identifier=identifier).content


def total(harness: AppHarness, seat: int) -> str:
    return str(shown(harness, f"total-{seat}").value)


async def save(harness: AppHarness) -> None:
    await harness.click(harness.find(ft.FilledButton, text=t("adjust.save")))


async def adjust(harness: AppHarness, name: str, points: str, reason: str) -> None:
    """Open the form, fill it in and save, as a player does."""
    await harness.click(harness.find(ft.TextButton, text=t("adjust.open")))
    await harness.click(player_chip(harness, name))
    await harness.type(field(harness, "adjust.points"), points)
    await harness.type(field(harness, "adjust.reason"), reason)
    await save(harness)


async def test_bad_input_is_refused_at_its_field_and_nothing_is_saved(app: AppUnderTest) -> None:
    game = wizard_scored(app.keeper)
    harness = await app.start(f"/game/{game.id}")
    await harness.click(harness.find(ft.TextButton, text=t("adjust.open")))
    await save(harness)
    assert shown(harness, "adjust-player-message").value == t("adjust.player_missing")
    assert field(harness, "adjust.points").error == t("adjust.points_missing")
    assert field(harness, "adjust.reason").error == t("adjust.reason_missing")
    await harness.click(player_chip(harness, "Ben"))
    for typed, message in [
        ("ten", t("adjust.points_not_whole", value="ten")),
        ("2.5", t("adjust.points_not_whole", value="2.5")),
        ("0", t("adjust.points_zero")),
        (
            str(MOST_POINTS * 10),
            t("adjust.points_too_large", value=MOST_POINTS * 10, most=MOST_POINTS),
        ),
    ]:
        await harness.type(field(harness, "adjust.points"), typed)
        await harness.type(field(harness, "adjust.reason"), "  ")
        await save(harness)
        assert field(harness, "adjust.points").error == message
        assert field(harness, "adjust.reason").error == t("adjust.reason_missing")
        assert not harness.find_all(ft.Semantics, identifier="adjust-player-message")
    assert app.keeper.open(game.id).ledger.action_count == game.ledger.action_count
    await harness.click(harness.find(ft.OutlinedButton, text=t("adjust.cancel")))
    assert not harness.find_all(ft.Semantics, identifier="adjust-form")


async def test_a_wizard_penalty_shows_after_its_round_counts_and_is_undone_and_redone(
    app: AppUnderTest,
) -> None:
    game = wizard_scored(app.keeper)
    harness = await app.start(f"/game/{game.id}")
    await adjust(harness, "Ben", "\u221210", " misdeal ")
    assert not harness.find_all(ft.Semantics, identifier="adjust-form")
    cell = shown(harness, "adjustment-1")
    assert cell.value == change_text(-10)
    assert cell.semantics_label == t(
        "sheet.adjustment_cell",
        name="Ben",
        points=change_text(-10),
        reason="misdeal",
        total=points_text(20),
    )
    assert "misdeal" in harness.texts()  # the reason in sight, under the points
    assert [total(harness, seat) for seat in range(3)] == ["20", "20", "20"]
    assert app.keeper.open(game.id).ledger.state.totals == (20, 20, 20)
    what = t("undo.adjust", name="Ben", points=change_text(-10))
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.undo", what=what)))
    assert not harness.find_all(ft.Semantics, identifier="adjustment-1")
    assert total(harness, 1) == "30"
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.redo", what=what)))
    assert shown(harness, "adjustment-1").value == change_text(-10)
    assert total(harness, 1) == "20"


async def test_a_plotters_house_rule_is_changed_and_removed_from_the_sheet(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    harness = await app.start(f"/game/{game.id}")
    await adjust(harness, "Dot", "+7", "house rule")  # before any round is scored
    assert total(harness, 3) == "7"
    edit = t("sheet.edit_adjustment", name="Dot", points=change_text(7), reason="house rule")
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == edit))
    assert field(harness, "adjust.points").value == "7"
    assert field(harness, "adjust.reason").value == "house rule"
    await harness.click(player_chip(harness, "Cas"))
    await harness.type(field(harness, "adjust.points"), "-4")
    await save(harness)
    assert [total(harness, seat) for seat in range(4)] == ["0", "0", points_text(-4), "0"]
    changed = t("undo.adjust_changed", name="Cas", points=change_text(-4))
    assert harness.find_all(ft.TextButton, has_text=t("undo.undo", what=changed))
    edit = t("sheet.edit_adjustment", name="Cas", points=change_text(-4), reason="house rule")
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == edit))
    await harness.click(harness.find(ft.TextButton, text=t("adjust.remove")))
    assert not harness.find_all(ft.Semantics, identifier="adjustment-1")
    assert total(harness, 2) == "0"
    removed = t("undo.adjust_removed", name="Cas", points=change_text(-4))
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.undo", what=removed)))
    assert total(harness, 2) == points_text(-4)
    assert app.keeper.open(game.id).ledger.state.totals == (0, 0, -4, 0)


async def test_a_colour_blind_adjustment_is_read_from_the_saved_game(app: AppUnderTest) -> None:
    game = app.keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0)
    harness = await app.start(f"/game/{game.id}")
    await adjust(harness, "Ann", "3", "dealt twice")
    saved = app.keeper.open(game.id).ledger
    assert saved.state.totals == (3, 0, 0)
    assert saved.actions[-1].data == {
        "number": 1,
        "after": 0,
        "seat": 0,
        "points": 3,
        "reason": "dealt twice",
    }


def test_a_new_adjustment_follows_the_last_round_scored_when_it_is_saved(
    keeper: GameKeeper,
) -> None:
    """A form opened before another phone scored a round makes an adjustment after that
    round, the last one on the sheet when Save was tapped; a changed one keeps its place."""
    draft = AdjustmentDraft(seat=2, points=" \u22125 ", reason="late")
    game = wizard_scored(keeper)
    action = draft.action(game.ledger.state)
    assert action is not None and action.data["after"] == 1 and action.data["points"] == -5
    game = keeper.apply(game, action)
    entry = {"bids": [0, 0, 2], "tricks": [0, 0, 2], "cloud": None}
    game = keeper.apply(game, Action("score", {"round": 2, "entry": entry}))
    again = AdjustmentDraft(seat=0, points="+3", reason="bonus").action(game.ledger.state)
    assert again is not None and again.data["after"] == 2 and again.data["number"] == 2
    changed = AdjustmentDraft.of(1, game.ledger.state.adjustments[0])
    action = changed.action(game.ledger.state)
    assert action is not None and action.data["after"] == 1 and action.data["number"] == 1
