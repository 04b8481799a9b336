"""Moved to :mod:`deduce.play.grammar` (the console's modules live under :mod:`deduce.play`).

This alias is kept for one release; import from :mod:`deduce.play.grammar`.
"""

import warnings

from deduce.play.grammar import *  # noqa: F403
from deduce.play.grammar import __all__ as __all__

warnings.warn(
    "deduce.grammar moved to deduce.play.grammar; the old name goes in the next release",
    DeprecationWarning,
    stacklevel=2,
)
