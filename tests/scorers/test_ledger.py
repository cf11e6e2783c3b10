import json
from types import MappingProxyType

import pytest

from scorers import InvalidEntry, plotters
from scorers.ledger import MAX_ACTION_BYTES, MAX_ACTIONS, Action, Ledger, change_name
from scorers.wizard import MAX_ROUNDS
from tests.big_game import long_wizard_ledger
from tests.scorers.helpers import plotters_counts, refused, take_trick

THREE = ["Ann", "Bob", "Cy"]


def wizard_entry(bids, tricks):
    return {"bids": list(bids), "tricks": list(tricks)}


def score(number, entry):
    return Action("score", {"round": number, "entry": entry})


def draft(number, entry):
    return Action("draft", {"round": number, "entry": entry})


def play(ledger, *actions):
    for action in actions:
        ledger = ledger.apply(action)
    return ledger


def wizard_game(**settings):
    return Ledger.start("wizard", THREE, 0, settings)


# --- start --------------------------------------------------------------------


def test_start_fills_in_and_records_default_settings():
    ledger = Ledger.start("plotters", ["Ann", "Bob", "Cy", "Di"], 3)
    state = ledger.state
    assert state.settings == {"nothing_face_down": "divide_by_one"}
    assert ledger.actions[0].data["settings"] == {"nothing_face_down": "divide_by_one"}
    assert (state.current_round, state.round_count, state.totals) == (1, 4, (0, 0, 0, 0))
    assert state.rounds == () and state.draft is None and not state.is_over
    assert (state.round_info(1).dealer, state.round_info(1).first) == (3, 0)


def test_start_refusals():
    with refused("game.unknown", "skat"):
        Ledger.start("skat", THREE, 0)
    with refused("players.count", "Plotters", "not 3"):
        Ledger.start("plotters", THREE, 0)
    with refused("players.seat_invalid", "seat 3"):
        Ledger.start("wizard", THREE, 3)
    with refused("settings.unknown", "target"):
        Ledger.start("wizard", THREE, 0, {"target": 50})
    with refused("players.name_taken", "called ann"):
        Ledger.start("wizard", ["Ann", "Bob", "ann"], 0)


def test_start_is_always_and_only_first():
    ledger = wizard_game()
    with refused("ledger.start_again"):
        ledger.apply(ledger.actions[0])
    with refused("ledger.nothing_to_undo"):
        ledger.apply(Action("undo"))
    assert not ledger.can_undo() and ledger.undo_target() is None
    with refused("ledger.replay_failed", "Step 1 (score)", "must begin with its setup") as info:
        Ledger.replay([score(1, wizard_entry([0, 0, 0], [1, 0, 0]))])
    assert info.value.params["reason_key"] == "ledger.start_first"
    with refused("ledger.empty"):
        Ledger.replay([])


# --- scoring, drafts and edits ------------------------------------------------------


def test_score_completes_the_round_and_clears_the_draft():
    ledger = play(
        wizard_game(),
        draft(1, {"bids": [1, None, None], "tricks": [None] * 3}),
    )
    assert ledger.state.draft == {"bids": [1, None, None], "tricks": [None] * 3, "cloud": None}
    ledger = ledger.apply(score(1, wizard_entry([1, 0, 1], [1, 0, 0])))
    state = ledger.state
    assert state.draft is None and state.current_round == 2
    assert state.totals == (30, 20, -10)
    assert state.rounds[0].scores == (30, 20, -10)


def test_draft_and_score_refusals_change_nothing():
    ledger = play(wizard_game(), score(1, wizard_entry([1, 0, 1], [1, 0, 0])))
    before_actions, before_state = ledger.actions, ledger.state
    attempts = [
        (draft(1, wizard_entry([0, 0, 0], [None] * 3)), "ledger.draft_not_current", "round 1"),
        (draft(3, wizard_entry([None] * 3, [None] * 3)), "ledger.round_not_current", "3"),
        (score(3, wizard_entry([0, 0, 0], [1, 1, 0])), "ledger.round_not_current", "round 2"),
        (score(0, wizard_entry([0, 0, 0], [1, 1, 0])), "round.invalid", "round 0"),
        (score(2, wizard_entry([0, 0, 0], [1, 0, 0])), "wizard.tricks_total", "Tricks entered: 1"),
        (draft(2, wizard_entry([3, None, None], [None] * 3)), "wizard.bid_out_of_range", "Ann"),
        (Action("redo"), "ledger.nothing_to_redo", "redo"),
        (Action("rename", {"seat": 1, "name": "cy"}), "players.name_taken", "cy"),
    ]
    for action, key, fragment in attempts:
        with refused(key, fragment):
            ledger.apply(action)
    assert ledger.actions == before_actions and ledger.state == before_state
    assert ledger.can_undo() and ledger.redo_target() is None


