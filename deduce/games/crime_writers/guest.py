"""The guest's objective in Crime Writers: my points this turn, less what a "no" hands
to the next guest, less what the question hands the writer on the clock.

A guest asks on while the writer says yes and a "no" passes the turn, and every reply is
public. So a question is worth, to the guest who asks it, what they expect to score
before the turn passes, less what the next guest can then score at once from the same
public replies:

``value = P(yes) * (3 * names_card + run(after yes)) - P(no) * run(after no)``

``P(yes)`` is exact, from the posterior over the draws (an invented element worded like
a named card included). A position's *run* is what the guest to move can find at once by
naming the likeliest cards: with ``f_1 >= f_2 >= ...`` the chances that naming the
likeliest card of each open element gets "yes" (a card's own weight, plus an invented
element's share of the wordings left), the run is ``3 * (f_1 + f_1 f_2 + f_1 f_2 f_3 +
...)``: 3 points per card certain, then the chance of each next find in the chain.
Each ``f`` is exact in the position after the reply (the reply's own element and every
other, through the joint weights of the draws); the chain treats the elements as
independent. So "yes" is valued as the position it gives me, "no" as the position it
gives the next guest, and naming a card outright is worth it when its chance of a find,
and what I can name after it, outweigh what a "no" leaves the next guest. Questions of
equal value are ranked by their expected bits, then by the chance of a find now (a sure
"yes" to a tag is worth the run it leaves, as naming the card is; naming it scores now),
then in the notebook's order.

The clock: the writer receives a point per started minute until the fifth find, and
while I ask, the writer is an opponent (when I write I do not ask: the guests' questions
run my own clock, and no choice of mine is left). One more question puts its seconds on
the clock, :data:`SECONDS_PER_QUESTION` on average, and what it teaches saves questions
later: a story asks for its bits at about :data:`BITS_PER_QUESTION` a question, so a
question of ``b`` expected bits about the draw saves ``b / BITS_PER_QUESTION`` later
ones. The writer's points it hands on, net, are

``clock = SECONDS_PER_QUESTION / 60 * (1 - b / BITS_PER_QUESTION)``

(negative for a question that teaches more than the average), and the objective is
``points - CLOCK_WEIGHT * clock``: each of my points counts for me, each of the next
guest's against me, and each of the writer's on the clock :data:`CLOCK_WEIGHT` times
against me. The weight 2 was measured, not derived: on the league's tuning deals it won
more than the clock counted once in every cell played, at 3 to 5 players (see
docs/benchmarks/log.md).

The table's size: a point of mine counts toward my win whoever the others are, an
opponent's point only against that opponent, one of ``players - 1``. So the next guest's
points and the writer's weigh :func:`opponent_weight` times as above, ``2 / (players -
1)``: as written at 3 players (the size the weights were measured at), 2/3 of it at 4
and 1/2 at 5. A :class:`~deduce.games.crime_writers.table.Table` weighs them for its own
number of players; an investigation alone, for 3. With 4 and 5 players the scaled
weights won more than the 3-player ones against the namers from P >= 0.3 on the same
tuning deals (see docs/benchmarks/log.md).

With 3 players or more it is the table's default (``Table.default_strategy``): in the
league on the measuring deals it wins more than its fair share against guests who ask
by bits and against the human-notes bot at 3 to 5 players, and its share, no more,
against guests who name a card from P >= 0.3 at 3 players (see docs/benchmarks.md).

Example:
    >>> from deduce.games.crime_writers.cards import Deck
    >>> from deduce.games.crime_writers.investigation import Investigation
    >>> inv = Investigation(Deck.example())
    >>> for element, card in [("who", "Butler"), ("whom", "Heiress"), ("why", "Greed")]:
    ...     inv = inv.found(element, card, invented=False)
    >>> best = inv.recommend(top=1, strategy="guest")[0]
    >>> best.strategy, best.action.element in ("where", "how")
    ('guest', True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.info import binary_entropy
from deduce.core.space import Space
from deduce.core.strategy import Partition, information
from deduce.errors import InvalidInput
from deduce.games.crime_writers.advice import recommendations
from deduce.games.crime_writers.cards import ELEMENTS
from deduce.games.crime_writers.clues import Question
from deduce.games.crime_writers.counting import QuestionTables, State, yes_chances
from deduce.games.crime_writers.scoresheet import GUEST_POINTS
from deduce.investigation import Recommendation

__all__ = [
    "BITS_PER_QUESTION",
    "CLOCK_WEIGHT",
    "GUEST",
    "MEASURED_AT",
    "SECONDS_PER_QUESTION",
    "GuestValues",
    "clock_value",
    "guest_recommendations",
    "guest_values",
    "opponent_weight",
    "run_value",
]

GUEST = "guest"
"""The name of the strategy (``recommend(strategy="guest")``)."""

SECONDS_PER_QUESTION = 25.0
"""The seconds a question takes on the clock, on average (the self-play's 10 to 40)."""

BITS_PER_QUESTION = 0.35
"""Bits about the draw a story's questions teach on average: guests who ask by bits
learn 138.3 bits in 396 questions of 8 three-player stories of the self-play (their own
wordings' stand-in questions left out); see docs/benchmarks/log.md."""

CLOCK_WEIGHT = 2.0
"""How many of my points a writer's point on the clock weighs in the objective: chosen by
the league on its tuning deals (the clock counted once, and twice, over the same deals;
docs/benchmarks/log.md)."""

MEASURED_AT = 3
"""The table size the objective's weights were measured at (:func:`opponent_weight` 1),
and the size an investigation without a table weighs the opponents for."""

FloatArray = npt.NDArray[np.float64]


def opponent_weight(players: int) -> float:
    """How much an opponent's point weighs against me at a table of ``players``, as a
    multiple of the weights measured at 3 players: ``2 / (players - 1)`` (a point to one
    of more opponents takes less from my chance to win).

    Example:
        >>> [round(opponent_weight(n), 3) for n in (2, 3, 4, 5)]
        [2.0, 1.0, 0.667, 0.5]
    """
    return (MEASURED_AT - 1) / (check_int("players", players, 2) - 1)


def clock_value(
    bits: npt.ArrayLike, *, seconds: float = SECONDS_PER_QUESTION, rate: float = BITS_PER_QUESTION
) -> FloatArray:
    """The writer's points that a question of ``bits`` expected bits hands on, net: its
    ``seconds`` on the clock less the questions it saves later (``bits / rate``), at a
    point a minute: ``seconds / 60 * (1 - bits / rate)``.

    Example:
        >>> clock_value([0.0, 0.35, 1.0], seconds=30.0).round(4).tolist()
        [0.5, 0.0, -0.9286]
    """
    given = np.asarray(bits, dtype=np.float64)
    if given.ndim != 1 or not (np.isfinite(given) & (given >= 0.0)).all():
        raise InvalidInput("bits", bits, "a list of expected bits, each >= 0")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0:
        raise InvalidInput("seconds", seconds, "seconds a question takes (a number >= 0)")
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not rate > 0:
        raise InvalidInput("rate", rate, "bits a question teaches on average (a number > 0)")
    result: FloatArray = seconds / 60.0 * (1.0 - given / rate)
    return result


def run_value(chances: npt.ArrayLike) -> FloatArray:
    """What a guest finds at once by naming cards in turn, per row of ``chances`` (each
    open element's chance that naming its likeliest card gets "yes"; 0 for the elements
    found): ``3 * (f_1 + f_1 f_2 + ...)`` with the chances from the highest.

    Example:
        >>> run_value([[1.0, 0.5, 0.0], [0.2, 0.0, 0.0]]).tolist()
        [4.5, 0.6000000000000001]
    """
    given = np.asarray(chances, dtype=np.float64)
    if given.ndim != 2 or not ((given >= 0.0) & (given <= 1.0)).all():
        raise InvalidInput("chances", chances, "rows of chances from 0 to 1, one per element")
    f = -np.sort(-given, axis=-1)
    result: FloatArray = GUEST_POINTS * np.cumprod(f, axis=-1).sum(axis=-1)
    return result


class GuestValues:
    """The objective's parts for each of ``queries`` (all about elements not found yet),
    from ``space`` (its worlds, weights and state) and the deck's ``tables``, at a table
    of ``players`` (the opponents' points weighed by :func:`opponent_weight`).

    Attributes:
        p_yes: each question's chance of "yes".
        names_card: whether the question names a card (a "yes" scores).
        yes, no: each open element's chance of a find (see :func:`run_value`) after a
            "yes" and after a "no", one column per element (0 for an element found).
        points: my points this turn less the next guest's, weighed (see the module's
            text).
        bits: each question's expected bits about the draw (as the entropy strategy's).
        clock: the writer's points it hands on, net (:func:`clock_value`).
        value: the objective, ``points - CLOCK_WEIGHT * opponent_weight(players) *
            clock``.

    Example:
        >>> from deduce.games.crime_writers.counting import tables_of
        >>> from deduce.games.crime_writers.investigation import Investigation
        >>> inv = Investigation.example()
        >>> values = GuestValues(tables_of(inv.deck), inv.space, [Question("how", "Poison")])
        >>> round(float(values.p_yes[0]), 4)
        0.049
    """

    def __init__(
        self,
        tables: QuestionTables,
        space: Space,
        queries: Sequence[Question],
        *,
        players: int = MEASURED_AT,
    ) -> None:
        against = opponent_weight(players)
        state = space.state
        if not isinstance(state, State):
            raise InvalidInput("space", space, "a space of a Crime Writers investigation")
        worlds = space.worlds
        weights = np.asarray(space.weights, dtype=np.float64)
        total = float(weights.sum())
        sizes = [len(labels) for labels in tables.labels]
        elements = len(sizes)
        open_ = [e for e in range(elements) if state.found[e] is None]
        n = len(queries)
        self.p_yes = np.zeros(n)
        self.names_card = np.array([q in tables.card for q in queries], dtype=bool)
        self.yes = np.zeros((n, elements))
        self.no = np.zeros((n, elements))
        self.bits = np.zeros(n)
        margin = {e: space.tally(ELEMENTS[e]) for e in open_}
        wordings = {e: state.wordings(e, sizes[e] - 1) for e in open_}
        allowed = {
            e: np.array([state.allows(e, text) for text in tables.labels[e][:-1]], dtype=float)
            for e in open_
        }
        # naming card k of element o gets "yes" in a draw of value v: v == k, or v is
        # invented and worded so (its share of the wordings left)
        naming = {e: np.vstack([np.eye(sizes[e] - 1), allowed[e] / wordings[e]]) for e in open_}
        joints: dict[tuple[int, int], FloatArray] = {}
        for e in range(elements):
            chosen = [i for i, q in enumerate(queries) if ELEMENTS.index(q.element) == e]
            if not chosen:
                continue
            if e not in open_:
                raise InvalidInput(
                    "queries", queries[chosen[0]], "questions about elements not found yet"
                )
            p = yes_chances(tables, state, e, [queries[i] for i in chosen])
            q = 1.0 - p
            tot_yes = p @ margin[e]
            tot_no = total - tot_yes
            self.p_yes[chosen] = tot_yes / total if total else 0.0
            if total:  # the reply's entropy less its coin flips (an open tag's)
                flips = binary_entropy(p) @ margin[e] / total
                self.bits[chosen] = np.maximum(binary_entropy(self.p_yes[chosen]) - flips, 0.0)
            card = self.names_card[chosen]
            for other in open_:
                if other != e:
                    joint = _joint(worlds, weights, e, other, sizes, joints) @ naming[other]
                    self.yes[chosen, other] = _best(p @ joint, tot_yes)
                    self.no[chosen, other] = _best(q @ joint, tot_no)
                    continue
                # the element asked about: a "yes" to a card finds it; a "no" rules the
                # card out, and an invented element's wording with it
                named = (p * margin[e]) @ naming[e]
                self.yes[chosen, e] = np.where(card, 0.0, _best(named, tot_yes))
                no_mass = q * margin[e]
                named = no_mass @ naming[e]
                rows = np.flatnonzero(card)
                if len(rows):
                    k = np.array([tables.card[queries[chosen[j]]][1] for j in rows])
                    left = np.maximum(wordings[e] - allowed[e][k], 1.0)
                    invented = no_mass[rows, -1:] * allowed[e] / left[:, None]
                    named[rows] = no_mass[rows, :-1] + invented
                    named[rows, k] = no_mass[rows, k]  # 0: ruled out
                self.no[chosen, e] = _best(named, tot_no)
        gain = GUEST_POINTS * self.names_card + run_value(self.yes)
        lost = (1.0 - self.p_yes) * run_value(self.no)
        self.points: FloatArray = self.p_yes * gain - against * lost
        self.clock = clock_value(self.bits)
        self.value: FloatArray = self.points - CLOCK_WEIGHT * against * self.clock


def _joint(
    worlds: npt.NDArray[np.int64],
    weights: FloatArray,
    e: int,
    other: int,
    sizes: list[int],
    cache: dict[tuple[int, int], FloatArray],
) -> FloatArray:
    """The weight of the draws by the values of elements ``e`` (rows) and ``other``."""
    if (other, e) in cache:
        return cache[other, e].T
    if (e, other) not in cache:
        flat = worlds[:, e] * sizes[other] + worlds[:, other]
        counts = np.bincount(flat, weights=weights, minlength=sizes[e] * sizes[other])
        cache[e, other] = counts.astype(np.float64).reshape(sizes[e], sizes[other])
    return cache[e, other]


def _best(named: FloatArray, total: FloatArray) -> FloatArray:
    """Per row, the chance that naming the likeliest card gets "yes" (``named``: each
    card's weight of "yes", out of ``total``). A reply all but impossible leaves a
    ``total`` of rounding error, and a chance over 1 by as much: it is taken as 1 (the
    reply's own chance, 0 but for the rounding, weighs it)."""
    best = named.max(axis=1) if named.shape[1] else np.zeros(len(named))
    result: FloatArray = np.divide(best, total, out=np.zeros(len(named)), where=total > 0)
    return np.minimum(result, 1.0)


def guest_values(
    tables: QuestionTables, space: Space, queries: Sequence[Question], *, players: int = MEASURED_AT
) -> FloatArray:
    """The objective of each of ``queries`` at a table of ``players`` (see the module's
    text).

    Example:
        >>> from deduce.games.crime_writers.counting import tables_of
        >>> from deduce.games.crime_writers.investigation import Investigation
        >>> inv = Investigation.example()
        >>> qs = [Question("how", "Poison"), Question("how", "weapon")]
        >>> [round(float(v), 3) for v in guest_values(tables_of(inv.deck), inv.space, qs)]
        [-0.471, 0.313]
    """
    return GuestValues(tables, space, queries, players=players).value


def guest_recommendations(
    queries: Sequence[Question],
    tables: QuestionTables,
    space: Space,
    part: Partition,
    top: int,
    *,
    players: int,
) -> list[Recommendation]:
    """The ``top`` questions of ``queries`` by the objective at a table of ``players``
    (ties: more bits, a likelier find now, then the first), as recommendations whose
    ``score`` is the objective; ``part`` is their partition (for the bits and the
    replies' chances)."""
    value = guest_values(tables, space, queries, players=players)
    info = information(part)
    total = part.mass.sum(axis=1)
    now = (
        part.mass[:, 0]
        / np.where(total > 0, total, 1.0)
        * np.array([q in tables.card for q in queries])
    )
    order = sorted(
        range(len(queries)), key=lambda i: (-round(float(value[i]), 9), -info[i], -now[i], i)
    )
    return recommendations(queries, part, value, order[:top], strategy=GUEST)


guard(globals())
