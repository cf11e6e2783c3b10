"""Starting a new game: players in seat order, the first dealer, the game's settings."""

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorers import InvalidEntry
from scorers.seats import name_key
from storage import StorageError
from storage.keeper import GameKeeper, SavedGame
from views.games.game_view import GameView
from views.games.registry import GAME_VIEWS
from views.games.setup_fields import FieldKind, Preset, SettingField, UnreadableSetting
from views.screens.rules import rules_route
from views.shell.hooks import Setter, keyed, use_state_from
from views.shell.i18n import t
from views.shell.live import announce
from views.shell.messages import Refused, message_of
from views.shell.screen import screen
from views.shell.services import use_services
from views.shell.widgets import (
    TextFields,
    choice_chips,
    icon_button,
    identified,
    labelled_switch,
    message_line,
    on_to_the_next,
)

RANDOM_DEALER = "random"


@dataclass
class Setup(ft.Observable):
    """The form as filled in so far; nothing is saved until the game starts."""

    game: str
    names: list[str]
    shown_settings: dict[str, Any]
    dealer: str = RANDOM_DEALER
    # Why the last Start was refused, shown beside Start (the names and settings it
    # names are above): where the player is looking when it is refused.
    refusal: Refused | None = None

    @classmethod
    def blank(cls, view: GameView, last: Mapping[str, Any]) -> "Setup":
        """An empty table, the settings as in `last` (the last game's) where it has them,
        else the rules' defaults."""
        rules = view.rules
        settings = {**rules.resolve_settings({}, rules.min_players), **last}
        shown = {f.name: f.form_value(settings[f.name]) for f in view.setting_fields}
        return cls(view.game, [""] * rules.min_players, shown)

    def set_name(self, seat: int, name: str) -> None:
        self.names = [name if i == seat else old for i, old in enumerate(self.names)]

    def add_name(self, name: str = "") -> None:
        empty = [i for i, old in enumerate(self.names) if not old.strip()]
        if name and empty:
            self.set_name(empty[0], name)
        else:
            self.names = [*self.names, name]

    def remove(self, seat: int) -> None:
        self.names = [old for i, old in enumerate(self.names) if i != seat]
        self.dealer = RANDOM_DEALER

    def move_up(self, seat: int) -> None:
        names = list(self.names)
        names[seat - 1], names[seat] = names[seat], names[seat - 1]
        self.names = names
        self.dealer = RANDOM_DEALER

    def set_setting(self, name: str, value: Any) -> None:
        self.shown_settings = {**self.shown_settings, name: value}

    def start(self, keeper: GameKeeper, rng: random.Random) -> SavedGame | None:
        """The new game, saved; or None with the reason in `refusal`."""
        self.refusal = None
        try:
            settings = {
                f.name: f.read_value(self.shown_settings[f.name])
                for f in GAME_VIEWS[self.game].setting_fields
            }
        except UnreadableSetting as error:
            self.refusal = error.refusal
            return None
        names = [name.strip() for name in self.names]
        dealer = rng.randrange(len(names)) if self.dealer == RANDOM_DEALER else int(self.dealer)
        try:
            return keeper.start(self.game, names, dealer, settings)
        except (InvalidEntry, StorageError) as error:
            self.refusal = error
        return None


def name_field(setup: Setup, seat: int, fields: TextFields) -> ft.TextField:
    """A player's name; Enter moves on to the next player's name (views.shell.widgets)."""
    field = ft.TextField(
        label=t("setup.player_n", n=seat + 1),
        value=setup.names[seat],
        expand=True,
        on_change=lambda e: setup.set_name(seat, e.control.value),
        on_submit=on_to_the_next(fields, seat, lambda name: setup.set_name(seat, name)),
    )
    fields[seat] = field
    return field


