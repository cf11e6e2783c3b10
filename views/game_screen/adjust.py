"""Under the score sheet: a one-off adjustment of a player's score (a misdeal penalty, a
house rule) with its reason, made or changed as a paper pad's scorer notes one."""

import flet as ft

from views.game_screen.adjustment_draft import AdjustmentDraft
from views.game_screen.open_game import OpenGame
from views.shell.i18n import t
from views.shell.messages import Refused, message_of
from views.shell.widgets import CHIP_SIZE, choice_chips, identified, message_line


@ft.component
def AdjustScore(table: OpenGame) -> ft.Control:
    """The button opening the form, for a phone that may change the game; the form once
    open (from the button, or from an adjustment's row in the sheet). Drawn again at every
    change of the table, on its own."""
    if not table.may_score():
        return ft.Container(visible=False)
    draft = table.adjusting
    if draft is None:
        return ft.TextButton(
            t("adjust.open"),
            icon=ft.Icons.EXPOSURE,
            height=CHIP_SIZE,
            on_click=lambda _: table.start_adjust(),
        )
    return AdjustmentForm(table, draft)


def refusal_text(refusal: Refused | None) -> str | None:
    return None if refusal is None else message_of(refusal)


@ft.component
def AdjustmentForm(table: OpenGame, draft: AdjustmentDraft) -> ft.Control:
    """Whose score (a chip per player), the points (a minus takes away), the reason, each
    with its refusal under it; Save, Cancel and, for one already made, Remove."""
    players = table.state.players
    chips = choice_chips(
        [
            (str(seat), name, t("adjust.player_choice", name=name))
            for seat, name in enumerate(players)
        ],
        "" if draft.seat is None else str(draft.seat),
        lambda seat: setattr(draft, "seat", int(seat)),
    )
    points = ft.TextField(
        label=t("adjust.points"),
        value=draft.points,
        keyboard_type=ft.KeyboardType.TEXT,
        error=refusal_text(draft.points_refusal),
        error_max_lines=3,
        on_change=lambda e: setattr(draft, "points", e.control.value or ""),
        on_submit=lambda _: table.save_adjustment(),
    )
    reason = ft.TextField(
        label=t("adjust.reason"),
        hint_text=t("adjust.reason_hint"),
        value=draft.reason,
        error=refusal_text(draft.reason_refusal),
        error_max_lines=3,
        on_change=lambda e: setattr(draft, "reason", e.control.value or ""),
        on_submit=lambda _: table.save_adjustment(),
    )
    title = "adjust.title" if draft.number is None else "adjust.title_change"
    return identified(
        "adjust-form",
        ft.Column(
            spacing=6,
            controls=[
                ft.Text(t(title), theme_style=ft.TextThemeStyle.TITLE_SMALL),
                ft.Text(t("adjust.player")),
                chips,
                identified("adjust-player-message", message_line(refusal_text(draft.seat_refusal))),
                points,
                reason,
                identified("adjust-message", message_line(refusal_text(draft.refusal))),
                ft.Row(form_buttons(table, draft), wrap=True, spacing=8, run_spacing=4),
            ],
        ),
    )


def form_buttons(table: OpenGame, draft: AdjustmentDraft) -> list[ft.Control]:
    """Save and Cancel; Remove too for an adjustment already made (Undo brings it back)."""
    buttons: list[ft.Control] = [
        ft.FilledButton(
            t("adjust.save"), height=CHIP_SIZE, on_click=lambda _: table.save_adjustment()
        ),
        ft.OutlinedButton(
            t("adjust.cancel"), height=CHIP_SIZE, on_click=lambda _: table.cancel_adjust()
        ),
    ]
    if draft.number is not None:
        buttons.append(
            ft.TextButton(
                t("adjust.remove"),
                icon=ft.Icons.DELETE_OUTLINE,
                height=CHIP_SIZE,
                on_click=lambda _: table.remove_adjustment(),
            )
        )
    return buttons
