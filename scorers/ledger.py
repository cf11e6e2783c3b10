"""A game as an append-only list of actions; its state is a replay of them.

Undo and redo are actions too: undo takes back the last effective action (never the
start), redo brings back the last undone one, and any other action clears the redo
stack. Each effective action keeps the state after it, so undo and redo reuse states
rather than replaying: redo always lands on the very state the action was applied to.

The start action records the settings complete (defaults filled in), so a saved game
replays the same even if a default changes later.
"""

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from scorers.adjustments import Adjustment, adjustment_index, check_adjustment, points_after
from scorers.checks import is_whole, per_seat
from scorers.edits import apply_changes, read_changes
from scorers.errors import InvalidEntry
from scorers.game import GameRules, RoundContext, RoundInfo, ScoredRound
from scorers.games import rules_for
from scorers.messages import english
from scorers.seats import check_name, check_seat
from scorers.stack import Stack, push, same_items
from scorers.standings import Standing, rank

__all__ = ["Action", "GameState", "Ledger", "RoundInfo", "ScoredRound", "Standing"]

_FIELDS: dict[str, dict[str, type]] = {
    "start": {"game": str, "players": Sequence, "first_dealer": int, "settings": Mapping},
    "draft": {"round": int, "entry": Mapping},
    "edit": {"round": int, "changes": Sequence},
    "score": {"round": int, "entry": Mapping},
    "rename": {"names": Sequence},
    "adjust": {"number": int, "after": int, "seat": int, "points": int, "reason": str},
    "remove_adjustment": {"number": int},
    "undo": {},
    "redo": {},
}
# Games saved before a rename named every seat renamed one seat per action; they still
# replay. An action holding any of these fields is checked against this shape instead.
_EARLIER_FIELDS: dict[str, dict[str, type]] = {"rename": {"seat": int, "name": str}}

# The most actions one game's record takes (undo and redo count): far beyond any game
# played at a table, and what a game file may hold (storage.game_file), so that every game
# Trickpad records can be exported and imported again. A record saved longer before the
# bound still replays; it takes no more actions.
MAX_ACTIONS = 20_000

# The most bytes one action takes, written as a game file writes it (one JSON object
# {"kind", "data"} in UTF-8, storage.game_file): the longest a game makes is a setup or
# rename of six seats with the longest names in four-byte letters and the longest round
# list (under 1,600). Checked where an action is made, and where a file or a saved record
# is read, so that no single step can hold up the app (a setup of two million rounds).
MAX_ACTION_BYTES = 2_000


MAX_DATA_DEPTH = 8
"""How deep an action's data nests, the data itself the first level: far deeper than a card
inside a trick inside an entry inside the data, which is the deepest any game nests."""


_SCALARS = frozenset({str, int, bool, type(None)})


def action_size(kind: object, data: object) -> int:
    """The bytes an action takes as a game file's line holds it (see MAX_ACTION_BYTES)."""
    line = json.dumps({"kind": kind, "data": data}, ensure_ascii=False, default=_as_plain)
    return len(line.encode("utf-8", "surrogatepass"))


def check_size(kind: object, data: object) -> None:
    """Refuse an action larger than MAX_ACTION_BYTES (``action.too_large``)."""
    size = action_size(kind, data)
    if size > MAX_ACTION_BYTES:
        raise InvalidEntry("action.too_large", kind=kind, size=size, limit=MAX_ACTION_BYTES)


def _as_plain(value: object) -> object:
    """What json.dumps cannot write itself, as `_plain` makes it (tuples are lists already)."""
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} is not plain JSON")


