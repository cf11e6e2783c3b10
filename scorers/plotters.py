"""Plotters, Inc. / Mit List und Tücke (Klaus Palesch): collected cards and their score."""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NotRequired, TypedDict

from scorers.checks import fields, is_whole, per_seat
from scorers.errors import InvalidEntry
from scorers.game import Figures, GameRules, RoundContext, RoundInfo, ScoredRound
from scorers.messages import GameMessages
from scorers.seats import check_count
from scorers.settings import one_of, resolve
from scorers.stats import Record, ratio

COLOURS = ("blue", "green", "red", "yellow")
PAIRS: tuple[tuple[str, str], ...] = tuple(combinations(COLOURS, 2))
"""Every face-up pair, in the order that breaks ties in best_face_up."""
HAND = 14
MIN_PLAYERS = 4
MAX_PLAYERS = 6
NOTHING_FACE_DOWN = ("divide_by_one", "zero")

_IN_PLAY = {
    4: {"blue": 14, "green": 14, "red": 14, "yellow": 14},
    5: {"blue": 17, "green": 17, "red": 18, "yellow": 18},
    6: {"blue": 21, "green": 21, "red": 21, "yellow": 21},
}


class PlottersEntry(TypedDict):
    """A Plotters round, seat 0 first: each player's cards by colour, the face-up pair each
    chose (None: the app proposes the best), and whether the round ended early.

    A draft may hold one face-up colour for a seat (the first of a pair tapped), so that it
    survives a restart and shows on every phone; a scored round holds whole pairs only. A
    draft says `before_last_counted` once the last colour of the player before the last was
    entered: that player may have taken no cards, and the last seat is filled in all the
    same (see `fills_last_seat`)."""

    counts: list[dict[str, int]]
    face_up: list[list[str] | None]
    ended_early: bool
    before_last_counted: NotRequired[bool]
    nobody_collected: NotRequired[bool]
    """A round that ended in its first trick, confirmed by the table: no card is counted,
    and everyone scores 0 (kept only while true; any count entered drops it)."""


def _entry(
    entry: Mapping[str, Any],
    *,
    counts: Sequence[Mapping[str, int]] | None = None,
    face_up: Sequence[list[str] | None] | None = None,
    ended_early: bool | None = None,
    before_last_counted: bool | None = None,
    nobody_collected: bool | None = None,
) -> PlottersEntry:
    """A copy of `entry` with the fields given changed (`before_last_counted` and
    `nobody_collected` are kept only while true, so that an entry without them stays as it
    was)."""
    copied = PlottersEntry(
        counts=[dict(held) for held in (entry["counts"] if counts is None else counts)],
        face_up=list(entry["face_up"] if face_up is None else face_up),
        ended_early=entry["ended_early"] if ended_early is None else ended_early,
    )
    if before_last_counted is None:
        before_last_counted = entry.get("before_last_counted", False)
    if before_last_counted:
        copied["before_last_counted"] = True
    if nobody_collected is None:
        nobody_collected = entry.get("nobody_collected", False)
    if nobody_collected:
        copied["nobody_collected"] = True
    return copied


def with_count(entry: Mapping[str, Any], seat: int, colour: str, count: int) -> PlottersEntry:
    """The entry with `seat` holding `count` cards of `colour` (the rules check the count).
    Entering the last colour of the player before the last marks that player counted.

    >>> blank = {"counts": [dict.fromkeys(COLOURS, 0)] * 4, "face_up": [None] * 4,
    ...          "ended_early": False}
    >>> with_count(blank, 2, "yellow", 0)["before_last_counted"]
    True
    """
    counts = [dict(held) for held in entry["counts"]]
    counts[seat][colour] = count
    before_last = seat == len(counts) - 2 and colour == COLOURS[-1]
    return _entry(
        entry, counts=counts, before_last_counted=before_last or None, nobody_collected=False
    )


def with_face_up(entry: Mapping[str, Any], seat: int, pair: list[str] | None) -> PlottersEntry:
    """The entry with `seat`'s chosen face-up pair (None: none chosen)."""
    face_up = list(entry["face_up"])
    face_up[seat] = pair
    return _entry(entry, face_up=face_up)


def with_ended_early(entry: Mapping[str, Any], ended_early: bool) -> PlottersEntry:
    """The entry with the round marked as ended early (or not: then nobody collecting a
    card cannot hold)."""
    return _entry(entry, ended_early=ended_early, nobody_collected=ended_early and None)


