"""13 Indizien: the exact posterior against a brute-force list of every deal, CP-SAT
against the facts called certain, bad input, persistence."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from itertools import product
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

import deduce
from deduce.games.thirteen_clues import (
    CARDS,
    Accusation,
    Accused,
    Ask,
    Deal,
    Informant,
    Investigation,
    Peek,
    Puzzle,
    Question,
    attributes,
    cards_in_play,
    colours_in_play,
    informant_count,
)
from deduce.games.thirteen_clues.truthful import (
    INDEX,
    brute,
    brute_answer,
    brute_keep,
    has,
    seat_hands,
    vars_of,
)
from deduce.testing import clue_sequences, contains, games, invalid_input


def start_of(deal: Deal) -> Investigation:
    return Investigation(deal.players, deal.hands[0], list(deal.puzzles[1:]))


def brute_information(inv: Investigation, deals: np.ndarray, query: Any) -> tuple[float, dict]:
    """I(answer; my puzzle) and the answer's distribution, from the listed deals."""
    puzzle = (deals[:, 0] * 30 + deals[:, 1]) * 30 + deals[:, 2]
    if isinstance(query, Ask):
        answers = brute_answer(inv, deals, query.witness, query.about, query.side)
        pairs = [(puzzle, answers, np.ones(len(deals)))]
    else:  # the informant shows one of the informant cards I have not seen, at random
        seen = [INDEX[c.card] for c in inv.clues if isinstance(c, Informant)]
        first = 3 + 2 * (inv.players - 1)
        fresh = informant_count(inv.players) - len(seen)
        pairs = [
            (puzzle, deals[:, j], ~np.isin(deals[:, j], seen) / fresh)
            for j in range(first, deals.shape[1])
        ]
    joint: Counter[tuple[int, int]] = Counter()
    for p, k, w in pairs:
        for key, m in zip(zip(p.tolist(), k.tolist(), strict=True), w.tolist(), strict=True):
            joint[key] += m
    total = sum(joint.values())
    answer: Counter[int] = Counter()
    mine: Counter[int] = Counter()
    for (p, k), m in joint.items():
        answer[k] += m
        mine[p] += m

    def h(values: Any) -> float:
        return -sum(v / total * math.log2(v / total) for v in values if v > 0)

    info = h(answer.values()) + h(mine.values()) - h(joint.values())
    named = {CARDS[k].name if isinstance(query, Peek) else k: m / total for k, m in answer.items()}
    return info, {k: m for k, m in named.items() if m > 0}


def small_games(players: int, max_clues: int = 5) -> st.SearchStrategy[Investigation]:
    return st.integers(0, 10**9).flatmap(
        lambda seed: clue_sequences(
            start_of(Deal.random(players, seed=seed)),
            Deal.random(players, seed=seed),
            max_clues=max_clues,
        )
    )


# -- the posterior against the brute force -----------------------------------------------


def assert_weights_are_counts(inv: Investigation) -> Counter[tuple[str, ...]]:
    """Each puzzle's weight is its number of listed deals that fit every clue."""
    _, counts = brute(inv)
    got = {
        inv.solution_of(inv.space.solution_labels(row)): int(w)
        for row, w in zip(inv.space.solution_rows(), inv.space.solution_weights(), strict=True)
    }
    assert got == {Puzzle(*k): v for k, v in counts.items()}
    return counts


@settings(max_examples=25)
@given(st.sampled_from([2, 3]).flatmap(small_games))
def test_weights_are_the_number_of_deals(inv: Investigation) -> None:
    counts = assert_weights_are_counts(inv)
    total = sum(counts.values())
    for puzzle, p in inv.probabilities().items():
        assert p == pytest.approx(counts[vars_of(puzzle)] / total, abs=1e-12)


@settings(max_examples=40)
@given(small_games(2, max_clues=10))
def test_two_player_weights_with_both_sides_asked(inv: Investigation) -> None:
    assert_weights_are_counts(inv)


def test_two_player_sides_are_told_apart() -> None:
    deal = Deal.random(2, seed=6)
    inv = start_of(deal)
    for about in attributes(2):
        for side in ("left", "right"):
            inv = inv.question(0, 1, about, deal.answer(1, about, side=side), side=side)
    assert_weights_are_counts(inv)
    hand = inv.card_locations()
    left, right = deal.hands[1]
    assert hand[left] == {1: 1.0} and hand[right] == {1: 1.0}


