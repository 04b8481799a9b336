"""Showing an investigation: rich tables for the terminal, HTML for notebooks.

Written once for every game: the solutions with their probabilities, the marginals of
each field, and the recommended next moves.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> text = render_text(Investigation(2, 3).guess("12", black=1, white=0))
    >>> "solutions left" in text
    True
"""

from __future__ import annotations

import html
import io
from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from deduce.investigation import Investigation, Recommendation

__all__ = ["render", "render_html", "render_text", "show"]


def _fmt(p: float) -> str:
    return f"{100 * p:.1f}%"


def _action(action: Any) -> str:
    return str(action)


def render(
    investigation: Investigation,
    *,
    solutions: int = 8,
    recommendations: list[Recommendation] | None = None,
) -> Group:
    """A rich renderable of the state: solutions, marginals and recommendations."""
    ranked = investigation.probabilities()
    head = Text(f"{len(ranked)} solutions left", style="bold")
    parts: list[Any] = [head]
    table = Table("solution", "probability", box=None, show_header=True)
    for solution, p in list(ranked.items())[:solutions]:
        table.add_row(str(solution), _fmt(p))
    if len(ranked) > solutions:
        table.add_row(f"... {len(ranked) - solutions} more", "")
    parts.append(table)
    marg = Table("field", "most likely values", box=None)
    for name, values in investigation.marginals().items():
        top = sorted(values.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{v} {_fmt(p)}" for v, p in top if p > 0)
        marg.add_row(name, shown)
    parts.append(marg)
    if recommendations:
        rec = Table("next move", "bits", "worst case", box=None)
        for r in recommendations:
            rec.add_row(_action(r.action), f"{r.information:.2f}", str(r.worst_case))
        parts.append(rec)
    return Group(*parts)


def render_text(investigation: Investigation, **options: Any) -> str:
    """The state as plain text (what :func:`show` prints, without colours)."""
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None).print(render(investigation, **options))
    return buffer.getvalue()


def show(investigation: Investigation, console: Console | None = None, **options: Any) -> None:
    """Print the state to the terminal."""
    (console or Console()).print(render(investigation, **options))


def render_html(investigation: Investigation, *, solutions: int = 8) -> str:
    """The state as an HTML fragment (used by notebooks)."""
    ranked = list(investigation.probabilities().items())
    rows = "".join(
        f"<tr><td>{html.escape(str(s))}</td><td>{_fmt(p)}</td></tr>" for s, p in ranked[:solutions]
    )
    more = f"<p>... {len(ranked) - solutions} more</p>" if len(ranked) > solutions else ""
    margs = []
    for name, values in investigation.marginals().items():
        cells = "".join(
            f'<td style="background: rgba(200, 40, 40, {p:.2f})">'
            f"{html.escape(str(v))}<br>{_fmt(p)}</td>"
            for v, p in values.items()
        )
        margs.append(f"<tr><th>{html.escape(name)}</th>{cells}</tr>")
    return (
        f"<div><b>{len(ranked)} solutions left</b>"
        f"<table><tr><th>solution</th><th>probability</th></tr>{rows}</table>{more}"
        f"<table>{''.join(margs)}</table></div>"
    )
