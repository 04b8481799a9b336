"""Arguments checked where they enter the library, against the function's own annotations.

:func:`checked` wraps a public function or method (:func:`guard` wraps every one a module
names in its ``__all__``) for the calls that come from outside deduce. Before the call,
what the call could never be done with is refused with :class:`~deduce.InvalidInput`:
more than :data:`LIMIT` items (an iterator given for several values is read once, up to
one item more, and handed on as a tuple; an object whose ``len()`` says more is not read
at all), an iterator or a collection of more than :data:`LARGE` items where the
annotation asks for something else, an integer beyond :data:`MAX_INT`. Then the function
runs with its own checks and their messages. If it fails with an error that is not
deduce's own (a ``TypeError``, an ``AttributeError``, numpy's "truth value is
ambiguous", a ``MemoryError``, ...), its arguments are checked against their annotations
and the first that is not of its type (or an integer beyond :data:`MAX_INT`) is refused
with InvalidInput, the failure chained as its cause; a failure with arguments of the
right types is raised as it is.

deduce's own errors (:class:`~deduce.DeduceError`: a refused argument, a contradicting
clue) reach the caller with a traceback that starts at their call: the frames inside
deduce are left out of it and of its cause's (the messages say everything), and an
error met while handling another inside deduce is not shown as the context. A failure
that is not deduce's own keeps every frame: it is a fault to find.

The types are read as in :mod:`deduce._internal.validation`: an integer is an ``int`` or a numpy
integer (never a bool), a number is an integer or a float, a truth value is a bool, a
name is a ``str``; several values (a ``Sequence``, ``Iterable``, ``tuple``, ``list``) are
a list or tuple, never a single string or a numpy array. ``Any``, ``object`` and
protocols are not checked. Calls from deduce's own modules pass through unchanged: they
hand on values that were checked where they came in.

Example:
    >>> from collections.abc import Sequence
    >>> from deduce.errors import InvalidInput
    >>> @checked
    ... def first(names: Sequence[str], count: int = 1) -> list[str]:
    ...     return list(names)[:count]
    >>> outside = {"__name__": "user"}
    >>> exec("result = first(('Ulm', 'Köln'))", {"first": first}, outside)
    >>> outside["result"]
    ['Ulm']
    >>> try:
    ...     exec("first('Ulm', count=1.5)", {"first": first, "__name__": "user"})
    ... except InvalidInput as error:
    ...     print(error)
    names='Ulm' is not valid; expected a list or tuple of str
"""

from __future__ import annotations

import ast
import collections.abc as abc
import functools
import inspect
import itertools
import os
import random
import sys
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import PurePath
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from deduce.errors import DeduceError, InvalidInput

__all__ = ["LIMIT", "MAX_INT", "checked", "describe", "fits", "guard", "hints", "is_int"]

LIMIT = 1_000_000
"""The most items a collection argument may hold (an iterator is read up to one more)."""

LARGE = 10_000
"""A collection of more items is checked item by item before the call (work on it
could take long before it failed)."""

MAX_INT = 2**63 - 1
"""The largest integer argument, either sign (what numpy and a saved file hold)."""

F = TypeVar("F", bound=Callable[..., Any])

_INSIDE = frozenset({"deduce", "dataclasses"})
"""The callers whose calls are not checked, with deduce's modules (``dataclasses``: its
``replace`` makes a changed copy of an object)."""

_SEVERAL = (list, tuple, abc.Sequence, abc.Iterable, abc.Collection, abc.Iterator)


