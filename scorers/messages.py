"""English text of the message keys all games share, and the lookup of any key's text.

Views translate by key and fill in the params. ERRORS: InvalidEntry keys. FIELDS: names of an
entry's fields (GameRules.field_name). A game's own texts (its refusals, field names, tap
changes, round reminders and tie-break notes) live in its rules module as `GameMessages`;
their keys start with the game's name ("wizard.bid_missing").
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

ERRORS: dict[str, str] = {
    # shapes of entries and actions (corrupt data rather than a player's slip)
    "entry.not_mapping": "The {what} entry is not in the expected form.",
    "entry.unknown_field": "The {what} entry has an unknown field '{field}'.",
    "entry.missing_field": "The {what} entry lacks the field '{field}'.",
    "entry.not_list": "'{field}' must be a list.",
    "entry.wrong_length": "'{field}' must hold {expected} items, not {actual}.",
    "action.not_object": "This is not a recorded action.",
    "action.kind_unknown": "'{kind}' is not a kind of action.",
    "action.not_json": "The {kind} action holds a value that cannot be saved: {value}.",
    "action.too_deep": "The {kind} action nests its values more than {limit} levels deep.",
    "action.too_large": "The {kind} action takes {size} bytes, more than any step of a game "
    "takes (at most {limit}).",
    "action.field_missing": "The {kind} action lacks the field '{field}'.",
    "action.field_unknown": "The {kind} action has an unknown field '{field}'.",
    "action.field_type": "The {kind} action's field '{field}' has the wrong type.",
    # players and seats
    "game.unknown": "'{game}' is not a game this pad knows.",
    "players.not_list": "The players must be given as a list of names.",
    "players.count": "{game} is played by {low} to {high} players, not {count}.",
    "players.count_exact": "{game} is played by exactly {low} players, not {count}.",
    "players.name_empty": "Player {seat} needs a name.",
    "players.name_taken": "Two players cannot both be called {name}.",
    "players.name_too_long": "Player {seat}'s name is too long: at most {limit} characters.",
    "players.name_bad_character": "Player {seat}'s name holds a character no name may have "
    "({code}: an invisible, control or replacement character); please type it again.",
    "players.seat_invalid": "There is no seat {seat} at a table of {players}.",
    # settings
    "settings.not_mapping": "The settings are not in the expected form.",
    "settings.unknown": "{game} has no setting called '{name}'.",
    "settings.not_on_off": "The setting '{name}' is either on or off, not {value}.",
    "settings.not_positive": "The setting '{name}' must be a whole number above 0, not {value}.",
    "settings.not_an_option": "The setting '{name}' must be one of {options}, not {value}.",
    # rounds and the ledger
    "round.invalid": "There is no round {number}: rounds are numbered from 1.",
    "round.beyond_game": "There is no round {number}: this game has {rounds} rounds.",
    "ledger.empty": "There is nothing to replay: a game starts with its setup.",
    "ledger.start_first": "A game must begin with its setup.",
    "ledger.start_again": "This game has already been set up.",
    "ledger.replay_failed": "Step {number} ({kind}) of this game cannot be replayed: {reason}",
    "ledger.game_over": "The game is over: only past rounds can still be corrected.",
    "ledger.round_not_current": "Round {round} cannot be entered yet: round {current} comes first.",
    "ledger.draft_not_current": "Only the current round ({current}) can be drafted, not "
    "round {round}.",
    "ledger.nothing_to_undo": "There is nothing to undo.",
    "ledger.nothing_to_redo": "There is nothing to redo.",
    "ledger.too_long": "This game has reached the most steps one game can record ({limit}): "
    "nothing more can be entered. Start a new game to play on (a rematch keeps the players).",
    # two phones on one game (merge or refuse)
    "merge.field_changed": "{field} was changed on another phone meanwhile; this phone now "
    "shows what was saved there.",
    "merge.round_scored": "Round {round} was scored on another phone meanwhile; this phone now "
    "shows the game as saved.",
    "merge.round_changed": "Round {round} was changed on another phone before it was scored "
    "here: check it and score again.",
    "merge.correction_changed": "Round {round} was corrected on another phone meanwhile: "
    "check it and correct it again.",
    "merge.undo_moved": "The game was changed on another phone meanwhile, so nothing was "
    "undone: check what to take back and undo again.",
    "merge.redo_moved": "The game was changed on another phone meanwhile, so nothing was redone.",
    "merge.names_changed": "The names were changed on another phone meanwhile: check them "
    "and rename again.",
    "merge.adjustments_changed": "The adjustments were changed on another phone meanwhile: "
    "check them and adjust again.",
    # one-off adjustments (scorers.adjustments)
    "adjust.points_missing": "Type the points to add, or to take away with a minus: -10.",
    "adjust.points_not_whole": "{value} is not a whole number of points: type one such as "
    "10 or -10.",
    "adjust.points_zero": "An adjustment of 0 changes nothing: type the points to add or "
    "take away.",
    "adjust.points_too_large": "{value} points is more than an adjustment can be: at most "
    "{most} either way.",
    "adjust.reason_missing": "Say why, in a few words (a misdeal, a house rule).",
    "adjust.reason_too_long": "The reason is too long: at most {limit} characters.",
    "adjust.after_invalid": "An adjustment can follow round {after} only once {after} rounds "
    "are scored; {rounds} are.",
    "adjust.number_invalid": "There is no adjustment {number}: this game has {count}.",
}

# Fields of a round's entry, named for a message ("Ben's bid was changed on another phone").
FIELDS: dict[str, str] = {
    "field.entry": "This round's entry",
}


@dataclass(frozen=True)
class GameMessages:
    """A game's own English texts by kind, every key starting with the game's name.

    errors: InvalidEntry keys. fields: names of an entry's fields (GameRules.field_name).
    changes: a tap's change to a field (GameRules.change_name); the text goes through the
    catalog's formatting only, so it may hold plural blocks. reminders: RoundInfo.reminder
    keys. notes: Standing.note keys.
    """

    errors: Mapping[str, str] = field(default_factory=dict)
    fields: Mapping[str, str] = field(default_factory=dict)
    changes: Mapping[str, str] = field(default_factory=dict)
    reminders: Mapping[str, str] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)

    def texts(self) -> dict[str, str]:
        """Every text of the game by key, whatever its kind."""
        return {**self.errors, **self.fields, **self.changes, **self.reminders, **self.notes}


_GAME_TEXTS: dict[str, str] = {}
"""The texts of every game whose rules class is defined (GameRules adds them)."""


def add_game_messages(messages: GameMessages) -> None:
    """Make a game's texts known to `english`. The game's rules class adds them when it is
    defined, since its own code raises them before any table of games is consulted. A key
    that another game (or the shared tables) already gives another text is refused."""
    for key, text in messages.texts().items():
        known = _GAME_TEXTS.get(key, ERRORS.get(key, FIELDS.get(key)))
        if known is not None and known != text:
            raise ValueError(f"the message key {key!r} has two texts")
        _GAME_TEXTS[key] = text


def english(key: str) -> str:
    """The English text of a key: a shared one, else a defined game's (KeyError for neither).

    >>> english("round.invalid")
    'There is no round {number}: rounds are numbered from 1.'
    """
    return ERRORS.get(key) or FIELDS.get(key) or _GAME_TEXTS[key]
