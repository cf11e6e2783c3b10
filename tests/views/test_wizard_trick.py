"""Wizard's trick helper without a browser: on the rules screen, and from a round's banner
seeded with the round's trump and players. Cards are tapped (a suit, then its number; a
Wizard; a Jester), the winner is named with the rule that gave the trick, and a card of
another suit than the one led says when it was right."""

import flet as ft

from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from tests.views.test_wizard_flow import PLAYERS
from views.games.card_picker import CARD_ID
from views.games.trick_helpers import RESULT_ID
from views.games.wizard.trick import FOLLOW_ID
from views.screens.rules import rules_route
from views.shell.i18n import t
from views.shell.widgets import CHIP_SIZE


def named(harness: AppHarness, name: str) -> ft.Text:
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name)


def suit(name: str) -> str:
    return t(f"wizard.suit.{name}")


async def play(harness: AppHarness, player: str, card: str) -> None:
    """Tap `card` for `player` the way a player does: "W", "J", or (number, suit name)."""
    if card == "W":
        await harness.click(named(harness, t("picker.plays", player=player, card="Wizard")))
        return
    if card == "J":
        await harness.click(named(harness, t("picker.plays", player=player, card="Jester")))
        return
    number, suit_key = card.split(" ")
    await harness.click(named(harness, t("picker.suit", suit=suit(suit_key), player=player)))
    name = t("wizard.trick.card_name", number=number, suit=suit(suit_key))
    await harness.click(named(harness, t("picker.plays", player=player, card=name)))


def text_of(harness: AppHarness, identifier: str) -> str:
    return " ".join(harness.texts(within=harness.find(ft.Semantics, identifier=identifier)))


def seat(number: int) -> str:
    return t("wizard.trick.seat", number=number)


async def test_the_rules_screen_judges_a_trick_tapped_in(app: AppUnderTest) -> None:
    harness = await app.start(rules_route("wizard"))
    await harness.click(named(harness, t("wizard.trick.trump_suit", suit=suit("spades"))))
    assert text_of(harness, FOLLOW_ID) == t("wizard.trick.leads_any", player=seat(1))
    await play(harness, seat(1), "7 hearts")
    assert text_of(harness, FOLLOW_ID) == t(
        "wizard.trick.must_follow", player=seat(2), suit=suit("hearts")
    )
    await play(harness, seat(2), "13 hearts")
    assert text_of(harness, RESULT_ID) == t("wizard.trick.waiting")
    await play(harness, seat(3), "2 spades")
    # A spade on a heart lead: right only for a player with no hearts; and it is trump.
    assert t(
        "wizard.trick.off_suit", player=seat(3), card="2\u2660", suit=suit("hearts")
    ) in harness.texts(within=harness.find(ft.Semantics, identifier=CARD_ID.format(seat=2)).parent)
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.highest_trump", player=seat(3), card="2\u2660", suit=suit("spades")
    )


async def test_a_card_taken_back_is_tapped_again_and_a_card_in_the_trick_cannot_be(
    app: AppUnderTest,
) -> None:
    harness = await app.start(rules_route("wizard"))
    await play(harness, seat(1), "7 hearts")
    await harness.click(named(harness, t("picker.suit", suit=suit("hearts"), player=seat(2))))
    seven = named(harness, t("picker.plays", player=seat(2), card="7 of hearts"))
    assert seven.parent.disabled and seven.parent.height == CHIP_SIZE
    await play(harness, seat(2), "W")
    assert text_of(harness, CARD_ID.format(seat=1)) == t(
        "picker.seat_card", player=seat(2), card="Wizard"
    )
    take_back = t("picker.take_back", card="Wizard", player=seat(2))
    await harness.click(harness.find(ft.TextButton, has_text=take_back))
    assert text_of(harness, CARD_ID.format(seat=1)) == t(
        "picker.seat_card", player=seat(2), card="\u2013"
    )
    await play(harness, seat(2), "J")
    await play(harness, seat(3), "1 hearts")
    # No trump chosen: the highest heart, the suit led, wins.
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.highest_led", player=seat(1), card="7\u2665", suit=suit("hearts")
    )


