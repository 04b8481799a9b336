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

import html
import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from deduce._internal.entry import guard, is_int
from deduce._internal.validation import check_int
from deduce.errors import DeduceError, InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation, Recommendation

__all__ = ["render", "render_html", "render_text", "show"]

_MAX_VALUES = 12  # marginal values listed per field in the terminal


def _top(investigation: Investigation, n: int) -> tuple[int, list[tuple[Any, float]]]:
    """How many solutions remain, and the ``n`` most probable with their probabilities."""
    check_int("solutions", n, 0)
    return investigation.solution_count, investigation.ranked(limit=n)


def _fmt(p: float) -> str:
    if 0 < p < 0.001:
        return "<0.1%"
    if 0.999 < p < 1:
        return ">99.9%"
    return f"{100 * p:.1f}%"


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
    head = Text(f"{count} solution{'s' if count != 1 else ''} left", style="bold")
    parts: list[Any] = [head]
    table = Table("solution", "probability", "", box=None, show_header=True, padding=(0, 1))
    for solution, p in ranked:
        table.add_row(Text(str(solution)), _fmt(p), _bar(p))
    if count > solutions:
        table.add_row(f"... {count - solutions} more", "", "")
    parts.append(table)
    marg = Table("field", "values (probability)", box=None, padding=(0, 1))
    for name, values in investigation.marginals().items():
        ordered = sorted(values.items(), key=lambda kv: -kv[1])
        possible = [(v, p) for v, p in ordered if p > 0]
        line = Text()
        for i, (v, p) in enumerate(possible[:_MAX_VALUES]):
            if i:
                line.append(", ")
            line.append(f"{v} {_fmt(p)}", style=_style(p))  # Text: no markup, no emoji
        if len(possible) > _MAX_VALUES:
            line.append(f", ... {len(possible) - _MAX_VALUES} more")
        ruled_out = len(values) - len(possible)
        if ruled_out and len(possible) > 1:
            line.append(f"  ({ruled_out} ruled out)", style="dim")
        marg.add_row(Text(name), line)
    parts.append(Text(""))
    parts.append(marg)
    if recommendations:
        rec = Table("next move", "information", "answers", "worst case", box=None, padding=(0, 1))
        for r in recommendations:
            rec.add_row(
                Text(describe(r.action)),
                f"{r.information:.2f} bits",
                str(len(r.outcomes)),
                f"{r.worst_case} left",
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


_CSS = (
    "<style>"
    ".deduce{max-width:100%}"
    ".deduce table{border-collapse:collapse;margin:0.3em 0 0.8em 0;max-width:100%}"
    ".deduce th,.deduce td{padding:0.15em 0.6em;border:1px solid #ddd;text-align:left;"
    "vertical-align:top}"
    ".deduce td{overflow-wrap:anywhere}"
    ".deduce th{background:#f4f4f4;white-space:nowrap}"
    ".deduce .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
    ".deduce .values{display:flex;flex-wrap:wrap;gap:0.25em}"
    ".deduce .value{display:inline-block;padding:0.1em 0.45em;border:1px solid #ddd;"
    "border-radius:3px;line-height:1.25}"
    ".deduce .value .p{display:block;font-size:85%;font-variant-numeric:tabular-nums}"
    ".deduce .certain{font-weight:bold}"
    ".deduce .out{color:#999}"
    ".deduce .note{color:#666;font-weight:normal}"
    "</style>"
)


def _cell_colour(p: float) -> str:
    """A background from white (0) to deep green (1)."""
    if p == 0:
        return "#ffffff"
    strength = 0.15 + 0.85 * p
    red = round(255 - strength * (255 - 46))
    green = round(255 - strength * (255 - 160))
    blue = round(255 - strength * (255 - 67))
    return f"#{red:02x}{green:02x}{blue:02x}"


def _by_probability(values: dict[Any, float]) -> list[tuple[Any, float]]:
    """The values, most probable first (ties keep their order)."""
    return sorted(values.items(), key=lambda kv: -kv[1])


def _values_cell(values: dict[Any, float]) -> str:
    chips = []
    for v, p in _by_probability(values):
        cls = "value certain" if p == 1.0 else "value out" if p == 0.0 else "value"
        chips.append(
            f'<span class="{cls}" style="background:{_cell_colour(p)}" '
            f'title="{html.escape(str(v))}: {_fmt(p)}">'
            f'{html.escape(str(v))}<span class="p">{_fmt(p)}</span></span>'
        )
    return f'<div class="values">{"".join(chips)}</div>'


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
    out = [_CSS, '<div class="deduce">']
    out.append(f"<p><b>{count} solution{'s' if count != 1 else ''} left</b>")
    clues = investigation.clues
    if clues:
        out.append(f" after {len(clues)} clue{'s' if len(clues) != 1 else ''}")
    out.append("</p>")
    if clues:  # which: the latest, numbered as the log numbers them
        shown = clues[-_CLUES_SHOWN:]
        start = len(clues) - len(shown) + 1
        if start > 1:
            out.append(f'<p class="note">the latest {len(shown)}; {start - 1} before them</p>')
        out.append(f'<ol class="clues" start="{start}">')
        out.extend(f"<li>{html.escape(str(clue))}</li>" for clue in shown)
        out.append("</ol>")
    out.append("<table><tr><th>solution</th><th>probability</th></tr>")
    for solution, p in ranked:
        out.append(
            f"<tr><td>{html.escape(str(solution))}</td>"
            f'<td class="num" style="background:{_cell_colour(p)}">{_fmt(p)}</td></tr>'
        )
    if count > solutions:
        out.append(f'<tr><td colspan="2">... {count - solutions} more</td></tr>')
    out.append("</table>")
    out.append(
        '<table class="fields"><tr><th>field</th>'
        '<th>values <span class="note">(most likely first)</span></th></tr>'
    )
    for name, values in investigation.marginals().items():
        out.append(f"<tr><th>{html.escape(name)}</th><td>{_values_cell(values)}</td></tr>")
    out.append("</table>")
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
            expected = "a number of moves, a list of recommendations, or None"
            raise InvalidInput("recommendations", recommendations, expected)
        recs = recommendations
    if recs:
        by = (
            f' <span class="note">({html.escape(used)})</span>'
            if not isinstance(recommendations, Sequence)
            else ""
        )
        out.append(
            f'<table class="moves"><tr><th>next move{by}</th><th>information</th>'
            "<th>answers</th><th>worst case</th></tr>"
        )
        for r in recs:
            out.append(
                f"<tr><td>{html.escape(describe(r.action))}</td>"
                f'<td class="num">{r.information:.2f} bits</td>'
                f'<td class="num">{len(r.outcomes)}</td>'
                f'<td class="num">{r.worst_case} left</td></tr>'
            )
        out.append("</table>")
    out.append("</div>")
    return "".join(out)


_CLUES_SHOWN = 20  # the latest clues listed under the count


def _default_strategy(investigation: Investigation) -> str:
    """The game's own strategy, where the game names one."""
    named = getattr(investigation, "default_strategy", None)
    return named if isinstance(named, str) else "entropy"


guard(globals())
