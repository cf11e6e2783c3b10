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
from typing import Any

from scorers import InvalidEntry
from storage import StorageError
from views.shell.i18n import t


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


def said(key: str, params: Mapping[str, Any]) -> str:
    """The message `key` in the player's words; a field it names is translated too."""
    key = _WORDS_INSTEAD.get(key, key)
    words = params_in_words(key, params)
    if "field_key" in words:
        field_key = words["field_key"]
        words["field"] = t(field_key, **params_in_words(field_key, words["field_params"]))
    return t(key, **words)
