"""A game as a file: the versioned JSON export, and its import as a new game.

The file holds the game's full action record (undo and redo included), so an import is an
exact copy: the same actions, hence the same score sheet and the same undo history. The
format is described in docs/game-format.md.

An import is checked whole before anything is written: the header, then every action's
shape, then a replay of all of them through the rules. Only a game that replays is saved,
in one transaction. Every refusal is one StorageError whose key says what is wrong.
"""

import json
import re
from collections.abc import Mapping
from datetime import UTC
from itertools import accumulate
from typing import Any

from scorers.errors import InvalidEntry
from scorers.games import rules_for
from scorers.ledger import MAX_ACTION_BYTES, MAX_ACTIONS, Action, Ledger, check_size
from storage.errors import StorageError
from storage.format_upgrades import upgraded_actions
from storage.game_rows import GAME_ID
from storage.keeper import GameKeeper, SavedGame, collector_paused
from storage.timestamps import Clock, utc_now

FORMAT = "trickpad-game"
# 2: a Wizard round may hold the card turned up for trump. 3: a game may hold one-off
# adjustments (the "adjust" and "remove_adjustment" actions). 4: a Plotters round may say
# that nobody collected a card. 5: a Wizard setup names the special cards in its deck
# instead of the Bomb and the Cloud. Every older version still reads (`upgraded_actions`).
VERSION = 5

# Limits far above any real game (a 6-player Wizard game of 10 rounds with every bid and
# trick tapped, undone and redone is about 300 steps and 60 kB), so that a hostile or broken
# file is refused before it can hold up the app, yet never below what Trickpad writes: a
# game holds at most the ledger's MAX_ACTIONS, and each of them takes at most the ledger's
# MAX_ACTION_BYTES on its line (the longest is a setup or rename of six seats with the
# longest names, written in four-byte characters; tests/storage/test_import_limits.py checks it).
# docs/game-format.md states them.
MAX_FILE_BYTES = MAX_ACTIONS * MAX_ACTION_BYTES + 1_000  # and the header
# The document (1) > its action list (2) > an action (3) > its data (4) > an entry (5) >
# the entry's lists (6) > a trick or a hand within them (7) > a card (8).
MAX_DEPTH = 8


def export_json(game: SavedGame, *, clock: Clock = utc_now) -> str:
    """The game as a file of format VERSION: a small header, then one action per line."""
    header = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.ledger.state.game,
        "id": game.id,
        "exported_at": clock().astimezone(UTC).isoformat(timespec="seconds"),
    }
    fields = [f"  {_dump(name)}: {_dump(value)}" for name, value in header.items()]
    actions = ",\n".join(f"    {_dump(action.to_json())}" for action in game.ledger.actions)
    return "{\n" + ",\n".join(fields) + ',\n  "actions": [\n' + actions + "\n  ]\n}\n"


def import_file(keeper: GameKeeper, content: bytes) -> SavedGame:
    """Save the game in a picked file's bytes: :func:`import_json` after
    checking the size (``storage.import_too_large``) and decoding the text (a byte-order
    mark is allowed; bytes that are not UTF-8 fail the JSON check)."""
    if len(content) > MAX_FILE_BYTES:
        raise StorageError("storage.import_too_large", size=len(content), limit=MAX_FILE_BYTES)
    return import_json(keeper, content.decode("utf-8-sig", errors="replace"))


def import_json(keeper: GameKeeper, text: str) -> SavedGame:
    """Save the game in ``text`` and return it as saved; a file that fails any check
    changes nothing. A file with the game's ``id`` meets this phone's copy of that game,
    if it has one (storage.versions: the same game, brought up to date, or another version
    of it); one without is saved as a new game.

    Raises StorageError and nothing else, with one of the keys ``storage.import_too_large``,
    ``storage.import_not_json``, ``storage.import_too_deep``, ``storage.import_bad_text``,
    ``storage.import_not_trickpad``, ``storage.import_version``, ``storage.import_field``,
    ``storage.import_game_unknown``, ``storage.import_empty``, ``storage.import_too_long``,
    ``storage.import_invalid``, ``storage.import_game_mismatch`` (or a write failure such as
    ``storage.disk_full``).
    """
    document = read_document(text, FORMAT, MAX_FILE_BYTES, MAX_DEPTH)
    version = check_version(document, VERSION)
    ledger = read_game(document, version)
    if "id" not in document:
        return keeper.import_ledger(ledger)
    game_id = document["id"]
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise StorageError("storage.import_field", field="id")
    return keeper.take_copy(ledger, game_id)


