"""Where the project's files are, for tests in any folder of ``tests/``."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: ``deduce/``, ``docs/``, ``examples/`` and ``tests/`` are in it."""