def test_edit_of_a_past_round_changes_later_totals_without_a_new_round():
    ledger = play(
        wizard_game(),
        score(1, wizard_entry([1, 0, 1], [1, 0, 0])),
        score(2, wizard_entry([1, 1, 0], [1, 1, 0])),
        score(3, wizard_entry([0, 1, 2], [0, 1, 2])),
        draft(4, {"bids": [2, None, None], "tricks": [None] * 3}),
    )
    assert ledger.state.running_totals() == ((30, 20, -10), (60, 50, 10), (80, 80, 50))
    edited = ledger.apply(score(1, wizard_entry([0, 0, 1], [1, 0, 0])))
    state = edited.state
    assert state.current_round == 4 and len(state.rounds) == 3
    assert state.draft == ledger.state.draft
    assert state.running_totals() == ((-10, 20, -10), (20, 50, 10), (40, 80, 50))
    assert state.totals == (40, 80, 50)
    assert edited.undo_target() == score(1, wizard_entry([0, 0, 1], [1, 0, 0]))
    undone = edited.apply(Action("undo"))
    assert undone.state == ledger.state
    assert undone.apply(Action("redo")).state == state


def test_rename_changes_names_in_later_messages():
    ledger = wizard_game().apply(Action("rename", {"seat": 0, "name": "  Anna "}))
    assert ledger.state.players == ("Anna", "Bob", "Cy")
    with refused("wizard.bid_out_of_range", "Anna cannot bid 2"):
        ledger.apply(draft(1, {"bids": [2, None, None], "tricks": [None] * 3}))
    with refused("players.name_empty", "Player 2"):
        ledger.apply(Action("rename", {"seat": 1, "name": " "}))
    with refused("players.seat_invalid", "seat 5"):
        ledger.apply(Action("rename", {"seat": 5, "name": "Eve"}))
    assert ledger.apply(Action("rename", {"seat": 0, "name": "anna"})).state.players[0] == "anna"


# --- undo and redo ------------------------------------------------------------------


def test_undo_and_redo_many_steps_across_rounds():
    ledger = wizard_game()
    states = [ledger.state]
    actions = [
        draft(1, {"bids": [0, None, None], "tricks": [None] * 3}),
        score(1, wizard_entry([0, 1, 0], [0, 1, 0])),
        Action("rename", {"seat": 2, "name": "Cyd"}),
        draft(2, {"bids": [1, 1, 0], "tricks": [None] * 3}),
        score(2, wizard_entry([1, 1, 0], [1, 0, 1])),
        score(1, wizard_entry([1, 1, 0], [0, 1, 0])),
        score(3, wizard_entry([3, 0, 0], [3, 0, 0])),
    ]
    for action in actions:
        ledger = ledger.apply(action)
        states.append(ledger.state)
    for expected_target, expected_state in zip(
        reversed(actions), reversed(states[:-1]), strict=True
    ):
        assert ledger.undo_target() == expected_target
        ledger = ledger.apply(Action("undo"))
        assert ledger.state == expected_state
        assert ledger.redo_target() == expected_target
    assert not ledger.can_undo()
    for action, expected_state in zip(actions, states[1:], strict=True):
        assert ledger.redo_target() == action
        ledger = ledger.apply(Action("redo"))
        assert ledger.state == expected_state
    assert ledger.redo_target() is None
    assert len(ledger.actions) == 1 + 3 * len(actions)


