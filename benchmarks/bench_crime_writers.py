"""Crime Writers: every call a guest or the master-scribe makes at the table.

The sample deck (30 persons, 20 scenes, 20 causes, 16 motives: 117,520 possible draws),
in the middle of a story (a dozen replies), timed call by call. The posterior after a
reply and the ranking of every question are also computed by straightforward references
in the same run (pure Python over every draw; one pass over every draw per question) and
checked to agree.
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

REPLIES = [
    ("who", "profession", "yes"),
    ("who", "man", "no"),
    ("whom", "family", "yes"),
    ("how", "object", "yes"),
    ("how", "weapon", "no"),
    ("how", "tool", "almost"),
    ("where", "indoors", "yes"),
    ("where", "public", "no"),
    ("why", "emotion", "yes"),
    ("why", "money", "not characteristic"),
    ("whom", "old", "yes"),
]
NEXT = ("who", "medical", "yes")


def reference_posterior(
    deck: Deck, replies: list[tuple[str, str, str]]
) -> dict[str, dict[str, float]]:
    """Marginals by listing every draw in pure Python: a draw keeps weight 1/2 for each
    tag reply its (invented or "maybe") element can only match by chance."""
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
    cards = {(e, c.text): c for e in ELEMENTS for c in deck.for_element(e)}
    mass: dict[str, dict[str, float]] = {e: defaultdict(float) for e in ELEMENTS}
    total = 0.0
    for draw in draws:
        weight = 1.0
        for element, tag, reply in replies:
            if reply not in ("yes", "no"):
                continue
            value = draw[ELEMENTS.index(element)]
            status = "maybe" if value == INVENTED else cards[(element, value)].status(tag)
            if status == "maybe":
                weight /= 2
            elif (status == "has") != (reply == "yes"):
                weight = 0.0
                break
        if weight:
            total += weight
            for e, value in zip(ELEMENTS, draw, strict=True):
                mass[e][value] += weight
    return {e: {v: m / total for v, m in values.items()} for e, values in mass.items()}


def reference_information(inv: Investigation) -> list[tuple[float, Any]]:
    """Bits of every question, one pass over every draw per question (numpy)."""
    space = inv.space
    weights = space.weights.astype(np.float64)
    total = weights.sum()
    asked = {(c.element, c.about) for c in inv.clues if getattr(c, "reply", "") in ("yes", "no")}
    result = []
    for e, element in enumerate(ELEMENTS):
        stack = DECK_OF[element]
        column = space.worlds[:, e]
        cards = inv.deck.stack(stack)
        abouts = [*inv.deck.tags(stack), *(c.text for c in cards)]
        for about in abouts:
            if (element, about) in asked:
                continue
            if about in inv.deck.tags(stack):
                codes = [{"has": 0, "lacks": 1, "maybe": 2}[c.status(about)] for c in cards]
                status = np.array([*codes, 2])[column]
            else:
                status = np.where(column == [c.text for c in cards].index(about), 0, 1)
            maybe = weights[status == 2].sum()
            p_yes = (weights[status == 0].sum() + maybe / 2) / total
            h = -sum(p * math.log2(p) for p in (p_yes, 1 - p_yes) if p > 0)
            result.append((round(max(h - maybe / total, 0.0), 9), cw.Question(element, about)))
    result.sort(key=lambda item: -item[0])
    return result


def main() -> None:
    deck = Deck.example()
    start = Investigation(deck)
    inv = start
    for element, about, reply in REPLIES:
        inv = inv.answer(element, about, reply)
    print(f"sample deck, {start.space.size} draws; {len(inv.clues)} replies: {inv.space.size} left")

    ref_time, expected = median_seconds(
        lambda: reference_posterior(deck, [*REPLIES, NEXT]), repeat=3
    )
    ours, after = median_seconds(lambda: inv.answer(*NEXT).marginals(), repeat=20)
    for element in ELEMENTS:
        for value, p in after[element].items():
            assert math.isclose(p, expected[element].get(value, 0.0), abs_tol=1e-12)
    report("a reply, new marginals: pure Python over every draw", ref_time)
    report("a reply, new marginals: deduce (answer + marginals)", ours, ref_time)

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
        cw._tables.cache_clear()
        cw._worlds.cache_clear()
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
