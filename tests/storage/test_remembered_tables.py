"""Who was at a table this phone shares, kept in its store so that a scorer whose page
reloaded can invite each phone again: kept and read as written, forgotten on request and
with its game, and a damaged record read as none, on a real SQLite file."""

import contextlib
import sqlite3

from storage import GameStore
from storage.keeper import GameKeeper

PHONES = [{"player": 1, "rights": "own"}, {"player": None, "rights": "watch"}]


def damage(store: GameStore, phones: str) -> None:
    """Write `phones` over the kept table, as a damaged file would hold it."""
    with contextlib.closing(sqlite3.connect(store.path)) as connection, connection:
        connection.execute("UPDATE table_phones SET phones = ?", (phones,))


def test_a_tables_phones_are_kept_read_as_written_and_forgotten(store: GameStore) -> None:
    keeper = GameKeeper(store)
    game, other = (keeper.start("wizard", ["Ann", "Ben", "Cas"], 0) for _ in range(2))
    assert store.remembered_table(game.id) == []
    store.remember_table(game.id, PHONES)
    assert store.remembered_table(game.id) == PHONES
    assert store.remembered_table(other.id) == []  # each game its own table
    store.remember_table(game.id, PHONES[:1])  # the table as it is now, in place
    assert store.remembered_table(game.id) == PHONES[:1]
    store.remember_table(game.id, [])
    assert store.remembered_table(game.id) == []


def test_a_damaged_record_is_read_as_no_table_and_harms_nothing_else(store: GameStore) -> None:
    keeper = GameKeeper(store)
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    store.remember_table(game.id, PHONES)
    damage(store, '[{"player": 1,')
    assert store.remembered_table(game.id) == []
    damage(store, '[7, {"player": 2}]')
    assert store.remembered_table(game.id) == [{"player": 2}]  # what can be read of it
    assert keeper.open(game.id).ledger.action_count == 1


def test_a_purged_game_takes_its_table_with_it(store: GameStore) -> None:
    keeper = GameKeeper(store)
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    store.remember_table(game.id, PHONES)
    store.delete(game.id)
    store.purge_deleted()
    with contextlib.closing(sqlite3.connect(store.path)) as connection:
        assert connection.execute("SELECT count(*) FROM table_phones").fetchone() == (0,)
