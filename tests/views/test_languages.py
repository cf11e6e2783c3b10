"""Each phone in its own language: chosen from the browser's languages on a first visit,
changed in the app, kept by the device; two phones in two languages on one shared game
each see their own words, also while the other one plays."""

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from typing import Any

import flet as ft
import pytest
import pytest_asyncio
from babel.dates import format_datetime
from flet.pubsub.pubsub_hub import PubSubHub

from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.views.conftest import RecordingFiles, RecordingScreenAwake
from tests.views.test_players import one_round_wizard
from views.app import build_main
from views.games.trick_helpers import RESULT_ID
from views.screens.rules import rules_route
from views.shell.device import KEEP_AWAKE, LANGUAGE, THEME
from views.shell.i18n import joined, language_name, t
from views.shell.language import menu_name

PLAYERS = ["Ann", "Ben", "Cas"]


async def open_app(harness: AppHarness, keeper: GameKeeper, route: str = "/") -> AppHarness:
    await harness.run(build_main(keeper, (), RecordingScreenAwake, RecordingFiles))
    if route != "/":
        await harness.go(route)
    return harness


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


async def choose_language(harness: AppHarness, language: str) -> None:
    menu = harness.find(ft.PopupMenuButton, tooltip=menu_name())
    item = harness.find(ft.PopupMenuItem, text=language_name(language), within=menu)
    await harness.click(item)


async def bid(harness: AppHarness, language: str, player: str, count: int) -> None:
    name = t("wizard.bid_name", language, player=player, count=count)
    await harness.click(harness.find(ft.Text, where=lambda c: c.semantics_label == name))


@pytest.mark.parametrize(
    ("browser", "language"),
    [
        (["de-DE", "en"], "de"),
        (["fr-FR", "nb-NO", "en"], "nb"),
        (["no"], "nb"),
        (["ko"], "ko"),
        (["fr-FR"], "en"),
    ],
)
async def test_a_first_visit_speaks_the_first_browser_language_trickpad_has(
    keeper: GameKeeper, browser: list[str], language: str
) -> None:
    async with AppHarness(languages=browser) as harness:
        await open_app(harness, keeper)
        assert t("home.tagline", language) in harness.texts()
        assert harness.page.title == t("app.name", language)


async def test_a_chosen_language_redraws_every_word_and_a_reload_keeps_it(
    keeper: GameKeeper,
) -> None:
    game = keeper.start("plotters", [*PLAYERS, "Dot"], 0, {})
    storage: dict[str, Any] = {}
    async with AppHarness(languages=["de-DE"], local_storage=storage) as harness:
        await open_app(harness, keeper)
        plotters_de = t("game.plotters", "de")
        assert plotters_de != t("game.plotters", "en"), "German names Plotters its own way"
        assert any(plotters_de in text for text in harness.texts())
        await choose_language(harness, "ko")
        assert t("home.tagline", "ko") in harness.texts()
        assert t("home.tagline", "de") not in harness.texts()
        assert any(t("game.plotters", "ko") in text for text in harness.texts())
    assert storage[LANGUAGE] == "ko"
    async with AppHarness(languages=["de-DE"], local_storage=storage) as reloaded:
        await open_app(reloaded, keeper, f"/game/{game.id}")
        assert t("game.plotters", "ko") in reloaded.views()[-1].appbar.title.value


async def test_the_theme_and_keep_awake_choices_survive_a_reload(keeper: GameKeeper) -> None:
    game = keeper.start("wizard", PLAYERS, 0, {"round_sizes": [1]})
    storage: dict[str, Any] = {}
    async with AppHarness(local_storage=storage) as harness:
        await open_app(harness, keeper, f"/game/{game.id}")
        await harness.click(harness.find(ft.IconButton, tooltip=t("theme.system")))
        await harness.toggle(harness.find(ft.Switch, label=t("options.keep_awake")))
    assert storage[THEME] == ft.ThemeMode.LIGHT.value
    assert storage[KEEP_AWAKE] is False
    async with AppHarness(local_storage=storage) as reloaded:
        await open_app(reloaded, keeper, f"/game/{game.id}")
        assert reloaded.page.theme_mode == ft.ThemeMode.LIGHT
        assert reloaded.find(ft.IconButton, tooltip=t("theme.light"))
        assert reloaded.find(ft.Switch, label=t("options.keep_awake")).value is False


