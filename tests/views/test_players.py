"""The Players screen: records read from stored results, head to head, merged names."""

import flet as ft

from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.views.conftest import AppUnderTest
from views.shell.i18n import t


def one_round_wizard(keeper: GameKeeper, players: list[str], made: list[int]) -> None:
    """A one-card game; seat s bids and takes made[s] (0 or 1): made bids score 30 or 20."""
    game = keeper.start("wizard", players, 0, {"round_sizes": [1]})
    entry = {"bids": made, "tricks": made, "cloud": None}
    keeper.apply(game, Action("score", {"round": 1, "entry": entry}))


def shown(harness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


async def compare_with(harness, name: str) -> None:
    label = t("players.compare_with", name=name)
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == label))


async def test_players_are_listed_with_their_records_and_compared(app: AppUnderTest) -> None:
    one_round_wizard(app.keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])  # Ann 30 wins
    one_round_wizard(app.keeper, ["Ben", "Ann", "Cas"], [1, 0, 0])  # Ben 30 wins, Ann 20
    one_round_wizard(app.keeper, ["Ann", "Ben", "Dot"], [1, 0, 0])  # Ann wins again
    harness = await app.start("/")
    await harness.click(harness.find(ft.OutlinedButton, text=t("players.open")))
    assert harness.page.route == "/players"
    assert shown(harness, "player-ann") == t("players.line", games=3, wins=2, rate="67%")
    assert shown(harness, "player-dot") == t("players.line", games=1, wins=0, rate="0%")
    await harness.click(harness.find(ft.ListTile, where=lambda c: c.title.value == "Ann"))
    wins = t("players.games_wins", games=3, wins=2, rate="67%")
    assert shown(harness, "record-wizard-0") == wins
    scores = t("players.scores", average="26.7", best=30, worst=20)
    assert shown(harness, "record-wizard-1") == scores
    assert shown(harness, "record-wizard-2") == t("players.streak", current=1, longest=1)
    # Ann bid exactly in all three games, once a zero: Wizard's own figures.
    bids = t("record.wizard.bids", exact="100%", off="0.0", zero="100%")
    assert shown(harness, "record-wizard-3") == bids
    # A run of exact bids is counted within a game: each of these games had one round.
    assert shown(harness, "record-wizard-4") == t("record.wizard.run", run=1)
    await compare_with(harness, "Ben")
    expected = t(
        "players.head_to_head",
        games=3,
        first="Ann",
        first_ahead=2,
        second="Ben",
        second_ahead=1,
        level=0,
    )
    assert shown(harness, "head-to-head") == expected


async def test_two_spellings_are_counted_as_one_person_once_asked_and_undone_at_once(
    app: AppUnderTest,
) -> None:
    one_round_wizard(app.keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])
    one_round_wizard(app.keeper, ["Anne", "Dot", "Eve"], [1, 0, 0])
    harness = await app.start("/players")
    await harness.click(harness.find(ft.ListTile, where=lambda c: c.title.value == "Ann"))
    await compare_with(harness, "Anne")
    button = t("players.same_person", first="Ann", second="Anne")
    await harness.click(harness.find(ft.OutlinedButton, text=button))
    # Asked first, naming both and what happens; keeping them apart changes nothing.
    dialog = harness.dialog()
    assert t("players.merge_question", first="Ann", second="Anne") in harness.texts(within=dialog)
    await harness.click(harness.find(ft.TextButton, text=t("players.merge_cancel")))
    assert not harness.dialogs()
    assert shown(harness, "player-anne") == t("players.line", games=1, wins=1, rate="100%")
    await harness.click(harness.find(ft.OutlinedButton, text=button))
    await harness.click(harness.find(ft.TextButton, text=t("players.merge_confirm")))
    assert shown(harness, "player-ann") == t("players.line", games=2, wins=2, rate="100%")
    assert not harness.find_all(ft.Semantics, identifier="player-anne")
    assert {player.player for player in app.keeper.players()} == {"ann", "ben", "cas", "dot", "eve"}
    # Undone right after, from the message saying what was done.
    snack = harness.find(ft.SnackBar)
    assert t("players.merged", first="Ann", second="Anne") in harness.texts(within=snack)
    assert snack.action == t("players.undo_merge")
    await harness.dispatch(snack, "action")
    assert shown(harness, "player-ann") == t("players.line", games=1, wins=1, rate="100%")
    assert shown(harness, "player-anne") == t("players.line", games=1, wins=1, rate="100%")
    assert "anne" in {player.player for player in app.keeper.players()}


async def test_two_who_sat_at_one_game_are_not_offered_as_one_person(app: AppUnderTest) -> None:
    one_round_wizard(app.keeper, ["Ben", "Dot", "Cas"], [1, 0, 0])
    harness = await app.start("/players")
    await harness.click(harness.find(ft.ListTile, where=lambda c: c.title.value == "Ben"))
    await compare_with(harness, "Dot")
    assert not harness.find_all(
        ft.OutlinedButton, text=t("players.same_person", first="Ben", second="Dot")
    )
    refused = t("players.not_same_person", first="Ben", second="Dot")
    assert shown(harness, "same-person-refused") == refused
    assert {player.player: player.games for player in app.keeper.players()}["dot"] == 1


async def test_a_merge_refused_by_storage_says_so_where_it_was_tapped(app: AppUnderTest) -> None:
    one_round_wizard(app.keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])
    one_round_wizard(app.keeper, ["Anne", "Dot", "Eve"], [1, 0, 0])
    harness = await app.start("/players")
    await harness.click(harness.find(ft.ListTile, where=lambda c: c.title.value == "Ann"))
    await compare_with(harness, "Anne")
    # Meanwhile, on another screen, a game with both of them is finished.
    one_round_wizard(app.keeper, ["Ann", "Anne", "Cas"], [1, 0, 0])
    await harness.click(
        harness.find(ft.OutlinedButton, text=t("players.same_person", first="Ann", second="Anne"))
    )
    await harness.click(harness.find(ft.TextButton, text=t("players.merge_confirm")))
    assert t("storage.merge_same_game") in harness.texts()
    assert not harness.find_all(ft.SnackBar)
    assert {player.player: player.games for player in app.keeper.players()}["anne"] == 2


async def test_with_no_finished_game_the_screen_says_where_records_come_from(
    app: AppUnderTest,
) -> None:
    app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    harness = await app.start("/players")
    assert t("players.none") in harness.texts()


async def test_a_players_games_and_a_games_kind_filter_the_history(app: AppUnderTest) -> None:
    one_round_wizard(app.keeper, ["Ann", "Ben", "Cas"], [1, 0, 0])
    one_round_wizard(app.keeper, ["Dot", "Eve", "Fay"], [1, 0, 0])
    harness = await app.start("/players")
    await harness.click(harness.find(ft.ListTile, where=lambda c: c.title.value == "Ann"))
    await harness.click(harness.find(ft.OutlinedButton, text=t("players.their_games", name="Ann")))
    assert harness.page.route == "/history/ann"
    finished = [text for text in harness.texts() if text.startswith(t("game.wizard") + " · ")]
    assert finished == [f"{t('game.wizard')} · Ann, Ben, and Cas"]
    await harness.click(harness.find(ft.OutlinedButton, text=t("history.only_player", name="Ann")))
    finished = [text for text in harness.texts() if text.startswith(t("game.wizard") + " · ")]
    assert len(finished) == 2
    plotters = t("game.plotters")
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == plotters))
    assert t("history.none_match") in harness.texts()
