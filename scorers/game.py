"""What the ledger needs from a game: one base class, GameRules, that every game's rules
subclass (python-chess style: a game's identity is in class attributes, its rules in the
methods it overrides, and scorers.games lists one instance of each).
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scorers.errors import InvalidEntry
from scorers.messages import GameMessages, add_game_messages
from scorers.seats import check_names, dealer_of, left_of
from scorers.standings import Standing, rank
from scorers.stats import Record


@dataclass(frozen=True)
class RoundInfo:
    """How a round is dealt: cards per player, the dealer, the seat that bids first and
    leads the first trick, and a reminder (a key of the game's `GameMessages.reminders`)."""

    number: int
    cards: int
    dealer: int
    first: int
    reminder: str
    reminder_params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RoundContext:
    """Everything a round's validation may look at, including the score sheet before it."""

    info: RoundInfo
    players: tuple[str, ...]
    settings: Mapping[str, Any]
    totals_before: tuple[int, ...]


@dataclass(frozen=True)
class ScoredRound:
    number: int
    entry: Mapping[str, Any]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Figures:
    """A game's own figures of a player's record (GameRules.figures); a game with figures
    of its own subclasses this with them, a game with none has these: no fields."""


class GameRules(ABC):
    """The contract between a game and the ledger: one instance per game, and the only way
    the ledger, storage and views learn what a game's rules say.

    A game subclasses this, sets the class attributes that say who it is, implements the
    abstract methods and overrides any default its rules do differently. The defaults are
    those the games share: seat checks, the deal passing left, a fixed number of rounds,
    plain ranking.

    Every method is pure: it reads its arguments, never changes them, and keeps no state,
    so replaying the same actions always gives the same game. A refusal is always an
    `InvalidEntry` whose key names the reason (see scorers.messages); no other exception
    is part of the contract. Seats are numbered from 0 in the order the players sit.

    The examples use Wizard (scorers.wizard.RULES).
    """

    name: ClassVar[str]
    """The game's stable identifier, saved with every game ("wizard"); never renamed. It
    starts every key of the game's own messages."""
    title: ClassVar[str]
    """The game's English name, used in messages ("Wizard")."""
    min_players: ClassVar[int]
    """The fewest players the game is played by."""
    max_players: ClassVar[int]
    """The most players the game is played by (equal to `min_players` for a fixed table)."""
    tally_maxima: ClassVar[frozenset[str]] = frozenset()
    """The tallies that combine over games by taking the largest (a best round); every
    other tally adds up."""
    note_column: ClassVar[str | None] = None
    """The key (of the game's `messages.fields`) naming the score sheet's column of a note on
    each round (Wizard: its trump; see `round_notes`); None (the default): no such column."""
    messages: ClassVar[GameMessages] = GameMessages()
    """The English text of every message key of the game's own (its refusals, field names,
    reminders ...); each other language translates them in its catalog."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's texts are known (scorers.messages.english) as soon as its rules are
        defined: its own code raises its refusals, registered in scorers.games or not."""
        super().__init_subclass__(**kwargs)
        add_game_messages(cls.messages)

    def check_players(self, players: object) -> tuple[str, ...]:
        """The players' names in seat order, trimmed.

        Refuses anything but a list of `min_players` to `max_players` names
        ("players.not_list", "players.count", "players.count_exact"), an empty name
        ("players.name_empty") and two names equal ignoring case ("players.name_taken").

        >>> from scorers.wizard import RULES
        >>> RULES.check_players([" Ann", "Ben", "Cas "])
        ('Ann', 'Ben', 'Cas')
        """
        return check_names(players, self.title, self.min_players, self.max_players)

    @abstractmethod
    def resolve_settings(self, given: object, players: int) -> dict[str, Any]:
        """Every setting of the game for a table of `players`: each given value checked and
        normalised, each missing one at its default. The result is what a game records at
        its start, so later changes to a default never change a saved game.

        `given` may be None (all defaults). Refuses a `given` that is not a mapping
        ("settings.not_mapping"), a name the game does not have ("settings.unknown") and a
        value its setting does not allow ("settings.not_on_off", "settings.not_positive",
        "settings.not_an_option", or a game's own key).

        >>> from scorers.wizard import RULES
        >>> RULES.resolve_settings({"hook": True}, 3)["hook"]
        True
        """

    @abstractmethod
    def round_count(self, players: int, settings: Mapping[str, Any]) -> int | None:
        """How many rounds a game of `players` with these (resolved) settings lasts, or None
        when it has no fixed length and ends by `is_over` alone (a target score)."""

    @abstractmethod
    def cards_per_player(self, number: int, players: int, settings: Mapping[str, Any]) -> int:
        """How many cards each player is dealt in round `number` (a valid round)."""

    @abstractmethod
    def reminder(
        self, cards: int, dealer: str, first: str, settings: Mapping[str, Any], players: int
    ) -> tuple[str, dict[str, Any]]:
        """The round's reminder: a key of the game's `messages.reminders` and its
        parameters, given the cards each and the names of the dealer and the player who
        starts."""

    def round_info(
        self, number: int, players: Sequence[str], first_dealer: int, settings: Mapping[str, Any]
    ) -> RoundInfo:
        """How round `number` (from 1) is dealt: cards per player, the dealer (the deal
        passes left from `first_dealer`), the seat that starts (left of the dealer) and the
        reminder to show. By default `cards_per_player` and `reminder` fill in the rest.

        Refuses a number below 1 ("round.invalid") and one beyond a fixed game's last
        round ("round.beyond_game").

        >>> from scorers.wizard import RULES
        >>> settings = RULES.resolve_settings({}, 3)
        >>> info = RULES.round_info(2, ["Ann", "Ben", "Cas"], 0, settings)
        >>> (info.cards, info.dealer, info.first)
        (2, 1, 2)
        """
        count = len(players)
        last = self.round_count(count, settings)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidEntry("round.invalid", number=number)
        if last is not None and number > last:
            raise InvalidEntry("round.beyond_game", number=number, rounds=last)
        cards = self.cards_per_player(number, count, settings)
        dealer = dealer_of(number, first_dealer, count)
        first = left_of(dealer, count)
        key, params = self.reminder(cards, players[dealer], players[first], settings, count)
        return RoundInfo(number, cards, dealer, first, key, params)

    @abstractmethod
    def blank_entry(self, players: int) -> dict[str, Any]:
        """An entry of this game's shape with nothing entered yet, for a table of
        `players`; `check_entry` accepts it as a draft."""

    @abstractmethod
    def check_entry(
        self, entry: object, context: RoundContext, *, complete: bool
    ) -> dict[str, Any]:
        """The entry for the round in `context`, checked and copied into plain values.

        With `complete=False` (a draft) it accepts any entry that can still become a
        round as played: missing values are allowed, impossible ones are not. With
        `complete=True` it also refuses an entry that lacks anything the score needs.
        Refuses an entry of the wrong shape ("entry.not_mapping", "entry.unknown_field",
        "entry.missing_field", "entry.not_list", "entry.wrong_length") and any value the
        rules forbid, with the game's own key naming the player and the value.

        >>> from scorers.wizard import RULES
        >>> players = ("Ann", "Ben", "Cas")
        >>> settings = RULES.resolve_settings({}, 3)
        >>> context = RoundContext(RULES.round_info(1, players, 0, settings), players,
        ...                        settings, (0, 0, 0))
        >>> RULES.check_entry({"bids": [1, None, 0], "tricks": [None] * 3}, context,
        ...                   complete=False)["bids"]
        [1, None, 0]
        >>> RULES.check_entry({"bids": [1, None, 0], "tricks": [None] * 3}, context,
        ...                   complete=True)
        Traceback (most recent call last):
        scorers.errors.InvalidEntry: Ben has not bid yet.
        """

    def completed(self, entry: Mapping[str, Any], context: RoundContext) -> Mapping[str, Any]:
        """The draft as it is scored: with whatever the rules can fill in themselves
        (Plotters: the last player's counts of a full round; Wizard: the one player's tricks
        the others leave to the cards); the draft itself unchanged. By default nothing is
        filled in."""
        return entry

    @abstractmethod
    def score(self, entry: Mapping[str, Any], context: RoundContext) -> tuple[int, ...]:
        """Each seat's points for the round. `entry` must be one `check_entry` accepted
        with `complete=True` for the same context; nothing else is promised for others.

        >>> from scorers.wizard import RULES
        >>> players = ("Ann", "Ben", "Cas")
        >>> settings = RULES.resolve_settings({}, 3)
        >>> context = RoundContext(RULES.round_info(1, players, 0, settings), players,
        ...                        settings, (0, 0, 0))
        >>> RULES.score({"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}, context)
        (30, 20, 20)
        """

    def is_over(
        self, totals: Sequence[int], rounds_played: int, settings: Mapping[str, Any]
    ) -> bool:
        """Whether the game has ended after `rounds_played` rounds with these totals. Once
        over, the ledger takes no new round, only corrections of past ones. By default: once
        the last of a fixed number of rounds is played.

        >>> from scorers.wizard import RULES
        >>> settings = RULES.resolve_settings({}, 3)
        >>> RULES.is_over((0, 0, 0), 19, settings), RULES.is_over((0, 0, 0), 20, settings)
        (False, True)
        """
        last = self.round_count(len(totals), settings)
        return last is not None and rounds_played >= last

    def standings(
        self,
        totals: Sequence[int],
        rounds: Sequence[ScoredRound],
        settings: Mapping[str, Any],
    ) -> tuple[Standing, ...]:
        """Every seat's place, best first: highest total first, equal totals sharing a
        place unless the game's tie-break (if any, e.g. read from `rounds`) decides it, in
        which case the standing carries a note saying so. By default by total alone."""
        return rank(totals)

    def field_name(
        self, at: Sequence[str | int], players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The field of an entry at path `at` in words, for a message ("Ben's bid"): a key
        of scorers.messages.FIELDS or of the game's `messages.fields`, and its parameters.
        By default, the round's entry as a whole.

        >>> from scorers.wizard import RULES
        >>> RULES.field_name(["bids", 1], ["Ann", "Ben", "Cas"], RULES.blank_entry(3))
        ('wizard.field.bid', {'player': 'Ben'})
        """
        return "field.entry", {}

    def owners(self, at: Sequence[str | int], was: Any, now: Any, seats: int) -> frozenset[int]:
        """The seats whose own values a change of the field at path `at` from `was` to
        `now`, at a table of `seats`, touches: what a player's own phone may change is what
        touches its seat alone (sharing.rights). Empty for a field of the whole table
        (Wizard's trump, the Colour-blind row); by default every field is the table's.

        >>> from scorers.wizard import RULES
        >>> RULES.owners(["bids", 1], None, 2, 3)
        frozenset({1})
        """
        return frozenset()

    def change_name(
        self, at: Sequence[str | int], now: Any, players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """A tap that set the field at path `at` of `entry` to `now`, in words, for undo
        and redo ("Ben's bid of 2"): a key of the game's `messages.changes` or a field's
        name (the default, `field_name`), and its parameters.

        >>> from scorers.wizard import RULES
        >>> RULES.change_name(["bids", 1], 2, ["Ann", "Ben", "Cas"], RULES.blank_entry(3))
        ('wizard.change.bid', {'player': 'Ben', 'value': 2})
        """
        return self.field_name(at, players, entry)

    def round_notes(
        self,
        rounds: Sequence[ScoredRound],
        infos: Sequence[RoundInfo],
        settings: Mapping[str, Any],
        players: int,
    ) -> list[str] | None:
        """Each scored round's cell in the score sheet's `note_column`, in signs any language
        reads (Wizard: its trump, "♥"); `infos` are the rounds' RoundInfo, in the same order,
        of a game with these `settings`. None when the sheet has no such column for these
        rounds (the default)."""
        return None

    sheet_columns: ClassVar[tuple[str, ...]] = ()
    """What a round adds to each player's columns of the CSV score sheet, beside the round's
    score, as message keys of the game's `messages.fields` naming the column ("{name} bid");
    `sheet_values` gives the values. None by default: the score and running total only."""

    def sheet_values(self, entry: Mapping[str, Any]) -> tuple[tuple[Any, ...], ...]:
        """One value per seat for each of `sheet_columns`, from a scored round's `entry`, as
        the paper sheet writes them (Wizard: the bid as counted and the tricks taken).

        >>> from scorers.wizard import RULES
        >>> RULES.sheet_values({"bids": [1, 0, 2], "tricks": [1, 1, 1], "cloud": None})
        ((1, 0, 2), (1, 1, 1))
        """
        return ()

    def tallies(
        self,
        rounds: Sequence[ScoredRound],
        infos: Sequence[RoundInfo],
        settings: Mapping[str, Any],
        players: int,
    ) -> tuple[dict[str, int], ...]:
        """Each of the `players` seats' counts over a game's scored `rounds` for the
        players' records (scorers.stats), e.g. Wizard's exact bids; `infos` are the rounds'
        RoundInfo, in the same order. Every seat has the same names, all whole numbers. By
        default only the rounds each seat played."""
        return tuple({"rounds": len(rounds)} for _ in range(players))

    def figures(self, record: Record) -> Figures:
        """What a player's record of this game says in the game's own terms, worked out
        from its combined `tallies` (and how many games it holds); the game's view shows
        them. By default there are none.

        >>> from scorers.stats import record_of
        >>> from scorers.wizard import RULES
        >>> RULES.figures(record_of([])).exact_rate is None
        True
        """
        return Figures()
