"""The hooks a game implements: what :class:`deduce.Investigation` asks of its rules.

A game subclasses :class:`deduce.Investigation` (which is a :class:`Hooks`) and
overrides these methods; the engine calls them, a player never needs to. Two are
required, :meth:`Hooks.initial_space` and :meth:`Hooks.apply_clue`; every other one has a
default that suits a game whose secret is one row of its initial space.

Example:
    >>> from deduce import Investigation, Space
    >>> class Coin(Investigation[str, str, Any]):
    ...     def __init__(self) -> None:
    ...         self.begin()
    ...     def initial_space(self) -> Space:
    ...         return Space(("side",), (("heads", "tails"),), [[0], [1]])
    ...     def apply_clue(self, space: Space, clue: str) -> Space:
    ...         return space.filter(space.column("side") == space.label_index("side", clue))
    >>> Coin().observe("tails").solutions()
    [Assignment(side='tails')]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeVar

from deduce._internal.entry import LIMIT, guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_int
from deduce.core.space import Space
from deduce.core.strategy import Partition, partition
from deduce.errors import InvalidInput, MissingHook

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from deduce.search.ranking import Ranking, Recommendation

__all__ = ["HOOKS", "REQUIRED", "Assignment", "Clue", "Hooks", "Query", "Secret", "Solution"]

Clue = TypeVar("Clue", default=Any)
"""The type of a game's clues (what :meth:`deduce.Investigation.observe` takes)."""
Query = TypeVar("Query", default=Any)
"""The type of a game's moves (what :meth:`deduce.Investigation.recommend` suggests)."""
Solution = TypeVar("Solution", default=Any)
"""The type of a game's solutions (what :meth:`deduce.Investigation.solutions` lists)."""
Secret = TypeVar("Secret", default=Any)
"""The type of a game's secrets: the whole hidden truth of one game (a code, a deal, a
story), which ``deduce.testing`` draws and truthful clues are about."""

REQUIRED = ("initial_space", "apply_clue")
"""The hooks every game must write."""

ScalarT = TypeVar("ScalarT", bound=np.number)

_CHUNK = 1 << 22  # outcome-table entries computed at once


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


