"""End-to-end tests of ``deduce play mastermind``: the real console script in a pty."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from places import ROOT
from terminal import Terminal

from deduce.games.mastermind import Game, Investigation

PROMPT = "mastermind> "
PEGS = "Pegs (in a code, 1 to 8) [4]: "
COLOURS = "Colours (2 to 9) [6]: "
BLACK_ONLY = "Black only (only black pegs are given: yes or no) [no]: "
LIMIT = "Limit (the guesses allowed, 1 to 64) [10]: "
STRATEGY = getattr(Investigation, "default_strategy", "entropy")


def start(home: Path, *args: str) -> Terminal:
    """A session with the default set-up answered by pressing Enter."""
    term = Terminal(["play", "mastermind", *args], home=home)
    for question in (PEGS, COLOURS, BLACK_ONLY, LIMIT):
        term.expect(question)
        term.send("")
    term.expect_prompt(PROMPT)
    return term


def autosave(home: Path) -> Path:
    return home / "state" / "deduce" / "mastermind.json"


def saved_clues(path: Path) -> list[dict[str, object]]:
    clues: list[dict[str, object]] = json.loads(path.read_text())["clues"]
    return clues


def test_full_game_follows_the_recommendations(tmp_path: Path) -> None:
    game = Game()
    secret = "3632"
    inv = game.investigation()
    term = start(tmp_path)
    for _ in range(8):
        best = inv.recommend(top=1, strategy=STRATEGY)[0]
        black, white = game.feedback(secret, best.action)
        term.send(f"{best.action} {black} {white}")
        inv = inv.guess(best.action, black=black, white=white)
        shown = term.expect_prompt(PROMPT)
        assert f"noted: {best.action}: {black} black, {white} white" in shown
        count = len(inv.solutions())
        assert f"{count} solution{'s' if count != 1 else ''} left" in shown
        if inv.solved is not None:
            if black == 4:
                assert f"Solved: {secret}" in shown
                break
            assert f"Deduced: {secret} (the only code left: guess it to win)" in shown
            assert "Solved" not in shown
            assert "next move" not in shown
            continue
        next_best = inv.recommend(top=1, strategy=STRATEGY)[0]
        rows = [line.split() for line in shown.splitlines()]
        header = rows.index(["next", "move", "information", "answers", "worst", "case"])
        assert rows[header + 1][0] == str(next_best.action)
        assert rows[header + 1][1] == f"{next_best.information:.2f}"
    else:
        pytest.fail("the game did not end")
    assert inv.solved is not None and str(inv.solved) == secret
    term.send("quit")
    assert term.finish() == 0
    assert Investigation.from_json(autosave(tmp_path).read_text()) == inv


def test_undo_history_and_autosave(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.send("guess 1344 0 1")
    term.expect_prompt(PROMPT)
    assert len(saved_clues(autosave(tmp_path))) == 2
    term.send("undo")
    shown = term.expect_prompt(PROMPT)
    assert "undone: 1344: 0 black, 1 white" in shown
    assert "256 solutions left" in shown
    assert len(saved_clues(autosave(tmp_path))) == 1
    term.send("history")
    shown = term.expect_prompt(PROMPT)
    assert "1. 1122: 1 black, 0 white" in shown
    assert "1344" not in shown
    term.send("undo")
    term.expect_prompt(PROMPT)
    term.send("undo")
    assert "refused: there is no clue to undo" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_save_and_resume(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.send("1344 0 0")
    term.expect_prompt(PROMPT)
    term.send("save game.json")
    assert "Saved 2 clues in game.json" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0

    again = Terminal(["play", "--resume", "game.json", "--no-autosave"], home=tmp_path)
    shown = again.expect_prompt(PROMPT)
    assert "Resumed 2 clues from game.json" in shown
    assert "16 solutions left" in shown
    again.send("history")
    shown = again.expect_prompt(PROMPT)
    assert "1. 1122: 1 black, 0 white" in shown and "2. 1344: 0 black, 0 white" in shown
    again.send("undo")
    assert "256 solutions left" in again.expect_prompt(PROMPT)
    again.send("load game.json")
    assert "Loaded 2 clues" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0
    expected = Investigation().guess("1122", 1, 0).guess("1344", 0, 0)
    assert Investigation.from_json((tmp_path / "game.json").read_text()) == expected


def test_resume_after_a_crash(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.send("1344 0 0")
    term.expect_prompt(PROMPT)
    term.kill()
    leftovers = [p.name for p in autosave(tmp_path).parent.iterdir()]
    assert sorted(leftovers) == [
        ".mastermind.json.lock",
        "mastermind.history",
        "mastermind.json",
    ]  # lock: stale

    again = Terminal(["play", "mastermind", "--resume"], home=tmp_path)
    assert "Resumed 2 clues" in again.expect_prompt(PROMPT)
    again.send("5525 2 0")
    assert "noted: 5525: 2 black, 0 white" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0
    assert len(saved_clues(autosave(tmp_path))) == 3
    saved = sorted(p.name for p in autosave(tmp_path).parent.iterdir())
    assert saved == ["mastermind.history", "mastermind.json"]


def test_bad_lines_are_refused_and_change_nothing(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    before = autosave(tmp_path).read_text()
    bad = {
        "hello": 'refused: code "hello" is not valid; expected 4 digits from 1 to 6, e.g. 1122',
        "1172 1 0": 'refused: code "1172" is not valid',
        "1122 1 x": 'refused: white "x" is not valid; expected a number from 0 to 3',
        "1122 1 4": 'refused: white "4" is not valid; expected a number from 0 to 3',
        "1122 -1 0": 'refused: black "-1" is not valid; expected a number from 0 to 4',
        "1234 3 1": "no solution fits it",
        'save "unclosed': "refused: cannot read the line",
        "load nothing.json": 'refused: file "nothing.json" is not valid',
        "why peg9": 'refused: fact "peg9" is not valid',
        "strategy best": 'refused: strategy "best" is not valid; expected one of entropy, minimax',
    }
    for line, message in bad.items():
        term.send(line)
        shown = term.expect_prompt(PROMPT)
        assert message in " ".join(shown.split()), line  # long lines wrap
        assert "Traceback" not in shown
        assert "internal error" not in shown
    term.send("1111 2 0")
    shown = term.expect_prompt(PROMPT)
    assert "refused: 1111: 2 black, 0 white cannot be true." in shown
    assert "1. 1122: 1 black, 0 white" in shown
    term.send("why")
    shown = term.expect_prompt(PROMPT)
    assert "was refused because it cannot be true together with:" in shown
    assert "1. 1122: 1 black, 0 white" in shown
    assert autosave(tmp_path).read_text() == before
    term.send("history")
    assert term.expect_prompt(PROMPT).strip().splitlines() == [
        "history",
        "1. 1122: 1 black, 0 white",
    ]
    term.send("quit")
    assert term.finish() == 0


def test_why_names_the_clues_behind_a_fact(tmp_path: Path) -> None:
    term = start(tmp_path)
    for line in ("1122 1 0", "1344 0 0", "5525 2 0"):
        term.send(line)
        term.expect_prompt(PROMPT)
    term.send("why peg1=1")
    shown = term.expect_prompt(PROMPT)
    assert "peg1≠1 follows from:" in shown
    assert "2. 1344: 0 black, 0 white" in shown
    assert "1. 1122" not in shown
    term.send("why peg1=6")
    assert (
        'refused: value "6" is not valid; expected a value of peg1 that is certain or '
        "impossible by now" in term.expect_prompt(PROMPT)
    )
    term.send("5626 4 0")
    assert "Solved: 5626" in term.expect_prompt(PROMPT)
    term.send("why")
    shown = term.expect_prompt(PROMPT)
    assert "peg1=5, peg2=6, peg3=2, peg4=6 follows from:" in shown
    assert "4. 5626: 4 black, 0 white" in shown
    term.send("quit")
    assert term.finish() == 0


def test_tab_completes_commands_and_codes(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.type("hist\t")
    term.expect("history")
    term.send("")
    assert "No clues yet." in term.expect_prompt(PROMPT)
    for line in ("1122 1 0", "1344 0 0", "5525 2 0"):
        term.send(line)
        term.expect_prompt(PROMPT)
    term.type("56\t")  # 5626 is the one remaining code starting with 56
    term.expect("5626")
    term.send("4 0")
    assert "Solved: 5626" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_setup_questions_refuse_bad_answers(tmp_path: Path) -> None:
    term = Terminal(["play", "mastermind", "--set", "black_only=yes"], home=tmp_path)
    term.expect(PEGS)
    term.send("twelve")
    term.expect('refused: pegs "twelve" is not valid; expected a number from 1 to 8')
    term.expect(PEGS)
    term.send("12")
    term.expect('refused: pegs "12" is not valid; expected a number from 1 to 8')
    term.expect(PEGS)
    term.send("3")
    term.expect(COLOURS)
    term.send("")
    term.expect(LIMIT)
    term.send("")
    shown = term.expect_prompt(PROMPT)
    assert "216 solutions left" in shown
    term.send("123 1 0")
    shown = " ".join(term.expect_prompt(PROMPT).split())
    assert (
        'refused: the line "123 1 0" is not valid ("0" is one word too many); '
        "expected guess CODE BLACK, e.g. 1122 1 0" in shown
    )
    term.send("123 1")
    assert "noted: 123: 1 black" in term.expect_prompt(PROMPT)
    term.send("help")
    shown = term.expect_prompt(PROMPT)
    assert "guess CODE BLACK " in shown and "WHITE" not in shown
    term.child.sendeof()
    assert term.finish() == 0


def test_errors_are_messages_not_tracebacks(tmp_path: Path) -> None:
    cases = {
        ("play", "nosuchgame"): 'error: game "nosuchgame" is not valid; expected one of',
        ("play", "--resume", "missing.json"): 'error: file "missing.json" is not valid',
        ("play", "mastermind", "--set", "pegs=0"): 'error: pegs "0" is not valid',
        (
            "play",
            "bsi",
            *("--set", "players=5", "--set", "case=man/day/inside/gun"),
            *("--set", "hand=man/day woman/day man/gun", "--set", "first=0"),
        ): 'error: players "5" is not valid; expected a number from 2 to 4',
        ("play", "mastermind", "--set", "size=3"): 'error: --set "size" is not valid',
        ("play",): "error: the game is missing; expected one of mastermind, bsi",
    }
    for args, message in cases.items():
        term = Terminal(list(args), home=tmp_path)
        term.expect(message)
        assert term.finish() == 1
        assert "Traceback" not in term.seen
        assert "internal error" not in term.seen


def test_play_list_names_the_games(tmp_path: Path) -> None:
    term = Terminal(["play", "--list"], home=tmp_path)
    term.finish()
    assert "mastermind" in term.seen.split()


def test_the_how_to_lists_every_game_syntax() -> None:
    import textwrap

    from deduce.play import adapters

    howto = (ROOT / "docs" / "howto.md").read_text()
    for name, game in adapters().items():
        assert f"`deduce play {name}`" in howto
        assert textwrap.dedent(game.syntax).strip("\n") in howto, name


def test_a_new_game_offers_the_saved_session(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.kill()
    saved = autosave(tmp_path)

    again = Terminal(["play", "mastermind"], home=tmp_path)
    again.expect(f"A session with 1 clue is saved in {saved}.")
    again.expect("Continue it? [yes]: ")
    again.send("perhaps")
    again.expect('refused: answer "perhaps" is not valid; expected yes or no')
    again.expect("Continue it? [yes]: ")
    again.send("")
    assert "Resumed 1 clue from" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0

    # with --set, the set-up comes first: the saved game is offered as it is the same
    fresh = Terminal(["play", "mastermind", "--set", "pegs=4"], home=tmp_path)
    fresh.expect(COLOURS)
    fresh.send("")
    fresh.expect(BLACK_ONLY)
    fresh.send("")
    fresh.expect(LIMIT)
    fresh.send("")
    fresh.expect("Continue it? [yes]: ")
    fresh.send("no")
    fresh.expect(f"The earlier session is kept in {saved}.bak.")
    assert "1296 solutions left" in fresh.expect_prompt(PROMPT)
    fresh.send("quit")
    assert fresh.finish() == 0
    assert saved_clues(saved) == []
    assert len(saved_clues(saved.with_name(saved.name + ".bak"))) == 1


def test_resuming_another_file_keeps_the_autosaved_game(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.kill()
    saved = autosave(tmp_path)
    other = Investigation().guess("1344", 0, 0).guess("5525", 2, 0)
    (tmp_path / "other.json").write_text(other.to_json())

    again = Terminal(["play", "--resume", "other.json"], home=tmp_path)
    shown = again.expect_prompt(PROMPT)
    assert f"The autosaved session is kept in {saved}.bak." in shown
    assert "Resumed 2 clues from other.json." in shown
    again.send("quit")
    assert again.finish() == 0
    backup = saved.with_name("mastermind.json.bak")
    assert Investigation.from_json(backup.read_text()) == Investigation().guess("1122", 1, 0)
    assert Investigation.from_json(saved.read_text()) == other

    # `load` replaces the game in the autosave file: the game so far is kept too,
    # and an earlier backup is not overwritten
    third = Terminal(["play", "mastermind", "--resume"], home=tmp_path)
    third.expect_prompt(PROMPT)
    third.send("6666 0 0")
    third.expect_prompt(PROMPT)
    (tmp_path / "one.json").write_text(Investigation().guess("1111", 0, 0).to_json())
    third.send("load one.json")
    shown = third.expect_prompt(PROMPT)
    assert f"The session so far is kept in {saved}.bak.2." in shown
    assert "Loaded 1 clue from one.json." in shown
    third.send("quit")
    assert third.finish() == 0
    kept = Investigation.from_json(saved.with_name("mastermind.json.bak.2").read_text())
    assert kept == other.guess("6666", 0, 0)
    assert Investigation.from_json(backup.read_text()) == Investigation().guess("1122", 1, 0)

    # resuming the autosave file itself, or a copy of the same game, keeps nothing aside
    (tmp_path / "same.json").write_text(saved.read_text())
    fourth = Terminal(["play", "--resume", "same.json"], home=tmp_path)
    assert "kept in" not in fourth.expect_prompt(PROMPT)
    fourth.send("quit")
    assert fourth.finish() == 0
    assert not saved.with_name("mastermind.json.bak.3").exists()


def test_end_of_input_leaves_cleanly(tmp_path: Path) -> None:
    term = Terminal(["play", "mastermind"], home=tmp_path)
    term.expect(PEGS)
    term.child.sendeof()
    term.expect("end of input: no game started")
    assert term.finish() == 1
    assert not autosave(tmp_path).exists()

    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.kill()
    before = autosave(tmp_path).read_text()
    again = Terminal(["play", "mastermind"], home=tmp_path)
    again.expect("Continue it? [yes]: ")
    again.child.sendeof()
    again.expect("end of input: no game started")
    assert again.finish() == 1
    assert autosave(tmp_path).read_text() == before  # not moved aside, not replaced
    saved = sorted(p.name for p in autosave(tmp_path).parent.iterdir())
    assert saved == ["mastermind.history", "mastermind.json"]


def test_typed_text_is_shown_as_typed(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send(":x: 1 0")
    shown = term.expect_prompt(PROMPT)
    assert 'refused: code ":x:" is not valid' in shown
    assert "\u274c" not in shown  # the emoji code is not replaced by a cross mark
    term.send("load :thumbs_up:[bold]x.json")
    shown = term.expect_prompt(PROMPT)
    assert 'file ":thumbs_up:[bold]x.json" is not valid' in shown
    term.send("quit")
    assert term.finish() == 0


def test_save_files_directories_and_permissions(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.send("save nowhere/game.json")
    shown = term.expect_prompt(PROMPT)
    assert (
        'refused: file "nowhere/game.json" is not valid (No such file or directory); '
        "expected a writable file" in shown
    )
    assert not (tmp_path / "nowhere").exists()
    term.send("save game.json")
    assert "Saved 1 clue in game.json." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    mask = os.umask(0)
    os.umask(mask)
    for path in (tmp_path / "game.json", autosave(tmp_path)):
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask, path
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_an_unreadable_autosave_is_kept_aside_with_a_message(tmp_path: Path) -> None:
    saved = autosave(tmp_path)
    saved.parent.mkdir(parents=True)
    saved.write_text("{half a file")
    term = Terminal(["play", "mastermind", "--set", "pegs=3", "--set", "colours=3"], home=tmp_path)
    term.expect(f"The autosave file {saved} is unreadable: ")
    term.expect(f"It is kept in {saved}.bak; a new game starts.")
    term.expect(BLACK_ONLY)
    term.send("")
    term.expect(LIMIT)
    term.send("")
    term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert saved.with_name("mastermind.json.bak").read_text() == "{half a file"


def test_save_file_syncs_the_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deduce.play import files

    synced: list[bool] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(files.os, "fsync", fsync)
    files.save_file(tmp_path / "a.json", Investigation())
    assert synced == [False, True]  # the file's data, then the directory's new entry
    with pytest.raises(FileNotFoundError):
        files.save_file(tmp_path / "missing" / "a.json", Investigation())
    files.save_file(tmp_path / "made" / "a.json", Investigation(), create_directory=True)
    assert Investigation.from_json((tmp_path / "made" / "a.json").read_text()) == Investigation()
