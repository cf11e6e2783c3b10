"""A stranger on the café's Wi-Fi who lies about itself: a hand-made client (tests.flet_wire)
joins a real `main.py --share` through the share's listener and writes every page field it
can (its address above all) before and after answering the device's questions. Rights come
from the listener and the transport, so it gets neither the host's screens nor any game's
names, and its wrong codes stay throttled whatever address it claims.
"""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sharing.table_share.codes import FREE_TRIES
from storage import open_store
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.flet_wire import WireClient
from views.shell.i18n import t

SHARE_ADDRESS = "127.0.0.2"  # the table's "Wi-Fi": another loopback address, another listener
PLAYERS = ["Zelda", "Ygritte", "Xena"]
HOST_ROUTES = ["/", "/players", "/new/wizard", "/history/zelda"]
FORGED = {"client_ip": "127.0.0.1", "client_user_agent": "the host's browser"}


@pytest.fixture
def sharing_server(tmp_path: Path) -> Iterator[tuple[AppServer, str]]:
    """A sharing server with one game of PLAYERS saved, and that game's id."""
    data_dir = tmp_path / "data"
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


def names_in(texts: list[str]) -> set[str]:
    """The players' names that some text mentions (Home lists "Wizard · Zelda, ...")."""
    return {name for name in PLAYERS if any(name in text for text in texts)}


def wait_seconds(texts: list[str]) -> int | None:
    """The seconds the join screen says to wait, if it says so."""
    pattern = re.escape(t("join.wait", seconds=99)).replace("99", r"(\d+)")
    waits = [int(m.group(1)) for text in texts if (m := re.fullmatch(pattern, text))]
    return waits[-1] if waits else None


@pytest.mark.timeout(120)
def test_a_client_that_claims_to_be_this_computer_gets_no_host_screen_and_no_names(
    sharing_server: tuple[AppServer, str],
) -> None:
    server, game_id = sharing_server
    with WireClient(server.url) as host:  # the same client, honest, on the host's listener
        host.register({})
        host.wait_for(lambda texts: names_in(texts) == set(PLAYERS))

    with WireClient(via_share(server)) as stranger:
        stranger.register(FORGED)
        stranger.patch_page(FORGED)  # before the device's questions are answered
        stranger.wait_for_text(t("join.title"))
        for route in [*HOST_ROUTES, f"/game/{game_id}"]:
            stranger.go(route, **FORGED)
        # Drawn after every route above: the server handles one client's events in order.
        stranger.go("/join/LAST1234")
        stranger.wait_for_text("/join/LAST1234")
        assert not names_in(stranger.texts)
        assert t("home.in_progress") not in stranger.texts
        assert t("home.pick_game") not in stranger.texts


def answer_to_code(server: AppServer, code: str, claimed_address: str) -> list[str]:
    """What the join screen says to a new session that arrives with `code` in its address
    and claims to come from `claimed_address`, before and after the device's questions."""
    forged = {"client_ip": claimed_address}
    with WireClient(via_share(server)) as stranger:
        stranger.register({"route": f"/join/{code}", **forged})
        stranger.patch_page(forged)
        stranger.wait_for(lambda texts: t("join.wrong") in texts or wait_seconds(texts) is not None)
        return stranger.texts


@pytest.mark.timeout(120)
def test_wrong_codes_stay_throttled_whatever_address_the_client_claims(
    sharing_server: tuple[AppServer, str],
) -> None:
    server, _ = sharing_server
    for attempt in range(1, FREE_TRIES + 1):
        answer = answer_to_code(server, f"WRONG{attempt:03d}", f"192.0.2.{attempt}")
        assert (wait_seconds(answer) is not None) == (attempt == FREE_TRIES), answer
    assert wait_seconds(answer_to_code(server, "WRONG999", "127.0.0.1"))
