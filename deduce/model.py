"""Custom games: variables, domains and constraints, enumerated and reasoned about.

A :class:`Model` declares a game the way a rulebook does. python-constraint2 enumerates
it into a :class:`~deduce.core.space.Space`, so ``model.investigation()`` has the whole common
contract (clues, probabilities, recommendations, undo, JSON). The same model translated
to CP-SAT answers questions without listing worlds: is a fact still possible, which facts
are certain, and which earlier clues a contradicting one conflicts with (an unsat core
over assumption literals, then shrunk to a minimal set).

Example:
    >>> model = Model()
    >>> model.variable("suspect", ["Ann", "Bob", "Cid"])
    >>> model.variable("room", ["hall", "attic"])
    >>> model.constraint(lambda suspect, room: (suspect, room) != ("Cid", "attic"),
    ...                  ["suspect", "room"])
    >>> model.query("in the hall?", lambda room: room == "hall", ["room"])
    >>> inv = model.investigation().answer("in the hall?", False)
    >>> inv.solutions()
    [Assignment(suspect='Ann', room='attic'), Assignment(suspect='Bob', room='attic')]
    >>> inv.possible(suspect="Cid"), inv.proven()
    (False, {'room': 'attic'})
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_int
from deduce.core.explain import impossible
from deduce.core.space import Space
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation, deletion_filter

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["Answer", "Fact", "Model", "ModelInvestigation"]


@dataclass(frozen=True, slots=True)
class Answer:
    """The clue that query ``query`` was answered ``outcome``.

    Example:
        >>> Answer("in the hall?", True)
        Answer(query='in the hall?', outcome=True)
    """

    query: str
    outcome: object


@dataclass(frozen=True, slots=True)
class Fact:
    """The clue that variable ``variable`` has (or, with ``holds=False``, has not) ``value``.

    Example:
        >>> Fact("suspect", "Ann", holds=False)
        Fact(variable='suspect', value='Ann', holds=False)
    """

    variable: str
    value: object
    holds: bool = True


@dataclass(frozen=True, slots=True)
class _Constraint:
    predicate: Callable[..., bool]
    variables: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Query:
    name: str
    function: Callable[..., Hashable]
    variables: tuple[str, ...]


class Model:
    """A custom game: variables with finite domains, constraints and queries.

    Variables are the hidden world; those declared with ``solution=True`` (the default)
    are what the player must name. Constraints are predicates over some variables (the
    rules of the game); queries are what a player can ask, each a function of some
    variables whose value is the answer.
    """

    def __init__(self) -> None:
        self._domains: dict[str, tuple[Hashable, ...]] = {}
        self.solution_of: list[str] = []
        self._constraints: list[_Constraint] = []
        self.queries: dict[str, _Query] = {}
        self._space: Space | None = None

    # -- declaring ---------------------------------------------------------------------

    def variable(self, name: str, domain: Sequence[Hashable], *, solution: bool = True) -> None:
        """Declare variable ``name`` with the values of ``domain``.

        Args:
            name: a new variable name.
            domain: its possible values (at least one, all different, hashable).
            solution: whether it belongs to the solution the player must name.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.names
            ('x',)
        """
        if not isinstance(name, str) or not name or name in self._domains:
            raise InvalidInput("name", name, N_("a new, non-empty variable name"))
        values = tuple(domain)
        if not values or len(set(values)) != len(values):
            raise InvalidInput("domain", domain, N_("at least one value, all different"))
        self._domains[name] = values
        if solution:
            self.solution_of.append(name)
        self._space = None

    def constraint(self, predicate: Callable[..., bool], variables: Sequence[str]) -> None:
        """Require ``predicate(*values of variables)`` in every world.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.constraint(lambda x: x != 2, ["x"])
            >>> m.space().size
            2
        """
        self._constraints.append(_Constraint(predicate, self._names("variables", variables)))
        self._space = None

    def query(self, name: str, function: Callable[..., Hashable], variables: Sequence[str]) -> None:
        """Declare a question a player can ask: its answer is ``function(*values)``.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.query("odd?", lambda x: x % 2 == 1, ["x"])
            >>> m.investigation().answer("odd?", False).solutions()
            [Assignment(x=2)]
        """
        if not isinstance(name, str) or not name or name in self.queries:
            raise InvalidInput("name", name, N_("a new, non-empty query name"))
        self.queries[name] = _Query(name, function, self._names("variables", variables))
        self._space = None

    def _names(self, argument: str, variables: Sequence[str]) -> tuple[str, ...]:
        names = tuple(variables)
        unknown = [n for n in names if n not in self._domains]
        if not names or unknown:
            raise InvalidInput(
                argument, variables, M("names among {names}", names=str(list(self._domains)))
            )
        return names

    # -- enumeration -------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The variables, in declaration order.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.names
            ('x',)
        """
        return tuple(self._domains)

    def domain(self, name: str) -> tuple[Hashable, ...]:
        """The values of variable ``name``.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.domain("x")
            (1, 2, 3)
        """
        if name not in self._domains:
            raise InvalidInput("variable", name, list(self._domains))
        return self._domains[name]

    def space(self) -> Space:
        """Every world of the model, enumerated by python-constraint2 (sorted).

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.space().size
            3
        """
        if self._space is None:
            if not self._domains:
                raise DeduceError("the model has no variables")
            from constraint import (
                Problem,  # imported when first needed: keeps `import deduce` light
            )

            problem = Problem()
            for name, values in self._domains.items():
                problem.addVariable(name, list(range(len(values))))
            for c in self._constraints:
                problem.addConstraint(self._index_predicate(c), list(c.variables))
            rows = sorted(tuple(s[n] for n in self.names) for s in problem.getSolutions())
            if not rows:
                raise DeduceError("the model's constraints allow no world at all")
            worlds = np.array(rows, dtype=np.int64).reshape(len(rows), len(self.names))
            solution = self.solution_of or list(self.names)
            self._space = Space(self.names, list(self._domains.values()), worlds, solution=solution)
        return self._space

    def _index_predicate(self, c: _Constraint) -> Callable[..., bool]:
        domains = [self._domains[n] for n in c.variables]

        def check(*indices: int) -> bool:
            return bool(c.predicate(*(d[i] for d, i in zip(domains, indices, strict=True))))

        return check

    def investigation(self) -> ModelInvestigation:
        """A new investigation of this game.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> len(m.investigation().solutions())
            3
        """
        return ModelInvestigation(self)

    def from_json(self, text: str) -> ModelInvestigation:
        """Rebuild an investigation of this model saved by ``to_json``.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> inv = m.investigation().fact("x", 1, holds=False)
            >>> m.from_json(inv.to_json()) == inv
            True
        """
        return ModelInvestigation.from_json(text, model=self)


