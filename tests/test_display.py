"""Tests of deduce.display: the terminal and HTML views show the investigation's numbers."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pytest
from rich.console import Console

import deduce
from deduce.display import render, render_html, render_text
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
    inv = Investigation(3, 3).guess("112", black=0, white=2)
    page = render_html(inv, recommendations=2, strategy="minimax")
    solutions, marginals, moves = tables(page)
    ranked = list(inv.probabilities().items())
    assert [cell for cell, _ in solutions[0]] == ["solution", "probability"]
    assert [[c for c, _ in row] for row in solutions[1:]] == [[str(s), pct(p)] for s, p in ranked]
    for row, (name, values) in zip(marginals[1:], inv.marginals().items(), strict=True):
        assert row[0][0] == name
        assert [c for c, _ in row[1:]] == [f"{v} {pct(p)}" for v, p in values.items()]
        for (_, style), p in zip(row[1:], values.values(), strict=True):
            if p == 0.0:
                assert style == "background:#ffffff", (name, p)
            elif p == 1.0:
                assert style == "background:#2ea043", (name, p)
            else:
                assert style not in {"background:#ffffff", "background:#2ea043"}, (name, p)
    probabilities = [p for values in inv.marginals().values() for p in values.values()]
    assert {0.0, 1.0} <= set(probabilities)  # both ends of the colour scale are checked
    assert any(0 < p < 1 for p in probabilities)
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
    solutions, marginals, moves = tables(inv._repr_html_())
    ranked = list(inv.probabilities().items())
    assert [[c for c, _ in row] for row in solutions[1:]] == [[str(s), pct(p)] for s, p in ranked]
    assert [row[0][0] for row in marginals[1:]] == list(inv.marginals())
    recs = inv.recommend(top=3, strategy="entropy")
    assert [row[0][0] for row in moves[1:]] == [str(r.action) for r in recs]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda inv: render(inv, solutions=-2), "solutions=-2 is not valid"),
        (lambda inv: render_text(inv, solutions=1.5), "solutions=1.5 is not valid"),
        (lambda inv: render_html(inv, solutions=-2), "solutions=-2 is not valid"),
        (lambda inv: render_html(inv, recommendations=-1), "recommendations=-1 is not valid"),
        (lambda inv: render_html(inv, recommendations=True), "recommendations=True is not valid"),
    ],
)
def test_bad_options_are_refused(call: object, message: str) -> None:
    inv = Investigation(2, 3)
    with pytest.raises(deduce.InvalidInput, match=message):
        call(inv)  # type: ignore[operator]


def test_solutions_zero_lists_none_but_counts_them() -> None:
    inv = Investigation(2, 3).guess("12", black=1, white=0)
    text = render_text(inv, solutions=0)
    assert f"{len(inv.solutions())} solutions left" in text
    assert f"... {len(inv.solutions())} more" in text


def test_user_text_is_shown_as_written() -> None:
    """Text from outside (move descriptions, names from a deck) is not read as rich
    markup or emoji codes, whatever the console."""
    inv = Investigation(2, 3)
    recs = inv.recommend(top=1)
    options = {"recommendations": recs, "describe": lambda action: f"[bold]{action}:x:"}
    assert f"[bold]{recs[0].action}:x:" in render_text(inv, **options)
    console = Console(file=io.StringIO(), width=120, color_system=None)  # emoji on
    console.print(render(inv, **options))
    assert f"[bold]{recs[0].action}:x:" in console.file.getvalue()  # type: ignore[attr-defined]