def test_a_new_action_clears_the_redo_stack():
    ledger = play(
        wizard_game(),
        score(1, wizard_entry([1, 0, 1], [1, 0, 0])),
        score(2, wizard_entry([1, 1, 0], [1, 1, 0])),
        Action("undo"),
        Action("undo"),
    )
    assert ledger.redo_target() is not None and ledger.state.current_round == 1
    ledger = ledger.apply(draft(1, {"bids": [0, None, None], "tricks": [None] * 3}))
    assert ledger.redo_target() is None
    with refused("ledger.nothing_to_redo"):
        ledger.apply(Action("redo"))
    undone = ledger.apply(Action("undo"))
    assert undone.redo_target().kind == "draft"
    assert undone.state.draft is None


# --- replay and JSON ----------------------------------------------------------------


def a_played_ledger():
    return play(
        wizard_game(hook=True, anniversary_cards=True),
        score(1, wizard_entry([1, 1, 1], [1, 0, 0])),
        Action("undo"),
        Action("redo"),
        Action("rename", {"seat": 1, "name": "Bea"}),
        score(2, {"bids": [0, 1, 0], "tricks": [0, 2, 0], "cloud": {"seat": 1, "change": 1}}),
        score(1, wizard_entry([0, 1, 1], [1, 0, 0])),
        Action("undo"),
        draft(3, {"bids": [None, 3, None], "tricks": [None] * 3, "cloud": None}),
    )


def test_replay_reproduces_the_state_exactly():
    ledger = a_played_ledger()
    again = Ledger.replay(ledger.actions)
    assert again == ledger
    assert again.state == ledger.state
    assert (again.undo_target(), again.redo_target()) == (
        ledger.undo_target(),
        ledger.redo_target(),
    )


def test_json_round_trip_through_text():
    ledger = a_played_ledger()
    text = json.dumps([action.to_json() for action in ledger.actions])
    loaded = [Action.from_json(obj) for obj in json.loads(text)]
    assert tuple(loaded) == ledger.actions
    assert Ledger.replay(loaded).state == ledger.state


def test_a_saved_record_replays_as_its_actions_do():
    ledger = a_played_ledger()
    again = Ledger.replay_saved([(a.kind, a.to_json()["data"]) for a in ledger.actions])
    assert again == ledger and again.actions == ledger.actions
    assert again.state == ledger.state
    assert again.undo_target_number() == ledger.undo_target_number()
    assert again.redo_target_number() == ledger.redo_target_number()
    assert again.apply(Action("undo")).state == ledger.apply(Action("undo")).state


@pytest.mark.parametrize(
    ("pair", "fragments"),
    [
        (("draft", {"round": 1.0, "entry": {}}), ("Step 3 (draft)", "'round' has the wrong")),
        (("shuffle", {}), ("Step 3 (shuffle)", "shuffle")),
        (("undo", {"seat": 1}), ("Step 3 (undo)", "seat")),
    ],
)
def test_a_saved_pair_that_makes_no_action_is_refused_as_its_step(pair, fragments):
    record = [(a.kind, a.to_json()["data"]) for a in a_played_ledger().actions]
    record[2] = pair
    with refused("ledger.replay_failed", *fragments):
        Ledger.replay_saved(record)
    with refused("ledger.empty"):
        Ledger.replay_saved([])


def test_replay_names_the_failing_action():
    actions = [*a_played_ledger().actions, score(3, wizard_entry([0, 0, 0], [0, 0, 0]))]
    with refused(
        "ledger.replay_failed", f"Step {len(actions)} (score)", "Tricks entered: 0"
    ) as info:
        Ledger.replay(actions)
    assert info.value.params["number"] == len(actions)
    assert info.value.params["reason_key"] == "wizard.tricks_total_bomb"  # the Bomb in play
    with refused("ledger.replay_failed", "Step 2 (start)", "already been set up"):
        Ledger.replay([a_played_ledger().actions[0]] * 2)


