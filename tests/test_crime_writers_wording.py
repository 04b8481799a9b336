"""Crime Writers: a typed wording means one card, at the console and through the API."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from deduce.games import crime_writers as cw
from deduce.play import cli


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
