"""The immutable game state shared by every game: the common contract, written once.

A game subclasses :class:`Investigation` and says only its rules through the public
hooks of :class:`deduce.core.hooks.Hooks`. Filtering, probabilities, recommendations and
undo live here; corrections of the past (``drop``, ``amend``) are :mod:`deduce.core.corrections`,
the clue history :mod:`deduce.core.history`, saved files
:mod:`deduce.core.persistence`, explanations and contradictions :mod:`deduce.core.explain`,
entropy arithmetic :mod:`deduce.core.info`.

Example:
    >>> from deduce.games.mastermind import Investigation as Mastermind
    >>> inv = Mastermind(pegs=3, colours=3).guess("112", black=1, white=0)
    >>> len(inv.solutions())
    6
    >>> inv.undo() == Mastermind(pegs=3, colours=3)
    True
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any, Self

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_clue, check_int
from deduce.core.corrections import corrected
from deduce.core.explain import contradiction, deletion_filter, explain_facts, replay
from deduce.core.history import History
from deduce.core.hooks import (
    HOOKS,
    REQUIRED,
    Assignment,
    Clue,
    Hooks,
    Query,
    Secret,
    Solution,
)
from deduce.core.persistence import dump, load, register
from deduce.core.space import Marginals, Space, distinct_rows
from deduce.errors import DeduceError, InvalidInput, MissingHook
from deduce.search.advice import Advice
from deduce.search.memo import remembered
from deduce.search.ranking import Ranking, Recommendation

__all__ = [
    "Assignment",
    "Clue",
    "Investigation",
    "Query",
    "Ranking",
    "Recommendation",
    "Secret",
    "Solution",
    "as_investigation",
    "deletion_filter",
]

SHOWN_HOOKS = frozenset({"default_strategy", "queries", "win_chance"})
"""The hooks a user reads too: the strategy of ``recommend()``, the moves, the chance to
win."""

AUTHORS_ONLY = (HOOKS - SHOWN_HOOKS) | {"begin"}
"""The names on an investigation that only a game's author uses: the hooks it writes and
``begin()``, which its ``__init__`` calls. ``dir()`` and tab completion leave them out."""


class Investigation(Advice[Clue, Query, Solution, Secret]):
    """The state of one deduction: the clues so far and every world still possible.

    Every method that adds a clue returns a *new* investigation; the one it was called
    on is never changed. A game subclasses it, generic in its clue, query (move) and
    solution types: ``class Game(Investigation[Guess, Code, Code])``.

    A game says its rules through the hooks of :class:`deduce.core.hooks.Hooks` (see "Writing
    a game" in the reference); its ``__init__`` ends with ``self.begin()``. What a user
    sees of an investigation (``dir()``, tab completion) leaves those out
    (:data:`AUTHORS_ONLY`); they are still there for the engine and the author.

    Example:
        >>> from deduce.games.mastermind import Investigation as Mastermind
        >>> names = dir(Mastermind())
        >>> "recommend" in names, "outcome_table" in names, callable(Mastermind().outcome_table)
        (True, False, True)
    """

    _history: History[Clue]
    _space: Space
    _parent: Investigation[Clue, Query, Solution, Secret] | None
    _first: Investigation[Clue, Query, Solution, Secret]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        register(cls)

    def begin(self) -> None:
        """Set the state before any clue; a subclass's ``__init__`` ends with this.

        Raises:
            MissingHook: the class lacks a required hook.
        """
        for hook in REQUIRED:
            if getattr(type(self), hook) is getattr(Hooks, hook):
                raise MissingHook(type(self).__name__, hook)
        self._history = History()
        self._space = self.initial_space()
        self._parent = None
        self._first = self

    _start = begin  # the former name of begin (kept for one release)

    # -- clues -------------------------------------------------------------------------

    @property
    def _clues(self) -> tuple[Clue, ...]:
        return self._history.clues

    @property
    def history(self) -> History[Clue]:
        """The clues so far as a shared :class:`~deduce.core.history.History` (cheap to keep).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> len(Investigation(2, 2).guess("12", black=0, white=2).history)
            1
        """
        return self._history

    @property
    def clues(self) -> tuple[Clue, ...]:
        """Every clue so far, oldest first.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("12", black=0, white=2).clues
            (Guess(code='12', black=0, white=2),)
        """
        return self._history.clues

    @property
    def space(self) -> Space:
        """The worlds still possible (read-only; for analysis).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).space.size
            4
        """
        return self._space

    @remembered
    def observe(self, clue: Clue) -> Self:
        """A new investigation that also knows ``clue``.

        Raises:
            InvalidInput: the clue is malformed, or impossible even on its own.
            Contradiction: the clue cannot be true together with earlier clues; its
                ``conflict`` names the smallest such set of them that was found.

        Example:
            >>> from deduce.games.mastermind import Guess, Investigation
            >>> len(Investigation(2, 3).observe(Guess("12", 2, 0)).solutions())
            1
        """
        if self.clue_types and not isinstance(clue, self.clue_types):
            names = [t.__name__ for t in self.clue_types]
            raise InvalidInput("clue", clue, f"a clue of type {', '.join(names)}")
        clue = check_clue(clue)  # every field of its type, as plain Python data
        self.check_turn(clue)
        space = self.apply_clue(self._space, clue)
        if space.total == 0:
            raise self._contradiction(clue)
        new = copy.copy(self)
        new.__dict__.pop("_ranked", None)
        new._history = self._history.add(clue)
        new._space = space
        new._parent = self
        return new

    def _replay(self, clues: Sequence[Clue], start: Space | None = None) -> Space | None:
        """``start`` (default: the initial space) filtered by ``clues``, in order.

        None if one of them cannot apply there (a clue that needs an earlier one).
        """
        return replay(self, clues, start)

    @property
    def origin(self) -> Investigation[Clue, Query, Solution, Secret]:
        """The investigation before any clue that this one grew from (itself if none).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> start = Investigation(2, 2)
            >>> start.guess("12", black=0, white=2).origin is start
            True
        """
        return self._first

    @property
    def parent(self) -> Investigation[Clue, Query, Solution, Secret] | None:
        """The investigation before the last clue (None before any clue).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).parent is None
            True
        """
        return self._parent

    @property
    def lineage(self) -> tuple[Investigation[Clue, Query, Solution, Secret], ...]:
        """Every investigation from :attr:`origin` to this one, one more per clue.

        ``lineage[k]`` knows the first ``k`` clues, and ``lineage[k].space`` is the
        space they leave.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 2).guess("11", black=1, white=0)
            >>> [len(step.clues) for step in inv.lineage]
            [0, 1]
        """
        chain: list[Investigation[Clue, Query, Solution, Secret]] = []
        node: Investigation[Clue, Query, Solution, Secret] | None = self
        while node is not None:
            chain.append(node)
            node = node._parent
        return tuple(reversed(chain))

    def _contradiction(self, clue: Clue) -> DeduceError:
        """The error for ``clue``, which leaves no world (games may find it faster)."""
        return contradiction(self, clue)

    def undo(self) -> Self:
        """The investigation before the last clue.

        Raises:
            InvalidInput: there is no clue to undo.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("12", black=0, white=2).undo().clues
            ()
        """
        if self._parent is None:
            raise InvalidInput("undo", M("no clues"), N_("an investigation with at least one clue"))
        parent: Self = self._parent  # type: ignore[assignment]
        return parent

    def drop(self, n: int) -> Self:
        """The investigation without clue ``n`` (numbered from 1, as :attr:`history`), the
        later clues replayed; this one is unchanged.

        Raises:
            InvalidInput: ``n`` is not the number of a clue, or a later clue needs this one.
            Contradiction: a later clue cannot be true without it (naming the clues).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 3).guess("11", black=0, white=0).guess("22", 1, 0)
            >>> inv.drop(1).clues
            (Guess(code='22', black=1, white=0),)
        """
        return corrected(self, n, ())

    def amend(self, n: int, clue: Clue, *more: Clue) -> Self:
        """The investigation with clue ``n`` (numbered from 1, as :attr:`history`) replaced
        by ``clue`` (and ``more`` after it), the later clues replayed; this one is unchanged.

        Raises:
            InvalidInput: ``n`` is not the number of a clue, the new clue is wrong on its
                own, or a later clue is refused by the rules once it is replaced.
            Contradiction: the new clue, or a later one, cannot be true with the clues
                before it (naming them).

        Example:
            >>> from deduce.games.mastermind import Guess, Investigation
            >>> inv = Investigation(2, 3).guess("11", black=0, white=0).guess("22", 1, 0)
            >>> inv.amend(1, Guess("11", 1, 0)).solutions()
            [Code('12'), Code('21')]
        """
        return corrected(self, n, (clue, *more))

    # -- reading -----------------------------------------------------------------------

    def solutions(self) -> list[Solution]:
        """The remaining solutions, most probable first.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("12", black=0, white=2).solutions()
            [Code('21')]
        """
        return [solution for solution, _ in self.ranked()]

    def ranked(self, limit: int | None = None) -> list[tuple[Solution, float]]:
        """The ``limit`` most probable solutions (default: all) with their probabilities.

        Where a game reads several rows of its space as one solution (the same story
        told by different draws, say), their probabilities add up.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).ranked(limit=1)
            [(Code('12'), 0.5)]
        """
        result: list[tuple[Solution, float]] | None = self.__dict__.get("_ranked")
        if result is None and not self.merges_solutions():
            ranked = self._space.ranked(limit)  # with a limit, a few rows of the space, not all
            read = self.solutions_of([labels for labels, _ in ranked])
            found = list(zip(read, [p for _, p in ranked], strict=True))
            if limit is not None:
                return found
            result = found
        elif result is None and (at_once := self._merged()) is not None:
            rows, chances = at_once  # the game's rows merged at once: only those asked read
            chosen = rows if limit is None else rows[: check_int("limit", limit, 0)]
            read = self.solutions_of(self._space.rows_labels(chosen))
            found = list(zip(read, chances.tolist(), strict=False))
            if limit is not None:
                return found
            result = found
        elif result is None:
            merged: dict[Solution, float] = {}
            ranked = self._space.ranked()
            read = self.solutions_of([labels for labels, _ in ranked])
            for solution, (_, p) in zip(read, ranked, strict=True):
                merged[solution] = merged.get(solution, 0.0) + p
            result = sorted(merged.items(), key=lambda item: -item[1])
        self.__dict__["_ranked"] = result  # built once per investigation: it never changes
        return list(result) if limit is None else result[: check_int("limit", limit, 0)]

    def _merged(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]] | None:
        """The solutions as the game merges its rows (``merged_rows``): each one's row and
        probability, in the order :meth:`ranked` gives them (the likeliest first, a tie in
        the order of the space's most probable row of each); None when the game merges
        rows only one at a time (``solution_of``)."""
        space = self._space
        kept = self.__dict__.get("_merged_rows")
        if kept is not None and kept[0] is space:  # worked out once per space
            return kept[1]  # type: ignore[no-any-return]
        rows = space.solution_rows()
        merged = self.merged_rows(rows)
        if merged is None or len(merged) == 0:
            empty = np.zeros((0, rows.shape[1]), dtype=np.int64), np.zeros(0)
            self.__dict__["_merged_rows"] = (space, None if merged is None else empty)
            return self.__dict__["_merged_rows"][1]  # type: ignore[no-any-return]
        weights = space.solution_weights()
        radix = [len(space.labels[i]) for i in space.solution]
        inverse, unique = distinct_rows(merged, radix)
        chances = np.bincount(inverse, weights=weights, minlength=len(unique)) / weights.sum()
        order = np.argsort(-weights, kind="stable")  # the space's order of its rows
        place = np.empty(len(order), dtype=np.int64)
        place[order] = np.arange(len(order))
        first = np.full(len(unique), len(order), dtype=np.int64)
        np.minimum.at(first, inverse, place)
        ranked = np.lexsort((first, -chances))
        found = unique[ranked].astype(np.int64), chances[ranked]
        self.__dict__["_merged_rows"] = (space, found)
        return found

    @property
    def solution_count(self) -> int:
        """How many solutions remain.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).solution_count
            2
        """
        if not self.merges_solutions():
            return len(self._space.solution_rows())
        if "_ranked" not in self.__dict__ and (at_once := self._merged()) is not None:
            return len(at_once[1])
        return len(self.ranked())

    def probabilities(self) -> dict[Solution, float]:
        """Each remaining solution -> its exact probability (they sum to 1).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).probabilities()
            {Code('12'): 0.5, Code('21'): 0.5}
        """
        return dict(self.ranked())

    def marginals(self) -> Marginals:
        """For each field of the solution, each value's probability (a dict that a
        notebook draws as a table).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).marginals()["peg1"]
            {'1': 0.5, '2': 0.5}
        """
        return self._space.marginals()

    def shown_value(self, value: Any) -> str:
        """A value of a field (a key of :meth:`marginals`) as the player reads it, in the
        player's language (a game whose names differ by language says which).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).shown_value("1")
            '1'
        """
        return str(_(value))

    @property
    def solved(self) -> Solution | None:
        """The solution if exactly one remains, else None.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 2).guess("11", black=1, white=0)
            >>> inv.solved is None, inv.guess("12", black=2, white=0).solved
            (True, Code('12'))
        """
        ranked = self.ranked(limit=2)
        return ranked[0][0] if len(ranked) == 1 else None

    def certain(self) -> dict[str, Any]:
        """The fields of the solution whose value is already certain.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 3).guess("13", black=1, white=0).guess("33", 0, 0).certain()
            {'peg1': '1'}
        """
        return {
            name: next(v for v, p in values.items() if p == 1.0)
            for name, values in self.marginals().items()
            if any(p == 1.0 for p in values.values())
        }

    def why(self, field: str, value: object) -> tuple[Clue, ...]:
        """The clues behind a deduced fact: a smallest set found that already settles it.

        The fact is "``field`` is ``value``" if that is certain, or "``field`` is not
        ``value``" if that is impossible. Dropping any clue of the answer unsettles it.

        Raises:
            InvalidInput: ``field`` is not a field of the solution, or ``value`` is
                neither certain nor impossible yet.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 3).guess("11", black=0, white=0)
            >>> inv = inv.guess("22", black=1, white=0)
            >>> inv.why("peg1", "1")
            (Guess(code='11', black=0, white=0),)
        """
        return self.explain([(field, value)])

    def explain(self, facts: Sequence[tuple[str, object]]) -> tuple[Clue, ...]:
        """The clues behind several settled facts at once (see :meth:`why`).

        Clues are replayed without the rules of the turn (``check_turn``): an explanation is
        about what the clues say, not about the order they were allowed in.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 3).guess("12", black=0, white=2)
            >>> inv.explain([("peg1", "2"), ("peg2", "1")])
            (Guess(code='12', black=0, white=2),)
        """
        return explain_facts(self, facts)

    def __dir__(self) -> list[str]:
        return sorted(name for name in super().__dir__() if name not in AUTHORS_ONLY)

    def _repr_html_(self) -> str:
        from deduce.output.display import render_html

        return render_html(self)

    # -- persistence -------------------------------------------------------------------

    def to_json(self) -> str:
        """The set-up and every clue, as JSON text that :meth:`from_json` reads back.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 2).guess("12", black=0, white=2)
            >>> Investigation.from_json(inv.to_json()) == inv
            True
        """
        return dump(self)

    @classmethod
    def from_json(cls, text: str | bytes, **context: Any) -> Self:
        """Rebuild an investigation saved by :meth:`to_json` (every clue checked again).

        The game's package is imported if needed; files of format 1 still load.

        Args:
            text: the saved JSON (str, or UTF-8 bytes).
            **context: what the saved text cannot hold (a custom game's ``model=``).

        Raises:
            InvalidInput: the text is not a saved investigation of this game, or more than
                :data:`deduce.core.persistence.MAX_CLUES` clues.
            Contradiction: a saved clue contradicts the earlier ones.

        Example:
            >>> import deduce
            >>> deduce.Investigation.from_json(
            ...     '{"format": 2, "game": "mastermind", "kind": "Investigation", "clues": [], '
            ...     '"config": {"pegs": 2, "colours": 3, "black_only": false}}'
            ... )
            Investigation(2, 3)
        """
        return load(cls, text, **context)

    # -- values ------------------------------------------------------------------------

    def as_value(self) -> tuple[object, ...]:
        """The notebook as a plain value: its game, set-up and clues (two notebooks are
        equal when these values are, and then every read of them answers alike).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 3).as_value() == Investigation(2, 3).as_value()
            True
        """
        return (type(self), json.dumps(self.setup(), sort_keys=True), self._clues)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Investigation):
            return NotImplemented
        return self.as_value() == other.as_value()

    def __hash__(self) -> int:
        return hash(self.as_value())

    def __repr__(self) -> str:
        return self.constructor_repr() + "".join(f".observe({c!r})" for c in self._clues)


def as_investigation(game: Any) -> Investigation[Any, Any, Any]:
    """A new investigation of ``game`` (a game with ``investigation()``), or ``game`` itself
    if it already is an investigation.

    Example:
        >>> from deduce.games.mastermind import Game
        >>> as_investigation(Game(2, 2)).clues
        ()
    """
    start = game.investigation() if hasattr(game, "investigation") else game
    if not isinstance(start, Investigation):
        raise InvalidInput("game", game, "a game with investigation(), or an Investigation")
    return start


guard(globals())