@pytest_asyncio.fixture
async def two_phones() -> AsyncIterator[tuple[AppHarness, AppHarness]]:
    """A German and a Korean phone of one server."""
    executor = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=asyncio.get_running_loop(), executor=executor)
    async with (
        AppHarness(pubsubhub=hub, languages=["de-DE"]) as german,
        AppHarness(pubsubhub=hub, languages=["ko-KR"]) as korean,
    ):
        yield german, korean
    executor.shutdown(wait=True)


async def test_two_phones_on_one_game_each_see_their_own_language(
    keeper: GameKeeper, two_phones: tuple[AppHarness, AppHarness]
) -> None:
    german, korean = two_phones
    game = keeper.start("wizard", PLAYERS, 0, {"round_sizes": [2]})
    await open_app(german, keeper, f"/game/{game.id}")
    await open_app(korean, keeper, f"/game/{game.id}")

    await bid(german, "de", "Ben", 1)  # the Korean phone redraws, in its own session
    await korean.settle()
    gap = {language: t("wizard.under", language, count=1) for language in ("de", "ko")}
    for phone, language in ((german, "de"), (korean, "ko")):
        expected = t("wizard.bid_count", language, total=1, cards=2, gap=gap[language])
        assert shown(phone, "bid-count") == expected

    await bid(korean, "ko", "Cas", 0)
    await german.settle()
    for phone, language in ((german, "de"), (korean, "ko")):
        gap = t("wizard.under", language, count=1)
        expected = t("wizard.bid_count", language, total=1, cards=2, gap=gap)
        assert shown(phone, "bid-count") == expected
        assert shown(phone, "entry-hint") == t("wizard.next_bid", language, player="Ann")


async def test_lists_and_dates_follow_the_language(keeper: GameKeeper) -> None:
    keeper.start("wizard", PLAYERS, 0, {"round_sizes": [1]})
    async with AppHarness(languages=["de-DE"]) as harness:
        await open_app(harness, keeper)
        assert any("Ann, Ben und Cas" in text for text in harness.texts())
    assert joined(PLAYERS) == "Ann, Ben, and Cas"  # outside a session: English


async def test_a_german_phone_exports_a_german_score_sheet_under_a_german_name(
    keeper: GameKeeper,
) -> None:
    game = keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0, {})
    files = RecordingFiles()
    async with AppHarness(languages=["de-DE"]) as harness:
        await harness.run(build_main(keeper, (), RecordingScreenAwake, lambda: files))
        await harness.go(f"/game/{game.id}")
        await harness.click(harness.find(ft.OutlinedButton, text=t("files.export_csv", "de")))
    [(name, content)] = files.saved.items()
    day = game.summary.created_at.astimezone().date().isoformat()
    assert name == f"trickpad-mit-list-und-tucke-{day}-ann-ben-cas-dot.csv"
    header, total, place = content.decode("utf-8").splitlines()
    assert header.split(",")[:3] == [
        t("storage.sheet_round", "de"),
        "Ann",
        t("storage.sheet_total_of", "de", name="Ann"),
    ]
    assert total.startswith(t("storage.sheet_total", "de") + ",")
    assert place.startswith(t("storage.sheet_place", "de") + ",")
    assert t("storage.sheet_round", "de") != t("storage.sheet_round", "en")


def german_line(wins: int, rate: str) -> str:
    """A player's line on a German phone, three games played."""
    return t("players.line", "de", games=3, wins=wins, rate=rate)


