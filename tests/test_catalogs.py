"""Every language's catalog says what English says: the same keys, the same placeholders,
plural blocks for the same counts with each category its language has, and no English
left behind."""

import re

import pytest
from babel import Locale

from views.shell.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog
from views.shell.message_format import placeholder_names, plural_blocks

TRANSLATED = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]
ENGLISH = catalog(DEFAULT_LANGUAGE)

ENGLISH_WORDS = frozenset(
    [
        "the",
        "and",
        "of",
        "with",
        "your",
        "you",
        "is",
        "are",
        "this",
        "that",
        "from",
        "not",
        "player",
        "players",
        "round",
        "rounds",
        "game",
        "games",
        "score",
        "scores",
        "card",
        "cards",
        "trick",
        "tricks",
        "bids",
        "dealer",
        "each",
        "every",
        "none",
        "nothing",
        "enter",
        "tap",
        "save",
        "cancel",
        "delete",
    ]
)
"""Words that give away an untranslated English text in a German or Norwegian one (words
both languages also use, such as "in", "an", "for", "total", are left out)."""
NAMES = frozenset(
    [
        "webassembly",
        "webrtc",
        "iphone",
        "ipad",
        "trickpad",
        "wizard",
        "plotters",
        "colour-blind",
        "david",
        "parlett",
        "csv",
        "json",
        "qr",
        "wi-fi",
        "https",
        "http",
        "jubilee",
        "url",
        "ok",
        "flet",
        "readme",
        "qs",
        "dr",
        "fa",
        "bo",
        "sw",
        "sj",
        "jg",
        "cl",
        "wf",
    ]
)
"""Names that stay as they are in every language (the app, games, formats, people) and
the card codes players type into the trick helper ("qs": queen of spades; Wizard's special
cards: "dr", the Dragon)."""
ALLOWED_ENGLISH = {
    ("nb", "wizard.over"),
    ("nb", "wizard.under"),
}
"""(language, key) whose text is the English one because that language says it so too
("{count} over" is Norwegian as well)."""
UNCOUNTED = {("nb", "library.exported")}
"""(language, key) with no plural block where English has one, because the noun does not
change with the count ("1 spill", "2 spill")."""


PLURAL_SYNTAX = re.compile(r"\{\w+, plural,|(?:=\d+|zero|one|two|few|many|other)\s*(?=\{)")
PLACEHOLDER = re.compile(r"\{[\w:+]*\}")
FLAG = re.compile(r"--[\w-]+")


def words(text: str) -> list[str]:
    """The words of a text, without its placeholders, plural syntax and command-line flags."""
    bare = FLAG.sub(" ", PLACEHOLDER.sub(" ", PLURAL_SYNTAX.sub(" ", text)))
    return re.findall(r"[A-Za-z][A-Za-z'-]*", bare)


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalog_has_exactly_the_english_keys(language: str) -> None:
    texts = catalog(language)
    assert sorted(ENGLISH.keys() - texts.keys()) == [], f"{language} lacks these keys"
    assert sorted(texts.keys() - ENGLISH.keys()) == [], f"{language} has keys English lacks"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_text_fills_the_same_placeholders_as_english(language: str) -> None:
    texts = catalog(language)
    differing = {
        key: (placeholder_names(texts[key]), placeholder_names(english))
        for key, english in ENGLISH.items()
        if key in texts and placeholder_names(texts[key]) != placeholder_names(english)
    }
    assert differing == {}


def categories(language: str) -> set[str]:
    """The CLDR plural categories of a language, from Babel ("other" is always one)."""
    return set(Locale.parse(language).plural_form.tags) | {"other"}


def counts(text: str) -> set[str]:
    return {block.name for block in plural_blocks(text)}


@pytest.mark.parametrize("language", [DEFAULT_LANGUAGE, *TRANSLATED])
def test_every_plural_block_has_each_category_of_its_language(language: str) -> None:
    wanted = categories(language)
    for key, text in catalog(language).items():
        for block in plural_blocks(text):
            named = {selector for selector in block.branches if not selector.startswith("=")}
            assert named == wanted, f"{key}: {block.name} has {named}, {language} has {wanted}"


@pytest.mark.parametrize(
    "language", [language for language in TRANSLATED if len(categories(language)) > 1]
)
def test_what_english_counts_in_a_plural_block_is_counted_so_in_each_language(
    language: str,
) -> None:
    """A language with one form for every count (Korean) needs no block; the others do
    wherever English does (and may add their own, for words English does not inflect)."""
    texts = catalog(language)
    uncounted = {
        key: sorted(counts(english) - counts(texts[key]))
        for key, english in ENGLISH.items()
        if (language, key) not in UNCOUNTED and counts(english) - counts(texts[key])
    }
    assert uncounted == {}


def test_korean_and_german_plural_categories_come_from_babel() -> None:
    """The categories the test above demands, as CLDR has them: a check on the check."""
    assert set(Locale.parse("ko").plural_form.tags) | {"other"} == {"other"}
    for language in ("de", "nb"):
        assert set(Locale.parse(language).plural_form.tags) | {"other"} == {"one", "other"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_text_is_left_in_another_language(language: str) -> None:
    texts = catalog(language)
    left = {
        key: text
        for key, text in texts.items()
        if (language, key) not in ALLOWED_ENGLISH
        and text == ENGLISH.get(key)
        and any(word.lower() not in NAMES for word in words(text))
    }
    assert left == {}, f"{language} keeps these English texts"


@pytest.mark.parametrize("language", ["de", "nb"])
def test_no_english_words_inside_german_or_norwegian_texts(language: str) -> None:
    found = {
        key: sorted({word for word in words(text) if word.lower() in ENGLISH_WORDS})
        for key, text in catalog(language).items()
    }
    assert {key: hits for key, hits in found.items() if hits} == {}


def test_no_latin_words_inside_korean_texts_but_names() -> None:
    found = {
        key: sorted({word for word in words(text) if word.lower() not in NAMES and len(word) > 1})
        for key, text in catalog("ko").items()
    }
    assert {key: hits for key, hits in found.items() if hits} == {}