def _plain(value: object, kind: str, depth: int = 1) -> Any:
    """A deep copy made only of str/int/bool/None/list/dict (tuples become lists)."""
    # Plain dicts, lists and scalars (all a saved game holds) are copied first, without the
    # general checks: opening a long game copies every action's data.
    if type(value) in _SCALARS:
        return value
    if type(value) is dict and all(type(key) is str for key in value):
        if depth > MAX_DATA_DEPTH:
            raise InvalidEntry("action.too_deep", kind=kind, limit=MAX_DATA_DEPTH)
        return {
            key: item if type(item) in _SCALARS else _plain(item, kind, depth + 1)
            for key, item in value.items()
        }
    if type(value) is list:
        if depth > MAX_DATA_DEPTH:
            raise InvalidEntry("action.too_deep", kind=kind, limit=MAX_DATA_DEPTH)
        return [item if type(item) in _SCALARS else _plain(item, kind, depth + 1) for item in value]
    return _plain_other(value, kind, depth)


def _plain_other(value: object, kind: str, depth: int) -> Any:
    """`_plain` of what is not a plain dict, list or scalar: subclasses, tuples, mappings."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if depth > MAX_DATA_DEPTH:
        raise InvalidEntry("action.too_deep", kind=kind, limit=MAX_DATA_DEPTH)
    if isinstance(value, list | tuple):
        return [_plain(item, kind, depth + 1) for item in value]
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value):
        return {key: _plain(item, kind, depth + 1) for key, item in value.items()}
    raise InvalidEntry("action.not_json", kind=kind, value=repr(value))


def _is_plain(value: object, depth: int) -> bool:
    """Whether `value` is what `_plain` copies as it is, at this depth: plain dicts with str
    keys, lists and scalars only, nested no deeper than MAX_DATA_DEPTH."""
    kind = type(value)
    if kind is dict:
        if depth > MAX_DATA_DEPTH:
            return False
        for key, item in value.items():  # type: ignore[attr-defined]  # type(value) is dict
            if type(key) is not str:
                return False
            if type(item) not in _SCALARS and not _is_plain(item, depth + 1):
                return False
        return True
    if kind is list:
        if depth > MAX_DATA_DEPTH:
            return False
        for item in value:  # type: ignore[attr-defined]  # type(value) is list
            if type(item) not in _SCALARS and not _is_plain(item, depth + 1):
                return False
        return True
    return kind in _SCALARS


# The exact type most values of a field have, accepted without the general check below.
_USUAL_TYPES: dict[type, type] = {str: str, int: int, Sequence: list, Mapping: dict}


def _check_fields(kind: object, data: object) -> None:
    """Refuse an unknown kind, data that is no mapping, and fields missing, unknown or of
    the wrong type for the kind."""
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidEntry("action.kind_unknown", kind=kind)
    if not isinstance(data, Mapping):
        raise InvalidEntry("action.field_type", kind=kind, field="data")
    expected = _FIELDS[kind]
    earlier = _EARLIER_FIELDS.get(kind, {})
    if earlier and not earlier.keys().isdisjoint(data):
        expected = earlier
    if not expected.keys() >= data.keys():
        for name in data:
            if name not in expected:
                raise InvalidEntry("action.field_unknown", kind=kind, field=name)
    for name, wanted in expected.items():
        if name not in data:
            raise InvalidEntry("action.field_missing", kind=kind, field=name)
        value = data[name]
        if type(value) is _USUAL_TYPES[wanted]:
            continue
        if (
            not isinstance(value, wanted)
            or (wanted is int and isinstance(value, bool))
            or (wanted is Sequence and isinstance(value, str | bytes))
        ):
            raise InvalidEntry("action.field_type", kind=kind, field=name)


@dataclass(frozen=True)
class Action:
    """One step of a game. `data` is copied into plain JSON values; do not mutate it."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_fields(self.kind, self.data)
        object.__setattr__(self, "data", _plain(self.data, self.kind))

    @classmethod
    def decoded(cls, kind: str, data: Mapping[str, Any]) -> "Action":
        """`Action(kind, data)` for data no one else holds, just decoded from JSON (a saved
        record): checked and refused alike, but kept as it is, not copied, when it is plain
        already. Opening a long game makes one per saved action. Never pass it data that
        anyone may change later."""
        _check_fields(kind, data)
        if not _is_plain(data, 1):
            data = _plain(data, kind)
        action = object.__new__(cls)
        object.__setattr__(action, "kind", kind)
        object.__setattr__(action, "data", data)
        return action

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": _plain(self.data, self.kind)}

    @classmethod
    def from_json(cls, obj: object) -> "Action":
        if not isinstance(obj, Mapping) or set(obj) != {"kind", "data"}:
            raise InvalidEntry("action.not_object")
        if not isinstance(obj["data"], Mapping):
            raise InvalidEntry("action.field_type", kind=obj["kind"], field="data")
        return cls(obj["kind"], obj["data"])


