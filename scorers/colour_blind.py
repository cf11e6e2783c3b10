"""Colour-blind (David Parlett): the row, its good colour, captured cards and the target."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypedDict

from scorers.checks import fields, is_whole, per_seat
from scorers.errors import InvalidEntry
from scorers.game import Figures, GameRules, RoundContext, RoundInfo, ScoredRound
from scorers.messages import GameMessages
from scorers.settings import positive_whole, resolve
from scorers.stats import Record, ratio

PLAYERS = 3
ROW = 13
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""In value order: A = 1 ... K = 13."""
PLAY_ORDER = (*RANKS[1:], "A")
"""Low to high in play: the Ace ranks highest."""
SUITS = ("S", "H", "D", "C")
RED_SUITS = ("H", "D")


class ColourBlindEntry(TypedDict):
    """A Colour-blind deal: the face-up row as laid (the uncovered end last) and, per row
    card, the seat that captured it (None: still in the row)."""

    row: list[str]
    captured_by: list[int | None]


def with_card_laid(entry: Mapping[str, Any], card: str) -> ColourBlindEntry:
    """The entry with `card` laid at the uncovered end of the row (the rules check it)."""
    return ColourBlindEntry(row=[*entry["row"], card], captured_by=[*entry["captured_by"], None])


def without_last_card(entry: Mapping[str, Any]) -> ColourBlindEntry:
    """The entry with the card laid last taken back off the row."""
    return ColourBlindEntry(
        row=list(entry["row"][:-1]), captured_by=list(entry["captured_by"][:-1])
    )


def with_captor(entry: Mapping[str, Any], index: int, seat: int | None) -> ColourBlindEntry:
    """The entry with row card `index` captured by `seat` (None: back in the row)."""
    captured_by = list(entry["captured_by"])
    captured_by[index] = seat
    return ColourBlindEntry(row=list(entry["row"]), captured_by=captured_by)


def rest_taker(entry: Mapping[str, Any]) -> int | None:
    """The seat that took the row cards nobody was given yet: once the row is laid, the one
    player with no card given while the others have some (every row card is captured by
    someone, so the cards left are theirs). None when that is not yet certain."""
    row, captured_by = entry["row"], entry["captured_by"]
    empty = [seat for seat in range(PLAYERS) if seat not in captured_by]
    if len(row) != ROW or None not in captured_by or len(empty) != 1:
        return None
    return empty[0]


def filled_in(entry: Mapping[str, Any]) -> ColourBlindEntry:
    """The entry as it is scored: the cards nobody was given yet go to `rest_taker`."""
    taker = rest_taker(entry)
    captured_by = [taker if seat is None else seat for seat in entry["captured_by"]]
    return ColourBlindEntry(row=list(entry["row"]), captured_by=captured_by)


def with_capture(entry: Mapping[str, Any], index: int, seat: int) -> ColourBlindEntry:
    """The entry with row card `index` given to `seat`. A tap on a card filled in for the
    rest taker makes all of the cards filled in for them their own."""
    base = filled_in(entry) if rest_taker(entry) == seat else entry
    return with_captor(base, index, seat)


def parse_card(card: object) -> str:
    """The card's code in canonical form ("10H", "QS"); T stands for 10; any case."""
    if isinstance(card, str):
        code = card.upper()
        rank, suit = code[:-1], code[-1:]
        rank = "10" if rank == "T" else rank
        if rank in RANKS and suit in SUITS:
            return rank + suit
    raise InvalidEntry("colour_blind.card_invalid", card=card)


def card_value(card: str) -> int:
    """A = 1, 2-10 at face value, J = 11, Q = 12, K = 13."""
    return RANKS.index(parse_card(card)[:-1]) + 1


def card_colour(card: str) -> str:
    """ "red" for hearts and diamonds, "black" for spades and clubs."""
    return "red" if parse_card(card)[-1] in RED_SUITS else "black"


def _distinct(cards: Iterable[object], duplicate_key: str) -> list[str]:
    seen: list[str] = []
    for card in cards:
        code = parse_card(card)
        if code in seen:
            raise InvalidEntry(duplicate_key, card=code)
        seen.append(code)
    return seen


def good_colour(row: Sequence[str]) -> str:
    """The colour with more cards in the 13-card row ("red" or "black")."""
    cards = _distinct(row, "colour_blind.row_duplicate")
    if len(cards) != ROW:
        raise InvalidEntry("colour_blind.row_length", count=len(cards))
    reds = sum(1 for card in cards if card_colour(card) == "red")
    return "red" if reds * 2 > ROW else "black"


