"""The new-game form: Start always at hand, refusals in words beside it, and each game's
settings as in that game's last game."""

import flet as ft

from scorers.wizard import MAX_ROUNDS
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.games.registry import GAME_VIEWS
from views.shell.i18n import LANGUAGES, t


async def fill_names(harness: AppHarness, names: list[str]) -> None:
    for seat, name in enumerate(names):
        await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=seat + 1)), name)


def start_button(harness: AppHarness) -> ft.FilledButton:
    """Start, which must be in the bar at the bottom of the screen, not in the form."""
    bar = harness.views()[-1].bottom_appbar
    assert bar is not None
    return harness.find(ft.FilledButton, text=t("setup.start"), within=bar)


async def test_start_stays_in_the_bottom_bar_of_every_game(app: AppUnderTest) -> None:
    harness = await app.start()
    for game in ("wizard", "plotters", "colour_blind"):
        await harness.go(f"/new/{game}")
        start_button(harness)
        assert harness.find_all(ft.FilledButton, text=t("setup.start")) == [start_button(harness)]


async def test_a_wrong_hand_size_is_refused_in_words_beside_start(app: AppUnderTest) -> None:
    harness = await app.start("/new/wizard")
    await fill_names(harness, ["Ann", "Ben", "Cas"])
    await harness.type(harness.find(ft.TextField, label=t("setting.round_sizes")), "1, 3, 25")
    await harness.click(start_button(harness))
    assert harness.page.route == "/new/wizard"
    refusal = t("wizard.round_size_out_of_range", high=20, value=25)
    message = harness.find(ft.Semantics, identifier="setup-message").content
    assert message.value == refusal and message.visible
    assert not any("[" in text for text in harness.texts())
    assert app.keeper.unfinished() == []


async def test_more_rounds_than_the_deck_has_cards_are_refused_beside_start(
    app: AppUnderTest,
) -> None:
    harness = await app.start("/new/wizard")
    await fill_names(harness, ["Ann", "Ben", "Cas"])
    sizes = ", ".join(["1"] * (MAX_ROUNDS + 1))
    await harness.type(harness.find(ft.TextField, label=t("setting.round_sizes")), sizes)
    await harness.click(start_button(harness))
    message = harness.find(ft.Semantics, identifier="setup-message").content
    assert message.value == t("wizard.too_many_rounds", count=MAX_ROUNDS + 1, limit=MAX_ROUNDS)
    assert app.keeper.unfinished() == []


async def test_a_setting_that_is_not_a_number_is_named_beside_start(app: AppUnderTest) -> None:
    harness = await app.start("/new/wizard")
    await fill_names(harness, ["Ann", "Ben", "Cas"])
    await harness.type(harness.find(ft.TextField, label=t("setting.round_sizes")), "1, two")
    await harness.click(start_button(harness))
    message = harness.find(ft.Semantics, identifier="setup-message").content
    assert message.value == t("setting.unreadable", field=t("setting.round_sizes"))
    assert app.keeper.unfinished() == []


async def test_each_game_starts_from_its_last_games_settings(app: AppUnderTest) -> None:
    app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1, 3, 5], "hook": True})
    harness = await app.start("/new/wizard")
    assert harness.find(ft.TextField, label=t("setting.round_sizes")).value == "1, 3, 5"
    assert harness.find(ft.Switch, label=t("setting.hook")).value is True
    # Starting from the form keeps them, and a changed setting is what the next form shows.
    await fill_names(harness, ["Dot", "Eve", "Fay"])
    await harness.toggle(harness.find(ft.Switch, label=t("setting.hook")))
    await harness.click(start_button(harness))
    [latest, _] = app.keeper.unfinished()
    assert app.keeper.open(latest.id).ledger.state.settings["round_sizes"] == [1, 3, 5]
    await harness.go("/new/wizard")
    assert harness.find(ft.Switch, label=t("setting.hook")).value is False
    assert harness.find(ft.TextField, label=t("setting.round_sizes")).value == "1, 3, 5"


BREAKING_HYPHENS = "-\u2010"
"""A hyphen a line may break after (Flutter breaks "Colour-blind" so when the title wraps);
U+2011, the non-breaking hyphen, keeps a word whole."""


