"""``deduce serve --https``: its own certificate, made once and kept, its fingerprint
printed; a phone that trusts it gets the page's secure context, offline use included."""

from __future__ import annotations

import base64
import hashlib
import ssl
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("cryptography")

import httpx
from serving import AUTH, TOKEN, launched

from deduce.serve.certificate import FOLDER


def _fingerprint(port: int) -> str:
    """The SHA-256 fingerprint of the certificate the server presents."""
    der = ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate(("127.0.0.1", port)))
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def test_https_serves_with_its_own_certificate_and_prints_its_fingerprint(
    tmp_path: Path,
) -> None:
    with launched(tmp_path, TOKEN, "--https") as served:
        base = f"https://127.0.0.1:{served.port}"
        with httpx.Client(base_url=base, headers=AUTH, verify=False, timeout=10) as api:
            assert api.post("/api/sessions", json={"game": "mastermind"}).status_code == 201
        first = _fingerprint(served.port)
        printed = " ".join(served.stop().split())
    assert f"Open {base}/?token={TOKEN}" in printed
    assert first.replace(":", "") in printed.replace(":", "").replace(" ", "")
    key = tmp_path / FOLDER / "key.pem"
    assert key.stat().st_mode & 0o077 == 0  # the key: its owner's only
    with launched(tmp_path, TOKEN, "--https") as again:  # kept: the same certificate
        assert _fingerprint(again.port) == first
        with pytest.raises(httpx.TransportError):  # no plain HTTP beside it
            httpx.get(f"http://127.0.0.1:{again.port}/", timeout=5)


@pytest.mark.slow
def test_a_phone_that_trusts_the_certificate_may_use_the_page_offline(tmp_path: Path) -> None:
    """Chromium trusting the server's key (as a phone does once the certificate is
    installed) registers the service worker; one that was only told to ignore the
    certificate's warning does not: offline use needs the certificate trusted."""
    from browser import ARGS, PHONE, chromium
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from playwright.sync_api import sync_playwright

    def registers(browser: Any, url: str, **context: Any) -> str:
        page = browser.new_context(viewport=PHONE, **context).new_page()
        page.goto(url)
        script = "navigator.serviceWorker.register('/sw.js', {scope: '/'})"
        found: str = page.evaluate(f"{script}.then(() => 'registered', e => e.message)")
        return found

    with launched(tmp_path, TOKEN, "--https") as served:
        url = f"https://127.0.0.1:{served.port}/?token={TOKEN}"
        cert = x509.load_pem_x509_certificate((tmp_path / FOLDER / "cert.pem").read_bytes())
        spki = cert.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        pin = base64.b64encode(hashlib.sha256(spki).digest()).decode()
        with sync_playwright() as playwright:
            trusting = playwright.chromium.launch(
                executable_path=chromium(),
                args=[*ARGS, f"--ignore-certificate-errors-spki-list={pin}"],
            )
            assert registers(trusting, url) == "registered"
            trusting.close()
            warned = playwright.chromium.launch(executable_path=chromium(), args=ARGS)
            said = registers(warned, url, ignore_https_errors=True)
            assert said != "registered" and "Failed to register a ServiceWorker" in said
            warned.close()