async def test_only_jesters_then_a_wizard_frees_everyone(app: AppUnderTest) -> None:
    harness = await app.start(rules_route("wizard"))
    await harness.click(named(harness, t("rules.players_n", count=4)))
    await play(harness, seat(1), "J")
    assert text_of(harness, FOLLOW_ID) == t("wizard.trick.after_jesters", player=seat(2))
    await play(harness, seat(2), "W")
    assert text_of(harness, FOLLOW_ID) == t("wizard.trick.after_wizard", player=seat(3))
    await play(harness, seat(3), "13 clubs")
    await play(harness, seat(4), "W")
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.first_wizard", player=seat(2), card="Wizard", suit=""
    )


async def test_every_control_of_the_helper_is_named_and_48_px(app: AppUnderTest) -> None:
    harness = await app.start(rules_route("wizard"))
    await harness.click(named(harness, t("picker.suit", suit=suit("hearts"), player=seat(1))))
    buttons = harness.find_all((ft.OutlinedButton, ft.FilledButton))
    assert len(buttons) > 13 + 6
    for button in buttons:
        assert button.height == CHIP_SIZE
        assert isinstance(button.content, ft.Text) and button.content.semantics_label


async def test_the_banner_opens_the_helper_with_the_rounds_trump_and_leader(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0)
    harness = await app.start(f"/game/{game.id}")
    await harness.click(named(harness, t("wizard.turned_suit", suit=suit("hearts"))))
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.trick.open")))
    dialog = harness.dialog()
    # Ann deals: Ben leads the first trick, then the table round from him.
    order = ["Ben", "Cas", "Dot", "Ann"]
    assert [text_of(harness, CARD_ID.format(seat=i)) for i in range(4)] == [
        t("picker.seat_card", player=name, card="\u2013") for name in order
    ]
    hearts_trump = named(harness, t("wizard.trick.trump_suit", suit=suit("hearts")))
    assert hearts_trump.weight == ft.FontWeight.BOLD  # the round's trump, chosen
    await play(harness, "Ben", "12 spades")
    assert text_of(harness, FOLLOW_ID) == t(
        "wizard.trick.must_follow", player="Cas", suit=suit("spades")
    )
    await play(harness, "Cas", "1 hearts")
    await play(harness, "Dot", "13 spades")
    await play(harness, "Ann", "W")
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.first_wizard", player="Ann", card="Wizard", suit=""
    )
    assert "Ann wins with the Wizard" in text_of(harness, RESULT_ID)
    # The winner leads the next trick.
    await harness.click(
        harness.find(ft.OutlinedButton, has_text=t("wizard.trick.next_trick", player="Ann"))
    )
    assert text_of(harness, CARD_ID.format(seat=0)) == t(
        "picker.seat_card", player="Ann", card="\u2013"
    )
    await harness.click(harness.find(ft.TextButton, text=t("wizard.trick.close")))
    assert dialog not in harness.dialogs()


async def test_in_a_round_that_deals_every_card_the_helper_opens_with_no_trump(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [20]})
    harness = await app.start(f"/game/{game.id}")
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.trick.open")))
    assert named(harness, t("wizard.trick.no_trump")).weight == ft.FontWeight.BOLD
    await play(harness, "Ben", "2 clubs")
    await play(harness, "Cas", "13 hearts")
    await play(harness, "Ann", "3 clubs")
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.highest_led", player="Ann", card="3\u2663", suit=suit("clubs")
    )


async def test_after_a_jester_led_the_next_card_sets_the_suit_and_a_trump_beats_it(
    app: AppUnderTest,
) -> None:
    harness = await app.start(rules_route("wizard"))
    await harness.click(named(harness, t("wizard.trick.trump_suit", suit=suit("clubs"))))
    await play(harness, seat(1), "J")
    await play(harness, seat(2), "5 hearts")
    assert text_of(harness, FOLLOW_ID) == t(
        "wizard.trick.must_follow", player=seat(3), suit=suit("hearts")
    )
    await play(harness, seat(3), "2 clubs")
    # A Jester led, the 5 of hearts set the suit; the 2 of clubs is trump and wins.
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.highest_trump", player=seat(3), card="2\u2663", suit=suit("clubs")
    )


