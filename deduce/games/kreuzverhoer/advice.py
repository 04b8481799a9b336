"""Kreuzverhör: the race, the lay that makes it most likely that you solve first.

You answer every questioning about the case you chose, so the opponent's case file
(:attr:`Interrogation.opponent`) tells exactly how many cases they still hold.
:func:`pace` turns a case file into the chance of solving within each number of
questionings; :func:`race` ranks your next lay by the chance that you solve your case
before your opponent solves theirs. With your hand of action cards it chooses the lay
and the investigation card you play after it together (:func:`card_after`): a lay that
names Juri L. or Elke V. forbids the Informant. The race's arithmetic (the chance to
solve first, half the tie-break when nobody solves) is the engine's
(:func:`~deduce.table.races.first_to_finish`).

Example:
    >>> from deduce.games.kreuzverhoer import Case, Interrogation, Investigation
    >>> mine = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    >>> theirs = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
    >>> theirs = theirs.questioning("Mord", "Ulm", "Ede K.", "Axt*")   # 3 right: close
    >>> best = race(mine, theirs.opponent, top=1)[0]
    >>> best.solves_now > 0, round(best.win, 3)
    (True, 0.698)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.strategy import information
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.clues import (
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    VALUED_CARDS,
    Guess,
    ban_note,
    card_name,
)
from deduce.games.kreuzverhoer.counting import card_information
from deduce.games.kreuzverhoer.finish import FINISH_UP_TO, finish
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.games.kreuzverhoer.rules import MAX_LIMIT
from deduce.games.kreuzverhoer.study import questionings_needed
from deduce.table.races import first_to_finish

__all__ = ["EXACT_UP_TO", "Pace", "RaceMove", "card_after", "pace", "race", "waiting"]

FloatArray = npt.NDArray[np.float64]

EXACT_UP_TO = 40
"""Case files of at most this many cases get an exact pace (a walk of the whole decision
tree); larger ones the bound that ``t`` questionings solve at most ``(4**t - 1) / 3``
cases."""

TOLERANCE = 0.01  # chances to win within 1% of the best count as equal
CANDIDATES = 4  # lays compared: the most informative ones, and as many that can solve now
ALL_ATTEMPTS_UP_TO = 12  # with this few cases left, every lay that can solve now competes
PER_SUSPECT = 6  # with cards in hand: the most informative lays of each suspect (the bans
# go by suspect) are valued with the card played after them


@dataclass(frozen=True, slots=True)
class Pace:
    """How soon a case file is solved, playing ``strategy`` from here.

    Attributes:
        solved_by: ``solved_by[t]``: the chance of having solved within ``t`` more
            questionings, ``t = 0 ..`` the questionings left (``solved_by[0]`` is 0).
        exact: True when it comes from the whole decision tree (every case still held
            equally likely, no investigation cards); False when it is the upper bound
            that ``t`` questionings solve at most ``(4**t - 1) / 3`` cases.

    Example:
        >>> Pace((0.0, 0.25, 1.0), exact=True).within(1)
        0.25
    """

    solved_by: tuple[float, ...]
    exact: bool

    def within(self, questionings: int) -> float:
        """The chance of having solved within ``questionings`` more questionings (beyond
        the last entry: the last, solved by the end of the game or never).

        Raises:
            InvalidInput: ``questionings`` is not an integer of at least 0.
        """
        questionings = check_int("questionings", questionings, 0)
        return self.solved_by[min(questionings, len(self.solved_by) - 1)]


@dataclass(frozen=True, slots=True)
class RaceMove:
    """A lay ranked by the race.

    Attributes:
        action: the four cards to lay.
        win: the estimated chance to win the game with it: solving before the opponent,
            or (nobody solving) half of the rulebook's tie-break.
        solves_now: the chance that this lay solves the case at once.
        information: the expected bits it gives about the case.
        exact: whether ``win`` needed no bound (every part it leaves, and the
            opponent's case file, small enough for an exact pace).
        card_information: the expected bits of the best investigation card of the
            hand that it allows, played once its answer is known (:func:`card_after`;
            0.0 without a hand).
    """

    action: Guess
    win: float
    solves_now: float
    information: float
    exact: bool
    card_information: float = 0.0

    @property
    def joint(self) -> float:
        """The expected bits of the lay and the card after it: the lays are ranked by it."""
        return self.information + self.card_information


def _bound(size: int, left: int) -> FloatArray:
    t = np.arange(left + 1, dtype=np.float64)
    solved: FloatArray = np.minimum(1.0, (4.0**t - 1.0) / (3.0 * max(size, 1)))
    return solved


def pace(inv: Investigation, *, strategy: str = "entropy") -> Pace:
    """How soon ``inv`` is solved if its player lays what ``strategy`` says.

    Exact (a walk of the whole decision tree, every case still held equally likely, no
    investigation cards) when at most :data:`EXACT_UP_TO` cases are left; else the upper
    bound that ``t`` questionings solve at most ``(4**t - 1) / 3`` cases.

    Raises:
        InvalidInput: ``inv`` is not a Kreuzverhör case file, or an unknown strategy.

    Example:
        >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
        >>> [round(p, 3) for p in pace(inv, strategy="minimax").solved_by[:4]]
        [0.0, 0.167, 0.333, 0.5]
    """
    if not isinstance(inv, Investigation):
        raise InvalidInput("inv", inv, "a kreuzverhoer.Investigation")
    inv.check_strategy(strategy)
    left = inv.questionings_left
    last = inv.last_questioning
    if last is not None and last.correct == 4:  # laid: solved (a case deduced is not yet)
        return Pace((1.0,) * (left + 1), exact=True)
    size = inv.space.size
    if size > EXACT_UP_TO:
        return Pace(tuple(float(p) for p in _bound(size, left)), exact=False)
    needed = questionings_needed(inv, strategy)
    counts = np.bincount(needed, minlength=inv.limit + 2)[: left + 1]
    solved = np.cumsum(counts) / float(size)
    return Pace(tuple(float(p) for p in solved), exact=True)


def card_after(inv: Investigation, guess: Any, hand: Sequence[str]) -> float:
    """The expected bits of the best investigation card of ``hand`` that ``guess``
    allows, played after laying ``guess`` on ``inv`` once its answer is known.

    For each answer of the lay (but the four right ones, which end the game) the card
    that teaches most there, weighted by the answer's chance. The answering player
    names details already ruled out first (as :meth:`Interrogation.suggestions`
    answers): after a wrong Ulm, the Informant names Ulm and one scene more, so only
    one of the 8 scenes left is ruled out (``8/9 * (3 - log2 7)`` bits below). A card
    the laid suspect forbids (Juri L. and Elke V. forbid the Informant), a defence card
    and a card whose text the rulebook does not give count for nothing.

    Raises:
        InvalidInput: ``inv`` is not a Kreuzverhör case file, ``guess`` is not a lay of
            its deck, or ``hand`` names an unknown card.

    Example:
        >>> inv = Investigation().confirmed(crime="Mord", suspect="Ede K.", weapon="Gift")
        >>> round(card_after(inv, Guess("Mord", "Ulm", "Ede K.", "Gift"), ["informant"]), 3)
        0.171
        >>> card_after(inv, Guess("Mord", "Ulm", "Juri L.", "Gift"), ["informant"])
        0.0
    """
    if not isinstance(inv, Investigation):
        raise InvalidInput("inv", inv, "a kreuzverhoer.Investigation")
    guess = inv.as_query(guess)
    if isinstance(hand, str) or not isinstance(hand, Sequence):
        raise InvalidInput("hand", hand, "a list of card names")
    every = INVESTIGATION_CARDS + DEFENCE_CARDS
    named = [card_name(card, every, argument="hand") for card in hand]
    cards = [c for c in dict.fromkeys(named) if c in VALUED_CARDS]
    cards = [c for c in cards if ban_note(inv.deck, guess.suspect, c) is None]
    if not cards:
        return 0.0
    space = inv.space
    outcome = inv.outcome_table(space, [guess])[0]
    total = float(space.total)
    bits = 0.0
    for k in range(4):
        inside = outcome == k
        if not inside.any():
            continue
        part = space.filter(inside)
        best = max(
            card_information(inv.deck, part, card, guess, silent_first=True)[0] for card in cards
        )
        bits += float(part.total) / total * best
    return bits


def race(
    mine: Investigation,
    opponent: Investigation,
    *,
    top: int = 3,
    strategy: str = "entropy",
    hand: Sequence[str] | None = None,
    their_skips: int = 0,
    held_skips: int = 0,
    finishing: bool = True,
) -> list[RaceMove]:
    """Your next lays, ranked by the chance that you win the race.

    ``mine`` is your case file, ``opponent`` the opponent's (as
    :attr:`Interrogation.opponent` keeps it); it is your turn, and the opponent
    questions after you. The opponent is taken to lay what ``strategy`` says, and so are
    you after this lay; their pace and yours come from :func:`pace`. Compared are the
    most informative lays and the most informative lays that can solve at once (all of
    these when few cases are left): when the opponent is about to solve, a lay that
    tries to solve now wins; otherwise information does. While the opponent holds more
    than :data:`EXACT_UP_TO` cases their pace is only a bound that overstates how close
    they are, and the lays are ranked by information (as ``strategy`` ranks them); once
    it is exact, by the chance to win, where chances within 1% of the best count as
    equal and information decides among them. If nobody
    solves, the rulebook's tie-break (most details right in the last questioning) counts
    as half a win.

    With ``hand`` (your action cards), information is the lay's and the card's after it
    together (:attr:`RaceMove.joint`, :func:`card_after`; none on your last
    questioning, where only the details right count), and the most informative lays of
    every suspect compete too: a suspect whose card forbids the card you hold can cost
    more than the lay gains. ``their_skips``: questionings the opponent must skip
    before their next one (your Anwalt or Suspendierung): that many of your lays come
    before they question again. ``held_skips``: the skips in your hand, played in the
    opponent's next questionings (one each): each takes the questioning after it.

    Once the opponent's pace is exact and your case file holds at most
    :data:`~deduce.games.kreuzverhoer.finish.FINISH_UP_TO` cases, ``finishing`` (the
    default) ranks every lay by the exact chance to win when you play best after it
    (:func:`~deduce.games.kreuzverhoer.finish.finish`; the cards count for nothing
    there).

    Raises:
        InvalidInput: not Kreuzverhör case files, ``top`` < 1, or no questioning left.

    Example:
        >>> from deduce.games.kreuzverhoer import Case, Interrogation
        >>> mine = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
        >>> far = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift")).opponent
        >>> move = race(mine, far, top=1)[0]
        >>> str(move.action), round(move.win, 3), move.exact
        ('Mord / Ulm / Ede K. / Messer', 0.961, False)
    """
    for name, value in (("mine", mine), ("opponent", opponent)):
        if not isinstance(value, Investigation):
            raise InvalidInput(name, value, "a kreuzverhoer.Investigation")
    check_int("top", top, 1)
    check_int("their_skips", their_skips, 0)
    check_int("held_skips", held_skips, 0)
    if not isinstance(finishing, bool):
        raise InvalidInput("finishing", finishing, [True, False])
    left = mine.questionings_left
    if left == 0:
        raise InvalidInput("mine", mine, "a case file with a questioning left")
    # before your t-th lay from now the opponent has had t questionings (fewer by skips)
    had = _their_questionings(left, -their_skips, held_skips, opponent.questionings_left)
    theirs, alive, never = _their_race(opponent, strategy, had)
    space = mine.space
    queries = mine.queries()
    part = mine.partition(space, queries)
    info = information(part)
    size = float(part.count[0].sum())
    candidates = _candidates(part.count, info)
    held = [] if hand is None or left == 1 else list(hand)
    card_bits: dict[int, float] = {}
    if held:
        pool = _per_suspect(queries, info, len(mine.deck.suspects))
        card_bits = {i: card_after(mine, queries[i], held) for i in {*candidates, *pool}}
        joint = sorted(pool, key=lambda i: (-round(float(info[i]) + card_bits[i], 12), i))
        candidates = list(dict.fromkeys([*candidates, *joint[:CANDIDATES]]))

    def move(i: int) -> RaceMove:
        query = queries[i]
        counts = part.count[i]
        solved = np.zeros(left, dtype=np.float64)  # solved at your t-th lay from now
        solved[0] = counts[4] / size
        exact = theirs.exact
        for k in range(4):
            if counts[k] == 0 or left == 1:
                continue
            child = mine.observe(mine.clue_for(query, k))
            later = pace(child, strategy=strategy)
            exact = exact and later.exact
            by = np.array([later.within(t) for t in range(left)])
            solved[1:] += counts[k] / size * np.diff(by)
        win = first_to_finish(solved, alive, never=never)
        bits = card_bits.get(i, 0.0)
        return RaceMove(query, win, float(solved[0]), float(info[i]), exact, bits)

    if not theirs.exact:  # far from solving: their pace is only a bound, information decides
        # (then the chance to solve now; the chance to win is computed for those shown)
        def first(i: int) -> tuple[float, float, int]:
            return (-round(float(info[i]) + card_bits.get(i, 0.0), 12), -part.count[i, 4] / size, i)

        return [move(i) for i in sorted(candidates, key=first)[:top]]
    if size <= FINISH_UP_TO and finishing:  # few cases: the exact search over my lays
        wins = finish(mine, alive.tolist(), never)

        def exact(i: int) -> RaceMove:
            now = float(part.count[i, 4]) / size
            return RaceMove(queries[i], wins[i], now, float(info[i]), True, 0.0)

        order = sorted(wins, key=lambda i: (-round(wins[i], 9), -round(float(info[i]), 12), i))
        return [exact(i) for i in order[:top]]
    moves = [move(i) for i in candidates]
    # chances within 1% of the best count as equal (the paces of large parts are
    # bounds): among those information decides
    close = max(m.win for m in moves) * (1.0 - TOLERANCE)

    def rank(m: RaceMove) -> tuple[bool, float, float, float]:
        near = m.win >= close
        return (not near, -round(m.joint, 12) if near else 0.0, -m.solves_now, -m.win)

    moves.sort(key=rank)
    return moves[:top]


def waiting(
    mine: Investigation,
    opponent: Investigation,
    *,
    ahead: int = 1,
    held_skips: int = 0,
    strategy: str = "entropy",
) -> float:
    """Your chance to win when it is not your lay now: the opponent questions ``ahead``
    times more than you before your next lay (1: theirs comes next; 0: yours; fewer by
    the skips they owe), then you take turns, each of your ``held_skips`` played in their
    next questioning as :func:`race` counts them; both of you lay what ``strategy`` says
    (:func:`pace`), and if nobody solves the tie-break counts as half a win, as in
    :func:`race` (so, the opponent's case file and skips unchanged, the chances after a
    lay's answers average to its ``win``).

    Raises:
        InvalidInput: not Kreuzverhör case files, ``ahead`` not an integer from -64 to
            64, or ``held_skips`` below 0.

    Example:
        >>> from deduce.games.kreuzverhoer import Case, Interrogation
        >>> mine = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
        >>> far = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift")).opponent
        >>> round(waiting(mine, far, ahead=1), 3), round(waiting(mine, far, ahead=0), 3)
        (0.844, 0.961)
    """
    for name, value in (("mine", mine), ("opponent", opponent)):
        if not isinstance(value, Investigation):
            raise InvalidInput(name, value, "a kreuzverhoer.Investigation")
    check_int("ahead", ahead, -MAX_LIMIT, MAX_LIMIT)
    check_int("held_skips", held_skips, 0)
    left = mine.questionings_left
    had = _their_questionings(left, ahead, held_skips, opponent.questionings_left)
    _, alive, never = _their_race(opponent, strategy, had)
    by = np.array([pace(mine, strategy=strategy).within(t) for t in range(left + 1)])
    solved = np.diff(by)  # solved at your t-th lay from now (by[0]: solved already)
    # solved already (by[0]) is a win whatever the opponent does
    return first_to_finish(np.append(by[0], solved), np.append(1.0, alive), never=never)


def _their_race(
    opponent: Investigation, strategy: str, had: list[int]
) -> tuple[Pace, FloatArray, float]:
    """The opponent's pace, the chance that they have not solved before each of your
    next lays (``had[t]`` questionings of theirs before your t-th), and the chance that
    they never solve."""
    theirs = pace(opponent, strategy=strategy)
    alive = np.array([1.0 - theirs.within(t) for t in had], dtype=np.float64)
    return theirs, alive, 1.0 - theirs.within(opponent.questionings_left)


def _their_questionings(left: int, ahead: int, held: int, their_left: int) -> list[int]:
    """How many questionings the opponent has had before each of your next ``left``
    lays: ``ahead`` more than yours before the next one (below 0: the skips they owe
    first), and each of your ``held`` skips played in their next questioning takes the
    one after it.

    Example:
        >>> _their_questionings(5, 0, 0, 6), _their_questionings(5, -1, 1, 6)
        ([0, 1, 2, 3, 4], [0, 0, 1, 1, 2])
        >>> _their_questionings(3, 1, 0, 2), _their_questionings(4, 1, 1, 6)
        ([1, 2, 2], [1, 1, 2, 3])
    """
    had: list[int] = []
    made, owed = 0, max(-ahead, 0)
    for t in range(left):
        for _ in range(max(ahead, 0) if t == 0 else 1):  # their turns before my t-th lay
            if owed:
                owed -= 1
                continue
            made += 1
            if held:  # my skip, played in this questioning, takes their next
                held, owed = held - 1, owed + 1
        had.append(min(made, their_left))
    return had


def _candidates(count: npt.NDArray[np.int64], info: FloatArray) -> list[int]:
    """The lays compared: the most informative, and the most informative that can solve
    now (every one of those when few cases are left)."""
    order = np.lexsort((np.arange(len(info)), -np.round(info, 12)))
    attempts = order[count[order, 4] > 0]
    cases = int(count[0].sum())
    chosen = list(order[:CANDIDATES])
    chosen += list(attempts if cases <= ALL_ATTEMPTS_UP_TO else attempts[:CANDIDATES])
    return list(dict.fromkeys(int(i) for i in chosen))


def _per_suspect(queries: Sequence[Guess], info: FloatArray, suspects: int) -> list[int]:
    """The :data:`PER_SUSPECT` most informative lays of every one of the ``suspects``."""
    order = np.lexsort((np.arange(len(info)), -np.round(info, 12)))
    taken: dict[str, int] = {}
    chosen = []
    for i in order.tolist():
        suspect = queries[i].suspect
        if taken.get(suspect, 0) < PER_SUSPECT:
            taken[suspect] = taken.get(suspect, 0) + 1
            chosen.append(i)
            if len(chosen) == PER_SUSPECT * suspects:
                break
    return chosen


guard(globals())
