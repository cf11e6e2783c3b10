"""A game as a file: the export buttons under the score sheet and the import button at home.

The files themselves come from storage (storage.game_file, storage.score_sheet); here they
get a name and go to, or come from, the player's device through `Services.files`.
"""

import re
import unicodedata
from collections.abc import Awaitable, Callable
from datetime import date

import flet as ft

from storage import StorageError
from storage.backup import (
    MAX_LIBRARY_BYTES,
    MergeReport,
    Progress,
    RefusedGame,
    export_library,
    too_large,
)
from storage.game_file import MAX_FILE_BYTES, export_json, import_file
from storage.keeper import GameKeeper, SavedGame
from storage.score_sheet import export_csv
from views.games.registry import GAME_VIEWS
from views.shell.hooks import Setter
from views.shell.i18n import day_of, joined, t
from views.shell.live import announce, announce_lists
from views.shell.messages import message_of
from views.shell.services import Files, use_services
from views.shell.widgets import Outcome, action_panel, identified, message_line
from views.shell.work import merge_library, off_loop, progress_to

GAME_FILE = "json"
LIBRARY_FILE = "json"
SCORE_SHEET = "csv"
MAX_STEM = 80  # keeps a six-player game's file name short enough for any file system


def slug(text: str) -> str:
    """Lower-case letters and digits joined by hyphens, accents dropped where the letter
    stays a letter: "Jörg K." -> "jorg-k", "Mit List und Tücke" -> "mit-list-und-tucke",
    "위저드" -> "위저드" (Hangul stays: its syllables come back whole after the accents)."""
    parts = unicodedata.normalize("NFKD", text)
    bare = "".join(char for char in parts if not unicodedata.combining(char))
    return re.sub(r"[\W_]+", "-", unicodedata.normalize("NFC", bare).lower()).strip("-")


def named_file(words: list[str], extension: str) -> str:
    """The name "trickpad-" and the slugs of `words` make, cut short for any file system.

    >>> named_file(["Mit List und Tücke", "2026-11-29", "Jörg K."], "json")
    'trickpad-mit-list-und-tucke-2026-11-29-jorg-k.json'
    """
    stem = "-".join(part for part in ["trickpad", *map(slug, words)] if part)
    return f"{stem[:MAX_STEM].rstrip('-')}.{extension}"


def game_title(game: str) -> str:
    """The game's name in the session's language (its id, for a game this app lacks)."""
    view = GAME_VIEWS.get(game)
    return t(view.title_key) if view is not None else game


def file_name(game: SavedGame, extension: str) -> str:
    """E.g. "trickpad-wizard-2026-11-29-ann-ben-cas.json": the game as the session's language
    names it ("trickpad-mit-list-und-tucke-..." in German), its start day, its players."""
    state = game.ledger.state
    day = game.summary.created_at.astimezone().date().isoformat()
    return named_file([game_title(state.game), day, *state.players], extension)


def backup_file_name(day: date) -> str:
    """E.g. "trickpad-backup-2026-11-30.json" ("trickpad-sicherung-..." in German)."""
    return named_file([t("library.file"), day.isoformat()], LIBRARY_FILE)


async def save_backup(
    keeper: GameKeeper, files: Files, progress: Callable[[Progress], None]
) -> str:
    """Every game on the lists in one backup file handed to the player's device; the line
    that says which file, with how many games."""
    text, count = await off_loop(export_library, keeper, progress=progress)
    name = backup_file_name(date.today())
    await files.save(name, text.encode("utf-8"))
    return t("library.exported", file=name, count=count)


@ft.component
def ExportButtons(saved_game: Callable[[], SavedGame]) -> ft.Control:
    """Save the game file or the score sheet of the game as `saved_game()` gives it when
    the button is tapped; a line below says which file was saved."""
    files = use_services().files
    outcome, set_outcome = ft.use_state(Outcome())

    async def save(extension: str, content: str) -> None:
        name = file_name(saved_game(), extension)
        await files.save(name, content.encode("utf-8"))
        set_outcome(Outcome(done=t("files.exported", file=name)))

    async def save_game_file() -> None:
        await save(GAME_FILE, await off_loop(export_json, saved_game()))

    async def save_score_sheet() -> None:
        await save(SCORE_SHEET, await off_loop(export_csv, saved_game(), t))

    buttons: list[ft.Control] = [
        ft.OutlinedButton(t("files.export_json"), icon=ft.Icons.DOWNLOAD, on_click=save_game_file),
        ft.OutlinedButton(
            t("files.export_csv"), icon=ft.Icons.TABLE_CHART, on_click=save_score_sheet
        ),
    ]
    return action_panel(buttons, "export", outcome)


async def picked_content(
    files: Files,
    extension: str,
    limit: int,
    refuse: Callable[[int], StorageError],
    show: Callable[[str], None],
) -> bytes | None:
    """The content of a file the player picks (None: cancelled). A file over `limit` bytes
    is refused by its size, `refuse(size)` raised before anything is sent; meanwhile
    `show` says the file is on its way."""
    picked = await files.pick(extension)
    if picked is None:
        return None
    if picked.size > limit:
        raise refuse(picked.size)
    show(t("files.uploading", file=picked.name))
    return await picked.read()


