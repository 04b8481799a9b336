"""End-to-end tests of ``deduce play 13clues``: the real console script in a pty."""

from __future__ import annotations

from pathlib import Path

import pytest
from terminal import Terminal

from deduce import InvalidInput
from deduce.games import thirteen_clues as tc
from deduce.games.thirteen_clues.play import ADAPTER

PROMPT = "thirteen-clues> "


def start(home: Path, deal: tc.Deal, *args: str, first: int = 0) -> Terminal:
    term = Terminal(["play", "13clues", *args], home=home)
    term.expect("Players (at the table, 2 to 6) [4]: ")
    term.send(str(deal.players))
    term.expect("Hand (your two hidden cards, left right; e.g. Officer Parlor): ")
    term.send(" ".join(deal.hands[0]))
    for seat in range(1, deal.players):
        term.expect(
            f"Seat {seat} (the puzzle in front of seat {seat}: person location weapon; e.g. "
        )
        puzzle = deal.puzzles[seat]
        term.send(f"{puzzle.person} {puzzle.location} {puzzle.weapon}")
    term.expect("First (the seat that starts, 0 is you) [0]: ")
    term.send(str(first))
    term.shown = term.expect_prompt(PROMPT)  # type: ignore[attr-defined]
    return term


def investigation(deal: tc.Deal) -> tc.Investigation:
    puzzles = {s: deal.puzzles[s] for s in range(1, deal.players)}
    return tc.Investigation(deal.players, deal.hands[0], puzzles)


# A deal written down before the game (it is Deal.random(3, seed=5)): my hidden cards,
# every puzzle (mine first) and every seat's hidden cards, the informants.
DEAL = tc.Deal(
    3,
    (("Butcher", "Parlor"), ("Rifle", "Park"), ("Duke", "Nurse")),
    (
        tc.Puzzle("Maid", "Market", "Gun"),
        tc.Puzzle("Dancer", "Museum", "Crossbow"),
        tc.Puzzle("Countess", "Library", "Knife"),
    ),
    ("Blowgun", "Officer", "Harbor", "Sword", "Poison", "Theater"),
)


def line_of(clue: object) -> str:
    """The console line of an action at the table, as seat 0 notes it."""
    if isinstance(clue, tc.Question):
        side = f" {clue.side}" if clue.side else ""
        if clue.asker == 0:
            return f"ask {clue.witness} {clue.about} {clue.answer}{side}"
        return f"q {clue.asker} {clue.witness} {clue.about} {clue.answer}{side}"
    if isinstance(clue, tc.Informant):
        return f"informant {clue.card}"
    if isinstance(clue, tc.Consulted):
        return f"consulted {clue.seat}"
    if isinstance(clue, tc.Charged):
        return f"accuse {clue.seat} {'right' if clue.right else 'wrong'}"
    assert isinstance(clue, tc.Accused | tc.Convicted)
    verdict = "right" if isinstance(clue, tc.Convicted) else "wrong"
    return f"accuse 0 {verdict} {clue.person} {clue.location} {clue.weapon}"


def test_a_whole_game_follows_the_turns_as_play_game_plays_it(tmp_path: Path) -> None:
    record = tc.play_game([tc.advised, tc.entropy, tc.entropy], seed=5, first=1)
    assert record.truth["deal"] == DEAL and record.over
    mine = record.tables[0]
    term = start(tmp_path, DEAL, first=1)
    table = tc.Table(3, DEAL.hands[0], list(DEAL.puzzles[1:]), first=1)
    shown: str = term.shown  # type: ignore[attr-defined]
    for clue, (seat, move) in zip(mine.clues, record.moves, strict=True):
        assert table.turn == seat
        if seat == 0:  # my turn: the console advises the move the bot made
            assert "My turn: ask a witness" in shown and "Race: my best accusation" in shown
            advice = table.advice()
            assert advice.best == move
            expected = ADAPTER.show_action(move)
            first_move = shown.split("next move")[1].splitlines()[1].strip()
            assert first_move.startswith(expected), (first_move, expected)
        term.send(line_of(clue))
        table = table.observe(clue)
        shown = term.expect_prompt(PROMPT)
        assert "noted:" in shown
        if table.over:
            break
        turn = table.turn
        if turn == 0:
            assert "My turn:" in shown
        else:
            assert f"Seat {turn}'s turn: seat {turn} asks a witness (q {turn} WITNESS" in shown
        held = ", ".join(f"seat {s}: {c}" for s, c in enumerate(table.glasses.counts) if c)
        assert f"Magnifying glasses: {held}." in shown
    (winner,) = record.winners
    assert f"The game is over: seat {winner} won." in shown
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "13clues.json"
    assert tc.Table.from_json(saved.read_text()) == mine == table


