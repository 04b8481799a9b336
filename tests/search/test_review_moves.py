"""The review of every move of mine, not only my questions: 13 Indizien's accusations,
Black Stories Investigation's attempts, Kreuzverhör's action cards and answers, Crime
Writers' passes; in the API, at the console and on the page. Every best move and every
chance is checked against the game's own advice and race model, called directly."""

from __future__ import annotations

import math
from typing import Any

import pytest
from rich.console import Console

from deduce import play
from deduce.core.info import binary_entropy
from deduce.games import bsi
from deduce.games import kreuzverhoer as kv
from deduce.games import thirteen_clues as tc
from deduce.games.bsi.race import MY_CHANCE, RIVAL_CHANCE
from deduce.games.kreuzverhoer.counting import card_information
from deduce.games.thirteen_clues.truthful import reference
from deduce.play.session import Session
from deduce.table.races import most_points

# -- 13 Indizien: ask four times, accuse wrongly, accuse rightly -------------------------

DEAL = tc.Deal.random(2, seed=3)
TRUTH = DEAL.puzzles[0]
ASKED = (("red", "left"), ("man", "right"), ("indoors", "left"), ("ranged", "right"))


def ask(table: Any, asker: int, witness: int, about: str, side: str) -> Any:
    return table.question(asker, witness, about, DEAL.answer(witness, about, side=side), side)


def asked_four_times() -> Any:
    """Two players: I ask four times, seat 1 asks me back after each of my questions."""
    table = tc.Table(2, DEAL.hands[0], [DEAL.puzzles[1]])
    for about, side in ASKED:
        table = ask(ask(table, 0, 1, about, side), 1, 0, "woman", "left")
    return table


def wrong_puzzle(table: Any) -> tc.Puzzle:
    """My likeliest puzzle that is not the truth (the one a player would accuse)."""
    return next(p for p in table.solutions() if p != TRUTH)


def thirteen_clues_game() -> Any:
    """Four questions of mine, a wrong accusation, seat 1's look at the informant, and my
    right accusation: the game is won."""
    table = asked_four_times()
    wrong = wrong_puzzle(table)
    table = table.accused(wrong.person, wrong.location, wrong.weapon).consulted(1)
    return table.accused(TRUTH.person, TRUTH.location, TRUTH.weapon, right=True)


def entropy_by_hand(probabilities: dict[Any, float]) -> float:
    return -sum(p * math.log2(p) for p in probabilities.values() if p > 0)


def chance_by_hand(table: Any) -> float:
    """My chance to win at a 13 Indizien table, from the race's own functions."""
    if table.over:
        return 1.0 if table.winners() == (0,) else 0.0
    if table.turn == 0:
        advice = tc.advise(table, table.glasses)
        assert advice.chances is not None
        now, later = advice.chances
        return now if advice.accuse else later
    return tc.waiting(table, table.glasses, tc.rival_chances(table, samples=8, seed=0))


def test_a_thirteen_clues_game_has_a_row_for_each_accusation() -> None:
    table = thirteen_clues_game()
    assert table.over and table.winners() == (0,)
    review = table.review()
    assert len(review.rows) == 6  # four questions, two accusations; seat 1's moves: none
    assert [r.number for r in review.rows] == [1, 3, 5, 7, 9, 11]
    assert [r.kind for r in review.rows] == ["question"] * 4 + ["accusation"] * 2
    assert [r.answer for r in review.rows[4:]] == ["wrong", "right"]
    for row, clue in zip(review.rows[4:], table.clues[8::2], strict=True):
        before, after = table.lineage[row.number - 1], table.lineage[row.number]
        assert isinstance(clue, tc.Accused | tc.Convicted) and before.turn == 0
        named = tc.Puzzle(clue.person, clue.location, clue.weapon)
        exact = reference(before)  # every deal listed, no engine
        p = exact[named]
        assert row.move == tc.Accusation(named, pytest.approx(p, abs=1e-12), False)
        assert row.information == pytest.approx(binary_entropy(p), abs=1e-12)
        assert row.information == pytest.approx(-p * math.log2(p) - (1 - p) * math.log2(1 - p))
        learned = entropy_by_hand(exact) - entropy_by_hand(reference(after))
        assert row.learned == pytest.approx(learned, abs=1e-9)
        assert (row.before, row.after) == (len(exact), len(reference(after)))
        advice = tc.advise(before, before.glasses)  # the game's default advice there
        assert row.best == advice.best
        assert row.chance_before == pytest.approx(chance_by_hand(before), abs=1e-12)
        assert row.chance_after == pytest.approx(chance_by_hand(after), abs=1e-12)
    assert review.rows[-1].after == 1 and review.rows[-1].chance_after == 1.0
    assert review.rows[-1].learned == pytest.approx(entropy_by_hand(reference(table.lineage[10])))


