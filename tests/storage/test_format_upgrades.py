"""Games saved before a Wizard setup named its special cards (game files and libraries of
version 4 and before, databases of schema version 3): their Bomb and Cloud switches are
read as the 20th-anniversary cards, in a file, in a library and in the database."""

import json
import sqlite3
from pathlib import Path

import pytest

from scorers.ledger import Action
from storage import DB_FILENAME, StorageError, open_store
from storage.backup import export_library, import_library
from storage.game_file import export_json, import_json
from storage.keeper import GameKeeper, SavedGame
from tests.storage.played_games import wizard_round

OLD_SWITCHES = {"bomb": False, "cloud": True}


def cloud_game(keeper: GameKeeper) -> SavedGame:
    """A game with the anniversary cards whose second round used the Cloud."""
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"anniversary_cards": True})
    game = wizard_round(keeper, game, [1, 0, 0], [1, 0, 0])
    entry = {"bids": [1, 0, 1], "tricks": [1, 0, 1], "cloud": {"seat": 2, "change": -1}}
    return keeper.apply(game, Action("score", {"round": 2, "entry": entry}))


def as_saved_before(settings: dict) -> dict:
    """The settings as a game saved before the special cards were settings has them."""
    new = ("anniversary_cards", "shapeshifter")
    return {**{name: value for name, value in settings.items() if name not in new}, **OLD_SWITCHES}


def test_a_version_4_file_with_the_clouds_switch_imports_with_the_anniversary_cards(
    tmp_path: Path,
) -> None:
    with open_store(tmp_path / "a").store as store:
        keeper = GameKeeper(store)
        game = cloud_game(keeper)
        old = json.loads(export_json(game))
        old["version"] = 4
        start = old["actions"][0]["data"]
        start["settings"] = as_saved_before(start["settings"])
        copy = import_json(keeper, json.dumps(old))
        assert copy.ledger.state.settings == game.ledger.state.settings
        assert copy.ledger.state.totals == game.ledger.state.totals
        assert copy.ledger.state.rounds[1].entry["cloud"] == {"seat": 2, "change": -1}
        assert copy.ledger.actions[0].data["settings"]["anniversary_cards"] is True
        assert "cloud" not in copy.ledger.actions[0].data["settings"]
        # A file of this version holding the old switches is not read as an older one.
        old["version"] = 5
        with pytest.raises(StorageError) as refused:
            import_json(keeper, json.dumps(old))
        assert refused.value.params["reason_key"] == "settings.unknown"


def test_a_version_4_library_merges_into_a_database_upgraded_from_schema_3(
    tmp_path: Path,
) -> None:
    """The same old game in a library and in a database is one game once both are read:
    the file's record and the saved one agree action for action."""
    with open_store(tmp_path / "phone").store as store:
        game = cloud_game(GameKeeper(store))
        library = json.loads(export_library(GameKeeper(store))[0])
    library["version"] = 4
    start = library["games"][0]["actions"][0]["data"]
    start["settings"] = as_saved_before(start["settings"])
    database = tmp_path / "laptop"
    with open_store(database).store as store:
        report = import_library(GameKeeper(store), json.dumps(library).encode())
        assert report.added == 1 and report.refused == ()
    # The laptop's copy saved as an app of schema version 3 saved it.
    connection = sqlite3.connect(database / DB_FILENAME)
    row = connection.execute("SELECT data FROM actions WHERE seq = 1").fetchone()
    data = json.loads(row[0])
    data["settings"] = as_saved_before(data["settings"])
    listing = json.loads(connection.execute("SELECT listing FROM games").fetchone()[0])
    listing["settings"] = as_saved_before(listing["settings"])
    connection.execute("UPDATE actions SET data = ? WHERE seq = 1", (json.dumps(data),))
    connection.execute("UPDATE games SET listing = ?", (json.dumps(listing),))
    connection.execute("DROP TABLE table_phones")  # made by schema version 5
    connection.execute("DROP INDEX games_versions")  # and these by 6
    connection.execute("ALTER TABLE games DROP COLUMN version_of")
    connection.execute("PRAGMA user_version = 3")
    connection.commit()
    connection.close()
    with open_store(database).store as store:
        keeper = GameKeeper(store)
        opened = keeper.open(game.id)
        assert opened.ledger.state.settings == game.ledger.state.settings
        assert opened.ledger.actions == game.ledger.actions
        assert keeper.last_settings("wizard")["anniversary_cards"] is True
        again = import_library(keeper, json.dumps(library).encode())
        assert (again.added, again.updated, again.unchanged) == (0, 0, 1)
