"""Export and import of whole games (JSON) and the score sheet (CSV), on real SQLite files."""

import csv
import io
import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from scorers import wizard
from scorers.ledger import Action
from storage import DB_FILENAME, GameStore, StorageError, open_store
from storage.connection import connect
from storage.game_file import VERSION, export_json, import_json
from storage.keeper import GameKeeper
from storage.score_sheet import export_csv
from tests.storage.played_games import PLAYED, played_wizard, wizard_round


@pytest.fixture
def keeper(store: GameStore) -> GameKeeper:
    return GameKeeper(store)


def stored_rows(store: GameStore) -> tuple[int, int]:
    """(games, actions) in the database file, read by a separate connection."""
    with sqlite3.connect(f"file:{store.path}?mode=ro", uri=True) as connection:
        games = connection.execute("SELECT count(*) FROM games").fetchone()[0]
        actions = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
    return games, actions


# -- JSON round trip ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_export_then_import_is_an_exact_copy_in_another_database(
    tmp_path: Path, keeper: GameKeeper, name: str
) -> None:
    original = PLAYED[name](keeper)
    text = export_json(original)
    with open_store(tmp_path / "elsewhere").store as other:
        copy = import_json(GameKeeper(other), text)
        assert copy.ledger.actions == original.ledger.actions
        assert copy.ledger.state == original.ledger.state
        assert copy.ledger.undo_target() == original.ledger.undo_target()
        assert copy.ledger.redo_target() == original.ledger.redo_target()
        assert (copy.summary.finished_at is not None) == original.ledger.state.is_over
    with open_store(tmp_path / "elsewhere").store as other:
        reopened = GameKeeper(other).open(copy.id)
    assert reopened.ledger.actions == original.ledger.actions
    assert reopened.ledger.state == original.ledger.state


def test_a_game_file_meets_the_copy_of_its_game_here(keeper: GameKeeper, tmp_path: Path) -> None:
    """A game file names its game: imported where that game is, it is the same game (one
    game however many copies): nothing new when the file holds no more, brought up to date
    when it holds more, another version of it when the two went their own ways."""
    original = played_wizard(keeper)
    same = import_json(keeper, export_json(original))
    assert same.id == original.id and same.ledger == original.ledger
    assert [g.id for g in keeper.unfinished()] == [original.id]
    with open_store(tmp_path / "laptop").store as other:
        laptop = GameKeeper(other)
        moved = import_json(laptop, export_json(original))
        further = laptop.apply(moved, Action("rename", {"names": ["Anna", "Ben", "Cas"]}))
        updated = import_json(keeper, export_json(further))
        assert updated.id == original.id and updated.ledger == further.ledger
        further = laptop.apply(further, Action("rename", {"names": ["Anna", "Benno", "Cas"]}))
        elsewhere = export_json(further)
    parted = keeper.apply(updated, Action("rename", {"names": ["Anna", "Ben", "Cassie"]}))
    version = import_json(keeper, elsewhere)
    assert version.id != original.id and version.summary.version_of == original.id
    assert version.ledger == further.ledger
    assert keeper.open(original.id).ledger == parted.ledger
    assert import_json(keeper, elsewhere).id == version.id  # met again: that version
    (listed,) = keeper.unfinished()
    assert [v.id for v in listed.versions] == [version.id]


def test_a_file_without_the_games_id_is_a_new_game_beside_the_original(
    keeper: GameKeeper,
) -> None:
    """Files written before they named their game: a copy of its own."""
    original = played_wizard(keeper)
    document = json.loads(export_json(original))
    del document["id"]
    copy = import_json(keeper, json.dumps(document))
    assert copy.id != original.id
    assert {g.id for g in keeper.unfinished()} == {original.id, copy.id}
    undone = keeper.apply(copy, Action("redo", {}))  # the copy keeps its redo history
    assert undone.ledger.state.is_over
    assert not keeper.open(original.id).ledger.state.is_over


@pytest.mark.parametrize("game_id", ["", "ABC", 7, "0" * 31, None])
def test_a_game_file_with_a_bad_id_changes_nothing(keeper: GameKeeper, game_id: object) -> None:
    original = played_wizard(keeper)
    document = json.loads(export_json(original))
    document["id"] = game_id
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_json(keeper, json.dumps(document))
    assert caught.value.key == "storage.import_field" and caught.value.params == {"field": "id"}
    assert stored_rows(keeper.store) == before


