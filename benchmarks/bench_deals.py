"""The exact deal counter (``deduce.core.dealing``) on the classic Cluedo deck.

6 suspects, 6 weapons, 9 rooms; one of each in the envelope, the other 18 dealt to 3, 4
or 6 players; seen from seat 0, whose hand is known. A seeded game is played with random
suggestions (each by the next player in turn, answered truthfully: a card shown to seat 0
is known, chosen at random among those of the three the player holds, so that a deal
weighs the chance of that choice; a card shown to another player is "that player holds
one of the three", a pass is "does not hold any of them") until at least 20 constraints
have been learnt. Also the table at the start, and a hard table where seat 0 never
sees a card (every constraint from the others' suggestions: the most unknown cards of
the most kinds).

Measured, each table in a fresh process: one full update (the count, every card's seat
and every envelope: what a clue costs), scoring all 324 suggestions of seat 0 by the
information their answer gives about the envelope (what the advice costs), and the peak
memory of the whole process (``ru_maxrss``) and of the update (``tracemalloc``), and
drawing deals at random (the time of one, fifty drawn at once); times
are medians, in seconds of processor time (the machine is shared: wall time follows the
load of others). Where the deals are few enough to list (at most :data:`LISTED`), a
plain listing of every deal is the reference, run alongside, and must agree exactly.

Run: ``.venv/bin/python -m benchmarks deals``
"""

from __future__ import annotations

import json
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path
from typing import Any

from deduce.core.dealing import Constraint, Deals, Holds, HoldsOneOf, Lacks, Setup, Shows
from deduce.games.cluedo import Deck

SUSPECTS, WEAPONS, ROOMS = Deck.classic().categories
CARDS = SUSPECTS + WEAPONS + ROOMS
CONSTRAINTS = 20
SEED = 1
REPEAT = 5  # runs per median
DRAWN = 50  # deals drawn at once, for the time of one
LISTED = 3_000_000
"""The most deals the reference lists."""

SCORED = 20_000
"""The most deals whose suggestions the reference scores too."""

TABLES = [(3, "start"), (3, "game"), (3, "hard"), (4, "start"), (4, "game"), (4, "hard")]
TABLES += [(6, "start"), (6, "game"), (6, "hard")]


def setup(players: int) -> Setup:
    sizes = [18 // players + (i < 18 % players) for i in range(players)]
    return Setup(
        CARDS,
        tuple((f"P{i}", size) for i, size in enumerate(sizes)),
        categories=(SUSPECTS, WEAPONS, ROOMS),
    )


def table(players: int, kind: str, seed: int = SEED) -> tuple[Setup, list[Constraint]]:
    """The setup and what seat 0 knows: its hand, then the constraints of a seeded game
    (``kind``: "start", "game", or "hard": seat 0 never suggests)."""
    rng = random.Random(seed)
    envelope = [rng.choice(c) for c in (SUSPECTS, WEAPONS, ROOMS)]
    rest = [c for c in CARDS if c not in envelope]
    rng.shuffle(rest)
    the_setup = setup(players)
    hands: list[set[str]] = []
    for size in the_setup.sizes[:-1]:
        hands.append(set(rest[:size]))
        rest = rest[size:]
    known: list[Constraint] = [Holds("P0", c) for c in sorted(hands[0], key=CARDS.index)]
    if kind == "start":
        return the_setup, known
    learnt = 0
    turn = 0
    while learnt < CONSTRAINTS:
        asker = turn % players if kind == "game" else 1 + turn % (players - 1)
        turn += 1
        asked = [rng.choice(c) for c in (SUSPECTS, WEAPONS, ROOMS)]
        for step in range(1, players):
            seat = (asker + step) % players
            held = [c for c in asked if c in hands[seat]]
            if held:
                if asker == 0:
                    known.append(Shows(f"P{seat}", rng.choice(held), among=tuple(asked)))
                    learnt += 1
                elif seat != 0:
                    known.append(HoldsOneOf(f"P{seat}", tuple(asked)))
                    learnt += 1
                break
            if seat != 0:
                known += [Lacks(f"P{seat}", c) for c in asked]
                learnt += 3
    return the_setup, known


def update(deals: Deals) -> Any:
    """Everything a clue changes: the count, every card's seat, every envelope."""
    return deals.count, deals.marginals(), deals.solutions()


def suggestions() -> list[tuple[str, str, str]]:
    return list(product(SUSPECTS, WEAPONS, ROOMS))


def score(deals: Deals) -> tuple[float, ...]:
    players = len(deals.setup.seats) - 1
    return deals.information(suggestions(), [f"P{i}" for i in range(1, players)])


def median_cpu(run: Callable[[], Any], repeat: int = REPEAT) -> tuple[float, float, Any]:
    """The median processor time and wall time of ``repeat`` runs, and the last result."""
    cpu, wall = [], []
    result = None
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        result = run()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall), result


