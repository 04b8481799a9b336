"""Tests of deduce.output.display: the terminal and HTML views show the investigation's numbers."""

from __future__ import annotations

import html
import io
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser import layout, screenshot
from rich.console import Console

import deduce
from deduce.core import registry
from deduce.games.mastermind import Investigation
from deduce.output.display import render, render_html, render_text


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


CHIP = re.compile(
    r'<span class="(value[^"]*)" style="background:([^"]+)" title="[^"]*">'
    r'(.*?)<span class="p">(.*?)</span></span>'
)
FIELD = re.compile(r'<tr><th>([^<]*)</th><td><div class="values">(.*?)</div></td></tr>')


def fields(page: str) -> dict[str, list[tuple[str, str, str]]]:
    """Each field's value cells in the order shown: (value, probability, background)."""
    return {
        html.unescape(name): [
            (html.unescape(text), shown, colour) for _, colour, text, shown in CHIP.findall(chips)
        ]
        for name, chips in FIELD.findall(page)
    }


def depth(colour: str) -> float:
    """How deep a chip's see-through green is: 0 for none."""
    if colour == "transparent":
        return 0.0
    match = re.fullmatch(r"rgba\(46,160,67,([0-9.]+)\)", colour)
    assert match, colour
    return float(match[1])


def by_probability(values: dict[object, float]) -> list[tuple[object, float]]:
    return sorted(values.items(), key=lambda kv: -kv[1])


def test_html_tables_hold_the_numbers() -> None:
    inv = Investigation(3, 3).guess("112", black=0, white=2)
    page = render_html(inv, recommendations=2, strategy="minimax")
    solutions, marginals, moves = tables(page)
    ranked = list(inv.probabilities().items())
    assert [cell for cell, _ in solutions[0]] == ["solution", "probability"]
    assert [[c for c, _ in row] for row in solutions[1:]] == [[str(s), pct(p)] for s, p in ranked]
    assert [cell for cell, _ in marginals[0]] == ["field", "values (most likely first)"]
    assert all(len(row) == 2 for row in marginals), "one cell holds all the values of a field"
    shown = fields(page)
    assert list(shown) == list(inv.marginals())
    for name, values in inv.marginals().items():
        cells = shown[name]
        assert [(t, s) for t, s, _ in cells] == [
            (str(v), pct(p)) for v, p in by_probability(values)
        ]
        for (_, _, colour), (_, p) in zip(cells, by_probability(values), strict=True):
            if p == 0.0:
                assert depth(colour) == 0.0, (name, p)
            elif p == 1.0:
                assert depth(colour) == 0.75, (name, p)
            else:
                assert 0.0 < depth(colour) < 0.75, (name, p)
    probabilities = [p for values in inv.marginals().values() for p in values.values()]
    assert {0.0, 1.0} <= set(probabilities)  # both ends of the colour scale are checked
    assert any(0 < p < 1 for p in probabilities)
    recs = inv.recommend(top=2, strategy="minimax")
    assert moves[0][0][0] == "next move (minimax)"
    assert [row[0][0] for row in moves[1:]] == [str(r.action) for r in recs]
    assert [row[1][0] for row in moves[1:]] == [f"{r.information:.2f} bits" for r in recs]


def test_html_values_are_sorted_by_probability() -> None:
    inv = Investigation(3, 5).guess("123", black=1, white=0)
    for name, cells in fields(render_html(inv)).items():
        probabilities = [inv.marginals()[name][text] for text, _, _ in cells]
        assert probabilities == sorted(probabilities, reverse=True), name
        assert len(set(probabilities)) > 1, name  # the order is really tested


def test_html_colour_grows_with_probability() -> None:
    inv = Investigation(2, 4).guess("12", black=0, white=1)
    page = render_html(inv, recommendations=0)
    assert "next move" not in page
    for name, cells in fields(page).items():
        darkness = {}
        for text, _, colour in cells:
            p = inv.marginals()[name][text]
            darkness[p] = depth(colour)
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
    assert moves[0][0][0] == f"next move ({inv.default_strategy})"  # the table default
    recs = inv.recommend(top=3)
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


