"""The invitation and the reply: the two short texts that connect two phones.

A phone alone shares its game over a WebRTC data channel (phone_alone.webrtc_bridge). The
browsers connect once each has the other's session description (SDP): the host's offer
travels to the guest as the invitation, the guest's answer back as the reply, by QR code
or copied text. A browser's description is about 700 bytes; what rebuilds it is far less:
the ICE user fragment and password, the DTLS certificate's fingerprint, the DTLS role, the
UDP candidates (host addresses, or Chromium's and Firefox's mDNS names, which are UUIDs,
and server-reflexive ones if any) and the SCTP port and message size. Those are packed in
bytes and written in base32 without padding, uppercase: QR codes' alphanumeric mode,
which holds 5.5 bits a character where the byte mode holds 8.

A text is `TP`, the format's version, `I` (invitation) or `R` (reply), then the base32
bytes, which end with a 16-bit check so that a text cut short or mistyped is refused
rather than read as another. Both carry the invitation's id: the host knows by it which
invitation a reply answers. Each ends with who is at the table: the invitation carries
the game's players (so that the phone can say "I am Ben"), the reply which of them the
phone named, or that it only watches. TCP candidates are left out (phones on one Wi-Fi connect over
UDP; a browser's TCP candidates are mostly `tcptype active` ones with no port).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import ipaddress
import re
import secrets
import uuid
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

TEXT_VERSION = 2
"""The texts' format, after `TP`: a phone refuses a text of another one (version 1 carried
no players)."""
INVITATION = "I"
REPLY = "R"
ID_BYTES = 5
"""An invitation id: 40 random bits, 8 base32 characters (it tells pending invitations
apart; the connection's security is DTLS's, by the fingerprint)."""
DEFAULT_SCTP = (5000, 262144)
"""Chromium's SCTP port and largest message: carried as one flag."""
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
"""The characters of an ICE user fragment or password (RFC 8839 ice-char): 6 bits each."""
HASHES = {"sha-256": 32, "sha-1": 20, "sha-384": 48, "sha-512": 64}
SETUPS = ("actpass", "active", "passive")
CANDIDATE_TYPES = ("host", "srflx")
TYPE_PREFERENCES = {"host": 126, "srflx": 100}
"""RFC 8445's recommended type preferences: the rebuilt candidates keep the browser's order."""


NAME_BYTES = 24
"""The most bytes of UTF-8 a player's name takes in an invitation: enough to tell the
players apart on the joining phone, which gets their whole names with the game. A longer
name is cut at a character's end, and marked so with an ellipsis."""
WATCHING = 0
"""A reply's seat byte for a phone that only watches; a player's is their seat + 1."""

UNREADABLE = "invitation.unreadable"
"""Not an invitation or a reply at all, or one cut short or mistyped."""
EXPIRED = "invitation.expired"
"""A reply to an invitation that has expired, or was taken by another phone."""
NOT_THIS_ONE = "invitation.not_this_one"
"""A reply to another invitation than the one it was given to."""
NO_CONNECTION = "invitation.no_connection"
"""The phones did not connect (phone_alone.webrtc_bridge.NoConnection)."""
NO_PEER_LINKS = "invitation.no_peer_links"
"""The browser cannot connect to another phone at all (it has no WebRTC)."""
ANOTHER_PHONE = "invitation.another_phone"
"""A second phone answered the invitation too and broke into the link as it was being made
(phone_alone.webrtc_bridge: the page tells it, on either phone)."""


class BadInvitation(Exception):
    """A text that is not what was asked for; `key` is the catalog's message."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class NoConnection(Exception):
    """The phones did not connect in time, another phone broke in, or the browser cannot
    connect phones at all: `key` (NO_CONNECTION, ANOTHER_PHONE, NO_PEER_LINKS) says which."""

    def __init__(self, key: str = NO_CONNECTION) -> None:
        super().__init__(key)
        self.key = key


class Form(Enum):
    """How a candidate's address is written."""

    IPV4 = 0
    IPV6 = 1
    MDNS = 2  # a UUID followed by ".local"
    NAME = 3  # any other host name, as text


@dataclass(frozen=True)
class Candidate:
    kind: str  # "host" or "srflx"
    address: str
    port: int


@dataclass(frozen=True)
class Description:
    """What rebuilds a browser's description of one data channel."""

    ufrag: str
    pwd: str
    hash: str
    fingerprint: bytes
    setup: str
    mid: str
    sctp_port: int
    max_message_size: int
    candidates: tuple[Candidate, ...]


