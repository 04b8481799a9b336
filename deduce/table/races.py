"""The arithmetic of a race between seats, written once for every game's race model.

A game whose advice plays to win weighs how soon I finish against how soon the others
do. Each game says its own turn order (BSI's rounds and final round, Kreuzverhör's
questionings and skips, 13 Indizien's glass passed around the table); what is left is
the same four pieces, here:

- :func:`survival`: the chance that none of the seats who act before me wins (each with
  its own chance, independently);
- :func:`steady`: the chance that the others have not won before each of my next turns
  when they win each round with the same chance;
- :func:`first_to_finish`: my chance to win a race of turns, from the chance that I
  finish at each of my turns and the chance that nobody else has finished before it
  (a share for a tie when nobody finishes);
- :func:`most_points`: my chance to end with the most points, from every seat's final
  score's chances (a tie of ``k`` seats counted ``1/k``).

A game's *waiting* (my chance to win while another seat acts) is :func:`survival` of
the seats acting before my next turn times :func:`first_to_finish` from that turn
(13 Indizien), or :func:`first_to_finish` with the others' turns ahead of mine counted in
``alive`` (Kreuzverhör); BSI's race is :func:`most_points` of the score chances.

Example (I finish at my first turn with 0.5, at my second with 0.3; the one rival wins
each round with 0.2):
    >>> round(first_to_finish([0.5, 0.3], steady(0.2, 2)), 6)
    0.74
    >>> round(survival([0.2, 0.5]), 6), most_points({3: 1.0}, [{3: 0.5, 0: 0.5}])
    (0.4, 0.75)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput

__all__ = ["first_to_finish", "most_points", "steady", "survival"]

FloatArray = npt.NDArray[np.float64]

ROUNDING = 1e-9
"""How far outside 0 to 1 a list of chances may stray by rounding (a difference of
chances computed in floating point)."""


def _chance(argument: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise InvalidInput(argument, value, "a chance from 0 to 1")
    return float(value)


def _chances(argument: str, values: Any) -> FloatArray:
    """``values`` as a one-dimensional array of chances from 0 to 1, or InvalidInput."""
    expected = "a list of chances from 0 to 1"
    if isinstance(values, str | bytes):
        raise InvalidInput(argument, values, expected)
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidInput(argument, values, expected) from None
    if array.ndim != 1 or not np.isfinite(array).all():
        raise InvalidInput(argument, values, expected)
    if (array < -ROUNDING).any() or (array > 1 + ROUNDING).any():
        raise InvalidInput(argument, values, expected)
    return array


def survival(chances: Iterable[float]) -> float:
    """The chance that none of the seats wins, each with its own chance, independently.

    Example:
        >>> survival([0.5, 0.5]), survival([])
        (0.25, 1.0)
    """
    if isinstance(chances, str | bytes) or not isinstance(chances, Iterable):
        raise InvalidInput("chances", chances, "a list of chances from 0 to 1")
    safe = 1.0
    for chance in chances:
        safe *= 1.0 - _chance("chances", chance)
    return safe


def steady(hazard: float | FloatArray, rounds: int) -> FloatArray:
    """The chance that the others have not won before each of my next ``rounds`` turns,
    when they win each round with the chance ``hazard``: ``(1 - hazard) ** t``. An array
    of hazards gives a row each.

    Example:
        >>> steady(0.5, 3).tolist(), steady(np.array([0.0, 1.0]), 2).tolist()
        ([1.0, 0.5, 0.25], [[1.0, 1.0], [1.0, 0.0]])
    """
    rounds = check_int("rounds", rounds, 0)
    if isinstance(hazard, np.ndarray):
        if not np.isfinite(hazard).all() or (hazard < 0).any() or (hazard > 1).any():
            raise InvalidInput("hazard", hazard, "chances from 0 to 1")
        return np.asarray((1.0 - hazard[..., None]) ** np.arange(rounds), dtype=np.float64)
    keep = 1.0 - _chance("hazard", hazard)
    return np.asarray(keep ** np.arange(rounds), dtype=np.float64)


def first_to_finish(
    mine: Sequence[float] | FloatArray,
    alive: Sequence[float] | FloatArray,
    *,
    never: float = 0.0,
    tie: float = 0.5,
) -> float:
    """My chance to win a race of turns.

    Args:
        mine: the chance that I finish at each of my turns from now (the first: now).
        alive: for each of those turns, the chance that nobody else has finished
            before it.
        never: the chance that the others never finish.
        tie: what it is worth when nobody finishes (the rest of my chance, ``1 -
            sum(mine)``, times ``never``): a share of the tie-break, or 0.

    Raises:
        InvalidInput: lists of another length, chances out of 0 to 1, or ``mine``
            adding up to more than 1.

    Example (the rival never finishes: all I miss is half of the tie-break):
        >>> first_to_finish([0.5, 0.25], [1.0, 1.0], never=1.0)
        0.875
    """
    finish = _chances("mine", mine)
    rivals = _chances("alive", alive)
    if len(finish) != len(rivals):
        raise InvalidInput("alive", alive, f"{len(finish)} chances, one for each of mine")
    unfinished = 1.0 - float(finish.sum())
    if unfinished < -ROUNDING:
        raise InvalidInput("mine", mine, "chances that add up to 1 or less")
    rest = max(unfinished, 0.0) * _chance("never", never) * _chance("tie", tie)
    return float(finish @ rivals) + rest


def _scores(argument: str, value: object) -> dict[int, float]:
    """``value`` as score chances (score: probability), or InvalidInput."""
    expected = "score chances: a mapping of scores (0 or more) to probabilities from 0 to 1"
    if not isinstance(value, Mapping):
        raise InvalidInput(argument, value, expected)
    out: dict[int, float] = {}
    for score, chance in value.items():
        ok = isinstance(chance, (int, float)) and not isinstance(chance, bool)
        if not ok or not 0 <= chance <= 1:
            raise InvalidInput(argument, value, expected, reason=f"{chance!r} for {score!r}")
        out[check_int(f"{argument} (a score)", score, 0)] = float(chance)
    return out


def most_points(mine: Mapping[int, float], rivals: Sequence[Mapping[int, float]]) -> float:
    """My chance to have the most points, a tie of ``k`` seats counted ``1/k``: my final
    score's chances ``mine`` against each rival's, all independent.

    Example (a sure 5 points against a coin flip between 5 and 0: half a win tied):
        >>> most_points({5: 1.0}, [{5: 0.5, 0: 0.5}])
        0.75
    """
    mine = _scores("mine", mine)
    if isinstance(rivals, (str, bytes)) or not isinstance(rivals, Sequence):
        raise InvalidInput("rivals", rivals, "a list of score chances (score: probability)")
    rivals = [_scores(f"rivals[{i}]", rival) for i, rival in enumerate(rivals)]
    total = 0.0
    for x, weight in mine.items():
        ties = [1.0]  # the chance that every rival so far is at most x, with t of them tied
        for rival in rivals:
            below = sum(v for s, v in rival.items() if s < x)
            level = rival.get(x, 0.0)
            grown = [0.0] * (len(ties) + 1)
            for t, v in enumerate(ties):
                grown[t] += v * below
                grown[t + 1] += v * level
            ties = grown
        total += weight * sum(v / (t + 1) for t, v in enumerate(ties))
    return total


guard(globals())
