"""The server share's phones: each joins as a player or to watch, with the rights such a
phone starts with; the host changes one phone's rights or takes it off the table; a
session's rights come from its phone at the table (sharing.table_share.access), and the
keeper a session saves through refuses what they do not allow, on a real SQLite file."""

from pathlib import Path

import pytest

from scorers.ledger import Action
from sharing.rights import MAY_NOT_ENTER, NOT_YOURS, NotAllowed, PhoneAtTable, PhoneState, Rights
from sharing.table_share.access import Access, CheckedKeeper
from sharing.table_share.codes import Shares
from sharing.table_share.connections import THIS_DEVICE, Peer
from storage import open_store
from storage.keeper import GameKeeper

PHONE = Peer(address="192.0.2.20", via_share=True)
LINKED, INTERRUPTED, GONE = PhoneState.LINKED, PhoneState.INTERRUPTED, PhoneState.GONE


def bid(seat: int, now: int) -> Action:
    return Action(
        "edit", {"round": 1, "changes": [{"at": ["bids", seat], "was": None, "now": now}]}
    )


def test_phones_join_as_players_or_to_watch_and_the_host_sets_each_ones_rights() -> None:
    shares = Shares()
    share = shares.share("g1")
    ben, watcher = Access(shares, PHONE), Access(shares, PHONE)
    assert ben.join(share, 1) and watcher.join(share, None)
    assert shares.phones("g1") == (
        PhoneAtTable(1, LINKED, 1, Rights.OWN),
        PhoneAtTable(2, LINKED, None, Rights.WATCH),
    )
    assert (ben.rights("g1"), ben.own_seat("g1")) == (Rights.OWN, 1)
    assert (watcher.rights("g1"), watcher.may_enter("g1")) == (Rights.WATCH, False)
    shares.allow("g1", 2, Rights.OWN)  # a watcher is nobody's own phone: left as it is
    shares.allow("g1", 2, Rights.EVERYONE)
    assert (watcher.rights("g1"), watcher.own_seat("g1")) == (Rights.EVERYONE, None)
    assert ben.rights("g1") is Rights.OWN  # the other phone is as it was
    assert ben.rights("g2") is Rights.WATCH and not ben.may_open("g2")  # no other game


def test_a_phone_taken_off_the_table_sees_the_game_no_more_and_is_told() -> None:
    shares = Shares()
    share = shares.share("g1")
    ben = Access(shares, PHONE)
    ben.join(share, 1)
    shares.remove("g1", ben.phone or 0)
    assert shares.phones("g1") == ()
    assert not ben.may_open("g1") and ben.rights("g1") is Rights.WATCH
    assert ben.was_removed()
    again = Access(shares, PHONE)  # joining anew with the code is a new phone
    assert again.join(share, 1) and again.phone == 2 and again.may_open("g1")


def test_the_hosts_list_follows_each_phones_connection_and_forgets_gone_ones() -> None:
    shares = Shares()
    share = shares.share("g1")
    ben, cas = Access(shares, PHONE), Access(shares, PHONE)
    ben.join(share, 1)
    ben.link_changed(INTERRUPTED)
    assert shares.phones("g1")[0].state is INTERRUPTED
    ben.link_changed(LINKED)
    ben.link_changed(GONE)
    ben.link_changed(LINKED)  # a closed session does not come back
    assert shares.phones("g1")[0].state is GONE
    cas.join(share, 2)  # a phone joining lets the gone ones go from the list
    assert [phone.number for phone in shares.phones("g1")] == [2]
    shares.stop("g1")
    assert shares.phones("g1") == () and not cas.may_open("g1")
    assert not Access(shares, PHONE).join(share, 1)  # a stopped share seats nobody


@pytest.fixture
def keeper(tmp_path: Path) -> GameKeeper:
    return GameKeeper(open_store(tmp_path).store)


def test_a_sessions_keeper_refuses_what_its_rights_do_not_allow(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    shares = Shares()
    share = shares.share(game.id)
    ben, watcher = Access(shares, PHONE), Access(shares, PHONE)
    ben.join(share, 1)
    watcher.join(share, None)
    with pytest.raises(NotAllowed) as not_yours:
        CheckedKeeper(keeper, ben).apply(keeper.open(game.id), bid(2, 0))
    assert not_yours.value.key == NOT_YOURS
    with pytest.raises(NotAllowed) as watching:
        CheckedKeeper(keeper, watcher).apply(keeper.open(game.id), bid(1, 1))
    assert watching.value.key == MAY_NOT_ENTER
    assert keeper.open(game.id).ledger.action_count == 1  # nothing saved
    saved = CheckedKeeper(keeper, ben).apply(keeper.open(game.id), bid(1, 1))
    host = Access(shares, THIS_DEVICE)
    CheckedKeeper(keeper, host).apply(saved, bid(2, 0))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, 0]
