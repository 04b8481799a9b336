"""A whole game of 13 Indizien as I (seat 0) follow it: my notebook, the magnifying
glasses and the turn order, every seat's actions, the end and the winner.

:class:`Table` is my :class:`~deduce.games.thirteen_clues.Investigation` that also
keeps the rules of the turn: each action is reported by whoever takes it, the table
refuses an action out of turn, and the :class:`~deduce.games.thirteen_clues.Glasses`
follow from the actions so far (a witness gets a glass; the informant and an accusation
give one to the next player without a glass; a wrong accusation lays the accuser's
glasses down; a right one wins). With two players there are no glasses: each turn is
one action, the players take turns, and a question names the witness's left or right
card.

Example:
    >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    >>> t.turn, t.actions, t.sides
    (0, ('ask', 'informant', 'accuse'), ('left', 'right'))
    >>> t = t.question(0, 1, "man", 1, side="left")  # my action; seat 1's turn now
    >>> t.turn, t.witnesses
    (1, (0,))
    >>> t = t.charged(1, right=True)  # seat 1 accused and was right
    >>> t.over, t.winners()
    (True, (1,))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import astuple, replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce.core.space import Space
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.accusing import waiting
from deduce.games.thirteen_clues.advice import TableAdvice, advise, rival_chances
from deduce.games.thirteen_clues.cards import (
    SIDES,
    Deal,
    attributes,
    informant_count,
    puzzle_indices,
    puzzle_of,
)
from deduce.games.thirteen_clues.clues import (
    Accusation,
    Accused,
    Ask,
    Charged,
    Consulted,
    Convicted,
    Informant,
    Peek,
    Question,
    TableClue,
    accusation_move,
)
from deduce.games.thirteen_clues.glasses import Glasses
from deduce.games.thirteen_clues.investigation import Investigation
from deduce.investigation import Recommendation
from deduce.search.memo import remembered

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["RACE", "Table"]

RACE = "race"
"""The table's default advice: :func:`~deduce.games.thirteen_clues.advise`, the moves
weighed by the chance that nobody wins before I can use them."""

_SAMPLES = 8  # deals drawn for the others' chances (see advise)


class Table(Investigation):
    """The whole game from my seat (seat 0): my notebook plus whose turn it is.

    Report every action at the table, in order, by whoever takes it:
    :meth:`question` (anyone asks a witness; ``asker`` must be the seat acting),
    :meth:`informant` (I consulted the informant and saw a card), :meth:`consulted`
    (another seat did), :meth:`accused` (my accusation, right or wrong) and
    :meth:`charged` (another seat's accusation). Each returns a new table; the one it is
    called on is unchanged.

    Args:
        players: 2 to 6.
        hand: my two hidden cards (left, right).
        puzzles: the puzzle in front of each other seat (as for
            :class:`~deduce.games.thirteen_clues.Investigation`).
        first: the seat that starts.
        counts: the glasses each seat holds at the start (default: one glass, for the
            first player; none with two players).

    Raises:
        InvalidInput: as for the notebook, a bad ``first`` or ``counts``.

    Example (three players; seat 2 starts):
        >>> t = Table(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
        ...                                 ("Butcher", "Harbor", "Sword")], first=2)
        >>> t = t.question(2, 0, "red", 1)  # seat 2 asks me: I get the glass
        >>> print(t.glasses)
        seat 0 acts; glasses: seat 0: 1
        >>> t.question(1, 2, "red", 3)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: seat=1 is not valid; expected seat 0, whose turn it is
    """

    clue_types: ClassVar[tuple[type, ...]] = (
        Question,
        Informant,
        Accused,
        Convicted,
        Consulted,
        Charged,
    )
    default_strategy: ClassVar[str] = RACE
    """The advice that plays to win: :data:`RACE` (the information strategies,
    ``"entropy"`` and the others, stay available)."""

    def __init__(
        self,
        players: int,
        hand: Sequence[str],
        puzzles: Mapping[int, Any] | Sequence[Any],
        *,
        first: int = 0,
        counts: Sequence[int] | None = None,
    ) -> None:
        start = Glasses.start(players, first=first, counts=counts)
        self.first = start.active
        self.start_counts = start.counts
        self._glasses_start = start
        super().__init__(players, hand, puzzles)

    # -- the table -----------------------------------------------------------------------

    @property
    def glasses(self) -> Glasses:
        """Every seat's glasses and whose turn it is, after the actions so far.

        Example:
            >>> t = Table(4, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
            ...     ("Butcher", "Harbor", "Sword"), ("Nurse", "Plaza", "Rifle")])
            >>> t.question(0, 2, "red", 2).glasses.counts
            (0, 0, 1, 0)
        """
        glasses: Glasses | None = self.__dict__.get("_glasses")
        if glasses is None:
            glasses = self._glasses_start
            for clue in self.clues:
                glasses = _after(glasses, clue)
            self.__dict__["_glasses"] = glasses
        return glasses

    @remembered  # the whole step, completed once: a remembered notebook is shared
    def observe(self, clue: Any) -> Self:
        """The table after ``clue``; its glasses follow from mine and the clue (one step)."""
        new = super().observe(clue)
        new.__dict__.pop("_advice", None)
        new.__dict__["_glasses"] = _after(self.glasses, new.clues[-1])
        return new

    @property
    def turn(self) -> int | None:
        """The seat that acts now, or None once the game is over."""
        glasses = self.glasses
        return None if glasses.winner is not None else glasses.active

    @property
    def over(self) -> bool:
        """Whether someone's accusation was right."""
        return self.glasses.winner is not None

    def winners(self) -> tuple[int, ...]:
        """The winner's seat, once the game is over (else empty)."""
        winner = self.glasses.winner
        return () if winner is None else (winner,)

    @property
    def actions(self) -> tuple[str, ...]:
        """What the seat acting may do now: ``"ask"`` a witness, consult the
        ``"informant"`` (not with six players, who play without one), ``"accuse"``;
        nothing once the game is over."""
        if self.over:
            return ()
        return (
            ("ask", "informant", "accuse") if informant_count(self.players) else ("ask", "accuse")
        )

    @property
    def witnesses(self) -> tuple[int, ...]:
        """The seats the acting player may ask: every other seat (none once it is over)."""
        turn = self.turn
        return () if turn is None else tuple(s for s in range(self.players) if s != turn)

    @property
    def sides(self) -> tuple[str, ...] | tuple[None]:
        """The hidden cards a question may name: ``left`` or ``right`` with two players
        (one of them must be named), else None (both cards count)."""
        return SIDES if self.players == 2 else (None,)

    # -- actions -------------------------------------------------------------------------

    def accused(self, person: str, location: str, weapon: str, *, right: bool = False) -> Self:
        """The table after my accusation of this puzzle: wrong (the default; my glasses
        are laid down and that puzzle is ruled out) or ``right`` (I win).

        Example:
            >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> t = t.accused("Maid", "Museum", "Sword")
            >>> t.turn, len(t.solutions())
            (1, 79)
        """
        if not isinstance(right, bool):
            raise InvalidInput("right", right, "True or False")
        p = puzzle_of(puzzle_indices((person, location, weapon), self.players, argument="accused"))
        clue = Convicted if right else Accused
        return self.observe(clue(p.person, p.location, p.weapon))

    def consulted(self, seat: int) -> Self:
        """The table after the player at ``seat`` (not me) consulted the informant.

        Example:
            >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")], first=1)
            >>> t.consulted(1).turn
            0
        """
        return self.observe(Consulted(seat))

    def charged(self, seat: int, *, right: bool) -> Self:
        """The table after the player at ``seat`` (not me) accused: ``right`` wins the
        game for them; wrong lays their glasses down.

        Example:
            >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")], first=1)
            >>> t.charged(1, right=False).turn
            0
        """
        return self.observe(Charged(seat, right))

    # -- rules of the turn ---------------------------------------------------------------

    def check_turn(self, clue: object) -> None:
        glasses = self.glasses
        if glasses.winner is not None:
            raise InvalidInput(
                "action",
                clue,
                N_("nothing: the game is over"),
                reason=M("seat {seat} won", seat=glasses.winner),
            )
        if isinstance(clue, Question):
            seat = clue.asker
        elif isinstance(clue, Consulted | Charged):
            seat = clue.seat
            if seat == 0:
                mine = "informant CARD" if isinstance(clue, Consulted) else "accused"
                raise InvalidInput(
                    "seat", 0, M("another seat (mine is told with {line})", line=mine)
                )
            if isinstance(clue, Consulted) and not informant_count(self.players):
                raise InvalidInput("action", clue, N_("ask or accuse"), reason=N_("no informant"))
        else:
            seat = 0
        if seat != glasses.active:
            if seat == 0 and not isinstance(clue, Question):  # my own move: no seat typed
                raise InvalidInput(
                    "action",
                    clue,
                    M("a move of seat {seat}, whose turn it is", seat=glasses.active),
                    reason=N_("it is not your turn"),
                )
            raise InvalidInput(
                "seat", seat, M("seat {seat}, whose turn it is", seat=glasses.active)
            )

    def apply_clue(self, space: Space, clue: Any) -> Space:
        if isinstance(clue, Consulted | Charged):
            if not 0 < clue.seat < self.players:
                raise InvalidInput(
                    "seat", clue.seat, M("a seat from 1 to {high}", high=self.players - 1)
                )
            return space  # about their own puzzle: nothing about mine
        return super().apply_clue(space, clue)

    # -- advice --------------------------------------------------------------------------

    @remembered
    def advice(
        self, *, strategy: str = "entropy", samples: int = _SAMPLES, seed: int = 0
    ) -> TableAdvice:
        """What I should do now, weighing the race (see
        :func:`~deduce.games.thirteen_clues.advise`): only on my turn.

        Raises:
            InvalidInput: not my turn, or the game is over.

        Example:
            >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> t.advice(samples=2).accuse
            False
        """
        cached: dict[tuple[str, int, int], TableAdvice] = self.__dict__.setdefault("_advice", {})
        key = (strategy, samples, seed)
        if key not in cached:
            cached[key] = advise(self, self.glasses, strategy=strategy, samples=samples, seed=seed)
        return cached[key]

    def win_chance(self) -> float | None:
        """My chance to win from here, as :data:`RACE` counts it: on my turn the chance of
        the move :meth:`advice` advises (accusing now or asking on, see
        :func:`~deduce.games.thirteen_clues.accuse_or_ask`); while another seat acts,
        :func:`~deduce.games.thirteen_clues.waiting`; 1.0 once I have won, 0.0 once
        another seat has. The others' chances are estimated from a fixed draw of deals
        (:func:`~deduce.games.thirteen_clues.rival_chances`, seeded: the same table gives
        the same chance) and my plan after the next turn is the ladder, a plan I can
        always follow: a model's chance, not an exact one.

        Example:
            >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> now, later = t.advice().chances
            >>> t.win_chance() == later  # 80 puzzles: the advice asks
            True
        """
        if self.over:
            return 1.0 if self.winners() == (0,) else 0.0
        if self.turn == 0:
            advice = self.advice()
            if advice.chances is None:
                return None
            now, later = advice.chances
            return now if advice.accuse else later
        return waiting(self, self.glasses, rival_chances(self, samples=_SAMPLES, seed=0))

    def check_strategy(self, strategy: str) -> str:
        """``strategy`` if the table knows it: :data:`RACE` or one of the notebook's.

        Example:
            >>> Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")]).check_strategy("race")
            'race'
        """
        if isinstance(strategy, str) and strategy == RACE:
            return strategy
        try:
            return super().check_strategy(strategy)
        except InvalidInput as error:
            raise InvalidInput("strategy", strategy, [RACE, *error.choices]) from None

    def own_ranking(
        self, strategy: str, among: Callable[[Ask | Peek | Accusation], bool] | None, top: int
    ) -> list[Recommendation] | None:
        """The moves of :data:`RACE` on my turn: the accusation first when
        :func:`~deduce.games.thirteen_clues.advise` says to accuse, then the other moves
        by their bits times the chance that nobody wins first (``score``). Off my turn
        nothing of mine is weighed: the information ranking (``"entropy"``) stands in;
        once the game is over there is no move."""
        if strategy != RACE:
            return None
        if self.over:
            return []
        if self.turn != 0:
            return self.recommend(top, strategy="entropy", among=among)
        return self.race_ranking(self.advice(), top=top, among=among)

    def race_ranking(
        self,
        advice: TableAdvice,
        *,
        top: int = 3,
        among: Callable[[Ask | Peek | Accusation], bool] | None = None,
    ) -> list[Recommendation]:
        """``advice``'s moves as :meth:`recommend` lists them for :data:`RACE`: the
        accusation first when it says to accuse, then the others (``score``: bits times
        the chance that nobody wins first).

        Example:
            >>> t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> [r.strategy for r in t.race_ranking(t.advice(samples=2), top=2)]
            ['race', 'race']
        """
        space = self.space
        plain = accusation_move(advice.accusation, space.size, float(space.total), "entropy")
        first = replace(plain, strategy=RACE)
        moves = [*([first] if advice.accuse else []), *advice.moves]
        return [m for m in moves if among is None or among(m.action)][:top]

    # -- deduce.testing: truthful actions in turn -----------------------------------------

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Table]:
        """Tables of 2 to 6 players, dealt at random, any seat first."""
        from hypothesis import strategies as st

        def dealt(players: int, seed: int, first: int) -> Table:
            deal = Deal.random(players, seed=seed)
            return cls(players, deal.hands[0], list(deal.puzzles[1:]), first=first % players)

        return st.builds(dealt, st.integers(2, 6), st.integers(0, 2**32 - 1), st.integers(0, 5))

    def clue_strategy(self, secret: Deal) -> SearchStrategy[TableClue | None]:
        """A hypothesis strategy of a truthful next action of ``secret`` (a whole deal)
        by the seat acting now (None once the game is over)."""
        from hypothesis import strategies as st

        turn, n = self.turn, self.players
        if turn is None:
            return st.none()
        acting: int = turn

        def ask(args: tuple[int, str, str | None]) -> Question:
            step, about, side = args
            witness = (acting + 1 + step) % n
            return Question(acting, witness, about, secret.answer(witness, about, side=side), side)

        options: list[SearchStrategy[TableClue]] = [
            st.tuples(
                st.integers(0, n - 2), st.sampled_from(attributes(n)), st.sampled_from(self.sides)
            ).map(ask)
        ]
        if acting == 0:
            mine = secret.puzzles[0]
            wrong = [p for p in self.solutions() if p != mine]
            options.append(st.just(Convicted(mine.person, mine.location, mine.weapon)))
            if wrong:
                options.append(st.sampled_from(wrong).map(lambda p: Accused(*astuple(p))))
            if secret.informants:
                options.append(st.sampled_from(secret.informants).map(Informant))
        else:
            options.append(st.booleans().map(lambda right: Charged(acting, right)))
            if secret.informants:
                options.append(st.just(Consulted(acting)))
        return st.one_of(options)

    # -- values --------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        setup = super().setup()
        setup["first"] = self.first
        if self.start_counts != Glasses.start(self.players, first=self.first).counts:
            setup["counts"] = list(self.start_counts)
        return setup

    def constructor_repr(self) -> str:
        puzzles = {s: (p.person, p.location, p.weapon) for s, p in self.puzzles.items()}
        more = f", first={self.first}" if self.first else ""
        if "counts" in self.setup():
            more += f", counts={self.start_counts!r}"
        return f"Table({self.players}, {self.hand!r}, {puzzles!r}{more})"


def _after(glasses: Glasses, clue: TableClue) -> Glasses:
    """The glasses after the action a clue reports."""
    if isinstance(clue, Question):
        return glasses.asked(clue.witness)
    if isinstance(clue, Informant | Consulted):
        return glasses.consulted()
    if isinstance(clue, Charged):
        return glasses.accused(right=clue.right)
    return glasses.accused(right=isinstance(clue, Convicted))


guard(globals())