BAD_SHAPES = [
        ([], "action.not_object", "not a recorded action"),
        ({"kind": "undo"}, "action.not_object", "not a recorded action"),
        ({"kind": "undo", "data": {}, "x": 1}, "action.not_object", "not a recorded action"),
        ({"kind": "shuffle", "data": {}}, "action.kind_unknown", "shuffle"),
        ({"kind": ["undo"], "data": {}}, "action.kind_unknown", "['undo']"),
        ({"kind": {"a": 1}, "data": {}}, "action.kind_unknown", "{'a': 1}"),
        ({"kind": "undo", "data": []}, "action.field_type", "data"),
        ({"kind": "undo", "data": {"seat": 1}}, "action.field_unknown", "seat"),
        ({"kind": "rename", "data": {"seat": 1}}, "action.field_missing", "name"),
        ({"kind": "rename", "data": {"seat": "1", "name": "A"}}, "action.field_type", "seat"),
        ({"kind": "score", "data": {"round": True, "entry": {}}}, "action.field_type", "round"),
        ({"kind": "score", "data": {"round": 1, "entry": []}}, "action.field_type", "entry"),
        (
            {"kind": "start", "data": {"game": "wizard", "players": "Ann", "first_dealer": 0,
                                       "settings": {}}},
            "action.field_type",
            "players",
        ),
        (
            {"kind": "score", "data": {"round": 1, "entry": {"bids": [1.5]}}},
            "action.not_json",
            "1.5",
        ),
        ({"kind": "draft", "data": {"round": 1, "entry": {1: 2}}}, "action.not_json", "{1: 2}"),
        (
            {"kind": "draft", "data": {"round": 1, "entry": {"a": [[[[[[[1]]]]]]]}}},
            "action.too_deep",
            "8",
        ),
]  # fmt: skip


@pytest.mark.parametrize(("obj", "key", "fragment"), BAD_SHAPES)
def test_from_json_refuses_bad_shapes(obj, key, fragment):
    with refused(key, fragment):
        Action.from_json(obj)


@pytest.mark.parametrize(
    ("obj", "key", "fragment"), [shape for shape in BAD_SHAPES if shape[1] != "action.not_object"]
)
def test_an_action_decoded_from_a_saved_record_is_refused_alike(obj, key, fragment):
    with refused(key, fragment):
        Action.decoded(obj["kind"], obj["data"])


@pytest.mark.parametrize(
    "data",
    [
        {"round": 1, "entry": {"bids": [1, None, 2], "tricks": [None] * 3}},
        {"round": 1, "entry": {"a": [[[[[[1]]]]]], "b": "x", "c": True, "d": None}},
        {"round": 1, "entry": {"bids": (1, None, 2)}},  # not what JSON gives: copied
        MappingProxyType({"round": 1, "entry": MappingProxyType({"bids": [2]})}),
    ],
)
def test_an_action_decoded_from_a_saved_record_equals_one_made_from_its_data(data):
    decoded = Action.decoded("draft", data)
    assert decoded == Action("draft", data)
    assert type(decoded.data) is dict and type(decoded.data["entry"]) is dict
    assert decoded.to_json() == {"kind": "draft", "data": decoded.data}


def test_action_data_is_copied_into_plain_json():
    entry = {"bids": (1, None, 2), "tricks": [None] * 3}
    action = draft(1, entry)
    entry["tricks"].append(5)
    assert action.data == {"round": 1, "entry": {"bids": [1, None, 2], "tricks": [None] * 3}}
    assert action.to_json() == {"kind": "draft", "data": action.data}
    with refused("action.not_object"):
        wizard_game().apply({"kind": "undo", "data": {}})


# --- full games ---------------------------------------------------------------------


def test_full_wizard_game_plays_to_the_end():
    ledger = Ledger.start("wizard", ["Ann", "Bob", "Cy", "Di"], 1)
    expected = [0, 0, 0, 0]
    for number in range(1, 16):
        info = ledger.state.round_info(number)
        assert info.cards == number and info.dealer == (1 + number - 1) % 4
        tricks = [number, 0, 0, 0]
        bids = [number, 0, 1 if number > 1 else 0, 0]
        ledger = ledger.apply(score(number, wizard_entry(bids, tricks)))
        expected = [
            e + (20 + 10 * t if b == t else -10 * abs(b - t))
            for e, b, t in zip(expected, bids, tricks, strict=True)
        ]
        assert ledger.state.totals == tuple(expected)
        assert ledger.state.is_over == (number == 15)
    state = ledger.state
    assert state.current_round == 16
    assert [s.seat for s in state.standings()] == [0, 1, 3, 2]
    with refused("ledger.game_over"):
        ledger.apply(draft(16, wizard_entry([0] * 4, [None] * 4)))
    with refused("ledger.game_over"):
        ledger.apply(score(16, wizard_entry([0] * 4, [0] * 4)))
    edited = ledger.apply(score(15, wizard_entry([0, 0, 0, 0], [15, 0, 0, 0])))
    assert edited.state.is_over and edited.state.totals[0] == state.totals[0] - 170 - 150
    assert ledger.apply(Action("rename", {"seat": 3, "name": "Dee"})).state.is_over
    assert not ledger.apply(Action("undo")).state.is_over


