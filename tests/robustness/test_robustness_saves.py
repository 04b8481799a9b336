"""Damaged, truncated and foreign save files into ``from_json``, the console's ``load`` and
the resume question at start.

Whatever a file holds, reading it answers with an investigation, InvalidInput or
Contradiction; the session in progress is unchanged; a good save is never overwritten by
a bad one, and a bad autosave is kept aside byte for byte.
"""

from __future__ import annotations

import functools
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from clue_calls import CALLS, starts, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from deduce.core import registry
from deduce.errors import Contradiction, InvalidInput
from deduce.investigation import Investigation
from deduce.play.files import save_file
from deduce.play.play_command import offer_resume
from deduce.play.session import Session

GAMES = sorted(starts())
# the games whose table front end follows the investigation above (that of BSI follows the
# whole table, a different save)


def _adapter(game: str) -> Any:
    return registry.find(game.split(":")[0]).adapter()


CONSOLE = [
    g
    for g in GAMES
    if registry.find(g.split(":")[0]).front_end is not None
    and isinstance(starts()[g], _adapter(g).investigation_type)
]


@functools.cache
def good(game: str) -> Investigation:
    """An investigation of ``game`` with a few clues: the longest that a valid call of
    the robustness table makes."""
    made = []
    for name, call in CALLS:
        if name != game:
            continue
        try:
            made.append(call.on(state(game, call.after)))
        except (InvalidInput, Contradiction):
            continue
    investigation = max(made, key=lambda each: len(each.clues))
    assert investigation.clues
    return investigation


JSON_JUNK: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.sampled_from(
        [
            {"frozenset": 5},
            {"frozenset": [[1], {}]},
            {"type": []},
            {"type": None},
            {"type": "Guess"},
            {"type": "Case", "victim": ["x"]},
            {},
            [],
            [[[]]],
            "1122",
            -1,
            2**70,
        ]
    ),
    st.recursive(
        st.one_of(st.none(), st.integers(-2, 9), st.text(max_size=4)),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.sampled_from(["type", "code", "cases", "x"]), inner, max_size=3)
        ),
        max_leaves=6,
    ),
)

HUGE = "9" * 5000
DEEP = "[" * 50_000 + "]" * 50_000


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*path, i))
    return found


def _replace(node: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy: Any = dict(node) if isinstance(node, dict) else list(node)
    if delete and not rest:
        del copy[head]
    else:
        copy[head] = _replace(copy[head], rest, value, delete)
    return copy


@st.composite
def damaged(draw: st.DrawFn, game: str) -> bytes:
    """A save of ``game``, damaged in one of several ways."""
    text = good(game).to_json()
    way = draw(st.sampled_from(["truncate", "bytes", "node", "delete", "foreign", "raw", "splice"]))
    if way == "truncate":
        return text.encode()[: draw(st.integers(0, len(text.encode()) - 1))]
    if way == "bytes":
        data = bytearray(text.encode())
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data) - 1))
            data[at : at + draw(st.integers(0, 2))] = draw(st.binary(min_size=0, max_size=3))
        return bytes(data)
    document = json.loads(text)
    if way in {"node", "delete"}:
        paths = _paths(document)
        path = draw(st.sampled_from(paths[1:] if way == "delete" else paths))
        new = _replace(document, path, draw(JSON_JUNK), delete=way == "delete")
        return json.dumps(new).encode()
    if way == "foreign":
        other = draw(st.sampled_from([g for g in GAMES if g != game]))
        document = json.loads(good(other).to_json())
        document["game"] = draw(st.sampled_from([good(game).game, document["game"]]))
        return json.dumps(document).encode()
    if way == "raw":
        return draw(
            st.sampled_from(
                [
                    b"\xff\xfe{}",
                    b"",
                    b"null",
                    b'{"frozenset": 5}',
                    DEEP.encode(),
                    (
                        '{"format": 1, "game": "' + good(game).game + '", "clues": ' + DEEP + "}"
                    ).encode(),
                    text.replace('"clues": [', '"clues": [' + HUGE + ", ", 1).encode(),
                    text.replace('"format": 1', '"format": ' + HUGE, 1).encode(),
                    text.encode("utf-16"),
                ]
            )
        )
    # splice: the clue list of the save repeated or cut short
    clues = document["clues"]
    document["clues"] = draw(st.sampled_from([clues + clues, clues[::-1], clues[:1] * 3]))
    return json.dumps(document).encode()