def test_the_export_is_the_documented_format(keeper: GameKeeper) -> None:
    game = PLAYED["plotters"](keeper)
    moment = datetime(2026, 11, 29, 14, 15, 9, 123, tzinfo=UTC)
    document = json.loads(export_json(game, clock=lambda: moment))
    assert document == {
        "format": "trickpad-game",
        "version": VERSION,
        "game": "plotters",
        "id": game.id,
        "exported_at": "2026-11-29T14:15:09+00:00",
        "actions": [action.to_json() for action in game.ledger.actions],
    }
    assert [a["kind"] for a in document["actions"]].count("undo") == 1


def test_names_beyond_ascii_survive_the_round_trip(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Zoë", "Bö 🂡", 'Ann "Ace", Jr.'], 0)
    copy = import_json(keeper, export_json(game))
    assert copy.ledger.state.players == ("Zoë", "Bö 🂡", 'Ann "Ace", Jr.')


# -- refused imports ---------------------------------------------------------------------

Document = dict[str, Any]


def with_field(name: str, value: object) -> Callable[[Document], Document]:
    return lambda document: {**document, name: value}


def without_field(name: str) -> Callable[[Document], Document]:
    return lambda document: {k: v for k, v in document.items() if k != name}


def with_action(step: int, action: object) -> Callable[[Document], Document]:
    """The document with its action number `step` (1-based) replaced."""

    def change(document: Document) -> Document:
        actions = list(document["actions"])
        actions[step - 1] = action
        return {**document, "actions": actions}

    return change


def with_start_data(**changes: object) -> Callable[[Document], Document]:
    def change(document: Document) -> Document:
        start = document["actions"][0]
        return with_action(1, {**start, "data": {**start["data"], **changes}})(document)

    return change


# played_wizard's record: 1 start, round 1 = drafts 2-7 and score 8.
ROUND_ONE_SCORE = 8
TRICKS_NOT_ADDING_UP = {
    "kind": "score",
    "data": {"round": 1, "entry": {"bids": [1, 0, 1], "tricks": [0, 0, 0]}},
}
BAD_DOCUMENTS: list[tuple[str, Callable[[Document], Document], str, dict[str, Any]]] = [
    ("not an object", lambda d: [d], "storage.import_not_trickpad", {}),
    ("no format", without_field("format"), "storage.import_not_trickpad", {}),
    ("foreign format", with_field("format", "scorepad"), "storage.import_not_trickpad", {}),
    (
        "newer version",
        with_field("version", VERSION + 1),
        "storage.import_version",
        {"found": VERSION + 1},
    ),
    ("version as text", with_field("version", "1"), "storage.import_field", {"field": "version"}),
    ("version zero", with_field("version", 0), "storage.import_field", {"field": "version"}),
    ("no version", without_field("version"), "storage.import_field", {"field": "version"}),
    ("game not text", with_field("game", 7), "storage.import_field", {"field": "game"}),
    ("unknown game", with_field("game", "skat"), "storage.import_game_unknown", {"game": "skat"}),
    (
        "unknown game in the setup",
        with_start_data(game="skat"),
        "storage.import_invalid",
        {"step": 1, "reason_key": "game.unknown"},
    ),
    (
        "header and setup disagree",
        with_field("game", "plotters"),
        "storage.import_game_mismatch",
        {"game": "plotters", "actual": "wizard"},
    ),
    ("actions not a list", with_field("actions", {}), "storage.import_field", {"field": "actions"}),
    ("no actions", with_field("actions", []), "storage.import_empty", {}),
    (
        "players not a list",
        with_start_data(players="Ann, Ben, Cas"),
        "storage.import_invalid",
        {"step": 1, "reason_key": "action.field_type"},
    ),
    (
        "round as a string",
        with_action(ROUND_ONE_SCORE, {"kind": "score", "data": {"round": "1", "entry": {}}}),
        "storage.import_invalid",
        {"step": ROUND_ONE_SCORE, "reason_key": "action.field_type"},
    ),
    (
        "tricks not adding up",
        with_action(ROUND_ONE_SCORE, TRICKS_NOT_ADDING_UP),
        "storage.import_invalid",
        {"step": ROUND_ONE_SCORE, "reason_key": "wizard.tricks_total"},
    ),
    (
        "action without data",
        with_action(3, {"kind": "undo"}),
        "storage.import_invalid",
        {"step": 3, "reason_key": "action.not_object"},
    ),
    (
        "setup not first",
        lambda d: {**d, "actions": d["actions"][1:]},
        "storage.import_invalid",
        {"step": 1, "reason_key": "ledger.start_first"},
    ),
    (
        "undo of the setup",
        lambda d: {**d, "actions": [d["actions"][0], {"kind": "undo", "data": {}}]},
        "storage.import_invalid",
        {"step": 2, "reason_key": "ledger.nothing_to_undo"},
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "key", "params"),
    [case[1:] for case in BAD_DOCUMENTS],
    ids=[case[0] for case in BAD_DOCUMENTS],
)
def test_a_bad_document_is_refused_and_nothing_is_written(
    keeper: GameKeeper, change: Callable[[Document], Document], key: str, params: dict[str, Any]
) -> None:
    document = json.loads(export_json(played_wizard(keeper)))
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_json(keeper, json.dumps(change(document)))
    assert caught.value.key == key, str(caught.value)
    for name, value in params.items():
        assert caught.value.params[name] == value
    assert stored_rows(keeper.store) == before


def test_the_rules_reason_is_part_of_the_one_message(keeper: GameKeeper) -> None:
    document = json.loads(export_json(played_wizard(keeper)))
    bad = with_action(ROUND_ONE_SCORE, TRICKS_NOT_ADDING_UP)(document)
    with pytest.raises(StorageError) as caught:
        import_json(keeper, json.dumps(bad))
    message = str(caught.value)
    assert f"step {ROUND_ONE_SCORE}" in message
    assert "Tricks entered: 0 of the 1 played this round, 1 missing." in message
    assert caught.value.params["reason_params"] == {"total": 0, "cards": 1, "off": 1}


@pytest.mark.parametrize(
    "text",
    ["", "{", '{"format": "trickpad-game", "version": 1, "ga', "NaN-ish {}"],
    ids=["empty", "one brace", "cut short", "not json"],
)
def test_text_that_is_not_json_is_refused_and_nothing_is_written(
    keeper: GameKeeper, text: str
) -> None:
    played_wizard(keeper)
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_json(keeper, text)
    assert caught.value.key == "storage.import_not_json"
    assert stored_rows(keeper.store) == before


def test_a_truncated_export_is_refused(keeper: GameKeeper) -> None:
    text = export_json(played_wizard(keeper))
    before = stored_rows(keeper.store)
    for end in (1, len(text) // 3, len(text) // 2, len(text) - 3):
        with pytest.raises(StorageError) as caught:
            import_json(keeper, text[:end])
        assert caught.value.key == "storage.import_not_json"
    assert stored_rows(keeper.store) == before


def test_an_import_that_hits_a_full_disk_writes_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path / "source").store as source:
        keeper = GameKeeper(source)
        game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [20]})
        for bid in range(400):  # a bid changed back and forth: a record of many pages
            entry = {"bids": [bid % 21, None, None], "tricks": [None] * 3, "cloud": None}
            game = keeper.apply(game, Action("draft", {"round": 1, "entry": entry}))
        text = export_json(game)
    with open_store(tmp_path / "target").store as target:
        target_keeper = GameKeeper(target)
        target_keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    connection = connect(tmp_path / "target" / DB_FILENAME)
    (pages,) = connection.execute("PRAGMA page_count").fetchone()
    connection.execute(f"PRAGMA max_page_count = {pages}")
    with GameStore(connection) as full:
        before = stored_rows(full)
        with pytest.raises(StorageError) as caught:
            import_json(GameKeeper(full), text)
        assert caught.value.key == "storage.disk_full"
        assert stored_rows(full) == before