def test_the_questions_rows_are_those_of_the_game_before_the_accusations() -> None:
    table = thirteen_clues_game()
    before = asked_four_times()
    assert table.review().rows[:4] == before.review().rows


def test_a_wrong_accusation_in_the_notebook_is_a_row_beside_the_best_question() -> None:
    inv = tc.Investigation(2, DEAL.hands[0], [DEAL.puzzles[1]])
    inv = inv.question(0, 1, "red", DEAL.answer(1, "red", side="left"), side="left")
    wrong = wrong_puzzle(inv)
    inv = inv.accused(wrong.person, wrong.location, wrong.weapon)
    question, accusation = inv.review(strategy="entropy").rows
    assert (question.kind, accusation.kind, accusation.number) == ("question", "accusation", 2)
    before = inv.lineage[1]
    top = before.recommend(top=1, strategy="entropy")[0]
    assert accusation.best == top.action and accusation.best_score == top.score
    assert accusation.best_information == top.information
    assert accusation.move.probability == pytest.approx(reference(before)[wrong], abs=1e-12)
    assert accusation.chance_before is None and accusation.chance_after is None  # no race


# -- Black Stories Investigation: attempts, and turns without one ------------------------


def emil() -> Any:
    """The rulebook's Emil (seat 0) and Eva: Emil draws instead of a 20% attempt, Eva
    fails an attempt at his case, Emil fails one and then makes a certain one."""
    t = bsi.Table(
        2, case="man/night/inside/gun", hand=["woman/night/outside/gun", "woman/knife", "man/day"]
    )
    t = t.played("woman/night/outside/gun", 1, "0/1").drew("man/night")  # no attempt
    t = t.played("man/inside", 0, 2).attempt(0, "man/day/inside/knife", 1).drew()  # Eva's
    t = t.played("man/night", 1, "0/1").attempt(1, "man/day/inside/knife", 1, correct=False)
    t = t.drew("day/gun").played("woman/night/inside/knife", 0, 2).drew()  # Eva's
    return t.played("woman/knife", 1, 2).attempt(1, "woman/day/inside/knife", 3, correct=True)


def race_options_by_hand(table: Any) -> list[tuple[Any, float]]:
    """Each choice at my attempt step with its chance to finish first, by the race's
    counting functions (as :func:`deduce.games.bsi.race.race_options` counts them)."""
    s = table.state
    n, grids = s.players, [len(g) for g in s.grids]
    bonus = max(0, 5 - round(sum(grids) / n))
    cards = [len(d) for d in s.drops]
    chances = []
    for option in [None, *table.recommend_attempt()]:
        held, kept, mine = list(cards), list(s.drops[0]), {s.points[0]: 1.0}
        if option is not None:
            held[0] -= 1
            kept.remove(option.drops)
            gain = bsi.points(option.drops, grids[option.target])
            mine = {s.points[0] + gain: option.probability, s.points[0]: 1 - option.probability}
        turns = bsi.attempts_left(n, s.first, held, final=s.final or not held[0])
        later = sorted(kept, reverse=True)[: turns[0]]
        dist: dict[int, float] = {}
        for score, weight in mine.items():
            for final, v in bsi.score_chances(score, later, MY_CHANCE, bonus=bonus).items():
                dist[final] = dist.get(final, 0.0) + weight * v
        rivals = [
            bsi.score_chances(
                s.points[r], sorted(s.drops[r], reverse=True)[: turns[r]], RIVAL_CHANCE, bonus=bonus
            )
            for r in range(1, n)
        ]
        chances.append((option, most_points(dist, rivals)))
    return chances


