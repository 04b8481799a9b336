"""The documented check of a sound deduction holds in every game: after clues true of a
secret, ``inv.solution_for(secret) in inv.solutions()``; and a secret that is not one of
the game's is refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from deduce.core import registry
from deduce.errors import InvalidInput
from deduce.games import crime_writers, mastermind, thirteen_clues
from deduce.testing import games

SAMPLES = [
    pytest.param(declaration, sample, id=f"{declaration.name}-{sample.kind}-{n}")
    for declaration in registry.declarations()
    for n, sample in enumerate(declaration.samples)
]

SMALL = 20_000
"""A sample of at most this many solutions at the start plays 1,000 games at length; a
larger one (Crime Writers' whole box: each check lists its tens of thousands of stories)
plays 100. Every game has a small sample."""


def _check(start: Any, examples: int) -> None:
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(games(start))
    def holds(pair: tuple[Any, Any]) -> None:
        secret, inv = pair
        assert inv.solution_for(secret) in inv.solutions(), (secret, inv.clues)

    holds()


@pytest.mark.parametrize(("declaration", "sample"), SAMPLES)
def test_a_secrets_solution_is_never_ruled_out(declaration: Any, sample: Any) -> None:
    _check(declaration.make(sample), 20)


@pytest.mark.long
@pytest.mark.parametrize(("declaration", "sample"), SAMPLES)
def test_a_secrets_solution_is_never_ruled_out_in_1000_games(declaration: Any, sample: Any) -> None:
    start = declaration.make(sample)
    _check(start, 1000 if start.solution_count <= SMALL else 100)


def test_every_game_has_a_small_sample() -> None:
    for declaration in registry.declarations():
        counts = [declaration.make(s).solution_count for s in declaration.samples]
        assert min(counts) <= SMALL, declaration.name


def test_a_secret_reads_as_its_solution() -> None:
    deal = thirteen_clues.Deal.random(3, seed=2)
    inv = thirteen_clues.Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    assert inv.solution_for(deal) == deal.puzzles[0]
    assert deal not in inv.solutions()  # the whole deal is more than the solution
    cw = crime_writers.Investigation(crime_writers.Deck.example())
    story = cw.secret_of(7)
    assert story.where == crime_writers.INVENTED  # two elements are invented in every draw
    assert cw.solution_for(story) == story


def test_an_invented_element_found_reads_as_its_wording() -> None:
    deck = crime_writers.Deck.example()
    start = crime_writers.Investigation(deck)
    stories = map(start.secret_of, range(0, start.origin.space.size, 997))
    story = next(s for s in stories if s.whom == crime_writers.INVENTED)
    victim = deck.for_element("whom")[0].text
    inv = start.found("whom", victim)
    assert start.solution_for(story).whom == crime_writers.INVENTED
    assert inv.solution_for(story).whom == victim  # worded as the card found
    assert inv.solution_for(story) in inv.solutions()


DEAL = thirteen_clues.Deal.random(3, seed=1)
THIRTEEN = thirteen_clues.Investigation(3, DEAL.hands[0], list(DEAL.puzzles[1:]))


@pytest.mark.parametrize(
    ("inv", "secret", "words"),
    [
        (mastermind.Investigation(2, 2), "13", "secret"),
        (mastermind.Investigation(2, 2), 99, "secret"),
        (THIRTEEN, "Duke", "Deal of 3 players"),
        (THIRTEEN, thirteen_clues.Deal.random(4, seed=1), "3 players"),
        (crime_writers.Investigation(crime_writers.Deck.example()), ("a",), "Story"),
    ],
)
def test_a_secret_of_another_game_is_refused(inv: Any, secret: Any, words: str) -> None:
    with pytest.raises(InvalidInput, match=words):
        inv.solution_for(secret)
