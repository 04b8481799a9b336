"""The console in the player's language: German from the locale or ``--lang``, English
with ``LANG=C``; the set-up, the help, the notebook, clues, refusals and the review of a
whole short session, read as a player reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from terminal import Terminal

from deduce.core import registry
from deduce.play import adapter

GAMES = ("kreuzverhoer", "thirteen-clues")

# Words of an English sentence; none may be left in a German session (the words a
# player types, such as the verb ``is`` or the answer ``no``, are not among them).
ENGLISH = ("the", "are", "you", "your", "of", "and", "not", "with", "expected", "refused")
ENGLISH += ("solutions", "turn", "clue", "clues", "move", "moves", "asked", "sees")


def _session(
    game: str, home: Path, args: tuple[str, ...], environment: dict[str, str | None]
) -> str:
    """A short session of ``game``: its set-up answered at each prompt, ``help``, the
    sample clues, two refused lines, ``why``, ``history``, ``undo``, ``review``;
    everything the console showed."""
    declaration = registry.find(game)
    answers = dict(item.split("=", 1) for item in declaration.table_setup)
    term = Terminal(["play", game, "--no-autosave", *args], home=home, environment=environment)
    given: dict[str, object] = {}
    for question in adapter(game).grammar.setup:
        if not question.applies(given):
            continue
        term.expect(": ")
        answer = answers.get(question.key, "")
        term.send(answer)
        given[question.key] = question.read(answer or question.default or "", given)
    prompt = f"{game}> "
    term.expect_prompt(prompt)
    for line in ("help", *declaration.table_lines[:2], "xyzzy 42", "ask 9"):
        term.send(line)
        term.expect_prompt(prompt)
    for line in ("why", "history", "undo", "review"):
        term.send(line)
        term.expect_prompt(prompt)
    term.send("quit")
    assert term.finish() == 0
    return term.seen


def _english_words(seen: str, game: str) -> list[str]:
    shown = "\n".join(line for line in seen.splitlines() if not line.startswith(f"{game}> "))
    return [w for w in ENGLISH if re.search(rf"\b{w}\b", shown, flags=re.IGNORECASE)]


@pytest.mark.parametrize("game", GAMES)
def test_a_german_locale_plays_in_german(game: str, tmp_path: Path) -> None:
    seen = _session(game, tmp_path, (), {"LC_ALL": None, "LANG": "de_DE.UTF-8"})
    for german in ("Aufbau", "Lösungen übrig", "Hinweiszeilen", "abgelehnt:", "zurückgenommen:"):
        assert german in seen, german
    assert "ist ungültig; erwartet" in " ".join(seen.split())
    assert _english_words(seen, game) == [], seen


@pytest.mark.parametrize("game", GAMES)
def test_the_c_locale_plays_in_english(game: str, tmp_path: Path) -> None:
    seen = _session(game, tmp_path, (), {"LC_ALL": None, "LANG": "C"})
    for english in ("solutions left", "clue lines", "refused:", "undone:"):
        assert english in seen, english
    for german in ("Lösungen", "abgelehnt", "Aufbau"):
        assert german not in seen


def test_lang_comes_before_the_locale(tmp_path: Path) -> None:
    german = _session("kreuzverhoer", tmp_path, ("--lang", "de"), {"LC_ALL": "C.UTF-8"})
    assert "Lösungen übrig" in german
    english = _session("kreuzverhoer", tmp_path, ("--lang", "en"), {"LC_ALL": "de_DE.UTF-8"})
    assert "solutions left" in english and "Lösungen" not in english


def test_a_language_deduce_does_not_speak_is_refused_with_the_choices(tmp_path: Path) -> None:
    term = Terminal(["play", "kreuzverhoer", "--lang", "fr"], home=tmp_path)
    assert term.finish() == 2
    assert "invalid choice: 'fr' (choose from en, de)" in term.seen or (
        "invalid choice: 'fr' (choose from 'en', 'de')" in term.seen
    )
