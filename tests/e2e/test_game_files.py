"""Export and import in a real browser: Flet's FilePicker downloads and reads real files."""

import csv
import io
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from scorers.ledger import Action
from storage import open_store
from storage.backup import MAX_LIBRARY_BYTES, export_library, too_large
from storage.keeper import GameKeeper
from tests.app_server import AppServer
from tests.e2e.conftest import PHONE, enable_accessibility
from tests.e2e.steps import by_id, expect_score
from views.shell.i18n import joined, t
from views.shell.messages import message_of

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
    expect(
        app_page.get_by_text(t("files.exported", file=sheet.value.suggested_filename))
    ).to_be_visible()

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


def test_a_backup_merges_through_the_upload_route_and_its_game_opens(
    app_page: Page, app_server: AppServer, tmp_path: Path
) -> None:
    """A backup made by another device reaches the server by HTTP upload (Flet's signed
    upload route, not the socket), is merged, and its game opens from Home's list."""
    game_id, totals = finished_game(tmp_path / "other-device")
    with open_store(tmp_path / "other-device").store as store:
        text, count = export_library(GameKeeper(store))
    backup = tmp_path / "trickpad-backup.json"
    backup.write_text(text, encoding="utf-8")
    uploads: list[str] = []
    app_page.on("request", lambda request: uploads.append(f"{request.method} {request.url}"))

    with app_page.expect_file_chooser() as chooser:
        app_page.get_by_role("button", name=t("library.import")).click()
    chooser.value.set_files(backup)
    merged = t("library.merged", added=count, updated=0, unchanged=0, refused=0)
    expect(by_id(app_page, "library-status")).to_have_text(merged)
    assert any(request.startswith(f"PUT {app_server.url}/upload?") for request in uploads)
    assert not list((app_server.data_dir / "uploads").iterdir())  # read, then removed

    # The merged game's tile on Home's list of finished games, "Wizard · Ann, Ben, and Cas",
    # below the buttons: a taller window shows it without scrolling Flutter's canvas.
    app_page.set_viewport_size({"width": PHONE["width"], "height": 1_400})
    tile = f"{t('game.wizard')} · {joined(PLAYERS)}"
    # Named by the game first (its delete button is a control of its own beside it).
    app_page.get_by_role("button", name=re.compile("^" + re.escape(tile))).click()
    expect(by_id(app_page, "banner")).to_contain_text(GAME_OVER)
    assert app_page.url.endswith(f"/game/{game_id}")
    for seat, total in enumerate(totals):
        expect_score(app_page, f"total-{seat}", total)


def test_a_backup_over_the_limit_is_refused_at_the_button_and_never_sent(
    app_page: Page, app_server: AppServer, tmp_path: Path
) -> None:
    """A real file one byte over the limit (sparse: quick to make, nothing to write): the
    browser tells its size with the pick, and the message is shown before any upload."""
    backup = tmp_path / "too-large-backup.json"
    with backup.open("wb") as file:
        file.truncate(MAX_LIBRARY_BYTES + 1)
    uploads: list[str] = []
    app_page.on("request", lambda request: uploads.append(request.method))

    with app_page.expect_file_chooser() as chooser:
        app_page.get_by_role("button", name=t("library.import")).click()
    chooser.value.set_files(backup)
    refusal = message_of(too_large(MAX_LIBRARY_BYTES + 1))
    expect(by_id(app_page, "library-message")).to_have_text(refusal)
    expect(app_page.get_by_role("button", name=t("library.import"))).to_be_enabled()
    assert "PUT" not in uploads
