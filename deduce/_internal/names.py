"""Names as players type them: one way for every game to read a card, a colour or a verb.

A name is found whatever the case, with or without its accents and umlauts (``Überfall``
is ``Ueberfall``, ``Uberfall`` or ``uberfall``; ``ß`` may be ``ss``), and with spaces,
hyphens, dots and ``_`` left out or put in (``Juri L.`` is ``juri_l``); where the reader
allows it, a unique start is enough. A name that fits nothing is refused with the valid
names and, when one is close, "did you mean ...?"; a word that fits several names is
refused naming them. Completion offers the names that start with what is typed, read the
same way.

Example:
    >>> resolve("Ueberfall", ["Mord", "Überfall"], argument="crime")
    'Überfall'
    >>> resolve("koln", ["Köln*", "Ulm"], argument="scene")
    'Köln*'
    >>> resolve("Merd", ["Mord", "Überfall"], argument="crime")
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: crime='Merd' is not valid (did you mean Mord?); expected one of ...
    >>> starts("ueb", "Überfall"), fold("Straße")
    (True, 'strasse')
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
import unicodedata
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from deduce._internal.entry import guard, is_int
from deduce._internal.language import M
from deduce.errors import InvalidInput

__all__ = ["close", "fold", "forms", "lookup", "resolve", "starts"]

T = TypeVar("T", bound=Hashable)

_LETTERS = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d"})
_SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue"}
_MOST_SPELLINGS = 4  # umlauts written each way on their own; beyond that, all one way


def fold(text: str) -> str:
    """The comparison key of a name: lower case, accents and umlauts dropped (``ß`` is
    ``ss``), letters and digits only.

    Example:
        >>> fold("Gegenüberstellung"), fold("Juri L."), fold("Crème brûlée")
        ('gegenuberstellung', 'juril', 'cremebrulee')
    """
    text = unicodedata.normalize("NFKD", text.casefold()).translate(_LETTERS)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[\W_]+", "", text)


@functools.lru_cache(maxsize=4096)
def forms(name: str) -> frozenset[str]:
    """Every key under which ``name`` may be typed: :func:`fold`, and its umlauts written
    out (``ä`` as ``ae``, ``ö`` as ``oe``, ``ü`` as ``ue``), each one either way.

    Example:
        >>> sorted(forms("Köln"))
        ['koeln', 'koln']
        >>> sorted(forms("Mord"))
        ['mord']
    """
    text = unicodedata.normalize("NFC", name.casefold())
    places = [i for i, ch in enumerate(text) if ch in _SPELLED]
    if not places:
        return frozenset({fold(text)})
    if len(places) > _MOST_SPELLINGS:
        spelled = "".join(_SPELLED.get(ch, ch) for ch in text)
        return frozenset({fold(text), fold(spelled)})
    found = set()
    for choice in itertools.product((False, True), repeat=len(places)):
        chars = list(text)
        for place, spell in zip(places, choice, strict=True):
            if spell:
                chars[place] = _SPELLED[chars[place]]
        found.add(fold("".join(chars)))
    return frozenset(found)


def starts(typed: str, name: str) -> bool:
    """Whether ``name`` starts with ``typed``, read as :func:`forms` reads names (what
    Tab offers).

    Example:
        >>> starts("Koe", "Köln*"), starts("Ko", "Köln*"), starts("Kl", "Köln*")
        (True, True, False)
    """
    wanted = forms(typed)
    return any(form.startswith(w) for form in forms(name) for w in wanted)


def lookup(typed: str, names: Sequence[str], *, prefix: bool = True) -> list[int]:
    """The positions in ``names`` that ``typed`` may mean, from the closest reading that
    fits any: the name exactly; then ignoring case; then as :func:`forms` reads it; then
    (when ``prefix``) the names that start so. Several positions mean ``typed`` is
    ambiguous; none, that it names nothing.

    Example:
        >>> lookup("ab", ["abc", "abd", "x"]), lookup("ab", ["abc", "abd"], prefix=False)
        ([0, 1], [])
        >>> lookup("Straße", ["Strasse", "Straße"]), lookup("strasse", ["Straße", "Weg"])
        ([1], [0])
    """
    exact = [i for i, n in enumerate(names) if n == typed]
    if exact:
        return exact
    folded = typed.casefold()
    same_case = [i for i, n in enumerate(names) if n.casefold() == folded]
    if same_case:
        return same_case
    wanted = forms(typed)
    same = [i for i, n in enumerate(names) if forms(n) & wanted]
    if same or not prefix or not any(wanted):
        return same
    return [i for i, n in enumerate(names) if starts(typed, n)]


def close(typed: str, names: Sequence[str], *, most: int = 3) -> list[str]:
    """The names that ``typed`` looks like a slip of (by :mod:`difflib` on the folded
    forms), closest first: what "did you mean" offers.

    Example:
        >>> close("Ueberfal", ["Mord", "Überfall", "Einbruch"])
        ['Überfall']
    """
    if not is_int(most) or most < 1:
        raise InvalidInput("most", most, "an integer of at least 1")
    keys: dict[str, str] = {}
    for name in names:
        for form in sorted(forms(name)):
            keys.setdefault(form, name)
    found: dict[str, None] = {}
    for wanted in sorted(forms(typed)):
        for form in difflib.get_close_matches(wanted, list(keys), n=most, cutoff=0.6):
            found.setdefault(keys[form], None)
    return list(found)[:most]


def resolve(
    typed: Any,
    choices: Sequence[T],
    *,
    argument: str,
    prefix: bool = True,
    aliases: Mapping[str, T] | None = None,
) -> T:
    """The choice that ``typed`` names (see :func:`lookup`): by its name (``str`` of the
    choice) or one of ``aliases`` (other words for a choice, such as a card's German
    title).

    Raises:
        InvalidInput: ``typed`` is not a str, names no choice (with "did you mean" when
            one is close), or fits several (naming them); its choices are the real names.

    Example:
        >>> resolve("gegenuber", ["confrontation", "informant"], argument="card",
        ...         aliases={"Gegenüberstellung": "confrontation"})
        'confrontation'
        >>> resolve("M", ["Mord", "Messer"], argument="card")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: card='M' is not valid (it fits several: Mord, Messer); ...
    """
    options = list(choices)
    words = [str(c) for c in options]
    meant: list[T] = list(options)
    for word, choice in (aliases or {}).items():
        words.append(word)
        meant.append(choice)
    if not isinstance(typed, str):
        raise InvalidInput(argument, typed, options)
    found = list(dict.fromkeys(meant[i] for i in lookup(typed, words, prefix=prefix)))
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(str(c) for c in found)
        raise InvalidInput(
            argument, typed, found, reason=M("it fits several: {names}", names=names)
        )
    near = close(typed, words)
    reason = M("did you mean {names}?", names=_either(near)) if near else None
    raise InvalidInput(argument, typed, options, reason=reason)


def _either(names: Sequence[str]) -> str:
    """``names`` joined by "or" in the player's language (when the message is said)."""
    joined = names[0]
    for name in names[1:]:
        joined = M("{first} or {second}", first=joined, second=name)
    return joined


guard(globals())
