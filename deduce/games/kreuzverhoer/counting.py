"""Kreuzverhör: the counting behind recommendations and card values.

Example:
    >>> tables = guess_tables(Deck.default())
    >>> len(tables.cases), len(tables.guesses)
    (1944, 2916)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce.core.info import entropy, round_bits
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.cards import FIELDS, SIZES, Deck
from deduce.games.kreuzverhoer.clues import NAMES_TOLD, Guess

__all__ = ["CaseTables", "entropy_lay", "guess_tables", "lay_classes", "lay_partition"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# -- tables ----------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class CaseTables:
    """The cases and guesses of one deck, as value indices, and how they map."""

    cases: IntArray  # (1944, 4) value indices, the case ids in order
    case_guess: IntArray  # (1944,) guess number of each case
    guess_case: IntArray  # (2916,) case id of each guess, -1 if crime and weapon do not go
    guess_array: IntArray  # (2916, 4)
    guesses: tuple[Guess, ...]
    guess_number: dict[Guess, int]


SHAPE = tuple(SIZES[f] for f in FIELDS)
GUESSES = math.prod(SHAPE)


@cache
def guess_tables(deck: Deck) -> CaseTables:
    """The :class:`CaseTables` of ``deck`` (built once per deck)."""
    grid = np.indices(SHAPE).reshape(4, -1).T.astype(np.int64)
    ok = np.zeros((SIZES["crime"], SIZES["weapon"]), dtype=bool)
    for c, crime in enumerate(deck.crimes):
        for weapon in deck.weapons_for(crime):
            ok[c, deck.weapons.index(weapon)] = True
    valid = ok[grid[:, 0], grid[:, 3]]
    case_guess = np.flatnonzero(valid).astype(np.int64)
    guess_case = np.full(GUESSES, -1, dtype=np.int64)
    guess_case[case_guess] = np.arange(len(case_guess))
    names = [deck.names(f) for f in FIELDS]
    guesses = tuple(Guess(*(names[i][v] for i, v in enumerate(row))) for row in grid.tolist())
    cases = grid[case_guess]
    for array in (grid, cases, case_guess, guess_case):
        array.setflags(write=False)
    return CaseTables(
        cases=cases,
        case_guess=case_guess,
        guess_case=guess_case,
        guess_array=grid,
        guesses=guesses,
        guess_number={g: i for i, g in enumerate(guesses)},
    )


_SUBSETS = [(bin(s).count("1"), tuple(a for a in range(4) if not (s >> a) & 1)) for s in range(16)]


def histograms(tensor: IntArray) -> IntArray:
    """``(2916, 5)``: for every guess, the weight of cases with 0..4 details right.

    ``tensor`` holds each case's weight at its (crime, scene, suspect, weapon) cell. The
    weight agreeing with a guess on a set S of details is a marginal of the tensor; summed
    over all S of size j it is the j-th binomial moment of the number right, which
    inverts to the exact histogram. 16 small marginals instead of a table of
    2916 x cases.
    """
    moments = [np.zeros(SHAPE, dtype=np.int64) for _ in range(5)]
    for size, other in _SUBSETS:
        moments[size] += tensor.sum(axis=other, keepdims=True) if other else tensor
    exact = [
        sum((-1) ** (j - k) * math.comb(j, k) * moments[j] for j in range(k, 5)) for k in range(5)
    ]
    return np.stack(exact, axis=-1).reshape(GUESSES, 5)


_STRIDES = np.array([math.prod(SHAPE[f + 1 :]) for f in range(len(SHAPE))], dtype=np.int64)
_NO_CARD = np.arange(max(SHAPE))[None, :] >= np.array(SHAPE)[:, None]  # (4, 9): past a kind's cards
_DETAILS = np.arange(len(SHAPE))
_SIZES = np.array(SHAPE)
_TABLE_CELLS = 40_000  # classes x cases up to which the classes' outcome table is counted


def lay_partition(space: Space, numbers: IntArray | None = None) -> Partition:
    """How the cases of ``space`` split by the number of details right (0 to 4), for
    each lay of guess numbers ``numbers`` (default: all 2916, in order): the histograms
    of :func:`histograms` over the cases' weights.

    Raises:
        InvalidInput: not a space of Kreuzverhör cases, or not guess numbers.

    Example:
        >>> from deduce.games.kreuzverhoer import Investigation
        >>> lay_partition(Investigation().space, np.array([0])).count.tolist()
        [[1080, 671, 171, 21, 1]]
    """
    _check_space(space)
    if numbers is not None:
        given = numbers
        numbers = np.asarray(numbers)
        if (
            numbers.ndim != 1
            or (numbers.size and numbers.dtype.kind not in "iu")
            or (numbers.size and not (numbers.min() >= 0 and numbers.max() < GUESSES))
        ):
            raise InvalidInput("numbers", given, f"guess numbers from 0 to {GUESSES - 1}")
        numbers = numbers.astype(np.int64, copy=False)
    return _lay_partition(space, numbers)


def _lay_partition(space: Space, numbers: IntArray | None) -> Partition:
    cells = space.worlds @ _STRIDES  # each case's own guess number
    weights = np.zeros(GUESSES, dtype=np.int64)
    weights[cells] = space.weights
    mass = histograms(weights.reshape(SHAPE))
    if numbers is not None:
        mass = mass[numbers]
    if bool((space.weights == 1).all()):
        count = mass
    else:
        ones = np.zeros(GUESSES, dtype=np.int64)
        ones[cells] = 1
        count = histograms(ones.reshape(SHAPE))
        if numbers is not None:
            count = count[numbers]
    return Partition(mass=mass.astype(np.float64), count=count, cond_entropy=np.zeros(len(mass)))


def lay_classes(space: Space) -> tuple[IntArray, Partition]:
    """One lay of each class of lays that split the cases of ``space`` alike, and how
    each splits them.

    Two lays split the cases alike when, detail by detail, they lay the same card or
    two cards that no case of ``space`` has (neither is ever right). Each class is
    stood for by its first lay in the order of guess numbers: in each detail a card of
    some case, or the first card of none. A lay that can be a case has only cards of
    cases, so it is a class of its own. With few cases there are few classes (at most
    81 for two cases, against 2916 lays), and every lay scores as its class does.

    Returns:
        The classes' guess numbers, increasing, and their :class:`Partition` (the same
        rows as :func:`lay_partition` gives those lays).

    Raises:
        InvalidInput: not a space of Kreuzverhör cases.

    Example:
        >>> from deduce.games.kreuzverhoer import Investigation
        >>> space = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.").space
        >>> numbers, part = lay_classes(space)
        >>> space.size, len(numbers), part.count[0].tolist()
        (6, 56, [0, 5, 1, 0, 0])
    """
    _check_space(space)
    return _lay_classes(space)


def _lay_classes(space: Space) -> tuple[IntArray, Partition]:
    worlds = space.worlds
    seen = _NO_CARD.copy()
    seen[_DETAILS, worlds] = True  # the cards the cases have (and those past the end)
    kept = seen & ~_NO_CARD
    kept[_DETAILS, seen.argmin(axis=1)] = True  # the first card of no case, if any
    cards = [np.flatnonzero(row) for row in kept]
    numbers = (
        cards[0][:, None, None, None] * _STRIDES[0]
        + cards[1][None, :, None, None] * _STRIDES[1]
        + cards[2][None, None, :, None] * _STRIDES[2]
        + cards[3][None, None, None, :]
    ).ravel()
    classes, cases = len(numbers), len(worlds)
    if classes * cases > _TABLE_CELLS or not bool((space.weights == 1).all()):
        return numbers, _lay_partition(space, numbers)
    right = [(c[:, None] == worlds[None, :, f]).astype(np.intp) for f, c in enumerate(cards)]
    table = (
        right[0][:, None, None, None, :]
        + right[1][None, :, None, None, :]
        + right[2][None, None, :, None, :]
        + right[3][None, None, None, :, :]
    ).reshape(classes, cases)
    table += np.arange(0, 5 * classes, 5)[:, None]  # each class its own 5 answers
    count = np.bincount(table.ravel(), minlength=5 * classes).reshape(classes, 5)
    count = count.astype(np.int64, copy=False)
    part = Partition(mass=count.astype(np.float64), count=count, cond_entropy=np.zeros(classes))
    return numbers, part


def entropy_lay(space: Space) -> tuple[int, Partition]:
    """The lay that ``recommend()`` ranks first under ``"entropy"`` on the cases of
    ``space``, found among one lay of each class (:func:`lay_classes`), and its
    partition (one row).

    The ranking's order over all 2916 lays: the best score (the information, rounded),
    then a lay that can be the case, then the first. Every lay scores as its class
    does, a lay that can be the case is a class of its own and each class is stood for
    by its first lay, so the first best class gives the same lay.

    Raises:
        InvalidInput: not a space of Kreuzverhör cases.

    Example:
        >>> from deduce.games.kreuzverhoer import Investigation
        >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
        >>> number, row = entropy_lay(inv.space)
        >>> inv.queries()[number] == inv.best("entropy"), row.count.tolist()
        (True, [[0, 0, 0, 5, 1]])
    """
    _check_space(space)
    own = space.worlds @ _STRIDES  # each case's own lay
    if len(own) in (1, 2) and bool((space.weights == 1).all()):
        # One case: every lay has one answer (0 bits) and the case's own lay, which can
        # be the case, comes first. Two: no lay teaches more than one that tells them
        # apart, as each case's own lay does; the first of those comes first.
        first = int(np.argmin(own))
        right = (space.worlds == space.worlds[first]).sum(axis=1)
        count = np.bincount(right, minlength=5).astype(np.int64, copy=False)[None, :]
        return int(own[first]), Partition(count.astype(np.float64), count, np.zeros(1))
    numbers, part = _lay_classes(space)
    score = STRATEGIES["entropy"](part)
    best = score == score.max()
    cases = np.zeros(GUESSES, dtype=bool)
    cases[own] = True  # the lays that can be the case
    preferred = best & cases[numbers]
    i = int(np.argmax(preferred if preferred.any() else best))
    row = Partition(part.mass[i : i + 1], part.count[i : i + 1], part.cond_entropy[i : i + 1])
    return int(numbers[i]), row


def _check_space(space: Space) -> None:
    """Refuse a space that is not of Kreuzverhör's cases (their value indices)."""
    worlds = space.worlds if isinstance(space, Space) else None
    if (
        worlds is None
        or tuple(space.names) != FIELDS
        or worlds.ndim != 2
        or worlds.shape[1] != len(SHAPE)
        or (len(worlds) and not ((worlds >= 0) & (worlds < _SIZES)).all())
    ):
        raise InvalidInput("space", space, f"a space of cases: {', '.join(FIELDS)}")


