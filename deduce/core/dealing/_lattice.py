"""Exact sums over the sets of unknown cards: the arithmetic under every count.

The deals are counted by inclusion and exclusion over the sets ``S`` of unknown cards.
For each seat, ``z(S)`` is the number of hands the seat may hold inside ``S``; a tuple
of hands, one per seat, whose sizes add up to the unknown cards and which all lie in
``S`` covers all of them exactly when the hands are disjoint, so the number of deals is

    sum over S of (-1)^(|U| - |S|) * prod over seats of z(S)

(the zeta transform of each seat's allowed hands, multiplied pointwise, then the Möbius
transform at the whole set). A set is known by how many cards of each *kind* it holds
(:func:`~deduce.core.dealing._reduced.kinds`): the sums run over the points of a lattice
with one axis per kind (``0..n`` cards of a kind of ``n``), each point standing for the
``prod C(n, s)`` sets with those numbers. An axis of a kind of one card is an ordinary
bit of a subset.

The products overflow 64 bits long before the sums (up to 816^6 for six Cluedo hands),
but the counts they add up to are small: numpy's 64-bit integers wrap around, so every
sum is exact modulo 2^64 and a count below 2^63 comes out exactly. A table whose counts
may reach 2^63 is counted again modulo primes below 2^26 (every product reduced, so
that no sum overflows) and the residues are combined (:func:`combine`, Chinese
remainders).

Example:
    >>> ring = Ring(0)
    >>> int(ring.mul(np.array([2**62]), np.array([4]))[0])  # wraps: 2**64 is 0
    0
    >>> len(rings(2**62)), len(rings(10**30))  # 2**64 * two primes > 2 * 10**30
    (1, 3)
    >>> combine([10**20 % 2**64, 10**20 % PRIMES[0]], rings(10**20)) == 10**20
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb, isqrt, prod

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.int64]

PRIMES = (67108859, 67108837, 67108819, 67108777, 67108763, 67108757, 67108753, 67108747)
"""Primes below 2^26: a product of two residues is below 2^52, and up to 2^11 of them
add up without overflow. Counts larger than these tell apart (many cards shown at
random multiply their weights) take the next primes below them (:func:`prime`)."""


@cache
def prime(index: int) -> int:
    """The ``index``-th prime below 2^26, from the top: :data:`PRIMES`, then the next
    ones down.

    Example:
        >>> prime(0) == PRIMES[0], prime(8) < PRIMES[-1]
        (True, True)
    """
    if index < len(PRIMES):
        return PRIMES[index]
    candidate = prime(index - 1) - 2
    while any(candidate % d == 0 for d in range(3, isqrt(candidate) + 1, 2)):
        candidate -= 2
    return candidate


@dataclass(frozen=True, slots=True)
class Ring:
    """The integers modulo ``modulus``: 0 stands for numpy's wrapping 64-bit integers
    (modulo 2^64, nothing to reduce), else a prime of :data:`PRIMES`."""

    modulus: int

    def fix(self, a: Array) -> Array:
        """``a`` reduced (nothing to do modulo 2^64)."""
        return a % self.modulus if self.modulus else a

    def mul(self, a: Array, b: Array | int) -> Array:
        """The product, reduced."""
        with np.errstate(over="ignore"):
            return self.fix(a * b)

    def number(self, value: int) -> int:
        """A Python integer as an element of the ring (an int64 for modulo 2^64)."""
        if self.modulus:
            return value % self.modulus
        value %= 2**64
        return value - 2**64 if value >= 2**63 else value


def rings(bound: int) -> tuple[Ring, ...]:
    """The rings to count in when no count exceeds ``bound``: modulo 2^64 alone below
    2^63, else with as many primes as the Chinese remainders need."""
    chosen = [Ring(0)]
    product = 2**64
    while bound >= product // 2:
        modulus = prime(len(chosen) - 1)
        chosen.append(Ring(modulus))
        product *= modulus
    return tuple(chosen)


def combine(residues: Sequence[int], chosen: Sequence[Ring]) -> int:
    """The non-negative integer below the product of the moduli with these residues
    (the first modulo 2^64, as a signed 64-bit value or not)."""
    if len(chosen) == 1:
        value = int(residues[0])
        return value + 2**64 if value < 0 else value
    value = int(residues[0]) % 2**64
    modulus = 2**64
    for residue, ring in zip(residues[1:], chosen[1:], strict=True):
        p = ring.modulus
        step = ((int(residue) - value) * pow(modulus, -1, p)) % p
        value += step * modulus
        modulus *= p
    return value


def multinomial(total: int, parts: Sequence[int]) -> int:
    """``total! / prod(part!)`` with the rest a part of its own."""
    result = 1
    left = total
    for part in parts:
        result *= comb(left, part)
        left -= part
    return result


class Lattice:
    """The lattice of one set of kinds (sizes ``n``), in one ring: its weights and the
    transforms along its axes.

    Attributes:
        n: the size of each kind (an axis runs over ``0..n``).
        shape: ``n + 1`` per axis (1 for an axis of ``fixed``: the functions summed hold
            only the point ``fixed[axis]`` of it, and the signs are those of that point).
        sign: per axis, ``(-1)^(n - s) C(n, s)``: the number of sets with ``s`` cards of
            the kind, signed for the Möbius transform at the whole set.
        sign_with: per axis, ``(-1)^(n - s) C(n - 1, s - 1)``: the same sets that hold
            one given card of the kind.
    """

    def __init__(
        self, n: Sequence[int], ring: Ring, fixed: Mapping[int, int] | None = None
    ) -> None:
        self.n = tuple(int(k) for k in n)
        self.ring = ring
        self._binomial = _binomials(max(self.n, default=0) + 1, ring)
        self.sign = [_signs(k, ring)[0] for k in self.n]
        self.sign_with = [_signs(k, ring)[1] for k in self.n]
        shape = [k + 1 for k in self.n]
        self.fixed = dict(fixed or {})
        for axis, s in self.fixed.items():  # this axis holds one point only
            shape[axis] = 1
            self.sign[axis] = self.sign[axis][s : s + 1]
            self.sign_with[axis] = self.sign_with[axis][s : s + 1]
        self.shape = tuple(shape)

    @staticmethod
    def of(n: Sequence[int], ring: Ring, fixed: Mapping[int, int] | None = None) -> Lattice:
        """The lattice of these sizes in ``ring`` (see the class), made once and shared:
        its arrays are read-only.

        Example:
            >>> Lattice.of([2, 1], Ring(0)) is Lattice.of((2, 1), Ring(0))
            True
        """
        return _lattice(tuple(int(k) for k in n), ring, tuple(sorted((fixed or {}).items())))

    @property
    def ndim(self) -> int:
        return len(self.n)

    def grid(self, axis: int) -> Array:
        """``0..n`` along ``axis``, shaped to broadcast over the lattice."""
        shape = [1] * self.ndim
        shape[axis] = self.shape[axis]
        return np.arange(self.shape[axis], dtype=np.int64).reshape(shape)

    def total(self, axes: Sequence[int]) -> Array:
        """The number of cards of the kinds ``axes`` at every point (broadcastable)."""
        result: Array = np.zeros([1] * self.ndim, dtype=np.int64)
        for axis in axes:
            result = result + self.grid(axis)
        return result

    def zeta(self, a: Array) -> Array:
        """``z(s) = sum over h <= s of a(h) prod C(s, h)``: from how many hands of each
        point a seat may hold, how many it may hold inside each set."""
        z = np.array(a, dtype=np.int64)
        for axis, k in enumerate(self.n):
            if k == 1:
                low = z.take(0, axis=axis)
                index: list[slice | int] = [slice(None)] * self.ndim
                index[axis] = 1
                z[tuple(index)] = self.ring.fix(z[tuple(index)] + low)
            elif k > 1:
                matrix = self._binomial[: k + 1, : k + 1]
                with np.errstate(over="ignore"):
                    z = np.moveaxis(np.tensordot(matrix, z, axes=([1], [axis])), 0, axis)
                z = self.ring.fix(z)
        return np.ascontiguousarray(z)

    def dot_last(self, x: Array, vector: Array) -> Array:
        """``x`` summed against ``vector`` along its last axis (an axis of two points, the
        common case, by slices: the signs of a kind of one card are (-1, 1) and (0, 1))."""
        ring = self.ring
        if x.shape[-1] == 1:
            value = int(vector[0])
            if value == 1:
                return x[..., 0]
            return ring.mul(x[..., 0], value)
        if x.shape[-1] == 2:
            a, b = int(vector[0]), int(vector[1])
            if b == 1 and a == 0:
                return x[..., 1]
            if b == 1 and a == ring.number(-1):
                return ring.fix(x[..., 1] - x[..., 0])
            return ring.fix(ring.mul(x[..., 0], a) + ring.mul(x[..., 1], b))
        with np.errstate(over="ignore"):
            return ring.fix(x @ vector)

    def contract(self, x: Array, vectors: Sequence[Array | None]) -> Array:
        """``x`` with every axis that has a vector summed against it (the others kept,
        in order); the axes of ``x`` are the lattice's, or fewer when some were taken
        away (``vectors`` has one entry per axis of ``x``)."""
        result = x
        for axis in reversed(range(len(vectors))):
            vector = vectors[axis]
            if vector is None:
                continue
            if axis == result.ndim - 1:
                result = self.dot_last(result, vector)
            else:
                with np.errstate(over="ignore"):
                    result = self.ring.fix(np.tensordot(result, vector, axes=([axis], [0])))
        return result

    def pick_one(self, x: Array, axes: int, plain: Sequence[Array], held: Sequence[Array]) -> Array:
        """For the last ``axes`` axes of ``x``: ``out[i]`` sums them against ``held[i]``
        on axis ``i`` and ``plain`` on the others (one card of exactly one of those kinds
        is held); ``out`` has the choice as a new first axis."""
        tail = x.shape[x.ndim - axes :]
        size = prod(tail)
        if self.ring.modulus and size > 2**11:  # the sums could overflow: axis by axis
            none = x
            chosen: list[Array] = []
            for i in reversed(range(axes)):
                chosen = [self.dot_last(c, plain[i]) for c in chosen]
                chosen.insert(0, self.dot_last(none, held[i]))
                none = self.dot_last(none, plain[i])
            return np.stack(chosen)
        weights = _choice_weights(
            tuple(v.tobytes() for v in plain), tuple(v.tobytes() for v in held), self.ring
        )
        flat = x.reshape(-1, size)
        with np.errstate(over="ignore"):
            picked = self.ring.fix(weights @ flat.T)
        return picked.reshape(axes, *x.shape[: x.ndim - axes])

    def superset_transform(self, x: Array, axes: Sequence[int]) -> Array:
        """``y(d) = sum over s >= d of x(s) (-1)^(n-s) C(n-d, s-d)`` along each of
        ``axes`` (the other axes are summed against :attr:`sign`): the signed sum over
        the sets that hold a given hand of ``d`` cards of each kind."""
        y = x
        keep = set(axes)
        for axis in reversed(range(self.ndim)):
            k = self.n[axis]
            if axis not in keep:
                with np.errstate(over="ignore"):
                    y = self.ring.fix(np.tensordot(y, self.sign[axis], axes=([axis], [0])))
                continue
            matrix = np.array(
                [
                    [
                        self.ring.number((-1) ** (k - s) * comb(k - d, s - d)) if s >= d else 0
                        for s in range(k + 1)
                    ]
                    for d in range(k + 1)
                ],
                dtype=np.int64,
            )
            if axis in self.fixed:
                matrix = matrix[:, self.fixed[axis] : self.fixed[axis] + 1]
            with np.errstate(over="ignore"):
                y = np.moveaxis(np.tensordot(matrix, y, axes=([1], [axis])), 0, -1)
            y = self.ring.fix(y)
        # the kept axes came out last, in the reverse of their order: put them back
        return np.ascontiguousarray(np.transpose(y, tuple(reversed(range(y.ndim)))))


@cache
def _binomials(top: int, ring: Ring) -> Array:
    """``C(s, h)`` for ``s, h < top`` in ``ring`` (read-only, shared by the lattices)."""
    table = np.array(
        [[ring.number(comb(s, h)) for h in range(top)] for s in range(top)], dtype=np.int64
    )
    table.setflags(write=False)
    return table


@cache
def _signs(k: int, ring: Ring) -> tuple[Array, Array]:
    """The :attr:`Lattice.sign` and :attr:`Lattice.sign_with` of a kind of ``k`` cards
    in ``ring`` (read-only, shared by the lattices)."""
    rows = []
    for values in (
        [comb(k, s) for s in range(k + 1)],
        [comb(k - 1, s - 1) if s else 0 for s in range(k + 1)],
    ):
        signed = [v if (k - s) % 2 == 0 else -v for s, v in enumerate(values)]
        row = np.array([ring.number(v) for v in signed], dtype=np.int64)
        row.setflags(write=False)
        rows.append(row)
    return rows[0], rows[1]


@lru_cache(maxsize=256)
def _choice_weights(plain: tuple[bytes, ...], held: tuple[bytes, ...], ring: Ring) -> Array:
    """The weights of :meth:`Lattice.pick_one`, a row per choice ``i`` over the points
    of the axes flattened: ``held[i]`` on axis ``i`` times ``plain`` on the others (the
    vectors as the bytes of int64 arrays)."""
    vectors = [np.frombuffer(v, dtype=np.int64) for v in plain]
    rows = []
    for i, with_card in enumerate(held):
        row = np.ones(1, dtype=np.int64)
        for j, vector in enumerate(vectors):
            factor = np.frombuffer(with_card, dtype=np.int64) if i == j else vector
            row = ring.fix(np.multiply.outer(row, factor).reshape(-1))
        rows.append(row)
    weights = np.array(rows, dtype=np.int64)
    weights.setflags(write=False)
    return weights


@lru_cache(maxsize=512)
def _lattice(n: tuple[int, ...], ring: Ring, fixed: tuple[tuple[int, int], ...]) -> Lattice:
    return Lattice(n, ring, dict(fixed))