class Hooks(Generic[Clue, Query, Solution, Secret]):
    """The rules of a game, as the engine asks for them.

    Class attributes and hooks (``initial_space`` and ``apply_clue`` are required):

    - ``game`` (class attribute): its name in saved files; ``default_strategy``: the
      strategy :meth:`recommend` uses unless told otherwise.
    - ``table_game`` (class attribute): true for a game that is its outcome table:
      ``queries()`` is the same at every state, the hooks that take a space read nothing
      else, and the clue ``clue_for(q, k)`` keeps exactly the worlds where
      ``outcome_table`` gives ``q`` the answer ``k``; simulations then walk a strategy's
      tree on spaces alone (:mod:`deduce.search.trees`).
    - ``turns_only_end`` (class attribute): true for a game whose rules of the turn
      (``check_turn``) only end the game (the code broken, every guess made): a strategy's
      tree is then still walked on spaces alone, as in the game without a limit.
    - ``clue_types`` / ``value_types``: the dataclasses its clues are made of.
    - ``setup()`` / ``from_setup(config)``: the set-up, as JSON-able values.
    - ``initial_space()``: the worlds before any clue.
    - ``apply_clue(space, clue)``: the space filtered by a clue; raise ``InvalidInput`` for a
      clue that is wrong on its own.
    - ``check_turn(clue)``: the rules of the turn that a new clue must obey given the clues
      so far (a limit on moves, a card that must follow a guess...); checked when a clue
      is observed, not when clues are replayed to explain a contradiction.
    - ``solution_of(labels)``: the game's solution object for a tuple of labels
      (``solutions_of(labels)``: for many at once, for speed; ``merges_solutions()``, true
      while several rows can read as one solution; ``merged_rows(rows)``, those rows
      merged at once, for speed).
    - ``queries()``, ``outcome_table(space, queries)``, ``outcome_label(query, k)``,
      ``possible_queries(space, queries)``: the moves a player can make and their answers;
      or ``partition(space, queries)`` directly, when a game can count faster.
    - ``other_moves(strategy, ranking)``: moves that are not queries (an accusation, say),
      offered before the ranked queries; ``own_ranking(strategy, among, top)``: the
      game's own list of moves for a strategy of its own (or none left at all);
      ``move_filter(among, **options)``: a game's own keywords of ``recommend()`` and
      ``best()``, as a test of moves. With them the engine's ``recommend()`` and
      ``best()`` serve every game; a game never overrides those two.
    - ``clue_for(query, k)`` and ``finishes(query, k)``: the clue that answer ``k`` gives,
      and whether it ends the game (used by simulations and ``deduce.testing``);
      ``move_of(clue)``: the other way, the query and answer number a clue of mine is
      (None for a clue that answers no query of mine; used by ``review()``, which reads
      my other moves, an accusation or a card, through the declaration's ``decisions``);
      ``win_chance()``: my chance to win from this state under the game's race advice
      (None: the game has no race model, or none here; used by ``review()``).
    - ``secrets_strategy()``, ``clue_strategy(secret)`` (a hypothesis strategy of a
      truthful next clue, or of None when no further clue makes sense), ``contains_secret``,
      ``world_of``, ``secret_of``: what ``deduce.testing`` needs, for games whose
      secret is more than a row of the initial space; ``setups_strategy()`` (a class
      method): new investigations of random set-ups of the game.
    """

    game: ClassVar[str] = ""
    default_strategy: ClassVar[str] = "entropy"
    table_game: ClassVar[bool] = False
    turns_only_end: ClassVar[bool] = False
    clue_types: ClassVar[tuple[type, ...]] = ()
    value_types: ClassVar[tuple[type, ...]] = ()

    _space: Space

    if TYPE_CHECKING:

        @property
        def origin(self) -> Hooks[Clue, Query, Solution, Secret]: ...

        @property
        def space(self) -> Space: ...

    def setup(self) -> dict[str, Any]:
        """The set-up as JSON-able values: the constructor's arguments (default: none)."""
        return {}

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Self:
        """The investigation that :meth:`setup` describes (checked to read back equal)."""
        try:
            made = cls(**config, **context)
        except TypeError as error:
            raise InvalidInput(
                "config", config, M("the set-up of {game}", game=cls.game), reason=str(error)
            ) from None
        expected = json.loads(json.dumps(made.setup()))  # as it reads back from JSON
        if expected != json.loads(json.dumps(config)):
            raise InvalidInput(
                "config", config, M("the whole set-up: {setup}", setup=str(expected))
            )
        return made

    def initial_space(self) -> Space:
        """The worlds before any clue (required)."""
        raise MissingHook(type(self).__name__, "initial_space")

    def apply_clue(self, space: Space, clue: Clue) -> Space:
        """``space`` filtered (or reweighted) by ``clue`` (required).

        Raise ``InvalidInput`` for a clue that is wrong on its own.
        """
        raise MissingHook(type(self).__name__, "apply_clue")

    def check_turn(self, clue: Clue) -> None:
        """Raise ``InvalidInput`` if ``clue`` may not follow the clues so far."""

    def solution_of(self, labels: tuple[Any, ...]) -> Solution:
        """The solution object for a row's labels (default: an :class:`Assignment`)."""
        names = self._space.solution_names
        if len(labels) != len(names):
            raise InvalidInput("labels", labels, f"a row's labels: {', '.join(names)}")
        return Assignment(tuple(zip(names, labels, strict=True)))  # type: ignore[return-value]

    def solutions_of(self, labels: Sequence[tuple[Any, ...]]) -> list[Solution]:
        """The solution objects of many rows' labels at once, in their order (default:
        :meth:`solution_of` of each; a game overrides it when it can read them faster).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 2).solutions_of([("1", "2"), ("2", "2")])
            [Code('12'), Code('22')]
        """
        return [self.solution_of(row) for row in labels]

    def merges_solutions(self) -> bool:
        """Whether ``solution_of`` may now read several rows as one solution."""
        return False

    def merged_rows(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64] | None:
        """While :meth:`merges_solutions`: the solution rows (value indices, as
        ``Space.solution_rows`` gives them), each row that reads as the same solution as
        another written as that one, so that equal rows are one solution (counted and
        ranked at once, not row by row); None (the default): ``solution_of`` is read for
        every row."""
        return None

    def queries(self) -> Sequence[Query]:
        """Every move a player can make (default: none, so nothing is recommended)."""
        return ()

    def outcome_table(self, space: Space, queries: Sequence[Query]) -> npt.NDArray[np.integer]:
        """``(Q, N)`` small ints: the answer of each query in each world of ``space``."""
        raise MissingHook(type(self).__name__, "outcome_table", "or partition")

    def outcome_label(self, query: Query, k: int) -> Any:
        """How answer number ``k`` to ``query`` reads (default: ``k``)."""
        return k

    def possible_queries(self, space: Space, queries: Sequence[Query]) -> npt.NDArray[np.bool_]:
        """Which queries could be the solution itself (ties go to them)."""
        return np.zeros(len(queries), dtype=bool)

    def partition(self, space: Space, queries: Sequence[Query]) -> Partition:
        """How the worlds split by answer, per query (default: from ``outcome_table``)."""
        solution_ids = space.solution_ids()
        if not len(queries):  # no move: no row
            return partition(np.zeros((0, space.size), np.int8), space.weights, solution_ids)
        parts = []
        step = max(1, _CHUNK // max(1, space.size))
        for start in range(0, len(queries), step):
            chunk = queries[start : start + step]
            parts.append(partition(self.outcome_table(space, chunk), space.weights, solution_ids))
        width = max(p.mass.shape[1] for p in parts)

        def pad(a: npt.NDArray[ScalarT]) -> npt.NDArray[ScalarT]:
            return np.pad(a, ((0, 0), (0, width - a.shape[1])))

        return Partition(
            mass=np.concatenate([pad(p.mass) for p in parts]),
            count=np.concatenate([pad(p.count) for p in parts]),
            cond_entropy=np.concatenate([p.cond_entropy for p in parts]),
        )

    def extra_strategies(self) -> dict[str, Callable[[Partition], npt.NDArray[np.float64]]]:
        return {}

    def move_filter(
        self, among: Callable[[Query], bool] | None, **options: Any
    ) -> Callable[[Query], bool] | None:
        """The test every move of ``recommend()`` and ``best()`` must pass: ``among``,
        narrowed by the game's own keywords of those two (default: ``among``; no keyword).

        Example:
            >>> from deduce.games.crime_writers import Deck, Investigation
            >>> focus = Investigation(Deck.example()).move_filter(None, element="how")
            >>> Investigation(Deck.example()).best(among=focus).element
            'how'
        """
        if options:
            name = next(iter(options))
            raise TypeError(f"recommend() and best() of {type(self).__name__} take no {name}=")
        return among

    def own_ranking(
        self, strategy: str, among: Callable[[Query], bool] | None, top: int
    ) -> Sequence[Recommendation[Query]] | None:
        """The game's own best ``top`` moves under ``strategy``, best first, or None to
        let the engine rank :meth:`queries` (the default).

        A game answers for the strategies that are its own (BSI's ``"points"``, Crime
        Writers' ``"turn"``: its :meth:`deduce.Investigation.check_strategy` accepts
        them), or with ``[]`` when no move is left (Kreuzverhör after the last
        questioning). It keeps to the moves ``among`` passes and raises ``InvalidInput``
        naming ``among`` when none does.

        Example:
            >>> from deduce.games.kreuzverhoer import Investigation
            >>> Investigation().own_ranking("entropy", None, 3) is None
            True
        """
        return None

    def other_moves(
        self, strategy: str, ranking: Ranking[Query] | None
    ) -> Sequence[Recommendation[Query]]:
        """Moves that are not queries, offered before the ranked queries (default: none).

        This is how a game offers a move that is not one of its :meth:`queries` (13
        Indizien's accusation, when it is certain or no question teaches anything).
        ``ranking`` is the ranking of the queries that pass ``among`` (None when none
        does); the engine keeps the moves ``among`` passes, lists them first in the
        order given, then the ranked queries.

        Example:
            >>> from deduce.games.thirteen_clues import Investigation
            >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> inv.other_moves("entropy", None)[0].outcomes
            {'right': 0.0125, 'wrong': 0.9875}
        """
        return ()

    def query_orbits(
        self, queries: Sequence[Query], fixed: Sequence[Query] = ()
    ) -> npt.NDArray[np.int64] | None:
        """For each of ``queries``, the position of the first one equivalent to it under
        the game's symmetries that keep the clues so far and the moves ``fixed`` (default
        None: no symmetry). Equivalent moves split the worlds alike, so the strategies
        evaluate one of each class (see :mod:`deduce.search`)."""
        return None

    def as_query(self, value: Any) -> Any:
        """``value`` as one of this game's queries (the hook lets games parse shorthands)."""
        queries = self.queries()
        try:
            known = value in queries
        except (TypeError, ValueError):  # unhashable, or an array (its == is an array)
            known = False
        if not known:
            shown = [str(q) for q in list(queries)[:8]]
            raise InvalidInput("action", value, shown + (["..."] if len(queries) > 8 else []))
        return value

    def clue_for(self, query: Query, k: int) -> Clue:
        """The clue that answer number ``k`` to ``query`` gives."""
        raise MissingHook(type(self).__name__, "clue_for")

    def move_of(self, clue: Clue) -> tuple[Query, int] | None:
        """The query that ``clue`` answers and the answer's number, when the clue is
        the answer to a move of mine (default: None, no clue is a move to review; a move
        of mine that answers no query is read by the function the game's declaration
        names as ``decisions``, see :class:`deduce.search.review.Decision`)."""
        return None

    def win_chance(self) -> float | None:
        """My chance to win from this state, as the game's own race advice counts it
        (default: None, the game has no race model).

        A game with a race (the tables of 13 Indizien, Kreuzverhör and Black Stories
        Investigation) answers at every state of a game it can count: 1.0 once I have
        won, 0.0 once another player has.
        :func:`deduce.search.review.review` sets it beside each move, before and after.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 3).win_chance() is None
            True
        """
        return None

    def moves_left(self) -> int | None:
        """The moves the rules still allow me (default: None, no cap). The advice that
        plays for the fewest moves plans within it.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation(2, 3, limit=4).guess("12", black=0, white=1).moves_left()
            3
        """
        return None

    def tree_setup(self) -> dict[str, Any]:
        """The set-up that the optimal tree depends on (default: :meth:`setup`): a cap
        on moves is left out, the tree is checked against :meth:`moves_left` instead."""
        return self.setup()

    def finishes(self, query: Query, k: int) -> bool:
        """Whether answer ``k`` to ``query`` ends the game (default: never)."""
        return False

    def finishing(self, queries: Sequence[Query], answers: int) -> npt.NDArray[np.bool_]:
        """``(len(queries), answers)``: :meth:`finishes` of every query and answer number
        (default: asked one by one; a game may answer at once).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 2)
            >>> inv.finishing(inv.queries()[:1], 7)[0].tolist()[-2:]
            [False, True]
        """
        answers = check_int("answers", answers, 0, LIMIT)
        result = np.zeros((len(queries), answers), dtype=bool)
        if type(self).finishes is not Hooks.finishes:
            for q, query in enumerate(queries):
                result[q] = [self.finishes(query, k) for k in range(answers)]
        return result

    def world_of(self, secret: Secret) -> int:
        """The world id (a row of the initial space) of ``secret``."""
        if isinstance(secret, (int, np.integer)) and not isinstance(secret, bool):
            return int(secret)
        raise InvalidInput("secret", secret, N_("a world id (int)"))

    def secret_of(self, world: int) -> Secret:
        """The secret object of world id ``world`` (default: the id itself)."""
        return world  # type: ignore[return-value]  # a game whose secret is a row id

    def contains_secret(self, secret: Secret) -> bool:
        """Whether ``secret`` is still possible."""
        return bool(np.isin(self.world_of(secret), self._space.ids))

    def solution_for(self, secret: Secret) -> Solution:
        """The solution that ``secret`` (the whole hidden truth) reads as now: the one
        :meth:`solutions` lists for it while it is possible. A secret may hold more than
        the solution (13 Indizien's whole deal), and a game may read several secrets as
        one solution (a Crime Writers element invented in the wording of a card found
        reads as that card).

        After clues that are true of ``secret``, ``inv.solution_for(secret) in
        inv.solutions()`` holds in every game: the check of a sound deduction.

        Raises:
            InvalidInput: ``secret`` is not a secret of this game.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 3).guess("12", black=1, white=0)
            >>> inv.solution_for("13"), inv.solution_for("13") in inv.solutions()
            (Code('13'), True)
        """
        root = self.origin.space
        try:
            world = self.world_of(secret)
        except InvalidInput as error:  # named as the caller named it
            if error.argument == "secret":
                raise
            raise InvalidInput("secret", secret, error.expected, reason=error.reason) from None
        row = int(np.searchsorted(root.ids, world))
        if row >= len(root.ids) or root.ids[row] != world:
            raise InvalidInput(
                "secret", secret, M("a secret of this {kind}", kind=type(self).__name__)
            )
        rows = root.worlds[[row]][:, root.solution]
        if self.merges_solutions():
            merged = self.merged_rows(rows)
            rows = rows if merged is None else merged
        return self.solution_of(root.rows_labels(rows)[0])

    def _answer(self, secret: Secret, query: Query) -> int:
        root = self.origin.space
        row = int(np.searchsorted(root.ids, self.world_of(secret)))
        return int(self.outcome_table(root.take([row]), [query])[0, 0])

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Any]:
        """A hypothesis strategy of new investigations of random set-ups (tables, sizes,
        rule variants) of the game (default: the one its constructor makes with no
        argument; a game with set-ups to vary overrides it)."""
        from hypothesis import strategies as st

        return st.builds(cls)

    def secrets_strategy(self) -> SearchStrategy[Secret]:
        """A hypothesis strategy of the secrets still possible."""
        from hypothesis import strategies as st

        return st.sampled_from(self._space.ids.tolist()).map(self.secret_of)

    def clue_strategy(self, secret: Secret) -> SearchStrategy[Clue | None]:
        """Truthful clues about ``secret`` from here (None: no further clue makes sense)."""
        from hypothesis import strategies as st

        return st.sampled_from(self.queries()).map(
            lambda query: self.clue_for(query, self._answer(secret, query))
        )

    def impossible_clues(self) -> Sequence[Clue]:
        """Clues that no world left fits, written directly, for the test kit's
        :func:`~deduce.testing.contradictions` (default: none: the kit finds them among
        my moves' answers and the clues of secrets ruled out). A game writes them where
        those seldom contradict (Crime Writers: a card found that no story left holds).

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> list(Investigation(2, 2).impossible_clues())
            []
        """
        return []

    def constructor_repr(self) -> str:
        args = ", ".join(f"{key}={value!r}" for key, value in self.setup().items())
        return f"{type(self).__name__}({args})"


HOOKS = frozenset(name for name in vars(Hooks) if not name.startswith("_"))
"""The names of the hooks and class attributes a game writes (those of :class:`Hooks`)."""

guard(globals())