def test_an_old_notebook_without_turns_still_loads(tmp_path: Path) -> None:
    deal = tc.Deal.random(3, seed=2)
    old = investigation(deal).question(1, 2, "red", deal.answer(2, "red"))
    path = tmp_path / "old.json"
    path.write_text(old.to_json())
    term = Terminal(["play", "13clues", "--resume", str(path)], home=tmp_path)
    shown = term.expect_prompt(PROMPT)
    assert "solutions left" in shown and "turn" not in shown.split("solutions left")[1]
    answer = deal.answer(1, "blue")
    term.send(f"q 2 1 blue {answer}")  # no turn order in an old notebook
    assert "noted: seat 2 asked seat 1 about blue" in term.expect_prompt(PROMPT)
    term.send("consulted 2")
    assert "this game was saved without its turns" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_two_players_sides_undo_resume_and_bad_lines(tmp_path: Path) -> None:
    deal = tc.Deal.random(2, seed=3)
    term = start(tmp_path, deal)
    answer = deal.answer(1, "person", side="left")
    term.send(f"ask 1 person {answer} left")
    assert f"noted: I asked seat 1 about person (left card): {answer}" in term.expect_prompt(PROMPT)
    other = deal.answer(0, "ranged", side="right")
    term.send(f"q 1 0 ranged {other} right")
    assert f"noted: seat 1 asked seat 0 about ranged (right card): {other}" in (
        term.expect_prompt(PROMPT)
    )
    bad = {
        "ask 1 person 1": "refused: the side is missing",
        "ask 1 purple 1 middle": 'refused: side "middle" is not valid; expected one of left',
        "ask 1 gray 1 left": 'refused: about "gray" is not valid',
        "informant Unicorn": 'refused: card "Unicorn" is not valid',
        "accused Duke Park": 'refused: the line "accused Duke Park" is not valid (WEAPON is '
        "missing)",
        "accused Parlor Officer Knife": 'refused: person "Parlor" is not valid; expected one of '
        "Officer, Duke,",
        "ask 1 person x left": 'refused: N "x" is not valid; expected a number from 0 to 13',
        "accuse 0 maybe Duke Park Knife": 'refused: verdict "maybe" is not valid; expected one '
        "of right, wrong",
    }
    term.refuses(bad, PROMPT)  # the terminal fails on any traceback or internal error
    term.send("undo")
    assert "undone: seat 1 asked seat 0 about ranged" in term.expect_prompt(PROMPT)
    term.send("where")
    shown = term.expect_prompt(PROMPT)
    assert "informant" in shown.splitlines()[1]
    term.kill()

    again = Terminal(["play", "13clues", "--resume"], home=tmp_path)
    assert "Resumed 1 clue from" in again.expect_prompt(PROMPT)
    again.send("history")
    assert f"1. I asked seat 1 about person (left card): {answer}" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0


def test_setup_refuses_each_answer_where_it_is_typed(tmp_path: Path) -> None:
    hand = "Hand (your two hidden cards, left right; e.g. Officer Parlor): "
    seat = (
        "Seat 1 (the puzzle in front of seat 1: person location weapon; "
        "e.g. Duke Market Crossbow): "
    )
    term = Terminal(["play", "13clues", "--set", "players=2"], home=tmp_path)
    term.expect("You are seat 0; the others are numbered clockwise from your left")
    term.expect(hand)
    term.send("Coachman Duke")  # gray is out of play with 2 players
    term.expect('refused: hand "Coachman" is not valid')
    term.expect(hand)
    term.send("Duke Duke")
    term.expect('refused: hand "Duke Duke" is not valid (Duke is given twice)')
    term.expect(hand)
    term.send("Duke Park")
    term.expect(seat)
    term.send("Duke Park Knife")  # both already in my hand: every problem is said
    shown = " ".join(term.expect(seat).split())
    assert "Duke is already in your hand; Park is already in your hand" in shown, shown
    term.send("Officer Parlor Knife")
    term.expect("First (the seat that starts, 0 is you) [0]: ")
    term.send("")
    assert "solutions left" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_tab_completes_card_names(tmp_path: Path) -> None:
    deal = tc.Deal.random(3, seed=5)
    term = start(tmp_path, deal)
    unseen = [
        c.name
        for c in tc.cards_in_play(3)
        if c.name not in deal.hands[0]
        and all(c.name not in (p.person, p.location, p.weapon) for p in deal.puzzles[1:])
    ]
    offered = [word for c in tc.CARDS for word in (c.name, tc.GERMAN[c.name])]  # and German
    card = next(n for n in unseen if sum(m.startswith(n[:3]) for m in offered) == 1)
    term.type(f"informant {card[:3]}\t")
    term.expect(card)
    term.send("")
    shown = term.expect_prompt(PROMPT)
    assert f"noted: the informant showed me the {card}" in shown
    term.send("quit")
    assert term.finish() == 0


