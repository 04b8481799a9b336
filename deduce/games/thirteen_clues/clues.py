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
from deduce._internal.language import N_, M, _
from deduce._internal.reprs import rounded_repr
from deduce._internal.validation import check_int
from deduce.core.strategy import Partition, information, scores
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import (
    SIDES,
    Deal,
    Puzzle,
    attributes,
    shown_name,
    shown_word,
)
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
        template = _QUESTION_LINES[(self.witness == 0, self.asker == 0, bool(self.side))]
        side = shown_word(self.side) if self.side else ""
        line = M(
            template,
            witness=self.witness,
            asker=self.asker,
            answer=self.answer,
            about=shown_word(self.about),
            side=side,
        )
        return str(_(line))


_QUESTION_LINES: dict[tuple[bool, bool, bool], str] = {  # (I answer, I ask, a side)
    (True, True, False): N_("I see {answer} {about} (asked by me)"),
    (True, True, True): N_("I see {answer} {about} ({side} card, asked by me)"),
    (True, False, False): N_("I see {answer} {about} (asked by seat {asker})"),
    (True, False, True): N_("I see {answer} {about} ({side} card, asked by seat {asker})"),
    (False, True, False): N_("seat {witness} sees {answer} {about} (asked by me)"),
    (False, True, True): N_("seat {witness} sees {answer} {about} ({side} card, asked by me)"),
    (False, False, False): N_("seat {witness} sees {answer} {about} (asked by seat {asker})"),
    (False, False, True): N_(
        "seat {witness} sees {answer} {about} ({side} card, asked by seat {asker})"
    ),
}
"""Each line of :meth:`Question.__str__`, by who answers, who asks and whether a side is
named."""


@dataclass(frozen=True, slots=True)
class Informant:
    """The clue: I consulted the secret informant and saw ``card``.

    Example:
        >>> Informant("Rifle")
        Informant(card='Rifle')
    """

    card: str

    def __str__(self) -> str:
        return str(_(M("the informant showed me the {card}", card=shown_name(self.card))))


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
        puzzle = Puzzle(self.person, self.location, self.weapon)
        return str(_(M("my accusation {puzzle} was wrong", puzzle=str(puzzle))))


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
        puzzle = Puzzle(self.person, self.location, self.weapon)
        return str(_(M("my accusation {puzzle} was right", puzzle=str(puzzle))))


@dataclass(frozen=True, slots=True)
class Consulted:
    """The clue: the player at ``seat`` (not me) consulted the secret informant.

    Example:
        >>> print(Consulted(2))
        seat 2 consulted the informant
    """

    seat: int

    def __str__(self) -> str:
        return str(_(M("seat {seat} consulted the informant", seat=self.seat)))


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
        if self.right:
            return str(_(M("seat {seat} accused and was right", seat=self.seat)))
        return str(_(M("seat {seat} accused and was wrong", seat=self.seat)))


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
        about = shown_word(self.about)
        if self.side:
            line = M(
                "ask seat {witness} about {about} ({side} card)",
                witness=self.witness,
                about=about,
                side=shown_word(self.side),
            )
        else:
            line = M("ask seat {witness} about {about}", witness=self.witness, about=about)
        return str(_(line))


@dataclass(frozen=True, slots=True)
class Peek:
    """A move: consult the secret informant (one card I have not seen yet). Its answer is
    the card's name.

    Example:
        >>> str(Peek())
        'consult the informant'
    """

    def __str__(self) -> str:
        return str(_("consult the informant"))


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
        puzzle = str(self.puzzle)
        if self.certain:
            return str(_(M("accuse {puzzle} (certain)", puzzle=puzzle)))
        line = M("accuse {puzzle} (probability {p:.1%})", puzzle=puzzle, p=self.probability)
        return str(_(line))


def accusation_table(accusation: Accusation) -> str:
    """The accusation as a table of one row: the puzzle, its probability, whether it is
    certain (what a notebook shows of it).

    Example:
        >>> accusation = Accusation(Puzzle("Duke", "Park", "Gun"), 0.5, False)
        >>> "<td>no</td>" in accusation_table(accusation)
        True
    """
    p = accusation.probability
    certain = _("yes") if accusation.certain else _("no")
    row = (str(accusation.puzzle), Cell(percent(p), number=True, shade=p), certain)
    return table((_("accuse"), _("probability"), _("certain")), [row])


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
