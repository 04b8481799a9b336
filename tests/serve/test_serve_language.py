"""``deduce serve`` in the player's language: each request answered in the language of its
``lang`` cookie (the page's switch), else of its ``Accept-Language``, else the server's
(``deduce serve --lang``); the pages, the API's messages and the state's words in it."""

from __future__ import annotations

import argparse
import io
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from rich.console import Console
from serving import AUTH, TOKEN, TestClient, launched
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

import deduce._internal.language as language_module
from deduce._internal.language import language
from deduce.errors import InvalidInput
from deduce.serve import create_app
from deduce.serve.app import LANGUAGE_COOKIE, RequestLanguage, requested_language
from deduce.serve.serve_command import add_parser, serve

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
SMALL = {"pegs": 3, "colours": 4}

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]*)">', page)
    assert found is not None, page[:200]
    return found.group(1)


def played(client: TestClient) -> None:
    """A small Mastermind game with one clue."""
    assert client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL}).is_success
    answer = client.post("/api/sessions/mastermind/lines", json={"line": "guess 123 1 1"})
    assert answer.status_code == 200


# -- the pages in German, as the browser asks --------------------------------------------


def test_the_first_page_is_german_when_the_browser_asks_for_german(client: TestClient) -> None:
    page = client.get("/", headers=GERMAN).text
    assert html_lang(page) == "de"
    assert '<h2 id="new-h">Neues Spiel</h2>' in page
    assert '<h2 id="shared-h">Geteiltes Spiel öffnen</h2>' in page
    assert '<button type="submit" class="primary">Mastermind starten</button>' in page
    assert '<button type="submit" class="primary">Öffnen</button>' in page
    assert '<button type="button" class="replace">Neues beginnen</button>' in page
    assert "New game" not in page and "Open a shared game" not in page
    # the switch: English to choose, German the language now
    assert '<footer class="languages" aria-label="Sprache">' in page
    assert 'data-lang="en">English</button>' in page
    assert '<strong lang="de" aria-current="true">Deutsch</strong>' in page
    # the words app.js shows, in German too
    assert 'data-refused="abgelehnt: {why}"' in page
    assert 'data-writing-left="Schreiben: noch {time}"' in page


def test_a_game_page_is_german_when_the_browser_asks_for_german(client: TestClient) -> None:
    played(client)
    page = client.get("/play/mastermind", headers=GERMAN).text
    assert html_lang(page) == "de"
    for said in (
        '<h2 id="clue-h">Hinweise</h2>',
        '<h2 id="history-h">Verlauf</h2>',
        '<h2 id="commands-h">Befehle</h2>',
        '<h2 id="sheet-h">Ermittlungsblatt</h2>',
        'data-line="undo">Letzten Hinweis zurücknehmen</button>',
        '<h3 id="free-h">Eine Zeile wie in der Konsole</h3>',
        '<button type="submit">Senden</button>',
        ">Schwarz</label>",
        ">Weiß</label>",
        'aria-label="Schwarz eins mehr"',
        '<button type="submit" class="primary">Eintragen</button>',
        "<summary>Jeder Hinweis, auch außer der Reihe</summary>",
        "<summary>Dieses Spiel auf ein anderes Gerät bringen</summary>",
    ):
        assert said in page, said
    assert re.search(r"<p>noch <strong>\d+</strong> Lösungen? möglich</p>", page)
    for english in ("History", "Commands", "Undo the last clue", "solutions left"):
        assert english not in page, english


def test_the_tables_view_is_german_when_the_browser_asks_for_german(tmp_path: Path) -> None:
    app = create_app(tmp_path, token=TOKEN, view_token="a-view-token")
    with TestClient(app, headers=AUTH) as client:
        played(client)
        view = {"Authorization": "token a-view-token", **GERMAN}
        page = client.get("/view/mastermind", headers=view).text
    assert html_lang(page) == "de"
    assert '<h2 id="history-h">Was geschah</h2>' in page
    assert "Die Tischansicht: was alle Spieler sehen dürfen." in page
    assert "<title>Mastermind · der Tisch · deduce</title>" in page


def test_a_page_that_cannot_be_found_says_so_in_german(client: TestClient) -> None:
    answer = client.get("/play/nothing", headers=GERMAN)
    assert answer.status_code == 404
    assert html_lang(answer.text) == "de"
    assert "<h1>Kein solches Spiel</h1>" in answer.text
    assert '<a class="button" href="/">Alle Spiele</a>' in answer.text


# -- English: asked for, or nothing asked ----------------------------------------------------


@pytest.mark.parametrize("headers", [ENGLISH, {}], ids=["english", "no-header"])
def test_the_pages_are_english_when_english_or_nothing_is_asked(
    client: TestClient, headers: dict[str, str]
) -> None:
    home = client.get("/", headers=headers).text
    assert html_lang(home) == "en"
    assert '<h2 id="new-h">New game</h2>' in home
    assert '<button type="submit" class="primary">Start Mastermind</button>' in home
    played(client)
    page = client.get("/play/mastermind", headers=headers).text
    assert html_lang(page) == "en"
    assert '<h2 id="clue-h">Clues</h2>' in page
    assert 'data-line="undo">Undo the last clue</button>' in page
    assert 'aria-label="Black one more"' in page and ">Black</label>" in page
    assert "Verlauf" not in page and "Neues Spiel" not in home


