"""The immutable game state shared by every game: the common contract, written once.

A game subclasses :class:`Investigation` and says only its rules through a few hooks
(the methods starting with an underscore, listed in the class docstring). Filtering,
probabilities, recommendations, undo, contradictions, persistence and display live here.

Example:
    >>> from deduce.games.mastermind import Investigation as Mastermind
    >>> inv = Mastermind(pegs=3, colours=3).guess("112", black=1, white=0)
    >>> len(inv.solutions())
    6
    >>> inv.undo() == Mastermind(pegs=3, colours=3)
    True
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from deduce._validation import check_int, short
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.space import Space
from deduce.strategy import STRATEGIES, Partition, information, partition, rank, scores

__all__ = ["Assignment", "Investigation", "Recommendation", "as_investigation", "deletion_filter"]

_FORMAT = 1
_CHUNK = 1 << 22  # outcome-table entries computed at once


@dataclass(frozen=True, slots=True)
class Recommendation:
    """One suggested next move and what it is expected to teach.

    Attributes:
        action: the game's query object (a guess, a question, a card to play...).
        information: expected bits learned about the solution.
        outcomes: each possible answer -> its probability.
        worst_case: the most solutions that can remain after the answer.
        strategy: the strategy that ranked it.
        score: its score under that strategy (higher is better).

    Example:
        >>> Recommendation("1122", 1.5, {"2 black": 1.0}, 3, "entropy", 1.5).worst_case
        3
    """

    action: Any
    information: float
    outcomes: dict[Any, float] = field(compare=False)
    worst_case: int
    strategy: str = "entropy"
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class Assignment:
    """A solution of a custom game: variable names with their values.

    Example:
        >>> a = Assignment((("suspect", "Ann"), ("room", "hall")))
        >>> a["room"], a.as_dict()
        ('hall', {'suspect': 'Ann', 'room': 'hall'})
    """

    items: tuple[tuple[str, Any], ...]

    def __getitem__(self, name: str) -> Any:
        for key, value in self.items:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        """The assignment as a dict."""
        return dict(self.items)

    def __repr__(self) -> str:
        return "Assignment(" + ", ".join(f"{k}={v!r}" for k, v in self.items) + ")"


class Investigation:
    """The state of one deduction: the clues so far and every world still possible.

    Every method that adds a clue returns a *new* investigation; the one it was called
    on is never changed.

    A game says its rules through these hooks:

    - ``game`` (class attribute): its name in saved files.
    - ``clue_types`` / ``value_types``: the dataclasses its clues are made of.
    - ``setup()`` / ``from_setup(config)``: the set-up, as JSON-able values.
    - ``initial_space()``: the worlds before any clue.
    - ``apply_clue(space, clue)``: the space filtered by a clue; raise ``InvalidInput`` for a
      clue that is wrong on its own.
    - ``check_turn(clue)``: the rules of the turn that a new clue must obey given the clues
      so far (a limit on moves, a card that must follow a guess...); checked when a clue
      is observed, not when clues are replayed to explain a contradiction.
    - ``solution_of(labels)``: the game's solution object for a tuple of labels (and
      ``merges_solutions()``, true while several rows can read as one solution).
    - ``queries()``, ``outcome_table(space, queries)``, ``outcome_label(query, k)``,
      ``possible_queries(space, queries)``: the moves a player can make and their answers;
      or ``partition(space, queries)`` directly, when a game can count faster.
    - ``clue_for(query, k)`` and ``finishes(query, k)``: the clue that answer ``k`` gives,
      and whether it ends the game (used by simulations and ``deduce.testing``).
    - ``query_orbits(queries, fixed)``: the game's symmetries, as classes of equivalent
      moves (optional; see :mod:`deduce.search`).
    - ``secrets_strategy()``, ``clue_strategy(secret)`` (a hypothesis strategy of a
      truthful next clue, or of None when no further clue makes sense), ``contains_secret``,
      ``world_of``, ``secret_of``: what ``deduce.testing`` needs, for games whose
      secret is more than a row of the initial space.
    """

    game: ClassVar[str] = ""
    clue_types: ClassVar[tuple[type, ...]] = ()
    value_types: ClassVar[tuple[type, ...]] = ()
    _registry: ClassVar[dict[str, type[Investigation]]] = {}

    _clues: tuple[Any, ...]
    _space: Space
    _parent: Investigation | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game:
            Investigation._registry[cls.game] = cls

    def _start(self) -> None:
        """Set the state before any clue; a subclass's ``__init__`` ends with this."""
        self._clues = ()
        self._space = self.initial_space()
        self._parent = None

    # -- hooks -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Self:
        try:
            made = cls(**config, **context)
        except TypeError as error:
            raise InvalidInput(
                "config", config, f"the set-up of {cls.game}", reason=str(error)
            ) from None
        expected = json.loads(json.dumps(made.setup()))  # as it reads back from JSON
        if expected != json.loads(json.dumps(config)):
            raise InvalidInput("config", config, f"the whole set-up: {expected}")
        return made

    def initial_space(self) -> Space:
        raise NotImplementedError

    def apply_clue(self, space: Space, clue: Any) -> Space:
        raise NotImplementedError

    def check_turn(self, clue: Any) -> None:
        """Raise ``InvalidInput`` if ``clue`` may not follow the clues so far."""

    def solution_of(self, labels: tuple[Any, ...]) -> Any:
        names = self._space.solution_names
        return Assignment(tuple(zip(names, labels, strict=True)))

    def merges_solutions(self) -> bool:
        """Whether ``solution_of`` may now read several rows as one solution."""
        return False

    def queries(self) -> Sequence[Any]:
        return ()

    def outcome_table(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[Any]:
        raise NotImplementedError

    def outcome_label(self, query: Any, k: int) -> Any:
        return k

    def possible_queries(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[np.bool_]:
        return np.zeros(len(queries), dtype=bool)

    def partition(self, space: Space, queries: Sequence[Any]) -> Partition:
        solution_ids = space.solution_ids()
        parts = []
        step = max(1, _CHUNK // max(1, space.size))
        for start in range(0, len(queries), step):
            chunk = queries[start : start + step]
            parts.append(partition(self.outcome_table(space, chunk), space.weights, solution_ids))
        width = max(p.mass.shape[1] for p in parts)

        def pad(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return np.pad(a, ((0, 0), (0, width - a.shape[1])))

        return Partition(
            mass=np.concatenate([pad(p.mass) for p in parts]),
            count=np.concatenate([pad(p.count) for p in parts]),
            cond_entropy=np.concatenate([p.cond_entropy for p in parts]),
        )

    def _extra_strategies(self) -> dict[str, Callable[[Partition], npt.NDArray[np.float64]]]:
        return {}

    def query_orbits(
        self, queries: Sequence[Any], fixed: Sequence[Any] = ()
    ) -> npt.NDArray[np.int64] | None:
        """For each of ``queries``, the position of the first one equivalent to it under
        the game's symmetries that keep the clues so far and the moves ``fixed`` (None: no
        symmetry declared). Equivalent moves split the worlds alike: one is evaluated."""
        return None

    def _strategies(self, queries: Sequence[Any]) -> dict[str, Callable[[Partition], Any]]:
        from deduce.search import search_strategies

        extra = self._extra_strategies()
        return {**extra, **search_strategies(self, queries, extra)}

    def _action(self, value: Any) -> Any:
        """``value`` as one of this game's queries (the hook lets games parse shorthands)."""
        queries = self.queries()
        if value not in queries:
            shown = [str(q) for q in list(queries)[:8]]
            raise InvalidInput("action", value, shown + (["..."] if len(queries) > 8 else []))
        return value

    def clue_for(self, query: Any, k: int) -> Any:
        raise NotImplementedError

    def finishes(self, query: Any, k: int) -> bool:
        return False

    def world_of(self, secret: Any) -> int:
        """The world id (a row of the initial space) of ``secret``."""
        if isinstance(secret, (int, np.integer)) and not isinstance(secret, bool):
            return int(secret)
        raise InvalidInput("secret", secret, "a world id (int)")

    def secret_of(self, world: int) -> Any:
        """The secret object of world id ``world``."""
        return world

    def contains_secret(self, secret: Any) -> bool:
        return bool(np.isin(self.world_of(secret), self._space.ids))

    def _answer(self, secret: Any, query: Any) -> int:
        root = self._root()._space
        row = int(np.searchsorted(root.ids, self.world_of(secret)))
        return int(self.outcome_table(root.take([row]), [query])[0, 0])

    def secrets_strategy(self) -> Any:
        from hypothesis import strategies as st

        return st.sampled_from(self._space.ids.tolist()).map(self.secret_of)

    def clue_strategy(self, secret: Any) -> Any:
        """Truthful clues about ``secret`` from here (None: no further clue makes sense)."""
        from hypothesis import strategies as st

        return st.sampled_from(self.queries()).map(
            lambda query: self.clue_for(query, self._answer(secret, query))
        )

    def _constructor_repr(self) -> str:
        args = ", ".join(f"{key}={value!r}" for key, value in self.setup().items())
        return f"{type(self).__name__}({args})"

    # -- clues -------------------------------------------------------------------------

    @property
    def clues(self) -> tuple[Any, ...]:
        """Every clue so far, oldest first.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("12", black=0, white=2).clues
            (Guess(code='12', black=0, white=2),)
        """
        return self._clues

    @property
    def space(self) -> Space:
        """The worlds still possible (read-only; for analysis).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).space.size
            4
        """
        return self._space

    def observe(self, clue: Any) -> Self:
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
        self.check_turn(clue)
        space = self.apply_clue(self._space, clue)
        if space.total == 0:
            raise self._contradiction(clue)
        new = copy.copy(self)
        new.__dict__.pop("_merged", None)
        new._clues = (*self._clues, clue)
        new._space = space
        new._parent = self
        return new

    def _replay(self, clues: Sequence[Any], start: Space | None = None) -> Space | None:
        """``start`` (default: the initial space) filtered by ``clues``, in order.

        None if one of them cannot apply there (a clue that needs an earlier one).
        """
        space = self._root()._space if start is None else start
        try:
            for clue in clues:
                space = self.apply_clue(space, clue)
        except InvalidInput:
            return None
        return space

    def _smallest(
        self, clues: Sequence[Any], holds: Callable[[Space | None], bool], tail: Sequence[Any] = ()
    ) -> tuple[Any, ...]:
        """A minimal sub-list of ``clues`` (order kept) with ``holds(replay(sub + tail))``.

        :func:`deletion_filter` over the clues; the space after the clues already kept
        is carried along, so each trial only replays the clues after the one it drops.
        """
        prefix: list[Space | None] = [self._root()._space]  # after the clues kept so far
        kept = 0

        def trial_holds(trial: list[Any]) -> bool:
            start = prefix[-1]
            return holds(None if start is None else self._replay([*trial[kept:], *tail], start))

        def keep(clue: Any) -> None:
            nonlocal kept
            start = prefix[-1]
            prefix.append(None if start is None else self._replay([clue], start))
            kept += 1

        return tuple(deletion_filter(clues, trial_holds, on_keep=keep))

    def _root(self) -> Investigation:
        node: Investigation = self
        while node._parent is not None:
            node = node._parent
        return node

    def _contradiction(self, clue: Any) -> DeduceError:
        alone = self._replay([clue])
        if alone is not None and alone.total == 0:
            return InvalidInput(
                "clue", clue, "a clue that some world allows", reason="no world fits it"
            )
        kept = self._smallest(
            self._clues, lambda space: space is not None and space.total == 0, tail=[clue]
        )
        return Contradiction(clue, kept)

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
            raise InvalidInput("undo", "no clues", "an investigation with at least one clue")
        parent: Self = self._parent  # type: ignore[assignment]
        return parent

    # -- reading -----------------------------------------------------------------------

    def solutions(self) -> list[Any]:
        """The remaining solutions, most probable first.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("12", black=0, white=2).solutions()
            [Code('21')]
        """
        return [solution for solution, _ in self.ranked()]

    def ranked(self, limit: int | None = None) -> list[tuple[Any, float]]:
        """The ``limit`` most probable solutions (default: all) with their probabilities.

        Where a game reads several rows of its space as one solution (the same story
        told by different draws, say), their probabilities add up.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).ranked(limit=1)
            [(Code('12'), 0.5)]
        """
        if not self.merges_solutions():
            return [(self.solution_of(labels), p) for labels, p in self._space.ranked(limit)]
        result: list[tuple[Any, float]] | None = self.__dict__.get("_merged")
        if result is None:  # built once per investigation: they never change
            merged: dict[Any, float] = {}
            for labels, p in self._space.ranked():
                solution = self.solution_of(labels)
                merged[solution] = merged.get(solution, 0.0) + p
            result = sorted(merged.items(), key=lambda item: -item[1])
            self.__dict__["_merged"] = result
        return list(result) if limit is None else result[: check_int("limit", limit, 0)]

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
        return len(self.ranked())

    def probabilities(self) -> dict[Any, float]:
        """Each remaining solution -> its exact probability (they sum to 1).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).probabilities()
            {Code('12'): 0.5, Code('21'): 0.5}
        """
        return dict(self.ranked())

    def marginals(self) -> dict[str, dict[Any, float]]:
        """For each field of the solution, each value's probability.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).guess("11", black=1, white=0).marginals()["peg1"]
            {'1': 0.5, '2': 0.5}
        """
        return self._space.marginals()

    @property
    def solved(self) -> Any | None:
        """The solution if exactly one remains, else None.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 2).guess("11", black=1, white=0)
            >>> inv.solved is None, inv.guess("12", black=2, white=0).solved
            (True, Code('12'))
        """
        ranked = self.ranked(limit=None if self.merges_solutions() else 2)
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

    def why(self, field: str, value: Any) -> tuple[Any, ...]:
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

    def explain(self, facts: Sequence[tuple[str, Any]]) -> tuple[Any, ...]:
        """The clues behind several settled facts at once (see :meth:`why`).

        Clues are replayed without the rules of the turn (``check_turn``): an explanation is
        about what the clues say, not about the order they were allowed in.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 3).guess("12", black=0, white=2)
            >>> inv.explain([("peg1", "2"), ("peg2", "1")])
            (Guess(code='12', black=0, white=2),)
        """
        marginals = self.marginals()
        settled_to: list[tuple[str, Any, float]] = []
        for name, value in facts:
            if name not in marginals:
                raise InvalidInput("field", name, list(marginals))
            if value not in marginals[name]:
                raise InvalidInput("value", value, list(marginals[name]))
            p = marginals[name][value]
            if p not in (0.0, 1.0):
                raise InvalidInput(
                    "value", value, f"a value of {name} that is certain or impossible by now"
                )
            settled_to.append((name, value, p))

        def settled(space: Space | None) -> bool:
            if space is None or space.total == 0:
                return False
            now = space.marginals([f for f, _, _ in settled_to])
            return all(now[f][v] == p for f, v, p in settled_to)

        return self._smallest(self._clues, settled)

    def _repr_html_(self) -> str:
        from deduce.display import render_html

        return render_html(self)

    # -- recommendations ---------------------------------------------------------------

    def _ranking(
        self, strategy: str, among: Callable[[Any], bool] | None = None
    ) -> tuple[Sequence[Any], Partition, npt.NDArray[np.int64]]:
        queries = self.queries()
        if among is not None:
            queries = [q for q in queries if among(q)]
        if not queries:
            if among is not None:
                raise InvalidInput("among", among, "a test that some move passes")
            raise DeduceError(f"{type(self).__name__} has no queries to recommend")
        from deduce.search import distinct_moves

        queries = distinct_moves(self, queries)  # one of each class of equivalent moves
        part = self.partition(self._space, queries)
        order = rank(
            part,
            strategy,
            candidates=self.possible_queries(self._space, queries),
            extra=self._strategies(queries),
        )
        return queries, part, order

    def check_strategy(self, strategy: str) -> str:
        """``strategy`` if this game knows it (cheap: nothing is computed).

        Raises:
            InvalidInput: an unknown strategy, with the names this game knows.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation().check_strategy("minimax")
            'minimax'
        """
        known = [*STRATEGIES, *self._strategies(())]
        if strategy not in known:
            raise InvalidInput("strategy", strategy, known)
        return strategy

    def recommend(
        self,
        top: int = 3,
        *,
        strategy: str = "entropy",
        among: Callable[[Any], bool] | None = None,
    ) -> list[Recommendation]:
        """The ``top`` most informative next moves under ``strategy``.

        Args:
            top: how many to return (at least 1).
            strategy: "entropy", "minimax", "expected_size", "most_parts", a search
                of :mod:`deduce.search` ("lookahead", "optimal"), or one the game adds.
                Moves that a symmetry of the game makes equivalent are listed once.
            among: only moves for which this is true (default: every move).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(3, 3).guess("112", black=1, white=0)
            >>> [str(r.action) for r in inv.recommend(top=2, among=lambda c: "3" in str(c))]
            ['133', '232']
        """
        check_int("top", top, 1)
        queries, part, order = self._ranking(strategy, among)
        info = information(part)
        score = scores(part, strategy, self._strategies(queries))
        total = part.mass.sum(axis=1)
        result = []
        for i in order[:top]:
            query = queries[i]
            outcomes = {
                self.outcome_label(query, k): float(m) / float(total[i])
                for k, m in enumerate(part.mass[i])
                if m > 0
            }
            result.append(
                Recommendation(
                    action=query,
                    information=float(info[i]),
                    outcomes=outcomes,
                    worst_case=int(part.count[i].max()),
                    strategy=strategy,
                    score=float(score[i]),
                )
            )
        return result

    def best(self, strategy: str = "entropy", *, among: Callable[[Any], bool] | None = None) -> Any:
        """The single best next move under ``strategy`` (see :meth:`recommend`).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation().best("minimax")
            Code('1122')
        """
        queries, _, order = self._ranking(strategy, among)
        return queries[int(order[0])]

    # -- persistence -------------------------------------------------------------------

    def to_json(self) -> str:
        """The set-up and every clue, as JSON text that :meth:`from_json` reads back.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 2).guess("12", black=0, white=2)
            >>> Investigation.from_json(inv.to_json()) == inv
            True
        """
        document = {
            "format": _FORMAT,
            "game": self.game,
            "config": self.setup(),
            "clues": [_encode(clue) for clue in self._clues],
        }
        return json.dumps(document, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, **context: Any) -> Self:
        """Rebuild an investigation saved by :meth:`to_json` (every clue checked again).

        Args:
            text: the saved JSON.
            **context: what the saved text cannot hold (a custom game's ``model=``).

        Raises:
            InvalidInput: the text is not a saved investigation of this game.

        Example:
            >>> import deduce
            >>> deduce.Investigation.from_json(
            ...     '{"format": 1, "game": "mastermind", "clues": [], '
            ...     '"config": {"pegs": 2, "colours": 3, "black_only": false}}'
            ... )
            Investigation(2, 3)
        """
        try:
            document = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise InvalidInput(
                "text", short(text), "JSON from to_json()", reason=str(error)
            ) from None
        if not isinstance(document, dict) or document.get("format") != _FORMAT:
            raise InvalidInput("text", short(text), f"a saved investigation (format {_FORMAT})")
        game = document.get("game")
        target = Investigation._registry.get(game) if isinstance(game, str) else None
        if target is None and isinstance(game, str):
            from deduce import registry  # a built-in game is imported on first use

            with contextlib.suppress(InvalidInput):
                target = registry.kind(game)
        if target is None or not issubclass(target, cls):
            names = sorted(k for k, v in Investigation._registry.items() if issubclass(v, cls))
            raise InvalidInput("game", game, names)
        config, clues = document.get("config"), document.get("clues")
        if not isinstance(config, dict) or not isinstance(clues, list):
            raise InvalidInput("text", short(text), "'config' (object) and 'clues' (list)")
        investigation: Self = target.from_setup(config, **context)
        types = {t.__name__: t for t in (*target.clue_types, *target.value_types)}
        for item in clues:
            investigation = investigation.observe(_decode(item, types))
        return investigation

    # -- values ------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (type(self), json.dumps(self.setup(), sort_keys=True), self._clues)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Investigation):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return self._constructor_repr() + "".join(f".observe({c!r})" for c in self._clues)


def as_investigation(game: Any) -> Investigation:
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


def deletion_filter(
    items: Sequence[Any],
    holds: Callable[[list[Any]], bool],
    *,
    on_keep: Callable[[Any], None] | None = None,
) -> list[Any]:
    """A minimal sub-list of ``items`` (order kept) for which ``holds`` is still true.

    ``holds(items)`` must be true and stay true for every super-list of a list it holds
    for; each item is dropped in turn when ``holds`` survives without it, so no item of the
    answer can be left out. Used to shrink conflicts and explanations.

    Args:
        items: the candidates, in order.
        holds: the test, called with a trial list: the items kept so far, then every
            item after the one being tried.
        on_keep: called with each item as it is found to be needed (callers use it to
            carry work done on the kept prefix from one trial to the next).

    Example:
        >>> deletion_filter([1, 2, 3, 4], lambda kept: sum(kept) >= 5)
        [3, 4]
    """
    kept: list[Any] = []
    rest = list(items)
    while rest:
        item, rest = rest[0], rest[1:]
        if not holds(kept + rest):
            kept.append(item)
            if on_keep is not None:
                on_keep(item)
    return kept


def _encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            "type": type(value).__name__,
            **{f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"frozenset": sorted((_encode(v) for v in value), key=repr)}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise InvalidInput("clue value", value, "dataclasses, tuples, str, int, float, bool, None")


def _decode(item: Any, types: dict[str, type]) -> Any:
    if isinstance(item, list):
        return tuple(_decode(v, types) for v in item)
    if isinstance(item, dict):
        if set(item) == {"frozenset"}:
            return frozenset(_decode(v, types) for v in item["frozenset"])
        kind = item.get("type")
        if kind not in types:
            raise InvalidInput("clue type", kind, sorted(types))
        fields = {k: _decode(v, types) for k, v in item.items() if k != "type"}
        try:
            return types[kind](**fields)
        except TypeError as error:
            raise InvalidInput(kind, fields, "the fields of " + kind, reason=str(error)) from None
    return item
