"""End-to-end tests of ``deduce play kreuzverhoer``: the real console script in a pty."""

from __future__ import annotations

from pathlib import Path

from terminal import Terminal

from deduce.games import kreuzverhoer as kv
from deduce.play.adapter import word

PROMPT = "kreuzverhoer> "


def start(home: Path, *args: str, case: str = "", hand: str = "", first: str = "") -> Terminal:
    term = Terminal(["play", "kreuzverhoer", *args], home=home)
    term.expect("Deck (a deck file (TOML), or default; e.g. my-deck.toml) [default]: ")
    term.send("")
    term.expect("Counting (each: that many for every player; total: shared, half each) [each]: ")
    term.send("")
    term.expect(
        "Questionings (questionings allowed, for each player or in total as Counting says) [12]: "
    )
    term.send("")
    term.expect(
        "Skips use up (a questioning skipped after Lawyer or Suspension counts as used) [yes]: "
    )
    term.send("")
    term.expect(
        "Repeats (the answering player may name a detail twice; no: the faster variant) [yes]: "
    )
    term.send("")
    term.expect("Case (the case you chose for your opponent; none: you say every answer; e.g. ")
    term.send(case)
    term.expect("Hand (your 3 action cards; none: not followed; e.g. profiler lawyer refusal)")
    term.send(hand)
    term.expect("First (who questions first: me or opponent) [me]: ")
    term.send(first)
    term.expect_prompt(PROMPT)
    return term


def line(guess: kv.Guess, correct: int) -> str:
    return "ask " + " ".join(word(name) for name in guess) + f" {correct}"


def right(secret: kv.Case, guess: kv.Guess) -> int:
    return sum(a == b for a, b in zip(secret, guess, strict=True))


def test_full_game_follows_the_recommendations(tmp_path: Path) -> None:
    secret = kv.Case("Überfall", "Ulm", "Nora M.", "Brechstange")
    inv = kv.Investigation()
    term = start(tmp_path)
    for _ in range(12):
        guess = inv.recommend(top=1)[0].action
        correct = right(secret, guess)
        term.send(line(guess, correct))
        inv = inv.questioning(*guess, correct=correct)
        shown = term.expect_prompt(PROMPT)
        assert f"noted: questioning {guess}: {correct} right" in shown
        count = len(inv.solutions())
        assert f"{count} solution{'s' if count != 1 else ''} left" in shown
        assert f"Questionings made: {inv.questionings}, left: {inv.questionings_left}" in shown
        if inv.solved is not None:
            assert f"Solved: {secret}" in shown
            break
        best = inv.recommend(top=1)[0]
        assert f"{best.action}" in shown.split("next move")[1].splitlines()[1]
    assert inv.solved == secret
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "kreuzverhoer.json"
    assert kv.Investigation.from_json(saved.read_text()) == inv


def test_cards_undo_why_and_resume(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("ask mord berlin juri messer 1")
    term.expect_prompt(PROMPT)
    term.send("cards profiler informant confrontation")
    shown = term.expect_prompt(PROMPT)
    ranked = kv.Investigation().questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    values = ranked.rank_cards(["profiler", "informant", "confrontation"])
    rows = [r.split()[0] for r in shown.splitlines()[2:] if r.strip()]
    assert rows == [v.card for v in values]
    assert any("Juri L." in row and "forbids it" in row for row in shown.splitlines())
    term.send("informant ulm bremen")
    shown = term.expect_prompt(PROMPT)
    assert 'refused: card "informant" is not valid (Juri L. was laid and forbids it)' in shown
    term.send("single einbruch")
    assert "noted: Einzelverhör: not Einbruch" in term.expect_prompt(PROMPT)
    term.send("why crime=einbruch")
    shown = term.expect_prompt(PROMPT)
    assert "crime≠Einbruch follows from:" in shown
    assert "2. Einzelverhör: not Einbruch" in shown
    assert "1. questioning" not in shown  # the card needs it to be played, not to say it
    term.send("undo")
    assert "undone: Einzelverhör: not Einbruch" in term.expect_prompt(PROMPT)
    term.send("out weapon=gift,messer scene=ulm")
    assert "noted: ruled out: scene not Ulm; weapon not Gift or Messer" in term.expect_prompt(
        PROMPT
    )
    term.send("is suspect=nora")
    term.expect_prompt(PROMPT)
    term.kill()

    again = Terminal(["play", "kreuzverhoer", "--resume"], home=tmp_path)
    assert "Resumed 3 clues" in again.expect_prompt(PROMPT)
    again.send("history")
    shown = again.expect_prompt(PROMPT)
    assert "3. confirmed: suspect Nora M." in shown
    again.send("ask mord berlin juri messer 4")
    shown = again.expect_prompt(PROMPT)
    assert "cannot be true" in shown and "1. questioning Mord / Berlin / Juri L. / Messer" in shown
    again.send("why")
    assert "was refused because it cannot be true together with:" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0


def test_bad_lines(tmp_path: Path) -> None:
    term = start(tmp_path)
    bad = {
        "ask mord berlin juri 1": 'refused: weapon "1" is not valid',
        "ask mord paris juri messer 1": 'refused: scene "paris" is not valid',
        "ask mord berlin juri messer 5": 'refused: N "5" is not valid; expected a number from 0 '
        "to 4",
        "ask mord berlin juri messer x": 'refused: N "x" is not valid',
        "out weapon=Gift weapon=Messer": 'refused: weapon "Messer" is not valid (weapon is said '
        "twice)",
        "out weapon=Gift,,Messer": 'refused: weapon "Gift,,Messer" is not valid; expected names '
        "separated by single commas",
        "out weapon=Gift,": 'refused: weapon "Gift," is not valid',
        "out weapon=gift,gif": 'refused: weapon "gift,gif" is not valid (a repeat)',
        "out weapon=Gift card=profiler card=informant": 'refused: card "informant" is not '
        "valid (it is said twice)",
        "is suspect=nora suspect=juri": 'refused: suspect "Juri L." is not valid (suspect is '
        "said twice)",
        "site wrong": "no questioning yet",
        "frobnicate": 'refused: the line "frobnicate" is not valid ("frobnicate" is neither); '
        "expected a clue (ask, single",
        "out weapon": 'refused: fact "weapon" is not valid',
        "defence umbrella": 'refused: card "umbrella" is not valid',
        "cards": 'refused: the line "cards" is not valid (CARD is missing)',
    }
    term.refuses(bad, PROMPT)  # the terminal fails on any traceback or internal error
    term.send("history")
    assert "No clues yet." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
