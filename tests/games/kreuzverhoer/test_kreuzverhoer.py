"""Kreuzverhör: deductions against a brute-force reference, turn rules, bad input, JSON."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import deduce
from deduce import Contradiction, InvalidInput
from deduce.core.strategy import scores
from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer import truthful
from deduce.games.kreuzverhoer.truthful import fits, right
from deduce.investigation import Investigation as Base
from deduce.testing import contains, games, secrets

DECK = kv.Deck.default()
START = kv.Investigation()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the brute-force reference ---------------------------------------------------------


def all_cases(deck: kv.Deck = DECK) -> list[kv.Case]:
    return truthful.all_cases(deck)


ALL_CASES = all_cases()


def brute(clues: Any, deck: kv.Deck = DECK) -> set[kv.Case]:
    return truthful.brute(clues, deck)


# -- the model -------------------------------------------------------------------------


def test_counts() -> None:
    assert len(all_cases()) == 1944
    assert len(START.solutions()) == 1944
    assert len(START.queries()) == 2916
    assert set(START.solutions()) == set(all_cases())
    assert START.questionings_left == 12


@SETTINGS
@given(games(START, max_clues=8))
def test_sound_and_complete(game: tuple[kv.Case, kv.Investigation]) -> None:
    secret, inv = game
    assert contains(inv, secret)
    kept = inv.solutions()
    assert secret in kept
    assert set(kept) == brute(inv.clues)
    probabilities = inv.probabilities()
    assert all(p == pytest.approx(1 / len(kept)) for p in probabilities.values())
    assert sum(probabilities.values()) == pytest.approx(1.0)


@SETTINGS
@given(games(START, max_clues=6), st.data())
def test_contradiction_names_a_minimal_conflict(
    game: tuple[kv.Case, kv.Investigation], data: st.DataObject
) -> None:
    _, inv = game
    assume(inv.questionings_left > 0)
    kept = inv.solutions()
    guess = data.draw(st.sampled_from(START.queries()))
    possible = {right(guess, case) for case in kept}
    laid = (guess.crime, guess.scene, guess.suspect, guess.weapon)
    impossible = [k for k in range(5) if k not in possible and brute([kv.Questioning(*laid, k)])]
    assume(impossible)
    clue = kv.Questioning(*laid, impossible[0])
    before = (inv.clues, inv.solutions(), inv.to_json())
    with pytest.raises(Contradiction) as caught:
        inv.questioning(*laid, impossible[0])
    conflict = caught.value.conflict
    assert caught.value.clue == clue
    assert set(conflict) <= set(inv.clues)
    assert brute([*conflict, clue]) == set()
    for i in range(len(conflict)):  # no clue of the conflict can be left out
        assert brute([*conflict[:i], *conflict[i + 1 :], clue]) != set()
    assert (inv.clues, inv.solutions(), inv.to_json()) == before


def test_contradiction_example() -> None:
    inv = START.questioning("Mord", "Ulm", "Ede K.", "Gift", correct=0).profiler("Nora M.")
    with pytest.raises(Contradiction) as caught:
        inv.confirmed(crime="Mord")
    assert caught.value.conflict == (kv.Questioning("Mord", "Ulm", "Ede K.", "Gift", 0),)
    assert len(inv.clues) == 2


def test_why_names_the_clue_behind_a_fact() -> None:
    first = kv.Questioning("Mord", "Ulm", "Ede K.", "Gift", 0)
    inv = START.observe(first).informant(["Berlin", "Köln*"])
    assert inv.why("crime", "Mord") == (first,)
    assert inv.why("scene", "Köln*") == (kv.Informant(("Berlin", "Köln*")),)


def test_impossible_on_its_own_is_invalid_input() -> None:
    with pytest.raises(InvalidInput, match="no solution fits"):
        START.questioning("Mord", "Ulm", "Ede K.", "Brechstange", correct=4)


@SETTINGS
@given(games(START, max_clues=6))
def test_json_round_trip(game: tuple[kv.Case, kv.Investigation]) -> None:
    _, inv = game
    text = inv.to_json()
    back = kv.Investigation.from_json(text)
    assert back == inv
    assert back.clues == inv.clues
    assert back.solutions() == inv.solutions()
    assert back.questionings_left == inv.questionings_left
    assert deduce.Investigation.from_json(text) == inv
    assert hash(back) == hash(inv)


def test_json_keeps_a_custom_deck() -> None:
    data = DECK.to_dict()
    data["name"] = "mine"
    data["bans"]["Ede K."] = "forensics"
    deck = kv.Deck.from_dict(data)
    inv = kv.Investigation(deck, limit=8).questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    back = kv.Investigation.from_json(inv.to_json())
    assert back.deck == deck and back.limit == 8 and back == inv
    assert "deck=" in repr(inv) and repr(START) == "Investigation()"
    with pytest.raises(InvalidInput, match=r"card='forensics'.*Ede K\. was laid and forbids it\)"):
        back.ruled_out(weapon="Gift", card="forensics")
    assert back.ruled_out(weapon="Gift", card="witness").space.size < back.space.size


@settings(max_examples=20)
@given(secrets(START))
def test_secrets_are_cases(secret: kv.Case) -> None:
    assert isinstance(secret, kv.Case) and secret in all_cases()
    assert kv.Investigation().secret_of(START.world_of(secret)) == secret


# -- recommendations -------------------------------------------------------------------


def reference_partition(inv: kv.Investigation, space: deduce.Space) -> deduce.Partition:
    """The straightforward outcome table + bincount of the engine."""
    return Base.partition(inv, space, inv.queries())


@settings(max_examples=25, deadline=None)
@given(games(START, max_clues=4))
def test_fast_partition_matches_outcome_table(game: tuple[kv.Case, kv.Investigation]) -> None:
    _, inv = game
    fast = inv.partition(inv.space, inv.queries())
    slow = reference_partition(inv, inv.space)
    assert np.array_equal(
        fast.mass,
        slow.mass[:, :5]
        if slow.mass.shape[1] >= 5
        else np.pad(slow.mass, ((0, 0), (0, 5 - slow.mass.shape[1]))),
    )
    width = slow.count.shape[1]
    assert np.array_equal(fast.count[:, :width], slow.count)
    assert not fast.count[:, width:].any()


def test_partition_of_some_queries() -> None:
    inv = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    queries = [START.queries()[i] for i in (5, 2915, 0, 77)]
    fast = inv.partition(inv.space, queries)
    table = inv.outcome_table(inv.space, queries)
    for row, counts in zip(table, fast.count, strict=True):
        assert np.bincount(row, minlength=5).tolist() == counts.tolist()


def brute_best_within_two(kept: list[kv.Case], guess: Any, every: list[Any]) -> float:
    """P(solve within 2 questionings | lay ``guess`` now, then the best second guess for
    its answer), by trying every one of ``every`` second guesses on every part."""
    win = sum(1 for case in kept if right(guess, case) == 4)
    for answer in range(4):
        part = [case for case in kept if right(guess, case) == answer]
        if part:
            win += max(sum(right(second, case) == 4 for case in part) for second in every)
    return win / len(kept)


@pytest.mark.parametrize("left", [1, 2])
def test_win_probability_is_exact_near_the_end(left: int) -> None:
    inv = kv.Investigation(limit=left + 2).questioning("Mord", "Ulm", "Ede K.", "Gift", 2)
    inv = inv.informant(["Berlin", "Köln*"]).questioning("Einbruch", "Ulm", "Nora M.", "Messer", 2)
    assert inv.questionings_left == left
    kept = inv.solutions()
    queries = inv.queries()
    part = inv.partition(inv.space, queries)
    score = scores(part, "win_probability", inv.extra_strategies())
    for i in range(0, len(queries), 97):
        guess = queries[i]
        if left == 1:
            expected = sum(right(guess, c) == 4 for c in kept) / len(kept)
        else:
            expected = brute_best_within_two(kept, guess, list(queries))
        assert score[i] == pytest.approx(expected)
    rec = inv.recommend(top=1, strategy="win_probability")[0]
    assert rec.score == pytest.approx(score.max())


def test_win_probability_with_three_left_is_only_an_upper_bound() -> None:
    inv = kv.Investigation(limit=5).questioning("Mord", "Ulm", "Ede K.", "Gift", 2)
    inv = inv.informant(["Berlin", "Köln*"]).questioning("Einbruch", "Ulm", "Nora M.", "Messer", 2)
    assert inv.questionings_left == 3
    kept, queries = inv.solutions(), list(inv.queries())
    table = np.array([[right(g, c) for c in kept] for g in queries])  # by brute force

    def best_two(cases: np.ndarray) -> int:
        """Cases solved within 2 questionings from ``cases``: the best second guess,
        then one case of each part it leaves (every second guess tried)."""
        sub = table[:, cases]
        parts = sum((sub == k).any(axis=1) for k in range(4))
        return int(((sub == 4).sum(axis=1) + parts).max())

    part = inv.partition(inv.space, queries)
    score = scores(part, "win_probability", inv.extra_strategies())
    exact = np.array(
        [
            (
                (row == 4).sum()
                + sum(best_two(np.flatnonzero(row == k)) for k in range(4) if (row == k).any())
            )
            / len(kept)
            for row in table
        ]
    )
    assert (score >= exact - 1e-9).all()
    assert (score > exact + 1e-9).any()  # not exact: above the best play for some guesses


def test_last_questioning_prefers_most_correct_details() -> None:
    inv = kv.Investigation(limit=2).questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    kept = inv.solutions()
    rec = inv.recommend(top=1, strategy="win_probability")[0]
    best = max(1 / len(kept) * sum(right(g, c) for c in kept) for g in map(tuple, kept))
    expected = sum(right(rec.action, c) for c in kept) / len(kept)
    assert rec.score == pytest.approx(1 / len(kept))
    assert expected == pytest.approx(best)
    most = inv.recommend(top=1, strategy="most_correct")[0]
    marg = inv.marginals()
    assert most.score == pytest.approx(sum(max(marg[f].values()) for f in kv.FIELDS))


def test_recommendation_information_matches_brute_force() -> None:
    inv = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 1).profiler("Juri L.")
    kept = inv.solutions()
    for rec in inv.recommend(top=3, strategy="minimax"):
        parts = Counter(right(rec.action, c) for c in kept)
        p = np.array(list(parts.values())) / len(kept)
        assert rec.information == pytest.approx(float(-(p * np.log2(p)).sum()))
        assert rec.worst_case == max(parts.values())
        assert rec.outcomes == pytest.approx({k: n / len(kept) for k, n in parts.items()})


def brute_card_bits(kept: list[kv.Case], card: str, laid: kv.Guess) -> float:
    """Mutual information between the card's answer and the case, answers uniform."""
    answers: dict[Any, float] = {}
    joint = []
    for case in kept:
        if card == "confrontation":
            options: list[Any] = [case.suspect == laid.suspect]
        elif card == "single_interrogation":
            options = [c for c in DECK.crimes if c != case.crime]
        elif card == "profiler":
            options = [s for s in DECK.suspects if s != case.suspect]
        elif card == "informant":
            options = list(itertools.combinations([s for s in DECK.scenes if s != case.scene], 2))
        else:
            options = (
                list(itertools.combinations([w for w in DECK.weapons if w != case.weapon], 2))
                if case.scene == laid.scene
                else [None]
            )
        for option in options:
            answers[option] = answers.get(option, 0.0) + 1 / len(options) / len(kept)
        joint.append(math.log2(len(options)))
    h = -sum(p * math.log2(p) for p in answers.values() if p > 0)
    return h - sum(joint) / len(kept)


