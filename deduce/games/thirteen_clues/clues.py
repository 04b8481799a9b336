"""What happens at a table of 13 Indizien, as values: the clues I note (a question and
its answer, a card the informant showed me, my accusation, another player's look at the
informant or accusation) and the moves I can make (ask a witness, consult the informant,
accuse).

Example:
    >>> print(Question(asker=1, witness=2, about="red", answer=3))
    seat 2 sees 3 red (asked by seat 1)
    >>> print(Ask(2, "woman"))
    ask seat 2 about woman
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.reprs import rounded_repr
from deduce._internal.validation import check_int
from deduce.core.strategy import Partition, information, scores
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import SIDES, Deal, Puzzle, attributes
from deduce.investigation import Recommendation
from deduce.output.notebook import Cell, html_page, percent, table

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = [
    "VERDICTS",
    "Accusation",
    "Accused",
    "Ask",
    "Charged",
    "Consulted",
    "Convicted",
    "Informant",
    "Peek",
    "Question",
    "accusation_move",
    "truthful_clues",
]

VERDICTS: tuple[str, str] = ("right", "wrong")
"""The outcomes of an accusation, in order."""


@dataclass(frozen=True, slots=True)
class Question:
    """The clue: at the table, ``asker`` asked ``witness`` how many cards of ``about``
    they see, and heard ``answer``.

    ``about`` is a colour, a category (person, location, weapon) or a sub-kind (man,
    woman, indoors, outdoors, melee, ranged). With two players, ``side`` names the hidden
    card the witness answers for (``"left"`` or ``"right"``).

    Example:
        >>> Question(0, 2, "red", 3)
        Question(asker=0, witness=2, about='red', answer=3, side=None)
    """

    asker: int
    witness: int
    about: str
    answer: int
    side: str | None = None

    def __str__(self) -> str:
        who = "I see" if self.witness == 0 else f"seat {self.witness} sees"
        side = f"{self.side} card, " if self.side else ""
        asker = "me" if self.asker == 0 else f"seat {self.asker}"
        return f"{who} {self.answer} {self.about} ({side}asked by {asker})"


@dataclass(frozen=True, slots=True)
class Informant:
    """The clue: I consulted the secret informant and saw ``card``.

    Example:
        >>> Informant("Rifle")
        Informant(card='Rifle')
    """

    card: str

    def __str__(self) -> str:
        return f"the informant showed me the {self.card}"


@dataclass(frozen=True, slots=True)
class Accused:
    """The clue: I accused this puzzle and was wrong.

    Example:
        >>> Accused("Duke", "Park", "Gun")
        Accused(person='Duke', location='Park', weapon='Gun')
    """

    person: str
    location: str
    weapon: str

    def __str__(self) -> str:
        return f"my accusation {self.person}, {self.location}, {self.weapon} was wrong"


@dataclass(frozen=True, slots=True)
class Convicted:
    """The clue: I accused this puzzle and was right (the game is over: I won).

    Example:
        >>> print(Convicted("Duke", "Park", "Gun"))
        my accusation Duke, Park, Gun was right
    """

    person: str
    location: str
    weapon: str

    def __str__(self) -> str:
        return f"my accusation {self.person}, {self.location}, {self.weapon} was right"


@dataclass(frozen=True, slots=True)
class Consulted:
    """The clue: the player at ``seat`` (not me) consulted the secret informant.

    Example:
        >>> print(Consulted(2))
        seat 2 consulted the informant
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} consulted the informant"


@dataclass(frozen=True, slots=True)
class Charged:
    """The clue: the player at ``seat`` (not me) accused, and was ``right`` or not.

    Example:
        >>> print(Charged(1, right=False))
        seat 1 accused and was wrong
    """

    seat: int
    right: bool

    def __str__(self) -> str:
        return f"seat {self.seat} accused and was {'right' if self.right else 'wrong'}"


@dataclass(frozen=True, slots=True)
class Ask:
    """A move: ask ``witness`` how many cards of ``about`` they see (``side`` with two
    players). Its answer is the number.

    Example:
        >>> str(Ask(2, "woman"))
        'ask seat 2 about woman'
    """

    witness: int
    about: str
    side: str | None = None

    def __str__(self) -> str:
        side = f" ({self.side} card)" if self.side else ""
        return f"ask seat {self.witness} about {self.about}{side}"


@dataclass(frozen=True, slots=True)
class Peek:
    """A move: consult the secret informant (one card I have not seen yet). Its answer is
    the card's name.

    Example:
        >>> str(Peek())
        'consult the informant'
    """

    def __str__(self) -> str:
        return "consult the informant"