def standing_by_hand(table: Any) -> float:
    """My chance at my draw step after my attempt: no attempt left this turn."""
    s = table.state
    assert s.turn == 0 and s.phase == 2
    bonus = max(0, 5 - round(sum(len(g) for g in s.grids) / s.players))
    turns = bsi.attempts_left(s.players, s.first, [len(d) for d in s.drops], final=s.final)
    mine = bsi.score_chances(
        s.points[0], sorted(s.drops[0], reverse=True)[: turns[0]], MY_CHANCE, bonus=bonus
    )
    rival = bsi.score_chances(
        s.points[1], sorted(s.drops[1], reverse=True)[: turns[1]], RIVAL_CHANCE, bonus=bonus
    )
    return most_points(mine, [rival])


def test_a_bsi_game_has_a_row_for_each_attempt_and_each_turn_without_one() -> None:
    t = emil()
    review = t.review()
    kinds = [(r.number, r.kind, r.answer) for r in review.rows]
    assert kinds == [
        (1, "question", "0/1"),
        (2, "no attempt", bsi.Card.parse("man/night")),
        (6, "question", "0/1"),
        (7, "attempt", "wrong"),
        (11, "question", 2),
        (12, "attempt", "right"),
    ]  # Eva's lays, her attempt at my case, my draws after an attempt: no rows
    for row in review.rows:
        before, after = t.lineage[row.number - 1], t.lineage[row.number]
        if row.kind == "question":
            assert row.best == before.recommend(top=1)[0].action  # the points, with 2 players
            assert row.chance_before == pytest.approx(before.race_lays()[0].win, abs=1e-12)
            assert row.chance_after == pytest.approx(after.race_options()[0].win, abs=1e-12)
            continue
        by_hand = race_options_by_hand(before)
        win = max(w for _, w in by_hand)
        best = before.race_options()[0]  # the race's choice (ties by expected points)
        assert best.win == pytest.approx(win, abs=1e-12) and row.best_score == best.win
        assert row.best == (bsi.Draw() if best.attempt is None else best.attempt)
        assert row.chance_before == pytest.approx(win, abs=1e-12)
        if row.kind == "no attempt":
            assert row.move == bsi.Draw() and row.information == 0.0
            none = next(w for option, w in by_hand if option is None)
            assert row.chance_after == pytest.approx(none, abs=1e-12)
            continue
        clue = t.clues[row.number - 1]
        assert row.move == clue and isinstance(clue, bsi.Solve)
        cases = before.case_probabilities(clue.target)
        p = cases.get(clue.case, 0.0)
        assert row.information == pytest.approx(binary_entropy(p), abs=1e-12)
        rest = {c: q / (1 - p) for c, q in cases.items() if c != clue.case} if p < 1 else {}
        left = {clue.case: 1.0} if clue.correct else rest
        assert row.learned == pytest.approx(entropy_by_hand(cases) - entropy_by_hand(left))
        assert row.after == len(left)
        assert row.chance_after == pytest.approx(standing_by_hand(after), abs=1e-12)
    draw, wrong, right = review.rows[1], review.rows[3], review.rows[5]
    assert isinstance(draw.best, bsi.AttemptOption)  # the race would have tried there
    assert wrong.information > 0 and right.information == 0.0  # right was certain
    assert right.best.case == right.move.case and right.best.drops == 3


def test_a_bsi_attempt_beside_the_one_step_advice() -> None:
    t = emil()
    row = t.review(strategy="entropy").rows[3]
    before = t.lineage[row.number - 1]
    option = before.best_attempt(strategy="entropy")
    assert row.best == (bsi.Draw() if option is None else option)


# -- Kreuzverhör: action cards, defence cards and answers --------------------------------

KV_MINE = kv.Case("Mord", "Ulm", "Ede K.", "Gift")  # the case I must solve
HAND = ["single_interrogation", "profiler", "refusal"]


def right(lay: Any) -> int:
    return sum(a == b for a, b in zip(lay, KV_MINE, strict=True))


