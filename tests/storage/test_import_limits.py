"""Imports of hostile or broken files: every one refused with a documented StorageError
before anything is written, never an exception of another kind."""

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorers import InvalidEntry
from scorers.games import GAME_RULES
from scorers.ledger import MAX_ACTION_BYTES, MAX_ACTIONS, Action, Ledger
from scorers.seats import NAME_MAX_LENGTH
from scorers.wizard import MAX_ROUNDS
from storage import StorageError, open_store
from storage.backup import import_library
from storage.game_file import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    export_json,
    import_file,
    nesting,
)
from storage.game_file import import_json as import_text
from storage.keeper import GameKeeper
from tests.big_game import long_wizard_ledger
from tests.storage.played_games import PLAYED
from tests.storage.test_game_file import stored_rows

# The keys import_json documents; anything else leaving it is a bug.
REFUSALS = {
    "storage.import_too_large",
    "storage.import_not_json",
    "storage.import_too_deep",
    "storage.import_bad_text",
    "storage.import_not_trickpad",
    "storage.import_version",
    "storage.import_field",
    "storage.import_game_unknown",
    "storage.import_empty",
    "storage.import_too_long",
    "storage.import_invalid",
    "storage.import_game_mismatch",
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each played game's file, parsed: the starting point of the hostile variants."""
    with open_store(tmp_path_factory.mktemp("played")).store as store:
        keeper = GameKeeper(store)
        return {name: json.loads(export_json(play(keeper))) for name, play in PLAYED.items()}


@pytest.fixture
def keeper(tmp_path: Path) -> GameKeeper:
    return GameKeeper(open_store(tmp_path).store)


def refusal(keeper: GameKeeper, text: str) -> str:
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_text(keeper, text)
    assert stored_rows(keeper.store) == before
    return caught.value.key


def test_every_played_game_is_within_the_limits(
    keeper: GameKeeper, exported: dict[str, dict[str, Any]]
) -> None:
    for document in exported.values():
        imported = import_text(keeper, json.dumps(document))
        assert imported.ledger.action_count == len(document["actions"]) < MAX_ACTIONS


def test_a_game_as_long_as_trickpad_records_is_exported_and_imported_again(
    keeper: GameKeeper,
) -> None:
    saved = keeper.import_ledger(long_wizard_ledger(MAX_ACTIONS))
    before = stored_rows(keeper.store)
    entry = {"bids": [None, 1, None, None], "tricks": [None] * 4}
    with pytest.raises(InvalidEntry) as caught:
        keeper.apply(saved, Action("draft", {"round": 1, "entry": entry}))
    assert caught.value.key == "ledger.too_long"
    assert caught.value.params["limit"] == MAX_ACTIONS
    assert stored_rows(keeper.store) == before
    document = json.loads(export_json(keeper.open(saved.id)))
    del document["id"]  # a copy beside the game, not the same game met again
    imported = import_file(keeper, json.dumps(document).encode())
    assert imported.id != saved.id
    reopened = GameKeeper(keeper.store).open(imported.id)  # read back from the file
    assert reopened.ledger.action_count == MAX_ACTIONS
    assert reopened.ledger == saved.ledger
    assert reopened.ledger.state == saved.ledger.state


def longest_names(game: str, mark: str) -> list[str]:
    """As many names as the game seats, each of the longest length, in four-byte letters."""
    seats = GAME_RULES[game].max_players
    return [chr(0x1D400 + seat) + mark * (NAME_MAX_LENGTH - 1) for seat in range(seats)]


LONGEST_SETTINGS: dict[str, dict[str, Any]] = {
    "wizard": {"round_sizes": [10] * MAX_ROUNDS},  # six players' largest hand, in every round
}
"""The settings that make a game's setup longest."""


@pytest.mark.parametrize("game", sorted(GAME_RULES))
def test_no_action_takes_more_than_its_line_in_a_game_file(
    keeper: GameKeeper, exported: dict[str, dict[str, Any]], game: str
) -> None:
    names = longest_names(game, "\U0001d41a")
    ledger = Ledger.start(game, names, 0, LONGEST_SETTINGS.get(game))
    ledger = ledger.apply(Action("rename", {"names": longest_names(game, "\U0001d41b")}))
    saved = keeper.import_ledger(ledger)
    lines = export_json(saved).encode().splitlines()
    played = exported[game]["actions"]
    lines += [json.dumps(action, ensure_ascii=False).encode() for action in played]
    assert len(max(lines, key=len)) > NAME_MAX_LENGTH * 4 * GAME_RULES[game].max_players
    assert max(len(line) for line in lines) <= MAX_ACTION_BYTES
    assert MAX_FILE_BYTES >= MAX_ACTIONS * MAX_ACTION_BYTES


@pytest.mark.parametrize("depth", [MAX_DEPTH, 494, 986, 5000, 1_000_000])
def test_nesting_deeper_than_the_format_is_refused_before_parsing(
    keeper: GameKeeper, exported: dict[str, dict[str, Any]], depth: int
) -> None:
    """Before parsing, not by the parser's RecursionError: in a phone's browser a parser
    5,000 levels down exhausts the JavaScript stack first and kills Python."""
    document = exported["wizard"]
    marker = {**document["actions"][1], "data": {"round": 1, "entry": "NESTED"}}
    text = json.dumps({**document, "actions": [document["actions"][0], marker]})
    text = text.replace('"NESTED"', "[" * depth + "0" + "]" * depth)
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_text(keeper, text)
    assert caught.value.key == "storage.import_too_deep"
    assert caught.value.params == {"depth": depth + 4, "limit": MAX_DEPTH}
    assert stored_rows(keeper.store) == before


def test_a_backup_nested_too_deep_is_refused_whole(keeper: GameKeeper) -> None:
    text = '{"format": "trickpad-library", "version": 2, "games": ' + "[" * 5_000 + "]" * 5_000
    with pytest.raises(StorageError) as caught:
        import_library(keeper, (text + "}").encode())
    assert caught.value.key == "storage.import_too_deep"


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("0", 0),
        ('"[[[{"', 0),
        ('[{"a": "]]]"}, []]', 2),
        (r'["\\", ["\"[[", [[]]]]', 4),  # an escaped backslash, then an escaped quote
        ("[[[", 3),
        # A string left open runs to the end, as a parser reads it: it stops there.
        ('[["open [[', 2),
        ('"' + '\\"' * 8_000 + "[[", 0),
    ],
    ids=lambda value: value if isinstance(value, int) else value[:12],
)
def test_nesting_counts_brackets_outside_strings(text: str, depth: int) -> None:
    assert nesting(text) == depth


