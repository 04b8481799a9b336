"""Kreuzverhör's table: both sides in turn order, the questionings as counted, my hand,
the end and the winner; and the game master on it."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce import InvalidInput
from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.bots import deal

MINE = kv.Case("Mord", "Ulm", "Ede K.", "Gift")  # the case I chose for my opponent
THEIRS = kv.Case("Überfall", "Ulm", "Nora M.", "Brechstange")  # the case I must solve
GUESSES = kv.Investigation().queries()


def right(case: kv.Case, guess: kv.Guess) -> int:
    return sum(a == b for a, b in zip(case, guess, strict=True))


def test_the_questionings_alternate_and_are_counted_each() -> None:
    t = kv.Table(case=MINE, first=1)
    assert (t.turn, t.step, t.acting) == (1, "ask", 1)
    t = t.asked("Mord", "Berlin", "Ede K.", "Messer")
    assert t.theirs.last_questioning.correct == 2
    assert (t.turn, t.step, t.questions_next) == (1, "card", 0)
    with pytest.raises(InvalidInput, match="now your opponent's questioning: they may play"):
        t.asked("Mord", "Berlin", "Ede K.", "Messer")
    t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    assert t.questionings_made == (1, 1) and t.left == (11, 11)
    with pytest.raises(InvalidInput, match="now your questioning"):
        t.questioning("Mord", "Berlin", "Juri L.", "Gift", 1)


def test_total_counting_gives_each_half() -> None:
    t = kv.Table(case=MINE, limit=4, counting="total")
    assert t.left == (2, 2)


@pytest.mark.parametrize("skips_use_up", [True, False])
def test_lawyer_skips_the_next_questioning(skips_use_up: bool) -> None:
    t = kv.Table(case=MINE, skips_use_up=skips_use_up)
    t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1).defence("lawyer")
    assert t.left[0] == (10 if skips_use_up else 11)
    t = t.asked("Mord", "Berlin", "Ede K.", "Messer")
    assert t.questions_next == 1  # I skip: my opponent questions again
    t = t.asked("Einbruch", "Ulm", "Ede K.", "Messer")
    assert t.questions_next == 0
    t = t.questioning("Mord", "Berlin", "Juri L.", "Gift", 1)
    assert t.questionings_made == (2, 2)


def test_my_defence_skips_their_questioning() -> None:
    t = kv.Table(case=MINE, first=1).asked("Mord", "Berlin", "Ede K.", "Messer")
    t = t.defended("suspension")
    assert t.left == (12, 10) and t.questions_next == 0
    t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    assert t.questions_next == 0  # they skip one: mine again
    t = t.questioning("Mord", "Berlin", "Juri L.", "Gift", 1)
    assert t.questions_next == 1


def test_answers_come_from_my_case_or_are_checked_against_it() -> None:
    t = kv.Table(case=MINE, first=1)
    with pytest.raises(InvalidInput, match="3 of these cards are right"):
        t.asked("Mord", "Ulm", "Ede K.", "Messer", 2)
    t = t.asked("Mord", "Ulm", "Ede K.", "Messer").their_card("investigators_on_site")
    assert t.step == "answer" and t.acting == 0
    assert t.suggest() == t.suggest()  # the same table suggests the same answer
    with pytest.raises(InvalidInput, match="true of your case"):
        t.answered(("Gift", "Messer"))
    answered = t.answered()
    assert answered.theirs.certain()["scene"] == "Ulm"
    assert MINE in answered.theirs.solutions()
    with pytest.raises(InvalidInput, match="answer first"):
        t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)


def test_without_my_case_every_answer_is_said() -> None:
    t = kv.Table(first=1)
    with pytest.raises(InvalidInput, match="your own case"):
        t.asked("Mord", "Ulm", "Ede K.", "Messer")
    t = t.asked("Mord", "Ulm", "Ede K.", "Messer", 0).their_card("single_interrogation")
    t = t.answered(("Einbruch",))
    assert t.theirs.marginals()["crime"]["Einbruch"] == 0.0


def test_a_blocking_card_answers_nothing() -> None:
    t = kv.Table(case=MINE, hand=["refusal", "alibi", "profiler"], first=1)
    t = t.asked("Mord", "Berlin", "Ede K.", "Messer").their_card("confrontation")
    assert t.blocks("alibi") and t.blocks("refusal") and not t.blocks("mole")
    t = t.defended("alibi")
    assert t.clues[-1] == kv.Defended("alibi", "confrontation")
    assert t.hand == ("refusal", "profiler") and t.step == "draw" and t.must_draw
    assert (
        t.theirs.space.size
        == kv.Investigation().questioning("Mord", "Berlin", "Ede K.", "Messer", 2).space.size
    )  # nothing learned
    with pytest.raises(InvalidInput, match="drew first"):
        t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    t = t.drew("mole")
    assert t.hand == ("refusal", "profiler", "mole") and t.pile == 24 - 1 - 1


def test_the_table_reads_cards_by_their_printed_titles_too() -> None:
    t = kv.Table(case=MINE, hand=["refusal", "alibi", "profiler"], first=1)
    t = t.asked("Mord", "Berlin", "Ede K.", "Messer").their_card("Gegenueberstellung")
    assert t.clues[-1] == kv.TheirCard("confrontation")
    t = t.defended("Alibi").drew("Maulwurf")
    assert t.clues[-2:] == (kv.Defended("alibi", "confrontation"), kv.Drew("mole"))
    with pytest.raises(InvalidInput, match="did you mean"):
        t.drew("Maulwurff")


def test_my_hand_and_the_box() -> None:
    t = kv.Table(hand=["profiler", "lawyer", "informant"])
    with pytest.raises(InvalidInput, match="the box has 1 Anwalt"):
        kv.Table(hand=["lawyer", "lawyer", "profiler"])
    t = t.questioning("Mord", "Berlin", "Nora M.", "Messer", 1)
    with pytest.raises(InvalidInput, match="not in your hand"):
        t.single_interrogation("Einbruch")
    with pytest.raises(InvalidInput, match="the box has 1 Anwalt"):
        t.defence("lawyer")  # I hold the only one
    exchanged = t.exchanged("lawyer", "witness")
    assert exchanged.hand == ("profiler", "witness", "informant") and exchanged.pile == 24
    with pytest.raises(InvalidInput, match="a swap right after a Maulwurf"):
        t.swapped("profiler", "alibi")
    moled = t.defence("mole").swapped("profiler", "alibi")
    assert moled.hand == ("alibi", "lawyer", "informant")


def test_the_end_and_the_winner() -> None:
    t = kv.Table(case=MINE).questioning(*THEIRS, correct=4)
    assert t.over and t.winners() == (0,) and t.turn is None and t.step == "over"
    with pytest.raises(InvalidInput, match="you solved the case"):
        t.asked("Mord", "Berlin", "Ede K.", "Messer")
    short = kv.Table(case=MINE, limit=1).questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    assert not short.over and short.winners() == ()
    ended = short.asked("Mord", "Ulm", "Ede K.", "Messer")
    assert ended.over and ended.winners() == (1,)  # 3 right beats 1
    tie = short.asked("Mord", "Berlin", "Juri L.", "Messer")
    assert tie.winners() == (0, 1)


def test_repr_json_undo_and_old_files() -> None:
    t = kv.Table(case=MINE, hand=["profiler", "lawyer", "refusal"], first=1)
    assert repr(t).startswith("Table(case=Case(crime='Mord'")
    t = t.asked("Mord", "Berlin", "Ede K.", "Messer").their_card("profiler").answered()
    again = kv.Table.from_json(t.to_json())
    assert again == t and again.theirs == t.theirs and again.hand == t.hand
    assert t.undo().step == "answer" and t.undo().undo().step == "card"
    old = kv.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    loaded = kv.Investigation.from_json(old.to_json())
    assert type(loaded) is kv.Investigation and loaded == old
    assert isinstance(kv.Investigation.from_json(t.to_json()), kv.Table)


def test_race_on_my_questioning_only() -> None:
    t = kv.Table(case=MINE)
    best = t.recommend(top=1)[0]
    assert best.strategy == "race" and best.action == t.race(top=1)[0].action
    assert 0 < best.score < 1
    laid = t.questioning(*best.action, correct=right(THEIRS, best.action))
    assert laid.recommend() == [] and not laid.may_lay
    with pytest.raises(InvalidInput, match="before you lay"):
        laid.race()
    assert laid.recommend(strategy="entropy")  # information stays one word away
    with pytest.raises(InvalidInput) as refused:
        laid.check_strategy("x")
    assert "race" in refused.value.choices


@given(st.integers(0, 10**6), st.booleans())
def test_truthful_turns_keep_both_sides_exact(seed: int, opponent_first: bool) -> None:
    rng = random.Random(seed)
    t = kv.Table(case=MINE, first=int(opponent_first))
    for _ in range(6):
        before = t
        if t.questions_next == 0:
            guess = rng.choice(GUESSES)
            t = t.questioning(*guess, correct=right(THEIRS, guess))
        else:
            guess = rng.choice(GUESSES)
            t = t.asked(*guess)
            if t.over:
                break
            if rng.random() < 0.5 and t.step == "card":
                card = rng.choice(["single_interrogation", "profiler", "confrontation"])
                if t.set_aside.count(card) < kv.COPIES[card]:
                    t = t.their_card(card).answered()
                else:  # the box has no more of them
                    with pytest.raises(InvalidInput, match="the box has 2"):
                        t.their_card(card)
        assert before == kv.Table.from_json(before.to_json())  # unchanged by the event
        if t.over:
            break
    assert THEIRS in t.solutions() and MINE in t.theirs.solutions()
    mine = [c for c in t.clues if isinstance(c, kv.Questioning)]
    assert t.mine.clues == tuple(mine)
    assert kv.Table.from_json(t.to_json()) == t


def test_play_game_records_a_whole_game() -> None:
    record = kv.play_game([kv.entropy, kv.entropy], seed=4, cards=False)
    table = record.tables[0]
    assert record.over and table.over
    assert record.winners == table.winners()
    flipped = tuple(sorted(1 - s for s in record.tables[1].winners()))
    assert flipped == record.winners
    cases = record.truth["cases"]
    assert table.case == cases[1] and cases[0] in table.solutions()
    lays = [m for _, m in record.moves]
    assert len(lays) == record.turns == sum(table.questionings_made)


@pytest.mark.parametrize("seed", [0, 7])
def test_play_game_with_the_action_cards(seed: int) -> None:
    record = kv.play_game([kv.entropy, kv.entropy], seed=seed)
    for seat, table in enumerate(record.tables):
        assert table.over and table.hand is not None
        assert record.truth["cases"][seat] in table.solutions()  # never the truth ruled out
        assert record.truth["cases"][1 - seat] in table.theirs.solutions()
    assert any(isinstance(c, (kv.TheirCard, kv.Defended)) for c in record.tables[0].clues)


def test_play_game_refuses_a_bad_lineup() -> None:
    with pytest.raises(InvalidInput, match="2 bots"):
        kv.play_game([kv.entropy], seed=1)
    with pytest.raises(InvalidInput, match="is not a bot"):
        kv.play_game([kv.entropy, "entropy"], seed=1)  # type: ignore[list-item]


def _loop(cases: tuple[kv.Case, kv.Case], first: int) -> float:
    """The tournament's own loop before the game master: race (seat 0) against entropy."""
    answering = [kv.Interrogation(cases[1]), kv.Interrogation(cases[0])]
    last, player = [0, 0], first
    while any(answering[1 - p].opponent.questionings_left for p in (0, 1)):
        mine = answering[1 - player].opponent
        if mine.questionings_left:
            theirs = answering[player].opponent
            guess = kv.race(mine, theirs, top=1)[0].action if player == 0 else mine.best("entropy")
            answering[1 - player] = answering[1 - player].questioning(*guess)
            last[player] = answering[1 - player].last_answer or 0
            if last[player] == 4:
                return 1.0 if player == 0 else 0.0
        player = 1 - player
    return 1.0 if last[0] > last[1] else 0.0 if last[0] < last[1] else 0.5


