"""A game in a link: its players, settings, scored rounds and adjustments, compressed into
the text after an address's `#` (the fragment, which a browser sends to no server).

The link holds the game as it stands, not its history: the setup (the players' names as
they are now), each scored round's entry as last corrected, then the adjustments, as the
actions of a game file (storage.game_file). No total is in it: opening it replays those
actions through the rules, with every check an imported file gets, so a link cannot claim
a score its entries do not give. A round being typed and the undo history stay behind.

The text is MARK, the encoding's VERSION, then the game-file-like JSON document compressed
with raw deflate and written in unpadded base64url (letters, digits, `-` and `_`: nothing a
browser or a chat app changes in an address). A link is read with bounds before each step
(its length, the size it inflates to: a zip bomb stops there, then the document's nesting,
as a game file's) and refused with one StorageError whose key says what is wrong; reading
a link changes nothing stored. docs/game-format.md describes it.
"""

import base64
import binascii
import json
import zlib

from scorers.ledger import Action, GameState, Ledger
from storage.errors import StorageError
from storage.game_file import MAX_DEPTH, check_version, read_document, read_game
from storage.game_file import VERSION as ENTRIES_VERSION

MARK = "g"
"""The first letter of every game link's text: what the app's page moves into its route."""
VERSION = "1"
"""How the text is encoded (raw deflate, base64url). The entries inside carry the game
file's version, so a link made by an older Trickpad is read as its game file would be."""
FORMAT = "trickpad-link"

MAX_LINK_CHARS = 32_000
"""The longest link text read or made: many times a whole game's (a 20-round Wizard game is
under 2,000 characters), and far within what browsers keep in an address."""
MAX_DOCUMENT_BYTES = 256_000
"""The most a link's text inflates to: many times a long game's (60 rounds of Wizard at six
players take under 8 kB). Inflating stops there, so a link made to inflate without end (a
zip bomb) is refused after a quarter of a megabyte."""

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

# What reading a game file refuses with, as a link's refusal: a file's words would send the
# player looking for a file. Any other refusal of a file's says the link is damaged.
_LINK_KEYS = {
    "storage.import_version": "storage.link_version",
    "storage.import_game_unknown": "storage.link_game_unknown",
    "storage.import_invalid": "storage.link_invalid",
}


def link_text(state: GameState) -> str:
    """The link's text (what follows the `#`) of the game `state` shows; refused with
    ``storage.link_game_too_long`` for a game whose link would be longer than
    MAX_LINK_CHARS."""
    document = {
        "format": FORMAT,
        "version": ENTRIES_VERSION,
        "game": state.game,
        "actions": [action.to_json() for action in standing_actions(state)],
    }
    compact = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    packed = packer.compress(compact.encode("utf-8")) + packer.flush()
    text = MARK + VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    if len(text) > MAX_LINK_CHARS:
        raise StorageError("storage.link_game_too_long", size=len(text), limit=MAX_LINK_CHARS)
    return text


def standing_actions(state: GameState) -> list[Action]:
    """The fewest actions that replay to `state`'s sheet: the setup as it stands, every
    scored round's entry, then the adjustments in the order they were made (each follows
    its round, all of them scored by then)."""
    setup = {
        "game": state.game,
        "players": state.players,
        "first_dealer": state.first_dealer,
        "settings": state.settings,
    }
    actions = [Action("start", setup)]
    actions += [
        Action("score", {"round": scored.number, "entry": scored.entry}) for scored in state.rounds
    ]
    for number, adjustment in enumerate(state.adjustments, start=1):
        made = {
            "number": number,
            "after": adjustment.after,
            "seat": adjustment.seat,
            "points": adjustment.points,
            "reason": adjustment.reason,
        }
        actions.append(Action("adjust", made))
    return actions


def read_link(text: str) -> Ledger:
    """The game a link's text holds, replayed through the rules. Refuses with
    ``storage.link_damaged`` (not a game link, or one cut short or changed),
    ``storage.link_too_large``, ``storage.link_version`` (made by a newer Trickpad),
    ``storage.link_game_unknown`` and ``storage.link_invalid`` (an entry the rules refuse,
    naming its step and the rules' reason)."""
    if len(text) > MAX_LINK_CHARS:
        raise StorageError("storage.link_too_large")
    if len(text) < 2 or not text.startswith(MARK) or not _ALPHABET.issuperset(text[1:]):
        raise StorageError("storage.link_damaged")
    if text[1] != VERSION:
        newer = text[1].isdigit() and text[1] > VERSION
        raise StorageError("storage.link_version" if newer else "storage.link_damaged")
    document = _inflated(text[2:])
    try:
        # Nested as a game file is: it holds the same actions.
        found = read_document(document, FORMAT, MAX_DOCUMENT_BYTES, MAX_DEPTH)
        return read_game(found, check_version(found, ENTRIES_VERSION))
    except StorageError as error:
        key = _LINK_KEYS.get(error.key, "storage.link_damaged")
        raise StorageError(key, **error.params) from error


def _inflated(encoded: str) -> str:
    """The document a link's base64url text packs, inflated to at most MAX_DOCUMENT_BYTES."""
    try:
        packed = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    except (binascii.Error, ValueError):
        raise StorageError("storage.link_damaged") from None
    unpacker = zlib.decompressobj(-zlib.MAX_WBITS)
    try:
        document = unpacker.decompress(packed, MAX_DOCUMENT_BYTES + 1)
    except zlib.error:
        raise StorageError("storage.link_damaged") from None
    if len(document) > MAX_DOCUMENT_BYTES:
        raise StorageError("storage.link_too_large")
    if not unpacker.eof or unpacker.unused_data:
        raise StorageError("storage.link_damaged")  # cut short, or more after its end
    return document.decode("utf-8", errors="replace")
