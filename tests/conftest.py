"""Shared test settings: hypothesis profiles (no deadlines: machines here are shared),
and the ``client`` fixture of ``deduce serve``'s tests.

- ``blocking`` (``make test``, a plain ``pytest``, CI: every run unless another profile is
  asked for): derandomized, so that a run on any machine, a newcomer's fresh clone
  included, is the same run and never fails on an example no earlier run met.
- ``fuzz`` (``make fuzz``, ``HYPOTHESIS_PROFILE=fuzz``): the larger random search, outside
  the blocking suite; what it finds is kept as an ``@example`` with its fix.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "blocking",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=120,
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile(
    "fuzz",
    deadline=None,
    suppress_health_check=list(HealthCheck),
    max_examples=2000,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "blocking")

# The tests read English unless they ask for another language (--lang, or a locale they
# set): a newcomer's own locale (LANG=de_DE.UTF-8) must not change what they see. The
# consoles and servers they start inherit it.
for _variable in ("LANGUAGE", "LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
os.environ["LC_ALL"] = "C.UTF-8"

# Trees of the exact optimum are kept in a cache directory: the tests keep theirs apart
# from the user's (subprocesses inherit it).
if not os.environ.get("DEDUCE_CACHE_DIR"):
    import tempfile

    os.environ["DEDUCE_CACHE_DIR"] = tempfile.mkdtemp(prefix="deduce-cache-")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """``deduce serve``'s app on an empty state directory behind Starlette's test client,
    every request carrying the tests' token (``tests/serving.py``)."""
    from serving import serving

    yield from serving(tmp_path)
