"""Crime Writers: every call a guest or the master-scribe makes at the table.

The sample deck (30 persons, 20 scenes, 20 causes, 16 motives: 117,520 possible draws),
in the middle of a story (a dozen replies), timed call by call. Straightforward
references do the same work in the same run and are checked to agree: the posterior
after all the replies from the deck (pure Python listing every draw, against deduce
building its tables cold), the posterior after one more reply given the draws left
(pure Python over those draws, against ``answer`` + ``marginals``), and the ranking of
every question (one numpy pass over the draws per question, against ``recommend``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from benchmarks._timing import median_seconds, report
from deduce import Contradiction
from deduce.games import crime_writers as cw
from deduce.games.crime_writers import (
    DECK_OF,
    ELEMENTS,
    INVENTED,
    Deck,
    Investigation,
    ScoreSheet,
    check_title,
)
from deduce.games.crime_writers import tables as cw_tables

REPLIES = [
    ("who", "profession", "yes"),
    ("who", "man", "no"),
    ("whom", "family", "yes"),
    ("how", "object", "yes"),
    ("how", "weapon", "no"),
    ("how", "tool", "almost"),
    ("how", "Adjustable wrench", "no"),
    ("where", "indoors", "yes"),
    ("where", "public", "no"),
    ("why", "emotion", "yes"),
    ("why", "money", "not characteristic"),
    ("whom", "old", "yes"),
]
NEXT = ("who", "medical", "yes")

Rows = tuple[list[tuple[tuple[str, ...], float]], dict[str, set[str]]]


def reference_draws(deck: Deck) -> list[tuple[str, ...]]:
    """Every draw, listed in pure Python: 3 elements are cards, killer != victim."""
    draws: list[tuple[str, ...]] = []
    options = [[c.text for c in deck.for_element(e)] for e in ELEMENTS]
    for mask in range(32):
        chosen = [e for e in range(5) if mask >> e & 1]
        if len(chosen) != 3:
            continue
        lists = [options[e] if e in chosen else [INVENTED] for e in range(5)]
        stack: list[tuple[str, ...]] = [()]
        for values in lists:
            stack = [(*prefix, v) for prefix in stack for v in values]
        draws.extend(d for d in stack if d[0] == INVENTED or d[0] != d[1])
    return draws


def reference_apply(deck: Deck, rows: Rows, reply: tuple[str, str, str]) -> Rows:
    """One reply applied to every draw left, in pure Python: a draw keeps weight 1/2 for
    a tag reply its (invented or "maybe") element can only match by chance; naming a
    card "no" leaves an invented element n - m of its n + 1 wordings."""
    draws, excluded = rows
    element, about, said = reply
    if said not in ("yes", "no"):
        return rows
    e = ELEMENTS.index(element)
    cards = {c.text: c for c in deck.for_element(element)}
    result = []
    if about in cards:
        if said == "yes":
            raise NotImplementedError("the benchmark's replies name cards with 'no' only")
        left = len(cards) + 1 - len(excluded[element])
        share = (left - 1) / left if about not in excluded[element] else 1.0
        for draw, weight in draws:
            if draw[e] == about:
                continue
            result.append((draw, weight * share if draw[e] == INVENTED else weight))
        return result, {**excluded, element: excluded[element] | {about}}
    for draw, weight in draws:
        value = draw[e]
        status = "maybe" if value == INVENTED else cards[value].status(about)
        if status == "maybe":
            result.append((draw, weight / 2))
        elif (status == "has") == (said == "yes"):
            result.append((draw, weight))
    return result, excluded


def reference_marginals(rows: Rows) -> dict[str, dict[str, float]]:
    mass: dict[str, dict[str, float]] = {e: defaultdict(float) for e in ELEMENTS}
    total = 0.0
    for draw, weight in rows[0]:
        total += weight
        for e, value in zip(ELEMENTS, draw, strict=True):
            mass[e][value] += weight
    return {e: {v: m / total for v, m in values.items()} for e, values in mass.items()}


def reference_rows(deck: Deck, replies: list[tuple[str, str, str]]) -> Rows:
    rows: Rows = ([(d, 1.0) for d in reference_draws(deck)], {e: set() for e in ELEMENTS})
    for reply in replies:
        rows = reference_apply(deck, rows, reply)
    return rows


def reference_posterior(
    deck: Deck, replies: list[tuple[str, str, str]]
) -> dict[str, dict[str, float]]:
    """Marginals from the deck: every draw listed, then every reply applied."""
    return reference_marginals(reference_rows(deck, replies))


def deduce_posterior(deck: Deck, replies: list[tuple[str, str, str]]) -> dict[str, Any]:
    """The same work with deduce, from the deck (its cached tables cleared first)."""
    cw_tables.tables_of.cache_clear()
    cw_tables.all_draws.cache_clear()
    inv = Investigation(deck)
    for reply in replies:
        inv = inv.answer(*reply)
    return inv.marginals()


def check(got: dict[str, dict[str, float]], expected: dict[str, dict[str, float]]) -> None:
    for element in ELEMENTS:
        for value, p in got[element].items():
            assert math.isclose(p, expected[element].get(value, 0.0), abs_tol=1e-12)


def reference_information(inv: Investigation) -> list[tuple[float, Any]]:
    """Bits about the draw of every question not asked yet, one numpy pass over every
    draw per question: P(yes) is 1, 0 or 1/2 for a tag, and for naming a card 1 for the
    card, 1/(n + 1 - m) for an invented element (m of its card wordings answered no)."""
    space = inv.space
    weights = space.weights.astype(np.float64)
    total = weights.sum()
    asked = {(c.element, c.about) for c in inv.clues}
    result = []

    def h(p: float) -> float:
        return -sum(x * math.log2(x) for x in (p, 1 - p) if x > 0)

    for e, element in enumerate(ELEMENTS):
        stack = DECK_OF[element]
        column = space.worlds[:, e]
        cards = inv.deck.stack(stack)
        texts = [c.text for c in cards]
        no = {c.about for c in inv.clues if c.element == element and c.about in texts}
        assert all(c.reply == "no" for c in inv.clues if c.about in texts)
        for about in [*inv.deck.tags(stack), *texts]:
            if (element, about) in asked:
                continue
            if about in inv.deck.tags(stack):
                codes = [{"has": 1.0, "lacks": 0.0, "maybe": 0.5}[c.status(about)] for c in cards]
                p_yes = np.array([*codes, 0.5])[column]
            else:
                share = 1.0 / (len(cards) + 1 - len(no))
                p_yes = np.where(
                    column == texts.index(about), 1.0, np.where(column == len(cards), share, 0.0)
                )
            p = float((weights * p_yes).sum() / total)
            uncertain = (p_yes > 0) & (p_yes < 1)  # the rows whose reply is left to chance
            cond = sum(
                weights[uncertain & (p_yes == v)].sum() * h(float(v))
                for v in np.unique(p_yes[uncertain])
            )
            bits = h(p) - float(cond) / total
            result.append((round(max(bits, 0.0), 9), cw.Question(element, about)))
    result.sort(key=lambda item: -item[0])
    return result


def main() -> None:
    deck = Deck.example()
    start = Investigation(deck)
    inv = start
    for element, about, reply in REPLIES:
        inv = inv.answer(element, about, reply)
    print(f"sample deck, {start.space.size} draws; {len(inv.clues)} replies: {inv.space.size} left")

    every = [*REPLIES, NEXT]
    ref_full, expected = median_seconds(partial(reference_posterior, deck, every), repeat=5)
    ours_full, got = median_seconds(partial(deduce_posterior, deck, every), repeat=5)
    check(got, expected)
    report(f"{len(every)} replies from the deck: pure Python over every draw", ref_full)
    report(f"{len(every)} replies from the deck: deduce (cold tables)", ours_full, ref_full)

    rows = reference_rows(deck, REPLIES)
    print(f"reference: {len(rows[0])} draws left after {len(REPLIES)} replies")
    ref_one, expected = median_seconds(
        lambda: reference_marginals(reference_apply(deck, rows, NEXT)), repeat=20
    )
    ours_one, got = median_seconds(lambda: inv.answer(*NEXT).marginals(), repeat=20)
    check(got, expected)
    report("one more reply, new marginals: pure Python over the draws left", ref_one)
    report("one more reply, new marginals: deduce (answer + marginals)", ours_one, ref_one)

    for label, state in (("at the start", start), ("after the replies", inv)):
        ref_rec, ranking = median_seconds(partial(reference_information, state), repeat=5)
        rec_time, recs = median_seconds(partial(state.recommend, top=500), repeat=20)
        assert [round(r.information, 9) for r in recs] == [bits for bits, _ in ranking]
        report(f"rank all {len(recs)} questions {label}: one pass each", ref_rec)
        report(f"rank all {len(recs)} questions {label}: recommend()", rec_time, ref_rec)

    text = inv.to_json()
    sheet = ScoreSheet(("Ann", "Ben", "Cy", "Dan")).start_round()
    sheet = sheet.found("who", "Ben", at=40).found("how", "Cy", at=95)
    story = {
        "who": "Secret agent",
        "whom": "Mafia boss",
        "why": "Professional pride",
        "where": "Rooftop",
        "how": "Gunshot",
    }

    def contradiction(state: Investigation = inv) -> None:
        try:
            state.answer("how", "object", "no")
        except Contradiction:
            return
        raise AssertionError("the reply should contradict")

    long_game = inv
    for element, about in [("who", "medical"), ("why", "past"), ("where", "dark")]:
        long_game = long_game.answer(element, about, "no")
    for _ in range(11):
        long_game = long_game.answer("how", "tool", "almost")

    def cold() -> Investigation:
        cw_tables.tables_of.cache_clear()
        cw_tables.all_draws.cache_clear()
        return Investigation(deck)

    calls: list[tuple[str, Callable[[], Any]]] = [
        ("Investigation(deck), cold (tables built)", cold),
        ("Investigation(deck)", lambda: Investigation(deck)),
        ("answer(element, tag, 'yes')", lambda: inv.answer("who", "medical", "yes")),
        ("answer(element, tag, 'almost')", lambda: inv.answer("who", "medical", "almost")),
        ("answer(element, card, 'no')", lambda: inv.answer("how", "Rope", "no")),
        ("found(element, text)", lambda: inv.found("why", "Stage fright")),
        ("seen(three cards)", lambda: inv.seen("Butler", "Library", "Greed")),
        ("marginals()", inv.marginals),
        ("candidates(element)", lambda: inv.candidates("how")),
        ("certain()", inv.certain),
        ("recommend(top=3)", lambda: inv.recommend(top=3)),
        ("recommend(top=3) at the start", lambda: start.recommend(top=3)),
        ("recommend(element='how')", lambda: inv.recommend(top=3, element="how")),
        ("recommend_each()", inv.recommend_each),
        (f"a contradicting reply after {len(inv.clues)} clues", contradiction),
        (
            f"a contradicting reply after {len(long_game.clues)} clues",
            partial(contradiction, long_game),
        ),
        ("undo()", inv.undo),
        ("to_json()", inv.to_json),
        (f"from_json() ({len(inv.clues)} replies replayed)", lambda: Investigation.from_json(text)),
        ("ScoreSheet.found(element, guest, at=...)", lambda: sheet.found("why", "Dan", at=130)),
        ("ScoreSheet.ranking()", sheet.ranking),
        (
            "check_title(title, elements, deck=...)",
            lambda: check_title("The Agent's Pride", story, deck=deck),
        ),
        ("probabilities() (every story as a dict)", inv.probabilities),
    ]
    for label, run in calls:
        seconds, _ = median_seconds(run, repeat=20)
        report(label, seconds)


if __name__ == "__main__":
    main()
