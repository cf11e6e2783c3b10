"""A table of phones with no computer, in Chromium: phones (browser contexts of their own) on
the built site. The scorer's phone shares a Wizard game; Cas's phone, which has no camera
(its scan is refused in words), joins by the invitation's text pasted into "Join a table" as
Cas, its reply pasted back, and a bid crosses each way: the first journey, which `make test`
runs too. In the second, Cas's phone is put away for a minute (its browser's processes
stopped), then the scorer's page reloads: each time the phones say who lost which link, and
Cas's phone joins again into its copy. In the third, four phones: Cas's joins by text, a
third "just watching" by scanning the invitation's QR code with its camera (a browser of its
own, whose fake camera shows the code; its first scan is cancelled), and Ben's own phone by
text. Each player's phone enters its own player's bid and tricks; Cas's phone sending Ben's
value is refused in its words; the watcher has nothing to tap; every phone shows the totals
of the rule book. The scorer takes Ben's phone off the table (it is told). The watching
phone turns hostile and sends a message nested 7,000 deep: its link is closed and the scorer
and Cas's phone go on; the scorer's phone then sends a refusal that does not fit its
message, which Cas's phone says in general words and goes on. Last, the scorer's page is
closed, and Cas's phone carries on with its copy (asked first); Ben's phone follows it, the
game ends there, and Ben's phone's backup merged into Cas's adds nothing: one game on Home,
counted once in the players' records."""

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, ViewportSize, expect

from storage.people import PlayerSummary
from tests.e2e.camera import camera_flags, show_to_camera
from tests.e2e.conftest import CHROMIUM_FLAGS, enable_accessibility, launched, screenshot
from tests.e2e.steps import (
    by_id,
    expect_score,
    expect_value,
    reveal,
    start_short_wizard,
    tap,
    type_into,
    value_of,
)
from tests.e2e.stopped_browser import browser_mark, stopped
from tests.views.test_png import decoded
from views.game_screen.result_picture import PICTURE_WIDTH
from views.screens.players import player_line
from views.shell.i18n import t
from views.shell.qr import qr_png

PHONE: ViewportSize = {"width": 390, "height": 844}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
BOOT_MS = 120_000
"""Pyodide boots in ten seconds or more on a 2-core machine busy with other tests."""
PLAYERS = ["Ann", "Ben", "Cas"]
BIDS = {"Ben": 1, "Cas": 0, "Ann": 1}
TRICKS = {"Ben": 1, "Cas": 0, "Ann": 0}
"""Ann deals: Ben bids 1 and takes it (30), Cas 0 and none (20), Ann 1 and none (-10)."""

CAMERA_STREAMS_JS = """
const startCamera = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
window.cameraStreams = [];
navigator.mediaDevices.getUserMedia = async (asked) => {
  const stream = await startCamera(asked);
  cameraStreams.push(stream);
  return stream;
};"""
"""Keeps each stream the page's camera gives, to see that it was stopped."""
CAMERA_STOPPED_JS = """(count) => cameraStreams.length === count && cameraStreams.every(
  (stream) => stream.getTracks().every((track) => track.readyState === "ended"))"""

pytestmark = pytest.mark.timeout(480)

PYTHON_WORKER = re.compile(r"/python-worker\.js$")
RUN_PYTHON = "async (code) => await self.pyodide.runPythonAsync(code)"
DEEP_ACT = json.dumps(
    {"type": "act", "ref": 1, "after": 1, "on": [], "kind": "edit", "data": {"x": "NEST"}}
).replace('"NEST"', "[" * 7000 + "]" * 7000)
"""Under the 16 KiB a guest may send, and deep enough to exhaust the WebAssembly stack of
a parser (the scorer's Python died of one before it was checked unparsed)."""
BAD_REFUSAL = json.dumps(
    {"type": "refused", "ref": 1, "key": "ledger.round_not_current", "params": {}}
)
"""A refusal whose message needs parameters it does not give (it froze a guest's screen)."""


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """As tests/e2e/test_phone_alone.py's: V8's optimising compiler, for Pyodide."""
    with launched(playwright, CHROMIUM_FLAGS) as browser:
        yield browser


