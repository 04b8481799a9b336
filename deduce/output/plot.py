"""Charts for notebooks: the marginals of an investigation, and the moves a strategy needed.

:func:`review` draws the review of a game's moves (:mod:`deduce.search.review`).

Needs matplotlib (``pip install 'deduce-notebook[plot]'``). Every function takes what it
draws first and ``width=`` (inches) as a keyword, and returns a matplotlib figure (a
:class:`Chart`) without touching ``pyplot``'s global state, so a notebook shows each one
once, with no ``%matplotlib`` first, and a script can save it with
``figure.savefig(...)``; :func:`histogram`, a single panel, can also draw on an axes of
your own figure (``ax=``).

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> figure = marginals(Investigation(3, 4).guess("112", black=1, white=0))
    >>> len(figure.axes)
    3
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import fits, guard
from deduce._internal.language import N_, M, _
from deduce.errors import DeduceError, InvalidInput
from deduce.investigation import Investigation
from deduce.search.review import Review
from deduce.table.simulation import Stats

__all__ = ["histogram", "marginals", "review"]  # and Chart, the type of what they return

if TYPE_CHECKING:
    from matplotlib.figure import Figure
else:
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - the plot extra is not installed
        Figure = object


class Chart(Figure):
    """A matplotlib figure that a notebook shows as a picture by itself (what every
    function here returns; made by them, never by hand).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> marginals(Investigation(2, 2))._repr_png_()[:4]
        b'\\x89PNG'
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()


_CERTAIN = "#2ea043"
_POSSIBLE = "#4c78a8"
_BEST = "#bab0ac"
_LEARNED = "#f58518"


def _width(width: Any) -> float:
    """``width`` (inches) if it is a positive finite number."""
    if not fits(width, float) or not 0 < float(width) < MAX_INCHES:
        raise InvalidInput(
            "width", width, M("a number of inches above 0 and below {most}", most=MAX_INCHES)
        )
    return float(width)


MAX_INCHES = 1000
"""The widest figure drawn (matplotlib refuses one of 2**16 pixels)."""


def _figure(**options: Any) -> Chart:
    if Figure is object:  # pragma: no cover - the plot extra is not installed
        raise DeduceError(
            "deduce.output.plot needs matplotlib: pip install 'deduce-notebook[plot]'"
        )
    return Chart(**options)


def marginals(
    investigation: Investigation,
    fields: Sequence[str] | None = None,
    *,
    width: float = 6.0,
) -> Chart:
    """A bar chart of each field's values and their probabilities (one panel per field).

    Args:
        investigation: the state to draw.
        fields: which fields of the solution (default: all of them).
        width: the figure's width in inches.

    Returns:
        a :class:`Chart`; a certain value is drawn in green.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> fig = marginals(Investigation(2, 3).guess("12", black=2, white=0), ["peg1"])
        >>> [float(bar.get_width()) for bar in fig.axes[0].patches]
        [1.0, 0.0, 0.0]
    """
    width = _width(width)
    table = investigation.marginals()
    chosen = list(table) if fields is None else list(fields)
    for name in chosen:
        if name not in table:
            raise InvalidInput("fields", name, list(table))
    if not chosen:
        raise InvalidInput("fields", fields, N_("at least one field of the solution"))
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
    axes[-1].set_xlabel(_("probability"))
    return figure


def histogram(
    stats: Stats | Sequence[Stats], *, width: float | None = None, ax: Any = None
) -> Figure:
    """Bars of how many games each strategy finished in n moves.

    Args:
        stats: one :class:`deduce.Stats` or several (drawn side by side).
        width: the figure's width in inches (default 6; not with ``ax``, whose figure
            has its own size).
        ax: a matplotlib axes to draw on (default: one of a new figure).

    Returns:
        a :class:`Chart`, or the figure ``ax`` belongs to when given (a notebook shows
        it; its ``axes[0]`` holds the bars, as :func:`marginals` and
        :func:`review` give theirs).

    Example:
        >>> import deduce
        >>> from deduce.games.mastermind import Game
        >>> figure = histogram(deduce.simulate(Game(3, 3), "minimax"))
        >>> [int(bar.get_height()) for bar in figure.axes[0].patches]
        [1, 7, 17, 2]
    """
    runs = [stats] if isinstance(stats, Stats) else list(stats)
    if not runs or not all(isinstance(s, Stats) for s in runs):
        raise InvalidInput("stats", stats, "a deduce.Stats or a list of them")
    if ax is None:
        inches = 6.0 if width is None else _width(width)
        ax = _figure(figsize=(inches, 3.5), layout="constrained").subplots()
    elif not callable(getattr(ax, "bar", None)):
        raise InvalidInput("ax", ax, "a matplotlib Axes, or None")
    elif width is not None:
        raise InvalidInput("width", width, N_("None when drawing on ax (its figure has its size)"))
    moves = sorted({m for s in runs for m in s.histogram})
    width = 0.8 / len(runs)
    for i, s in enumerate(runs):
        offset = (i - (len(runs) - 1) / 2) * width
        ax.bar(
            [m + offset for m in moves],
            [s.histogram.get(m, 0) for m in moves],
            width=width,
            label=_(
                M(
                    "{strategy} (mean {mean:.3f}, worst {worst})",
                    strategy=s.strategy,
                    mean=s.mean,
                    worst=s.worst,
                )
            ),
        )
    ax.set_xticks(moves)
    ax.set_xlabel(_("moves needed"))
    ax.set_ylabel(_("games"))
    ax.legend(fontsize="small")
    figure: Figure = ax.figure
    return figure