def new_invitation_id() -> str:
    return _base32(secrets.token_bytes(ID_BYTES))


def pack_offer(sdp: str, invitation_id: str, players: Sequence[str] = ()) -> str:
    """The invitation: the host's offer, the invitation's id and the game's players (each
    name cut to NAME_BYTES) as text."""
    return _pack(INVITATION, sdp, invitation_id, _players_bytes(players))


def unpack_offer(text: str) -> tuple[str, str]:
    """(offer SDP, invitation id) from an invitation; BadInvitation for anything else."""
    sdp, invitation_id, _ = _unpack(INVITATION, text)
    return sdp, invitation_id


def invited_players(text: str) -> tuple[str, ...]:
    """The players' names an invitation carries, cut as `pack_offer` cut them, in seat
    order; BadInvitation for anything but an invitation."""
    _, _, who = _unpack(INVITATION, text)
    try:
        reader = _Reader(who)
        names = tuple(reader.short_text() for _ in range(reader.byte()))
        if not reader.at_end():
            raise ValueError("more than the players")
    except (ValueError, IndexError) as unreadable:
        raise BadInvitation(UNREADABLE) from unreadable
    return names


def pack_answer(sdp: str, invitation_id: str, player: int | None = None) -> str:
    """The reply: the guest's answer, the id of the invitation it answers and the seat of
    the player it named (None: it only watches), as text."""
    seat = WATCHING if player is None else player + 1
    return _pack(REPLY, sdp, invitation_id, bytes([seat]))


def unpack_answer(text: str) -> tuple[str, str]:
    """(answer SDP, invitation id) from a reply; BadInvitation for anything else."""
    sdp, invitation_id, _ = _unpack(REPLY, text)
    return sdp, invitation_id


def replying_player(text: str) -> int | None:
    """The seat of the player a reply named (None: the phone only watches); whether the
    game has that seat is the host's to check. BadInvitation for anything but a reply."""
    _, _, who = _unpack(REPLY, text)
    if len(who) != 1:
        raise BadInvitation(UNREADABLE)
    return None if who[0] == WATCHING else who[0] - 1


def shortened(name: str) -> str:
    """A player's name as an invitation carries it: at most NAME_BYTES of UTF-8, a longer
    one cut at a character's end and marked with an ellipsis."""
    if len(name.encode("utf-8")) <= NAME_BYTES:
        return name
    return (
        name.encode("utf-8")[: NAME_BYTES - 3].decode("utf-8", "ignore") + "\N{HORIZONTAL ELLIPSIS}"
    )


def _players_bytes(players: Sequence[str]) -> bytes:
    out = bytearray([len(players)])
    for name in players:
        out += _short_text(shortened(name))
    return bytes(out)


def _pack(kind: str, sdp: str, invitation_id: str, who: bytes) -> str:
    payload = _id_bytes(invitation_id) + description_bytes(parse(sdp)) + who
    check = (zlib.crc32(payload) & 0xFFFF).to_bytes(2, "big")
    return f"TP{TEXT_VERSION}{kind}{_base32(payload + check)}"


HEAD = re.compile(r"TP(\d+)([A-Z])")


def _unpack(kind: str, text: str) -> tuple[str, str, bytes]:
    """(SDP, invitation id, the bytes of who is at the table) from a text of `kind`."""
    compact = re.sub(r"\s+", "", text).upper()  # a pasted text may be wrapped or lowercased
    head = HEAD.match(compact)
    if head is None:
        raise BadInvitation(UNREADABLE)
    if int(head[1]) > TEXT_VERSION:
        raise BadInvitation("invitation.newer_version")
    if int(head[1]) < TEXT_VERSION:
        raise BadInvitation("invitation.older_version")
    if head[2] != kind:
        wrong = {INVITATION: "invitation.is_a_reply", REPLY: "invitation.is_an_invitation"}
        if head[2] in (INVITATION, REPLY) and int(head[1]) == TEXT_VERSION:
            raise BadInvitation(wrong[kind])
        raise BadInvitation(UNREADABLE)
    try:
        data = base64.b32decode(compact[head.end() :] + "=" * (-len(compact[head.end() :]) % 8))
        payload, check = data[:-2], data[-2:]
        if len(data) <= ID_BYTES + 2 or (zlib.crc32(payload) & 0xFFFF).to_bytes(2, "big") != check:
            raise BadInvitation(UNREADABLE)
        reader = _Reader(payload[ID_BYTES:])
        description = read_description(reader)
    except (binascii.Error, ValueError, IndexError) as unreadable:
        raise BadInvitation(UNREADABLE) from unreadable
    sdp = build(description, session=int.from_bytes(payload[:ID_BYTES]))
    return sdp, _base32(payload[:ID_BYTES]), reader.rest()