# -- CSV score sheet ---------------------------------------------------------------------


def sheet(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def column(rows: list[list[str]], title: str) -> list[str]:
    """The cells under the header `title`, from the first round's row to the Place row."""
    at = rows[0].index(title)
    return [row[at] for row in rows[1:]]


OWN_COLUMNS: dict[str, tuple[str, ...]] = {
    "wizard": ("{} bid", "{} tricks"),
    "plotters": (),
    "colour_blind": (),
}
"""The columns each game's sheet has per player before the round's score and total."""


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_the_score_sheet_holds_the_ledgers_scores_totals_and_places(
    keeper: GameKeeper, name: str
) -> None:
    game = PLAYED[name](keeper)
    state = game.ledger.state
    rows = sheet(export_csv(game))
    header, *rounds, total_row, place_row = rows
    own = OWN_COLUMNS[name]
    assert header == [
        "Round",
        *(cell for p in state.players for cell in (*(c.format(p) for c in own), p, f"{p} total")),
    ]
    assert len(rounds) == len(state.rounds) > 0
    assert [int(row[0]) for row in rounds] == [scored.number for scored in state.rounds]
    running = state.running_totals()
    places = {standing.seat: standing.place for standing in state.standings()}
    for seat, player in enumerate(state.players):
        scores = column(rows, player)
        assert [int(cell) for cell in scores[:-2]] == [r.scores[seat] for r in state.rounds]
        assert scores[-2:] == ["", ""]
        totals = [int(cell) for cell in column(rows, f"{player} total")]
        assert totals == [r[seat] for r in running] + [state.totals[seat], places[seat]]
        for title in own:
            assert column(rows, title.format(player))[-2:] == ["", ""]
    assert (total_row[0], place_row[0]) == ("Total", "Place")


def test_the_wizard_sheet_shows_each_rounds_bids_and_tricks_scored(keeper: GameKeeper) -> None:
    game = played_wizard(keeper)  # round 1 was edited after round 2
    rows = sheet(export_csv(game))
    state = game.ledger.state
    for seat, player in enumerate(state.players):
        bids = [int(cell) for cell in column(rows, f"{player} bid")[:-2]]
        tricks = [int(cell) for cell in column(rows, f"{player} tricks")[:-2]]
        assert bids == [scored.entry["bids"][seat] for scored in state.rounds]
        assert tricks == [scored.entry["tricks"][seat] for scored in state.rounds]
        expected = [wizard.round_score(b, t) for b, t in zip(bids, tricks, strict=True)]
        assert [int(cell) for cell in column(rows, player)[:-2]] == expected
    # The edit, not the first entry: Ann bid 1 and took none.
    assert rows[1][:5] == ["1", "1", "0", "-10", "-10"]


def test_the_wizard_sheet_writes_the_bid_the_cloud_changed(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"anniversary_cards": True})
    entry = {"bids": [0, 1, 0], "tricks": [1, 0, 0], "cloud": {"seat": 0, "change": 1}}
    game = keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    rows = sheet(export_csv(game))
    assert rows[0][1:5] == ["Ann bid", "Ann tricks", "Ann", "Ann total"]
    assert rows[1][1:5] == ["1", "1", "30", "30"]  # bid 0, then 1 with the Cloud: made


