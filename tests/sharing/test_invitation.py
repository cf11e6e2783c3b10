"""The invitation and reply texts (sharing.phones_only.invitation) from descriptions captured in
the browsers (tests/sharing/sdp/: Chromium 156 and Firefox 153 ESR, each an offer of one data
channel and an answer to Chromium's offer, with mDNS host candidates). That a rebuilt
description connects is shown in Chromium by tests/e2e/test_webrtc_links.py."""

import base64
import re
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from sharing.phones_only.invitation import (
    NAME_BYTES,
    TEXT_VERSION,
    BadInvitation,
    Candidate,
    description_bytes,
    invited_players,
    link_check,
    new_invitation_id,
    pack_answer,
    pack_offer,
    parse,
    replying_player,
    unpack_answer,
    unpack_offer,
)
from sharing.phones_only.invitation import _pack as pack

CAPTURED = Path(__file__).parent / "sdp"
OFFERS = sorted(CAPTURED.glob("*-offer.sdp"))
ANSWERS = sorted(CAPTURED.glob("*-answer.sdp"))
QR_ALPHANUMERIC = re.compile(r"[0-9A-Z $%*+\-./:]+")
LONGEST = 200
"""Characters: a QR code of version 7 at level M holds 221 alphanumeric ones."""
LONGEST_WITH_PLAYERS = 259
"""Characters of an invitation to a table of four short names: a QR code of version 8 at
level M holds 259 alphanumeric ones (Firefox's offer to four players takes 224)."""
TABLE = ("Ann", "Ben", "Cas", "Dot")
"""A table of four players with short names, as most are."""


@pytest.mark.parametrize("captured", OFFERS, ids=lambda path: path.stem)
def test_an_invitation_rebuilds_the_offer_names_the_players_and_is_short_qr_text(
    captured: Path,
) -> None:
    sdp = captured.read_text()
    invitation_id = new_invitation_id()
    text = pack_offer(sdp, invitation_id, TABLE)
    rebuilt, read_id = unpack_offer(text)
    assert read_id == invitation_id
    assert invited_players(text) == TABLE
    assert parse(rebuilt) == parse(sdp)
    assert parse(rebuilt).setup == "actpass"
    assert text.startswith(f"TP{TEXT_VERSION}I") and QR_ALPHANUMERIC.fullmatch(text)
    assert len(text) <= LONGEST_WITH_PLAYERS
    # The rebuilt description packs to the same text: nothing is lost on the way.
    assert pack_offer(rebuilt, invitation_id, TABLE) == text
    nobody = pack_offer(sdp, invitation_id)
    assert invited_players(nobody) == () and len(nobody) <= LONGEST


@pytest.mark.parametrize("captured", ANSWERS, ids=lambda path: path.stem)
@pytest.mark.parametrize("player", [None, 0, 3], ids=["watching", "first seat", "fourth seat"])
def test_a_reply_rebuilds_the_answer_and_names_its_invitation_and_player(
    captured: Path, player: int | None
) -> None:
    sdp = captured.read_text()
    invitation_id = new_invitation_id()
    text = pack_answer(sdp, invitation_id, player)
    rebuilt, read_id = unpack_answer(text)
    assert read_id == invitation_id
    assert replying_player(text) == player
    assert parse(rebuilt) == parse(sdp)
    assert parse(rebuilt).setup == "active"
    assert text.startswith(f"TP{TEXT_VERSION}R") and len(text) <= LONGEST
    assert pack_answer(rebuilt, invitation_id, player) == text


def test_a_reply_says_who_replied_and_the_check_covers_it() -> None:
    """Two phones that made the same answer, one as Ben and one watching, make other
    texts; the check of both is one (it is the browsers' fingerprints')."""
    invitation_id = new_invitation_id()
    invitation = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), invitation_id)
    answer = (CAPTURED / "chromium-156-answer.sdp").read_text()
    as_ben, watching = pack_answer(answer, invitation_id, 1), pack_answer(answer, invitation_id)
    assert as_ben != watching
    assert (replying_player(as_ben), replying_player(watching)) == (1, None)
    assert link_check(invitation, as_ben) == link_check(invitation, watching)


NAMES_CUT = {
    "a short name": ("Ann", "Ann"),
    "a name of NAME_BYTES": ("x" * NAME_BYTES, "x" * NAME_BYTES),
    "one byte over": ("x" * (NAME_BYTES + 1), "x" * (NAME_BYTES - 3) + "\N{HORIZONTAL ELLIPSIS}"),
    "a long name": ("Bartholomew-Alexander Smith", "Bartholomew-Alexander\N{HORIZONTAL ELLIPSIS}"),
    "a Korean name": ("김민준", "김민준"),
    # 3 bytes a syllable, after one of 1: the cut at NAME_BYTES - 3 falls inside the 7th.
    "a long Korean name": ("A" + "한" * 10, "A" + "한" * 6 + "\N{HORIZONTAL ELLIPSIS}"),
    "Norwegian": (
        "Bjørnstjerne Martinius Bjørnson",
        "Bjørnstjerne Martini\N{HORIZONTAL ELLIPSIS}",
    ),
}


