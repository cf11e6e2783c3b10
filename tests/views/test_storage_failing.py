"""A phone alone whose browser storage fails: Home says so with the backup of every game a
tap away, and so does the dialog that says an entry was not kept (views.screens.keeping).
Every game Home shows is in that file."""

from pathlib import Path

import flet as ft

from storage import open_store
from storage.backup import import_library
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from tests.views.test_export_import import finished_wizard, wizard_in_progress
from views.app import build_main
from views.screens.keeping import not_kept_dialog
from views.shell.i18n import t
from views.shell.keeping import BrowserKeeping


def ids_in(backup: bytes, folder: Path) -> set[str]:
    """The ids of the games a backup holds, as merged into an empty store."""
    with open_store(folder).store as store:
        other = GameKeeper(store)
        assert not import_library(other, backup).refused
        return {game.id for game in other.unfinished() + other.finished()}


def shown_ids(keeper: GameKeeper) -> set[str]:
    return {game.id for game in keeper.unfinished() + keeper.finished()}


def text_of(harness: AppHarness, identifier: str) -> str:
    semantics = harness.find(ft.Semantics, identifier=identifier, include_hidden=True)
    return str(semantics.content.value)


async def test_home_offers_the_backup_of_every_game_while_the_storage_fails(
    app: AppUnderTest, tmp_path: Path
) -> None:
    finished_wizard(app.keeper)
    wizard_in_progress(app.keeper)
    keeping = BrowserKeeping()
    main = build_main(app.keeper, (), lambda: app.screen_awake, lambda: app.files, keeping=keeping)
    harness = app.harness
    await harness.run(main)
    assert not harness.find_all(ft.Semantics, identifier="storage-failing")

    keeping.failing = True
    await harness.settle()
    assert text_of(harness, "storage-failing") == t("phone.failing")
    card_button, library_button = harness.find_all(ft.OutlinedButton, text=t("library.export"))
    await harness.click(card_button)
    [(name, backup)] = app.files.saved.items()
    assert text_of(harness, "storage-backup-status") == t("library.exported", file=name, count=2)
    assert ids_in(backup, tmp_path / "other") == shown_ids(app.keeper)

    keeping.failing = False
    await harness.settle()
    assert not harness.find_all(ft.Semantics, identifier="storage-failing")
    assert harness.find_all(ft.OutlinedButton, text=t("library.export")) == [library_button]


async def test_the_dialog_of_an_entry_not_kept_saves_the_backup_of_every_game(
    app: AppUnderTest, tmp_path: Path
) -> None:
    finished_wizard(app.keeper)
    wizard_in_progress(app.keeper)
    harness = await app.start()
    harness.page.show_dialog(not_kept_dialog(app.keeper, app.files))
    await harness.settle()
    assert text_of(harness, "phone-not-saved") == t("phone.not_saved")
    await harness.click(
        harness.find(ft.OutlinedButton, text=t("library.export"), within=harness.dialog())
    )
    [(name, backup)] = app.files.saved.items()
    assert text_of(harness, "not-saved-status") == t("library.exported", file=name, count=2)
    assert ids_in(backup, tmp_path / "other") == shown_ids(app.keeper)
