"""13 Indizien: when to accuse (``accuse_or_ask``), checked against the race counted by
hand on small positions, sound on random ones, and followed by the ``advised`` bot."""

from __future__ import annotations

import random

import pytest
from accusing_positions import after, by_hand_ladder, three_player_position, two_player
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.games.thirteen_clues import (
    Accusation,
    Deal,
    Glasses,
    Investigation,
    Table,
    accuse_or_ask,
    advise,
    advised,
    ladder,
    passing,
)
from deduce.testing import games, invalid_input


def test_the_ladder_is_accusing_in_order() -> None:
    assert ladder([1, 1, 2], 0.5) == pytest.approx(0.5 + 0.5 * 0.25 + 0.25 * 0.25)
    assert ladder([5], 0.9) == 1.0
    assert ladder([0, 0], 0.1) == 0.0


@pytest.mark.parametrize("rival", [0.05, 0.3, 0.9])
def test_two_puzzles_at_094_and_006_are_accused(rival: float) -> None:
    _, inv, _ = two_player(5, 2)
    (_, p), (_, q) = inv.ranked()
    assert round(p, 2) == 0.94 and round(q, 2) == 0.06
    advice = advise(inv, Glasses.start(2), rivals={1: rival})
    assert advice.accuse and advice.best == inv.accusation()
    assert advice.chances is not None
    now, later = advice.chances
    # exact: right now, or the other one certain on my next turn if the rival missed
    assert now == pytest.approx(p + q * (1 - rival))
    assert later <= 1 - rival + 1e-12 < now


@pytest.mark.parametrize("rival", [0.0, 0.2, 0.6])
def test_three_puzzles_in_the_two_player_game_against_the_race_by_hand(rival: float) -> None:
    _, inv, _ = two_player(4, 3)
    assert inv.space.size == 3
    now, later = accuse_or_ask(inv, Glasses.start(2), inv.recommend(top=100), {1: rival})
    # wrong: two are left, and with two left the ladder is exact
    top = inv.accusation()
    wrong = inv.accused(top.puzzle.person, top.puzzle.location, top.puzzle.weapon)
    p = top.probability
    assert now == pytest.approx(p + (1 - p) * (1 - rival) * by_hand_ladder(wrong, rival))
    # asking on: no question wins more than the ladder of a certain answer, 1 - rival
    assert later <= 1 - rival + 1e-12
    # and at least what the best question, then the ladder, wins
    first = max(
        (1 - rival)
        * sum(c * by_hand_ladder(after(inv, m.action, a), rival) for a, c in m.outcomes.items())
        for m in inv.recommend(top=100)
    )
    assert later >= first - 1e-12


def test_the_three_player_chances_held_glasses_only_against_the_race_by_hand() -> None:
    inv = three_player_position()
    glasses, rivals = Glasses.start(3), {1: 0.2, 2: 0.4}
    moves = inv.recommend(top=100)
    now, later = accuse_or_ask(inv, glasses, moves, rivals, passed=False)
    hazard = 1 - 0.8 * 0.6  # a round: either may win
    top = inv.accusation()
    wrong = inv.accused(top.puzzle.person, top.puzzle.location, top.puzzle.weapon)
    # wrong, my glass is laid down and seat 1 gets one: seat 1 acts before me
    safe = 1 - rivals[1]
    p = top.probability
    assert now == pytest.approx(p + (1 - p) * safe * by_hand_ladder(wrong, hazard))
    best = 0.0
    for move in moves:
        receiver = glasses.receiver(move.action)  # the witness, or seat 1 (informant)
        survive = 1 - rivals[receiver]
        reached = sum(
            c * by_hand_ladder(after(inv, move.action, a), hazard) for a, c in move.outcomes.items()
        )
        best = max(best, survive * reached)
    assert later == pytest.approx(best)