@dataclass(frozen=True, slots=True)
class Accusation:
    """The best accusation now: the most probable puzzle and its probability.

    Attributes:
        puzzle: the puzzle to accuse.
        probability: the exact probability that it is right.
        certain: whether it is the only puzzle left.

    Example:
        >>> Accusation(Puzzle("Duke", "Park", "Gun"), 1.0, True).certain
        True
    """

    puzzle: Puzzle
    probability: float
    certain: bool

    def __repr__(self) -> str:
        return rounded_repr(self)

    def _repr_html_(self) -> str:
        return html_page(accusation_table(self))

    def __str__(self) -> str:
        how = "certain" if self.certain else f"probability {self.probability:.1%}"
        return f"accuse {self.puzzle} ({how})"


def accusation_table(accusation: Accusation) -> str:
    """The accusation as a table of one row: the puzzle, its probability, whether it is
    certain (what a notebook shows of it).

    Example:
        >>> accusation = Accusation(Puzzle("Duke", "Park", "Gun"), 0.5, False)
        >>> "<td>no</td>" in accusation_table(accusation)
        True
    """
    p = accusation.probability
    certain = "yes" if accusation.certain else "no"
    row = (str(accusation.puzzle), Cell(percent(p), number=True, shade=p), certain)
    return table(("accuse", "probability", "certain"), [row])


NotebookClue = Question | Informant | Accused
"""A clue of my notebook (:class:`~deduce.games.thirteen_clues.Investigation`)."""

TableClue = NotebookClue | Convicted | Consulted | Charged
"""A clue of the :class:`~deduce.games.thirteen_clues.Table`: my notebook's, my right
accusation, and the other seats' looks at the informant and accusations."""


def truthful_clues(secret: Deal, wrong: Sequence[Puzzle]) -> SearchStrategy[NotebookClue]:
    """A hypothesis strategy of a clue that is true of ``secret`` (the whole deal, seat 0
    is me): any seat asking any other about anything, a look at an informant card (seen
    before or not), or my wrong accusation of one of the puzzles in ``wrong``.

    Example:
        >>> truthful_clues(Deal.random(3, seed=1), []).is_empty
        False
    """
    from hypothesis import strategies as st

    n = secret.players
    sides: tuple[str | None, ...] = SIDES if n == 2 else (None,)

    def ask(args: tuple[int, int, str, str | None]) -> Question:
        asker, witness, about, side = args
        asker = (witness + 1 + asker % (n - 1)) % n  # any seat but the witness
        return Question(asker, witness, about, secret.answer(witness, about, side=side), side)

    options: list[st.SearchStrategy[NotebookClue]] = [
        st.tuples(
            st.integers(0, n - 2),
            st.integers(0, n - 1),
            st.sampled_from(attributes(n)),
            st.sampled_from(sides),
        ).map(ask)
    ]
    if secret.informants:
        options.append(st.sampled_from(secret.informants).map(lambda card: Informant(card)))
    if wrong:
        options.append(
            st.sampled_from(list(wrong)).map(lambda p: Accused(p.person, p.location, p.weapon))
        )
    return st.one_of(options)


def accusation_move(
    accusation: Accusation,
    size: int,
    total: float,
    strategy: str = "entropy",
    extra: Mapping[str, Callable[[Partition], npt.NDArray[np.float64]]] | None = None,
) -> Recommendation:
    """Accusing ``accusation``'s puzzle as a move among ``size`` puzzles of total weight
    ``total``: right (the game is won) or wrong (that puzzle is ruled out), scored by
    ``strategy`` like a question."""
    size = check_int("size", size, 1)
    if not math.isfinite(total) or total <= 0:
        raise InvalidInput("total", total, "a weight above 0")
    right = accusation.probability * total
    part = Partition(
        mass=np.array([[right, total - right]]),
        count=np.array([[1, size - 1]], dtype=np.int64),
        cond_entropy=np.zeros(1),
    )
    right_wrong = (accusation.probability, 1.0 - accusation.probability)
    outcomes = dict(zip(VERDICTS, right_wrong, strict=True))
    return Recommendation(
        action=accusation,
        information=float(information(part)[0]),
        outcomes={k: p for k, p in outcomes.items() if p > 0},
        worst_case=int(part.count[0][part.mass[0] > 0].max()),
        strategy=strategy,
        score=float(scores(part, strategy, dict(extra or {}))[0]),
    )


guard(globals())
