"""The locks on ``deduce serve``'s door: the token, the CSRF check, the body cap.

Like Jupyter's: every request carries the server's token, as ``?token=T`` (once: the
answer sets a cookie), the cookie, or an ``Authorization: token T`` header; without it
the answer is 403. A request that changes something (a POST) must carry the token in a
header (``Authorization: token T``, which the page sends itself): a cookie alone never
changes anything, so another site that makes the browser post here is refused (it cannot
read the token nor set that header). A POST whose ``Origin`` is another site is refused
too, and a body over :data:`MAX_BODY` bytes is refused with 413. A WebSocket connection
carries the token the same ways, and one opened from another site's page (its ``Origin``)
is refused too: it is closed before it is accepted, with the code of a policy violation
(:data:`POLICY_VIOLATION`). Only the server's own start and stop (the ``lifespan``) pass
without a token.

The cookie is named after the server's port (:func:`cookie_name`): a browser keeps one
cookie jar per host whatever the port, so two servers on one machine would otherwise
overwrite each other's token.

Example:
    >>> len(new_token()), new_token() != new_token()
    (43, True)
    >>> presented({"authorization": "token abc"}, {})
    ('abc', 'header')
    >>> presented({"cookie": "deduce-token-8765=abc"}, {}, cookie_name(8765))
    ('abc', 'cookie')
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from functools import partial
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

from deduce._internal.language import N_, M, _

__all__ = [
    "COOKIE",
    "MAX_BODY",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "POLICY_VIOLATION",
    "VIEW_PATHS",
    "TokenGuard",
    "cookie_name",
    "json_shape",
    "new_token",
    "presented",
]

MAX_BODY = 64 * 1024
"""The largest request body taken, in bytes."""

MAX_DEPTH = 32
"""The deepest nesting of a JSON body's arrays and objects."""

MAX_DIGITS = 100
"""The most digits of a number in a JSON body."""

POLICY_VIOLATION = 1008
"""The close code of a WebSocket connection refused at the door (RFC 6455)."""

COOKIE = "deduce-token"
"""The start of the name of the cookie that carries the token after ``?token=``."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def new_token() -> str:
    """A random token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def json_shape(text: str) -> str:
    """What makes ``text`` too deep or its numbers too long to be read as a request's
    JSON (more than :data:`MAX_DEPTH` levels, more than :data:`MAX_DIGITS` digits in a
    row), or ``""``: checked before it is parsed, in one pass.

    Example:
        >>> json_shape('{"line": "1122 1 0"}')
        ''
        >>> json_shape("[" * 40 + "]" * 40)
        'it is nested more than 32 deep'
        >>> json_shape('{"n": ' + "9" * 200 + "}")
        'a number has more than 100 digits'
    """
    depth = digits = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
            continue
        if char.isdigit():
            digits += 1
            if digits > MAX_DIGITS:
                return M("a number has more than {limit} digits", limit=MAX_DIGITS)
            continue
        digits = 0
        if char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return M("it is nested more than {limit} deep", limit=MAX_DEPTH)
        elif char in "]}":
            depth -= 1
    return ""


def cookie_name(port: int | None) -> str:
    """The name of the token's cookie for the server on ``port`` (None: not known).

    Example:
        >>> cookie_name(8765), cookie_name(None)
        ('deduce-token-8765', 'deduce-token')
    """
    return COOKIE if port is None else f"{COOKIE}-{port}"


def presented(
    headers: Mapping[str, str], query: Mapping[str, list[str]], cookie_named: str = COOKIE
) -> tuple[str, str]:
    """The token a request presents and how: ``header``, ``query``, ``cookie`` (the
    cookie ``cookie_named``) or ``""``."""
    authorization = headers.get("authorization", "")
    scheme, _sep, value = authorization.partition(" ")
    if scheme.casefold() == "token" and value.strip():
        return value.strip(), "header"
    if query.get("token"):
        return query["token"][0], "query"
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header presents nothing
        return "", ""
    if cookie_named in cookie:
        return cookie[cookie_named].value, "cookie"
    return "", ""


VIEW_PATHS = ("/view/", "/api/view/", "/static/", "/sw.js", "/manifest.webmanifest")
"""What the table's view token opens: the view's pages and API, and the page's assets."""