@dataclass(frozen=True)
class GameState:
    """The score sheet after the effective actions. Entries are plain data: read only."""

    game: str
    players: tuple[str, ...]
    first_dealer: int
    settings: Mapping[str, Any]
    rounds: tuple[ScoredRound, ...]
    draft: Mapping[str, Any] | None
    current_round: int
    round_count: int | None
    totals: tuple[int, ...]
    is_over: bool
    # The totals after each scored round (and the adjustments following it), kept so that
    # checking an entry costs no sum over the whole sheet.
    running: tuple[tuple[int, ...], ...] = ()
    # The one-off adjustments, in the order they were made (scorers.adjustments).
    adjustments: tuple[Adjustment, ...] = ()
    # What validating the current round sees, once worked out: every draft of the round
    # shares it (a long game drafts one round thousands of times).
    current_context: RoundContext | None = field(default=None, compare=False, repr=False)

    @property
    def rules(self) -> GameRules:
        return rules_for(self.game)

    def round_info(self, number: int) -> RoundInfo:
        return self.rules.round_info(number, self.players, self.first_dealer, self.settings)

    def round_context(self, number: int) -> RoundContext:
        """What validating round `number` sees, with the totals before that round."""
        cached = self.current_context
        if cached is not None and type(number) is int and number == self.current_round:
            return cached
        if is_whole(number, 1) and number > self.current_round:
            raise InvalidEntry("ledger.round_not_current", round=number, current=self.current_round)
        info = self.round_info(number)
        before = self.running_totals()[number - 2] if number > 1 else self.opening_totals()
        return RoundContext(info, self.players, self.settings, before)

    def blank_entry(self) -> dict[str, Any]:
        """An empty entry of this game's shape, to start a round's draft from."""
        return self.rules.blank_entry(len(self.players))

    def standings(self) -> tuple[Standing, ...]:
        """Every seat's place, best first. The rule books break ties when the game is over
        ("highest total after the last round wins"), so the game's tie-break ranks tied
        totals only then; mid-game, tied totals share their place."""
        if not self.is_over:
            return rank(self.totals)
        return self.rules.standings(self.totals, self.rounds, self.settings)

    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """The totals after each scored round and the adjustments following it, round 1
        first."""
        return self.running

    def sheet_lines(self) -> tuple[tuple[ScoredRound | Adjustment, tuple[int, ...]], ...]:
        """The sheet as a paper pad writes it, each line with the totals after it: the
        adjustments made before round 1, then each scored round followed by the
        adjustments that follow it, in the order they were made."""
        following: dict[int, list[Adjustment]] = {}
        for adjustment in self.adjustments:
            following.setdefault(adjustment.after, []).append(adjustment)
        total = (0,) * len(self.players)
        lines: list[tuple[ScoredRound | Adjustment, tuple[int, ...]]] = []
        for scored in (None, *self.rounds):
            if scored is not None:
                total = tuple(t + s for t, s in zip(total, scored.scores, strict=True))
                lines.append((scored, total))
            for adjustment in following.get(scored.number if scored else 0, []):
                seat = adjustment.seat
                total = (*total[:seat], total[seat] + adjustment.points, *total[seat + 1 :])
                lines.append((adjustment, total))
        return tuple(lines)

    def opening_totals(self) -> tuple[int, ...]:
        """The totals before round 1: the adjustments made before any round was scored."""
        players = len(self.players)
        return points_after(self.adjustments, players).get(0, (0,) * players)