def test_the_race_is_the_default_and_the_information_strategies_one_word_away(
    tmp_path: Path,
) -> None:
    deal = tc.Deal.random(3, seed=2)
    term = start(tmp_path, deal, "--strategy", "race")
    assert "(moves ranked by race)" in term.shown  # type: ignore[attr-defined]
    term.send("strategy")
    assert "Moves are ranked by race (the game's default)." in term.expect_prompt(PROMPT)
    term.send("strategy entropy")
    shown = term.expect_prompt(PROMPT)
    assert "(moves ranked by entropy)" in shown and "Race: my best accusation" in shown
    term.send("strategy race")
    assert "(moves ranked by race)" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_review_shows_the_chances_to_win_at_the_table(tmp_path: Path) -> None:
    deal = tc.Deal.random(2, seed=3)
    term = start(tmp_path, deal)
    table = tc.Table(2, deal.hands[0], [deal.puzzles[1]])
    for clue in (
        tc.Question(0, 1, "red", deal.answer(1, "red", side="left"), "left"),
        tc.Question(1, 0, "ranged", deal.answer(0, "ranged", side="right"), "right"),
    ):
        table = table.observe(clue)
        term.send(line_of(clue))
        term.expect_prompt(PROMPT)
    term.send("review")
    shown = " ".join(term.expect_prompt(PROMPT).split())
    (row,) = table.review().rows
    assert "win before win after" in shown
    assert f"{row.chance_before:.1%} {row.chance_after:.1%}" in shown
    assert "win before/after: my chance to win" in shown and "race model" in shown


def test_chances_shows_each_moves_chance_to_win_on_my_turn(tmp_path: Path) -> None:
    deal = tc.Deal.random(2, seed=3)
    table = tc.Table(2, deal.hands[0], [deal.puzzles[1]])
    call = ADAPTER.grammar.parse(["chances"], table)
    shown = call.verb.do(table, call.values)
    assert shown.header == ("move", "chance to win", "95% interval")
    assert shown.rows[0][0].startswith(("accuse", "ask", "consult"))
    assert len(shown.rows) == 4 and "deals the clues allow" in shown.note
    assert "the same each time" in shown.note and "accusing once" in shown.note
    later = table.question(0, 1, "red", deal.answer(1, "red", side="left"), side="left")
    call = ADAPTER.grammar.parse(["chances"], later)
    with pytest.raises(InvalidInput, match="seat 1 acts now"):
        call.verb.do(later, call.values)
    mine = deal.puzzles[0]
    won = table.accused(mine.person, mine.location, mine.weapon, right=True)  # the game is over
    call = ADAPTER.grammar.parse(["chances"], won)
    with pytest.raises(InvalidInput, match="the game is over") as refused:
        call.verb.do(won, call.values)
    assert "None" not in str(refused.value)
    term = start(tmp_path, deal)
    term.send("chances")
    assert "chance to win" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_the_rulebook_s_german_words_with_or_without_umlauts(tmp_path: Path) -> None:
    deal = tc.Deal.random(2, seed=3)  # written down: deal.hands, deal.puzzles
    term = start(tmp_path, deal)
    table = tc.Table(2, deal.hands[0], list(deal.puzzles[1:]))
    answer = deal.answer(1, "weapon", side="left")
    near = {  # a slip: "did you mean", and nothing is noted
        "anklgen 0 falsch Duke Park Knife": "did you mean anklagen",
        f"befrage 1 Waffee {answer} links": "did you mean Waffe",
        f"befrage 1 Waffe {answer} linsk": "did you mean links",
    }
    term.refuses(near, PROMPT)
    term.send(f"befrage 1 Waffe {answer} links")  # "Befrage einen Zeugen"
    assert f"noted: I asked seat 1 about weapon (left card): {answer}" in term.expect_prompt(PROMPT)
    table = table.question(0, 1, "weapon", answer, "left")
    other = deal.answer(0, "location", side="right")
    term.send(f"q 1 0 Orte {other} rechte")
    assert f"seat 1 asked seat 0 about location (right card): {other}" in term.expect_prompt(PROMPT)
    table = table.question(1, 0, "location", other, "right")
    wrong = next(p for p, _ in table.ranked() if p != deal.puzzles[0])
    term.send(f"Anklage 0 falsch {wrong.person} {wrong.location} {wrong.weapon}")
    assert f"noted: my accusation {wrong} was wrong" in term.expect_prompt(PROMPT)
    term.send(f"q 1 0 Personen {deal.answer(0, 'person', side='left')} linke")
    assert "seat 1 asked seat 0 about person (left card)" in term.expect_prompt(PROMPT)
    term.send("Ermittlungsblatt")
    assert "informant" in term.expect_prompt(PROMPT)
    mine = deal.puzzles[0]
    term.send(f"Loesung 0 richtig {mine.person} {mine.location} {mine.weapon}")
    assert "The game is over: I won." in term.expect_prompt(PROMPT)