def _base32(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


def _id_bytes(invitation_id: str) -> bytes:
    data = base64.b32decode(invitation_id + "=" * (-len(invitation_id) % 8))
    if len(data) != ID_BYTES:
        raise ValueError(f"not an invitation id: {invitation_id!r}")
    return data


CHECK_DIGITS = 6
"""The check's digits: a stranger who copied the invitation would have to make a browser
certificate whose check is the invited phone's, one in a million."""


def link_check(invitation_text: str, reply_text: str) -> str:
    """The check both phones show once a reply is made to an invitation ("472 918"): digits
    from the two browsers' DTLS fingerprints. A reply another phone made from the same
    invitation has another fingerprint, so its check is not the one the invited phone
    shows; the scorer compares the two before it lets a phone join. BadInvitation for texts
    that are not an invitation and a reply."""
    offer, _ = unpack_offer(invitation_text)
    answer, _ = unpack_answer(reply_text)
    digest = hashlib.sha256(parse(offer).fingerprint + parse(answer).fingerprint).digest()
    digits = f"{int.from_bytes(digest[:8]) % 10**CHECK_DIGITS:0{CHECK_DIGITS}d}"
    return f"{digits[:3]} {digits[3:]}"


def parse(sdp: str) -> Description:
    """What rebuilds a browser's description of one data channel (ValueError if it is not
    one: a description made by the page is, so this is a bug, not a player's mistake)."""
    lines = [line.strip() for line in sdp.splitlines() if line.strip()]
    media = [line for line in lines if line.startswith("m=")]
    if len(media) != 1 or "webrtc-datachannel" not in media[0]:
        raise ValueError("not the description of one data channel")
    fields: dict[str, str] = {}
    candidates = []
    for line in lines:
        name, _, value = line.removeprefix("a=").partition(":")
        if name == "candidate":
            candidate = _candidate(value)
            if candidate is not None:
                candidates.append(candidate)
        elif line.startswith("a="):
            fields.setdefault(name, value)
    hash_name, _, hex_pairs = fields["fingerprint"].partition(" ")
    return Description(
        ufrag=fields["ice-ufrag"],
        pwd=fields["ice-pwd"],
        hash=hash_name.lower(),
        fingerprint=bytes.fromhex(hex_pairs.replace(":", "")),
        setup=fields["setup"],
        mid=fields["mid"],
        sctp_port=int(fields.get("sctp-port", DEFAULT_SCTP[0])),
        max_message_size=int(fields.get("max-message-size", 0)),
        candidates=tuple(candidates),
    )


def _candidate(value: str) -> Candidate | None:
    """A UDP candidate of the first component that the format carries, else None."""
    parts = value.split()
    _, component, transport, _, address, port, _, kind = parts[:8]
    if component != "1" or transport.lower() != "udp" or kind not in CANDIDATE_TYPES:
        return None
    return Candidate(kind, address, int(port))


def build(description: Description, session: int) -> str:
    """A description the browser accepts as the remote one, from what `parse` kept."""
    candidates = [
        f"a=candidate:{number} 1 udp {_priority(candidate.kind, number)} "
        f"{candidate.address} {candidate.port} typ {candidate.kind}"
        + (" raddr 0.0.0.0 rport 0" if candidate.kind == "srflx" else "")
        for number, candidate in enumerate(description.candidates)
    ]
    fingerprint = ":".join(f"{byte:02X}" for byte in description.fingerprint)
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {description.mid}",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *candidates,
        "a=end-of-candidates",
        f"a=ice-ufrag:{description.ufrag}",
        f"a=ice-pwd:{description.pwd}",
        f"a=fingerprint:{description.hash} {fingerprint}",
        f"a=setup:{description.setup}",
        f"a=mid:{description.mid}",
        f"a=sctp-port:{description.sctp_port}",
    ]
    if description.max_message_size:
        lines.append(f"a=max-message-size:{description.max_message_size}")
    return "\r\n".join(lines) + "\r\n"


