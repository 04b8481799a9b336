"""13 Indizien with 6 players (13 unknown cards, about nine million deals).

Side by side in one run: ``deduce`` (counting the deals of each puzzle with a dynamic
program) and a straightforward numpy reference that lists every deal as a row and filters
the rows. Measured: the first exact posterior, each later clue, and a full recommendation
(every witness x attribute, by mutual information about my puzzle). Both must agree
exactly; the script checks that.

deduce is timed twice: *cold*, each kind of call once in a fresh Python process with
deduce's caches cleared just before it (the median over several processes), and *warm*,
the median of many calls in one process once its caches are built. The reference has no
caches; its times are medians of a few runs. Memory: the peak of the whole process
(``ru_maxrss``) of the fresh processes and of this one before the reference runs (and
after, for comparison), and the peak traced by ``tracemalloc`` in deduce's part.

Run: ``.venv/bin/python -m benchmarks thirteen_clues``
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from functools import partial
from itertools import combinations, product
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks._timing import median_seconds
from deduce.games.thirteen_clues import CARDS, Ask, Deal, Investigation, attributes
from deduce.games.thirteen_clues.counting import clear_caches

PLAYERS = 6
SEED = 1
CLUES = [(1, "red"), (2, "man"), (3, "indoors"), (4, "blue")]
WARM = 21  # calls per warm median
COLD = 7  # fresh processes for the cold medians
REFERENCE = 3  # runs per reference median


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

    def filtered(self, witness: int, about: str, answer: int) -> tuple[np.ndarray, np.ndarray]:
        """The deals (and their puzzle numbers) that agree with one more answer."""
        keep = self.answers(witness, self.attributes.index(about)) == answer
        return self.deals[keep], self.puzzle_id[keep]

    def observe(self, witness: int, about: str, answer: int) -> None:
        self.deals, self.puzzle_id = self.filtered(witness, about, answer)

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


def table() -> tuple[tuple[str, str], list[Any], list[tuple[int, str, int]]]:
    """My hand, the puzzles I see, and the clues (witness, about, true answer)."""
    deal = Deal.random(PLAYERS, seed=SEED)
    clues = [(w, about, deal.answer(w, about)) for w, about in CLUES]
    return deal.hands[0], list(deal.puzzles[1:]), clues


def _clear_caches() -> None:
    clear_caches()


def cold_run() -> dict[str, float]:
    """In a fresh process: each kind of call timed once with deduce's caches cleared just
    before it (seconds), and the process's peak RSS (MB)."""
    hand, puzzles, clues = table()
    times: dict[str, float] = {"imports_mb": max_rss_mb()}  # python, numpy, deduce loaded

    def timed(key: str, call: Any) -> Any:
        _clear_caches()
        t = time.perf_counter()
        result = call()
        times[key] = time.perf_counter() - t
        return result

    start = timed("first", partial(Investigation, PLAYERS, hand, puzzles))
    every = len(start.queries())
    timed("start_rec", partial(start.recommend, top=every))
    witness, about, answer = clues[0]
    inv = timed("step", partial(start.question, 0, witness, about, answer))
    for witness, about, answer in clues[1:]:
        inv = inv.question(0, witness, about, answer)
    timed("rec", partial(inv.recommend, top=every))
    times["rss_mb"] = max_rss_mb()
    return times


def cold_medians() -> dict[str, float]:
    """:func:`cold_run` in ``COLD`` fresh processes: the median of each measure (the
    largest peak RSS)."""
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "benchmarks.bench_thirteen_clues", "--cold"]
    runs = []
    for _ in range(COLD):
        out = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(f"the cold run failed:\n{out.stderr}")
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    result = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    result["rss_mb"] = max(r["rss_mb"] for r in runs)
    result["imports_mb"] = max(r["imports_mb"] for r in runs)
    return result


def main() -> None:
    hand, puzzles, clues = table()
    print(f"13 Indizien, {PLAYERS} players, seed {SEED}; clues {clues}")
    cold = cold_medians()

    def fresh() -> Investigation:
        return Investigation(PLAYERS, hand, puzzles)

    fresh()  # warm: caches built
    first, start = median_seconds(fresh, repeat=WARM)
    print(f"  deduce: {start.space.total} deals over {start.space.size} puzzles")
    steps, inv = [], start
    for witness, about, answer in clues:
        t, inv = median_seconds(partial(inv.question, 0, witness, about, answer), repeat=WARM)
        steps.append(t)
    every = len(start.queries())
    start_rec_time, start_recs = median_seconds(lambda: start.recommend(top=every), repeat=WARM)
    rec_time, recs = median_seconds(lambda: inv.recommend(top=every), repeat=WARM)

    tracemalloc.start()  # memory in a separate pass: tracing slows every allocation
    traced = fresh()
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

    ref_first, ref = median_seconds(build, repeat=REFERENCE)
    assert ref.weights().tolist() == _weights_in_order(start, ref)
    ref_start_rec_time, info = median_seconds(ref.information, repeat=REFERENCE)
    _check(start_recs, info)
    ref_steps = []
    for witness, about, answer in clues:
        t, kept = median_seconds(partial(ref.filtered, witness, about, answer), repeat=REFERENCE)
        ref.deals, ref.puzzle_id = kept
        ref_steps.append(t)
    assert ref.weights().tolist() == _weights_in_order(inv, ref)
    ref_rec_time, info = median_seconds(ref.information, repeat=REFERENCE)
    _check(recs, info)
    rss_all = max_rss_mb()

    print(
        f"  {'':<40} {'deduce cold':>12} {'deduce warm':>12} {'reference':>11}"
        f" {'ratio cold':>10} {'ratio warm':>10}"
    )

    def line(what: str, cold_time: float, warm: float, theirs: float) -> None:
        print(
            f"  {what:<40} {1000 * cold_time:9.2f} ms {1000 * warm:9.2f} ms"
            f" {1000 * theirs:8.0f} ms {theirs / cold_time:9.0f}x {theirs / warm:9.0f}x"
        )

    step, ref_step = statistics.median(steps), statistics.median(ref_steps)
    line("first exact posterior", cold["first"], first, ref_first)
    line("later clue (median of 4; cold: the 1st)", cold["step"], step, ref_step)
    line(
        "full recommendation before any clue", cold["start_rec"], start_rec_time, ref_start_rec_time
    )
    line("full recommendation after 4 clues", cold["rec"], rec_time, ref_rec_time)
    print(
        f"  deduce cold: median of {COLD} fresh processes; warm: median of {WARM} calls;"
        f" reference: median of {REFERENCE} runs"
    )
    print(f"  peak memory traced in deduce's part: {traced_peak / 2**20:.1f} MB")
    print(
        f"  whole-process peak (ru_maxrss): a fresh process running deduce only"
        f" {cold['rss_mb']:.0f} MB (of which {cold['imports_mb']:.0f} MB once its modules are"
        f" imported); this process before the reference {rss_deduce:.0f} MB,"
        f" after it {rss_all:.0f} MB"
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
    if sys.argv[1:] == ["--cold"]:
        print(json.dumps(cold_run()))
    else:
        main()
