"""The review of every move: each number recomputed by hand, on scripted games."""

from __future__ import annotations

import contextlib
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

import deduce
from deduce import InvalidInput, MoveReview, Review
from deduce.core.strategy import information
from deduce.games import kreuzverhoer as kv
from deduce.games.mastermind import Code, Game, Guess
from deduce.games.mastermind import Investigation as Mastermind

MASTERMIND_SECRET = "321"
MASTERMIND_GUESSES = ("112", "233", "131", "321")


def mastermind_game() -> Mastermind:
    game, inv = Game(3, 3), Mastermind(3, 3)
    for code in MASTERMIND_GUESSES:
        inv = inv.guess(code, *game.feedback(MASTERMIND_SECRET, code))
    return inv


def kreuzverhoer_game() -> tuple[kv.Investigation, kv.Case]:
    inv = kv.Investigation()
    secret = inv.solutions()[777]
    crimes = sorted({s.crime for s in inv.solutions()})
    for n in range(3):
        lay = inv.queries()[(n * 911 + 37) % len(inv.queries())]
        inv = inv.questioning(*lay, sum(a == b for a, b in zip(lay, secret, strict=True)))
        if n == 0:  # an action card: a clue, not a move of mine
            inv = inv.single_interrogation(next(c for c in crimes if c != secret.crime))
    return inv, secret


def sizes_by_hand(inv: Any, query: Any, answers: int) -> list[int]:
    """How many solutions each answer to ``query`` leaves, by observing every answer."""
    sizes = []
    for k in range(answers):
        try:
            sizes.append(inv.observe(inv.clue_for(query, k)).solution_count)
        except (deduce.Contradiction, InvalidInput):
            sizes.append(0)
    return sizes


def bits_by_hand(sizes: list[int]) -> float:
    total = sum(sizes)
    return sum(n / total * math.log2(total / n) for n in sizes if n)


def replayed(inv: Any, clues: tuple[Any, ...]) -> Any:
    start = inv.origin
    for clue in clues:
        start = start.observe(clue)
    return start


def check_by_hand(inv: Any, answers: int, strategy: str | None = None) -> Review:
    review = inv.review(strategy=strategy)
    assert review.strategy == (strategy or inv.default_strategy)
    for row in review.rows:
        if row.kind != "question":  # a card played: its own test
            continue
        before = replayed(inv, inv.clues[: row.number - 1])
        after = replayed(inv, inv.clues[: row.number])
        assert (before.space.weights == 1).all() and before.space.size == before.solution_count
        sizes = sizes_by_hand(before, row.move, answers)
        assert row.before == sum(sizes) == before.solution_count
        assert row.after == after.solution_count
        assert row.information == pytest.approx(bits_by_hand(sizes), abs=1e-12)
        assert row.learned == pytest.approx(math.log2(row.before / row.after), abs=1e-12)
        assert row.luck == pytest.approx(row.learned - row.information)
        top = before.recommend(top=1, strategy=strategy)[0]
        assert row.best == top.action and row.best_score == top.score
        best_sizes = sizes_by_hand(before, row.best, answers)
        assert row.best_information == pytest.approx(bits_by_hand(best_sizes), abs=1e-12)
        assert inv.clue_for(row.move, 0) is not None
    assert review.luck == pytest.approx(sum(r.learned - r.information for r in review.rows))
    assert review.learned == pytest.approx(sum(math.log2(r.before / r.after) for r in review.rows))
    if len(review.rows) == len(inv.clues):  # every clue a move: the bits add up to the game's
        first, last = review.rows[0].before, review.rows[-1].after
        assert review.learned == pytest.approx(math.log2(first / last))
    return review


@pytest.mark.parametrize("strategy", [None, "entropy", "minimax"])
def test_a_mastermind_game_reviewed_by_hand(strategy: str | None) -> None:
    inv = mastermind_game()
    review = check_by_hand(inv, answers=16, strategy=strategy)
    assert [r.number for r in review.rows] == [1, 2, 3, 4]
    assert [str(r.move) for r in review.rows] == list(MASTERMIND_GUESSES)
    assert review.rows[-1].after == 1 and review.rows[-1].answer == (3, 0)


def test_entropy_best_is_the_most_informative_move() -> None:
    inv = mastermind_game()
    for row in inv.review(strategy="entropy").rows:
        before = inv.lineage[row.number - 1]
        bits = information(before.partition(before.space, before.queries()))
        assert row.best_information == pytest.approx(float(bits.max()))
        assert row.information <= row.best_information + 1e-12