def with_nobody_collected(entry: Mapping[str, Any]) -> PlottersEntry:
    """The entry of a round that ended in its first trick: nobody collected a card, and
    everyone scores 0 (RULES.md 2: a player who would have to play the fourth colour to the
    first trick ends the round at once). The table confirms it: an entry with nothing
    counted is otherwise refused, as a slip."""
    return _entry(entry, ended_early=True, nobody_collected=True)


def toggled_face_up(chosen: Sequence[str] | None, colour: str) -> list[str] | None:
    """The face-up colours after a tap on `colour`: a first colour waits for its partner,
    tapping a chosen colour takes it back, and a third colour replaces the older of a pair."""
    held = list(chosen or ())
    if colour in held:
        held.remove(colour)
    elif len(held) == 2:
        held = [held[1], colour]
    else:
        held.append(colour)
    return held or None


def chosen_pair(entry: Mapping[str, Any], seat: int) -> list[str] | None:
    """The face-up pair `seat` chose, or None while no whole pair is chosen."""
    chosen = entry["face_up"][seat]
    return list(chosen) if chosen is not None and len(chosen) == 2 else None


def fills_last_seat(entry: Mapping[str, Any]) -> bool:
    """Whether the last seat's counts come from the cards in play: the round went the full
    14 tricks, the player before the last has been counted to their last colour (it holds
    cards, or it was entered: players are counted seat by seat and colour by colour, so an
    earlier player or colour without cards took none) and nobody entered any of the last
    seat's counts. Until then the round is not ready to score: the others' counts are not
    all in.

    >>> blank = dict.fromkeys(COLOURS, 0)
    >>> some, all_four = {**blank, "red": 5}, dict.fromkeys(COLOURS, 2)
    >>> fills_last_seat({"counts": [some, blank, all_four, blank], "ended_early": False})
    True
    >>> fills_last_seat({"counts": [some, blank, some, blank], "ended_early": False})
    False
    >>> fills_last_seat({"counts": [some, some, blank, blank], "ended_early": False,
    ...                  "before_last_counted": True})
    True
    """
    before_last, last = entry["counts"][-2:]
    reached = before_last[COLOURS[-1]] > 0 or entry.get("before_last_counted", False)
    return not entry["ended_early"] and reached and not any(last.values())


def filled_in(entry: Mapping[str, Any]) -> PlottersEntry:
    """The entry as it is scored: when `fills_last_seat`, the last seat holds every card in
    play that the others did not take (a full round deals out every card in play)."""
    counts = [dict(held) for held in entry["counts"]]
    if fills_last_seat(entry):
        in_play = cards_in_play(len(counts))
        counts[-1] = {
            colour: in_play[colour] - sum(held.get(colour, 0) for held in counts[:-1])
            for colour in COLOURS
        }
    return _entry(entry, counts=counts)


def cards_in_play(players: int) -> dict[str, int]:
    """Colour -> how many cards of it are dealt, so that everyone gets 14."""
    return dict(_IN_PLAY[check_count(players, "Plotters", MIN_PLAYERS, MAX_PLAYERS)])


@dataclass(frozen=True)
class ScoreParts:
    """A player's round score and what it is made of: up_a x up_b / down, rounded down."""

    pair: tuple[str, str]
    up_a: int
    up_b: int
    down: int
    score: int


