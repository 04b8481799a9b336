"""Every result a user holds draws itself in a notebook: run in a real kernel, each shows
a table (or a list, or a chart), and its plain repr is one line with rounded numbers."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import deduce
from deduce._internal.reprs import rounded
from deduce.games import thirteen_clues
from deduce.games.mastermind import Investigation
from deduce.output import notebook

SETUP = """
import deduce
from deduce.games import thirteen_clues as tc
from deduce.games.mastermind import Game, Investigation
from deduce.output import plot
inv = Investigation(4, 6).guess("1122", black=1, white=1).guess("1344", black=0, white=2)
deal = tc.Deal.random(3, seed=4)
table = tc.Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
table = table.question(0, 1, "person", deal.answer(1, "person"))
game = tc.play_game([tc.eager(0.5), tc.eager(0.5)], seed=10, max_moves=16).tables[0]
"""


def long_numbers(text: str) -> list[str]:
    """The numbers in ``text`` written to more than four significant digits."""
    numbers = re.findall(r"\d+\.\d+", text)
    return [n for n in numbers if len(n.replace(".", "").lstrip("0")) > 4]


RESULTS = {
    "investigation": "inv",
    "recommendations": "inv.recommend(top=3)",
    "review": "inv.review()",
    "marginals": "inv.marginals()",
    "clue log": "inv.history",
    "stats": 'deduce.simulate(Game(3, 3), "minimax")',
    "accusation": "table.accusation()",
    "table advice": "tc.advise(table, tc.Glasses.start(3))",
    "win chances": "tc.win_chances(game, budget=None, samples=24, questions=1)",
    "13 Indizien recommendations": "table.recommend(top=2)",
}
CHARTS = {
    "histogram": 'plot.histogram(deduce.simulate(Game(3, 3), "minimax"))',
    "marginals chart": "plot.marginals(inv)",
    "review chart": "plot.review(inv)",
}


def test_every_result_shows_a_table_or_a_chart_in_a_real_notebook() -> None:
    import nbformat
    from nbclient import NotebookClient

    names = [*RESULTS, *CHARTS]
    cells = [nbformat.v4.new_code_cell(SETUP)]
    cells += [nbformat.v4.new_code_cell(code) for code in [*RESULTS.values(), *CHARTS.values()]]
    book = nbformat.v4.new_notebook(cells=cells)
    NotebookClient(book, timeout=600, kernel_name="python3").execute()
    assert not [o for c in book.cells for o in c.outputs if o.output_type == "error"]
    for name, cell in zip(names, book.cells[1:], strict=True):
        (shown,) = [o for o in cell.outputs if o.output_type == "execute_result"]
        data = shown["data"]
        if not name.endswith(("recommendations", "review")):  # a list, or the review's table
            assert "\n" not in data["text/plain"], (name, data["text/plain"])
        if name in CHARTS:
            assert "image/png" in data and data["text/plain"].startswith("<Chart"), name
        else:
            page = data["text/html"]
            assert "<table" in page or '<ol class="clues"' in page, name
            assert long_numbers(page) == [], name  # numbers rounded for reading


def test_reprs_round_their_numbers_and_fit_a_line() -> None:
    inv = Investigation(4, 6).guess("1122", black=1, white=1)
    recommendations = inv.recommend(top=3)
    for value in (*recommendations, inv.marginals(), inv.review(), *inv.review().rows):
        text = repr(value)
        assert "\n" not in text and long_numbers(text) == [], text
    assert len(repr(recommendations[0])) < 160  # its answers counted, not listed


def test_marginals_and_recommendations_are_still_a_dict_and_a_list() -> None:
    inv = Investigation(2, 3).guess("12", black=1, white=0)
    marginals = inv.marginals()
    assert isinstance(marginals, dict) and marginals == inv.space.marginals()
    assert marginals["peg1"]["1"] == inv.space.marginals()["peg1"]["1"]  # not rounded
    moves = inv.recommend(top=2)
    assert isinstance(moves, list) and moves == list(moves) and len(moves[:1]) == 1


def test_a_review_prints_its_table_and_reprs_its_totals() -> None:
    review = Investigation(2, 3).guess("12", black=0, white=0).review()
    assert repr(review).startswith("<Review of 1 move by ")

    class Printer:
        def __init__(self) -> None:
            self.parts: list[str] = []

        def text(self, part: str) -> None:
            self.parts.append(part)

    printer = Printer()
    review._repr_pretty_(printer, False)
    assert printer.parts == [str(review)]


def test_an_empty_result_still_says_so() -> None:
    assert "no move" in notebook.recommendations_html([])
    assert "No move of mine" in deduce.Review((), "entropy")._repr_html_()
    assert "<b>0 clues</b>" in Investigation(2, 2).history._repr_html_()


def test_text_in_a_result_is_escaped() -> None:
    page = notebook.marginals_html({"<b>": {"<i>": 1.0}})
    assert "<b>" not in page.split("</style>")[1] and "&lt;i&gt;" in page


@pytest.mark.parametrize("p", [0.0, 0.25, 1.0])
def test_shading_is_see_through_so_a_dark_page_keeps_its_text(p: float) -> None:
    page = notebook.html_page(notebook.table(("p",), [(notebook.Cell("x", shade=p),)]))
    assert not re.search(r"background:\s*(#|white|black)", page)
    style = re.search(r'style="background:([^"]+)"', page)
    assert style is not None
    assert style[1] == "transparent" if p == 0 else style[1].startswith("rgba(")


@given(st.floats(-1e300, 1e300) | st.sampled_from([math.nan, math.inf, -math.inf]))
def test_rounded_numbers_read_back_close(x: float) -> None:
    assert float(rounded(x)) == pytest.approx(x, rel=5e-4, nan_ok=True)


def test_a_thirteen_clues_table_advice_lists_its_rivals() -> None:
    deal = thirteen_clues.Deal.random(3, seed=4)
    table = thirteen_clues.Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    advice = thirteen_clues.advise(table, thirteen_clues.Glasses.start(3))
    page: Any = advice._repr_html_()
    assert "seat 1" in page and "seat 2" in page and str(advice.accusation.puzzle) in page
