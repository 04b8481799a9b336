"""How far sampling is from Cluedo's exact chances, card by card.

The exact chance that each card is in the envelope (``card_locations()``, counted over
every deal) beside two 10,000-deal estimates after the same clues: ``uniform`` draws
10,000 deals independently with their exact weights (``Investigation.deals.sample``:
the best any sampler can do, its error only the sampling's), and ``chain`` draws them
the way the public clause-and-sampling solvers do (:func:`deduce.games.cluedo.bots.draws`:
a Markov chain of card swaps over the deals that keep every clause, a card shown to me
read as held). The games are :func:`benchmarks.bench_cluedo.game`'s seeded games of
random suggestions, seen from P0, on the classic deck at 3, 4 and 6 players; the states
are those after 6 and 12 suggestions of seeds 1 to 10 (no constant of deduce's was
chosen on these games: they measure the estimates, not a strategy).

Printed: for each table size, the mean and the largest error over every card of every
state (in points of probability), the share of states where an estimate puts a
different card first in its kind (the likeliest suspect, weapon or room: what a player
would name) than the exact chances, and the per-card table of one state at 6 players.

Run: ``.venv/bin/python -m benchmarks cluedo_sampling``
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Mapping

from benchmarks.bench_cluedo import game
from deduce.games.cluedo import Investigation, Table
from deduce.games.cluedo.bots import draws
from deduce.games.cluedo.counting import ENVELOPE

SEEDS = range(1, 11)
AFTER = (6, 12)
SAMPLES = 10_000
SIZES = (3, 4, 6)
SHOWN = (6, 1, 12)  # the state whose cards are printed: players, seed, suggestions


def states(players: int, seed: int) -> dict[int, tuple[Investigation, Table]]:
    """P0's notebook and table after each of :data:`AFTER` suggestions of a seeded game."""
    inv, steps = game(players, seed, max(AFTER))
    # the players suggest at random, their own cards as often as any: the notebook reads
    # nothing from their suggestions, as the solvers' chain does not
    plain = {p: 1 for p in inv.players if p != "P0"}
    inv = Investigation(inv.players, "P0", inv.hand, deck=inv.deck, names_own=plain)
    table = Table(inv.players, "P0", inv.hand, deck=inv.deck, names_own=plain)
    found = {}
    for n, (by, suspect, weapon, room, shown_by, card) in enumerate(steps, 1):
        inv = inv.suggestion(by, suspect, weapon, room, shown_by=shown_by, card=card)
        table = table.suggested(by, suspect, weapon, room, shown_by=shown_by, card=card)
        table = table.passed(by)
        if n in AFTER:
            found[n] = (inv, table)
    return found


def exact(inv: Investigation) -> dict[str, float]:
    """Each card's exact chance of being in the envelope."""
    return {card: places.get("envelope", 0.0) for card, places in inv.card_locations().items()}


def uniform(inv: Investigation, seed: int) -> dict[str, float]:
    """Each card's share of the envelopes of :data:`SAMPLES` deals drawn by weight."""
    counts: Counter[str] = Counter()
    for deal in inv.deals.sample(SAMPLES, seed=seed):
        counts.update(dict(deal.hands)[ENVELOPE])
    return {card: counts[card] / SAMPLES for card in inv.deck.cards}


def chain(table: Table, seed: int) -> dict[str, float]:
    """Each card's share of the envelopes of :data:`SAMPLES` deals of the solvers' chain."""
    counts: Counter[str] = Counter()
    for envelope, k in draws(table, random.Random(seed), SAMPLES).items():
        counts.update(dict.fromkeys((envelope.suspect, envelope.weapon, envelope.room), k))
    return {card: counts[card] / SAMPLES for card in table.deck.cards}


def first_differs(
    inv: Investigation, truth: Mapping[str, float], guess: Mapping[str, float]
) -> bool:
    """Whether ``guess`` puts another card first in some kind than ``truth`` (a tie in
    ``truth`` counts as agreeing with any of its tied cards)."""
    for kind in inv.deck.categories:
        best = max(truth[c] for c in kind)
        if truth[max(kind, key=lambda c: guess[c])] < best - 1e-12:
            return True
    return False


def main() -> None:
    print(
        f"Cluedo, classic deck, seen from P0: each card's chance of the envelope, exact and "
        f"from {SAMPLES:,} deals (seeds {SEEDS.start}-{SEEDS.stop - 1}, after {AFTER} suggestions)"
    )
    for players in SIZES:
        errors: dict[str, list[float]] = {"uniform": [], "chain": []}
        wrong_first = {"uniform": 0, "chain": 0}
        count = 0
        for seed in SEEDS:
            for n, (inv, table) in states(players, seed).items():
                truth = exact(inv)
                estimates = {"uniform": uniform(inv, seed), "chain": chain(table, seed)}
                count += 1
                for name, guess in estimates.items():
                    errors[name] += [abs(guess[c] - truth[c]) for c in truth]
                    wrong_first[name] += first_differs(inv, truth, guess)
                if (players, seed, n) == SHOWN:
                    shown = (truth, estimates)
        line = [f"  {players} players, {count} states:"]
        for name, found in errors.items():
            line.append(
                f"{name} mean {100 * statistics.fmean(found):.2f}, largest {100 * max(found):.1f}"
                f" points, another card first in {wrong_first[name]} of {count}"
            )
        print(" ".join(line[:1]) + " " + "; ".join(line[1:]))
    truth, estimates = shown
    print(f"\n  {SHOWN[0]} players, seed {SHOWN[1]}, after {SHOWN[2]} suggestions (points):")
    print("  | card | exact | uniform | chain |")
    print("  | --- | ---: | ---: | ---: |")
    for card, p in truth.items():
        if p > 0:
            row = [f"{100 * p:.1f}"] + [f"{100 * e[card]:.1f}" for e in estimates.values()]
            print(f"  | {card} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
