"""Moved to :mod:`deduce.play.arguments` (the console's modules live under :mod:`deduce.play`).

This alias is kept for one release; import from :mod:`deduce.play.arguments`.
"""

import warnings

from deduce.play.arguments import *  # noqa: F403
from deduce.play.arguments import __all__ as __all__

warnings.warn(
    "deduce.arguments moved to deduce.play.arguments; the old name goes in the next release",
    DeprecationWarning,
    stacklevel=2,
)
