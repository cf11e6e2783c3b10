"""Sharing one table: join codes for one game each, held in memory by the server.

The host (a browser on the computer running Trickpad) shares a game; phones that enter its
code join that game only, to follow it or to enter scores too. Stopping the share, or the
server, ends the code for good: a code is never handed out twice by one server, so a phone
that joined an earlier share of a game is not let back in by a later one. Codes carry 39
random bits; a client (known by its address as the transport gives it, see peers) that
keeps entering wrong codes waits longer and longer before it may try again.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

# Characters a player cannot misread as another (no 0/O, 1/I/L): 31 of them, so a code of 8
# carries 8 x log2(31), about 39.6 random bits.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
FREE_TRIES = 5
FIRST_WAIT_SECONDS = 30.0


@dataclass(frozen=True)
class Share:
    """A game being shared: its code, and whether joined phones may enter scores."""

    game_id: str
    code: str
    can_enter: bool


@dataclass(frozen=True)
class JoinResult:
    """A join attempt: the share joined, or (share None) how long to wait before trying
    again, 0 when the code was simply wrong."""

    share: Share | None
    wait_seconds: float = 0.0


class Shares:
    """The shared tables of this server; safe to use from every session's thread."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._by_code: dict[str, Share] = {}
        self._issued: set[str] = set()  # every code handed out, stopped ones too
        self._misses: dict[str, tuple[int, float]] = {}  # client -> (wrong codes, wait until)

    def share(self, game_id: str, *, can_enter: bool = True) -> Share:
        """The game's share, made with a fresh code if it has none; its rights updated."""
        with self._lock:
            current = self._of(game_id)
            if current is not None:
                updated = replace(current, can_enter=can_enter)
            else:
                updated = Share(game_id, self._new_code(), can_enter)
            self._by_code[updated.code] = updated
            return updated

    def shared(self, game_id: str) -> Share | None:
        """The game's share, or None while it is not shared."""
        with self._lock:
            return self._of(game_id)

    def stop(self, game_id: str) -> None:
        """End the game's share: its code no longer lets anyone join or act."""
        with self._lock:
            share = self._of(game_id)
            if share is not None:
                del self._by_code[share.code]

    def by_code(self, code: str) -> Share | None:
        """The share a code opens now (codes are read without spaces, in any case)."""
        with self._lock:
            return self._by_code.get(normalised(code))

    def join(self, code: str, client: str) -> JoinResult:
        """Join with `code` from `client` (its transport address). Wrong codes are free FREE_TRIES
        times; after that each one makes the client wait, twice as long each time."""
        now = self._clock()
        with self._lock:
            misses, until = self._misses.get(client, (0, 0.0))
            if now < until:
                return JoinResult(None, until - now)
            share = self._by_code.get(normalised(code))
            if share is not None:
                self._misses.pop(client, None)
                return JoinResult(share)
            misses += 1
            wait = FIRST_WAIT_SECONDS * 2 ** (misses - FREE_TRIES) if misses >= FREE_TRIES else 0
            self._misses[client] = (misses, now + wait)
            return JoinResult(None, wait)

    def _of(self, game_id: str) -> Share | None:
        return next((s for s in self._by_code.values() if s.game_id == game_id), None)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self._issued:
                self._issued.add(code)
                return code


def normalised(code: str) -> str:
    """A code as typed ("k7mp 2qzx") as it is kept ("K7MP2QZX")."""
    return "".join(code.split()).upper()


def spaced(code: str) -> str:
    """A code as shown, in two groups of four ("K7MP 2QZX")."""
    return f"{code[:4]} {code[4:]}"
