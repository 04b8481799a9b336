"""The estimate of a table too large to count: it agrees with the exact count within its
standard error, says it is an estimate, and refuses in words what it cannot estimate."""

from __future__ import annotations

from fractions import Fraction

import pytest

from deduce.core.dealing import (
    Answer,
    Deals,
    EstimatedDeals,
    Holds,
    HoldsOneOf,
    Lacks,
    Setup,
    Shows,
    Weighs,
    count_or_estimate,
    points,
)
from deduce.errors import Contradiction, InvalidInput

SETUP = Setup(
    ("a", "b", "c", "d", "x", "y", "z", "w", "p", "q"),
    {"Ann": 3, "Bob": 3, "Cy": 2},
    categories=(("a", "b", "c", "d"), ("x", "y", "z", "w")),
)
CLUES = (
    Shows("Ann", "a", among=("a", "x", "p")),
    HoldsOneOf("Bob", ("b", "y", "q")),
    Lacks("Cy", "c"),
    Shows("Bob", "z", among=("z", "d", "p")),
)


def _worst_z(exact: dict[str, dict[str, Fraction]], est: EstimatedDeals) -> float:
    """The largest distance, in standard errors, of an estimated chance from the exact."""
    got = est.marginals()
    worst = 0.0
    for seat, chances in exact.items():
        for card, p in chances.items():
            if 0 < p < 1:
                worst = max(worst, abs(float(p) - got[seat][card]) / est.standard_error(float(p)))
            else:  # a certain place is certain in every draw too
                assert got[seat][card] == float(p), (seat, card)
    return worst


def test_a_table_that_fits_is_counted_exactly() -> None:
    deals = count_or_estimate(SETUP, CLUES)
    assert isinstance(deals, Deals)
    assert deals.exact and deals.error == 0.0


@pytest.mark.parametrize("limit", [255, 150, 100])
def test_the_estimate_agrees_with_the_exact_count(limit: int) -> None:
    # 255 reads Ann's card shown as held (weight 1/k); 150 and 100 also leave "one of"
    # out (rejection). Reading the card shown as simply held puts chances 13 to 18
    # standard errors off; with the weights right they are within about 2.
    assert points(SETUP, CLUES) > limit
    exact = Deals(SETUP, CLUES)
    est = count_or_estimate(SETUP, CLUES, draws=4000, limit=limit)
    assert isinstance(est, EstimatedDeals)
    assert not est.exact and est.dropped
    assert 0 < est.error < 0.02
    assert est.kept <= est.draws == 4000
    assert _worst_z(exact.marginals(), est) < 4.5
    solutions = est.solutions()
    for solution, p in exact.solutions().items():
        q = solutions.get(solution, 0.0)
        assert abs(float(p) - q) < 4.5 * est.standard_error(float(p)), solution
    assert abs(sum(solutions.values()) - 1) < 1e-9


def test_a_factor_left_out_weighs_each_draw() -> None:
    # the factor is left out first and each draw weighed by it: the chances come out as
    # the exact count's, where reading it as nothing would put them far off
    clues = (*CLUES, Weighs("Cy", ("d", "w", "q"), Fraction(1, 8)))
    assert points(SETUP, clues) > 255
    exact = Deals(SETUP, clues)
    est = count_or_estimate(SETUP, clues, draws=4000, limit=255)
    assert isinstance(est, EstimatedDeals)
    assert clues[-1] in est.dropped
    assert _worst_z(exact.marginals(), est) < 4.5
    plain = Deals(SETUP, CLUES).marginals()
    assert abs(float(plain["Cy"]["q"] - exact.marginals()["Cy"]["q"])) > 0.1


def test_the_estimated_answers_agree_with_the_exact() -> None:
    exact = Deals(SETUP, CLUES)
    est = EstimatedDeals(SETUP, CLUES, draws=4000, limit=150)
    order = ["Cy", "Ann", "Bob"]
    want = exact.answers(["b", "x", "q"], order)
    got = est.answers(["b", "x", "q"], order)
    assert set(got) <= set(want)
    for answer, p in want.items():
        assert abs(float(p) - got.get(answer, 0.0)) < 4.5 * est.standard_error(float(p)), answer
    unseen = est.answers(["b", "x", "q"], order, seen=False)
    assert abs(unseen.get(Answer(), 0.0) - got.get(Answer(), 0.0)) < 1e-12
    joint = est.joint_answers(["b", "x", "q"], order)
    assert abs(sum(joint.values()) - 1) < 1e-9
    (bits,) = est.information([["b", "x", "q"]], order)
    (true_bits,) = exact.information([["b", "x", "q"]], order)
    assert abs(bits - true_bits) < 0.1


def test_the_estimate_is_reproducible_and_goes_on() -> None:
    one = EstimatedDeals(SETUP, CLUES, draws=300, limit=150)
    two = EstimatedDeals(SETUP, CLUES, draws=300, limit=150)
    assert one.marginals() == two.marginals() and one.seed == two.seed
    assert EstimatedDeals(SETUP, CLUES, draws=300, limit=150, seed=5).seed == 5
    more = one.add(Lacks("Cy", "d"))
    assert isinstance(more, EstimatedDeals)
    assert more.constraints == (*CLUES, Lacks("Cy", "d"))
    assert more.marginals()["Cy"]["d"] == 0.0
    assert one.add(Holds("Ann", "b"), Holds("Bob", "y")).exact  # small enough again
    deal = one.sample(1, seed=1)[0]
    assert "a" in deal.hand("Ann")


def test_a_contradiction_is_still_found() -> None:
    with pytest.raises(Contradiction):
        count_or_estimate(SETUP, (*CLUES, Holds("Cy", "a")), limit=100)


def test_no_draw_kept_is_refused_in_words() -> None:
    setup = Setup(tuple("abcdefgh"), {"Ann": 1, "Bob": 7})
    clue = HoldsOneOf("Ann", ("a", "b"))  # 1 draw in 4 keeps it
    refused = 0
    for seed in range(8):
        try:
            EstimatedDeals(setup, [clue], draws=1, seed=seed, limit=9)
        except InvalidInput as error:
            assert "none of the 1 deals drawn" in str(error)
            assert "points" not in str(error)
            refused += 1
    assert refused > 0


def test_bad_arguments_are_refused_by_name() -> None:
    with pytest.raises(InvalidInput, match="draws"):
        EstimatedDeals(SETUP, CLUES, draws=0)
    with pytest.raises(InvalidInput, match="limit"):
        count_or_estimate(SETUP, CLUES, limit=0)
    with pytest.raises(InvalidInput, match="setup"):
        EstimatedDeals("cards", CLUES)  # type: ignore[arg-type]
    est = EstimatedDeals(SETUP, CLUES, draws=50, limit=150)
    with pytest.raises(InvalidInput, match="p="):
        est.standard_error(1.5)
    with pytest.raises(InvalidInput, match="order"):
        est.answers(["a"], ["nobody"])
