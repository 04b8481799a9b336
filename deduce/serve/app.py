"""The web application of ``deduce serve``: the JSON API and the pages, on one
:class:`~deduce.serve.open_games.OpenGames`.

The API (documented in docs/reference.md): ``POST /api/sessions`` starts a game,
``GET /api/sessions/{id}`` is its state, ``POST /api/sessions/{id}/lines`` carries out a
console line, and ``GET /api/sessions/{id}/events`` tells every open page of the game
when it changes (Server-Sent Events: the state's ``version``). The pages are drawn from
the grammar (:mod:`deduce.serve.forms`) with Jinja2, every text escaped; the page posts
the lines the player puts together, redraws itself from the answer, and follows the
changes made on other devices.

Every request is answered in its language (:func:`requested_language`): the ``lang``
cookie the page's language switch sets, else the browser's ``Accept-Language``, else the
server's (``create_app(language=...)``, ``deduce serve --lang``); the pages' words and the
API's messages are looked up in that language's catalogue
(:mod:`deduce._internal.language`).

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> from starlette.testclient import TestClient
    >>> app = create_app(Path(tempfile.mkdtemp()), token="t0ken")
    >>> client = TestClient(app, headers={"Authorization": "token t0ken"})
    >>> client.post("/api/sessions", json={"game": "mastermind", "setup": {}}).status_code
    201
    >>> client.get("/api/sessions/mastermind").json()["solutions"]
    1296
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import AsyncIterator
from dataclasses import asdict, replace
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request, cookie_parser
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from deduce._internal.language import (
    ENGLISH,
    N_,
    M,
    Message,
    _,
    languages,
    negotiate,
    ngettext,
    use_language,
)
from deduce._internal.language import language as spoken
from deduce.core import registry
from deduce.errors import DeduceError, InvalidInput
from deduce.play.adapter import refusal
from deduce.play.sharing import open_shared, shared_text
from deduce.serve.forms import (
    Form,
    advised,
    question_fields,
    verb_forms,
    way_forms,
)
from deduce.serve.open_games import (
    SAVES,
    Blocked,
    Busy,
    InProgress,
    NotSaved,
    OpenGame,
    OpenGames,
    Refused,
    Stale,
    Unreadable,
    shown,
)
from deduce.serve.schema import DOCUMENT
from deduce.serve.security import (
    MAX_BODY,
    App,
    Receive,
    Scope,
    Send,
    TokenGuard,
    json_shape,
    new_token,
)

__all__ = ["LANGUAGE_COOKIE", "RequestLanguage", "create_app", "requested_language"]

_STATIC = Path(__file__).parent / "static"

ADVICE_WAIT = 1.0
"""How long ``deduce serve`` lets the request that first needs a state's advice wait for
it, in seconds; then it answers with the advice ``pending`` (the page asks again)."""

EVENTS_SECONDS = 20.0
"""How long one stream of a game's events lasts; the browser opens the next one at once
(``retry``), so that a server that stops is never held up by an open page."""
_WATCH_SECONDS = 0.2  # how often a stream looks at the game's version
_HIDDEN = {"quit"}  # verbs the page does not offer (close the page instead)
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class _TooLarge(Exception):
    pass


class _TooSlow(Exception):
    pass


BODY_SECONDS = 20.0
"""How long a request's body may take to arrive whole."""


LANGUAGE_COOKIE = "lang"
"""The cookie of the language the player chose on the page (its code, one of
:func:`~deduce._internal.language.languages`)."""

_NATIVE = {"en": "English", "de": "Deutsch"}
"""Each language by its own name, as the page's switch offers it (a language not named
here: its code)."""


def requested_language(headers: Headers | dict[str, str], default: str = ENGLISH) -> str:
    """The language a request is answered in: its ``lang`` cookie when it names a language
    deduce speaks, else the first of its ``Accept-Language`` that deduce speaks, else
    ``default`` (the server's).

    Example:
        >>> requested_language({"accept-language": "fr-CH, de;q=0.9"})
        'de'
        >>> requested_language({"accept-language": "de", "cookie": "lang=en"})
        'en'
        >>> requested_language({"accept-language": "fr", "cookie": "lang=xx"}, "de")
        'de'
    """
    chosen = cookie_parser(headers.get("cookie", "")).get(LANGUAGE_COOKIE, "")
    if chosen in languages():
        return chosen
    # the server's language after the browser's, by the least weight a browser gives
    asked = headers.get("accept-language", "")[:1900]
    return negotiate(f"{asked}, {default};q=0.001" if asked else default)


