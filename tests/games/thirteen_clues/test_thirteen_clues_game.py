"""13 Indizien, the whole game: the table (turns, glasses, accusations, the two-player
rules), the game master, and the two-player accusation."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deduce
from deduce.games.thirteen_clues import (
    Accusation,
    Ask,
    Bot,
    Charged,
    Consulted,
    Convicted,
    Deal,
    Investigation,
    Peek,
    Puzzle,
    Question,
    Table,
    advise,
    advised,
    entropy,
    play_game,
)
from deduce.testing import games, invalid_input

PUZZLES = [
    ("Officer", "Parlor", "Knife"),
    ("Butcher", "Harbor", "Sword"),
    ("Nurse", "Plaza", "Rifle"),
]


DEAL = Deal.random(4, seed=7)


def four() -> Table:
    return Table(4, DEAL.hands[0], list(DEAL.puzzles[1:]), counts=(1, 0, 1, 0))


def test_the_glasses_follow_every_seats_action() -> None:
    t = four()
    assert (t.turn, t.glasses.counts, t.actions) == (
        0,
        (1, 0, 1, 0),
        ("ask", "informant", "accuse"),
    )
    t = t.question(
        0, 2, "red", DEAL.answer(2, "red")
    )  # the witness gets a glass: seat 2 acts next (it holds 2)
    assert (t.turn, t.glasses.counts) == (2, (0, 0, 2, 0))
    t = t.consulted(2)  # the next seat without a glass gets one
    assert (t.turn, t.glasses.counts) == (2, (0, 0, 1, 1))
    t = t.charged(2, right=False)  # wrong: seat 2 lays its glasses down
    assert (t.turn, t.glasses.counts) == (3, (1, 0, 0, 1))
    t = t.question(3, 0, "red", DEAL.answer(0, "red"))
    assert (t.turn, t.glasses.counts) == (0, (2, 0, 0, 0))
    wrong = next(p for p in t.solutions() if p != DEAL.puzzles[0])
    t = t.accused(wrong.person, wrong.location, wrong.weapon)  # mine wrong: laid down
    assert (t.turn, t.glasses.counts) == (1, (0, 1, 0, 0))
    assert wrong not in t.solutions()
    t = t.charged(1, right=True)
    assert (
        t.over and t.winners() == (1,) and t.turn is None and t.actions == () and t.witnesses == ()
    )


def test_an_action_out_of_turn_is_refused_and_changes_nothing() -> None:
    t = four()
    before = repr(t)
    invalid_input(lambda: t.question(1, 2, "red", 1), "seat", "seat 0, whose turn it is")
    invalid_input(lambda: t.consulted(2), "seat", "seat 0, whose turn it is")
    invalid_input(lambda: t.charged(0, right=False), "seat", "another seat")
    invalid_input(lambda: t.consulted(0), "seat", "informant CARD")
    invalid_input(lambda: t.charged(4, right=False), "seat", "")
    after = t.question(0, 1, "red", DEAL.answer(1, "red"))
    # my own move out of turn: no seat was typed, so none is blamed
    invalid_input(lambda: after.informant(DEAL.informants[0]), "action", "seat 1, whose turn")
    with pytest.raises(deduce.InvalidInput, match="it is not your turn"):
        after.informant(DEAL.informants[0])
    invalid_input(lambda: after.accused("Maid", "Museum", "Poison"), "action", "seat 1")
    assert repr(t) == before and len(after.clues) == 1
    won = after.charged(1, right=True)
    invalid_input(lambda: won.question(0, 1, "red", 1), "action", "the game is over")
    invalid_input(won.advice, "glasses", "I (seat 0) act now")


def test_two_players_take_turns_one_action_each_and_name_a_side() -> None:
    t = Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")], first=1)
    assert t.sides == ("left", "right") and t.witnesses == (0,) and t.glasses.counts == (0, 0)
    invalid_input(lambda: t.question(1, 0, "man", 1), "side", "left")
    t = t.question(1, 0, "man", 2, side="left")  # Duke and the Officer are men
    assert t.turn == 0 and t.witnesses == (1,)
    t = t.informant("Rifle")
    assert t.turn == 1
    t = t.consulted(1)
    assert t.turn == 0
    invalid_input(lambda: Table(2, ("Duke", "Park"), PUZZLES[:1], counts=(1, 0)), "counts", "")


def test_six_players_have_no_informant() -> None:
    puzzles = [
        ("Officer", "Parlor", "Knife"),
        ("Butcher", "Harbor", "Sword"),
        ("Nurse", "Plaza", "Rifle"),
        ("Maid", "Museum", "Poison"),
        ("Dancer", "Theater", "Blowgun"),
    ]
    t = Table(6, ("Duke", "Park"), puzzles, first=1)
    assert t.actions == ("ask", "accuse") and t.sides == (None,)
    invalid_input(lambda: t.consulted(1), "action", "ask or accuse")


def test_my_right_accusation_wins_and_names_my_puzzle() -> None:
    deal = Deal.random(3, seed=5)
    t = Table(3, deal.hands[0], list(deal.puzzles[1:]))
    p = deal.puzzles[0]
    won = t.accused(p.person, p.location, p.weapon, right=True)
    assert won.winners() == (0,) and won.solutions() == [p]
    assert isinstance(won.clues[-1], Convicted)


def test_the_table_is_a_value_its_repr_and_file_read_back() -> None:
    t = four().question(0, 2, "red", DEAL.answer(2, "red")).consulted(2)
    assert eval(repr(t), {"Table": Table, "Question": Question, "Consulted": Consulted}) == t
    assert Table.from_json(t.to_json()) == t and Table.from_json(t.to_json()).turn == t.turn
    assert repr(four()).startswith(f"Table(4, {DEAL.hands[0]!r}, {{1: ")
    assert repr(four()).endswith("counts=(1, 0, 1, 0))")
    with pytest.raises(AttributeError):
        t.glasses = None  # type: ignore[misc]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(games(Table(3, ("Duke", "Park"), PUZZLES[:2], first=1), max_clues=8))
def test_any_game_in_turn_keeps_one_glass_and_the_true_deal(game: tuple[Deal, Table]) -> None:
    secret, t = game
    assert t.contains_secret(secret)
    glasses = t.glasses
    assert sum(glasses.counts) == 1 and (t.over or glasses.counts[glasses.active] == 1)
    won = [c for c in t.clues if isinstance(c, Convicted) or (isinstance(c, Charged) and c.right)]
    assert t.over == bool(won) and (not won or t.clues[-1] == won[0])
    if t.over:
        return
    other = next(s for s in range(3) if s != t.turn)
    witness = next(s for s in range(3) if s not in (other,))
    invalid_input(lambda: t.question(other, witness, "red", 0), "seat", "whose turn it is")


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(games(Table(2, ("Duke", "Park"), PUZZLES[:1]), max_clues=8))
def test_two_players_alternate_whatever_they_do(game: tuple[Deal, Table]) -> None:
    secret, t = game
    assert t.contains_secret(secret)
    if not t.over:
        assert t.turn == len(t.clues) % 2  # one action each, seat 0 first
        assert all(c.side in ("left", "right") for c in t.clues if isinstance(c, Question))


# -- the two-player accusation -----------------------------------------------------------


def test_with_two_puzzles_left_accusing_beats_asking_in_the_two_player_game() -> None:
    inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    for p in inv.solutions()[2:]:
        inv = inv.accused(p.person, p.location, p.weapon)
    assert len(inv.solutions()) == 2
    p = inv.accusation().probability
    for rival in (0.0, 0.1, 0.3, 0.9):
        advice = advise(inv, _my_turn(), rivals={1: rival})
        assert advice.chances is not None
        now, later = advice.chances
        assert now == pytest.approx(p + (1 - p) * (1 - rival))
        assert later <= 1 - rival + 1e-12 and now >= later
        if rival:  # a tie (nobody can win first) is asked on
            assert advice.accuse and isinstance(advice.best, Accusation)
    # before this rule the advice asked: the puzzle (p = 1/2) was less likely right than
    # the question's chance of seeing my next turn (1 - 0.3)
    assert p < 1 - 0.3


def test_the_chances_are_exact_against_the_whole_race_counted_by_hand() -> None:
    inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    for p in inv.solutions()[2:]:
        inv = inv.accused(p.person, p.location, p.weapon)
    rival = 0.25
    advice = advise(inv, _my_turn(), rivals={1: rival})
    # by hand: after the answer, a certain puzzle wins next turn; else accuse the likelier
    best = 0.0
    for move in inv.recommend(top=100):
        expected = 0.0
        for answer, chance in move.outcomes.items():
            if isinstance(move.action, Peek):
                after = inv.informant(answer)
            else:
                after = inv.question(
                    0, move.action.witness, move.action.about, answer, move.action.side
                )
            q = after.accusation().probability
            expected += chance * (q + (1 - q) * (1 - rival))
        best = max(best, (1 - rival) * expected)
    assert advice.chances == pytest.approx(
        (advice.accusation.probability * rival + 1 - rival, best)
    )


def _my_turn(players: int = 2):  # type: ignore[no-untyped-def]
    from deduce.games.thirteen_clues import Glasses

    return Glasses.start(players)


# -- the game master ---------------------------------------------------------------------


def test_play_game_follows_the_rules_and_every_table_agrees() -> None:
    record = play_game([advised, entropy, entropy], seed=4, first=1)
    deal = record.truth["deal"]
    assert record.over and record.moves[0][0] == 1
    (winner,) = record.winners
    assert all(t.winners() == ((winner - s) % 3,) for s, t in enumerate(record.tables))
    last_seat, last = record.moves[-1]
    assert last_seat == winner
    named = last.puzzle if isinstance(last, Accusation) else last
    assert named == deal.puzzles[winner]
    assert all(t.contains_secret(_seen_from(deal, s)) for s, t in enumerate(record.tables))
    again = play_game([advised, entropy, entropy], seed=4, first=1)
    assert again.moves == record.moves and again.log == record.log


def _seen_from(deal: Deal, seat: int) -> Deal:
    n = deal.players
    return Deal(
        n,
        tuple(deal.hands[(seat + k) % n] for k in range(n)),
        tuple(deal.puzzles[(seat + k) % n] for k in range(n)),
        deal.informants,
    )


def test_a_bot_of_my_own_and_its_refused_move() -> None:
    asks_me = Bot("asks itself", lambda table, rng: Ask(0, "red"))
    invalid_input(lambda: play_game([asks_me, entropy], seed=1), "move", "a move the rules allow")
    accuse_at_once = Bot("rash", lambda table, rng: table.accusation().puzzle)
    record = play_game([accuse_at_once, accuse_at_once], seed=2, max_moves=200)
    assert record.over and len(record.moves) <= 160
    assert all(isinstance(m, Puzzle) for _, m in record.moves)
    invalid_input(lambda: play_game([entropy], seed=1), "lineup", "2 to 6 bots")
    invalid_input(lambda: play_game([entropy, entropy], seed=1, first=2), "first", "")


def test_play_game_reports_a_move_limit() -> None:
    slow = Bot("asks", lambda table, rng: Ask(1, "red", "left" if table.players == 2 else None))
    record = play_game([slow, slow], seed=3, max_moves=10)
    assert not record.over and record.winners == () and len(record.moves) == 10


def test_the_console_shows_the_exact_race_with_two_puzzles_left() -> None:
    from deduce.games.thirteen_clues.play import ADAPTER

    t = Table(2, ("Duke", "Park"), PUZZLES[:1])
    for p in t.solutions()[2:]:
        t = t.accused(p.person, p.location, p.weapon).charged(1, right=False)
    assert t.turn == 0 and len(t.solutions()) == 2
    advice = t.advice()
    assert advice.accuse and advice.chances is not None
    shown = ADAPTER.extra(t)
    assert shown is not None
    now, later = advice.chances
    assert (
        f"My chance to win the game: {100 * now:.0f}% if I accuse now (right or wrong), "
        f"{100 * later:.0f}% if I ask first."
    ) in " ".join(shown.split())
    best = advice.accusation.puzzle
    assert f"Accuse now: accuse 0 right|wrong {best.person} {best.location} {best.weapon}" in shown
    assert isinstance(ADAPTER.recommend(t, "race")[0].action, Accusation)
    # the moves' columns are bits: the line says what ranks the questions
    asks = [r for r in ADAPTER.recommend(t, "race") if not isinstance(r.action, Accusation)]
    assert asks and "the questions are in the order of the information they give" in shown
    assert [r.score for r in asks] == sorted((r.score for r in asks), reverse=True)
    assert ADAPTER.recommend(t.accused(best.person, best.location, best.weapon), "race") == []


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.integers(2, 4), st.integers(0, 10_000))
def test_a_record_replays_turn_by_turn_on_a_fresh_table(players: int, seed: int) -> None:
    record = play_game([entropy] * players, seed=seed, first=seed % players)
    deal = record.truth["deal"]
    table = Table(players, deal.hands[0], list(deal.puzzles[1:]), first=seed % players)
    for (seat, _), clue in zip(record.moves, record.tables[0].clues, strict=True):
        assert table.turn == seat
        table = table.observe(clue)
    assert table == record.tables[0] and table.winners() == record.winners
    assert table.contains_secret(deal)