def _priority(kind: str, number: int) -> int:
    """RFC 8445's formula: type preference, then the browser's order, component 1."""
    return (TYPE_PREFERENCES[kind] << 24) | ((65535 - number) << 8) | 255


# The bytes: flags (setup, hash, whether the SCTP values are Chromium's), user fragment,
# password, fingerprint, mid, [SCTP port, largest message], then the candidates.


def description_bytes(description: Description) -> bytes:
    hashes = list(HASHES)
    sctp = (description.sctp_port, description.max_message_size)
    flags = SETUPS.index(description.setup) | hashes.index(description.hash) << 2
    flags |= (sctp == DEFAULT_SCTP) << 4
    out = bytearray([flags])
    out += _ice_text(description.ufrag) + _ice_text(description.pwd)
    if len(description.fingerprint) != HASHES[description.hash]:
        raise ValueError("fingerprint of the wrong length")
    out += description.fingerprint
    out += _short_text(description.mid)
    if sctp != DEFAULT_SCTP:
        out += _varint(description.sctp_port) + _varint(description.max_message_size)
    out.append(len(description.candidates))
    for candidate in description.candidates:
        form, address = _address(candidate.address)
        out.append(CANDIDATE_TYPES.index(candidate.kind) | form.value << 1)
        out += address + candidate.port.to_bytes(2, "big")
    return bytes(out)


def read_description(reader: _Reader) -> Description:
    """The description `description_bytes` wrote, read on from where `reader` is."""
    flags = reader.byte()
    hash_name = list(HASHES)[flags >> 2 & 3]
    ufrag, pwd = reader.ice_text(), reader.ice_text()
    fingerprint = reader.take(HASHES[hash_name])
    mid = reader.short_text()
    sctp = DEFAULT_SCTP if flags >> 4 & 1 else (reader.varint(), reader.varint())
    candidates = []
    for _ in range(reader.byte()):
        head = reader.byte()
        address = reader.address(Form(head >> 1 & 3))
        candidates.append(Candidate(CANDIDATE_TYPES[head & 1], address, reader.number(2)))
    if flags & 3 == 3 or flags >> 5:
        raise ValueError("not a description")
    return Description(
        ufrag, pwd, hash_name, fingerprint, SETUPS[flags & 3], mid, *sctp, tuple(candidates)
    )


def _ice_text(text: str) -> bytes:
    """A length, then the characters at 6 bits each."""
    digits = [ICE_CHARS.index(char) for char in text]
    value = 0
    for digit in digits:
        value = value << 6 | digit
    return bytes([len(text)]) + value.to_bytes((6 * len(text) + 7) // 8, "big")


def _short_text(text: str) -> bytes:
    data = text.encode("utf-8")
    return bytes([len(data)]) + data


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        out.append(number & 0x7F | (0x80 if number > 0x7F else 0))
        number >>= 7
        if not number:
            return bytes(out)


def _address(address: str) -> tuple[Form, bytes]:
    if address.endswith(".local"):
        try:
            mdns = uuid.UUID(address.removesuffix(".local"))
        except ValueError:
            pass
        else:
            if str(mdns) == address.removesuffix(".local").lower():
                return Form.MDNS, mdns.bytes
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return Form.NAME, _short_text(address)
    return (Form.IPV4 if ip.version == 4 else Form.IPV6), ip.packed


class _Reader:
    """Reads `decode`'s fields in turn; IndexError when the bytes end too soon."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise IndexError("cut short")
        self.at += count
        return self.data[self.at - count : self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def number(self, size: int) -> int:
        return int.from_bytes(self.take(size), "big")

    def varint(self) -> int:
        number, shift = 0, 0
        while True:
            byte = self.byte()
            number |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return number

    def ice_text(self) -> str:
        length = self.byte()
        value = self.number((6 * length + 7) // 8)
        return "".join(ICE_CHARS[value >> 6 * (length - 1 - at) & 63] for at in range(length))

    def short_text(self) -> str:
        return self.take(self.byte()).decode("utf-8")

    def address(self, form: Form) -> str:
        if form is Form.IPV4:
            return str(ipaddress.IPv4Address(self.take(4)))
        if form is Form.IPV6:
            return str(ipaddress.IPv6Address(self.take(16)))
        if form is Form.MDNS:
            return f"{uuid.UUID(bytes=self.take(16))}.local"
        return self.short_text()

    def at_end(self) -> bool:
        return self.at == len(self.data)

    def rest(self) -> bytes:
        return self.data[self.at :]
