"""A table where one joined phone floods the server while the host taps: the pieces that
tests/server/test_fair_share.py and bench/flood_bench.py share.

Everything speaks Flet's protocol by hand (tests/flet_wire.py) to a real `main.py --share`:
the host on the computer's own address, the phone through the share's https listener with
the table's code, as a phone that scanned it does.
"""

import contextlib
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from sharing.fair_share import TOO_FAST_KEY
from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.flet_wire import WireClient
from views.shell.i18n import t

SHARE_ADDRESS = "127.0.0.2"  # the table's "Wi-Fi": another loopback address, another listener
PLAYERS = ["Ann", "Ben", "Cas"]
HOST_PACE_SECONDS = 0.5
"""How often the host taps: as the issue's host did (a person's pace: a test client that taps
as fast as it is answered is a flood itself, and is slowed as one)."""
PATIENCE = 60.0
"""Every wait for the server: far beyond anything it needs, so a busy machine cannot fail a
test; a server that never answers fails all the same."""
CODE = re.compile(r"^[2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4}$")
"""The table's code as the share panel shows it (sharing.table_share.codes.spaced)."""


@contextlib.contextmanager
def table_server(data_dir: Path) -> Iterator[tuple[AppServer, str]]:
    """A sharing server holding one Wizard game of PLAYERS, and the game's id."""
    with open_store(data_dir).store as store:
        game_id = GameKeeper(store).start("wizard", PLAYERS, 0).id
    server = AppServer(data_dir=data_dir, args=["--share", "--share-address", SHARE_ADDRESS])
    server.start()
    try:
        yield server, game_id
    finally:
        server.stop()


def via_share(server: AppServer) -> str:
    return server.url.replace("http://127.0.0.1", f"https://{SHARE_ADDRESS}")


def host_sharing(server: AppServer, game_id: str) -> tuple[WireClient, str]:
    """The host on the game's screen, having tapped "Share this table"; the table's code."""
    host = WireClient(server.url)
    host.register({"route": f"/game/{game_id}"})
    host.wait_for(lambda _: t("share.start") in host.buttons, PATIENCE)
    host.click(host.buttons[t("share.start")])
    host.wait_for(lambda texts: any(CODE.match(text) for text in texts), PATIENCE)
    code = next(text for text in host.texts if CODE.match(text))
    return host, code.replace(" ", "")


def joined_phone(server: AppServer, code: str) -> WireClient:
    """A phone that opened the share's address with the code and tapped "Join the table":
    on the game, as it shows."""
    phone = WireClient(via_share(server))
    phone.register({"route": f"/join/{code}"})
    phone.wait_for(lambda _: t("join.join") in phone.buttons, PATIENCE)
    phone.click(phone.buttons[t("join.join")])
    phone.wait_for(lambda texts: all(name in " ".join(texts) for name in PLAYERS), PATIENCE)
    return phone


def host_taps_while(host: WireClient, game_id: str, going_on: Callable[[int], bool]) -> list[float]:
    """The host tapping at HOST_PACE_SECONDS (from one tap's start to the next's) while
    `going_on(taps so far)`; each tap's seconds (host_tap)."""
    taken: list[float] = []
    while going_on(len(taken)):
        started = time.monotonic()
        taken.append(host_tap(host, game_id, len(taken)))
        time.sleep(max(0.0, started + HOST_PACE_SECONDS - time.monotonic()))  # the host's pace
    return taken


def host_tap(host: WireClient, game_id: str, tap: int) -> float:
    """One tap of the host answered: to the players' screen (tap 0, 2, ...) and back to the
    game (its share panel), in turn. The seconds from the tap sent to the screen received."""
    route, title = (
        ("/players", t("players.title")) if tap % 2 == 0 else (f"/game/{game_id}", t("share.stop"))
    )
    seen = len(host.texts)
    started = time.monotonic()
    host.go(route)
    host.wait_for(lambda texts: title in texts[seen:], PATIENCE)
    return time.monotonic() - started


TAKEN = re.compile(r"\((\d+) messages taken, (\d+) slowed\)")
"""What the server logs as it closes a flooding socket (serving.socket_guard)."""


@dataclass
class Flood:
    """A joined phone tapping every button it was sent, `events` taps as fast as its socket
    takes them, while it reads (answering the server's questions, as a browser does) until
    the server closes it: a sending thread and a reading one."""

    phone: WireClient
    events: int
    sent: int = 0
    close_code: int | None = None
    told_after: float | None = None
    """From the first tap sent to the server's reason shown (TOO_FAST_KEY), if it came."""
    seconds: float = 0.0
    """From the first tap sent to the socket closed by the server."""
    _threads: list[threading.Thread] = field(init=False)
    _started: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        self._threads = [
            threading.Thread(target=target, daemon=True) for target in (self._send, self._read)
        ]

    def start(self) -> None:
        self._started = time.monotonic()
        for thread in self._threads:
            thread.start()

    def running(self) -> bool:
        return any(thread.is_alive() for thread in self._threads)

    def join(self) -> None:
        for thread in self._threads:
            thread.join(PATIENCE)
        assert not self.running(), "the flood never ended"

    def _send(self) -> None:
        targets = list(self.phone.buttons.values())
        with contextlib.suppress(ConnectionClosed, OSError):  # closed while still sending
            while self.sent < self.events:
                self.phone.click(targets[self.sent % len(targets)])
                self.sent += 1

    def _read(self) -> None:
        told = t(TOO_FAST_KEY, "en")
        with contextlib.suppress(AssertionError, ConnectionClosed):  # not told: seen below
            self.phone.wait_for(lambda texts: told in texts, PATIENCE)
            self.told_after = time.monotonic() - self._started
        with contextlib.suppress(TimeoutError):
            self.close_code = self.phone.wait_closed(PATIENCE)
        self.seconds = time.monotonic() - self._started
