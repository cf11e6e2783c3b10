"""A guest that floods the phone hosting the table (sharing.fair_share's
MeteredListener, as the phone alone hears every guest of its TableHost): its messages wait for its
allowance, and past it the guest is closed; the other guests and the game go on. (A guest
slowed for its whole patience: tests/sharing/test_fair_share.py.)"""

import asyncio
from pathlib import Path

from sharing.fair_share import WAITING_AT_MOST, FairShare, MeteredListener
from sharing.phones_only.channel import ChannelState
from sharing.phones_only.guest import LinkState, TableGuest
from sharing.phones_only.host import TableHost
from tests.sharing.channel_pair import HOST, ChannelPair
from tests.sharing.table import NAMES, Seen, bid, keeper_in


def metered_guest(
    host: TableHost, folder: Path, share: FairShare, player: int
) -> tuple[TableGuest, ChannelPair]:
    """The phone of the player of seat `player`, joined to `host`, heard through its
    allowance `share`."""
    pair = ChannelPair()
    link = TableGuest(keeper_in(folder), pair.guest_end, Seen())
    pair.guest_end.listener = link
    pair.host_end.listener = MeteredListener(
        host.add_guest(pair.host_end, player),
        pair.host_end,
        share,
        shut_out=lambda: host.shut_out(pair.host_end),
    )
    return link, pair


async def settled() -> None:
    """Let the host hear what waits for the allowance."""
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_guest_sending_more_than_its_allowance_holds_is_closed(tmp_path: Path) -> None:
    keeper = keeper_in(tmp_path / "host")
    game = keeper.start("wizard", NAMES, 0)
    host = TableHost(keeper, game.id)
    flooder, flood = metered_guest(host, tmp_path / "flooder", FairShare(), 2)
    honest, link = metered_guest(host, tmp_path / "honest", FairShare(), 1)
    shown = flooder.shown()
    assert shown is not None
    for _ in range(WAITING_AT_MOST + 1):  # faster than any hand: before the host hears one
        flood.guest_end.send(
            '{"type": "act", "ref": 1, "after": 1, "on": [], "kind": "undo", "data": {}}'
        )
    assert flood.state is ChannelState.CLOSED and flooder.state is LinkState.SHUT_OUT
    assert flood.sent[-1] == (HOST, '{"type":"shut_out"}')  # told why, last
    # The honest guest's entry is heard at its pace, saved, and sent back to it.
    game_shown = honest.shown()
    assert game_shown is not None
    honest.propose(game_shown, bid(game_shown, 1, 1))
    await settled()
    assert link.state is ChannelState.OPEN and host.guest_count == 1
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]
    assert honest.copy is not None and honest.copy.ledger.state.draft["bids"] == [None, 1, None]
