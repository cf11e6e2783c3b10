"""Player names: what a keyboard types is kept (normalised); what would break a screen is
refused with a message saying why."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers.errors import InvalidEntry
from scorers.ledger import Ledger
from scorers.seats import NAME_MAX_LENGTH, check_name, same_player


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ann ", "Ann"),
        ("Jo\u0308rg", "J\u00f6rg"),  # a decomposed ö is stored composed
        ("김민준", "김민준"),
        ("Anne-Marie O'Neil", "Anne-Marie O'Neil"),
        ("A" * NAME_MAX_LENGTH, "A" * NAME_MAX_LENGTH),
    ],
)
def test_a_typed_name_is_kept_trimmed_and_composed(typed: str, kept: str) -> None:
    assert check_name(typed, 0, []) == kept


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("", "players.name_empty"),
        ("   ", "players.name_empty"),
        ("\u3164\u3164", "players.name_empty"),  # Hangul fillers draw nothing
        ("\u0301\u0301", "players.name_empty"),  # combining marks alone
        ("\u200b\u200b", "players.name_bad_character"),  # zero-width spaces
        ("Ann\u200b", "players.name_bad_character"),
        ("\u202eAnn", "players.name_bad_character"),  # would reverse the banner
        ("Ann\ud800", "players.name_bad_character"),  # a lone surrogate
        ("Ann\ufffd", "players.name_bad_character"),  # a lone surrogate sent on a link
        ("Ann\x07", "players.name_bad_character"),
        ("A" * (NAME_MAX_LENGTH + 1), "players.name_too_long"),
        ("x" * 1_000_000, "players.name_too_long"),
        (None, "players.name_empty"),
    ],
)
def test_a_name_that_would_break_a_screen_is_refused(typed: object, key: str) -> None:
    with pytest.raises(InvalidEntry) as caught:
        check_name(typed, 2, [])
    assert caught.value.key == key
    assert "3" in str(caught.value)  # names the seat, counted from 1


@pytest.mark.parametrize("other", ["ann", " ANN ", "aNn", "Ann"])
def test_names_that_differ_only_in_case_or_spacing_are_one_player(other: str) -> None:
    assert same_player("Ann", other)
    with pytest.raises(InvalidEntry) as caught:
        check_name(other, 1, ["Ann"])
    assert caught.value.key == "players.name_taken"


def test_composed_and_decomposed_spellings_are_one_player() -> None:
    assert same_player("J\u00f6rg", "Jo\u0308rg")
    assert not same_player("Ann", "Anne")
    with pytest.raises(InvalidEntry):
        Ledger.start("wizard", ["J\u00f6rg", "Jo\u0308rg", "Cas"], 0)


@given(st.text(max_size=60))
def test_every_accepted_name_is_short_composed_and_visible(typed: str) -> None:
    try:
        name = check_name(typed, 0, [])
    except InvalidEntry as error:
        assert error.key.startswith("players.name_")
        return
    assert name == unicodedata.normalize("NFC", name) == name.strip()
    assert 0 < len(name) <= NAME_MAX_LENGTH
    assert all(unicodedata.category(char) not in {"Cc", "Cf", "Cs"} for char in name)


def test_names_that_differ_only_in_inner_spacing_are_one_player() -> None:
    assert same_player("Ann Marie", "ann  marie")
    assert not same_player("Ann Marie", "AnnMarie")
