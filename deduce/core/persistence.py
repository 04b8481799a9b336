"""Saved investigations: the set-up and the clues as JSON, read back clue by clue.

A saved document (format 2) names the game by its one name (``"bsi"``,
``"thirteen-clues"``...) and the kind of investigation (``"Investigation"``, or
``"Table"`` for a whole Black Stories Investigation table); the game's package is
imported when a document needs it, so reading works in a fresh process. Documents of
format 1, which named a game and its kind in one tag (``"bsi-table"``,
``"thirteen_clues"``...), still load.

Reading checks everything: a document that is not one this module writes, that is
larger than :data:`MAX_CHARS` or holds more than :data:`MAX_CLUES` clues, is refused with
:class:`~deduce.InvalidInput`; every clue is observed again, so a clue that contradicts
the earlier ones raises :class:`~deduce.Contradiction`.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> text = Investigation(2, 2).guess("12", black=0, white=2).to_json()
    >>> import json
    >>> {k: v for k, v in json.loads(text).items() if k != "clues"}
    {'format': 2, 'game': 'mastermind', 'kind': 'Investigation', 'config': {...}}
    >>> load(Investigation, text).solutions()
    [Code('21')]
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import short
from deduce.errors import DeduceError, InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = [
    "FORMAT",
    "MAX_CHARS",
    "MAX_CLUES",
    "MAX_DEPTH",
    "dump",
    "encode",
    "load",
    "parse_json",
    "register",
]

FORMAT = 2
"""The format written; format 1 is still read."""
MAX_CLUES = 100_000
"""The most clues a saved document may hold (a long table game logs a few hundred)."""
MAX_CHARS = 50_000_000
"""The largest saved document read, in characters (100,000 clues take about 8 million)."""
MAX_DEPTH = 16
"""How deeply a saved clue may nest lists and objects."""
_MAX_INT = 2**63  # the largest magnitude of an integer in a saved document

Kind = TypeVar("Kind", bound="Investigation")

_KINDS: dict[tuple[str, str], type[Investigation]] = {}  # (game, kind) -> class


def register(kind: type[Investigation]) -> None:
    """Make saved documents of ``kind`` readable (every subclass with a ``game`` is).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> register(Investigation)  # done when the class is defined
    """
    if kind.game:
        _KINDS[kind.game, kind.__name__] = kind


def dump(investigation: Investigation) -> str:
    """The set-up and every clue of ``investigation`` as JSON text (format 2).

    Nothing is written that :func:`load` would refuse: more than :data:`MAX_CLUES` clues,
    or more than :data:`MAX_CHARS` characters, is refused here.

    Raises:
        InvalidInput: a clue holds a value that JSON cannot keep, or the document would be
            too large to be read back.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> print(dump(Investigation(2, 2)))
        {
         "format": 2,
         "game": "mastermind",
         "kind": "Investigation",
         "config": {
          "pegs": 2,
          "colours": 2,
          "black_only": false
         },
         "clues": []
        }
    """
    if len(investigation.clues) > MAX_CLUES:
        raise InvalidInput(
            "clues",
            M("{n:,} clues", n=len(investigation.clues)),
            M("at most {n:,} clues (the most a saved document may hold)", n=MAX_CLUES),
        )
    document = {
        "format": FORMAT,
        "game": investigation.game,
        "kind": type(investigation).__name__,
        "config": _plain(investigation.setup(), "config"),
        "clues": [encode(clue) for clue in investigation.clues],
    }
    text = json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)
    if len(text) > MAX_CHARS:
        raise InvalidInput(
            "investigation",
            M("a document of {n:,} characters", n=len(text)),
            M("at most {n:,} characters (the largest saved document read)", n=MAX_CHARS),
        )
    return text


def load(
    base: type[Kind],
    text: str | bytes,
    *,
    progress: Callable[[int, int], None] | None = None,
    **context: object,
) -> Kind:
    """The investigation saved in ``text``, which must be of ``base`` or a subclass.

    Args:
        base: the class asked for (``Investigation`` accepts every game).
        text: the saved JSON (str, or UTF-8 bytes).
        progress: called with (clues read, clues in all) before the first clue and after
            every one (a console shows it when loading takes a while).
        **context: what the saved text cannot hold (a custom game's ``model=``).

    Raises:
        InvalidInput: the text is not a saved investigation of ``base``, or it is too
            large (see :data:`MAX_CHARS`, :data:`MAX_CLUES`).
        Contradiction: a saved clue contradicts the earlier ones.

    Example:
        >>> from deduce import Investigation
        >>> load(Investigation, b'{"format": 2}')
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: game=None is not valid; expected one of 'bsi', ...
    """
    document = _parse(text)
    target = _target(base, document)
    config, clues = document.get("config"), document.get("clues")
    if not isinstance(config, dict) or not isinstance(clues, list):
        raise InvalidInput(
            "text",
            short(text),
            N_("a saved investigation with 'config' (object) and 'clues' (list)"),
        )
    if len(clues) > MAX_CLUES:
        raise InvalidInput(
            "text",
            M("a document of {n} clues", n=len(clues)),
            M("at most {n:,} clues", n=MAX_CLUES),
        )
    try:
        _check_plain(config, "config")
        investigation: Kind = target.from_setup(config, **context)
    except DeduceError:
        raise
    except Exception as error:  # a constructor refusing a value of the wrong type
        raise InvalidInput(
            "config",
            short(config),
            M("the set-up of {game}", game=target.game),
            reason=f"{type(error).__name__}: {error}",
        ) from None
    types = {t.__name__: t for t in (*target.clue_types, *target.value_types)}
    if progress is not None:
        progress(0, len(clues))
    for i, item in enumerate(clues):
        clue = _decode(item, types, f"clues[{i}]")
        try:
            investigation = investigation.observe(clue)
        except DeduceError:
            raise
        except Exception as error:  # a field of a type the game cannot use
            raise InvalidInput(
                f"clues[{i}]",
                clue,
                M("a clue of {game}", game=target.game),
                reason=f"{type(error).__name__}: {error}",
            ) from None
        if progress is not None:
            progress(i + 1, len(clues))
    return investigation


def parse_json(text: object, *, expected: str = N_("JSON text")) -> Any:
    """The JSON value in ``text`` (str, or UTF-8 bytes), read the way every saved document
    is: at most :data:`MAX_CHARS` characters, no NaN or Infinity, nested at most
    :data:`MAX_DEPTH` deep, integers within 64 bits; every failure an InvalidInput that
    names ``expected``.

    Example:
        >>> parse_json('{"a": [1, 2]}')
        {'a': [1, 2]}
        >>> parse_json("[" * 100 + "]" * 100)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: text='[[[...' is not valid; expected values nested ...
    """
    document = _json(text, expected)
    _check_plain(document, "text")
    return document


def _json(text: object, expected: str) -> Any:
    """The JSON value in ``text`` (str, or UTF-8 bytes): at most :data:`MAX_CHARS`
    characters, no NaN or Infinity; every failure an InvalidInput naming ``expected``."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidInput(
                "text",
                short(text),
                M("{expected} in UTF-8", expected=expected),
                reason=M(
                    "byte {byte:#04x} at position {position}",
                    byte=error.object[error.start],
                    position=error.start,
                ),
            ) from None
    if not isinstance(text, str):
        raise InvalidInput("text", short(text), M("{expected} (str or bytes)", expected=expected))
    if len(text) > MAX_CHARS:
        raise InvalidInput(
            "text",
            M("a document of {n:,} characters", n=len(text)),
            M("at most {n:,} characters", n=MAX_CHARS),
        )

    def constant(name: str) -> NoReturn:
        raise InvalidInput("text", name, N_("numbers that are finite (no NaN or Infinity)"))

    try:
        document = json.loads(text, parse_constant=constant)
    except RecursionError:
        raise InvalidInput(
            "text", short(text), M("{expected}, nested less deeply", expected=expected)
        ) from None
    except InvalidInput:
        raise
    except ValueError as error:  # bad JSON, or an integer of thousands of digits
        reason = (
            N_("an integer of thousands of digits")
            if "digits" in str(error)
            else short(str(error), 200)
        )
        raise InvalidInput("text", short(text), expected, reason=reason) from None
    return document


