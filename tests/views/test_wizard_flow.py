"""A Wizard game through the screens, without a browser, on a real SQLite file."""

import re

import flet as ft
import pytest

from scorers import wizard
from scorers.ledger import Action
from storage import DB_FILENAME, open_store
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.small_disk import SmallDisk
from tests.views.conftest import AppUnderTest
from tests.views.wizard_steps import bid, cell_names, chip, labelled, pad_to, took
from views.game_screen import screen as game_screen
from views.game_screen import sheet
from views.games.wizard import entry as wizard_entry
from views.shell.i18n import t
from views.shell.widgets import change_text, points_text

PLAYERS = ["Ann", "Ben", "Cas", "Dot"]


def is_chosen(label: ft.Control) -> bool:
    """Whether a number chip (found by its label) shows the number chosen: filled."""
    fill = label.parent.style.bgcolor or {}
    return fill.get(ft.ControlState.DEFAULT) == ft.Colors.PRIMARY


def on_the_tricks(harness: AppHarness) -> None:
    """The last bid took the table to the tricks by itself: no "Bids done" tap."""
    assert harness.find_all(ft.Semantics, identifier="trick-count")
    assert not harness.find_all(ft.FilledButton, text=t("wizard.to_tricks"))


async def undo(harness: AppHarness, what: str) -> None:
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.undo", what=what)))


async def redo(harness: AppHarness, what: str) -> None:
    await harness.click(harness.find(ft.TextButton, has_text=t("undo.redo", what=what)))


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


async def start_game(app: AppUnderTest, **settings: object) -> tuple[AppHarness, str]:
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0, settings=settings or None)
    harness = await app.start(f"/game/{game.id}")
    return harness, game.id


async def test_new_game_form_starts_a_game_with_its_settings(app: AppUnderTest) -> None:
    harness = await app.start("/new/wizard")
    for seat, name in enumerate(PLAYERS[:3]):
        await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=seat + 1)), name)
    await harness.click(harness.find(ft.TextButton, text=t("setup.add_player")))
    await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=4)), "Dot")
    await harness.click(
        harness.find(
            ft.Text, where=lambda c: c.semantics_label == t("setup.deals_first", name="Cas")
        )
    )
    await harness.toggle(harness.find(ft.Switch, label=t("setting.hook")))
    await harness.click(harness.find(ft.FilledButton, text=t("setup.start")))
    assert harness.page.route.startswith("/game/")
    [listed] = app.keeper.unfinished()
    game = app.keeper.open(listed.id)
    assert game.ledger.state.players == tuple(PLAYERS)
    assert game.ledger.state.first_dealer == 2
    assert game.ledger.state.settings["hook"] is True
    banner = shown(harness, "banner")
    assert t("banner.dealer", name="Cas") in banner
    assert t("banner.bidding_starts", name="Dot") in banner


async def test_duplicate_names_are_refused_beside_the_names(app: AppUnderTest) -> None:
    harness = await app.start("/new/wizard")
    for seat, name in enumerate(["Ann", "Ben", "ann"]):
        await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=seat + 1)), name)
    await harness.click(harness.find(ft.FilledButton, text=t("setup.start")))
    assert harness.page.route == "/new/wizard"
    assert any("ann" in text.lower() and "both" in text for text in harness.texts())
    assert app.keeper.unfinished() == []


async def test_a_round_bid_played_and_scored(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    assert app.screen_awake.calls == [True]
    # Round 1: Ann deals one card each; Ben bids first.
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0)]:
        await bid(harness, player, count)
    assert t("wizard.bid_count", total=1, cards=1, gap=t("wizard.exact")) in harness.texts()
    await bid(harness, "Ann", 0)
    on_the_tricks(harness)
    for player, count in [("Ben", 0), ("Cas", 1), ("Dot", 0), ("Ann", 0)]:
        await took(harness, player, count)
    expected = [wizard.round_score(b, k) for b, k in [(0, 0), (1, 0), (0, 1), (0, 0)]]
    # Before scoring, each row says what the round gives its player.
    for seat, points in enumerate(expected):
        assert shown(harness, f"preview-{seat}") == change_text(points)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    for seat, points in enumerate(expected):
        assert shown(harness, f"total-{seat}") == points_text(points)
        assert shown(harness, f"cell-1-{seat}") == points_text(points)
    assert t("banner.round_of", number=2, count=15) in shown(harness, "banner")
    reopened = app.keeper.open(game_id).ledger.state
    assert reopened.totals == tuple(expected)


