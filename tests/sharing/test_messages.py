"""The messages between the host phone and its guests: each comes back as it went, and
anything that is not a message its direction may carry is refused with a reason."""

import json

import pytest

from scorers.ledger import MAX_ACTIONS, MAX_DATA_DEPTH, Action
from sharing.phones_only.messages import (
    PROTOCOL_VERSION,
    TO_GUEST_DEPTH,
    TO_GUEST_LIMIT,
    TO_HOST_DEPTH,
    TO_HOST_LIMIT,
    Accepted,
    Act,
    Actions,
    BadMessage,
    Direction,
    Ended,
    Message,
    NewRights,
    Refused,
    Removed,
    ShutOut,
    Welcome,
    chunked,
    decode,
    encode,
)
from sharing.rights import Rights
from storage.game_file import nesting

GAME_ID = "0123456789abcdef0123456789abcdef"
"""The id of the game a welcome names."""
BID = Action("edit", {"round": 1, "changes": [{"at": ["bids", 1], "was": None, "now": 1}]})
START = Action(
    "start", {"game": "wizard", "players": ["Ann", "Ben", "Cas"], "first_dealer": 0, "settings": {}}
)

TO_GUEST: list[Message] = [
    Welcome(GAME_ID, "wizard", ("Ann", "Ben", "Cas"), 1, Rights.OWN, 3),
    Welcome(GAME_ID, "wizard", ("Ann", "Ben", "Cas"), None, Rights.WATCH, 3),
    Welcome(GAME_ID, "plotters", ("Ann", "Ben", "Cas", "Dot"), 3, Rights.EVERYONE, 0),
    Welcome(GAME_ID, "wizard", ("Ann", "Ben", "Cas"), None, Rights.EVERYONE, 3),
    Actions(0, (START, BID, Action("undo"))),
    NewRights(Rights.OWN),
    NewRights(Rights.EVERYONE),
    NewRights(Rights.WATCH),
    Accepted(4),
    Refused(5, "merge.field_changed", {"field": "Ben's bid", "field_params": {"player": "Ben"}}),
    Ended(),
    Removed(),
    ShutOut(),
]


@pytest.mark.parametrize("message", TO_GUEST, ids=repr)
def test_every_message_to_a_guest_comes_back_as_it_went(message: Message) -> None:
    assert decode(encode(message), Direction.TO_GUEST) == message
    with pytest.raises(BadMessage):
        decode(encode(message), Direction.TO_HOST)


def test_who_a_phone_is_and_its_rights_go_as_plain_words() -> None:
    welcome = json.loads(
        encode(Welcome(GAME_ID, "wizard", ("Ann", "Ben", "Cas"), 2, Rights.OWN, 1))
    )
    assert (welcome["player"], welcome["rights"]) == (2, "own")
    watcher = json.loads(
        encode(Welcome(GAME_ID, "wizard", ("Ann", "Ben", "Cas"), None, Rights.WATCH, 1))
    )
    assert (watcher["player"], watcher["rights"]) == (None, "watch")
    assert json.loads(encode(NewRights(Rights.EVERYONE))) == {
        "type": "rights",
        "rights": "everyone",
    }
    assert encode(Removed()) == '{"type":"removed"}'


def test_an_act_comes_back_as_it_went_to_the_host_only() -> None:
    message = Act(7, 3, BID, (5, 6))
    assert decode(encode(message), Direction.TO_HOST) == message
    assert json.loads(encode(message))["kind"] == "edit"
    with pytest.raises(BadMessage):
        decode(encode(message), Direction.TO_GUEST)


def test_the_welcome_says_the_protocols_version() -> None:
    assert json.loads(encode(TO_GUEST[0]))["version"] == PROTOCOL_VERSION


def test_a_long_log_goes_in_chunks_under_the_limit_that_join_up() -> None:
    log = [START] + [BID] * 2000 + [Action("rename", {"names": ["Ä" * 30] * 3})] * 500
    messages = chunked(4, log)
    assert len(messages) > 2
    texts = [encode(message) for message in messages]
    assert all(len(text.encode()) <= TO_GUEST_LIMIT for text in texts)
    decoded = [decode(text, Direction.TO_GUEST) for text in texts]
    assert decoded == messages
    starts = [4 + sum(len(m.actions) for m in messages[:n]) for n in range(len(messages))]
    assert [message.start for message in messages] == starts
    assert [action for message in messages for action in message.actions] == log
    assert chunked(3, []) == []