def checked(func: F, owner: type | None = None) -> F:
    """``func``, refusing arguments that are not of their annotated types when it is
    called from outside deduce (see the module's docstring).

    Args:
        func: the function.
        owner: the class ``func`` is a method of: a parameter it annotates ``Any`` takes
            the annotation of the method it overrides (what the base promises to take).

    Raises:
        InvalidInput: an iterator or collection argument with more than :data:`LIMIT`
            items, an integer beyond :data:`MAX_INT`, a large collection whose items are
            not of their type (before the call); an argument not of its type, when the
            call fails with an error that is not deduce's own.
    """
    signature = inspect.signature(func)
    shapes: list[dict[str, Any]] = []  # computed at the first call from outside

    def shape() -> dict[str, Any]:
        if not shapes:
            shapes.append(hints(func, owner))
        return shapes[0]

    @functools.wraps(func)
    def entry(*args: Any, **kwargs: Any) -> Any:
        caller = _getframe(1).f_globals.get("__name__")
        if caller in _TRUSTED or _inside(caller):
            return func(*args, **kwargs)
        if all(map(_ordinary, args)) and all(map(_ordinary, kwargs.values())):
            checks = None  # nothing to bound: the arguments are read only if the call fails
        else:
            bound = signature.bind(*args, **kwargs)  # a call of the wrong shape: TypeError
            checks = list(_arguments(signature, bound, shape()))
            for name, value, hint, keep in checks:
                keep(_bounded(name, value, hint))
            args, kwargs = bound.args, bound.kwargs
        try:
            return func(*args, **kwargs)
        except DeduceError as error:
            __tracebackhide__ = True  # read by pytest and IPython
            raise _from_the_call(error)  # noqa: B904 - itself, its frames left out
        except Exception as error:
            if checks is None:
                try:
                    bound = signature.bind(*args, **kwargs)
                except TypeError:
                    raise error from None
                checks = list(_arguments(signature, bound, shape()))
            for name, value, hint, _ in checks:
                if not fits(value, hint):
                    refused = InvalidInput(name, value, describe(hint))
                elif is_int(value) and not -MAX_INT <= value <= MAX_INT:  # no deduce number is
                    refused = InvalidInput(name, value, _NUMBER, reason="too large")
                else:
                    continue
                __tracebackhide__ = True
                raise refused from _from_the_call(error)
            raise

    entry.__dict__[_MARK] = True
    return typing.cast(F, entry)


_getframe = sys._getframe

_TRUSTED: set[str] = set()
"""The names of the modules told inside deduce so far (see :func:`_inside`)."""


def _inside(caller: Any) -> bool:
    """Whether the module named ``caller`` calls without its arguments checked: one of
    deduce's, or in :data:`_INSIDE` (remembered in :data:`_TRUSTED`: the check on every
    call from inside is one look-up)."""
    if not isinstance(caller, str) or not (caller in _INSIDE or caller.startswith("deduce.")):
        return False
    _TRUSTED.add(caller)
    return True


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def _from_the_call(error: BaseException) -> BaseException:
    """``error`` without deduce's own frames in its traceback or its cause's, and without
    a context raised inside deduce (see the module's text)."""
    error.__traceback__ = _outside(error.__traceback__)
    if error.__cause__ is not None:
        _from_the_call(error.__cause__)
    elif error.__context__ is not None and _outside(error.__context__.__traceback__) is None:
        error.__suppress_context__ = True
    return error


def _outside(tb: types.TracebackType | None) -> types.TracebackType | None:
    """The frames of ``tb`` whose code is not deduce's, chained in their order."""
    kept = []
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_PACKAGE):
            kept.append(tb)
        tb = tb.tb_next
    chain = None
    for frame in reversed(kept):
        chain = types.TracebackType(chain, frame.tb_frame, frame.tb_lasti, frame.tb_lineno)
    return chain


_KINDS: dict[type, int] = {}
"""Each type met -> how its values are told ordinary (see :func:`_ordinary`): 0 always,
1 an integer within :data:`MAX_INT`, 2 a collection of at most :data:`LARGE` items,
3 never (an iterator, a numpy integer)."""


def _kind(kind: type) -> int:
    if issubclass(kind, (bool, float, complex, np.ndarray, np.floating, np.bool_)):
        return 0
    if issubclass(kind, int) and kind is int:
        return 1
    if issubclass(kind, (abc.Iterator, int, np.integer)):
        return 3
    return 2 if issubclass(kind, abc.Sized) else 0


