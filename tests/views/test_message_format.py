"""Plural blocks pick the branch each language's CLDR rules name, and bad blocks are refused."""

from datetime import datetime

import pytest

from views.shell.i18n import moment, t
from views.shell.message_format import (
    MessageSyntaxError,
    PluralBlock,
    format_message,
    plural_blocks,
)

CARDS = "{cards, plural, one {# card each} other {# cards each}}"


@pytest.mark.parametrize(
    ("count", "text"), [(0, "0 cards each"), (1, "1 card each"), (2, "2 cards each")]
)
def test_english_picks_one_only_for_one(count: int, text: str) -> None:
    assert format_message(CARDS, "en", {"cards": count}) == text


def test_a_language_without_one_always_takes_other() -> None:
    korean = "{n, plural, other {카드 #장}}"
    assert format_message(korean, "ko", {"n": 1}) == "카드 1장"


def test_russian_few_and_many_come_from_babel_not_from_english_rules() -> None:
    text = "{n, plural, one {# one} few {# few} many {# many} other {# other}}"
    assert [format_message(text, "ru", {"n": n}) for n in (1, 3, 5, 21)] == [
        "1 one",
        "3 few",
        "5 many",
        "21 one",
    ]


def test_an_exact_branch_wins_over_the_category() -> None:
    text = "{n, plural, =0 {nobody} one {# player} other {# players}}"
    assert format_message(text, "en", {"n": 0}) == "nobody"
    assert format_message(text, "en", {"n": 1}) == "1 player"


def test_branches_fill_their_own_placeholders_and_numbers_follow_the_language() -> None:
    text = "{name} took {n, plural, one {# trick from {lead}} other {# tricks from {lead}}}"
    filled = format_message(text, "de", {"name": "Ann", "n": 1500, "lead": "Ben"})
    assert filled == "Ann took 1.500 tricks from Ben"


def test_the_catalog_uses_plural_blocks() -> None:
    assert t("banner.cards_each", cards=1) == "1 card each"
    assert t("banner.cards_each", cards=7) == "7 cards each"


def test_plural_blocks_lists_each_count_and_its_branches() -> None:
    branches = {"one": "# card each", "other": "# cards each"}
    assert plural_blocks(CARDS) == [PluralBlock(0, len(CARDS), "cards", branches)]
    assert plural_blocks(f"Deal {CARDS}.") == [PluralBlock(5, 5 + len(CARDS), "cards", branches)]


@pytest.mark.parametrize(
    "text",
    [
        "{n, plural, one {# card}}",
        "{n, plural, one {# card} other {# cards}",
        "{n, plural, one two {# card} other {# cards}}",
    ],
)
def test_a_broken_block_is_refused(text: str) -> None:
    with pytest.raises(MessageSyntaxError):
        format_message(text, "en", {"n": 1})


def test_a_count_that_is_not_a_number_is_refused() -> None:
    with pytest.raises(TypeError):
        format_message(CARDS, "en", {"cards": "3"})


def test_babels_narrow_no_break_space_becomes_one_roboto_draws() -> None:
    """CLDR writes U+202F before an English "PM" and between French digit groups; Roboto,
    the app's text face, has no glyph for it (tests/test_fonts.py checks every text)."""
    assert moment(datetime(2026, 11, 29, 13, 5), "en") == "11/29/26, 1:05\xa0PM"
    number = format_message("{n} {n, plural, other {# points}}", "fr", {"n": 1234.5})
    assert number == "1\xa0234,5 1\xa0234,5 points"