def _started(data: Mapping[str, Any]) -> GameState:
    rules = rules_for(data["game"])
    players = rules.check_players(data["players"])
    first_dealer = check_seat(data["first_dealer"], len(players))
    settings = rules.resolve_settings(data["settings"], len(players))
    return _with_rounds(
        GameState(
            game=rules.name,
            players=players,
            first_dealer=first_dealer,
            settings=settings,
            rounds=(),
            draft=None,
            current_round=1,
            round_count=rules.round_count(len(players), settings),
            totals=(0,) * len(players),
            is_over=False,
        ),
        (),
    )


def _with_rounds(
    state: GameState, rounds: tuple[ScoredRound, ...], unchanged: int = 0
) -> GameState:
    """The state with these scored rounds, its totals and game end derived from them (and
    from its adjustments, each counted from the round it follows).

    The running totals of the first `unchanged` rounds are kept, so scoring the next round
    adds one line to the sheet rather than adding the whole sheet up again."""
    running = list(state.running[:unchanged])
    total = running[-1] if running else state.opening_totals()
    adjusted = points_after(state.adjustments, len(state.players)) if state.adjustments else {}
    for scored in rounds[unchanged:]:
        total = tuple(t + s for t, s in zip(total, scored.scores, strict=True))
        extra = adjusted.get(scored.number)
        if extra is not None:
            total = tuple(t + e for t, e in zip(total, extra, strict=True))
        running.append(total)
    return replace(
        state,
        rounds=rounds,
        current_round=len(rounds) + 1,
        totals=total,
        running=tuple(running),
        current_context=None,
        is_over=state.rules.is_over(total, len(rounds), state.settings),
    )


def _round_number(state: GameState, data: Mapping[str, Any]) -> int:
    number: int = data["round"]
    if not is_whole(number, 1):
        raise InvalidEntry("round.invalid", number=number)
    if number > state.current_round:
        raise InvalidEntry("ledger.round_not_current", round=number, current=state.current_round)
    return number


def _drafted(state: GameState, data: Mapping[str, Any]) -> GameState:
    number = _round_number(state, data)
    if state.is_over:
        raise InvalidEntry("ledger.game_over")
    if number != state.current_round:
        raise InvalidEntry("ledger.draft_not_current", round=number, current=state.current_round)
    context = state.round_context(number)
    entry = state.rules.check_entry(data["entry"], context, complete=False)
    return _with_draft(state, entry, context)


def _edited(state: GameState, data: Mapping[str, Any]) -> GameState:
    """The current round's draft with the fields a tap changed; refused when a field no
    longer holds what the tap's screen showed (another phone changed it meanwhile)."""
    number = _round_number(state, data)
    if state.is_over:
        raise InvalidEntry("ledger.game_over")
    if number != state.current_round:
        raise InvalidEntry("ledger.draft_not_current", round=number, current=state.current_round)
    base = state.draft or state.blank_entry()
    entry, conflict = apply_changes(base, read_changes(data["changes"]))
    if conflict is not None:
        key, params = state.rules.field_name(conflict, state.players, base)
        field = english(key).format(**params)
        raise InvalidEntry("merge.field_changed", field=field, field_key=key, field_params=params)
    context = state.round_context(number)
    entry = state.rules.check_entry(entry, context, complete=False)
    return _with_draft(state, entry, context)


