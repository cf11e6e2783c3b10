"""Scripted writer for the crash-safety test (run as a child process, then SIGKILLed).

Opens the store in the given folder, starts a new game (its start is action 1), prints
``game <id>``, then appends ``payload(2)``, ``payload(3)``, ... forever, printing
``ack <seq>`` (flushed) after each append has returned, i.e. after the action is durable.
"""

import sys

from storage import open_store
from storage.listing import Listing

LISTING = Listing(("Ann", "Ben", "Cas"), 1, None, (0, 0, 0), False)


def payload(seq: int) -> dict[str, object]:
    seats = [seq % 5, None, (seq * 7) % 11]
    return {"round": seq, "entry": {"bids": seats, "tricks": seats[::-1]}, "pad": "x" * seq}


def main(data_dir: str) -> None:
    with open_store(data_dir).store as store:
        game_id = store.start_game("wizard", {"players": list(LISTING.players)}, LISTING).id
        print(f"game {game_id}", flush=True)
        seq = 1
        while True:
            seq = store.append(game_id, "draft", payload(seq + 1), LISTING).action_count
            print(f"ack {seq}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
