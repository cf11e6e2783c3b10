"""A Colour-blind game to a target of 60, entered through the UI in a real browser."""

from playwright.sync_api import Page, expect

from scorers.ledger import Action, Ledger
from tests.e2e.conftest import PHONE, screenshot
from tests.e2e.steps import enter_players, expect_score, tap, type_into
from views.colour_blind_entry import card_name
from views.i18n import t
from views.widgets import points_text

PLAYERS = ["Ann", "Ben", "Cas"]
WHOLE_SCREEN = {"width": PHONE["width"], "height": 2400}
TARGET = 60
# Laid left to right; the King of hearts ends up at the uncovered end. Reds (good) are high.
ROW = ["AS", "AC", "2S", "2C", "3S", "3C", "10H", "JD", "JH", "QD", "QH", "KD", "KH"]
# Trick winners in play order: each takes the row's uncovered end.
DEALS = [
    ["Ann", "Ben", "Ann", "Ben", "Ann", "Ben", "Cas", "Cas", "Cas", "Cas", "Cas", "Cas", "Cas"],
    ["Ann", "Ann", "Ben", "Cas", "Cas", "Cas", "Cas", "Ben", "Ben", "Cas", "Cas", "Cas", "Cas"],
]


def captures(winners: list[str]) -> list[int | None]:
    """The entry's captured_by: the row is taken from its uncovered end."""
    captured_by: list[int | None] = [None] * len(ROW)
    for index, player in zip(reversed(range(len(ROW))), winners, strict=True):
        captured_by[index] = PLAYERS.index(player)
    return captured_by


def test_a_colour_blind_game_to_sixty(app_page: Page) -> None:
    page = app_page
    page.get_by_role("button", name=t("game.colour_blind")).first.click()
    enter_players(page, PLAYERS, shown_seats=3)
    type_into(page, t("setting.target"), str(TARGET))
    tap(page, t("setup.start"))
    expect(page.get_by_text(t("banner.target", target=TARGET), exact=False)).to_be_visible()

    # Tall enough that nothing scrolls: a tap right after a scroll can land on the control
    # that was there before. The screenshot is still taken at phone size.
    page.set_viewport_size(WHOLE_SCREEN)
    ledger = Ledger.start("colour_blind", PLAYERS, 0, {"target": TARGET})
    for number, winners in enumerate(DEALS, start=1):
        for card in ROW:
            tap(page, t("colour_blind.add_card", card=card_name(card)))
        expect(page.locator('[flt-semantics-identifier="good-colour"]')).to_be_visible()
        for trick, player in enumerate(winners, start=1):
            tap(page, t("colour_blind.won_trick", player=player))
            if number == 1 and trick == 4:
                page.set_viewport_size(PHONE)
                screenshot(page, "colour-blind-entry")
                page.set_viewport_size(WHOLE_SCREEN)
        tap(page, t("entry.score_round"))
        entry = {"row": ROW, "captured_by": captures(winners)}
        ledger = ledger.apply(Action("score", {"round": number, "entry": entry}))
        for seat, total in enumerate(ledger.state.totals):
            expect_score(page, f"total-{seat}", total)
    assert ledger.state.is_over
    for standing in ledger.state.standings():
        line = t(
            "standings.line",
            place=standing.place,
            name=PLAYERS[standing.seat],
            total=points_text(standing.total),
        )
        expect(page.locator(f'[flt-semantics-identifier="standing-{standing.seat}"]')).to_have_text(
            line
        )
