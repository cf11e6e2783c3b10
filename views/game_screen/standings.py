"""The end of a game: final places (shared on ties), the tie-break explained, a rematch."""

from collections.abc import Callable

import flet as ft

from scorers.ledger import GameState
from scorers.standings import Standing
from views.game_screen.charts import final_scores_chart
from views.game_screen.link_panel import ShareLink
from views.shell.i18n import t
from views.shell.widgets import identified, points_text


def standing_words(state: GameState, standing: Standing) -> str:
    """A seat's place, name and total: "1. Ann: 120"."""
    name, total = state.players[standing.seat], points_text(standing.total)
    return t("standings.line", place=standing.place, name=name, total=total)


@ft.component
def FinalStandings(
    state: GameState, on_rematch: Callable[[], None] | None, linkable: bool = False
) -> ft.Control:
    """Final places, the final scores as bars, a rematch (when `on_rematch` is given) and,
    when `linkable`, the game shared as a link (where the players look once it is over)."""
    rows: list[ft.Control] = [
        ft.Text(t("standings.title"), theme_style=ft.TextThemeStyle.TITLE_LARGE),
    ]
    for standing in state.standings():
        rows.append(
            identified(
                f"standing-{standing.seat}",
                ft.Text(
                    standing_words(state, standing),
                    weight=ft.FontWeight.BOLD if standing.place == 1 else None,
                    size=18,
                ),
            )
        )
        if standing.note:
            rows.append(ft.Text(t(standing.note, **standing.note_params), italic=True))
    rows.append(final_scores_chart(state))
    if on_rematch is not None:
        rows.append(ft.FilledButton(t("standings.rematch"), on_click=lambda _: on_rematch()))
    if linkable:
        rows.append(ShareLink(state))
    return ft.Card(content=ft.Container(padding=12, content=ft.Column(controls=rows)))