# -- the switch's cookie comes first ----------------------------------------------------------


def test_the_cookie_of_the_switch_comes_before_the_browsers_language(client: TestClient) -> None:
    english = client.get("/", headers={**GERMAN, "Cookie": f"{LANGUAGE_COOKIE}=en"}).text
    assert html_lang(english) == "en" and "New game" in english
    assert 'data-lang="de">Deutsch</button>' in english  # the other language to choose
    german = client.get("/", headers={**ENGLISH, "Cookie": f"{LANGUAGE_COOKIE}=de"}).text
    assert html_lang(german) == "de" and "Neues Spiel" in german


@pytest.mark.parametrize(
    "headers",
    [
        {"Cookie": "lang=xx"},
        {"Cookie": 'lang="de'},
        {"Cookie": "lang=" + "d" * 5000},
        {"Cookie": "lang"},
        {"Accept-Language": "xx-YY, zz;q=0.5"},
        {"Accept-Language": "*"},
        {"Accept-Language": "de;q=1.2.3, ;;;, q=, en;q="},
        {"Accept-Language": ",,,;q=0.5" * 500},
        {"Accept-Language": "de;q=0", "Cookie": "lang=klingon"},
    ],
)
def test_a_language_deduce_does_not_speak_falls_back_to_english(
    client: TestClient, headers: dict[str, str]
) -> None:
    played(client)
    for path in ("/", "/play/mastermind", "/play/nothing"):
        answer = client.get(path, headers=headers)
        assert answer.status_code in (200, 404), path
        assert html_lang(answer.text) == "en", path
    state = client.get("/api/sessions/mastermind", headers=headers)
    assert state.status_code == 200 and state.json()["history"][0]["n"] == 1


def test_the_servers_language_is_taken_when_the_browser_asks_for_none_deduce_speaks(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN, language="de"), headers=AUTH) as client:
        assert html_lang(client.get("/").text) == "de"
        assert html_lang(client.get("/", headers={"Accept-Language": "fr, it"}).text) == "de"
        assert html_lang(client.get("/", headers=ENGLISH).text) == "en"
        assert html_lang(client.get("/", headers={"Cookie": "lang=en"}).text) == "en"


def test_the_servers_language_is_one_deduce_speaks(tmp_path: Path) -> None:
    for wrong in ("xx", "", None, "EN"):
        with pytest.raises(InvalidInput):
            create_app(tmp_path, token=TOKEN, language=wrong)


def test_requested_language_reads_the_cookie_then_the_header_then_the_default() -> None:
    assert requested_language({}) == "en"
    assert requested_language({"accept-language": "fr"}) == "en"
    assert requested_language({"cookie": "lang=xx; other=1"}) == "en"
    assert requested_language({"accept-language": "en", "cookie": "lang=en"}, "en") == "en"


# -- the API's words in the request's language ------------------------------------------------


def test_a_refused_line_is_refused_in_german_when_the_browser_asks_for_german(
    client: TestClient,
) -> None:
    played(client)
    answer = client.post(
        "/api/sessions/mastermind/lines", json={"line": "guess 12 1 0"}, headers=GERMAN
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "ist ungültig" in error and "erwartet" in error, error
    english = client.post(
        "/api/sessions/mastermind/lines", json={"line": "guess 12 1 0"}, headers=ENGLISH
    )
    assert "is not valid" in english.json()["error"]


def test_the_apis_own_messages_are_german_when_the_browser_asks_for_german(
    client: TestClient,
) -> None:
    assert client.get("/api/sessions/nothing", headers=GERMAN).json() == {
        "error": "kein Spiel nothing ist gespeichert"
    }
    played(client)
    stale = client.post(
        "/api/sessions/mastermind/lines",
        json={"line": "guess 123 0 0", "version": "an-older-one"},
        headers=GERMAN,
    )
    assert stale.status_code == 409
    assert stale.json()["error"].startswith("Das Spiel hat sich geändert")
    over = client.post(
        "/api/sessions",
        json={"game": "mastermind", "setup": SMALL, "replace": False},
        headers=GERMAN,
    )
    assert over.status_code == 409
    assert over.json()["error"].startswith("Ein Mastermind-Spiel mit 1 Hinweis läuft.")
    refused = client.get("/api/sessions", headers={"Authorization": "token wrong", **GERMAN})
    assert refused.status_code == 403
    assert refused.json()["error"].startswith("Ein Token wird gebraucht")


def test_the_state_is_said_anew_for_each_request_in_its_language(client: TestClient) -> None:
    """A note kept with the game (the earlier game kept aside) is said in the language of
    each request that reads it, and words worked out once per state (the turn) are never
    handed to a request of another language."""
    played(client)
    assert client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL}).is_success
    german = client.get("/api/sessions/mastermind", headers=GERMAN).json()
    english = client.get("/api/sessions/mastermind", headers=ENGLISH).json()
    assert german["replies"][0]["words"] == (
        "Das frühere Spiel ist in mastermind.json.bak aufbewahrt."
    )
    assert english["replies"][0]["words"] == "The earlier game is kept in mastermind.json.bak."
    assert english["turn"]["heading"] == "Your turn"
    assert german["turn"]["heading"] != english["turn"]["heading"]
    again = client.get("/api/sessions/mastermind", headers=GERMAN).json()
    assert again["turn"] == german["turn"]