# the glass passed on at random among the others until it comes back to me (seat 0):
# with 3 players, V1 = 0.8 (1 + V2) / 2 and V2 = 0.6 (1 + V1) / 2
V1 = 0.52 / 0.88
V2 = 0.3 + 0.3 * V1


def test_the_glass_passed_on_by_hand() -> None:
    assert passing(3, {1: 0.2, 2: 0.4}) == pytest.approx({1: V1, 2: V2})
    assert passing(2, {1: 0.3}) == pytest.approx({1: 0.7})  # I always act next
    assert passing(5, {}) == pytest.approx(dict.fromkeys(range(1, 5), 1.0))
    sure = passing(4, {1: 1.0, 2: 0.0, 3: 0.0})
    assert sure[1] == 0.0  # seat 1 acting wins for sure
    # from seat 2: to me (1/3), to seat 3 (1/3: then the same again), to seat 1 (lost)
    assert sure[2] == pytest.approx(0.5) and sure[3] == pytest.approx(0.5)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_glass_passed_on_is_the_sum_over_its_ways_back(players: int) -> None:
    # every way of k actions from a seat back to me: the glass goes to each of the
    # n - 1 others with 1/(n - 1); summed over k up to 400, by dynamic programming
    rng = random.Random(players)
    rivals = {s: rng.uniform(0, 0.5) for s in range(1, players)}
    share = 1 / (players - 1)
    at = {s: 1.0 for s in rivals}  # start: seat s holds the glass
    back = {s: 0.0 for s in rivals}
    for start in rivals:
        holding = {s: float(s == start) for s in rivals}
        for _ in range(400):
            kept = {s: holding[s] * (1 - rivals[s]) for s in rivals}  # nobody won yet
            back[start] += sum(kept.values()) * share  # handed to me
            holding = {t: sum(kept[s] for s in rivals if s != t) * share for t in rivals}
        at[start] = back[start]
    assert passing(players, rivals) == pytest.approx(at, abs=1e-9)


def test_the_three_player_chances_against_the_race_by_hand() -> None:
    inv = three_player_position()
    glasses, rivals = Glasses.start(3), {1: 0.2, 2: 0.4}
    moves = inv.recommend(top=100)
    now, later = accuse_or_ask(inv, glasses, moves, rivals)
    hazard = 1 - V1  # a round: wrong, I hand the glass to seat 1; it comes back to me
    top = inv.accusation()
    wrong = inv.accused(top.puzzle.person, top.puzzle.location, top.puzzle.weapon)
    p = top.probability
    assert now == pytest.approx(p + (1 - p) * V1 * by_hand_ladder(wrong, hazard))
    best = 0.0
    for move in moves:
        receiver = glasses.receiver(move.action)  # the witness, or seat 1 (informant)
        reached = sum(
            c * by_hand_ladder(after(inv, move.action, a), hazard) for a, c in move.outcomes.items()
        )
        best = max(best, {1: V1, 2: V2}[receiver] * reached)
    assert later == pytest.approx(best)
    # the danger the advice shows for each move is the same chance
    advice = advise(inv, glasses, rivals=rivals)
    for move, danger in zip(advice.moves, advice.danger, strict=True):
        assert danger == pytest.approx(1 - {1: V1, 2: V2}[glasses.receiver(move.action)])


def test_a_rival_about_to_win_is_answered_with_an_accusation() -> None:
    deal = Deal.random(3, seed=4)
    inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    calm = advise(inv, Glasses.start(3), rivals={1: 0.05, 2: 0.05})
    assert not calm.accuse  # 80 puzzles: asking on wins more often
    desperate = advise(inv, Glasses.start(3, counts=(1, 1, 1)), rivals={1: 0.99, 2: 0.99})
    assert desperate.accuse and desperate.chances is not None
    assert desperate.chances[0] > desperate.chances[1]


