"""The view harness against small declarative apps, one Flet feature each.

These double as the verified reference for how Flet 1.0.5's declarative API
behaves in this project: observable models, text input, routing, dialogs,
snack bars, theme, Semantics identifiers and tooltips.
"""

import asyncio
import re
from dataclasses import dataclass, field

import flet as ft
import pytest

from tests.flet_harness import AppHarness

# ---- a counter on an observable model --------------------------------------


@ft.observable
@dataclass
class Tally:
    count: int = 0

    def add(self) -> None:
        self.count += 1


@ft.component
def TallyView(tally: Tally) -> ft.Control:
    return ft.Column(
        [
            ft.Semantics(identifier="tally-count", content=ft.Text(f"Count: {tally.count}")),
            ft.Button("Add one", on_click=tally.add),
        ]
    )


async def test_counter_clicked_twice_shows_two(harness: AppHarness) -> None:
    tally = Tally()
    await harness.render(TallyView, tally)
    assert harness.texts() == ["Count: 0"]

    await harness.click(harness.find(ft.Button, text="Add one"))
    await harness.click(harness.find(ft.Button, text="Add one"))

    assert tally.count == 2
    shown = harness.find(ft.Semantics, identifier="tally-count")
    assert harness.texts(within=shown) == ["Count: 2"]


async def test_model_changed_outside_a_handler_rerenders(harness: AppHarness) -> None:
    tally = Tally()
    await harness.render(TallyView, tally)

    tally.count = 5
    await harness.settle()

    assert harness.texts() == ["Count: 5"]


@ft.component
def LocalCounter() -> ft.Control:
    count, set_count = ft.use_state(0)
    return ft.Row(
        [
            ft.Text(str(count)),
            ft.IconButton(ft.Icons.ADD, tooltip="Increase", on_click=lambda: set_count(count + 1)),
        ]
    )


async def test_icon_button_found_by_tooltip_and_state_hook_updates(harness: AppHarness) -> None:
    await harness.render(LocalCounter)

    await harness.click(harness.find(ft.IconButton, tooltip="Increase"))

    assert harness.texts() == ["1"]


# ---- text input ----------------------------------------------------------------


@ft.component
def Greeter() -> ft.Control:
    name, set_name = ft.use_state("")
    submitted, set_submitted = ft.use_state("")
    return ft.Column(
        [
            ft.TextField(
                label="Name",
                value=name,
                on_change=lambda e: set_name(e.control.value),
                on_submit=lambda e: set_submitted(e.control.value),
            ),
            ft.Text(f"Hello, {name}!" if name else "Who are you?"),
            ft.Text(f"Saved {submitted}" if submitted else "Nothing saved"),
        ]
    )


async def test_typing_into_a_text_field_updates_the_text(harness: AppHarness) -> None:
    await harness.render(Greeter)
    assert "Who are you?" in harness.texts()

    await harness.type(harness.find(ft.TextField, label="Name"), "Ann")

    assert harness.texts() == ["Hello, Ann!", "Nothing saved"]
    assert harness.find(ft.TextField, label="Name").value == "Ann"


async def test_submit_fires_on_enter(harness: AppHarness) -> None:
    await harness.render(Greeter)

    await harness.type(harness.find(ft.TextField, label="Name"), "Bo", submit=True)

    assert harness.texts() == ["Hello, Bo!", "Saved Bo"]


# ---- routing -------------------------------------------------------------------


@ft.component
def HomeScreen() -> ft.Control:
    return ft.Column(
        [
            ft.Text("Home"),
            ft.Button("Settings", on_click=lambda: ft.context.page.navigate("/settings")),
        ]
    )


@ft.component
def SettingsScreen() -> ft.Control:
    return ft.Column(
        [ft.Text("Settings"), ft.TextButton("Back", on_click=lambda: ft.context.page.navigate("/"))]
    )


@ft.component
def RoutedApp() -> ft.Control:
    return ft.Router(
        [
            ft.Route(index=True, component=HomeScreen),
            ft.Route(path="settings", component=SettingsScreen),
        ],
        not_found=lambda: ft.Text("Not found"),
    )