def phone(browser: Browser, site: str, script: str = "") -> tuple[BrowserContext, Page]:
    """A phone of its own (its own storage) on the site's Home; `script` runs first."""
    context = browser.new_context(viewport=PHONE)
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(site)
    enable_accessibility(page)
    expect(page.get_by_text(t("home.pick_game")).first).to_be_visible(timeout=BOOT_MS)
    return context, page


def invite(scorer: Page) -> str:
    """The scorer's next invitation, as its text, on a screen of its own that the phone's
    window holds whole: the QR code, its text to copy, the reply's field and "Let the phone
    join", with nothing to scroll and nothing over them. A screenshot is left."""
    tap(scorer, t("table.invite"))
    expect(by_id(scorer, "table-invite")).to_be_visible()
    viewport = scorer.viewport_size
    assert viewport is not None
    size = f"{viewport['width']}x{viewport['height']}"
    screenshot(scorer, f"phones-table-invitation-{size}")
    for part in (
        scorer.get_by_role("img", name=t("table.qr")),
        scorer.get_by_role("button", name=t("table.copy")),
        scorer.get_by_role("textbox", name=t("table.reply_field")),
        by_id(scorer, "table-take"),
    ):
        box = part.bounding_box()
        assert box is not None and box["y"] >= 0, (part, size)
        assert box["y"] + box["height"] <= viewport["height"], (part, size)
    return value_of(scorer, "table-invite")


def join_by_camera(scorer: Page, guest: Page, invitation: str, camera: Path) -> None:
    """The guest opens its camera and cancels, then scans the invitation's QR code and
    joins to watch; the scorer takes the reply: the guest is at the table. The camera is
    off once its screen closes."""
    tap(guest, t("table.join"))
    show_to_camera(camera, None)
    tap(guest, t("camera.scan"))
    expect(guest.get_by_text(t("camera.instruction"))).to_be_visible()
    guest.wait_for_function("document.querySelector('#trickpad-scan video').readyState >= 2")
    screenshot(guest, "phones-table-camera")
    tap(guest, t("camera.cancel"))
    guest.wait_for_function(CAMERA_STOPPED_JS, arg=1)
    expect(guest.get_by_text(t("camera.instruction"))).to_have_count(0)
    show_to_camera(camera, qr_png(invitation))
    tap(guest, t("camera.scan"))
    tap(guest, t("table.just_watching"))
    take_reply(scorer, guest, None)
    guest.wait_for_function(CAMERA_STOPPED_JS, arg=2)


def join_by_text(scorer: Page, guest: Page, invitation: str, who: str) -> None:
    """The guest pastes the invitation, says it is `who`'s phone, and the scorer takes its
    reply: the guest is at the table."""
    tap(guest, t("table.join"))
    type_into(guest, t("table.invite_field"), invitation)
    tap(guest, t("table.reply"))
    tap(guest, t("table.i_am", player=who))
    take_reply(scorer, guest, who)


def take_reply(scorer: Page, guest: Page, who: str | None) -> None:
    """The guest shows its reply; the scorer pastes it, sees the check the guest shows and
    whose phone it is, and lets it join: the guest is at the table."""
    expect(by_id(guest, "table-reply")).to_be_visible(timeout=30_000)
    reply = value_of(guest, "table-reply")
    type_into(scorer, t("table.reply_field"), reply)
    tap(scorer, t("table.take"))
    check = value_of(guest, "link-check")
    expect_value(scorer, "link-check", check)
    screenshot(scorer, "phones-table-check")
    if who is None:
        tap(scorer, t("table.admit_watching", check=check))
    else:
        tap(scorer, t("table.admit", check=check, player=who))
    expect_value(guest, "table-link", t("table.link.open"))