def trick_winner(cards: Sequence[str]) -> int:
    """Index (in play order) of the highest card, A high; of equal ranks the last played."""
    codes = _distinct(cards, "colour_blind.trick_duplicate")
    if not 1 <= len(codes) <= PLAYERS:
        raise InvalidEntry("colour_blind.trick_size", count=len(codes))
    strength = [PLAY_ORDER.index(code[:-1]) for code in codes]
    return max(range(len(codes)), key=lambda i: (strength[i], i))


class DealParts(NamedTuple):
    """One player's deal: the values of their good and bad cards and what it scores."""

    good_sum: int
    bad_sum: int
    score: int

    @property
    def difference(self) -> int:
        """Good minus bad before the floor at 0 (what "scores 0" explains)."""
        return self.good_sum - self.bad_sum


def deal_parts(captured: Iterable[str], good: str) -> DealParts:
    """The good sum, the bad sum and the score (good - bad, never below 0)."""
    if good not in ("red", "black"):
        raise InvalidEntry("colour_blind.good_invalid", value=good)
    cards = _distinct(captured, "colour_blind.captured_twice")
    good_sum = sum(card_value(c) for c in cards if card_colour(c) == good)
    bad_sum = sum(card_value(c) for c in cards if card_colour(c) != good)
    return DealParts(good_sum, bad_sum, max(good_sum - bad_sum, 0))


def captured_cards(entry: Mapping[str, Any], seat: int) -> list[str]:
    """The row cards `seat` has captured, in row order."""
    return [c for c, s in zip(entry["row"], entry["captured_by"], strict=True) if s == seat]


def seat_parts(entry: Mapping[str, Any], seat: int) -> DealParts:
    """What `seat` scores for the deal in `entry`, and how: the good and bad sums of the row
    cards they captured."""
    return deal_parts(captured_cards(entry, seat), good_colour(entry["row"]))


def next_capture(entry: Mapping[str, Any]) -> int | None:
    """Index of the row card the next trick's winner takes (the uncovered end), or None."""
    captured_by = entry["captured_by"]
    for index in reversed(range(len(captured_by))):
        if captured_by[index] is None:
            return index
    return None


def target_reached_but_tied(totals: Sequence[int], settings: Mapping[str, Any]) -> bool:
    """Someone has reached the target but shares the top total: another deal is played."""
    top = max(totals)
    return top >= settings["target"] and totals.count(top) > 1


MESSAGES = GameMessages(
    errors={
        "colour_blind.card_invalid": "'{card}' is not a card: write a rank (A, 2-10, J, Q, K) and "
        "a suit (S, H, D, C), like 10H.",
        "colour_blind.row_duplicate": "{card} is in the row twice.",
        "colour_blind.row_length": "The row holds 13 cards, not {count}.",
        "colour_blind.trick_duplicate": "{card} cannot be played twice in one trick.",
        "colour_blind.trick_size": "A trick holds 1 to 3 cards, not {count}.",
        "colour_blind.captured_twice": "{card} cannot be captured twice.",
        "colour_blind.good_invalid": "The good colour is red or black, not {value}.",
        "colour_blind.card_not_captured": "Nobody has captured {card} yet: every row card goes to "
        "one player.",
        "colour_blind.captor_invalid": "{card} is captured by seat {seat}, but there are only "
        "seats 0 to 2.",
    },
    fields={
        "colour_blind.field.row": "The row",
        "colour_blind.field.captor": "Who took {card}",
    },
    changes={
        "colour_blind.change.captor": "{player} taking {card}",
        "colour_blind.change.captor_cleared": "{card} going back to the row",
    },
    reminders={
        "colour_blind.row": "{dealer} deals four hands; the table's hand goes face up in a row. "
        "More reds or more blacks decides the good colour. {first} leads.",
    },
)
"""The English text of every key Colour-blind's rules give (see scorers.messages)."""


@dataclass(frozen=True)
class ColourBlindFigures(Figures):
    """What a player's Colour-blind tallies say over `games` games."""

    average_deal: float | None
    deals_per_game: float | None
    floored: int