@settings(max_examples=20)
@given(st.sampled_from([2, 3]).flatmap(small_games))
def test_card_locations_match_brute_force(inv: Investigation) -> None:
    deals, _ = brute(inv)
    n = inv.players
    got = inv.card_locations()
    total = len(deals)
    first_informant = 3 + 2 * (n - 1)
    for name, places in got.items():
        c = INDEX[name]
        if name in inv.hand or any(name in vars_of(p) for p in inv.puzzles.values()):
            continue
        expected = {"mine": (deals[:, 0:3] == c).any(axis=1).sum()}
        for seat in range(1, n):
            first = 3 + 2 * (seat - 1)
            expected[seat] = (deals[:, first : first + 2] == c).any(axis=1).sum()
        expected["informant"] = (deals[:, first_informant:] == c).any(axis=1).sum()
        want = {k: v / total for k, v in expected.items() if v > 0}
        assert places.keys() == want.keys(), name
        for k in want:
            assert places[k] == pytest.approx(want[k], abs=1e-12)
        assert sum(places.values()) == pytest.approx(1.0)


@settings(max_examples=12)
@given(st.sampled_from([2, 3]).flatmap(lambda n: small_games(n, max_clues=3)))
def test_information_of_every_move_matches_brute_force(inv: Investigation) -> None:
    deals, counts = brute(inv)
    queries = inv.queries()
    asking = inv.recommend(top=len(queries), among=lambda m: not isinstance(m, Accusation))
    recs = {r.action: r for r in asking}
    assert set(recs) == set(queries)
    for query in queries:
        info, outcomes = brute_information(inv, deals, query)
        assert recs[query].information == pytest.approx(info, abs=1e-9), query
        assert recs[query].outcomes.keys() == outcomes.keys()
        for k, p in outcomes.items():
            assert recs[query].outcomes[k] == pytest.approx(p, abs=1e-12)
    # the accusation as a move: right with the likeliest puzzle's share of the deals
    (accuse,) = inv.recommend(among=lambda m: isinstance(m, Accusation))
    right = max(counts.values()) / len(deals)
    assert accuse.action.probability == pytest.approx(right, abs=1e-12)
    assert accuse.outcomes["right"] == pytest.approx(right, abs=1e-12)
    assert accuse.information == pytest.approx(binary_entropy(right), abs=1e-9)
    assert accuse.worst_case == max(1, len(counts) - 1)


def binary_entropy(p: float) -> float:
    return -sum(q * math.log2(q) for q in (p, 1 - p) if q > 0)


@settings(max_examples=30)
@given(
    st.sampled_from([2, 3, 4, 5, 6]).flatmap(
        lambda n: games(start_of(Deal.random(n, seed=n)), max_clues=8)
    )
)
def test_the_true_deal_is_never_eliminated(game: tuple[Deal, Investigation]) -> None:
    deal, inv = game
    assert contains(inv, deal)
    assert deal.puzzles[0] in inv.probabilities()


def plain_deal(players: int, rng: random.Random) -> Deal:
    """A deal by a plain shuffle: seat s's puzzle is the s-th card of each shuffled
    category, then the rest is shuffled and cut into hands of two and the informants."""
    by_category = [
        [c.name for c in cards_in_play(players) if c.category == category]
        for category in ("person", "location", "weapon")
    ]
    for cards in by_category:
        rng.shuffle(cards)
    puzzles = tuple(Puzzle(*(cards[s] for cards in by_category)) for s in range(players))
    rest = [c for cards in by_category for c in cards[players:]]
    rng.shuffle(rest)
    hands = tuple((rest[2 * s], rest[2 * s + 1]) for s in range(players))
    return Deal(players, hands, puzzles, tuple(rest[2 * players :]))


def plain_answer(deal: Deal, witness: int, about: str, side: str | None) -> int:
    """What the witness truly says: their hidden cards (or the one on ``side``) and every
    puzzle but their own, counted card by card."""
    hand = deal.hands[witness]
    counted = list(hand) if side is None else [hand[("left", "right").index(side)]]
    for seat, puzzle in enumerate(deal.puzzles):
        if seat != witness:
            counted += vars_of(puzzle)
    cards = [CARDS[INDEX[name]] for name in counted]
    return sum(about in (card.colour, card.category, card.kind) for card in cards)


@lru_cache(maxsize=8)
def hands_template(players: int) -> np.ndarray:
    """Every way to deal ten cards (numbered 0..9) to the other seats' hidden cards, the
    rest in card order to the informants; columns as in :func:`all_deals` after mine."""
    rows = []
    for hands in seat_hands(list(range(10)), players - 1, ordered=players == 2):
        taken = {c for pair in hands for c in pair}
        rows.append(
            [*(c for pair in hands for c in pair), *(c for c in range(10) if c not in taken)]
        )
    return np.array(rows, dtype=np.int64)


