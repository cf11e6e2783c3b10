"""Steps of a Wizard game as a player takes them in the browser."""

from playwright.sync_api import Page, expect

from views.i18n import t


def value_of(page: Page, identifier: str) -> str:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]').inner_text().strip()


def tap(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


def type_into(page: Page, label: str, text: str) -> None:
    page.get_by_label(label, exact=True).click()
    page.wait_for_selector("input:focus")
    page.keyboard.type(text)


def bid(page: Page, player: str, count: int) -> None:
    tap(page, t("wizard.bid_name", player=player, count=count))


def took(page: Page, player: str, count: int) -> None:
    key = "wizard.trick_name" if count == 1 else "wizard.tricks_name"
    tap(page, t(key, player=player, count=count))


def expect_value(page: Page, identifier: str, text: str) -> None:
    expect(page.locator(f'[flt-semantics-identifier="{identifier}"]')).to_have_text(text)
