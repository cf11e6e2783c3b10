"""The round's trump in Wizard's banner, without a browser, on a real SQLite file: the card
turned up tapped in, shown while bids and tricks are entered and on the sheet, saved,
undone and corrected like any other field of the round."""

import re

import flet as ft

from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest, RecordingScreenAwake
from tests.views.test_wizard_flow import PLAYERS, on_the_tricks, shown, undo
from tests.views.wizard_steps import bid, chip, took
from views.games.wizard.trump import TRUMP_ID
from views.shell.i18n import t
from views.shell.widgets import CHIP_SIZE, RED_INK

SUITS = ["wizard.suit.spades", "wizard.suit.hearts", "wizard.suit.diamonds", "wizard.suit.clubs"]


def sheet_trump(suit: str) -> str:
    return t("wizard.sheet_trump", suit=t(f"wizard.suit.{suit}"))


def trump_shown(harness: AppHarness) -> str:
    """The trump line as drawn (its suit sign a span of its own when it is red)."""
    [line] = harness.texts(within=harness.find(ft.Semantics, identifier=TRUMP_ID))
    return line


def hearts() -> str:
    return "\u2665 " + t("wizard.suit.hearts")


async def turn_up(harness: AppHarness, name: str) -> None:
    """Tap the chip of the card turned up (or the dealer's suit), by its accessible name."""
    await harness.click(chip(harness, name))


def has_chip(harness: AppHarness, name: str) -> bool:
    return bool(harness.find_all(ft.Text, where=lambda c: c.semantics_label == name))


async def start(app: AppUnderTest, **settings: object) -> tuple[AppHarness, str]:
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0, settings=settings or None)
    return await app.start(f"/game/{game.id}"), game.id


