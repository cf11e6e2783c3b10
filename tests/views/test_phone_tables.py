"""The phones-only share through the screens: one phone alone shares its game, another
joins it by invitation and reply (the texts carried as a player would paste them), both
enter, the host chooses what the guest may do, and the guest keeps a copy that outlives
the link; or the texts are read by the camera (what it reads is the test's), and go the
same way. Each phone is its own session over its own store; their links are joined in
memory (tests/sharing/memory_links.py; the browser's real ones: tests/e2e)."""

import json
import re
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import flet as ft
import pytest_asyncio

from scorers import colour_blind
from scorers.edits import changes_between
from scorers.ledger import Action
from scorers.plotters import COLOURS
from sharing.fair_share import WAITING_AT_MOST
from sharing.phones_only.channel import ChannelState
from sharing.phones_only.links import CameraRefused, ScanWords
from sharing.table_share.connections import THIS_DEVICE
from storage import open_store
from storage.keeper import GameKeeper
from tests.flet_harness import AppHarness
from tests.sharing.memory_links import MemoryLinks, Network
from tests.views.conftest import RecordingFiles, RecordingNudger, RecordingScreenAwake
from tests.views.wizard_steps import bid, chip, took
from views.app import build_main
from views.games.colour_blind.entry import card_name
from views.games.plotters.entry import colour_name
from views.shell.i18n import t

PLAYERS = ["Ann", "Ben", "Cas"]
ROW_CARDS = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8S", "9C", "10S", "JC", "QS", "KC"]
"""A Colour-blind row of thirteen cards (red is good)."""


class Phone:
    """One phone alone: its store, its app, its links on the table's network."""

    def __init__(self, harness: AppHarness, folder: Path, network: Network) -> None:
        self.harness = harness
        self.keeper = GameKeeper(open_store(folder).store)
        self.links = MemoryLinks(network)
        self.awake = RecordingScreenAwake()
        self.nudges = RecordingNudger()
        self.secure = False
        """Whether its page is a secure context (https), where the screen can be kept on."""

    async def start(self, route: str) -> None:
        main = build_main(
            self.keeper,
            (),
            lambda: self.awake,
            RecordingFiles,
            peer=lambda: replace(THIS_DEVICE, secure=self.secure),
            links=lambda: self.links,
            nudger=lambda: self.nudges,
        )
        await self.harness.run(main)
        await self.harness.go(route)

    def shown(self, identifier: str) -> str:
        return self.harness.find(ft.Semantics, identifier=identifier).content.value

    async def tap(self, text: str) -> None:
        """Tap the button that says `text`, and let what it starts settle (a screen it
        opens, as "Invite a phone" opens the invitation's)."""
        await self.harness.click(self.harness.find(has_text=text, where=clickable))
        await self.harness.settle()

    async def type_in(self, identifier: str, text: str) -> None:
        field = self.harness.find(ft.Semantics, identifier=identifier).content
        await self.harness.type(field, text)


def clickable(control: ft.Control) -> bool:
    return isinstance(control, ft.FilledButton | ft.OutlinedButton | ft.TextButton)


@pytest_asyncio.fixture
async def table(tmp_path: Path) -> AsyncIterator[tuple[Phone, Phone]]:
    network = Network()
    async with AppHarness() as host_harness, AppHarness() as guest_harness:
        yield (
            Phone(host_harness, tmp_path / "host", network),
            Phone(guest_harness, tmp_path / "guest", network),
        )


async def inviting(host: Phone) -> str:
    """A game of the host's shared, an invitation for the next phone shown; the game's id."""
    game = host.keeper.start("wizard", PLAYERS, 0)
    await host.start(f"/game/{game.id}")
    await host.tap(t("share.start"))
    await host.tap(t("table.invite"))
    return game.id


async def joined(host: Phone, guest: Phone, game_id: str) -> str:
    """The guest joined the host's shared game as a player would; the copy's id."""
    await host.start(f"/game/{game_id}")
    await host.tap(t("share.start"))
    await guest.start("/")
    await guest.tap(t("table.join"))
    return await invited(host, guest)