class ModelInvestigation(Investigation):
    """The common contract for a :class:`Model`, plus CP-SAT reasoning.

    Clues are :class:`Answer` (a query's answer) and :class:`Fact` (a variable's value).
    """

    game = "model"
    clue_types = (Answer, Fact)

    def __init__(self, model: Model) -> None:
        if not isinstance(model, Model):
            raise InvalidInput("model", model, "a deduce.Model")
        self.model = model
        self._query_list = tuple(model.queries.values())
        self.begin()
        self._tables = self._build_tables()

    def answer(self, query: str, outcome: object) -> ModelInvestigation:
        """The investigation after ``query`` was answered ``outcome``.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.query("x", lambda x: x, ["x"])
            >>> m.investigation().answer("x", 3).solved
            Assignment(x=3)
        """
        return self.observe(Answer(query, outcome))

    def fact(self, variable: str, value: object, *, holds: bool = True) -> ModelInvestigation:
        """The investigation after learning that ``variable`` is (or is not) ``value``.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.investigation().fact("x", 2, holds=False).solutions()
            [Assignment(x=1), Assignment(x=3)]
        """
        return self.observe(Fact(variable, value, holds))

    # -- rules -------------------------------------------------------------------------

    def initial_space(self) -> Space:
        return self.model.space()

    def _build_tables(self) -> tuple[tuple[npt.NDArray[np.int64], tuple[Hashable, ...]], ...]:
        space = self._space
        tables = []
        for q in self._query_list:
            columns = space.worlds[:, [space.index(n) for n in q.variables]]
            combos, inverse = np.unique(columns, axis=0, return_inverse=True)
            domains = [self.model._domains[n] for n in q.variables]
            values = [
                q.function(*(d[i] for d, i in zip(domains, combo, strict=True))) for combo in combos
            ]
            labels = tuple(dict.fromkeys(values))
            codes = np.array([labels.index(v) for v in values], dtype=np.int64)
            tables.append((codes[inverse.reshape(-1)], labels))
        return tuple(tables)

    def _query_index(self, name: Any) -> int:
        for i, q in enumerate(self._query_list):
            if q.name == name:
                return i
        raise InvalidInput("query", name, [q.name for q in self._query_list])

    def apply_clue(self, space: Space, clue: Answer | Fact) -> Space:
        if isinstance(clue, Fact):
            if not isinstance(clue.holds, bool):
                raise InvalidInput("holds", clue.holds, N_("True or False"))
            value = space.label_index(clue.variable, clue.value)
            match = space.column(clue.variable) == value
            return space.filter(match if clue.holds else ~match)
        index = self._query_index(clue.query)
        codes, labels = self._tables[index]
        try:
            at = labels.index(clue.outcome)
        except (ValueError, TypeError):  # no such outcome (an array is none either)
            raise InvalidInput("outcome", clue.outcome, list(labels)) from None
        return space.filter(codes[space.ids] == at)

    def queries(self) -> Sequence[str]:
        return tuple(q.name for q in self._query_list)

    def outcome_table(self, space: Space, queries: Sequence[str]) -> npt.NDArray[np.int64]:
        rows = [self._tables[self._query_index(q)][0][space.ids] for q in queries]
        return np.stack(rows) if rows else np.zeros((0, space.size), dtype=np.int64)

    def outcome_label(self, query: str, k: int) -> Hashable:
        labels = self._tables[self._query_index(query)][1]
        label: Hashable = labels[check_int("k", k, 0, len(labels) - 1)]
        return label

    def clue_for(self, query: str, k: int) -> Answer:
        return Answer(query, self.outcome_label(query, k))

    def setup(self) -> dict[str, Any]:
        return {"variables": {n: list(map(repr, d)) for n, d in self.model._domains.items()}}

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> ModelInvestigation:
        model = context.get("model")
        if model is None:
            raise InvalidInput("model", None, N_("the Model: use model.from_json(text)"))
        fresh = cls(model)
        if fresh.setup() != config:
            raise InvalidInput("text", config, N_("an investigation saved from this model"))
        return fresh

    def constructor_repr(self) -> str:
        return f"{type(self).__name__}(<Model of {', '.join(self.model.names)}>)"

    # -- CP-SAT ------------------------------------------------------------------------

    def _cp(self, clues: Sequence[Any]) -> tuple[cp_model.CpModel, dict[str, list[Any]], list[Any]]:
        """The model and ``clues`` in CP-SAT: (model, value literals, one literal per clue).

        Each clue is enforced only when its literal is true, so the literals can serve as
        assumptions and an infeasible set of them names the clues that conflict.
        """
        m = self.model
        from ortools.sat.python import cp_model  # imported when first needed

        cp = cp_model.CpModel()
        literal: dict[str, list[Any]] = {}
        number: dict[str, Any] = {}
        for name, values in m._domains.items():
            literal[name] = [cp.new_bool_var(f"{name}={i}") for i in range(len(values))]
            cp.add_exactly_one(literal[name])
            number[name] = cp.new_int_var(0, len(values) - 1, name)
            cp.add(number[name] == sum(i * x for i, x in enumerate(literal[name])))
        for c in m._constraints:
            check = m._index_predicate(c)
            allowed = [
                combo
                for combo in itertools.product(*(range(len(m._domains[n])) for n in c.variables))
                if check(*combo)
            ]
            cp.add_allowed_assignments([number[n] for n in c.variables], allowed)
        switches = []
        for position, clue in enumerate(clues):
            switch = cp.new_bool_var(f"clue {position}")
            switches.append(switch)
            if isinstance(clue, Fact):
                value = m._domains[clue.variable].index(clue.value)
                x = literal[clue.variable][value]
                cp.add_bool_or([x if clue.holds else x.Not()]).only_enforce_if(switch)
                continue
            q = self._query_list[self._query_index(clue.query)]
            domains = [m._domains[n] for n in q.variables]
            chosen = []
            for combo in itertools.product(*(range(len(d)) for d in domains)):
                if q.function(*(d[i] for d, i in zip(domains, combo, strict=True))) == clue.outcome:
                    pick = cp.new_bool_var("")
                    for name, i in zip(q.variables, combo, strict=True):
                        cp.add_implication(pick, literal[name][i])
                    chosen.append(pick)
            cp.add_bool_or(chosen).only_enforce_if(switch)
        return cp, literal, switches

    @staticmethod
    def _solve(
        cp: cp_model.CpModel, assumptions: Sequence[Any] = ()
    ) -> tuple[bool, cp_model.CpSolver]:
        """(whether CP-SAT found a solution, the solver); proofs are complete searches."""
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        cp.clear_assumptions()
        cp.add_assumptions(list(assumptions))
        status = solver.solve(cp)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
            raise DeduceError(f"CP-SAT gave no answer (status {status})")
        return status != cp_model.INFEASIBLE, solver

    def possible(self, **assignment: Any) -> bool:
        """Whether some world fits every clue and ``assignment`` (proved by CP-SAT).

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> inv = m.investigation().fact("x", 2, holds=False)
            >>> inv.possible(x=2), inv.possible(x=3)
            (False, True)
        """
        cp, literal, switches = self._cp(self.clues)
        for name, value in assignment.items():
            index = self.model.domain(name).index(value) if value in self.model.domain(name) else -1
            if index < 0:
                raise InvalidInput(name, value, list(self.model.domain(name)))
            cp.add_bool_or([literal[name][index]])
        return self._solve(cp, switches)[0]

    def proven(self) -> dict[str, Hashable]:
        """The solution's variables whose value CP-SAT proves certain.

        Example:
            >>> m = Model()
            >>> m.variable("x", [1, 2, 3])
            >>> m.investigation().fact("x", 1).proven()
            {'x': 1}
        """
        cp, literal, switches = self._cp(self.clues)
        feasible, first = self._solve(cp, switches)
        if not feasible:
            raise DeduceError("the clues have no solution")
        known: dict[str, Hashable] = {}
        for name in self._space.solution_names:
            value = next(i for i, x in enumerate(literal[name]) if first.boolean_value(x))
            cp_other, lit_other, sw_other = self._cp(self.clues)
            cp_other.add_bool_or([lit_other[name][value].Not()])
            if not self._solve(cp_other, sw_other)[0]:
                known[name] = self.model.domain(name)[value]
        return known

    def _contradiction(self, clue: Answer | Fact) -> DeduceError:
        clues = [*self.clues, clue]
        cp, _, switches = self._cp(clues)
        feasible, solver = self._solve(cp, switches)
        if feasible:
            return super()._contradiction(clue)
        core = set(solver.sufficient_assumptions_for_infeasibility())
        kept = deletion_filter(  # shrink the core to a minimal one
            [i for i, s in enumerate(switches[:-1]) if s.Index() in core],
            lambda trial: not self._solve(cp, [switches[j] for j in trial] + [switches[-1]])[0],
        )
        if not kept:
            return impossible(clue)
        return Contradiction(clue, [self.clues[j] for j in kept])


guard(globals())
