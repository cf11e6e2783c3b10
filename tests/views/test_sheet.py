"""The score sheet for six at a phone's width: names that fit, rows named by the hand when
hands differ from rounds, every cell read out with its row and column, a named button to
correct each round."""

import doctest
from types import ModuleType

import flet as ft
import pytest

from scorers import wizard
from scorers.ledger import Action
from storage.keeper import GameKeeper, SavedGame
from tests.flet_harness import AppHarness
from tests.views.conftest import AppUnderTest, RecordingScreenAwake
from views.game_screen import sheet as sheet_module
from views.game_screen.sheet import NAME_SIZE, name_room
from views.games.registry import GAME_VIEWS
from views.shell import names
from views.shell import text_width as text_width_module
from views.shell.i18n import t
from views.shell.layout import ScreenSize
from views.shell.names import ELLIPSIS, FEWEST_LETTERS, fits, fitted_names
from views.shell.text_width import text_width
from views.shell.widgets import points_text

SIX = ["Maximilian", "Christophe", "Christina", "Alexandra", "Bartholomew", "Ann"]


def score_round(
    keeper: GameKeeper, game: SavedGame, bids: list[int], tricks: list[int]
) -> SavedGame:
    number = game.ledger.state.current_round
    entry = {"bids": bids, "tricks": tricks, "cloud": None}
    return keeper.apply(game, Action("score", {"round": number, "entry": entry}))


def identified(harness: AppHarness, identifier: str) -> ft.Text:
    return harness.find(ft.Semantics, identifier=identifier).content


def named(harness: AppHarness, name: str, within: ft.Control | None = None) -> ft.Text:
    """The text a screen reader hears as `name`."""
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name, within=within)


def test_long_names_are_cut_to_their_column_and_stay_apart() -> None:
    phone = name_room(ScreenSize(390, 844), 6)
    shown = fitted_names(SIX, phone, NAME_SIZE)
    assert shown[0] == f"Maxi{ELLIPSIS}"
    assert shown[-1] == "Ann"  # a short name is left whole
    assert len(set(shown)) == len(SIX)  # Christophe and Christina do not both read "Christ…"
    for name, cut in zip(SIX, shown, strict=True):
        assert name.startswith(cut.removesuffix(ELLIPSIS))
        if cut != name:
            assert not fits(name, phone, NAME_SIZE)  # cut only where it does not fit
    assert all(fits(cut, phone, NAME_SIZE) for cut in shown if not cut.startswith("Christ"))


def test_a_name_is_cut_by_the_width_of_its_letters_not_their_number() -> None:
    """Ten narrow letters fit where eight wide ones do not: "Lilli Ilij" stays whole in the
    column that cuts "Wolfgang"."""
    phone = name_room(ScreenSize(390, 844), 6)
    shown = fitted_names(["Lilli Ilij", "Wolfgang", "Ann"], phone, NAME_SIZE)
    assert shown == ["Lilli Ilij", f"Wolfg{ELLIPSIS}", "Ann"]
    assert text_width(shown[1], NAME_SIZE) > text_width("Lilli Ilij", NAME_SIZE) / 2


@pytest.mark.parametrize("room", [30.0, 52.3, 75.0, 100.0, 125.0])
@pytest.mark.parametrize("names", [SIX, ["Maximilian", "Bartholomew", "김민준", "Ann"]])
def test_a_shown_name_fits_its_room_and_a_cut_one_would_not_have(
    names: list[str], room: float
) -> None:
    """Whole exactly when the whole name fits; cut, it fits, unless it needs its letters to
    differ from a name alike or is at the fewest letters a name keeps."""
    for name, shown in zip(names, fitted_names(names, room, NAME_SIZE), strict=True):
        if len(shown) <= FEWEST_LETTERS:
            continue
        assert (shown == name) == fits(name, room, NAME_SIZE), (name, shown)
        alike = any(
            other[: len(shown) - 2] == name[: len(shown) - 2] for other in names if other != name
        )
        assert fits(shown, room, NAME_SIZE) or alike, (name, shown)


def test_a_few_players_or_a_wide_screen_keep_whole_names() -> None:
    three = name_room(ScreenSize(390, 844), 3)
    assert fitted_names(["Maximilian", "Ben", "Cas"], three, NAME_SIZE) == [
        "Maximilian",
        "Ben",
        "Cas",
    ]
    # At 1280 px the sheet stands beside the entry, its columns wide enough for every name.
    wide = name_room(ScreenSize(1280, 800), 6)
    assert fitted_names(SIX, wide, NAME_SIZE) == SIX


