"""A griffe extension for the docs build: ``Example:`` sections are read as examples.

The docstrings of deduce use the Google style's singular ``Example:`` heading; griffe
knows only ``Examples:`` as a section of runnable code and would show the singular one
as plain text.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_HEADING = re.compile(r"^(\s*)Example:\s*$", re.MULTILINE)


class ExampleSections(griffe.Extension):
    """Rename every ``Example:`` heading to ``Examples:`` before the docstring is parsed."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _HEADING.sub(r"\1Examples:", obj.docstring.value)