def refused_anothers_value(own: Page) -> None:
    """Cas's own phone sends Ben's tricks past its screen (which offers no way to), as its
    next entry: the scorer's phone refuses it, and Cas's phone says why in its words."""
    in_python(
        own,
        "import gc\nfrom scorers.ledger import Action\n"
        "from sharing.phones_only.messages import Act, encode\n"
        "from views.shell.phone_tables import GuestTable\n"
        "(table,) = [o for o in gc.get_objects() if isinstance(o, GuestTable)]\n"
        "link = table.link\n"
        "change = {'at': ['tricks', 1], 'was': None, 'now': 0}\n"
        "edit = Action('edit', {'round': 1, 'changes': [change]})\n"
        "link.channel.send(encode(Act(link._next_ref, link.copy.ledger.action_count, edit)))\n"
        "link._next_ref += 1",
    )
    field = t("wizard.field.tricks", player="Ben")
    expect(own.get_by_text(t("share.not_yours", player="Cas", field=field))).to_be_visible()


def in_python(page: Page, code: str) -> Any:
    """What `code` (its last expression) gives, run in the phone's own Python."""
    (worker,) = [worker for worker in page.workers if PYTHON_WORKER.search(worker.url)]
    return worker.evaluate(RUN_PYTHON, code)


@pytest.mark.every_shape
def test_two_phones_link_and_a_bid_crosses_each_way(browser: Browser, site: str) -> None:
    contexts = [phone(browser, site)[0] for _ in range(2)]
    try:
        scorer, entering = (context.pages[0] for context in contexts)
        link_and_bid(scorer, entering)
    finally:
        for context in contexts:
            context.close()


def test_a_guest_put_away_and_the_scorers_reload_each_end_in_the_same_copy(
    browser: Browser, site: str, playwright: Playwright
) -> None:
    """Cas's phone is put away for a minute (every process of its browser stopped): the
    scorer's screen says, above its pad, that Cas's phone lost its link, with a way to
    invite it again; back, Cas's phone says that its link was lost and how to get back
    (never that the scorer's phone is gone), joins again in one step each side, and goes
    on in the same copy. Then the scorer's page reloads mid-round (a discarded tab): its
    screen says Cas's phone was at the table and invites it again in one tap; Cas's phone
    taps "Join again" (its camera is refused, so the invitation is pasted) and is Cas's
    phone again without being asked; the round goes on in the same copy, on both phones."""
    mark = browser_mark()
    with launched(playwright, [*CHROMIUM_FLAGS, mark]) as cas_browser:
        contexts = [phone(browser, site)[0], phone(cas_browser, site)[0]]
        try:
            scorer, cas = (context.pages[0] for context in contexts)
            link_and_bid(scorer, cas)
            put_away_for_a_minute(scorer, cas, mark)
            tap(scorer, t("wizard.bid_name", player="Ann", count=1))
            expect_value(cas, "entry-hint", t("wizard.next_tricks", player="Ben"))
            scorer.reload()
            enable_accessibility(scorer)
            cas_phone = t("table.phone_of", player="Cas")
            expect_value(scorer, "phone-before-1", t("table.was_at_table", phone=cas_phone))
            expect_value(cas, "table-link", t("table.link.lost"))
            screenshot(scorer, "phones-table-reloaded")
            tap(scorer, t("table.invite_phone_again", phone=cas_phone))
            join_again(scorer, cas)
            tap(scorer, t("wizard.took_name", player="Ben", count=1))
            expect_value(cas, "entry-hint", t("wizard.your_tricks", player="Cas"))
            screenshot(cas, "phones-table-joined-again")
        finally:
            for context in contexts:
                context.close()


PUT_AWAY_S = 60
"""How long Cas's phone is put away: long past WebRTC's 30 s to call a silent link failed."""