def deals_with_puzzle(inv: Investigation, puzzle: Puzzle) -> np.ndarray:
    """Every deal of the unknown cards in which my puzzle is ``puzzle`` (rows as in
    :func:`all_deals`)."""
    seen = {INDEX[c] for c in inv.hand} | {
        INDEX[c] for p in inv.puzzles.values() for c in vars_of(p)
    }
    mine = [INDEX[c] for c in vars_of(puzzle)]
    pool = np.array(
        [c for c in range(len(cards_in_play(inv.players))) if c not in seen and c not in mine]
    )
    rest = pool[hands_template(inv.players)]
    return np.hstack([np.tile(mine, (len(rest), 1)), rest])


def weight_of(inv: Investigation, puzzle: Puzzle) -> int:
    """deduce's exact weight (number of deals) of ``puzzle``; 0 if it is ruled out."""
    space = inv.space
    for row, w in zip(space.solution_rows(), space.solution_weights(), strict=True):
        if inv.solution_of(space.solution_labels(row)) == puzzle:
            return int(w)
    return 0


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([2, 3, 4, 5, 6]), st.randoms(use_true_random=False), st.integers(0, 12))
def test_the_true_deal_keeps_its_exact_weight(players: int, rng: Any, clues: int) -> None:
    """Independent of the library's sampler and counting: a deal from a plain shuffle,
    truthful answers counted card by card, and the true puzzle's weight against a list
    of every deal with that puzzle."""
    deal = plain_deal(players, rng)
    truth = deal.puzzles[0]
    inv = Investigation(
        players, deal.hands[0], {s: vars_of(deal.puzzles[s]) for s in range(1, players)}
    )
    sides = ("left", "right") if players == 2 else (None,)
    for _ in range(clues):
        kind = rng.randrange(6)
        seen = {c.card for c in inv.clues if isinstance(c, Informant)}
        fresh = [c for c in deal.informants if c not in seen]
        wrong = [p for p in inv.solutions() if p != truth]
        if kind == 0 and fresh:
            inv = inv.informant(rng.choice(fresh))
        elif kind == 1 and wrong:
            inv = inv.accused(*vars_of(rng.choice(wrong)))
        else:
            witness = rng.randrange(players)
            asker = rng.choice([s for s in range(players) if s != witness])
            about = rng.choice(attributes(players))
            side = rng.choice(sides)
            answer = plain_answer(deal, witness, about, side)
            inv = inv.question(asker, witness, about, answer, side)
    assert brute_keep(inv, as_row(deal))[0]  # the answers are the deal's truth
    count = int(brute_keep(inv, deals_with_puzzle(inv, truth)).sum())
    assert count >= 1
    assert weight_of(inv, truth) == count
    assert inv.probabilities()[truth] == pytest.approx(count / inv.space.total, abs=1e-12)
    assert contains(inv, deal)


def as_row(deal: Deal) -> np.ndarray:
    """A deal in the columns of :func:`all_deals`."""
    mine = vars_of(deal.puzzles[0])
    hands = [c for pair in deal.hands[1:] for c in pair]
    return np.array([[INDEX[c] for c in (*mine, *hands, *deal.informants)]])


@settings(max_examples=30)
@given(st.sampled_from([2, 3, 4, 5, 6]).flatmap(small_games), st.randoms(use_true_random=False))
def test_sampled_deals_fit_every_clue(inv: Investigation, rng: Any) -> None:
    deal = inv.sample_deal(rng)
    assert brute_keep(inv, as_row(deal))[0]
    assert contains(inv, deal)
    assert len(deal.informants) == informant_count(inv.players)


def test_sampled_deals_are_uniform() -> None:
    deal = Deal.random(2, seed=12)
    inv = start_of(deal).question(0, 1, "woman", deal.answer(1, "woman", side="left"), "left")
    inv = inv.question(0, 1, "red", deal.answer(1, "red", side="right"), "right")
    rng = random.Random(3)
    draws = 4000
    seen = Counter(inv.sample_deal(rng).puzzles[0] for _ in range(draws))
    for puzzle, p in inv.probabilities().items():
        assert abs(seen[puzzle] / draws - p) < 5 * math.sqrt(p * (1 - p) / draws) + 1e-9
    hands = Counter(inv.sample_deal(rng).hands[1] for _ in range(draws))
    deals, _ = brute(inv)
    exact = Counter((CARDS[a].name, CARDS[b].name) for a, b in deals[:, 3:5].tolist())
    for hand, m in exact.items():
        p = m / len(deals)
        assert abs(hands[hand] / draws - p) < 5 * math.sqrt(p * (1 - p) / draws) + 1e-9