def game_file_too_large(limit: int) -> Callable[[int], StorageError]:
    """The refusal of a game file of a size over `limit`, this device's: the format's own
    limit, or a lower one (a phone's browser), said as such with the format's beside it."""

    def refuse(size: int) -> StorageError:
        if limit < MAX_FILE_BYTES:
            return StorageError(
                "storage.import_too_large_here", size=size, limit=limit, most=MAX_FILE_BYTES
            )
        return StorageError("storage.import_too_large", size=size, limit=MAX_FILE_BYTES)

    return refuse


def backup_too_large(limit: int) -> Callable[[int], StorageError]:
    """The refusal of a backup of a size over `limit`, as game_file_too_large's."""

    def refuse(size: int) -> StorageError:
        if limit < MAX_LIBRARY_BYTES:
            return StorageError(
                "storage.backup_too_large_here", size=size, limit=limit, most=MAX_LIBRARY_BYTES
            )
        return too_large(size)

    return refuse


@ft.component
def ImportButton() -> ft.Control:
    """Pick a game file and open the game it holds; a refused file is explained right above
    the button, in the place the button was (a line below it could fall off the screen)."""
    services = use_services()
    refusal: str | None
    set_refusal: Setter[str | None]
    refusal, set_refusal = ft.use_state(None)
    status: str | None
    set_status: Setter[str | None]
    status, set_status = ft.use_state(None)

    async def pick_and_import() -> None:
        try:
            limit = services.file_limits.game_file
            content = await picked_content(
                services.files, GAME_FILE, limit, game_file_too_large(limit), set_status
            )
            if content is None:
                return
            game = await off_loop(import_file, services.keeper, content)
        except StorageError as error:
            set_refusal(message_of(error))
            return
        finally:
            set_status(None)
        set_refusal(None)
        announce(game.id)
        ft.context.page.navigate(f"/game/{game.id}")

    return ft.Column(
        controls=[
            identified("import-status", ft.Text(status or "", visible=bool(status), italic=True)),
            identified("import-message", message_line(refusal)),
            ft.OutlinedButton(
                t("files.import"), icon=ft.Icons.UPLOAD_FILE, on_click=pick_and_import
            ),
        ]
    )


def refusal_line(refusal: RefusedGame) -> str:
    """One refused game of a library, named as far as the file allows, and why."""
    view = GAME_VIEWS.get(refusal.game)
    game = t(view.title_key) if view is not None else refusal.game
    players = joined(refusal.players)
    return t(
        "library.refused_game",
        game=game,
        when=day_of(refusal.created_at),
        players=players,
        reason=message_of(refusal.error),
    )


def merge_lines(report: MergeReport) -> list[str]:
    summary = t(
        "library.merged",
        added=report.added,
        updated=report.updated,
        unchanged=report.unchanged,
        refused=len(report.refused),
    )
    versions = [t("library.merged_versions", count=report.versions)] if report.versions else []
    return [summary, *versions, *(refusal_line(refusal) for refusal in report.refused)]


PROGRESS_KEYS = {
    "checking": "library.checking",
    "saving": "library.saving",
    "exporting": "library.exporting",
}
"""What the line above the library's buttons says at each step of a backup or a merge."""


@ft.component
def LibraryButtons(on_merged: Callable[[], None]) -> ft.Control:
    """Back up every game in one file, or merge such a file (from this or another device)."""
    services = use_services()
    outcome, set_outcome = ft.use_state(Outcome())
    busy, set_busy = ft.use_state(False)

    def say(line: str) -> None:
        set_outcome(Outcome(done=line))

    def show(progress: Progress) -> None:
        say(t(PROGRESS_KEYS[progress.step], done=progress.done, total=progress.total))

    async def back_up() -> None:
        set_busy(True)
        try:
            say(await save_backup(services.keeper, services.files, progress_to(show)))
        except StorageError as error:
            set_outcome(Outcome(failed=message_of(error)))
        finally:
            set_busy(False)

    async def merge() -> None:
        set_busy(True)
        try:
            limit = services.file_limits.backup
            content = await picked_content(
                services.files, LIBRARY_FILE, limit, backup_too_large(limit), say
            )
            if content is None:
                return
            report = await off_loop(merge_library, services.keeper, content, progress_to(show))
        except StorageError as error:
            set_outcome(Outcome(failed=message_of(error)))
            return
        finally:
            set_busy(False)
        say("\n".join(merge_lines(report)))
        announce_lists()
        on_merged()

    buttons = library_buttons(back_up, merge, busy)
    return action_panel(buttons, "library", outcome)


def library_buttons(
    back_up: Callable[[], Awaitable[None]], merge: Callable[[], Awaitable[None]], busy: bool
) -> list[ft.Control]:
    """Back up and merge, both unavailable while either runs."""
    return [
        ft.OutlinedButton(
            t("library.export"), icon=ft.Icons.SAVE_ALT, on_click=back_up, disabled=busy
        ),
        ft.OutlinedButton(
            t("library.import"), icon=ft.Icons.DRIVE_FOLDER_UPLOAD, on_click=merge, disabled=busy
        ),
    ]