def test_full_plotters_game_plays_to_the_end():
    ledger = Ledger.start("plotters", ["Ann", "Bob", "Cy", "Di"], 0, {"nothing_face_down": "zero"})
    for number in range(1, 5):
        counts = plotters_counts(number - 1)
        entry = {"counts": counts, "face_up": [None, None, None, None], "ended_early": False}
        entry["face_up"][counts.index(plotters_counts(0)[2])] = ["green", "red"]
        ledger = ledger.apply(score(number, entry))
        assert ledger.state.is_over == (number == 4)
    per_hand = [
        plotters.round_score(hand, plotters.best_face_up(hand, "zero"), "zero")
        for hand in plotters_counts(0)
    ]
    per_hand[2] = plotters.round_score(plotters_counts(0)[2], ("green", "red"), "zero")
    assert per_hand == [16, 18, 0, 16]
    assert ledger.state.totals == (sum(per_hand),) * 4
    assert [s.place for s in ledger.state.standings()] == [1, 1, 1, 1]
    with refused("ledger.game_over"):
        ledger.apply(draft(5, ledger.state.blank_entry()))


def test_plotters_face_up_needed_for_four_colours_in_the_ledger():
    ledger = Ledger.start("plotters", ["Ann", "Bob", "Cy", "Di"], 0)
    entry = {"counts": plotters_counts(0), "face_up": [None] * 4, "ended_early": False}
    ledger.apply(draft(1, entry))
    with refused("plotters.face_up_required", "Cy"):
        ledger.apply(score(1, entry))


RED_ROW = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]


def colour_blind_deal(ledger, winners):
    """Take 13 tricks in turn through drafts, as the views do, then score the deal."""
    number = ledger.state.current_round
    entry = {"row": RED_ROW, "captured_by": [None] * 13}
    for seat in winners:
        entry = take_trick(entry, seat)
        ledger = ledger.apply(draft(number, entry))
    return ledger.apply(score(number, ledger.state.draft))


def test_colour_blind_plays_to_the_target_and_on_while_tied_on_top():
    ledger = Ledger.start("colour_blind", THREE, 0, {"target": 20})
    assert ledger.state.round_count is None
    # Tricks capture from the uncovered end: the first six take the blacks KC..8S (Cy,
    # scoring 0), the last seven the reds 7H, 6D, ..., AH (red is good).
    ledger = colour_blind_deal(ledger, [2] * 6 + [0, 1, 0, 1, 0, 1, 0])
    assert ledger.state.totals == (7 + 5 + 3 + 1, 6 + 4 + 2, 0)
    assert not ledger.state.is_over
    ledger = colour_blind_deal(ledger, [2] * 6 + [1, 0, 1, 0, 1, 0, 1])
    assert ledger.state.totals == (28, 28, 0)
    assert not ledger.state.is_over  # both past 20 but tied on top: another deal
    ledger = colour_blind_deal(ledger, [2] * 6 + [0] * 7)
    assert ledger.state.totals == (56, 28, 0) and ledger.state.is_over
    assert [(s.seat, s.place) for s in ledger.state.standings()] == [(0, 1), (1, 2), (2, 3)]
    with refused("ledger.game_over"):
        ledger.apply(draft(4, ledger.state.blank_entry()))
    # An edit of deal 3 that leaves the top tied un-finishes the game.
    ledger = ledger.apply(score(3, {"row": RED_ROW, "captured_by": [2] * 13}))
    assert ledger.state.totals == (28, 28, 0) and not ledger.state.is_over
    assert ledger.state.current_round == 4


# --- Canadian rule ------------------------------------------------------------------