async def test_six_long_names_fit_and_are_read_out_in_full(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", SIX, first_dealer=0)
    game = score_round(app.keeper, game, [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0])
    harness = await app.start(f"/game/{game.id}")
    size = ScreenSize(harness.page.width or 0, harness.page.height or 0)
    for seat, name in enumerate(SIX):
        header = identified(harness, f"name-{seat}")
        assert header.value == fitted_names(SIX, name_room(size, 6), NAME_SIZE)[seat]
        assert header.semantics_label == name
    points = wizard.round_score(1, 1)
    cell = identified(harness, "cell-1-0")
    assert cell.value == points_text(points)
    assert cell.semantics_label == t(
        "sheet.cell",
        name="Maximilian",
        number=1,
        how="1/1",
        points=points_text(points),
        total=points_text(points),
    )
    total = identified(harness, "total-1")
    assert total.value == points_text(wizard.round_score(0, 0))
    assert total.semantics_label == t(
        "sheet.total_cell", name="Christophe", total=points_text(wizard.round_score(0, 0))
    )


async def test_a_lost_round_shows_a_real_minus_sign(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    game = score_round(app.keeper, game, [1, 0, 0], [0, 1, 0])
    harness = await app.start(f"/game/{game.id}")
    assert identified(harness, "total-0").value == "\u221210"
    assert identified(harness, "cell-1-1").value == "\u221210"


async def test_rows_are_named_by_hand_size_when_hands_differ_from_rounds(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1, 3, 5]})
    game = score_round(app.keeper, game, [1, 0, 0], [1, 0, 0])
    game = score_round(app.keeper, game, [1, 1, 1], [1, 1, 1])
    harness = await app.start(f"/game/{game.id}")
    assert t("sheet.cards") in harness.texts()
    for number, hand in [(1, "1"), (2, "3")]:
        label = named(harness, t("sheet.edit_round", number=number))
        assert label.value == hand


async def test_a_game_of_round_numbers_labels_its_rows_by_round(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    game = score_round(app.keeper, game, [1, 0, 0], [1, 0, 0])
    harness = await app.start(f"/game/{game.id}")
    assert t("sheet.round") in harness.texts() and t("sheet.cards") not in harness.texts()


async def test_the_named_button_on_a_row_opens_its_correction(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], first_dealer=0)
    game = score_round(app.keeper, game, [1, 0, 0], [1, 0, 0])
    harness = await app.start(f"/game/{game.id}")
    label = named(harness, t("sheet.edit_round", number=1))
    correct = label.parent
    while not isinstance(correct, ft.TextButton):
        correct = correct.parent
    assert correct.height is not None and correct.height >= 48
    await harness.click(label)
    harness.find(ft.FilledButton, text=t("entry.save_correction"))


