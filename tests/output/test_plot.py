"""Tests of deduce.output.plot with the Agg backend: the bars drawn are the measured numbers."""

from __future__ import annotations

import io
from typing import Any

import matplotlib  # the plot extra is installed where the tests run
import pytest

matplotlib.use("Agg")

import deduce
from deduce.games.mastermind import Game, Investigation
from deduce.output import plot


def test_marginal_bars_are_the_probabilities() -> None:
    inv = Investigation(3, 4).guess("112", black=1, white=0).guess("334", black=0, white=1)
    figure = plot.marginals(inv)
    table = inv.marginals()
    assert [ax.get_title(loc="left") for ax in figure.axes] == list(table)
    for ax, (name, values) in zip(figure.axes, table.items(), strict=True):
        widths = [bar.get_width() for bar in ax.patches]
        assert widths == pytest.approx(list(values.values())), name
        labels = [t.get_text() for t in ax.get_yticklabels()]
        assert labels == [str(v) for v in values]
    png = io.BytesIO()
    figure.savefig(png, format="png")
    assert png.getvalue().startswith(b"\x89PNG")


def test_certain_values_are_green() -> None:
    inv = Investigation(2, 3).guess("12", black=1, white=0).guess("13", black=1, white=0)
    figure = plot.marginals(inv, ["peg1"])
    (ax,) = figure.axes
    colours = [bar.get_facecolor() for bar in ax.patches]
    certain = [p == 1.0 for p in inv.marginals()["peg1"].values()]
    assert certain.count(True) == 1
    green = colours[certain.index(True)]
    assert all((c == green) == is_certain for c, is_certain in zip(colours, certain, strict=True))


def test_histogram_bars_are_the_stats() -> None:
    game = Game(pegs=3, colours=3)
    runs = [deduce.simulate(game, name) for name in ("minimax", "entropy")]
    figure = plot.histogram(runs)
    from matplotlib.figure import Figure

    assert isinstance(figure, Figure)  # as every chart: a notebook shows it, never <Axes>
    (ax,) = figure.axes
    moves = sorted({m for s in runs for m in s.histogram})
    heights = [int(bar.get_height()) for bar in ax.patches]
    expected = [s.histogram.get(m, 0) for s in runs for m in moves]
    assert heights == expected
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        f"{s.strategy} (mean {s.mean:.3f}, worst {s.worst})" for s in runs
    ]


def test_histogram_draws_on_a_given_axes() -> None:
    from matplotlib.figure import Figure

    ax = Figure().subplots()
    stats = deduce.Stats("minimax", {1: 1, 2: 3})
    assert plot.histogram(stats, ax=ax) is ax.figure  # the figure it belongs to
    assert [bar.get_height() for bar in ax.patches] == [1, 3]


def test_every_chart_takes_its_width_and_is_a_chart() -> None:
    inv = Investigation(2, 3).guess("12", black=1, white=0)
    charts = {
        "marginals": plot.marginals(inv, width=4.5),
        "histogram": plot.histogram(deduce.simulate(Game(2, 3), "entropy"), width=4.5),
        "review": plot.review(inv, strategy="entropy", width=4.5),
    }
    for name, chart in charts.items():
        assert isinstance(chart, plot.Chart), name
        assert chart.get_figwidth() == 4.5, name
    with pytest.raises(deduce.InvalidInput, match="width=3 is not valid"):
        from matplotlib.figure import Figure

        plot.histogram(deduce.Stats("minimax", {1: 1}), ax=Figure().subplots(), width=3)
    with pytest.raises(deduce.InvalidInput, match="width=-1"):
        plot.histogram(deduce.Stats("minimax", {1: 1}), width=-1)


def _bars(ax: Any) -> dict[str, list[float]]:
    return {c.get_label(): [float(b.get_height()) for b in c] for c in ax.containers}


def test_review_bars_are_the_reviews_bits() -> None:
    game, inv = Game(3, 3), Investigation(3, 3)
    for code in ("112", "233"):
        inv = inv.guess(code, *game.feedback("321", code))
    review = inv.review(strategy="minimax")
    figure = plot.review(inv, strategy="minimax")
    (ax,) = figure.axes  # no race: no panel of chances
    assert _bars(ax) == {
        "my move": [r.information for r in review.rows],
        "best move": [r.best_information for r in review.rows],
        "learned": [r.learned for r in review.rows],
    }
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2"]
    assert "by minimax" in ax.get_title(loc="left")
    assert _bars(plot.review(review).axes[0]) == _bars(ax)  # a Review draws the same
    png = io.BytesIO()
    figure.savefig(png, format="png")
    assert png.getvalue().startswith(b"\x89PNG")


def test_review_of_a_race_draws_the_chances_to_win() -> None:
    from deduce.games import thirteen_clues as tc

    deal = tc.Deal.random(2, seed=3)
    table = tc.Table(2, deal.hands[0], [deal.puzzles[1]])
    table = table.question(0, 1, "red", deal.answer(1, "red", side="left"), side="left")
    table = table.question(1, 0, "ranged", deal.answer(0, "ranged", side="right"), side="right")
    table = table.question(0, 1, "man", deal.answer(1, "man", side="right"), side="right")
    review = table.review()
    bars, lines = plot.review(review).axes
    assert _bars(bars)["learned"] == [r.learned for r in review.rows]
    assert _bars(bars)["my move"] == [r.information for r in review.rows]
    drawn = {line.get_label(): list(line.get_ydata()) for line in lines.get_lines()}
    assert drawn == {
        "win before": [r.chance_before for r in review.rows],
        "win after": [r.chance_after for r in review.rows],
    }
    assert all(0 < c < 1 for c in drawn["win before"] + drawn["win after"])
    assert [t.get_text() for t in lines.get_xticklabels()] == ["1", "3"]


def test_bad_arguments_are_refused() -> None:
    inv = Investigation(2, 3)
    with pytest.raises(deduce.InvalidInput, match="fields='colour' is not valid"):
        plot.marginals(inv, ["colour"])
    with pytest.raises(deduce.InvalidInput, match="stats"):
        plot.histogram([])
    with pytest.raises(deduce.InvalidInput, match="at least one move"):
        plot.review(inv)
    with pytest.raises(deduce.InvalidInput, match="game"):
        plot.review("a game")  # type: ignore[arg-type]
    with pytest.raises(deduce.InvalidInput, match="strategy"):
        plot.review(inv.review(), strategy="entropy")