def expected_correct(part: Partition) -> FloatArray:
    total = part.mass.sum(axis=1)
    correct = (part.mass * np.arange(part.mass.shape[1])).sum(axis=1)
    result: FloatArray = round_bits(correct / np.where(total > 0, total, 1))
    return result


def win_probability_of(part: Partition, left: int) -> FloatArray:
    """P(solved within ``left`` questionings) if this guess is laid now, or a bound.

    With 1 left: exact. With 2 left: exact when no further investigation card is played
    (the last questioning then solves one case of the part the answer leaves; a card in
    between could split that part and do better). With 3 or more left: only an upper
    bound (after this one, ``m`` more questionings solve at most ``(4**m - 1) / 3`` cases
    of a part), which is 1.0 for every guess while more than a few cases remain, so the
    tie-break (information) decides.
    """
    total = part.mass.sum(axis=1)
    solvable = (4 ** (left - 1) - 1) // 3
    mass, count = part.mass[:, :4], part.count[:, :4]
    share = np.minimum(1.0, solvable / np.where(count > 0, count, 1))
    win = part.mass[:, 4] + (mass * share).sum(axis=1)
    result: FloatArray = round_bits(win / np.where(total > 0, total, 1))
    return result


def card_information(
    deck: Deck, space: Space, card: str, laid: Guess, *, silent_first: bool = False
) -> tuple[float, int]:
    """(expected bits, most cases left) of ``card`` on ``space`` after laying ``laid``.

    The answering player names any wrong detail the card allows with equal chance; with
    ``silent_first``, details already ruled out on ``space`` first (as
    :meth:`Interrogation.suggestions` answers), and only the names still missing among
    the others, each set equally likely.
    """
    if space.total == 0:
        return 0.0, 0
    weights = space.weights.astype(np.float64)
    column = {f: space.worlds[:, i] for i, f in enumerate(FIELDS)}
    if card == "confrontation":
        same = column["suspect"] == deck.index("suspect", laid.suspect)
        mass = np.array([weights[same].sum(), weights[~same].sum()])
        return entropy(mass), int(max(same.sum(), (~same).sum()))
    field, named = NAMES_TOLD[card]
    mask = (
        column["scene"] == deck.index("scene", laid.scene)
        if card == "investigators_on_site"
        else None
    )
    inside = np.ones(space.size, dtype=bool) if mask is None else mask
    by_value = np.bincount(column[field][inside], weights=weights[inside], minlength=SIZES[field])
    cases = np.bincount(column[field][inside], minlength=SIZES[field])
    values = list(range(SIZES[field]))
    if silent_first and cases.sum() > 0:
        values = [v for v in values if cases[v] > 0]  # the answer names the others first
        named -= SIZES[field] - len(values)
    inside_mass, inside_count = float(by_value.sum()), int(cases.sum())
    answers_mass, answers_count = [], []
    choices = math.comb(len(values) - 1, named) if named > 0 else 1
    for subset in combinations(values, max(named, 0)):
        answers_mass.append((inside_mass - by_value[list(subset)].sum()) / choices)
        answers_count.append(inside_count - int(cases[list(subset)].sum()))
    if mask is not None:  # "wrong scene" is an answer of its own
        answers_mass.append(float(weights[~inside].sum()))
        answers_count.append(int((~inside).sum()))
    mass = np.array(answers_mass)
    noise = inside_mass / float(weights.sum()) * math.log2(choices)
    bits = max(0.0, entropy(mass) - noise)
    return bits, max(c for c, m in zip(answers_count, answers_mass, strict=True) if m > 0)


guard(globals())
