"""A Colour-blind deal through the screens, without a browser, on a real SQLite file."""

import flet as ft

from scorers import colour_blind
from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.games.colour_blind.entry import card_name
from views.shell.i18n import t

PLAYERS = ["Ann", "Ben", "Cas"]
# Laid in this order: King of clubs ends up at the uncovered end. 7 red, 6 black: red is good.
ROW = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]


def labelled(harness: AppHarness, name: str) -> ft.Text:
    """A card or button text by its accessible name."""
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name)


def button_of(harness: AppHarness, rank: ft.Control) -> ft.OutlinedButton:
    """The card button whose face shows this rank text."""
    return harness.find(ft.OutlinedButton, where=lambda c: c.content is rank.parent)


def picker_card(harness: AppHarness, card: str) -> ft.Text:
    return labelled(harness, t("colour_blind.add_card", card=card_name(card)))


async def lay(harness: AppHarness, cards: list[str]) -> None:
    for card in cards:
        await harness.click(picker_card(harness, card))


def line_card(harness: AppHarness, player: str, card: str) -> ft.Text:
    """The card in `player`'s line, whatever its state (named for the player either way)."""
    spoken = card_name(card)
    keys = ("colour_blind.give_card", "colour_blind.took", "colour_blind.filled_card")
    names = {t(key, card=spoken, player=player) for key in keys} | {
        t("colour_blind.give_card_from", card=spoken, player=player, other=other)
        for other in PLAYERS
    }
    return harness.find(ft.Text, where=lambda c: c.semantics_label in names)


async def give(harness: AppHarness, player: str, card: str) -> None:
    await harness.click(line_card(harness, player, card))


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


def draft(app: AppUnderTest, game_id: str) -> dict:
    return dict(app.keeper.open(game_id).ledger.state.draft or {})


async def start_game(app: AppUnderTest, **settings: object) -> tuple[AppHarness, str]:
    game = app.keeper.start("colour_blind", PLAYERS, first_dealer=0, settings=settings or None)
    harness = await app.start(f"/game/{game.id}")
    return harness, game.id


