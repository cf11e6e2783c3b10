"""The messages between a sharing phone (the host) and the phones that joined it (guests),
as JSON text over one channel each (sharing.phones_only.channel).

Every message is a JSON object whose "type" names it; nothing else is accepted. `decode`
takes only what its direction may carry, with exactly its fields, of their types, within
the size and nesting limits (both checked before the text is parsed) and within what a game
may hold: anything else raises BadMessage, and the receiver closes that channel. No message
names a game: a channel is bound to one game by the host.
"""

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from scorers import InvalidEntry
from scorers.games import rules_for
from scorers.ledger import MAX_ACTIONS, MAX_DATA_DEPTH, Action
from sharing.rights import Rights
from storage.game_file import nesting
from storage.game_rows import GAME_ID

PROTOCOL_VERSION = 2
"""The protocol's version, sent in `welcome`: a guest refuses a host of another version
(version 1 had one choice of rights for every guest, and no players' own phones)."""

TO_GUEST_LIMIT = 64 * 1024
"""The longest host -> guest message, in bytes of UTF-8 (the log is sent in chunks)."""

TO_HOST_LIMIT = 16 * 1024
"""The longest guest -> host message, in bytes of UTF-8: far above any entry's."""

TO_GUEST_DEPTH = 3 + MAX_DATA_DEPTH
"""How deep a host -> guest message nests: `actions`, their list, one [kind, data] pair,
then an action's data. A parser recurses once per level, and in the phone's browser a
message nested thousands deep exhausts the WebAssembly stack and kills Python before a
RecursionError could be raised: deeper text is refused unparsed."""

TO_HOST_DEPTH = 1 + MAX_DATA_DEPTH
"""How deep a guest -> host message nests: the `act`, then its action's data."""

REMEMBERED = 64
"""How many of a guest's latest proposals the host remembers, and so how many of them a
guest may name in an `Act`'s `on`."""

GUEST_KINDS = frozenset({"edit", "score", "undo", "redo", "rename", "adjust", "remove_adjustment"})
"""The actions a guest may propose: what a game screen sends (views.game_screen.open_game).
A start, a draft or an unknown kind from a guest closes its channel."""


class Direction(Enum):
    TO_GUEST = "to_guest"
    TO_HOST = "to_host"


class BadMessage(Exception):
    """A message that is not one its direction may carry; `reason` says what is wrong."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Welcome:
    """host -> guest, first: the game shared (its id, which the guest's copy keeps: one game
    on every phone), the seat of the player this phone is (None: it watches), what it may
    change, and how many actions the log held as it joined (they follow in `Actions`)."""

    id: str
    game: str
    players: tuple[str, ...]
    player: int | None
    rights: Rights
    count: int
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class Actions:
    """host -> guest: the host's actions numbered `start` + 1 onwards (the log from 0)."""

    start: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class NewRights:
    """host -> guest: what this guest may change from now on."""

    rights: Rights


@dataclass(frozen=True)
class Accepted:
    """host -> guest: the guest's proposal `ref` was saved; it comes in `Actions` next."""

    ref: int


@dataclass(frozen=True)
class Refused:
    """host -> guest: the guest's proposal `ref` was refused, saying why by catalog key."""

    ref: int
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ended:
    """host -> guest: the share is stopped, for good."""


@dataclass(frozen=True)
class Removed:
    """host -> guest, last: the scorer took this phone off the table; it keeps its copy."""


@dataclass(frozen=True)
class ShutOut:
    """host -> guest, last: this phone sent more than anyone can tap, and the host reads
    it no more (sharing.fair_share)."""


@dataclass(frozen=True)
class Act:
    """guest -> host: apply `action` to the game as the guest showed it: the host's first
    `after` actions, then the guest's own earlier proposals `on` (refs, oldest first) that
    its screen showed on top of them before the host answered."""

    ref: int
    after: int
    action: Action
    on: tuple[int, ...] = ()


ToGuest = Welcome | Actions | NewRights | Accepted | Refused | Ended | Removed | ShutOut
ToHost = Act
Message = ToGuest | ToHost