def score_parts(
    counts: Mapping[str, int],
    face_up: Sequence[str] | None,
    nothing_face_down: str = "divide_by_one",
) -> ScoreParts:
    """The score of `counts` with `face_up` (None: the best pair) and its parts."""
    full = _counts(counts, None)
    if nothing_face_down not in NOTHING_FACE_DOWN:
        raise InvalidEntry(
            "settings.not_an_option",
            name="nothing_face_down",
            value=nothing_face_down,
            options=", ".join(NOTHING_FACE_DOWN),
        )
    pair = best_face_up(full, nothing_face_down) if face_up is None else _pair(face_up, None)
    first, second = pair
    product = full[first] * full[second]
    down = sum(full.values()) - full[first] - full[second]
    # Nothing face down: the published text is unreadable, so a setting decides.
    undivided = product if nothing_face_down == "divide_by_one" else 0
    return ScoreParts(pair, full[first], full[second], down, product // down if down else undivided)


def seat_parts(entry: Mapping[str, Any], seat: int, settings: Mapping[str, Any]) -> ScoreParts:
    """What `seat` scores for the round in `entry` under the game's settings, and how: the
    pair the player chose, else the best one under the "nothing face down" setting."""
    counts = entry["counts"][seat]
    return score_parts(counts, chosen_pair(entry, seat), settings["nothing_face_down"])


def round_score(
    counts: Mapping[str, int],
    face_up: tuple[str, str],
    nothing_face_down: str = "divide_by_one",
) -> int:
    """floor(up_a * up_b / down); down is every card not of the two face-up colours."""
    return score_parts(counts, _pair(face_up, None), nothing_face_down).score


def best_face_up(
    counts: Mapping[str, int], nothing_face_down: str = "divide_by_one"
) -> tuple[str, str]:
    """The face-up pair that scores most; on equal scores the first of PAIRS."""
    return max(PAIRS, key=lambda pair: round_score(counts, pair, nothing_face_down))


def colours_held(counts: Mapping[str, int]) -> int:
    """How many colours a player collected (0 to 4)."""
    return sum(1 for value in _counts(counts, None).values() if value)


def must_choose_face_up(counts: Mapping[str, int]) -> bool:
    """A player with all four colours chose the face-up pair during play: the app cannot
    propose one."""
    return colours_held(counts) == len(COLOURS)


def _counts(counts: object, player: str | None) -> dict[str, int]:
    """All four colours' counts (a missing colour counts 0), each a whole number >= 0."""
    if not isinstance(counts, Mapping):
        raise InvalidEntry("entry.not_mapping", what="colour count")
    for colour in counts:
        if colour not in COLOURS:
            raise InvalidEntry("plotters.colour_unknown", value=colour)
    full = {colour: counts.get(colour, 0) for colour in COLOURS}
    for colour, value in full.items():
        if not is_whole(value, 0):
            if player is None:
                raise InvalidEntry("plotters.count_not_possible", colour=colour, value=value)
            raise InvalidEntry("plotters.count_invalid", player=player, colour=colour, value=value)
    return full


def _face_up(chosen: object, player: str, *, complete: bool) -> list[str] | None:
    """A seat's face-up choice: none, a whole pair, or (in a draft) the first colour."""
    if chosen is None:
        return None
    if isinstance(chosen, list | tuple) and len(chosen) == 1 and chosen[0] in COLOURS:
        if complete:
            raise InvalidEntry("plotters.face_up_one", player=player, colour=chosen[0])
        return [chosen[0]]
    return list(_pair(chosen, player))


def _pair(face_up: object, player: str | None) -> tuple[str, str]:
    """Two different colours."""
    if (
        isinstance(face_up, str | bytes)
        or not isinstance(face_up, Sequence)
        or len(face_up) != 2
        or any(colour not in COLOURS for colour in face_up)
    ):
        if player is None:
            raise InvalidEntry("plotters.face_up_not_possible", value=face_up)
        raise InvalidEntry("plotters.face_up_invalid", player=player, value=face_up)
    first, second = face_up
    if first == second:
        if player is None:
            raise InvalidEntry("plotters.face_up_same_colour", colour=first)
        raise InvalidEntry("plotters.face_up_same", player=player, colour=first)
    return first, second


@dataclass(frozen=True)
class TrickResult:
    """Indices in play order. `taker` is None when every card is trump: RULES.md names
    nobody to take the rest (nor to lead next) in that case."""

    picker: int
    picks: int
    taker: int | None


_CARD = re.compile(r"(blue|green|red|yellow|b|g|r|y)[ -]?(\d{1,2})")


def parse_card(card: object, players: int) -> tuple[str, int]:
    """A trick card written as colour + number, e.g. "blue7", "Red 12", "y3"."""
    in_play = cards_in_play(players)
    match = _CARD.fullmatch(card.strip().lower()) if isinstance(card, str) else None
    if match is None:
        raise InvalidEntry("plotters.card_invalid", card=card)
    colour = next(c for c in COLOURS if c.startswith(match.group(1)))
    number = int(match.group(2))
    if not 1 <= number <= in_play[colour]:
        raise InvalidEntry(
            "plotters.card_not_in_play", card=card, colour=colour, high=in_play[colour]
        )
    return colour, number


def allowed_colours(played: Sequence[str], players: int) -> tuple[str, ...]:
    """Colours that may still join the trick: any, until three colours lie on the table."""
    on_table = {parse_card(card, players)[0] for card in played}
    if len(on_table) < 3:
        return COLOURS
    return tuple(colour for colour in COLOURS if colour in on_table)


def trick_result(cards: Sequence[str], players: int) -> TrickResult:
    """Who picks (the highest trump; trump = the led colour) and who takes the rest and
    leads next (the lowest non-trump; on equal numbers the one played first)."""
    parsed: list[tuple[str, int]] = []
    for card in cards:
        colour, number = parse_card(card, players)
        if (colour, number) in parsed:
            raise InvalidEntry("plotters.card_twice", card=f"{colour}{number}")
        if colour not in allowed_colours(cards[: len(parsed)], players):
            raise InvalidEntry("plotters.fourth_colour", card=f"{colour}{number}")
        parsed.append((colour, number))
    if len(parsed) != players:
        raise InvalidEntry("plotters.trick_size", count=len(parsed), players=players)
    trump = parsed[0][0]
    picker = max(range(players), key=lambda i: parsed[i][1] if parsed[i][0] == trump else 0)
    others = [i for i in range(players) if parsed[i][0] != trump]
    taker = min(others, key=lambda i: parsed[i][1]) if others else None
    return TrickResult(picker=picker, picks=2 if players == 4 else 3, taker=taker)


MESSAGES = GameMessages(
    errors={
        "plotters.colour_unknown": "'{value}' is not a colour: the colours are blue, green, red "
        "and yellow.",
        "plotters.count_not_possible": "{value} {colour} cards is not possible: counts are whole "
        "numbers of 0 or more.",
        "plotters.count_invalid": "Counts are whole numbers of 0 or more: {player} cannot have "
        "{value} {colour} cards.",
        "plotters.count_too_high": "{player} cannot have {value} {colour} cards: only {high} are "
        "in play.",
        "plotters.colour_total_too_high": "The players have {value} {colour} cards together, but "
        "only {high} are in play.",
        "plotters.face_up_not_possible": "{value} is not a pair of face-up colours.",
        "plotters.face_up_invalid": "{player}'s face-up colours must be two of blue, green, red "
        "and yellow, not {value}.",
        "plotters.face_up_same_colour": "The two face-up colours must differ, not both {colour}.",
        "plotters.face_up_same": "{player}'s two face-up colours must differ, not both {colour}.",
        "plotters.face_up_required": "{player} has all four colours: choose the two that stay "
        "face up.",
        "plotters.face_up_one": "{player} has one face-up colour ({colour}): choose the second.",
        "plotters.ended_early_invalid": "Whether the round ended early must be yes or no, not "
        "{value}.",
        "plotters.before_last_counted_invalid": "Whether the player before the last was counted "
        "must be yes or no, not {value}.",
        "plotters.total_cards": "The players hold {total} cards together, but a full round shares "
        "out {full}.",
        "plotters.total_cards_early": "The players hold {total} cards together: a round that "
        "ended early holds fewer than {full}, a multiple of {players}.",
        "plotters.nothing_entered": "No cards are entered yet: enter the cards each player "
        "took, or, if the round ended in its first trick, say that nobody collected a card.",
        "plotters.nobody_collected_invalid": "Nobody collecting a card can hold only for a "
        "round that ended early with no card entered.",
        "plotters.card_invalid": "'{card}' is not a card: write a colour and a number, like blue7.",
        "plotters.card_not_in_play": "{card} is not in play: {colour} runs from 1 to {high}.",
        "plotters.card_twice": "{card} cannot be played twice in one trick.",
        "plotters.fourth_colour": "{card} cannot be played: the trick already holds three colours.",
        "plotters.trick_size": "A trick holds one card per player ({players}), not {count}.",
    },
    fields={
        "plotters.field.count": "{player}'s {colour} cards",
        "plotters.field.face_up": "{player}'s face-up colours",
        "plotters.field.ended_early": "Whether the round ended early",
    },
    changes={
        "plotters.change.count": "{player}'s {value} {colour} cards",
        "plotters.change.ended_early": "\u201cended early\u201d switched on",
        "plotters.change.played_in_full": "\u201cended early\u201d switched off",
    },
    reminders={
        "plotters.trick": "{first} leads. The led colour is trump for the trick; highest trump "
        "picks {picks} cards, lowest other card takes the rest and leads next.",
    },
)
"""The English text of every key Plotters's rules give (see scorers.messages)."""


@dataclass(frozen=True)
class PlottersFigures(Figures):
    """What a player's Plotters tallies say; None where there is nothing to divide."""

    average_round: float | None
    best_round: int
    one_colour_zero: int
    pairs_chosen: int
    best_pair_chosen: int


class PlottersRules(GameRules):
    """Plotters for 4 to 6 players: one round per player, 14 cards each."""

    name = "plotters"
    title = "Plotters"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    messages = MESSAGES

    def resolve_settings(self, given: object, players: int) -> dict[str, Any]:
        """nothing_face_down: what two face-up colours score with nothing face down, their
        product ("divide_by_one", the default) or 0 ("zero")."""
        spec = {"nothing_face_down": ("divide_by_one", one_of(*NOTHING_FACE_DOWN))}
        return resolve(given, spec, self.title)

    def round_count(self, players: int, settings: Mapping[str, Any]) -> int:
        return players

    def cards_per_player(self, number: int, players: int, settings: Mapping[str, Any]) -> int:
        return HAND

    def reminder(
        self, cards: int, dealer: str, first: str, settings: Mapping[str, Any], players: int
    ) -> tuple[str, dict[str, Any]]:
        return "plotters.trick", {"first": first, "picks": 2 if players == 4 else 3}

    def completed(self, entry: Mapping[str, Any], context: RoundContext) -> Mapping[str, Any]:
        """The last player's counts of a full round filled in (see `filled_in`)."""
        return filled_in(entry)

    def blank_entry(self, players: int) -> dict[str, Any]:
        return {
            "counts": [dict.fromkeys(COLOURS, 0) for _ in range(players)],
            "face_up": [None] * players,
            "ended_early": False,
        }

    def check_entry(
        self, entry: object, context: RoundContext, *, complete: bool
    ) -> dict[str, Any]:
        data = fields(
            entry,
            "Plotters",
            ("counts", "face_up", "ended_early"),
            ("before_last_counted", "nobody_collected"),
        )
        players = context.players
        in_play = cards_in_play(len(players))
        counts = [
            _counts(c, players[seat])
            for seat, c in enumerate(per_seat(data["counts"], "counts", len(players)))
        ]
        face_up = [
            _face_up(chosen, players[seat], complete=complete)
            for seat, chosen in enumerate(per_seat(data["face_up"], "face_up", len(players)))
        ]
        ended_early = data["ended_early"]
        if not isinstance(ended_early, bool):
            raise InvalidEntry("plotters.ended_early_invalid", value=ended_early)
        before_last_counted = data.get("before_last_counted", False)
        if not isinstance(before_last_counted, bool):
            raise InvalidEntry("plotters.before_last_counted_invalid", value=before_last_counted)
        nobody_collected = data.get("nobody_collected", False)
        counted = any(any(held.values()) for held in counts)
        if type(nobody_collected) is not bool or (
            nobody_collected and (counted or not ended_early)
        ):
            raise InvalidEntry("plotters.nobody_collected_invalid")
        for colour in COLOURS:
            for seat, player in enumerate(players):
                if counts[seat][colour] > in_play[colour]:
                    raise InvalidEntry(
                        "plotters.count_too_high",
                        player=player,
                        colour=colour,
                        value=counts[seat][colour],
                        high=in_play[colour],
                    )
            together = sum(c[colour] for c in counts)
            if together > in_play[colour]:
                raise InvalidEntry(
                    "plotters.colour_total_too_high",
                    colour=colour,
                    value=together,
                    high=in_play[colour],
                )
        if complete and not nobody_collected:
            self._check_complete(counts, face_up, ended_early, players)
        checked = {"counts": counts, "face_up": face_up, "ended_early": ended_early}
        return dict(
            _entry(
                checked,
                before_last_counted=before_last_counted,
                nobody_collected=nobody_collected,
            )
        )

    def _check_complete(
        self,
        counts: Sequence[Mapping[str, int]],
        face_up: Sequence[list[str] | None],
        ended_early: bool,
        players: Sequence[str],
    ) -> None:
        for seat, player in enumerate(players):
            if face_up[seat] is None and must_choose_face_up(counts[seat]):
                raise InvalidEntry("plotters.face_up_required", player=player)
        total = sum(sum(c.values()) for c in counts)
        full = HAND * len(players)
        if not ended_early and total != full:
            raise InvalidEntry("plotters.total_cards", total=total, full=full)
        if ended_early and total == 0:
            raise InvalidEntry("plotters.nothing_entered")
        if ended_early and (total >= full or total % len(players)):
            raise InvalidEntry(
                "plotters.total_cards_early", total=total, full=full, players=len(players)
            )

    def score(self, entry: Mapping[str, Any], context: RoundContext) -> tuple[int, ...]:
        """Each seat's `seat_parts` score: the chosen (or best) pair under the setting."""
        return tuple(
            seat_parts(entry, seat, context.settings).score for seat in range(len(context.players))
        )

    def owners(self, at: Sequence[str | int], was: Any, now: Any, seats: int) -> frozenset[int]:
        """A seat's counts and face-up colours are that seat's, and so is the mark that the
        player before the last has counted (their last colour entered sets it); whether
        the round ended early, or nobody collected a card, is the table's.

        >>> RULES.owners(["counts", 2, "red"], 0, 3, 4)
        frozenset({2})
        >>> RULES.owners(["before_last_counted"], None, True, 4)
        frozenset({2})
        """
        if at[0] in ("counts", "face_up") and len(at) > 1 and isinstance(at[1], int):
            return frozenset({at[1]})
        if tuple(at) == ("before_last_counted",):
            return frozenset({seats - 2})
        return frozenset()

    def field_name(
        self, at: Sequence[str | int], players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """A seat's count of a colour or face-up pair, or whether the round ended early."""
        seat = at[1] if len(at) > 1 and isinstance(at[1], int) else None
        if at[0] == "counts" and seat is not None and len(at) > 2:
            return "plotters.field.count", {"player": players[seat], "colour": at[2]}
        if at[0] == "face_up" and seat is not None:
            return "plotters.field.face_up", {"player": players[seat]}
        if at[0] == "ended_early":
            return "plotters.field.ended_early", {}
        return super().field_name(at, players, entry)

    def change_name(
        self, at: Sequence[str | int], now: Any, players: Sequence[str], entry: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """A count set ("Ann's 6 blue cards"), or the round marked as ended early or not;
        the face-up colours as a field.

        >>> RULES.change_name(["ended_early"], True, ["Ann", "Ben", "Cas", "Dot"], {})
        ('plotters.change.ended_early', {})
        """
        seat = at[1] if len(at) > 2 and isinstance(at[1], int) else None
        if at[0] == "counts" and seat is not None:
            return "plotters.change.count", {"player": players[seat], "colour": at[2], "value": now}
        if tuple(at) == ("ended_early",):
            return ("plotters.change.ended_early" if now else "plotters.change.played_in_full"), {}
        return super().change_name(at, now, players, entry)

    tally_maxima = frozenset({"best_round"})

    def tallies(
        self,
        rounds: Sequence[ScoredRound],
        infos: Sequence[RoundInfo],
        settings: Mapping[str, Any],
        players: int,
    ) -> tuple[dict[str, int], ...]:
        """Per seat: rounds and points; the best round; rounds scored 0 holding one colour
        only; rounds the player chose the face-up pair, and those where the chosen pair
        scored as much as the best one would have."""
        counts = [dict.fromkeys(PLOTTERS_TALLIES, 0) for _ in range(players)]
        nothing_down = settings["nothing_face_down"]
        for scored in rounds:
            for seat, count in enumerate(counts):
                held, chosen = scored.entry["counts"][seat], scored.entry["face_up"][seat]
                score = scored.scores[seat]
                count["rounds"] += 1
                count["points"] += score
                count["best_round"] = max(count["best_round"], score)
                count["one_colour_zero"] += score == 0 and colours_held(held) == 1
                if chosen is not None:
                    best = score_parts(held, None, nothing_down).score
                    count["pairs_chosen"] += 1
                    count["best_pair_chosen"] += score == best
        return tuple(counts)

    def figures(self, record: Record) -> PlottersFigures:
        """The figures of the record's combined tallies (see `tallies`)."""
        tallies = record.tallies
        return PlottersFigures(
            average_round=ratio(tallies.get("points", 0), tallies.get("rounds", 0)),
            best_round=tallies.get("best_round", 0),
            one_colour_zero=tallies.get("one_colour_zero", 0),
            pairs_chosen=tallies.get("pairs_chosen", 0),
            best_pair_chosen=tallies.get("best_pair_chosen", 0),
        )


PLOTTERS_TALLIES = (
    "rounds",
    "points",
    "best_round",
    "one_colour_zero",
    "pairs_chosen",
    "best_pair_chosen",
)
RULES = PlottersRules()
