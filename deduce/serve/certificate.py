"""``deduce serve --https``: the server's own certificate, made once and kept.

A phone's browser grants a page its secure context (a service worker, so offline use and
installing as an app) only over HTTPS or on ``localhost``. On the table's network there
is no certificate authority, so ``deduce serve --https`` makes a self-signed certificate
the first time (an ECDSA P-256 key, valid for :data:`DAYS` days, for ``localhost``, this
machine's name and its addresses) and keeps it in the state directory (``tls/``, the key
readable by its owner only), so that a phone that has accepted it once meets the same one
again. A certificate that has expired, or does not name the address served, is made anew.
Its SHA-256 fingerprint is printed beside the QR code: the one the phone's browser shows
must be the same.

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> made = certificate(folder, ["127.0.0.1"])
    >>> made == certificate(folder, ["127.0.0.1"])  # kept: the same one again
    True
    >>> len(made.fingerprint.split(":"))
    32
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deduce.errors import InvalidInput

if TYPE_CHECKING:
    from cryptography import x509

__all__ = ["DAYS", "FOLDER", "Certificate", "certificate"]

DAYS = 825
"""How long a certificate made here is valid (the most some phones accept)."""

FOLDER = "tls"
"""The folder of the state directory that keeps the certificate and its key."""


@dataclass(frozen=True, slots=True)
class Certificate:
    """The server's certificate: its files and its SHA-256 fingerprint (hex pairs)."""

    certfile: Path
    keyfile: Path
    fingerprint: str


def certificate(state_dir: Path, hosts: Sequence[str]) -> Certificate:
    """The certificate kept in ``state_dir`` for ``hosts`` (names or addresses), made
    anew when there is none, it has expired, or it does not name every host.

    Raises:
        InvalidInput: the ``cryptography`` package is missing (the ``serve`` extra), or
            the folder cannot be written.
    """
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:  # pragma: no cover - the serve extra is missing
        raise InvalidInput(
            "--https", True, "an installed serve extra (pip install 'deduce-notebook[serve]')"
        ) from None
    folder = state_dir / FOLDER
    certfile, keyfile = folder / "cert.pem", folder / "key.pem"
    wanted = {*hosts, "localhost", "127.0.0.1", socket.gethostname()}
    now = datetime.datetime.now(datetime.UTC)
    if certfile.is_file() and keyfile.is_file():
        try:
            kept = x509.load_pem_x509_certificate(certfile.read_bytes())
            names = kept.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
            named = {str(n) for n in names.get_values_for_type(x509.DNSName)}
            named |= {str(a) for a in names.get_values_for_type(x509.IPAddress)}
            if kept.not_valid_after_utc > now + datetime.timedelta(days=1) and wanted <= named:
                return Certificate(certfile, keyfile, _fingerprint(kept))
        except (ValueError, x509.ExtensionNotFound, OSError):
            pass  # unreadable or incomplete: made anew
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "deduce serve")])
    alternative: list[x509.GeneralName] = []
    for host in sorted(wanted):
        try:
            alternative.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            alternative.append(x509.DNSName(host))
    made = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=DAYS))
        .add_extension(x509.SubjectAlternativeName(alternative), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(keyfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(
                key.private_bytes(
                    serialization.Encoding.PEM,
                    serialization.PrivateFormat.PKCS8,
                    serialization.NoEncryption(),
                )
            )
        certfile.write_bytes(made.public_bytes(serialization.Encoding.PEM))
    except OSError as error:
        raise InvalidInput(
            "--https", True, "a state directory it can write", reason=error.strerror
        ) from None
    return Certificate(certfile, keyfile, _fingerprint(made))


def _fingerprint(made: x509.Certificate) -> str:
    from cryptography.hazmat.primitives import hashes

    return ":".join(f"{byte:02X}" for byte in made.fingerprint(hashes.SHA256()))