def _ordinary(value: Any) -> bool:
    """Whether ``value`` needs no bounding before a call: no iterator, no integer beyond
    :data:`MAX_INT`, nothing that says it holds more than :data:`LARGE` items (the
    common case, told apart quickly)."""
    kind = type(value)
    way = _KINDS.get(kind)
    if way is None:
        way = _KINDS[kind] = _kind(kind)
    if way == 0:
        return True
    if way == 1:
        return bool(-MAX_INT <= value <= MAX_INT)
    if way == 2:
        try:
            return bool(len(value) <= LARGE)
        except Exception:  # a len() that fails or overflows: bounded with care
            return False
    return False


def _arguments(
    signature: inspect.Signature, bound: inspect.BoundArguments, shapes: dict[str, Any]
) -> Iterator[tuple[str, Any, Any, Callable[[Any], None]]]:
    """(name, value, type, a function that puts a new value in its place) of each
    argument given (every item of ``*args`` and ``**kwargs`` on its own)."""
    for name, value in list(bound.arguments.items()):
        parameter = signature.parameters[name]
        if name not in shapes or value is parameter.default:
            continue
        hint = shapes[name]
        if parameter.kind is parameter.VAR_POSITIONAL:
            items = bound.arguments[name] = list(value)
            for i, item in enumerate(value):
                yield name, item, hint, functools.partial(items.__setitem__, i)
        elif parameter.kind is parameter.VAR_KEYWORD:
            for key, item in value.items():
                yield key, item, hint, functools.partial(value.__setitem__, key)
        else:
            yield name, value, hint, functools.partial(bound.arguments.__setitem__, name)


def _bounded(argument: str, value: Any, hint: Any) -> Any:
    """``value`` (an iterator given for several values: read into a tuple) if the call
    can be done with it, else InvalidInput: at most :data:`LIMIT` items, an iterator or
    more than :data:`LARGE` items only where the type takes them, integers up to
    :data:`MAX_INT`."""
    arrays, arms = _arms(hint)
    origins = {typing.get_origin(arm) or arm for arm in arms}
    if arrays:  # numbers: a collection of them, or one
        origins |= {list, float}
    several = bool(origins & _COLLECTIONS)
    if isinstance(value, (str, bytes, bytearray)):
        if len(value) > LARGE and not fits(value, hint):  # a long text where it is no text
            raise InvalidInput(argument, value, describe(hint))
        return value
    if isinstance(value, np.ndarray):  # in memory already: its size is what it is
        return value
    if isinstance(value, abc.Iterator):
        if not several:
            if not fits(value, hint):  # where one value is asked for: it may never end
                raise InvalidInput(argument, value, describe(hint))
            return value
        endless = InvalidInput(argument, value, describe(hint), reason=_TOO_MANY)  # as given
        read = tuple(itertools.islice(value, LIMIT + 1))
        if len(read) > LIMIT:
            raise endless
        if len(read) > LARGE and not fits(read, hint):
            raise InvalidInput(argument, value, describe(hint))
        return iter(read) if abc.Iterator in origins else read
    size = _size(value)  # what says it holds more than any argument of deduce does
    if size > LIMIT:
        raise InvalidInput(argument, value, describe(hint), reason=_TOO_MANY)
    if size > LARGE and not fits(value, hint):
        raise InvalidInput(argument, value, describe(hint))
    if is_int(value) and not -MAX_INT <= value <= MAX_INT and origins & {int, float}:
        raise InvalidInput(argument, value, describe(hint), reason="too large")
    return value


def _size(value: Any) -> int:
    """How many items ``value`` says it holds (0: not a collection; more than
    :data:`LIMIT` if it cannot say)."""
    if not isinstance(value, abc.Sized):
        return 0
    try:
        return len(value)
    except (OverflowError, TypeError, ValueError):
        return LIMIT + 1


