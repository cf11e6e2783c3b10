"""Export a game from its screen and import it at home, through a fake file picker."""

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path

import flet as ft
import pytest

from scorers.ledger import Action
from storage import open_store
from storage.backup import MAX_LIBRARY_BYTES, export_library, import_library
from storage.game_file import MAX_FILE_BYTES, export_json
from storage.keeper import GameKeeper, SavedGame
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest
from views.shell.i18n import t
from views.shell.services import FileLimits
from views.shell.widgets import points_text


def wizard_entry(bids: list[int | None], tricks: list[int | None]) -> dict[str, object]:
    return {"bids": bids, "tricks": tricks, "cloud": None}


def play(keeper: GameKeeper, game: SavedGame, *actions: Action) -> SavedGame:
    for action in actions:
        game = keeper.apply(game, action)
    return game


def score(number: int, bids: list[int], tricks: list[int]) -> Action:
    return Action("score", {"round": number, "entry": wizard_entry(bids, tricks)})


def finished_wizard(keeper: GameKeeper) -> SavedGame:
    """Two rounds played to the end, with a draft, an undo, a redo and a correction."""
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1, 2]})
    return play(
        keeper,
        game,
        Action("draft", {"round": 1, "entry": wizard_entry([None, 1, None], [None] * 3)}),
        score(1, [1, 1, 0], [0, 1, 0]),
        Action("undo", {}),
        Action("redo", {}),
        score(1, [0, 1, 0], [0, 1, 0]),
        score(2, [1, 0, 2], [0, 0, 2]),
    )


def wizard_in_progress(keeper: GameKeeper) -> SavedGame:
    game = keeper.start("wizard", ["Ann", "Jörg", "Cas, Jr."], 1)
    return play(keeper, game, score(1, [0, 0, 1], [0, 0, 1]), score(2, [2, 0, 1], [1, 0, 1]))


def shown(harness: AppHarness, identifier: str) -> ft.Text:
    return harness.find(ft.Semantics, identifier=identifier, include_hidden=True).content


def day_of(game: SavedGame) -> str:
    return game.summary.created_at.astimezone().date().isoformat()


# "Game over · won by ...", whoever won.
GAME_OVER = t("banner.game_over_won", names="@").split("@")[0]


async def export(harness: AppHarness, key: str) -> None:
    await harness.click(harness.find(ft.OutlinedButton, text=t(key)))


async def import_file(app: AppUnderTest, harness: AppHarness, content: bytes | None) -> None:
    app.files.picked = content
    await harness.click(harness.find(ft.OutlinedButton, text=t("files.import")))


async def test_a_game_file_exported_after_the_game_imports_as_the_same_game(
    app: AppUnderTest,
) -> None:
    game = finished_wizard(app.keeper)
    assert game.ledger.state.is_over
    harness = await app.start(f"/game/{game.id}")
    assert shown(harness, "banner").value.startswith(GAME_OVER)

    await export(harness, "files.export_json")
    name = f"trickpad-wizard-{day_of(game)}-ann-ben-cas.json"
    assert list(app.files.saved) == [name]
    assert shown(harness, "export-status").value == t("files.exported", file=name)

    await harness.go("/")
    finished_before = len(app.keeper.finished())
    # The file names its game: imported where that game is, it opens the same game, not a
    # second copy of the evening (storage.versions; the move to another phone, and a file
    # taken further there, are in tests/storage/test_game_file.py).
    await import_file(app, harness, app.files.saved[name])
    assert harness.page.route == f"/game/{game.id}"
    assert app.keeper.open(game.id).ledger == game.ledger
    assert len(app.keeper.finished()) == finished_before
    for seat, total in enumerate(game.ledger.state.totals):
        assert shown(harness, f"total-{seat}").value == points_text(total)
    await harness.click(harness.find(ft.IconButton, tooltip=t("nav.back")))
    title = f"{t('game.wizard')} · Ann, Ben, and Cas"
    assert len(harness.find_all(ft.ListTile, has_text=title)) == 1


