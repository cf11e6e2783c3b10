"""What a phone alone says when the browser's storage fails its games, and the file it
hands the player meanwhile: a backup of every game, one tap away in the dialog that says an
entry was not kept and on Home while the storage fails (views.shell.keeping), and a word
when the browser keeps everything again.
"""

import flet as ft

from storage import StorageError
from storage.keeper import GameKeeper
from views.screens.game_files import save_backup
from views.shell.i18n import t
from views.shell.keeping import BrowserKeeping
from views.shell.messages import message_of
from views.shell.services import Files, use_services
from views.shell.widgets import Outcome, action_panel, identified

NOT_KEPT = "phone-not-saved"
KEPT_AGAIN = "phone-kept-again"


async def backed_up(keeper: GameKeeper, files: Files) -> Outcome:
    """Save the backup of every game: the line saying which file, or why it failed."""
    try:
        return Outcome(done=await save_backup(keeper, files, lambda _: None))
    except StorageError as error:
        return Outcome(failed=message_of(error))


def backup_button(on_click: ft.ControlEventHandler[ft.OutlinedButton]) -> ft.OutlinedButton:
    return ft.OutlinedButton(t("library.export"), icon=ft.Icons.SAVE_ALT, on_click=on_click)


def not_kept_dialog(keeper: GameKeeper, files: Files) -> ft.AlertDialog:
    """An entry on screen that the browser did not keep: said at once, with the backup
    of every game a tap away."""
    status = ft.Text("", italic=True)
    failure = ft.Text("", color=ft.Colors.ERROR)

    async def back_up(_: ft.Event[ft.OutlinedButton]) -> None:
        outcome = await backed_up(keeper, files)
        status.value, failure.value = outcome.done or "", outcome.failed or ""

    def ok(event: ft.Event[ft.TextButton]) -> None:
        event.page.pop_dialog()

    return ft.AlertDialog(
        content=ft.Column(
            tight=True,
            controls=[
                identified(NOT_KEPT, ft.Text(t("phone.not_saved"))),
                identified("not-saved-status", status),
                identified("not-saved-message", failure),
            ],
        ),
        actions=[backup_button(back_up), ft.TextButton(t("home.notice_ok"), on_click=ok)],
    )


def kept_again_bar() -> ft.SnackBar:
    """The browser took every game again after failing."""
    return ft.SnackBar(identified(KEPT_AGAIN, ft.Text(t("phone.kept_again"))))


def written_back_bar() -> ft.SnackBar:
    """The browser emptied its storage under the tab, and every game is written back."""
    return ft.SnackBar(identified(KEPT_AGAIN, ft.Text(t("phone.written_back"))))


@ft.component
def StorageFailing(keeping: BrowserKeeping) -> ft.Control:
    """On Home while the browser's storage fails: what that means and the backup file."""
    services = use_services()
    outcome, set_outcome = ft.use_state(Outcome())

    async def back_up(_: ft.Event[ft.OutlinedButton]) -> None:
        set_outcome(await backed_up(services.keeper, services.files))

    if not keeping.failing:
        return ft.Column(controls=[])
    return ft.Card(
        content=ft.Container(
            padding=12,
            content=ft.Column(
                controls=[
                    identified("storage-failing", ft.Text(t("phone.failing"))),
                    action_panel([backup_button(back_up)], "storage-backup", outcome),
                ]
            ),
        )
    )
