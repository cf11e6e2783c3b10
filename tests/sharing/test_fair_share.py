"""One connection's allowance (sharing.fair_share), on the real clock with an
allowance small enough that each test takes milliseconds."""

import asyncio
import time

from sharing.fair_share import FairShare


async def test_a_burst_passes_at_once_and_more_is_slowed_not_refused() -> None:
    share = FairShare(rate=200.0, burst=5, patience=10.0)
    for _ in range(5):
        assert await share.admit()
    assert share.slowed == 0
    assert await share.admit()  # the sixth waited for a token
    assert share.slowed == 1
    assert not share.ended


async def test_a_break_forgives_the_slowing() -> None:
    share = FairShare(rate=1000.0, burst=1, patience=0.05)
    deadline = time.monotonic() + 0.5
    while time.monotonic() < deadline:  # well past the patience, with breaks between
        assert await share.admit()
        await asyncio.sleep(0.002)  # the sender's pause, longer than a token takes
    assert not share.ended


async def test_a_sender_that_never_pauses_is_ended_after_its_patience() -> None:
    share = FairShare(rate=100.0, burst=3, patience=0.2)
    started = time.monotonic()
    while await share.admit():
        pass
    elapsed = time.monotonic() - started
    assert share.ended
    assert elapsed >= 0.2
    assert share.taken <= 3 + 100.0 * elapsed + 1


async def test_events_take_turns_and_the_crowd_holds_the_connection_back() -> None:
    share = FairShare(rate=10_000.0, burst=100, patience=10.0, running=2, waiting=3)
    release = asyncio.Event()
    running = 0
    most = 0

    async def handler() -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        await release.wait()
        running -= 1

    tasks = [asyncio.create_task(share.take_turn(handler)) for _ in range(5)]
    await asyncio.sleep(0)  # all five have started: two run, three wait
    assert (running, share.slowed) == (2, 0)
    admitted = asyncio.create_task(share.admit())
    for _ in range(3):  # more than the steps admit needs to decide or to wait
        await asyncio.sleep(0)
    assert not admitted.done()  # three wait: the connection is read no further
    release.set()
    assert await admitted
    await asyncio.gather(*tasks)
    assert most == 2


async def test_events_parked_when_the_connection_is_ended_are_dropped() -> None:
    share = FairShare(rate=10_000.0, burst=100, patience=0.05, running=1, waiting=1)
    release = asyncio.Event()
    handled: list[int] = []

    async def handler(number: int) -> None:
        handled.append(number)
        await release.wait()

    first = asyncio.create_task(share.take_turn(lambda: handler(1)))
    parked = asyncio.create_task(share.take_turn(lambda: handler(2)))
    await asyncio.sleep(0)
    assert not await share.admit()  # crowded for the whole patience
    release.set()
    await asyncio.gather(first, parked)
    assert handled == [1]


async def test_without_patience_a_sender_is_slowed_and_never_ended() -> None:
    """The host's own screen: a window dragged for long sends its size at every frame."""
    share = FairShare(rate=1000.0, burst=2, patience=None)
    for _ in range(300):  # about 0.3 s at the rate, far past a patience of 0
        assert await share.admit()
    assert share.slowed > 0
    assert not share.ended