async def invited(
    host: Phone, guest: Phone, who: str | None = "Cas", phones: int = 1, asked: bool = True
) -> str:
    """The guest, on "Join a table", joined by the host's next invitation as `who` (a
    player's name; None: just watching; not `asked`: a phone joining again answers as the
    player it was by itself); the copy's id."""
    await host.tap(t("table.invite"))
    await guest.type_in("join-invite", host.shown("table-invite"))
    if asked:
        await guest.tap(t("table.reply"))
        await answer_as(guest, who)
    else:
        await guest.harness.click_leaving_a_wait(
            guest.harness.find(ft.FilledButton, has_text=t("table.reply"))
        )
        await guest.harness.settle()
    reply = guest.shown("table-reply")
    await host.type_in("host-reply", reply)
    await take_reply(host, guest, who)
    await guest.harness.settle()
    assert host.shown("table-guests") == t("table.guests", count=phones)
    route = guest.harness.page.route or ""
    assert route.startswith("/game/")
    return route.removeprefix("/game/")


async def answer_as(guest: Phone, who: str | None) -> None:
    """The guest, asked who holds it, says `who` (a player's name; None: just watching):
    its reply is made."""
    words = t("table.i_am", player=who) if who is not None else t("table.just_watching")
    await guest.harness.click_leaving_a_wait(guest.harness.find(has_text=words, where=clickable))


async def take_reply(host: Phone, guest: Phone | None = None, who: str | None = "Cas") -> None:
    """The host checks the reply given it, and admits it as `who`'s phone: the check it
    shows is the one the replying phone shows (`guest`'s, where it is still on its join
    screen to compare)."""
    await host.tap(t("table.take"))
    check = host.shown("link-check")
    if guest is not None:
        assert guest.shown("link-check") == check
    admit = (
        t("table.admit", check=check, player=who) if who else t("table.admit_watching", check=check)
    )
    await host.tap(admit)


async def shared_game(host: Phone, guest: Phone) -> tuple[str, str]:
    """A Wizard game of PLAYERS (Ann deals) started on the host and joined by the guest as
    Cas's own phone: its id on the host's phone and on the guest's."""
    game = host.keeper.start("wizard", PLAYERS, 0)
    return game.id, await joined(host, guest, game.id)


def links_lost(host: Phone) -> None:
    """WebRTC gives up every link of the host's (a screen locked for minutes)."""
    for pair in host.links.network.pairs.values():
        pair.set_state(ChannelState.CLOSED)