def put_away_for_a_minute(scorer: Page, cas: Page, mark: str) -> None:
    """Cas's browser (started with the switch `mark`) is stopped for PUT_AWAY_S: the
    scorer says which phone lost its link while it is away; back, Cas's phone says its
    link was lost; invited again, it joins again into its copy."""
    cas_phone = t("table.phone_of", player="Cas")
    put_away = time.monotonic()
    with stopped(mark):
        gone = t("table.phone_gone", phone=cas_phone)
        expect(by_id(scorer, "phone-away-1")).to_have_text(gone, timeout=PUT_AWAY_S * 1_000)
        screenshot(scorer, "phones-table-guest-away")
        time.sleep(max(0.0, PUT_AWAY_S - (time.monotonic() - put_away)))  # the minute away
    expect(by_id(cas, "table-link")).to_have_text(t("table.link.lost"), timeout=60_000)
    screenshot(cas, "phones-table-back-after-a-minute")
    tap(scorer, t("table.invite_again"))
    join_again(scorer, cas)


def join_again(scorer: Page, guest: Page, who: str = "Cas") -> None:
    """The scorer shows a new invitation; `who`'s phone taps "Join again", whose camera
    opens at once (and is refused: the invitation is pasted), and replies as `who`'s phone
    without being asked; the scorer takes the reply."""
    expect(by_id(scorer, "table-invite")).to_be_visible()
    tap(guest, t("table.join_again"))
    expect(guest.get_by_text(t("camera.none"))).to_be_visible()  # opened at once
    type_into(guest, t("table.invite_field"), value_of(scorer, "table-invite"))
    tap(guest, t("table.reply"))
    take_reply(scorer, guest, who)  # never asked who holds it: its player's phone again


def test_four_phones_enter_their_own_outlast_a_hostile_one_and_carry_the_game_on(
    browser: Browser, site: str, playwright: Playwright, tmp_path: Path
) -> None:
    camera = tmp_path / "camera.y4m"
    show_to_camera(camera, None)
    contexts: list[BrowserContext] = []
    with launched(playwright, CHROMIUM_FLAGS + camera_flags(camera)) as with_camera:
        try:
            contexts = [phone(browser, site)[0] for _ in range(3)]
            contexts.append(phone(with_camera, site, CAMERA_STREAMS_JS)[0])
            pages = [context.pages[0] for context in contexts]
            play_and_carry_on(*pages, camera)
        finally:
            for context in contexts:
                context.close()


def link_and_bid(scorer: Page, entering: Page) -> None:
    """The scorer shares a short Wizard game; the entering phone joins by text, and a bid
    crosses each way."""
    start_short_wizard(scorer, PLAYERS, "1, 2", dealer="Ann")
    tap(scorer, t("share.start"))
    invitation = invite(scorer)
    tap(entering, t("table.join"))
    tap(entering, t("camera.scan"))  # this phone has no camera: said, and pasting works
    expect(entering.get_by_text(t("camera.none"))).to_be_visible()
    screenshot(entering, "phones-table-no-camera")
    type_into(entering, t("table.invite_field"), invitation)
    tap(entering, t("table.reply"))
    tap(entering, t("table.i_am", player="Cas"))
    take_reply(scorer, entering, "Cas")
    expect_value(scorer, "table-guests", t("table.guests", count=1))
    cas_phone = t("table.phone_of", player="Cas")
    linked = t("table.phone_line", phone=cas_phone, state=t("table.state.linked"))
    expect_value(scorer, "table-phone-1", linked)
    screenshot(scorer, "phones-table-scorer")
    # Ann dealt: Ben bids on the scorer's phone, Cas on Cas's own.
    expect_value(entering, "pad-title", t("wizard.your_bid", player="Cas"))
    tap(scorer, t("wizard.bid_name", player="Ben", count=1))
    expect_value(scorer, "entry-hint", t("wizard.next_bid", player="Cas"))
    expect_value(entering, "entry-hint", t("wizard.your_bid", player="Cas"))
    tap(entering, t("wizard.bid_name", player="Cas", count=0))
    expect_value(scorer, "entry-hint", t("wizard.next_bid", player="Ann"))
    screenshot(entering, "phones-table-guest")


