"""Cluedo at the table: whole games between bots told truthfully to every seat, the paper
sheet's inferences, the bots' seeds, and junk refused by name."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from deduce.core.dealing import Deal, Holds, HoldsOneOf, Lacks, Shows, Weighs
from deduce.games.cluedo import (
    ACCUSE,
    ENVELOPE,
    SUGGEST,
    Accusation,
    Accused,
    Envelope,
    GameMaster,
    Investigation,
    Sheet,
    Suggest,
    Table,
    advised,
    deal_of,
    draws,
    eager,
    entropy,
    likeliness,
    play_game,
    previous,
    sampler,
    sheet,
)
from deduce.games.cluedo.advice import ranked
from deduce.league import PANELS, SAME_GAMES, SIZES, Cell, cells_of, play_cell
from deduce.testing import invalid_input

HAND = ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")


def _table() -> Table:
    return Table(("me", "Ann", "Bob"), "me", HAND)


def _replayed(lineup: list[Any], seed: int) -> tuple[Any, Deal, list[tuple[int, Any, Any]]]:
    """The game of ``seed``, and every move again on a fresh game master: (seat, move,
    every seat's table before the move)."""
    record = play_game(lineup, seed=seed)
    names = tuple(f"P{s}" for s in range(len(lineup)))
    deal = record.truth["deal"]
    master = GameMaster(deal, names, shows=random.Random(seed))
    steps = []
    for seat, move in record.moves:
        steps.append((seat, move, list(master.tables)))
        master.apply(seat, move)
    steps.append((-1, None, list(master.tables)))
    return record, deal, steps


@pytest.mark.parametrize(
    ("lineup", "seed"),
    [
        ([advised, sheet, sampler], 0),
        ([eager(0.3), advised, sheet, eager(0.5)], 1),
    ],
)
def test_a_whole_game_is_told_truthfully_to_every_seat(lineup: list[Any], seed: int) -> None:
    record, deal, steps = _replayed(lineup, seed)
    envelope = set(deal.hand("envelope"))
    assert record.over
    for seat, move, tables in steps:
        for table in tables:  # every notebook still holds the true deal
            assert table.notebook.contains_secret(deal), (seat, move, table.me)
            notes = Sheet.of(table)  # the sheet's ticks, crosses and envelope are true
            for player in table.players:
                assert notes.ticks[player] <= set(deal.hand(player))
                assert not notes.crosses[player] & set(deal.hand(player))
            assert {c for c in notes.envelope() if c is not None} <= envelope
        if isinstance(move, Accusation | Envelope):
            cards = move.envelope if isinstance(move, Accusation) else move
            if tables[seat].notebook.accusation().certain:
                assert {cards.suspect, cards.weapon, cards.room} == envelope
    last = steps[-1][2][0].events[-1]
    if record.winners:
        (winner,) = record.winners
        assert isinstance(last, Accused) and last.right and last.by == f"P{winner}"
        assert set(last.cards) == envelope
    else:
        assert all(len(t.out) == len(lineup) for t in steps[-1][2])


def test_the_advised_and_sheet_players_never_accuse_wrong_in_a_game() -> None:
    record = play_game([advised, sheet, sheet, advised], seed=5)
    wrong = [e for e in record.tables[0].events if isinstance(e, Accused) and not e.right]
    assert record.winners and not wrong


def test_every_bot_is_reproducible_from_its_seed() -> None:
    lineup = [sampler, eager(0.5), sheet, advised]
    a, b = play_game(lineup, seed=11), play_game(lineup, seed=11)
    assert a.moves == b.moves and a.log == b.log and a.winners == b.winners
    assert {s for s, _ in a.moves} == {0, 1, 2, 3}  # every bot made moves
    assert deal_of(("A", "B", "C"), seed=4) == deal_of(("A", "B", "C"), seed=4)
    assert deal_of(("A", "B", "C"), seed=4) != deal_of(("A", "B", "C"), seed=5)
    # a seed's deal is drawn once and kept: the same as its generator's, and a fresh
    # generator's (seed None) is not kept
    again = deal_of(("A", "B", "C"), seed=np.int64(4))
    assert (
        again == deal_of(("A", "B", "C"), seed=random.Random(4)) == deal_of(("A", "B", "C"), seed=4)
    )
    assert deal_of(("A", "B", "C"), seed=None) != deal_of(("A", "B", "C"), seed=None)
    t = _table()
    assert draws(t, random.Random(3), 50) == draws(t, random.Random(3), 50)


def test_the_sampler_draws_only_deals_that_agree_with_its_clues() -> None:
    t = _table().suggested("me", "Scarlet", "Spanner", "Library")  # nobody showed
    found = draws(t, random.Random(0), 200)
    assert set(found) == {Envelope("Scarlet", "Spanner", "Library")}


def _chain(table: Table, rng: random.Random, n: int) -> Counter[Envelope]:
    """The sampler's chain written plainly: ``rng.sample`` for the two cards, every
    clause tested by its kind, the envelope read off the whole deal after each step."""
    deals = table.notebook.deals
    start = deals.sample(1, seed=rng)[0]
    holder = {card: seat for seat, hand in start.hands for card in hand}
    kind = {card: i for i, cards in enumerate(table.deck.categories) for card in cards}
    clauses = [c for c in deals.constraints if not isinstance(c, Weighs)]

    def holds(clause: Any) -> bool:
        if isinstance(clause, Holds | Shows):
            return holder[clause.card] == clause.seat
        if isinstance(clause, Lacks):
            return holder[clause.card] != clause.seat
        if isinstance(clause, HoldsOneOf):
            return any(holder[c] == clause.seat for c in clause.cards)
        return not all(holder[c] == clause.seat for c in clause.cards)

    moving = [c for c in holder if c not in table.hand]
    found: Counter[Envelope] = Counter()
    for _ in range(n):
        for _ in range(4):
            a, b = rng.sample(moving, 2)
            pa, pb = holder[a], holder[b]
            if pa == pb or (ENVELOPE in (pa, pb) and kind[a] != kind[b]):
                continue
            holder[a], holder[b] = pb, pa
            if not all(holds(c) for c in clauses):
                holder[a], holder[b] = pa, pb
        inside = sorted((c for c, s in holder.items() if s == ENVELOPE), key=kind.__getitem__)
        found[Envelope(*inside)] += 1
    return found


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_sampler_draws_what_its_chain_written_plainly_draws(seed: int) -> None:
    lineup = [advised, sampler, eager(0.5), sheet]
    record = play_game(lineup, seed=seed, max_moves=12)
    shown = _table().suggested("me", "White", "Dagger", "Lounge", shown_by="Bob", card="Dagger")
    for table in record.tables[1], shown:
        fast, plain = random.Random(seed), random.Random(seed)
        drawn = draws(table, fast, 300)
        assert list(drawn.items()) == list(_chain(table, plain, 300).items())
        assert fast.getstate() == plain.getstate()
        assert len(drawn) > 1  # the chain moved
    wide = [f"Card{i}" for i in range(27)]  # 23 cards move: more than rng.sample copies
    deck = {"name": "wide", "players": [3, 6], "suspects": wide[:9], "weapons": wide[9:18]}
    deck["rooms"] = wide[18:]
    table = Table(("me", "A", "B", "C", "D", "E"), "me", wide[:2] + wide[9:11], deck=deck)
    fast, plain = random.Random(seed), random.Random(seed)
    assert list(draws(table, fast, 100).items()) == list(_chain(table, plain, 100).items())
    assert fast.getstate() == plain.getstate()


def test_the_sampler_draws_the_same_when_its_words_read_ahead_run_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import deduce.games.cluedo.bots as bots

    table = _table().suggested("me", "White", "Dagger", "Lounge", shown_by="Bob", card="Dagger")
    monkeypatch.setattr(bots, "_WORDS", 0.01)  # a word for 25 steps: read again and again
    fast, plain = random.Random(5), random.Random(5)
    assert list(draws(table, fast, 50).items()) == list(_chain(table, plain, 50).items())
    assert fast.getstate() == plain.getstate()


def test_the_turn_goes_round_and_the_game_ends_when_everyone_is_out() -> None:
    t = _table()
    assert (t.turn, t.step) == ("me", SUGGEST)
    t = t.suggested("me", "White", "Dagger", "Lounge", shown_by="Bob")
    assert (t.turn, t.step) == ("me", ACCUSE)
    t = t.passed("me")
    assert (t.turn, t.step) == ("Ann", SUGGEST)
    t = t.accused("Ann", "White", "Dagger", "Lounge")  # at once, wrong: Ann is out
    assert (t.turn, t.out, t.still) == ("Bob", ("Ann",), ("me", "Bob"))
    t = t.suggested("Bob", "White", "Dagger", "Ballroom", shown_by="Ann")  # out, still shows
    t = t.accused("Bob", "White", "Dagger", "Library").accused("me", "Scarlet", "Revolver", "Hall")
    assert t.over and t.winners() == () and t.turn is None
    assert len(t.notebook.clues) == 5


def test_junk_into_the_table_is_refused_by_name() -> None:
    invalid_input(lambda: Table("me", "me", HAND), "players")
    invalid_input(lambda: Table(("me", "Ann", "Bob"), "Cy", HAND), "me", "Ann")
    invalid_input(lambda: Table(("me", "Ann", "Bob"), "me", HAND[:2]), "hand", "6 cards")
    invalid_input(lambda: Table(("me", "Ann", "Bob"), "me", HAND, deck=3), "deck")
    invalid_input(lambda: Table(("me", "Ann", "Bob"), "me", HAND, dealer="Cy"), "dealer")
    t = _table()
    invalid_input(lambda: t.suggested("Ann", "White", "Rope", "Hall"), "by", "whose turn")
    invalid_input(lambda: t.suggested("Cy", "White", "Rope", "Hall"), "by", "Ann")
    invalid_input(lambda: t.suggested("me", "Rope", "Rope", "Hall"), "suspect")
    invalid_input(lambda: t.suggested("me", "White", "Hall", "Hall"), "weapon")
    invalid_input(lambda: t.suggested("me", "White", "Rope", "Plum"), "room")
    invalid_input(lambda: t.suggested("me", "White", "Rope", "Hall", shown_by="Cy"), "shown_by")
    invalid_input(lambda: t.suggested("me", "White", "Rope", "Hall", card="Nothing"), "card")
    invalid_input(lambda: t.passed("me"), "step", "a suggestion or an accusation")
    invalid_input(lambda: t.accused("me", "White", "Rope", "Hall", right="yes"), "right")
    after = t.suggested("me", "White", "Dagger", "Lounge")
    invalid_input(
        lambda: after.suggested("me", "White", "Rope", "Hall"),
        "step",
        "an accusation or the end of the turn",
    )
    invalid_input(lambda: after.passed(7), "by")
    won = t.accused("me", "White", "Dagger", "Lounge", right=True)
    invalid_input(lambda: won.passed("Ann"), "by", "the game is over")
    invalid_input(lambda: Sheet.of("table"), "table", "a Cluedo Table")
    invalid_input(lambda: draws(t, random.Random(0), 0), "n")
    invalid_input(lambda: draws(t, "x", 5), "rng", "random.Random")  # type: ignore[arg-type]


def test_junk_into_the_game_master_and_the_bots_is_refused_by_name() -> None:
    names = ("A", "B", "C")
    deal = deal_of(names, seed=0)
    invalid_input(lambda: GameMaster("deal", names), "deal", "a Deal")
    invalid_input(lambda: GameMaster(deal, ("A", "B")), "players", "the deal's players")
    invalid_input(lambda: GameMaster(deal, "ABC"), "players")
    invalid_input(lambda: GameMaster(deal, names, shows="x"), "shows")
    master = GameMaster(deal, names)
    invalid_input(lambda: master.apply(0, "Plum"), "move", "a Suggest")
    invalid_input(lambda: master.apply(5, Suggest("Plum", "Rope", "Hall")), "seat")
    invalid_input(lambda: master.apply(1, Suggest("Plum", "Rope", "Hall")), "by", "whose turn")
    invalid_input(lambda: play_game([advised, sheet], seed=0), "lineup", "3 to 6 bots")
    invalid_input(lambda: play_game([advised] * 3, seed="x"), "seed")
    invalid_input(lambda: play_game([advised] * 3, seed=0, max_moves=0), "max_moves")
    invalid_input(lambda: eager(1.5), "threshold", "a chance from 0 to 1")
    invalid_input(lambda: eager("half"), "threshold")
    invalid_input(lambda: deal_of(names, seed="x"), "seed")
    invalid_input(lambda: deal_of(names, seed=0, deck=[1]), "deck")


def test_the_league_plays_cluedo_cells() -> None:
    assert SIZES["cluedo"] == (3, 4, 5, 6)
    assert {"advised", "sheet", "sampler", "eager-0.5"} <= set(PANELS["cluedo"])
    assert ("cluedo", 3) not in SAME_GAMES  # entropy waits to be certain, advised races
    cells = cells_of(["cluedo"], players=[3], policies=["advised"])
    assert "entropy" in {c.against for c in cells}
    row = play_cell(Cell("cluedo", 3, "advised", "sheet"), games=3)
    assert row.games == 3 and 0 <= row.wins <= 3
    invalid_input(lambda: Cell("cluedo", 2, "advised", "sheet"), "players", "3")
    invalid_input(lambda: Cell("cluedo", 3, "advised", "notes"), "against", "sheet")


def test_the_previous_default_and_entropy_suggest_alike() -> None:
    a = play_game([previous, sheet, sheet], seed=2)
    b = play_game([entropy, sheet, sheet], seed=2)
    assert [m for s, m in a.moves if s == 0 and isinstance(m, Suggest)][:3] == [
        m for s, m in b.moves if s == 0 and isinstance(m, Suggest)
    ][:3]


def test_the_advised_bot_names_the_envelopes_likeliest_cards() -> None:
    game = play_game([advised, sheet, sheet], seed=2)
    seat, first = game.moves[0]  # seat 0 starts: its notebook holds no clue yet
    mine = game.tables[0]
    start = Table(mine.players, mine.me, mine.hand).notebook
    chances = likeliness(start.deals, start.seats, [first, *start.queries()])
    assert seat == 0 and isinstance(first, Suggest)
    assert math.isclose(chances[0], chances.max()) and chances[0] > chances.min()


def _likeliest_in_full(notebook: Investigation, top: int) -> list[tuple[Any, float | None]]:
    """The "likeliest" advice worked out as its rule says, every suggestion's bits
    counted: (the move, its bits for a suggestion)."""
    queries = notebook.queries()
    order, bits = ranked(notebook.deals, notebook.seats, queries)
    score = likeliness(notebook.deals, notebook.seats, queries)
    place = {i: at for at, i in enumerate(order)}
    order = sorted(order, key=lambda i: (-round(float(score[i]), 9), place[i]))
    running = notebook.race(best_bits=float(bits.max()))
    accusation = notebook.accusation()
    moves: list[tuple[Any, float | None]] = []
    if accusation.certain or bits.max() < 1e-9 or running.accuse:
        waiting = running.waiting if running.accuse and not accusation.certain else None
        moves.append((replace(accusation, waiting=waiting), None))
    moves += [(queries[i], float(bits[i])) for i in order[:top]]
    return moves[:top]


def test_the_likeliest_advice_is_the_one_every_suggestions_bits_give() -> None:
    """The advice counts only the bits it needs (those of the suggestions ahead on
    likeliness, when nothing else can change it): the same moves as counting all."""
    ahead = 0
    for seed in range(3):
        record = play_game([advised, sampler, sheet, eager(0.5)][: 3 + seed % 2], seed=seed)
        final = record.tables[0].notebook
        notebook = Investigation(final.players, final.me, final.hand)
        for clue in (None, *final.clues):
            notebook = notebook if clue is None else notebook.observe(clue)
            if not notebook.queries():
                continue
            for top in (1, 2):
                advice = notebook.recommend(top=top, strategy="likeliest")
                got = [
                    (m.action, m.information if isinstance(m.action, Suggest) else None)
                    for m in advice
                ]
                expected = _likeliest_in_full(notebook, top)
                assert [m for m, _ in got] == [m for m, _ in expected], (seed, clue)
                for (_, bits), (_, full) in zip(got, expected, strict=True):
                    assert bits is None or math.isclose(bits, full, rel_tol=1e-12, abs_tol=1e-12)
            chances = sorted(likeliness(notebook.deals, notebook.seats, notebook.queries()))
            ahead += chances[-1] > chances[-2] + 1e-9
    assert ahead >= 5  # states where the first suggestion leads on likeliness alone


@pytest.mark.long
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("name", ["advised", "sheet", "sampler", "eager-0.3", "eager-0.7"])
def test_every_bot_plays_whole_legal_games_at_every_size(name: str, players: int) -> None:
    bot, other = PANELS["cluedo"][name], PANELS["cluedo"]["sheet"]
    for seed in (0, 1):
        seat = seed % players
        record = play_game([bot if s == seat else other for s in range(players)], seed=seed)
        assert record.over and record.winners


@pytest.mark.long
def test_in_many_games_no_player_who_only_accuses_a_proof_is_ever_wrong() -> None:
    for seed in range(30):
        record = play_game([entropy, sheet, sheet, entropy][: 3 + seed % 2], seed=seed)
        events = record.tables[0].events
        assert not [e for e in events if isinstance(e, Accused) and not e.right], seed
        assert record.winners
