"""Deck files: one reader and writer for Kreuzverhör and Crime Writers."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deduce import InvalidInput
from deduce.core import decks
from deduce.games import crime_writers as cw
from deduce.games import kreuzverhoer as kv

LOADERS = {"kreuzverhoer": kv.Deck.load, "crime_writers": cw.Deck.load}
TEXTS = {"kreuzverhoer": kv.deck_template, "crime_writers": lambda: cw.Deck.example().to_toml()}


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_a_deck_file_that_is_not_utf8_names_the_file_and_line(game: str, tmp_path: Path) -> None:
    text = TEXTS[game]()
    lines = text.splitlines(keepends=True)
    third = lines[2].encode() if len(lines) > 2 else b""
    raw = "".join(lines[:2]).encode() + b"\xe9" + third + "".join(lines[3:]).encode()
    path = tmp_path / "mine.toml"
    path.write_bytes(raw)
    with pytest.raises(InvalidInput, match=r"line 3, column 1: byte 0xe9 is not UTF-8") as error:
        LOADERS[game](path)
    assert "mine.toml" in str(error.value)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_a_malformed_deck_file_names_the_file_and_line(game: str, tmp_path: Path) -> None:
    lines = TEXTS[game]().splitlines()
    lines.insert(4, "this line = is not toml = at all")
    path = tmp_path / "mine.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"line 5") as error:
        LOADERS[game](path)
    assert "mine.toml" in str(error.value)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_a_missing_deck_file_is_invalid_input(game: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match=r"nothing\.toml"):
        LOADERS[game](tmp_path / "nothing.toml")


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + kv.deck_template().encode())
    assert kv.Deck.load(path) == kv.Deck.default()


def test_nothing_toml_cannot_hold_is_written() -> None:
    with pytest.raises(InvalidInput, match="data="):
        decks.dumps({"name": None})


toml_keys = st.text(min_size=1, max_size=8)
toml_values = st.recursive(
    st.text() | st.integers(-(2**63), 2**63 - 1) | st.booleans(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(toml_keys, inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(toml_keys, toml_values, max_size=4))
def test_any_toml_data_round_trips(data: dict[str, Any]) -> None:
    assert decks.parse(decks.dumps(data)) == data


@settings(max_examples=100, deadline=None)
@given(st.text(), st.text(min_size=1), st.integers(0, 3))
def test_a_crime_writers_deck_with_any_text_round_trips(
    name: str, text: str, position: int
) -> None:
    deck = cw.Deck.example()
    persons = list(deck.persons)
    try:
        persons[position] = dataclasses.replace(persons[position], text=text)
        changed = dataclasses.replace(deck, name=name, persons=tuple(persons))
    except InvalidInput:
        assume(False)
        return
    assert cw.Deck.loads(changed.to_toml()) == changed


@settings(max_examples=100, deadline=None)
@given(st.text(), st.text(min_size=1))
def test_a_kreuzverhoer_deck_with_any_text_round_trips(name: str, suspect: str) -> None:
    data = kv.Deck.default().to_dict()
    old = data["suspects"][0]
    data["name"] = name
    data["suspects"] = [suspect, *data["suspects"][1:]]
    if old in data["bans"]:
        data["bans"] = {suspect if k == old else k: v for k, v in data["bans"].items()}
    try:
        deck = kv.Deck.from_dict(data)
    except InvalidInput:
        assume(False)
        return
    assert kv.Deck.loads(decks.dumps(deck.to_dict())) == deck