def play_and_carry_on(
    scorer: Page, entering: Page, bens: Page, watching: Page, camera: Path
) -> None:
    """The journey: Cas's phone joins by text, the watching one by camera (invited from a
    small phone's window), Ben's by text; each player enters their own bid and tricks on
    their own phone, Ann (who has none) on the scorer's."""
    pages = (scorer, entering, bens, watching)
    start_short_wizard(scorer, PLAYERS, "1, 2", dealer="Ann")
    tap(scorer, t("share.start"))
    join_by_text(scorer, entering, invite(scorer), "Cas")
    scorer.set_viewport_size(SMALL_PHONE)
    invitation = invite(scorer)
    scorer.set_viewport_size(PHONE)
    join_by_camera(scorer, watching, invitation, camera)
    expect(by_id(watching, "following")).to_be_visible()
    join_by_text(scorer, bens, invite(scorer), "Ben")
    expect_value(scorer, "table-guests", t("table.guests", count=3))
    reveal(scorer, by_id(scorer, "table-phone-3"))
    screenshot(scorer, "phones-table-phones")  # who is at the table, and their rights
    # Ann dealt: Ben bids first, on his phone, nudged; the watcher has nothing to tap.
    expect_value(bens, "entry-hint", t("wizard.your_bid", player="Ben"))
    expect_value(entering, "entry-hint", t("wizard.next_bid", player="Ben"))
    expect(
        watching.get_by_role("button", name=t("wizard.bid_name", player="Ben", count=1))
    ).to_have_count(0)
    tap(bens, t("wizard.bid_name", player="Ben", count=1))
    expect_value(entering, "entry-hint", t("wizard.your_bid", player="Cas"))
    tap(entering, t("wizard.bid_name", player="Cas", count=0))
    expect_value(scorer, "entry-hint", t("wizard.next_bid", player="Ann"))
    tap(scorer, t("wizard.bid_name", player="Ann", count=1))
    # Tricks: Ben's on Ben's phone, Cas's on Cas's.
    expect_value(bens, "entry-hint", t("wizard.your_tricks", player="Ben"))
    tap(bens, t("wizard.took_name", player="Ben", count=1))
    expect_value(entering, "entry-hint", t("wizard.your_tricks", player="Cas"))
    refused_anothers_value(entering)
    tap(entering, t("wizard.took_name", player="Cas", count=0))
    for page in pages:
        expect_value(
            page,
            "entry-hint",
            t("entry.ready_for_scorer") if page is not scorer else t("entry.ready"),
        )
    screenshot(bens, "phones-table-own-phone")
    tap(scorer, t("entry.score_round"))
    for page in pages:
        for seat, total in enumerate([-10, 30, 20]):
            expect_score(page, f"total-{seat}", total)
    screenshot(watching, "phones-table-watcher")
    # Ben's phone is taken off the table, asked first: it is told, and keeps its copy.
    tap(scorer, t("table.remove_phone", phone=t("table.phone_of", player="Ben")))
    tap(scorer, t("table.remove"))
    expect_value(bens, "table-link", t("table.link.removed"))
    expect_score(bens, "total-1", 30)
    outlast_a_hostile_phone(scorer, entering, watching)
    # The scorer's phone dies: the guest that entered keeps every entry, and plays on.
    scorer.context.close()
    expect_value(entering, "table-link", t("table.link.lost"))
    tap(entering, t("table.carry_on"))
    tap(entering, t("table.carry_on_yes"))  # asked first
    tap(entering, t("wizard.bid_name", player="Ben", count=0))
    expect_value(entering, "entry-hint", t("wizard.next_tricks", player="Cas"))
    screenshot(entering, "phones-table-carried-on")
    follow_and_merge(entering, bens)


