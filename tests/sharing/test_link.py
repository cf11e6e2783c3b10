"""The phones-only share between a host phone and its guests, each phone with its own
store: the log reaches every copy, proposals are saved or refused as the server share
saves or refuses a phone's, and nothing a guest sends harms anything but its own link."""

import json
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers import InvalidEntry
from scorers.ledger import Action, Ledger
from sharing.phones_only.channel import ChannelState
from sharing.phones_only.guest import LinkState, NotSent
from sharing.phones_only.host import TableHost
from sharing.phones_only.messages import PROTOCOL_VERSION, TO_GUEST_LIMIT, TO_HOST_LIMIT
from sharing.rights import (
    MAY_NOT_ENTER,
    NOT_YOURS,
    SCORER_ONLY,
    NotAllowed,
    PhoneAtTable,
    PhoneState,
    Rights,
)
from storage.keeper import GameChanged, GameKeeper, SavedGame
from tests.sharing.channel_pair import GUEST, HOST, ChannelPair
from tests.sharing.table import NAMES, Phone, bid, join, keeper_in, rejoin, score, tap
from views.shell.i18n import t

LINKED, INTERRUPTED, GONE = PhoneState.LINKED, PhoneState.INTERRUPTED, PhoneState.GONE


@pytest.fixture
def keeper(tmp_path: Path) -> GameKeeper:
    return keeper_in(tmp_path / "host")


def hosted(
    keeper: GameKeeper,
    settings: dict[str, object] | None = None,
    tell: Callable[[str], None] = lambda game_id: None,
) -> tuple[SavedGame, TableHost]:
    """A Wizard game of NAMES (Ann deals first) with these settings, shared by its phone."""
    game = keeper.start("wizard", NAMES, 0, settings)
    return game, TableHost(keeper, game.id, tell=tell)


def host_enters(host: TableHost, action: Action) -> None:
    """The host's own screen saves an action, then tells the share."""
    host.keeper.apply(host.keeper.open(host.game_id), action)
    host.game_saved()


def host_log(host: TableHost) -> tuple[Action, ...]:
    return host.keeper.open(host.game_id).ledger.actions


def settle(*phones: Phone) -> None:
    """Deliver every message on every phone's channel, and what they make the phones send."""
    while any(phone.pair.waiting(HOST) or phone.pair.waiting(GUEST) for phone in phones):
        for phone in phones:
            phone.pair.deliver_all()


def propose(phone: Phone, action_of: Callable[[SavedGame], Action]) -> None:
    """The guest's screen proposes an action made on the game it shows."""
    shown = phone.link.shown()
    assert shown is not None
    phone.link.propose(shown, action_of(shown))


