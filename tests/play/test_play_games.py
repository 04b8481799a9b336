"""Every game through the real console script: the help's examples, set-up refusals,
saves that resume, and every name of every game accepted by every command."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from terminal import Terminal

from deduce.core import registry
from deduce.games import crime_writers as cw
from deduce.play import adapter
from deduce.play.session import COMMANDS, strategy_names
from deduce.search.fewest_moves import ranked_by

SCRIPT = str(Path(sys.executable).with_name("deduce"))
CONSOLE = [game.name for game in registry.declarations() if game.front_end]
"""The games that ``deduce play`` plays (every built-in game; a game without a console
front end is refused by name, tests/testing/test_plugin.py)."""


def setup(game: str) -> tuple[str, ...]:
    """Answers to every set-up question of ``game`` that start a sample game."""
    return registry.find(game).table_setup


def before(game: str, line: str) -> tuple[str, ...]:
    """The clue lines typed before the example ``line`` to make it possible: its verb's
    ``setting``, else the game's ``table_lines``, unless ``line`` is a line of the same
    verb as one of them."""
    for verb in adapter(game).grammar.verbs:
        if line in verb.examples and verb.setting:
            return verb.setting
    lines = registry.find(game).table_lines
    if line.split()[0] in {t.split()[0] for t in lines}:
        return ()
    return lines


def start(game: str, home: Path, *more: str) -> Terminal:
    given = {item.split("=")[0] for item in setup(game)}
    defaults = [
        f"{q.key}={q.default}"
        for q in adapter(game).grammar.setup
        if q.key not in given and q.default is not None
    ]
    options = [w for item in (*setup(game), *defaults) for w in ("--set", item)]
    term = Terminal(["play", game, "--no-autosave", *options, *more], home=home)
    term.expect_prompt(f"{game}> ")
    return term


def examples(game: str) -> list[str]:
    """Every example line of the game's ``help``: its clues and commands, then the
    session's commands."""
    verbs = (*adapter(game).grammar.verbs, *COMMANDS.verbs)
    return [e for verb in verbs for e in verb.examples if e != "quit"]


@pytest.mark.parametrize("game", CONSOLE)
def test_every_example_of_the_help_works(game: str, tmp_path: Path) -> None:
    prompt = f"{game}> "
    term = start(game, tmp_path)
    term.send("help")
    shown = term.expect_prompt(prompt)
    lines = examples(game)
    for line in lines:
        assert line in shown, line
    term.send("save start.json")
    term.expect_prompt(prompt)
    for line in lines:
        for earlier in before(game, line):
            term.send(earlier)
            assert "noted:" in term.expect_prompt(prompt)
        term.send(line)
        shown = term.expect_prompt(prompt)
        if (
            game == "crime-writers"
            and "Night watchman" in line
            and not hasattr(cw.Investigation, "asked")
        ):
            # a question in the player's own words needs Investigation.asked
            assert 'about "Night watchman" is not valid (not in the deck)' in shown
        else:
            assert "refused:" not in shown, (line, shown)
        term.send("load start.json")
        term.expect_prompt(prompt)
    term.send("quit")
    assert term.finish() == 0


@pytest.mark.parametrize("game", CONSOLE)
def test_a_save_resumes_with_resume_and_load(game: str, tmp_path: Path) -> None:
    prompt = f"{game}> "
    clue = next(
        line for verb in adapter(game).grammar.verbs if not verb.command for line in verb.examples
    )
    term = start(game, tmp_path)
    term.send(clue)
    assert "noted:" in term.expect_prompt(prompt)
    term.send("history")
    history = term.expect_prompt(prompt).strip().splitlines()[1:]
    term.send("save game.json")
    assert "Saved 1 clue in game.json." in term.expect_prompt(prompt)
    term.send("quit")
    assert term.finish() == 0

    again = Terminal(["play", "--resume", "game.json", "--no-autosave"], home=tmp_path)
    assert "Resumed 1 clue from game.json." in again.expect_prompt(prompt)
    again.send("history")
    assert again.expect_prompt(prompt).strip().splitlines()[1:] == history
    again.send("quit")
    assert again.finish() == 0

    fresh = start(game, tmp_path)
    fresh.send("load game.json")
    assert "Loaded 1 clue from game.json." in fresh.expect_prompt(prompt)
    fresh.send("history")
    assert fresh.expect_prompt(prompt).strip().splitlines()[1:] == history
    fresh.send("quit")
    assert fresh.finish() == 0