async def test_the_banners_trump_wins_a_trick_of_the_led_suit_and_a_wizard_the_next(
    app: AppUnderTest,
) -> None:
    """Three players, Ann dealing: the spade turned up in the banner is the helper's trump,
    the winner of a trick leads the next, and closing the helper leaves the round."""
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [3, 2]})
    harness = await app.start(f"/game/{game.id}")
    await harness.click(named(harness, t("wizard.turned_suit", suit=suit("spades"))))
    assert text_of(harness, "trump") == t("wizard.trump_line", suit=f"\u2660 {suit('spades')}")
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.trick.open")))
    dialog = harness.dialog()
    assert text_of(harness, FOLLOW_ID) == t("wizard.trick.leads_any", player="Ben")
    await play(harness, "Ben", "12 hearts")
    assert text_of(harness, FOLLOW_ID) == t(
        "wizard.trick.must_follow", player="Cas", suit=suit("hearts")
    )
    await play(harness, "Cas", "1 spades")
    await play(harness, "Ann", "13 hearts")
    # Spades are trump, from the banner: Cas's 1 of spades beats both hearts.
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.highest_trump", player="Cas", card="1\u2660", suit=suit("spades")
    )
    off_suit = t("wizard.trick.off_suit", player="Cas", card="1\u2660", suit=suit("hearts"))
    assert off_suit in harness.texts(within=dialog)
    await harness.click(
        harness.find(ft.OutlinedButton, has_text=t("wizard.trick.next_trick", player="Cas"))
    )
    await play(harness, "Cas", "5 spades")
    await play(harness, "Ann", "W")
    await play(harness, "Ben", "6 spades")
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.first_wizard", player="Ann", card="Wizard", suit=""
    )
    await harness.click(harness.find(ft.TextButton, text=t("wizard.trick.close")))
    assert dialog not in harness.dialogs()
    assert not harness.find_all(ft.TextButton, text=t("wizard.trick.close"))


async def test_a_standard_pack_game_shows_its_faces_and_the_ace_as_highest(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("wizard", PLAYERS, first_dealer=0, settings={"deck": "standard"})
    harness = await app.start(f"/game/{game.id}")
    await harness.click(named(harness, t("wizard.turned_suit", suit=suit("hearts"))))
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.trick.open")))
    assert text_of(harness, "trick-highest") == t("wizard.trick.highest", card="A")
    # The numbers of the rules, shown as the pack marks them: 13 is the ace, 10 the jack.
    await play(harness, "Ben", "A spades")
    await play(harness, "Cas", "J hearts")
    await play(harness, "Dot", "K spades")
    await play(harness, "Ann", "2 spades")
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.highest_trump", player="Cas", card="J\u2665", suit=suit("hearts")
    )


async def test_the_rules_screen_helper_takes_the_marks_of_the_deck_at_hand(
    app: AppUnderTest,
) -> None:
    harness = await app.start(rules_route("wizard"))
    assert text_of(harness, "trick-highest") == t("wizard.trick.highest", card="13")
    label = t("setting.deck")
    standard = t("setting.deck.standard")
    await harness.click(named(harness, t("setup.choose", setting=label, option=standard)))
    assert text_of(harness, "trick-highest") == t("wizard.trick.highest", card="A")
    await play(harness, seat(1), "Q hearts")
    assert text_of(harness, CARD_ID.format(seat=0)) == t(
        "picker.seat_card", player=seat(1), card="Q\u2665"
    )