def test_names_with_commas_and_quotes_keep_their_columns(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ['Ann "Ace", Jr.', "Ben", "Cas"], 0)
    game = wizard_round(keeper, game, [1, 0, 0], [1, 0, 0])
    header, first, total, place = sheet(export_csv(game))
    assert header[1:5] == [
        'Ann "Ace", Jr. bid',
        'Ann "Ace", Jr. tricks',
        'Ann "Ace", Jr.',
        'Ann "Ace", Jr. total',
    ]
    assert len(first) == len(total) == len(place) == 13


def test_a_game_without_rounds_has_a_sheet_of_zeros(keeper: GameKeeper) -> None:
    game = keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0)
    assert sheet(export_csv(game)) == [
        ["Round", "Ann", "Ann total", "Ben", "Ben total", "Cas", "Cas total"],
        ["Total", "", "0", "", "0", "", "0"],
        ["Place", "", "1", "", "1", "", "1"],
    ]


def test_the_sheet_labels_can_be_translated(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    labels = {"storage.sheet_round": "Runde", "storage.sheet_total": "Summe"}
    labels |= {"storage.sheet_place": "Platz", "storage.sheet_total_of": "{name} gesamt"}
    labels |= {"wizard.sheet.bid": "{name} Ansage", "wizard.sheet.tricks": "{name} Stiche"}
    header, total, place = sheet(export_csv(game, lambda key, **p: labels[key].format(**p)))
    assert header[:5] == ["Runde", "Ann Ansage", "Ann Stiche", "Ann", "Ann gesamt"]
    assert (total[0], place[0]) == ("Summe", "Platz")


def test_the_example_in_the_format_document_imports(keeper: GameKeeper) -> None:
    document = (Path(__file__).parents[2] / "docs" / "game-format.md").read_text()
    example = document.split("```json\n", 1)[1].split("```", 1)[0]
    game = import_json(keeper, example)
    assert game.ledger.state.rounds == ()
    assert game.ledger.state.draft == {
        "bids": [None, 1, 0],
        "tricks": [None, None, None],
        "cloud": None,
        "trump": "H",
    }
    entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None, "trump": "H"}
    assert game.ledger.redo_target() == Action("score", {"round": 1, "entry": entry})