@pytest.mark.slow
def test_the_tournament_plays_the_same_games_through_play_game() -> None:
    one, two = deal(random.Random(0))  # as benchmarks/tournament_kreuzverhoer.py deals
    deals = [(cases, first) for cases in ((one, two), (two, one)) for first in (0, 1)]
    before = [_loop(cases, first) for cases, first in deals]
    records = [
        kv.play_game([kv.advised, kv.entropy], seed=0, cards=False, cases=cases, first=first)
        for cases, first in deals
    ]
    scores = {(0,): 1.0, (1,): 0.0, (0, 1): 0.5}
    assert [scores[r.winners] for r in records] == before


def test_a_blocking_defence_after_my_card_says_how_to_report_it() -> None:
    t = kv.Table(case=MINE, hand=("confrontation", "lawyer", "refusal"))
    t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1).confrontation(False)
    with pytest.raises(InvalidInput, match="reported instead of it") as refused:
        t.defence("alibi", blocks="confrontation")
    assert "blocks='Gegenüberstellung'" in str(refused.value)
    assert "expected the defence card alone" in str(refused.value)
    assert t.defence("suspension").step == "draw"  # a defence without blocks is in turn


ENGLISH = [c for c in kv.ACTION_CARDS if c not in {"informant", "profiler", "alibi", "other"}]


