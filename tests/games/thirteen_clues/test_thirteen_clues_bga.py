"""A 13 Indizien set-up from Board Game Arena's JSON: the same game as typing it (the
same probabilities), card names in English or German, and every malformed document
refused with a message that says what is wrong."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from deduce.errors import InvalidInput
from deduce.games import thirteen_clues as tc
from deduce.play import adapter

BGA = (
    '{"85268622":[{"name":"Officer"},{"name":"Sword"},{"name":"Park"}],'
    '"87792535":[{"name":"Duke"},{"name":"Harbor"},{"name":"Blowgun"}],'
    '"87978988":[{"name":"Countess"},{"name":"Library"},{"name":"Knife"}],'
    '"88584546":[{"name":"Butcher"},{"name":"Nurse"}]}'
)
SEATS = ["87792535", "85268622", "87978988"]  # clockwise from my left


def test_the_document_is_read_whole() -> None:
    deal = tc.read_bga(BGA)
    assert deal.players == 4 and deal.me == "88584546" and deal.hand == ("Butcher", "Nurse")
    assert deal.puzzles["85268622"] == tc.Puzzle("Officer", "Park", "Sword")  # sorted by kind
    assert deal.others == ("85268622", "87792535", "87978988")
    assert deal.seated(SEATS) == {
        "players": "4",
        "hand": "Butcher Nurse",
        "seat_1": "Duke Harbor Blowgun",
        "seat_2": "Officer Park Sword",
        "seat_3": "Countess Library Knife",
    }
    assert deal.seated("87792535, 85268622 87978988") == deal.seated(SEATS)


def test_it_sets_up_the_same_game_as_typing_it() -> None:
    typed = tc.Table(
        4,
        ["Butcher", "Nurse"],
        {
            1: ("Duke", "Harbor", "Blowgun"),
            2: ("Officer", "Park", "Sword"),
            3: ("Countess", "Library", "Knife"),
        },
    )
    imported = tc.read_bga(BGA).table(SEATS)
    assert imported.solution_count == typed.solution_count
    assert imported.marginals() == typed.marginals()
    # and through the console's set-up answers
    game = adapter("thirteen-clues")
    answers = {}
    for question in game.grammar.setup:
        text = {**tc.read_bga(BGA).seated(SEATS), "first": "0"}.get(question.key)
        if text is not None and question.applies(answers):
            answers[question.key] = question.read(text, answers)
    assert game.start(answers).marginals() == typed.marginals()


def test_german_names_and_plain_strings_are_read() -> None:
    german = {
        "a": ["Herzog", "Hafen", "Blasrohr"],
        "b": [{"name": "offizier"}, {"name": "Schwert"}, {"name": "Park"}],
        "me": [{"name": "Metzger"}, {"name": "Krankenschwester"}],
    }
    deal = tc.read_bga(json.dumps(german))
    assert deal.hand == ("Butcher", "Nurse")
    assert deal.puzzles == {
        "a": tc.Puzzle("Duke", "Harbor", "Blowgun"),
        "b": tc.Puzzle("Officer", "Park", "Sword"),
    }
    assert tc.read_bga(german) == deal  # the object already read


def test_two_players_need_no_seating_and_more_do() -> None:
    two = tc.read_bga({"x": ["Duke", "Park", "Knife"], "me": ["Butcher", "Nurse"]})
    assert two.order() == ("x",) and two.table().players == 2
    with pytest.raises(InvalidInput, match="does not say the seating"):
        tc.read_bga(BGA).seated()
    with pytest.raises(InvalidInput, match=r"seats=.* each once"):
        tc.read_bga(BGA).seated(["87792535", "87792535", "87978988"])
    with pytest.raises(InvalidInput, match="seats="):
        tc.read_bga(BGA).seated(["87792535", "85268622"])


def _doc(**entries: Any) -> str:
    return json.dumps(entries)


MALFORMED = {
    "not json": ("{not json", "not JSON"),
    "empty text": ("", "not JSON"),
    "a list": ("[1, 2]", "visible_cards_players"),
    "a number": ("42", "visible_cards_players"),
    "an empty object": ("{}", "visible_cards_players"),
    "one player": (_doc(me=["Butcher", "Nurse"]), "1 players"),
    "seven players": (
        _doc(**{str(i): ["Duke", "Park", "Knife"] for i in range(6)}, me=["Butcher", "Nurse"]),
        "7 players",
    ),
    "no hand": (_doc(a=["Duke", "Park", "Knife"], b=["Officer", "Market", "Sword"]), "two cards"),
    "two hands": (_doc(a=["Duke", "Park"], b=["Butcher", "Nurse"]), "two cards"),
    "four cards": (_doc(a=["Duke", "Park", "Knife", "Sword"], me=["Butcher", "Nurse"]), "three"),
    "cards not a list": (_doc(a="Duke Park Knife", me=["Butcher", "Nurse"]), "not a list"),
    "a card without a name": (
        _doc(a=[{"nom": "Duke"}, "Park", "Knife"], me=["Butcher", "Nurse"]),
        "no name",
    ),
    "a number for a card": (_doc(a=[7, "Park", "Knife"], me=["Butcher", "Nurse"]), "no name"),
    "a blank name": (_doc(a=["  ", "Park", "Knife"], me=["Butcher", "Nurse"]), "no name"),
    "an unknown card": (_doc(a=["Dragon", "Park", "Knife"], me=["Butcher", "Nurse"]), "Dragon"),
    "a card out of play": (
        _doc(a=["Coachman", "Park", "Knife"], me=["Butcher", "Nurse"]),
        "in play at 2",
    ),
    "a card twice": (
        _doc(a=["Duke", "Park", "Knife"], me=["Duke", "Nurse"]),
        "Duke is given twice",
    ),
    "two persons": (_doc(a=["Duke", "Maid", "Knife"], me=["Butcher", "Nurse"]), "not one person"),
    "not UTF-8": (b"\xff\xfe{", "not UTF-8"),
    "too long": ("{" + " " * 200_000 + "}", "over 100000"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_document_is_refused_with_what_is_wrong(name: str) -> None:
    document, why = MALFORMED[name]
    with pytest.raises(InvalidInput) as refused:
        tc.read_bga(document)
    assert refused.value.argument == "document"
    assert why in str(refused.value)
    assert "visible_cards_players" in refused.value.expected


# -- at the console ------------------------------------------------------------------


def _play(tmp_path: Path, *args: str, typed: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).with_name("deduce")), "play", "thirteen-clues", *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )


def _solutions(out: str) -> int:
    return int(re.findall(r"(\d+) solutions left", out)[0])


def test_the_console_reads_the_file_asks_the_seating_and_starts_the_same_game(
    tmp_path: Path,
) -> None:
    file = tmp_path / "bga.json"
    file.write_text(BGA)
    wrong = "87792535 85268622"  # a seat missing: refused, asked again
    played = _play(
        tmp_path,
        "--bga",
        str(file),
        "--no-autosave",
        typed=f"{wrong}\n{' '.join(SEATS)}\n0\nquit\n",
    )
    assert played.returncode == 0, played.stdout + played.stderr
    assert "4 players; your hand Butcher Nurse. It does not say who sits where" in played.stdout
    assert 'refused: seats "87792535 85268622" is not valid' in played.stdout
    typed = tc.read_bga(BGA).table(SEATS)
    assert _solutions(played.stdout) == typed.solution_count


def test_a_set_up_pasted_at_the_first_question(tmp_path: Path) -> None:
    two = '{"a": ["Herzog", "Park", "Messer"], "me": [{"name": "Metzger"}, {"name": "Nurse"}]}'
    bad = '{"a": ["Duke", "Park"], "me": ["Butcher", "Nurse"]}'
    played = _play(tmp_path, "--no-autosave", typed=f"{bad}\n{two}\n1\nquit\n")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "Or paste Board Game Arena's set-up" in played.stdout
    assert 'refused: document "' in played.stdout and "two cards" in played.stdout
    table = tc.Table(2, ["Butcher", "Nurse"], {1: ("Duke", "Park", "Knife")}, first=1)
    assert _solutions(played.stdout) == table.solution_count


def test_bga_is_refused_for_a_game_that_reads_no_set_up_file(tmp_path: Path) -> None:
    file = tmp_path / "bga.json"
    file.write_text(BGA)
    mastermind = subprocess.run(
        [str(Path(sys.executable).with_name("deduce")), "play", "mastermind", "--bga", str(file)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert mastermind.returncode == 1 and "Traceback" not in mastermind.stdout + mastermind.stderr
    assert "--bga" in mastermind.stdout and "mastermind reads no set-up file" in mastermind.stdout
    missing = _play(tmp_path, "--bga", str(tmp_path / "none.json"), typed="")
    assert missing.returncode == 1 and "--bga" in missing.stdout
    assert "Traceback" not in missing.stdout + missing.stderr