def test_contains_rejects_a_deal_the_clues_rule_out() -> None:
    deal = Deal.random(4, seed=5)
    inv = start_of(deal)
    other = next(p for p in inv.solutions() if p != deal.puzzles[0])
    assert contains(inv, deal)
    assert not contains(
        inv.accused(other.person, other.location, other.weapon).accused(*vars_of(deal.puzzles[0])),
        deal,
    )


def test_contains_refuses_a_malformed_deal() -> None:
    deal = Deal.random(4, seed=5)
    inv = start_of(deal)
    mine = deal.puzzles[0]
    # seat 1 holding a card of my puzzle: that card twice, seat 1's own card nowhere
    twice = replace(deal, hands=(deal.hands[0], (mine.person, deal.hands[1][1]), *deal.hands[2:]))
    with pytest.raises(deduce.InvalidInput) as error:
        contains(inv, twice)
    assert error.value.argument == "secret"
    assert "exactly once" in str(error.value)
    seen = replace(
        deal, hands=(deal.hands[0], (deal.hands[0][0], deal.hands[1][1]), *deal.hands[2:])
    )
    with pytest.raises(deduce.InvalidInput, match="a card twice"):
        contains(inv, seen)
    with pytest.raises(deduce.InvalidInput, match="secret"):
        contains(inv, replace(deal, informants=deal.informants[1:]))
    with pytest.raises(deduce.InvalidInput, match="4 players"):
        contains(inv, Deal.random(5, seed=5))


def test_contains_of_well_formed_deals() -> None:
    deal = Deal.random(4, seed=5)
    inv = start_of(deal)
    # seat 1's left card and an informant change places: another deal of the same table
    left, right = deal.hands[1]
    other = replace(
        deal,
        hands=(deal.hands[0], (deal.informants[0], right), *deal.hands[2:]),
        informants=(left, *deal.informants[1:]),
    )
    assert contains(inv, other)
    assert contains(inv.informant(left), other)
    assert not contains(inv.informant(left), deal)
    # a whole deal of another table: not this one
    stranger = Deal.random(4, seed=6)
    assert stranger.hands[0] != deal.hands[0]
    assert not contains(inv, stranger)


def test_six_players_have_about_nine_million_deals() -> None:
    deal = Deal.random(6, seed=2)
    inv = start_of(deal)
    sizes = [sum(1 for c in inv.space.labels[k] if not _seen(inv, c)) for k in range(3)]
    assert inv.space.total == math.prod(sizes) * math.factorial(10) // 2**5
    assert 6_000_000 < inv.space.total < 13_000_000
    assert inv.space.size == math.prod(sizes)


def _seen(inv: Investigation, name: str) -> bool:
    return name in inv.hand or any(name in vars_of(p) for p in inv.puzzles.values())


# -- CP-SAT proves exactly the facts the posterior calls certain -------------------------


class DealModel:
    """A CP-SAT model of the unknown cards: where each one lies, and every clue."""

    def __init__(self, inv: Investigation) -> None:
        self.inv = inv
        n = inv.players
        self.places: list[Any] = ["mine", *range(1, n), "informant"]
        unknown = [i for i in range(len(cards_in_play(n))) if not _seen(inv, CARDS[i].name)]
        self.unknown = unknown
        m = cp_model.CpModel()
        self.model = m
        sides = ("left", "right") if n == 2 else (None,)
        # x[c, place]; with two players seat 1 has a left and a right slot
        self.slot = {}
        for c in unknown:
            for place in self.places:
                if place in ("mine", "informant") or n > 2:
                    self.slot[c, place, None] = m.new_bool_var(f"{c}@{place}")
                else:
                    for side in sides:
                        self.slot[c, place, side] = m.new_bool_var(f"{c}@{place}{side}")
        for c in unknown:
            m.add_exactly_one(v for (card, _, _), v in self.slot.items() if card == c)
        for k in ("person", "location", "weapon"):
            m.add(sum(self.slot[c, "mine", None] for c in unknown if CARDS[c].category == k) == 1)
        for seat in range(1, n):
            if n == 2:
                for side in sides:
                    m.add(sum(self.slot[c, seat, side] for c in unknown) == 1)
            else:
                m.add(sum(self.slot[c, seat, None] for c in unknown) == 2)
        m.add(sum(self.slot[c, "informant", None] for c in unknown) == informant_count(n))
        for clue in inv.clues:
            self.add_clue(clue)

    def at(self, c: int, place: Any) -> Any:
        """A bool expression: card ``c`` lies at ``place``."""
        return sum(v for (card, p, _), v in self.slot.items() if card == c and p == place)

    def add_clue(self, clue: Any) -> None:
        m, inv = self.model, self.inv
        if isinstance(clue, Informant):
            m.add(self.at(INDEX[clue.card], "informant") == 1)
        elif isinstance(clue, Accused):
            cards = [INDEX[clue.person], INDEX[clue.location], INDEX[clue.weapon]]
            if all(c in self.unknown for c in cards):
                m.add(sum(self.slot[c, "mine", None] for c in cards) <= 2)
        elif clue.witness != 0:
            a = has(clue.about)
            known = sum(
                a[INDEX[c]] for s, p in inv.puzzles.items() if s != clue.witness for c in vars_of(p)
            )
            hidden = sum(int(a[c]) * self.slot[c, clue.witness, clue.side] for c in self.unknown)
            mine = sum(int(a[c]) * self.slot[c, "mine", None] for c in self.unknown)
            m.add(hidden + mine + int(known) == clue.answer)

    def feasible(self, c: int, place: Any, value: int) -> bool:
        trial = self.model.clone()
        expr = sum(v for (card, p, _), v in self.slot.items() if card == c and p == place)
        trial.add(expr == value)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        status = solver.solve(trial)
        assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
        return status != cp_model.INFEASIBLE


