"""Showing an investigation: rich tables for the terminal, HTML for notebooks.

Written once for every game: the solutions with their probabilities, the marginals of
each field, and the recommended next moves with the information each is expected to
give.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> text = render_text(Investigation(2, 3).guess("12", black=1, white=0))
    >>> "solutions left" in text
    True
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from deduce._internal.entry import guard, is_int
from deduce._internal.language import N_, M, _, plural
from deduce._internal.validation import check_int
from deduce.errors import DeduceError, InvalidInput
from deduce.output.notebook import (
    Cell,
    clue_list,
    html_page,
    marginals_table,
    percent,
    recommendations_table,
    table,
)

if TYPE_CHECKING:
    from deduce.investigation import Investigation, Recommendation

__all__ = ["render", "render_html", "render_text", "show"]

_MAX_VALUES = 12  # marginal values listed per field in the terminal


def _top(investigation: Investigation, n: int) -> tuple[int, list[tuple[Any, float]]]:
    """How many solutions remain, and the ``n`` most probable with their probabilities."""
    check_int("solutions", n, 0)
    return investigation.solution_count, investigation.ranked(limit=n)


def _bar(p: float, width: int = 10) -> str:
    filled = round(p * width)
    return "█" * filled + "·" * (width - filled)


def _style(p: float) -> str:
    if p == 1.0:
        return "bold green"
    if p == 0.0:
        return "dim"
    return "yellow" if p >= 0.5 else ""


def render(
    investigation: Investigation,
    *,
    solutions: int = 8,
    recommendations: Sequence[Recommendation] | None = None,
    describe: Callable[[Any], str] = str,
) -> Group:
    """A rich renderable of the state: solutions, marginals and recommended moves.

    Args:
        investigation: the state to show.
        solutions: how many of the most probable solutions to list.
        recommendations: the moves to show (e.g. from ``investigation.recommend()``).
        describe: how a recommended move is written.

    Example:
        >>> from rich.console import Console
        >>> from deduce.games.mastermind import Investigation
        >>> Console(width=60).print(render(Investigation(2, 2).guess("12", black=0, white=2)))
        1 solution left
        ...
    """
    count, ranked = _top(investigation, solutions)
    head = Text(_(plural("{n} solution left", "{n} solutions left", count)), style="bold")
    parts: list[Any] = [head]
    table = Table(_("solution"), _("probability"), "", box=None, show_header=True, padding=(0, 1))
    for solution, p in ranked:
        table.add_row(Text(investigation.shown_value(solution)), percent(p), _bar(p))
    if count > solutions:
        table.add_row(_(M("... {n} more", n=count - solutions)), "", "")
    parts.append(table)
    marg = Table(_("field"), _("values (probability)"), box=None, padding=(0, 1))
    for name, values in investigation.marginals().items():
        ordered = sorted(values.items(), key=lambda kv: -kv[1])
        possible = [(v, p) for v, p in ordered if p > 0]
        line = Text()
        for i, (v, p) in enumerate(possible[:_MAX_VALUES]):
            if i:
                line.append(", ")
            shown = f"{investigation.shown_value(v)} {percent(p)}"
            line.append(shown, style=_style(p))  # Text: no markup, no emoji
        if len(possible) > _MAX_VALUES:
            line.append(", " + _(M("... {n} more", n=len(possible) - _MAX_VALUES)))
        ruled_out = len(values) - len(possible)
        if ruled_out and len(possible) > 1:
            line.append("  " + _(M("({n} ruled out)", n=ruled_out)), style="dim")
        marg.add_row(Text(_(name)), line)  # a field as the game names it in words
    parts.append(Text(""))
    parts.append(marg)
    if recommendations:
        rec = Table(
            _("next move"),
            _("information"),
            _("answers"),
            _("worst case"),
            box=None,
            padding=(0, 1),
        )
        for r in recommendations:
            rec.add_row(
                Text(describe(r.action)),
                _(M("{bits:.2f} bits", bits=r.information)),
                str(len(r.outcomes)),
                _(M("{n} left", n=r.worst_case)),
            )
        parts.append(Text(""))
        parts.append(rec)
    return Group(*parts)


def render_text(investigation: Investigation, **options: Any) -> str:
    """The state as plain text (what :func:`show` prints, without colours).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> print(render_text(Investigation(2, 2).guess("11", black=2, white=0)))
        1 solution left
        ...
    """
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None, emoji=False).print(
        render(investigation, **options)
    )
    return buffer.getvalue()


def show(investigation: Investigation, console: Console | None = None, **options: Any) -> None:
    """Print the state to the terminal (options as for :func:`render`)."""
    (console or Console(emoji=False)).print(render(investigation, **options))


def render_html(
    investigation: Investigation,
    *,
    solutions: int = 8,
    recommendations: Sequence[Recommendation] | int | None = 3,
    strategy: str | None = None,
    describe: Callable[[Any], str] = str,
) -> str:
    """The state as an HTML fragment, as notebooks show it.

    The clues so far (the latest 20, numbered as the log numbers them), then three
    tables: the most probable solutions; every field with its values, most likely first,
    wrapping onto more lines rather than running off a narrow page; and the next moves
    with the strategy that ranked them.

    Args:
        investigation: the state to show.
        solutions: how many of the most probable solutions to list.
        recommendations: the moves to show, or how many to compute with ``strategy``
            (0 or None: none).
        strategy: the strategy that ranks computed recommendations (default: the game's
            own, ``default_strategy``).
        describe: how a recommended move is written.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> page = render_html(Investigation(2, 3).guess("12", black=1, white=0))
        >>> page.count("<table"), "solutions left" in page, "bits" in page
        (3, True, True)
        >>> "<li>Guess(code=&#x27;12&#x27;, black=1, white=0)</li>" in page  # the clues
        True
    """
    count, ranked = _top(investigation, solutions)
    clues = investigation.clues
    left = _(plural("{n} solution left", "{n} solutions left", count))
    after = " " + _(plural("after {n} clue", "after {n} clues", len(clues))) if clues else ""
    out = [f"<p><b>{left}</b>{after}</p>"]
    if clues:
        out.append(clue_list(clues, latest=_CLUES_SHOWN))
    rows: list[tuple[object, ...]] = [
        (investigation.shown_value(solution), Cell(percent(p), number=True, shade=p))
        for solution, p in ranked
    ]
    if count > solutions:
        rows.append((_(M("... {n} more", n=count - solutions)), ""))
    out.append(table((N_("solution"), N_("probability")), rows))
    out.append(marginals_table(investigation.marginals(), shown=investigation.shown_value))
    used = strategy if strategy is not None else _default_strategy(investigation)
    recs: Sequence[Recommendation] = ()
    if isinstance(recommendations, (bool, int)) or is_int(recommendations):
        top = check_int("recommendations", recommendations, 0)
        if top > 0 and count > 1:
            try:
                recs = investigation.recommend(top=top, strategy=used)
            except (DeduceError, NotImplementedError):
                recs = ()
    elif recommendations is not None:
        if not isinstance(recommendations, Sequence) or isinstance(recommendations, str):
            expected = N_("a number of moves, a list of recommendations, or None")
            raise InvalidInput("recommendations", recommendations, expected)
        recs = recommendations
    if recs:
        by = None if isinstance(recommendations, Sequence) else used
        out.append(recommendations_table(recs, strategy=by, describe=describe))
    return html_page(*out)


_CLUES_SHOWN = 20  # the latest clues listed under the count


def _default_strategy(investigation: Investigation) -> str:
    """The game's own strategy, where the game names one."""
    named = getattr(investigation, "default_strategy", None)
    return named if isinstance(named, str) else "entropy"


guard(globals())