async def test_a_suit_turned_up_is_saved_shown_and_its_chips_fold_away(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, game_id = await start(app)
    assert trump_shown(harness) == t("wizard.trump_not_entered")
    hearts_chip = t("wizard.turned_suit", suit=t("wizard.suit.hearts"))
    assert chip(harness, hearts_chip).parent.height == CHIP_SIZE
    # Every card that can turn up in sight: the chips wrap, never scroll sideways.
    line = chip(harness, hearts_chip).parent.parent
    assert isinstance(line, ft.Row) and line.wrap and not line.scroll
    await turn_up(harness, hearts_chip)
    assert trump_shown(harness) == t("wizard.trump_line", suit=hearts())
    assert not has_chip(harness, hearts_chip)
    assert keeper.open(game_id).ledger.state.draft["trump"] == "H"
    # Still in sight on the tricks step.
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    on_the_tricks(harness)
    assert trump_shown(harness) == t("wizard.trump_line", suit=hearts())


async def test_a_wizard_turned_up_asks_the_dealers_suit_and_scoring_waits_for_it(
    app: AppUnderTest,
) -> None:
    harness, _ = await start(app)
    await turn_up(harness, t("wizard.turned_wizard", dealer="Ann"))
    assert trump_shown(harness) == t("wizard.trump_wizard_pending", dealer="Ann")
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    on_the_tricks(harness)
    for player, count in [("Ben", 1), ("Cas", 0), ("Dot", 0), ("Ann", 0)]:
        await took(harness, player, count)
    score = harness.find(ft.FilledButton, text=t("entry.score_round"))
    assert score.disabled
    assert t("wizard.trump_suit_missing", dealer="Ann") == shown(harness, "entry-hint")
    # The dealer picks among four suits, never no trump.
    picks = [t("wizard.dealer_picks", dealer="Ann", suit=t(key)) for key in SUITS]
    assert all(has_chip(harness, name) for name in picks)
    assert not has_chip(harness, t("wizard.turned_jester"))
    await turn_up(harness, picks[0])
    spades = "\u2660 " + t("wizard.suit.spades")
    assert trump_shown(harness) == t("wizard.trump_wizard_line", suit=spades, dealer="Ann")
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert chip(harness, t("sheet.edit_round_marked", number=1, mark=sheet_trump("spades")))


async def test_the_trump_is_one_undo_step_named_by_its_suit(app: AppUnderTest) -> None:
    harness, _ = await start(app)
    await turn_up(harness, t("wizard.turned_suit", suit=t("wizard.suit.hearts")))
    await undo(
        harness,
        t("undo.change", change=t("wizard.change.trump", suit=hearts()), number=1),
    )
    assert trump_shown(harness) == t("wizard.trump_not_entered")


async def test_clearing_and_changing_the_trump_are_taps_too(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, game_id = await start(app)
    await turn_up(harness, t("wizard.turned_jester"))
    assert trump_shown(harness) == t("wizard.trump_jester_line")
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.change_trump")))
    await turn_up(harness, t("wizard.turned_suit", suit=t("wizard.suit.clubs")))
    assert keeper.open(game_id).ledger.state.draft["trump"] == "C"
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.clear_trump")))
    assert trump_shown(harness) == t("wizard.trump_not_entered")
    assert "trump" not in keeper.open(game_id).ledger.state.draft
    await undo(harness, t("undo.change", change=t("wizard.change.trump_cleared"), number=1))
    assert keeper.open(game_id).ledger.state.draft["trump"] == "C"


async def test_the_round_that_deals_every_card_says_no_trump_and_asks_nothing(
    app: AppUnderTest,
) -> None:
    harness, _ = await start(app, round_sizes=[15])
    # The reminder says it; the banner adds nothing (the screen is full with 15 cards each).
    assert shown(harness, "reminder") == t("wizard.no_trump", cards=15, first="Ben")
    assert not harness.find_all(ft.Semantics, identifier=TRUMP_ID)
    assert not has_chip(harness, t("wizard.turned_jester"))


async def test_the_sheet_marks_each_rounds_trump_and_a_correction_changes_it(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0)
    rounds = [
        {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0], "cloud": None, "trump": "H"},
        {"bids": [0, 0, 1, 1], "tricks": [0, 0, 1, 1], "cloud": None, "trump": "J"},
        {"bids": [0, 0, 0, 3], "tricks": [0, 0, 0, 3], "cloud": None},
    ]
    for number, entry in enumerate(rounds, start=1):
        game = app.keeper.apply(game, Action("score", {"round": number, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")
    assert chip(harness, t("sheet.edit_round_marked", number=1, mark=sheet_trump("hearts")))
    assert chip(harness, t("sheet.edit_round_marked", number=2, mark=t("wizard.sheet_no_trump")))
    # A round with no trump entered keeps its plain name.
    assert chip(harness, t("sheet.edit_round", number=3))
    first = t("sheet.edit_round_marked", number=1, mark=sheet_trump("hearts"))
    await harness.click(chip(harness, first))
    assert trump_shown(harness) == t("wizard.trump_line", suit=hearts())
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.change_trump")))
    await turn_up(harness, t("wizard.turned_suit", suit=t("wizard.suit.diamonds")))
    await harness.click(harness.find(ft.FilledButton, text=t("entry.save_correction")))
    assert chip(harness, t("sheet.edit_round_marked", number=1, mark=sheet_trump("diamonds")))
    assert app.keeper.open(game.id).ledger.state.rounds[0].entry["trump"] == "D"


async def test_a_phone_held_sideways_says_no_trump_in_the_round_that_deals_every_card(
    keeper: GameKeeper, screen_awake: RecordingScreenAwake
) -> None:
    game = keeper.start("wizard", PLAYERS, first_dealer=0, settings={"round_sizes": [15]})
    async with AppHarness(width=844, height=390) as sideways:
        app = AppUnderTest(sideways, keeper, screen_awake)
        harness = await app.start(f"/game/{game.id}")
        assert not harness.find_all(ft.Semantics, identifier="reminder")
        assert trump_shown(harness) == t("wizard.trump_all_dealt_line")
        assert not has_chip(harness, t("wizard.turned_jester"))


async def test_a_rounds_trump_marks_it_on_the_sheet_and_the_next_rounds_is_kept(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    """Three players, hands of 1 and 2, Ann dealing first: hearts turned up and the round
    played; then Ben deals, a Wizard turns up and Ben picks spades, which a phone opening
    the game again finds."""
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1, 2]})
    harness = await app.start(f"/game/{game.id}")
    await turn_up(harness, t("wizard.turned_suit", suit=t("wizard.suit.hearts")))
    assert trump_shown(harness) == t("wizard.trump_line", suit=hearts())
    # Folded away once entered: a button changes it, and the chips are gone.
    assert harness.find(ft.IconButton, tooltip=t("wizard.change_trump"))
    assert not has_chip(harness, t("wizard.turned_jester"))
    for player, count in [("Ben", 1), ("Cas", 0), ("Ann", 0)]:
        await bid(harness, player, count)
    for player, count in [("Ben", 1), ("Cas", 0)]:
        await took(harness, player, count)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    assert chip(harness, t("sheet.edit_round_marked", number=1, mark=sheet_trump("hearts")))

    assert trump_shown(harness) == t("wizard.trump_not_entered")
    await turn_up(harness, t("wizard.turned_wizard", dealer="Ben"))
    assert trump_shown(harness) == t("wizard.trump_wizard_pending", dealer="Ben")
    await turn_up(harness, t("wizard.dealer_picks", dealer="Ben", suit=t("wizard.suit.spades")))
    spades = "\u2660 " + t("wizard.suit.spades")
    picked = t("wizard.trump_wizard_line", suit=spades, dealer="Ben")
    assert trump_shown(harness) == picked
    async with AppHarness() as fresh:
        again = AppUnderTest(fresh, GameKeeper(keeper.store), app.screen_awake)
        reopened = await again.start(f"/game/{game.id}")
        assert trump_shown(reopened) == picked


def inks(text: ft.Text) -> list[tuple[str, str | None]]:
    """Each run of a text as drawn, with its colour (None: the text's own)."""
    if not text.spans:
        return [(text.value, text.color)]
    return [(span.text, span.style.color if span.style else None) for span in text.spans]


async def test_hearts_and_diamonds_are_red_wherever_a_suit_sign_is_drawn(
    app: AppUnderTest,
) -> None:
    """Issue 39 (7): "Trump: ♥ hearts" was drawn black; a pack prints hearts and diamonds
    red. The trump line, the sheet's mark of a round's trump and the undo that names it."""
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0)
    entry = {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0], "cloud": None, "trump": "D"}
    game = app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")
    await turn_up(harness, t("wizard.turned_suit", suit=t("wizard.suit.hearts")))
    [line] = harness.find_all(ft.Text, within=harness.find(ft.Semantics, identifier=TRUMP_ID))
    before, after = t("wizard.trump_line", suit=hearts()).split("\u2665")
    assert inks(line) == [(before, None), ("\u2665", RED_INK), (after, None)]
    assert line.semantics_label == t("wizard.trump_line", suit=hearts())

    marked = t("sheet.edit_round_marked", number=1, mark=sheet_trump("diamonds"))
    assert inks(chip(harness, marked)) == [("1 ", None), ("\u2666", RED_INK)]

    undo = harness.find(ft.TextButton, has_text=re.compile("\u2665"))
    assert ("\u2665", RED_INK) in inks(undo.content)
    assert all(colour is None for text, colour in inks(undo.content) if "\u2665" not in text)

    # A black suit keeps the text's own ink.
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.change_trump")))
    await turn_up(harness, t("wizard.turned_suit", suit=t("wizard.suit.spades")))
    [line] = harness.find_all(ft.Text, within=harness.find(ft.Semantics, identifier=TRUMP_ID))
    spades = t("wizard.trump_line", suit="\u2660 " + t("wizard.suit.spades"))
    assert inks(line) == [(spades, None)]