def _from_json(game: str, data: bytes) -> None:
    kind = type(good(game))
    text = data.decode("utf-8", errors="replace")
    for reader in (kind, Investigation):
        try:
            result = reader.from_json(text)
        except (InvalidInput, Contradiction):
            continue
        assert reader is Investigation or isinstance(result, kind)
        assert type(result).from_json(result.to_json()) == result


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=100)
@given(data=st.data())
def test_damaged_saves_into_from_json(game: str, data: st.DataObject) -> None:
    _from_json(game, data.draw(damaged(game)))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_damaged_saves_into_from_json_at_length(game: str, data: st.DataObject) -> None:
    _from_json(game, data.draw(damaged(game)))


# -- the console -----------------------------------------------------------------------------


def _session(game: str, folder: Path) -> tuple[Session, io.StringIO]:
    adapter = _adapter(game)
    shown = io.StringIO()
    console = Console(file=shown, width=120, highlight=False, emoji=False)
    autosave = folder / "autosave.json"
    session = Session(adapter, good(game), console, autosave=autosave)
    save_file(autosave, good(game))  # as at the start of a session
    return session, shown


def _load(game: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        session, shown = _session(game, folder)
        autosave = folder / "autosave.json"
        before = autosave.read_bytes()
        (folder / "bad.json").write_bytes(data)
        session.handle(f"load {folder / 'bad.json'}")
        said = shown.getvalue()
        assert "internal error" not in said, said
        if "refused:" in said:
            assert session.investigation == good(game)
            assert autosave.read_bytes() == before  # the good save is not overwritten
            assert sorted(p.name for p in folder.iterdir()) == ["autosave.json", "bad.json"]
        else:
            assert "Loaded" in said
            assert Investigation.from_json(autosave.read_text()) == session.investigation


def _resume(game: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        autosave = Path(name) / "autosave.json"
        autosave.write_bytes(data)
        shown = io.StringIO()
        console = Console(file=shown, width=120)
        adapter = _adapter(game)
        resumed, kept = offer_resume(autosave, adapter, lambda prompt: "yes", console)
        assert kept == autosave
        if resumed is None and "unreadable" in shown.getvalue():
            assert not autosave.exists()
            assert autosave.with_name("autosave.json.bak").read_bytes() == data
        else:
            assert autosave.read_bytes() == data


@pytest.mark.parametrize("game", CONSOLE)
@settings(max_examples=40)
@given(data=st.data())
def test_damaged_files_into_load_and_resume(game: str, data: st.DataObject) -> None:
    content = data.draw(damaged(game))
    _load(game, content)
    _resume(game, content)


@pytest.mark.slow
@pytest.mark.parametrize("game", CONSOLE)
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_damaged_files_into_load_and_resume_at_length(game: str, data: st.DataObject) -> None:
    content = data.draw(damaged(game))
    _load(game, content)
    _resume(game, content)


def test_a_good_save_loads_and_resumes() -> None:
    for game in CONSOLE:
        data = good(game).to_json().encode()
        _load(game, data)
        with tempfile.TemporaryDirectory() as name:
            autosave = Path(name) / "autosave.json"
            save_file(autosave, good(game))
            adapter = _adapter(game)
            console = Console(file=io.StringIO())
            resumed, _ = offer_resume(autosave, adapter, lambda prompt: "yes", console)
            assert resumed == good(game)