NAMES = [
    (entry.name, name)
    for entry in registry.declarations()
    if entry.front_end
    for name in (entry.name, *entry.aliases)
]


@pytest.mark.parametrize(("game", "name"), NAMES)
def test_every_command_takes_every_name_of_a_game(game: str, name: str, tmp_path: Path) -> None:
    term = Terminal(["play", name, "--no-autosave"], home=tmp_path)
    term.expect(f"{adapter(game).title}: set-up")
    term.kill()
    demo = subprocess.run(
        [SCRIPT, "demo", name, "--seed", "1"], capture_output=True, text=True, timeout=300
    )
    assert demo.returncode == 0, demo.stdout + demo.stderr
    declared = registry.find(game)
    if declared.solo is not None:  # played alone over dealt games, from its sample set-up
        options = [w for answer in declared.table_setup for w in ("--set", answer)]
        options += ["--games", "2"]
    else:
        options = [] if game == "kreuzverhoer" else ["--set", "pegs=2"]
    simulate = subprocess.run(
        [SCRIPT, "simulate", name, "--executor", "serial", *options],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if declared.simulated or declared.solo is not None:
        assert simulate.returncode == 0, simulate.stdout + simulate.stderr
    else:  # refused for what it is, not for its name
        shown = " ".join(simulate.stdout.split())
        assert "its hidden worlds are not one secret each" in shown, shown


def test_set_up_keys_are_listed_in_the_help() -> None:
    for game in CONSOLE:
        shown = subprocess.run(
            [SCRIPT, "play", game, "--help"], capture_output=True, text=True, timeout=60
        ).stdout
        for question in adapter(game).grammar.setup:
            assert re.search(rf"^  {question.key}=", shown, re.MULTILINE), (game, question.key)
    shown = subprocess.run(
        [SCRIPT, "play", "--help"], capture_output=True, text=True, timeout=60
    ).stdout
    assert "questionings=12" in shown and "seat_1=" in shown and "black_only=no" in shown


def test_bsi_set_up_refuses_each_answer_at_its_prompt(tmp_path: Path) -> None:
    term = Terminal(["play", "bsi", "--no-autosave"], home=tmp_path)
    term.expect("You are seat 0; the others are numbered clockwise 1, 2, 3.")
    players = "Players (at the table, 2 to 4) [2]: "
    term.expect(players)
    term.send("7")
    term.expect('refused: players "7" is not valid; expected a number from 2 to 4')
    term.expect(players)
    term.send("3")
    term.expect("Case (your own case; e.g. man/night/inside/gun): ")
    term.send("man/night/inside/gun")
    hand = "Hand (your 3 cards; e.g. woman/night/outside/gun woman/knife man/day): "
    term.expect(hand)
    term.send("man/night/inside/gun woman/knife")
    term.expect('refused: hand "man/night/inside/gun woman/knife" is not valid (2 given)')
    term.expect(hand)
    term.send("man/night/inside/gun woman/knife man/day")
    shown = " ".join(term.expect(hand).split())
    assert "(man/night/inside/gun is your own case); expected 3 cards other than your case" in shown
    term.send("woman/day/inside/gun woman/knife man/day")
    term.expect("First (the seat that starts, 0 is you) [0]: ")
    term.send("3")
    term.expect('refused: first "3" is not valid; expected a number from 0 to 2')
    term.send("2")
    term.expect("Box (")
    term.send("man/day woman/night")
    term.expect('refused: box "man/day woman/night" is not valid (2 given)')
    term.send("")
    shown = term.expect_prompt("bsi> ")
    assert "Seat 2's turn: seat 2 lays a card" in shown
    term.send("quit")
    assert term.finish() == 0


def test_mastermind_set_up_checks_pegs_with_the_colours_given(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "mastermind", "--no-autosave", "--set", "pegs=8", "--set", "colours=3"],
        home=tmp_path,
    )
    term.expect("Black only (only black pegs are given: yes or no) [no]: ")
    term.send("")
    term.expect("Limit")
    term.send("")
    assert "6561 solutions left" in term.expect_prompt("mastermind> ")  # 3 ** 8
    term.send("quit")
    assert term.finish() == 0

    term = Terminal(["play", "mastermind", "--no-autosave"], home=tmp_path)
    term.expect("Pegs (in a code, 1 to 8) [4]: ")
    term.send("8")
    term.expect("Colours (2 to 9) [6]: ")
    term.send("")  # 6 ** 8 codes are too many: refused here, and pegs=8 is kept
    term.expect(
        "refused: colours 6 is not valid (6 ** 8 codes is too many); expected at most 5 "
        "colours with 8 pegs"
    )
    term.expect("Colours (2 to 9) [6]: ")
    term.send("3")
    term.expect("Black only")
    term.send("yes")
    term.expect("Limit")
    term.send("")
    assert "6561 solutions left" in term.expect_prompt("mastermind> ")
    term.send("quit")
    assert term.finish() == 0