async def test_the_werewolf_is_offered_with_the_anniversary_cards_and_its_holder_names_trump(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, _ = await start(app)
    assert not has_chip(harness, t("wizard.turned_werewolf"))
    harness, game_id = await start(app, anniversary_cards=True)
    await turn_up(harness, t("wizard.turned_werewolf"))
    assert trump_shown(harness) == t("wizard.trump_werewolf_pending")
    assert keeper.open(game_id).ledger.state.draft["trump"] == "WF"
    await turn_up(harness, t("wizard.werewolf_names", suit=t("wizard.suit.hearts")))
    assert trump_shown(harness) == t("wizard.trump_werewolf_line", suit=hearts())
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.change_trump")))
    await turn_up(harness, t("wizard.turned_werewolf"))
    await turn_up(harness, t("wizard.werewolf_names_no_trump"))
    assert trump_shown(harness) == t("wizard.trump_werewolf_no_trump")
    assert keeper.open(game_id).ledger.state.draft["trump"] == "WFN"


async def test_the_last_round_is_marked_no_trump_only_when_it_dealt_every_card(
    app: AppUnderTest,
) -> None:
    """At four, 15 cards each deal the 60 of the base deck: no card turns up, and the
    sheet marks the round no trump with nothing entered. With the anniversary cards six
    are left, one turns up: a round with nothing entered keeps its plain name."""
    entry = {"bids": [0, 0, 0, 15], "tricks": [0, 0, 0, 15], "cloud": None}
    names = []
    for settings in ({}, {"anniversary_cards": True}):
        game = app.keeper.start("wizard", PLAYERS, 0, {"round_sizes": [15], **settings})
        app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
        harness = await app.start(f"/game/{game.id}")
        names.append(
            [
                name
                for name in (
                    t("sheet.edit_round_marked", number=1, mark=t("wizard.sheet_no_trump")),
                    t("sheet.edit_round", number=1),
                )
                if harness.find_all(ft.Text, where=lambda c, name=name: c.semantics_label == name)
            ]
        )
    assert names == [
        [t("sheet.edit_round_marked", number=1, mark=t("wizard.sheet_no_trump"))],
        [t("sheet.edit_round", number=1)],
    ]