async def play_special(harness: AppHarness, player: str, card_key: str, suit_key: str = "") -> None:
    """Tap a special card: its chip, or (the Juggler, the Cloud) a suit and then its chip."""
    card = t(card_key)
    if suit_key:
        await harness.click(named(harness, t("picker.suit", suit=suit(suit_key), player=player)))
        card = t("wizard.trick.special_in", card=card, suit=suit(suit_key))
    await harness.click(named(harness, t("picker.plays", player=player, card=card)))


async def anniversary_helper(app: AppUnderTest) -> AppHarness:
    """The trick helper of a game of three with the 20th-anniversary cards, opened."""
    game = app.keeper.start("wizard", PLAYERS[:3], 0, {"anniversary_cards": True})
    harness = await app.start(f"/game/{game.id}")
    await harness.click(harness.find(ft.IconButton, tooltip=t("wizard.trick.open")))
    return harness


async def test_with_the_anniversary_cards_the_helper_offers_and_judges_them(
    app: AppUnderTest,
) -> None:
    harness = await anniversary_helper(app)
    # Ben leads the Dragon; Cas a Wizard; Ann the Fairy, which beats the Dragon.
    await play_special(harness, "Ben", "wizard.card.dragon")
    assert text_of(harness, FOLLOW_ID) == t("wizard.trick.after_dragon", player="Cas")
    await play(harness, "Cas", "W")
    await play_special(harness, "Ann", "wizard.card.fairy")
    assert text_of(harness, RESULT_ID) == t("wizard.trick.fairy", player="Ann")
    # Taken back: a 13 in its place, and the Dragon wins, Wizard and all.
    fairy = t("wizard.card.fairy")
    await harness.click(
        harness.find(ft.TextButton, has_text=t("picker.take_back", card=fairy, player="Ann"))
    )
    await play(harness, "Ann", "13 hearts")
    assert text_of(harness, RESULT_ID) == t("wizard.trick.dragon", player="Ben")
    # The Shapeshifter is not in this game's deck: no chip offers it.
    for shifted in ("wizard.card.shapeshifter_wizard", "wizard.card.shapeshifter_jester"):
        name = t("picker.plays", player="Ben", card=t(shifted))
        assert not harness.find_all(ft.Text, where=lambda c, name=name: c.semantics_label == name)


async def test_the_bomb_gives_the_trick_to_nobody_and_the_juggler_ranks_between_7_and_8(
    app: AppUnderTest,
) -> None:
    harness = await anniversary_helper(app)
    await play(harness, "Ben", "7 hearts")
    await play_special(harness, "Cas", "wizard.card.juggler", "hearts")
    await play_special(harness, "Ann", "wizard.card.bomb")
    juggler = t("wizard.card.juggler") + "\u2665"
    assert text_of(harness, RESULT_ID) == "\n".join(
        [t("wizard.trick.bomb", player="Cas", card=juggler), t("wizard.trick.juggler")]
    )
    # Nobody takes it; Cas, who would have, leads the next trick.
    await harness.click(
        harness.find(ft.OutlinedButton, has_text=t("wizard.trick.next_trick", player="Cas"))
    )
    assert text_of(harness, CARD_ID.format(seat=0)) == t(
        "picker.seat_card", player="Cas", card="\u2013"
    )


async def test_the_rules_screen_turns_the_special_cards_on(app: AppUnderTest) -> None:
    harness = await app.start(rules_route("wizard"))
    shapeshifter = t("picker.plays", player=seat(1), card=t("wizard.card.shapeshifter_wizard"))
    assert not harness.find_all(ft.Text, where=lambda c: c.semantics_label == shapeshifter)
    switch = harness.find(ft.Switch, label=t("setting.shapeshifter"))
    assert switch.height == CHIP_SIZE
    await harness.toggle(switch)
    await harness.click(named(harness, shapeshifter))
    await play(harness, seat(2), "W")
    await play(harness, seat(3), "13 spades")
    assert text_of(harness, RESULT_ID) == t(
        "wizard.trick.first_wizard",
        player=seat(1),
        card=t("wizard.card.shapeshifter_wizard"),
        suit="",
    )