def name_row(setup: Setup, seat: int, fewest: int, fields: TextFields) -> ft.Control:
    """One player's name field with buttons to move the player up a seat and to remove them."""
    name = setup.names[seat]
    shown = name.strip() or t("setup.player_n", n=seat + 1)
    return ft.Row(
        controls=[
            name_field(setup, seat, fields),
            icon_button(
                ft.Icons.ARROW_UPWARD,
                t("setup.move_up", name=shown),
                lambda: setup.move_up(seat),
                disabled=seat == 0,
            ),
            icon_button(
                ft.Icons.CLOSE,
                t("setup.remove", name=shown),
                lambda: setup.remove(seat),
                disabled=len(setup.names) <= fewest,
            ),
        ]
    )


def setting_control(setup: Setup, setting: SettingField) -> ft.Control:
    """A setting's control (switch, choice chips or text field) with its one-line help."""
    label, help_text = t(setting.label_key), t(setting.help_key)
    value = setup.shown_settings[setting.name]
    if setting.kind is FieldKind.SWITCH:
        control: ft.Control = labelled_switch(
            label, bool(value), lambda on: setup.set_setting(setting.name, on)
        )
    elif setting.kind is FieldKind.CHOICE:
        control = ft.Column(
            spacing=4,
            controls=[
                ft.Text(label),
                choice_chips(
                    [
                        (key, t(text), t("setup.choose", setting=label, option=t(text)))
                        for key, text in setting.options.items()
                    ],
                    str(value),
                    lambda key: setup.set_setting(setting.name, key),
                ),
            ],
        )
    else:
        control = ft.TextField(
            label=label,
            value=str(value),
            hint_text=t(setting.hint_key) if setting.hint_key else None,
            keyboard_type=ft.KeyboardType.NUMBER
            if setting.kind is FieldKind.NUMBER
            else ft.KeyboardType.TEXT,
            on_change=lambda e: setup.set_setting(setting.name, e.control.value),
        )
    controls = [control, ft.Text(help_text, size=12, italic=True)]
    presets = setting.presets(len(setup.names))
    if presets:
        controls.append(preset_chips(setup, setting, presets))
    return ft.Column(spacing=2, controls=controls)


def preset_chips(setup: Setup, setting: SettingField, presets: tuple[Preset, ...]) -> ft.Control:
    """The setting's ready values (Wizard's published round plans) as chips under its
    field: a tap puts the value in the field, where it can still be changed; the chip
    whose value the field holds is the one filled."""
    label = t(setting.label_key)
    try:
        typed = setting.read_value(setup.shown_settings[setting.name])
        chosen = next((str(n) for n, preset in enumerate(presets) if preset.value == typed), "")
    except UnreadableSetting:
        chosen = ""
    chips = []
    for number, preset in enumerate(presets):
        text = t(preset.label_key, **preset.params)
        chips.append((str(number), text, t("setup.choose", setting=label, option=text)))

    def pick(key: str) -> None:
        setup.set_setting(setting.name, setting.form_value(presets[int(key)].value))

    return choice_chips(chips, chosen, pick)


@ft.component
def NewGame() -> ft.View:
    """The screen at /new/<game>: the setup form of that game."""
    game = ft.use_route_params().get("game", "")
    view = GAME_VIEWS.get(game)
    if view is None:
        return screen(f"/new/{game}", t("app.name"), [ft.Text(t("new_game.unknown"))], "/")
    # Keyed by the game: each game's form starts from that game's last settings.
    return keyed(game, SetupScreen, view)


def recent_names(setup: Setup, recent: list[str], most: int) -> list[ft.Control]:
    """Names from recent games not at the table yet, each a tap to add (none when full)."""
    seated = {name_key(name) for name in setup.names}
    names = [name for name in recent if name_key(name) not in seated]
    if not names:
        return []
    full = len(setup.names) >= most and all(name.strip() for name in setup.names)
    return [
        ft.Text(t("setup.recent"), size=12),
        ft.Row(
            wrap=True,
            controls=[
                ft.OutlinedButton(
                    content=ft.Text(name, semantics_label=t("setup.add_recent", name=name)),
                    on_click=lambda _, name=name: setup.add_name(name),
                    disabled=full,
                )
                for name in names
            ],
        ),
    ]