def _with_draft(state: GameState, draft: Mapping[str, Any], context: RoundContext) -> GameState:
    """`state` with this draft of its current round, keeping the round's context for the
    next draft. A copy of the fields, which `replace` would check one by one: opening a long
    game makes one per draft."""
    copied = object.__new__(GameState)
    copied.__dict__.update(state.__dict__, draft=draft, current_context=context)
    return copied


def _scored(state: GameState, data: Mapping[str, Any]) -> GameState:
    number = _round_number(state, data)
    if number == state.current_round and state.is_over:
        raise InvalidEntry("ledger.game_over")
    context = state.round_context(number)
    entry = state.rules.check_entry(data["entry"], context, complete=True)
    scored = ScoredRound(number, entry, state.rules.score(entry, context))
    if number == state.current_round:
        rounds = (*state.rounds, scored)
        return _with_rounds(replace(state, draft=None), rounds, unchanged=len(state.rounds))
    rounds = (*state.rounds[: number - 1], scored, *state.rounds[number:])
    return _with_rounds(state, rounds, unchanged=number - 1)


def _renamed(state: GameState, data: Mapping[str, Any]) -> GameState:
    """Every seat's name at once, as one step: all of them are taken, or none is."""
    names = [check_name(name, seat, ()) for seat, name in enumerate(_names(state, data))]
    for seat, name in enumerate(names):
        if name != state.players[seat]:
            check_name(name, seat, [other for at, other in enumerate(names) if at != seat])
    return replace(state, players=tuple(names), current_context=None)


def _adjusted(state: GameState, data: Mapping[str, Any]) -> GameState:
    """Adjustment `number` made (the next number) or replaced (an earlier one)."""
    index = adjustment_index(data["number"], len(state.adjustments), new=True)
    made = check_adjustment(data, len(state.players), len(state.rounds))
    kept = state.adjustments
    if index == len(kept):
        return _with_adjustments(state, (*kept, made), made.after)
    changed = (*kept[:index], made, *kept[index + 1 :])
    return _with_adjustments(state, changed, min(made.after, kept[index].after))


def _unadjusted(state: GameState, data: Mapping[str, Any]) -> GameState:
    """Adjustment `number` taken away; the later ones move up a number."""
    index = adjustment_index(data["number"], len(state.adjustments), new=False)
    kept = state.adjustments
    return _with_adjustments(state, (*kept[:index], *kept[index + 1 :]), kept[index].after)


def _with_adjustments(
    state: GameState, adjustments: tuple[Adjustment, ...], after: int
) -> GameState:
    """The state with these adjustments, the running totals from round `after` (the
    earliest one changed follows) added up again."""
    changed = replace(state, adjustments=adjustments, current_context=None)
    return _with_rounds(changed, state.rounds, unchanged=max(after - 1, 0))


def _names(state: GameState, data: Mapping[str, Any]) -> list[object]:
    """The names a rename gives, one per seat (an earlier rename named only one seat)."""
    if "names" in data:
        return per_seat(data["names"], "names", len(state.players))
    seat = check_seat(data["seat"], len(state.players))
    return [data["name"] if at == seat else old for at, old in enumerate(state.players)]


def change_name(action: Action, before: GameState) -> tuple[str, dict[str, Any]] | None:
    """The one field an edit action changed, in the game's words ("Ben's bid of 2": a key
    of scorers.messages and its parameters); None for any other action, or an edit that
    changed several fields. `before` is the state the action was applied to."""
    if action.kind != "edit":
        return None
    changes = read_changes(action.data["changes"])
    if len(changes) != 1:
        return None
    [change] = changes
    entry = before.draft or before.blank_entry()
    return before.rules.change_name(change.at, change.now, before.players, entry)


_TRANSITIONS = {
    "draft": _drafted,
    "edit": _edited,
    "score": _scored,
    "rename": _renamed,
    "adjust": _adjusted,
    "remove_adjustment": _unadjusted,
}


