"""A game whose saved record cannot be read: what Home and the game screen show of it.

Only its own game is lost to the player; they can keep its record as a file (to send to
us or to keep) and delete it from the lists.
"""

from collections.abc import Callable

import flet as ft

from storage import GameSummary, StorageError
from views.screens.game_files import game_title, named_file
from views.shell.hooks import Setter
from views.shell.i18n import t
from views.shell.live import announce
from views.shell.messages import message_of
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import Outcome, action_panel, identified, message_line


def record_file_name(summary: GameSummary) -> str:
    """E.g. "trickpad-damaged-plotters-2026-11-29-1a2b3c4d.jsonl", in the session's language."""
    day = summary.created_at.astimezone().date().isoformat()
    words = [t("damaged.file"), game_title(summary.game), day, summary.id[:8]]
    return named_file(words, "jsonl")


@ft.component
def DamagedGameActions(
    summary: GameSummary, on_delete: Callable[[GameSummary], None]
) -> ft.Control:
    """Save the damaged record to a file, or delete the game; a line below says what happened."""
    services = use_services()
    outcome, set_outcome = ft.use_state(Outcome())

    async def save_record() -> None:
        try:
            record = services.keeper.raw_record(summary.id)
        except StorageError as error:
            set_outcome(Outcome(failed=message_of(error)))
            return
        name = record_file_name(summary)
        await services.files.save(name, record.encode("utf-8"))
        set_outcome(Outcome(done=t("files.exported", file=name)))

    buttons: list[ft.Control] = [
        ft.OutlinedButton(t("damaged.save_record"), icon=ft.Icons.DOWNLOAD, on_click=save_record),
        ft.OutlinedButton(
            t("damaged.delete"), icon=ft.Icons.DELETE_OUTLINE, on_click=lambda _: on_delete(summary)
        ),
    ]
    return action_panel(buttons, "damaged", outcome)


@ft.component
def DamagedGameScreen(summary: GameSummary) -> ft.View:
    """The address of a damaged game: what is wrong, and the same way out as on Home."""
    keeper = use_services().keeper
    failure: str | None
    set_failure: Setter[str | None]
    failure, set_failure = ft.use_state(None)

    def delete(game: GameSummary) -> None:
        try:
            keeper.delete(game.id)
        except StorageError as error:
            set_failure(message_of(error))
            return
        announce(game.id)
        ft.context.page.navigate("/")

    reason = t("storage.game_damaged", reason=summary.damaged or "")
    return screen(
        f"/game/{summary.id}",
        t("app.name"),
        [
            identified("damaged-reason", ft.Text(reason)),
            DamagedGameActions(summary, delete),
            message_line(failure),
        ],
        back_to="/",
    )