_UNIONS = (typing.Union, types.UnionType)
_ARRAY_LIKE = frozenset(typing.get_args(npt.ArrayLike))
_NUMBER = f"a number from {-MAX_INT} to {MAX_INT}"


def _arms(hint: Any) -> tuple[bool, tuple[Any, ...]]:
    """Whether ``hint`` takes ``npt.ArrayLike`` (numbers), and its other types (its arms
    if it is a union, else itself)."""
    if hint is npt.ArrayLike:
        return True, ()
    arms = typing.get_args(hint) if typing.get_origin(hint) in _UNIONS else (hint,)
    if len(arms) > 1 and set(arms) >= _ARRAY_LIKE:
        return True, tuple(a for a in arms if a not in _ARRAY_LIKE)
    return False, arms


_COLLECTIONS = {list, tuple, set, frozenset, dict, *_SEVERAL, abc.Set, abc.Mapping}
_TOO_MANY = f"more than {LIMIT:,} items"


_MARK = "__deduce_checked__"


def _plain(value: Any) -> bool:
    """Whether ``value`` is a function (or a cached one) that is not checked yet."""
    cached = callable(value) and hasattr(value, "cache_info") and hasattr(value, "__wrapped__")
    return (inspect.isfunction(value) or cached) and not getattr(value, _MARK, False)


def guard(namespace: dict[str, Any]) -> None:
    """Check the arguments of every callable a module names in its ``__all__``: its
    functions (replaced in ``namespace`` by :func:`checked` ones) and the constructors,
    methods, class methods and static methods of its classes (replaced in the class, and
    in its bases from deduce). Called last in a module, as ``guard(globals())``; a
    package's call also guards its public submodules loaded by then (a private one,
    ``_name``, only if it calls ``guard`` itself). A callable already checked is left as
    it is; the console's and the web companion's modules (``deduce.play``,
    ``deduce.serve``) check their own input.
    """
    if "__path__" in namespace:
        prefix = namespace["__name__"] + "."
        for name, module in list(sys.modules.items()):
            if name.startswith(prefix) and not _unguarded(name) and module:
                _guard_names(vars(module))
    _guard_names(namespace)


_FRONT_ENDS = ("deduce.play.", "deduce.serve.")


def _unguarded(module: str) -> bool:
    """Whether a package's :func:`guard` leaves the submodule named ``module`` alone: a
    front end's (they check their own input) or a private one (whose names reach a
    caller through a public module that guards them; deduce's own calls are never
    checked, so a wrapper there would only cost time)."""
    private = any(part.startswith("_") for part in module.split("."))
    return module.startswith(_FRONT_ENDS) or private


def _guard_names(namespace: dict[str, Any]) -> None:
    for name in namespace.get("__all__", ()):
        value = namespace.get(name)
        if isinstance(value, type):
            _guard_class(value)
        elif value is not None and _plain(value):
            namespace[name] = checked(value)


