"""Tests of deduce.display: the terminal and HTML views show the investigation's numbers."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from deduce.display import render_html, render_text
from deduce.games.mastermind import Investigation


def pct(p: float) -> str:
    return f"{100 * p:.1f}%"


class Tables(HTMLParser):
    """The cells of every table in an HTML fragment, with each cell's style."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []
        self._style = ""
        self._text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in {"td", "th"}:
            self._style = dict(attrs).get("style") or ""
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        if tag in {"td", "th"} and self._text is not None:
            self.tables[-1][-1].append((" ".join(self._text).strip(), self._style))
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data.strip())


def tables(page: str) -> list[list[list[tuple[str, str]]]]:
    parser = Tables()
    parser.feed(page)
    return parser.tables


def test_text_lists_solutions_marginals_and_moves() -> None:
    inv = Investigation(3, 4).guess("112", black=1, white=0)
    recs = inv.recommend(top=2, strategy="minimax")
    text = render_text(inv, solutions=3, recommendations=recs)
    ranked = list(inv.probabilities().items())
    assert f"{len(ranked)} solutions left" in text
    for solution, p in ranked[:3]:
        assert re.search(rf"^ {solution}\s+{re.escape(pct(p))}", text, re.M)
    assert f"... {len(ranked) - 3} more" in text
    for name, values in inv.marginals().items():
        line = next(line for line in text.splitlines() if line.startswith(f" {name} "))
        for value, p in values.items():
            assert (f"{value} {pct(p)}" in line) == (p > 0), (name, value)
    for r in recs:
        assert re.search(
            rf"^ {r.action}\s+{r.information:.2f} bits\s+{len(r.outcomes)}\s+", text, re.M
        )


def test_html_tables_hold_the_numbers() -> None:
    inv = Investigation(2, 3).guess("12", black=1, white=0)
    page = render_html(inv, recommendations=2, strategy="minimax")
    solutions, marginals, moves = tables(page)
    ranked = list(inv.probabilities().items())
    assert [cell for cell, _ in solutions[0]] == ["solution", "probability"]
    assert [[c for c, _ in row] for row in solutions[1:]] == [[str(s), pct(p)] for s, p in ranked]
    for row, (name, values) in zip(marginals[1:], inv.marginals().items(), strict=True):
        assert row[0][0] == name
        assert [c for c, _ in row[1:]] == [f"{v} {pct(p)}" for v, p in values.items()]
        shades = {p: style for (_, style), p in zip(row[1:], values.values(), strict=True)}
        assert shades.get(0.0, "background:#ffffff") == "background:#ffffff"
        if 1.0 in shades:
            assert shades[1.0] == "background:#2ea043"
    recs = inv.recommend(top=2, strategy="minimax")
    assert [row[0][0] for row in moves[1:]] == [str(r.action) for r in recs]
    assert [row[1][0] for row in moves[1:]] == [f"{r.information:.2f} bits" for r in recs]


def test_html_colour_grows_with_probability() -> None:
    inv = Investigation(2, 4).guess("12", black=0, white=1)
    page = render_html(inv, recommendations=0)
    assert "next move" not in page
    _, marginals = tables(page)
    for row, values in zip(marginals[1:], inv.marginals().values(), strict=True):
        darkness = {}
        for (_, style), p in zip(row[1:], values.values(), strict=True):
            colour = style.removeprefix("background:#")
            darkness[p] = 3 * 255 - sum(int(colour[i : i + 2], 16) for i in (0, 2, 4))
        ordered = [darkness[p] for p in sorted(darkness)]
        assert ordered == sorted(ordered) and len(set(ordered)) == len(ordered)


def test_html_escapes_text() -> None:
    inv = Investigation(2, 2)
    recs = inv.recommend(top=1)
    page = render_html(inv, recommendations=recs, describe=lambda action: f"<i>{action}</i>")
    assert f"&lt;i&gt;{recs[0].action}&lt;/i&gt;" in page
    assert "<i>" not in page


def test_notebooks_show_the_html_view() -> None:
    inv = Investigation(2, 3).guess("12", black=1, white=0)
    assert inv._repr_html_() == render_html(inv)