def read_document(text: str, format_name: str, max_bytes: int, max_depth: int) -> dict[str, Any]:
    """The JSON object in `text`, checked for size, nesting, valid Unicode and its
    ``format`` field; refuses with the ``storage.import_*`` keys of :func:`import_json`."""
    if len(text) > max_bytes:
        raise StorageError("storage.import_too_large", size=len(text), limit=max_bytes)
    depth = nesting(text)
    if depth > max_depth:
        raise StorageError("storage.import_too_deep", depth=depth, limit=max_depth)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise StorageError("storage.import_not_json") from exc
    _check_values(document, max_depth)
    if not isinstance(document, dict) or document.get("format") != format_name:
        raise StorageError("storage.import_not_trickpad")
    return document


def check_version(document: Mapping[str, Any], supported: int) -> int:
    """The document's version, refused when it is not one from 1 to `supported`."""
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise StorageError("storage.import_field", field="version")
    if version > supported:
        raise StorageError("storage.import_version", found=version, supported=supported)
    return version


def read_game(document: Mapping[str, Any], version: int) -> Ledger:
    """The game in a mapping with ``game`` and ``actions`` (a game file, or one game of a
    library, of game file `version`), replayed through the rules; refuses with the keys of
    :func:`import_json`."""
    game = _game(document)
    ledger = _replay(_actions(upgraded_actions(document["actions"], version)))
    if ledger.state.game != game:
        raise StorageError("storage.import_game_mismatch", game=game, actual=ledger.state.game)
    return ledger


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


# A JSON string (its escapes included), and a run of anything but brackets. A string left
# open runs to the end of the text: were its closing quote required, every quote after an
# unclosed one would be tried again to the end, and 16 kB of `\"` took 0.6 s.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the arrays and objects of JSON `text` nest, found without parsing it: a
    parser recurses once per level, and in the phone's browser a deep file exhausts the
    JavaScript stack and kills Python before a RecursionError could be raised."""
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _check_values(document: object, max_depth: int) -> None:
    """Refuse nesting deeper than the format's and text that is not valid Unicode, walking
    the document without recursion (a deep file must not exhaust the stack)."""
    pending: list[tuple[object, int]] = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            _check_text(value)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > max_depth:
            raise StorageError("storage.import_too_deep", depth=depth, limit=max_depth)
        if isinstance(value, dict):
            for key in value:
                _check_text(key)
        items = value.values() if isinstance(value, dict) else value
        pending.extend((item, depth + 1) for item in items)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise StorageError("storage.import_bad_text") from None


def _game(document: Mapping[str, Any]) -> str:
    """Check the game and the action list's shape; returns the game's name."""
    game = document.get("game")
    if not isinstance(game, str):
        raise StorageError("storage.import_field", field="game")
    try:
        rules_for(game)
    except InvalidEntry as exc:
        raise StorageError("storage.import_game_unknown", game=game) from exc
    actions = document.get("actions")
    if not isinstance(actions, list):
        raise StorageError("storage.import_field", field="actions")
    if not actions:
        raise StorageError("storage.import_empty")
    if len(actions) > MAX_ACTIONS:
        raise StorageError("storage.import_too_long", count=len(actions), limit=MAX_ACTIONS)
    return game


def _actions(objects: list[object]) -> list[Action]:
    actions = []
    for step, obj in enumerate(objects, start=1):
        try:
            if isinstance(obj, Mapping):
                check_size(obj.get("kind"), obj.get("data"))
            actions.append(Action.from_json(obj))
        except InvalidEntry as exc:
            raise _invalid(step, exc) from exc
    return actions


def _replay(actions: list[Action]) -> Ledger:
    try:
        with collector_paused():
            return Ledger.replay(actions)
    except InvalidEntry as exc:
        params = exc.params
        raise _invalid(
            params["number"], InvalidEntry(params["reason_key"], **params["reason_params"])
        ) from exc


def _invalid(step: int, reason: InvalidEntry) -> StorageError:
    """One message for the UI; the rules' key and params come along for translation."""
    return StorageError(
        "storage.import_invalid",
        step=step,
        reason=str(reason),
        reason_key=reason.key,
        reason_params=reason.params,
    )
