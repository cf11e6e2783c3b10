"""Sharing one table: join codes for one game each, held in memory by the server, and the
phones that joined each share.

The host (a browser on the computer running Trickpad) shares a game; phones that enter its
code join that game only, each as one of its players or to watch, with the rights the host
gives each phone (sharing.rights, as at a table of phones alone). Stopping the share, or
the server, ends the code for good: a code is never handed out twice by one server, so a phone
that joined an earlier share of a game is not let back in by a later one. Codes carry 39
random bits; a client (known by its address as the transport gives it, see peers) that
keeps entering wrong codes waits longer and longer before it may try again.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from sharing.rights import PhoneAtTable, PhoneState, Rights, rights_for

# Characters a player cannot misread as another (no 0/O, 1/I/L): 31 of them, so a code of 8
# carries 8 x log2(31), about 39.6 random bits.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
FREE_TRIES = 5
FIRST_WAIT_SECONDS = 30.0


@dataclass(frozen=True)
class Share:
    """A game being shared, and its code."""

    game_id: str
    code: str


@dataclass
class _Phones:
    """The phones at one share, in the order they joined, and the numbers of those taken
    off the table."""

    at_table: list[PhoneAtTable] = field(default_factory=list)
    joined: int = 0
    removed: set[int] = field(default_factory=set)


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
        self._phones: dict[str, _Phones] = {}  # by code
        self._issued: set[str] = set()  # every code handed out, stopped ones too
        self._misses: dict[str, tuple[int, float]] = {}  # client -> (wrong codes, wait until)

    def share(self, game_id: str) -> Share:
        """The game's share, made with a fresh code if it has none."""
        with self._lock:
            current = self._of(game_id)
            if current is None:
                current = Share(game_id, self._new_code())
                self._by_code[current.code] = current
                self._phones[current.code] = _Phones()
            return current

    def shared(self, game_id: str) -> Share | None:
        """The game's share, or None while it is not shared."""
        with self._lock:
            return self._of(game_id)

    def seat(self, share: Share, player: int | None) -> int | None:
        """A phone joins the running `share` as the player of seat `player` (None: to
        watch), with the rights such a phone starts with; its number at the table, None
        when the share was stopped meanwhile. Phones gone since one last joined are let go
        from the list."""
        with self._lock:
            phones = self._phones.get(share.code)
            if phones is None:
                return None
            phones.joined += 1
            phones.at_table = [p for p in phones.at_table if p.state is not PhoneState.GONE]
            new = PhoneAtTable(phones.joined, PhoneState.LINKED, player, rights_for(player))
            phones.at_table.append(new)
            return new.number

    def phones(self, game_id: str) -> tuple[PhoneAtTable, ...]:
        """The phones at the game's share, in the order they joined (none while unshared)."""
        with self._lock:
            share = self._of(game_id)
            return tuple(self._phones[share.code].at_table) if share is not None else ()

    def phone(self, share: Share, number: int) -> PhoneAtTable | None:
        """Phone `number` at `share` as it is now; None once the share stopped or the phone
        was taken off the table."""
        with self._lock:
            phones = self._phones.get(share.code)
            if phones is None:
                return None
            return next((p for p in phones.at_table if p.number == number), None)

    def was_removed(self, share: Share, number: int) -> bool:
        """Whether the host took phone `number` off the running `share`."""
        with self._lock:
            phones = self._phones.get(share.code)
            return phones is not None and number in phones.removed

    def allow(self, game_id: str, number: int, rights: Rights) -> None:
        """Let phone `number` at the game's share change what `rights` allow; a phone that
        named no player cannot be a player's own (it is left as it is)."""

        def allowed(phone: PhoneAtTable) -> PhoneAtTable:
            if rights is Rights.OWN and phone.player is None:
                return phone
            return replace(phone, rights=rights)

        self._change(game_id, number, allowed)

    def remove(self, game_id: str, number: int) -> None:
        """Take phone `number` off the game's share: it may not see the game again unless
        it joins anew."""
        with self._lock:
            share = self._of(game_id)
            if share is not None:
                phones = self._phones[share.code]
                phones.at_table = [p for p in phones.at_table if p.number != number]
                phones.removed.add(number)

    def link_changed(self, share: Share, number: int, state: PhoneState) -> None:
        """Phone `number`'s session connected again, lost its connection, or closed (a gone
        phone stays gone: its session is over)."""
        self._change(
            share.game_id,
            number,
            lambda p: p if p.state is PhoneState.GONE else replace(p, state=state),
        )

    def _change(
        self, game_id: str, number: int, changed: Callable[[PhoneAtTable], PhoneAtTable]
    ) -> None:
        """Phone `number` at the game's share made `changed(phone)`."""
        with self._lock:
            share = self._of(game_id)
            if share is not None:
                phones = self._phones[share.code]
                phones.at_table = [changed(p) if p.number == number else p for p in phones.at_table]

    def stop(self, game_id: str) -> None:
        """End the game's share: its code no longer lets anyone join or act."""
        with self._lock:
            share = self._of(game_id)
            if share is not None:
                del self._by_code[share.code]
                del self._phones[share.code]

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