def test_a_kreuzverhoer_game_reviewed_by_hand() -> None:
    inv, secret = kreuzverhoer_game()
    review = check_by_hand(inv, answers=5)
    questions = [r for r in review.rows if r.kind == "question"]
    assert [r.number for r in questions] == [1, 3, 4]  # the action card is a move of its own
    assert isinstance(inv.clues[1], kv.SingleInterrogation) and review.rows[1].kind == "card"
    assert [r.answer for r in questions] == [c.correct for c in inv.clues if hasattr(c, "guess")]
    assert secret in inv.solutions()


def test_a_game_with_no_move() -> None:
    assert Mastermind(3, 3).review() == Review((), "fewest_moves")
    assert str(Mastermind(3, 3).review()) == "No move of mine to review yet."
    only_cards = kv.Investigation().ruled_out(crime="Mord")
    assert only_cards.review().rows == () and only_cards.review().to_rows() == []


@pytest.mark.parametrize("junk", ["junk", 3, None.__class__, ""])
def test_junk_strategies_are_refused(junk: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        mastermind_game().review(strategy=junk)
    assert caught.value.argument == "strategy" and "entropy" in caught.value.choices


def test_the_options_are_keywords() -> None:
    with pytest.raises(TypeError):
        mastermind_game().review("entropy")  # type: ignore[misc]


def test_the_table_and_the_rows() -> None:
    review = mastermind_game().review(strategy="entropy")
    rows = review.to_rows()
    assert len(rows) == len(review.rows) + 1 and rows[-1]["#"] == "all"
    assert rows[0]["move"] == "112" and rows[0]["answer"] == "{}/{}".format(
        *Game(3, 3).feedback(MASTERMIND_SECRET, "112")
    )
    assert rows[-1]["luck"] == f"{review.luck:+.2f}"
    assert all(list(row) == list(rows[0]) for row in rows)  # the totals in their columns
    text = str(review)
    assert "luck" in text and "by entropy" in text and len(text.splitlines()) == 7
    row = review.rows[0]  # its repr reads back, the numbers to four digits
    again = eval(repr(row), {"MoveReview": MoveReview, "Code": Code})
    assert "\n" not in repr(row) and again.move == row.move and again.before == row.before
    for name in ("best_score", "information", "best_information", "learned"):
        assert getattr(again, name) == pytest.approx(getattr(row, name), rel=5e-4), name


@given(st.sampled_from(Mastermind(3, 3).queries()), st.integers(0, 12))
def test_move_of_reads_back_the_clue_for(code: Any, k: int) -> None:
    inv = Mastermind(3, 3)
    clue = inv.clue_for(code, k)
    if clue.black + (clue.white or 0) > 3:  # no code gets that feedback
        return
    assert isinstance(clue, Guess) and inv.move_of(clue) == (code, k)


def test_the_console_review() -> None:
    from deduce import play
    from deduce.play.session import Session

    console = Console(record=True, width=120)
    session = Session(play.adapter("mastermind"), Mastermind(3, 3), console, autosave=None)
    session.handle("review")
    assert "No move of yours to review yet" in console.export_text()
    game = Game(3, 3)
    for code in MASTERMIND_GUESSES[:2]:
        session.handle("{} {} {}".format(code, *game.feedback(MASTERMIND_SECRET, code)))
    console.export_text(clear=True)
    session.handle("review")
    shown = console.export_text()
    review = session.investigation.review(strategy=session.strategy)
    lines = shown.splitlines()
    assert "112: 0 black, 2 white" in lines[1] and lines[1].split()[0] == "1"
    assert f"{review.rows[1].luck:+.2f}" in lines[2] and "all" in lines[3]
    assert "luck: learned - bits" in " ".join(shown.split())
    assert session.investigation.clues == mastermind_game().clues[:2]  # nothing changed


def _observable(inv: Any, query: Any, answers: int) -> list[tuple[int, Any]]:
    """Every answer to ``query`` that the clues allow, with the investigation after it."""
    after = []
    for k in range(answers):
        with contextlib.suppress(deduce.Contradiction, InvalidInput):
            after.append((k, inv.observe(inv.clue_for(query, k))))
    return after


def test_a_thirteen_clues_game_reviewed_by_hand() -> None:
    """Worlds are deals here, not solutions: the bits expected are the bits learned on
    average over the answers, each as likely as the weight of the deals it leaves (for
    the informant, in proportion: each deal counts every card it could show)."""
    from deduce.games import thirteen_clues as tc

    inv = tc.Investigation(3, ("Duke", "Park"), {1: SEATS_1, 2: SEATS_2})
    inv = inv.question(0, 1, "yellow", 1).question(1, 2, "red", 1)
    peek = inv.queries()[-1]
    assert isinstance(peek, tc.Peek)
    inv = _observable(inv, peek, len(tc.CARDS))[0][1]
    review = inv.review()
    assert [r.number for r in review.rows] == [1, 3]  # seat 1's question is not mine
    for row in review.rows:
        before = inv.lineage[row.number - 1]
        h = before.space.entropy()
        answers = len(tc.CARDS) if isinstance(row.move, tc.Peek) else 12
        after = _observable(before, row.move, answers)
        total = sum(float(a.space.total) for _, a in after)
        average = sum(float(a.space.total) / total * (h - a.space.entropy()) for _, a in after)
        assert row.information == pytest.approx(average, abs=1e-12)
        assert row.learned == pytest.approx(h - inv.lineage[row.number].space.entropy())
        assert row.best == before.recommend(top=1)[0].action


SEATS_1 = ("Officer", "Parlor", "Knife")
SEATS_2 = ("Butcher", "Harbor", "Sword")


# -- the chance to win in a race: recomputed by hand on each state ------------------------


def replayed_states(inv: Any) -> list[Any]:
    """Every state of the game, rebuilt clue by clue from its start (not its lineage)."""
    states = [inv.origin]
    for clue in inv.clues:
        states.append(states[-1].observe(clue))
    return states


def check_chances_by_hand(inv: Any, chance_by_hand: Any) -> Review:
    """Every row's bits, sizes and luck by hand (as above), and its chances to win from
    ``chance_by_hand`` on the states before and after the move, rebuilt from the clues."""
    review: Review = inv.review()
    states = replayed_states(inv)
    for row in review.rows:
        before, after = states[row.number - 1], states[row.number]
        h = before.space.entropy()
        assert row.learned == pytest.approx(h - after.space.entropy(), abs=1e-12)
        assert row.luck == pytest.approx(row.learned - row.information)
        assert (row.before, row.after) == (before.solution_count, after.solution_count)
        top = before.recommend(top=1)[0]
        assert row.best == top.action and row.best_score == top.score
        assert row.chance_before == pytest.approx(chance_by_hand(before), abs=1e-12)
        assert row.chance_after == pytest.approx(chance_by_hand(after), abs=1e-12)
    assert review.chances
    rows = review.to_rows()
    assert [r["win before"] for r in rows[:-1]] == [f"{r.chance_before:.1%}" for r in review.rows]
    assert [r["win after"] for r in rows[:-1]] == [f"{r.chance_after:.1%}" for r in review.rows]
    assert rows[-1]["win before"] == rows[0]["win before"]
    assert rows[-1]["win after"] == rows[-2]["win after"]
    assert "win before" in str(review) and "race model" in str(review)
    return review


def ladder_by_hand(weights: Any, hazard: float) -> float:
    """Accusing my puzzles likeliest first, one a round, the others winning a round with
    the chance ``hazard``."""
    total = float(sum(weights))
    chances = sorted((float(w) / total for w in weights), reverse=True)
    return sum(p * (1.0 - hazard) ** i for i, p in enumerate(chances))


def thirteen_clues_chance(table: Any) -> float:
    """My chance to win at a 13 Indizien table (three players): on my turn the chance of
    what the game's race advice advises; else nobody acting before me wins (the glass
    passed on until it comes to me), then the ladder."""
    from deduce.games import thirteen_clues as tc

    if table.over:
        return 1.0 if table.winners() == (0,) else 0.0
    if table.turn == 0:
        advice = tc.advise(table, table.glasses)
        assert advice.chances is not None
        now, later = advice.chances
        return now if advice.accuse else later
    rivals = tc.rival_chances(table, samples=8, seed=0)
    glasses = table.glasses
    acting = []  # from the seat acting now, clockwise, every glass holder until me
    seat = glasses.active
    while seat != 0:
        if glasses.counts[seat] or table.players == 2:
            acting.append(seat)
        seat = (seat + 1) % table.players
    assert table.players == 3 and acting
    # the last of them hands the glass on, at random, until it comes to me: by hand,
    # V1 = a (1 + V2), V2 = b (1 + V1) with a = (1 - r1) / 2, b = (1 - r2) / 2
    a, b = (1.0 - rivals[1]) / 2, (1.0 - rivals[2]) / 2
    back = {1: a * (1 + b) / (1 - a * b), 2: b * (1 + a) / (1 - a * b)}
    safe = math.prod(1.0 - rivals[s] for s in acting[:-1]) * back[acting[-1]]
    hazard = 1.0 - back[1]  # a round: my wrong accusation hands seat 1 the glass
    return safe * ladder_by_hand(table.space.weights.tolist(), hazard)


def thirteen_clues_table() -> Any:
    """Three players; I start with two glasses, so after my first question I act again."""
    from deduce.games import thirteen_clues as tc

    deal = tc.Deal.random(3, seed=5)
    table = tc.Table(3, deal.hands[0], list(deal.puzzles[1:]), counts=(2, 0, 0))

    def ask(t: Any, asker: int, witness: int, about: str) -> Any:
        return t.question(asker, witness, about, deal.answer(witness, about))

    table = ask(table, 0, 1, "red")  # I still hold a glass
    assert table.turn == 0
    table = ask(table, 0, 2, "man")  # seats 1 and 2 hold one each now
    assert table.glasses.counts == (0, 1, 1)
    table = ask(table, 1, 0, "yellow")
    table = ask(table, 2, 1, "weapon")
    assert table.turn == 0
    return table.informant(deal.informants[0])


def test_a_thirteen_clues_table_game_with_its_chances_by_hand() -> None:
    from deduce.games import thirteen_clues as tc

    table = thirteen_clues_table()
    review = check_chances_by_hand(table, thirteen_clues_chance)
    assert [r.number for r in review.rows] == [1, 2, len(table.clues)]
    assert isinstance(review.rows[-1].move, tc.Peek)
    assert all(0.0 < r.chance_before < 1.0 for r in review.rows)  # type: ignore[operator]
    puzzle = table.lineage[-2].accusation().puzzle  # my turn before the informant
    won = table.lineage[-2].accused(puzzle.person, puzzle.location, puzzle.weapon, right=True)
    assert won.win_chance() == 1.0 and table.charged(1, right=True).win_chance() == 0.0


def kreuzverhoer_chance(table: Any, ahead: int = 1) -> float:
    """My chance to win at a Kreuzverhör table without action cards: before my lay the
    race's best lay; after it (my opponent questions ``ahead`` times before my next
    lay) both paces, by hand."""
    if table.over:
        return 1.0 if table.winners() == (0,) else 0.0
    if table.may_lay:
        return kv.race(table.mine, table.theirs, top=3)[0].win
    assert table.questions_next == 1
    mine, theirs = kv.pace(table.mine), kv.pace(table.theirs)
    my_left, their_left = table.left
    win = 0.0
    for t in range(my_left):  # my t-th lay from now comes after t + ahead of theirs
        solved_then = mine.within(t + 1) - mine.within(t)
        win += solved_then * (1.0 - theirs.within(min(t + ahead, their_left)))
    return win + 0.5 * (1.0 - mine.within(my_left)) * (1.0 - theirs.within(their_left))


def test_a_skip_i_owe_gives_my_opponent_one_more_questioning_first() -> None:
    table = kv.Table(case=kv.Case("Einbruch", "Berlin", "Nora M.", "Messer"))
    table = table.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    assert table.win_chance() == pytest.approx(kreuzverhoer_chance(table), abs=1e-12)
    table = table.defence("lawyer")  # my opponent's Anwalt: I skip my next questioning
    assert table.win_chance() == pytest.approx(kreuzverhoer_chance(table, 2), abs=1e-12)
    table = table.asked("Mord", "Berlin", "Ede K.", "Messer")
    assert table.win_chance() == pytest.approx(kreuzverhoer_chance(table, 1), abs=1e-12)
    table = table.asked("Einbruch", "Ulm", "Ede K.", "Messer")
    assert table.may_lay and table.win_chance() == kreuzverhoer_chance(table)


KREUZVERHOER_MINE = kv.Case("Mord", "Ulm", "Ede K.", "Gift")  # the case I must solve


def kreuzverhoer_table() -> Any:
    table = kv.Table(case=kv.Case("Einbruch", "Berlin", "Nora M.", "Messer"))

    def right(lay: Any) -> int:
        return sum(a == b for a, b in zip(lay, KREUZVERHOER_MINE, strict=True))

    for n in range(3):
        lay = table.queries()[5] if n == 1 else table.race()[0].action
        table = table.questioning(*lay, right(lay))
        table = table.asked("Mord", "Ulm", "Juri L.", "Axt*")
    return table.questioning(*KREUZVERHOER_MINE, 4)  # solved: I win


def test_a_kreuzverhoer_table_game_with_its_chances_by_hand() -> None:
    table = kreuzverhoer_table()
    assert table.over and table.winners() == (0,)
    review = check_chances_by_hand(table, kreuzverhoer_chance)
    assert [r.number for r in review.rows] == [1, 3, 5, 7]
    assert review.rows[-1].chance_after == 1.0


def test_a_game_without_a_race_has_no_chances() -> None:
    review = mastermind_game().review()
    assert not review.chances
    assert all(r.chance_before is None and r.chance_after is None for r in review.rows)
    assert "win before" not in review.to_rows()[0] and "win" not in str(review)
    assert kreuzverhoer_game()[0].win_chance() is None  # a case file alone has no race


def test_the_chances_after_a_moves_answers_average_to_its_value() -> None:
    """Both races count what happens after a move as ``waiting`` counts the state after
    it: with the others' chances (13 Indizien) or the opponent's case file (Kreuzverhör)
    unchanged, the chance after each answer, weighted by the answer's chance, is the
    move's value in the race."""
    import numpy as np

    from deduce.games import thirteen_clues as tc

    deal = tc.Deal.random(3, seed=5)
    table = tc.Table(3, deal.hands[0], list(deal.puzzles[1:]))
    rivals = tc.rival_chances(table, samples=8, seed=0)
    for rec in table.recommend(top=4, strategy="entropy"):
        _, later = tc.accuse_or_ask(table, table.glasses, [rec], rivals)
        joint = table.joint(table.space, [rec.action])[0]  # puzzles x answers
        average = 0.0
        for k in np.flatnonzero(joint.sum(axis=0) > 0):
            after = table.observe(table.clue_for(rec.action, int(k)))
            chance = joint[:, k].sum() / joint.sum()
            average += chance * tc.waiting(after, after.glasses, rivals)
        assert average == pytest.approx(later, abs=1e-12), rec.action
    now, _ = tc.accuse_or_ask(table, table.glasses, [], rivals)
    accusation = table.accusation()
    p, puzzle = accusation.probability, accusation.puzzle
    wrong = table.accused(puzzle.person, puzzle.location, puzzle.weapon)
    assert p + (1 - p) * tc.waiting(wrong, wrong.glasses, rivals) == pytest.approx(now)

    mine = kv.Investigation().confirmed(crime="Mord", scene="Ulm")
    theirs = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    theirs = theirs.questioning("Mord", "Ulm", "Ede K.", "Axt*").opponent
    for held in (0, 1):  # a skip I hold is played in their next questioning
        moves = kv.race(mine, theirs, top=3, held_skips=held)
        assert all(m.solves_now > 0 for m in moves)  # an answer solves it: that chance is 1
        for move in moves:
            counts = mine.partition(mine.space, [move.action]).count[0]
            average = 0.0
            for k in np.flatnonzero(counts):
                child = mine.observe(mine.clue_for(move.action, int(k)))
                later = kv.waiting(child, theirs, ahead=1, held_skips=held)
                average += counts[k] / counts.sum() * later
            assert average == pytest.approx(move.win, abs=1e-12), (held, move.action)


def test_a_rounding_zero_shows_no_minus_sign() -> None:
    # a certain answer: the weighted entropies before and after differ by a rounding error
    row = MoveReview(5, "ask 2 yellow", 2, "ask 2 orange", 0.7, 0.0, 0.7, -1e-16, 17, 17)
    (text, total) = Review((row,), "race").to_rows()
    assert (text["learned"], text["luck"]) == ("0.00", "+0.00")
    assert (total["learned"], total["luck"]) == ("0.00", "+0.00")
    far = MoveReview(1, "a", 1, "b", 1.0, 0.5, 0.5, -0.25, 8, 8)
    assert Review((far,), "race").to_rows()[0]["learned"] == "-0.25"