def test_a_rounds_trump_goes_out_and_comes_back_with_the_game(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    trump = {"at": ["trump"], "was": None, "now": "WD"}
    game = keeper.apply(game, Action("edit", {"round": 1, "changes": [trump]}))
    entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None, "trump": "WD"}
    game = keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    copy = import_json(keeper, export_json(game))
    assert copy.ledger.state == game.ledger.state
    assert copy.ledger.state.rounds[0].entry["trump"] == "WD"


def test_a_version_1_file_still_imports_and_an_impossible_trump_is_refused_by_the_rules(
    keeper: GameKeeper,
) -> None:
    old = json.loads(export_json(played_wizard(keeper)))
    old["version"] = 1
    copy = import_json(keeper, json.dumps(old))
    assert copy.ledger.state.totals == played_wizard(keeper).ledger.state.totals
    bad = {
        "kind": "edit",
        "data": {"round": 1, "changes": [{"at": ["trump"], "was": None, "now": "N"}]},
    }
    start = old["actions"][0]
    with pytest.raises(StorageError) as refused:
        import_json(keeper, json.dumps({**old, "actions": [start, bad]}))
    assert refused.value.key == "storage.import_invalid"
    assert refused.value.params["step"] == 2
    assert refused.value.params["reason_key"] == "wizard.trump_card_invalid"


def test_the_wizard_sheet_ends_with_each_rounds_trump_once_one_is_entered(
    keeper: GameKeeper,
) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1, 2, 3, 20]})
    header, *_ = sheet(export_csv(game))
    assert header[-1] == "Cas total"  # no trump entered: the sheet it always had
    entries = [
        ({"bids": [0, 1, 0], "tricks": [0, 1, 0]}, "H"),
        ({"bids": [0, 0, 2], "tricks": [0, 0, 2]}, "WS"),
        ({"bids": [3, 0, 0], "tricks": [3, 0, 0]}, None),
        ({"bids": [20, 0, 0], "tricks": [20, 0, 0]}, None),  # every card dealt: no trump
    ]
    for number, (entry, trump) in enumerate(entries, start=1):
        given = {**entry, "trump": trump} if trump else entry
        game = keeper.apply(game, Action("score", {"round": number, "entry": given}))
    header, *rounds, total, place = sheet(export_csv(game))
    columns = 1 + 3 * 4 + 1  # round; each player's bid, tricks, points, total; the trump
    assert header[-1] == "Trump" and len(header) == columns
    assert [row[-1] for row in rounds] == ["\u2665", "W \u2660", "", "\u2014"]
    assert total[-1] == place[-1] == "" and len(total) == len(place) == columns
    scores = [int(rounds[0][header.index(name)]) for name in ("Ann", "Ben", "Cas")]
    assert scores == [20, 30, 20]  # the scores stay put
    translated = export_csv(
        game, lambda key, **p: {"wizard.field.trump_column": "Trumpf"}.get(key, key)
    )
    assert sheet(translated)[0][-1] == "Trumpf"
