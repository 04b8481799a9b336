"""Output: an investigation as text, as HTML in a notebook, and as figures.

:mod:`~deduce.output.display` writes an investigation as a table of its solutions (the
console's and the notebook's view); :mod:`~deduce.output.plot` draws histograms,
marginals and reviews with matplotlib (the ``plot`` extra), imported on its own.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> from deduce.output import render_text
    >>> "solutions left" in render_text(Investigation(2, 3).guess("12", black=1, white=0))
    True
"""

from deduce._internal.entry import guard
from deduce.output.display import render, render_html, render_text, show

__all__ = ["render", "render_html", "render_text", "show"]

guard(globals())
