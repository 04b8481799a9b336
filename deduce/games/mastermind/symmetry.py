"""Mastermind's symmetries: permutations of positions and of colours.

A pair ``(sigma, pi)`` maps a code ``x`` to ``y[i] = pi[x[sigma[i]]]``. It keeps every
feedback (black and white pegs count the same after renaming colours and reordering
positions), so when it also maps each code guessed so far onto itself, it maps the
remaining codes onto themselves and any two moves it relates are worth the same:
one of them needs evaluating. :func:`orbits` groups the codes that way.

Example:
    >>> labels = orbits(2, 3, [])
    >>> sorted(set(labels.tolist()))  # "11" and "12": one code of each shape
    [0, 1]
    >>> orbits(2, 3, [(0, 1)]).tolist()  # "12" guessed: "11" ~ "22", "13" ~ "32", "23" ~ "31"
    [0, 1, 2, 3, 0, 5, 5, 2, 8]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard, is_int
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput

__all__ = ["digits_of", "orbits"]

IntArray = npt.NDArray[np.int64]
MAX_CODES = 1 << 20
"""The most codes a game has (as :class:`~deduce.games.mastermind.Game` allows)."""
_MAX_GENERATORS = 24


@lru_cache(maxsize=8)
def _permutations(pegs: int) -> npt.NDArray[np.int64]:
    return np.array(list(itertools.permutations(range(pegs))), dtype=np.int64)


def _stabilizer(
    guesses: npt.NDArray[np.int64], pegs: int, colours: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every ``(sigma, pi)`` with ``sigma`` a position permutation that maps each guess
    onto itself, ``pi`` its forced colour map (identity on colours never guessed)."""
    perms = _permutations(pegs)
    if len(guesses) == 0:
        return [(tuple(map(int, s)), tuple(range(colours))) for s in perms]
    source = guesses[:, perms].transpose(1, 0, 2).reshape(len(perms), -1)  # g[sigma]
    target = np.broadcast_to(guesses.reshape(1, -1), source.shape)
    used = np.unique(guesses)
    pairs = np.sort(source * colours + target, axis=1)
    distinct = 1 + (np.diff(pairs, axis=1) != 0).sum(axis=1)
    result = []
    for row in np.flatnonzero(distinct == len(used)):
        pi = list(range(colours))
        for a, b in zip(source[row].tolist(), target[row].tolist(), strict=True):
            pi[a] = b
        result.append((tuple(map(int, perms[row])), tuple(pi)))
    return result


def _compose(
    f: tuple[tuple[int, ...], tuple[int, ...]], g: tuple[tuple[int, ...], tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``f`` after ``g``: y = f(g(x))."""
    (sf, pf), (sg, pg) = f, g
    return tuple(sg[i] for i in sf), tuple(pf[c] for c in pg)


def _generators(
    elements: list[tuple[tuple[int, ...], tuple[int, ...]]],
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """A few elements that generate the group ``elements`` (or a subgroup of it, which
    is always sound: smaller orbits only mean more evaluations)."""
    pegs = len(elements[0][0])
    if len(elements) == len(_permutations(pegs)) and pegs > 1:  # every order: swaps suffice
        by_sigma = dict(elements)
        swaps = []
        for i in range(pegs - 1):
            sigma = list(range(pegs))
            sigma[i], sigma[i + 1] = sigma[i + 1], sigma[i]
            swaps.append((tuple(sigma), by_sigma[tuple(sigma)]))
        return swaps
    closure = {elements[0]}  # the identity comes first
    generators: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for element in elements[1:]:
        if element in closure or len(generators) >= _MAX_GENERATORS:
            continue
        generators.append(element)
        frontier = list(closure)
        while frontier:
            fresh = []
            for item in frontier:
                for gen in generators:
                    new = _compose(gen, item)
                    if new not in closure:
                        closure.add(new)
                        fresh.append(new)
            frontier = fresh
        if len(closure) == len(elements):
            break
    return generators


def digits_of(code: Any) -> str:
    """The digits of ``code`` (a ``Code``: any object whose ``digits`` are a string of
    digits), or InvalidInput.

    Example:
        >>> from deduce.games.mastermind import Code
        >>> digits_of(Code("1122"))
        '1122'
    """
    digits = getattr(code, "digits", None)
    if not isinstance(digits, str) or not digits.isdigit():
        raise InvalidInput("queries", code, "codes (Code)")
    return digits


def orbits(pegs: int, colours: int, guesses: Sequence[Sequence[int]]) -> IntArray:
    """For each code (in the order of ``Game.codes()``), the smallest index of a code
    that a symmetry fixing every one of ``guesses`` maps it to.

    Args:
        pegs: positions.
        colours: colours.
        guesses: codes as tuples of ints ``0..colours-1``.

    Example:
        >>> len(set(orbits(4, 6, []).tolist()))  # 1111, 1112, 1122, 1123, 1234
        5
    """
    pegs, colours = check_int("pegs", pegs, 1, 8), check_int("colours", colours, 1, 9)
    if colours**pegs > MAX_CODES:
        raise InvalidInput("pegs", pegs, f"colours ** pegs of at most {MAX_CODES}")
    for guess in guesses:
        if len(guess) != pegs or not all(is_int(c) and 0 <= c < colours for c in guess):
            raise InvalidInput("guesses", guesses, f"codes of {pegs} ints from 0 to {colours - 1}")
    fixed = np.array(sorted(set(map(tuple, guesses))), dtype=np.int64).reshape(-1, pegs)
    return _orbits(pegs, colours, fixed.tobytes())


@lru_cache(maxsize=64)
def _orbits(pegs: int, colours: int, fixed_bytes: bytes) -> IntArray:
    fixed = np.frombuffer(fixed_bytes, dtype=np.int64).reshape(-1, pegs)
    if len(fixed) == 0:  # every permutation: a code's orbit is its sorted colour counts
        codes = np.indices((colours,) * pegs, dtype=np.uint8).reshape(pegs, -1).T
        counts = -np.sort(-np.stack([(codes == c).sum(axis=1) for c in range(colours)], 1), 1)
        key = counts @ ((pegs + 1) ** np.arange(colours, dtype=np.int64))
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        fresh: IntArray = first[inverse.ravel()].astype(np.int64)
        fresh.setflags(write=False)
        return fresh
    elements = _stabilizer(fixed, pegs, colours)
    generators = _generators(elements) if len(elements) > 1 else []
    free = sorted(set(range(colours)) - set(np.unique(fixed).tolist()))
    identity = tuple(range(pegs))
    for a, b in itertools.pairwise(free):
        pi = list(range(colours))
        pi[a], pi[b] = b, a
        generators.append((identity, tuple(pi)))
    count = colours**pegs
    index = np.arange(count, dtype=np.int64)
    digits = [(index // colours ** (pegs - 1 - j) % colours).astype(np.intp) for j in range(pegs)]
    images = []
    for sigma, colour_map in generators:
        table = np.asarray(colour_map, dtype=np.int64)
        image = np.zeros(count, dtype=np.int64)
        for i in range(pegs):
            image += table[digits[sigma[i]]] * colours ** (pegs - 1 - i)
        images.append(image)
    labels = np.arange(count, dtype=np.int64)
    while True:
        before = labels.copy()
        for image in images:
            labels = np.minimum(labels, labels[image])
            labels[image] = np.minimum(labels[image], labels)
        for _ in range(4):
            labels = labels[labels]
        if np.array_equal(before, labels):
            break
    labels.setflags(write=False)
    return labels


guard(globals())
