"""The exact optimum's compiled search against its Python path: the same totals,
histograms, trees, first moves and nodes, with and without a cap on moves, within a
budget, on a pool; the rule that picks among moves of equal cost, against every tree."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import deduce.search.optimum as optimum
from deduce.games.mastermind import Game, Investigation
from deduce.model import Model
from deduce.search.optimum import Budget, Optimum, optimal

UNLIMITED = Budget(seconds=None)
EVERY_MOVE = (0,) * (optimum._SYMMETRY_DEPTH + 1)  # a path after which every move is tried


@pytest.fixture
def python_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Python path for the optimum, where the compiled search would apply."""
    monkeypatch.setattr(optimum, "_COMPILED", False)
    yield


def both(inv: Any, **options: Any) -> tuple[Optimum, Optimum]:
    """``optimal`` with the compiled search, then with the Python path."""
    compiled = optimal(inv, **options)
    saved = optimum._COMPILED
    optimum._COMPILED = False
    try:
        python = optimal(inv, **options)
    finally:
        optimum._COMPILED = saved
    return compiled, python


def same(a: Optimum, b: Optimum) -> bool:
    """Everything but the seconds, the tree included."""
    keys = ("move", "histogram", "exact", "fell_back", "nodes", "max_moves")
    totals = a.total == b.total or (math.isnan(a.total) and math.isnan(b.total))
    return totals and all(getattr(a, k) == getattr(b, k) for k in keys) and a.tree == b.tree


@pytest.mark.parametrize(("pegs", "colours"), [(2, 3), (3, 3), (2, 4), (3, 4)])
@pytest.mark.parametrize("cap", [None, 2, 3, 4, 5])
def test_the_compiled_search_equals_the_python_path(
    pegs: int, colours: int, cap: int | None
) -> None:
    compiled, python = both(Investigation(pegs, colours), max_moves=cap, budget=UNLIMITED)
    assert same(compiled, python)
    if cap is None:
        assert compiled.exact and compiled.tree


@pytest.mark.parametrize(("pegs", "colours", "total"), [(4, 4, 905), (3, 6, 854), (4, 5, 2463)])
def test_larger_games_give_the_known_totals_and_the_same_nodes(
    pegs: int, colours: int, total: int
) -> None:
    compiled, python = both(Investigation(pegs, colours), budget=UNLIMITED)
    assert compiled.total == total and same(compiled, python)


def test_after_clues_the_rows_are_not_the_moves_and_both_agree() -> None:
    inv = Investigation(3, 4).guess("112", black=1, white=0).guess("134", black=0, white=1)
    compiled, python = both(inv, budget=UNLIMITED)
    assert compiled.exact and same(compiled, python)
    assert compiled.move in inv.queries()


def test_black_pegs_only_and_a_limit_of_guesses() -> None:
    for inv in (Investigation(3, 3, black_only=True), Investigation(2, 4, limit=3)):
        compiled, python = both(inv, max_moves=inv.moves_left(), budget=UNLIMITED)
        assert same(compiled, python)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Investigation, int | None]:
    """A small Mastermind, perhaps after a guess or two answered truthfully, and perhaps
    a cap on the moves left."""
    pegs = draw(st.integers(1, 3))
    colours = draw(st.integers(2, 4 if pegs == 3 else 5))
    game = Game(pegs, colours, black_only=draw(st.booleans()))
    codes = game.codes()
    secret = draw(st.sampled_from(codes))
    inv = game.investigation()
    for guess in draw(st.lists(st.sampled_from(codes), max_size=2)):
        if inv.solved is not None:
            break
        black, white = game.feedback(secret, guess)
        inv = inv.guess(guess, black, white)
    return inv, draw(st.one_of(st.none(), st.integers(1, 6)))


@given(positions())
def test_property_the_compiled_search_equals_the_python_path(
    position: tuple[Investigation, int | None],
) -> None:
    inv, cap = position
    compiled, python = both(inv, max_moves=cap, budget=UNLIMITED)
    assert same(compiled, python)


def test_a_game_of_several_worlds_per_solution_takes_the_python_path() -> None:
    model = Model()
    model.variable("suspect", ["Ann", "Bob", "Cid", "Dan"])
    model.variable("room", ["hall", "attic"], solution=False)
    model.query("Ann or Bob?", lambda suspect: suspect in ("Ann", "Bob"), ["suspect"])
    model.query("Ann or Cid?", lambda suspect: suspect in ("Ann", "Cid"), ["suspect"])
    model.query("in the hall?", lambda room: room == "hall", ["room"])
    inv = model.investigation()
    solver = optimum._Solver(inv, None, UNLIMITED, compiled=True)
    assert not solver.uniform and solver.kernel is None
    compiled, python = both(inv, budget=UNLIMITED)
    assert compiled.exact and same(compiled, python)


def test_a_budget_of_nodes_runs_out_alike() -> None:
    inv = Investigation(4, 5)
    lookahead = inv.best("lookahead")
    for nodes in (1, 20, 500):
        compiled, python = both(inv, budget=Budget(nodes=nodes))
        assert same(compiled, python)
        assert compiled.fell_back == f"the budget of {nodes} nodes ran out"
        assert compiled.nodes == nodes + 1 and compiled.move == lookahead


def test_a_budget_of_seconds_bounds_the_compiled_search() -> None:
    result = optimal(Investigation(4, 6), budget=Budget(seconds=1e-6))
    assert not result.exact and math.isnan(result.total) and result.histogram is None
    assert result.fell_back is not None and "s ran out after" in result.fell_back
    assert result.move == Investigation(4, 6).best("lookahead")


