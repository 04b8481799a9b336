"""End-to-end tests of ``deduce play bsi``: the real console script in a pty."""

from __future__ import annotations

from pathlib import Path

from terminal import Terminal

from deduce.games import bsi

PROMPT = "bsi> "
BOX = (
    "Box (your box's 12 cards of 2 and 3 pieces, a box file (TOML), or any; "
    "e.g. my-box.toml) [any]: "
)
MINE = bsi.Case.parse("man/night/inside/gun")
SECRET = bsi.Case.parse("woman/day/outside/knife")  # seat 1's case
HAND = ["woman/night/outside/gun", "woman/knife", "man/day"]
SMALL = [card for card in bsi.CARDS if card.size < 4]


def field(case: bsi.Case, card: bsi.Card) -> str:
    matches = case.matches(card)
    return "0/1" if matches < 2 else str(matches)


def start(home: Path, *args: str) -> Terminal:
    term = Terminal(["play", "bsi", *args], home=home)
    term.expect("Players (at the table, 2 to 4) [2]: ")
    term.send("")
    term.expect("Case (your own case; e.g. man/night/inside/gun): ")
    term.send(str(MINE))
    term.expect("Hand (your 3 cards; e.g. woman/night/outside/gun woman/knife man/day): ")
    term.send(" ".join(HAND))
    term.expect("First (the seat that starts, 0 is you) [0]: ")
    term.send("")
    term.expect(BOX)
    term.send("")
    term.expect_prompt(PROMPT)
    return term


def test_full_game_until_i_solve_the_case(tmp_path: Path) -> None:
    table = bsi.Table(2, case=MINE, hand=HAND)
    term = start(tmp_path)
    # every card exists once: my draws and seat 1's cards are all different
    unused = [card for card in SMALL if str(card) not in HAND]
    my_draws = iter(unused[:28])
    their_cards = iter(unused[28:])
    for _ in range(20):
        best = table.recommend_play(top=1)[0].action
        card, where = best.card, field(SECRET, best.card)
        term.send(f"lay {card} 1 {where}")
        table = table.played(card, 1, where if where == "0/1" else int(where))
        shown = term.expect_prompt(PROMPT)
        assert f"noted: seat 0 lays {card} at seat 1: field {where}" in shown
        count = len(table.solutions())
        assert f"{count} solution{'s' if count != 1 else ''} left" in shown
        solved = table.solved_case(1)
        if solved is not None:
            assert solved == SECRET
            assert shown.count(f"Worth solving now: seat 1 is {SECRET}") == 1
            assert f"  solve 1 {SECRET} " in shown  # the choices, as lines to type
            term.send(f"solve 1 {SECRET} 3 right")
            table = table.attempt(1, SECRET, 3, correct=True)
            shown = term.expect_prompt(PROMPT)
            assert f"Scores: seat 0: {table.scores()[0]}, seat 1: 0." in shown
            assert table.scores()[0] > 0
            break
        drawn = next(my_draws)
        term.send(f"draw {drawn}")
        table = table.drew(drawn)
        term.expect_prompt(PROMPT)
        theirs = next(their_cards)
        term.send(f"lay {theirs} 0 {field(MINE, theirs)}")
        term.expect_prompt(PROMPT)
        term.send("draw")
        table = table.played(theirs, 0, field(MINE, theirs)).drew()
        shown = term.expect_prompt(PROMPT)
        assert "My turn: lay a card" in shown
    else:
        raise AssertionError("the case was not solved")
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "bsi.json"
    assert bsi.Table.from_json(saved.read_text()) == table


