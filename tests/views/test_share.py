"""A shared table: the host shares one game; a phone on the Wi-Fi joins it by code, says
who holds it, and sees that game only, entering what the host lets that phone enter."""

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import pytest
import pytest_asyncio
from flet.pubsub.pubsub_hub import PubSubHub

from sharing.table_share.codes import FREE_TRIES, Shares, spaced
from storage.keeper import GameKeeper, SavedGame
from tests.flet_harness import AppHarness
from tests.sharing.memory_links import MemoryLinks, Network
from tests.views.conftest import AppUnderTest, RecordingFiles, RecordingScreenAwake
from tests.views.test_adjustments import adjust, field, save, total, wizard_scored
from views.app import build_main
from views.games.wizard.trump import suit_name
from views.screens.rules import rules_route
from views.shell.i18n import LANGUAGES, t
from views.shell.widgets import change_text

SHARE_URL = "https://192.0.2.10:8551"
PHONE_IP = "192.0.2.20"


@pytest_asyncio.fixture
async def host_and_phone() -> AsyncIterator[tuple[AppHarness, AppHarness]]:
    executor = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=asyncio.get_running_loop(), executor=executor)
    async with (
        AppHarness(pubsubhub=hub) as host,
        AppHarness(pubsubhub=hub, client_ip=PHONE_IP) as phone,
    ):
        yield host, phone
    executor.shutdown(wait=True)


async def open_on(harness: AppHarness, keeper: GameKeeper, shares: Shares, route: str) -> None:
    main = build_main(keeper, (), RecordingScreenAwake, RecordingFiles, shares, SHARE_URL)
    await harness.run(main)
    await harness.go(route)


def shown(harness: AppHarness, identifier: str) -> str:
    return harness.find(ft.Semantics, identifier=identifier).content.value


def chip(harness: AppHarness, name: str) -> ft.Control:
    return harness.find(ft.Text, where=lambda c: c.semantics_label == name)


async def join_as(phone: AppHarness, who: str | None) -> None:
    """The phone, its code right, says who holds it: `who`'s phone, or one that watches."""
    words = t("table.i_am", player=who) if who is not None else t("table.just_watching")
    await phone.click(phone.find((ft.FilledButton, ft.OutlinedButton), text=words))