def _parse(text: object) -> dict[str, Any]:
    """The JSON object in ``text``, every failure an InvalidInput."""
    document = _json(text, N_("the JSON text of a saved investigation"))
    version = document.get("format") if isinstance(document, dict) else None
    if not isinstance(document, dict) or type(version) is not int or version not in (1, FORMAT):
        raise InvalidInput(  # "format": true is not format 1
            "text", short(text), M("a saved investigation (format 1 or {format})", format=FORMAT)
        )
    return document


def _target(base: type[Kind], document: dict[str, Any]) -> type[Kind]:
    """The class that reads ``document``, importing a built-in game on first use."""
    from deduce.core import registry

    game = document.get("game")
    kind = document.get("kind") if document.get("format") == FORMAT else None
    found: type[Investigation] | None = None
    if isinstance(game, str) and kind is None:  # format 1: the tag alone names the class
        try:
            found = registry.kind(game)
        except InvalidInput:
            matching = [cls for (g, _), cls in _KINDS.items() if g == game]
            found = matching[-1] if matching else None
    elif isinstance(game, str) and isinstance(kind, str):
        found = _KINDS.get((game, kind))
        if found is None:
            with contextlib.suppress(InvalidInput):
                found = registry.kind(game, kind)
    if found is None or not issubclass(found, base):
        names = {g for (g, _), cls in _KINDS.items() if issubclass(cls, base)}
        names |= set(registry.names())
        entry = None
        if found is None and isinstance(game, str) and kind is not None:
            with contextlib.suppress(InvalidInput):
                entry = registry.find(game)
        if entry is not None:
            raise InvalidInput("kind", kind, list(entry.kind_names))
        if found is not None and found.game == base.game:  # this game, another kind
            kinds = [k for (g, k), cls in _KINDS.items() if g == game and issubclass(cls, base)]
            raise InvalidInput(
                "kind",
                found.__name__,
                kinds,
                reason=M(
                    "{base}.from_json reads no {kind}", base=base.__name__, kind=found.__name__
                ),
            )
        raise InvalidInput("game", game, sorted(names))
    return found