async def test_route_change_renders_another_screen(harness: AppHarness) -> None:
    await harness.render(RoutedApp)
    assert harness.texts() == ["Home"]

    await harness.go("/settings")

    assert harness.texts() == ["Settings"]
    assert harness.page.route == "/settings"


async def test_navigate_from_a_button_is_answered_by_the_fake_client(harness: AppHarness) -> None:
    await harness.render(RoutedApp)

    await harness.click(harness.find(ft.Button, text="Settings"))
    assert harness.texts() == ["Settings"]

    await harness.click(harness.find(text="Back"))
    assert harness.texts() == ["Home"]


async def test_unknown_route_shows_not_found(harness: AppHarness) -> None:
    await harness.render(RoutedApp)

    await harness.go("/nowhere")

    assert harness.texts() == ["Not found"]


@ft.component
def StackedApp() -> list[ft.View]:
    @ft.component
    def Home() -> ft.View:
        return ft.View(route="/", controls=[ft.Text("Games")])

    @ft.component
    def Game() -> ft.View:
        game_id = ft.use_route_params()["game_id"]
        return ft.View(
            route=ft.use_view_path(),
            appbar=ft.AppBar(title=ft.Text(f"Game {game_id}")),
            controls=[ft.Text(f"Scores of {game_id}")],
        )

    return ft.Router(
        [ft.Route(component=Home, children=[ft.Route(path="games/:game_id", component=Game)])],
        manage_views=True,
    )


async def test_router_with_view_stack_shows_top_view_only(harness: AppHarness) -> None:
    await harness.render_views(StackedApp)
    assert harness.texts() == ["Games"]

    await harness.go("/games/7")

    # texts() follows dataclass field order: View.controls before View.appbar.
    assert sorted(harness.texts()) == ["Game 7", "Scores of 7"], "the Home view is covered"
    assert [v.route for v in harness.views()] == ["/", "/games/7"]


async def test_back_pops_the_view_stack(harness: AppHarness) -> None:
    await harness.render_views(StackedApp)
    await harness.go("/games/7")

    await harness.back()

    assert harness.texts() == ["Games"]
    assert harness.page.route == "/"


# ---- dialogs and snack bars --------------------------------------------------


@dataclass
class Ledger:
    rows: list[str] = field(default_factory=lambda: ["round 1", "round 2"])


@ft.component
def ClearButton(ledger: Ledger) -> ft.Control:
    asking, set_asking = ft.use_state(False)
    rows, set_rows = ft.use_state(ledger.rows)

    def clear() -> None:
        set_rows([])
        set_asking(False)

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Clear all rounds?"),
            actions=[
                ft.TextButton("Cancel", on_click=lambda: set_asking(False)),
                ft.FilledButton("Clear", on_click=clear),
            ],
            on_dismiss=lambda: set_asking(False),
        )
        if asking
        else None
    )
    return ft.Column(
        [
            ft.Text(f"{len(rows)} rounds"),
            ft.Button("Clear rounds", on_click=lambda: set_asking(True)),
        ]
    )


async def test_dialog_opens_and_its_button_works(harness: AppHarness) -> None:
    await harness.render(ClearButton, Ledger())
    assert harness.dialogs() == []

    await harness.click(harness.find(ft.Button, text="Clear rounds"))
    dialog = harness.dialog()
    assert harness.texts(within=dialog) == ["Clear all rounds?"]

    await harness.click(harness.find(ft.FilledButton, text="Clear", within=dialog))

    assert harness.dialogs() == []
    assert harness.page._dialogs.controls == [], "the client's dismiss removed it"
    assert harness.texts() == ["0 rounds"]