def encode(message: Message) -> str:
    """The message as its JSON text; raises BadMessage when it is over its limit."""
    text = json.dumps(_fields(message), separators=(",", ":"), default=str)
    limit = TO_HOST_LIMIT if isinstance(message, Act) else TO_GUEST_LIMIT
    if len(text) > limit:  # ASCII only (json escapes the rest): characters are bytes
        raise BadMessage(f"{type(message).__name__} of {len(text)} bytes is over {limit}")
    return text


def _fields(message: Message) -> dict[str, Any]:
    match message:
        case Welcome(game_id, game, players, player, rights, count, version):
            return {
                "type": "welcome",
                "version": version,
                "id": game_id,
                "game": game,
                "players": list(players),
                "player": player,
                "rights": rights.value,
                "count": count,
            }
        case Actions(start, actions):
            return {"type": "actions", "from": start, "actions": _pairs(actions)}
        case NewRights(rights):
            return {"type": "rights", "rights": rights.value}
        case Accepted(ref):
            return {"type": "accepted", "ref": ref}
        case Refused(ref, key, params):
            return {"type": "refused", "ref": ref, "key": key, "params": dict(params)}
        case Ended():
            return {"type": "ended"}
        case Removed():
            return {"type": "removed"}
        case ShutOut():
            return {"type": "shut_out"}
        case Act(ref, after, action, on):
            return {
                "type": "act",
                "ref": ref,
                "after": after,
                "on": list(on),
                "kind": action.kind,
                "data": action.to_json()["data"],
            }


def _pairs(actions: Iterable[Action]) -> list[list[Any]]:
    return [[kind, data] for kind, data in (a.to_json().values() for a in actions)]


def chunked(start: int, actions: Sequence[Action]) -> list[Actions]:
    """`Actions` messages carrying `actions` (the log's from `start` on) in order, each
    under TO_GUEST_LIMIT. One action alone never comes near it (the rules bound names and
    entries); were one to, its message would be refused by `encode`."""
    room = TO_GUEST_LIMIT - 64  # the envelope: type, from, brackets
    messages: list[Actions] = []
    first, size = 0, 0
    for number, action in enumerate(actions):
        length = len(json.dumps(_pairs([action]), separators=(",", ":"))) - 1
        if number > first and size + length > room:
            messages.append(Actions(start + first, tuple(actions[first:number])))
            first, size = number, 0
        size += length
    if first < len(actions):
        messages.append(Actions(start + first, tuple(actions[first:])))
    return messages


def decode(text: str, direction: Direction) -> Message:
    """The message `text` carries, of those `direction` may carry; raises BadMessage for
    text over the limit or nested deeper than any message, not JSON (NaN and Infinity
    included), not an object, of an unknown type, with a field missing, unknown or of the
    wrong type, a negative count, more than a game may hold, or (to the host) an action a
    guest may never propose."""
    to_guest = direction is Direction.TO_GUEST
    limit = TO_GUEST_LIMIT if to_guest else TO_HOST_LIMIT
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise BadMessage(f"over {limit} bytes")
    depth, most = nesting(text), TO_GUEST_DEPTH if to_guest else TO_HOST_DEPTH
    if depth > most:
        raise BadMessage(f"nested {depth} deep, over {most}")
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise BadMessage(f"not JSON: {error}") from None
    if not isinstance(obj, dict):
        raise BadMessage("not an object")
    kind = obj.get("type")
    readers = _TO_GUEST if direction is Direction.TO_GUEST else _TO_HOST
    if not isinstance(kind, str) or kind not in readers:
        raise BadMessage(f"unknown type {kind!r}")
    fields, read = readers[kind]
    if set(obj) != {"type", *fields}:
        raise BadMessage(f"{kind}: fields {sorted(obj)}, not {sorted(fields)}")
    try:
        return read(_Fields(kind, obj))
    except InvalidEntry as error:
        raise BadMessage(f"{kind}: {error}") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON has")