def test_every_set_up_example_is_a_puzzle_of_the_smallest_table_that_asks_for_it() -> None:
    # the prompt's "e.g." must be an answer the question takes: at 3 players Plaza is out
    # of the game, so "Nurse Plaza Rifle" for seat 2 was refused
    from deduce.games.thirteen_clues.play import GRAMMAR

    asked = {q.key: q for q in GRAMMAR.setup}
    shown = asked["hand"].example.split()
    assert set(shown) <= {card.name for card in tc.cards_in_play(2)}
    for seat in range(1, 6):
        example = asked[f"seat_{seat}"].example
        assert example is not None
        in_play = {card.name for card in tc.cards_in_play(seat + 1)}
        assert set(example.split()) <= in_play, (seat, example)
        shown += example.split()
    assert len(shown) == len(set(shown))  # no card twice: the examples fit one table


def test_a_german_player_reads_and_types_the_rulebook_s_words() -> None:
    """In German the advice writes the word the page's button carries (ask 1 gelb), the
    notebook names a colour as a noun (nach Gelb), the sheet says Waffe; every word is
    read back as the same move, and English stays as it was."""
    from deduce._internal.language import use_language
    from deduce.games.thirteen_clues.cards import shown_word

    table = tc.Table(2, ("Officer", "Parlor"), [("Duke", "Market", "Crossbow")])
    ask, question = tc.Ask(1, "yellow", "left"), tc.Question(0, 1, "yellow", 1, "left")
    assert ADAPTER.typed(ask) == "ask 1 yellow left"
    assert ADAPTER.show_clue(question) == "I asked seat 1 about yellow (left card): 1"
    assert ADAPTER.show_field("weapon") == "weapon" and shown_word("red", noun=True) == "red"
    with use_language("de"):
        assert ADAPTER.typed(ask) == "ask 1 gelb links"
        assert ADAPTER.show_clue(question) == "Du hast Platz 1 nach Gelb gefragt (Karte links): 1"
        assert (
            ADAPTER.show_field("weapon") == "Waffe" and shown_word("person", noun=True) == "Person"
        )
        call = ADAPTER.grammar.parse(["ask", "1", "gelb", "1", "links"], table)
        assert (call.values["about"], call.values["side"]) == ("yellow", "left")
        call = ADAPTER.grammar.parse(["accuse", "1", "falsch"], table)
        assert call.values["verdict"] == "wrong"


def test_a_seats_puzzle_is_read_in_german_at_set_up_too() -> None:
    from deduce.games.thirteen_clues.play import GRAMMAR

    questions = {q.key: q for q in GRAMMAR.setup}
    answers: dict[str, object] = {"players": 3}
    answers["hand"] = questions["hand"].read("Offizier Salon", answers)
    seat = questions["seat_1"]
    assert seat.read("Herzog Park Pistole", answers) == seat.read("Duke Park Gun", answers)
    assert seat.read("herzog park pistole", answers) == ("Duke", "Park", "Gun")