def check_certain_facts(inv: Investigation) -> int:
    """Assert that every place of every unknown card has probability 0 (resp. 1) exactly
    when CP-SAT proves it impossible (resp. forced); return how many facts were proved."""
    model = DealModel(inv)
    locations = inv.card_locations()
    proved = 0
    for c in model.unknown:
        for place in model.places:
            p = locations[CARDS[c].name].get(place, 0.0)
            can_be = model.feasible(c, place, 1)
            can_miss = model.feasible(c, place, 0)
            assert (p == 0.0) == (not can_be), (CARDS[c].name, place, p)
            assert (p == 1.0) == (not can_miss), (CARDS[c].name, place, p)
            proved += (not can_be) + (not can_miss)
    return proved


@settings(max_examples=6)
@given(st.sampled_from([2, 3, 4, 5, 6]).flatmap(lambda n: small_games(n, max_clues=8)))
def test_cp_sat_proves_exactly_the_certain_facts(inv: Investigation) -> None:
    check_certain_facts(inv)


@pytest.mark.long
@settings(max_examples=40)
@given(st.sampled_from([2, 3, 4, 5, 6]).flatmap(lambda n: small_games(n, max_clues=12)))
def test_cp_sat_proves_exactly_the_certain_facts_many(inv: Investigation) -> None:
    check_certain_facts(inv)


def test_cp_sat_finds_the_forced_cards_of_a_known_game() -> None:
    deal = Deal.random(5, seed=11)
    inv = start_of(deal)
    for about in attributes(5)[:8]:
        inv = inv.question(0, 1, about, deal.answer(1, about))
    assert check_certain_facts(inv) > 0  # some facts are certain, and CP-SAT agrees


# -- behaviour ----------------------------------------------------------------------------


def table() -> Investigation:
    return Investigation(
        3, ("Duke", "Park"), {1: ("Officer", "Parlor", "Knife"), 2: ("Butcher", "Harbor", "Sword")}
    )


def test_setup_counts() -> None:
    out_of_play = {6: [], 5: ["gray"], 4: ["gray", "brown"], 3: ["gray", "brown", "white"]}
    out_of_play[2] = [*out_of_play[3], "orange"]
    informants = {2: 8, 3: 6, 4: 4, 5: 2, 6: 0}  # the rulebook's face-down cards
    for n in range(2, 7):
        deal = Deal.random(n, seed=n)
        inv = start_of(deal)
        everything = {card.colour for card in CARDS}
        assert set(colours_in_play(n)) == everything - set(out_of_play[n])
        assert informant_count(n) == len(deal.informants) == informants[n]
        where = inv.card_locations()
        assert len(where) == 3 * len(colours_in_play(n))
        unknown = [card for card, places in where.items() if not {"seen", 0} & set(places)]
        assert len(unknown) == 13
        sides = 2 if n == 2 else 1
        asks = [(w, a, side) for w in range(1, n) for a in attributes(n) for side in range(sides)]
        assert len(inv.queries()) == len(asks) + (informants[n] > 0)


def test_red_answer_places_both_unknown_red_cards() -> None:
    inv = table().question(0, 1, "red", 3)  # Butcher is red and seat 1 sees it
    where = inv.card_locations()
    for card in ("Library", "Poison"):
        assert set(where[card]) == {"mine", 1}
        assert sum(where[card].values()) == pytest.approx(1.0)


def test_my_own_answer_teaches_nothing_but_must_be_right() -> None:
    inv = table()
    # I see Duke in my hand, Officer and Butcher in the puzzles: three men
    assert inv.question(1, 0, "man", 3).probabilities() == inv.probabilities()
    error = invalid_input(lambda: inv.question(1, 0, "man", 2), "answer", "3")
    assert "Question(" not in str(error)
    assert "I see 3 man cards" in str(error)


