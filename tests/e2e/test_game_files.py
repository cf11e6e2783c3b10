"""Files in a real browser, as one journey of a table's computer: Flet's FilePicker reads
real files (a backup too large, refused at the button; a backup of another device, merged
through the upload route, whose game then opens) and downloads real ones (a finished game
as a sheet, as a game file and as a picture of the result, the game file imported again:
it opens the same game)."""

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scorers.ledger import Action
from storage import open_store
from storage.backup import MAX_LIBRARY_BYTES, export_library, too_large
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import open_app, screenshot
from tests.e2e.steps import by_id, expect_score
from tests.views.test_png import decoded
from views.game_screen import result_card
from views.game_screen.charts import player_colour
from views.game_screen.result_card import LINE_HEIGHT
from views.game_screen.result_picture import PICTURE_WIDTH
from views.shell.i18n import joined, t
from views.shell.messages import message_of

PLAYERS = ["Ann", "Ben", "Cas"]
OTHER_DEVICES_PLAYERS = ["Dot", "Eve", "Fay"]
# A phone's width, tall enough that Home's list of finished games shows below its buttons
# without scrolling Flutter's canvas.
TALL_PHONE = {"width": 360, "height": 1400}


def colour_of(hex_colour: str) -> tuple[int, int, int, int]:
    """ "#FFF1C2" as a pixel of a PNG: red, green, blue, opaque."""
    red, green, blue = bytes.fromhex(hex_colour.lstrip("#"))
    return red, green, blue, 255


WINNER_PAPER = colour_of(result_card.WINNER_PAPER)


def finished_game(data_dir: Path, players: list[str]) -> tuple[str, tuple[int, ...]]:
    """A short Wizard game played to the end (beside the running server: SQLite shares it)."""
    with open_store(data_dir).store as store:
        keeper = GameKeeper(store)
        game = keeper.start("wizard", players, 0, {"round_sizes": [1]})
        entry = {"bids": [0, 1, 0], "tricks": [0, 1, 0], "cloud": None}
        game = keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
        return game.id, game.ledger.state.totals


# "Game over · won by ...", whoever won.
GAME_OVER = t("banner.game_over_won", names="@").split("@")[0]


def open_finished(page: Page, players: list[str]) -> None:
    """Tap the finished game's tile on Home ("Wizard · Ann, Ben, and Cas"), named by the game
    first (its delete button is a control of its own beside it)."""
    tile = f"{t('game.wizard')} · {joined(players)}"
    page.get_by_role("button", name=re.compile("^" + re.escape(tile))).click()
    expect(by_id(page, "banner")).to_contain_text(GAME_OVER)


def expect_totals(page: Page, totals: tuple[int, ...]) -> None:
    for seat, total in enumerate(totals):
        expect_score(page, f"total-{seat}", total)