def kreuzverhoer_game() -> Any:
    t = kv.Table(case=kv.Case("Einbruch", "Berlin", "Nora M.", "Messer"), hand=HAND)
    lay = kv.Guess("Mord", "Berlin", "Juri L.", "Messer")
    t = t.questioning(*lay, right(lay)).profiler("Elke V.").drew("lawyer")  # a card of mine
    t = t.asked("Mord", "Ulm", "Juri L.", "Messer").their_card("single_interrogation")
    t = t.answered().defended("lawyer").drew("confrontation")  # my answer, my defence
    lay = kv.Guess("Überfall", "Ulm", "Ede K.", "Schal*")
    t = t.questioning(*lay, right(lay)).defence("refusal", blocks="single_interrogation")
    t = t.drew("alibi")  # my card, blocked by theirs; my Anwalt: they skip, I lay again
    lay = kv.Guess("Mord", "Ulm", "Ede K.", "Axt*")
    return t.questioning(*lay, right(lay)).exchanged("refusal", "suspension")


def test_a_kreuzverhoer_game_has_a_row_for_each_card_and_answer() -> None:
    t = kreuzverhoer_game()
    review = t.review()
    rows = [(r.number, r.kind, str(r.move)) for r in review.rows]
    assert rows == [
        (1, "question", "Mord / Berlin / Juri L. / Messer"),
        (2, "card", "Profiler"),
        (6, "answer", "the crime is not " + t.clues[5].answer[0]),
        (7, "defence", "Anwalt"),
        (9, "question", "Überfall / Ulm / Ede K. / Schal*"),
        (10, "card", "Einzelverhör"),
        (12, "question", "Mord / Ulm / Ede K. / Axt*"),
        (13, "card", "exchange Aussageverweigerung"),
    ]
    ahead = {2: 1, 10: 0, 13: 1}  # my opponent's questionings before my next (they skip one)
    for row in review.rows:
        before, after = t.lineage[row.number - 1], t.lineage[row.number]
        if row.kind == "question":
            continue
        if row.kind == "card":
            assert before.step == "card" and before.turn == 0
            chosen = kv.race_card(before, None)  # the default advice there
            values = kv.card_values(before.mine, before.hand)
            if isinstance(chosen, tuple):
                assert row.best == kv.CardMove(chosen[1], exchange=True)
            else:
                assert row.best == kv.CardMove(chosen)  # None: no card
                assert row.best_information == (0.0 if chosen is None else values[chosen])
            if not row.move.exchange:
                assert row.information == values[row.move.card]
            # the skips in my hand are played in my opponent's questionings
            held = sum(c in ("lawyer", "suspension") for c in after.hand)
            chance = kv.waiting(after.mine, after.theirs, ahead=ahead[row.number], held_skips=held)
            assert row.chance_after == pytest.approx(chance, abs=1e-12)
        if row.kind == "defence":
            assert row.best == kv.CardMove(kv.race_defence(before, None))
        if row.kind == "answer":
            assert row.move.answer == t.clues[row.number - 1].answer
            assert row.best.answer == before.suggest()
        assert row.chance_before is not None and row.chance_after is not None
    blocked = review.rows[5]
    assert isinstance(t.clues[blocked.number - 1], kv.Defence) and blocked.learned == 0.0
    assert blocked.answer == kv.Defence("refusal", "single_interrogation")
    assert review.rows[1].best == kv.CardMove("single_interrogation")  # it teaches more


def test_a_case_file_alone_has_its_cards_but_no_best_card() -> None:
    inv = kv.Investigation().questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    inv = inv.single_interrogation("Einbruch").questioning("Mord", "Ulm", "Ede K.", "Axt*", 1)
    inv = inv.ruled_out(card="forensics", weapon="Gift")  # a card the rulebook does not print
    card, _, unknown = inv.review().rows[1:]
    assert (card.kind, card.best, card.best_information) == ("card", None, None)
    last = kv.Guess("Mord", "Berlin", "Juri L.", "Messer")
    assert (
        card.information
        == kv.card_values(inv.lineage[1], ["single_interrogation"])["single_interrogation"]
    )
    bits, _ = card_information(
        inv.deck, inv.lineage[1].space, "single_interrogation", last, silent_first=True
    )
    assert card.information == bits
    assert unknown.kind == "card" and unknown.information is None and unknown.luck is None
    assert unknown.learned > 0  # Gift was ruled out: that is counted
    text = inv.review().to_rows()
    assert text[3]["bits"] == "-" and text[3]["luck"] == "-" and text[3]["best"] == "-"


# -- Crime Writers: my turn's questions and passes ---------------------------------------