_VIEW_ONLY = N_("This is the table's view: it shows the game and changes nothing.")
"""The refusal of anything but reading, to the table's view (or with its token)."""


class TokenGuard:
    """ASGI middleware: the token, the CSRF check and the body cap (see the module).

    The table's view token (``view_token``) opens only :data:`VIEW_PATHS`, and only to
    read: its cookie has a name of its own (``...-view``), so that it never takes the
    place of the player's token in the same browser.

    Args:
        app: the application behind the door.
        token: the server's token.
        view_token: the token of the table's view (None: no view).
    """

    def __init__(self, app: App, token: str, view_token: str | None = None) -> None:
        self.app = app
        self.token = token
        self.view_token = view_token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":  # the server starting and stopping: no request
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            raise ValueError(f"deduce serve takes no connections of type {scope['type']!r}")
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        server = scope.get("server")
        named = cookie_name(server[1] if server and server[1] is not None else None)
        path = str(scope.get("path", ""))
        refuse = partial(_refuse, send, api=path.startswith("/api/"))
        if self.view_token is not None and path.startswith(VIEW_PATHS):
            seen, seen_how = presented(headers, query, f"{named}-view")
            if hmac.compare_digest(seen.encode(), self.view_token.encode()):
                await self._view(scope, receive, send, seen_how, f"{named}-view", refuse)
                return
        token, how = presented(headers, query, named)
        if not hmac.compare_digest(token.encode(), self.token.encode()):
            if self.view_token is not None and hmac.compare_digest(
                token.encode(), self.view_token.encode()
            ):
                await refuse(403, _(_VIEW_ONLY))
                return
            await refuse(403, _("A token is needed: open the address deduce serve printed."))
            return
        if scope["method"] not in ("GET", "HEAD"):
            if how != "header":
                await refuse(
                    403, _("A change needs the token in the Authorization header (CSRF check).")
                )
                return
            origin = headers.get("origin")
            if origin and urlsplit(origin).netloc != headers.get("host"):
                await refuse(403, _("A change from another site is refused (CSRF check)."))
                return
        try:
            length = int(headers.get("content-length", "0"))
        except ValueError:
            length = MAX_BODY + 1
        if length > MAX_BODY:
            await refuse(
                413, _(M("The request is too large (at most {limit} bytes).", limit=MAX_BODY))
            )
            return
        await self.app(scope, receive, send if how != "query" else _cookie(send, named, token))

    async def _view(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        how: str,
        named: str,
        refuse: Callable[[int, str], Awaitable[None]],
    ) -> None:
        """A request with the view token: read only (a change is refused in words)."""
        if scope["method"] not in ("GET", "HEAD"):
            await refuse(403, _(_VIEW_ONLY))
            return
        token = self.view_token or ""
        await self.app(scope, receive, send if how != "query" else _cookie(send, named, token))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A WebSocket connection: passed on with the token and no other site's
        ``Origin``, else closed before it is accepted (a policy violation)."""
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        server = scope.get("server")
        named = cookie_name(server[1] if server and server[1] is not None else None)
        token, _how = presented(headers, query, named)
        origin = headers.get("origin")
        if hmac.compare_digest(token.encode(), self.token.encode()) and not (
            origin and urlsplit(origin).netloc != headers.get("host")
        ):
            await self.app(scope, receive, send)
            return
        await receive()  # the connection's opening
        await send({"type": "websocket.close", "code": POLICY_VIOLATION, "reason": "a token"})


def _cookie(send: Send, named: str, token: str) -> Send:
    """``send``, setting the cookie ``named`` to ``token`` on the answer: a token given in
    the address (``?token=``) need not be kept."""

    async def with_cookie(message: Message) -> None:
        if message["type"] == "http.response.start":
            cookie = f"{named}={token}; Path=/; HttpOnly; SameSite=Strict"
            message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie.encode())]
        await send(message)

    return with_cookie


async def _refuse(send: Send, status: int, text: str, *, api: bool = False) -> None:
    """Answer ``status`` with ``text``: as the API's ``{"error": text}`` for ``api``."""
    if api:
        body, kind = json.dumps({"error": text}).encode(), b"application/json"
    else:
        body, kind = text.encode(), b"text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
