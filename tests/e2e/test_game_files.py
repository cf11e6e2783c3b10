"""Export and import in a real browser: Flet's FilePicker downloads and reads real files."""

import csv
import io
from pathlib import Path

from playwright.sync_api import Page, expect

from scorers.ledger import Action
from storage import open_store
from storage.keeper import GameKeeper
from tests.e2e.conftest import AppServer, enable_accessibility
from tests.e2e.steps import by_id, expect_score
from views.shell.i18n import t

PLAYERS = ["Ann", "Ben", "Cas"]


def finished_game(data_dir: Path) -> tuple[str, tuple[int, ...]]:
    """A short Wizard game played to the end beside the running server (SQLite shares it)."""
    with open_store(data_dir).store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", PLAYERS, 0, {"round_sizes": [1]})
        entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
        game = keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
        return game.id, game.ledger.state.totals


# "Game over · won by ...", whoever won.
GAME_OVER = t("banner.game_over_won", names="@").split("@")[0]


def test_a_game_downloads_as_json_and_csv_and_the_json_imports_again(
    app_page: Page, app_server: AppServer, tmp_path: Path
) -> None:
    game_id, totals = finished_game(app_server.data_dir)
    app_page.goto(f"{app_server.url}/game/{game_id}")
    enable_accessibility(app_page)
    expect(by_id(app_page, "banner")).to_contain_text(GAME_OVER, timeout=20_000)

    with app_page.expect_download() as sheet:
        app_page.get_by_role("button", name=t("files.export_csv")).click()
    assert sheet.value.suggested_filename.endswith("-ann-ben-cas.csv")
    rows = list(csv.reader(io.StringIO(Path(sheet.value.path()).read_text(encoding="utf-8"))))
    assert [int(cell) for cell in rows[-2][2::2]] == list(totals)

    with app_page.expect_download() as game_file:
        app_page.get_by_role("button", name=t("files.export_json")).click()
    name = game_file.value.suggested_filename
    assert name.startswith("trickpad-wizard-") and name.endswith("-ann-ben-cas.json")
    expect(app_page.get_by_text(t("files.exported", file=name))).to_be_visible()
    saved = tmp_path / name
    game_file.value.save_as(saved)

    app_page.get_by_role("button", name=t("nav.back")).click()
    with app_page.expect_file_chooser() as chooser:
        app_page.get_by_role("button", name=t("files.import")).click()
    chooser.value.set_files(saved)
    expect(by_id(app_page, "banner")).to_contain_text(GAME_OVER, timeout=20_000)
    assert game_id not in app_page.url
    for seat, total in enumerate(totals):
        expect_score(app_page, f"total-{seat}", total)
