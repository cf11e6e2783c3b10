"""The certificate the table share is served with: made once, kept in the data folder.

Phones reach the host over the local network; browsers give a plain http page there no wake
lock, no clipboard and no install, so the share is served over https. No authority signs a
computer's LAN address, so Trickpad makes its own certificate (the `cryptography` library):
each phone's browser warns once, and the README says why.
"""

import datetime
import ipaddress
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

VALID_DAYS = 5 * 365


@dataclass(frozen=True)
class CertificateFiles:
    certificate: Path
    key: Path


def ensure_certificate(folder: Path, address: str) -> CertificateFiles:
    """The certificate for `address` (an IP) in `folder`, made when it is missing, expired
    or for another address (the computer joined another network); the key stays private."""
    files = CertificateFiles(folder / "share-certificate.pem", folder / "share-key.pem")
    if not _still_good(files.certificate, address):
        _make(files, address)
    return files


def _still_good(path: Path, address: str) -> bool:
    try:
        certificate = x509.load_pem_x509_certificate(path.read_bytes())
    except (OSError, ValueError):
        return False
    names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName)
    addresses = {str(ip) for ip in names.value.get_values_for_type(x509.IPAddress)}
    soon = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=7)
    return address in addresses and certificate.not_valid_after_utc > soon


def _make(files: CertificateFiles, address: str) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Trickpad at {address}")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
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
        .sign(key, hashes.SHA256())
    )
    files.certificate.parent.mkdir(parents=True, exist_ok=True)
    files.key.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    files.key.chmod(0o600)
    files.certificate.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
