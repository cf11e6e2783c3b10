"""A game in a link: the round trip, the size of a whole game's link, and links that are
damaged, cut short or made to harm, each refused with its own message."""

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers.ledger import Action, GameState, Ledger
from storage import GameStore, StorageError
from storage.game_file import VERSION as FILE_VERSION
from storage.game_link import (
    MARK,
    MAX_DOCUMENT_BYTES,
    MAX_LINK_CHARS,
    VERSION,
    link_text,
    read_link,
    standing_actions,
)
from storage.keeper import GameKeeper
from tests.storage.played_games import PLAYED, whole_wizard

SITE = "https://trickpad.example.org/trickpad/#"
"""An address a link is made on: a project page's, longer than most."""
LINK_KEYS = {
    "storage.link_damaged",
    "storage.link_too_large",
    "storage.link_version",
    "storage.link_game_unknown",
    "storage.link_invalid",
}


@pytest.fixture
def keeper(store: GameStore) -> GameKeeper:
    return GameKeeper(store)


def same_sheet(copy: GameState, original: GameState) -> None:
    """What the sheet shows: players, settings, every round's entry and score, the
    adjustments, totals and places."""
    assert copy.players == original.players
    assert copy.first_dealer == original.first_dealer
    assert copy.settings == original.settings
    assert copy.rounds == original.rounds
    assert copy.adjustments == original.adjustments
    assert copy.running_totals() == original.running_totals()
    assert copy.totals == original.totals
    assert copy.standings() == original.standings()
    assert copy.is_over == original.is_over


def packed(document: object, *, raw: bytes | None = None, version: str = VERSION) -> str:
    """A link's text made by hand: `document` as JSON (or the bytes `raw`), deflated."""
    data = raw if raw is not None else json.dumps(document).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = deflate.compress(data) + deflate.flush()
    return MARK + version + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def document_of(state: GameState, **changed: Any) -> dict[str, Any]:
    actions = [action.to_json() for action in standing_actions(state)]
    fields = {"format": "trickpad-link", "version": FILE_VERSION, "game": state.game}
    return fields | {"actions": actions} | changed


def refused(text: str) -> StorageError:
    with pytest.raises(StorageError) as caught:
        read_link(text)
    return caught.value


# -- the round trip ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 6])
def test_a_whole_wizard_game_comes_back_from_its_link_under_2000_characters(
    keeper: GameKeeper, players: int
) -> None:
    game = whole_wizard(keeper, players)
    state = game.ledger.state
    assert state.is_over and len(state.rounds) == 60 // players and state.adjustments
    text = link_text(state)
    assert len(SITE + text) < 2_000
    same_sheet(read_link(text).state, state)


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_every_game_comes_back_from_its_link(keeper: GameKeeper, name: str) -> None:
    state = PLAYED[name](keeper).ledger.state
    same_sheet(read_link(link_text(state)).state, state)


def test_the_link_holds_the_game_as_it_stands_not_its_history(keeper: GameKeeper) -> None:
    """The round being typed, the undo history and the old names stay behind: the link's
    game is its setup as it is now, each round as last corrected, then the adjustments."""
    game = whole_wizard(keeper, 3)
    game = keeper.apply(game, Action("undo", {}))  # the rename: a redo is left
    ledger = read_link(link_text(game.ledger.state))
    state = game.ledger.state
    kinds = [action.kind for action in ledger.actions]
    assert kinds == ["start"] + ["score"] * len(state.rounds) + ["adjust"] * 2
    assert ledger.state.players == state.players
    assert ledger.redo_target() is None


def test_a_game_being_played_comes_back_without_the_round_being_typed(
    keeper: GameKeeper,
) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 1)
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}
    game = keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    draft = {"bids": [2, None, None], "tricks": [None] * 3, "cloud": None}
    game = keeper.apply(game, Action("draft", {"round": 2, "entry": draft}))
    copy = read_link(link_text(game.ledger.state)).state
    assert copy.draft is None and copy.current_round == 2
    same_sheet(copy, game.ledger.state)


# -- links that cannot be read -----------------------------------------------------------


@pytest.fixture
def state(keeper: GameKeeper) -> GameState:
    return whole_wizard(keeper, 3).ledger.state


def test_a_link_cut_short_anywhere_is_damaged(state: GameState) -> None:
    text = link_text(state)
    for end in range(0, len(text), 7):
        assert refused(text[:end]).key == "storage.link_damaged", end