class _Fields:
    """A message's fields, each read as the type it must have."""

    def __init__(self, kind: str, obj: dict[str, Any]) -> None:
        self.kind = kind
        self.obj = obj

    def count(self, name: str, most: int | None = None) -> int:
        value = self.obj[name]
        if type(value) is not int or value < 0:
            raise BadMessage(f"{self.kind}: {name} is no count")
        if most is not None and value > most:
            raise BadMessage(f"{self.kind}: {name} is over {most}")
        return value

    def text(self, name: str) -> str:
        value = self.obj[name]
        if type(value) is not str:
            raise BadMessage(f"{self.kind}: {name} is no text")
        return value

    def list(self, name: str) -> list[Any]:
        value = self.obj[name]
        if type(value) is not list:
            raise BadMessage(f"{self.kind}: {name} is no list")
        return value

    def rights(self, name: str) -> Rights:
        value = self.obj[name]
        if type(value) is not str or value not in {rights.value for rights in Rights}:
            raise BadMessage(f"{self.kind}: {name} is no rights")
        return Rights(value)

    def object(self, name: str) -> dict[str, Any]:
        value = self.obj[name]
        if type(value) is not dict:
            raise BadMessage(f"{self.kind}: {name} is no object")
        return value


def _welcome(f: _Fields) -> Welcome:
    """A welcome to a game the rules know, of players its table may seat, as one of them
    or none, with no more actions than a game may hold (the guest waits for them all
    before it shows the game)."""
    game = f.text("game")
    players = rules_for(game).check_players(f.list("players"))
    if players != tuple(f.obj["players"]):
        raise BadMessage("welcome: the players' names are not as a game keeps them")
    player = None if f.obj["player"] is None else f.count("player", len(players) - 1)
    rights = f.rights("rights")
    if rights is Rights.OWN and player is None:
        raise BadMessage("welcome: a player's own phone that is no player's")
    game_id = f.text("id")
    if not GAME_ID.fullmatch(game_id):
        raise BadMessage("welcome: the id is no game's")
    return Welcome(
        game_id,
        game,
        players,
        player,
        rights,
        f.count("count", MAX_ACTIONS),
        f.count("version"),
    )


def _actions(f: _Fields) -> Actions:
    start, pairs = f.count("from", MAX_ACTIONS), f.list("actions")
    if start + len(pairs) > MAX_ACTIONS:
        raise BadMessage(f"actions: beyond the {MAX_ACTIONS} a game may hold")
    actions = []
    for pair in pairs:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str:
            raise BadMessage("actions: an action is no [kind, data] pair")
        actions.append(Action(pair[0], pair[1]))
    return Actions(start, tuple(actions))


def _refused(f: _Fields) -> Refused:
    return Refused(f.count("ref"), f.text("key"), f.object("params"))


def _act(f: _Fields) -> Act:
    kind = f.text("kind")
    if kind not in GUEST_KINDS:
        raise BadMessage(f"act: a guest may not send {kind!r}")
    on = f.list("on")
    if len(on) > REMEMBERED or not all(type(ref) is int and ref >= 0 for ref in on):
        raise BadMessage("act: on holds no refs, or more than a host remembers")
    return Act(f.count("ref"), f.count("after"), Action(kind, f.object("data")), tuple(on))


_Reader = tuple[tuple[str, ...], Callable[[_Fields], Message]]
_TO_GUEST: dict[str, _Reader] = {
    "welcome": (("version", "id", "game", "players", "player", "rights", "count"), _welcome),
    "actions": (("from", "actions"), _actions),
    "rights": (("rights",), lambda f: NewRights(f.rights("rights"))),
    "accepted": (("ref",), lambda f: Accepted(f.count("ref"))),
    "refused": (("ref", "key", "params"), _refused),
    "ended": ((), lambda f: Ended()),
    "removed": ((), lambda f: Removed()),
    "shut_out": ((), lambda f: ShutOut()),
}
_TO_HOST: dict[str, _Reader] = {
    "act": (("ref", "after", "on", "kind", "data"), _act),
}
