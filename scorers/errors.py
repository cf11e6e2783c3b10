"""The one error type of the rules: an entry that cannot happen at the table."""

from collections.abc import Mapping
from typing import Any

from scorers.messages import english


class InvalidEntry(ValueError):
    """An impossible input, explained in a sentence a player understands.

    `key` is stable (views translate by it); `params` fill the key's template in
    its English text (`scorers.messages.english`: a shared key or one of a game's
    own); `str()` is the English sentence.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params: dict[str, Any] = dict(params)
        super().__init__(english(key).format(**params))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.key, self.params))


def _rebuild(key: str, params: Mapping[str, Any]) -> InvalidEntry:
    return InvalidEntry(key, **params)