def test_strategy_names_the_one_in_use_and_the_others(tmp_path: Path) -> None:
    term = start("mastermind", tmp_path)
    default = adapter("mastermind").investigation_type.default_strategy
    term.send("1234 0 2")  # the lookahead: the optimum is not tried, whatever is cached
    used = ranked_by(adapter("mastermind").investigation_type().guess("1234", 0, 2), default)
    assert used == "lookahead: the optimum would take over a second here"
    assert f"(moves ranked by {used})" in " ".join(term.expect_prompt("mastermind> ").split())
    term.send("strategy")
    shown = " ".join(term.expect_prompt("mastermind> ").split())
    assert f"Moves are ranked by {default} (the game's default)." in shown
    names = strategy_names(adapter("mastermind").investigation_type())
    assert names[:2] == ["entropy", "minimax"]
    assert f"Strategies: {', '.join(names)}." in shown
    term.send("strategy minimax")
    assert "(moves ranked by minimax)" in term.expect_prompt("mastermind> ")
    term.send("strategy")
    assert "Moves are ranked by minimax." in term.expect_prompt("mastermind> ")
    term.send("x" * 5000)
    shown = term.expect_prompt("mastermind> ")
    assert "(5000 characters)" in shown and "x" * 100 not in shown.split("\n", 1)[1]
    term.send("quit")
    assert term.finish() == 0


def test_kreuzverhoer_tab_after_ask_completes_crimes(tmp_path: Path) -> None:
    term = start("kreuzverhoer", tmp_path)
    term.type("ask M\t")  # Mord is the one crime starting with M (Messer, München are not)
    term.expect("Mord")
    term.type("Ber\t")
    term.expect("Berlin")
    term.send("juri messer 1")
    assert "noted: questioning Mord / Berlin / Juri L. / Messer: 1 right" in term.expect_prompt(
        "kreuzverhoer> "
    )
    term.send("quit")
    assert term.finish() == 0


def test_setup_answers_given_in_advance_use_the_prompt_s_words() -> None:
    for game in CONSOLE:
        answers = setup(game)
        line = " ".join(shlex.quote(a) for a in answers)
        assert all(
            a.split("=")[0] in [q.key for q in adapter(game).grammar.setup] for a in answers
        ), line