def test_card_ranking_matches_brute_force() -> None:
    inv = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 2)
    hand = [
        "profiler",
        "informant",
        "single_interrogation",
        "investigators_on_site",
        "confrontation",
    ]
    values = inv.rank_cards(hand)
    kept = inv.solutions()
    laid = inv.last_questioning.guess  # type: ignore[union-attr]
    for value in values:
        assert value.information == pytest.approx(brute_card_bits(kept, value.card, laid))
    infos = [v.information for v in values]
    assert infos == sorted(infos, reverse=True)  # type: ignore[type-var]


def test_card_ranking_before_a_guess_and_with_bans() -> None:
    guess = kv.Guess("Mord", "Ulm", "Juri L.", "Gift")
    values = START.rank_cards(["informant", "witness", "lawyer", "confrontation"], guess)
    assert [v.card for v in values] == ["confrontation", "witness", "informant", "lawyer"]
    assert not values[2].allowed and "Juri L." in values[2].reason
    assert values[1].information is None and values[1].allowed
    # averaged over the guess's answers, each computed on its part
    total = 0.0
    kept = START.solutions()
    for k in range(4):
        part = [c for c in kept if right(guess, c) == k]
        if part:
            total += len(part) / len(kept) * brute_card_bits(part, "confrontation", guess)
    assert values[0].information == pytest.approx(total)


# -- turn rules ------------------------------------------------------------------------


def test_bans_limit_and_turn_order() -> None:
    inv = START.questioning("Mord", "Ulm", "Elke V.", "Gift", 1)
    with pytest.raises(InvalidInput, match=r"Elke V\. was laid and forbids it"):
        inv.informant(["Berlin", "Köln*"])
    with pytest.raises(InvalidInput, match=r"Elke V\. was laid"):
        inv.defence("refusal", blocks="informant")
    after = inv.profiler("Nora M.")
    with pytest.raises(InvalidInput, match="only one investigation card"):
        after.single_interrogation("Einbruch")
    defended = after.defence("mole")
    with pytest.raises(InvalidInput, match="one defence card"):
        defended.defence("lawyer")
    blocked = inv.defence("alibi", blocks="confrontation")
    with pytest.raises(InvalidInput, match="'alibi' was already played"):
        blocked.confrontation(True)
    assert blocked.space.size == inv.space.size  # a defence card filters nothing


