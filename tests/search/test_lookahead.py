"""Lookahead, the exact optimum and move equivalence, against plain references."""

from __future__ import annotations

import inspect
import itertools
import math
import warnings
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np
import pytest
from rich.console import Console

from deduce import play
from deduce.core.strategy import STRATEGIES, rank
from deduce.games.mastermind import Game, Investigation
from deduce.games.mastermind.symmetry import orbits
from deduce.play.session import Session
from deduce.search import Lookahead, lookahead_scores, lower_bound
from deduce.search.optimum import Budget, optimal
from deduce.table.simulation import simulate


def feedback(secret: tuple[int, ...], guess: tuple[int, ...]) -> tuple[int, int]:
    black = sum(s == g for s, g in zip(secret, guess, strict=True))
    return black, sum((Counter(secret) & Counter(guess)).values()) - black


def reference_optimum(pegs: int, colours: int, cap: int | None = None) -> float:
    """The fewest total guesses over every code, trying every guess at every node (every
    decision tree, by dynamic programming over the sets of codes left)."""
    codes = list(itertools.product(range(colours), repeat=pegs))

    @cache
    def cost(left: frozenset[tuple[int, ...]], moves: int) -> float:
        if moves == 0:
            return math.inf
        if len(left) == 1:
            return 1
        best = math.inf
        for guess in codes:
            parts: dict[tuple[int, int], set[tuple[int, ...]]] = {}
            for secret in left:
                parts.setdefault(feedback(secret, guess), set()).add(secret)
            if any(len(p) == len(left) and k[0] != pegs for k, p in parts.items()):
                continue  # teaches nothing
            total = float(len(left))
            for k, part in parts.items():
                if k[0] != pegs:
                    total += cost(frozenset(part), moves - 1)
            best = min(best, total)
        return best

    return cost(frozenset(codes), cap if cap is not None else 64)


SMALL = [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3)]


@pytest.mark.parametrize(("pegs", "colours"), SMALL)
def test_optimal_equals_every_tree(pegs: int, colours: int) -> None:
    result = optimal(Investigation(pegs, colours), budget=Budget(seconds=None))
    assert result.exact and result.fell_back is None
    assert result.total == reference_optimum(pegs, colours)
    assert sum(result.histogram.values()) == colours**pegs
    assert sum(m * n for m, n in result.histogram.items()) == result.total


@pytest.mark.slow
@pytest.mark.parametrize(("pegs", "colours"), [(2, 5), (4, 2)])
def test_optimal_equals_every_tree_larger(pegs: int, colours: int) -> None:
    result = optimal(Investigation(pegs, colours), budget=Budget(seconds=None))
    assert result.total == reference_optimum(pegs, colours)


@pytest.mark.parametrize(("pegs", "colours", "cap"), [(2, 3, 3), (2, 4, 3), (3, 3, 4), (3, 3, 3)])
def test_optimal_under_a_cap_equals_every_tree(pegs: int, colours: int, cap: int) -> None:
    expected = reference_optimum(pegs, colours, cap)
    result = optimal(Investigation(pegs, colours), max_moves=cap, budget=Budget(seconds=None))
    if expected == math.inf:
        assert not result.exact and result.fell_back == f"no tree finishes within {cap} moves"
    else:
        assert result.total == expected and result.worst is not None and result.worst <= cap


def test_optimal_from_a_later_position() -> None:
    inv = Investigation(3, 3).guess("112", black=1, white=0)
    result = optimal(inv, budget=Budget(seconds=None))
    codes = [tuple(c.pegs) for c in inv.solutions()]
    assert result.exact and sum(result.histogram.values()) == len(codes)
    assert result.move in inv.queries()