@pytest.mark.timeout(240)
def test_a_backup_refused_a_backup_merged_and_a_game_downloaded_and_imported_again(
    browser: Browser, app_server: AppServer, tmp_path: Path
) -> None:
    game_id, totals = finished_game(app_server.data_dir, PLAYERS)
    page = open_app(browser, app_server.url, TALL_PHONE)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(f"{request.method} {request.url}"))

    # A real file one byte over the limit (sparse: quick to make, nothing to write): the
    # browser tells its size with the pick, and the message is shown before any upload.
    too_large_backup = tmp_path / "too-large-backup.json"
    with too_large_backup.open("wb") as file:
        file.truncate(MAX_LIBRARY_BYTES + 1)
    with page.expect_file_chooser(timeout=30_000) as chooser:
        page.get_by_role("button", name=t("library.import")).click(timeout=30_000)
    chooser.value.set_files(too_large_backup)
    refusal = message_of(too_large(MAX_LIBRARY_BYTES + 1))
    expect(by_id(page, "library-message")).to_have_text(refusal)
    expect(page.get_by_role("button", name=t("library.import"))).to_be_enabled()
    assert not [request for request in requests if request.startswith("PUT ")]

    # A backup made by another device reaches the server by HTTP upload (Flet's signed
    # upload route, not the socket), is merged, and its game opens from Home's list.
    other_id, other_totals = finished_game(tmp_path / "other-device", OTHER_DEVICES_PLAYERS)
    with open_store(tmp_path / "other-device").store as store:
        text, count = export_library(GameKeeper(store))
    backup = tmp_path / "trickpad-backup.json"
    backup.write_text(text, encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=t("library.import")).click()
    chooser.value.set_files(backup)
    merged = t("library.merged", added=count, updated=0, unchanged=0, refused=0)
    expect(by_id(page, "library-status")).to_have_text(merged)
    assert any(request.startswith(f"PUT {app_server.url}/upload?") for request in requests)
    assert not list((app_server.data_dir / "uploads").iterdir())  # read, then removed
    screenshot(page, "files-backup-merged")
    open_finished(page, OTHER_DEVICES_PLAYERS)
    assert page.url.endswith(f"/game/{other_id}")
    expect_totals(page, other_totals)

    # The table's own finished game, downloaded as a sheet and as a game file.
    page.get_by_role("button", name=t("nav.back")).click()
    open_finished(page, PLAYERS)
    assert page.url.endswith(f"/game/{game_id}")
    with page.expect_download() as sheet:
        page.get_by_role("button", name=t("files.export_csv")).click()
    assert sheet.value.suggested_filename.endswith("-ann-ben-cas.csv")
    rows = list(csv.reader(io.StringIO(Path(sheet.value.path()).read_text(encoding="utf-8"))))
    # Per player: the bid, the tricks, the round's score and the total.
    assert rows[0][1:5] == [
        t("wizard.sheet.bid", name="Ann"),
        t("wizard.sheet.tricks", name="Ann"),
        "Ann",
        t("storage.sheet_total_of", name="Ann"),
    ]
    assert rows[1][1:5] == ["0", "0", "20", "20"]
    assert [int(cell) for cell in rows[-2][4::4]] == list(totals)
    # The buttons wait while a file is made: the next tap comes once this one is done.
    exported = t("files.exported", file=sheet.value.suggested_filename)
    expect(page.get_by_text(exported)).to_be_visible()

    with page.expect_download() as game_file:
        page.get_by_role("button", name=t("files.export_json")).click()
    name = game_file.value.suggested_filename
    assert name.startswith("trickpad-wizard-") and name.endswith("-ann-ben-cas.json")
    expect(page.get_by_text(t("files.exported", file=name))).to_be_visible()
    saved = tmp_path / name
    game_file.value.save_as(saved)

    # A picture of the result, made by the browser and saved (no share sheet here): at most
    # 1080 px wide, the winner's line on gold paper with the winner's colour on it.
    page.get_by_role("button", name=t("picture.share")).click()
    with page.expect_download(timeout=30_000) as made:
        page.get_by_role("button", name=t("picture.save")).click(timeout=30_000)
    assert made.value.suggested_filename.endswith("-ann-ben-cas.png")
    picture = decoded(Path(made.value.path()).read_bytes())
    assert len(picture[0]) <= PICTURE_WIDTH
    gold = [row for row in picture if row.count(WINNER_PAPER) > len(row) / 2]
    assert len(gold) >= LINE_HEIGHT * 0.8
    winner = totals.index(max(totals))
    assert any(colour_of(player_colour(winner)) in row for row in gold)
    screenshot(page, "files-picture-made")
    page.get_by_role("button", name=t("picture.close")).click()

    # The game file imported again from Home: it names its game, which it opens (no second
    # copy of one evening: storage.versions), with the same totals.
    page.get_by_role("button", name=t("nav.back")).click()
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=t("files.import")).click()
    chooser.value.set_files(saved)
    expect(by_id(page, "banner")).to_contain_text(GAME_OVER, timeout=20_000)
    assert page.url.endswith(f"/game/{game_id}")
    expect_totals(page, totals)
    screenshot(page, "files-game-imported")