def test_canadian_rule_uses_the_totals_before_the_round():
    # Round 2 is dealt by Ann (first dealer Cy); round 1 makes Ann the sole leader.
    ledger = Ledger.start("wizard", THREE, 2, {"canadian": True})
    ledger = ledger.apply(score(1, wizard_entry([1, 0, 0], [1, 0, 0])))
    assert ledger.state.round_info(2).dealer == 0
    forbidden = {"bids": [1, 1, 0], "tricks": [None] * 3}
    with refused("wizard.canadian_forbidden_bid", "Ann leads alone", "may not bid 1"):
        ledger.apply(draft(2, forbidden))
    assert ledger.apply(draft(2, {"bids": [0, 1, 1], "tricks": [None] * 3})).state.draft
    # Once round 1 is corrected so Bob leads too, Ann is no longer the sole leader.
    corrected = ledger.apply(score(1, wizard_entry([1, 0, 0], [1, 0, 0])))
    corrected = corrected.apply(score(1, wizard_entry([1, 1, 0], [0, 1, 0])))
    assert corrected.state.totals[0] < corrected.state.totals[1]
    corrected.apply(draft(2, forbidden))
    # An edit of round 2 is checked against the totals before round 2, not the current ones.
    played = ledger.apply(score(2, wizard_entry([2, 0, 1], [2, 0, 0])))
    played = played.apply(score(3, wizard_entry([1, 3, 3], [0, 3, 0])))
    assert played.state.totals[0] < played.state.totals[1]
    with refused("wizard.canadian_forbidden_bid", "Ann"):
        played.apply(score(2, wizard_entry([1, 1, 0], [1, 1, 0])))


def test_round_context_and_forbidden_bid_for_views():
    from scorers import wizard

    ledger = play(wizard_game(hook=True), score(1, wizard_entry([1, 0, 1], [1, 0, 0])))
    context = ledger.state.round_context(2)
    assert context.totals_before == (30, 20, -10) and context.info.dealer == 1
    assert wizard.dealer_restriction(context, [1, None, 0]) == (1, "wizard.hook_forbidden_bid")
    assert ledger.state.round_context(1).totals_before == (0, 0, 0)
    with refused("ledger.round_not_current", "3"):
        ledger.state.round_context(3)
    with pytest.raises(InvalidEntry):
        ledger.state.round_context(0)


def test_a_rename_names_every_seat_at_once_as_one_undo_step():
    ledger = wizard_game().apply(Action("rename", {"names": [" Anna", "Bob", "Cyd "]}))
    assert ledger.state.players == ("Anna", "Bob", "Cyd")
    assert ledger.undo_target() == Action("rename", {"names": [" Anna", "Bob", "Cyd "]})
    assert ledger.apply(Action("undo")).state.players == ("Ann", "Bob", "Cy")


def test_a_rename_may_swap_names_between_seats():
    ledger = wizard_game().apply(Action("rename", {"names": ["Bob", "Ann", "Cy"]}))
    assert ledger.state.players == ("Bob", "Ann", "Cy")


def test_a_rename_with_one_bad_name_renames_nobody():
    ledger = wizard_game()
    attempts = [
        ({"names": ["Anna", "cy", "Cy"]}, "players.name_taken", "cy"),
        ({"names": ["Anna", "Bob", "anna"]}, "players.name_taken", "Anna"),
        ({"names": ["Anna", " ", "Cy"]}, "players.name_empty", "Player 2"),
        ({"names": ["Anna", "Bob"]}, "entry.wrong_length", "3"),
        ({"names": "Anna"}, "action.field_type", "names"),
    ]
    for data, key, fragment in attempts:
        with refused(key, fragment):
            ledger.apply(Action("rename", data))
    assert ledger.state.players == ("Ann", "Bob", "Cy")


def test_a_one_seat_rename_saved_by_an_earlier_version_still_replays():
    earlier = Action.from_json({"kind": "rename", "data": {"seat": 1, "name": "Bea"}})
    replayed = Ledger.replay([*wizard_game().actions, earlier])
    assert replayed.state.players == ("Ann", "Bea", "Cy")


