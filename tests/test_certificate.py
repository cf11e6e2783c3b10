"""The share's certificate: made once for the LAN address, kept, made again when needed;
a private key no one else can read, even while it is written; damaged, unreadable or
mismatched files set aside, never deleted; a certificate Apple's devices accept."""

import datetime
import ipaddress
import os
import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from serving import certificate
from serving.certificate import VALID_DAYS, ensure_certificate


def loads_in_tls(files: certificate.CertificateFiles) -> None:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(files.certificate, files.key)  # raises for a mismatched pair


def aside(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if ".unusable-" in path.name)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """Umask 0: a file created without an explicit private mode would be world-readable."""
    before = os.umask(0)
    try:
        yield
    finally:
        os.umask(before)


def test_the_certificate_is_made_once_for_its_address_and_loads_in_tls(tmp_path: Path) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    first = files.certificate.read_bytes()
    assert files.key.stat().st_mode & 0o777 == 0o600  # the key is the host's alone
    assert files.set_aside == ()
    assert ensure_certificate(tmp_path, "192.0.2.10").certificate.read_bytes() == first
    loads_in_tls(files)
    moved = ensure_certificate(tmp_path, "192.0.2.99")
    assert moved.certificate.read_bytes() != first
    loads_in_tls(moved)
    assert moved.set_aside == () and aside(tmp_path) == []  # a new network is no damage


def test_the_key_is_private_from_its_first_byte_whatever_the_umask(
    tmp_path: Path, open_umask: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel's word on the key file's mode at the moment its first byte is written."""
    modes: dict[str, int] = {}
    real_write = os.write

    def write(descriptor: int, data: bytes) -> int:
        name = os.readlink(f"/proc/self/fd/{descriptor}")
        modes.setdefault(Path(name).name, os.fstat(descriptor).st_mode & 0o777)
        return real_write(descriptor, data)

    monkeypatch.setattr(certificate.os, "write", write)
    files = ensure_certificate(tmp_path, "192.0.2.10")
    monkeypatch.undo()
    key_writes = [mode for name, mode in modes.items() if "share-key" in name]
    assert key_writes == [0o600]
    assert files.key.stat().st_mode & 0o777 == 0o600
    assert files.certificate.stat().st_mode & 0o777 == 0o644
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "share-certificate.pem",
        "share-key.pem",
    ]  # no partial file left behind
    loads_in_tls(files)


def test_a_damaged_certificate_is_set_aside_and_made_again(tmp_path: Path) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    files.certificate.write_text("not a certificate")
    again = ensure_certificate(tmp_path, "192.0.2.10")
    loads_in_tls(again)
    assert len(again.set_aside) == 1
    assert again.set_aside == tuple(aside(tmp_path))
    assert again.set_aside[0].read_text() == "not a certificate"


def test_a_damaged_key_is_set_aside_and_a_new_private_key_made(tmp_path: Path) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    old_certificate = files.certificate.read_bytes()
    files.key.write_bytes(b"-----BEGIN PRIVATE KEY-----\ncut sho")
    again = ensure_certificate(tmp_path, "192.0.2.10")
    loads_in_tls(again)
    assert again.key.stat().st_mode & 0o777 == 0o600
    assert [path.read_bytes() for path in again.set_aside] == [
        b"-----BEGIN PRIVATE KEY-----\ncut sho"
    ]
    assert again.certificate.read_bytes() != old_certificate  # made for the new key
    assert ensure_certificate(tmp_path, "192.0.2.10").set_aside == ()  # and kept from now on


def test_an_unreadable_key_is_set_aside(tmp_path: Path) -> None:
    """A folder where the key should be: reading it fails even for root, who reads any mode."""
    (tmp_path / "share-key.pem").mkdir()
    (tmp_path / "share-key.pem" / "inside").write_text("kept")
    files = ensure_certificate(tmp_path, "192.0.2.10")
    loads_in_tls(files)
    assert len(files.set_aside) == 1
    assert (files.set_aside[0] / "inside").read_text() == "kept"


def test_a_key_and_certificate_that_do_not_belong_together_are_both_set_aside(
    tmp_path: Path,
) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    other = ensure_certificate(tmp_path / "other", "192.0.2.10")
    files.key.write_bytes(other.key.read_bytes())
    with pytest.raises(ssl.SSLError):
        loads_in_tls(files)  # what the share would have died of at every start
    again = ensure_certificate(tmp_path, "192.0.2.10")
    loads_in_tls(again)
    assert sorted(again.set_aside) == aside(tmp_path)
    assert {path.name.split(".unusable-")[0] for path in again.set_aside} == {
        "share-key.pem",
        "share-certificate.pem",
    }


def test_apple_devices_accept_it_825_days_at_most_and_for_server_auth(tmp_path: Path) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    made = x509.load_pem_x509_certificate(files.certificate.read_bytes())
    lifetime = made.not_valid_after_utc - made.not_valid_before_utc
    assert datetime.timedelta(days=800) < lifetime <= datetime.timedelta(days=825)
    uses = made.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(uses) == [ExtendedKeyUsageOID.SERVER_AUTH]
    assert VALID_DAYS == 825


def older_certificate(files: certificate.CertificateFiles, address: str) -> bytes:
    """A certificate as Trickpad made it before: five years, and no extended key use."""
    key = serialization.load_pem_private_key(files.key.read_bytes(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Trickpad at {address}")])
    now = datetime.datetime.now(datetime.UTC)
    made = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=1825))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(address))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    return made.public_bytes(serialization.Encoding.PEM)


def test_a_certificate_from_an_older_version_is_made_again_without_complaint(
    tmp_path: Path,
) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    files.certificate.write_bytes(older_certificate(files, "192.0.2.10"))
    again = ensure_certificate(tmp_path, "192.0.2.10")
    made = x509.load_pem_x509_certificate(again.certificate.read_bytes())
    assert made.not_valid_after_utc - made.not_valid_before_utc <= datetime.timedelta(days=825)
    made.extensions.get_extension_for_class(x509.ExtendedKeyUsage)
    assert again.set_aside == ()  # a good pair, only out of date: replaced, nothing to tell
    loads_in_tls(again)