def test_crime_writers_reviews_my_turns_only() -> None:
    from deduce.games import crime_writers as cw

    t = cw.Table.example()  # Ann writes; I am Ben, who asks first
    t = t.ask("how", "weapon", "no").ask("how", "tool", "yes").passed()  # Cy's yes, pass
    t = t.ask("who", "Was it the gardener?", "almost").passed()
    review = t.review()
    assert [(r.number, r.kind) for r in review.rows] == [
        (1, "question"),
        (4, "question"),
        (5, "pass"),
    ]
    for row in review.rows:
        top = t.lineage[row.number - 1].recommend(top=1)[0]
        assert (row.best, row.best_score) == (top.action, top.score)
    assert review.rows[1].information == 0.0 and not review.chances


# -- the console and the page ------------------------------------------------------------


def lines_of(table: Any) -> list[str]:
    """The console lines of a 13 Indizien game, as seat 0 notes it."""
    lines = []
    for clue in table.clues:
        if isinstance(clue, tc.Question):
            verb = "ask" if clue.asker == 0 else f"q {clue.asker}"
            lines.append(f"{verb} {clue.witness} {clue.about} {clue.answer} {clue.side}")
        elif isinstance(clue, tc.Consulted):
            lines.append(f"consulted {clue.seat}")
        else:
            verdict = "right" if isinstance(clue, tc.Convicted) else "wrong"
            lines.append(f"accuse 0 {verdict} {clue.person} {clue.location} {clue.weapon}")
    return lines


def test_the_console_review_prints_the_accusations() -> None:
    table = thirteen_clues_game()
    console = Console(record=True, width=200)
    session = Session(
        play.adapter("thirteen-clues"),
        tc.Table(2, DEAL.hands[0], [DEAL.puzzles[1]]),
        console,
        autosave=None,
    )
    for line in lines_of(table):
        session.handle(line)
    assert session.investigation.clues == table.clues
    console.export_text(clear=True)
    session.handle("review")
    shown = [" ".join(line.split()) for line in console.export_text().splitlines()]
    review = table.review()
    assert [r.kind for r in review.rows[4:]] == ["accusation", "accusation"]
    for row in review.rows[4:]:
        clue = table.clues[row.number - 1]
        verdict = "right" if isinstance(clue, tc.Convicted) else "wrong"
        words = f"my accusation {clue.person}, {clue.location}, {clue.weapon} was {verdict}"
        (line,) = [s for s in shown if s.startswith(f"{row.number} {words}")]
        rest = line.removeprefix(f"{row.number} {words} ")
        assert rest.startswith(f"{row.information:.2f} {row.best} {row.best_information:.2f}")
        assert rest.endswith(f"{row.chance_before:.1%} {row.chance_after:.1%}")
    assert [s.split()[0] for s in shown[1:8]] == ["1", "3", "5", "7", "9", "11", "all"]


def test_the_page_state_carries_the_accusations(client: Any) -> None:
    table = thirteen_clues_game()
    puzzle = DEAL.puzzles[1]
    setup = {"players": "2", "hand": " ".join(DEAL.hands[0])}
    setup["seat_1"] = f"{puzzle.person} {puzzle.location} {puzzle.weapon}"
    assert client.post("/api/sessions", json={"game": "thirteen-clues", "setup": setup}).is_success
    for line in lines_of(table):
        state = client.post("/api/sessions/13clues/lines", json={"line": line}).json()
        assert "error" not in state, (line, state)
    state = client.post("/api/sessions/13clues/lines", json={"line": "review"}).json()
    review = state["review"]
    rows = table.review(strategy=state["strategy"]).rows
    assert [r[0] for r in review["rows"]] == [str(r.number) for r in rows] + ["all"]
    columns = review["columns"]
    for shown, row in zip(review["rows"][4:6], rows[4:], strict=True):
        cell = dict(zip(columns, shown, strict=True))
        assert cell["move"].startswith("my accusation ") and cell["move"].endswith(row.answer)
        assert cell["bits"] == f"{row.information:.2f}" and cell["best"] == str(row.best)
        assert (cell["win before"], cell["win after"]) == (
            f"{row.chance_before:.1%}",
            f"{row.chance_after:.1%}",
        )
    page = client.get("/play/13clues").text
    assert "my accusation" in page[page.index('<table class="review">') :]