async def test_a_games_name_is_never_broken_in_the_new_game_title(app: AppUnderTest) -> None:
    """Issue 39 (7): on a phone the two-line title read "New game of Colour-" / "blind"."""
    harness = await app.start("/new/colour_blind")
    bar = harness.views()[-1].appbar
    assert isinstance(bar, ft.AppBar)
    [title] = harness.texts(within=bar.title)
    name = t("game.colour_blind")
    assert title == t("new_game.title", game=name) and "\u2011" in name
    for language in LANGUAGES:
        for view in GAME_VIEWS.values():
            name = t(view.title_key, language)
            assert not set(name) & set(BREAKING_HYPHENS), (language, name)


async def test_another_game_keeps_its_own_settings(app: AppUnderTest) -> None:
    app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [2, 4]})
    harness = await app.start("/new/colour_blind")
    target = harness.find(ft.TextField, label=t("setting.target"))
    assert target.value == str(GAME_VIEWS["colour_blind"].rules.resolve_settings({}, 3)["target"])
    app.keeper.start("colour_blind", ["Ann", "Ben", "Cas"], 0, {"target": 60})
    await harness.go("/new/wizard")
    assert harness.find(ft.TextField, label=t("setting.round_sizes")).value == "2, 4"
    await harness.go("/new/colour_blind")
    assert harness.find(ft.TextField, label=t("setting.target")).value == "60"


def name_field(harness: AppHarness, seat: int) -> ft.TextField:
    return harness.find(ft.TextField, label=t("setup.player_n", n=seat + 1))


async def test_enter_in_a_name_moves_on_to_the_next_name_keeping_every_letter(
    app: AppUnderTest,
) -> None:
    harness = await app.start("/new/wizard")
    focused: list[int] = []
    harness.client_methods["focus"] = lambda control, _: focused.append(control._i)
    await harness.type(name_field(harness, 0), "Ann", submit=True)
    assert focused == [name_field(harness, 1)._i]
    await harness.type(name_field(harness, 1), "Ben", submit=True)
    assert focused[-1] == name_field(harness, 2)._i
    # Enter in the last name stays there; what arrives with the Enter is kept too.
    await harness.dispatch(name_field(harness, 2), "submit", "Cas", value="Cas")
    assert focused[-1] == name_field(harness, 2)._i
    assert [name_field(harness, seat).value for seat in range(3)] == ["Ann", "Ben", "Cas"]
    # A player added gets the focus in their name at once.
    await harness.click(harness.find(ft.TextButton, text=t("setup.add_player")))
    assert focused[-1] == name_field(harness, 3)._i
    await harness.type(name_field(harness, 3), "Dot", submit=True)
    await harness.click(start_button(harness))
    [game] = app.keeper.unfinished()
    assert app.keeper.open(game.id).ledger.state.players == ("Ann", "Ben", "Cas", "Dot")


async def test_enter_while_renaming_moves_on_to_the_next_name(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    harness = await app.start(f"/game/{game.id}")
    focused: list[int] = []
    harness.client_methods["focus"] = lambda control, _: focused.append(control._i)
    await harness.click(harness.find(ft.TextButton, text=t("rename.open")))

    def rename_field(seat: int) -> ft.TextField:
        return harness.find(ft.TextField, label=t("rename.field", n=seat + 1))

    await harness.type(rename_field(0), "Anna", submit=True)
    assert focused == [rename_field(1)._i]
    await harness.dispatch(rename_field(2), "submit", "Cassie", value="Cassie")
    assert focused[-1] == rename_field(2)._i
    await harness.click(harness.find(ft.FilledButton, text=t("rename.save")))
    assert app.keeper.open(game.id).ledger.state.players == ("Anna", "Ben", "Cassie")


async def test_a_game_for_one_number_of_players_says_that_number_not_a_range(
    app: AppUnderTest,
) -> None:
    harness = await app.start("/new/colour_blind")
    assert "Players in seat order, clockwise (3 players)" in harness.texts()
    await harness.go("/new/wizard")
    assert "Players in seat order, clockwise (3-6 players)" in harness.texts()


async def test_a_choice_tapped_as_another_is_chosen_is_not_lost(app: AppUnderTest) -> None:
    """A tap reaches the server addressed to the button the phone drew: "Random" tapped just
    after Ann was picked to deal first, before the phone drew that, picks Random again."""
    harness = await app.start("/new/wizard")
    for seat, name in enumerate(["Ann", "Ben", "Cas"]):
        await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=seat + 1)), name)
    random_name = t("setup.dealer_random_name")
    random_drawn = harness.find(ft.Text, where=lambda c: c.semantics_label == random_name)
    random_id = harness.tap_target_id(random_drawn)
    ann = harness.find(
        ft.Text, where=lambda c: c.semantics_label == t("setup.deals_first", name="Ann")
    )
    await harness.click(ann)
    await harness.click_drawn(random_id)
    chosen = harness.find(ft.Text, where=lambda c: c.semantics_label == random_name).parent
    fill = getattr(chosen.style, "bgcolor", None) or {}
    assert fill.get(ft.ControlState.DEFAULT) == ft.Colors.PRIMARY, "Random is not chosen"


