"""Game settings: one spec per game (name -> default and value check), resolved once."""

from collections.abc import Callable, Mapping
from typing import Any

from scorers.checks import is_whole
from scorers.errors import InvalidEntry

ValueCheck = Callable[[str, object], Any]
"""Checks one setting's value (given the setting's name) and returns it normalised."""


def resolve(given: object, spec: Mapping[str, tuple[Any, ValueCheck]], game: str) -> dict[str, Any]:
    """Every setting of the spec: the given value checked, else its default."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidEntry("settings.not_mapping")
    for name in given:
        if name not in spec:
            raise InvalidEntry("settings.unknown", game=game, name=name)
    return {
        name: check(name, given[name]) if name in given else default
        for name, (default, check) in spec.items()
    }


def on_off(name: str, value: object) -> bool:
    """A switch: True or False, nothing else ("settings.not_on_off")."""
    if not isinstance(value, bool):
        raise InvalidEntry("settings.not_on_off", name=name, value=value)
    return value


def positive_whole(name: str, value: object) -> int:
    """A whole number of 1 or more, never a bool ("settings.not_positive")."""
    if not is_whole(value, 1):
        raise InvalidEntry("settings.not_positive", name=name, value=value)
    assert isinstance(value, int)
    return value


def one_of(*options: str) -> ValueCheck:
    """A check taking one of `options` ("settings.not_an_option" for anything else)."""

    def check(name: str, value: object) -> str:
        if value not in options:
            raise InvalidEntry(
                "settings.not_an_option", name=name, value=value, options=", ".join(options)
            )
        assert isinstance(value, str)
        return value

    return check