async def test_dialog_cancel_keeps_the_rows_and_it_can_open_again(harness: AppHarness) -> None:
    await harness.render(ClearButton, Ledger())

    await harness.click(harness.find(ft.Button, text="Clear rounds"))
    await harness.click(harness.find(ft.TextButton, text="Cancel", within=harness.dialog()))
    assert harness.texts() == ["2 rounds"]

    await harness.click(harness.find(ft.Button, text="Clear rounds"))
    assert harness.texts(within=harness.dialog()) == ["Clear all rounds?"]


async def test_user_dismissing_a_dialog_runs_on_dismiss(harness: AppHarness) -> None:
    await harness.render(ClearButton, Ledger())
    await harness.click(harness.find(ft.Button, text="Clear rounds"))

    await harness.dismiss(harness.dialog())

    assert harness.dialogs() == []
    # on_dismiss reset the state, so the button opens a fresh dialog.
    await harness.click(harness.find(ft.Button, text="Clear rounds"))
    assert len(harness.dialogs()) == 1


@ft.component
def SaveWithToast() -> ft.Control:
    def save() -> None:
        ft.context.page.show_dialog(
            ft.SnackBar(ft.Text("Saved"), action="Undo", on_action=lambda: undone.append(True))
        )

    return ft.Button("Save", on_click=save)


undone: list[bool] = []


async def test_snack_bar_from_show_dialog(harness: AppHarness) -> None:
    undone.clear()
    await harness.render(SaveWithToast)

    await harness.click(harness.find(ft.Button, text="Save"))

    snack = harness.dialog()
    assert isinstance(snack, ft.SnackBar)
    assert harness.texts(within=snack) == ["Saved"]
    await harness.dispatch(snack, "action")
    assert undone == [True]

    await harness.dismiss(snack)  # the client does this when the duration ends
    assert harness.dialogs() == []
    await harness.click(harness.find(ft.Button, text="Save"))
    assert len(harness.dialogs()) == 1


# ---- theme ---------------------------------------------------------------------


@ft.observable
@dataclass
class Appearance:
    dark: bool = False


@ft.component
def ThemeSwitch(appearance: Appearance) -> ft.Control:
    def apply_mode() -> None:
        ft.context.page.theme_mode = ft.ThemeMode.DARK if appearance.dark else ft.ThemeMode.LIGHT

    ft.use_effect(apply_mode, [appearance.dark])

    def flip() -> None:
        appearance.dark = not appearance.dark

    return ft.Switch(label="Dark mode", value=appearance.dark, on_change=flip)


async def test_theme_mode_switch(harness: AppHarness) -> None:
    appearance = Appearance()
    await harness.render(ThemeSwitch, appearance)
    assert harness.page.theme_mode == ft.ThemeMode.LIGHT

    await harness.toggle(harness.find(ft.Switch, label="Dark mode"))

    assert appearance.dark is True
    assert harness.page.theme_mode == ft.ThemeMode.DARK
    assert harness.find(ft.Switch, label="Dark mode").value is True


@ft.component
def BrightnessLabel() -> ft.Control:
    page = ft.context.page
    brightness, set_brightness = ft.use_state(page.platform_brightness)

    def listen() -> None:
        page.on_platform_brightness_change = lambda e: set_brightness(e.brightness)

    ft.use_effect(listen, [])
    return ft.Text(f"Device is {brightness.value}")


async def test_platform_brightness_change_reaches_the_view() -> None:
    async with AppHarness(platform_brightness=ft.Brightness.DARK) as h:
        await h.render(BrightnessLabel)
        assert h.texts() == ["Device is dark"]

        await h.set_platform_brightness(ft.Brightness.LIGHT)

        assert h.page.platform_brightness == ft.Brightness.LIGHT
        assert h.texts() == ["Device is light"]


# ---- finding, and failures the harness must report ------------------------------


@ft.component
def Scoreboard() -> ft.Control:
    return ft.Column(
        [
            ft.Container(key="row-ann", content=ft.Text("Ann 30")),
            ft.Container(key=ft.ValueKey("row-bo"), content=ft.Text("Bo 20")),
            ft.Text("hidden", visible=False),
            ft.Button("Locked", disabled=True, on_click=lambda: None),
            ft.Button("Broken", on_click=lambda: 1 / 0),
        ]
    )


