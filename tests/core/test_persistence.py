"""Saved investigations: every game reads back in a fresh process, old files still load,
and every bad document is refused with InvalidInput (or Contradiction), never a crash."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import deduce
from deduce.core import persistence, registry
from deduce.testing import games


def _samples() -> dict[str, tuple[registry.Declaration, str]]:
    """The first sample of every kind of every game, by ``game`` or ``game:Kind``."""
    found = {}
    for declaration in registry.declarations():
        for kind in declaration.kind_names:
            name = (
                declaration.name
                if kind == declaration.kind_names[0]
                else f"{declaration.name}:{kind}"
            )
            found[name] = (declaration, kind)
    return found


SAMPLES = _samples()
FORMAT_1 = sorted(
    name
    for name, (declaration, kind) in SAMPLES.items()
    if any(tagged == kind for _, tagged in declaration.tags)
)
"""The kinds saved in format 1 files (a game added since never wrote one)."""


def start(name: str) -> deduce.Investigation:
    declaration, kind = SAMPLES[name]
    made: deduce.Investigation = declaration.sample(kind)
    return made


@cache
def saved(name: str) -> deduce.Investigation:
    """A game of ``name`` with a few truthful clues (the same every run)."""
    _, inv = find(
        games(start(name), max_clues=4),
        lambda pair: len(pair[1].clues) >= 2,
        settings=settings(database=None, max_examples=200),
    )
    return inv


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_format_2_names_the_game_and_kind(name: str) -> None:
    inv = saved(name)
    document = json.loads(inv.to_json())
    assert document["format"] == 2
    assert registry.find(document["game"]).name == document["game"]
    assert document["kind"] == type(inv).__name__
    assert deduce.Investigation.from_json(inv.to_json()) == inv


@pytest.mark.parametrize("name", FORMAT_1)
def test_format_1_files_still_load(name: str) -> None:
    inv = saved(name)
    declaration, kind = SAMPLES[name]
    tags = [tag for tag, tagged in declaration.tags if tagged == kind]
    document = json.loads(inv.to_json())
    for tag in tags:
        old = {"format": 1, "game": tag, "config": document["config"], "clues": document["clues"]}
        again = deduce.Investigation.from_json(json.dumps(old))
        assert again == inv and type(again) is type(inv)
        assert type(inv).from_json(json.dumps(old)) == inv


def test_a_game_asked_for_by_its_class() -> None:
    mastermind = saved("mastermind")
    with pytest.raises(deduce.InvalidInput, match="game='bsi'"):
        type(mastermind).from_json(saved("bsi").to_json())
    document = json.loads(mastermind.to_json())
    document["kind"] = "Table"
    with pytest.raises(deduce.InvalidInput, match=r"kind='Table'.*'Investigation'"):
        deduce.Investigation.from_json(json.dumps(document))


def mastermind_document(**changes: Any) -> str:
    document: dict[str, Any] = {
        "format": 2,
        "game": "mastermind",
        "kind": "Investigation",
        "config": {"pegs": 2, "colours": 3, "black_only": False},
        "clues": [{"type": "Guess", "code": "12", "black": 1, "white": 0}],
    }
    document.update(changes)
    return json.dumps(document)


BAD: dict[str, tuple[object, str]] = {
    "not UTF-8 bytes": (b"\xff\xfe{}", "UTF-8"),
    "UTF-16 text": ('{"format": 2}'.encode("utf-16"), "UTF-8"),
    "str starting ff fe": ("\xff\xfe{}", "JSON"),
    "not a str": (42, "JSON text"),
    "huge int": ('{"format": 2, "game": ' + "9" * 5000 + "}", "JSON"),
    "huge int in a clue": (
        mastermind_document(clues=[{"type": "Guess", "code": "12", "black": 10**30, "white": 0}]),
        "64 bits",
    ),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "nested"),
    "deep clue": (
        mastermind_document().replace(
            '"clues": [', '"clues": [' + "[" * 30 + "1" + "]" * 30 + ", "
        ),
        "nested",
    ),
    "frozenset of 5": (mastermind_document(clues=[{"frozenset": 5}]), "frozenset"),
    "type is a list": (mastermind_document(clues=[{"type": []}]), "clue type"),
    "unknown field": (
        mastermind_document(clues=[{"type": "Guess", "code": "12", "colour": 1}]),
        "fields of Guess",
    ),
    "wrong field type": (
        mastermind_document(clues=[{"type": "Guess", "code": [1], "black": {}, "white": 0}]),
        "clues\\[0\\]",
    ),
    "no format": ('{"game": "mastermind"}', "format"),
    "a list": ("[]", "format"),
    "config not an object": (mastermind_document(config=[2, 3]), "config"),
    "clues not a list": (mastermind_document(clues={"a": 1}), "clues"),
    "bad config value": (mastermind_document(config={"pegs": "x", "colours": 3}), "pegs"),
    "unknown game": (mastermind_document(game="chess"), "game='chess'"),
    "game not a str": (mastermind_document(game=["mastermind"]), "game"),
    "too many clues": (
        mastermind_document(
            clues=[{"type": "Guess", "code": "11", "black": 0, "white": 0}] * 2
        ).replace('"clues": [', '"clues": [' + "0, " * persistence.MAX_CLUES),
        f"at most {persistence.MAX_CLUES:,} clues",
    ),
}
BAD["NaN"] = (
    mastermind_document(clues=[]).replace('"clues": []', '"clues": [NaN]'),
    "NaN",
)


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_documents_are_invalid_input(case: str) -> None:
    text, message = BAD[case]
    with pytest.raises(deduce.InvalidInput, match=message) as error:
        deduce.Investigation.from_json(text)  # type: ignore[arg-type]
    assert len(str(error.value)) < 400  # a message, not the whole document


def test_too_large_a_document_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persistence, "MAX_CHARS", 100)
    with pytest.raises(deduce.InvalidInput, match="at most 100 characters"):
        deduce.Investigation.from_json(mastermind_document() + " " * 100)


def test_utf8_bytes_are_read() -> None:
    text = mastermind_document()
    assert deduce.Investigation.from_json(text.encode()) == deduce.Investigation.from_json(text)


def test_numpy_numbers_save_as_plain_numbers() -> None:
    import numpy as np

    from deduce.games.mastermind import Investigation

    try:
        inv = Investigation(4, 6).guess("1122", np.int64(1), np.int64(0))
    except deduce.InvalidInput:
        return  # refused at the door is fine too
    again = deduce.Investigation.from_json(inv.to_json())
    assert again == inv and type(again.clues[0].black) is int


def mutations(text: str) -> st.SearchStrategy[str]:
    """``text`` truncated, or with characters deleted, replaced or inserted."""
    position = st.integers(0, len(text))
    junk = st.sampled_from(list('{}[]",:0123456789-.eE ntfaluesxyz\\\x00\xff')) | st.text(
        max_size=3
    )
    truncated = position.map(lambda i: text[:i])
    replaced = st.tuples(position, junk).map(lambda p: text[: p[0]] + p[1] + text[p[0] + 1 :])
    inserted = st.tuples(position, junk).map(lambda p: text[: p[0]] + p[1] + text[p[0] :])
    deleted = st.tuples(position, st.integers(1, 20)).map(
        lambda p: text[: p[0]] + text[p[0] + p[1] :]
    )
    once = truncated | replaced | inserted | deleted
    return once | st.tuples(once, st.randoms(use_true_random=False)).map(
        lambda pair: pair[0][: pair[1].randrange(len(pair[0]) + 1)] if pair[0] else pair[0]
    )


@st.composite
def mutated_documents(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(sorted(SAMPLES)))
    text = saved(name).to_json()
    if draw(st.booleans()):  # a value changed inside the parsed document
        document = json.loads(text)
        junk = draw(
            st.none()
            | st.booleans()
            | st.integers(-(2**70), 2**70)
            | st.floats(allow_nan=False)
            | st.text(max_size=5)
            | st.lists(st.integers(), max_size=3)
            | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
        )
        where = draw(st.sampled_from(["format", "game", "kind", "config", "clues", "clue"]))
        if where == "clue" and document["clues"]:
            clue = draw(st.sampled_from(document["clues"]))
            if isinstance(clue, dict) and clue:
                clue[draw(st.sampled_from(sorted(clue)))] = junk
        elif where == "config" and document["config"]:
            document["config"][draw(st.sampled_from(sorted(document["config"])))] = junk
        else:
            document[where] = junk
        return json.dumps(document)
    return draw(mutations(text))


@pytest.fixture(scope="module")
def saved_games() -> None:
    """Every sample's saved game, found before a test draws from them: finding one inside
    a ``@given`` test would nest ``@given`` (refused when the test runs alone)."""
    for name in SAMPLES:
        saved(name)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(mutated_documents())
def test_mutated_saves_are_refused_cleanly(saved_games: None, text: str) -> None:
    try:
        inv = deduce.Investigation.from_json(text)
    except (deduce.InvalidInput, deduce.Contradiction):
        return
    assert deduce.Investigation.from_json(inv.to_json()) == inv


def test_a_save_of_another_kind_of_the_same_game_names_the_kinds() -> None:
    from deduce.games import thirteen_clues

    notebook = thirteen_clues.Investigation(
        2, ("Duke", "Park"), {1: ("Officer", "Parlor", "Knife")}
    )
    with pytest.raises(deduce.InvalidInput) as refused:
        thirteen_clues.Table.from_json(notebook.to_json())
    assert str(refused.value) == (
        "kind='Investigation' is not valid (Table.from_json reads no Investigation); "
        "expected one of 'Table'"
    )
    assert deduce.Investigation.from_json(notebook.to_json()) == notebook
