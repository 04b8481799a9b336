"""Tests of deduce.plot with the Agg backend: the bars drawn are the measured numbers."""

from __future__ import annotations

import io

import matplotlib  # the plot extra is installed where the tests run
import pytest

matplotlib.use("Agg")

import deduce
from deduce import plot
from deduce.games.mastermind import Game, Investigation


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
    ax = plot.histogram(runs)
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
    assert plot.histogram(stats, ax=ax) is ax
    assert [bar.get_height() for bar in ax.patches] == [1, 3]


def test_bad_arguments_are_refused() -> None:
    inv = Investigation(2, 3)
    with pytest.raises(deduce.InvalidInput, match="fields='colour' is not valid"):
        plot.marginals(inv, ["colour"])
    with pytest.raises(deduce.InvalidInput, match="stats"):
        plot.histogram([])
