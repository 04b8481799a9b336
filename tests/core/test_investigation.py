"""The common contract, checked on Mastermind: immutability, why(), display hooks."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.core import explain
from deduce.games import thirteen_clues
from deduce.games.mastermind import Code, Game, Investigation
from deduce.testing import games


@settings(max_examples=30)
@given(games(Game(3, 3), max_clues=4))
def test_why_is_a_minimal_reason(game: tuple[Code, Investigation]) -> None:
    _, inv = game
    root = Game(3, 3).investigation()
    for field, values in inv.marginals().items():
        for value, p in values.items():
            if 0.0 < p < 1.0:
                with pytest.raises(deduce.InvalidInput, match="certain or impossible"):
                    inv.why(field, value)
                continue
            reason = inv.why(field, value)
            assert set(reason) <= set(inv.clues)
            space = root._replay(reason)
            assert space is not None and space.marginals([field])[field][value] == p
            for dropped in reason:
                rest = [c for c in reason if c is not dropped]
                again = root._replay(rest)
                assert again is not None and again.marginals([field])[field][value] != p


def test_clue_methods_never_change_the_original() -> None:
    start = Investigation(3, 3)
    after = start.guess("112", black=1, white=1)
    assert start.clues == () and len(start.solutions()) == 27
    assert after.clues != start.clues


def test_html_for_notebooks() -> None:
    html = Investigation(2, 3).guess("12", black=1, white=0)._repr_html_()
    assert "solutions left" in html and "<table" in html


def test_certain_fields() -> None:
    inv = Investigation(2, 3).guess("11", black=0, white=0).guess("22", black=1, white=0)
    assert set(inv.solutions()) == {Code("23"), Code("32")}
    assert inv.certain() == {}
    solved = inv.guess("23", black=2, white=0)
    assert solved.certain() == {"peg1": "2", "peg2": "3"}
    assert solved.solved == Code("23")
    assert solved.recommend(top=1)[0].action == Code("23")


THIRTEEN = thirteen_clues.Investigation(
    3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Butcher", "Harbor", "Sword")]
)
ATTRIBUTES = thirteen_clues.attributes(3)


def long_game(clues: int, seed: int) -> tuple[thirteen_clues.Investigation, Any]:
    """13 Indizien after ``clues`` truthful questions about a random deal."""
    rng = random.Random(seed)
    deal = THIRTEEN.sample_deal(rng)
    inv = THIRTEEN
    for _ in range(clues):
        witness = rng.randrange(1, 3)
        asker = rng.choice([s for s in range(3) if s != witness])
        about = rng.choice(ATTRIBUTES)
        inv = inv.question(asker, witness, about, deal.answer(witness, about))
    return inv, deal


def assert_minimal_conflict(inv: Any, clue: Any, conflict: tuple[Any, ...]) -> None:
    root = inv.origin
    rest = iter(inv.clues)
    assert all(any(c == d for d in rest) for c in conflict)  # earlier clues, in their order
    space = root._replay([*conflict, clue])
    assert space is not None and space.total == 0
    for dropped in range(len(conflict)):
        rest = [c for i, c in enumerate(conflict) if i != dropped]
        again = root._replay([*rest, clue])
        assert again is None or again.total > 0, f"{conflict[dropped]} is not needed"


@settings(max_examples=15, deadline=None)
@given(st.integers(5, 60), st.integers(0, 10**6))
def test_conflicts_in_long_games_are_minimal(clues: int, seed: int) -> None:
    inv, deal = long_game(clues, seed)
    rng = random.Random(seed)
    tried = 0
    for about in rng.sample(list(ATTRIBUTES), len(ATTRIBUTES)):
        for witness in (1, 2):
            truth = deal.answer(witness, about)
            for answer in (truth - 1, truth + 1):
                try:
                    inv.question(0, witness, about, answer)
                except deduce.Contradiction as error:
                    assert_minimal_conflict(inv, error.clue, error.conflict)
                    tried += 1
                except deduce.InvalidInput:
                    continue
                if tried >= 3:
                    return


@settings(max_examples=15, deadline=None)
@given(st.integers(5, 60), st.integers(0, 10**6))
def test_why_in_long_games_is_minimal(clues: int, seed: int) -> None:
    inv, _ = long_game(clues, seed)
    before = THIRTEEN.marginals()
    root = inv.origin
    facts = [
        (name, value, p)
        for name, values in inv.marginals().items()
        for value, p in values.items()
        if p in (0.0, 1.0) and before[name][value] != p
    ]
    for name, value, p in facts[:4]:
        reason = inv.why(name, value)
        space = root._replay(reason)
        assert space is not None and space.marginals([name])[name][value] == p
        for dropped in range(len(reason)):
            rest = [c for i, c in enumerate(reason) if i != dropped]
            again = root._replay(rest)
            assert again is not None and again.marginals([name])[name][value] != p


def test_smallest_keeps_only_the_clues_needed() -> None:
    inv = Investigation(2, 3).guess("11", 0, 0).guess("22", 0, 0)
    first, second = inv.clues

    def one_left(space: deduce.Space | None) -> bool:
        return space is not None and space.size == 1

    def no_two(space: deduce.Space | None) -> bool:
        return space is not None and space.marginals(["peg1"])["peg1"]["2"] == 0

    assert explain.smallest(inv, inv.clues, one_left) == (first, second)
    assert explain.smallest(inv, inv.clues, no_two) == (second,)
    assert explain.smallest(inv, inv.clues, lambda space: True) == ()
    assert explain.smallest(inv, inv.clues, lambda space: False) == (first, second)


def _every_sample() -> list[Any]:
    from deduce.core import registry

    return [
        pytest.param(game, sample, id=f"{game.name}-{sample.kind}")
        for game in registry.declarations()
        for sample in game.samples
    ]


@pytest.mark.parametrize(("game", "sample"), _every_sample())
def test_a_user_sees_no_hook_but_the_author_still_has_them(game: Any, sample: Any) -> None:
    """``dir()`` (and so tab completion) of every kind of investigation of every game
    shows the user's API, without the hooks only a game's author writes."""
    from deduce.core.hooks import HOOKS
    from deduce.investigation import AUTHORS_ONLY, SHOWN_HOOKS

    inv = game.make(sample)
    shown = {name for name in dir(inv) if not name.startswith("_")}
    assert {"observe", "recommend", "best", "solutions", "undo", "review"} <= shown
    assert shown >= SHOWN_HOOKS and not shown & AUTHORS_ONLY
    assert all(hasattr(inv, name) for name in AUTHORS_ONLY)  # hidden, not gone
    assert {"initial_space", "apply_clue", "outcome_table", "tree_setup"} <= HOOKS


COMPLETION = """
from IPython.core.completer import provisionalcompleter
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
shell.run_cell("from deduce.games import thirteen_clues as tc")
shell.run_cell("puzzles = [('Officer', 'Parlor', 'Knife'), ('Maid', 'Museum', 'Sword')]")
shell.run_cell("inv = tc.Investigation(3, ('Duke', 'Park'), puzzles)")
with provisionalcompleter():
    print("offered:", " ".join(c.text for c in shell.Completer.completions("inv.", 4)))
"""


def test_tab_completion_in_a_notebook_offers_the_users_api() -> None:
    """IPython's completer (as Jupyter runs it) on a 13 Indizien investigation."""
    import subprocess
    import sys

    from deduce.investigation import AUTHORS_ONLY

    done = subprocess.run(
        [sys.executable, "-c", COMPLETION], capture_output=True, text=True, timeout=120, check=True
    )
    line = next(line for line in done.stdout.splitlines() if line.startswith("offered:"))
    offered = set(line.split()[1:])
    assert {"recommend", "observe", "question", "accusation", "undo"} <= offered
    assert not offered & AUTHORS_ONLY
