"""The JSON Schema of the states ``deduce serve`` answers with (``GET /api/schema``).

:data:`STATE` is a game's state (``GET /api/sessions/{id}`` and every answer to a line),
:data:`VIEW` the table's view (``GET /api/view/{id}``); both carry ``schema``, the layout's
version (:data:`deduce.serve.snapshot.SCHEMA`). Every key is listed: a key that is not is
refused by the schema, so a client can check an answer whole.

Example:
    >>> DOCUMENT["$defs"]["state"]["properties"]["schema"]["const"]
    2
"""

from __future__ import annotations

from typing import Any

from deduce.serve.snapshot import SCHEMA

__all__ = ["DOCUMENT", "STATE", "VIEW"]

_TEXT = {"type": "string"}
_WORDS = {"type": ["string", "null"]}
_COUNT = {"type": "integer", "minimum": 0}
_P = {"type": "number", "minimum": 0, "maximum": 1}
_NUMBER = {"type": "integer", "minimum": 1}  # a clue's number in the history
_CHANCES = {"type": "object", "additionalProperties": _P}  # each value of a field: its chance
_DATA: dict[str, Any] = {}  # any JSON value: a clue or a solution as the saved document has it


def _object(required: dict[str, Any], **optional: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {**required, **optional},
        "required": sorted(required),
        "additionalProperties": False,
    }


def _table() -> dict[str, Any]:
    rows = {"type": "array", "items": {"type": "array", "items": _TEXT}}
    return {
        "oneOf": [
            {"type": "null"},
            _object({"columns": {"type": "array", "items": _TEXT}, "rows": rows, "note": _TEXT}),
        ]
    }


_CLOCK = {
    "oneOf": [
        {"type": "null"},
        _object({"seconds": {"type": "number", "minimum": 0}, "running": {"type": "boolean"}}),
    ]
}
_FACTS = {"type": "array", "items": _object({"label": _TEXT, "value": _TEXT})}
_WORDS_ROW = {"type": "array", "items": _TEXT}
_GRIDS = {
    "type": "array",
    "items": _object(
        {"title": _TEXT, "columns": _WORDS_ROW, "rows": {"type": "array", "items": _WORDS_ROW}}
    ),
}
_HEAD = {
    "schema": {"const": SCHEMA},
    "id": _TEXT,
    "version": _TEXT,
    "game": _TEXT,
    "title": _TEXT,
    "clock": _CLOCK,
}
_WAY = _object(
    {
        "verb": _TEXT,
        "words": _TEXT,
        "given": {"type": "object", "additionalProperties": _TEXT},
        "filled": {"type": "object", "additionalProperties": {"type": "array", "items": _TEXT}},
        "line": _TEXT,
    }
)
_TURN = {
    "oneOf": [
        {"type": "null"},
        _object(
            {
                "seat": {"type": ["integer", "null"]},
                "name": _TEXT,
                "mine": {"type": "boolean"},
                "heading": _TEXT,
                "ways": {"type": "array", "items": _WAY},
                "note": _TEXT,
                "over": {"type": "boolean"},
                "winners": {"type": "array", "items": _TEXT},
                "outcome": _TEXT,
            }
        ),
    ]
}
_MOVE = _object(
    {
        "verb": _WORDS,
        "args": {"type": "object", "additionalProperties": _WORDS},
        "line": _TEXT,
        "words": _TEXT,
        "bits": {"type": "number"},
        "answers": _COUNT,
        "worst_case": _COUNT,
        "score": {"type": "number"},
        "error": {"type": ["number", "null"], "minimum": 0},
    }
)
_ADVICE = _object(
    {
        "by": _TEXT,
        "ranked_by": _TEXT,
        "score": {
            "oneOf": [
                {"type": "null"},
                _object({"name": _TEXT, "unit": {"enum": ["points", "probability"]}}),
            ]
        },
        "moves": {"type": "array", "items": _MOVE},
        "pending": {"type": "boolean"},
    }
)
_REPLY = _object(
    {
        "kind": {
            "enum": [
                "noted",
                "undone",
                "dropped",
                "amended",
                "nothing new",
                "refused",
                "because",
                "saved",
                "loaded",
                "kept aside",
                "strategy",
                "not saved",
                "note",
            ]
        },
        "words": _TEXT,
        "clues": {"type": "array", "items": _NUMBER},
        "lines": {"type": "array", "items": _TEXT},
        "more": {"type": "array", "items": _TEXT},
    }
)

STATE: dict[str, Any] = _object(
    {
        **_HEAD,
        "history": {
            "type": "array",
            "items": _object({"n": _NUMBER, "clue": _DATA, "words": _TEXT}),
        },
        "solutions": _COUNT,
        "solution": {"oneOf": [{"type": "null"}, _object({"solution": _DATA, "words": _TEXT})]},
        "advice": _ADVICE,
        "turn": _TURN,
        "strategy": _TEXT,
        "sheet": {"type": "object", "additionalProperties": _CHANCES},
        "certain": {"type": "object", "additionalProperties": _TEXT},
        "replies": {"type": "array", "items": _REPLY},
        "review": _table(),
        "listing": _table(),
        "top": {
            "type": "array",
            "items": _object({"solution": _DATA, "words": _TEXT, "p": _P}),
        },
        "facts": _FACTS,
        "grids": _GRIDS,
        "saved": {"type": "boolean"},
    }
)
"""A game's state."""

VIEW: dict[str, Any] = _object(
    {
        **_HEAD,
        "turn": {
            "oneOf": [
                {"type": "null"},
                _object(
                    {
                        "name": _TEXT,
                        "mine": {"type": "boolean"},
                        "over": {"type": "boolean"},
                        "winners": {"type": "array", "items": _TEXT},
                        "outcome": _TEXT,
                    }
                ),
            ]
        },
        "history": {"type": "array", "items": _TEXT},
        "facts": _FACTS,
        "grids": _GRIDS,
    }
)
"""The table's view: what every player may see."""

DOCUMENT: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "deduce serve: a game's state and the table's view",
    "$defs": {"state": STATE, "view": VIEW},
}
"""The schema document ``GET /api/schema`` answers with."""