def test_an_edit_of_one_field_is_named_with_its_value_for_undo_and_redo():
    at = lambda *path: list(path)  # noqa: E731
    ledger = play(
        wizard_game(),
        Action(
            "edit",
            {"round": 1, "changes": [{"at": at("bids", 1), "was": None, "now": 1}]},
        ),
    )
    assert change_name(ledger.undo_target(), ledger.undo_target_before()) == (
        "wizard.change.bid",
        {"player": "Bob", "value": 1},
    )
    cleared = play(
        ledger,
        Action("edit", {"round": 1, "changes": [{"at": at("bids", 1), "was": 1, "now": None}]}),
    )
    assert change_name(cleared.undo_target(), cleared.undo_target_before()) == (
        "wizard.change.bid_cleared",
        {"player": "Bob"},
    )
    undone = play(cleared, Action("undo"))
    # Redo brings back the clearing, applied to the state shown now.
    assert change_name(undone.redo_target(), undone.state)[0] == "wizard.change.bid_cleared"
    assert change_name(Action("undo"), undone.state) is None


# --- drafts of one round share its context -------------------------------------------


def test_a_draft_after_a_score_is_checked_against_the_next_round():
    ledger = play(wizard_game(), draft(1, wizard_entry([1, None, None], [None] * 3)))
    with refused("wizard.bid_out_of_range", "Ann"):
        ledger.apply(draft(1, wizard_entry([2, None, None], [None] * 3)))
    ledger = play(ledger, score(1, wizard_entry([1, 0, 0], [1, 0, 0])))
    two = play(ledger, draft(2, wizard_entry([None, 2, None], [None] * 3)))
    assert two.state.draft["bids"] == [None, 2, None]
    assert two.state.round_context(2).info.cards == 2
    assert two.apply(Action("undo")).state.round_context(1).info.cards == 1


def test_a_draft_after_a_rename_names_the_new_name():
    ledger = play(
        wizard_game(),
        draft(1, wizard_entry([1, None, None], [None] * 3)),
        Action("rename", {"names": ["Ann", "Bea", "Cy"]}),
    )
    with refused("wizard.bid_out_of_range", "Bea"):
        ledger.apply(draft(1, wizard_entry([1, 5, None], [None] * 3)))
    undone = ledger.apply(Action("undo"))
    with refused("wizard.bid_out_of_range", "Bob"):
        undone.apply(draft(1, wizard_entry([1, 5, None], [None] * 3)))


# --- the bound on a record's length --------------------------------------------------


def test_a_record_at_the_bound_takes_no_more_actions_and_an_older_longer_one_replays():
    below = long_wizard_ledger(MAX_ACTIONS - 1)
    entry = wizard_entry([None, 1, None, None], [None] * 4)
    full = below.apply(draft(1, entry))
    assert full.action_count == MAX_ACTIONS
    for action in (draft(1, entry), Action("undo"), Action("rename", {"names": list("ABCD")})):
        with refused("ledger.too_long", f"{MAX_ACTIONS}"):
            full.apply(action)
    longer = Ledger.replay([*full.actions, Action("undo")])  # saved before the bound
    assert longer.action_count == MAX_ACTIONS + 1
    assert longer.state == below.state


# --- the round's trump ------------------------------------------------------------------


def trump_edit(number, was, now):
    return Action("edit", {"round": number, "changes": [{"at": ["trump"], "was": was, "now": now}]})


def test_the_trump_is_a_tap_on_the_round_named_for_undo_and_taken_back_by_it():
    ledger = play(wizard_game(), draft(1, wizard_entry([1, None, None], [None] * 3)))
    turned = play(ledger, trump_edit(1, None, "W"), trump_edit(1, "W", "WH"))
    assert turned.state.draft["trump"] == "WH"
    assert turned.state.draft["bids"] == [1, None, None]
    assert change_name(turned.undo_target(), turned.undo_target_before()) == (
        "wizard.change.trump_picked",
        {"suit": "H"},
    )
    undone = play(turned, Action("undo"))
    assert undone.state.draft["trump"] == "W"
    assert "trump" not in play(undone, Action("undo")).state.draft
    assert play(undone, Action("redo")).state == turned.state