def test_an_impossible_answer_is_refused_in_words() -> None:
    # seat 1 counts the Butcher (seat 2's puzzle), my person and 0 to 2 hidden persons
    error = invalid_input(lambda: table().question(0, 1, "person", 1), "answer", "from 2 to 4")
    assert "Question(" not in str(error) and "seat 1 sees 2 to 4 person cards" in str(error)
    two = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    # one hidden card and my puzzle: 1 or 2 persons
    invalid_input(lambda: two.question(0, 1, "person", 0, side="left"), "answer", "from 1 to 2")


def test_clues_read_as_words() -> None:
    assert str(Question(0, 2, "red", 3)) == "seat 2 sees 3 red (asked by me)"
    assert str(Question(1, 0, "man", 3)) == "I see 3 man (asked by seat 1)"
    assert str(Question(0, 1, "woman", 1, "left")) == "seat 1 sees 1 woman (left card, asked by me)"
    assert str(Informant("Rifle")) == "the informant showed me the Rifle"
    assert str(Accused("Duke", "Park", "Gun")) == "my accusation Duke, Park, Gun was wrong"


def test_informant_and_accusation() -> None:
    inv = table().informant("Rifle").informant("gun")
    assert all(p.weapon not in ("Rifle", "Gun") for p in inv.solutions())
    assert inv.card_locations()["Rifle"] == {"informant": 1.0}
    first = inv.solutions()[0]
    after = inv.accused(first.person, first.location, first.weapon)
    assert first not in after.probabilities()
    assert len(after.solutions()) == len(inv.solutions()) - 1


def test_the_same_informant_card_twice_changes_nothing() -> None:
    once = table().informant("Rifle")
    twice = once.informant("rifle")  # legal: I may look at the same card again
    assert twice.clues == (Informant("Rifle"), Informant("Rifle"))
    assert twice.probabilities() == once.probabilities()
    assert twice.card_locations() == once.card_locations()
    assert len(twice.queries()) == len(once.queries())
    assert Investigation.from_json(twice.to_json()) == twice
    assert twice.undo() == once


def test_contradiction_names_the_earlier_clues() -> None:
    inv = table().question(0, 1, "red", 3).question(0, 2, "yellow", 0)
    with pytest.raises(deduce.Contradiction) as error:
        inv.question(0, 1, "red", 2)
    assert error.value.conflict == (Question(0, 1, "red", 3),)
    again = inv.question(2, 1, "red", 3)  # the same answer again teaches nothing new
    assert again.probabilities() == inv.probabilities()
    assert again.card_locations() == inv.card_locations()
    assert inv.clues == (Question(0, 1, "red", 3), Question(0, 2, "yellow", 0))


def test_accusation_becomes_certain() -> None:
    deal = Deal.random(4, seed=3)
    inv = start_of(deal)
    assert not inv.accusation().certain
    for about in attributes(4):
        for witness in range(1, 4):
            inv = inv.question(0, witness, about, deal.answer(witness, about))
    wrong = [p for p in inv.solutions() if p != deal.puzzles[0]]
    for p in wrong:
        inv = inv.accused(p.person, p.location, p.weapon)
    best = inv.accusation()
    assert best.certain and best.probability == 1.0 and best.puzzle == deal.puzzles[0]
    assert inv.solved == deal.puzzles[0]


def test_two_player_questions_name_a_side() -> None:
    deal = Deal.random(2, seed=4)
    inv = start_of(deal)
    asks = [m for m in inv.queries() if isinstance(m, Ask)]
    assert {m.side for m in asks} == {"left", "right"}
    assert {(m.about, m.side) for m in asks} == set(product(attributes(2), ("left", "right")))
    left, right = deal.hands[1]
    # an attribute that one hidden card has and the other lacks: the sides differ
    about = next(a for a in attributes(2) if has(a)[INDEX[left]] != has(a)[INDEX[right]])
    answers = {side: deal.answer(1, about, side=side) for side in ("left", "right")}
    assert answers["left"] != answers["right"]
    for side, answer in answers.items():
        after = inv.question(0, 1, about, answer, side=side)
        assert_weights_are_counts(after)  # each side filters on its own card only
        assert contains(after, deal)


def ambiguous_table() -> tuple[Deal, Investigation]:
    """A 3-player table after every question and every informant card: two puzzles are
    left that no count anyone sees can tell apart."""
    deal = Deal.random(3, seed=15)
    inv = start_of(deal)
    for witness in (1, 2):
        for about in attributes(3):
            inv = inv.question(0, witness, about, deal.answer(witness, about))
    for card in deal.informants:
        inv = inv.informant(card)
    return deal, inv


