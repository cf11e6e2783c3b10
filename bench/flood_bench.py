"""Flood benchmark: the host's taps while a joined phone floods the server (issue 40).
Prints figures, asserts nothing.

Run from the repository root: ``.venv/bin/python bench/flood_bench.py [--quick]``.
A real `main.py --share` with one Wizard game shared; the host (on the computer's own
address) and a phone that joined with the table's code, both speaking Flet's protocol by
hand (tests/table_flood.py). The host taps every half second from the players' screen to
the game and back, each tap timed from sent to the new screen received: first on a quiet
table, then while the phone sends 20,000 taps on its buttons as fast as its socket takes
them (the issue's flood), until the server closes the phone. Before the fix the host's taps
waited up to 24.6 s and the table stayed frozen for two minutes.
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import ms, p95, print_table
from tests.table_flood import (
    TAKEN,
    Flood,
    host_sharing,
    host_tap,
    host_taps_while,
    joined_phone,
    table_server,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few seconds' smoke run")
    quick = parser.parse_args().quick
    idle_taps, events = (6, 500) if quick else (40, 20_000)
    with (
        tempfile.TemporaryDirectory() as folder,
        table_server(Path(folder) / "data") as (
            server,
            game_id,
        ),
    ):
        host, code = host_sharing(server, game_id)
        phone = joined_phone(server, code)
        idle = host_taps_while(host, game_id, lambda taps: taps < idle_taps)
        seen = len(server.output)
        flood = Flood(phone, events)
        flood.start()
        during = host_taps_while(host, game_id, lambda _: flood.running())
        flood.join()
        after = host_tap(host, game_id, idle_taps + len(during))
        host.close()
        counts = TAKEN.search("".join(server.output[seen:]))
    taken = f"{counts[1]} taken, {counts[2]} slowed" if counts else "not in the log"
    on = "2-core machine"
    print_table(
        [
            ("host tap, quiet table, median / p95", f"{ms(statistics.median(idle))} / "
             f"{ms(p95(idle))}", "", on),
            ("host tap during the flood, median / p95 / max "
             f"(of {len(during)})", f"{ms(statistics.median(during))} / {ms(p95(during))} / "
             f"{ms(max(during))}", "< 100 ms more than quiet", on),
            ("host tap right after the phone is closed", ms(after), "", on),
            ("phone: taps sent / told why after / closed after", f"{flood.sent} / "
             f"{flood.told_after or 0:.1f} s / {flood.seconds:.1f} s (code {flood.close_code})",
             "closed", on),
            ("phone: the server's allowance", taken, "", on),
        ],
        quick,
    )  # fmt: skip


if __name__ == "__main__":
    main()
