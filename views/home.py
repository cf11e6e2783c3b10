"""The home screen: Trickpad's name and the three games to start."""

import flet as ft

from views.games import GAMES, GameEntry
from views.i18n import t
from views.screen import screen


def player_count_text(entry: GameEntry) -> str:
    if entry.min_players == entry.max_players:
        return t("home.players_exact", count=entry.min_players)
    return t("home.players_range", low=entry.min_players, high=entry.max_players)


@ft.component
def GameTile(entry: GameEntry) -> ft.Control:
    title = t(entry.title_key)
    return ft.Card(
        content=ft.ListTile(
            title=ft.Text(title, weight=ft.FontWeight.BOLD),
            subtitle=ft.Text(f"{player_count_text(entry)} · {t(entry.blurb_key)}"),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda _: ft.context.page.navigate(f"/new/{entry.game}"),
        )
    )


@ft.component
def Home() -> ft.View:
    return screen(
        "/",
        t("app.name"),
        [
            ft.Text(t("home.tagline"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            ft.Text(t("home.pick_game"), theme_style=ft.TextThemeStyle.LABEL_LARGE),
            *[GameTile(entry) for entry in GAMES],
        ],
    )
