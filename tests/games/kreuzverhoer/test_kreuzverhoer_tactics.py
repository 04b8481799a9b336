"""Kreuzverhör: the action cards of the race advice (which card, which defence, when to
skip), on scripted positions recomputed by hand."""

from __future__ import annotations

import math

import pytest

import deduce
import deduce.games.kreuzverhoer as kv
from deduce.games.kreuzverhoer.advice import _their_questionings
from deduce.games.kreuzverhoer.tactics import DEAD_FIRST, card_values, race_card, race_defence

MY_CASE = kv.Case("Mord", "Ulm", "Ede K.", "Gift")


def close_table(hand: list[str]) -> kv.Table:
    """My opponent holds 2 cases of mine (3 right twice), and lays again."""
    t = kv.Table(case=MY_CASE, hand=hand, first=1)
    t = t.asked("Mord", "Ulm", "Ede K.", "Messer")  # 3 right
    t = t.questioning("Einbruch", "Berlin", "Juri L.", "Messer", correct=1)
    return t.asked("Mord", "Ulm", "Juri L.", "Gift")  # 3 right


FAR = kv.Guess("Einbruch", "Berlin", "Ede K.", "Messer")  # 1 right: Ede K.


def far_table(hand: list[str], lay: kv.Guess = FAR) -> kv.Table:
    """My opponent's first lay."""
    return kv.Table(case=MY_CASE, hand=hand, first=1).asked(*lay)


def test_a_skip_goes_before_a_block_when_the_opponent_is_one_lay_from_solving() -> None:
    t = close_table(["refusal", "lawyer", "mole"])
    # by hand: their 2 cases Mord/Ulm/Ede K./Gift and Mord/Ulm/Juri L./Messer; their
    # next lay solves one of the 2: a chance of 1/2 that they solve in it
    assert t.theirs.space.size == 2
    assert kv.pace(t.theirs).within(1) == 0.5
    waiting = t.their_card("confrontation")
    assert race_defence(waiting, None) is None  # answer: the Anwalt goes now
    answered = waiting.answered()
    assert answered.theirs.space.size == 1
    assert race_defence(answered, None) == "lawyer"
    # without a skip in hand the card is blocked (Alibi: the Aussageverweigerung stays)
    assert (
        race_defence(close_table(["refusal", "mole", "alibi"]).their_card("confrontation"), None)
        == "alibi"
    )


def test_far_from_solving_the_block_comes_first_and_the_skip_waits() -> None:
    t = far_table(["refusal", "suspension", "mole"]).their_card("confrontation")
    assert kv.pace(t.theirs).within(1) < 0.1
    assert race_defence(t, None) == "refusal"
    # no card waiting: the skip is played at once
    assert race_defence(far_table(["refusal", "suspension", "mole"]), None) == "suspension"
    assert race_defence(far_table(["refusal", "alibi", "mole"]), None) is None


def test_a_card_whose_answer_teaches_nothing_is_not_blocked() -> None:
    # they laid Einbruch with 0 right: Einbruch is ruled out for them, and Einzelverhör
    # is answered by naming it again
    zero = kv.Guess("Einbruch", "Berlin", "Juri L.", "Messer")
    t = far_table(["refusal", "mole", "alibi"], zero).their_card("single_interrogation")
    assert t.suggest() == ("Einbruch",)
    assert race_defence(t, None) is None
    assert t.answered().theirs.space.size == t.theirs.space.size
    # so is Gegenüberstellung on Juri L., ruled out too
    known = far_table(["refusal", "mole", "alibi"], zero).their_card("confrontation")
    assert race_defence(known, None) is None
    # Profiler: no card of mine blocks it
    assert (
        race_defence(far_table(["refusal", "mole", "alibi"]).their_card("profiler"), None) is None
    )


def test_card_values_count_an_answer_that_names_what_is_ruled_out_first() -> None:
    inv = kv.Investigation().confirmed(scene="Ulm", suspect="Ede K.", weapon="Gift")
    inv = inv.questioning("Mord", "Ulm", "Ede K.", "Gift", 3)
    # Gift goes with 4 crimes; Mord is wrong: 3 cases, one per crime left. Einzelverhör
    # names a crime ruled out (Mord, or one that Gift does not go with): nothing learned
    assert inv.space.size == 3
    assert card_values(inv, ["single_interrogation"]) == {"single_interrogation": 0.0}
    plain = inv.rank_cards(["single_interrogation"])[0].information
    assert plain is not None and plain > 0  # an answer naming any wrong crime would teach
    # Gegenüberstellung after Ede K. confirmed: the answer is known, nothing learned
    assert card_values(inv, ["confrontation"]) == {"confrontation": 0.0}