def test_twelve_questionings_and_skips() -> None:
    inv = START
    for _ in range(12):
        inv = inv.questioning("Mord", "Ulm", "Ede K.", "Gift", 0)
    assert inv.questionings_left == 0
    with pytest.raises(InvalidInput, match="at most 12 questionings"):
        inv.questioning("Mord", "Ulm", "Ede K.", "Gift", 0)
    skipped = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 0).defence("lawyer")
    assert skipped.questionings_left == 10
    assert skipped.undo().questionings_left == 11


def test_nothing_after_the_case_is_solved() -> None:
    inv = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 4)
    assert inv.solved == kv.Case("Mord", "Ulm", "Ede K.", "Gift")
    assert inv.questionings_left == 0
    with pytest.raises(InvalidInput, match="solved in questioning 1"):
        inv.profiler("Juri L.")


def test_no_next_questioning_after_solving_or_with_none_left() -> None:
    solved = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 4)
    assert solved.recommend() == []
    spent = kv.Investigation(limit=1).questioning("Mord", "Ulm", "Ede K.", "Gift", 0)
    assert spent.questionings_left == 0 and spent.recommend(top=2) == []
    skipped = kv.Investigation(limit=2).questioning("Mord", "Ulm", "Ede K.", "Gift", 0)
    assert skipped.defence("suspension").recommend() == []
    assert len(skipped.recommend(top=2)) == 2
    with pytest.raises(InvalidInput, match="top="):
        solved.recommend(top=0)


def test_questionings_counted_for_each_player_or_in_total() -> None:
    lay = ("Mord", "Ulm", "Ede K.", "Gift", 0)
    each = kv.Investigation()
    total = kv.Investigation(counting="total")
    assert (each.counting, each.questionings_left) == ("each", 12)
    assert (total.counting, total.questionings_left) == ("total", 6)
    for _ in range(6):
        total = total.questioning(*lay)
    assert total.questionings_left == 0
    with pytest.raises(InvalidInput, match=r"at most 6 questionings \(12 in all, 6 for each"):
        total.questioning(*lay)
    with pytest.raises(InvalidInput, match=r"limit=11 .*even number"):
        kv.Investigation(limit=11, counting="total")
    with pytest.raises(InvalidInput, match="counting='both'"):
        kv.Investigation(counting="both")


def test_a_skip_uses_a_questioning_up_or_not() -> None:
    lay = ("Mord", "Ulm", "Ede K.", "Gift", 0)
    used = kv.Investigation().questioning(*lay).defence("lawyer")
    free = kv.Investigation(skips_use_up=False).questioning(*lay).defence("lawyer")
    assert used.questionings_left == 10 and free.questionings_left == 11
    assert free.skips_use_up is False and used.skips_use_up is True
    for _ in range(11):
        free = free.questioning(*lay)
    assert free.questionings_left == 0 and free.questionings == 12
    with pytest.raises(InvalidInput, match="skips_use_up='no'"):
        kv.Investigation(skips_use_up="no")  # type: ignore[arg-type]


def test_rule_options_are_saved_and_shown() -> None:
    inv = kv.Investigation(limit=10, counting="total", skips_use_up=False, repeats=False)
    back = kv.Investigation.from_json(inv.questioning("Mord", "Ulm", "Ede K.", "Gift", 1).to_json())
    assert (back.limit, back.counting, back.skips_use_up, back.repeats) == (
        10,
        "total",
        False,
        False,
    )
    assert back.questionings_left == 4
    assert repr(kv.Investigation(repeats=False)).startswith("Investigation(repeats=False)")
    old = json.loads(START.to_json())  # a save from before the options: the defaults
    for key in ("counting", "skips_use_up", "repeats"):
        del old["config"][key]
    assert kv.Investigation.from_json(json.dumps(old)).rules == START.rules


def test_faster_variant_refuses_a_detail_named_twice() -> None:
    fast = kv.Investigation(repeats=False).questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    fast = fast.single_interrogation("Einbruch")
    again = fast.questioning("Mord", "Berlin", "Nora M.", "Gift", 1)
    with pytest.raises(InvalidInput, match=r"crime='Einbruch' .*faster variant"):
        again.single_interrogation("Einbruch")
    with pytest.raises(InvalidInput, match=r"crime='Einbruch' .*faster variant"):
        again.ruled_out(crime="Einbruch", card="witness")
    assert again.ruled_out(crime="Einbruch").space.size == again.space.size  # known anyway
    assert again.single_interrogation("Überfall").space.size < again.space.size
    slow = kv.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    slow = slow.single_interrogation("Einbruch").questioning("Mord", "Berlin", "Nora M.", "Gift", 1)
    assert slow.single_interrogation("Einbruch").space.size == slow.space.size


def test_faster_variant_answering_side_names_each_detail_once() -> None:
    case = kv.Case("Mord", "Ulm", "Ede K.", "Gift")
    mine = kv.Interrogation(case, repeats=False)
    named: set[str] = set()
    for _ in range(5):
        mine = mine.questioning("Einbruch", "Berlin", "Nora M.", "Messer")
        choices = mine.suggestions("single_interrogation")
        assert all(len(a) == 1 and a[0] not in named | {"Mord"} for a in choices)  # type: ignore[arg-type]
        answer = mine.suggest("single_interrogation", seed=1)
        assert isinstance(answer, tuple)
        named.add(answer[0])
        mine = mine.played("single_interrogation", answer)
    assert named == set(DECK.crimes) - {"Mord"}
    mine = mine.questioning("Einbruch", "Berlin", "Nora M.", "Messer")
    with pytest.raises(InvalidInput, match="every other crime was named before"):
        mine.suggest("single_interrogation")
    with pytest.raises(InvalidInput, match="faster variant"):
        mine.played("single_interrogation", ("Einbruch",))


@SETTINGS
@given(games(kv.Investigation(repeats=False), max_clues=8))
def test_faster_variant_sound_and_complete(game: tuple[kv.Case, kv.Investigation]) -> None:
    case, inv = game
    assert inv.repeats is False and contains(inv, case)
    assert set(inv.solutions()) == brute(inv.clues)
    told = [n for clue in inv.clues for n in told_names(clue)]
    assert len(told) == len(set(told))


def told_names(clue: Any) -> list[tuple[str, str]]:
    """(field, name) pairs a card answer names as not the case's."""
    if isinstance(clue, kv.SingleInterrogation):
        return [("crime", clue.crime)]
    if isinstance(clue, kv.Profiler):
        return [("suspect", clue.suspect)]
    if isinstance(clue, kv.Informant):
        return [("scene", n) for n in clue.scenes]
    if isinstance(clue, kv.InvestigatorsOnSite):
        return [("weapon", n) for n in clue.weapons or ()]
    if isinstance(clue, kv.RuledOut) and clue.card is not None:
        return [(f, n) for f in kv.FIELDS for n in getattr(clue, f)]
    return []


