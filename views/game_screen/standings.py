"""The end of a game: final places (shared on ties), the tie-break explained, a rematch."""

from collections.abc import Callable

import flet as ft

from scorers.ledger import GameState
from scorers.standings import Standing
from views.game_screen.charts import final_scores_chart
from views.game_screen.open_game import OpenGame
from views.shell.i18n import t
from views.shell.widgets import identified, points_text


def standing_words(state: GameState, standing: Standing) -> str:
    """A seat's place, name and total: "1. Ann: 120"."""
    name, total = state.players[standing.seat], points_text(standing.total)
    return t("standings.line", place=standing.place, name=name, total=total)


@ft.component
def FinalStandings(table: OpenGame, on_rematch: Callable[[], None] | None) -> ft.Control:
    """Final places, the final scores as bars, and a rematch (when `on_rematch` is given)."""
    state = table.state
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
    return ft.Card(content=ft.Container(padding=12, content=ft.Column(controls=rows)))
