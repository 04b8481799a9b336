"""Results drawn for notebooks: one look of tables, chips and shading for every result.

Every result a user holds in a notebook draws itself with this module (its
``_repr_html_``): an investigation (:mod:`~deduce.output.display`), a list of
recommendations, the marginals, the clue log, a review, the stats of a simulation, the
chances to win of a table's moves, and a game's own results (13 Indizien's accusation and
table advice). The colours are see-through and the text keeps the page's own colour, so
a table reads the same on a light page and a dark one.

Example:
    >>> page = html_page(table(("move", "bits"), [("1122", Cell("1.48", number=True))]))
    >>> page.count("<table"), "<td class=\\"num\\">1.48</td>" in page
    (1, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, plural

if TYPE_CHECKING:
    from deduce.core.history import History
    from deduce.search.ranking import Recommendation
    from deduce.search.review import Review
    from deduce.table.rollouts import WinChances
    from deduce.table.simulation import Stats

__all__ = [
    "CSS",
    "Cell",
    "clue_list",
    "history_html",
    "html_page",
    "marginals_html",
    "marginals_table",
    "percent",
    "recommendations_html",
    "recommendations_table",
    "review_html",
    "stats_html",
    "table",
    "values_chips",
    "win_chances_html",
]

CSS = (
    "<style>"
    ".deduce{max-width:100%}"
    ".deduce table{border-collapse:collapse;margin:0.3em 0 0.8em 0;max-width:100%}"
    ".deduce caption{caption-side:bottom;text-align:left;font-size:85%;opacity:0.75}"
    ".deduce table th,.deduce table td{padding:0.15em 0.6em;vertical-align:top;"
    "border:1px solid rgba(127,127,127,0.35);color:inherit;background:transparent}"
    # text to the left even where a notebook sets every cell right (JupyterLab's rule
    # weighs two classes and a tag; this one two classes and two tags)
    ".deduce.deduce table th,.deduce.deduce table td{text-align:left}"
    ".deduce.deduce table .num{text-align:right}"
    ".deduce table td{overflow-wrap:anywhere}"
    ".deduce table th{background:rgba(127,127,127,0.12);white-space:nowrap}"
    ".deduce .num{font-variant-numeric:tabular-nums;white-space:nowrap}"
    ".deduce tr.total td{font-weight:bold;border-top:2px solid rgba(127,127,127,0.6)}"
    ".deduce .values{display:flex;flex-wrap:wrap;gap:0.25em}"
    ".deduce .value{display:inline-block;padding:0.1em 0.45em;"
    "border:1px solid rgba(127,127,127,0.35);border-radius:3px;line-height:1.25}"
    ".deduce .value .p{display:block;font-size:85%;font-variant-numeric:tabular-nums}"
    ".deduce .certain{font-weight:bold}"
    ".deduce .out{opacity:0.5}"
    ".deduce .note{opacity:0.7;font-weight:normal}"
    "</style>"
)
"""The style of every drawn result (scoped to its ``div.deduce``)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a :func:`table` beyond plain text.

    Attributes:
        text: what it says (escaped when drawn).
        number: right-aligned, with figures of equal width.
        shade: a probability from 0 to 1: the cell shaded green that deep (None: none).

    Example:
        >>> Cell("50.0%", number=True, shade=0.5).number
        True
    """

    text: str
    number: bool = False
    shade: float | None = None


def percent(p: float) -> str:
    """A probability as a percentage to one place (never 0.0% or 100.0% for one that
    is not quite so).

    Example:
        >>> percent(0.5), percent(0.0004), percent(0.99991)
        ('50.0%', '<0.1%', '>99.9%')
    """
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{100 * p:.1f}%"


def _shade(p: float) -> str:
    """A see-through green as deep as ``p`` (none for 0)."""
    return "transparent" if p == 0 else f"rgba(46,160,67,{0.15 + 0.6 * p:.3f})"


def _cell(value: object, tag: str = "td") -> str:
    if not isinstance(value, Cell):
        return f"<{tag}>{html.escape(str(value))}</{tag}>"
    attributes = ' class="num"' if value.number else ""
    if value.shade is not None:
        attributes += f' style="background:{_shade(value.shade)}"'
    return f"<{tag}{attributes}>{html.escape(value.text)}</{tag}>"


def table(
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    total: bool = False,
) -> str:
    """An HTML table: a head row of ``columns``, then ``rows`` (each cell a text, or a
    :class:`Cell`); the last row bold as a total with ``total``, ``caption`` under it.

    The heads are said in the player's language (each looked up in the catalogue: mark
    a constant head with ``N_``); the cells and the caption are drawn as given.

    Example:
        >>> table(("x",), [("<b>",)])
        '<table><tr><th>x</th></tr><tr><td>&lt;b&gt;</td></tr></table>'
    """
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{html.escape(caption)}</caption>")
    heads = (c if isinstance(c, Cell) else _(c) for c in columns)
    out.append("<tr>" + "".join(_cell(c, "th") for c in heads) + "</tr>")
    lines = list(rows)
    for number, row in enumerate(lines):
        mark = ' class="total"' if total and number == len(lines) - 1 else ""
        out.append(f"<tr{mark}>" + "".join(_cell(c) for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def html_page(*parts: str) -> str:
    """The parts, drawn in the style of every result (:data:`CSS`).

    Example:
        >>> html_page("<p>hi</p>").endswith('<div class="deduce"><p>hi</p></div>')
        True
    """
    return CSS + '<div class="deduce">' + "".join(parts) + "</div>"


def values_chips(values: Mapping[Any, float], *, shown: Callable[[Any], str] = str) -> str:
    """A field's values as chips, most likely first, each shaded by its probability (a
    certain one bold, a ruled-out one faint); ``shown`` writes a value.

    Example:
        >>> values_chips({"red": 0.25, "blue": 0.75}).index("blue") < values_chips(
        ...     {"red": 0.25, "blue": 0.75}).index("red")
        True
    """
    chips = []
    for v, p in sorted(values.items(), key=lambda kv: -kv[1]):
        kind = "value certain" if p == 1.0 else "value out" if p == 0.0 else "value"
        name = html.escape(shown(v))
        chips.append(
            f'<span class="{kind}" style="background:{_shade(p)}" title="{name}: {percent(p)}">'
            f'{name}<span class="p">{percent(p)}</span></span>'
        )
    return f'<div class="values">{"".join(chips)}</div>'


def marginals_table(
    marginals: Mapping[str, Mapping[Any, float]], *, shown: Callable[[Any], str] = str
) -> str:
    """Each field with its values as chips (:func:`values_chips`), as a table; ``shown``
    writes a value (the investigation's :meth:`~deduce.Investigation.shown_value`)."""
    field, values, order = _("field"), _("values"), _("(most likely first)")
    head = (
        f"<tr><th>{html.escape(field)}</th><th>{html.escape(values)} "
        f'<span class="note">{html.escape(order)}</span></th></tr>'
    )
    rows = (
        f"<tr><th>{html.escape(str(_(name)))}</th><td>{values_chips(values, shown=shown)}</td></tr>"
        for name, values in marginals.items()
    )
    return '<table class="fields">' + head + "".join(rows) + "</table>"


def marginals_html(marginals: Mapping[str, Mapping[Any, float]]) -> str:
    """The marginals of a state (:meth:`deduce.Investigation.marginals`), drawn.

    Example:
        >>> "50.0%" in marginals_html({"peg1": {"1": 0.5, "2": 0.5}})
        True
    """
    return html_page(marginals_table(marginals))


def clue_list(clues: Sequence[object], *, latest: int | None = None) -> str:
    """The clues as a numbered list (numbered as the log numbers them), only the
    ``latest`` ones when given, with a note of how many come before.

    Example:
        >>> clue_list(["a", "b", "c"], latest=1)
        '<p class="note">the latest 1; 2 before it</p><ol class="clues" start="3"><li>c</li></ol>'
    """
    shown = list(clues if latest is None else clues[-latest:]) if latest != 0 else []
    start = len(clues) - len(shown) + 1
    out = []
    if start > 1:
        latest_note = plural(
            "the latest {n}; {before} before it",
            "the latest {n}; {before} before them",
            len(shown),
            before=start - 1,
        )
        out.append(f'<p class="note">{html.escape(_(latest_note))}</p>')
    out.append(f'<ol class="clues" start="{start}">')
    out.extend(f"<li>{html.escape(str(clue))}</li>" for clue in shown)
    out.append("</ol>")
    return "".join(out)


def history_html(history: History[Any]) -> str:
    """A clue log drawn: its count, then every clue, numbered.

    Example:
        >>> from deduce.core.history import History
        >>> "<li>a</li>" in history_html(History().add("a"))
        True
    """
    count = len(history)
    clues = _(plural("{n} clue", "{n} clues", count))
    head = f"<p><b>{html.escape(clues)}</b></p>"
    return html_page(head, clue_list(history.clues) if count else "")


def recommendations_table(
    recommendations: Sequence[Recommendation[Any]],
    *,
    strategy: str | None = None,
    describe: Callable[[Any], str] = str,
) -> str:
    """The moves as a table: each with its expected bits, its answers, the most
    solutions it can leave and its score; ``strategy`` named in the head."""
    move = N_("next move") if strategy is None else M("next move ({strategy})", strategy=strategy)
    rows = [
        (
            describe(r.action),
            Cell(_(M("{bits:.2f} bits", bits=r.information)), number=True),
            Cell(str(len(r.outcomes)), number=True),
            Cell(_(M("{n} left", n=r.worst_case)), number=True),
        )
        for r in recommendations
    ]
    return table((move, N_("information"), N_("answers"), N_("worst case")), rows)


def recommendations_html(recommendations: Sequence[Recommendation[Any]]) -> str:
    """A list of recommended moves (:meth:`deduce.Investigation.recommend`), drawn: a
    table of the moves, and the strategy that ranked them.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> moves = Investigation(2, 3).recommend(top=2)
        >>> page = recommendations_html(moves)
        >>> page.count("<tr>"), f"({moves[0].strategy})" in page
        (3, True)
    """
    if not recommendations:
        nothing = _("no move")
        return html_page(f'<p class="note">{html.escape(nothing)}</p>')
    named = {r.strategy for r in recommendations}
    strategy = named.pop() if len(named) == 1 else None
    return html_page(recommendations_table(recommendations, strategy=strategy))


def review_html(review: Review) -> str:
    """A review of my moves (:meth:`deduce.Investigation.review`), drawn: a row per move,
    the totals last, and what the columns mean.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> page = review_html(Investigation(2, 3).guess("12", black=0, white=0).review())
        >>> page.count("<tr"), 'class="total"' in page
        (3, True)
    """
    rows = review.to_rows()
    if not rows:
        nothing = _("No move of mine to review yet.")
        return html_page(f'<p class="note">{html.escape(nothing)}</p>')
    words = ("bits", "best bits", "learned", "luck", "win before", "win after")
    cells = [
        [Cell(v, number=True) if k in words else _(v) if k == "#" else v for k, v in row.items()]
        for row in rows
    ]  # the totals' "all" said in the player's language
    caption = review_legend(review)
    return html_page(table(tuple(rows[0]), cells, caption=caption, total=True))


def review_legend(review: Review) -> str:
    """What the columns of a review say, in the player's language (the caption of
    :func:`review_html`; the last line of the review as text, in parentheses).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> review_legend(Investigation(2, 3).review(strategy="entropy"))
        'bits: expected information; best: by entropy; luck: learned - bits'
    """
    if review.chances:
        legend = M(
            "bits: expected information; best: by {strategy}; luck: learned - bits; "
            "win: my chance to win, from the race model",
            strategy=review.strategy,
        )
    else:
        legend = M(
            "bits: expected information; best: by {strategy}; luck: learned - bits",
            strategy=review.strategy,
        )
    return str(_(legend))


def stats_html(stats: Stats) -> str:
    """The stats of a simulation (:func:`deduce.simulate`), drawn: the strategy, its
    opening, the games, mean and worst, then how many games took each number of moves.

    Example:
        >>> import deduce
        >>> page = stats_html(deduce.Stats("minimax", {1: 1, 2: 3}))
        >>> "1.750" in page, page.count("<table")
        (True, 2)
    """
    summary = table(
        (N_("strategy"), N_("opening"), N_("games"), N_("mean moves"), N_("worst")),
        [
            (
                stats.strategy,
                "-" if stats.opening is None else str(stats.opening),
                Cell(f"{stats.games:,}", number=True),
                Cell(f"{stats.mean:.3f}", number=True),
                Cell(str(stats.worst), number=True),
            )
        ],
    )
    most = max(stats.histogram.values(), default=0)
    counts = [
        (Cell(str(m), number=True), Cell(f"{n:,}", number=True, shade=n / most if most else 0))
        for m, n in stats.histogram.items()
    ]
    return html_page(summary, table((N_("moves"), N_("games")), counts))


def win_chances_html(chances: WinChances) -> str:
    """Every move's chance to win (:func:`deduce.win_chances`), drawn best first: the
    chance, its 95% interval (or exact), and the games or worlds behind it.

    Example:
        >>> from deduce.table.rollouts import MoveChance, WinChances
        >>> page = win_chances_html(WinChances((MoveChance("ask", 3, 4, 0.75, 0.3, 0.95),),
        ...                                    seed=1, seconds=0.5, worlds=4, exact=False))
        >>> "75.0%" in page, "30.0% to 95.0%" in page
        (True, True)
    """
    rows = [
        (
            str(m.move),
            Cell(percent(m.chance), number=True, shade=m.chance),
            Cell(
                _("exact")
                if m.exact
                else _(M("{low} to {high}", low=percent(m.low), high=percent(m.high))),
                number=True,
            ),
            Cell(_(_played(m.games, exact=m.exact)), number=True),
        )
        for m in chances.moves
    ]
    how = N_("exact") if chances.exact else M("seed {seed}", seed=chances.seed)
    caption = _(
        plural(  # English says "worlds" even for 1; other languages need not
            "{n:,} worlds, {how}, {seconds:.1f} s",
            "{n:,} worlds, {how}, {seconds:.1f} s",
            chances.worlds,
            how=how,
            seconds=chances.seconds,
        )
    )
    columns = (N_("move"), N_("chance to win"), N_("95% interval"), N_("played"))
    return html_page(table(columns, rows, caption=caption))


def _played(n: int, *, exact: bool) -> str:
    """The worlds (exact) or games behind a chance (English says the plural for 1 too)."""
    if exact:
        return plural("{n:,} worlds", "{n:,} worlds", n)
    return plural("{n:,} games", "{n:,} games", n)


guard(globals())