async def test_a_guest_joins_by_invitation_and_both_phones_enter_the_same_game(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    game_id, copy_id = await shared_game(host, guest)
    assert guest.shown("table-link") == t("table.link.open")
    # The scorer sees who joined: Cas's own phone, linked, entering Cas's values only.
    cas = t("table.phone_of", player="Cas")
    linked = t("table.state.linked")
    assert host.shown("table-phone-1") == t("table.phone_line", phone=cas, state=linked)
    assert guest.shown("pad-title") == t("wizard.your_bid", player="Cas")
    assert guest.nudges.nudges == 0  # Ben bids first
    # Ann deals: Ben bids first, on the host; Cas on the guest; each shows on the other.
    await bid(host.harness, "Ben", 1)
    await guest.harness.settle()
    assert guest.shown("entry-hint") == t("wizard.your_bid", player="Cas")
    assert guest.nudges.nudges == 1  # bidding reached Cas
    await bid(guest.harness, "Cas", 0)
    await host.harness.settle()
    await guest.harness.settle()
    assert host.shown("entry-hint") == t("wizard.next_bid", player="Ann")
    saved = host.keeper.open(game_id).ledger
    copy = guest.keeper.open(copy_id).ledger
    assert copy.actions == saved.actions  # the guest's copy is the host's log
    # Watching only: the guest's tap is refused in words, and nothing is sent.
    await host.tap(t("table.rights.watch"))
    await guest.harness.settle()
    assert guest.harness.find_all(ft.Semantics, identifier="following")
    assert host.keeper.open(game_id).ledger.action_count == saved.action_count


async def a_round_scored(host: Phone, guest: Phone) -> None:
    """Round 1 (one card, Ann deals) bid, taken and scored on the host's phone."""
    for player, count in (("Ben", 1), ("Cas", 0), ("Ann", 0)):
        await bid(host.harness, player, count)
    for player, count in (("Ben", 1), ("Cas", 0)):
        await took(host.harness, player, count)
    await host.tap(t("entry.score_round"))
    await guest.harness.settle()


async def test_a_watching_phone_is_offered_nothing_that_changes_the_game(
    table: tuple[Phone, Phone],
) -> None:
    """A guest correcting a round when the scorer lets phones only watch leaves the
    correction for the live round; it has no pencil, no undo, no adjustment to tap."""
    host, guest = table
    await shared_game(host, guest)
    await host.tap(t("table.rights.everyone"))
    await a_round_scored(host, guest)
    correct = t("sheet.edit_round", number=1)
    await guest.harness.click(chip(guest.harness, correct))
    assert t("banner.correcting", number=1) in guest.shown("banner")
    await host.tap(t("table.rights.watch"))
    await guest.harness.settle()
    assert t("banner.correcting", number=1) not in guest.shown("banner")
    assert guest.shown("entry-hint") == t("wizard.next_bid", player="Cas")
    assert not guest.harness.find_all(ft.Text, where=lambda c: c.semantics_label == correct)
    undo = re.compile("^" + re.escape(t("undo.undo", what="")))
    assert not guest.harness.find_all(has_text=undo)
    assert not guest.harness.find_all(has_text=t("adjust.open"))
    assert guest.harness.find_all(ft.Semantics, identifier="following")
    assert host.harness.find_all(has_text=undo)  # what the scorer's phone does have


async def test_stopping_the_share_leaves_the_guest_its_copy_to_carry_on(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    game_id, copy_id = await shared_game(host, guest)
    await bid(host.harness, "Ben", 1)
    await host.tap(t("share.stop"))
    await host.harness.click(
        host.harness.find(ft.TextButton, text=t("share.stop"), within=host.harness.dialog())
    )
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.ended")
    await guest.tap(t("table.carry_on"))  # asked first, what it means
    assert guest.harness.find(ft.Text, text=t("table.carry_on_question"))
    await guest.harness.click(
        guest.harness.find(
            ft.TextButton, text=t("table.carry_on_yes"), within=guest.harness.dialog()
        )
    )
    await bid(guest.harness, "Cas", 0)
    copy = guest.keeper.open(copy_id).ledger.state
    assert copy.draft is not None and copy.draft["bids"][1:] == [1, 0]
    assert host.keeper.open(game_id).ledger.state.draft["bids"][2] is None


async def test_the_hosts_phone_dying_leaves_every_entry_it_sent(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    _, copy_id = await shared_game(host, guest)
    await bid(host.harness, "Ben", 1)
    await guest.harness.settle()
    links_lost(host)
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.lost")
    assert guest.keeper.open(copy_id).ledger.state.draft["bids"][1] == 1


async def test_each_side_says_a_drop_in_its_own_words_and_how_to_get_back(
    table: tuple[Phone, Phone],
) -> None:
    """Interrupted (it may come back by itself) and lost (a new invitation) told apart on
    both phones; the scorer's screen says which phone, above the pad, and invites it again
    in a tap; the guest never hears that the scorer's phone is gone."""
    host, guest = table
    game_id, _ = await shared_game(host, guest)
    (pair,) = host.links.network.pairs.values()
    pair.set_state(ChannelState.INTERRUPTED)
    await host.harness.settle()
    await guest.harness.settle()
    cas = t("table.phone_of", player="Cas")
    assert host.shown("phone-away-1") == t("table.phone_interrupted", phone=cas)
    assert guest.shown("table-link") == t("table.link.interrupted")
    pair.set_state(ChannelState.OPEN)
    await host.harness.settle()
    assert not host.harness.find_all(ft.Semantics, identifier="phone-away-1")
    pair.set_state(ChannelState.CLOSED)
    await host.harness.settle()
    await guest.harness.settle()
    assert host.shown("phone-away-1") == t("table.phone_gone", phone=cas)
    assert guest.shown("table-link") == t("table.link.lost")
    await host.tap(t("table.invite_again"))
    assert host.harness.page.route == f"/game/{game_id}/invite"
    assert host.shown("table-invite") == host.links.network.invitations[-1].text


async def test_a_guest_whose_link_was_lost_joins_again_and_goes_on_in_its_copy(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    game_id, copy_id = await shared_game(host, guest)
    links_lost(host)  # the guest's screen was locked too long
    await bid(host.harness, "Ben", 1)
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.lost")
    await guest.tap(t("table.join_again"))  # the camera opens at once; cancelled here
    assert len(guest.links.scans) == 1
    assert await invited(host, guest, asked=False) == copy_id  # Cas's phone again, unasked
    assert guest.shown("table-link") == t("table.link.open")
    assert guest.shown("entry-hint") == t("wizard.your_bid", player="Cas")
    await bid(guest.harness, "Cas", 0)
    await host.harness.settle()
    assert host.keeper.open(game_id).ledger.state.draft["bids"] == [None, 1, 0]
    assert [kept.id for kept in guest.keeper.unfinished()] == [copy_id]


async def test_a_guest_whose_link_is_down_says_so_and_not_that_it_watches(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    await shared_game(host, guest)
    (pair,) = host.links.network.pairs.values()
    pair.set_state(ChannelState.INTERRUPTED)  # the scorer still lets it enter
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.interrupted")
    assert t("share.following") not in guest.harness.texts()
    assert not guest.harness.find_all(ft.Semantics, identifier="following")


async def test_a_linked_phone_keeps_its_screen_on_whatever_its_switch_says(
    table: tuple[Phone, Phone],
) -> None:
    """A locked screen is how a phone most often drops off the table: while a link is open
    the screen is kept on, even on a phone whose player turned the switch off, and the
    switch's place says why; it is let go when the link ends."""
    host, guest = table
    host.secure = guest.secure = True
    game = host.keeper.start("wizard", PLAYERS, 0)
    await host.start(f"/game/{game.id}")
    assert host.awake.calls[-1] is True  # the switch is on by default
    switch = host.harness.find(ft.Switch)
    await host.harness.change(switch, False)
    await host.harness.settle()
    assert host.awake.calls[-1] is False
    await host.tap(t("share.start"))
    await guest.start("/")
    await guest.tap(t("table.join"))
    await invited(host, guest)
    await host.harness.go(f"/game/{game.id}")
    assert host.awake.calls[-1] is True
    assert host.shown("keep-awake") == t("options.keep_awake_linked")
    assert guest.awake.calls[-1] is True
    assert guest.shown("keep-awake") == t("options.keep_awake_linked")
    assert not host.harness.find_all(ft.Semantics, identifier="no-wake-lock")
    links_lost(host)
    await host.harness.settle()
    assert host.awake.calls[-1] is False  # as its player chose, now that no phone is linked


async def test_a_browser_that_cannot_keep_the_screen_on_says_so_at_the_table(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table  # pages that are not https: no screen kept on
    await shared_game(host, guest)
    await host.harness.go(host.harness.page.route or "/")
    assert host.shown("no-wake-lock") == t("table.no_wake_lock")
    assert guest.shown("no-wake-lock") == t("table.no_wake_lock")


async def test_a_guest_that_floods_the_scorers_phone_is_told_why_and_keeps_its_copy(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    game_id, copy_id = await shared_game(host, guest)
    (pair,) = host.links.network.pairs.values()
    undo = '{"type": "act", "ref": 1, "after": 1, "on": [], "kind": "undo", "data": {}}'
    for _ in range(WAITING_AT_MOST + 1):  # a bug on the guest's phone, faster than any hand
        pair.guest_end.send(undo)
    await host.harness.settle()
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.shut_out")
    assert host.shown("table-guests") == t("table.guests", count=0)
    assert guest.keeper.open(copy_id).ledger.actions == host.keeper.open(game_id).ledger.actions


async def test_a_hosts_refusal_it_cannot_say_is_said_in_general_words_and_the_screen_works(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    await shared_game(host, guest)
    await bid(host.harness, "Ben", 1)
    await guest.harness.settle()
    await bid(guest.harness, "Cas", 0)
    (pair,) = host.links.network.pairs.values()
    # A hostile host: a refusal whose message needs a parameter it does not give.
    refused = {"type": "refused", "ref": 1, "key": "ledger.round_not_current", "params": {}}
    pair.host_end.send(json.dumps(refused))
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.open")
    assert guest.shown("entry-refusal") == t("table.host_refused")
    assert guest.shown("entry-hint") == t("wizard.next_bid", player="Ann")  # beside it
    await bid(host.harness, "Ann", 0)  # the game moves on: the refusal is past
    await guest.harness.settle()
    assert not guest.harness.find_all(ft.Semantics, identifier="entry-refusal")
    assert guest.shown("entry-hint") == t("wizard.next_tricks", player="Ben")
    await guest.harness.click(guest.harness.find(ft.IconButton, tooltip=t("nav.back")))
    await guest.harness.settle()
    assert guest.harness.page.route == "/"
    assert t("home.pick_game") in guest.harness.texts()


async def test_a_reply_to_an_expired_invitation_is_refused_and_a_new_one_offered(
    table: tuple[Phone, Phone],
) -> None:
    host, _ = table
    await inviting(host)
    host.links.network.invitations[-1].spent = True  # ten minutes went by
    await host.type_in("host-reply", "REPLY-1/2")
    await take_reply(host)
    assert t("invitation.expired") in host.harness.texts()
    assert host.harness.find_all(ft.FilledButton, text=t("table.invite"))
    # A text that is no reply keeps the invitation up, to paste the right one.
    await host.tap(t("table.invite"))
    await host.type_in("host-reply", "hello")
    await host.tap(t("table.take"))
    assert t("invitation.unreadable") in host.harness.texts()
    assert host.shown("table-invite") == "INVITE-2"


async def test_an_invitation_shows_again_with_its_game_and_goes_when_the_share_stops(
    table: tuple[Phone, Phone],
) -> None:
    host, _ = table
    game_id = await inviting(host)
    invitation = host.links.network.invitations[-1]
    await host.harness.go("/")
    await host.harness.go(f"/game/{game_id}")
    await host.tap(t("table.invite"))  # the one showing, not a new one
    assert host.shown("table-invite") == invitation.text
    assert not invitation.withdrawn
    await host.harness.go(f"/game/{game_id}")
    await host.tap(t("share.stop"))
    await host.harness.click(
        host.harness.find(ft.TextButton, text=t("share.stop"), within=host.harness.dialog())
    )
    assert invitation.withdrawn  # a reply to it is refused from now on
    assert not host.harness.find_all(ft.Semantics, identifier="table-invite")


async def reply_shown(host: Phone, guest: Phone, who: str | None = "Cas") -> str:
    """The guest, on Home, answered the host's invitation showing as `who`: its reply's
    text."""
    await guest.start("/")
    await guest.tap(t("table.join"))
    await guest.type_in("join-invite", host.shown("table-invite"))
    await guest.tap(t("table.reply"))
    await answer_as(guest, who)
    return guest.shown("table-reply")


async def test_a_join_left_on_its_screen_is_given_up_for_good(table: tuple[Phone, Phone]) -> None:
    host, guest = table
    game_id = await inviting(host)
    reply = await reply_shown(host, guest)
    await guest.harness.click(guest.harness.find(ft.IconButton, tooltip=t("nav.back")))
    await guest.harness.settle()
    await host.type_in("host-reply", reply)
    await take_reply(host)
    await guest.harness.settle()
    assert t("invitation.no_connection") in host.harness.texts()
    await host.harness.go(f"/game/{game_id}")
    assert host.shown("table-guests") == t("table.guests", count=0)
    assert guest.harness.page.route == "/"
    assert guest.keeper.unfinished() == []


async def test_a_link_lost_before_the_game_arrived_is_told_on_home(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    await inviting(host)
    host.links.network.held = True  # what the host sends waits on its way
    reply = await reply_shown(host, guest)
    await host.type_in("host-reply", reply)
    await take_reply(host, guest)
    (pair,) = host.links.network.pairs.values()
    assert pair.waiting("host")  # the welcome and the game, not there yet
    pair.set_state(ChannelState.CLOSED)
    await guest.harness.settle()
    assert guest.harness.page.route == "/"
    assert guest.shown("home-notice") == t("table.lost_before_copy")
    assert guest.keeper.unfinished() == []


async def test_another_phone_answering_too_is_said_and_a_new_invitation_is_one_tap(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    await inviting(host)
    host.links.network.another_answers = True  # someone copied the invitation's code
    reply = await reply_shown(host, guest)
    await host.type_in("host-reply", reply)
    await take_reply(host, guest)
    assert t("invitation.another_phone") in host.harness.texts()
    assert host.links.network.invitations[-1].withdrawn
    host.links.network.another_answers = False
    await host.tap(t("table.invite"))
    assert host.shown("table-invite") == "INVITE-2"


async def test_the_codes_scanned_with_the_camera_join_as_pasted_ones(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    await inviting(host)
    await guest.start("/")
    await guest.tap(t("table.join"))
    guest.links.camera = host.shown("table-invite")
    await guest.tap(t("camera.scan"))
    await answer_as(guest, None)
    host.links.camera = guest.shown("table-reply")
    await host.tap(t("camera.scan"))
    # A scanned reply is never admitted before its check is compared.
    check = host.shown("link-check")
    assert check == guest.shown("link-check")
    await host.tap(t("table.admit_watching", check=check))
    await guest.harness.settle()
    assert host.shown("table-guests") == t("table.guests", count=1)
    assert (guest.harness.page.route or "").startswith("/game/")
    # The camera's screen speaks the phone's language.
    words = ScanWords(t("camera.instruction"), t("camera.cancel"))
    assert guest.links.scans == host.links.scans == [words]


async def test_a_strangers_reply_to_a_copied_invitation_shows_another_check_and_is_refused(
    tmp_path: Path,
) -> None:
    """Someone copies the invitation's QR code and scans their own reply to the scorer's
    phone first: its check is not the one the invited phone shows, the scorer refuses it,
    and the invited phone's reply then joins."""
    network = Network()
    async with AppHarness() as a, AppHarness() as b, AppHarness() as c:
        host, guest = Phone(a, tmp_path / "host", network), Phone(b, tmp_path / "guest", network)
        stranger = Phone(c, tmp_path / "stranger", network)
        await inviting(host)
        invited_reply = await reply_shown(host, guest)
        strangers_reply = await reply_shown(host, stranger)
        host.links.camera = strangers_reply
        await host.tap(t("camera.scan"))
        assert host.shown("link-check") == stranger.shown("link-check")
        assert host.shown("link-check") != guest.shown("link-check")
        await host.tap(t("table.refuse"))
        assert t("table.check_refused") in host.harness.texts()
        await host.type_in("host-reply", invited_reply)
        await take_reply(host, guest)
        await guest.harness.settle()
        await stranger.harness.settle()
        assert (guest.harness.page.route or "").startswith("/game/")
        assert stranger.harness.page.route == "/table"  # still waiting, never let in
        await host.harness.go(host.harness.page.route.removesuffix("/invite"))
        assert host.shown("table-guests") == t("table.guests", count=1)


async def test_a_bad_code_or_a_camera_refused_is_said_and_pasting_still_works(
    table: tuple[Phone, Phone],
) -> None:
    host, guest = table
    await inviting(host)
    await guest.start("/table")
    guest.links.camera = "a shop's QR code"
    await guest.tap(t("camera.scan"))
    await guest.harness.settle()
    assert t("invitation.unreadable") in guest.harness.texts()  # as for a text pasted
    assert guest.harness.find(ft.Semantics, identifier="join-invite").content.value == (
        "a shop's QR code"
    )
    guest.links.camera = CameraRefused("denied")
    await guest.tap(t("camera.scan"))
    await guest.harness.settle()
    assert t("camera.denied") in guest.harness.texts()
    guest.links.camera = None  # the player cancels: the screen is as it was
    await guest.tap(t("camera.scan"))
    await guest.harness.settle()
    assert t("camera.denied") in guest.harness.texts()
    await guest.type_in("join-invite", host.shown("table-invite"))
    await guest.tap(t("table.reply"))
    assert guest.harness.find(ft.Semantics, identifier="join-as-2").content.content == t(
        "table.i_am", player="Ben"
    )
    await answer_as(guest, "Ben")
    assert guest.shown("table-reply") == "REPLY-1/1"


async def test_a_server_has_no_camera_scan(tmp_path: Path) -> None:
    """The server's share is joined by its code: no invitations, nothing to scan."""
    keeper = GameKeeper(open_store(tmp_path).store)
    async with AppHarness() as harness:
        await harness.run(build_main(keeper, (), RecordingScreenAwake, RecordingFiles))
        await harness.go("/table")
        assert t("table.no_links") in harness.texts()
        assert not harness.find_all(has_text=t("camera.scan"))


async def test_a_players_own_phone_enters_that_players_values_and_nothing_else(
    table: tuple[Phone, Phone],
) -> None:
    """Cas's own phone: the pad is Cas's, the other rows are text (what it would send for
    another player is refused on both phones: tests/sharing); scoring, undo and corrections
    stay with the scorer, and the round says it is ready for the scorer's phone."""
    host, guest = table
    game_id, copy_id = await shared_game(host, guest)
    pads = guest.harness.find_all(
        ft.Text, where=lambda c: c.semantics_label and "bids" in str(c.semantics_label)
    )
    assert {label.semantics_label for label in pads} >= {
        t("wizard.bid_name", player="Cas", count=n) for n in (0, 1)
    }
    assert not guest.harness.find_all(
        ft.Text, where=lambda c: c.semantics_label == t("wizard.bid_name", player="Ben", count=0)
    )
    await bid(host.harness, "Ben", 1)
    await guest.harness.settle()
    await bid(guest.harness, "Cas", 0)
    await host.harness.settle()
    await bid(host.harness, "Ann", 0)
    await took(host.harness, "Ben", 1)
    await guest.harness.settle()
    await took(guest.harness, "Cas", 0)
    await host.harness.settle()
    await guest.harness.settle()
    assert guest.shown("entry-hint") == t("entry.ready_for_scorer")
    assert not guest.harness.find_all(has_text=t("entry.score_round"))
    undo = re.compile("^" + re.escape(t("undo.undo", what="")))
    assert not guest.harness.find_all(has_text=undo)
    await host.tap(t("entry.score_round"))
    await guest.harness.settle()
    assert (
        guest.keeper.open(copy_id).ledger.state.totals
        == host.keeper.open(game_id).ledger.state.totals
    )
    correct = t("sheet.edit_round", number=1)
    assert not guest.harness.find_all(ft.Text, where=lambda c: c.semantics_label == correct)
    assert not guest.harness.find_all(has_text=t("adjust.open"))


async def test_the_scorer_chooses_each_phones_rights_and_takes_one_off_the_table(
    tmp_path: Path,
) -> None:
    """Two phones: Cas's own and a watcher. Giving the watcher everyone's rights leaves
    Cas's phone as it was; taking the watcher off the table (asked first) tells it, leaves
    it its copy, and the scorer's list and Cas's phone go on."""
    network = Network()
    async with AppHarness() as a, AppHarness() as b, AppHarness() as c:
        host, cas = Phone(a, tmp_path / "host", network), Phone(b, tmp_path / "cas", network)
        watcher = Phone(c, tmp_path / "watcher", network)
        game_id, _ = await shared_game(host, cas)
        await watcher.start("/")
        await watcher.tap(t("table.join"))
        await host.harness.go(f"/game/{game_id}")
        watching_id = await invited(host, watcher, None, phones=2)
        await host.harness.go(f"/game/{game_id}")
        phone_2 = t("table.phone_watching", number=2)
        assert host.shown("table-phone-2") == t(
            "table.phone_line", phone=phone_2, state=t("table.state.linked")
        )
        assert watcher.harness.find_all(ft.Semantics, identifier="following")
        everyone = t("table.rights.of", phone=phone_2, rights=t("table.rights.everyone"))
        await host.harness.click(chip(host.harness, everyone))
        await watcher.harness.settle()
        await cas.harness.settle()
        assert not watcher.harness.find_all(ft.Semantics, identifier="following")
        await bid(watcher.harness, "Ben", 1)  # for anyone, as the scorer
        await cas.harness.settle()
        assert cas.shown("entry-hint") == t("wizard.your_bid", player="Cas")
        await host.tap(t("table.remove_phone", phone=phone_2))
        await host.harness.click(
            host.harness.find(ft.TextButton, text=t("table.remove"), within=host.harness.dialog())
        )
        await watcher.harness.settle()
        assert watcher.shown("table-link") == t("table.link.removed")
        assert (
            watcher.keeper.open(watching_id).ledger.action_count
            == host.keeper.open(game_id).ledger.action_count
        )
        assert not host.harness.find_all(ft.Semantics, identifier="table-phone-2")
        assert not host.harness.find_all(ft.Semantics, identifier="phone-away-2")
        await bid(cas.harness, "Cas", 0)
        await host.harness.settle()
        assert host.shown("entry-hint") == t("wizard.next_bid", player="Ann")


async def test_a_players_own_phone_counts_that_players_plotters_cards(
    table: tuple[Phone, Phone],
) -> None:
    """Plotters: Cas's own phone asks for Cas's counts, colour by colour, the other rows
    shown but not tapped, and "ended early" is the table's to say; once Cas's are in, its
    pad says so."""
    host, guest = table
    game = host.keeper.start("plotters", ["Ann", "Ben", "Cas", "Dot"], 0)
    await joined(host, guest, game.id)
    first = colour_name(COLOURS[0])
    assert guest.shown("pad-title") == t("plotters.pad_your_colour", player="Cas", colour=first)
    others = guest.harness.find_all(ft.Container, where=lambda c: c.disabled is True)
    assert len(others) == 3  # Ann's, Ben's and Dot's rows
    assert guest.harness.find(ft.Switch, label=t("plotters.ended_early")).disabled
    for colour in COLOURS:
        name = t("plotters.pad_count", player="Cas", colour=colour_name(colour), count=1)
        await guest.harness.click(chip(guest.harness, name))
        await host.harness.settle()
        await guest.harness.settle()
    assert host.keeper.open(game.id).ledger.state.draft["counts"][2] == dict.fromkeys(COLOURS, 1)
    pad = guest.shown("pad-title")
    assert pad in (
        t("plotters.pad_your_face_up", player="Cas"),
        t("plotters.pad_your_idle", player="Cas"),
    )


async def test_a_players_own_phone_takes_row_cards_for_that_player_only(
    table: tuple[Phone, Phone],
) -> None:
    """Colour-blind: the row is laid on the scorer's phone; Cas's own phone shows Cas's
    line first, takes a card from the row for Cas, and cannot take one Ann holds."""
    host, guest = table
    game = host.keeper.start("colour_blind", PLAYERS, 0)
    entry: dict = host.keeper.open(game.id).ledger.state.blank_entry()
    for card in ROW_CARDS:
        entry = dict(colour_blind.with_card_laid(entry, card))
    entry = dict(colour_blind.with_capture(entry, 0, 0))  # Ann took the first card
    blank = host.keeper.open(game.id).ledger.state.blank_entry()
    changes = [change.to_json() for change in changes_between(blank, entry)]
    host.keeper.apply(host.keeper.open(game.id), Action("edit", {"round": 1, "changes": changes}))
    await joined(host, guest, game.id)
    lines = guest.harness.find_all(
        ft.Semantics, where=lambda c: str(c.identifier or "").startswith("live-")
    )
    assert [line.identifier for line in lines] == ["live-2", "live-0", "live-1"]
    spoken = card_name(ROW_CARDS[1])
    await guest.harness.click(
        chip(guest.harness, t("colour_blind.give_card", card=spoken, player="Cas"))
    )
    await host.harness.settle()
    assert host.keeper.open(game.id).ledger.state.draft["captured_by"][1] == 2
    anns = t("colour_blind.give_card_from", card=card_name(ROW_CARDS[0]), player="Cas", other="Ann")
    face = guest.harness.find(ft.Text, where=lambda c: c.semantics_label == anns)
    taken = guest.harness.find(ft.OutlinedButton, where=lambda c: c.content is face.parent)
    assert taken.disabled


async def test_after_the_scorers_reload_each_phone_is_invited_again_and_keeps_its_rights(
    tmp_path: Path,
) -> None:
    """Cas's phone enters for everyone; the scorer's page reloads (its links gone with it).
    The scorer's game screen says Cas's phone was at the table, and invites it again in one
    tap; Cas's phone, its link lost, taps "Join again": the camera opens at once, and the
    invitation is answered as Cas's phone without asking. Back in the same copy, with everyone's
    rights, it bids for Ben."""
    network = Network()
    async with AppHarness() as a, AppHarness() as b, AppHarness() as reloaded:
        host, guest = Phone(a, tmp_path / "host", network), Phone(b, tmp_path / "guest", network)
        game_id, copy_id = await shared_game(host, guest)
        cas = t("table.phone_of", player="Cas")
        await host.harness.click(
            chip(host.harness, t("table.rights.of", phone=cas, rights=t("table.rights.everyone")))
        )
        links_lost(host)  # the page reloads: its links go with it
        await guest.harness.settle()
        assert guest.shown("table-link") == t("table.link.lost")
        again = Phone(reloaded, tmp_path / "host", network)
        again.keeper = host.keeper  # the same store, as the reloaded page opens it
        await again.start(f"/game/{game_id}")
        assert again.shown("phone-before-1") == t("table.was_at_table", phone=cas)
        await again.tap(t("table.invite_phone_again", phone=cas))
        # The camera opens at once (here it is cancelled); the invitation pasted instead
        # is answered as Cas's phone, without asking again.
        await guest.tap(t("table.join_again"))
        assert len(guest.links.scans) == 1
        await guest.type_in("join-invite", again.shown("table-invite"))
        await guest.harness.click_leaving_a_wait(
            guest.harness.find(ft.FilledButton, has_text=t("table.reply"))
        )
        await guest.harness.settle()  # the reply made once the invitation was read
        assert not guest.harness.find_all(has_text=t("table.who_are_you"))
        await again.type_in("host-reply", guest.shown("table-reply"))
        await take_reply(again, guest, "Cas")
        await guest.harness.settle()
        assert guest.harness.page.route == f"/game/{copy_id}"  # the same copy, on
        assert not again.harness.find_all(ft.Semantics, identifier="phone-before-1")
        await bid(guest.harness, "Ben", 1)  # everyone's rights, kept
        await again.harness.settle()
        assert host.keeper.open(game_id).ledger.state.draft["bids"] == [None, 1, None]


async def test_entries_the_scorer_never_answered_are_said_when_the_link_ends(
    table: tuple[Phone, Phone],
) -> None:
    """Cas's bid is on its way when the link goes: the copy does not have it, and the
    guest's screen says which entry that was, to enter it again if it still counts."""
    host, guest = table
    _, copy_id = await shared_game(host, guest)
    await bid(host.harness, "Ben", 1)
    await guest.harness.settle()
    (pair,) = host.links.network.pairs.values()
    pair.held = True  # what the guest sends waits on its way
    await bid(guest.harness, "Cas", 0)
    pair.set_state(ChannelState.CLOSED)
    await guest.harness.settle()
    assert guest.shown("table-link") == t("table.link.lost")
    cas_bid = t("undo.change", change=t("wizard.change.bid", player="Cas", value=0), number=1)
    assert guest.shown("entries-lost") == t("table.entries_lost", entries=cas_bid)
    assert guest.keeper.open(copy_id).ledger.state.draft["bids"] == [None, 1, None]