async def test_the_score_sheet_csv_holds_the_ledgers_rounds_and_totals(app: AppUnderTest) -> None:
    game = wizard_in_progress(app.keeper)
    harness = await app.start(f"/game/{game.id}")

    await export(harness, "files.export_csv")
    name = f"trickpad-wizard-{day_of(game)}-ann-jorg-cas-jr.csv"
    assert list(app.files.saved) == [name]
    rows = list(csv.reader(io.StringIO(app.files.saved[name].decode("utf-8"))))
    state = game.ledger.state
    header, *round_rows, total_row, _place_row = rows
    # Per player, as on the paper sheet: the bid, the tricks, the round's score, the total.
    assert header[1:] == [
        cell
        for player in state.players
        for cell in (
            t("wizard.sheet.bid", name=player),
            t("wizard.sheet.tricks", name=player),
            player,
            t("storage.sheet_total_of", name=player),
        )
    ]
    assert total_row[0] == t("storage.sheet_total")
    assert [int(cell) for cell in total_row[4::4]] == list(state.totals)
    assert [[int(cell) for cell in row[1::4]] for row in round_rows] == [
        r.entry["bids"] for r in state.rounds
    ]
    assert [[int(cell) for cell in row[2::4]] for row in round_rows] == [
        r.entry["tricks"] for r in state.rounds
    ]
    assert [[int(cell) for cell in row[3::4]] for row in round_rows] == [
        list(r.scores) for r in state.rounds
    ]
    assert shown(harness, "export-status").value == t("files.exported", file=name)


def truncated_export(keeper: GameKeeper) -> bytes:
    content = export_json(finished_wizard(keeper)).encode("utf-8")
    return content[: len(content) // 2]


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (lambda _: b'{"hello": 1}', "storage.import_not_trickpad"),
        (truncated_export, "storage.import_not_json"),
        (lambda _: b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "storage.import_not_json"),
    ],
    ids=["foreign", "truncated", "not-text"],
)
async def test_a_refused_file_is_explained_at_home_and_imports_nothing(
    app: AppUnderTest, content: Callable[[GameKeeper], bytes], key: str
) -> None:
    app.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    file = content(app.keeper)
    counts = (len(app.keeper.unfinished()), len(app.keeper.finished()))
    harness = await app.start()
    before = harness.texts()

    await import_file(app, harness, file)
    assert harness.page.route == "/"
    message = t(key)
    assert shown(harness, "import-message").value == message
    assert [text for text in harness.texts() if text != message] == before
    assert (len(app.keeper.unfinished()), len(app.keeper.finished())) == counts


async def test_a_cancelled_pick_changes_nothing(app: AppUnderTest) -> None:
    finished_wizard(app.keeper)
    counts = (len(app.keeper.unfinished()), len(app.keeper.finished()))
    harness = await app.start()
    before = harness.texts()

    await import_file(app, harness, None)
    assert app.files.picks == ["json"]
    assert harness.page.route == "/"
    assert harness.texts() == before
    assert not shown(harness, "import-message").visible
    assert (len(app.keeper.unfinished()), len(app.keeper.finished())) == counts


async def test_all_games_are_backed_up_and_a_backup_merges_into_another_device(
    app: AppUnderTest, tmp_path
) -> None:
    finished_wizard(app.keeper)
    wizard_in_progress(app.keeper)
    harness = await app.start()
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.export")))
    [(name, backup)] = app.files.saved.items()
    assert re.fullmatch(r"trickpad-backup-\d{4}-\d{2}-\d{2}\.json", name)
    assert shown(harness, "library-status").value == t("library.exported", file=name, count=2)
    app.files.picked = backup
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    merged = t("library.merged", added=0, updated=0, unchanged=2, refused=0)
    assert shown(harness, "library-status").value == merged
    assert app.files.picks == ["json"]
    with open_store(tmp_path / "other").store as store:
        other = GameKeeper(store)
        assert import_library(other, backup).added == 2
        assert {g.id for g in other.unfinished() + other.finished()} == {
            g.id for g in app.keeper.unfinished() + app.keeper.finished()
        }


async def test_a_file_that_is_no_backup_is_explained_where_it_was_merged(
    app: AppUnderTest,
) -> None:
    game = wizard_in_progress(app.keeper)
    harness = await app.start()
    app.files.picked = export_json(game).encode()  # a game file, not a library
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    assert shown(harness, "library-message").value == t("storage.import_not_trickpad")
    assert len(app.keeper.unfinished()) == 1