def follow_and_merge(cas: Page, bens: Page) -> None:
    """Ben's phone, taken off the table before, follows Cas's phone, which carried the game
    on: it joins again as Ben's phone, and goes on in its copy, the same game. The game ends
    on Cas's phone, and Ben's phone's backup merged there adds nothing: one game on Home,
    counted once in the players' records."""
    tap(cas, t("share.start"))
    tap(cas, t("table.invite"))
    join_again(cas, bens, "Ben")
    expect_value(bens, "entry-hint", t("wizard.next_tricks", player="Cas"))
    # Round 2 of 2 cards, Ben dealt: Cas bid 0 and takes none, Ann 1 and one, so Ben (who
    # bid 0) the other one, written in by the pad.
    for player, took in (("Cas", 0), ("Ann", 1)):
        tap(cas, t("wizard.took_name", player=player, count=took))
    tap(cas, t("entry.score_round"))
    for page in (cas, bens):
        for seat, total in enumerate([20, 20, 40]):
            expect_score(page, f"total-{seat}", total)
    # Ben's phone, a guest, makes the picture of the result in its own Python and saves it.
    tap(bens, t("picture.share"))
    with bens.expect_download(timeout=BOOT_MS) as picture:
        tap(bens, t("picture.save"))
    assert picture.value.suggested_filename.endswith("-ann-ben-cas.png")
    pixels = decoded(Path(picture.value.path()).read_bytes())
    assert 0 < len(pixels[0]) <= PICTURE_WIDTH and len(pixels) > len(pixels[0])
    screenshot(bens, "phones-table-picture-on-a-guest")
    tap(bens, t("picture.close"))
    tap(bens, t("nav.back"))
    with bens.expect_download() as backup:
        tap(bens, t("library.export"))
    tap(cas, t("nav.back"))
    with cas.expect_file_chooser() as chooser:
        tap(cas, t("library.import"))
    chooser.value.set_files(backup.value.path())
    merged = t("library.merged", added=0, updated=0, unchanged=1, refused=0)
    expect_value(cas, "library-status", merged)
    game = re.compile(f"^{re.escape(t('game.wizard'))} · Ann, Ben, and Cas")
    expect(cas.get_by_role("button", name=game)).to_have_count(1)
    tap(cas, t("players.open"))
    for key, name, wins in (("ann", "Ann", 0), ("ben", "Ben", 0), ("cas", "Cas", 1)):
        expect_value(cas, f"player-{key}", player_line(PlayerSummary(key, name, 1, wins)))
    screenshot(cas, "phones-table-one-game-in-the-records")


def outlast_a_hostile_phone(scorer: Page, entering: Page, watching: Page) -> None:
    """The watching phone sends, past its own screen, a message nested 7,000 deep: the
    scorer closes its link alone, and enters on with the other phone. Then the scorer's
    phone sends the other a refusal that does not fit its message: said in general words,
    and its screen goes on."""
    in_python(
        watching,
        "import gc\nfrom views.shell.phone_tables import GuestTable\n"
        "(table,) = [o for o in gc.get_objects() if isinstance(o, GuestTable)]\n"
        f"table.link.channel.send({DEEP_ACT!r})",
    )
    expect_value(scorer, "table-guests", t("table.guests", count=1))
    expect(by_id(watching, "table-link")).not_to_have_text(t("table.link.open"))
    cas_phone = t("table.phone_of", player="Cas")
    tap(scorer, t("table.rights.of", phone=cas_phone, rights=t("table.rights.everyone")))
    # Round 2, Ben deals: Cas bids first, on the scorer's phone, then Ann on Cas's phone,
    # which now enters for everyone.
    tap(scorer, t("wizard.bid_name", player="Cas", count=0))
    expect_value(entering, "entry-hint", t("wizard.next_bid", player="Ann"))
    in_python(
        scorer,
        "import gc\nfrom sharing.phones_only.host import TableHost\n"
        "(host,) = [o for o in gc.get_objects() if isinstance(o, TableHost)]\n"
        "(guest,) = host._guests\n"
        f"guest.channel.send({BAD_REFUSAL!r})",
    )
    expect(entering.get_by_text(t("table.host_refused"))).to_be_visible()
    screenshot(entering, "phones-table-refusal-said")
    tap(entering, t("wizard.bid_name", player="Ann", count=1))
    expect_value(scorer, "entry-hint", t("wizard.next_bid", player="Ben"))
