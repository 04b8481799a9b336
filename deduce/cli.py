"""Moved to :mod:`deduce.play.cli` (the console's modules live under :mod:`deduce.play`).

This alias is kept for one release; import from :mod:`deduce.play.cli`.
"""

import warnings

from deduce.play.cli import *  # noqa: F403
from deduce.play.cli import __all__ as __all__

warnings.warn(
    "deduce.cli moved to deduce.play.cli; the old name goes in the next release",
    DeprecationWarning,
    stacklevel=2,
)
