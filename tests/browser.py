"""Laying out HTML in a real headless browser (Debian's chromium) for the display tests.

``make test`` installs chromium when it can (as root, with apt-get). Without it the
browser tests are skipped, except under CI, where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

__all__ = ["chromium", "layout", "screenshot"]

_MEASURE = """
<script>
(() => {
  const boxes = {};
  for (const section of document.querySelectorAll("section[id]")) {
    const fields = [];
    for (const row of section.querySelectorAll("table.fields tr")) {
      const head = row.querySelector("th");
      const chips = [...row.querySelectorAll(".value")].map((chip) => {
        const box = chip.getBoundingClientRect();
        return {text: chip.firstChild.textContent, left: box.left, right: box.right,
                top: box.top};
      });
      if (chips.length) fields.push({field: head.textContent, chips: chips});
    }
    let right = 0;
    for (const element of section.querySelectorAll("*")) {
      right = Math.max(right, element.getBoundingClientRect().right);
    }
    boxes[section.id] = {
      fields: fields,
      right: right,
      headers: [...section.querySelectorAll("th")].map((th) => th.textContent),
    };
  }
  const page = {
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    sections: boxes,
  };
  document.body.setAttribute("data-layout", JSON.stringify(page));
})();
</script>
"""


PHONE = {"width": 360, "height": 740}
"""A phone's screen, in CSS pixels."""

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Chromium's options in the tests: headless, quiet on the network."""


def chromium() -> str:
    """The browser's path; skips the test where it is missing (fails under CI)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: `make browser` installs it")
        pytest.skip("chromium is not installed (`make browser` installs it as root)")
    return found


def _page(sections: dict[str, str]) -> str:
    body = "".join(f'<section id="{name}">{html}</section>' for name, html in sections.items())
    return (
        '<!doctype html><html><head><meta charset="utf-8"></head>'
        f'<body style="margin:8px;font-family:sans-serif">{body}{_MEASURE}</body></html>'
    )


def _run(arguments: list[str], page: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.html"
        path.write_text(page, encoding="utf-8")
        result = subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={folder}/profile",
                *arguments,
                path.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=180,
            stdin=subprocess.DEVNULL,
        )
    assert result.returncode == 0, result.stderr
    return result.stdout


def layout(sections: dict[str, str], *, width: int = 1100) -> dict[str, Any]:
    """Lay out each HTML fragment in its own section of one page ``width`` pixels wide;
    the page's scroll width and, per section, the rightmost edge of any element, the
    table headers and the value cells of each field (text and box)."""
    dom = _run([f"--window-size={width},900", "--dump-dom"], _page(sections))
    match = re.search(r'data-layout="([^"]*)"', dom)
    assert match, dom[-2000:]
    text = match.group(1)
    for entity, char in (("&quot;", '"'), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")):
        text = text.replace(entity, char)
    result: dict[str, Any] = json.loads(text)
    return result


def screenshot(html: str, path: Path, *, width: int = 1100, height: int = 1400) -> None:
    """A PNG of ``html`` in a window ``width`` pixels wide."""
    _run([f"--window-size={width},{height}", f"--screenshot={path}"], _page({"page": html}))
    assert path.stat().st_size > 0
