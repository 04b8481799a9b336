"""Black Stories Investigation: every call a player makes at the table.

A 4-player table in the middle of a game (3 opponents: the joint posterior is the
largest the game has), timed call by call; the posterior and the ranking of plays are
also computed by a straightforward pure-Python reference in the same run, and checked
to agree.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

from benchmarks._timing import median_seconds, report
from deduce import Contradiction
from deduce.games.bsi import (
    CASES,
    FIELDS,
    Card,
    Case,
    Investigation,
    Table,
    advised,
    play_game,
)


def _field(case: Case, card: Card) -> str | int:
    m: int = sum(getattr(case, k) == v for k, v in card.pieces.items())
    return FIELDS[max(0, min(m - 1, 2))]


def reference_posterior(table: Table) -> dict[tuple[Case, ...], float]:
    """Every assignment of different cases to the opponents, by brute force (pure Python)."""
    state = table.state
    options = []
    for seat in table.opponents:
        kept = []
        for i, case in enumerate(CASES):
            if state.where[i] != state.case_epoch[seat] or not (state.masks[seat] >> i) & 1:
                continue
            if all(_field(case, card) == f for card, f in table.grid(seat)):
                kept.append(case)
        options.append(kept)
    combos = [c for c in itertools.product(*options) if len(set(c)) == len(c)]
    return {combo: 1 / len(combos) for combo in combos}


def reference_plays(table: Table) -> list[tuple[float, Any, int]]:
    """(bits, card, opponent) for every card in hand x opponent, best first (pure Python)."""
    worlds = list(reference_posterior(table))
    ranked = []
    for card in dict.fromkeys(table.hand):
        for seat in table.opponents:
            counts = Counter(_field(w[seat - 1], card) for w in worlds)
            bits = -sum(n / len(worlds) * math.log2(n / len(worlds)) for n in counts.values())
            ranked.append((round(bits, 9), card, seat))
    ranked.sort(key=lambda r: -r[0])
    return ranked


def middle_of_a_game() -> tuple[Table, list[Case]]:
    """Seat 0's table at the start of its second turn in a 4-player game: of 20 deals,
    the one with the most worlds left (the slowest case)."""
    records = [play_game([advised] * 4, seed=seed, max_turns=4) for seed in range(20)]
    record = max(records, key=lambda r: len(r.tables[0].probabilities()))
    return record.tables[0], record.truth["cases"]


def late_in_a_game() -> tuple[Table, tuple[Card, int, str | int]]:
    """Seat 0's table at its own turn late in a 4-player game (the longest of 20 with a
    move that contradicts earlier ones), and that move."""
    found = []
    for seed in range(20):
        table = play_game([advised] * 4, seed=seed, max_turns=16).tables[0]
        if not table.over and table.turn == 0:
            move = contradicting_move(table)
            if move is not None:
                found.append((table, move))
    return max(found, key=lambda t: len(t[0].clues))


def contradicting_move(table: Table) -> tuple[Card, int, str | int] | None:
    """A card of seat 0's hand at a field that contradicts earlier moves, if any."""
    for card in table.hand:
        for seat in table.opponents:
            for f in FIELDS:
                if f == 3 and card.size < 3:
                    continue
                try:
                    table.played(card, seat, f)
                except Contradiction:
                    return card, seat, f
                except ValueError:
                    continue
    return None


def main() -> None:
    table, truth = middle_of_a_game()
    print(f"table: 4 players, {len(table.clues)} moves, {len(table.probabilities())} worlds")
    card = table.recommend_play(top=1)[0].action.card
    laid = table.played(card, 1, _field(truth[1], card))
    wrong = next(c for c in laid.case_probabilities(1) if c != truth[1])
    tried = laid.attempt(1, wrong, laid.drops_left(0)[0], correct=False)
    text = table.to_json()
    late, move = late_in_a_game()
    late_text = late.to_json()

    def contradiction() -> None:
        try:
            late.played(*move)
        except Contradiction:
            return
        raise AssertionError("no contradiction")

    truthful = _field(truth[1], card)
    ref_post, expected = median_seconds(lambda: reference_posterior(laid), repeat=20)
    ours, _ = median_seconds(lambda: table.played(card, 1, truthful), repeat=20)
    got = {tuple(cases): p for cases, p in laid.probabilities().items()}
    assert {k: round(v, 12) for k, v in got.items()} == {
        k: round(v, 12) for k, v in expected.items()
    }
    ref_rec, ref_ranking = median_seconds(lambda: reference_plays(table), repeat=20)
    rec_time, recs = median_seconds(lambda: table.recommend_play(top=12), repeat=20)
    assert [round(r.information, 9) for r in recs] == [r[0] for r in ref_ranking]

    report("a card laid, new joint posterior: pure Python", ref_post)
    report("a card laid, new joint posterior: deduce (played(...))", ours, ref_post)
    report("recommend_play (hand x opponents): pure Python", ref_rec)
    report("recommend_play (hand x opponents): deduce", rec_time, ref_rec)
    start = Table(4, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    size = len(start.probabilities())
    ref_start, ref_ranking = median_seconds(lambda: reference_plays(start), repeat=5)
    start_time, recs = median_seconds(lambda: start.recommend_play(top=12), repeat=20)
    assert [round(r.information, 9) for r in recs] == [r[0] for r in ref_ranking]
    report(f"recommend_play at the first turn ({size} worlds): pure Python", ref_start)
    report(f"recommend_play at the first turn ({size} worlds): deduce", start_time, ref_start)
    calls = [
        ("Table(...) set-up", lambda: Table(4, case=table.case, hand=table.start_hand)),
        ("probabilities() (the joint posterior as a dict)", laid.probabilities),
        (
            "attempt(...) failed",
            lambda: laid.attempt(1, wrong, laid.drops_left(0)[0], correct=False),
        ),
        ("drew(card)", lambda: tried.drew("man/day")),
        ("step (whose move it is)", lambda: laid.step),
        ("case_probabilities(opponent)", lambda: table.case_probabilities(1)),
        ("evidence(opponent)", lambda: table.evidence(1)),
        ("attempt_value(opponent, drops)", lambda: table.attempt_value(1, 3)),
        ("recommend_attempt() (after my card is laid)", laid.recommend_attempt),
        ("best_attempt() (after my card is laid)", laid.best_attempt),
        (f"a contradicting field, {len(late.clues)} moves (Contradiction)", contradiction),
        ("undo()", laid.undo),
        ("to_json()", table.to_json),
        (f"from_json() ({len(table.clues)} moves replayed)", lambda: Table.from_json(text)),
        (f"from_json() ({len(late.clues)} moves replayed)", lambda: Table.from_json(late_text)),
    ]
    for label, run in calls:
        seconds, _ = median_seconds(run, repeat=20)
        report(label, seconds)
    one = Investigation().played("woman/night/outside/gun", "0/1")
    seconds, _ = median_seconds(lambda: one.played("woman/knife", 2), repeat=20)
    report("Investigation: played(card, field)", seconds)
    seconds, _ = median_seconds(lambda: one.recommend(top=3), repeat=20)
    report("Investigation: recommend() over all 72 possible cards", seconds)


if __name__ == "__main__":
    main()
