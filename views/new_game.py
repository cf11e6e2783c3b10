"""Starting a new game. For now it names the game; player setup follows."""

import flet as ft

from views.games import GAMES_BY_ID
from views.i18n import t
from views.screen import screen


@ft.component
def NewGame() -> ft.View:
    game = ft.use_route_params().get("game", "")
    entry = GAMES_BY_ID.get(game)
    if entry is None:
        return screen(f"/new/{game}", t("app.name"), [ft.Text(t("new_game.unknown"))], back_to="/")
    return screen(
        f"/new/{game}",
        t("new_game.title", game=t(entry.title_key)),
        [ft.Text(t("new_game.coming_soon"))],
        back_to="/",
    )
