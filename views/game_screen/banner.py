"""The state of the table at a glance: which round, who deals, who starts, what to remember."""

import flet as ft

from views.game_screen.open_game import OpenGame
from views.games.game_view import GameView
from views.shell.i18n import joined, t
from views.shell.widgets import identified


def round_line(table: OpenGame, view: GameView) -> str:
    """The banner's first line: the round (as the game words it) or the round being corrected, the
    cards each, the dealer and who starts."""
    state, info = table.state, table.round_info
    if table.editing is not None:
        number = t("banner.correcting", number=table.editing)
    else:
        number = view.round_label(info.number, state.round_count, state.settings)
    return " · ".join(
        [
            number,
            t("banner.cards_each", cards=info.cards),
            t("banner.dealer", name=state.players[info.dealer]),
            t(view.first_key, name=state.players[info.first]),
        ]
    )


def progress(table: OpenGame, view: GameView) -> float:
    """How far the game is, as the game measures it (rounds played, the way to a target)."""
    state = table.state
    return view.progress(len(state.rounds), state.round_count, state.totals, state.settings)


def banner(table: OpenGame, view: GameView, compact: bool = False) -> ft.Control:
    """Where the table is: the round line, the reminder and the game's note, or the winner once the
    game is over, above a progress bar. A `compact` banner (a phone held sideways) keeps only
    the round line and the game's note, so the entry keeps most of the short screen.

    Drawn with the screen's frame, not at every tap: only the game's own part (`banner_part`,
    a component of its own) follows the round being entered."""
    state = table.state
    if state.is_over and table.editing is None:
        winners = [state.players[s.seat] for s in state.standings() if s.place == 1]
        over = t("banner.game_over_won", names=joined(winners))
        lines: list[ft.Control] = [identified("banner", ft.Text(over, weight=ft.FontWeight.BOLD))]
    else:
        info = table.round_info
        lines = [identified("banner", ft.Text(round_line(table, view), weight=ft.FontWeight.BOLD))]
        if not compact:
            reminder = ft.Text(t(info.reminder, **info.reminder_params), size=13)
            lines.append(identified("reminder", reminder))
        # The game's question about the round (Wizard's trump): it follows every tap itself.
        asked = view.banner_part(table, compact)
        if asked is not None:
            lines.append(asked)
        note = view.banner_note(state)
        if note:
            lines.append(identified("banner-note", ft.Text(note, weight=ft.FontWeight.BOLD)))
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=0, vertical=4 if compact else 8),
        content=ft.Column(
            spacing=2 if compact else 4,
            controls=[*lines, ft.ProgressBar(value=progress(table, view))],
        ),
    )