def test_a_trump_set_on_a_field_changed_meanwhile_is_refused_by_its_name():
    ledger = play(wizard_game(), trump_edit(1, None, "S"))
    with refused("merge.field_changed", "The trump"):
        ledger.apply(trump_edit(1, None, "D"))


def test_a_scored_round_keeps_its_trump_and_a_correction_changes_it():
    entry = {**wizard_entry([1, 0, 0], [1, 0, 0]), "trump": "C"}
    ledger = play(wizard_game(), score(1, entry))
    assert ledger.state.rounds[0].entry["trump"] == "C"
    corrected = play(ledger, score(1, {**entry, "trump": "J"}))
    assert corrected.state.rounds[0].entry["trump"] == "J"
    assert corrected.state.rounds[0].scores == ledger.state.rounds[0].scores
    assert play(corrected, Action("undo")).state.rounds[0].entry["trump"] == "C"
    assert Ledger.replay(corrected.actions).state == corrected.state


def test_a_game_saved_before_the_trump_was_asked_replays_exactly_as_before():
    saved = [
        {"kind": "start", "data": wizard_game().actions[0].data},
        {"kind": "draft", "data": {"round": 1, "entry": wizard_entry([1, None, None], [None] * 3)}},
        {"kind": "score", "data": {"round": 1, "entry": {**wizard_entry([1, 0, 0], [1, 0, 0])}}},
    ]
    state = Ledger.replay(Action.from_json(item) for item in saved).state
    assert state.rounds[0].entry == {"bids": [1, 0, 0], "tricks": [1, 0, 0], "cloud": None}
    assert state.totals == (30, 20, 20)


def test_a_trump_in_the_round_that_deals_every_card_is_refused():
    ledger = Ledger.start("wizard", THREE, 0, {"round_sizes": [1, 20]})
    ledger = play(ledger, score(1, wizard_entry([0, 0, 1], [0, 0, 1])))
    with refused("wizard.trump_all_dealt", "20 each"):
        ledger.apply(trump_edit(2, None, "H"))


def test_tied_totals_share_a_place_until_the_tie_break_ends_the_game():
    """The rule book breaks ties after the last round: mid-game, three players on -10
    share first place, whatever they bid; at the end the bids order them, and say so."""
    every_one_off = score(1, wizard_entry([1, 0, 1], [0, 1, 0]))
    mid = play(wizard_game(round_sizes=[1, 1]), every_one_off).state
    assert [(s.seat, s.place, s.note) for s in mid.standings()] == [
        (0, 1, None),
        (1, 1, None),
        (2, 1, None),
    ]
    end = play(
        wizard_game(round_sizes=[1, 1]), every_one_off, score(2, every_one_off.data["entry"])
    )
    assert end.state.is_over and end.state.totals == (-20, -20, -20)
    assert [(s.seat, s.place) for s in end.state.standings()] == [(0, 1), (2, 1), (1, 3)]
    assert {s.note for s in end.state.standings()} == {"wizard.tie_break_bids"}


def test_a_wizard_round_list_holds_at_most_one_round_per_card() -> None:
    assert Ledger.start("wizard", THREE, 0, {"round_sizes": [1] * MAX_ROUNDS}).state.round_count
    with refused("wizard.too_many_rounds", MAX_ROUNDS + 1, MAX_ROUNDS):
        Ledger.start("wizard", THREE, 0, {"round_sizes": [1] * (MAX_ROUNDS + 1)})
    with refused("wizard.too_many_rounds", 2_000_000):
        Ledger.start("wizard", THREE, 0, {"round_sizes": [1] * 2_000_000})


def test_a_setup_larger_than_any_step_is_refused() -> None:
    with refused("action.too_large", MAX_ACTION_BYTES):
        Ledger.start("colour_blind", THREE, 0, {"target": 10**MAX_ACTION_BYTES})


def test_an_action_larger_than_any_step_is_refused_and_changes_nothing() -> None:
    ledger = Ledger.start("wizard", THREE, 0)
    entry = {"bids": [None, None, None], "tricks": [None, None, None], "note": "x" * 2_000}
    with refused("action.too_large", "draft", MAX_ACTION_BYTES):
        ledger.apply(Action("draft", {"round": 1, "entry": entry}))
    assert ledger.action_count == 1
