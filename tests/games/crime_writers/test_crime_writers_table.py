"""Crime Writers: the table that follows the whole game (writers, turns, clock, points)
and the game master that plays whole games on it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.games import crime_writers as cw
from deduce.games.crime_writers import bots as cw_bots
from deduce.testing import invalid_input

DECK = cw.Deck.example()
NAMES = ("Ann", "Ben", "Cy", "Dee")
TAGS = {e: DECK.tags(cw.DECK_OF[e]) for e in cw.ELEMENTS}
CARDS = {e: [c.text for c in DECK.for_element(e)] for e in cw.ELEMENTS}


def table(players: int = 3, me: str = "Ben") -> cw.Table:
    return cw.Table(DECK, players=NAMES[:players], me=me)


def test_the_guests_ask_from_the_writers_left_and_a_no_passes_the_turn() -> None:
    t = table(4, "Cy")
    assert (t.writer, t.guests, t.turn, t.round) == ("Ann", ("Ben", "Cy", "Dee"), "Ben", 1)
    for about, reply, turn in [
        ("object", "yes", "Ben"),
        ("tool", "also", "Ben"),
        ("sharp", "almost", "Ben"),
        ("weapon", "no", "Cy"),
        ("Poison", "not important", "Dee"),
        ("Knife", "not characteristic", "Ben"),
    ]:
        t = t.ask("how", about, reply)
        assert t.turn == turn, reply
    assert t.passed().my_turn and t.passed().passed().turn == "Dee"
    assert t.ask("who", "Was it at night?", "no").turn == "Cy"  # own words pass too


def test_finds_score_for_the_asker_at_the_clock_and_the_writer_scores_at_the_end() -> None:
    t = table().clock(30).ask("who", "Butler", "yes")  # Ben names the card: found
    assert t.found_elements == ("who",) and t.turn == "Ben"
    t = t.ask("whom", "Heiress", "no").clock(61.5).found("whom", "Nurse")  # Cy
    t = t.ask("why", "Stage fright", "yes")  # Cy, own words: found, invented
    assert t.clues[-1] == cw.Found("why", "Stage fright", True)
    t = t.passed().clock(125).ask("where", "Library", "yes").ask("how", "Poison", "yes")
    assert t.story_found and t.minutes() == 3
    assert t.points() == {"Ann": 3, "Ben": 9, "Cy": 6}
    assert [(f.element, f.guest, f.at) for f in t.sheet.rounds[0].finds] == [
        ("who", "Ben", 30),
        ("whom", "Cy", 61.5),
        ("why", "Cy", 61.5),
        ("where", "Ben", 125),
        ("how", "Ben", 125),
    ]
    assert t.drawn("how", "Poison").points() == t.points()  # said again: no second find
    assert t.recommend_each() == {}  # nothing left to ask about
    nxt = t.next_round()
    assert (nxt.writer, nxt.guests, nxt.turn, nxt.seconds) == ("Ben", ("Cy", "Ann"), "Cy", 0)
    assert nxt.solutions() == cw.Investigation(DECK).solutions()  # a new story
    assert nxt.round_clues() == () and nxt.known("how") == {}


def test_illegal_events_are_refused_and_the_table_is_unchanged() -> None:
    t = table().clock(60)
    before = t.clues
    invalid_input(lambda: t.clock(59), "clock", "the clock does not go back")
    invalid_input(lambda: t.next_round(), "start_round", "a finished round first")
    invalid_input(lambda: t.ask("how", "weapon", "maybe"), "reply", "not characteristic")
    invalid_input(lambda: cw.Table(DECK, players=("Ann", "Ben"), me="Cy"), "me", "Ann")
    invalid_input(lambda: cw.Table(DECK, players=("Ann",), me="Ann"), "players", "2 players")
    t2 = cw.Table(DECK, players=("Ann", "Ben"), me="Ann")
    for element, text in [("who", "Butler"), ("whom", "Heiress"), ("why", "Greed")]:
        t2 = t2.drawn(element, text)
    t2 = t2.found("where", "Attic").found("how", "Icicle").next_round()
    t2 = t2.found("who", "Somebody").found("whom", "Someone")  # a new story: 2 invented
    two = (cw.Found("who", "Somebody", True), cw.Found("whom", "Someone", True))
    with pytest.raises(deduce.Contradiction) as refused:  # the draw rule: 2 invented at most
        t2.found("why", "Something")
    assert refused.value.conflict == two  # this story's clues, not the last story's
    assert t2.why("why", cw.INVENTED) == two
    for element, text in [("why", "Greed"), ("where", "Library"), ("how", "Poison")]:
        t2 = t2.drawn(element, text)
    assert t2.over and t2.turn is None and t2.winners() == ("Ann", "Ben")
    invalid_input(lambda: t2.passed(), "clue", "every story has been found")
    assert t.clues == before


def test_the_table_repr_saves_and_undoes_like_an_investigation() -> None:
    t = table(2, "Ann").ask("how", "tool", "yes").clock(12).passed()
    assert repr(t).startswith("Table(Deck.example(), players=('Ann', 'Ben'), me='Ann')")
    names = {name: getattr(cw, name) for name in cw.__all__}  # a lazy package: every name
    assert eval(repr(t), names) == t
    again = cw.Investigation.from_json(t.to_json())
    assert isinstance(again, cw.Table) and again == t and again.turn == t.turn
    assert t.undo().undo() == table(2, "Ann").ask("how", "tool", "yes")
    assert t.known("how") == {"yes": ("tool",)}


EVENTS = st.one_of(
    st.tuples(
        st.just("ask"),
        st.sampled_from(cw.ELEMENTS),
        st.sampled_from(["weapon", "profession", "indoors", "money", "Butler", "Poison"]),
        st.sampled_from(cw.REPLIES),
    ),
    st.tuples(st.just("found"), st.sampled_from(cw.ELEMENTS), st.sampled_from(["Butler", "X"])),
    st.tuples(st.just("clock"), st.integers(0, 400)),
    st.tuples(st.just("pass")),
    st.tuples(st.just("next")),
)


def step(t: cw.Table, event: tuple) -> cw.Table:
    kind, *args = event
    if kind == "ask":
        return t.ask(*args)
    if kind == "found":
        return t.found(*args)
    if kind == "clock":
        return t.clock(args[0])
    return t.passed() if kind == "pass" else t.next_round()


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), events=st.lists(EVENTS, max_size=25))
def test_the_table_keeps_the_rules_whatever_happens(players: int, events: list) -> None:
    t = table(players, NAMES[players - 1])
    round_found = 0
    for event in events:
        kept = (t.clues, t.sheet, t.turn, t.seconds)
        try:
            new = step(t, event)
        except (deduce.InvalidInput, deduce.Contradiction):
            assert (t.clues, t.sheet, t.turn, t.seconds) == kept  # refused: as it was
            continue
        assert t.clues == new.clues[: len(t.clues)] and len(new.clues) == len(t.clues) + 1
        kind = event[0]
        passing = kind == "pass" or (kind == "ask" and event[3] in cw.PASSING)
        if kind == "next":
            assert new.round == t.round + 1 and new.turn == new.guests[0]
            round_found = 0
        elif new.found_elements != t.found_elements:  # a find keeps the turn
            assert new.turn == t.turn and len(new.found_elements) == round_found + 1
            round_found += 1
        else:
            assert new.turn == t.guests[(t.guests.index(t.turn) + passing) % len(t.guests)]
        assert new.seconds >= t.seconds or kind == "next"
        assert new.points() == new.sheet.points() and new.writer in new.players
        guest = sum(new.sheet.guest_points().values())
        found = sum(len(r.finds) for r in new.sheet.rounds)
        assert guest == (0 if players == 2 else 3 * found)
        assert cw.Table.from_json(new.to_json()) == new
        assert new.undo() == t
        t = new


@pytest.mark.parametrize("players", [2, 3])
def test_a_whole_game_between_bots(players: int) -> None:
    record = cw.play_game([cw.advised] * players, seed=players)
    assert record.over and record.bots == ("advised",) * players
    stories = record.truth["stories"]
    assert len(stories) == players
    end = record.tables[0]
    assert all(t.sheet == end.sheet and t.over for t in record.tables)
    assert record.points == tuple(end.points()[n] for n in cw_bots.NAMES[:players])
    assert record.winners == tuple(cw_bots.NAMES.index(n) for n in end.winners())
    for number, game_round in enumerate(end.sheet.rounds):
        assert game_round.writer == cw_bots.NAMES[number] and game_round.complete
    assert end.solved == stories[-1]  # every table found the last story
    writer_turns = [m for s, m in record.moves if isinstance(m, str)]
    assert set(writer_turns) <= {"yes", "no"}
    assert all(isinstance(m, cw.Question | str) for _, m in record.moves)


def test_the_game_master_refuses_what_the_rules_refuse() -> None:
    invalid_input(lambda: cw.play_game([cw.advised], seed=1), "lineup", "2 to 6 bots")
    invalid_input(lambda: cw.play_game("advised", seed=1), "lineup", "2 to 6 bots")
    invalid_input(lambda: cw.play_game([cw.advised] * 2, seed=1, rounds=3), "rounds", "2")
    lying = cw.bot("lying", cw.advised.policy_for("ask"), lambda writing, rng: "perhaps")
    invalid_input(lambda: cw.play_game([lying, cw.advised], seed=1), "move", "lying at seat 0")
    asking_nonsense = cw.bot("nonsense", lambda t, rng: cw.Question("how", "Unicorn"))
    invalid_input(lambda: cw.play_game([cw.advised, asking_nonsense], seed=1), "move", "nonsense")


def test_play_round_is_one_round_of_play_game() -> None:
    result = cw_bots.play_round(DECK, ("Ann", "Ben", "Cy"), random.Random(4))
    record = cw.play_game([cw.advised] * 3, seed=4, rounds=1)
    assert result.events == record.truth["events"][0]
    assert result.sheet == record.tables[0].sheet and result.story == record.truth["stories"][0]
    assert not record.over or record.tables[0].story_found


@pytest.mark.parametrize(
    ("element", "text", "invented"), [("how", "Poison", None), ("whom", "Harbour master", True)]
)
def test_an_element_found_is_not_asked_about_again(
    element: str, text: str, invented: bool | None
) -> None:
    before = cw.Investigation(DECK)
    assert any(r.action.element == element for r in before.recommend(top=10_000))
    inv = before.found(element, text)
    assert inv.clues[-1] == cw.Found(element, text, invented)
    assert not any(r.action.element == element for r in inv.recommend(top=10_000))
    assert element not in inv.recommend_each()
    # a card named and answered "yes" is found as well
    named = before.answer("how", "Poison", "yes")
    assert not any(q.element == "how" for q in named.queries())