def _guard_class(kind: type) -> None:
    if issubclass(kind, BaseException) or getattr(kind, "_is_protocol", False):
        return
    for base in kind.__mro__:
        if not base.__module__.startswith("deduce") or "__checked__" in vars(base):
            continue
        for attr, member in list(vars(base).items()):
            if attr.startswith("_") and attr != "__init__":
                continue
            if isinstance(member, (classmethod, staticmethod)):
                if _plain(member.__func__):
                    setattr(base, attr, type(member)(checked(member.__func__, base)))
            elif _plain(member):
                setattr(base, attr, checked(member, base))
        type.__setattr__(base, "__checked__", True)


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint``, items of collections included (at most
    :data:`LIMIT` of them are looked at; a larger collection does not fit).

    Example:
        >>> fits([1, np.int64(2)], list[int]), fits((1, True), tuple[int, ...])
        (True, False)
        >>> fits(["man", b"x"], list[str | bytes]), fits(["man", 1], list[str | bytes])
        (True, False)
        >>> fits([0.5, 2, True], npt.ArrayLike), fits([1, 2**70], npt.ArrayLike)
        (True, False)
    """
    return _fits(value, hint, [0])


def _fits(value: Any, hint: Any, seen: list[int]) -> bool:
    """:func:`fits`; ``seen`` counts the items looked at."""
    if isinstance(hint, TypeVar):
        return hint.__bound__ is None or _fits(value, hint.__bound__, seen)
    if hint is Any or hint is object or isinstance(hint, str) or hint is None:
        return True
    arrays, arms = _arms(hint)
    if arrays:
        return _array_like(value, seen) or any(_fits(value, arm, seen) for arm in arms)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in _UNIONS:
        return any(_fits(value, arm, seen) for arm in args)
    if origin is typing.Literal:
        return any(_equal(value, a) for a in args)
    if origin is type:
        wanted = args[0] if args and isinstance(args[0], type) else object
        return isinstance(value, type) and issubclass(value, wanted)
    if origin is abc.Callable or hint is abc.Callable:
        return callable(value)
    if origin in _SEVERAL or hint in (list, tuple):
        return _several(value, origin or hint, args, seen)
    if origin in (set, frozenset, abc.Set):
        return isinstance(value, (set, frozenset)) and _items(value, args, seen)
    if origin in (dict, abc.Mapping) or hint is dict:
        return isinstance(value, abc.Mapping) and _mapping(value, args, seen)
    if origin is np.ndarray:
        return isinstance(value, np.ndarray) and _dtype(value, args)
    return _instance(value, origin or hint)


def _dtype(value: np.ndarray[Any, Any], args: tuple[Any, ...]) -> bool:
    """Whether the array ``value`` holds the kind of number its annotation names
    (``npt.NDArray[np.int64]`` any integers, ``np.float64`` any number, ...)."""
    wanted = typing.get_args(args[1]) if len(args) == 2 else ()
    if not wanted or not isinstance(wanted[0], type):
        return True
    kinds = {np.bool_: "b", np.integer: "biu", np.floating: "biuf", np.number: "biuf"}
    for base, allowed in kinds.items():
        if issubclass(wanted[0], base):
            return value.dtype.kind in allowed
    return True


def is_int(value: Any) -> bool:
    """Whether ``value`` is an integer: an ``int`` or numpy integer, not a bool.

    Example:
        >>> is_int(3), is_int(np.int8(3)), is_int(True), is_int(3.0)
        (True, True, False, False)
    """
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _instance(value: Any, hint: Any) -> bool:
    if hint is int:
        return is_int(value) and -MAX_INT <= value <= MAX_INT
    if hint is float:
        if is_int(value):
            return bool(-sys.float_info.max <= value <= sys.float_info.max)
        return isinstance(value, (float, np.floating)) and not isinstance(value, np.bool_)
    if hint is bool:
        return isinstance(value, (bool, np.bool_))
    if hint is type(None):
        return value is None
    if hint is os.PathLike or (isinstance(hint, type) and issubclass(hint, PurePath)):
        return isinstance(value, os.PathLike)
    if not isinstance(hint, type):
        return True  # a form of annotation this check does not read
    if getattr(hint, "_is_protocol", False) and not getattr(hint, "_is_runtime_protocol", False):
        return True  # a protocol only a type checker can check
    return isinstance(value, hint)


def _equal(value: Any, choice: Any) -> bool:
    try:
        return type(value) is type(choice) and bool(value == choice)
    except Exception:  # e.g. a numpy array, whose == is an array
        return False


def _several(value: Any, origin: Any, args: tuple[Any, ...], seen: list[int]) -> bool:
    if isinstance(value, (str, bytes, bytearray, memoryview, dict, np.ndarray)):
        return False
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        return (
            isinstance(value, tuple)
            and len(value) == len(args)
            and all(_fits(v, a, seen) for v, a in zip(value, args, strict=True))
        )
    if origin in (list, tuple):
        return isinstance(value, origin) and _items(value, args, seen)
    if origin in (abc.Iterator,):
        return isinstance(value, abc.Iterator)
    sequence = isinstance(value, abc.Sequence)
    collection = origin in (abc.Iterable, abc.Collection) and isinstance(value, abc.Collection)
    return (sequence or collection) and _items(value, args, seen)


def _items(value: Any, args: tuple[Any, ...], seen: list[int]) -> bool:
    try:
        size = len(value)
    except (OverflowError, TypeError, ValueError):
        return False
    seen[0] += size
    if seen[0] > LIMIT:
        return False
    item = args[0] if args else Any
    classes = _plain_classes(item)
    if classes:  # one isinstance an item: a list of a million names is quick
        return all(isinstance(v, classes) for v in value)
    return item is Any or all(_fits(v, item, seen) for v in value)


def _plain_classes(hint: Any) -> tuple[type, ...]:
    """The classes a value is of the type ``hint`` exactly when ``isinstance`` says it is
    one of (``hint`` itself, or the arms of a union of such classes), else ``()``."""
    arms = typing.get_args(hint) if typing.get_origin(hint) in _UNIONS else (hint,)
    return arms if all(_plain_class(arm) for arm in arms) else ()


def _plain_class(hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` exactly when ``isinstance`` says so (a
    class that :func:`_instance` reads no other way)."""
    return (
        isinstance(hint, type)
        and hint not in (Any, int, float, bool, type(None), os.PathLike)
        and typing.get_origin(hint) is None
        and not issubclass(hint, PurePath)
        and not getattr(hint, "_is_protocol", False)
    )


