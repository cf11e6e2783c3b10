"""A one-off adjustment typed on a phone in a real browser: the form's fields and its
refusals, then the row in the sheet after its round (the whole journey, every game, is
proven in-process: tests/views/test_adjustments.py); then the next game, a Wizard one, from
a ready round plan on the new game form."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.steps import (
    PHONE_390,
    by_id,
    enter_players,
    expect_score,
    reveal,
    screenshots_light_and_dark,
    tap,
    type_into,
)
from views.shell.i18n import t
from views.shell.widgets import change_text, points_text


@pytest.mark.timeout(300)
def test_a_penalty_is_a_row_of_the_sheet_and_a_wizard_game_starts_from_a_plan(
    app_page: Page,
) -> None:
    page = app_page
    page.set_viewport_size(PHONE_390)
    page.get_by_role("button", name=t("game.colour_blind")).first.click(timeout=20_000)
    enter_players(page, ["Ann", "Ben", "Cas"], shown_seats=3)
    page.get_by_role("button", name=t("setup.start")).click()
    open_form = page.get_by_role("button", name=t("adjust.open"))
    reveal(page, open_form)
    open_form.click()
    tap(page, t("adjust.player_choice", name="Ben"))
    type_into(page, t("adjust.points"), "ten")
    save = page.get_by_role("button", name=t("adjust.save"))
    reveal(page, save)
    save.click()
    expect(page.get_by_text(t("adjust.points_not_whole", value="ten"))).to_be_attached()
    screenshots_light_and_dark(page, "adjustment-refused")
    type_into(page, t("adjust.points"), "-10")
    type_into(page, t("adjust.reason"), "misdeal")
    reveal(page, save)
    save.click()
    said = t(
        "sheet.adjustment_cell",
        name="Ben",
        points=change_text(-10),
        reason="misdeal",
        total=points_text(-10),
    )
    expect(by_id(page, "adjustment-1")).to_have_text(said)
    expect_score(page, "total-1", -10)
    screenshots_light_and_dark(page, "adjustment-in-sheet")

    # Back Home, the next game is a Wizard one from a ready round plan.
    tap(page, t("nav.back"))
    page.get_by_role("button", name=t("game.wizard")).first.click()
    enter_players(page, ["Ann", "Ben", "Cas", "Dot"], shown_seats=3)
    plan = t("setting.round_plan.every_card", rounds=5, cards=15)
    chip = page.get_by_role(
        "button", name=t("setup.choose", setting=t("setting.round_sizes"), option=plan)
    )
    reveal(page, chip)
    chip.click()
    screenshots_light_and_dark(page, "wizard-round-plans")
    # Flutter writes a field's text into the browser's input once the field has the focus.
    page.get_by_label(t("setting.round_sizes"), exact=True).click()
    expect(page.locator("input:focus")).to_have_value("15, 15, 15, 15, 15")