async def test_the_step_bar_keeps_to_a_line_and_offers_no_button_that_cannot_act_yet(
    app: AppUnderTest,
) -> None:
    harness, _ = await start_game(app)
    await bid(harness, "Ben", 1)
    # While bids are missing the line says whose bid is next, with no greyed "Bids done".
    assert shown(harness, "entry-hint") == t("wizard.next_bid", player="Cas")
    assert not harness.find_all(ft.FilledButton)
    # Undo is one line of words beside the others, not a block of two.
    bar = harness.find(ft.Semantics, identifier="step-bar")
    [undo_button] = harness.find_all(ft.TextButton, within=bar)
    assert undo_button.content.max_lines == 1 and undo_button.height == 48
    for player, count in [("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0)]:
        await took(harness, player, count)
    # The confirm button stands on the status line's own row.
    score = harness.find(ft.FilledButton, text=t("entry.score_round"))
    assert harness.find_all(ft.Semantics, identifier="entry-hint", within=score.parent)
    assert score.height == 48


async def test_hook_rule_strikes_the_dealers_forbidden_bid(app: AppUnderTest) -> None:
    harness, _ = await start_game(app, hook=True)
    for player, count in [("Ben", 0), ("Cas", 0), ("Dot", 0)]:
        await bid(harness, player, count)
    forbidden = chip(harness, t("wizard.bid_name", player="Ann", count=1))
    button = harness.find(ft.OutlinedButton, where=lambda c: c.content is forbidden)
    assert button.disabled
    assert forbidden.style.decoration == ft.TextDecoration.LINE_THROUGH
    assert "Ann may not bid 1" in " ".join(harness.texts())
    allowed = chip(harness, t("wizard.bid_name", player="Ann", count=0))
    assert not harness.find(ft.OutlinedButton, where=lambda c: c.content is allowed).disabled


async def test_tricks_that_do_not_add_up_cannot_be_scored(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    for player in ["Ben", "Cas", "Dot", "Ann"]:
        await bid(harness, player, 0)
    on_the_tricks(harness)
    for player in ["Ben", "Cas", "Dot", "Ann"]:
        await took(harness, player, 0)
    score = harness.find(ft.FilledButton, text=t("entry.score_round"))
    assert score.disabled
    assert shown(harness, "entry-hint") == t("wizard.tricks_total", total=0, cards=1, off=1)
    await took(harness, "Ben", 1)
    assert not harness.find(ft.FilledButton, text=t("entry.score_round")).disabled
    assert len(app.keeper.open(game_id).ledger.state.rounds) == 0


async def play_round(harness: AppHarness, bids: dict[str, int], tricks: dict[str, int]) -> None:
    for player, count in bids.items():
        await bid(harness, player, count)
    on_the_tricks(harness)
    for player, count in tricks.items():
        await took(harness, player, count)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))


async def test_correcting_a_past_round_changes_later_totals(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await play_round(harness, dict(Ben=1, Cas=0, Dot=0, Ann=0), dict(Ben=1, Cas=0, Dot=0, Ann=0))
    await play_round(harness, dict(Cas=1, Dot=1, Ann=0, Ben=0), dict(Cas=1, Dot=1, Ann=0, Ben=0))
    assert shown(harness, "total-1") == points_text(30 + 20)
    await harness.click(chip(harness, t("sheet.edit_round", number=1)))
    assert t("banner.correcting", number=1) in shown(harness, "banner")
    await took(harness, "Ben", 0)
    await took(harness, "Cas", 1)
    # The line says what the button beside it does: save the correction, not score.
    assert shown(harness, "entry-hint") == t("entry.ready_correction")
    await harness.click(harness.find(ft.FilledButton, text=t("entry.save_correction")))
    assert shown(harness, "cell-1-1") == points_text(-10)
    assert shown(harness, "total-1") == points_text(-10 + 20)
    state = app.keeper.open(game_id).ledger.state
    assert len(state.rounds) == 2 and state.current_round == 3
    # What the correction changed is said beside its undo: whose points, from what to what.
    changes = " · ".join(
        t("undo.corrected_points", name=name, was=change_text(was), now=change_text(now))
        for name, was, now in [("Ben", 30, -10), ("Cas", 20, -10)]
    )
    assert shown(harness, "corrected") == t("undo.corrected", number=1, changes=changes)
    # The correction is one undoable step, named as a correction.
    await undo(harness, t("undo.correction", number=1))
    assert shown(harness, "total-1") == points_text(30 + 20)
    assert not harness.find_all(ft.Semantics, identifier="corrected")  # nothing to say now
    await redo(harness, t("undo.correction", number=1))
    assert shown(harness, "total-1") == points_text(-10 + 20)


async def test_a_finished_games_saved_correction_says_what_it_changed(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", PLAYERS[:3], 0, {"round_sizes": [1]})
    harness = await app.start(f"/game/{game.id}")
    await play_round(harness, dict(Ben=1, Cas=0, Ann=0), dict(Ben=1, Cas=0, Ann=0))
    await harness.click(chip(harness, t("sheet.edit_round", number=1)))
    await took(harness, "Ben", 0)
    await took(harness, "Cas", 1)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.save_correction")))
    changes = " · ".join(
        t("undo.corrected_points", name=name, was=change_text(was), now=change_text(now))
        for name, was, now in [("Ben", 30, -10), ("Cas", 20, -10)]
    )
    assert shown(harness, "corrected") == t("undo.corrected", number=1, changes=changes)


async def test_undo_takes_back_a_bid_and_redo_brings_it_back(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    await bid(harness, "Ben", 1)
    bens_bid = t("undo.change", change=t("wizard.change.bid", player="Ben", value=1), number=1)
    await undo(harness, bens_bid)
    assert (
        t("wizard.bid_count", total=0, cards=1, gap=t("wizard.under", count=1)) in harness.texts()
    )
    await redo(harness, bens_bid)
    assert t("wizard.bid_count", total=1, cards=1, gap=t("wizard.exact")) in harness.texts()


@pytest.mark.parametrize("bids_made", [2, 4])
async def test_reopening_mid_round_lands_on_the_same_step(
    app: AppUnderTest, keeper: GameKeeper, bids_made: int
) -> None:
    harness, game_id = await start_game(app)
    order = ["Ben", "Cas", "Dot", "Ann"]
    for player in order[:bids_made]:
        await bid(harness, player, 0 if player != "Ben" else 1)
    await harness.close()
    async with AppHarness() as fresh:
        again = AppUnderTest(fresh, GameKeeper(keeper.store), app.screen_awake)
        reopened = await again.start(f"/game/{game_id}")
        if bids_made < 4:  # still bidding: the bids in sight, the tricks not yet reachable
            for player in order[:bids_made]:
                made = 0 if player != "Ben" else 1
                assert labelled(reopened, t("wizard.bid_cell", player=player, count=made))
            assert not reopened.find_all(ft.Semantics, identifier="trick-count")
            assert not reopened.find_all(ft.FilledButton, text=t("wizard.to_tricks"))
        else:  # every bid in: the tricks, each beside its bid, as on the phone that bid
            on_the_tricks(reopened)
            for seat, made in enumerate([0, 1, 0, 0]):
                assert shown(reopened, f"note-{seat}").startswith(t("wizard.bid_was", bid=made))


async def test_the_last_round_ends_the_game_with_standings(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", PLAYERS[:3], 0, {"round_sizes": [1, 2]})
    harness = await app.start(f"/game/{game.id}")
    await play_round(harness, dict(Ben=1, Cas=0, Ann=1), dict(Ben=1, Cas=0, Ann=0))
    await play_round(harness, dict(Cas=2, Ann=1, Ben=0), dict(Cas=2, Ann=0, Ben=0))
    assert shown(harness, "banner") == t("banner.game_over_won", names="Cas")
    totals = [-10 - 10, 30 + 20, 20 + 40]
    for seat, total in enumerate(totals):
        assert shown(harness, f"total-{seat}") == points_text(total)
    assert shown(harness, "standing-2") == t("standings.line", place=1, name="Cas", total=60)
    # The last round's result stays in sight beside the places: Ann bid 1 and took none.
    assert shown(harness, "last-round").endswith("Ann \u221210 · Ben +20 · Cas +40")
    assert app.keeper.finished()[0].id == game.id


async def test_the_screen_stays_on_unless_the_table_turns_it_off(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    assert app.screen_awake.calls[-1] is True
    await harness.toggle(harness.find(ft.Switch, label=t("options.keep_awake")))
    assert app.screen_awake.calls[-1] is False
    await harness.toggle(harness.find(ft.Switch, label=t("options.keep_awake")))
    assert app.screen_awake.calls[-1] is True
    await harness.click(harness.find(ft.IconButton, tooltip=t("nav.back")))
    assert app.screen_awake.calls[-1] is False, app.screen_awake.calls


async def test_over_plain_http_from_another_device_the_switch_says_it_cannot_keep_awake(
    app: AppUnderTest,
) -> None:
    app.harness.connection.page_url = "http://192.0.2.7:8550/"
    harness, _ = await start_game(app)
    assert not harness.find_all(ft.Switch, label=t("options.keep_awake"))
    note = harness.find(ft.Semantics, identifier="keep-awake").content.value
    assert note == t("options.keep_awake_unavailable")
    assert True not in app.screen_awake.calls


async def test_the_cloud_changes_a_bid_by_one_before_scoring(app: AppUnderTest) -> None:
    game = app.keeper.start(
        "wizard", PLAYERS[:3], 0, {"anniversary_cards": True, "round_sizes": [3]}
    )
    harness = await app.start(f"/game/{game.id}")
    for player, count in [("Ben", 1), ("Cas", 1), ("Ann", 0)]:
        await bid(harness, player, count)
    on_the_tricks(harness)
    for player, count in [("Ben", 2), ("Cas", 1), ("Ann", 0)]:
        await took(harness, player, count)
    await harness.click(chip(harness, t("wizard.cloud_player", player="Ben")))
    await harness.click(chip(harness, t("wizard.cloud_up", player="Ben")))
    assert t("wizard.bid_changed", bid=1, counted=2) in harness.texts()
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert shown(harness, "cell-1-1") == points_text(wizard.round_score(2, 2))
    assert shown(harness, "cell-1-2") == points_text(wizard.round_score(1, 1))
    assert "2/2" in harness.texts()


async def test_a_player_is_renamed_and_a_clash_is_refused_at_the_names(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await harness.click(harness.find(ft.TextButton, text=t("rename.open")))
    await harness.type(harness.find(ft.TextField, label=t("rename.field", n=2)), "Ann")
    await harness.click(harness.find(ft.FilledButton, text=t("rename.save")))
    assert t("players.name_taken", name="Ann") in harness.texts()
    assert app.keeper.open(game_id).ledger.state.players == tuple(PLAYERS)
    await harness.type(harness.find(ft.TextField, label=t("rename.field", n=2)), "Benedikt")
    await harness.click(harness.find(ft.FilledButton, text=t("rename.save")))
    assert app.keeper.open(game_id).ledger.state.players[1] == "Benedikt"
    assert "Benedikt" in harness.texts()
    await undo(harness, t("undo.rename"))
    assert app.keeper.open(game_id).ledger.state.players[1] == "Ben"


async def test_a_full_disk_is_reported_where_the_change_was_made(
    harness: AppHarness, screen_awake, small_disk: SmallDisk
) -> None:
    with open_store(small_disk.path).store as store:
        app = AppUnderTest(harness, GameKeeper(store), screen_awake)
        harness, game_id = await start_game(app)
        await bid(harness, "Ben", 1)
        small_disk.fill()
        await bid(harness, "Cas", 0)
        message = t("storage.disk_full", path=str(small_disk.path / DB_FILENAME))
        assert message in harness.texts()
        assert app.keeper.open(game_id).ledger.state.draft["bids"] == [None, 1, None, None]
        small_disk.free()
        await bid(harness, "Cas", 0)
        assert message not in harness.texts()
        assert app.keeper.open(game_id).ledger.state.draft["bids"] == [None, 1, 0, None]


async def test_a_second_phone_that_missed_a_round_is_brought_up_to_date(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0)
    entry = {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0], "cloud": None}
    # This phone opened the game before the other phone scored round 1.
    harness = await app.start(f"/game/{game.id}")
    app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    await bid(harness, "Ben", 1)
    assert t("merge.round_scored", round=1) in harness.texts()
    assert t("banner.round_of", number=2, count=15) in shown(harness, "banner")
    assert shown(harness, "total-1") == points_text(wizard.round_score(1, 1))
    assert len(app.keeper.open(game.id).ledger.state.rounds) == 1


async def test_several_players_are_renamed_as_one_step_or_not_at_all(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await harness.click(harness.find(ft.TextButton, text=t("rename.open")))
    await harness.type(harness.find(ft.TextField, label=t("rename.field", n=1)), "Anna")
    await harness.type(harness.find(ft.TextField, label=t("rename.field", n=3)), "dot")
    await harness.click(harness.find(ft.FilledButton, text=t("rename.save")))
    assert t("players.name_taken", name="dot") in harness.texts()
    saved = app.keeper.open(game_id).ledger
    assert saved.state.players == tuple(PLAYERS) and not saved.can_undo()
    await harness.type(harness.find(ft.TextField, label=t("rename.field", n=3)), "Cassie")
    await harness.click(harness.find(ft.FilledButton, text=t("rename.save")))
    assert app.keeper.open(game_id).ledger.state.players == ("Anna", "Ben", "Cassie", "Dot")
    await undo(harness, t("undo.rename"))
    saved = app.keeper.open(game_id).ledger
    assert saved.state.players == tuple(PLAYERS) and not saved.can_undo()


async def test_names_typed_faster_than_the_screen_is_drawn_are_all_saved(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await harness.click(harness.find(ft.TextButton, text=t("rename.open")))
    fields = [harness.find(ft.TextField, label=t("rename.field", n=n)) for n in (1, 2)]
    save = harness.find(ft.FilledButton, text=t("rename.save"))
    # Both names and the tap on Save before the screen is drawn again after any of them.
    await harness.type_in_a_row(list(zip(fields, ["Anna", "Benno"], strict=True)), then=save)
    assert app.keeper.open(game_id).ledger.state.players == ("Anna", "Benno", "Cas", "Dot")


async def test_a_bid_tap_leaves_the_score_sheet_as_drawn_and_a_score_redraws_it(
    app: AppUnderTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, ...]] = []
    header_row = sheet.header_row
    monkeypatch.setattr(
        sheet,
        "header_row",
        lambda players, *rest: drawn.append(players) or header_row(players, *rest),
    )
    harness, _ = await start_game(app, round_sizes=[1, 1])
    first = len(drawn)
    await bid(harness, "Ben", 1)
    await bid(harness, "Cas", 0)
    assert len(drawn) == first  # the sheet was not drawn again for the bids
    for player, count in [("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    on_the_tricks(harness)
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await took(harness, player, count)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert len(drawn) > first  # a scored round is drawn


async def test_a_bid_tap_draws_again_only_the_rows_it_changed_and_not_the_frame(
    app: AppUnderTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows: list[str] = []  # the player of each row drawn, by its value's button
    value_cell = wizard_entry.value_cell
    monkeypatch.setattr(
        wizard_entry,
        "value_cell",
        lambda seat, name, *rest: rows.append(name) or value_cell(seat, name, *rest),
    )
    frames: list[object] = []  # the sheet, chart and options are drawn with the frame
    sheet_part = game_screen.sheet_part
    monkeypatch.setattr(
        game_screen, "sheet_part", lambda *args: frames.append(args) or sheet_part(*args)
    )
    harness, _ = await start_game(app, round_sizes=[1, 1])
    rows.clear()
    drawn_frames = len(frames)
    await bid(harness, "Ben", 1)  # Ben's value changes; Cas's row is highlighted now
    assert sorted(rows) == ["Ben", "Cas"]
    assert "Cas" in harness.texts(within=harness.find(ft.Semantics, identifier="next-player"))
    assert len(frames) == drawn_frames
    for player, count in [("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    on_the_tricks(harness)
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await took(harness, player, count)
    assert len(frames) == drawn_frames
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert len(frames) > drawn_frames and shown(harness, "total-1") == points_text(30)
    drawn_frames = len(frames)
    await undo(harness, t("undo.score", number=1))  # the frame shows the totals undone
    assert len(frames) > drawn_frames and shown(harness, "total-1") == points_text(0)


def undo_text(harness: AppHarness) -> str:
    """What the visible undo button says."""
    button = harness.find(
        ft.TextButton, has_text=re.compile("^" + re.escape(t("undo.undo", what="")))
    )
    return button.content.value


async def test_the_next_bidder_is_named_in_bidding_order_and_highlighted(
    app: AppUnderTest,
) -> None:
    # Ben deals round 1, so Cas bids first, then Dot, Ann and Ben.
    game = app.keeper.start("wizard", PLAYERS, first_dealer=1)
    harness = await app.start(f"/game/{game.id}")
    expected = [("Cas", 1), ("Dot", 0), ("Ann", 0)]
    for player, count in expected:
        assert shown(harness, "entry-hint") == t("wizard.next_bid", player=player)
        row = harness.find(ft.Semantics, identifier="next-player")
        assert player in harness.texts(within=row)
        await bid(harness, player, count)
    # Ben bid out of turn before Ann: the prompt still waits for Ann, and says nothing of tricks.
    game = app.keeper.start("wizard", PLAYERS, first_dealer=1)
    harness = await app.start(f"/game/{game.id}")
    for player in ["Cas", "Dot", "Ben"]:
        await bid(harness, player, 0)
        assert "tricks" not in shown(harness, "entry-hint")
    assert shown(harness, "entry-hint") == t("wizard.next_bid", player="Ann")
    await bid(harness, "Ann", 0)
    on_the_tricks(harness)
    assert shown(harness, "entry-hint") == t("wizard.next_tricks", player="Cas")
    await took(harness, "Cas", 0)
    assert shown(harness, "entry-hint") == t("wizard.next_tricks", player="Dot")


async def test_a_second_tap_keeps_a_bid_and_clearing_is_its_own_named_action(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await bid(harness, "Ben", 1)
    await bid(harness, "Ben", 1)
    assert app.keeper.open(game_id).ledger.state.draft["bids"] == [None, 1, None, None]
    assert undo_text(harness) == t(
        "undo.undo",
        what=t("undo.change", change=t("wizard.change.bid", player="Ben", value=1), number=1),
    )
    await pad_to(harness, "Ben")  # the pad moved on to Cas: Ben's row brings it back
    clear = harness.find(
        ft.Icon, where=lambda c: c.semantics_label == t("wizard.clear_bid", player="Ben")
    )
    await harness.click(harness.find(ft.IconButton, where=lambda c: c.icon is clear))
    assert app.keeper.open(game_id).ledger.state.draft["bids"] == [None] * 4
    assert shown(harness, "entry-hint") == t("wizard.next_bid", player="Ben")
    assert undo_text(harness) == t(
        "undo.undo",
        what=t("undo.change", change=t("wizard.change.bid_cleared", player="Ben"), number=1),
    )
    # Nothing left to clear: the pad, back at Ben, offers no clear button.
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Ben")
    assert not harness.find_all(
        ft.Icon, where=lambda c: c.semantics_label == t("wizard.clear_bid", player="Ben")
    )


async def test_tricks_may_pass_the_cards_while_moved_and_are_checked_at_scoring(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app, round_sizes=[3])
    for player, count in [("Ben", 2), ("Cas", 1), ("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    on_the_tricks(harness)
    # Cas took a trick Ben was given by mistake: Ben is raised first, 4 of 3 for a moment.
    for player, count in [("Ben", 3), ("Cas", 1), ("Dot", 0), ("Ann", 0)]:
        await took(harness, player, count)
    assert not harness.find_all(ft.Text, where=lambda c: c.color == ft.Colors.ERROR and c.value)
    assert app.keeper.open(game_id).ledger.state.draft["tricks"] == [0, 3, 1, 0]
    score = harness.find(ft.FilledButton, text=t("entry.score_round"))
    assert score.disabled
    assert shown(harness, "entry-hint") == t("wizard.tricks_too_many", total=4, cards=3, off=1)
    await took(harness, "Ben", 2)
    assert shown(harness, "entry-hint") == t("entry.ready")
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert shown(harness, "cell-1-1") == str(wizard.round_score(2, 2))
    assert undo_text(harness) == t("undo.undo", what=t("undo.score", number=1))


async def test_a_wide_window_puts_the_sheet_beside_the_entry_and_a_short_one_drops_the_reminder(
    app: AppUnderTest,
) -> None:
    harness, _ = await start_game(app)
    assert not harness.find_all(ft.VerticalDivider)
    assert harness.find_all(ft.Semantics, identifier="reminder")
    page = harness.page
    await harness.dispatch(page, "resize", {"width": 1280, "height": 800}, width=1280, height=800)
    divider = harness.find(ft.VerticalDivider)
    entry_side, sheet_side = [c for c in divider.parent.controls if c is not divider]
    assert harness.find_all(ft.Semantics, identifier="bid-count", within=entry_side)
    assert harness.find_all(ft.Semantics, identifier="total-0", within=sheet_side)
    # A phone held sideways: the banner keeps its round line, not the long reminder.
    await harness.dispatch(page, "resize", {"width": 844, "height": 390}, width=844, height=390)
    assert not harness.find_all(ft.VerticalDivider)
    assert t("banner.dealer", name="Ann") in shown(harness, "banner")
    assert not harness.find_all(ft.Semantics, identifier="reminder")


async def test_a_refused_tap_is_said_beside_the_next_step_and_goes_as_the_game_moves_on(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    game = app.keeper.open(game_id)
    # Another phone bids for Ben after this screen was drawn; this phone then taps Ben's 0.
    change = {"at": ["bids", 1], "was": None, "now": 1}
    app.keeper.apply(game, Action("edit", {"round": 1, "changes": [change]}))
    await bid(harness, "Ben", 0)
    refusal = t("merge.field_changed", field=t("wizard.field.bid", player="Ben"))
    assert shown(harness, "entry-refusal") == refusal
    # The saved bid counts, and the next step is in sight beside the refusal.
    assert shown(harness, "entry-hint") == t("wizard.next_bid", player="Cas")
    await bid(harness, "Cas", 0)
    assert shown(harness, "entry-hint") == t("wizard.next_bid", player="Dot")
    assert refusal not in harness.texts()


def row_names(harness: AppHarness) -> list[str]:
    """The player of each entry row, top to bottom (a row's first text is its name)."""
    rows = harness.find_all(ft.Semantics, where=lambda c: c.identifier in ("player", "next-player"))
    return [harness.texts(within=row)[0] for row in rows]


async def test_the_last_players_tricks_are_filled_in_marked_and_still_changeable(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app, round_sizes=[3])
    for player, count in [("Ben", 1), ("Cas", 1), ("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    await took(harness, "Ben", 1)
    await took(harness, "Cas", 1)
    assert not harness.find_all(ft.Semantics, identifier="filled-0")
    await took(harness, "Dot", 0)
    # Ann's tricks are the 3 cards less the others' 2: filled in, marked, not saved as hers.
    assert chip(harness, t("wizard.trick_cell", player="Ann", count=1)).italic
    assert shown(harness, "filled-0") == t("wizard.filled_mark")
    assert shown(harness, "note-0") == t("wizard.bid_was", bid=0)
    assert app.keeper.open(game_id).ledger.state.draft["tricks"] == [None, 1, 1, 0]
    assert shown(harness, "preview-0") == change_text(wizard.round_score(0, 1))
    assert shown(harness, "entry-hint") == t("entry.ready")
    # Every number is in: the pad waits for a row to be tapped. Ann's filled-in value is
    # not hers to clear, only to change: her pad offers no clear button.
    assert shown(harness, "pad-title") == t("wizard.pad_idle")
    await pad_to(harness, "Ann")
    assert is_chosen(chip(harness, t("wizard.took_name", player="Ann", count=1)))
    assert chip(harness, t("wizard.took_name", player="Ann", count=1)).italic
    assert not harness.find_all(
        ft.Icon, where=lambda c: c.semantics_label == t("wizard.clear_tricks", player="Ann")
    )
    # Another player's change moves what is left to Ann.
    await took(harness, "Dot", 1)
    assert labelled(harness, t("wizard.trick_cell", player="Ann", count=0))
    assert shown(harness, "preview-0") == change_text(wizard.round_score(0, 0))
    # More tricks than cards among the others: nothing is filled in (it would be negative).
    await took(harness, "Ben", 3)
    assert labelled(harness, t("wizard.cell_empty", player="Ann"))
    assert not harness.find_all(ft.Semantics, identifier="preview-0")
    assert shown(harness, "entry-hint") == t("wizard.next_tricks", player="Ann")
    await took(harness, "Ben", 1)
    # Ann's own tap makes the value hers: saved, no longer marked.
    await took(harness, "Ann", 0)
    assert app.keeper.open(game_id).ledger.state.draft["tricks"] == [0, 1, 1, 1]
    assert not harness.find_all(ft.Semantics, identifier="filled-0")
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert shown(harness, "cell-1-0") == points_text(20)


async def test_a_filled_in_round_is_scored_with_the_filled_in_tricks(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app, round_sizes=[2])
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 1), ("Ann", 0)]:
        await bid(harness, player, count)
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 1)]:
        await took(harness, player, count)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    scored = app.keeper.open(game_id).ledger.state.rounds[0]
    assert scored.entry["tricks"] == [0, 1, 0, 1]
    assert shown(harness, "cell-1-0") == points_text(20)


async def test_the_last_bid_moves_on_to_the_tricks_and_the_bids_stay_one_tap_away(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app, round_sizes=[2])
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 1)]:
        await bid(harness, player, count)
    assert not harness.find_all(ft.Semantics, identifier="trick-count")
    await bid(harness, "Ann", 0)
    on_the_tricks(harness)
    await harness.click(harness.find(ft.TextButton, text=t("wizard.to_bids")))
    assert harness.find_all(ft.Semantics, identifier="bid-count")
    await bid(harness, "Ann", 1)  # the bids stay while they are being changed
    assert harness.find_all(ft.Semantics, identifier="bid-count")
    assert shown(harness, "entry-hint") == t("wizard.bids_done")
    await harness.click(harness.find(ft.FilledButton, text=t("wizard.to_tricks")))
    assert shown(harness, "note-0") == t("wizard.bid_was", bid=1)
    assert app.keeper.open(game_id).ledger.state.draft["bids"] == [1, 1, 0, 1]


async def test_rows_keep_seat_order_every_round_and_mark_the_first_bidder(
    app: AppUnderTest,
) -> None:
    # Cas deals round 1, so Dot bids first: the rows stay Ann, Ben, Cas, Dot all the same.
    game = app.keeper.start("wizard", PLAYERS, first_dealer=2)
    harness = await app.start(f"/game/{game.id}")
    assert row_names(harness) == PLAYERS
    assert shown(harness, "note-3") == t("wizard.first_mark")
    assert shown(harness, "note-2") == t("wizard.dealer_mark")
    assert "Dot" in harness.texts(within=harness.find(ft.Semantics, identifier="next-player"))
    await play_round(harness, dict(Dot=1, Ann=0, Ben=0, Cas=0), dict(Dot=1, Ann=0, Ben=0, Cas=0))
    # Round 2: Dot deals and Ann bids first; the rows have not moved.
    assert row_names(harness) == PLAYERS
    assert shown(harness, "note-0") == t("wizard.first_mark")
    assert shown(harness, "note-3") == t("wizard.dealer_mark")
    await bid(harness, "Ann", 1)
    assert "Ben" in harness.texts(within=harness.find(ft.Semantics, identifier="next-player"))
    for player in ["Ben", "Cas", "Dot"]:
        await bid(harness, player, 0)
    assert row_names(harness) == PLAYERS  # the tricks too


def pad_numbers(harness: AppHarness) -> list[str]:
    """The pad's numbers as shown, in order."""
    pad = harness.find(ft.Row, where=lambda c: str(c.key or "").startswith("pad-"))
    assert pad.wrap and not pad.scroll, "the pad wraps its numbers, never scrolls sideways"
    buttons = harness.find_all(ft.OutlinedButton, within=pad)
    return [button.content.value for button in buttons if isinstance(button.content, ft.Text)]


async def test_a_row_tapped_as_the_pad_moves_on_still_brings_the_pad(app: AppUnderTest) -> None:
    """A tap reaches the server addressed to the control the phone drew: Ben's row tapped
    just after his bid, before the phone has drawn the pad moving on, must still bring the
    pad back to him (a row that became another control would lose the tap silently)."""
    harness, _ = await start_game(app)
    names = cell_names("Ben")
    row_drawn = harness.tap_target_id(
        harness.find(ft.Text, where=lambda c: c.semantics_label in names)
    )
    await bid(harness, "Ben", 1)
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Cas")
    await harness.click_drawn(row_drawn)
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Ben")


async def test_one_pad_holds_every_number_and_follows_the_bidding_order(
    app: AppUnderTest,
) -> None:
    # Three players at twenty cards, the most a pad holds: every number in one pad.
    game = app.keeper.start("wizard", PLAYERS[:3], 0, {"round_sizes": [20]})
    harness = await app.start(f"/game/{game.id}")
    assert pad_numbers(harness) == [str(n) for n in range(21)]
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Ben")
    await bid(harness, "Ben", 7)
    # The pad moved on to the next bidder, and Ben's row shows his bid.
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Cas")
    assert labelled(harness, t("wizard.bid_cell", player="Ben", count=7))
    # Tapping Ben's row brings the pad back to change his bid; after it, on to Cas again.
    await pad_to(harness, "Ben")
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Ben")
    assert is_chosen(chip(harness, t("wizard.bid_name", player="Ben", count=7)))
    await harness.click(chip(harness, t("wizard.bid_name", player="Ben", count=6)))
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Cas")
    assert app.keeper.open(game.id).ledger.state.draft["bids"] == [None, 6, None]
    # A row tapped in one round does not hold the pad in the next.
    await pad_to(harness, "Ann")
    await bid(harness, "Cas", 6)
    assert shown(harness, "pad-title") == t("wizard.pad_bid", player="Ann")
