"""Two ends of an in-memory channel (sharing.phones_only.channel), for the phones-only share's
tests: messages arrive whole and in order; held, they wait until a test delivers them, so
that a test can make any interleaving of two phones' messages."""

from collections import deque

from sharing.phones_only.channel import ChannelListener, ChannelState

HOST, GUEST = "host", "guest"


class End:
    """One end of the pair: what the share at that end sends on and closes."""

    def __init__(self, pair: "ChannelPair", side: str) -> None:
        self.pair = pair
        self.side = side
        self.listener: ChannelListener | None = None

    def send(self, text: str) -> None:
        if self.pair.state is ChannelState.OPEN:
            self.pair.queues[self.side].append(text)
            self.pair.flush()

    def close(self) -> None:
        """Closed by this end: what it sent before still arrives (a data channel's close
        lets its pending messages go first), then both ends hear it closed."""
        self.pair.close_from(self.side)


class ChannelPair:
    """A channel between the host's end and a guest's. `held`: messages wait in their
    queue (one per direction) until `deliver`; otherwise each arrives as it is sent."""

    def __init__(self, held: bool = False) -> None:
        self.held = held
        self.state = ChannelState.OPEN
        self.host_end = End(self, HOST)
        self.guest_end = End(self, GUEST)
        self.queues: dict[str, deque[str]] = {HOST: deque(), GUEST: deque()}
        self.sent: list[tuple[str, str]] = []  # (from side, text), every message sent
        self._delivering = False

    def join(self, host: ChannelListener, guest: ChannelListener) -> None:
        self.host_end.listener = host
        self.guest_end.listener = guest

    def waiting(self, side: str) -> int:
        """How many messages sent from `side` wait to be delivered."""
        return len(self.queues[side])

    def flush(self) -> None:
        if not self.held:
            self.deliver_all()

    def deliver(self, side: str) -> None:
        """Deliver the oldest message sent from `side`."""
        text = self.queues[side].popleft()
        self.sent.append((side, text))
        to = self.guest_end if side == HOST else self.host_end
        assert to.listener is not None
        to.listener.received(text)

    def deliver_all(self) -> None:
        """Deliver every waiting message, and what they make either end send, in order."""
        if self._delivering:
            return  # the loop below takes it
        self._delivering = True
        try:
            while self.state is ChannelState.OPEN and (self.queues[HOST] or self.queues[GUEST]):
                self.deliver(HOST if self.queues[HOST] else GUEST)
        finally:
            self._delivering = False

    def close_from(self, side: str) -> None:
        if self.state is ChannelState.OPEN:
            while self.queues[side]:
                self.deliver(side)
        self.set_state(ChannelState.CLOSED)

    def lose_waiting(self) -> None:
        """What was on its way is lost (the network went before it arrived)."""
        self.queues[HOST].clear()
        self.queues[GUEST].clear()

    def set_state(self, state: ChannelState) -> None:
        """The channel's new state, told to both ends; closed, it stays closed and what
        was in flight is lost."""
        if self.state is ChannelState.CLOSED or state is self.state:
            return
        self.state = state
        if state is ChannelState.CLOSED:
            self.lose_waiting()
        for end in (self.host_end, self.guest_end):
            if end.listener is not None:
                end.listener.changed(state)
        if state is ChannelState.OPEN:
            self.flush()