class ColourBlindRules(GameRules):
    """Colour-blind for exactly 3 players: deals are played until one player alone has
    reached the target."""

    name = "colour_blind"
    title = "Colour-blind"
    min_players = PLAYERS
    max_players = PLAYERS
    messages = MESSAGES

    def resolve_settings(self, given: object, players: int) -> dict[str, Any]:
        """target: the score that ends the game once one player alone has reached it (100)."""
        return resolve(given, {"target": (100, positive_whole)}, self.title)

    def round_count(self, players: int, settings: Mapping[str, Any]) -> None:
        return None

    def cards_per_player(self, number: int, players: int, settings: Mapping[str, Any]) -> int:
        return ROW

    def reminder(
        self, cards: int, dealer: str, first: str, settings: Mapping[str, Any], players: int
    ) -> tuple[str, dict[str, Any]]:
        return "colour_blind.row", {"dealer": dealer, "first": first}

    def blank_entry(self, players: int) -> dict[str, Any]:
        return {"row": [], "captured_by": []}

    def completed(self, entry: Mapping[str, Any], context: RoundContext) -> Mapping[str, Any]:
        """The cards nobody was given yet go to the one player given none (`filled_in`)."""
        return filled_in(entry)

    def check_entry(
        self, entry: object, context: RoundContext, *, complete: bool
    ) -> dict[str, Any]:
        data = fields(entry, "Colour-blind", ("row", "captured_by"))
        raw_row = data["row"]
        if isinstance(raw_row, str | bytes) or not isinstance(raw_row, Sequence):
            raise InvalidEntry("entry.not_list", field="row")
        row = _distinct(raw_row, "colour_blind.row_duplicate")
        if len(row) > ROW or (complete and len(row) != ROW):
            raise InvalidEntry("colour_blind.row_length", count=len(row))
        captured_by = per_seat(data["captured_by"], "captured_by", len(row))
        for card, seat in zip(row, captured_by, strict=True):
            if seat is None:
                if complete:
                    raise InvalidEntry("colour_blind.card_not_captured", card=card)
            elif not is_whole(seat, 0, PLAYERS - 1):
                raise InvalidEntry("colour_blind.captor_invalid", card=card, seat=seat)
        return {"row": row, "captured_by": captured_by}

    def score(self, entry: Mapping[str, Any], context: RoundContext) -> tuple[int, ...]:
        """Each seat's `seat_parts` score: good minus bad captured values, never below 0."""
        return tuple(seat_parts(entry, seat).score for seat in range(len(context.players)))

    def is_over(
        self, totals: Sequence[int], rounds_played: int, settings: Mapping[str, Any]
    ) -> bool:
        """Over when the top total reaches the target and no one shares it."""
        return max(totals) >= settings["target"] and not target_reached_but_tied(totals, settings)

    def owners(self, at: Sequence[str | int], was: Any, now: Any, seats: int) -> frozenset[int]:
        """A row card taken is its taker's, and whoever held it before: a player takes a
        card from the row, or gives back one of their own. The row as laid is the table's.

        >>> RULES.owners(["captured_by", 4], None, 1, 3)
        frozenset({1})
        >>> sorted(RULES.owners(["captured_by", 4], 0, 1, 3))
        [0, 1]
        """
        if at[0] == "captured_by" and len(at) == 2 and isinstance(at[1], int):
            return frozenset(seat for seat in (was, now) if isinstance(seat, int))
        return frozenset()

    def field_name(
        self, at: Sequence[str | int], players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The row as laid, or who took one of its cards."""
        index = at[1] if len(at) > 1 and isinstance(at[1], int) else None
        if at[0] == "captured_by" and index is not None and index < len(entry["row"]):
            return "colour_blind.field.captor", {"card": entry["row"][index]}
        if at[0] in ("row", "captured_by"):
            return "colour_blind.field.row", {}
        return super().field_name(at, players, entry)

    def change_name(
        self, at: Sequence[str | int], now: Any, players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """A row card given to a player ("Cas taking QS") or back to the row."""
        index = at[1] if len(at) > 1 and isinstance(at[1], int) else None
        if at[0] == "captured_by" and index is not None and index < len(entry["row"]):
            card = entry["row"][index]
            if now is None:
                return "colour_blind.change.captor_cleared", {"card": card}
            return "colour_blind.change.captor", {"card": card, "player": players[now]}
        return super().change_name(at, now, players, entry)

    def tallies(
        self,
        rounds: Sequence[ScoredRound],
        infos: Sequence[RoundInfo],
        settings: Mapping[str, Any],
        players: int,
    ) -> tuple[dict[str, int], ...]:
        """Per seat: deals and points; deals whose good minus bad came out below 0 and so
        scored 0."""
        counts = [{"rounds": 0, "points": 0, "floored": 0} for _ in range(players)]
        for scored in rounds:
            for seat, count in enumerate(counts):
                count["rounds"] += 1
                count["points"] += scored.scores[seat]
                count["floored"] += seat_parts(scored.entry, seat).difference < 0
        return tuple(counts)

    def figures(self, record: Record) -> ColourBlindFigures:
        """Deals on average and per game, deals floored at 0 (see `tallies`)."""
        tallies = record.tallies
        deals = tallies.get("rounds", 0)
        return ColourBlindFigures(
            average_deal=ratio(tallies.get("points", 0), deals),
            deals_per_game=ratio(deals, record.games),
            floored=tallies.get("floored", 0),
        )


RULES = ColourBlindRules()