async def test_find_by_key_and_regex_and_hidden_controls_are_skipped(harness: AppHarness) -> None:
    await harness.render(Scoreboard)

    assert harness.texts(within=harness.find(key="row-ann")) == ["Ann 30"]
    assert harness.texts(within=harness.find(key="row-bo")) == ["Bo 20"]
    assert harness.find(ft.Container, has_text=re.compile(r"^Bo ")).key == ft.ValueKey("row-bo")
    assert harness.find_all(text="hidden") == []
    assert len(harness.find_all(text="hidden", include_hidden=True)) == 1


async def test_find_failure_lists_what_is_on_screen(harness: AppHarness) -> None:
    await harness.render(Scoreboard)

    with pytest.raises(
        AssertionError, match=r"(?s)no control matches Button\(text='Nope'\).*'Ann 30'"
    ):
        harness.find(ft.Button, text="Nope")
    with pytest.raises(AssertionError, match="2 controls match"):
        harness.find(ft.Button)


async def test_clicking_a_disabled_button_fails(harness: AppHarness) -> None:
    await harness.render(Scoreboard)

    with pytest.raises(AssertionError, match="disabled"):
        await harness.click(harness.find(ft.Button, text="Locked"))


async def test_exception_in_a_handler_fails_the_test(harness: AppHarness) -> None:
    await harness.render(Scoreboard)

    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        await harness.click(harness.find(ft.Button, text="Broken"))


@ft.component
def CopyButton() -> ft.Control:
    async def copy() -> None:
        await ft.Clipboard().set("42")

    return ft.Button("Copy", on_click=copy)


async def test_client_services_fail_loudly_unless_given_a_reply(harness: AppHarness) -> None:
    await harness.render(CopyButton)

    with pytest.raises(AssertionError, match="no client for set"):
        await harness.click(harness.find(ft.Button, text="Copy"))

    copied: list[str] = []
    harness.client_methods["set"] = lambda control, args: copied.append(args["data"])
    await harness.click(harness.find(ft.Button, text="Copy"))
    assert copied == ["42"]


@ft.component
def GamePicker() -> ft.Control:
    game, set_game = ft.use_state("wizard")
    return ft.Column(
        [
            ft.Dropdown(
                label="Game",
                value=game,
                options=[
                    ft.DropdownOption(key="wizard", text="Wizard"),
                    ft.DropdownOption(key="plotters", text="Plotters"),
                ],
                on_select=lambda e: set_game(e.control.value),
            ),
            ft.Text(f"Playing {game}"),
        ]
    )


async def test_dropdown_select(harness: AppHarness) -> None:
    await harness.render(GamePicker)

    await harness.select(harness.find(ft.Dropdown, label="Game"), "plotters")

    assert harness.texts() == ["Playing plotters"]
    with pytest.raises(AssertionError, match="no option 'hearts'"):
        await harness.select(harness.find(ft.Dropdown, label="Game"), "hearts")


@ft.component
def SlowSave() -> ft.Control:
    status, set_status = ft.use_state("idle")

    async def save() -> None:
        set_status("saving")
        await asyncio.sleep(0.05)
        set_status("saved")

    return ft.Column([ft.Text(status), ft.Button("Save", on_click=save)])


async def test_settle_waits_for_async_handlers(harness: AppHarness) -> None:
    await harness.render(SlowSave)

    await harness.click(harness.find(ft.Button, text="Save"))

    assert harness.texts() == ["saved"]


@ft.component
def Ticker() -> ft.Control:
    async def tick_forever() -> None:
        while True:
            await asyncio.sleep(0.01)

    ft.use_effect(lambda: asyncio.create_task(tick_forever()), [])
    return ft.Text("ticking")


async def test_settle_reports_a_task_that_never_ends() -> None:
    async with AppHarness(settle_timeout=0.2) as h:
        with pytest.raises(AssertionError, match="did not settle"):
            await h.render(Ticker)