def review(
    game: Review | Investigation, *, strategy: str | None = None, width: float = 7.0
) -> Chart:
    """The review of a game's moves (:mod:`deduce.search.review`) as a chart: for each move of
    mine, bars of the bits it was expected to give, the bits of the best move there and
    the bits its answer gave (the luck is the gap between the first and the last); in a
    race, a second panel with my chance to win before each move and after its answer.

    Args:
        game: a :class:`deduce.Review`, or a finished or running game to review.
        strategy: the strategy that chooses the best moves, when ``game`` is a game
            (default: the game's own); a Review keeps its own.
        width: the figure's width in inches.

    Returns:
        a :class:`Chart`; its first axes holds three bar containers (labels
        ``"my move"``, ``"best move"``, ``"learned"``), one bar per move (NaN, no bar,
        where the game cannot count a move's bits), and in a race
        its second the lines ``"win before"`` and ``"win after"`` (NaN where the game
        gave no chance).

    Raises:
        InvalidInput: ``game`` is neither, a Review with a strategy, or no move to draw.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3).guess("11", black=0, white=0).guess("23", black=1, white=0)
        >>> fig = review(inv, strategy="entropy")
        >>> [round(float(bar.get_height()), 3) for bar in fig.axes[0].containers[2]]
        [1.17, 1.0]
    """
    width = _width(width)
    if isinstance(game, Investigation):
        found = game.review(strategy=strategy)
    elif isinstance(game, Review):
        if strategy is not None:
            raise InvalidInput(
                "strategy", strategy, M("None: the review is by {strategy}", strategy=game.strategy)
            )
        found = game
    else:
        raise InvalidInput("game", game, "a deduce.Review or an Investigation")
    rows = found.rows
    if not rows:
        raise InvalidInput("game", game, N_("a game with at least one move of mine to review"))
    race = found.chances
    figure = _figure(figsize=(width, 5.5 if race else 3.5), layout="constrained")
    axes = figure.subplots(2 if race else 1, 1, squeeze=False, sharex=True)[:, 0]
    numbers = [row.number for row in rows]
    positions = list(range(len(rows)))
    bars = axes[0]
    for offset, label, values, colour in (
        (-0.27, N_("my move"), [_or_nan(r.information) for r in rows], _POSSIBLE),
        (0.0, N_("best move"), [_or_nan(r.best_information) for r in rows], _BEST),
        (0.27, N_("learned"), [r.learned for r in rows], _LEARNED),
    ):
        bars.bar([p + offset for p in positions], values, width=0.27, label=_(label), color=colour)
    bars.set_ylabel(_("bits"))
    title = _(M("each move beside the best, by {strategy}", strategy=found.strategy))
    bars.set_title(title, loc="left", fontsize="medium")
    bars.legend(fontsize="small")
    if race:
        lines = axes[1]
        before = [_or_nan(r.chance_before) for r in rows]
        after = [_or_nan(r.chance_after) for r in rows]
        lines.plot(positions, before, "o-", label=_("win before"))
        lines.plot(positions, after, "s--", label=_("win after"))
        lines.set_ylim(0, 1)
        lines.set_ylabel(_("chance to win"))
        lines.legend(fontsize="small")
    axes[-1].set_xticks(positions, [str(n) for n in numbers])
    axes[-1].set_xlabel(_("clue number of my move"))
    return figure


def _or_nan(value: float | None) -> float:
    return float("nan") if value is None else value


guard(globals())
