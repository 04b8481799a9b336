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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

__all__ = [
    "chip",
    "chromium",
    "compose",
    "in_first_screen",
    "layout",
    "no_sideways_scroll",
    "phone_page",
    "pick",
    "picked",
    "playwright_api",
    "screenshot",
    "way_now",
]

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


# -- a player's taps on a page, for the tests of `deduce serve` --------------------------


def playwright_api() -> Any:
    """Playwright's sync API; skips the test where it is missing (fails under CI)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("playwright is missing: `make test` installs it (the dev group)")
        pytest.skip("playwright is not installed (the dev group has it)")
    return sync_playwright


def no_sideways_scroll(page: Any) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width} px wide at {inner} px"


def in_first_screen(page: Any, locator: Any) -> None:
    """``locator`` starts in the first screen of the page (scrolled to the top)."""
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    height = page.evaluate("window.innerHeight")
    assert box is not None and box["y"] < height, f"it starts at {box} in a {height} px screen"


def chip(word: str) -> str:
    """A button's value as the page writes it: a name of several words joined by _."""
    return word.replace(" ", "_")


def pick(field: Any, *words: str) -> None:
    """Tap the buttons of ``words`` in a field (of the categories shown)."""
    for word in map(chip, words):
        folded = field.locator(f"details.group:not([open]):visible:has(input[value='{word}'])")
        if folded.count():  # many choices: their category is opened first
            folded.first.locator("summary").click()
        field.locator(f"label.chip:visible:has(input[value='{word}'])").first.click()


def compose(field: Any, *pieces: str) -> None:
    """Tap a value's pieces, one row each: in their places when every row is given (a
    code's pegs, a puzzle's cards), else in the row that offers each (a card's evidence)."""
    rows = field.locator(".part")
    for at, piece in enumerate(pieces):
        row = (
            rows.nth(at)
            if len(pieces) == rows.count()
            else rows.filter(has=field.page.locator(f"input[value='{piece}']"))
        )
        row.locator(f"label.chip:has(input[value='{piece}'])").first.click()


def picked(field: Any) -> list[str]:
    """The values of a field's buttons tapped, in order."""
    return list(field.evaluate("f => [...f.querySelectorAll('input:checked')].map(i => i.value)"))


@contextmanager
def phone_page(viewport: dict[str, int] = PHONE) -> Iterator[Any]:
    """A page of Debian's chromium, headless, at a phone's ``viewport``."""
    path = chromium()
    with playwright_api()() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield browser.new_page(viewport=viewport)
        finally:
            browser.close()


def way_now(page: Any, verb: str) -> Any:
    """The form of ``verb`` among the ways to act now, as a player reaches it: open, or
    folded under its title (tapped open); it, or its title, starts in the first screen."""
    form = page.locator(f"section.now form[data-verb={verb}]").first
    folded = page.locator(f"section.now details.way:has(form[data-verb={verb}])").first
    if folded.count():
        summary = folded.locator("xpath=./summary")
        in_first_screen(page, summary)
        if not folded.evaluate("d => d.open"):
            summary.click()
    else:
        in_first_screen(page, form)
    return form