def test_recommend_offers_the_accusation_when_nothing_else_teaches() -> None:
    deal, inv = ambiguous_table()
    deals, counts = brute(inv)
    assert len(counts) > 1  # more than one puzzle left...
    for query in inv.queries():  # ...and no move can tell them apart
        info, _ = brute_information(inv, deals, query)
        assert info == pytest.approx(0.0, abs=1e-12)
    recs = inv.recommend(top=3)
    first = recs[0]
    assert isinstance(first.action, Accusation)
    assert not first.action.certain
    right = max(counts.values()) / len(deals)
    assert first.action.probability == pytest.approx(right, abs=1e-12)
    assert first.outcomes == pytest.approx({"right": right, "wrong": 1 - right}, abs=1e-12)
    assert first.information == pytest.approx(binary_entropy(right), abs=1e-9)
    assert first.worst_case == len(counts) - 1
    assert all(isinstance(r.action, Ask) and r.information < 1e-9 for r in recs[1:])
    assert inv.best() == first.action == inv.accusation()
    assert "accuse" in str(first.action) and f"{right:.1%}" in str(first.action)
    asking = inv.recommend(top=1, among=lambda m: not isinstance(m, Accusation))[0]
    assert isinstance(asking.action, Ask)
    # accused wrongly (or rightly): the one puzzle left is certain, and said so first
    guess = first.action.puzzle
    if guess == deal.puzzles[0]:
        guess = next(p for p in inv.solutions() if p != guess)
    after = inv.accused(*vars_of(guess))
    certain = after.recommend(top=2)
    assert isinstance(certain[0].action, Accusation)
    assert certain[0].action.certain and certain[0].action.puzzle == deal.puzzles[0]
    assert certain[0].outcomes == {"right": 1.0} and certain[0].information == 0.0
    assert certain[0].worst_case == 1
    assert isinstance(certain[1].action, Ask)
    assert after.best("minimax") == certain[0].action


def test_recommend_lists_no_accusation_while_a_move_teaches() -> None:
    for n in range(2, 7):
        inv = start_of(Deal.random(n, seed=n))
        recs = inv.recommend(top=len(inv.queries()) + 1)
        assert not any(isinstance(r.action, Accusation) for r in recs)
        assert len(recs) == len(inv.queries())
        assert recs[0].information > 0
        assert not isinstance(inv.best("minimax"), Accusation)
    # only the accusation allowed: it is the one move
    (only,) = table().recommend(top=3, among=lambda m: isinstance(m, Accusation))
    assert only.action == table().accusation() and not only.action.certain
    with pytest.raises(deduce.InvalidInput, match="among"):
        table().recommend(among=lambda m: False)


def test_peek_is_offered_until_every_informant_is_seen() -> None:
    deal = Deal.random(5, seed=8)
    inv = start_of(deal)
    assert Peek() in inv.queries()
    for card in deal.informants:
        inv = inv.informant(card)
    assert Peek() not in inv.queries()
    six = start_of(Deal.random(6, seed=1))
    assert Peek() not in six.queries()


def test_recommendation_outcomes_sum_to_one() -> None:
    for n in (4, 6):
        inv = start_of(Deal.random(n, seed=n))
        for rec in inv.recommend(top=5):
            assert sum(rec.outcomes.values()) == pytest.approx(1.0)
            assert rec.information > 0
        for strategy in deduce.STRATEGIES:
            assert inv.best(strategy) in inv.queries()


def test_json_round_trip_and_values() -> None:
    deal = Deal.random(5, seed=9)
    inv = (
        start_of(deal)
        .question(2, 1, "melee", deal.answer(1, "melee"))
        .informant(deal.informants[0])
    )
    other = next(p for p in inv.solutions() if p != deal.puzzles[0])
    inv = inv.accused(other.person, other.location, other.weapon)
    back = Investigation.from_json(inv.to_json())
    assert back == inv and hash(back) == hash(inv)
    assert back.probabilities() == inv.probabilities()
    assert deduce.Investigation.from_json(inv.to_json()) == inv
    assert (
        eval(
            repr(inv),
            {
                "Investigation": Investigation,
                "Question": Question,
                "Informant": Informant,
                "Accused": Accused,
            },
        )
        == inv
    )
    assert inv.undo().undo().undo() == start_of(deal)


@settings(max_examples=20)
@given(st.sampled_from([2, 3, 4, 5, 6]).flatmap(small_games))
def test_json_round_trip_of_any_game(inv: Investigation) -> None:
    back = Investigation.from_json(inv.to_json())
    assert back == inv
    assert back.clues == inv.clues
    assert back.probabilities() == inv.probabilities()
    assert back.card_locations() == inv.card_locations()


# -- bad input ----------------------------------------------------------------------------