# -- the reference: every deal listed ------------------------------------------------------


def listed(the_setup: Setup, known: list[Constraint]) -> list[dict[str, frozenset[str]]]:
    """Every deal that agrees with ``known``, listed hand by hand (a card placed is out
    of the next hands; a hand that breaks a constraint is dropped at once)."""
    seats = the_setup.seats
    by_seat: dict[str, list[Constraint]] = {seat: [] for seat in seats}
    for c in known:
        by_seat[c.seat].append(c)

    def fits(seat: str, hand: frozenset[str]) -> bool:
        for c in by_seat[seat]:
            if isinstance(c, Holds | Shows) and c.card not in hand:
                return False
            if isinstance(c, Lacks) and c.card in hand:
                return False
            if isinstance(c, HoldsOneOf) and not hand & set(c.cards):
                return False
        return True

    found: list[dict[str, frozenset[str]]] = []

    def deal(i: int, left: frozenset[str], hands: dict[str, frozenset[str]]) -> None:
        if i == len(seats):
            found.append(dict(hands))
            return
        seat = seats[i]
        if seat == "solution":
            options = [frozenset(t) for t in product(*the_setup.categories) if set(t) <= left]
        else:
            options = [frozenset(h) for h in combinations(sorted(left), the_setup.sizes[i])]
        for hand in options:
            if fits(seat, hand):
                hands[seat] = hand
                deal(i + 1, left - hand, hands)

    deal(0, frozenset(CARDS), {})
    return found


def weight(deal: dict[str, frozenset[str]], known: list[Constraint]) -> int:
    """The chance, times 6 for each, that every card shown to seat 0 was the one shown
    in ``deal``: one over the cards of the three the player holds."""
    result = 1
    for c in known:
        if isinstance(c, Shows):
            result *= 6 // len(deal[c.seat] & set(c.among))
    return result


def reference_update(every: list[dict[str, frozenset[str]]], known: list[Constraint]) -> Any:
    weights = [weight(deal, known) for deal in every]
    total = sum(weights)
    seats: Counter[tuple[str, str]] = Counter()
    envelopes: Counter[frozenset[str]] = Counter()
    for deal, w in zip(every, weights, strict=True):
        envelopes[deal["solution"]] += w
        for seat, hand in deal.items():
            for card in hand:
                seats[(seat, card)] += w
    return len(every), total, seats, envelopes