def test_a_budget_of_seconds_does_not_count_loading_the_compiled_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import time

    import deduce.search._optimum_kernel as kernel

    loaded = kernel.ready
    monkeypatch.setattr(kernel, "ready", lambda: (loaded(), time.sleep(0.6)))
    result = optimal(Investigation(4, 4), budget=Budget(seconds=0.5))  # 303 nodes, 0.03 s
    assert result.exact and result.total == 905 and result.seconds >= 0.6
    assert result.nodes == optimal(Investigation(4, 4), budget=UNLIMITED).nodes


def test_the_compiled_code_is_loaded_once_and_searches_after() -> None:
    import deduce.search._optimum_kernel as kernel

    kernel.ready()
    kernel.ready()
    assert kernel._LOADED == [True]


def test_the_compiled_search_lets_other_threads_run() -> None:
    """A server works out advice in a thread: the compiled search releases the
    interpreter while it runs, so the requests' threads go on beside it."""
    import deduce.search._optimum_kernel as kernel

    assert kernel._search.targetoptions.get("nogil") is True


def test_a_pool_of_threads_shares_one_compiled_search() -> None:
    inv = Investigation(3, 4)
    alone = optimal(inv, budget=UNLIMITED)
    with ThreadPoolExecutor(max_workers=2) as pool:
        compiled, python = both(inv, budget=UNLIMITED, executor=pool)
    for result in (compiled, python):  # the nodes depend on which thread solved a set first
        assert (result.total, result.move, result.histogram) == (206, alone.move, alone.histogram)
        assert result.tree == alone.tree


def test_the_compiled_search_grows_its_cache_and_keeps_the_same_result() -> None:
    solver = optimum._Solver(Investigation(4, 5), None, UNLIMITED, compiled=True)
    assert solver.kernel is not None
    entries = len(solver.kernel.state[3][1])
    rows = np.arange(solver.inv.space.size, dtype=np.int64)
    assert solver.run(rows, math.inf, (), None) == 2463 and solver.nodes == 3307
    assert len(solver.kernel.state[3][1]) > entries  # it stopped for room, and went on


# -- the rule among moves of equal cost ------------------------------------------------


def _costs(inv: Investigation) -> Any:
    """The exact cost of every move at every set of worlds (every tree, by dynamic
    programming over the sets), for a small game without a cap."""
    solver = optimum._Solver(inv, None, UNLIMITED)
    table, fin = solver.table, solver.fin

    @functools.cache
    def cost(rows: tuple[int, ...]) -> float:
        if len(rows) == 1:
            return 1.0
        return min(move_cost(rows, q) for q in range(len(solver.queries)))

    @functools.cache
    def move_cost(rows: tuple[int, ...], q: int) -> float:
        parts: dict[int, list[int]] = {}
        for row in rows:
            parts.setdefault(int(table[q, row]), []).append(row)
        if any(len(p) == len(rows) and not fin[q, k] for k, p in parts.items()):
            return math.inf  # teaches nothing
        return len(rows) + sum(cost(tuple(p)) for k, p in parts.items() if not fin[q, k])

    return solver, cost, move_cost


@pytest.mark.parametrize(("pegs", "colours"), [(2, 3), (2, 4), (3, 3)])
def test_every_node_takes_the_cheapest_move_then_the_lowest_bound_then_one_that_can_end_the_game(
    pegs: int, colours: int
) -> None:
    inv = Investigation(pegs, colours)
    result = optimal(inv, budget=UNLIMITED)
    solver, cost, move_cost = _costs(inv)
    assert result.tree is not None and result.total == cost(tuple(range(inv.space.size)))
    position = {q: i for i, q in enumerate(inv.queries())}
    for node, move in result.tree.items():
        rows = np.asarray(node, dtype=np.int64)  # a fresh game: world ids are rows
        if len(rows) == 2:  # settled without a search: the first code's own move
            continue
        moves, bounds = solver.candidates(rows, EVERY_MOVE, None)
        ends = solver.can_end(moves, rows)
        key = {
            int(q): (move_cost(node, int(q)), float(b), not e, int(q))
            for q, b, e in zip(moves, bounds, ends, strict=True)
        }
        assert position[move] == min(key, key=key.__getitem__)


def test_a_move_that_can_end_the_game_is_preferred_at_equal_cost_and_bound() -> None:
    inv = Investigation(3, 3).guess("123", black=1, white=2)  # 132, 213, 321 left
    result = optimal(inv, budget=UNLIMITED)
    solver, _, move_cost = _costs(inv)
    rows = np.arange(inv.space.size, dtype=np.int64)
    moves, bounds = solver.candidates(rows, EVERY_MOVE, None)
    ends = solver.can_end(moves, rows)
    key = {
        int(q): (move_cost(tuple(rows.tolist()), int(q)), float(b), not e, int(q))
        for q, b, e in zip(moves, bounds, ends, strict=True)
    }
    best = min(key, key=key.__getitem__)
    assert result.move == inv.queries()[best] and result.move in inv.solutions()
    tied = [q for q in key if key[q][:2] == key[best][:2] and q < best]
    assert tied and not any(solver.can_end(np.array(tied), rows))  # lower, cannot end it


def test_the_compiled_search_solves_mastermind_4_6() -> None:  # about a second
    result = optimal(Investigation(4, 6), budget=UNLIMITED)
    assert result.exact and result.total == 5625 and result.worst == 6
    assert str(result.move) == "1123"