async def test_shares_and_averages_are_written_as_the_language_writes_them(
    keeper: GameKeeper,
) -> None:
    one_round_wizard(keeper, PLAYERS, [1, 0, 0])  # Ann 30, Ben 20, Cas 20: Ann wins
    one_round_wizard(keeper, ["Ben", "Ann", "Cas"], [1, 0, 0])  # Ben wins, Ann 20
    one_round_wizard(keeper, ["Ann", "Ben", "Dot"], [0, 1, 0])  # Ben wins again, Ann 20
    async with AppHarness(languages=["de-DE"]) as harness:
        await open_app(harness, keeper, "/players")
        assert shown(harness, "player-ann") == german_line(wins=1, rate="33\xa0%")
        assert shown(harness, "player-ben") == german_line(wins=2, rate="67\xa0%")
        await harness.click(harness.find(ft.ListTile, has_text="Ann"))
        average = t("players.scores", "de", average="23,3", best=30, worst=20)
        assert average in harness.texts()


async def test_a_german_player_taps_trick_cards_named_in_german(keeper: GameKeeper) -> None:
    async with AppHarness(languages=["de-DE"]) as harness:
        await open_app(harness, keeper, rules_route("plotters"))
        for seat, (colour, number) in enumerate(
            [("red", 9), ("blue", 2), ("red", 14), ("green", 2)], start=1
        ):
            player = t("rules.card_label", "de", number=seat)
            colour_word = t(f"plotters.colour.{colour}", "de")
            card = t("rules.plotters.card", "de", colour=colour_word, number=number)
            for name in (
                t("picker.suit", "de", suit=colour_word, player=player),
                t("picker.plays", "de", player=player, card=card),
            ):
                await harness.click(
                    harness.find(ft.Text, where=lambda c, name=name: c.semantics_label == name)
                )
        result = " ".join(harness.texts(within=harness.find(ft.Semantics, identifier=RESULT_ID)))
        card = t("rules.plotters.card", "de", colour="Rot", number=14)
        assert result.startswith(t("rules.card_label", "de", number=3)), result
        assert card in result, result


async def test_a_german_phone_saves_its_backup_under_a_german_name(keeper: GameKeeper) -> None:
    keeper.start("wizard", PLAYERS, 0, {"round_sizes": [1]})
    files = RecordingFiles()
    async with AppHarness(languages=["de-DE"]) as harness:
        await harness.run(build_main(keeper, (), RecordingScreenAwake, lambda: files))
        await harness.click(harness.find(ft.OutlinedButton, text=t("library.export", "de")))
    [name] = files.saved
    assert name == f"trickpad-sicherung-{date.today().isoformat()}.json"


def written_short(when: datetime, locale: str) -> str:
    """What CLDR writes for `when` as a short date and time in `locale`, by Babel itself."""
    text = format_datetime(when.astimezone(), format="short", locale=locale)
    return text.replace("\u202f", "\xa0")  # as views.shell.message_format.written draws it


async def test_dates_follow_the_browsers_region_not_only_its_language(
    keeper: GameKeeper,
) -> None:
    """Issue 39 (7): a British phone got "12/4/26, 1:20 AM", which reads as 12 April. The
    same game's last change on Home, on an English phone in Britain and in the US; a German
    one in Austria; and Britain's again once English is chosen from a German page."""
    game = keeper.start("wizard", PLAYERS, 0, {"round_sizes": [1]})
    when = game.summary.updated_at
    british, american = written_short(when, "en_GB"), written_short(when, "en_US")
    assert british != american and british.split(",")[0].count("/") == 2
    for browser, locale in (("en-GB", "en_GB"), ("en-US", "en_US"), ("de-AT", "de_AT")):
        async with AppHarness(languages=[browser]) as harness:
            await open_app(harness, keeper)
            lines = " ".join(harness.texts())
            assert written_short(when, locale) in lines, (browser, lines)
    async with AppHarness(languages=["de-DE", "en-GB"]) as harness:
        await open_app(harness, keeper)
        assert written_short(when, "de_DE") in " ".join(harness.texts())
        await choose_language(harness, "en")
        assert british in " ".join(harness.texts())
