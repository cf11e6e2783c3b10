"""A Colour-blind game to a target of 60, entered through the UI in a real browser at
390 x 844: the row, then who took which row card, each step on one screen."""

import pytest
from playwright.sync_api import Page, expect

from scorers.ledger import Action, Ledger
from tests.e2e.conftest import screenshot
from tests.e2e.steps import (
    PHONE_390,
    assert_on_screen,
    by_id,
    enter_players,
    reveal,
    screenshots_light_and_dark,
    tap,
    type_into,
)
from views.game_screen.charts import scores_text
from views.games.colour_blind.entry import card_name
from views.shell.i18n import t
from views.shell.widgets import points_text

PLAYERS = ["Ann", "Ben", "Cas"]
TARGET = 60
# Laid left to right; the King of hearts ends up at the uncovered end. Reds (good) are high.
ROW = ["AS", "AC", "2S", "2C", "3S", "3C", "10H", "JD", "JH", "QD", "QH", "KD", "KH"]
# Trick winners in play order: each takes the row's uncovered end.
DEALS = [
    ["Ann", "Ben", "Ann", "Ben", "Ann", "Ben", "Cas", "Cas", "Cas", "Cas", "Cas", "Cas", "Cas"],
    ["Ann", "Ann", "Ben", "Cas", "Cas", "Cas", "Cas", "Ben", "Ben", "Cas", "Cas", "Cas", "Cas"],
]


def captures(winners: list[str]) -> list[int]:
    """The entry's captured_by: the row is taken from its uncovered end."""
    return [PLAYERS.index(player) for player in reversed(winners)]


def button(page: Page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def give(page: Page, player: str, card: str) -> None:
    """Tap `card` in `player`'s line: a card nobody has, or one filled in as the rest."""
    spoken = card_name(card)
    target = button(page, t("colour_blind.give_card", card=spoken, player=player))
    for other in PLAYERS:
        named = t("colour_blind.give_card_from", card=spoken, player=player, other=other)
        target = target.or_(button(page, named))
    target.click()
    expect(button(page, t("colour_blind.took", card=spoken, player=player))).to_be_attached()


def row_step_fits(page: Page) -> None:
    """The whole pack, the row so far and the confirm on one screen, light and dark."""
    for card in ("AC", "KC", "KD"):
        assert_on_screen(page, button(page, t("colour_blind.add_card", card=card_name(card))))
    assert_on_screen(page, button(page, t("entry.score_round")))
    screenshots_light_and_dark(page, "colour-blind-row")


def trick_step_fits(page: Page) -> None:
    """Each player's line of row cards (to its last card) and the confirm on one screen."""
    last = card_name(ROW[-1])
    keys = ("colour_blind.took", "colour_blind.give_card", "colour_blind.filled_card")
    for seat, player in enumerate(PLAYERS):
        assert_on_screen(page, by_id(page, f"live-{seat}"))
        names = [t(key, card=last, player=player) for key in keys] + [
            t("colour_blind.give_card_from", card=last, player=player, other=other)
            for other in PLAYERS
        ]
        shown = [button(page, name) for name in names if button(page, name).count()]
        assert len(shown) == 1, f"{player}'s line has no {last}"
        assert_on_screen(page, shown[0])
    assert_on_screen(page, button(page, t("entry.score_round")))
    screenshots_light_and_dark(page, "colour-blind-tricks")


# Many taps, each waited for: a busy 2-core machine needs more than the default.
@pytest.mark.timeout(300)
def test_a_colour_blind_game_to_sixty(app_page: Page) -> None:
    page = app_page
    page.set_viewport_size(PHONE_390)
    page.get_by_role("button", name=t("game.colour_blind")).first.click()
    enter_players(page, PLAYERS, shown_seats=3)
    type_into(page, t("setting.target"), str(TARGET))
    tap(page, t("setup.start"))
    expect(page.get_by_text(t("banner.target", target=TARGET), exact=False)).to_be_visible()

    ledger = Ledger.start("colour_blind", PLAYERS, 0, {"target": TARGET})
    for number, winners in enumerate(DEALS, start=1):
        for card in ROW[:-1]:
            tap(page, t("colour_blind.add_card", card=card_name(card)))
        if number == 1:
            row_step_fits(page)
        tap(page, t("colour_blind.add_card", card=card_name(ROW[-1])))
        expect(by_id(page, "good-colour")).to_be_visible()
        # After the deal: every card but those of the player who took the most.
        taken = captures(winners)
        most = max(range(3), key=taken.count)
        for card, seat in zip(ROW, taken, strict=True):
            if seat != most:
                give(page, PLAYERS[seat], card)
        expect(by_id(page, "filled-in")).to_be_visible()
        if number == 1:
            trick_step_fits(page)
        tap(page, t("entry.score_round"))
        entry = {"row": ROW, "captured_by": taken}
        ledger = ledger.apply(Action("score", {"round": number, "entry": entry}))
        for seat, total in enumerate(ledger.state.totals):
            expect(by_id(page, f"strip-total-{seat}")).to_have_text(str(total))
    assert ledger.state.is_over
    expect(page.get_by_text(t("result.title_deal", number=len(DEALS)))).to_be_visible()
    for standing in ledger.state.standings():
        line = t(
            "standings.line",
            place=standing.place,
            name=PLAYERS[standing.seat],
            total=points_text(standing.total),
        )
        expect(by_id(page, f"standing-{standing.seat}")).to_have_text(line)
    # The charts in the game's words ("After deal 3"), the bars' axis labels apart.
    final = by_id(page, "final-chart")
    expect(final).to_have_text(t("chart.final", scores=scores_text(PLAYERS, ledger.state.totals)))
    screenshot(page, "colour-blind-final-bars")
    after = t(
        "chart.after_deal", number=len(DEALS), scores=scores_text(PLAYERS, ledger.state.totals)
    )
    chart = by_id(page, "totals-chart")
    expect(chart).to_have_text(after)
    reveal(page, chart)
    # On up to the chart's words' place near the top, the chart drawn under them.
    top = chart.bounding_box()
    assert top is not None
    page.mouse.wheel(0, top["y"] - 200)
    page.wait_for_function(
        "([element, top]) => element.getBoundingClientRect().top < top",
        arg=[chart.element_handle(), top["y"] - 100],
    )
    screenshot(page, "colour-blind-chart-after-deal")
