"""Scripted writer for the crash-anywhere test (run as a child process).

Plays every game of tests/storage/played_games.py through GameKeeper on a connection whose
trace hook ends the process (``os._exit``, no clean-up, like a kill) just before SQLite
statement number ``stop_at``: a crash between any two statements of any write. With
``stop_at`` 0 it plays to the end and prints how many statements it ran.
"""

import os
import sys
from pathlib import Path

from storage import DB_FILENAME, GameStore
from storage.connection import connect
from storage.keeper import GameKeeper
from tests.storage.played_games import PLAYED

KILLED = 86


def main(data_dir: str, stop_at: int) -> None:
    connection = connect(Path(data_dir) / DB_FILENAME)
    statements = 0

    def trace(_: str) -> None:
        nonlocal statements
        statements += 1
        if statements == stop_at:
            os._exit(KILLED)

    connection.set_trace_callback(trace)
    keeper = GameKeeper(GameStore(connection))
    for play in PLAYED.values():
        play(keeper)
    print(statements, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
