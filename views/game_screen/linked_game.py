"""A game opened from a link (storage.game_link): shown read-only, as the rules compute it
from the link's entries, with "Keep a copy" to add it to this phone's games as a game of
its own. A link that cannot be read is said so, and nothing stored is changed."""

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from scorers.ledger import Ledger
from storage import StorageError
from storage.game_link import read_link
from views.game_screen.charts import running_totals_chart
from views.game_screen.screen import game_screen, scrolling, settings_part
from views.game_screen.sheet import ScoreSheet
from views.game_screen.standings import FinalStandings
from views.game_screen.totals_strip import TotalsStrip
from views.games.registry import GAME_VIEWS
from views.shell.i18n import t
from views.shell.live import announce
from views.shell.messages import message_of
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.site import LINK_ROUTE
from views.shell.widgets import Outcome, action_panel, identified, message_line


def opened(text: str) -> Ledger | StorageError:
    """The game a link's text holds, or why it cannot be read."""
    try:
        return read_link(text)
    except StorageError as error:
        return error


@ft.component
def LinkScreen() -> ft.View:
    """The screen at /link/<text>: the link's game, or why the link cannot be read."""
    text = ft.use_route_params().get("text", "")
    route = f"/{LINK_ROUTE}/{text}"
    ledger = ft.use_memo(lambda: opened(text), [text])
    if isinstance(ledger, StorageError):
        refusal = identified("link-refusal", message_line(message_of(ledger)))
        return screen(route, t("link.opened"), [refusal], back_to="/")
    state = ledger.state
    view = GAME_VIEWS[state.game]
    parts: list[ft.Control] = [
        identified("link-intro", ft.Text(t("link.intro"), italic=True)),
        KeepCopy(ledger),
    ]
    if state.is_over:
        parts.append(FinalStandings(state, None))
    parts.append(ScoreSheet(state, view, None, None))
    if state.rounds:
        parts.append(running_totals_chart(state, view.chart_keys))
    parts.append(settings_part(view, state.settings))
    body = ft.Column(
        expand=True,
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[TotalsStrip(state), scrolling(parts)],
    )
    return game_screen(route, view, [body])


@ft.component
def KeepCopy(ledger: Ledger) -> ft.Control:
    """Keep a copy: the link's game saved on this phone as a new game, which then opens; a
    second tap opens that copy again rather than keeping another."""
    services = use_services()
    outcome, set_outcome = ft.use_state(Outcome())
    kept: MutableRef[str | None] = ft.use_ref(None)

    def keep() -> None:
        if kept.current is None:
            try:
                kept.current = services.keeper.import_ledger(ledger).id
            except StorageError as error:
                set_outcome(Outcome(failed=message_of(error)))
                return
            announce(kept.current)
        ft.context.page.navigate(f"/game/{kept.current}")

    button = ft.FilledButton(t("link.keep"), icon=ft.Icons.SAVE_ALT, on_click=lambda _: keep())
    return action_panel([button], "keep-copy", outcome)