def test_a_guest_joining_mid_game_gets_the_whole_log_in_its_own_store(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game = keeper.start("wizard", NAMES, 0, {"round_sizes": [1, 2, 3]})
    game = keeper.apply(game, score(game, [0, 1, 0], [0, 1, 0]))
    game = keeper.apply(game, bid(game, 1, 2))
    host = TableHost(keeper, game.id)
    phone = join(host, tmp_path / "guest")
    assert phone.link.state is LinkState.OPEN
    assert phone.log() == host_log(host)
    assert phone.link.game_id != game.id or phone.keeper is not keeper
    copy = phone.keeper.open(phone.link.game_id)
    assert copy.ledger.state.totals == game.ledger.state.totals
    assert copy.ledger.state.draft == game.ledger.state.draft
    assert phone.seen.changes == 1 and phone.link.rights is Rights.EVERYONE


def test_a_long_game_reaches_a_guest_in_messages_under_the_limit(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    ledger = Ledger.start("wizard", NAMES, 0)
    for number in range(3000):
        ledger = ledger.apply(
            Action(
                "draft",
                {
                    "round": 1,
                    "entry": {
                        "bids": [number % 2, None, None],
                        "tricks": [None] * 3,
                        "cloud": None,
                    },
                },
            )
        )
    game = keeper.import_ledger(ledger)
    host = TableHost(keeper, game.id)
    phone = join(host, tmp_path / "guest")
    lengths = [len(text.encode()) for side, text in phone.pair.sent if side == HOST]
    assert len(lengths) > 3 and max(lengths) <= TO_GUEST_LIMIT
    assert phone.log() == ledger.actions


def test_entries_from_the_host_and_every_guest_reach_every_copy(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game = keeper.start("wizard", NAMES, 0, {"round_sizes": [1, 1]})
    saved: list[str] = []
    host = TableHost(keeper, game.id, tell=saved.append)
    ben, cas = join(host, tmp_path / "ben"), join(host, tmp_path / "cas")
    assert saved == [game.id] * 2  # as the scorer let each enter for everyone
    saved.clear()
    propose(ben, lambda shown: bid(shown, 1, 1))
    propose(cas, lambda shown: bid(shown, 2, 0))
    host_enters(host, bid(keeper.open(game.id), 0, 0))
    propose(ben, lambda shown: score(shown, [0, 1, 0], [0, 1, 0]))
    log = host_log(host)
    assert len(log) == 5 and log[-1].kind == "score"
    assert ben.log() == cas.log() == log
    assert saved == [game.id] * 3  # the host's screens re-read after each guest's save
    assert keeper.open(game.id).ledger.state.totals == (20, 30, 20)
    assert ben.link.shown().ledger.state.totals == (20, 30, 20)
    assert not ben.seen.refusals and not cas.seen.refusals


def test_a_rule_refusal_is_said_on_the_guest_at_once_and_nothing_is_sent(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    _, host = hosted(keeper)
    ben = join(host, tmp_path / "ben")
    sent = len(ben.pair.sent)
    with pytest.raises(InvalidEntry) as refused:
        propose(ben, lambda shown: bid(shown, 1, 5))  # round 1 deals one card each
    with pytest.raises(InvalidEntry) as on_the_host:
        keeper.apply(keeper.open(host.game_id), bid(keeper.open(host.game_id), 1, 5))
    assert str(refused.value) == str(on_the_host.value)
    assert len(ben.pair.sent) == sent


def test_the_same_bid_changed_on_two_phones_refuses_the_second_as_the_server_does(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    _, host = hosted(keeper)
    ben, cas = join(host, tmp_path / "ben", held=True), join(host, tmp_path / "cas", held=True)
    for phone in (ben, cas):
        phone.pair.deliver_all()
        phone.pair.held = True
    propose(ben, lambda shown: bid(shown, 1, 1))
    propose(cas, lambda shown: bid(shown, 1, 0))  # Cas had not seen Ben's
    ben.pair.deliver_all()
    settle(cas, ben)
    [(key, params)] = cas.seen.refusals
    # The server share: two screens on one store, the second built on what the first changed.
    server = keeper_in(tmp_path / "server")
    first = server.start("wizard", NAMES, 0)
    server.apply(first, bid(first, 1, 1))
    with pytest.raises(GameChanged) as on_the_server:
        server.apply(first, bid(first, 1, 0))
    reason = on_the_server.value.reason
    assert reason is not None and (key, dict(params)) == (reason.key, reason.params)
    assert "Ben's bid" in str(InvalidEntry(key, **params))
    assert ben.log() == cas.log() == host_log(host)
    assert cas.link.shown().ledger.state.draft["bids"] == [None, 1, None]
    assert not ben.seen.refusals


def test_the_host_changing_a_bid_a_guest_is_changing_refuses_the_guests(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    cas = join(host, tmp_path / "cas", held=True)
    cas.pair.deliver_all()
    propose(cas, lambda shown: bid(shown, 0, 1))
    host_enters(host, bid(keeper.open(game.id), 0, 0))
    cas.pair.deliver_all()
    assert [key for key, _ in cas.seen.refusals] == ["merge.field_changed"]
    assert keeper.open(game.id).ledger.state.draft["bids"] == [0, None, None]
    assert cas.log() == host_log(host)


def test_two_phones_bidding_for_different_players_at_once_both_keep_theirs(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben, cas = join(host, tmp_path / "ben", held=True), join(host, tmp_path / "cas", held=True)
    ben.pair.deliver_all()
    cas.pair.deliver_all()
    propose(ben, lambda shown: bid(shown, 1, 1))
    propose(cas, lambda shown: bid(shown, 2, 0))
    host_enters(host, tap(keeper.open(game.id), "bids", 0, 0))
    cas.pair.deliver_all()
    settle(ben, cas)
    assert keeper.open(game.id).ledger.state.draft["bids"] == [0, 1, 0]
    for phone in (ben, cas):
        assert not phone.seen.refusals
        assert phone.log() == host_log(host)
        assert phone.link.shown().ledger.state.draft["bids"] == [0, 1, 0]


def test_quick_taps_on_a_guest_build_on_each_other_before_the_host_answers(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", held=True)
    ben.pair.deliver_all()
    shown = ben.link.copy
    for seat, value in enumerate([0, 1, 0]):
        shown = ben.link.propose(shown, bid(shown, seat, value))
    for seat, value in enumerate([0, 1, 0]):
        shown = ben.link.propose(shown, tap(shown, "tricks", seat, value))
    shown = ben.link.propose(shown, score(shown, [0, 1, 0], [0, 1, 0]))
    assert shown.ledger.state.totals == (20, 30, 20)  # shown before the host answered
    assert ben.link.copy.ledger.action_count == 1
    ben.pair.deliver_all()
    assert not ben.seen.refusals
    assert keeper.open(game.id).ledger.state.totals == (20, 30, 20)
    assert ben.log() == host_log(host) and len(ben.log()) == 8


def test_a_tap_built_on_a_refused_one_is_refused_too(keeper: GameKeeper, tmp_path: Path) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", held=True)
    ben.pair.deliver_all()
    shown = ben.link.propose(ben.link.copy, bid(ben.link.copy, 0, 1))
    ben.link.propose(shown, Action("undo"))  # takes back the bid it shows
    host_enters(host, bid(keeper.open(game.id), 0, 0))
    ben.pair.deliver_all()
    assert [key for key, _ in ben.seen.refusals] == [
        "merge.field_changed",
        "storage.changed_elsewhere",
    ]
    assert keeper.open(game.id).ledger.state.draft["bids"] == [0, None, None]  # not undone
    assert ben.link.shown().ledger == keeper.open(game.id).ledger


def test_a_watching_guest_is_refused_until_the_host_lets_it_enter(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", held=True, player=1)
    ben.pair.deliver_all()
    propose(ben, lambda shown: bid(shown, 1, 1))
    host.allow(ben.number, Rights.WATCH)  # before Ben's bid arrived
    ben.pair.deliver_all()
    assert ben.seen.refusals == [(MAY_NOT_ENTER, {})]
    assert ben.seen.rights == [Rights.OWN, Rights.EVERYONE, Rights.WATCH]
    assert ben.link.rights is Rights.WATCH
    sent = len(ben.pair.sent)
    with pytest.raises(NotAllowed) as not_allowed:
        propose(ben, lambda shown: bid(shown, 1, 1))
    assert (not_allowed.value.key, not_allowed.value.params) == (MAY_NOT_ENTER, {})
    assert len(ben.pair.sent) == sent and not ben.pair.waiting(GUEST)  # nothing sent
    host.allow(ben.number, Rights.OWN)
    ben.pair.deliver_all()
    propose(ben, lambda shown: bid(shown, 1, 1))
    ben.pair.deliver_all()
    assert ben.seen.rights == [Rights.OWN, Rights.EVERYONE, Rights.WATCH, Rights.OWN]
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]
    assert len(ben.seen.refusals) == 1


def test_a_guests_adjustment_is_saved_as_the_hosts_and_a_watcher_cannot_send_one(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben")
    data = {"number": 1, "after": 0, "seat": 2, "points": -10, "reason": "misdeal"}
    propose(ben, lambda shown: Action("adjust", data))
    settle(ben)
    assert keeper.open(game.id).ledger.state.totals == (0, 0, -10)
    assert ben.log() == host_log(host)
    with pytest.raises(InvalidEntry) as refused:  # checked on the guest as on the host
        propose(ben, lambda shown: Action("adjust", {**data, "number": 2, "points": 0}))
    assert refused.value.key == "adjust.points_zero"
    host.allow(ben.number, Rights.WATCH)
    settle(ben)
    with pytest.raises(NotAllowed) as not_allowed:
        propose(ben, lambda shown: Action("remove_adjustment", {"number": 1}))
    assert not_allowed.value.key == MAY_NOT_ENTER
    assert keeper.open(game.id).ledger.state.totals == (0, 0, -10)


def act(**fields: object) -> str:
    """A guest's act as sent, with these fields changed (Ben's bid of 1 by default)."""
    message = {"type": "act", "ref": 9, "after": 1, "on": [], "kind": "edit"}
    message["data"] = {"round": 1, "changes": [{"at": ["bids", 1], "was": None, "now": 1}]}
    return json.dumps({**message, **fields})


def test_each_phone_starts_with_the_rights_its_reply_named(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    """A phone that said "I am Ben" enters Ben's values; one that joined to watch follows
    the game and changes nothing."""
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", player=1, rights=None)
    dot = join(host, tmp_path / "dot", rights=None)
    assert host.phones == (
        PhoneAtTable(1, LINKED, 1, Rights.OWN),
        PhoneAtTable(2, LINKED, None, Rights.WATCH),
    )
    assert (ben.link.player, ben.link.rights) == (1, Rights.OWN)
    assert (dot.link.player, dot.link.rights) == (None, Rights.WATCH)
    assert ben.seen.rights == [Rights.OWN] and dot.seen.rights == []
    propose(ben, lambda shown: bid(shown, 1, 1))
    with pytest.raises(NotAllowed) as not_allowed:
        propose(dot, lambda shown: bid(shown, 2, 0))
    assert not_allowed.value.key == MAY_NOT_ENTER
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]
    assert dot.log() == ben.log() == host_log(host)  # the watcher follows the game


def bens_and_cass_phones(
    keeper: GameKeeper, tmp_path: Path
) -> tuple[SavedGame, TableHost, Phone, Phone, list[str]]:
    """A shared game with Ben's and Cas's own phones at it, and what the host's screens
    are told."""
    told: list[str] = []
    game, host = hosted(keeper, tell=told.append)
    ben = join(host, tmp_path / "ben", player=1, rights=None)
    cas = join(host, tmp_path / "cas", player=2, rights=None)
    return game, host, ben, cas, told


def test_the_scorer_changes_one_phones_rights_and_tells_that_phone_alone(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host, ben, cas, told = bens_and_cass_phones(keeper, tmp_path)
    ben_sent, cas_sent = len(ben.pair.sent), len(cas.pair.sent)
    host.allow(cas.number, Rights.EVERYONE)
    assert host.phones == (
        PhoneAtTable(1, LINKED, 1, Rights.OWN),
        PhoneAtTable(2, LINKED, 2, Rights.EVERYONE),
    )
    assert told == [game.id]  # the scorer's list of phones is drawn again
    assert [json.loads(text) for _, text in cas.pair.sent[cas_sent:]] == [
        {"type": "rights", "rights": "everyone"}
    ]
    assert len(ben.pair.sent) == ben_sent
    assert cas.seen.rights == [Rights.OWN, Rights.EVERYONE] and ben.seen.rights == [Rights.OWN]
    assert (cas.link.rights, ben.link.rights) == (Rights.EVERYONE, Rights.OWN)
    # Cas's phone now enters for everyone; Ben's still for Ben alone.
    propose(cas, lambda shown: bid(shown, 0, 0))
    with pytest.raises(NotAllowed) as not_allowed:
        propose(ben, lambda shown: bid(shown, 0, 1))
    assert not_allowed.value.key == NOT_YOURS
    assert keeper.open(game.id).ledger.state.draft["bids"] == [0, None, None]
    assert ben.log() == cas.log() == host_log(host)


def test_rights_changed_while_a_phone_is_away_reach_it_as_it_comes_back(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", player=1, rights=None)
    ben.pair.set_state(ChannelState.INTERRUPTED)
    host.allow(ben.number, Rights.WATCH)  # said into the void
    assert ben.link.rights is Rights.OWN
    assert host.phones == (PhoneAtTable(1, INTERRUPTED, 1, Rights.WATCH),)
    ben.pair.set_state(ChannelState.OPEN)  # welcomed again, with the rights it has now
    assert (ben.link.state, ben.link.player, ben.link.rights) == (LinkState.OPEN, 1, Rights.WATCH)
    assert ben.seen.rights == [Rights.OWN, Rights.WATCH]
    with pytest.raises(NotAllowed):
        propose(ben, lambda shown: bid(shown, 1, 1))
    assert keeper.open(game.id).ledger.action_count == 1


def test_a_removed_phone_is_told_its_link_closed_and_the_others_go_on(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host, ben, cas, told = bens_and_cass_phones(keeper, tmp_path)
    propose(ben, lambda shown: bid(shown, 1, 1))
    told.clear()
    host.remove(ben.number)
    assert ben.pair.sent[-1] == (HOST, '{"type":"removed"}')  # told, last
    assert ben.pair.state is ChannelState.CLOSED
    assert ben.link.state is LinkState.REMOVED and ben.seen.states == [LinkState.REMOVED]
    # Not said gone: the scorer took it off the table.
    assert host.phones == (PhoneAtTable(2, LINKED, 2, Rights.OWN),)
    assert host.guest_count == 1 and told == [game.id]
    with pytest.raises(NotSent) as not_sent:
        propose(ben, lambda shown: bid(shown, 1, 0))
    assert not_sent.value.state is LinkState.REMOVED
    propose(cas, lambda shown: bid(shown, 2, 0))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, 0]
    assert cas.link.state is LinkState.OPEN and cas.log() == host_log(host)
    assert ben.log() == host_log(host)[:-1]  # it keeps its copy as it was
    copy = ben.link.carry_on()  # and may go on with it alone
    assert copy is not None and copy.ledger.state.draft["bids"] == [None, 1, None]
    host.remove(ben.number)  # at the table no more: nothing changes
    assert host.phones == (PhoneAtTable(2, LINKED, 2, Rights.OWN),)


def test_an_own_phone_is_refused_another_players_value_as_its_rights_are_when_it_arrives(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    """The host checks every act against the rights of the phone that sent it, as they
    are when it arrives: Ben's phone entered for everyone as it set Cas's bid, and for Ben
    alone by the time the bid reached the scorer's phone."""
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", held=True, player=1)
    ben.pair.deliver_all()
    propose(ben, lambda shown: bid(shown, 2, 1))
    host.allow(ben.number, Rights.OWN)
    ben.pair.deliver_all()
    [(key, params)] = ben.seen.refusals
    assert (key, dict(params)) == (
        NOT_YOURS,
        {
            "player": "Ben",
            "field": "Cas's bid",
            "field_key": "wizard.field.bid",
            "field_params": {"player": "Cas"},
        },
    )
    assert t(key, "en", **params) == "This phone enters Ben's values only: Cas's bid is not theirs."
    assert keeper.open(game.id).ledger.action_count == 1  # nothing saved
    assert ben.link.state is LinkState.OPEN
    assert ben.link.shown().ledger == keeper.open(game.id).ledger  # shown no more


OWN_ACTS = {
    "Cas's bid": (
        act(data={"round": 1, "changes": [{"at": ["bids", 2], "was": None, "now": 1}]}),
        NOT_YOURS,
    ),
    "Ben's and Cas's bids at once": (
        act(
            data={
                "round": 1,
                "changes": [
                    {"at": ["bids", 1], "was": None, "now": 1},
                    {"at": ["bids", 2], "was": None, "now": 0},
                ],
            }
        ),
        NOT_YOURS,
    ),
    "the trump": (
        act(data={"round": 1, "changes": [{"at": ["trump"], "was": None, "now": "H"}]}),
        NOT_YOURS,
    ),
    "a score": (
        act(
            kind="score",
            data={"round": 1, "entry": {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}},
        ),
        SCORER_ONLY,
    ),
    "an undo": (act(kind="undo", data={}), SCORER_ONLY),
    "a rename": (act(kind="rename", data={"names": ["Ann", "Benny", "Cas"]}), SCORER_ONLY),
    "an adjustment": (
        act(
            kind="adjust",
            data={"number": 1, "after": 0, "seat": 1, "points": 10, "reason": "a gift"},
        ),
        SCORER_ONLY,
    ),
}


@pytest.mark.parametrize(("text", "key"), OWN_ACTS.values(), ids=OWN_ACTS.keys())
def test_what_an_own_phone_may_not_send_is_refused_on_the_host_and_its_link_kept(
    keeper: GameKeeper, tmp_path: Path, text: str, key: str
) -> None:
    """As a phone that skipped its own check would send it: refused to that phone alone,
    whose own bid is then saved."""
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", player=1, rights=None)
    ben.pair.guest_end.send(text)
    answer = json.loads(ben.pair.sent[-1][1])
    assert (answer["type"], answer["key"], answer["params"]["player"]) == ("refused", key, "Ben")
    assert keeper.open(game.id).ledger.action_count == 1
    assert ben.link.state is LinkState.OPEN and host.guest_count == 1
    ben.pair.guest_end.send(act(ref=10))  # its own bid
    assert json.loads(ben.pair.sent[-2][1]) == {"type": "accepted", "ref": 10}
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]


def test_an_own_phones_change_of_a_seat_the_game_has_not_is_refused_and_its_link_kept(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    """A phone for everyone is refused such a change by the rules, and keeps its link; a
    player's own phone is refused it as well."""
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", player=1, rights=None)
    ben.pair.guest_end.send(
        act(data={"round": 1, "changes": [{"at": ["bids", 7], "was": None, "now": 1}]})
    )
    assert ben.pair.state is ChannelState.OPEN
    assert json.loads(ben.pair.sent[-1][1])["type"] == "refused"
    # Nor does such a change carry another player's value in with it.
    cas_bid = {"at": ["bids", 2], "was": None, "now": 1}
    for ref, beyond in enumerate((["bids", 7], ["tricks", -1]), start=10):
        changes = [{"at": beyond, "was": None, "now": 1}, cas_bid]
        ben.pair.guest_end.send(act(ref=ref, data={"round": 1, "changes": changes}))
        assert json.loads(ben.pair.sent[-1][1])["type"] == "refused"
    assert ben.pair.state is ChannelState.OPEN
    assert keeper.open(game.id).ledger.action_count == 1


def test_a_stopped_share_ends_every_guest_and_takes_nothing_more(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben, cas = join(host, tmp_path / "ben"), join(host, tmp_path / "cas", held=True)
    cas.pair.deliver_all()
    propose(cas, lambda shown: bid(shown, 2, 0))  # on its way as the share stops
    host.stop()
    for phone in (ben, cas):
        phone.pair.deliver_all()
    assert ben.link.state is LinkState.ENDED and ben.seen.states == [LinkState.ENDED]
    assert ben.pair.state is cas.pair.state is ChannelState.CLOSED
    assert host.guest_count == 0
    later = join(host, tmp_path / "later")
    assert later.pair.state is ChannelState.CLOSED and later.link.game_id is None
    host_enters(host, bid(keeper.open(game.id), 0, 1))  # the host plays on, alone
    assert keeper.open(game.id).ledger.action_count == 2
    assert len(ben.log()) == 1 and cas.log() == ben.log()
    with pytest.raises(NotSent):
        propose(ben, lambda shown: bid(shown, 1, 1))


BAD_MESSAGES = {
    "not JSON": '{"type": "act", ',
    "not an object": "[1, 2]",
    "an unknown type": '{"type": "hello"}',
    "a host's message": '{"type": "ended"}',
    "a ref that is text": act(ref="9"),
    "a negative count": act(after=-1),
    "a flag for a count": act(after=True),
    "a count it was never sent": act(after=5),
    "not a number": act(after=float("nan")),
    "a start": act(
        kind="start", data={"game": "wizard", "players": NAMES, "first_dealer": 0, "settings": {}}
    ),
    "a draft": act(kind="draft", data={"round": 1, "entry": {}}),
    "an unknown kind": act(kind="delete", data={}),
    "data of the wrong shape": act(data={"round": "1", "changes": []}),
    "another game's id": act(game="another"),
    "another game's id in its data": act(data={"round": 1, "changes": [], "game": "another"}),
    "an oversized message": act(data={"names": ["x" * TO_HOST_LIMIT]}, kind="rename"),
    "a deep nest": '{"type": "act", "data": ' + "[" * 5000 + "]" * 5000 + "}",
    "a whole act nested 7,000 deep": act(data={"x": "NEST"}).replace(
        '"NEST"', "[" * 7000 + "]" * 7000
    ),
}


@pytest.mark.parametrize("text", BAD_MESSAGES.values(), ids=BAD_MESSAGES.keys())
def test_a_bad_message_closes_that_guests_channel_only(
    keeper: GameKeeper, tmp_path: Path, text: str
) -> None:
    other = keeper.start("wizard", ["Dot", "Eve", "Fay"], 0)
    other = keeper.apply(other, bid(other, 0, 1))
    game, host = hosted(keeper)
    ben, cas = join(host, tmp_path / "ben"), join(host, tmp_path / "cas")
    cas.pair.guest_end.send(text)
    assert cas.pair.state is ChannelState.CLOSED
    assert cas.link.state is LinkState.LOST and cas.log() == host_log(host)  # kept its copy
    assert host.guest_count == 1 and keeper.open(game.id).ledger.action_count == 1
    assert keeper.open(other.id).ledger == other.ledger
    assert [summary.id for summary in keeper.unfinished()] == [game.id, other.id]
    propose(ben, lambda shown: bid(shown, 1, 1))
    assert ben.link.state is LinkState.OPEN and ben.log() == host_log(host)
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]


def test_a_guest_naming_a_proposal_it_never_made_is_closed(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    _, host = hosted(keeper)
    ben = join(host, tmp_path / "ben")
    ben.pair.guest_end.send(act(on=[3]))
    assert ben.pair.state is ChannelState.CLOSED and host.guest_count == 0


def welcome(**fields: object) -> str:
    """A welcome to the phone of a watcher (as `join` makes it) to a Wizard game of NAMES,
    with these fields changed."""
    message = {
        "type": "welcome",
        "version": PROTOCOL_VERSION,
        "id": "0123456789abcdef0123456789abcdef",
        "game": "wizard",
        "players": NAMES,
        "player": None,
        "rights": "everyone",
        "count": 1,
    }
    return json.dumps({**message, **fields})


BAD_FROM_THE_HOST = {
    "not JSON": "{",
    "a guest's message": act(),
    "actions beyond the copy": '{"type": "actions", "from": 7, "actions": []}',
    "actions that do not replay": '{"type": "actions", "from": 1, "actions": [["undo", {}]]}',
    "a second start": '{"type": "actions", "from": 1, "actions": [["start", {"game": "wizard",'
    ' "players": ["A", "B", "C"], "first_dealer": 0, "settings": {}}]]}',
    "a welcome to another game": welcome(game="colour_blind"),
    "an older version": welcome(version=PROTOCOL_VERSION - 1),
    "a count beyond any game": welcome(count=1_000_000_000),
    "a welcome as another player": welcome(player=1, rights="own"),
    "a player's own phone that is no player's": welcome(rights="own"),
    "a seat beyond the table": welcome(player=3),
    "rights that are none": welcome(rights="admin"),
    "the rights of version 1": welcome(rights=None, may_enter=True),
    "actions nested 30,000 deep": '{"type": "actions", "from": 2, "actions": [["undo", '
    + "[" * 30_000
    + "]" * 30_000
    + "]]}",
}


@pytest.mark.parametrize("text", BAD_FROM_THE_HOST.values(), ids=BAD_FROM_THE_HOST.keys())
def test_a_bad_message_from_the_host_breaks_the_link_and_keeps_the_copy(
    keeper: GameKeeper, tmp_path: Path, text: str
) -> None:
    game, host = hosted(keeper)
    host_enters(host, bid(keeper.open(game.id), 0, 1))
    ben = join(host, tmp_path / "ben")
    ben.pair.host_end.send(text)
    assert ben.link.state is LinkState.LOST and ben.pair.state is ChannelState.CLOSED
    assert ben.log() == host_log(host)


def test_a_fault_met_answering_one_guest_closes_that_link_and_the_table_goes_on(
    keeper: GameKeeper, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Whatever goes wrong on the host's side while it answers a guest's message, that
    guest's link ends there, and the others' entries are still taken: here the host's own
    screens fail once, as they are told of the first guest's entry."""
    faults: list[Exception] = []

    def tell(game_id: str) -> None:
        if faults:
            raise faults.pop()

    game, host = hosted(keeper, tell=tell)
    ben, cas = join(host, tmp_path / "ben"), join(host, tmp_path / "cas")
    faults.append(RuntimeError("the host's screen failed"))
    propose(ben, lambda shown: bid(shown, 1, 1))
    assert ben.link.state is LinkState.LOST and host.guest_count == 1
    assert "A guest's message failed here" in caplog.text
    propose(cas, lambda shown: bid(shown, 2, 0))
    settle(cas)
    assert cas.link.state is LinkState.OPEN and cas.log() == host_log(host)
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, 0]


def test_a_fault_met_reading_the_hosts_message_ends_the_link_and_keeps_the_copy(
    keeper: GameKeeper, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Here the guest's screen fails as it is told of a refusal: the link is over, said
    as lost, and the copy is kept."""
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", held=True)
    ben.pair.deliver_all()

    def fail(key: str, params: object) -> None:
        raise KeyError("current")

    ben.seen.refused = fail  # type: ignore[method-assign]  # the screen's fault, for once
    propose(ben, lambda shown: bid(shown, 0, 1))
    host_enters(host, bid(keeper.open(game.id), 0, 0))  # refused: the host changed it first
    ben.pair.deliver_all()
    assert ben.link.state is LinkState.LOST and ben.seen.states[-1] is LinkState.LOST
    assert "The host's message failed here" in caplog.text
    assert ben.log() == host_log(host) and host.guest_count == 0


def test_when_the_hosts_phone_dies_a_guest_carries_on_with_every_entry_it_saw(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper, {"round_sizes": [1, 1]})
    ben = join(host, tmp_path / "ben")
    host_enters(host, score(keeper.open(game.id), [0, 1, 0], [0, 1, 0]))
    propose(ben, lambda shown: bid(shown, 1, 1))
    ben.pair.set_state(ChannelState.CLOSED)  # the host's battery is flat
    assert ben.link.state is LinkState.LOST and ben.seen.states == [LinkState.LOST]
    assert ben.log() == host_log(host)
    copy = ben.link.carry_on()
    assert copy is not None and ben.link.rights is Rights.EVERYONE  # its own game now
    with pytest.raises(NotSent):  # and no more the host's
        propose(ben, lambda shown: bid(shown, 1, 0))
    own = ben.keeper.open(copy.id)
    own = ben.keeper.apply(own, bid(own, 2, 0))
    own = ben.keeper.apply(own, score(own, [1, 1, 0], [0, 1, 0]))
    assert own.ledger.state.is_over and own.ledger.state.totals == (10, 60, 40)
    assert ben.keeper.finished()[0].id == copy.id


def test_a_guest_that_joins_again_goes_on_in_the_copy_it_kept(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper, {"round_sizes": [1, 1]})
    ben = join(host, tmp_path / "ben")
    propose(ben, lambda shown: bid(shown, 1, 1))
    ben.pair.set_state(ChannelState.CLOSED)  # the phone was locked longer than WebRTC waits
    host_enters(host, bid(keeper.open(game.id), 2, 0))  # saved while Ben was away
    again = rejoin(host, ben)
    assert again.link.game_id == ben.link.game_id
    assert again.log() == host_log(host) and len(again.log()) == 3
    assert [kept.id for kept in ben.keeper.unfinished()] == [again.link.game_id]
    propose(again, lambda shown: bid(shown, 0, 0))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [0, 1, 0]
    assert again.log() == host_log(host)


def test_joining_another_table_keeps_the_earlier_copy_apart(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    first = keeper.start("wizard", NAMES, 0, {"round_sizes": [1, 1]})
    first_host = TableHost(keeper, first.id)
    ben = join(first_host, tmp_path / "ben")
    host_enters(first_host, bid(keeper.open(first.id), 1, 1))
    first_host.stop()
    assert ben.link.state is LinkState.ENDED
    other = keeper.start("wizard", NAMES, 1, {"round_sizes": [1, 1]})
    again = rejoin(TableHost(keeper, other.id), ben)
    assert again.link.game_id not in (None, ben.link.game_id)
    assert ben.log() == host_log(first_host)
    assert again.log() == keeper.open(other.id).ledger.actions
    assert len(ben.keeper.unfinished()) == 2


def test_an_interrupted_guest_gets_what_was_saved_meanwhile_once_back(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben")
    ben.pair.set_state(ChannelState.INTERRUPTED)
    assert ben.link.state is LinkState.INTERRUPTED
    with pytest.raises(NotSent):
        propose(ben, lambda shown: bid(shown, 1, 1))
    host_enters(host, bid(keeper.open(game.id), 0, 1))  # sent into the void
    ben.pair.set_state(ChannelState.OPEN)
    assert ben.link.state is LinkState.OPEN
    assert ben.log() == host_log(host) and len(ben.log()) == 2
    propose(ben, lambda shown: bid(shown, 1, 1))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [1, 1, None]
    assert ben.seen.states == [LinkState.INTERRUPTED, LinkState.OPEN]


def test_a_proposal_lost_with_the_network_is_shown_no_more_once_back(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    game, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", held=True)
    ben.pair.deliver_all()
    propose(ben, lambda shown: bid(shown, 1, 1))
    ben.pair.lose_waiting()
    ben.pair.set_state(ChannelState.INTERRUPTED)
    changes = ben.seen.changes
    ben.pair.set_state(ChannelState.OPEN)
    ben.pair.deliver_all()
    assert ben.seen.changes == changes + 1 and not ben.seen.refusals
    assert ben.link.shown().ledger == keeper.open(game.id).ledger
    assert keeper.open(game.id).ledger.action_count == 1
    propose(ben, lambda shown: bid(shown, 1, 1))  # entered again
    ben.pair.deliver_all()
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]


def test_the_host_knows_each_phone_by_its_number_and_where_its_link_is(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    _, host = hosted(keeper)
    ben, cas = join(host, tmp_path / "ben", player=1, rights=None), join(host, tmp_path / "cas")
    assert host.phones == (
        PhoneAtTable(1, LINKED, 1, Rights.OWN),
        PhoneAtTable(2, LINKED, None, Rights.EVERYONE),
    )
    cas.pair.set_state(ChannelState.INTERRUPTED)  # a locked screen: it may come back
    assert [phone.state for phone in host.phones] == [LINKED, INTERRUPTED]
    cas.pair.set_state(ChannelState.OPEN)
    ben.pair.set_state(ChannelState.CLOSED)  # gone for good
    assert host.phones == (
        PhoneAtTable(1, GONE, 1, Rights.OWN),
        PhoneAtTable(2, LINKED, None, Rights.EVERYONE),
    )
    assert host.guest_count == 1
    # A phone that joins (Ben's again, with a new invitation) is the next one; the scorer
    # who invited it needs no more word of the one gone.
    join(host, tmp_path / "ben-again", player=1, rights=None)
    assert host.phones == (
        PhoneAtTable(2, LINKED, None, Rights.EVERYONE),
        PhoneAtTable(3, LINKED, 1, Rights.OWN),
    )
    host.stop()  # the scorer ended it: no phone is said gone
    assert host.phones == ()


def test_a_guests_channel_closing_drops_it_from_the_host(
    keeper: GameKeeper, tmp_path: Path
) -> None:
    _, host = hosted(keeper)
    ben, cas = join(host, tmp_path / "ben"), join(host, tmp_path / "cas")
    cas.link.carry_on()
    assert host.guest_count == 1 and cas.pair.state is ChannelState.CLOSED
    host_enters(host, bid(host.keeper.open(host.game_id), 0, 0))
    assert ben.log() == host_log(host) and len(cas.log()) == 1


def test_messages_go_only_where_they_belong(keeper: GameKeeper, tmp_path: Path) -> None:
    _, host = hosted(keeper)
    ben = join(host, tmp_path / "ben", player=1, rights=None)
    propose(ben, lambda shown: bid(shown, 1, 1))
    kinds = [(side, json.loads(text)["type"]) for side, text in ben.pair.sent]
    assert kinds == [
        (HOST, "welcome"),
        (HOST, "actions"),
        (GUEST, "act"),
        (HOST, "accepted"),
        (HOST, "actions"),
    ]
    assert isinstance(ben.pair, ChannelPair)


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 12) | st.sampled_from(["bids", "tricks", "W"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["bids", "tricks", "cloud", "at", "was", "now"]), inner)
    ),
    max_leaves=16,
)
CHANGE = st.fixed_dictionaries(
    {
        "at": st.lists(st.sampled_from(["bids", "tricks", 0, 1, 7, -1]), max_size=3),
        "was": VALUES,
        "now": VALUES,
    }
)
DATA = st.one_of(
    st.fixed_dictionaries({"round": st.integers(-1, 3), "changes": st.lists(CHANGE | VALUES)}),
    st.fixed_dictionaries({"round": st.integers(-1, 3) | VALUES, "entry": VALUES}),
    st.fixed_dictionaries({"names": st.lists(st.text(max_size=45) | VALUES, max_size=7)}),
    st.fixed_dictionaries(
        {
            "number": st.integers(0, 2) | VALUES,
            "after": st.integers(-1, 2),
            "seat": st.integers(-1, 3),
            "points": st.integers(-20_000, 20_000) | VALUES,
            "reason": st.text(max_size=90) | VALUES,
        }
    ),
    st.dictionaries(st.sampled_from(["round", "entry", "names", "seat"]), VALUES, max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(
        ["edit", "score", "undo", "redo", "rename", "adjust", "remove_adjustment"]
    ),
    data=DATA,
    after=st.integers(0, 4),
    on=st.lists(st.integers(0, 3), max_size=2),
    player=st.sampled_from([None, 0, 1, 2]),
    rights=st.sampled_from(Rights),
)
def test_whatever_a_guest_proposes_the_host_saves_one_valid_action_or_refuses_it(
    kind: str, data: object, after: int, on: list[int], player: int | None, rights: Rights
) -> None:
    """Whatever the phone's rights: and a watcher's is never saved, nor a player's own
    phone's but a change of that player's values."""
    folder = Path(tempfile.mkdtemp())
    try:
        keeper = keeper_in(folder / "host")
        game = keeper.start("wizard", NAMES, 0)
        game = keeper.apply(game, score(game, [0, 1, 0], [0, 1, 0]))
        game = keeper.apply(game, bid(game, 1, 1))
        host = TableHost(keeper, game.id)
        ben = join(host, folder / "ben", player=player, rights=rights)
        text = {"type": "act", "ref": 5, "after": after, "on": on, "kind": kind, "data": data}
        ben.pair.guest_end.send(json.dumps(text))
        saved = keeper_in(folder / "host").open(game.id).ledger  # read from the disk afresh
        assert saved.actions[:3] == game.ledger.actions and saved.action_count <= 4
        if saved.action_count == 4 and rights is not Rights.EVERYONE:
            assert rights is Rights.OWN and player is not None and kind == "edit"
            action = saved.actions[3]
            assert all(
                change["at"][0] in ("bids", "tricks") and change["at"][1:] == [player]
                for change in action.data["changes"]
            )
        if ben.pair.state is ChannelState.OPEN:
            answer = json.loads(ben.pair.sent[-1][1])["type"]
            assert answer == ("actions" if saved.action_count == 4 else "refused")
            assert ben.log() == saved.actions
    finally:
        shutil.rmtree(folder, ignore_errors=True)
