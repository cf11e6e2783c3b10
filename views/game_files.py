"""A game as a file: the export buttons under the score sheet and the import button at home.

The files themselves come from storage (storage.exchange, storage.score_sheet); here they
get a name and go to, or come from, the player's device through `Services.files`.
"""

import re
import unicodedata

import flet as ft

from storage import StorageError
from storage.exchange import export_json, import_file
from storage.keeper import SavedGame
from storage.score_sheet import export_csv
from views.i18n import t
from views.services import use_services
from views.table import Table, message_of
from views.widgets import identified, message_line

GAME_FILE = "json"
SCORE_SHEET = "csv"
MAX_STEM = 80  # keeps a six-player game's file name short enough for any file system


def slug(text: str) -> str:
    """Lower-case ASCII letters and digits joined by hyphens: "Jörg K." -> "jorg-k"."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def file_name(game: SavedGame, extension: str) -> str:
    """E.g. "trickpad-wizard-2026-11-29-ann-ben-cas.json": the game, its start day, players."""
    state = game.ledger.state
    day = game.summary.created_at.astimezone().date().isoformat()
    parts = ["trickpad", slug(state.game), day, *(slug(name) for name in state.players)]
    stem = "-".join(part for part in parts if part)
    return f"{stem[:MAX_STEM].rstrip('-')}.{extension}"


@ft.component
def ExportButtons(table: Table) -> ft.Control:
    """Save the game file or the score sheet; a line below says which file was saved."""
    files = use_services().files
    saved, set_saved = ft.use_state(None)

    async def save(extension: str, content: str) -> None:
        name = file_name(table.game, extension)
        await files.save(name, content.encode("utf-8"))
        set_saved(t("files.exported", file=name))

    async def save_game_file() -> None:
        await save(GAME_FILE, export_json(table.game))

    async def save_score_sheet() -> None:
        await save(SCORE_SHEET, export_csv(table.game, t))

    return ft.Column(
        controls=[
            ft.Row(
                wrap=True,
                controls=[
                    ft.OutlinedButton(
                        t("files.export_json"), icon=ft.Icons.DOWNLOAD, on_click=save_game_file
                    ),
                    ft.OutlinedButton(
                        t("files.export_csv"), icon=ft.Icons.TABLE_CHART, on_click=save_score_sheet
                    ),
                ],
            ),
            identified("export-status", ft.Text(saved or "", visible=bool(saved), italic=True)),
        ]
    )


@ft.component
def ImportButton() -> ft.Control:
    """Pick a game file and open the game it holds; a refused file is explained below."""
    services = use_services()
    refusal, set_refusal = ft.use_state(None)

    async def pick_and_import() -> None:
        content = await services.files.pick(GAME_FILE)
        if content is None:
            return
        try:
            game = import_file(services.keeper, content)
        except StorageError as error:
            set_refusal(message_of(error))
            return
        set_refusal(None)
        ft.context.page.navigate(f"/game/{game.id}")

    return ft.Column(
        controls=[
            ft.OutlinedButton(
                t("files.import"), icon=ft.Icons.UPLOAD_FILE, on_click=pick_and_import
            ),
            identified("import-message", message_line(refusal)),
        ]
    )