@pytest.mark.parametrize(("name", "read"), NAMES_CUT.values(), ids=NAMES_CUT.keys())
def test_a_long_name_is_cut_within_name_bytes_at_a_characters_end(name: str, read: str) -> None:
    offer = (CAPTURED / "chromium-156-offer.sdp").read_text()
    [invited] = invited_players(pack_offer(offer, new_invitation_id(), [name]))
    assert invited == read
    assert len(invited.encode("utf-8")) <= NAME_BYTES
    assert name.startswith(invited.removesuffix("\N{HORIZONTAL ELLIPSIS}"))


def test_six_players_of_long_names_still_make_one_invitation() -> None:
    players = [f"{seat} " + "Ø" * 20 for seat in range(6)]  # Wizard seats six
    offer = (CAPTURED / "chromium-156-offer.sdp").read_text()
    text = pack_offer(offer, new_invitation_id(), players)
    invited = invited_players(text)
    assert [name[:2] for name in invited] == [f"{seat} " for seat in range(6)]
    assert len({*invited}) == 6 and QR_ALPHANUMERIC.fullmatch(text)


def test_what_is_kept_of_a_description() -> None:
    """UDP candidates only (Firefox's TCP ones, port 9, are left out); the fingerprint as
    bytes; Firefox's own SCTP message size."""
    firefox = parse((CAPTURED / "firefox-153-offer.sdp").read_text())
    assert firefox.ufrag == "6644b077" and firefox.hash == "sha-256"
    assert len(firefox.fingerprint) == 32
    assert [candidate.port for candidate in firefox.candidates] == [45119, 58840]
    assert (firefox.sctp_port, firefox.max_message_size) == (5000, 1073741823)


def test_addresses_of_every_form_and_server_reflexive_candidates_are_carried() -> None:
    sdp = (CAPTURED / "chromium-156-offer.sdp").read_text()
    extra = [
        "a=candidate:1 1 udp 2122260223 192.168.1.23 50000 typ host generation 0",
        "a=candidate:2 1 udp 2122194687 fd00::2 50001 typ host generation 0",
        "a=candidate:3 1 udp 1686052607 203.0.113.9 61000 typ srflx raddr 0.0.0.0 rport 0",
        "a=candidate:4 1 udp 2122194687 phone.example 50002 typ host",
        "a=candidate:5 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active",
    ]
    sdp = sdp.replace("a=ice-ufrag", "\r\n".join(extra) + "\r\na=ice-ufrag")
    rebuilt, _ = unpack_offer(pack_offer(sdp, new_invitation_id()))
    assert parse(rebuilt).candidates[2:] == (
        Candidate("host", "192.168.1.23", 50000),
        Candidate("host", "fd00::2", 50001),
        Candidate("srflx", "203.0.113.9", 61000),
        Candidate("host", "phone.example", 50002),
    )


def test_a_pasted_text_may_be_wrapped_and_lowercase() -> None:
    sdp = (CAPTURED / "chromium-156-offer.sdp").read_text()
    text = pack_offer(sdp, "ABCDEFGH")
    wrapped = "\n".join(text[at : at + 40] for at in range(0, len(text), 40)).lower()
    assert unpack_offer(f"  {wrapped}\n") == unpack_offer(text)


def refusal(unpack: Callable[[str], tuple[str, str]], text: str) -> str:
    with pytest.raises(BadInvitation) as refused:
        unpack(text)
    return refused.value.key


def test_a_reply_is_no_invitation_and_an_invitation_no_reply() -> None:
    offer = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), new_invitation_id())
    answer = pack_answer((CAPTURED / "chromium-156-answer.sdp").read_text(), new_invitation_id())
    assert refusal(unpack_offer, answer) == "invitation.is_a_reply"
    assert refusal(unpack_answer, offer) == "invitation.is_an_invitation"


def test_text_that_is_none_is_refused_as_unreadable() -> None:
    offer = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), "ABCDEFGH")
    mistyped = offer[:50] + ("A" if offer[50] != "A" else "B") + offer[51:]
    head = f"TP{TEXT_VERSION}I"
    for text in ("", "hello", "https://example.org", offer[:-3], offer[:30], mistyped, head):
        assert refusal(unpack_offer, text) == "invitation.unreadable", text
    assert refusal(unpack_offer, offer + "AAAA") == "invitation.unreadable"
    assert refusal(unpack_offer, offer.replace(head, f"TP{TEXT_VERSION}X")) == (
        "invitation.unreadable"
    )


