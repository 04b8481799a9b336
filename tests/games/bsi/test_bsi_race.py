"""Black Stories Investigation: the end of the game, the clock and the score race."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from bsi_positions import laid_positions, my_turns
from hypothesis import given, settings

from deduce import InvalidInput
from deduce.games import bsi
from deduce.games.bsi import (
    MY_CHANCE,
    RIVAL_CHANCE,
    Card,
    Case,
    RaceOption,
    Table,
    advised,
    attempts_left,
    cautious,
    play_game,
    points,
    score_chances,
)
from deduce.games.bsi.truthful import field_of
from deduce.table.races import most_points

MINE, MY_SECOND = Case.parse("man/day/inside/knife"), Case.parse("woman/day/inside/knife")
THEIRS, THEIR_SECOND = Case.parse("woman/night/outside/gun"), Case.parse("man/night/inside/gun")


def lay(table: Table, card: str, target: int, case: Case) -> Table:
    return table.played(card, target, field_of(case, Card.parse(card)))


def last_cards(*, ahead: bool) -> Table:
    """2 players, seat 1 starts (so my turn ends every round); after two rounds each of
    us holds the 1-drop card only; seat 1 lays and does not attempt; I have laid my card:
    8 points to 6 (``ahead``) or 6 to 8."""
    hand = ["woman/night/outside/knife", "woman/night/inside/gun", "man/night/outside/gun"]
    t = Table(2, case=MINE, hand=hand, first=1)
    t = lay(t, "man/day", 0, MINE)
    if ahead:  # seat 1 misses my case; I solve theirs with 3 drops (3 + 6 - 1 = 8)
        t = t.attempt(0, MY_SECOND, 3).drew()
        t = lay(t, hand[0], 1, THEIRS).attempt(1, THEIRS, 3, correct=True)
    else:  # seat 1 solves my case with 3 drops (3 + 6 - 1 = 8); I miss theirs
        t = t.attempt(0, MINE, 3, new_case=MY_SECOND).drew()
        t = lay(t, hand[0], 1, THEIRS).attempt(1, Case.parse(hand[0]), 3, correct=False)
    t = t.drew("inside/knife")
    mine = MY_SECOND if not ahead else MINE
    t = lay(t, "outside/gun", 0, mine)
    if ahead:  # seat 1 solves my case with 2 drops (2 + 6 - 2 = 6); I miss
        t = t.attempt(0, MINE, 2, new_case=MY_SECOND).drew()
        t = lay(t, hand[1], 1, THEIR_SECOND).attempt(1, "woman/day/outside/gun", 2, correct=False)
    else:  # seat 1 misses; I solve theirs with 2 drops (2 + 6 - 2 = 6)
        t = t.attempt(0, "man/night/outside/gun", 2).drew()
        t = lay(t, hand[1], 1, THEIRS).attempt(1, THEIRS, 2, correct=True)
    t = t.drew("man/day/outside/gun")
    t = lay(t, "woman/night", 0, MY_SECOND).drew()  # seat 1 keeps its last card
    return lay(t, "inside/knife", 1, THEIR_SECOND)


def test_ahead_with_the_last_card_i_end_the_game() -> None:
    t = last_cards(ahead=True)
    assert (t.scores(), t.drops_left(0), t.drops_left(1)) == ({0: 8, 1: 6}, (1,), (1,))
    assert [len(t.grid(s)) for s in range(2)] == [1, 2]
    choices = t.race_options()
    attempt, none = choices
    assert attempt.attempt is not None and none.attempt is None
    # my last card ends the game after my turn (seat 1 starts the rounds): 8 > 6 whatever
    assert attempt.turns == (0, 0) and attempt.win == 1.0
    # no attempt: seat 1 and I each attempt once more, right with 0.6, for 1 drop plus
    # 6 - (3 cards / 2 grids, rounded, + 1) = 3 points: I lose only if seat 1 hits and I miss
    assert none.turns == (1, 1)
    assert none.win == pytest.approx(1 - RIVAL_CHANCE * (1 - MY_CHANCE)) == pytest.approx(0.76)
    assert t.best_attempt() == attempt.attempt
    assert t.best_attempt(strategy="points") is None  # by points alone it would wait


def test_behind_with_the_last_card_i_keep_it_on_a_weak_chance() -> None:
    t = last_cards(ahead=False)
    assert (t.scores(), t.drops_left(0), t.drops_left(1)) == ({0: 6, 1: 8}, (1,), (1,))
    none, attempt = t.race_options()
    assert none.attempt is None and attempt.attempt is not None
    p = attempt.attempt.probability
    assert p == pytest.approx(1 / 7)
    # the attempt ends the game: I win only if it is right (6 + 1 + 6 - 1 = 12 > 8)
    assert 6 + points(1, len(t.grid(1))) > 8 and attempt.win == pytest.approx(p)
    # kept: I win if I hit (6 + 4 = 10) and seat 1 misses (8), never by a tie
    assert none.win == pytest.approx(MY_CHANCE * (1 - RIVAL_CHANCE)) == pytest.approx(0.24)
    assert t.best_attempt() is None


def test_the_model_by_hand() -> None:
    # 4 players, seat 2 starts (a round is 2, 3, 0, 1): seat 1 ends this round; in the
    # next one seat 3 plays its last card, so everyone plays that round and the game ends
    assert attempts_left(4, 2, [3, 2, 2, 1], final=False) == (1, 2, 1, 1)
    assert attempts_left(4, 2, [3, 2, 2, 1], final=True) == (0, 1, 0, 0)
    # my last card played: if I started the round, seat 1 still has its turn in it
    assert attempts_left(2, 0, [0, 3], final=True) == (0, 1)
    assert attempts_left(2, 1, [0, 3], final=True) == (0, 0)
    assert score_chances(4, [2], 0.25, bonus=1) == {7: 0.25, 4: 0.75}
    # a three-way tie on top is a third of a win
    assert most_points({3: 1.0}, [{3: 1.0}, {3: 1.0}]) == pytest.approx(1 / 3)
    mine, rival = {0: 0.5, 6: 0.5}, {3: 1.0}
    assert most_points(mine, [rival, rival]) == 0.5
    assert most_points({2: 1.0}, []) == 1.0


def test_bad_input_names_the_argument() -> None:
    cases: list[tuple[Any, str]] = [
        (lambda: attempts_left(5, 0, [3] * 5, final=False), "players"),
        (lambda: attempts_left(2, 2, [3, 3], final=False), "first"),
        (lambda: attempts_left(2, 0, [3], final=False), "cards"),
        (lambda: attempts_left(2, 0, "33", final=False), "cards"),  # type: ignore[arg-type]
        (lambda: attempts_left(2, 0, [3, 4], final=False), "cards"),
        (lambda: score_chances(0, [3], -0.1), "chance"),
        (lambda: score_chances(0, [3], True), "chance"),
        (lambda: score_chances(0, [4], 0.5), "drops"),
        (lambda: score_chances(-1, [3], 0.5), "score"),
        (lambda: score_chances(0, [3], 0.5, bonus=-1), "bonus"),
    ]
    for call, argument in cases:
        with pytest.raises(InvalidInput) as error:
            call()
        assert error.value.argument == argument
    t = Table(2, case=MINE, hand=["woman/knife", "man/gun", "day/gun"])
    with pytest.raises(InvalidInput) as error:  # the lay comes first
        t.race_options()
    assert (error.value.argument, error.value.value) == ("step", "lay")
    laid = t.played("woman/knife", 1, 2)
    with pytest.raises(InvalidInput) as error:
        laid.best_attempt(strategy="nope")
    assert error.value.argument == "strategy"


@settings(max_examples=30, deadline=None)
@given(laid_positions(most_rounds=10))
def test_every_choice_once_the_first_wins_most(table: Any) -> None:
    if table is None:
        return
    choices = table.race_options()
    attempts = table.recommend_attempt()
    assert [c.attempt for c in choices if c.attempt is not None] == sorted(
        attempts, key=lambda o: [c.attempt for c in choices].index(o)
    )
    assert len(choices) == len(attempts) + 1
    assert all(isinstance(c, RaceOption) and 0.0 <= c.win <= 1.0 + 1e-12 for c in choices)
    assert all(c.win <= choices[0].win + 1e-9 for c in choices)
    assert table.best_attempt() == choices[0].attempt
    if table.final_round:  # no later turn: an attempt can only add points
        assert choices[0].attempt is not None or not attempts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_the_race_advice_are_legal(players: int) -> None:
    for seed in range(3):
        seats = [advised] + [cautious] * (players - 1)
        record = play_game(seats, seed=seed)
        final = record.tables[0]
        assert record.over and final.over
        assert tuple(final.scores().values()) == record.points
        assert sum(3 - len(final.drops_left(s)) for s in range(players)) >= 3


def test_the_attempt_step_says_what_wins() -> None:
    from deduce.games.bsi.play_advice import attempt_advice

    assert attempt_advice(last_cards(ahead=True).race_options()) == [
        "Worth solving now: seat 1 is man/night/inside/gun (50%, 2.50 points expected with "
        "the 1-drop card): 100% to finish first, 76% with no attempt."
    ]
    assert attempt_advice(last_cards(ahead=False).race_options()) == [
        "Better not to attempt now: 24% to finish first with no attempt, 14% with the best "
        "attempt (seat 1, the 1-drop card; see `attempts`)."
    ]


def test_the_demo_says_why_it_waits() -> None:
    import io

    from rich.console import Console

    from deduce.games.bsi.demo import run

    buffer = io.StringIO()
    run(Console(file=buffer, width=120, color_system=None), seed=2)
    waits = [line for line in buffer.getvalue().splitlines() if "I wait" in line]
    assert waits and all("to finish first" in line for line in waits)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: most_points(None, []), "mine"),  # type: ignore[arg-type]
        (lambda: most_points({1: 2.0}, []), "mine"),
        (lambda: most_points({-1: 0.5}, []), "mine (a score)"),
        (lambda: most_points({1: 0.5}, None), "rivals"),  # type: ignore[arg-type]
        (lambda: most_points({1: 0.5}, [{2: "x"}]), "rivals[0]"),  # type: ignore[dict-item]
        (lambda: bsi.score_chances(1, None, 0.5), "drops"),  # type: ignore[arg-type]
    ],
)
def test_junk_score_chances_are_refused_by_name(call: Any, argument: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        call()
    assert refused.value.argument == argument


@settings(max_examples=25, deadline=None)
@given(my_turns())
def test_every_lay_by_the_race_after_each_field(record: Any) -> None:
    """A lay's chance to finish first is, field by field, the best choice of
    race_options once the card lies there, weighted by the field's chance; the lays come
    best first, ties in the order of lay_options."""
    table = record.tables[0]
    if table.step != "lay":
        return
    lays = table.lay_options()
    ranked = table.race_lays()
    assert sorted(str(r.lay.play) for r in ranked) == sorted(str(o.play) for o in lays)
    for r in ranked:
        by_hand = 0.0
        for field, chance in r.lay.outcomes.items():
            laid = table.played(r.lay.play.card, r.lay.play.target, field)
            by_hand += chance * max(c.win for c in laid.race_options())
        assert r.win == pytest.approx(by_hand)
        assert 0.0 <= r.win <= 1.0
    wins = [round(r.win, 9) for r in ranked]
    assert wins == sorted(wins, reverse=True)
    order = [o.play for o in lays]
    for a, b in itertools.pairwise(ranked):
        if round(a.win, 9) == round(b.win, 9):
            assert order.index(a.lay.play) < order.index(b.lay.play)
    recs = table.recommend_play(top=len(ranked), strategy="race")
    assert [(x.action, x.score, x.strategy) for x in recs] == [
        (r.lay.play, r.win, "race") for r in ranked
    ]
    default = "points" if table.players == 2 else "race"
    assert table.default_strategy == default
    assert table.recommend(top=1)[0].strategy == default


def test_the_race_lay_is_refused_out_of_turn() -> None:
    t = Table(3, case=MINE, hand=["woman/knife", "man/gun", "day/gun"])
    laid = t.played("woman/knife", 1, 2)
    with pytest.raises(InvalidInput) as error:
        laid.race_lays()
    assert (error.value.argument, error.value.value) == ("step", "attempt")
    with pytest.raises(InvalidInput) as error:
        t.recommend_play(strategy="racing")
    assert error.value.argument == "strategy"
    # a player who asks for the points at 3 players gets them
    assert t.recommend_play(top=1, strategy="points")[0].score == t.lay_options()[0].points


def test_the_console_gives_the_lays_by_the_race_at_three_players() -> None:
    from deduce.games.bsi.play_advice import lay_advice

    t = Table(3, case=MINE, hand=["woman/knife", "man/gun", "day/gun"])
    lines = lay_advice(t, 2, "race")
    assert lines[0].startswith("Lays by the chance to finish first")
    best = t.race_lays()[0]
    assert f"lay {best.lay.play.card} at seat {best.lay.play.target}: " in lines[1]
    assert f"{100 * best.win:.0f}% to finish first, {best.lay.points:.2f} points" in lines[1]
    assert lay_advice(t, 1)[0].startswith("Lays by points expected")


def test_the_tables_own_strategies_are_named_and_offered() -> None:
    """A player at the console can go back to the table's own lays: the refusal names
    them, and the console offers them."""
    from deduce.play.session import strategy_names

    t = Table(3, case=MINE, hand=["woman/knife", "man/gun", "day/gun"])
    with pytest.raises(InvalidInput) as error:
        t.check_strategy("bogus")
    assert {"race", "points", "entropy"} <= set(error.value.choices)
    assert {"race", "points"} <= set(strategy_names(t))


def test_the_attempt_step_lists_its_choices_as_lines_to_type() -> None:
    from deduce.games.bsi.play_advice import attempt_choices, attempt_recommendations
    from deduce.play import adapter

    t = last_cards(ahead=True)
    assert attempt_choices(t.race_options(), 3) == [
        "  solve 1 man/night/inside/gun 1: 100% to finish first, 50% right, 2.50 points expected",
        "  draw: 76% to finish first, no attempt (every investigation card kept)",
    ]
    attempt, none = attempt_recommendations(t, 3)
    assert (attempt.outcomes, attempt.information, attempt.score) == (
        {"right": 0.5, "wrong": 0.5},
        1.0,
        1.0,
    )
    after = [t.attempt(1, "man/night/inside/gun", 1, correct=c) for c in (True, False)]
    assert attempt.worst_case == max(len(a.solutions()) for a in after)
    assert (none.outcomes, none.information, none.worst_case) == (
        {"no attempt": 1.0},
        0.0,
        len(t.solutions()),
    )
    front = adapter("bsi")
    lines = [front.show_action(r.action) for r in front.recommend(t, "entropy")]
    assert lines == ["solve 1 man/night/inside/gun 1", "draw"]  # the race, under any strategy
    own = front.own_advice(t, "entropy")
    assert own is not None and own.splitlines()[1:] == attempt_choices(t.race_options(), 3)
    assert front.advice_seconds(t, "entropy") < 1  # no engine ranking to estimate