def refused(call: object) -> str:
    """The refusal of ``call`` (a function of no argument), checked to name no action card
    by its English name in the API (the player sees the printed titles)."""
    assert callable(call)
    with pytest.raises(InvalidInput) as caught:
        call()
    said = str(caught.value)
    for card in ENGLISH:
        assert not re.search(rf"\b{card}\b", said), (card, said)
    return said.replace("'", "")


def test_refusals_name_the_action_cards_by_their_printed_titles() -> None:
    t = kv.Table(case=MINE, hand=["confrontation", "lawyer", "informant"])
    said = refused(lambda: kv.Table(hand=["lawyer", "lawyer", "profiler"]))
    assert "the box has 1 Anwalt card" in said
    t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 0)
    said = refused(lambda: t.single_interrogation("Einbruch"))
    assert "card=Einzelverhör" in said and "not in your hand" in said
    assert "Gegenüberstellung, Anwalt, Informant" in said
    said = refused(lambda: t.exchanged("mole", "witness"))
    assert "card=Maulwurf" in said and "Gegenüberstellung, Anwalt, Informant" in said
    assert "Anwalt" in refused(lambda: t.defence("lawyer"))  # I hold the only one
    refused(lambda: t.defence("alibi"))
    t = t.confrontation(False)
    assert "card=Maulwurf" in refused(lambda: t.drew("witness").drew("mole"))
    t = t.drew("witness").asked("Mord", "Berlin", "Juri L.", "Messer")
    t = t.their_card("single_interrogation")
    said = refused(lambda: t.defended("lawyer"))
    assert "card=Anwalt" in said and "their Einzelverhör card is awaited" in said
    assert "Einzelverhör" in refused(lambda: t.asked("Mord", "Berlin", "Juri L.", "Messer"))
    assert "Einzelverhör" in t.next_step()
    said = refused(lambda: t.answered().defended("refusal"))
    assert "Aussageverweigerung is only played against one of" in said
    assert "Einzelverhör, Gegenüberstellung" in said