async def test_a_backup_over_the_limit_is_refused_by_its_size_where_it_was_picked(
    app: AppUnderTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("views.screens.game_files.MAX_LIBRARY_BYTES", 1_000)
    monkeypatch.setattr("storage.backup.MAX_LIBRARY_BYTES", 1_000)
    app.file_limits = FileLimits(backup=1_000)
    harness = await app.start()
    app.files.picked = b" " * 1_001
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    assert app.files.reads == 0  # never sent
    message = t("storage.backup_too_large", size=1_001, limit=1_000)
    assert shown(harness, "library-message").value == message


@pytest.mark.parametrize("button", ["files.import", "library.import"])
async def test_a_file_over_a_phones_own_limit_is_refused_unread_and_says_where_it_is_read(
    app: AppUnderTest, button: str
) -> None:
    """A phone alone reads smaller files than the formats allow: one over its limit is
    never read, and the message names both limits."""
    app.file_limits = FileLimits(game_file=1_000, backup=1_000)
    harness = await app.start()
    app.files.picked = b" " * 1_001
    await harness.click(harness.find(ft.OutlinedButton, text=t(button)))
    assert app.files.reads == 0
    if button == "files.import":
        key, most, line = "storage.import_too_large_here", MAX_FILE_BYTES, "import-message"
    else:
        key, most, line = "storage.backup_too_large_here", MAX_LIBRARY_BYTES, "library-message"
    assert shown(harness, line).value == t(key, size=1_001, limit=1_000, most=most)


async def test_a_backup_just_within_the_limit_is_sent_and_merged(
    app: AppUnderTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = GameKeeper(open_store(Path(app.keeper.store.path).parent / "phone").store)
    finished_wizard(phone)
    content = export_library(phone)[0].encode()
    content += b" " * (4_000 - len(content))  # JSON allows trailing spaces
    monkeypatch.setattr("storage.backup.MAX_LIBRARY_BYTES", 4_000)
    app.file_limits = FileLimits(backup=4_000)
    harness = await app.start()
    app.files.picked = content
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    assert app.files.reads == 1
    summary = t("library.merged", added=1, updated=0, unchanged=0, refused=0)
    assert shown(harness, "library-status").value == summary


async def test_a_merged_game_is_listed_on_home_at_once(app: AppUnderTest) -> None:
    phone = GameKeeper(open_store(Path(app.keeper.store.path).parent / "phone").store)
    finished_wizard(phone)
    harness = await app.start()
    app.files.picked = export_library(phone)[0].encode()
    assert t("home.history") not in harness.texts()  # no finished game yet
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    summary = t("library.merged", added=1, updated=0, unchanged=0, refused=0)
    assert shown(harness, "library-status").value == summary
    assert t("home.history") in harness.texts()


async def test_the_first_merge_on_a_fresh_phone_says_what_it_merged(app: AppUnderTest) -> None:
    """Home's lists appear above the buttons once a game is in progress: the merge's line
    stays with its buttons."""
    phone = GameKeeper(open_store(Path(app.keeper.store.path).parent / "phone").store)
    wizard_in_progress(phone)
    harness = await app.start()
    assert t("home.in_progress") not in harness.texts()
    app.files.picked = export_library(phone)[0].encode()
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    assert t("home.in_progress") in harness.texts()
    summary = t("library.merged", added=1, updated=0, unchanged=0, refused=0)
    assert shown(harness, "library-status").value == summary


async def test_a_merged_copy_that_went_its_own_way_is_said_and_listed_with_its_game(
    app: AppUnderTest,
) -> None:
    """The same game went two ways on two phones: the merge says it kept the other way as
    another version, and Home shows it on the game's line, not as a game of its own."""
    game = wizard_in_progress(app.keeper)
    phone = GameKeeper(open_store(Path(app.keeper.store.path).parent / "phone").store)
    import_library(phone, export_library(app.keeper)[0].encode())
    phone.apply(phone.open(game.id), Action("rename", {"names": ["Ann", "Ben", "Cassie"]}))
    app.keeper.apply(game, Action("rename", {"names": ["Anna", "Ben", "Cas"]}))
    harness = await app.start()
    app.files.picked = export_library(phone)[0].encode()
    await harness.click(harness.find(ft.OutlinedButton, text=t("library.import")))
    merged = t("library.merged", added=1, updated=0, unchanged=0, refused=0)
    versions = t("library.merged_versions", count=1)
    assert shown(harness, "library-status").value == f"{merged}\n{versions}"
    assert harness.texts().count(t("home.version", number=2)) == 1
    assert len(app.keeper.unfinished()) == 1