SEATS = {1: ("Officer", "Parlor", "Knife"), 2: ("Butcher", "Harbor", "Sword")}
BAD: list[tuple[str, Any, str, str]] = [
    ("players 1", lambda: Investigation(1, ("Duke", "Park"), {}), "players", "from 2 to 6"),
    ("players 7", lambda: Investigation(7, ("Duke", "Park"), {}), "players", "from 2 to 6"),
    ("players bool", lambda: Investigation(True, ("Duke", "Park"), {}), "players", "2 to 6"),
    ("hand of 3", lambda: Investigation(3, ("Duke", "Park", "Gun"), SEATS), "hand", "two"),
    ("hand text", lambda: Investigation(3, "Duke", SEATS), "hand", "two"),
    ("unknown card", lambda: Investigation(3, ("Duke", "Zebra"), SEATS), "hand", "'Officer'"),
    ("card out of play", lambda: Investigation(3, ("Duke", "Coachman"), SEATS), "hand", "'Maid'"),
    ("card twice", lambda: Investigation(3, ("Duke", "Butcher"), SEATS), "puzzles", "once"),
    (
        "seat missing",
        lambda: Investigation(3, ("Duke", "Park"), {1: SEATS[1]}),
        "puzzles",
        "each seat",
    ),
    (
        "seat as text",
        lambda: Investigation(3, ("Duke", "Park"), {"1": SEATS[1], 2: SEATS[2]}),
        "puzzles",
        "each seat",
    ),
    (
        "seat 0",
        lambda: Investigation(3, ("Duke", "Park"), {0: SEATS[1], 1: SEATS[2]}),
        "puzzles",
        "each seat",
    ),
    (
        "two persons",
        lambda: Investigation(3, ("Duke", "Park"), {1: ("Officer", "Maid", "Knife"), 2: SEATS[2]}),
        "puzzles[1]",
        "one person",
    ),
    (
        "sequence length",
        lambda: Investigation(3, ("Duke", "Park"), [SEATS[1]]),
        "puzzles",
        "2 puzzles",
    ),
    ("about", lambda: table().question(0, 1, "gray", 1), "about", "'purple'"),
    ("about kind", lambda: table().question(0, 1, "tall", 1), "about", "'melee'"),
    ("witness", lambda: table().question(0, 3, "red", 1), "witness", "from 0 to 2"),
    ("asker = witness", lambda: table().question(1, 1, "red", 1), "witness", "other than"),
    ("answer negative", lambda: table().question(0, 1, "red", -1), "answer", "from 0 to 8"),
    ("answer too big", lambda: table().question(0, 1, "red", 9), "answer", "from 0 to 8"),
    ("answer bool", lambda: table().question(0, 1, "red", True), "answer", "integer"),
    ("impossible answer", lambda: table().question(0, 1, "person", 1), "answer", "2 to 4"),
    ("side in 3 players", lambda: table().question(0, 1, "red", 1, side="left"), "side", "None"),
    (
        "no side in 2 players",
        lambda: Investigation(2, ("Duke", "Park"), [SEATS[1]]).question(0, 1, "red", 1),
        "side",
        "'left'",
    ),
    ("informant seen", lambda: table().informant("Butcher"), "informant", "'Maid'"),
    (
        "informant 6 players",
        lambda: start_of(Deal.random(6, seed=1)).informant("Duke"),
        "informant",
        "6 players",
    ),
    ("informant unknown", lambda: table().informant("Zebra"), "card", "'Officer'"),
    (
        "accused two weapons",
        lambda: table().accused("Maid", "Gun", "Rifle"),
        "accused",
        "one person",
    ),
    ("clue type", lambda: table().observe("red=3"), "clue", "Question"),
    ("top", lambda: table().recommend(top=0), "top", "at least 1"),
    ("deal witness", lambda: Deal.random(3, seed=1).answer(3, "red"), "witness", "0 to 2"),
    ("deal witness -1", lambda: Deal.random(3, seed=1).answer(-1, "red"), "witness", "0 to 2"),
    ("deal about", lambda: Deal.random(3, seed=1).answer(1, "gray"), "about", "'purple'"),
    ("deal side", lambda: Deal.random(2, seed=1).answer(1, "red", side="up"), "side", "'left'"),
    ("deal players", lambda: Deal.random(3, seed=1).check(4), "deal", "4 players"),
    ("strategy", lambda: table().recommend(strategy="best"), "strategy", "'entropy'"),
]


@pytest.mark.parametrize(("case", "call", "argument", "choices"), BAD, ids=[b[0] for b in BAD])
def test_bad_input(case: str, call: Any, argument: str, choices: str) -> None:
    invalid_input(call, argument, choices)