def reference_score(
    every: list[dict[str, frozenset[str]]], players: int, known: list[Constraint]
) -> list[float]:
    """The information of every suggestion of seat 0, from the listed deals, each
    weighed by :func:`weight`: the first seat after it holding a card shows each it
    holds equally likely (weights times 6)."""
    result = []
    order = [f"P{i}" for i in range(1, players)]
    weights = [weight(deal, known) for deal in every]
    for asked in suggestions():
        joint: Counter[tuple[frozenset[str], tuple[str, str]]] = Counter()
        for deal, w in zip(every, weights, strict=True):
            outcome: list[tuple[str, str]] = [("", "")]
            for seat in order:
                held = [c for c in asked if c in deal[seat]]
                if held:
                    outcome = [(seat, c) for c in held]
                    break
            for answer in outcome:
                joint[(deal["solution"], answer)] += w * (6 // len(outcome))
        total = sum(joint.values())
        left: Counter[frozenset[str]] = Counter()
        right: Counter[tuple[str, str]] = Counter()
        for (a, b), w in joint.items():
            left[a] += w
            right[b] += w
        result.append(
            sum(
                w / total * math.log2(w * total / (left[a] * right[b]))
                for (a, b), w in joint.items()
            )
        )
    return result


def reference_check(
    deals: Deals, every: list[dict[str, frozenset[str]]], known: list[Constraint]
) -> None:
    count, total, seats, envelopes = reference_update(every, known)
    assert deals.count == count
    marginals = deals.marginals()
    for seat, row in marginals.items():
        for card, p in row.items():
            assert p == Fraction(seats[(seat, card)], total)
    for solution, p in deals.solutions().items():
        assert p == Fraction(envelopes[frozenset(solution)], total)


# -- one table in a fresh process ------------------------------------------------------------


def run_table(players: int, kind: str) -> dict[str, Any]:
    """In a fresh process: the measures of one table (see the module's text)."""
    the_setup, known = table(players, kind)
    start_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tracemalloc.start()
    deals = Deals(the_setup, known)
    update(deals)
    _, traced = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    update_cpu, update_wall, _ = median_cpu(lambda: update(Deals(the_setup, known)))
    score_cpu, score_wall, bits = median_cpu(lambda: score(deals), repeat=1)
    draw_cpu, _, _ = median_cpu(lambda: deals.sample(DRAWN, seed=SEED), repeat=3)
    best = max(range(len(bits)), key=lambda i: bits[i])
    result: dict[str, Any] = {
        "players": players,
        "kind": kind,
        "constraints": len(known) - the_setup.sizes[0],
        "deals": deals.count,
        "envelopes": len(deals.solutions()),
        "update_cpu": update_cpu,
        "update_wall": update_wall,
        "score_cpu": score_cpu,
        "score_wall": score_wall,
        "draw_cpu": draw_cpu / DRAWN,
        "best": " / ".join(suggestions()[best]),
        "best_bits": bits[best],
        "traced_mb": traced / 2**20,
        "start_mb": start_rss,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    if deals.count <= LISTED:
        every_cpu, _, every = median_cpu(lambda: listed(the_setup, known), repeat=1)
        ref_cpu, _, _ = median_cpu(lambda: reference_update(every, known), repeat=1)
        reference_check(deals, every, known)
        result["reference_cpu"] = every_cpu + ref_cpu
        if deals.count <= SCORED:
            scored_cpu, _, expected = median_cpu(lambda: reference_score(every, players, known), 1)
            assert all(abs(a - b) < 1e-9 for a, b in zip(bits, expected, strict=True))
            result["reference_score_cpu"] = every_cpu + scored_cpu
    return result


def fresh(players: int, kind: str) -> dict[str, Any]:
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "benchmarks.bench_deals", "--table", str(players), kind]
    out = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"the table {players} {kind} failed:\n{out.stderr}")
    measured: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return measured


def main() -> None:
    print(
        f"Cluedo, classic deck, seen from seat 0; a game of random suggestions (seed {SEED})"
        f" until {CONSTRAINTS} constraints; times are processor time (wall in brackets)"
    )
    print(
        f"  {'players':>7} {'table':<6} {'known':>5} {'deals':>15} {'env':>4}"
        f" {'update':>17} {'score 324':>17} {'draw':>8} {'peak':>8} {'update':>7}"
        f" {'reference':>21} {'score reference':>21}"
    )
    for players, kind in TABLES:
        m = fresh(players, kind)
        reference = score_reference = f"{'(too many deals)':>21}"
        if "reference_cpu" in m:
            ratio = m["reference_cpu"] / m["update_cpu"]
            reference = f"{m['reference_cpu']:8.2f} s ({ratio:7.0f}x)"
        if "reference_score_cpu" in m:
            ratio = m["reference_score_cpu"] / m["score_cpu"]
            score_reference = f"{m['reference_score_cpu']:8.2f} s ({ratio:7.1f}x)"
        print(
            f"  {players:>7} {kind:<6} {m['constraints']:>5} {m['deals']:>15,} {m['envelopes']:>4}"
            f" {1000 * m['update_cpu']:6.1f} ms ({1000 * m['update_wall']:5.0f})"
            f" {m['score_cpu']:7.2f} s ({m['score_wall']:5.1f})"
            f" {1000 * m['draw_cpu']:5.2f} ms"
            f" {m['rss_mb']:5.0f} MB {m['traced_mb']:4.0f} MB {reference} {score_reference}",
            flush=True,
        )
    print(
        "  known: constraints learnt beyond seat 0's hand; env: envelopes left; update: the"
        " count, every card's seat and every envelope; score 324: the information of every"
        " suggestion of seat 0; draw: one deal drawn at random (50 at once); peak: the"
        " whole process (ru_maxrss), and the update's own"
        " allocations (tracemalloc); reference: listing every deal and counting, and"
        " scoring every suggestion on the listed deals (the same numbers: checked)"
    )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--table":
        print(json.dumps(run_table(int(sys.argv[2]), sys.argv[3])))
    else:
        main()