def test_bad_lines_undo_and_resume(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("lay woman/knife 1 2")
    term.expect_prompt(PROMPT)
    bad = {
        "lay woman/knife 1": 'the line "lay woman/knife 1" is not valid (FIELD is missing)',
        "lay purple/knife 1 2": 'refused: card "purple/knife" is not valid',
        "lay man/day 1 4": 'refused: field "4" is not valid; expected one of 0/1, 0, 1, 2',
        "solve 1 woman/day 3 right": 'refused: case "woman/day" is not valid',
        "solve 1 woman/day/outside/knife 3 maybe": 'refused: verdict "maybe" is not valid',
        "lay man/day 1 0/1": 'refused: move "lay" is not valid (seat 0 has laid a card this '
        "turn already); expected an attempt or a draw",
        "solve 1 woman/day/outside/knife 3 right wrong": '("wrong" is one word too many)',
        "solve 1 woman/day/outside/knife 3 right revealed": "(CARD after revealed is missing)",
        "solve 1 woman/day/outside/knife 3 right revealed man/day new": "(CASE after new is "
        "missing)",
        "solve 1 woman/day/outside/knife 4 right": 'refused: drops "4" is not valid; expected a '
        "number from 1 to 3",
    }
    term.refuses(bad, PROMPT)  # the terminal fails on any traceback or internal error
    term.send("history")
    shown_lines = term.expect_prompt(PROMPT).strip().splitlines()[1:]
    assert shown_lines == ["1. seat 0 lays woman/knife at seat 1: field 2"]
    term.send("draw man/gun")
    term.expect_prompt(PROMPT)
    term.send("lay man/day 0 2")  # seat 1 cannot lay a card that is in my hand
    assert 'refused: card "man/day" is not valid (it is in your hand)' in term.expect_prompt(PROMPT)
    term.send("lay man/outside 0 2")
    shown = term.expect_prompt(PROMPT)
    assert "refused: field 2 is not valid (your case man/night/inside/gun" in shown
    term.send("undo")
    assert "undone: seat 0 draws man/gun" in term.expect_prompt(PROMPT)
    term.send("attempts")
    assert "case" in term.expect_prompt(PROMPT)
    term.kill()

    again = Terminal(["play", "bsi", "--resume"], home=tmp_path)
    shown = again.expect_prompt(PROMPT)
    assert "Resumed 1 clue from" in shown
    assert "My hand: woman/night/outside/gun man/day." in shown
    again.send("quit")
    assert again.finish() == 0


def test_the_console_names_each_step_and_advises_once_the_case_is_certain(tmp_path: Path) -> None:
    mine, theirs = "woman/day/outside/knife", "man/night/inside/gun"  # written down first
    hand = ["man/day/outside/gun", "man/inside/gun", "man/night/knife"]
    term = Terminal(["play", "bsi"], home=tmp_path)
    for question, answer in (("Players", "2"), ("Case", mine), ("Hand", " ".join(hand))):
        term.expect(question)
        term.send(answer)
    for question in ("First", "Box"):
        term.expect(question)
        term.send("")

    def say(line: str | None = None) -> str:
        if line is not None:
            term.send(line)
        shown = " ".join(term.expect_prompt(PROMPT).split())
        assert "refused" not in shown, shown
        return shown

    assert "My turn: lay a card at a grid (lay CARD SEAT FIELD)." in say()
    shown = say("lay man/day/outside/gun 1 2")
    assert (
        "My turn: try to solve a case (solve SEAT CASE DROPS [right|wrong] [new CASE] "
        "[revealed CARD ...]) or draw to end the turn (draw [CARD])." in shown
    )
    assert "Seat 1's turn: seat 1 lays a card at a grid (lay CARD SEAT FIELD)." in say(
        "draw woman/night"
    )
    assert (
        "Seat 1's turn: seat 1 tries to solve a case (solve SEAT CASE DROPS [right|wrong] "
        "[new CASE] [revealed CARD ...]) or draws to end the turn (draw [CARD])."
        in say(f"lay woman/day 0 {field(bsi.Case.parse(mine), bsi.Card.parse('woman/day'))}")
    )
    say("draw")
    shown = say("lay man/inside/gun 1 3")  # seat 1's case is certain now, not solved yet
    assert f"Certain: seat 1 is {theirs}" in shown and "Solved" not in shown
    say("draw man/outside")
    say("lay night/outside 0 0/1")
    shown = say("draw")  # my turn again: the case is still certain, a card must be laid
    table = bsi.Table(2, case=mine, hand=hand)
    table = table.played("man/day/outside/gun", 1, 2).drew("woman/night")
    table = table.played("woman/day", 0, 2).drew().played("man/inside/gun", 1, 3)
    table = table.drew("man/outside").played("night/outside", 0, "0/1").drew()
    assert "My turn: lay a card at a grid" in shown
    assert "Lays by points expected" in shown
    for option in table.lay_options()[:3]:
        assert f"lay {option.play.card} at seat {option.play.target}: {option.points:.2f}" in shown
    assert "100% a certain case" in shown and "Solved" not in shown
    term.send("quit")
    assert term.finish() == 0