class _Step(NamedTuple):
    """An effective action and the state after it. A tuple, not a frozen dataclass: a
    replay makes one per action, and a tuple is made in a quarter of the time."""

    action: Action
    state: GameState
    # Where the action stands in the record, counted from 1.
    number: int


# A ledger's three stacks: every action, the effective steps, the undone steps.
_Stacks = tuple[Stack[Action], Stack[_Step], Stack[_Step] | None]


def _took(stacks: _Stacks, action: Action) -> _Stacks:
    """The stacks after taking `action` (not a start) in order, checked by the rules."""
    if not isinstance(action, Action):
        raise InvalidEntry("action.not_object")
    taken, done, undone = stacks
    actions = taken.push(action)
    kind = action.kind
    if kind == "start":
        raise InvalidEntry("ledger.start_again")
    if kind == "undo":
        if done.below is None:
            raise InvalidEntry("ledger.nothing_to_undo")
        return actions, done.below, push(undone, done.top)
    if kind == "redo":
        if undone is None:
            raise InvalidEntry("ledger.nothing_to_redo")
        return actions, done.push(undone.top), undone.below
    state = _TRANSITIONS[kind](done.top.state, action.data)
    return actions, done.push(_Step(action, state, actions.size)), None


def _given(item: object) -> Action:
    if not isinstance(item, Action):
        raise InvalidEntry("action.not_object")
    return item


def _decoded(item: tuple[str, Mapping[str, Any]]) -> Action:
    return Action.decoded(*item)


def _kind_of(item: Any, action_of: Callable[[Any], Action]) -> object:
    """The kind a step names when no action could be made of it."""
    return item[0] if action_of is _decoded else getattr(item, "kind", "?")