async def shared_wizard(
    keeper: GameKeeper, host: AppHarness, phone: AppHarness, who: str | None
) -> tuple[Shares, SavedGame]:
    """A Wizard game of Ann, Ben and Cas shared by the host, and joined by the phone as
    `who`'s (None: to watch)."""
    shares = Shares()
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    await open_on(host, keeper, shares, f"/game/{game.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    await open_on(phone, keeper, shares, f"/join/{shares.shared(game.id).code}")
    await join_as(phone, who)
    return shares, game


def everyone(number: int) -> str:
    """The host's chip letting watching phone `number` enter for everyone."""
    phone = t("table.phone_watching", number=number)
    return t("table.rights.of", phone=phone, rights=t("table.rights.everyone"))


async def test_a_phone_joins_one_shared_game_by_code_and_sees_nothing_else(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    host, phone = host_and_phone
    shares = Shares()
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    other = keeper.start("wizard", ["Dot", "Eve", "Fay"], 0)
    await open_on(host, keeper, shares, f"/game/{game.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    code = shares.shared(game.id).code
    assert shown(host, "share-code") == spaced(code)
    assert shown(host, "share-address") == f"{SHARE_URL}/join/{code}"

    await open_on(phone, keeper, shares, "/")
    assert phone.find_all(ft.TextField, label=t("join.code"))  # no Home for a stranger
    await phone.go(f"/game/{game.id}")
    assert phone.find_all(ft.TextField, label=t("join.code"))
    await phone.go(f"/join/{code}")
    await join_as(phone, "Ben")
    assert phone.page.route == f"/game/{game.id}"
    await phone.click(chip(phone, t("wizard.bid_name", player="Ben", count=1)))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]
    for elsewhere in ("/", f"/game/{other.id}", "/players", "/new/wizard", "/history/ann"):
        await phone.go(elsewhere)
        assert phone.find_all(ft.TextField, label=t("join.code")), elsewhere
    assert not phone.find_all(ft.OutlinedButton, text=t("files.export_json"))
    # The rules say the settings of the game the phone joined, of no other game.
    await phone.go(rules_route("wizard", back=f"/game/{game.id}"))
    assert phone.find_all(ft.Semantics, identifier="this-game-settings")
    await phone.go(rules_route("wizard", back=f"/game/{other.id}"))
    assert not phone.find_all(ft.Semantics, identifier="this-game-settings")


async def test_a_watching_phone_cannot_enter_and_a_stopped_share_ends_its_access(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    host, phone = host_and_phone
    shares, game = await shared_wizard(keeper, host, phone, None)
    assert shown(phone, "following") == t("share.following")
    assert_nothing_to_tap(phone)
    # One stray tap cuts no phone off: the host is asked first, and may keep sharing.
    await host.click(host.find(ft.TextButton, text=t("share.stop")))
    assert host.find(ft.Text, text=t("share.stop_question"), within=host.dialog())
    await host.click(host.find(ft.TextButton, text=t("share.keep_sharing"), within=host.dialog()))
    await phone.settle()
    assert shown(phone, "following") == t("share.following")
    assert shares.shared(game.id) is not None
    await stop_sharing(host)
    await phone.settle()  # the phone hears at once that its table is no longer shared
    assert phone.find_all(ft.TextField, label=t("join.code"))


async def stop_sharing(host: AppHarness) -> None:
    """Tap "Stop sharing" and confirm it in the dialog that asks."""
    await host.click(host.find(ft.TextButton, text=t("share.stop")))
    await host.click(host.find(ft.TextButton, text=t("share.stop"), within=host.dialog()))


def assert_nothing_to_tap(phone: AppHarness) -> None:
    """A watching phone's game screen holds no control that could change the round: no
    chip or button in the round's entry, no trump chip, no confirm, undo or clear button
    in the bar (the app bar's and the sheet's own buttons aside)."""
    [entry] = phone.find_all(ft.Container, where=lambda c: c.disabled is True)
    assert phone.find_all(ft.Semantics, identifier="value-0", within=entry)
    for kind in (ft.OutlinedButton, ft.FilledButton, ft.TextButton, ft.IconButton):
        assert not phone.find_all(kind, within=entry), kind
    bar = phone.find(ft.Semantics, identifier="step-bar")
    assert not phone.find_all((ft.FilledButton, ft.TextButton), within=bar)
    buttons = phone.find_all((ft.OutlinedButton, ft.FilledButton, ft.TextButton))
    names = [c.semantics_label or c.value or "" for b in buttons for c in phone.find_all(
        ft.Text, within=b)]  # fmt: skip
    for word in ("bids", "took", "turned up", "Clear", "Change", "Score"):
        assert not any(word in name for name in names), (word, names)
    tooltips = [c.tooltip or "" for c in phone.find_all(ft.IconButton)]
    assert not any("trump" in tip or "Clear" in tip for tip in tooltips), tooltips


async def test_a_watching_phone_sees_the_round_in_progress_read_only(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    host, phone = host_and_phone
    shares = Shares()
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0, {"round_sizes": [2]})
    await open_on(host, keeper, shares, f"/game/{game.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    await open_on(phone, keeper, shares, f"/join/{shares.shared(game.id).code}")
    await join_as(phone, None)
    # No trump entered yet: the watcher is not told to tap a card it has no chip for.
    assert shown(phone, "trump") == t("wizard.trump_not_yet")
    assert shown(host, "trump") == t("wizard.trump_not_entered")
    # Ann deals 2 each, Ben bids first: the host enters the trump and Ben's bid.
    await host.click(chip(host, t("wizard.turned_suit", suit=suit_name("H"))))
    await host.click(chip(host, t("wizard.bid_name", player="Ben", count=1)))
    await phone.settle()
    assert shown(phone, "entry-hint") == t("wizard.next_bid", player="Cas")
    assert shown(phone, "bid-count") == shown(host, "bid-count")
    assert shown(phone, "value-1") == "1"
    assert shown(phone, "value-2") == "\u2013"
    assert shown(phone, "note-1") == t("wizard.first_mark")
    assert "Cas" in phone.texts(within=phone.find(ft.Semantics, identifier="next-player"))
    assert shown(phone, "trump") == shown(host, "trump")
    assert_nothing_to_tap(phone)
    # The bids done and two players' tricks in: the watcher sees the tricks, Ann's filled
    # in from the cards, and what the round gives each player, as the host does.
    await host.click(chip(host, t("wizard.bid_name", player="Cas", count=0)))
    await host.click(chip(host, t("wizard.bid_name", player="Ann", count=1)))
    await host.click(chip(host, t("wizard.took_name", player="Ben", count=1)))
    await host.click(chip(host, t("wizard.took_name", player="Cas", count=0)))
    await phone.settle()
    assert shown(phone, "entry-hint") == t("entry.ready_for_scorer")
    assert shown(phone, "trick-count") == shown(host, "trick-count")
    assert shown(phone, "value-0") == "1"
    assert shown(phone, "filled-0") == t("wizard.filled_mark")
    for seat in range(3):
        assert shown(phone, f"preview-{seat}") == shown(host, f"preview-{seat}")
    assert shown(phone, "preview-0") == "+30"
    assert_nothing_to_tap(phone)
    # Given the right to enter, the same phone gets the chips and the bar's buttons.
    await host.settle()
    await host.click(chip(host, everyone(1)))
    await phone.settle()
    assert phone.find(ft.FilledButton, text=t("entry.score_round"))


async def test_wrong_codes_are_refused_then_throttled(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    _, phone = host_and_phone
    shares = Shares()
    shares.share(keeper.start("wizard", ["Ann", "Ben", "Cas"], 0).id)
    await open_on(phone, keeper, shares, "/join")
    field = phone.find(ft.TextField, label=t("join.code"))
    await phone.type(field, "WRONG123")
    for _ in range(FREE_TRIES - 1):
        await phone.click(phone.find(ft.FilledButton, text=t("join.join")))
        assert t("join.wrong") in phone.texts()
    await phone.click(phone.find(ft.FilledButton, text=t("join.join")))
    assert t("join.wait", seconds=30) in phone.texts()


async def test_the_code_field_holds_what_was_typed_or_the_address_arrived_at(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    """A refused code stays typed, to be corrected; another table's address brings its own
    code. Only a browser shows the first going wrong (Flutter's field is written over by
    the redrawn value): tests/e2e/test_share.py checks it there."""
    _, phone = host_and_phone
    shares = Shares()
    shares.share(keeper.start("wizard", ["Ann", "Ben", "Cas"], 0).id)
    await open_on(phone, keeper, shares, "/join/WRONG001")
    await phone.type(phone.find(ft.TextField, label=t("join.code")), "WRONG002")
    await phone.click(phone.find(ft.FilledButton, text=t("join.join")))
    assert phone.find(ft.TextField, label=t("join.code")).value == "WRONG002"
    await phone.go("/join/WRONG003")
    assert phone.find(ft.TextField, label=t("join.code")).value == "WRONG003"


async def test_a_joined_phone_at_its_tables_address_again_goes_back_to_the_game(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    """The QR code scanned twice, or the browser's first address coming back after the
    join moved the phone on (a slow phone's late route): the phone returns to its game,
    rather than stopping on the join screen."""
    host, phone = host_and_phone
    shares = Shares()
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    await open_on(host, keeper, shares, f"/game/{game.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    code = shares.shared(game.id).code
    await open_on(phone, keeper, shares, f"/join/{code}")
    await join_as(phone, "Ben")
    assert phone.page.route == f"/game/{game.id}"
    await phone.go(f"/join/{code.lower()}")
    assert phone.page.route == f"/game/{game.id}"
    await phone.go("/join/WRONGONE")  # another code: the phone stays at its table's screen
    assert phone.find_all(ft.TextButton, text=t("join.back"))


async def test_a_new_share_needs_its_new_code_even_from_a_phone_that_joined_before(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    host, phone = host_and_phone
    shares = Shares()
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    await open_on(host, keeper, shares, f"/game/{game.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    old_code = shares.shared(game.id).code
    await open_on(phone, keeper, shares, f"/join/{old_code}")
    await join_as(phone, "Ben")
    assert phone.page.route == f"/game/{game.id}"

    await stop_sharing(host)
    await phone.settle()
    assert phone.find_all(ft.TextField, label=t("join.code"))
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    new_code = shares.shared(game.id).code
    assert new_code != old_code
    await phone.go("/")
    await phone.go(f"/game/{game.id}")  # the old phone walks back to the game's address
    assert phone.find_all(ft.TextField, label=t("join.code"))
    assert not phone.find_all(ft.Text, where=lambda c: c.semantics_label == t(
        "wizard.bid_name", player="Ben", count=1))  # fmt: skip
    assert not phone.find_all(ft.TextButton, text=t("join.back"))
    await phone.go(f"/join/{old_code}")
    assert t("join.wrong") in phone.texts()

    await phone.go(f"/join/{new_code}")
    await join_as(phone, "Ben")
    assert phone.page.route == f"/game/{game.id}"
    await phone.click(chip(phone, t("wizard.bid_name", player="Ben", count=1)))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, None]


async def test_a_phone_through_the_share_is_never_the_host_even_from_this_computer(
    keeper: GameKeeper,
) -> None:
    keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    async with AppHarness(client_ip="127.0.0.1", via_share=True) as phone:
        await open_on(phone, keeper, Shares(), "/")
        assert phone.find_all(ft.TextField, label=t("join.code"))
        assert t("home.in_progress") not in phone.texts()


async def test_a_server_without_sharing_says_so_in_a_players_words(app: AppUnderTest) -> None:
    game = app.keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    harness = await app.start(f"/game/{game.id}")
    said = harness.find(ft.Semantics, identifier="share-off").content.value
    assert said == t("share.off")
    assert not harness.find_all(ft.OutlinedButton, text=t("share.start"))
    for language in LANGUAGES:  # no command-line flag, no file to look up
        assert "--" not in t("share.off", language) and "README" not in t("share.off", language)


async def test_a_phone_alone_offers_the_phones_only_share_and_no_server_words(
    keeper: GameKeeper,
) -> None:
    game = keeper.start("wizard", ["Ann", "Ben", "Cas"], 0)
    links = MemoryLinks(Network())
    main = build_main(keeper, (), RecordingScreenAwake, RecordingFiles, links=lambda: links)
    async with AppHarness() as harness:
        await harness.run(main)
        await harness.go(f"/game/{game.id}")
        assert not harness.find_all(ft.Semantics, identifier="share-off")
        assert t("share.off") not in harness.texts()
        await harness.click(harness.find(ft.OutlinedButton, text=t("share.start")))
        assert harness.find_all(ft.FilledButton, text=t("table.invite"))


@pytest.mark.parametrize(
    ("game", "players", "shown_id"),
    [("plotters", ["Ann", "Ben", "Cas", "Dot"], "cards-count"), ("colour_blind", None, None)],
)
async def test_a_watcher_of_any_game_sees_its_round_entry_disabled_and_the_bars_hint(
    keeper: GameKeeper,
    host_and_phone: tuple[AppHarness, AppHarness],
    game: str,
    players: list[str] | None,
    shown_id: str | None,
) -> None:
    host, phone = host_and_phone
    shares = Shares()
    started = keeper.start(game, players or ["Ann", "Ben", "Cas"], 0)
    await open_on(host, keeper, shares, f"/game/{started.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    await open_on(phone, keeper, shares, f"/join/{shares.shared(started.id).code}")
    await join_as(phone, None)
    # The round's entry is there, every control in it disabled (Flet disables a disabled
    # control's children), and the bar says what the host's bar says, with no button.
    [entry] = phone.find_all(ft.Container, where=lambda c: c.disabled is True)
    controls = (ft.OutlinedButton, ft.FilledTonalButton, ft.Switch)
    assert phone.find_all(controls, within=entry)
    if shown_id:
        assert shown(phone, shown_id) == shown(host, shown_id)
    assert shown(phone, "entry-hint") == shown(host, "entry-hint")
    bar = phone.find(ft.Semantics, identifier="step-bar")
    assert not phone.find_all((ft.FilledButton, ft.TextButton), within=bar)
    assert not phone.find_all(ft.FilledButton, text=t("entry.score_round"))


async def test_a_watching_phone_cannot_adjust_and_a_phone_allowed_to_enter_can(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    """The share's rights hold for adjustments: a watcher gets no form, and once the host
    lets phones enter, a phone's adjustment is checked and saved as the host's would be,
    and the host's sheet shows it."""
    host, phone = host_and_phone
    shares = Shares()
    game = wizard_scored(keeper)
    await open_on(host, keeper, shares, f"/game/{game.id}")
    await host.click(host.find(ft.OutlinedButton, text=t("share.start")))
    await open_on(phone, keeper, shares, f"/join/{shares.shared(game.id).code}")
    await join_as(phone, None)
    assert not phone.find_all(ft.TextButton, text=t("adjust.open"))
    await host.settle()
    await host.click(chip(host, everyone(1)))
    await phone.settle()
    await adjust(phone, "Cas", "0", "nothing")
    assert field(phone, "adjust.points").error == t("adjust.points_zero")
    await phone.type(field(phone, "adjust.points"), "-5")
    await save(phone)
    assert keeper.open(game.id).ledger.state.totals == (20, 30, 15)
    await host.settle()
    assert shown(host, "adjustment-1") == change_text(-5)
    assert total(host, 2) == "15"


async def test_the_host_sees_who_joined_sets_each_phones_rights_and_takes_one_off(
    keeper: GameKeeper, host_and_phone: tuple[AppHarness, AppHarness]
) -> None:
    """Ben's own phone joins by code: the host's panel lists it by name, linked; Ben's
    phone enters Ben's bid only; given everyone's rights it enters Cas's too; taken off the
    table (asked first), it is told on the join screen and sees the game no more."""
    host, phone = host_and_phone
    _, game = await shared_wizard(keeper, host, phone, "Ben")
    await host.settle()
    bens = t("table.phone_of", player="Ben")
    assert shown(host, "table-phone-1") == t(
        "table.phone_line", phone=bens, state=t("table.state.linked")
    )
    assert shown(phone, "pad-title") == t("wizard.your_bid", player="Ben")
    assert not phone.find_all(
        ft.Text, where=lambda c: c.semantics_label == t("wizard.bid_name", player="Cas", count=0)
    )
    await phone.click(chip(phone, t("wizard.bid_name", player="Ben", count=1)))
    everyone = t("table.rights.of", phone=bens, rights=t("table.rights.everyone"))
    await host.settle()
    await host.click(chip(host, everyone))
    await phone.settle()
    await phone.click(chip(phone, t("wizard.bid_name", player="Cas", count=0)))
    assert keeper.open(game.id).ledger.state.draft["bids"] == [None, 1, 0]
    await host.settle()
    await host.click(host.find(ft.TextButton, text=t("table.remove_phone", phone=bens)))
    await host.click(host.find(ft.TextButton, text=t("table.remove"), within=host.dialog()))
    await phone.settle()
    assert t("join.removed") in phone.texts()
    assert phone.find_all(ft.TextField, label=t("join.code"))
    assert not host.find_all(ft.Semantics, identifier="table-phone-1")