def plan_chip(harness: AppHarness, key: str, **params: int) -> ft.Text:
    """A ready round plan's chip under the hand sizes, by its accessible name."""
    name = t("setup.choose", setting=t("setting.round_sizes"), option=t(key, **params))
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name)


def is_chosen(chip: ft.Text) -> bool:
    fill = getattr(chip.parent.style, "bgcolor", None) or {}
    return bool(fill.get(ft.ControlState.DEFAULT) == ft.Colors.PRIMARY)


async def test_a_round_plan_tapped_fills_in_the_hand_sizes_for_the_table(
    app: AppUnderTest,
) -> None:
    harness = await app.start("/new/wizard")
    sizes = harness.find(ft.TextField, label=t("setting.round_sizes"))
    full = plan_chip(harness, "setting.round_plan.full", rounds=20)
    assert sizes.value == "" and is_chosen(full)
    await harness.click(plan_chip(harness, "setting.round_plan.every_card", rounds=5, cards=20))
    assert harness.find(ft.TextField, label=t("setting.round_sizes")).value == "20, 20, 20, 20, 20"
    assert is_chosen(plan_chip(harness, "setting.round_plan.every_card", rounds=5, cards=20))
    assert not is_chosen(plan_chip(harness, "setting.round_plan.full", rounds=20))
    # A fourth player: the plans are offered for four (15 cards each), and the list typed
    # for three is no plan of theirs, so no chip is filled until one is tapped.
    await fill_names(harness, ["Ann", "Ben", "Cas"])
    await harness.click(harness.find(ft.TextButton, text=t("setup.add_player")))
    await harness.type(harness.find(ft.TextField, label=t("setup.player_n", n=4)), "Dot")
    every_card = plan_chip(harness, "setting.round_plan.every_card", rounds=5, cards=15)
    assert not is_chosen(every_card)
    await harness.click(every_card)
    await harness.click(start_button(harness))
    [game] = app.keeper.unfinished()
    assert app.keeper.open(game.id).ledger.state.settings["round_sizes"] == [15] * 5
    # The full game again: the field emptied.
    await harness.go("/new/wizard")
    await harness.click(plan_chip(harness, "setting.round_plan.full", rounds=20))
    assert harness.find(ft.TextField, label=t("setting.round_sizes")).value == ""


async def test_a_typed_hand_list_equal_to_a_plan_shows_that_plan_chosen(app: AppUnderTest) -> None:
    harness = await app.start("/new/wizard")
    sizes = harness.find(ft.TextField, label=t("setting.round_sizes"))
    await harness.type(sizes, "20,20, 20, 20,20")
    every_card = ("setting.round_plan.every_card", {"rounds": 5, "cards": 20})
    assert is_chosen(plan_chip(harness, every_card[0], **every_card[1]))
    await harness.type(sizes, "1, 3, 5")
    assert not is_chosen(plan_chip(harness, every_card[0], **every_card[1]))
    assert not is_chosen(plan_chip(harness, "setting.round_plan.full", rounds=20))
    await harness.type(sizes, "1, two")
    assert not is_chosen(plan_chip(harness, "setting.round_plan.full", rounds=20))