def _mapping(value: Any, args: tuple[Any, ...], seen: list[int]) -> bool:
    if not _items(value, (), seen):
        return False
    if len(args) != 2:
        return True
    return all(_fits(k, args[0], seen) and _fits(v, args[1], seen) for k, v in value.items())


def _array_like(value: Any, seen: list[int]) -> bool:
    """Whether ``value`` is numbers as numpy reads them: an array or number (not a
    string, bytes or an object), or nested lists and tuples of numbers."""
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "biuf"
    if isinstance(value, (bool, np.bool_, float, np.floating)):
        return True
    if is_int(value):
        return bool(-MAX_INT <= value <= MAX_INT)
    if isinstance(value, (list, tuple)):
        seen[0] += len(value)
        if seen[0] > LIMIT:
            return False
        if set(map(type, value)) <= _PLAIN_NUMBERS:  # flat: a million numbers read quickly
            ints = [v for v in value if type(v) is int]
            return not ints or (min(ints) >= -MAX_INT and max(ints) <= MAX_INT)
        return all(_array_like(v, seen) for v in value)
    return False


_PLAIN_NUMBERS = {int, float, bool}


def describe(hint: Any) -> str:
    """The type ``hint`` in words, for a message.

    Example:
        >>> from collections.abc import Sequence
        >>> describe(Sequence[int] | None)
        'a list or tuple of integers, or None'
    """
    arrays, arms = _arms(hint)
    if arrays:
        others = [describe(a) for a in arms]
        return " or ".join(["numbers (an array, or a list of numbers)", *others])
    if hint is Any or hint is object:
        return "any value"
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        words = [describe(a) for a in args if a is not type(None)]
        text = " or ".join(words)
        return f"{text}, or None" if type(None) in args else text
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin is abc.Callable or hint is abc.Callable:
        return "a function"
    if origin is type:
        return "a class"
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        return "a tuple of " + ", ".join(describe(a) for a in args)
    if origin in _SEVERAL or origin in (set, frozenset, abc.Set):
        item = args[0] if args else Any
        kind = "a set" if origin in (set, frozenset, abc.Set) else "a list or tuple"
        return kind if item is Any else f"{kind} of {_plural(item)}"
    if origin in (dict, abc.Mapping) or hint is dict:
        return "a dict"
    return _named(origin or hint)