@dataclass(frozen=True, eq=False)
class Ledger:
    """The record of one game: every action taken, and the state they lead to.

    Immutable: every method returns a new Ledger and none changes the old one, which shares
    all it can with the new (so keeping old ledgers, as undo does, costs little). Applying
    one action costs O(1) in the length of the record, so replaying n actions is O(n).

    >>> ledger = Ledger.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    >>> ledger.apply(Action("undo")).state
    Traceback (most recent call last):
    scorers.errors.InvalidEntry: There is nothing to undo.
    """

    _actions: Stack[Action] = field(repr=False)
    # The effective actions with the state after each; the start is always at the bottom.
    _done: Stack[_Step] = field(repr=False)
    # Undone steps, the next to redo on top; None when there is nothing to redo.
    _undone: Stack[_Step] | None = field(repr=False, default=None)

    def __eq__(self, other: object) -> bool:
        """Two ledgers are equal when they hold the same actions: the rest follows.

        Flet compares the old value of an observable's field with the new one at every
        change, so this must not walk the whole record: see `same_items`."""
        return isinstance(other, Ledger) and same_items(self._actions, other._actions)

    __hash__ = None  # type: ignore[assignment]  # equal ledgers compare by value: unhashable

    @property
    def state(self) -> GameState:
        """The score sheet after the effective actions."""
        return self._done.top.state

    @cached_property
    def actions(self) -> tuple[Action, ...]:
        """Every action in the order it was taken, undo and redo included (as saved)."""
        return self._actions.items()

    @property
    def action_count(self) -> int:
        """How many actions the record holds: O(1), unlike ``len(actions)``."""
        return len(self._actions)

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        first_dealer: int,
        settings: Mapping[str, Any] | None = None,
    ) -> "Ledger":
        """A new game of `game` (a name in scorers.games) at its first round.

        The start action records what the rules made of the setup: names trimmed and
        normalised, every setting with its default filled in. Refuses with InvalidEntry an
        unknown game, a player count the game does not allow, a bad or repeated name, a
        seat outside the table, and an unknown or out-of-range setting.
        """
        given = {
            "game": game,
            "players": players,
            "first_dealer": first_dealer,
            "settings": {} if settings is None else settings,
        }
        state = _started(Action("start", given).data)
        recorded = Action(
            "start",
            {
                "game": state.game,
                "players": state.players,
                "first_dealer": state.first_dealer,
                "settings": state.settings,
            },
        )
        check_size(recorded.kind, recorded.data)
        return cls(Stack.of(recorded), Stack.of(_Step(recorded, state, 1)))

    @classmethod
    def replay(cls, actions: Iterable[Action]) -> "Ledger":
        """The ledger that taking `actions` in order leads to, in O(len(actions)).

        Refuses with InvalidEntry ``ledger.empty`` for no actions, and with
        ``ledger.replay_failed`` (naming the step, its kind and the rules' reason) for a
        record whose first action is not a start or any of whose actions is refused.
        """
        return cls._replayed(actions, _given)

    @classmethod
    def replay_saved(cls, record: Iterable[tuple[str, Mapping[str, Any]]]) -> "Ledger":
        """`replay` of a saved record's actions as ``(kind, data)`` pairs, just decoded and
        no one else's: each is made an action by `Action.decoded` as its turn comes, so a
        pair that makes no action is refused as that step (``ledger.replay_failed``)."""
        return cls._replayed(record, _decoded)

    @classmethod
    def _replayed(cls, items: Iterable[Any], action_of: Callable[[Any], Action]) -> "Ledger":
        # The stacks are carried from one action to the next, and the ledger made once at
        # the end: a long game's opening would otherwise make one ledger per action.
        stacks: _Stacks | None = None
        for number, item in enumerate(items, start=1):
            action = None
            try:
                action = action_of(item)
                if stacks is not None:
                    stacks = _took(stacks, action)
                elif action.kind != "start":
                    raise InvalidEntry("ledger.start_first")
                else:
                    stacks = (
                        Stack.of(action),
                        Stack.of(_Step(action, _started(action.data), 1)),
                        None,
                    )
            except InvalidEntry as error:
                raise InvalidEntry(
                    "ledger.replay_failed",
                    number=number,
                    kind=action.kind if action is not None else _kind_of(item, action_of),
                    reason=str(error),
                    reason_key=error.key,
                    reason_params=error.params,
                ) from error
        if stacks is None:
            raise InvalidEntry("ledger.empty")
        return cls(*stacks)

    def apply(self, action: Action) -> "Ledger":
        """The ledger with `action` taken, checked by the game's rules.

        An undo takes back the last effective action (never the start); a redo brings back
        the last undone one; any other action clears what could be redone. Refuses with
        InvalidEntry a second start, an undo or redo with nothing to take back or bring
        back, any entry the rules refuse, an action larger than MAX_ACTION_BYTES
        (``action.too_large``) and any action once the record holds MAX_ACTIONS
        (``ledger.too_long``); this ledger is never changed.
        """
        if len(self._actions) >= MAX_ACTIONS:
            raise InvalidEntry("ledger.too_long", limit=MAX_ACTIONS)
        if isinstance(action, Action):  # anything else _took refuses
            check_size(action.kind, action.data)
        return Ledger(*_took((self._actions, self._done, self._undone), action))

    def can_undo(self) -> bool:
        return self._done.below is not None

    def undo_target(self) -> Action | None:
        """The action an undo would take back, or None when there is none."""
        return self._done.top.action if self.can_undo() else None

    def undo_target_before(self) -> GameState | None:
        """The state the action an undo would take back was applied to, or None."""
        return self._done.below.top.state if self._done.below is not None else None

    def undo_target_number(self) -> int | None:
        """Where the action an undo would take back stands in the record (from 1)."""
        return self._done.top.number if self.can_undo() else None

    def redo_target_number(self) -> int | None:
        """Where the action a redo would bring back stands in the record (from 1)."""
        return self._undone.top.number if self._undone is not None else None

    def redo_target(self) -> Action | None:
        """The action a redo would bring back, or None when there is none."""
        return self._undone.top.action if self._undone is not None else None
