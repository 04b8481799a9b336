"""13 Indizien with 6 players (13 unknown cards, about nine million deals).

Side by side in one run: ``deduce`` (counting the deals of each puzzle with a dynamic
program) and a straightforward numpy reference that lists every deal as a row and filters
the rows. Measured: the first exact posterior, each later clue, and a full recommendation
(every witness x attribute, by mutual information about my puzzle), plus the peak memory
of deduce's part (tracemalloc) and of the whole process (``ru_maxrss``) before and after
the reference ran. Both must agree exactly; the script checks that.

Run: ``.venv/bin/python benchmarks/bench_thirteen_clues.py``
"""

from __future__ import annotations

import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable
from itertools import combinations, product
from typing import Any

import numpy as np

from deduce.games.thirteen_clues import CARDS, Ask, Deal, Investigation, attributes

PLAYERS = 6
SEED = 1
CLUES = [(1, "red"), (2, "man"), (3, "indoors"), (4, "blue")]


def median_time(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def max_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- the reference: every deal as a row ----------------------------------------------------


def _pairings(cards: list[int], seats: int) -> list[list[int]]:
    if seats == 0:
        return [[]]
    result = []
    for pair in combinations(cards, 2):
        rest = [c for c in cards if c not in pair]
        result += [[*pair, *tail] for tail in _pairings(rest, seats - 1)]
    return result


class Enumeration:
    """Every deal consistent with what seat 0 sees: my puzzle in columns 0..2, seat s's
    hidden pair in columns 3 + 2 (s - 1) and the next; filtered clue by clue."""

    def __init__(self, inv: Investigation) -> None:
        self.inv = inv
        seen = {c for c in inv.hand} | {
            c for p in inv.puzzles.values() for c in (p.person, p.location, p.weapon)
        }
        names = [card.name for card in CARDS[: 3 * (PLAYERS + 4)]]
        unknown = [i for i, name in enumerate(names) if name not in seen]
        by_category = [[c for c in unknown if c % 3 == k] for k in range(3)]
        puzzles = np.array(list(product(*by_category)), dtype=np.int8)
        template = np.array(_pairings(list(range(10)), PLAYERS - 1), dtype=np.int64)
        per = len(template)
        self.deals = np.empty((len(puzzles) * per, 13), dtype=np.int8)
        for x, row in enumerate(puzzles):
            pool = np.array([c for c in unknown if c not in row], dtype=np.int8)
            block = self.deals[x * per : (x + 1) * per]
            block[:, :3] = row
            block[:, 3:] = pool[template]
        self.puzzle_id = np.repeat(np.arange(len(puzzles), dtype=np.int16), per)
        self.puzzles = puzzles
        self.attributes = attributes(PLAYERS)
        self.attr = np.array(
            [[a in (c.colour, c.category, c.kind) for a in self.attributes] for c in CARDS],
            dtype=np.int8,
        )

    def known(self, witness: int, a: int) -> int:
        return sum(
            int(
                self.attr[
                    [
                        CARDS.index(next(c for c in CARDS if c.name == n))
                        for n in (p.person, p.location, p.weapon)
                    ],
                    a,
                ].sum()
            )
            for seat, p in self.inv.puzzles.items()
            if seat != witness
        )

    def answers(self, witness: int, a: int) -> np.ndarray:
        column = self.attr[:, a]
        first = 3 + 2 * (witness - 1)
        hidden = column[self.deals[:, first]] + column[self.deals[:, first + 1]]
        mine = column[self.deals[:, 0]] + column[self.deals[:, 1]] + column[self.deals[:, 2]]
        return hidden.astype(np.int64) + mine + self.known(witness, a)

    def weights(self) -> np.ndarray:
        return np.bincount(self.puzzle_id, minlength=len(self.puzzles))

    def observe(self, witness: int, about: str, answer: int) -> None:
        keep = self.answers(witness, self.attributes.index(about)) == answer
        self.deals = self.deals[keep]
        self.puzzle_id = self.puzzle_id[keep]

    def information(self) -> dict[tuple[int, str], float]:
        result = {}
        x = len(self.puzzles)
        total = len(self.deals)
        w = self.weights() / total
        h_puzzle = -(w[w > 0] * np.log2(w[w > 0])).sum()
        for witness in range(1, PLAYERS):
            for a, about in enumerate(self.attributes):
                answer = self.answers(witness, a)
                k = int(answer.max()) + 1
                joint = np.bincount(self.puzzle_id * k + answer, minlength=x * k) / total
                marginal = joint.reshape(x, k).sum(axis=0)
                h_joint = -(joint[joint > 0] * np.log2(joint[joint > 0])).sum()
                h_answer = -(marginal[marginal > 0] * np.log2(marginal[marginal > 0])).sum()
                result[witness, about] = float(h_answer + h_puzzle - h_joint)
        return result


# -- the run --------------------------------------------------------------------------------


def main() -> None:
    deal = Deal.random(PLAYERS, seed=SEED)
    hand, puzzles = deal.hands[0], list(deal.puzzles[1:])
    clues = [(w, about, deal.answer(w, about)) for w, about in CLUES]
    print(f"13 Indizien, {PLAYERS} players, seed {SEED}; clues {clues}")

    first, start = median_time(lambda: Investigation(PLAYERS, hand, puzzles), 21)
    print(f"  deduce: {start.space.total} deals over {start.space.size} puzzles")
    steps, inv = [], start
    for witness, about, answer in clues:
        t, inv = median_time(lambda i=inv, w=witness, a=about, k=answer: i.question(0, w, a, k), 21)
        steps.append(t)
    every = len(start._queries())
    start_rec_time, start_recs = median_time(lambda: start.recommend(top=every), 11)
    rec_time, recs = median_time(lambda: inv.recommend(top=every), 11)

    tracemalloc.start()  # memory in a separate pass: tracing slows every allocation
    traced = Investigation(PLAYERS, hand, puzzles)
    traced.recommend(top=every)
    for witness, about, answer in clues:
        traced = traced.question(0, witness, about, answer)
    traced.recommend(top=every)
    traced.card_locations()
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_deduce = max_rss_mb()

    def build() -> Enumeration:
        enumeration = Enumeration(start)
        enumeration.weights()
        return enumeration

    ref_first, ref = median_time(build, 1)
    assert ref.weights().tolist() == _weights_in_order(start, ref)
    ref_start_rec_time, info = median_time(ref.information, 1)
    _check(start_recs, info)
    ref_steps = []
    for witness, about, answer in clues:
        t, _ = median_time(lambda w=witness, a=about, k=answer: ref.observe(w, a, k), 1)
        ref_steps.append(t)
    assert ref.weights().tolist() == _weights_in_order(inv, ref)
    ref_rec_time, info = median_time(ref.information, 1)
    _check(recs, info)
    rss_all = max_rss_mb()

    def line(what: str, ours: float, theirs: float) -> None:
        print(
            f"  {what:<37} deduce {1000 * ours:9.2f} ms   enumeration {1000 * theirs:9.1f} ms"
            f"   ratio {theirs / ours:7.0f}x"
        )

    line("first exact posterior", first, ref_first)
    line("later clue (median of 4)", statistics.median(steps), statistics.median(ref_steps))
    line("full recommendation before any clue", start_rec_time, ref_start_rec_time)
    line("full recommendation after 4 clues", rec_time, ref_rec_time)
    print(f"  peak memory traced in deduce's part: {traced_peak / 2**20:.1f} MB")
    print(
        f"  process peak (ru_maxrss) after deduce's part: {rss_deduce:.0f} MB;"
        f" after the reference too: {rss_all:.0f} MB"
    )


def _check(recs: list[Any], info: dict[tuple[int, str], float]) -> None:
    """Both sides give every question the same information."""
    asks = [rec for rec in recs if isinstance(rec.action, Ask)]
    assert len(asks) == len(info)
    for rec in asks:
        assert abs(info[rec.action.witness, rec.action.about] - rec.information) < 1e-9


def _weights_in_order(inv: Investigation, ref: Enumeration) -> list[int]:
    """deduce's weight of each of the reference's puzzles (0 when ruled out)."""
    weight = {}
    for row, w in zip(inv.space.worlds.tolist(), inv.space.weights.tolist(), strict=True):
        weight[tuple(3 * colour + k for k, colour in enumerate(row))] = int(w)
    return [weight.get(tuple(int(c) for c in row), 0) for row in ref.puzzles]


if __name__ == "__main__":
    main()
