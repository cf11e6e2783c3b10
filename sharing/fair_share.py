"""Every phone at the table gets its turn, and no phone takes the others' turns.

The server runs every phone's taps on one loop. Without a bound, a phone that sends events
faster than they are handled (a bug, or on purpose) fills the loop with its own work: the
other phones' taps wait behind thousands of its events, for minutes (issue 40). A
`FairShare` is one connection's allowance, kept where its messages are received:

- **Rate**: a message takes a token; tokens come back at `rate` a second, up to `burst`
  (a screen opening, a quick run of taps). Without a token the next message waits: the
  connection is read no further meanwhile, so what it sends waits in its own socket.
- **Turns**: at most `running` of its events are handled at once, and at most `waiting`
  more wait for a turn; waiting ones are parked, not on the loop, so they never delay
  another connection's. More than that, and the connection is read no further.
- **Patience**: a connection slowed for `patience` seconds without a break (its allowance
  never half full again) sends more than a person can tap, for longer than a person
  could: `admit` says to end it. With no patience (None) it is only ever slowed.

Pure asyncio and no Flet: the same allowance serves any channel a phone talks through.
"""

import asyncio
import collections
import contextlib
import time
from collections.abc import Awaitable, Callable

from sharing.phones_only.channel import Channel, ChannelListener, ChannelState

TOO_FAST_KEY = "server.too_fast"
"""The catalog text a phone ended for sending too much is shown."""
EVENTS_PER_SECOND = 20.0
"""More than a person taps (a fast typist's keys are two messages each, about 20 a second,
for a moment), and what the loop can give one phone's heaviest events (a redrawn screen,
15-25 ms) while the others' taps stay quick: at 30, a flood of them kept the host's taps
waiting up to 0.74 s (bench/flood_bench.py --quick). A flood sends thousands."""
BURST = 40
"""Messages that may come at once: a screen's opening answers, a quick run of taps."""
PATIENCE_SECONDS = 5.0
"""How long a connection may be slowed without a break before it is ended."""
RUNNING_AT_ONCE = 3
"""A connection's events handled at the same time. More than one: a handler may wait for a
later event of its own phone (an upload waits for the progress events that end it)."""
WAITING_AT_MOST = 30
"""A connection's events parked for a turn before its socket is read no further."""


class FairShare:
    """One connection's allowance of messages and of events handled at once."""

    def __init__(
        self,
        rate: float = EVENTS_PER_SECOND,
        burst: int = BURST,
        patience: float | None = PATIENCE_SECONDS,
        running: int = RUNNING_AT_ONCE,
        waiting: int = WAITING_AT_MOST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._patience = patience
        self._clock = clock
        self._tokens = float(burst)
        self._filled_at = clock()
        self._slowed_since: float | None = None
        self._turns = asyncio.Semaphore(running)
        self._waiting_at_most = waiting
        self._waiting = 0
        self._moved = asyncio.Event()
        self.ended = False
        """Set once `admit` has said to end the connection: events still parked are dropped."""
        self.taken = 0
        self.slowed = 0
        """How many messages were taken, and how many of them had to wait (for the log)."""

    async def admit(self) -> bool:
        """Wait until one more message may be taken from the connection; False when it has
        been slowed for `patience` seconds without a break (it is to be ended).

        A break is the allowance filled up to half its burst again, with room for its
        events: the phone sent slower than the rate for a while. Only that forgives the
        slowing, not a message that finds a token: a loop busy elsewhere reads a flooding
        socket slower than the rate too."""
        waited = False
        while True:
            now = self._clock()
            self._tokens = min(self._burst, self._tokens + (now - self._filled_at) * self._rate)
            self._filled_at = now
            crowded = self._waiting >= self._waiting_at_most
            if self._tokens >= self._burst / 2 and not crowded:
                self._slowed_since = None
            if (
                self._patience is not None
                and self._slowed_since is not None
                and now - self._slowed_since >= self._patience
            ):
                self.ended = True
                return False
            if self._tokens >= 1.0 and not crowded:
                self._tokens -= 1.0
                self.taken += 1
                return True
            if not waited:
                self.slowed += 1
                waited = True
            if self._slowed_since is None:
                self._slowed_since = now
            left = None if self._patience is None else self._slowed_since + self._patience - now
            if crowded:
                self._moved.clear()
                with contextlib.suppress(TimeoutError):  # judged again above
                    await asyncio.wait_for(self._moved.wait(), left)
            else:
                token_in = (1.0 - self._tokens) / self._rate
                await asyncio.sleep(token_in if left is None else min(token_in, left))

    async def take_turn(self, handle: Callable[[], Awaitable[None]]) -> None:
        """Run `handle` (one event's handler) once one of the connection's turns is free;
        not at all if the connection was ended meanwhile."""
        self._waiting += 1
        try:
            await self._turns.acquire()
        finally:
            self._waiting -= 1
            self._moved.set()
        try:
            if not self.ended:
                await handle()
        finally:
            self._turns.release()


class MeteredListener:
    """A guest's channel, in the phones-only share, heard at the guest's allowance: each
    message waits for a token before `listener` hears it, so a guest that floods its host
    (a bug, or on purpose) cannot stall the host phone's screen. A guest with more messages
    waiting than its allowance holds, or slowed for its whole patience, is closed (the
    channel's `close`); the state changes are heard at once."""

    def __init__(
        self,
        listener: ChannelListener,
        channel: Channel,
        share: FairShare | None = None,
        shut_out: Callable[[], None] | None = None,
    ) -> None:
        """`shut_out`: called as the guest is closed for what it sent, to tell it why."""
        self._listener, self._channel = listener, channel
        self._share = share if share is not None else FairShare()
        self._shut_out = shut_out
        self._waiting: collections.deque[str] = collections.deque()
        self._hearing: asyncio.Task[None] | None = None  # while messages wait, none after

    def received(self, text: str) -> None:
        if len(self._waiting) >= WAITING_AT_MOST:
            self._end()
            return
        self._waiting.append(text)
        if self._hearing is None:
            # The loop's, not a running one's: in the browser a channel's messages come
            # from the page's JavaScript, outside any task.
            self._hearing = asyncio.get_event_loop().create_task(self._hear())

    def changed(self, state: ChannelState) -> None:
        if state is ChannelState.CLOSED:
            self._stop_hearing()
        self._listener.changed(state)

    async def _hear(self) -> None:
        try:
            while self._waiting:
                if not await self._share.admit():
                    self._end()
                    return
                self._listener.received(self._waiting.popleft())
        finally:
            self._hearing = None

    def _stop_hearing(self) -> None:
        self._waiting.clear()
        if self._hearing is not None:
            self._hearing.cancel()

    def _end(self) -> None:
        self._stop_hearing()
        if self._shut_out is not None:
            self._shut_out()
        self._channel.close()
