"""The write-ahead log stays small however long a game runs.

On a phone alone the store's folder is copied to IndexedDB after every commit, and IDBFS
copies a changed file whole: with SQLite's defaults (a checkpoint at 1,000 pages, the file
never made shorter) every tap late in a long game would copy about 4 MB.
"""

from pathlib import Path

from storage import DB_FILENAME, open_store
from tests.storage.conftest import add, new_game

TAPS = 600
"""More than a long Wizard game of six saves, at a few pages a commit well past SQLite's
default checkpoint."""
MOST_A_TAP_COPIES = 512 * 1024
"""An eighth of what SQLite's defaults let the log grow to."""


def test_a_long_game_of_taps_keeps_the_log_within_its_checkpoint(tmp_path: Path, clock) -> None:
    log = tmp_path / f"{DB_FILENAME}-wal"
    largest = 0
    with open_store(tmp_path, clock=clock).store as store:
        game_id = new_game(store, "wizard")
        for tap in range(TAPS):
            entry = {"bids": [tap % 5, None, 1], "tricks": [None, None, None]}
            add(store, game_id, "draft", {"round": tap // 12 + 1, "entry": entry})
            largest = max(largest, log.stat().st_size)
        assert len(store.actions(game_id)) == TAPS + 1
    assert largest <= MOST_A_TAP_COPIES