def test_repeated_ruling_out_is_legal_and_teaches_nothing() -> None:
    inv = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 1).single_interrogation("Einbruch")
    again = inv.questioning("Mord", "Berlin", "Ede K.", "Gift", 1).single_interrogation("Einbruch")
    assert brute(again.clues) == set(again.solutions())
    assert again.undo().space.size == again.space.size


# -- bad input -------------------------------------------------------------------------

Q = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
BAD: list[tuple[str, Any, str]] = [
    (
        "unknown crime",
        lambda: START.questioning("Diebstahl", "Ulm", "Ede K.", "Gift", 1),
        "crime='Diebstahl'",
    ),
    (
        "unknown scene",
        lambda: START.questioning("Mord", "Paris", "Ede K.", "Gift", 1),
        "scene='Paris'",
    ),
    (
        "unknown suspect",
        lambda: START.questioning("Mord", "Ulm", "Max", "Gift", 1),
        "suspect='Max'",
    ),
    (
        "unknown weapon",
        lambda: START.questioning("Mord", "Ulm", "Ede K.", "Seil", 1),
        "weapon='Seil'",
    ),
    ("correct 5", lambda: START.questioning("Mord", "Ulm", "Ede K.", "Gift", 5), "correct=5"),
    ("correct -1", lambda: START.questioning("Mord", "Ulm", "Ede K.", "Gift", -1), "correct=-1"),
    (
        "correct bool",
        lambda: START.questioning("Mord", "Ulm", "Ede K.", "Gift", True),
        "correct=True",
    ),
    (
        "correct str",
        lambda: START.questioning("Mord", "Ulm", "Ede K.", "Gift", "2"),  # type: ignore[arg-type]
        "correct='2'",
    ),
    ("card first", lambda: START.single_interrogation("Mord"), "no questioning yet"),
    ("unknown named crime", lambda: Q.single_interrogation("Raub"), "crime='Raub'"),
    ("one scene", lambda: Q.informant(["Berlin"]), "2 different scene names"),
    ("same scene twice", lambda: Q.informant(["Berlin", "Berlin"]), "2 different scene names"),
    ("unknown scene named", lambda: Q.informant(["Berlin", "Rom"]), "scene='Rom'"),
    (
        "three weapons",
        lambda: Q.investigators_on_site(["Messer", "Axt*", "Gift"]),
        "2 different weapon",
    ),
    (
        "confrontation str",
        lambda: Q.confrontation("yes"),  # type: ignore[arg-type]
        "correct='yes'",
    ),
    ("profiler unknown", lambda: Q.profiler("Max"), "suspect='Max'"),
    ("unknown defence", lambda: Q.defence("joker"), "card='joker'"),
    ("alibi alone", lambda: Q.defence("alibi"), "blocks=None"),
    ("lawyer blocks", lambda: Q.defence("lawyer", blocks="profiler"), "blocks='Profiler'"),
    ("alibi blocks profiler", lambda: Q.defence("alibi", blocks="profiler"), "blocks='Profiler'"),
    ("empty ruled out", lambda: START.ruled_out(), "at least one name"),
    ("unknown field", lambda: START.ruled_out(motive="Geld"), "field='motive'"),
    ("empty confirmed", lambda: START.confirmed(), "at least one name"),
    ("unknown card", lambda: Q.ruled_out(weapon="Gift", card="joker"), "card='joker'"),
    ("deck type", lambda: kv.Investigation("deck"), "deck='deck'"),  # type: ignore[arg-type]
    ("limit 0", lambda: kv.Investigation(limit=0), "limit=0"),
    ("limit bool", lambda: kv.Investigation(limit=True), "limit=True"),
    ("strategy", lambda: START.recommend(strategy="best"), "strategy='best'"),
    ("top 0", lambda: START.recommend(top=0), "top=0"),
    ("hand card", lambda: Q.rank_cards(["joker"]), "hand='joker'"),
    ("hand str", lambda: Q.rank_cards("profiler"), "hand='profiler'"),
    ("no guess", lambda: START.rank_cards(["profiler"]), "guess=None"),
    (
        "incompatible case",
        lambda: kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Brechstange")),
        "Brechstange",
    ),
    ("case type", lambda: kv.Interrogation(("Mord", "Ulm", "Ede K.", "Gift")), "case="),  # type: ignore[arg-type]
    (
        "untrue answer",
        lambda: (
            kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
            .questioning("Mord", "Ulm", "Nora M.", "Gift")
            .played("single_interrogation", "Mord")
        ),
        "named='Mord'",
    ),
    (
        "unknown card played",
        lambda: (
            kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
            .questioning("Mord", "Ulm", "Nora M.", "Gift")
            .played("joker", "Mord")
        ),
        "card='joker'",
    ),
    ("observe junk", lambda: START.observe("Mord"), "clue='Mord'"),
    ("json junk", lambda: kv.Investigation.from_json("{}"), "text="),
]