def test_a_text_of_a_later_format_asks_for_an_update() -> None:
    offer = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), new_invitation_id())
    later = f"TP{TEXT_VERSION + 1}" + offer[3:]
    assert refusal(unpack_offer, later) == "invitation.newer_version"
    assert refusal(unpack_answer, later) == "invitation.newer_version"
    with pytest.raises(BadInvitation) as refused:
        invited_players(later)
    assert refused.value.key == "invitation.newer_version"


def version_1(kind: str, sdp: str, invitation_id: str) -> str:
    """A text as Trickpad made them before the players went in: `TP1`, the kind, then in
    base32 the id's bytes, the description's and the 16-bit check of those, nothing more."""
    payload = base64.b32decode(invitation_id) + description_bytes(parse(sdp))
    check = (zlib.crc32(payload) & 0xFFFF).to_bytes(2, "big")
    return f"TP1{kind}" + base64.b32encode(payload + check).decode().rstrip("=")


def test_a_text_of_version_1_is_refused_as_an_older_trickpads() -> None:
    invitation_id = new_invitation_id()
    offer = version_1("I", (CAPTURED / "chromium-156-offer.sdp").read_text(), invitation_id)
    answer = version_1("R", (CAPTURED / "chromium-156-answer.sdp").read_text(), invitation_id)
    for read, text in [
        (unpack_offer, offer),
        (invited_players, offer),
        (unpack_answer, answer),
        (replying_player, answer),
        (unpack_offer, answer),  # older before it is a reply
    ]:
        with pytest.raises(BadInvitation) as refused:
            read(text)
        assert refused.value.key == "invitation.older_version", (read, text)


def test_who_is_at_the_table_is_read_from_its_own_kind_of_text_only() -> None:
    invitation_id = new_invitation_id()
    offer = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), invitation_id, TABLE)
    answer = pack_answer((CAPTURED / "chromium-156-answer.sdp").read_text(), invitation_id, 1)
    with pytest.raises(BadInvitation) as refused:
        invited_players(answer)
    assert refused.value.key == "invitation.is_a_reply"
    with pytest.raises(BadInvitation) as refused:
        replying_player(offer)
    assert refused.value.key == "invitation.is_an_invitation"
    for read, text in [(invited_players, offer[:-4]), (replying_player, "TP2Rhello")]:
        with pytest.raises(BadInvitation) as refused:
            read(text)
        assert refused.value.key == "invitation.unreadable"


def test_invitation_ids_differ() -> None:
    ids = {new_invitation_id() for _ in range(100)}
    assert len(ids) == 100 and all(re.fullmatch("[A-Z2-7]{8}", found) for found in ids)


def test_the_check_is_the_same_on_both_phones_and_another_for_a_strangers_reply() -> None:
    """Both phones hold the invitation and the reply, so both compute one check; a reply
    that another browser made from the same invitation has another fingerprint, and so
    another check, which the scorer sees is not the invited phone's."""
    invitation_id = new_invitation_id()
    invitation = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), invitation_id)
    invited, stranger = (
        pack_answer((CAPTURED / f"{browser}-answer.sdp").read_text(), invitation_id)
        for browser in ("chromium-156", "firefox-153")
    )
    check = link_check(invitation, invited)
    assert re.fullmatch(r"\d{3} \d{3}", check)
    assert link_check(invitation, invited) == check
    assert link_check(invitation, stranger) != check
    with pytest.raises(BadInvitation):
        link_check(invitation, "a shop's QR code")


WHO = {
    "no players' count": ("I", b""),
    "a name cut short": ("I", bytes([2, 3]) + b"Ann" + bytes([3]) + b"Be"),
    "a name missing": ("I", bytes([2, 3]) + b"Ann"),
    "more than the players": ("I", bytes([1, 3]) + b"Ann" + b"!"),
    "a name not UTF-8": ("I", bytes([1, 2]) + "Ø".encode("latin-1") + b"x"),
    "no seat": ("R", b""),
    "two seats": ("R", bytes([1, 2])),
}


@pytest.mark.parametrize(("kind", "who"), WHO.values(), ids=WHO.keys())
def test_who_is_at_the_table_unreadable_refuses_the_text(kind: str, who: bytes) -> None:
    """A text whose check holds but whose players or seat do not read (no Trickpad makes
    one) is refused as unreadable, though its description reads."""
    browser = "offer" if kind == "I" else "answer"
    sdp = (CAPTURED / f"chromium-156-{browser}.sdp").read_text()
    text = pack(kind, sdp, "ABCDEFGH", who)
    read = invited_players if kind == "I" else replying_player
    with pytest.raises(BadInvitation) as refused:
        read(text)
    assert refused.value.key == "invitation.unreadable"
    assert parse((unpack_offer if kind == "I" else unpack_answer)(text)[0]) == parse(sdp)