def notebook_states() -> dict[str, deduce.Investigation]:
    """The sample state of every kind of every game, as its declaration makes it (by
    ``game`` or ``game:Kind``)."""
    found = {}
    for declaration in registry.declarations():
        for kind in declaration.kind_names:
            main = kind == declaration.kind_names[0]
            name = declaration.name if main else f"{declaration.name}:{kind}"
            found[name] = declaration.sample(kind)
    return found


def test_every_game_fits_a_page_in_a_real_browser() -> None:
    """Laid out by chromium 1100 px wide: nothing runs off the page, every value of every
    field is on screen, most likely first, under one header; every game shows its next
    moves."""
    states = notebook_states()
    shown = layout({name: render_html(inv) for name, inv in states.items()}, width=1100)
    assert shown["innerWidth"] == 1100
    assert shown["scrollWidth"] <= 1100
    for name, inv in states.items():
        section = shown["sections"][name]
        assert section["right"] <= 1100, name
        assert "values (most likely first)" in section["headers"], name
        assert any(h.startswith("next move (") for h in section["headers"]), name
        marginals = inv.marginals()
        assert [f["field"] for f in section["fields"]] == list(marginals), name
        for field in section["fields"]:
            values = marginals[field["field"]]
            texts = [chip["text"] for chip in field["chips"]]
            assert sorted(texts) == sorted(map(str, values)), (name, field["field"])
            probabilities = [values[next(v for v in values if str(v) == t)] for t in texts]
            assert probabilities == sorted(probabilities, reverse=True), (name, field["field"])
            assert all(chip["left"] >= 0 and chip["right"] <= 1100 for chip in field["chips"])
            if len(texts) > 12:  # a long row wraps onto more lines
                assert len({chip["top"] for chip in field["chips"]}) > 1, (name, field["field"])
    crime = {f["field"]: f["chips"] for f in shown["sections"]["crime-writers"]["fields"]}
    for chips in crime.values():
        assert chips[0]["text"] == "(invented)"  # the likeliest value, first and on screen
    assert len(shown["sections"]["bsi:Table"]["fields"][0]["chips"]) == 16
    assert any(  # a long row that wraps is really tested
        len(field["chips"]) > 12
        for section in shown["sections"].values()
        for field in section["fields"]
    )


@pytest.mark.slow
def test_screenshots_of_every_game_end_before_the_right_edge(tmp_path: Path) -> None:
    """A PNG of each game's HTML, 1100 px wide (kept in $DEDUCE_SCREENSHOTS if set): the
    last columns of pixels are blank, so nothing is cut off at the right."""
    from matplotlib.image import imread

    folder = Path(os.environ.get("DEDUCE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    for name, inv in notebook_states().items():
        path = folder / f"{name}.png"
        screenshot(render_html(inv), path, width=1100)
        pixels = imread(path)
        assert pixels.shape[1] == 1100, name
        assert (pixels[:, :-6, :3] < 0.9).any(), name  # something is drawn
        assert (pixels[:, -6:, :3] == 1.0).all(), f"{name}: drawn up to the right edge"


def test_html_lists_the_latest_clues_numbered_as_the_log() -> None:
    from deduce.games.mastermind import Guess

    inv = Investigation(2, 3).guess("12", black=1, white=0).guess("13", black=1, white=0)
    page = render_html(inv)
    assert '<ol class="clues" start="1">' in page and page.count("<li>") == 2
    assert "<li>Guess(code=&#x27;13&#x27;, black=1, white=0)</li>" in page
    assert '<ol class="clues"' not in render_html(Investigation(2, 3))
    many = Investigation(2, 3, limit=30)
    for _ in range(25):  # the same clue again and again: a long log
        many = many.observe(Guess("11", 0, 0))
    page = render_html(many)
    assert '<ol class="clues" start="6">' in page and page.count("<li>") == 20
    assert "the latest 20; 5 before them" in page
