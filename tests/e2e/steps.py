"""What a player does in the browser, shared by the end-to-end tests."""

import re

from playwright.sync_api import Locator, Page, expect

from views.i18n import t
from views.widgets import points_text


def by_id(page: Page, identifier: str) -> Locator:
    """A value wrapped in ft.Semantics(identifier=...), e.g. a player's total."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def value_of(page: Page, identifier: str) -> str:
    return by_id(page, identifier).inner_text().strip()


def expect_value(page: Page, identifier: str, text: str) -> None:
    expect(by_id(page, identifier)).to_have_text(text)


def expect_score(page: Page, identifier: str, score: int) -> None:
    """A score on the sheet: read out as "Ann, total, 20", the number is what is shown."""
    expect(by_id(page, identifier)).to_have_text(
        re.compile(rf"(^|, ){re.escape(points_text(score))}$")
    )


def tap(page: Page, name: str) -> None:
    """Tap the button whose accessible name is `name` ("Ben bids 3")."""
    page.get_by_role("button", name=name, exact=True).click()


def type_into(page: Page, label: str, text: str) -> None:
    """Replace a text field's content, as a player does with the phone keyboard.

    Flutter can drop the first keys typed right after a field takes focus (its text input
    is wired up a moment later), so the text is typed again until the field holds it."""
    field = page.get_by_label(label, exact=True)
    for _ in range(3):
        field.click()
        page.wait_for_selector("input:focus")
        page.keyboard.press("Control+a")
        page.keyboard.type(text)
        if page.locator("input:focus").input_value() == text:
            return
    expect(page.locator("input:focus")).to_have_value(text)


def enter_players(
    page: Page, names: list[str], shown_seats: int, language: str | None = None
) -> None:
    """Fill in the new-game form's names, adding seats beyond the `shown_seats` it starts
    with. Each name counts as entered once the app shows it as a first-dealer choice,
    which only the app's own copy of the form can produce. `language`: the app's (English
    when not given)."""
    for seat, name in enumerate(names):
        if seat >= shown_seats:
            tap(page, t("setup.add_player", language))
        field = t("setup.player_n", language, n=seat + 1)
        dealer_choice = page.get_by_role("button", name=t("setup.deals_first", language, name=name))
        for _ in range(3):
            type_into(page, field, name)
            try:
                expect(dealer_choice).to_be_attached(timeout=3_000)
                break
            except AssertionError:
                continue
        expect(dealer_choice).to_be_attached()


def start_short_wizard(
    page: Page, names: list[str], hand_sizes: str, dealer: str, language: str | None = None
) -> None:
    """From Home: a Wizard game of `names` with these hand sizes ("1, 3"), `dealer` first,
    in the app's `language` (English when not given)."""
    page.get_by_role("button", name=t("game.wizard", language)).first.click()
    enter_players(page, names, shown_seats=3, language=language)
    tap(page, t("setup.deals_first", language, name=dealer))
    type_into(page, t("setting.round_sizes", language), hand_sizes)
    tap(page, t("setup.start", language))


def play_wizard_round(
    page: Page, bids: dict[str, int], tricks: dict[str, int], language: str | None = None
) -> None:
    """A Wizard round as the table plays it: the bids in bidding order (as given), "Bids
    done", the tricks, then scored. After each tap it waits, as a player glancing at the
    screen would, until the prompt names the next player. `language`: the app's."""
    bidders = list(bids)
    for step, (player, count) in enumerate(bids.items()):
        tap(page, t("wizard.bid_name", language, player=player, count=count))
        later = bidders[step + 1 :]
        expect_value(
            page,
            "entry-hint",
            t("wizard.next_bid", language, player=later[0])
            if later
            else t("wizard.bids_done", language),
        )
    tap(page, t("wizard.to_tricks", language))
    takers = list(tricks)
    for step, (player, count) in enumerate(tricks.items()):
        tap(page, t("wizard.took_name", language, player=player, count=count))
        later = takers[step + 1 :]
        if later:
            expect_value(page, "entry-hint", t("wizard.next_tricks", language, player=later[0]))
    expect_value(page, "entry-hint", t("entry.ready", language))
    tap(page, t("entry.score_round", language))