def test_card_values_by_hand_for_the_confrontation_and_the_informant() -> None:
    inv = kv.Investigation().confirmed(crime="Mord", weapon="Gift", scene="Ulm")
    inv = inv.questioning("Mord", "Ulm", "Ede K.", "Gift", 3)
    # the suspect is one of the 5 others, each with one case: Gegenüberstellung on
    # Ede K. is known to be False (0 bits); Profiler names Ede K. again (0 bits)
    values = card_values(inv, ["confrontation", "profiler", "lawyer"])
    assert values == {"confrontation": 0.0, "profiler": 0.0}
    start = kv.Investigation().confirmed(crime="Mord", weapon="Gift", suspect="Ede K.")
    start = start.questioning("Mord", "Berlin", "Ede K.", "Gift", 3)
    # 8 scenes left, Berlin ruled out: the Informant names Berlin and one of the 7 wrong
    # others: log2(8) - log2(7) bits
    bits = card_values(start, ["informant"])["informant"]
    assert bits == pytest.approx(3 - math.log2(7))
    # Juri L. forbids the Informant: it is not valued
    banned = kv.Investigation().questioning("Mord", "Ulm", "Juri L.", "Gift", 2)
    assert card_values(banned, ["informant", "profiler"]).keys() == {"profiler"}


def test_the_card_step_plays_what_teaches_else_puts_a_dead_card_back() -> None:
    t = kv.Table(hand=["confrontation", "witness", "refusal"])
    laid = t.questioning("Mord", "Ulm", "Ede K.", "Gift", correct=1)
    assert race_card(laid, None) == "confrontation"
    t = kv.Table(hand=["single_interrogation", "false_witness", "refusal"])
    zero = t.questioning("Mord", "Ulm", "Ede K.", "Gift", correct=0)
    assert race_card(zero, None) == ("exchange", "false_witness")
    # Einzelverhör can never teach again once a crime is ruled out: it goes back too
    t = kv.Table(hand=["single_interrogation", "lawyer", "refusal"])
    assert race_card(t.questioning("Mord", "Ulm", "Ede K.", "Gift", correct=0), None) == (
        "exchange",
        "single_interrogation",
    )
    # skips, blocks and cards that may teach later stay
    t = kv.Table(hand=["confrontation", "lawyer", "refusal"])
    known = t.questioning("Mord", "Ulm", "Ede K.", "Gift", correct=0)  # Ede K. ruled out
    assert race_card(known, None) is None
    assert DEAD_FIRST[-2:] == ("false_witness", "mole")


def test_card_values_refuse_bad_input() -> None:
    with pytest.raises(deduce.InvalidInput):
        card_values(kv.Investigation(), ["informant"])  # nothing laid yet
    inv = kv.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    with pytest.raises(deduce.InvalidInput):
        card_values(inv, ["joker"])
    with pytest.raises(deduce.InvalidInput):
        card_values(inv, "informant")
    with pytest.raises(deduce.InvalidInput):
        card_values("inv", [])  # type: ignore[arg-type]


def test_the_skips_i_hold_delay_the_opponent_in_the_race() -> None:
    # one skip held: played in their next questioning, it takes the one after
    assert _their_questionings(6, 0, 1, 6) == [0, 1, 1, 2, 3, 4]
    assert _their_questionings(6, 0, 2, 6) == [0, 1, 1, 2, 2, 3]
    assert _their_questionings(4, -1, 0, 1) == [0, 0, 1, 1]  # a skip they owe first
    # their questioning comes before my next lay: the skip I play in it takes the next
    assert _their_questionings(4, 1, 1, 6) == [1, 1, 2, 3]
    assert _their_questionings(3, 2, 1, 6) == [1, 2, 3]
    mine = kv.Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    close = kv.Interrogation(MY_CASE).questioning("Mord", "Ulm", "Ede K.", "Axt*")
    now = kv.race(mine, close.opponent, top=1)[0]
    held = kv.race(mine, close.opponent, top=1, held_skips=1)[0]
    assert held.win > now.win
    with pytest.raises(deduce.InvalidInput):
        kv.race(mine, close.opponent, held_skips=-1)


@pytest.mark.parametrize("seed", range(2))
def test_the_advised_bot_plays_legal_whole_games_against_itself(seed: int) -> None:
    # every move goes through the game master's tables, which refuse an illegal one
    record = kv.play_game([kv.advised, kv.advised], seed=seed)
    assert record.over and record.winners
    assert sorted(record.tables[1].winners()) == sorted(1 - s for s in record.winners)


def test_the_mole_goes_when_nothing_else_in_hand_is_worth_keeping() -> None:
    assert race_defence(far_table(["mole", "witness", "false_witness"]), None) == "mole"
    assert race_defence(far_table(["mole", "refusal", "witness"]), None) is None
    assert race_defence(far_table(["mole", "lawyer", "witness"]), None) == "lawyer"
    # a card waiting: the Maulwurf blocks nothing, so it waits for the defence step
    waiting = far_table(["mole", "witness", "false_witness"]).their_card("confrontation")
    assert race_defence(waiting, None) is None
    assert race_defence(waiting.answered(), None) == "mole"