@pytest.mark.parametrize(("call", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input(call: Any, message: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        call()
    text = str(caught.value)
    assert message in text
    assert "expected" in text


# -- deck ------------------------------------------------------------------------------


def edited(change: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(DECK.to_dict()))
    change(data)
    return data


def swap_weapon(data: dict[str, Any]) -> None:  # Messer under 5 crimes, Gift under 3
    mord = data["weapons_of"]["Brandstiftung*"]
    mord[mord.index("Gift")] = "Messer"


DECK_CASES: list[tuple[str, Any, str]] = [
    ("five crimes", lambda d: d["crimes"].pop(), "exactly 6 crime names"),
    ("ten scenes", lambda d: d["scenes"].append("Rom"), "exactly 9 scene names"),
    ("duplicate suspect", lambda d: d["suspects"].__setitem__(5, "Juri L."), "'Juri L.' twice"),
    ("empty name", lambda d: d["weapons"].__setitem__(0, " "), "non-empty strings"),
    ("five weapons for a crime", lambda d: d["weapons_of"]["Mord"].pop(), "exactly 6 weapons"),
    ("weapon under 5 crimes", swap_weapon, "exactly 4 crimes"),
    (
        "unknown weapon",
        lambda d: d["weapons_of"]["Mord"].__setitem__(0, "Seil"),
        "weapons_of['Mord']='Seil'",
    ),
    ("unknown crime", lambda d: d["weapons_of"].__setitem__("Raub", []), "weapons_of='Raub'"),
    ("crime missing", lambda d: d["weapons_of"].pop("Mord"), "weapons_of='Mord'"),
    ("ban unknown suspect", lambda d: d["bans"].__setitem__("Max", ["witness"]), "bans='Max'"),
    ("ban unknown card", lambda d: d["bans"].__setitem__("Ede K.", "profiler"), "'profiler'"),
    (
        "two bans",
        lambda d: d["bans"].__setitem__("Ede K.", ["witness", "forensics"]),
        "one card from",
    ),
    ("ban as a list", lambda d: d["bans"].__setitem__("Ede K.", ["witness"]), "one card from"),
    ("suspect without ban", lambda d: d["bans"].pop("Nora M."), "bans='Nora M.'"),
    ("no bans", lambda d: d.pop("bans"), "'bans' is missing"),
    ("unknown key", lambda d: d.__setitem__("motives", []), "deck key='motives'"),
    ("missing key", lambda d: d.pop("scenes"), "'scenes' is missing"),
    ("crimes not a list", lambda d: d.__setitem__("crimes", "Mord"), "crimes='Mord'"),
]


@pytest.mark.parametrize(
    ("change", "message"), [c[1:] for c in DECK_CASES], ids=[c[0] for c in DECK_CASES]
)
def test_deck_validation(change: Any, message: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        kv.Deck.from_dict(edited(change))
    assert message in str(caught.value)


def test_deck_files(tmp_path: Any) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(kv.deck_template(), encoding="utf-8")
    assert kv.Deck.load(path) == DECK
    path.write_text(kv.deck_template().replace('"Ulm",', '"Ulm", "Rom",'), encoding="utf-8")
    with pytest.raises(InvalidInput, match="exactly 9 scene names"):
        kv.Deck.load(path)
    path.write_text("crimes = [", encoding="utf-8")
    with pytest.raises(InvalidInput, match="valid TOML"):
        kv.Deck.load(path)
    with pytest.raises(InvalidInput, match="readable"):
        kv.Deck.load(tmp_path / "missing.toml")


def test_default_deck_marks_stand_ins() -> None:
    known = {
        "Mord",
        "Einbruch",
        "Überfall",
        "Berlin",
        "Ulm",
        "Juri L.",
        "Elke V.",
        "Ede K.",
        "Nora M.",
        "Messer",
        "Brechstange",
        "Gift",
        "Pistole",
    }
    every = {*DECK.crimes, *DECK.scenes, *DECK.suspects, *DECK.weapons}
    assert every - known == set(DECK.stand_ins)
    assert "stand-in" in DECK.name and "STAND-IN" in kv.deck_template()
    assert DECK.banned("Juri L.") == DECK.banned("Elke V.") == "informant"
    assert {s for s, _ in DECK.bans} == set(DECK.suspects)  # one ban for every suspect
    assert all(DECK.banned(s) in kv.BANNABLE_CARDS for s in DECK.suspects)
    assert set(DECK.stand_in_bans) == set(DECK.suspects) - {"Juri L.", "Elke V."}
    assert "bans ending in *" in DECK.name
    laid = START.questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    with pytest.raises(InvalidInput, match=r"Ede K\. was laid and forbids it \(a stand-in ban"):
        laid.ruled_out(weapon="Messer", card="witness")
    assert laid.ruled_out(weapon="Messer", card="forensics").space.size < laid.space.size


# -- the answering side ----------------------------------------------------------------


def test_interrogation_tracks_what_the_opponent_knows() -> None:
    case = kv.Case("Einbruch", "Ulm", "Nora M.", "Pistole")
    mine = kv.Interrogation(case).questioning("Mord", "Ulm", "Juri L.", "Pistole")
    assert mine.last_answer == 2
    named = mine.suggest("single_interrogation", seed=0)
    assert isinstance(named, tuple) and case.crime not in named
    mine = mine.played("single_interrogation", named)
    mine = mine.questioning("Mord", "Berlin", "Nora M.", "Messer")
    again = mine.suggestions("single_interrogation")
    assert named in again  # a repeat teaches nothing
    before = mine.cases_left
    assert all(mine.played("single_interrogation", a).cases_left == before for a in again)
    assert mine.suggest("investigators_on_site") is None  # the laid scene is wrong
    assert mine.suggest("confrontation") is True
    with pytest.raises(InvalidInput, match=r"Juri L\. was laid"):
        mine.questioning("Mord", "Ulm", "Juri L.", "Gift").suggest("informant")
    view = mine.opponent
    assert set(view.solutions()) == brute(view.clues)
    assert case in view.solutions()
    assert mine.chance == pytest.approx(1 / mine.cases_left)
    assert mine.known() == view.certain()


def told(card: str, names: tuple[str, ...], scene: str) -> Any:
    """The clue that naming ``names`` in answer to ``card`` gives."""
    if card == "informant":
        return kv.Informant(names)
    if card == "profiler":
        return kv.Profiler(names[0])
    if card == "single_interrogation":
        return kv.SingleInterrogation(names[0])
    return kv.InvestigatorsOnSite(scene, names)


FIELD_TOLD = {
    "informant": "scene",
    "profiler": "suspect",
    "single_interrogation": "crime",
    "investigators_on_site": "weapon",
}
NAMING_CARDS = list(FIELD_TOLD)


def true_of(card: str, answer: Any, laid: kv.Questioning, case: kv.Case) -> bool:
    """Whether ``answer`` to ``card`` after ``laid`` is a true answer for ``case``."""
    if card == "confrontation":
        return answer == (case.suspect == laid.suspect)
    if card == "investigators_on_site" and answer is None:
        return case.scene != laid.scene
    if card == "investigators_on_site" and case.scene != laid.scene:
        return False
    return getattr(case, FIELD_TOLD[card]) not in answer


@settings(max_examples=30, deadline=None)
@given(
    secrets(START),
    st.sampled_from(START.queries()),
    st.sampled_from(NAMING_CARDS),
)
def test_suggestions_are_true_and_teach_nothing_when_they_can(
    case: kv.Case, guess: kv.Guess, card: str
) -> None:
    assume(right(guess, case) < 4 and card != DECK.banned(guess.suspect))
    mine = kv.Interrogation(case).questioning(*guess)
    choices = mine.suggestions(card)
    assert math.isclose(sum(choices.values()), 1.0)
    assert mine.suggest(card, seed=5) == mine.suggest(card, seed=5) in choices
    if None in choices:
        assert choices == {None: 1.0} and case.scene != guess.scene
        return
    field = FIELD_TOLD[card]
    view = mine.opponent
    laid = view.last_questioning
    assert laid is not None
    relevant = [
        c for c in view.solutions() if card != "investigators_on_site" or c.scene == guess.scene
    ]
    present = {getattr(c, field) for c in relevant}
    silent = [n for n in DECK.names(field) if n not in present]  # naming them teaches nothing
    count = 1 if field in ("crime", "suspect") else 2
    for answer in choices:
        assert isinstance(answer, tuple) and len(answer) == count
        after = mine.played(card, answer)
        assert case in after.opponent.solutions()
        assert set(after.opponent.solutions()) == brute(after.opponent.clues)
        if len(silent) >= count:
            assert set(answer) <= set(silent)  # it teaches nothing
        else:
            assert set(silent) <= set(answer)
    if len(silent) >= count:
        assert len(choices) == math.comb(len(silent), count)
    else:  # the rest drawn among the other wrong names, every set equally likely
        assert len(choices) == math.comb(len(present) - 1, count - len(silent))
    assert len(set(choices.values())) == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(START, max_clues=4), st.sampled_from(START.queries()), st.data())
def test_suggestions_tell_nothing_beyond_the_card(
    game: tuple[kv.Case, kv.Investigation], guess: kv.Guess, data: st.DataObject
) -> None:
    """Every case the opponent cannot tell apart gets the same chance of every answer
    that is true of it: the answer teaches only what it says."""
    case, view = game
    assume(view.questionings_left > 0)
    view = view.questioning(*guess, correct=right(guess, case))
    assume(view.solved is None)
    allowed = [c for c in ("confrontation", *NAMING_CARDS) if c != DECK.banned(guess.suspect)]
    card = data.draw(st.sampled_from(allowed))
    laid = view.last_questioning
    assert laid is not None
    held = view.solutions()
    sample = held if len(held) <= 30 else [held[i * len(held) // 30] for i in range(30)]
    if case not in sample:
        sample = [case, *sample]
    chances = {c: kv.Interrogation.of(c, view).suggestions(card) for c in sample}
    answers = {a for choices in chances.values() for a in choices}
    for answer in answers:
        given_by = {
            c: chances[c].get(answer, 0.0) for c in sample if true_of(card, answer, laid, c)
        }
        assert len({round(p, 12) for p in given_by.values()}) == 1, (answer, given_by)


def test_the_least_likely_crime_no_longer_gives_the_case_away() -> None:
    """Naming the least likely wrong crime told the truth: after Mord and answer 1 it
    named Erpressung* unless the crime was Erpressung*."""
    laid = ("Mord", "Berlin", "Juri L.", "Messer")
    one = kv.Interrogation(kv.Case("Erpressung*", "Berlin", "Ede K.", "Gift")).questioning(*laid)
    other = kv.Interrogation(kv.Case("Einbruch", "Berlin", "Ede K.", "Brechstange"))
    other = other.questioning(*laid)
    assert one.last_answer == other.last_answer == 1
    a, b = one.suggestions("single_interrogation"), other.suggestions("single_interrogation")
    assert set(a) == {(n,) for n in DECK.crimes if n != "Erpressung*"}
    assert set(b) == {(n,) for n in DECK.crimes if n != "Einbruch"}
    assert all(a[x] == b[x] == 1 / 5 for x in set(a) & set(b))
    seen = {other.suggest("single_interrogation", seed=s) for s in range(100)}
    assert seen == set(b)  # drawn, not the same one every time


def test_interrogation_json_round_trip() -> None:
    case = kv.Case("Einbruch", "Ulm", "Nora M.", "Pistole")
    mine = kv.Interrogation(case).questioning("Mord", "Ulm", "Nora M.", "Gift")
    mine = mine.played("profiler").defence("mole")
    back = kv.Interrogation.from_json(mine.to_json())
    assert back == mine and back.opponent.clues == mine.opponent.clues
    other = kv.Case("Mord", "Ulm", "Nora M.", "Gift")
    lying = mine.to_json().replace('"Einbruch"', '"Mord"', 1).replace('"Pistole"', '"Gift"', 1)
    assert json.loads(lying)["case"] == list(other)
    with pytest.raises(InvalidInput, match="true of the saved case"):
        kv.Interrogation.from_json(lying)
    with pytest.raises(InvalidInput, match="text="):
        kv.Interrogation.from_json("[]")


def test_simulate_and_questionings_needed_agree() -> None:
    start = START.confirmed(crime="Mord", suspect="Ede K.")
    stats = deduce.simulate(start, "minimax")
    needed = kv.questionings_needed(start, "minimax")
    assert stats.games == start.space.size == len(needed)
    assert stats.histogram == dict(sorted(Counter(needed.tolist()).items()))


def test_simulate_with_an_opening() -> None:
    start = START.confirmed(crime="Mord", scene="Ulm")
    opening = "Mord / Ulm / Ede K. / Gift"
    stats = deduce.simulate(start, "entropy", opening=opening)
    assert stats.opening == kv.Guess("Mord", "Ulm", "Ede K.", "Gift")
    assert stats.games == start.space.size
    assert deduce.simulate(start, "entropy", opening=("Mord", "Ulm", "Ede K.", "Gift")) == stats
    with pytest.raises(InvalidInput, match="weapon='Seil'"):
        deduce.simulate(start, "entropy", opening="Mord / Ulm / Ede K. / Seil")
    with pytest.raises(InvalidInput, match="action="):
        deduce.simulate(start, "entropy", opening="Mord / Ulm")


def test_questionings_needed_marks_cases_not_solved_in_time() -> None:
    start = kv.Investigation(limit=3).confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    assert kv.questionings_needed(start, "minimax").tolist() == [1, 2, 3, 4, 4, 4]


def test_questionings_needed_with_cards_solves_every_case() -> None:
    start = START.confirmed(crime="Mord", scene="Ulm")
    plain = kv.questionings_needed(start, "entropy")
    with_cards = kv.questionings_needed(start, "entropy", cards=True)
    assert plain.max() <= 12 and with_cards.max() <= 12
    assert with_cards.mean() <= plain.mean()


@pytest.mark.slow
def test_full_space_partition_and_hard_case() -> None:
    fast = START.partition(START.space, START.queries())
    slow = reference_partition(START, START.space)
    assert np.array_equal(fast.mass, slow.mass) and np.array_equal(fast.count, slow.count)
    for strategy in ("entropy", "minimax", "expected_size", "most_parts"):
        assert np.array_equal(
            deduce.core.strategy.rank(fast, strategy), deduce.core.strategy.rank(slow, strategy)
        )
    needed = kv.questionings_needed(START, "minimax")
    case = kv.hard_case(strategy="minimax", seed=3)
    assert needed[START.world_of(case)] == needed.max()


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(START, max_clues=14))
def test_sound_and_complete_long_games(game: tuple[kv.Case, kv.Investigation]) -> None:
    secret, inv = game
    assert set(inv.solutions()) == brute(inv.clues)
    assert secret in inv.solutions()


# -- answers to cards: truthfulness and contradictions -----------------------------------


def every_answer(card: str) -> list[Any]:
    """Every answer the answering player could give to ``card``, true or not."""
    if card == "confrontation":
        return [True, False]
    if card == "single_interrogation":
        return list(DECK.crimes)
    if card == "profiler":
        return list(DECK.suspects)
    if card == "informant":
        return [list(pair) for pair in itertools.combinations(DECK.scenes, 2)]
    return [None, *(list(pair) for pair in itertools.combinations(DECK.weapons, 2))]


def answer_clue(card: str, named: Any, laid: kv.Guess) -> Any:
    """The clue the opponent logs for this answer."""
    if card == "confrontation":
        return kv.Confrontation(laid.suspect, named)
    if card == "investigators_on_site":
        return kv.InvestigatorsOnSite(laid.scene, None if named is None else tuple(named))
    if card == "informant":
        return kv.Informant(tuple(named))
    if card == "profiler":
        return kv.Profiler(named)
    return kv.SingleInterrogation(named)


CARDS = ["single_interrogation", "investigators_on_site", "confrontation", "informant", "profiler"]


@settings(max_examples=40, deadline=None)
@given(secrets(START), st.sampled_from(START.queries()), st.sampled_from(CARDS))
def test_untrue_answers_are_refused_true_ones_keep_the_case(
    case: kv.Case, guess: kv.Guess, card: str
) -> None:
    assume(right(guess, case) < 4 and card != DECK.banned(guess.suspect))
    mine = kv.Interrogation(case).questioning(*guess)
    before = (mine.opponent.clues, mine.to_json())
    for named in every_answer(card):
        if fits(case, answer_clue(card, named, guess)):
            after = mine.played(card, named)
            assert case in after.opponent.solutions()
            assert after.opponent.clues[-1] == answer_clue(card, named, guess)
        else:
            with pytest.raises(InvalidInput, match="named="):
                mine.played(card, named)
        assert (mine.opponent.clues, mine.to_json()) == before


def test_played_takes_exactly_the_names_a_card_asks_for() -> None:
    mine = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    mine = mine.questioning("Einbruch", "Ulm", "Nora M.", "Messer")
    for card, named in [
        ("single_interrogation", ["Einbruch", "Überfall"]),
        ("profiler", ["Juri L.", "Elke V."]),
        ("profiler", []),
        ("informant", ["Berlin"]),
        ("investigators_on_site", None),  # the laid scene Ulm is right: 2 weapons
        ("investigators_on_site", ["Messer"]),
        ("confrontation", 0),
        ("single_interrogation", None),
    ]:
        with pytest.raises(InvalidInput, match="named="):
            mine.played(card, named)
    assert mine.played("profiler", ["Juri L."]).opponent.clues[-1] == kv.Profiler("Juri L.")
    assert mine.played("investigators_on_site").cases_left < mine.cases_left  # the suggestion
    wrong = mine.questioning("Einbruch", "Berlin", "Nora M.", "Messer")
    with pytest.raises(InvalidInput, match="the laid scene Berlin is wrong"):
        wrong.played("investigators_on_site", ["Axt*", "Schal*"])
    told = wrong.played("investigators_on_site", None)
    assert told.opponent.clues[-1] == kv.InvestigatorsOnSite("Berlin", None)
    assert told.opponent.marginals()["scene"]["Berlin"] == 0.0


def impossible_card_clues(inv: kv.Investigation) -> list[Any]:
    """Card answers that no case still possible allows, but some case of the deck does."""
    kept = inv.solutions()
    possible = {f: {getattr(c, f) for c in kept} for f in kv.FIELDS}
    clues: list[Any] = []
    for f in kv.FIELDS:
        every: dict[str, Any] = {f: tuple(sorted(possible[f]))}
        clues += [kv.Confirmed(**{f: n}) for n in DECK.names(f) if n not in possible[f]]
        clues += [kv.RuledOut(**every), kv.RuledOut(**every, card="other")]
    turn = inv.last_questioning
    if turn is not None:
        clues += [
            kv.Informant(pair)
            for pair in itertools.combinations(DECK.scenes, 2)
            if possible["scene"] <= set(pair)
        ]
        clues.append(kv.InvestigatorsOnSite(turn.scene, None))
        clues += [
            kv.InvestigatorsOnSite(turn.scene, pair)
            for pair in itertools.combinations(DECK.weapons, 2)
        ]
    # kept == brute(inv.clues) (test_sound_and_complete), so no kept case may fit
    return [
        c for c in clues if not any(fits(k, c) for k in kept) and any(fits(k, c) for k in ALL_CASES)
    ]


def allowed_now(inv: kv.Investigation, clue: Any) -> bool:
    """Whether the turn rules let this clue be logged now (else InvalidInput is right)."""
    try:
        inv.check_turn(clue)
    except InvalidInput:
        return False
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(START, max_clues=6), st.data())
def test_card_answer_contradictions_name_a_minimal_conflict(
    game: tuple[kv.Case, kv.Investigation], data: st.DataObject
) -> None:
    _, inv = game
    candidates = [c for c in impossible_card_clues(inv) if allowed_now(inv, c)]
    assume(candidates)
    clue = data.draw(st.sampled_from(candidates))
    before = (inv.clues, inv.solutions(), inv.to_json())
    with pytest.raises(Contradiction) as caught:
        inv.observe(clue)
    conflict = caught.value.conflict
    assert caught.value.clue == clue
    assert set(conflict) <= set(inv.clues) and conflict
    assert brute([*conflict, clue]) == set()  # exact: these clues really conflict with it
    for i in range(len(conflict)):  # minimal: no clue of the conflict can be left out
        assert brute([*conflict[:i], *conflict[i + 1 :], clue]) != set()
    assert (inv.clues, inv.solutions(), inv.to_json()) == before


def test_the_ninth_card_can_be_logged() -> None:
    assert len(kv.INVESTIGATION_CARDS) == 9 and "other" in kv.INVESTIGATION_CARDS
    inv = Q.ruled_out(weapon="Gift", card="other")
    assert inv.clues[-1] == kv.RuledOut(weapon=("Gift",), card="other")
    assert brute(inv.clues) == set(inv.solutions())
    with pytest.raises(InvalidInput, match="only one investigation card"):
        inv.confirmed(scene="Ulm", card="other")
    assert Q.confirmed(scene="Ulm", card="other").certain()["scene"] == "Ulm"
    assert kv.Investigation.from_json(inv.to_json()) == inv
    assert [v.card for v in Q.rank_cards(["other"])] == ["other"]


# -- the race --------------------------------------------------------------------------

CARDS_NAMED = ("confrontation", "single_interrogation", "investigators_on_site", "informant")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(secrets(START), st.data())
def test_opponent_case_file_is_a_brute_force_replay_of_my_answers(
    case: kv.Case, data: st.DataObject
) -> None:
    """What the opponent can know is exactly the cases that would have given every
    answer I gave: replayed by brute force over all 1944 cases."""
    mine = kv.Interrogation(case)
    log: list[tuple[Any, ...]] = []
    for step in range(data.draw(st.integers(1, 5))):
        guess = data.draw(st.sampled_from(START.queries()))
        mine = mine.questioning(*guess)
        log.append(("lay", guess, mine.last_answer))
        if mine.last_answer == 4:
            break
        card = data.draw(st.sampled_from([None, *CARDS_NAMED, "profiler"]))
        if card is None or card == DECK.banned(guess.suspect):
            continue
        answer = mine.suggest(card, seed=step)
        mine = mine.played(card, answer)
        log.append(("card", card, guess, answer))

    def replays(other: kv.Case) -> bool:
        for entry in log:
            if entry[0] == "lay" and right(entry[1], other) != entry[2]:
                return False
            if entry[0] == "card":
                _, card, guess, answer = entry
                if not true_of(card, answer, kv.Questioning(*guess, correct=0), other):
                    return False
        return True

    assert set(mine.opponent.solutions()) == {c for c in ALL_CASES if replays(c)}
    assert mine.cases_left == sum(map(replays, ALL_CASES))


def entropy_game(inv: kv.Investigation, case: kv.Case) -> int | None:
    """The questioning (1, 2, ...) in which entropy play from ``inv`` solves ``case``,
    played out move by move; None if it is not solved in time."""
    for number in itertools.count(1):
        if inv.questionings_left == 0:
            return None
        guess = inv.best("entropy")
        answer = right(guess, case)
        if answer == 4:
            return number
        inv = inv.questioning(*guess, correct=answer)
    raise AssertionError


def test_pace_is_what_simulate_counts_or_the_bound() -> None:
    small = START.confirmed(crime="Mord", scene="Ulm")
    stats = deduce.simulate(small, "entropy")
    pace = kv.pace(small)
    assert pace.exact and small.space.size <= kv.EXACT_UP_TO
    done = 0
    for t in range(1, 13):
        done += stats.histogram.get(t, 0)
        assert pace.within(t) == pytest.approx(done / stats.games)
    large = START.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    bound = kv.pace(large)
    assert not bound.exact and bound.within(0) == 0.0
    assert bound.within(3) == pytest.approx(21 / large.space.size)
    assert kv.pace(START.questioning("Mord", "Ulm", "Ede K.", "Gift", 4)).within(0) == 1.0
    known = START.confirmed(crime="Mord", scene="Ulm", suspect="Ede K.", weapon="Gift")
    assert known.solved is not None  # deduced, but still to be laid
    assert kv.pace(known).solved_by[:3] == (0.0, 1.0, 1.0)


def test_race_lays_a_deduced_case_when_the_opponent_knows_theirs() -> None:
    mine = START.confirmed(crime="Mord", scene="Ulm", suspect="Ede K.", weapon="Gift")
    theirs = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    for weapon in ("Axt*", "Messer", "Pistole", "Strick*", "Hammer*"):
        theirs = theirs.questioning("Mord", "Ulm", "Ede K.", weapon)
    assert theirs.cases_left == 1
    move = kv.race(mine, theirs.opponent, top=1)[0]
    assert move.action == kv.Guess("Mord", "Ulm", "Ede K.", "Gift") and move.win == 1.0


@pytest.mark.parametrize(
    "mine",
    [
        START.confirmed(crime="Mord", scene="Ulm", suspect="Ede K."),
        START.confirmed(crime="Mord", suspect="Ede K.").ruled_out(
            scene=["Berlin", "Hamburg*", "München*", "Köln*", "Frankfurt*"]
        ),
    ],
)
def test_race_chance_to_win_is_exact_for_small_files(mine: kv.Investigation) -> None:
    """Every pair (my case, their case) played out: I lay first, so I win when I solve
    in no more questionings than they need; nobody solving is half a win."""
    theirs = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    theirs = theirs.questioning("Mord", "Ulm", "Ede K.", "Axt*").opponent
    their_times = [entropy_game(theirs, d) for d in theirs.solutions()]
    for move in kv.race(mine, theirs, top=3):
        assert move.exact
        total = 0.0
        for c in mine.solutions():
            answer = right(move.action, c)
            mine_t = 1 if answer == 4 else entropy_game(mine.questioning(*move.action, answer), c)
            mine_t = None if mine_t is None else (1 if answer == 4 else mine_t + 1)
            for their_t in their_times:
                if mine_t is None:
                    total += 0.5 if their_t is None else 0.0
                else:
                    total += 1.0 if their_t is None or mine_t <= their_t else 0.0
        assert move.win == pytest.approx(total / (len(their_times) * mine.space.size))
        assert move.solves_now == pytest.approx(
            sum(right(move.action, c) == 4 for c in mine.solutions()) / mine.space.size
        )


def test_race_tries_to_solve_when_the_opponent_is_about_to() -> None:
    mine = START.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    informative = mine.recommend(top=1)[0]
    assert 4 not in informative.outcomes  # the most informative lay cannot solve now
    close = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    for weapon in ("Axt*", "Messer", "Pistole", "Strick*"):
        close = close.questioning("Mord", "Ulm", "Ede K.", weapon)
    assert close.cases_left == 2
    attempt = kv.race(mine, close.opponent, top=1)[0]
    assert attempt.solves_now > 0
    far = kv.race(mine, kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift")).opponent)
    assert far[0].information == pytest.approx(informative.information)
    assert far[0].solves_now == 0.0


def test_race_bad_input() -> None:
    with pytest.raises(InvalidInput, match="opponent="):
        kv.race(START, "far")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="top=0"):
        kv.race(START, START, top=0)
    with pytest.raises(InvalidInput, match="questioning left"):
        kv.race(START.questioning("Mord", "Ulm", "Ede K.", "Gift", 4), START)
    with pytest.raises(InvalidInput, match="strategy="):
        kv.pace(START, strategy="luck")


# -- at the table ----------------------------------------------------------------------


def test_the_table_asks_how_questionings_are_counted(tmp_path: Any) -> None:
    from terminal import Terminal

    term = Terminal(["play", "kreuzverhoer", "--no-autosave"], home=tmp_path)
    term.expect("[default]: ")
    term.send("")
    term.expect("total: shared, half each) [each]: ")
    term.send("total")
    term.expect("for each player or in total as Counting says) [12]: ")
    term.send("11")
    term.expect("questionings 11 is not valid (the questionings alternate between two players)")
    term.send("12")
    term.expect(
        "Skips use up (a questioning skipped after Anwalt (lawyer) or Suspendierung "
        "(suspension) counts as used)"
    )
    term.send("no")
    term.expect("Repeats (the answering player may name a detail twice; no: the faster variant)")
    term.send("no")
    for _ in ("case", "hand", "first"):
        term.send("")
    shown = " ".join(term.expect_prompt("kreuzverhoer> ").split())
    assert "you made 0, 6 left; your opponent made 0, 6 left (12 in all, 6 for each" in shown
    for line in ("ask mord berlin juri messer 1", "single einbruch", "defence lawyer"):
        term.send(line)
        shown = " ".join(term.expect_prompt("kreuzverhoer> ").split())
    assert "you made 1, 5 left" in shown  # the skip does not use one up
    for line in ("they ask mord ulm ede gift 0", "they ask einbruch ulm ede gift 1"):
        term.send(line)  # I skip one: my opponent questions twice
        assert "noted:" in term.expect_prompt("kreuzverhoer> ")
    term.send("ask mord ulm ede gift 1")
    term.expect_prompt("kreuzverhoer> ")
    term.send("single einbruch")
    shown = " ".join(term.expect_prompt("kreuzverhoer> ").split())
    assert "(in the faster variant the answering player names each detail once)" in shown
    term.send("quit")
    assert term.finish() == 0
    sets = ("deck=default", "counting=each", "questionings=3", "skips_use_up=yes", "repeats=yes")
    sets += ("case=none", "hand=none", "first=me")
    args = [word for value in sets for word in ("--set", value)]
    preset = Terminal(["play", "kreuzverhoer", "--no-autosave", *args], home=tmp_path)
    assert "you made 0, 3 left" in " ".join(preset.expect_prompt("kreuzverhoer> ").split())
    preset.send("quit")
    assert preset.finish() == 0