def start_bar(setup: Setup, on_start: Callable[[], None]) -> ft.BottomAppBar:
    """Start, always in sight at the bottom, and why the last Start was refused."""
    message = message_of(setup.refusal) if setup.refusal is not None else None
    return ft.BottomAppBar(
        height=140 if message else 80,
        padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        content=ft.Column(
            spacing=4,
            controls=[
                identified("setup-message", message_line(message)),
                ft.FilledButton(
                    t("setup.start"), icon=ft.Icons.PLAY_ARROW, on_click=lambda _: on_start()
                ),
            ],
        ),
    )


def use_focus_once_drawn(fields: TextFields) -> Callable[[int], None]:
    """A hook: how to give the focus to a seat's name field once it is drawn (the field of
    a player just added is not there yet); `fields` are the fields as drawn, by seat."""
    seat: int | None
    set_seat: Setter[int | None]
    seat, set_seat = ft.use_state(None)

    async def focus_asked() -> None:
        field = fields.get(seat) if seat is not None else None
        if field is not None:
            set_seat(None)
            await field.focus()  # type: ignore[no-untyped-call]  # Flet leaves focus() unannotated

    ft.use_effect(focus_asked, [seat])
    return set_seat


@ft.component
def SetupScreen(view: GameView) -> ft.View:
    """Players in seat order (with recent names to add), the first dealer, the game's
    settings (the last game's, at first), and Start at the bottom."""
    keeper = use_services().keeper
    setup, _ = use_state_from(lambda: Setup.blank(view, keeper.last_settings(view.game)))
    recent, _ = use_state_from(keeper.recent_names)
    fields: TextFields = {}
    focus_once_drawn = use_focus_once_drawn(fields)
    rules = view.rules

    def add_player() -> None:
        setup.add_name()
        focus_once_drawn(len(setup.names) - 1)

    def start() -> None:
        saved = setup.start(keeper, random.Random())
        if saved is not None:
            announce(saved.id)
            ft.context.page.navigate(f"/game/{saved.id}")

    controls: list[ft.Control] = [
        ft.Text(
            t("setup.players", players=view.players_text()),
            theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
        ),
        *[name_row(setup, seat, rules.min_players, fields) for seat in range(len(setup.names))],
    ]
    if len(setup.names) < rules.max_players:
        controls.append(
            ft.TextButton(
                t("setup.add_player"), icon=ft.Icons.PERSON_ADD, on_click=lambda _: add_player()
            )
        )
    controls += recent_names(setup, recent, rules.max_players)
    controls += [
        ft.Text(t("setup.first_dealer")),
        choice_chips(
            dealer_options(setup), setup.dealer, lambda key: setattr(setup, "dealer", key)
        ),
        ft.Text(t("setup.settings"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        *[setting_control(setup, setting) for setting in view.setting_fields],
    ]
    return screen(
        f"/new/{view.game}",
        t("new_game.title", game=t(view.title_key)),
        [ft.Column(controls=controls, spacing=10)],
        back_to="/",
        actions=[rules_button(view.game)],
        bottom=start_bar(setup, start),
    )


def dealer_options(setup: Setup) -> list[tuple[str, str, str]]:
    """Who deals first: chosen at random, or a player by the name typed (or their seat)."""
    names = (
        name.strip() or t("setup.player_n", n=seat + 1) for seat, name in enumerate(setup.names)
    )
    return [(RANDOM_DEALER, t("setup.dealer_random"), t("setup.dealer_random_name"))] + [
        (str(seat), shown, t("setup.deals_first", name=shown)) for seat, shown in enumerate(names)
    ]


def rules_button(game: str) -> ft.Control:
    return icon_button(
        ft.Icons.MENU_BOOK,
        t("rules.open"),
        lambda: ft.context.page.navigate(rules_route(game, back=f"/new/{game}")),
    )