class RequestLanguage:
    """ASGI middleware: each HTTP request answered in its language
    (:func:`requested_language`), which the code it runs reads from
    :func:`~deduce._internal.language.language` (threads it starts included)."""

    def __init__(self, app: App, default: str) -> None:
        self.app = app
        self.default = default

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with use_language(requested_language(Headers(scope=scope), self.default)):
            await self.app(scope, receive, send)


def _switch() -> list[dict[str, Any]]:
    """The languages the page offers: each code, its own name, and whether it is the
    request's."""
    now = spoken()
    return [
        {"code": code, "name": _NATIVE.get(code, code), "current": code == now}
        for code in languages()
    ]


def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("deduce.serve", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # the templates' words in the request's language: {{ _("...") }}, {% trans %}
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_page_gettext, ngettext=_page_ngettext, newstyle=True
    )
    environment.filters["commands"] = _commands
    environment.filters["said"] = _  # a word of the game's, in the catalogue if it is there
    environment.globals["language"] = spoken
    environment.globals["switch"] = _switch
    environment.globals["code"] = _code
    environment.globals["strong"] = _strong
    return environment


def _page_gettext(text: str) -> str:
    """A template's words in the request's language: a translation is text, escaped
    (Jinja takes what gettext gives as markup); English is the template's own."""
    return text if spoken() == ENGLISH else escape(_(text))


def _page_ngettext(singular: str, many: str, n: int) -> str:
    """:func:`_page_gettext` with a number."""
    said = ngettext(singular, many, n)
    return said if spoken() == ENGLISH else escape(said)


def _code(text: str) -> Markup:
    """``text`` set as code, for a template's message (``%(command)s``).

    Example:
        >>> print(_code("drop N"))
        <code>drop N</code>
    """
    return Markup("<code>%s</code>") % text


def _strong(text: object) -> Markup:
    """``text`` set in bold, for a template's message.

    Example:
        >>> print(_strong(12))
        <strong>12</strong>
    """
    return Markup("<strong>%s</strong>") % text


def _commands(text: str) -> Markup:
    """``text`` escaped, with each command the console quotes between backticks set as
    code (unpaired backticks are left as they are).

    Example:
        >>> print(_commands("by bits (`strategy entropy`) <b>"))
        by bits (<code>strategy entropy</code>) &lt;b&gt;
    """
    parts = str(escape(text)).split("`")
    if len(parts) % 2 == 0:
        return escape(text)
    return Markup("".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts)))


async def _json(request: Request) -> dict[str, Any]:
    """The request's JSON object (at most MAX_BODY bytes, whatever the headers say, sent
    within BODY_SECONDS; its nesting and numbers checked before it is parsed)."""
    body = b""
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise _TooLarge
    except TimeoutError:
        raise _TooSlow from None
    try:
        text = body.decode("utf-8")
        shape = json_shape(text)
        if shape:
            size = _(M("{n} bytes", n=len(body)))
            raise InvalidInput("body", size, N_("a JSON object"), reason=shape)
        document = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidInput(
            "body", body[:80].decode("utf-8", "replace"), N_("a JSON object")
        ) from error
    if not isinstance(document, dict):
        raise InvalidInput("body", type(document).__name__, N_("a JSON object"))
    try:  # "\ud800" escapes half a UTF-16 pair: no character, and no answer can quote it
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(
            "body",
            _(M("{n} bytes", n=len(body))),
            N_("a JSON object"),
            reason=N_("it escapes half of a UTF-16 pair (\\ud800 to \\udfff), no character"),
        ) from None
    return document


def _version(body: dict[str, Any], header: str | None) -> str | None:
    """The state's version a line was built for: the body's ``version``, else the
    ``If-Match`` header's (quoted, or weak ``W/"..."``); None when neither is given."""
    version = body.get("version")
    if version is None and header:
        version = header.strip().removeprefix("W/").strip('"')
    if version is not None and not isinstance(version, str):
        raise InvalidInput(
            "version", version, N_("the version of the state, as the state gives it")
        )
    return version


