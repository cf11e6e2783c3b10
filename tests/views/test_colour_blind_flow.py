"""A Colour-blind deal through the screens, without a browser, on a real SQLite file."""

import flet as ft

from scorers import colour_blind
from scorers.ledger import Action
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.colour_blind_entry import card_name
from views.i18n import t
from views.widgets import points_text

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


async def won(harness: AppHarness, player: str) -> None:
    await harness.click(
        harness.find(ft.FilledButton, text=t("colour_blind.won_trick", player=player))
    )


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


def draft(app: AppUnderTest, game_id: str) -> dict:
    return dict(app.keeper.open(game_id).ledger.state.draft or {})


def next_card_text(card: str) -> str:
    return t("colour_blind.next_card", card=card_name(card))


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
    assert t("colour_blind.row_duplicate", card="AH") in harness.texts()
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
    assert shown(harness, "next-card") == next_card_text("KC")


async def test_trick_taps_capture_from_the_uncovered_end_and_undo_puts_back(
    app: AppUnderTest,
) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    await won(harness, "Ben")
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [1]
    assert shown(harness, "next-card") == next_card_text("QS")
    assert harness.find(ft.OutlinedButton, text=t("colour_blind.remove_last")).disabled
    taken = t("colour_blind.taken_by", card=card_name("KC"), player="Ben")
    assert labelled(harness, t("colour_blind.choose_card", card=taken))
    await won(harness, "Cas")
    assert draft(app, game_id)["captured_by"] == [None] * 11 + [2, 1]
    taking = t("colour_blind.change.captor", player="Cas", card="QS")
    undo = t("undo.undo", what=t("undo.change", change=taking, number=1))
    await harness.click(harness.find(ft.TextButton, has_text=undo))
    assert draft(app, game_id)["captured_by"] == [None] * 12 + [1]
    assert shown(harness, "next-card") == next_card_text("QS")


async def test_a_card_taken_out_of_turn_is_given_directly(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    await harness.click(labelled(harness, t("colour_blind.choose_card", card=card_name("5H"))))
    assert t("colour_blind.who_took", card=card_name("5H")) in harness.texts()
    await harness.click(
        harness.find(
            ft.FilledButton, text=t("colour_blind.give_card", card=card_name("5H"), player="Cas")
        )
    )
    captured_by = draft(app, game_id)["captured_by"]
    assert captured_by[ROW.index("5H")] == 2
    assert captured_by.count(None) == 12
    # The uncovered end is still next; given cards can be put back.
    assert shown(harness, "next-card") == next_card_text("KC")
    taken = t("colour_blind.taken_by", card=card_name("5H"), player="Cas")
    await harness.click(labelled(harness, t("colour_blind.choose_card", card=taken)))
    await harness.click(
        harness.find(ft.OutlinedButton, text=t("colour_blind.put_back", card=card_name("5H")))
    )
    assert draft(app, game_id)["captured_by"] == [None] * 13


async def test_live_lines_show_good_minus_bad_and_the_floor_at_zero(app: AppUnderTest) -> None:
    harness, _ = await start_game(app)
    await lay(harness, ROW)
    # KC (13, bad) to Ann; QS, JC to Ben; 10S, 9C, 8S to Cas; 7H, 6D (good) to Ben.
    for player in ["Ann", "Ben", "Ben", "Cas", "Cas", "Cas", "Ben", "Ben"]:
        await won(harness, player)
    assert shown(harness, "live-0") == "0 \u2212 13 = \u221213, scores 0"
    assert shown(harness, "live-1") == "13 \u2212 23 = \u221210, scores 0"
    # Ann gets the rest: 5H, 4D, 3H, 2D, AH = 15 good.
    for _ in range(5):
        await won(harness, "Ann")
    assert shown(harness, "live-0") == "15 \u2212 13 = 2"
    assert shown(harness, "next-card") == t("colour_blind.all_taken")


async def test_a_scored_deal_matches_the_rules(app: AppUnderTest) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    winners = [
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
        "Ann",
        "Cas",
    ]
    for player in winners:
        await won(harness, player)
    await harness.click(harness.find(ft.FilledButton, text=t("entry.score_round")))
    good = colour_blind.good_colour(ROW)
    # The trick winners take the row from its uncovered end.
    taken = dict(zip(reversed(ROW), winners, strict=True))
    expected = [
        colour_blind.round_score([c for c, p in taken.items() if p == player], good)
        for player in PLAYERS
    ]
    assert any(expected)
    for seat, points in enumerate(expected):
        assert shown(harness, f"total-{seat}") == points_text(points)
        assert shown(harness, f"cell-1-{seat}") == points_text(points)
    assert app.keeper.open(game_id).ledger.state.totals == tuple(expected)
    assert t("banner.deal", number=2) in shown(harness, "banner")
    assert t("colour_blind.row_title", count=0, cards=13) in harness.texts()


async def test_reopening_mid_deal_shows_the_half_taken_row(
    app: AppUnderTest, keeper: GameKeeper
) -> None:
    harness, game_id = await start_game(app)
    await lay(harness, ROW)
    for player in ["Ann", "Ben", "Cas", "Ann"]:
        await won(harness, player)
    await harness.close()
    async with AppHarness() as fresh:
        again = AppUnderTest(fresh, GameKeeper(keeper.store), app.screen_awake)
        reopened = await again.start(f"/game/{game_id}")
        assert shown(reopened, "next-card") == next_card_text("9C")
        taken = t("colour_blind.taken_by", card=card_name("QS"), player="Ben")
        assert labelled(reopened, t("colour_blind.choose_card", card=taken))
        # Ann holds KC and 10S, both bad: 0 - 23.
        assert shown(reopened, "live-0") == "0 \u2212 23 = \u221223, scores 0"


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
