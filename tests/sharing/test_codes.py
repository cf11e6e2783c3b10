"""Join codes: one per shared game, enough randomness, throttled guessing."""

import math

from sharing.table_share.codes import (
    ALPHABET,
    CODE_LENGTH,
    FIRST_WAIT_SECONDS,
    FREE_TRIES,
    Shares,
    spaced,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_shared_game_has_one_code_that_joins_it_until_the_share_stops() -> None:
    shares = Shares()
    share = shares.share("g1")
    assert share == shares.share("g1")  # sharing again keeps the code
    assert len(share.code) == CODE_LENGTH and set(share.code) <= set(ALPHABET)
    typed = spaced(share.code).lower()
    assert shares.join(typed, "10.0.0.5").share == share
    shares.stop("g1")
    assert shares.join(share.code, "10.0.0.5").share is None
    assert shares.shared("g1") is None
    assert shares.share("g1").code != share.code


def test_codes_carry_at_least_30_bits_and_differ() -> None:
    assert CODE_LENGTH * math.log2(len(ALPHABET)) >= 30
    shares = Shares()
    codes = {shares.share(f"g{n}").code for n in range(500)}
    assert len(codes) == 500


def test_wrong_codes_are_throttled_per_client_longer_each_time() -> None:
    clock = Clock()
    shares = Shares(clock)
    share = shares.share("g1")
    for _ in range(FREE_TRIES - 1):
        assert shares.join("WRONGCOD", "10.0.0.9").wait_seconds == 0
    assert shares.join("WRONGCOD", "10.0.0.9").wait_seconds == FIRST_WAIT_SECONDS
    # Even the right code waits now, for this client only.
    assert shares.join(share.code, "10.0.0.9").share is None
    assert shares.join(share.code, "10.0.0.10").share == share
    clock.now += FIRST_WAIT_SECONDS
    assert shares.join("WRONGCOD", "10.0.0.9").wait_seconds == 2 * FIRST_WAIT_SECONDS
    clock.now += 2 * FIRST_WAIT_SECONDS
    assert shares.join(share.code, "10.0.0.9").share == share
    assert shares.join("WRONGCOD", "10.0.0.9").wait_seconds == 0  # a join starts afresh
