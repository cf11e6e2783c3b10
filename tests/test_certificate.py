"""The share's certificate: made once for the LAN address, kept, made again when needed."""

import ssl
from pathlib import Path

from certificate import ensure_certificate


def test_the_certificate_is_made_once_for_its_address_and_loads_in_tls(tmp_path: Path) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    first = files.certificate.read_bytes()
    assert files.key.stat().st_mode & 0o077 == 0  # the key is the host's alone
    assert ensure_certificate(tmp_path, "192.0.2.10").certificate.read_bytes() == first
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(files.certificate, files.key)
    assert ensure_certificate(tmp_path, "192.0.2.99").certificate.read_bytes() != first


def test_a_damaged_certificate_is_made_again(tmp_path: Path) -> None:
    files = ensure_certificate(tmp_path, "192.0.2.10")
    files.certificate.write_text("not a certificate")
    again = ensure_certificate(tmp_path, "192.0.2.10")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(again.certificate, again.key)