# -- the language reaches the threads a request starts ----------------------------------------


@pytest.fixture
def trial_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """deduce with a German catalogue of one word, in a folder of the test's own."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale="de")
    catalog.add("yes", "ja")
    with (folder / "deduce.mo").open("wb") as file:
        write_mo(file, catalog)
    language_module._translations.cache_clear()
    monkeypatch.setattr(language_module, "LOCALE_DIR", tmp_path / "locale")
    try:
        yield
    finally:
        language_module._translations.cache_clear()


def test_the_requests_language_reaches_the_threads_it_starts(trial_catalogue: None) -> None:
    async def spoken(request: Request) -> JSONResponse:
        return JSONResponse({"loop": language(), "thread": await run_in_threadpool(language)})

    app = Starlette(
        routes=[Route("/", spoken)], middleware=[Middleware(RequestLanguage, default="en")]
    )
    with TestClient(app) as client:
        assert client.get("/", headers=GERMAN).json() == {"loop": "de", "thread": "de"}
        assert client.get("/", headers=ENGLISH).json() == {"loop": "en", "thread": "en"}
        assert client.get("/").json() == {"loop": "en", "thread": "en"}
        chosen = client.get("/", headers={**ENGLISH, "Cookie": "lang=de"})
        assert chosen.json() == {"loop": "de", "thread": "de"}
    assert language() == "en"  # nothing is left behind


# -- deduce serve --lang ----------------------------------------------------------------------


def serve_arguments(*line: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="deduce")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *line])


def test_serve_takes_the_pages_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve_arguments().page_language is None  # en, or deduce's own --lang
    assert serve_arguments("--lang", "de").page_language == "de"
    args = serve_arguments("--lang", "xx", "--no-browser", "--state-dir", str(tmp_path))
    with pytest.raises(InvalidInput) as refused:
        serve(args, Console(file=io.StringIO()))
    assert refused.value.argument == "--lang"
    with pytest.raises(SystemExit):
        serve_arguments("--help")
    assert "--lang CODE" in capsys.readouterr().out


def test_deduce_serve_lang_de_serves_german_pages(tmp_path: Path) -> None:
    import httpx

    with launched(tmp_path, TOKEN, "--lang", "de") as served:
        base = f"http://127.0.0.1:{served.port}"
        page = httpx.get(f"{base}/", headers=AUTH, timeout=30).text
        assert html_lang(page) == "de" and "Neues Spiel" in page
        english = httpx.get(f"{base}/", headers={**AUTH, **ENGLISH}, timeout=30).text
        assert html_lang(english) == "en"


# -- the switch in a browser -------------------------------------------------------------------


@pytest.mark.slow
def test_the_switch_sets_the_language_and_it_is_kept(tmp_path: Path) -> None:
    from browser import PHONE, phone_page

    with launched(tmp_path / "state", TOKEN) as served, phone_page(PHONE) as page:
        url = f"http://127.0.0.1:{served.port}"
        page.set_extra_http_headers({"Accept-Language": "de"})
        page.goto(f"{url}/?token={TOKEN}")
        assert page.get_attribute("html", "lang") == "de"
        page.click("footer.languages button[data-lang=en]")
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert page.inner_text("#new-h") == "New game"
        cookie: Any = next(c for c in page.context.cookies() if c["name"] == "lang")
        assert cookie["value"] == "en" and cookie["path"] == "/"
        assert cookie["sameSite"] == "Lax" and cookie["expires"] > time.time() + 300 * 24 * 3600
        page.goto(f"{url}/")  # the next visit: still English, the browser asking German
        assert page.get_attribute("html", "lang") == "en"
        page.click("footer.languages button[data-lang=de]")
        page.wait_for_function("document.documentElement.lang === 'de'")
        assert page.inner_text("#new-h") == "Neues Spiel"
        # the words app.js shows come from the page, in its language
        page.click("summary:has-text('Mastermind')")
        page.click("button:has-text('Mastermind starten')")
        page.wait_for_url("**/play/mastermind")
        page.click("section.now form[data-verb=guess] button[type=submit]")
        assert page.inner_text("#alert").startswith("abgelehnt: ")
