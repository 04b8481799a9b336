"""End-to-end tests of ``deduce play 13clues``: the real console script in a pty."""

from __future__ import annotations

from pathlib import Path

from terminal import Terminal

from deduce.games import thirteen_clues as tc

PROMPT = "thirteen-clues> "


def start(home: Path, deal: tc.Deal, *args: str) -> Terminal:
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
    term.expect_prompt(PROMPT)
    return term


def investigation(deal: tc.Deal) -> tc.Investigation:
    puzzles = {s: deal.puzzles[s] for s in range(1, deal.players)}
    return tc.Investigation(deal.players, deal.hands[0], puzzles)


def test_full_game_follows_the_recommendations(tmp_path: Path) -> None:
    deal = tc.Deal.random(4, seed=0)
    inv = investigation(deal)
    term = start(tmp_path, deal)
    shown_cards: list[str] = []
    for _ in range(30):
        action = inv.recommend(top=1)[0].action
        if isinstance(action, tc.Ask):
            answer = deal.answer(action.witness, action.about, side=action.side)
            term.send(f"ask {action.witness} {action.about} {answer}")
            inv = inv.question(0, action.witness, action.about, answer)
            noted = f"noted: I asked seat {action.witness} about {action.about}: {answer}"
        else:
            card = next(c for c in deal.informants if c not in shown_cards)
            shown_cards.append(card)
            term.send(f"informant {card}")
            inv = inv.informant(card)
            noted = f"noted: the informant showed me the {card}"
        shown = term.expect_prompt(PROMPT)
        assert noted in shown
        count = len(inv.solutions())
        assert f"{count} solution{'s' if count != 1 else ''} left" in shown
        if inv.solved is not None:
            assert f"Solved: {deal.puzzles[0]}" in shown
            break
        best = inv.recommend(top=1)[0].action
        first = shown.split("next move")[1].splitlines()[1]
        expected = (
            f"ask {best.witness} {best.about}"
            if isinstance(best, tc.Ask)
            else "consult the informant"
        )
        assert first.strip().startswith(expected)
    assert inv.solved == deal.puzzles[0]
    term.send("accuse")
    assert f"Accuse {deal.puzzles[0]}: certain." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "13clues.json"
    assert tc.Investigation.from_json(saved.read_text()) == inv


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
        "ask 1 purple 1 middle": 'refused: left|right "middle" is not valid; expected one of left',
        "ask 1 gray 1 left": 'refused: about "gray" is not valid',
        "informant Unicorn": 'refused: card "Unicorn" is not valid',
        "accused Duke Park": 'refused: the line "accused Duke Park" is not valid (WEAPON is '
        "missing)",
        "ask 1 person x left": 'refused: N "x" is not valid; expected a number from 0 to 13',
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
    seat = "Seat 1 (the puzzle in front of seat 1: person location weapon; e.g. Duke Park Gun): "
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
    in_play = [c.name for c in tc.cards_in_play(3)]
    card = next(n for n in unseen if sum(m.startswith(n[:3]) for m in in_play) == 1)
    term.type(f"informant {card[:3]}\t")
    term.expect(card)
    term.send("")
    shown = term.expect_prompt(PROMPT)
    assert f"noted: the informant showed me the {card}" in shown
    term.send("quit")
    assert term.finish() == 0
