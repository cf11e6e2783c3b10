"""The invitation and reply texts (sharing.phones_only.invitation) from descriptions captured in
the browsers (tests/sharing/sdp/: Chromium 156 and Firefox 153 ESR, each an offer of one data
channel and an answer to Chromium's offer, with mDNS host candidates). That a rebuilt
description connects is shown in Chromium by tests/e2e/test_webrtc_links.py."""

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from sharing.phones_only.invitation import (
    BadInvitation,
    Candidate,
    link_check,
    new_invitation_id,
    pack_answer,
    pack_offer,
    parse,
    unpack_answer,
    unpack_offer,
)

CAPTURED = Path(__file__).parent / "sdp"
OFFERS = sorted(CAPTURED.glob("*-offer.sdp"))
ANSWERS = sorted(CAPTURED.glob("*-answer.sdp"))
QR_ALPHANUMERIC = re.compile(r"[0-9A-Z $%*+\-./:]+")
LONGEST = 200
"""Characters: a QR code of version 7 at level M holds 221 alphanumeric ones."""


@pytest.mark.parametrize("captured", OFFERS, ids=lambda path: path.stem)
def test_an_invitation_rebuilds_the_offer_and_is_short_qr_text(captured: Path) -> None:
    sdp = captured.read_text()
    invitation_id = new_invitation_id()
    text = pack_offer(sdp, invitation_id)
    rebuilt, read_id = unpack_offer(text)
    assert read_id == invitation_id
    assert parse(rebuilt) == parse(sdp)
    assert parse(rebuilt).setup == "actpass"
    assert text.startswith("TP1I") and QR_ALPHANUMERIC.fullmatch(text)
    assert len(text) <= LONGEST
    # The rebuilt description packs to the same text: nothing is lost on the way.
    assert pack_offer(rebuilt, invitation_id) == text


@pytest.mark.parametrize("captured", ANSWERS, ids=lambda path: path.stem)
def test_a_reply_rebuilds_the_answer_and_names_its_invitation(captured: Path) -> None:
    sdp = captured.read_text()
    invitation_id = new_invitation_id()
    text = pack_answer(sdp, invitation_id)
    rebuilt, read_id = unpack_answer(text)
    assert read_id == invitation_id
    assert parse(rebuilt) == parse(sdp)
    assert parse(rebuilt).setup == "active"
    assert text.startswith("TP1R") and len(text) <= LONGEST


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
    for text in ("", "hello", "https://example.org", offer[:-3], offer[:30], mistyped, "TP1I"):
        assert refusal(unpack_offer, text) == "invitation.unreadable", text
    assert refusal(unpack_offer, offer + "AAAA") == "invitation.unreadable"
    assert refusal(unpack_offer, offer.replace("TP1I", "TP1X")) == "invitation.unreadable"


def test_a_text_of_a_later_format_asks_for_an_update() -> None:
    offer = pack_offer((CAPTURED / "chromium-156-offer.sdp").read_text(), new_invitation_id())
    assert refusal(unpack_offer, "TP2" + offer[3:]) == "invitation.newer_version"
    assert refusal(unpack_answer, "TP2" + offer[3:]) == "invitation.newer_version"


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