async def test_a_game_of_deals_says_deal_in_the_banner_and_on_the_sheet(
    app: AppUnderTest,
) -> None:
    game = app.keeper.start("colour_blind", ["Ann", "Ben", "Cas"], first_dealer=0)
    row = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]
    entry = {"row": row, "captured_by": [0] * 5 + [1] * 4 + [2] * 4}
    app.keeper.apply(game, Action("score", {"round": 1, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")
    assert t("banner.deal", number=2) in identified(harness, "banner").value
    texts = harness.texts()
    assert t("sheet.deal") in texts and t("sheet.round") not in texts
    named(harness, t("sheet.edit_deal", number=1))
    saved = app.keeper.open(game.id).ledger.state
    how = GAME_VIEWS["colour_blind"].cell(entry, 0, saved.settings)
    points = points_text(saved.rounds[0].scores[0])
    heard = t("sheet.cell_deal", name="Ann", number=1, how=how, points=points, total=points)
    assert identified(harness, "cell-1-0").semantics_label == heard


def strip_names(harness: AppHarness) -> list[str]:
    strip = harness.find(ft.Semantics, identifier="totals-strip")
    cells = harness.find_all(ft.Semantics, within=strip, where=lambda c: c.container)
    return [harness.texts(within=cell)[0] for cell in cells]


def row_names(harness: AppHarness) -> list[str]:
    rows = harness.find_all(ft.Semantics, where=lambda c: c.identifier in ("player", "next-player"))
    return [harness.texts(within=row)[0] for row in rows]


@pytest.mark.parametrize("width", [390, 1280])
async def test_a_name_is_cut_one_way_to_the_room_each_part_of_the_screen_has(
    keeper: GameKeeper, width: int
) -> None:
    async with AppHarness(width=width, height=800) as fresh:
        app = AppUnderTest(fresh, GameKeeper(keeper.store), RecordingScreenAwake())
        game = app.keeper.start("wizard", SIX, first_dealer=0)
        harness = await app.start(f"/game/{game.id}")
        sheet = [identified(harness, f"name-{seat}").value for seat in range(len(SIX))]
        parts = {"strip": strip_names(harness), "rows": row_names(harness), "sheet": sheet}
        for part, shown in parts.items():
            for name, cut in zip(SIX, shown, strict=True):
                # Whole, or its first letters and an ellipsis.
                assert cut == name or (cut.endswith(ELLIPSIS) and name.startswith(cut[:-1])), part
            assert len(set(shown)) == len(SIX), part
        if width == 1280:  # room enough everywhere, the sheet's 100 px columns included
            assert parts == {"strip": SIX, "rows": SIX, "sheet": SIX}
        else:
            assert sheet[0] == f"Maxi{ELLIPSIS}"


LONG_BESIDE_SHORT = ["Maximilian-Alexander", "Ann", "Ben", "Cas", "Dot"]


def column_of(harness: AppHarness, identifier: str) -> ft.Container:
    """The sheet's cell (its column's share of the row) that holds `identifier`."""
    node = harness.find(ft.Semantics, identifier=identifier).parent
    while not isinstance(node, ft.Container):
        node = node.parent
    return node


@pytest.mark.parametrize("width", [390, 1280])
async def test_where_the_sheet_has_room_the_columns_widen_to_show_whole_names(
    keeper: GameKeeper, width: int
) -> None:
    """Issue 39 (7): at 1280 px the sheet cut "Maximilian-Alexander" in a 125 px column
    beside four short names with room to spare. Its column now takes the name's width, the
    others share the rest, in every row; a phone has no such room and shares equally."""
    async with AppHarness(width=width, height=800) as fresh:
        app = AppUnderTest(fresh, GameKeeper(keeper.store), RecordingScreenAwake())
        game = app.keeper.start("wizard", LONG_BESIDE_SHORT, first_dealer=0)
        game = score_round(app.keeper, game, [1, 0, 0, 0, 0], [1, 0, 0, 0, 0])
        harness = await app.start(f"/game/{game.id}")
        shown = [identified(harness, f"name-{seat}").value for seat in range(5)]
        for row in ("name", "cell-1", "total", "place"):
            shares = [column_of(harness, f"{row}-{seat}").expand for seat in range(5)]
            if width == 1280:
                assert shares[0] > shares[1] == shares[4], row
            else:
                assert len(set(shares)) == 1, row
        if width == 1280:
            assert shown == LONG_BESIDE_SHORT
            size = ScreenSize(1280, 800)
            total = sum(column_of(harness, f"total-{seat}").expand for seat in range(5))
            column = name_room(size, 5) * 5 * shares[0] / total
            assert text_width(LONG_BESIDE_SHORT[0], NAME_SIZE) < column
        else:
            assert shown[0].endswith(ELLIPSIS) and shown[1:] == LONG_BESIDE_SHORT[1:]


@pytest.mark.parametrize("module", [names, text_width_module, sheet_module])
def test_the_examples_in_the_measuring_docstrings_hold(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


async def test_each_cell_holds_the_total_so_far_and_a_legend_says_what_cells_hold(
    app: AppUnderTest,
) -> None:
    # Two rounds: every cell's third line is the running total, as on a paper pad.
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [1, 2, 3]})
    entries = [
        {"bids": [1, 0, 0], "tricks": [1, 0, 0]},
        {"bids": [0, 1, 1], "tricks": [1, 1, 0]},
    ]
    for number, entry in enumerate(entries, start=1):
        game = app.keeper.apply(game, Action("score", {"round": number, "entry": entry}))
    harness = await app.start(f"/game/{game.id}")
    state = app.keeper.open(game.id).ledger.state
    for number in range(1, len(state.rounds) + 1):
        for seat in range(3):
            running = sum(r.scores[seat] for r in state.rounds[:number])
            assert identified(harness, f"running-{number}-{seat}").value == points_text(running)
    legend = t("sheet.legend", how=t("wizard.sheet_legend"))
    assert identified(harness, "sheet-legend").value == legend