_IN_THE_WAY: dict[type[Exception], str] = {
    Busy: N_("Open in the console"),
    Unreadable: N_("The saved game cannot be read"),
    Blocked: N_("The game cannot be opened"),
}
"""The title of the page that says why a game cannot be opened."""


def _error(status: int, message: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": message, **more}, status_code=status, headers=_HEADERS)


def _too_large() -> JSONResponse:
    return _error(413, _(M("the request is too large (at most {limit} bytes)", limit=MAX_BODY)))


def _too_slow() -> JSONResponse:
    said = M("the request took too long (at most {seconds:g} s)", seconds=BODY_SECONDS)
    return _error(408, _(said))


def _said(error: Exception) -> str:
    """An error's message in the request's language (a message made with ``M`` is said
    again; any other as it is)."""
    if len(error.args) == 1 and isinstance(error.args[0], Message):
        return str(_(error.args[0]))
    return str(error)


def create_app(
    state_dir: Path,
    *,
    token: str | None = None,
    view_token: str | None = None,
    language: str = ENGLISH,
    advice_wait: float | None = None,
) -> Starlette:
    """The application on the games of ``state_dir``, behind ``token`` (default: random,
    then ``app.state.token``); the table's view behind ``view_token`` (default: random,
    then ``app.state.view_token``).

    Args:
        state_dir: the console's state directory (its autosave files and locks).
        token: the token every request must carry.
        view_token: the token of the table's view: it opens only ``/view/{id}`` and its
            API, to read what every player may see.
        language: the language of a request that asks for none deduce speaks (neither
            its ``lang`` cookie nor its ``Accept-Language``), one of
            :func:`~deduce._internal.language.languages`.
        advice_wait: how long the first request that needs a state's advice waits for
            it, in seconds (None: until it is worked out); a request that comes while it
            is worked out never waits: its answer says the advice is ``pending``
            (``deduce serve`` waits :data:`ADVICE_WAIT`).
    """
    tables = OpenGames(state_dir, advice_wait=advice_wait)
    templates = _environment()
    for name, value in (("token", token), ("view_token", view_token)):
        if value is not None and (not isinstance(value, str) or not value):
            raise InvalidInput(name, value, "None, or the token as text")
    if not isinstance(language, str) or language not in languages():
        raise InvalidInput("language", language, languages())
    secret = token or new_token()
    view_secret = view_token or new_token()
    if view_secret == secret:
        raise InvalidInput("view_token", view_token, "a token other than the player's")

    def page(name: str, status: int = 200, **values: Any) -> HTMLResponse:
        html = templates.get_template(name).render(token=secret, **values)
        return HTMLResponse(html, status_code=status, headers=_HEADERS)

    def forms(game: OpenGame) -> list[Form]:
        saves = sorted(p.stem for p in (state_dir / SAVES).glob("*.json"))
        found = []
        for form in verb_forms(game.session.grammar, game.session.investigation):
            if form.name in _HIDDEN:
                continue
            fields = tuple(
                replace(
                    f, label=_("Name"), choices=tuple(saves), help=_("a name for the saved game")
                )
                if f.name == "FILE"
                else f
                for f in form.fields
            )
            found.append(replace(form, fields=fields))
        return found

    async def opened(id: str) -> OpenGame | Response:
        """The game ``id`` open, or the API's answer why not (404, 409)."""
        game = tables.games.get(id)
        if game is not None:  # open already: nothing to read from a file
            return game
        try:
            return await run_in_threadpool(tables.open, id)
        except KeyError:
            return _error(404, _("no game {id} is saved").format(id=id))
        except (Busy, Blocked, Unreadable) as error:
            return _error(409, _said(error))

    async def home(request: Request) -> Response:
        games = [
            {
                "name": g.name,
                "title": g.title,
                "note": _(g.adapter().grammar.setup_note),
                "fields": question_fields(g.adapter().grammar.setup),
                "documents": _(g.adapter().documents),
            }
            for g in tables.declarations()
        ]
        saved = tables.saved()
        for game in saved:
            game["copies"] = await run_in_threadpool(tables.copies, game["id"])
        return page("home.html", games=games, saved=saved)

    async def opened_page(id: str, *, title: str = "") -> OpenGame | Response:
        """The game ``id`` open, or the page why not (404, 409 titled ``title``, by
        default by what stands in the way)."""
        try:
            return await run_in_threadpool(tables.open, id)
        except KeyError:
            text = _("No game {id} is saved.").format(id=id)
            return page("message.html", 404, title=_("No such game"), text=text)
        except (Busy, Blocked, Unreadable) as error:
            said = _(title or _IN_THE_WAY[type(error)])
            return page("message.html", 409, title=said, text=_said(error))

    async def play(request: Request) -> Response:
        id = request.path_params["id"]
        game = await opened_page(id)
        if isinstance(game, Response):
            return game
        state = await run_in_threadpool(game.state)
        part = request.query_params.get("part")
        if part == "advice":  # asked for again while it is worked out
            return page("advice.html", state=state)
        name = "main.html" if part == "main" else "game.html"
        now = await run_in_threadpool(_now, game)
        sheet = await run_in_threadpool(_sheet, game, state)
        shared = _view_link(request, id, view_secret)
        best = state["advice"]["moves"][:1]
        if best and best[0]["verb"]:  # the best move, filled in where it is made
            now = advised(now, best[0]["verb"], best[0]["args"])
        return page(
            name,
            state=state,
            forms=forms(game),
            now=now,
            now_open=_open_way(now),
            sheet=sheet,
            id=id,
            shared=shared,
        )

    async def games(request: Request) -> Response:
        found = [
            {
                "game": g.name,
                "title": g.title,
                "setup": [asdict(f) for f in question_fields(g.adapter().grammar.setup)],
            }
            for g in tables.declarations()
        ]
        return JSONResponse(found, headers=_HEADERS)

    async def schema(request: Request) -> Response:
        return JSONResponse(DOCUMENT, headers=_HEADERS)

    async def sessions(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse(tables.saved(), headers=_HEADERS)
        try:
            body = await _json(request)
            if "shared" in body:  # a game shared as text, continued here
                return await _open_shared(body)
            name, setup = body.get("game"), body.get("setup", {})
            if not isinstance(name, str):
                raise InvalidInput("game", name, [g.name for g in tables.declarations()])
            if not isinstance(setup, dict):
                raise InvalidInput("setup", type(setup).__name__, N_("an object of set-up answers"))
            replace = body.get("replace", True)
            if not isinstance(replace, bool):
                raise InvalidInput("replace", replace, N_("true or false"))
            game = await run_in_threadpool(partial(tables.create, name, setup, replace=replace))
            return JSONResponse(await run_in_threadpool(game.state), 201, headers=_HEADERS)
        except _TooLarge:
            return _too_large()
        except _TooSlow:
            return _too_slow()
        except InvalidInput as error:
            return _error(422, shown(refusal(error), state_dir))
        except InProgress as error:
            return _error(409, _said(error), in_progress=error.id)
        except (Busy, Blocked, NotSaved) as error:
            return _error(409, _said(error))
        except DeduceError as error:
            return _error(422, shown(_said(error), state_dir))

    async def _open_shared(body: dict[str, Any]) -> Response:
        text, replace = body.get("shared"), body.get("replace", True)
        if not isinstance(text, str):
            raise InvalidInput("shared", text, N_("a shared game: deduce1: and letters"))
        if not isinstance(replace, bool):
            raise InvalidInput("replace", replace, N_("true or false"))
        start = await run_in_threadpool(open_shared, text)
        name = registry.find(start.game).name if start.game else ""
        create = partial(tables.create, name, {}, replace=replace, start=start)
        game = await run_in_threadpool(create)
        return JSONResponse(await run_in_threadpool(game.state), 201, headers=_HEADERS)

    async def moved(request: Request) -> Response:  # asked for when the page's card opens
        game = await opened(request.path_params["id"])
        if isinstance(game, Response):
            return game
        return JSONResponse(await run_in_threadpool(_moved, game), headers=_HEADERS)

    async def copies(request: Request) -> Response:
        id = request.path_params["id"]
        try:
            return JSONResponse(await run_in_threadpool(tables.copies, id), headers=_HEADERS)
        except KeyError:
            return _error(404, _("no game {id} is known").format(id=id))

    async def reopen(request: Request) -> Response:
        id = request.path_params["id"]
        try:
            body = await _json(request)
            copy = body.get("copy")
            if not isinstance(copy, str):
                raise InvalidInput("copy", copy, N_("the name of an earlier game (GET .../copies)"))
            game = await run_in_threadpool(tables.reopen, id, copy)
            return JSONResponse(await run_in_threadpool(game.state), headers=_HEADERS)
        except KeyError:
            return _error(404, _("no game {id} is known").format(id=id))
        except _TooLarge:
            return _too_large()
        except _TooSlow:
            return _too_slow()
        except InvalidInput as error:
            return _error(422, shown(refusal(error), state_dir))
        except (Busy, Blocked, NotSaved) as error:
            return _error(409, _said(error))

    async def session(request: Request) -> Response:
        game = await opened(request.path_params["id"])
        if isinstance(game, Response):
            return game
        return await _state_response(game)

    async def lines(request: Request) -> Response:
        game = await opened(request.path_params["id"])
        if isinstance(game, Response):
            return game
        try:
            body = await _json(request)
            line = body.get("line")
            if not isinstance(line, str):
                raise InvalidInput("line", line, N_("a line as the console takes it"))
            version = _version(body, request.headers.get("if-match"))
            done = await run_in_threadpool(partial(game.post_json, line, version=version))
            return Response(done, media_type="application/json", headers=_HEADERS)
        except _TooLarge:
            return _too_large()
        except _TooSlow:
            return _too_slow()
        except InvalidInput as error:
            return await _error_state(422, refusal(error), game)
        except Refused as error:
            return await _error_state(422, _said(error), game)
        except Stale as error:
            return await _error_state(409, _said(error), game)
        except NotSaved as error:
            return await _error_state(503, _said(error), game)

    async def events(request: Request) -> Response:
        id = request.path_params["id"]
        game = await opened(id)
        if isinstance(game, Response):
            return game
        return StreamingResponse(
            _versions(request, tables, id),
            media_type="text/event-stream",
            headers={**_HEADERS, "X-Accel-Buffering": "no"},
        )

    async def view(request: Request) -> Response:
        id = request.path_params["id"]
        game = await opened_page(id, title=N_("The game cannot be shown"))
        if isinstance(game, Response):
            return game
        state = await run_in_threadpool(_public, game)
        name = "view_main.html" if request.query_params.get("part") == "main" else "view.html"
        html = templates.get_template(name).render(token="", state=state, id=id)
        return HTMLResponse(html, headers=_HEADERS)

    async def view_state(request: Request) -> Response:
        game = await opened(request.path_params["id"])
        if isinstance(game, Response):
            return game
        return JSONResponse(await run_in_threadpool(_public, game), headers=_HEADERS)

    async def worker(request: Request) -> Response:
        return FileResponse(
            _STATIC / "sw.js", media_type="text/javascript", headers={"Service-Worker-Allowed": "/"}
        )

    async def manifest(request: Request) -> Response:
        return FileResponse(
            _STATIC / "manifest.webmanifest", media_type="application/manifest+json"
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        tables.close()

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/play/{id}", play),
            Route("/api/games", games),
            Route("/api/schema", schema),
            Route("/api/sessions", sessions, methods=["GET", "POST"]),
            Route("/api/sessions/{id}", session),
            Route("/api/sessions/{id}/lines", lines, methods=["POST"]),
            Route("/api/sessions/{id}/events", events),
            Route("/view/{id}", view),
            Route("/api/view/{id}", view_state),
            Route("/api/view/{id}/events", events),
            Route("/api/sessions/{id}/copies", copies),
            Route("/api/sessions/{id}/shared", moved),
            Route("/api/sessions/{id}/reopen", reopen, methods=["POST"]),
            Route("/sw.js", worker),
            Route("/manifest.webmanifest", manifest),
            Mount("/static", StaticFiles(directory=_STATIC), name="static"),
        ],
        middleware=[
            Middleware(RequestLanguage, default=language),  # outside the door: its refusals too
            Middleware(TokenGuard, token=secret, view_token=view_secret),
        ],
        lifespan=lifespan,
    )
    app.state.token = secret
    app.state.view_token = view_secret
    app.state.language = language
    app.state.tables = tables
    return app


async def _versions(request: Request, tables: OpenGames, id: str) -> AsyncIterator[str]:
    """The game's version as events: at once, then whenever it changes (a line entered on
    any device, a new game started), for :data:`EVENTS_SECONDS`."""
    yield f"retry: {int(1000 * _WATCH_SECONDS)}\n\n"
    loop = asyncio.get_running_loop()
    until = loop.time() + EVENTS_SECONDS
    sent = None
    while loop.time() < until and not await request.is_disconnected():
        game = tables.games.get(id)
        version = None if game is None else game.version
        if version != sent:
            yield f"event: version\ndata: {json.dumps({'version': version})}\n\n"
            sent = version
        await asyncio.sleep(_WATCH_SECONDS)


def _view_link(request: Request, id: str, token: str) -> dict[str, str]:
    """The table's view of game ``id``: its address on this server (as the page was
    asked for) and that address as a QR code (an SVG data URI)."""
    address = f"{str(request.base_url).rstrip('/')}/view/{id}?token={token}"
    return {"address": address, "qr": _qr(address)}


def _moved(game: OpenGame) -> dict[str, str | None]:
    """The game shared as text (``share``), for another device, and its QR code (None
    when the text is too long for one)."""
    with game.guard:
        text = shared_text(game.session.investigation)
    try:
        return {"text": text, "qr": _qr(text)}
    except ValueError:  # segno's DataOverflowError: more than a QR code holds
        return {"text": text, "qr": None}


@functools.lru_cache(maxsize=16)
def _qr(address: str) -> str:
    """``address`` as a QR code, an SVG data URI (drawn once: every redraw shows it)."""
    import segno

    return str(segno.make(address, error="l").svg_data_uri(scale=4))


def _public(game: OpenGame) -> dict[str, Any]:
    """What every player may see of the game (:meth:`OpenGame.public`)."""
    with game.guard:
        return game.public()


def _open_way(now: list[Form]) -> int | None:
    """Of the ways to act now, the one the page shows open: the one filled in (from the
    advice, or as the table suggests), else the only one with fields to fill; None: each
    is its title, folded (a one-button way is always its button)."""
    filled = [i for i, form in enumerate(now) if any(f.filled and not f.fixed for f in form.fields)]
    if filled:
        return filled[0]
    fields = [i for i, form in enumerate(now) if any(not f.fixed for f in form.fields)]
    return fields[0] if len(fields) == 1 else None


def _now(game: OpenGame) -> list[Form]:
    """The forms of what may be done at the step at hand."""
    with game.guard:
        session = game.session
        return way_forms(session.grammar, session.investigation, game.turn())


async def _state_body(game: OpenGame) -> bytes:
    """The game's state as the API sends it: the one worked out for the state as it is
    now, shared by every client, else worked out now (:meth:`OpenGame.state_json`)."""
    body = game.kept_json()
    if body is None:
        body = await run_in_threadpool(game.state_json)
    return body


async def _state_response(game: OpenGame) -> Response:
    """The game's state (:func:`_state_body`) as the answer."""
    return Response(await _state_body(game), media_type="application/json", headers=_HEADERS)


async def _error_state(status: int, message: str, game: OpenGame) -> Response:
    """What :func:`_error` answers, with the game's state as it is now (``state``)."""
    said = json.dumps(message, ensure_ascii=False).encode()
    body = b'{"error":' + said + b',"state":' + await _state_body(game) + b"}"
    return Response(body, status_code=status, media_type="application/json", headers=_HEADERS)


def _sheet(game: OpenGame, state: dict[str, Any]) -> list[dict[str, Any]]:
    """The state's sheet as the page shows it, in the player's words (the state keeps the
    game's own names): each field's ``heading``, its ``values`` with their chances, the
    likeliest first, and its value once ``certain`` (else None). A heading is the game's
    word for the field (an adapter's ``show_field``), else looked up in the catalogue."""
    with game.guard:
        adapter, investigation = game.adapter, game.session.investigation
        heading = getattr(adapter, "show_field", None) or _
        shown = investigation.shown_value
        certain = state["certain"]
        return [
            {
                "heading": str(heading(field)),
                "values": [
                    (shown(value), p)
                    for value, p in sorted(values.items(), key=lambda kv: kv[1], reverse=True)
                ],
                "certain": shown(certain[field]) if field in certain else None,
            }
            for field, values in state["sheet"].items()
        ]
