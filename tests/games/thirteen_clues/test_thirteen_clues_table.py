"""13 Indizien at the table: the magnifying glasses through a scripted game, how close
the other players are, and when to accuse."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

import deduce
from deduce.games.thirteen_clues import (
    Accusation,
    Ask,
    Charged,
    Deal,
    Glasses,
    Investigation,
    Peek,
    Table,
    advise,
    attributes,
    passing,
    rival_chances,
    view_of,
)
from deduce.testing import invalid_input


def test_the_glass_count_follows_the_rulebook_through_a_scripted_game() -> None:
    table = Glasses.start(4, counts=(1, 0, 1, 0))
    steps = [
        # (action, counts after, who acts next)
        (lambda t: t.asked(2), (0, 0, 2, 0), 2),  # the witness gets a glass
        (lambda t: t.consulted(), (0, 0, 1, 1), 2),  # next without a glass: seat 3; 2 acts on
        (lambda t: t.asked(3), (0, 0, 0, 2), 3),
        (lambda t: t.accused(right=False), (1, 0, 0, 0), 0),  # seat 0 gets one; 3 lays down
        (lambda t: t.consulted(), (0, 1, 0, 0), 1),
    ]
    for act, counts, active in steps:
        table = act(table)
        assert (table.counts, table.active) == (counts, active), str(table)
    invalid_input(lambda: table.asked(1), "witness", "other than")
    invalid_input(lambda: table.asked(4), "witness", "from 0 to 3")
    won = table.accused(right=True)
    assert won.winner == 1 and str(won) == "seat 1 has won"
    invalid_input(won.consulted, "action", "nothing")


def test_one_glass_marks_whose_turn_it_is() -> None:
    table = Glasses.start(3)
    for act, active in [
        (lambda t: t.asked(2), 2),
        (lambda t: t.asked(1), 1),
        (lambda t: t.consulted(), 2),
        (lambda t: t.accused(right=False), 0),
    ]:
        table = act(table)
        assert table.active == active and sum(table.counts) == 1


def test_two_players_have_no_glasses_and_take_turns() -> None:
    table = Glasses.start(2)
    for act in (lambda t: t.asked(1), lambda t: t.consulted(), lambda t: t.accused(right=False)):
        before = table.active
        table = act(table)
        assert table.counts == (0, 0) and table.active == 1 - before
    invalid_input(lambda: Glasses.start(2, counts=(1, 0)), "counts", "without glasses")


def test_who_receives_the_glass_of_a_move() -> None:
    table = Glasses.start(4, counts=(2, 1, 0, 0))
    assert table.receiver(Ask(3, "red")) == 3
    assert table.receiver(Peek()) == 2  # seat 1 holds one
    assert table.actions_before(0) == {1: 1}
    invalid_input(lambda: Glasses.start(4, counts=(0, 1, 0, 0)), "counts", "first player")
    invalid_input(lambda: Glasses.start(7), "players", "2 to 6")


def position(players: int, seed: int, questions: int) -> tuple[Deal, Investigation]:
    """A deal and my notebook after ``questions`` truthful public questions."""
    deal = Deal.random(players, seed=seed)
    inv = Investigation(players, deal.hands[0], list(deal.puzzles[1:]))
    rng = random.Random(seed)
    for _ in range(questions):
        asker = rng.randrange(players)
        witness = rng.choice([s for s in range(players) if s != asker])
        about = rng.choice(attributes(players))
        side = rng.choice(["left", "right"]) if players == 2 else None
        inv = inv.question(asker, witness, about, deal.answer(witness, about, side=side), side)
    return deal, inv


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_each_player_view_keeps_their_true_puzzle(players: int, seed: int) -> None:
    deal, inv = position(players, seed, 8)
    for seat in range(1, players):
        view = view_of(deal, seat, inv.clues)
        assert deal.puzzles[seat] in view.probabilities()
        assert len(view.clues) == len(inv.clues)
    assert view_of(deal, 0, inv.clues).probabilities() == inv.probabilities()
    chances = rival_chances(inv, samples=3, seed=5)
    assert set(chances) == set(range(1, players))
    assert all(0 < p <= 1 for p in chances.values())
    assert chances == rival_chances(inv, samples=3, seed=5)  # seeded


def test_a_rival_wrong_accusation_rules_out_their_likeliest_puzzle() -> None:
    deal, inv = position(3, 2, 8)
    before = view_of(deal, 1, inv.clues)
    guess = before.accusation().puzzle
    assert guess != deal.puzzles[1]  # this rival would have been wrong
    wrong = [*inv.clues, Charged(1, right=False)]
    after = view_of(deal, 1, wrong)
    assert guess not in after.probabilities() and deal.puzzles[1] in after.probabilities()
    assert set(after.probabilities()) == set(before.probabilities()) - {guess}
    # another seat's accusation, a right one, or accusations=False: nothing ruled out
    for clues, kwargs in [
        ([*inv.clues, Charged(2, right=False)], {}),
        ([*inv.clues, Charged(1, right=True)], {}),
        (wrong, {"accusations": False}),
    ]:
        same = view_of(deal, 1, clues, **kwargs)
        assert same.probabilities() == before.probabilities()
    # the rival's chance, as my draws estimate it, rises with a wrong accusation
    table = Table(3, deal.hands[0], list(deal.puzzles[1:]), first=1)
    for asker, witness, about in [
        (1, 2, "woman"),
        (2, 1, "melee"),
        (1, 2, "indoors"),
        (2, 1, "blue"),
    ]:
        table = table.question(asker, witness, about, deal.answer(witness, about))
    once = table.charged(1, right=False)
    plain = rival_chances(once, samples=4, seed=1, accusations=False)
    counted = rival_chances(once, samples=4, seed=1)
    assert counted[1] > plain[1] and counted[2] == plain[2]


def test_a_wrong_accusation_never_rules_out_the_rivals_own_puzzle() -> None:
    # seat 1 certain of its puzzle in this deal: had it accused, it would have been right
    deal = Deal.random(3, seed=2)
    inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    view = view_of(deal, 1, inv.clues)
    while not view.accusation().certain:
        move = view.best("entropy")
        assert isinstance(move, Ask)
        witness = (1 + move.witness) % 3  # seat 1's witness, in my numbers
        inv = inv.question(1, witness, move.about, deal.answer(witness, move.about))
        view = view_of(deal, 1, inv.clues)
    after = view_of(deal, 1, [*inv.clues, Charged(1, right=False)])
    assert after.probabilities() == view.probabilities()


def test_accuse_a_likely_puzzle_when_a_rival_is_close() -> None:
    _, inv = position(4, 7, 14)
    p = inv.accusation().probability
    assert 0.05 < p < 1, p
    table = Glasses.start(4, counts=(1, 1, 0, 0))  # seat 1 acts before my next action
    calm = advise(inv, table, rivals={1: 0.0, 2: 0.0, 3: 0.0})
    assert not calm.accuse and isinstance(calm.best, Ask | Peek)
    close = advise(inv, table, rivals={1: 1.0 - p / 2, 2: 0.0, 3: 0.0})
    assert close.accuse and close.best == inv.accusation()
    assert close.chances is not None and close.chances[0] > close.chances[1]
    assert "accusing now" in str(close)
    # a rival near but not at the end: asking on still wins more often
    far = advise(inv, table, rivals={1: 0.3, 2: 0.0, 3: 0.0})
    assert not far.accuse and far.chances is not None and far.chances[0] < far.chances[1]


def test_a_glass_handed_to_a_close_rival_costs() -> None:
    _, inv = position(4, 8, 3)
    table = Glasses.start(4)
    rivals = {1: 0.0, 2: 0.9, 3: 0.0}
    held = advise(inv, table, rivals=rivals, passed=False)  # the witness alone acts
    by_move = dict(zip((m.action for m in held.moves), held.danger, strict=True))
    asks = [m for m in held.moves if isinstance(m.action, Ask)]
    assert all(
        by_move[m.action] == pytest.approx(0.9 if m.action.witness == 2 else 0.0) for m in asks
    )
    # the glass passed on: seat 2 may get it on its way back from seat 1 or 3 too
    back = passing(4, rivals)
    assert back[2] < back[1] == back[3] < 1
    advice = advise(inv, table, rivals=rivals)
    by_move = dict(zip((m.action for m in advice.moves), advice.danger, strict=True))
    assert all(by_move[m.action] == pytest.approx(1 - back[m.action.witness]) for m in asks)
    assert all(
        m.score == pytest.approx(m.information * (1 - by_move[m.action])) for m in advice.moves
    )
    assert [m.score for m in advice.moves] == sorted((m.score for m in advice.moves), reverse=True)
    assert advice.best.witness != 2 if isinstance(advice.best, Ask) else True
    invalid_input(lambda: advise(inv, Glasses.start(4, first=1)), "glasses", "seat 0")
    invalid_input(lambda: advise(inv, Glasses.start(3)), "glasses", "4-player")
    invalid_input(lambda: advise(inv, table, rivals={5: 0.1}), "rivals", "chances")


def test_a_search_strategy_ranks_moves_and_still_offers_the_certain_accusation() -> None:
    inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    assert isinstance(inv.recommend(top=1, strategy="lookahead")[0].action, Ask)
    for p in inv.solutions()[1:]:
        inv = inv.accused(p.person, p.location, p.weapon)
    first = inv.recommend(top=1, strategy="lookahead")[0]
    assert isinstance(first.action, Accusation) and first.action.certain


@pytest.mark.parametrize(
    ("players", "counts"),
    [
        (3, (100, 0, 0)),
        (3, (2, 2, 0)),
        (4, (1, 1, 1, 2)),
        (6, (7, 0, 0, 0, 0, 0)),
        (5, (1, 1, 1, 1, 1.0)),
    ],
)
def test_more_glasses_than_players_are_refused(players: int, counts: tuple[int, ...]) -> None:
    error = invalid_input(lambda: Glasses(players, counts, 0), "counts", f"at most {players}")
    assert error.value == counts and f"from 0 to {players}" in str(error)
    invalid_input(lambda: Glasses.start(players, counts=counts), "counts", f"at most {players}")
    deal = Deal.random(players, seed=players)
    invalid_input(
        lambda: Table(players, deal.hands[0], list(deal.puzzles[1:]), counts=counts),
        "counts",
        f"at most {players}",
    )


def test_the_active_seat_holds_a_glass() -> None:
    invalid_input(lambda: Glasses(3, (0, 1, 0), 0), "active", "holds a glass")
    invalid_input(lambda: Glasses(3, (0, 0, 0), 0), "active", "holds a glass")


def every_start(players: int) -> list[tuple[int, ...]]:
    """Every start the rulebook allows: at most one glass per player in all."""
    return [
        counts
        for counts in itertools.product(range(players + 1), repeat=players)
        if 0 < sum(counts) <= players
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_allowed_start_plays_and_keeps_its_glasses(players: int) -> None:
    rng = random.Random(players)
    starts = every_start(players)
    assert len(starts) > players
    for counts in starts:
        first = next(seat for seat, held in enumerate(counts) if held)
        table = Glasses.start(players, first=first, counts=counts)
        assert Glasses(players, table.counts, table.active) == table
        for _ in range(12):  # every action keeps the counts within the rulebook's
            act = rng.choice(["ask", "consult", "wrong"])
            if act == "ask":
                table = table.asked(rng.choice([s for s in range(players) if s != table.active]))
            else:
                table = table.consulted() if act == "consult" else table.accused(right=False)
            assert sum(table.counts) <= sum(counts) and table.counts[table.active] > 0


def test_a_table_with_a_custom_start_is_saved_and_loaded() -> None:
    puzzles = [
        ("Officer", "Parlor", "Knife"),
        ("Butcher", "Harbor", "Sword"),
        ("Nurse", "Plaza", "Rifle"),
    ]
    table = Table(4, ("Duke", "Park"), puzzles, counts=(2, 0, 0, 2)).question(0, 2, "red", 2)
    loaded = deduce.Investigation.from_json(table.to_json())
    assert isinstance(loaded, Table) and loaded.start_counts == (2, 0, 0, 2)
    assert loaded.glasses == table.glasses == Glasses(4, (1, 0, 1, 2), 0)


def test_the_glasses_followed_clue_by_clue_are_those_of_a_replay() -> None:
    t = Table(2, ("Duke", "Park"), {1: ("Officer", "Parlor", "Knife")}, first=1)
    steps = [t]
    for act in (
        lambda t: t.question(1, 0, "red", 0, "right"),
        lambda t: t.accused("Maid", "Museum", "Sword"),
        lambda t: t.consulted(1),
        lambda t: t.question(0, 1, "person", 1, "left"),
        lambda t: t.charged(1, right=False),
    ):
        t = act(t)
        steps.append(t)
    assert len({step.glasses for step in steps}) > 1  # the turn moved
    for step in steps:
        replayed = copy.copy(step)
        replayed.__dict__.pop("_glasses", None)  # computed again from the start
        assert replayed.glasses == step.glasses
        assert Table.from_json(step.to_json()).glasses == step.glasses
