"""Crime Writers: a typed wording means one card, at the console and through the API."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from deduce import cli
from deduce.games import crime_writers as cw


@pytest.mark.parametrize("typed", ["Mother in law", "mother-in-law", "MOTHER_IN_LAW!"])
def test_a_card_wording_as_typed_names_the_card(typed: str) -> None:
    inv = cw.Investigation(cw.Deck.example()).found("whom", typed)
    assert inv.clues[-1] == cw.Found("whom", "Mother-in-law", None)
    assert inv.marginals()["whom"]["Mother-in-law"] > 0.5
    same = cw.Investigation(cw.Deck.example()).found("whom", "Mother-in-law")
    assert inv.probabilities() == same.probabilities()
    assert cw.Deck.example().card("persons", typed).text == "Mother-in-law"


def test_the_console_and_the_api_agree_on_a_wording(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(sys, "stdin", io.StringIO('\n\n\nfound whom "Mother in law"\nquit\n'))
    assert cli.main(["play", "crime-writers"]) == 0
    assert "noted: Ben finds whom: Mother-in-law" in capsys.readouterr().out
    saved = tmp_path / "state" / "deduce" / "crime-writers.json"
    console = cw.Investigation.from_json(saved.read_text())
    api = cw.Investigation(cw.Deck.example()).found("whom", "Mother in law")
    assert console.clues == api.clues  # the console keeps the whole table around the notebook
    assert console.probabilities() == api.probabilities()
    assert console.marginals()["whom"]["Mother-in-law"] > 0.5


def test_a_yes_to_a_slip_of_a_tag_is_refused_not_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo of a tag answered "yes" would find the element as an invented wording and
    rule out every card: refused with what it looks like; the question itself is taken."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    lines = [
        "",
        "",
        "",
        "ask who servnt yes",  # a slip of "servant"
        "ask who servant yes",
        "ask whom 'Was it a relative?' yes",  # a question in my own words: no find
        "quit",
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    assert cli.main(["play", "crime-writers"]) == 1  # a line refused: the exit says so
    out = capsys.readouterr().out
    assert "1 line refused." in out and "servnt" in out and "close to a tag or a card of who" in out
    assert "(servant)" in out and "found who servnt invented" in out
    saved = cw.Investigation.from_json(
        (tmp_path / "state" / "deduce" / "crime-writers.json").read_text()
    )
    table = cw.Investigation(cw.Deck.example())
    assert not any(isinstance(c, cw.Found) for c in saved.clues)  # nothing found by a slip
    assert saved.marginals()["who"] != table.marginals()["who"]  # "servant: yes" was taken