def _check_plain(item: Any, where: str, depth: int = 0) -> None:
    """Refuse JSON values nested too deeply or with integers beyond 64 bits."""
    if depth > MAX_DEPTH:
        raise InvalidInput(
            where, short(item), M("values nested at most {depth} deep", depth=MAX_DEPTH)
        )
    if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= _MAX_INT:
        raise InvalidInput(where, short(item), N_("integers that fit in 64 bits"))
    for value in (
        item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
    ):
        _check_plain(value, where, depth + 1)


def _plain(value: object, where: str) -> object:
    """A set-up value as plain JSON data: numpy scalars become Python's, tuples lists;
    anything else that JSON cannot hold is refused."""
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {str(k): _plain(v, where) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, where) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)) and math.isfinite(value):
        return float(value)
    if value is None or isinstance(value, str):
        return None if value is None else str(value)
    raise InvalidInput(where, short(value), N_("set-up values that JSON can hold (int, str, ...)"))


def encode(value: object) -> object:
    """``value`` (a clue, or a value of one) as a saved document writes it: plain JSON
    data, a dataclass as an object naming its ``type``.

    Raises:
        InvalidInput: a value that JSON cannot keep.

    Example:
        >>> from deduce.games.mastermind import Guess
        >>> encode(Guess("1122", 1, 0))
        {'type': 'Guess', 'code': '1122', 'black': 1, 'white': 0}
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            "type": type(value).__name__,
            **{f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"frozenset": sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, float | np.floating) and math.isfinite(value):
        return float(value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise InvalidInput("clue value", value, "dataclasses, tuples, str, int, float, bool, None")


def _decode(item: object, types: dict[str, type], where: str, depth: int = 0) -> object:
    """A saved value as the game's value: lists are tuples, objects name their type."""
    if depth > MAX_DEPTH:
        raise InvalidInput(
            where, short(item), M("values nested at most {depth} deep", depth=MAX_DEPTH)
        )
    if isinstance(item, list):
        return tuple(_decode(v, types, where, depth + 1) for v in item)
    if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= _MAX_INT:
        raise InvalidInput(where, short(item), N_("integers that fit in 64 bits"))
    if not isinstance(item, dict):
        return item
    if set(item) == {"frozenset"}:
        members = item["frozenset"]
        if not isinstance(members, list):
            raise InvalidInput(where, short(item), '{"frozenset": [...]} holding a list')
        try:
            return frozenset(_decode(v, types, where, depth + 1) for v in members)
        except TypeError as error:  # an unhashable member
            raise InvalidInput(
                where, short(item), N_("a set of plain values"), reason=str(error)
            ) from None
    kind = item.get("type")
    if not isinstance(kind, str) or kind not in types:
        shown = kind if kind is None or (isinstance(kind, str) and len(kind) <= 60) else short(kind)
        raise InvalidInput("clue type", shown, sorted(types), reason=M("in {where}", where=where))
    fields = {k: _decode(v, types, where, depth + 1) for k, v in item.items() if k != "type"}
    try:
        return types[kind](**fields)
    except DeduceError:
        raise
    except Exception as error:  # missing or unknown fields, or a value the type refuses
        raise InvalidInput(
            where,
            short(fields),
            M("the fields of {kind}", kind=kind),
            reason=f"{type(error).__name__}: {error}",
        ) from None


guard(globals())
