"""Every reader hardened the same way: score sheets, interrogations and deck files refuse
nesting, huge integers, bad bytes, wrong types, FIFOs, devices and huge files with
InvalidInput (never another exception), and deck names that collide or hold control
characters."""

from __future__ import annotations

import contextlib
import copy
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deduce import Contradiction, InvalidInput
from deduce.core import decks
from deduce.games import crime_writers as cw
from deduce.games import kreuzverhoer as kv


def sheet() -> cw.ScoreSheet:
    sheet = cw.ScoreSheet(("Ann", "Ben", "Cy"))
    return sheet


def interrogation() -> kv.Interrogation:
    mine = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    return mine.questioning("Mord", "Berlin", "Ede K.", "Messer")


READERS: dict[str, tuple[Callable[[Any], Any], Callable[[], str]]] = {
    "score sheet": (cw.ScoreSheet.from_json, lambda: sheet().to_json()),
    "interrogation": (kv.Interrogation.from_json, lambda: interrogation().to_json()),
}

JUNK: list[Any] = [
    None,
    True,
    -1,
    1.5,
    2**70,
    "x",
    "",
    [],
    {},
    [None],
    {"a": 1},
    json.loads("[" * 20 + "1" + "]" * 20),
]

RAW: list[Any] = [
    "[" * 100_000 + "]" * 100_000,
    "9" * 5000,
    "[" + "9" * 40 + "]",
    b"\xff\xfe{}",
    b"\x00",
    5,
    None,
    ["a"],
    "NaN",
    '{"case": NaN}',
    "",
]


def paths(value: Any, where: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield where
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*where, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*where, i))


def replaced(document: Any, where: tuple[Any, ...], value: Any) -> Any:
    if not where:
        return value
    changed = copy.deepcopy(document)
    item = changed
    for step in where[:-1]:
        item = item[step]
    item[where[-1]] = value
    return changed


@pytest.mark.parametrize("reader", sorted(READERS))
def test_raw_junk_is_invalid_input(reader: str) -> None:
    read, _ = READERS[reader]
    for text in RAW:
        with pytest.raises(InvalidInput):
            read(text)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_value_replaced_by_junk_is_invalid_input(reader: str) -> None:
    read, made = READERS[reader]
    document = json.loads(made())
    places = list(paths(document))[:400]
    for where in places:
        for value in JUNK:
            text = json.dumps(replaced(document, where, value))
            with contextlib.suppress(InvalidInput, Contradiction):
                read(text)


# -- deck files ---------------------------------------------------------------------------

LOADERS = {"kreuzverhoer": kv.Deck.load, "crime_writers": cw.Deck.load}

DECK_FILES = {
    "deep nesting": "a = " + "[" * 5000 + "]" * 5000,
    "nesting": "a = " + "[" * 40 + "]" * 40,
    "huge int": "a = " + "9" * 5000,
    "big int": "a = " + "9" * 40,
}


@pytest.mark.parametrize("game", sorted(LOADERS))
@pytest.mark.parametrize("case", sorted(DECK_FILES))
def test_damaged_deck_files_are_invalid_input(tmp_path: Path, game: str, case: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(DECK_FILES[case])
    with pytest.raises(InvalidInput):
        LOADERS[game](path)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_deck_files_that_are_not_regular_or_too_large(tmp_path: Path, game: str) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(InvalidInput, match="not a regular file"):
            LOADERS[game](path)
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * decks.MAX_BYTES)
    with pytest.raises(InvalidInput, match="bytes"):
        LOADERS[game](big)


def crime_writers_deck(extra: int = 0, **texts: str) -> dict[str, Any]:
    data = cw.Deck.example().to_dict()
    for stack in cw.DECKS:
        data[stack] = data[stack] + [
            {"text": f"{stack} card {i}", "tags": ["extra"]} for i in range(extra)
        ]
    for stack, text in texts.items():
        data[stack] = [*data[stack], {"text": text, "tags": ["extra"]}]
    return data


def test_a_crime_writers_deck_with_too_many_cards_is_refused_before_it_is_used() -> None:
    with pytest.raises(InvalidInput, match=f"at most {cw.cards.MAX_CARDS} cards"):
        cw.Deck.from_dict(crime_writers_deck(330))
    text = decks.dumps(crime_writers_deck(330))
    assert len(text) > 20_000
    with pytest.raises(InvalidInput, match="cards"):
        cw.Deck.loads(text)


@pytest.mark.parametrize(
    "text", ["Butler?", "butler", "BUTLER!", "But ler", "Mother in law", "Mother-in-law!"]
)
def test_crime_writers_wordings_that_differ_only_in_case_or_punctuation_are_refused(
    text: str,
) -> None:
    data = crime_writers_deck()
    assert {"Butler", "Mother-in-law"} <= {card["text"] for card in data["persons"]}
    data["persons"].append({"text": text, "tags": ["extra"]})
    with pytest.raises(InvalidInput, match="worded"):
        cw.Deck.from_dict(data)


@pytest.mark.parametrize("bad", ["\x1bc", "\x1b]0;x", "a\nb", "Ber\u200blin", "\u202eevil"])
def test_deck_names_with_control_characters_are_refused(bad: str) -> None:
    with pytest.raises(InvalidInput, match="control characters"):
        cw.Deck.from_dict(crime_writers_deck(persons=bad))
    data = kv.Deck.default().to_dict()
    data["scenes"] = [bad, *data["scenes"][1:]]
    with pytest.raises(InvalidInput, match="control characters"):
        kv.Deck.from_dict(data)


@pytest.mark.parametrize("twin", ["Berlin!", "berlin", "BER LIN"])
def test_kreuzverhoer_names_that_collide_as_typed_are_refused(twin: str) -> None:
    data = kv.Deck.default().to_dict()
    scenes = list(data["scenes"])
    assert "Berlin" in scenes
    scenes[scenes.index("Berlin") - 1 if scenes.index("Berlin") else 1] = twin
    data["scenes"] = scenes
    with pytest.raises(InvalidInput, match="different names"):
        kv.Deck.from_dict(data)


@pytest.mark.parametrize("case", ["deep nesting", "huge int"])
@pytest.mark.parametrize("game", ["kreuzverhoer", "crime-writers"])
def test_a_damaged_deck_through_the_console_is_refused(
    tmp_path: Path, game: str, case: str
) -> None:
    import subprocess

    import terminal

    path = tmp_path / "deck.toml"
    path.write_text(DECK_FILES[case])
    environment = dict(os.environ, HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path / "state"))
    result = subprocess.run(
        [terminal.script(), "play", game, "--no-autosave", "--set", f"deck={path}"],
        input="",
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert "deck.toml" in "".join(result.stdout.split())  # wrapped wherever the path ends
    assert result.returncode == 1