async def test_the_row_is_laid_in_order_and_used_cards_cannot_be_picked(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    banner = shown(harness, "banner")
    assert t("banner.deal", number=1) in banner and t("banner.target", target=100) in banner
    await lay(harness, ["AH", "2D", "3H"])
    assert draft(app, game_id)["row"] == ["AH", "2D", "3H"]
    assert button_of(harness, picker_card(harness, "AH")).disabled
    assert not button_of(harness, picker_card(harness, "AS")).disabled
    assert t("colour_blind.row_title", count=3, cards=13) in harness.texts()
    await harness.click(harness.find(ft.OutlinedButton, text=t("colour_blind.remove_last")))
    assert draft(app, game_id)["row"] == ["AH", "2D"]
    assert not button_of(harness, picker_card(harness, "3H")).disabled


async def test_a_stale_tap_on_a_laid_card_is_refused_with_the_rules_message(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ["AH"])
    # A second tap that reached the app before the picker greyed the card out.
    await harness.dispatch(button_of(harness, picker_card(harness, "AH")), "click")
    # The refusal writes the card as the app shows cards: "A♥ is in the row twice."
    assert t("colour_blind.row_duplicate", card="A\u2665") in harness.texts()
    assert draft(app, game_id)["row"] == ["AH"]


async def test_the_good_colour_shows_once_the_row_holds_thirteen_cards(
    app: AppUnderTest,
) -> None:
    harness, _ = await start_game(app)
    await lay(harness, ROW[:12])
    assert not harness.find_all(ft.Semantics, identifier="good-colour")
    await lay(harness, ROW[12:])
    good = colour_blind.good_colour(ROW)
    bad = "black" if good == "red" else "red"
    expected = t(
        "colour_blind.good_line", good=t(f"colour_blind.{good}"), bad=t(f"colour_blind.{bad}")
    )
    assert shown(harness, "good-colour") == expected
    assert not harness.find_all(
        ft.Text,
        where=lambda c: c.semantics_label == t("colour_blind.add_card", card=card_name("AS")),
    )
    assert labelled(harness, t("colour_blind.give_card", card=card_name("KC"), player="Ann"))
    # Until a card is given, the last row card can still be taken back.
    assert harness.find(ft.OutlinedButton, text=t("colour_blind.remove_last"))


async def test_a_tap_gives_a_card_a_second_tap_keeps_it_and_undo_takes_it_back(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    # Trick by trick: the first trick takes the uncovered end, the King of clubs.
    await give(harness, "Ben", "KC")
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [1]
    await give(harness, "Ben", "KC")  # a double tap never erases
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [1]
    assert not harness.find_all(ft.OutlinedButton, text=t("colour_blind.remove_last"))
    await give(harness, "Cas", "KC")  # given to the wrong player: moved
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [2]
    # Undo says the card as the app shows cards, with its suit sign: "Cas taking K♣".
    taking = t("colour_blind.change.captor", player="Cas", card="K\u2663")
    undo = t("undo.undo", what=t("undo.change_deal", change=taking, number=1))
    await harness.click(harness.find(ft.TextButton, has_text=undo))
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [1]


async def test_a_card_tapped_as_it_changes_hands_is_not_lost(app: AppUnderTest) -> None:
    """A tap reaches the server addressed to the card the phone drew: Ben's King tapped just
    after it went to Cas, before the phone drew that, still gives it back to Ben."""
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    await give(harness, "Ben", "KC")
    bens_king_drawn = harness.tap_target_id(line_card(harness, "Ben", "KC"))
    await give(harness, "Cas", "KC")
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [2]
    await harness.click_drawn(bens_king_drawn)
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [1]


async def test_a_card_another_player_holds_is_faint_in_the_other_lines(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    await lay(harness, ROW)
    await give(harness, "Ben", "KC")
    # Ann's and Cas's lines show Ben's King faint, not struck through; still one tap to move.
    for player in ("Ann", "Cas"):
        name = t("colour_blind.give_card_from", card=card_name("KC"), player=player, other="Ben")
        rank = labelled(harness, name)
        assert button_of(harness, rank).opacity < 0.5
        assert rank.style is None
    # The cards still to give, in every line, are drawn in full.
    free = labelled(harness, t("colour_blind.give_card", card=card_name("QS"), player="Ann"))
    assert button_of(harness, free).opacity == 1.0


async def test_live_lines_show_good_minus_bad_and_the_floor_at_zero(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    await lay(harness, ROW)
    # KC (13, bad) to Ann; QS, JC, 7H, 6D to Ben (12 + 11 bad, 7 + 6 good).
    await give(harness, "Ann", "KC")
    for card in ["QS", "JC", "7H", "6D"]:
        await give(harness, "Ben", card)
    assert shown(harness, "live-0") == "Ann: 0 \u2212 13 = \u221213, scores 0"
    assert shown(harness, "live-1") == "Ben: 13 \u2212 23 = \u221210, scores 0"
    # Cas, given no card, takes the rest: 10S, 9C, 8S bad; 5H, 4D, 3H, 2D, AH good.
    assert shown(harness, "live-2") == "Cas: 15 \u2212 27 = \u221212, scores 0"
    assert shown(harness, "filled-in") == t("colour_blind.filled_in")
    assert labelled(harness, t("colour_blind.filled_card", card=card_name("AH"), player="Cas"))


def captors(winners: list[str]) -> list[int]:
    """Who captured each row card, row order, from the trick winners in play order."""
    return [PLAYERS.index(player) for player in reversed(winners)]


WINNERS = [
    "Ann",
    "Ben",
    "Cas",
    "Ann",
    "Ann",
    "Ben",
    "Cas",
    "Cas",
    "Ann",
    "Ben",
    "Ann",
    "Ben",
    "Cas",
]
"""13 tricks, the most even split there is (5, 4, 4): the most taps a deal can need."""


async def test_a_deal_takes_at_most_22_taps_and_keeps_every_trick(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    taps = 0
    for card in ROW:
        await harness.click(picker_card(harness, card))
        taps += 1
    # After the deal: Ben's and Cas's cards; Ann, who took the most, is filled in.
    taken = captors(WINNERS)
    for seat in (1, 2):
        for card, captor in zip(ROW, taken, strict=True):
            if captor == seat:
                await give(harness, PLAYERS[seat], card)
                taps += 1
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    taps += 1
    print(f"Colour-blind deal: {taps} taps")
    assert taps <= 22
    state = app.keeper.open(game_id).ledger.state
    assert list(state.rounds[0].entry["captured_by"]) == taken
    good = colour_blind.good_colour(ROW)
    expected = [
        colour_blind.deal_parts(
            [c for c, s in zip(ROW, taken, strict=True) if s == seat], good
        ).score
        for seat in range(3)
    ]
    assert state.totals == tuple(expected)
    for seat, points in enumerate(expected):
        assert shown(harness, f"total-{seat}") == str(points)
        assert shown(harness, f"cell-1-{seat}") == str(points)
    # The banner and undo name the same thing: a deal.
    assert t("banner.deal", number=2) in shown(harness, "banner")
    undo = t("undo.undo", what=t("undo.score_deal", number=1))
    assert harness.find_all(ft.TextButton, has_text=undo)
    assert t("colour_blind.row_title", count=0, cards=13) in harness.texts()


async def test_reopening_mid_deal_shows_the_cards_given(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    for player, card in [("Ann", "KC"), ("Ben", "QS"), ("Cas", "JC"), ("Ann", "10S")]:
        await give(harness, player, card)
    await harness.close()
    async with AppHarness() as fresh:
        again = AppUnderTest(fresh, GameKeeper(keeper.store), app.screen_awake)
        reopened = await again.start(f"/game/{game_id}")
        assert labelled(reopened, t("colour_blind.took", card=card_name("QS"), player="Ben"))
        # Ann holds KC and 10S, both bad: 0 - 23.
        assert shown(reopened, "live-0") == "Ann: 0 \u2212 23 = \u221223, scores 0"


async def test_tied_on_top_at_the_target_means_another_deal(app: AppUnderTest) -> None:
    game = app.keeper.start("colour_blind", PLAYERS, first_dealer=0, settings={"target": 5})
    # Ann: AH + 4D = 5, Ben: 2D + 3H = 5, Cas: the rest (bad outweighs good): 0.
    owners = {"AH": 0, "4D": 0, "2D": 1, "3H": 1}
    entry = {"row": ROW, "captured_by": [owners.get(card, 2) for card in ROW]}
    game = app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    assert game.ledger.state.totals == (5, 5, 0)
    harness = await app.start(f"/game/{game.id}")
    assert shown(harness, "banner-note") == t("colour_blind.tied_on_top", total=5)
    assert t("banner.deal", number=2) in shown(harness, "banner")
    # The sheet shows each deal as good sum minus bad sum.
    texts = harness.texts()
    assert texts.count("5\u22120") == 2 and "18\u221263" in texts


async def test_the_pack_shows_each_suit_on_lines_of_its_own(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    for suit in colour_blind.SUITS:
        group = harness.find(ft.Row, where=lambda c, suit=suit: c.key == f"suit-{suit}")
        names = [label.semantics_label for label in harness.find_all(ft.Text, within=group)]
        cards = [rank + suit for rank in colour_blind.RANKS]
        assert names == [t("colour_blind.add_card", card=card_name(card)) for card in cards]