def test_brackets_in_names_are_names(keeper: GameKeeper) -> None:
    names = ["[[[[[[[[[[", "{{{{{{{{{{", "]]}}"]
    saved = keeper.import_ledger(Ledger.start("wizard", names, 0))
    imported = import_text(keeper, export_json(saved))
    assert imported.ledger.state.players == tuple(names)


def test_an_action_larger_than_any_step_is_refused_as_that_step(
    keeper: GameKeeper, exported: dict[str, dict[str, Any]]
) -> None:
    document = exported["wizard"]
    rename = {"kind": "rename", "data": {"names": ["x" * MAX_ACTION_BYTES] * 3}}
    text = json.dumps({**document, "actions": [*document["actions"], rename]})
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_text(keeper, text)
    assert caught.value.key == "storage.import_invalid"
    assert caught.value.params["step"] == len(document["actions"]) + 1
    assert caught.value.params["reason_key"] == "action.too_large"
    assert stored_rows(keeper.store) == before


def test_a_lone_surrogate_in_a_name_is_refused(
    keeper: GameKeeper, exported: dict[str, dict[str, Any]]
) -> None:
    document = exported["wizard"]
    start = document["actions"][0]
    players = ["Ann\ud800", *start["data"]["players"][1:]]
    changed = {**start, "data": {**start["data"], "players": players}}
    text = json.dumps({**document, "actions": [changed, *document["actions"][1:]]})
    assert "\\ud800" in text
    assert refusal(keeper, text) == "storage.import_bad_text"


def test_a_file_over_the_size_limit_is_refused_before_reading(keeper: GameKeeper) -> None:
    before = stored_rows(keeper.store)
    with pytest.raises(StorageError) as caught:
        import_file(keeper, b" " * (MAX_FILE_BYTES + 1))
    assert caught.value.key == "storage.import_too_large"
    assert caught.value.params["limit"] == MAX_FILE_BYTES
    assert stored_rows(keeper.store) == before


def test_more_steps_than_the_limit_are_refused(
    keeper: GameKeeper, exported: dict[str, dict[str, Any]]
) -> None:
    document = exported["wizard"]
    undo = {"kind": "undo", "data": {}}
    actions = [document["actions"][0], *[undo] * MAX_ACTIONS]
    assert refusal(keeper, json.dumps({**document, "actions": actions})) == (
        "storage.import_too_long"
    )


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["\ud800", "\udfff", "Ann\u202e", "", "blue7", "AH"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=8) | st.sampled_from(["round", "entry"]), children)
    ),
    max_leaves=12,
)


def replace_at(value: Any, path: list[int], new: object) -> Any:
    """`value` with the node reached by following `path` (indices modulo size) replaced."""
    if not path or not isinstance(value, dict | list) or not value:
        return new
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[path[0] % len(keys)]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[key] = replace_at(value[key], path[1:], new)
    return copy


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(sorted(PLAYED)),
    path=st.lists(st.integers(0, 50), max_size=7),
    new=JSON,
    cut=st.none() | st.integers(0, 3000),
)
def test_a_hostile_file_is_imported_whole_or_refused_with_a_documented_reason(
    keeper: GameKeeper,
    exported: dict[str, dict[str, Any]],
    game: str,
    path: list[int],
    new: object,
    cut: int | None,
) -> None:
    text = json.dumps(replace_at(exported[game], path, new))
    if cut is not None:
        text = text[:cut]
    before = stored_rows(keeper.store)
    try:
        imported = import_text(keeper, text)
    except StorageError as error:
        assert error.key in REFUSALS
        assert stored_rows(keeper.store) == before
    else:
        assert keeper.open(imported.id).ledger == imported.ledger