@pytest.mark.parametrize("card", ["witness", "forensics", "suspicion", "other"])
@pytest.mark.parametrize("case", [MINE, None])
def test_their_card_of_no_printed_effect_is_answered_and_the_game_goes_on(
    card: str, case: kv.Case | None
) -> None:
    from deduce.games.kreuzverhoer.words import table_lines

    t = kv.Table(case=case, first=1).asked("Mord", "Berlin", "Juri L.", "Messer", 1)
    t = t.their_card(card)  # Juri L. bans only the Informant
    assert t.step == "answer"
    assert "its effect is not in the rulebook" in table_lines(t)  # shown, not refused
    after = t.answered()
    assert after.step == "defence" and after.theirs == t.theirs  # nothing counted for them
    assert after.defended("lawyer").step == "ask"  # my hand is not followed: no draw
    if t.blocks("refusal"):
        assert t.defended("refusal").step == "ask"


def test_a_line_out_of_turn_says_what_comes_now() -> None:
    t = kv.Table(case=MINE, first=0).questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    said = refused(lambda: t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1))
    assert "a line in turn" not in said
    assert "(out of turn); expected now your questioning: you may play" in said


@pytest.mark.parametrize(
    "typed",
    ["Mord Berlin 'Ede K.' Gift", "Mord Berlin Ede_K. Gift", "Mord / Berlin / Ede K. / Gift"],
)
def test_the_set_up_case_takes_a_name_of_two_words_as_typed(typed: str) -> None:
    from deduce.games.kreuzverhoer.table_lines import read_case
    from deduce.play.grammar import Context

    assert read_case(typed, Context(None)) == kv.Case("Mord", "Berlin", "Ede K.", "Gift")


def test_the_set_up_case_of_five_words_says_how_to_write_a_name_of_two() -> None:
    from deduce.games.kreuzverhoer.table_lines import read_case
    from deduce.play.grammar import Context

    with pytest.raises(InvalidInput, match="in quotes or joined by _") as caught:
        read_case("Mord Berlin Ede K. Gift", Context(None))
    assert caught.value.value == "Mord Berlin Ede K. Gift"
