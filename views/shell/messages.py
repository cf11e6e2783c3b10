"""Refusals in the player's words: a rules or storage error, or a refusal of the screens'
own, becomes its catalog text, with the ids a game puts in its messages (a colour, a card)
said by that game. A screen keeps a refusal as it came (`Refused`) and says it in words
where it draws it, in the language of that drawing.

Every screen reaches this module; the games are above it, so each game's view hands in how
it says its ids (views.games.registry does, for every game it lists), and a message whose
key starts with the game's name ("plotters.count_too_high") has them said that way.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from scorers import InvalidEntry
from scorers.games import GAME_RULES
from scorers.messages import FIELDS
from sharing.rights import REFUSALS as RIGHTS_REFUSALS
from storage import StorageError
from views.shell.i18n import DEFAULT_LANGUAGE, LANGUAGES, layer_messages, t
from views.shell.message_format import placeholder_names


@dataclass(frozen=True)
class Refusal:
    """A refusal of the screens' own, not the rules' or storage's ("this phone only
    follows the game"): its catalog key and the key's parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


Refused = InvalidEntry | StorageError | Refusal
"""Why a change was refused, as data: said in words by `message_of` where it is drawn."""

ParamsInWords = Callable[[Mapping[str, Any]], dict[str, Any]]
"""A game's way of saying its messages' parameters (GameView.params_in_words)."""

_GAMES_WORDS: dict[str, ParamsInWords] = {}
_WORDS_INSTEAD: dict[str, str] = {}


def say_params_with(game: str, in_words_of_game: ParamsInWords | None) -> None:
    """Have messages of `game` say their parameters with `in_words_of_game` (None: as given)."""
    if in_words_of_game is None:
        _GAMES_WORDS.pop(game, None)
    else:
        _GAMES_WORDS[game] = in_words_of_game


def params_in_words(key: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of the message `key` with the rules' ids said in the player's
    language by the game whose message it is (its name starts the key); a shared
    message's as given."""
    say = _GAMES_WORDS.get(key.partition(".")[0])
    return say(params) if say is not None else dict(params)


def message_of(refusal: Refused) -> str:
    """The refusal in the player's words."""
    return said(refusal.key, refusal.params)


def say_instead(keys: Mapping[str, str]) -> None:
    """Say each message of `keys` as the message it maps to, from now on: the phone alone
    says a storage message that names a file (in the browser's memory, where no player can
    reach it) in words of its own (views.shell.keeping.PHONE_WORDS)."""
    _WORDS_INSTEAD.update(keys)


def said(key: str, params: Mapping[str, Any], language: str | None = None) -> str:
    """The message `key` in the player's words (in `language`, default the session's); a
    field it names is translated too."""
    key = _WORDS_INSTEAD.get(key, key)
    words = params_in_words(key, params)
    if "field_key" in words:
        field_key = words["field_key"]
        field_words = params_in_words(field_key, words["field_params"])
        words["field"] = t(field_key, language, **field_words)
    return t(key, language, **words)


HOST_REFUSED = "table.host_refused"
"""What a guest says of a refusal its host sent that it cannot say in its own words."""


PARAMETER_KINDS: dict[str, frozenset[str]] = {
    "whole": frozenset(
        {
            "actual",
            "after",
            "back",
            "bid",
            "cards",
            "count",
            "current",
            "depth",
            "expected",
            "found",
            "full",
            "high",
            "less",
            "limit",
            "lost",
            "low",
            "most",
            "number",
            "off",
            "players",
            "round",
            "rounds",
            "seat",
            "size",
            "step",
            "supported",
            "total",
        }
    ),
    "text": frozenset(
        {
            "code",
            "colour",
            "dealer",
            "detail",
            "field",
            "first",
            "game",
            "kind",
            "log",
            "name",
            "options",
            "path",
            "picks",
            "player",
            "reason",
            "suit",
            "what",
        }
    ),
    "either": frozenset({"card", "value"}),  # a card's or a setting's value as entered
}
"""Every parameter the rules' and storage's messages fill, by what it must be: a whole
number, a text, or either (tests/views/test_host_refusals.py keeps each in one)."""
_LONGEST_TEXT = 100
"""Far longer than any name, card or value a refusal names."""


def refusal_from_host(key: str, params: Mapping[str, object]) -> Refusal:
    """A refusal the host's phone sent for this phone's entry, checked as data: kept when
    its key is a refusal a host makes (the rules', storage's or the share's) and each
    parameter its message fills is there, of its kind, so that every language can say it;
    else the general HOST_REFUSED. Parameters the message does not fill are left out."""
    words = _words(key, params)
    if words is None:
        return Refusal(HOST_REFUSED)
    try:
        for language in LANGUAGES:
            said(key, words, language)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return Refusal(HOST_REFUSED)
    return Refusal(key, words)


def _words(key: str, params: Mapping[str, object]) -> dict[str, object] | None:
    """The parameters the message `key` fills, taken from `params`; None when `key` is no
    message a host sends, or one of them is missing or not of its kind. A field the message
    names comes with its own key and parameters, checked the same way."""
    text = _host_texts().get(key)
    if text is None:
        return None
    words: dict[str, object] = {}
    for name in placeholder_names(text):
        if name not in params or not _fits(name, params[name]):
            return None
        words[name] = params[name]
    field_key, field_params = params.get("field_key"), params.get("field_params")
    if "field" in words and field_key is not None:
        if field_key not in _field_keys() or not isinstance(field_params, Mapping):
            return None
        field_words = _words(str(field_key), field_params)
        if field_words is None:
            return None
        words |= {"field_key": field_key, "field_params": field_words}
    return words


@cache
def _host_texts() -> dict[str, str]:
    """The English text of every message a host may refuse a guest's entry with."""
    return layer_messages() | {key: t(key, DEFAULT_LANGUAGE) for key in RIGHTS_REFUSALS}


@cache
def _field_keys() -> frozenset[str]:
    """The names of an entry's fields a refusal may name: the shared ones, each game's."""
    return frozenset(FIELDS).union(*(rules.messages.fields for rules in GAME_RULES.values()))


def _fits(name: str, value: object) -> bool:
    """Whether `value` is of the kind the parameter `name` must be."""
    whole = type(value) is int
    text = type(value) is str and len(value) <= _LONGEST_TEXT
    return (
        (name in PARAMETER_KINDS["whole"] and whole)
        or (name in PARAMETER_KINDS["text"] and text)
        or (name in PARAMETER_KINDS["either"] and (whole or text))
    )
