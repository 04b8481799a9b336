"""Entropy arithmetic in bits, written once for the engine and every game.

:mod:`deduce.core.strategy` builds partitions and scores from these; games that count their
own partitions use the same functions, so that equal quantities round equally.

Example:
    >>> from deduce.core.info import entropy, round_bits
    >>> entropy([1, 1, 2])
    1.5
    >>> round_bits(np.array([0.1 + 0.2])).tolist()
    [0.3]
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_
from deduce.errors import InvalidInput

__all__ = [
    "binary_entropy",
    "conditional_entropy",
    "entropy",
    "mutual_information",
    "plogp",
    "round_bits",
]

FloatArray = npt.NDArray[np.float64]


def plogp(p: npt.ArrayLike) -> FloatArray:
    """``-p log2 p`` elementwise, 0 where p is 0.

    Example:
        >>> plogp([0.0, 0.5, 1.0]).tolist()
        [0.0, 0.5, 0.0]
    """
    array = np.asarray(p, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        result: FloatArray = -np.where(
            array > 0, array * np.log2(np.where(array > 0, array, 1.0)), 0.0
        )
    return result + 0.0


def entropy(weights: npt.ArrayLike) -> float:
    """The entropy in bits of the distribution proportional to ``weights`` (0 if empty).

    Example:
        >>> entropy([3, 3]), entropy([5]), entropy([])
        (1.0, 0.0, 0.0)
    """
    array = _amounts("weights", weights, 1, N_("weights of at least 0, a list of numbers"))
    total = float(array.sum())
    if total <= 0:
        return 0.0
    return float(plogp(array[array > 0] / total).sum()) + 0.0


def _amounts(argument: str, value: Any, ndim: int, expected: str) -> FloatArray:
    """``value`` as an array of ``ndim`` dimensions of finite numbers from 0, or
    InvalidInput naming ``argument``."""
    try:
        array = np.asarray(value, dtype=np.float64) if value is not None else None
    except (TypeError, ValueError):
        array = None
    if array is None or array.ndim != ndim or not np.isfinite(array).all() or (array < 0).any():
        raise InvalidInput(argument, value, expected)
    return array


def mutual_information(joint: npt.ArrayLike, sizes: npt.ArrayLike | None = None) -> float:
    """The mutual information in bits of the solution and the answer from their joint
    chances: a row per solution and a column per answer; or, with ``sizes``, a row per
    group of ``sizes[i]`` solutions alike, each with that row's chances. Never below 0.

    Example:
        >>> mutual_information([[0.5, 0.0], [0.0, 0.5]]), mutual_information([[0.25, 0.25]], [2])
        (1.0, 0.0)
    """
    table = _amounts("joint", joint, 2, N_("a table of chances from 0: a row per solution"))
    groups = np.ones(len(table))
    if sizes is not None:
        groups = _amounts("sizes", sizes, 1, N_("a number from 0 for each row of the table"))
        if groups.shape != (len(table),):
            raise InvalidInput("sizes", sizes, N_("a number from 0 for each row of the table"))
    h_joint = float((plogp(table) * groups[:, None]).sum())
    h_solution = float((plogp(table.sum(axis=1)) * groups).sum())
    h_answer = float(plogp((table * groups[:, None]).sum(axis=0)).sum())
    return max(h_solution + h_answer - h_joint, 0.0) + 0.0


def binary_entropy(p: npt.ArrayLike) -> FloatArray:
    """The entropy in bits of a yes/no answer that is yes with probability ``p``, elementwise.

    Example:
        >>> binary_entropy([0.0, 0.5, 1.0]).tolist()
        [0.0, 1.0, 0.0]
    """
    array = np.asarray(p, dtype=np.float64)
    return plogp(array) + plogp(1.0 - array)


def conditional_entropy(h_joint: FloatArray, solution_weights: npt.ArrayLike) -> FloatArray:
    """H(answer | solution) = H(solution, answer) - H(solution), never below 0.

    Args:
        h_joint: ``H(solution, answer)`` per query, in bits.
        solution_weights: the weight of each solution.

    Example:
        >>> conditional_entropy(np.array([2.0, 1.0]), [1, 1]).tolist()
        [1.0, 0.0]
    """
    result: FloatArray = np.maximum(h_joint - entropy(solution_weights), 0.0)
    return result


def round_bits(values: npt.ArrayLike) -> FloatArray:
    """``values`` rounded to 9 decimals: floating-point noise must not break ties that
    are exact in real numbers.

    Example:
        >>> round_bits(np.array([1 / 3])).tolist()
        [0.333333333]
    """
    if isinstance(values, (bool, np.bool_)):
        values = float(values)  # numpy rounds no truth value
    result: FloatArray = np.round(cast(Any, values), 9)  # a number stays a number
    return result


guard(globals())