@pytest.mark.parametrize(("pegs", "colours"), [*SMALL, (3, 4), (4, 3)])
def test_equivalence_changes_no_total(
    pegs: int, colours: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    inv = Investigation(pegs, colours)
    with_symmetry = optimal(inv, budget=Budget(seconds=None))
    monkeypatch.setattr(Investigation, "query_orbits", lambda self, queries, fixed=(): None)
    without = optimal(inv, budget=Budget(seconds=None))
    assert with_symmetry.total == without.total
    assert with_symmetry.nodes <= without.nodes


@pytest.mark.parametrize(("pegs", "colours"), [(2, 4), (3, 3), (3, 4), (4, 3), (4, 4)])
@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_equivalence_changes_no_one_step_advice(
    pegs: int, colours: int, strategy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(pegs, colours)
    secret = game.codes()[len(game.codes()) // 3]
    inv = game.investigation()
    positions = []
    for guess in game.codes()[1 :: max(1, len(game.codes()) // 3)][:2]:
        positions.append(inv)
        black, white = game.feedback(secret, guess)
        inv = inv.guess(guess, black, white)
    positions.append(inv)
    fast = [p.recommend(top=len(p.queries()), strategy=strategy) for p in positions]
    firsts = [{p.queries()[i] for i in p.query_orbits(p.queries())} for p in positions]
    best = [p.best(strategy) for p in positions]
    monkeypatch.setattr(Investigation, "query_orbits", lambda self, queries, fixed=(): None)
    slow = [p.recommend(top=len(p.queries()), strategy=strategy) for p in positions]
    # the same ranking, each class of equivalent moves shown by its first move only
    assert fast == [[r for r in s if r.action in f] for s, f in zip(slow, firsts, strict=True)]
    assert best == [p.best(strategy) for p in positions]


def brute_orbits(pegs: int, colours: int, guesses: list[tuple[int, ...]]) -> list[int]:
    """Orbits from every colour and position permutation that fixes each guess."""
    codes = list(itertools.product(range(colours), repeat=pegs))
    index = {c: i for i, c in enumerate(codes)}
    label = list(range(len(codes)))
    for sigma in itertools.permutations(range(pegs)):
        for pi in itertools.permutations(range(colours)):

            def act(
                x: tuple[int, ...], sigma: tuple[int, ...] = sigma, pi: tuple[int, ...] = pi
            ) -> tuple[int, ...]:
                return tuple(pi[x[sigma[i]]] for i in range(pegs))

            if all(act(g) == g for g in guesses):
                for c in codes:
                    label[index[c]] = min(label[index[c]], index[act(c)])
    # orbits of a group: the minimum over the group is reached in one step
    return label


@pytest.mark.parametrize(
    ("pegs", "colours", "guesses"),
    [
        (2, 3, []),
        (3, 3, [(0, 0, 1)]),
        (3, 4, [(0, 1, 2)]),
        (4, 3, [(0, 0, 1, 1)]),
        (3, 4, [(0, 0, 1), (1, 2, 2)]),
        (4, 4, [(0, 1, 0, 1)]),
    ],
)
def test_orbits_match_brute_force(pegs: int, colours: int, guesses: list[tuple[int, ...]]) -> None:
    assert orbits(pegs, colours, guesses).tolist() == brute_orbits(pegs, colours, guesses)


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_depth_one_lookahead_ranks_like_its_one_step_strategy(strategy: str) -> None:
    inv = Investigation(3, 4).guess("112", black=0, white=1)
    queries = inv.queries()
    part = inv.partition(inv.space, queries)
    keys = lookahead_scores(inv, queries, part, plan=Lookahead(depth=1, leaf=strategy))
    order = np.lexsort((np.arange(len(queries)), *(-row for row in keys[::-1])))
    candidates = inv.possible_queries(inv.space, queries)
    assert (
        rank(part, strategy, candidates=candidates).tolist()
        == rank(part, "x", candidates=candidates, extra={"x": lambda p: keys}).tolist()
    )
    assert len(order) == len(queries)


def test_lookahead_is_at_least_the_optimum_and_beats_its_bound() -> None:
    inv = Investigation(3, 3)
    best = optimal(inv, budget=Budget(seconds=None)).expected
    look = simulate(inv, "lookahead3")
    assert look.total >= best * 27
    queries = inv.queries()
    keys = lookahead_scores(
        inv, queries, inv.partition(inv.space, queries), plan=Lookahead(depth=3, width=50)
    )
    assert -keys[0].max() <= best + 1e-9  # leaves are lower bounds, the root is the min


def test_lower_bound_is_below_every_optimum() -> None:
    for pegs, colours in SMALL:
        n = colours**pegs
        outcomes = len(
            {
                feedback(a, b)
                for a in itertools.product(range(colours), repeat=pegs)
                for b in [(0,) * pegs]
            }
        )
        assert lower_bound(np.ones(n), 100, finishing=True) <= reference_optimum(pegs, colours)
        assert outcomes >= 1


def test_budget_of_nodes_is_honoured_and_the_fall_back_reported() -> None:
    inv = Investigation(4, 6)
    result = optimal(inv, budget=Budget(nodes=20))
    assert not result.exact and result.histogram is None
    assert result.fell_back == "the budget of 20 nodes ran out"
    assert result.move == inv.best("lookahead")


def test_budget_of_seconds_falls_back_with_a_warning_in_recommend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import deduce.search.optimum as module

    init = inspect.unwrap(module.Budget.__init__)  # the constructor, under its argument checks
    monkeypatch.setattr(init, "__defaults__", (0.001, None))  # out at its first look at the clock
    inv = Investigation(4, 5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        move = inv.best("optimal")
    assert any("ran out" in str(w.message) and "lookahead" in str(w.message) for w in caught)
    assert move == inv.best("lookahead")


def test_simulate_optimal_matches_the_search_on_any_executor() -> None:
    inv = Investigation(3, 3)
    expected = reference_optimum(3, 3)
    assert simulate(inv, "optimal").total == expected
    with ThreadPoolExecutor(max_workers=2) as pool:
        stats = simulate(inv, "optimal", executor=pool)
    assert stats.total == expected and stats.games == 27
    capped = simulate(Investigation(2, 3), "optimal", max_moves=3)
    assert capped.worst <= 3 and capped.total == reference_optimum(2, 3, 3)


def _session(inv: Investigation, strategy: str) -> tuple[Session, Console]:
    console = Console(record=True, width=100)
    return Session(
        play.adapter("mastermind"), inv, console, autosave=None, strategy=strategy
    ), console


@pytest.mark.slow
def test_the_table_refuses_advice_that_cannot_finish_with_its_estimate() -> None:
    inv = Investigation(7, 7).guess("1122334", black=1, white=2)
    session, console = _session(inv, "lookahead3")
    session.show()
    shown = console.export_text()
    assert "(no advice: ranking the moves would take about" in shown
    assert "114270 solutions left" in shown.replace(",", "")


@pytest.mark.slow
def test_ctrl_c_skips_the_advice_and_keeps_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # its advice takes over a second (about 13 s): a spinner, then Ctrl-C
    inv = Investigation(7, 7).guess("1122334", black=0, white=3)
    session, console = _session(inv, "entropy")

    def interrupted(*args: object) -> list[object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(session.adapter, "recommend", interrupted)
    session.show()
    assert "(advice skipped)" in console.export_text()
    assert session.investigation is inv