def test_the_decision_refuses_a_table_where_i_do_not_act() -> None:
    _, inv, _ = two_player(5, 2)
    invalid_input(lambda: accuse_or_ask(inv, Glasses.start(2, first=1), [], {}), "glasses", "")
    invalid_input(lambda: accuse_or_ask(inv, Glasses.start(3), [], {}), "glasses", "2-player")
    invalid_input(lambda: accuse_or_ask("inv", Glasses.start(2), [], {}), "inv", "Investigation")
    invalid_input(lambda: accuse_or_ask(inv, Glasses.start(2), "ask", {}), "moves", "")
    invalid_input(lambda: accuse_or_ask(inv, Glasses.start(2), [1], {}), "moves", "")
    invalid_input(lambda: accuse_or_ask(inv, Glasses.start(2), [], {2: 0.1}), "rivals", "")
    invalid_input(lambda: accuse_or_ask(inv, Glasses.start(2), [], {1: 1.5}), "rivals", "")
    invalid_input(lambda: passing(7, {}), "players", "")
    invalid_input(lambda: passing(3, {3: 0.1}), "rivals", "")
    invalid_input(lambda: passing(3, {1: -0.1}), "rivals", "")
    invalid_input(lambda: ladder([1, -1], 0.1), "weights", "at least 0")
    invalid_input(lambda: ladder(["a"], 0.1), "weights", "at least 0")
    invalid_input(lambda: ladder([1], 2.0), "hazard", "from 0 to 1")


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.data())
def test_the_decision_is_sound(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 4))
    deal = Deal.random(players, seed=data.draw(st.integers(0, 10_000)))
    inv = Investigation(players, deal.hands[0], list(deal.puzzles[1:]))
    _, inv = data.draw(games(inv, max_clues=8))
    rivals = {s: data.draw(st.floats(0, 1)) for s in range(1, players)}
    advice = advise(inv, Glasses.start(players), rivals=rivals)
    assert advice.chances is not None
    now, later = advice.chances
    assert 0 <= now <= 1 + 1e-9 and 0 <= later <= 1 + 1e-9
    p = advice.accusation.probability
    assert now >= p - 1e-12  # accusing wins at least when it is right
    assert p > 0 and advice.accusation.puzzle in inv.solutions()
    if advice.accuse:
        assert advice.best == advice.accusation and advice.accusation.probability > 0
    if advice.accusation.certain:
        assert advice.accuse
    mine = set(inv.probabilities())
    assert not advice.accuse or advice.best.puzzle in mine  # never a puzzle with P = 0


def test_the_advised_bot_accuses_094_with_two_puzzles_left() -> None:
    deal, inv, asked = two_player(5, 2)
    table = Table(2, deal.hands[0], list(deal.puzzles[1:]))
    for move in asked:  # my question, then the other player's wrong accusation
        answer = deal.answer(1, move.about, side=move.side)
        table = table.question(0, 1, move.about, answer, move.side).charged(1, right=False)
    assert table.turn == 0 and table.solutions() == inv.solutions()
    move = advised.policy(table, random.Random(0))
    assert isinstance(move, Accusation) and move == table.accusation()
    assert move.puzzle == deal.puzzles[0] and move.probability == pytest.approx(inv.ranked()[0][1])
    assert move == table.advice().best and table.advice().accuse


def test_the_advised_bot_follows_the_table_advice_in_a_game() -> None:
    from deduce.games.thirteen_clues import entropy, play_game

    seen: list[bool] = []
    record = play_game([advised, entropy, entropy], seed=11)
    table_moves = [m for s, m in record.moves if s == 0]
    assert table_moves  # replay my seat's decisions on my own table
    deal = record.truth["deal"]
    mine = Table(3, deal.hands[0], list(deal.puzzles[1:]))
    clues = record.tables[0].clues
    for clue in clues:
        if mine.turn == 0:
            advice = mine.advice()
            seen.append(advice.accuse)
            assert advice.accuse == isinstance(table_moves[len(seen) - 1], Accusation)
        mine = mine.observe(clue)
    assert len(seen) == len(table_moves)