def test_characters_no_link_holds_are_damaged(state: GameState) -> None:
    text = link_text(state)
    for bad in (" ", "+", "/", "=", "%20", "é", "."):
        changed = text[:40] + bad + text[40:]
        assert refused(changed).key == "storage.link_damaged", bad


def test_text_that_is_not_a_game_link_is_damaged() -> None:
    for text in ("", "g", "x1abc", "https://example.org/", "game-1-abc"):
        assert refused(text).key == "storage.link_damaged", text


def test_bytes_that_do_not_inflate_are_damaged() -> None:
    noise = base64.urlsafe_b64encode(bytes(range(256))).decode("ascii").rstrip("=")
    assert refused(MARK + VERSION + noise).key == "storage.link_damaged"


def test_more_after_the_compressed_end_is_damaged(state: GameState) -> None:
    text = link_text(state)
    body = base64.urlsafe_b64decode(text[2:] + "=" * (-len(text[2:]) % 4))
    extra = base64.urlsafe_b64encode(body + b"more").decode("ascii").rstrip("=")
    assert refused(text[:2] + extra).key == "storage.link_damaged"


def test_a_zip_bomb_is_refused_once_it_inflates_past_the_bound() -> None:
    bomb = packed(None, raw=b"[" + b" " * (50 * MAX_DOCUMENT_BYTES) + b"]")
    assert len(bomb) < MAX_LINK_CHARS
    assert refused(bomb).key == "storage.link_too_large"


def test_a_link_longer_than_any_is_refused_before_it_is_decoded() -> None:
    assert refused(MARK + VERSION + "A" * MAX_LINK_CHARS).key == "storage.link_too_large"


def test_a_newer_encoding_asks_for_an_update_and_a_strange_one_is_damaged(
    state: GameState,
) -> None:
    text = link_text(state)
    assert refused(MARK + "2" + text[2:]).key == "storage.link_version"
    assert refused(MARK + "x" + text[2:]).key == "storage.link_damaged"


def test_entries_of_a_newer_game_file_version_ask_for_an_update(state: GameState) -> None:
    assert refused(packed(document_of(state, version=FILE_VERSION + 1))).key == (
        "storage.link_version"
    )


@pytest.mark.parametrize(
    "document",
    [
        [1, 2, 3],
        {"format": "trickpad-game", "version": 1},
        {"format": "trickpad-link", "version": "5"},
        {"format": "trickpad-link", "version": 5, "game": "wizard"},
        {"format": "trickpad-link", "version": 5, "game": "wizard", "actions": []},
    ],
)
def test_a_document_that_is_no_game_link_is_damaged(document: object) -> None:
    assert refused(packed(document)).key == "storage.link_damaged"


def test_values_nested_too_deep_are_damaged() -> None:
    deep = {"format": "trickpad-link", "version": 5, "deep": [[[[[[[[[[1]]]]]]]]]]}
    assert refused(packed(deep)).key == "storage.link_damaged"
    assert refused(packed(None, raw=b"[" * 100_000)).key == "storage.link_damaged"


def test_a_game_this_app_does_not_know_is_named(state: GameState) -> None:
    error = refused(packed(document_of(state, game="skat")))
    assert error.key == "storage.link_game_unknown" and error.params["game"] == "skat"


def test_an_entry_the_rules_refuse_names_its_step(state: GameState) -> None:
    """A link cannot claim what its entries do not give: a round's tricks that do not add
    up to its cards are refused, as they are at the table."""
    document = document_of(state)
    document["actions"][3]["data"]["entry"]["tricks"] = [3, 3, 3]
    error = refused(packed(document))
    assert error.key == "storage.link_invalid" and error.params["step"] == 4


def test_a_total_written_into_a_link_is_not_taken(state: GameState) -> None:
    document = document_of(state)
    document["actions"][1]["data"]["scores"] = [1000, 0, 0]
    error = refused(packed(document))
    assert error.key == "storage.link_invalid" and error.params["step"] == 2


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_game_or_refused_with_a_links_message(text: str) -> None:
    try:
        read_link(text)
    except StorageError as error:
        assert error.key in LINK_KEYS


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_changed_character_gives_the_same_game_another_valid_one_or_a_message(
    data: st.DataObject,
) -> None:
    ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], 0)
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None, "trump": "H"}
    ledger = ledger.apply(Action("score", {"round": 1, "entry": entry}))
    text = link_text(ledger.state)
    at = data.draw(st.integers(0, len(text) - 1))
    new = data.draw(st.sampled_from("ABCXYZabcxyz0189-_"))
    try:
        read_link(text[:at] + new + text[at + 1 :])
    except StorageError as error:
        assert error.key in LINK_KEYS
