"""One phone cannot freeze the table (issue 40, item 1): a joined phone that taps every
button it was sent, as fast as its socket takes them, is slowed, then shown why and closed,
its session deleted, and the host's taps are answered all along.

Against a real `main.py --share`, the host and the phone speaking Flet's protocol by hand
(tests/table_flood.py). How long the host's taps take meanwhile is bench/flood_bench.py's
figure, not asserted here: a busy machine would make any bound on it flaky."""

from pathlib import Path

import pytest

from serving.socket_guard import MESSAGE_SHOWN_SECONDS
from sharing.fair_share import BURST, EVENTS_PER_SECOND, PATIENCE_SECONDS, TOO_FAST_KEY
from tests.table_flood import (
    TAKEN,
    Flood,
    host_sharing,
    host_tap,
    host_taps_while,
    joined_phone,
    table_server,
)
from views.shell.i18n import t

FLOOD_EVENTS = 2_000
"""Ten times what the phone's allowance takes before it is closed (the burst, then the rate
for the patience: about 140), and a tenth of the issue's flood."""


@pytest.mark.timeout(300)
def test_a_flooding_phone_is_slowed_then_closed_while_the_host_is_answered(
    tmp_path: Path,
) -> None:
    with table_server(tmp_path / "data") as (server, game_id):
        host, code = host_sharing(server, game_id)
        phone = joined_phone(server, code)
        seen = len(server.output)
        flood = Flood(phone, FLOOD_EVENTS)
        flood.start()
        # Each answered within PATIENCE, or the test fails.
        taps = len(host_taps_while(host, game_id, lambda _: flood.running()))
        flood.join()
        assert flood.close_code == 1008, f"still open {flood.seconds:.1f} s after the flood"
        assert t(TOO_FAST_KEY, "en") in flood.phone.texts
        # Slowed first, for the patience; closed once the message has been shown.
        assert flood.seconds >= (PATIENCE_SECONDS + MESSAGE_SHOWN_SECONDS) * 0.9, flood.seconds
        log = "".join(server.output[seen:])
        counts = TAKEN.search(log)
        assert counts, log
        taken, slowed = int(counts[1]), int(counts[2])
        assert taken <= BURST + EVENTS_PER_SECOND * flood.seconds, (taken, flood.seconds)
        assert slowed > 0
        assert taps >= 2
        host_tap(host, game_id, taps)  # and after
        host.close()
