"""The language menu in every screen's app bar: each language listed in its own name.

Its accessible name lists every language in its own name too ("English · Deutsch · 한국어 ·
Norsk bokmål"), so a player who landed in a language they cannot read still finds it."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import flet as ft

from views.shell.i18n import DEFAULT_LANGUAGE, LANGUAGES, language_name


@dataclass(frozen=True)
class LanguageChoice:
    """The session's language and how to change it; provided to every screen by the root."""

    language: str
    choose: Callable[[str], Awaitable[None]]


async def _unchanged(language: str) -> None:
    """The choice outside the app's root (a screen rendered alone in a test)."""


LanguageContext = ft.create_context(LanguageChoice(DEFAULT_LANGUAGE, _unchanged))


def menu_name() -> str:
    return " · ".join(language_name(language) for language in LANGUAGES)


@ft.component
def LanguageMenu() -> ft.Control:
    choice = ft.use_context(LanguageContext)

    def item(language: str) -> ft.PopupMenuItem:
        async def choose() -> None:
            await choice.choose(language)

        return ft.PopupMenuItem(
            content=language_name(language),
            checked=language == choice.language,
            on_click=choose,
        )

    name = menu_name()
    return ft.PopupMenuButton(
        icon=ft.Icon(ft.Icons.TRANSLATE, semantics_label=name),
        tooltip=name,
        padding=12,  # around the 24 px icon: a 48 px target, like every icon button
        items=[item(language) for language in LANGUAGES],
    )