def _named(hint: Any) -> str:
    words = {int: "an integer", float: "a number", bool: "True or False", str: "a str"}
    if hint in words:
        return words[hint]
    if hint is type(None):
        return "None"
    if hint is random.Random:
        return "a random.Random"
    name = getattr(hint, "__name__", str(hint))
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _plural(hint: Any) -> str:
    plurals = {int: "integers", float: "numbers", bool: "True or False", str: "str"}
    if hint in plurals:
        return plurals[hint]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(_plural(a) for a in typing.get_args(hint))
    if isinstance(hint, type) and typing.get_origin(hint) is None:
        return hint.__name__
    return describe(hint)


@functools.cache
def _module_names(module: str) -> dict[str, Any]:
    """The names a module imports only for type checking, resolved now (everything is
    importable by the time a call comes in)."""
    found: dict[str, Any] = {}
    path = getattr(sys.modules.get(module), "__file__", None)
    if not path:
        return found
    try:
        with open(path, encoding="utf-8") as source:
            tree = ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):  # no source to read: only the plain names
        return found
    for node in ast.walk(tree):
        if not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)):
            continue
        for inner in node.body:
            try:
                if isinstance(inner, ast.ImportFrom) and inner.module and not inner.level:
                    imported = __import__(inner.module, fromlist=["*"])
                    for alias in inner.names:
                        found[alias.asname or alias.name] = getattr(imported, alias.name)
                elif isinstance(inner, ast.Import):
                    for alias in inner.names:
                        __import__(alias.name)
                        top = alias.asname or alias.name.partition(".")[0]
                        found[top] = sys.modules[alias.name if alias.asname else top]
            except (ImportError, AttributeError):
                continue
    return found


def hints(func: Callable[..., Any], owner: type | None = None) -> dict[str, Any]:
    """The annotations of ``func``'s parameters as types, the names its module imports
    only for type checking included (an annotation that cannot be read is left out; a
    type variable stands for its bound). For a method of ``owner``, a parameter
    annotated ``Any`` takes the annotation of the method it overrides.

    Example:
        >>> from deduce.core.space import Space
        >>> hints(Space.filter)["mask"] is npt.ArrayLike
        True
    """
    plain = inspect.unwrap(func)
    module = getattr(plain, "__module__", None)
    if not isinstance(module, str):
        return {}
    namespace = {**_module_names(module), **getattr(plain, "__globals__", {})}
    found: dict[str, Any] = {}
    for name, text in getattr(plain, "__annotations__", {}).items():
        if name == "return":
            continue
        try:
            found[name] = _bound(eval(text, namespace) if isinstance(text, str) else text)
        except Exception:  # a name only a type checker knows: not checked
            continue
    for base in owner.__mro__[1:] if owner is not None else ():
        overridden = vars(base).get(getattr(plain, "__name__", ""))
        if isinstance(overridden, (classmethod, staticmethod)):
            overridden = overridden.__func__
        if not callable(overridden) or not base.__module__.startswith("deduce"):
            continue
        above = hints(overridden)
        for name, hint in found.items():
            if hint is Any and above.get(name, Any) is not Any:
                found[name] = above[name]
    return found


def _bound(hint: Any) -> Any:
    """``hint``, or the bound of a type variable (read in its module if written as a
    string)."""
    if not isinstance(hint, TypeVar) or hint.__bound__ is None:
        return hint
    bound = hint.__bound__
    if isinstance(bound, typing.ForwardRef):
        module = sys.modules.get(getattr(hint, "__module__", ""), None)
        namespace = {**_module_names(module.__name__), **vars(module)} if module else {}
        try:
            return eval(bound.__forward_arg__, namespace)
        except Exception:
            return Any
    return bound
