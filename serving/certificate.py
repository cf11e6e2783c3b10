"""The certificate the table share is served with: made once, kept in the data folder.

Phones reach the host over the local network; browsers give a plain http page there no wake
lock, no clipboard and no install, so the share is served over https. No authority signs a
computer's LAN address, so Trickpad makes its own certificate (the `cryptography` library):
each phone's browser warns once, and the README says why.

Apple's devices refuse a TLS server certificate valid for more than 825 days or without the
serverAuth extended key use, so the certificate has both; one made by an older Trickpad
without them is made again. The private key is never readable by others, not even for the
moment it is written: it is created with mode 0600 and moved into place whole. A key or
certificate that cannot be read, is damaged, or does not belong with the other file is not
deleted (it may be the only copy of something the host wants) but renamed aside, and the
caller is told where it went.
"""

import contextlib
import datetime
import ipaddress
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import PrivateKeyTypes, PublicKeyTypes
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

VALID_DAYS = 825
"""The longest validity Apple's devices accept for a TLS server certificate."""
RENEW_BEFORE = datetime.timedelta(days=7)
"""A certificate this close to its end is made again, so it cannot expire mid-evening."""
KEY_MODE = 0o600
CERTIFICATE_MODE = 0o644
_UNUSABLE = (OSError, ValueError, TypeError, UnsupportedAlgorithm)
"""What loading a PEM file raises when it cannot be read or holds no usable key/certificate."""


@dataclass(frozen=True)
class CertificateFiles:
    """The certificate and key to serve with; `set_aside` names unusable files moved away."""

    certificate: Path
    key: Path
    set_aside: tuple[Path, ...] = ()


def ensure_certificate(folder: Path, address: str) -> CertificateFiles:
    """The certificate for `address` (an IP) in `folder`, made when it is missing, expired,
    for another address (the computer joined another network) or not acceptable to Apple's
    devices; the key stays private. Unusable files are renamed aside (see `set_aside`)."""
    certificate_path = folder / "share-certificate.pem"
    key_path = folder / "share-key.pem"
    set_aside: list[Path] = []
    key = _load_key(key_path)
    certificate = _load_certificate(certificate_path)
    if key is None and key_path.exists():
        set_aside.append(_move_aside(key_path))
    if certificate is None and certificate_path.exists():
        set_aside.append(_move_aside(certificate_path))
    if key is not None and certificate is not None and not _pair(key, certificate):
        # Which of the two is wrong cannot be told: both go aside, a new pair is made.
        set_aside += [_move_aside(key_path), _move_aside(certificate_path)]
        key = certificate = None
    if key is None or certificate is None or not _still_good(certificate, address):
        _make(certificate_path, key_path, address, reuse_key=key)
    return CertificateFiles(certificate_path, key_path, tuple(set_aside))


def _load_key(path: Path) -> PrivateKeyTypes | None:
    """The private key in `path`; None when it is missing, unreadable or damaged."""
    try:
        return serialization.load_pem_private_key(path.read_bytes(), password=None)
    except _UNUSABLE:
        return None


def _load_certificate(path: Path) -> x509.Certificate | None:
    """The certificate in `path`; None when it is missing, unreadable or damaged."""
    try:
        return x509.load_pem_x509_certificate(path.read_bytes())
    except _UNUSABLE:
        return None


def _public_der(key: PublicKeyTypes) -> bytes:
    return key.public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def _pair(key: PrivateKeyTypes, certificate: x509.Certificate) -> bool:
    """Whether the certificate was made for this key: TLS refuses to start with any other."""
    try:
        return _public_der(key.public_key()) == _public_der(certificate.public_key())
    except _UNUSABLE:
        return False


def _still_good(certificate: x509.Certificate, address: str) -> bool:
    """Whether the certificate names `address`, lasts another week, and Apple accepts it."""
    try:
        names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName)
        uses = certificate.extensions.get_extension_for_class(x509.ExtendedKeyUsage)
    except (x509.ExtensionNotFound, ValueError):
        return False
    addresses = {str(ip) for ip in names.value.get_values_for_type(x509.IPAddress)}
    soon = datetime.datetime.now(datetime.UTC) + RENEW_BEFORE
    lifetime = certificate.not_valid_after_utc - certificate.not_valid_before_utc
    return (
        address in addresses
        and certificate.not_valid_after_utc > soon
        and lifetime <= datetime.timedelta(days=VALID_DAYS)
        and ExtendedKeyUsageOID.SERVER_AUTH in uses.value
    )


def _make(
    certificate_path: Path, key_path: Path, address: str, reuse_key: PrivateKeyTypes | None
) -> None:
    """Write a new certificate for `address`, and a new key unless a good one is kept.

    Keeping a good key means a new certificate (another address, a renewal) never leaves a
    mismatched pair behind, even if the process dies between the two writes."""
    key = reuse_key if isinstance(reuse_key, ec.EllipticCurvePrivateKey) else None
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Trickpad at {address}")])
    start = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=5)
    certificate_path.parent.mkdir(parents=True, exist_ok=True)
    if key is None:
        key = ec.generate_private_key(ec.SECP256R1())
        _write_new(
            key_path,
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            ),
            KEY_MODE,
        )
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(start + datetime.timedelta(days=VALID_DAYS))
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    x509.IPAddress(ipaddress.ip_address(address)),
                    x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                    x509.DNSName("localhost"),
                ]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_new(
        certificate_path, certificate.public_bytes(serialization.Encoding.PEM), CERTIFICATE_MODE
    )


def _write_new(path: Path, content: bytes, mode: int) -> None:
    """Put `content` at `path` whole, with `mode` from its first byte.

    The bytes go to a new file of a random name made with O_EXCL (so no file or link
    someone placed there is followed or reused) and the mode given to os.open; fchmod then
    sets exactly that mode whatever the umask. Only when the bytes are on disk is the file
    renamed over `path`: a killed process leaves the old file or the new one, never half."""
    while True:
        partial = path.with_name(f".{path.name}.{secrets.token_hex(6)}.partial")
        try:
            descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue
        break
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(descriptor, mode)
            view = memoryview(content)
            while view:
                view = view[os.write(descriptor, view) :]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise


def _move_aside(path: Path) -> Path:
    """Rename an unusable `path` to `<name>.unusable-<UTC time>` (never over another file)."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.unusable-{stamp}")
    attempt = 1
    while target.exists():
        attempt += 1
        target = path.with_name(f"{path.name}.unusable-{stamp}-{attempt}")
    path.rename(target)
    return target
