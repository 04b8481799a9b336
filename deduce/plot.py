"""Charts for notebooks: the marginals of an investigation, and the moves a strategy needed.

Needs matplotlib (``pip install 'deduce-notebook[plot]'``). The functions return matplotlib
figures without touching ``pyplot``'s global state, so a notebook shows each one once
and a script can save it with ``figure.savefig(...)``.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> figure = marginals(Investigation(3, 4).guess("112", black=1, white=0))
    >>> len(figure.axes)
    3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deduce.errors import DeduceError, InvalidInput
from deduce.investigation import Investigation
from deduce.simulate import Stats

__all__ = ["histogram", "marginals"]

_CERTAIN = "#2ea043"
_POSSIBLE = "#4c78a8"


def _figure(**options: Any) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - the plot extra is not installed
        raise DeduceError(
            "deduce.plot needs matplotlib: pip install 'deduce-notebook[plot]'"
        ) from None
    return Figure(**options)


def marginals(
    investigation: Investigation,
    fields: Sequence[str] | None = None,
    *,
    width: float = 6.0,
) -> Any:
    """A bar chart of each field's values and their probabilities (one panel per field).

    Args:
        investigation: the state to draw.
        fields: which fields of the solution (default: all of them).
        width: the figure's width in inches.

    Returns:
        a ``matplotlib.figure.Figure``; a certain value is drawn in green.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> fig = marginals(Investigation(2, 3).guess("12", black=2, white=0), ["peg1"])
        >>> [float(bar.get_width()) for bar in fig.axes[0].patches]
        [1.0, 0.0, 0.0]
    """
    table = investigation.marginals()
    chosen = list(table) if fields is None else list(fields)
    for name in chosen:
        if name not in table:
            raise InvalidInput("fields", name, list(table))
    if not chosen:
        raise InvalidInput("fields", fields, "at least one field of the solution")
    heights = [max(1.0, 0.3 * len(table[name]) + 0.6) for name in chosen]
    figure = _figure(figsize=(width, sum(heights)), layout="constrained")
    axes = figure.subplots(len(chosen), 1, squeeze=False, height_ratios=heights)[:, 0]
    for ax, name in zip(axes, chosen, strict=True):
        values = table[name]
        labels = [str(v) for v in values]
        probabilities = list(values.values())
        colours = [_CERTAIN if p == 1.0 else _POSSIBLE for p in probabilities]
        bars = ax.barh(labels, probabilities, color=colours)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_title(name, loc="left", fontsize="medium")
        ax.bar_label(
            bars, labels=[f"{100 * p:.0f}%" if p > 0 else "" for p in probabilities], padding=2
        )
        ax.tick_params(axis="y", labelsize="small")
    axes[-1].set_xlabel("probability")
    return figure


def histogram(stats: Stats | Sequence[Stats], *, ax: Any = None) -> Any:
    """Bars of how many games each strategy finished in n moves.

    Args:
        stats: one :class:`deduce.Stats` or several (drawn side by side).
        ax: a matplotlib axes to draw on (default: a new figure).

    Returns:
        the matplotlib axes drawn on.

    Example:
        >>> import deduce
        >>> from deduce.games.mastermind import Game
        >>> ax = histogram(deduce.simulate(Game(3, 3), "minimax"))
        >>> [int(bar.get_height()) for bar in ax.patches]
        [1, 7, 17, 2]
    """
    runs = [stats] if isinstance(stats, Stats) else list(stats)
    if not runs or not all(isinstance(s, Stats) for s in runs):
        raise InvalidInput("stats", stats, "a deduce.Stats or a list of them")
    if ax is None:
        ax = _figure(figsize=(6.0, 3.5), layout="constrained").subplots()
    moves = sorted({m for s in runs for m in s.histogram})
    width = 0.8 / len(runs)
    for i, s in enumerate(runs):
        offset = (i - (len(runs) - 1) / 2) * width
        ax.bar(
            [m + offset for m in moves],
            [s.histogram.get(m, 0) for m in moves],
            width=width,
            label=f"{s.strategy} (mean {s.mean:.3f}, worst {s.worst})",
        )
    ax.set_xticks(moves)
    ax.set_xlabel("moves needed")
    ax.set_ylabel("games")
    ax.legend(fontsize="small")
    return ax
