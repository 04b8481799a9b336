"""End-to-end tests of ``deduce play crime-writers``: the real console script in a pty."""

from __future__ import annotations

import shlex
from pathlib import Path

from terminal import Terminal

import deduce
from deduce.games import crime_writers as cw

PROMPT = "crime-writers> "

# The writer drew three cards and invented the motive and the scene.
DRAWN = {"who": "Butler", "whom": "Heiress", "how": "Screwdriver"}
INVENTED = {"why": "Stage fright", "where": "Moonlit attic"}


def start(home: Path, *args: str) -> Terminal:
    term = Terminal(["play", "crime-writers", *args], home=home)
    term.expect("Deck (a deck file (TOML), or example; e.g. my-deck.toml) [example]: ")
    term.send("")
    term.expect_prompt(PROMPT)
    return term


def reply(deck: cw.Deck, question: cw.Question) -> str:
    """The writer's truthful reply (an invented element lacks every tag asked)."""
    card_text = DRAWN.get(question.element)
    if card_text is None:
        return "no"
    card = deck.card(cw.DECK_OF[question.element], card_text)
    if question.about in deck.tags(cw.DECK_OF[question.element]):
        return "yes" if card.status(question.about) == "has" else "no"
    return "yes" if question.about == card_text else "no"


def test_full_game_follows_the_recommendations(tmp_path: Path) -> None:
    deck = cw.Deck.example()
    inv = cw.Investigation(deck)
    term = start(tmp_path)
    for _ in range(80):
        best = inv.recommend(top=1)[0]
        if best.information < 1e-9:
            break
        question = best.action
        answer = reply(deck, question)
        term.send(f"ask {question.element} {shlex.quote(question.about)} {answer}")
        inv = inv.answer(question.element, question.about, answer)
        shown = term.expect_prompt(PROMPT)
        assert f"noted: {question.element}: {question.about}? {answer}" in shown
        count = len(inv.solutions())
        assert f"{count} solution{'s' if count != 1 else ''} left" in shown
    for element, text in DRAWN.items():
        assert inv.marginals()[element][text] == 1.0
    for element, text in {**DRAWN, **INVENTED}.items():
        term.send(f"found {element} {shlex.quote(text)}")
        inv = inv.found(element, text)
        term.expect_prompt(PROMPT)
    story = cw.Story(**{**DRAWN, **INVENTED})
    assert inv.solved == story
    term.send("show")
    assert f"Solved: {story}" in term.expect_prompt(PROMPT)
    term.send("each")
    assert "No question can teach anything more." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "crime-writers.json"
    assert cw.Investigation.from_json(saved.read_text()) == inv


def test_replies_found_seen_undo_and_resume(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("ask how weapon not important")
    assert "noted: how: weapon? not characteristic" in term.expect_prompt(PROMPT)
    term.send("ask how weapon almost")
    term.expect_prompt(PROMPT)
    term.send("candidates how")
    shown = term.expect_prompt(PROMPT)
    expected = cw.Investigation(cw.Deck.example()).answer("how", "weapon", "almost")
    first = [text for text, _ in expected.candidates("how")][:3]
    rows = [line.strip() for line in shown.splitlines()[2:5]]
    assert [r.rsplit(maxsplit=1)[0] for r in rows] == first
    term.send("seen Butler Knife")
    shown = term.expect_prompt(PROMPT)
    assert "noted: not in the story: Knife (causes)" in shown
    term.send("history")
    shown = term.expect_prompt(PROMPT)
    assert "3. not in the story: Butler (persons)" in shown
    assert "4. not in the story: Knife (causes)" in shown
    term.send("found who Butler")  # a card's wording: the card, unless refused as impossible
    shown = term.expect_prompt(PROMPT)
    known = cw.Investigation(cw.Deck.example()).answer("how", "weapon", "not important")
    known = known.answer("how", "weapon", "almost").seen("Butler", "Knife")
    try:
        noted = known.found("who", "Butler").clues[-1]
    except deduce.Contradiction:
        assert "cannot be true" in shown and "3. not in the story: Butler (persons)" in shown
    else:
        assert f"noted: who found: {noted.text}" in shown
        term.send("undo")
        term.expect_prompt(PROMPT)
    term.send("found who Butler invented")
    assert "noted: who found: Butler (invented)" in term.expect_prompt(PROMPT)
    term.send("undo")
    assert "undone: who found: Butler (invented)" in term.expect_prompt(PROMPT)
    bad = {
        "ask how weapon maybe": 'refused: reply "maybe" is not valid',
        "ask what weapon no": 'refused: element "what" is not valid',
        "ask how": 'refused: the line "ask how" is not valid (ABOUT is missing)',
        "found how": 'refused: the line "found how" is not valid (WORDING is missing)',
        "seen Unicorn": 'refused: card "Unicorn" is not valid',
        "found how Poisxx": 'refused: wording "Poisxx" is not valid (it is close to a card\'s '
        "wording); expected a card's exact wording (Poison), or `found how WORDING invented`",
        "found how pois": 'refused: wording "pois" is not valid (it is close to a card\'s wording)',
        "candidates": 'refused: the line "candidates" is not valid (ELEMENT is missing)',
    }
    term.refuses(bad, PROMPT)  # the terminal fails on any traceback or internal error
    term.send("found how Poisxx invented")  # said explicitly: a wording made up
    assert "noted: how found: Poisxx (invented)" in term.expect_prompt(PROMPT)
    term.kill()

    again = Terminal(["play", "crime-writers", "--resume"], home=tmp_path)
    assert "Resumed 5 clues" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0