def test_a_message_over_its_limit_is_neither_sent_nor_read() -> None:
    huge = Action("rename", {"names": ["x" * TO_HOST_LIMIT, "B", "C"]})
    with pytest.raises(BadMessage):
        encode(Act(1, 1, huge))
    text = json.dumps({"type": "rights", "rights": "own", "pad": "é" * TO_GUEST_LIMIT})
    with pytest.raises(BadMessage, match="over"):
        decode(text, Direction.TO_GUEST)
    # Characters under the limit, bytes of UTF-8 over it.
    wide = '{"type": "ended", "x": "' + "€" * (TO_HOST_LIMIT // 2) + '"}'
    assert len(wide) < TO_HOST_LIMIT
    with pytest.raises(BadMessage, match="over"):
        decode(wide, Direction.TO_HOST)


def nest(depth: int) -> str:
    return "[" * depth + "0" + "]" * depth


def act(**fields: object) -> str:
    message = {
        "type": "act",
        "ref": 1,
        "after": 1,
        "on": [],
        "kind": "edit",
        "data": BID.data,
        **fields,
    }
    return json.dumps(message)


REFUSED = {
    "empty": ("", "not JSON"),
    "cut short": (act()[:-3], "not JSON"),
    "NaN": (act(after=float("nan")), "not JSON"),
    "a list": ("[]", "not an object"),
    "a string": ('"act"', "not an object"),
    "no type": ('{"ref": 1}', "unknown type"),
    "an unknown type": ('{"type": "join"}', "unknown type"),
    "a field missing": (json.dumps({"type": "act", "ref": 1}), "fields"),
    "a field too many": (act(game="g2"), "fields"),
    "a ref that is text": (act(ref="1"), "ref is no count"),
    "a negative ref": (act(ref=-1), "ref is no count"),
    "a fraction": (act(after=1.5), "after is no count"),
    "a flag as a count": (act(after=False), "after is no count"),
    "on that is no list": (act(on=3), "on is no list"),
    "on holding text": (act(on=["1"]), "on holds no refs"),
    "a kind that is no text": (act(kind=1), "kind is no text"),
    "a start": (act(kind="start", data=START.data), "may not send 'start'"),
    "a draft": (act(kind="draft", data={"round": 1, "entry": {}}), "may not send 'draft'"),
    "an unknown kind": (act(kind="wipe"), "may not send 'wipe'"),
    "data that is no object": (act(data=[1]), "data is no object"),
    "a field of the wrong type": (act(data={"round": "1", "changes": []}), "act:"),
    "a field the kind has not": (act(data={**BID.data, "game": "g2"}), "act:"),
    "too deep": (act(data={"round": 1, "changes": [[[[[[[[[[1]]]]]]]]]]}), "nested 12 deep"),
    "a nest too deep for JSON": ("[" * 8000 + "]" * 8000, "nested 8000 deep"),
    # Under the size limit, and refused unparsed: in the phone's browser a parser this deep
    # exhausts the WebAssembly stack and Python dies before it could raise RecursionError.
    "data nested 7,000 deep": (act(data={"x": "NEST"}).replace('"NEST"', nest(7000)), "nested"),
    "more earlier refs than a host remembers": (act(ref=99, on=list(range(1, 66))), "on holds"),
}


@pytest.mark.parametrize(("text", "reason"), REFUSED.values(), ids=REFUSED.keys())
def test_what_is_not_a_guests_message_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(BadMessage) as refused:
        decode(text, Direction.TO_HOST)
    assert reason in refused.value.reason


def test_a_guest_may_propose_what_a_game_screen_sends_and_nothing_else() -> None:
    for kind, data in [
        ("edit", BID.data),
        ("score", {"round": 1, "entry": {}}),
        ("undo", {}),
        ("redo", {}),
        ("rename", {"names": ["A", "B"]}),
    ]:
        message = decode(act(kind=kind, data=data), Direction.TO_HOST)
        assert isinstance(message, Act) and message.action.kind == kind


def deepest(depth: int) -> Action:
    """A bid edit whose value nests so that the action's data is `depth` levels deep."""
    value: object = 1
    for _ in range(depth - 3):  # the data, its changes, a change, then its value
        value = [value]
    return Action("edit", {"round": 1, "changes": [{"at": ["bids", 1], "was": None, "now": value}]})


def test_the_deepest_action_a_game_takes_goes_both_ways_and_no_deeper() -> None:
    action = deepest(MAX_DATA_DEPTH)
    act_text, actions_text = encode(Act(1, 1, action)), encode(Actions(0, (action,)))
    assert nesting(act_text) == TO_HOST_DEPTH and nesting(actions_text) == TO_GUEST_DEPTH
    assert decode(act_text, Direction.TO_HOST) == Act(1, 1, action)
    assert decode(actions_text, Direction.TO_GUEST) == Actions(0, (action,))
    for text, direction in ((act_text, Direction.TO_HOST), (actions_text, Direction.TO_GUEST)):
        with pytest.raises(BadMessage, match="nested"):
            decode(text.replace('"now":', '"now":[') + "]", direction)


def welcome(**fields: object) -> str:
    message = {
        "type": "welcome",
        "version": PROTOCOL_VERSION,
        "id": GAME_ID,
        "game": "wizard",
        "players": ["Ann", "Ben", "Cas"],
        "player": 1,
        "rights": "own",
        "count": 3,
        **fields,
    }
    return json.dumps(message)


BEYOND_A_GAME = {
    "a count no game reaches": (welcome(count=10**9), "count is over"),
    "an id no game has": (welcome(id="../../etc"), "no game's"),
    "an id that is no text": (welcome(id=7), "id is no text"),
    "a game the rules do not know": (welcome(game="poker"), "welcome:"),
    "more players than the game seats": (welcome(players=list("ABCDEFG")), "welcome:"),
    "a name the rules refuse": (welcome(players=["Ann\ufffd", "Ben", "Cas"]), "welcome:"),
    "a name not as kept": (welcome(players=[" Ann", "Ben", "Cas"]), "not as a game keeps"),
    "a seat the table has not": (welcome(player=3), "player is over 2"),
    "a seat before the first": (welcome(player=-1), "player is no count"),
    "a seat that is a flag": (welcome(player=True), "player is no count"),
    "a seat that is text": (welcome(player="1"), "player is no count"),
    "rights that are none": (welcome(rights="admin"), "rights is no rights"),
    "rights as spelt otherwise": (welcome(rights="OWN"), "rights is no rights"),
    "rights that are a flag": (welcome(rights=True), "rights is no rights"),
    "a player's own phone that is no player's": (
        welcome(player=None, rights="own"),
        "no player's",
    ),
    "version 1's one choice for all": (
        json.dumps(
            {
                "type": "welcome",
                "version": 1,
                "game": "wizard",
                "players": ["Ann", "Ben", "Cas"],
                "may_enter": True,
                "count": 3,
            }
        ),
        "fields",
    ),
    "new rights that are none": (json.dumps({"type": "rights", "rights": "all"}), "no rights"),
    "new rights as version 1 sent them": (
        json.dumps({"type": "rights", "may_enter": True}),
        "fields",
    ),
    "a removal with more to say": (json.dumps({"type": "removed", "why": "rude"}), "fields"),
    "actions from beyond a game": (
        json.dumps({"type": "actions", "from": 10**9, "actions": []}),
        "from is over",
    ),
    "actions running past a game's end": (
        json.dumps({"type": "actions", "from": MAX_ACTIONS - 1, "actions": [["undo", {}]] * 2}),
        "beyond",
    ),
    "data nested 30,000 deep": (
        json.dumps({"type": "actions", "from": 0, "actions": [["undo", "NEST"]]}).replace(
            '"NEST"', nest(30_000)
        ),
        "nested",
    ),
}


@pytest.mark.parametrize(("text", "reason"), BEYOND_A_GAME.values(), ids=BEYOND_A_GAME.keys())
def test_a_host_is_held_to_what_a_game_may_hold(text: str, reason: str) -> None:
    assert len(text) <= TO_GUEST_LIMIT
    with pytest.raises(BadMessage) as refused:
        decode(text, Direction.TO_GUEST)
    assert reason in refused.value.reason


def test_what_a_host_may_not_send_is_refused() -> None:
    for text in (
        json.dumps({"type": "actions", "from": 0, "actions": [["undo"]]}),
        json.dumps({"type": "actions", "from": 0, "actions": [["wipe", {}]]}),
        json.dumps({"type": "actions", "from": -1, "actions": []}),
        welcome(players=[1]),
        json.dumps({"type": "refused", "ref": 1, "key": "x", "params": []}),
        json.dumps({"type": "rights", "rights": 1}),
        json.dumps({"type": "rights"}),
        json.dumps({"type": "removed", "rights": "watch"}),
    ):
        with pytest.raises(BadMessage):
            decode(text, Direction.TO_GUEST)
