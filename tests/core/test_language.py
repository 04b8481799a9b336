"""The player's language: chosen from --lang, the locale or a browser's Accept-Language,
junk refused or ignored, and messages said again in it."""

from __future__ import annotations

import pickle
import shutil
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce import InvalidInput
from deduce._internal import language as module
from deduce._internal.language import (
    M,
    _,
    choose_language,
    language,
    languages,
    negotiate,
    plural,
    set_language,
    use_language,
)


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de"}, "de"),
        ({"LANG": "de_AT@euro"}, "de"),
        ({"LC_MESSAGES": "de_CH.UTF-8", "LANG": "C"}, "de"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": ""}, "en"),
        ({"LANG": "x" * 10_000}, "en"),
        ({"LANG": "\udcff\x00"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_language(environ: dict[str, str], code: str) -> None:
    assert choose_language(environ=environ) == code


@pytest.mark.parametrize("junk", ["fr", "DE", "", "de_DE", None, 1, b"de", ["de"]])
def test_a_language_deduce_does_not_speak_is_refused_naming_the_choices(junk: object) -> None:
    if junk is None:  # no --lang: the locale's
        assert choose_language(junk, environ={}) == "en"
        return
    with pytest.raises(InvalidInput) as error:
        choose_language(junk, environ={"LANG": "de_DE.UTF-8"})  # type: ignore[arg-type]
    assert error.value.argument == "lang" and error.value.choices == languages()
    with pytest.raises(InvalidInput):
        set_language(junk)  # type: ignore[arg-type]
    assert language() == "en"


@given(st.text(max_size=300))
def test_any_accept_language_gives_a_language_deduce_speaks(header: str) -> None:
    assert negotiate(header) in languages()


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("de", "de"),
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("fr;q=1, de;q=0.5", "de"),
        ("de;q=0, en", "en"),
        ("de;q=abc", "en"),
        ("*", "en"),
        (",,,", "en"),
        ("de;q=2", "en"),
        ("de;q=0.5, en;q=0.4", "de"),
        ("x" * 100_000 + ",de", "en"),  # only the start of a huge header is read
    ],
)
def test_accept_language_by_weight(header: str, code: str) -> None:
    assert negotiate(header) == code


def test_a_message_is_said_again_in_each_language_and_survives_pickling() -> None:
    message = plural("{n} clue", "{n} clues", 2)
    assert str(message) == "2 clues" and pickle.loads(pickle.dumps(message)) == message
    copy = pickle.loads(pickle.dumps(M("{n} left", n=3)))
    with use_language("de"):
        assert _(copy) == "3 übrig"
        assert language() == "de"
    assert _(copy) == "3 left" and language() == "en"


def test_use_language_is_the_context_s_and_set_language_the_process_s() -> None:
    seen: list[str] = []
    with use_language("de"):
        worker = threading.Thread(target=lambda: seen.append(language()))
        worker.start()
        worker.join()
    before = set_language("de")
    try:
        worker = threading.Thread(target=lambda: seen.append(language()))
        worker.start()
        worker.join()
    finally:
        set_language(before)
    assert seen == ["en", "de"] and language() == "en"


def test_a_third_language_is_one_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled catalogue in a new folder is a new language: chosen by --lang, the locale
    and a browser, its words said, with no code changed (here a copy of the German one)."""
    folder = tmp_path / "locale"
    shutil.copytree(module.LOCALE_DIR, folder)
    shutil.copytree(folder / "de", folder / "xx")
    monkeypatch.setattr(module, "LOCALE_DIR", folder)
    assert languages() == ("en", "de", "xx")
    assert choose_language("xx") == "xx" == choose_language(environ={"LANG": "xx_XX.UTF-8"})
    assert negotiate("xx, de;q=0.5") == "xx"
    with use_language("xx"):
        assert _(M("{n} left", n=2)) == "2 übrig"
