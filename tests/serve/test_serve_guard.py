"""``deduce serve``'s door beyond plain requests: the token on WebSocket connections, and
the service worker, which keeps the page's assets and never anything that carries the
token."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import AsyncIterator, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from places import ROOT
from serving import TOKEN, TestClient
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from deduce.serve import create_app
from deduce.serve.security import TokenGuard

SW = ROOT / "deduce" / "serve" / "static" / "sw.js"
POLICY = 1008  # the WebSocket close code of a policy violation
WS = "ws://127.0.0.1:8765/ws"


# -- WebSocket connections carry the token too ------------------------------------------------


async def hello(socket: WebSocket) -> None:
    await socket.accept()
    await socket.send_text("in")
    await socket.close()


def guarded() -> tuple[TokenGuard, list[str]]:
    started: list[str] = []

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        started.append("started")
        yield

    app = Starlette(routes=[WebSocketRoute("/ws", hello)], lifespan=lifespan)
    return TokenGuard(app, TOKEN), started


def refused(client: TestClient, path: str, **options: Any) -> int:
    with pytest.raises(WebSocketDisconnect) as caught, client.websocket_connect(path, **options):
        pass
    return caught.value.code


def test_a_websocket_without_the_token_is_closed_as_a_policy_violation() -> None:
    guard, started = guarded()
    with TestClient(guard) as client:
        assert started == ["started"]  # the lifespan passes the door
        assert refused(client, WS) == POLICY
        assert refused(client, f"{WS}?token=wrong") == POLICY
        assert refused(client, WS, headers={"Authorization": "token wrong"}) == POLICY
        with client.websocket_connect(f"{WS}?token={TOKEN}") as socket:
            assert socket.receive_text() == "in"
        with client.websocket_connect(WS, headers={"Authorization": f"token {TOKEN}"}) as socket:
            assert socket.receive_text() == "in"
        cookie = {"Cookie": f"deduce-token-8765={TOKEN}"}
        with client.websocket_connect(WS, headers=cookie) as socket:  # the page's own
            assert socket.receive_text() == "in"
        same = {**cookie, "Origin": "http://127.0.0.1:8765"}
        with client.websocket_connect(WS, headers=same) as socket:
            assert socket.receive_text() == "in"
        foreign = {**cookie, "Origin": "http://evil.example"}  # another site's page
        assert refused(client, WS, headers=foreign) == POLICY
        other = {"Cookie": f"deduce-token-8001={TOKEN}"}  # another port's cookie
        assert refused(client, WS, headers=other) == POLICY


def test_only_the_lifespan_passes_without_a_token() -> None:
    import asyncio

    called: list[str] = []

    async def app(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        called.append(scope["type"])

    async def receive() -> dict[str, Any]:
        return {"type": "other.event"}

    async def send(message: MutableMapping[str, Any]) -> None:
        pass

    guard = TokenGuard(app, TOKEN)
    asyncio.run(guard({"type": "lifespan"}, receive, send))
    with pytest.raises(ValueError, match="other"):
        asyncio.run(guard({"type": "other"}, receive, send))
    assert called == ["lifespan"]


def test_the_app_refuses_a_websocket_without_the_token(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        assert refused(client, "/api/sessions") == POLICY


# -- the service worker -----------------------------------------------------------------------

HARNESS = r"""
const fs = require("fs");
const ORIGIN = "http://127.0.0.1:8765";
const source = fs.readFileSync(process.argv[1], "utf8");
const stores = new Map([["deduce-serve-7", new Map([[ORIGIN + "/?token=abc", "a page"]])]]);
const listeners = {};
let online = true;
const fetched = [];
const address = (request) => new URL(typeof request === "string" ? request : request.url,
                                     ORIGIN).href;
function store(name) {
  if (!stores.has(name)) stores.set(name, new Map());
  const kept = stores.get(name);
  return {
    addAll: async (urls) => { for (const url of urls) kept.set(address(url), "asset"); },
    add: async (url) => { kept.set(address(url), "asset"); },
    put: async (request, response) => { kept.set(address(request), await response.text()); },
    match: async (request) => kept.has(address(request))
      ? new Response(kept.get(address(request))) : undefined,
    keys: async () => [...kept.keys()].map((url) => ({url})),
  };
}
const caches = {
  open: async (name) => store(name),
  keys: async () => [...stores.keys()],
  delete: async (name) => stores.delete(name),
  has: async (name) => stores.has(name),
  match: async (request) => {
    for (const kept of stores.values()) {
      if (kept.has(address(request))) return new Response(kept.get(address(request)));
    }
    return undefined;
  },
};
async function fetchStub(request) {
  fetched.push(address(request));
  if (!online) throw new TypeError("offline");
  const url = new URL(address(request));
  const page = !url.pathname.startsWith("/static/") && url.pathname !== "/manifest.webmanifest";
  return new Response(page ? `<meta name="deduce-token" content="${"a".repeat(43)}">` : "asset",
                      {status: 200, headers: {"content-type": page ? "text/html" : "text/css"}});
}
const self = {
  location: new URL(ORIGIN + "/sw.js"),
  addEventListener: (type, listener) => { listeners[type] = listener; },
  skipWaiting: () => Promise.resolve(),
  clients: {claim: () => Promise.resolve()},
};
new Function("self", "caches", "fetch", source)(self, caches, fetchStub);

async function lifecycle(type) {
  const waits = [];
  listeners[type]({waitUntil: (promise) => waits.push(promise)});
  await Promise.all(waits);
}
async function request(path, mode) {
  const waits = [];
  let answer = null;
  const event = {
    request: {url: ORIGIN + path, method: "GET", mode: mode || "cors", headers: new Headers()},
    respondWith: (promise) => { answer = promise; },
    waitUntil: (promise) => waits.push(promise),
  };
  listeners.fetch(event);
  const response = answer === null ? null : await answer;
  await Promise.all(waits);
  await new Promise((resolve) => setTimeout(resolve, 10));  // puts not awaited by the worker
  return response === null ? null : {status: response.status, text: await response.text()};
}
(async () => {
  await lifecycle("install");
  await lifecycle("activate");
  const seen = {};
  for (const [path, mode] of [["/?token=abc", "navigate"], ["/", "navigate"],
                              ["/play/mastermind", "navigate"],
                              ["/play/mastermind?part=main", "cors"],
                              ["/static/app.js", "no-cors"],
                              ["/static/app.css?token=abc", "no-cors"],
                              ["/api/sessions", "cors"]]) {
    seen[path] = await request(path, mode);
  }
  online = false;
  const offline = {};
  for (const [path, mode] of [["/static/app.css", "no-cors"], ["/play/mastermind", "navigate"],
                              ["/?token=abc", "navigate"]]) {
    try {
      offline[path] = await request(path, mode);
    } catch (error) {
      offline[path] = {error: String(error)};
    }
  }
  const kept = {};
  for (const [name, entries] of stores) kept[name] = [...entries.entries()];
  console.log(JSON.stringify({kept, seen, offline}));
})();
"""


def service_worker() -> dict[str, Any]:
    """What the service worker stores and answers, run by node with the browser's cache
    and network stood in for."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [node, "-e", HARNESS, str(SW)], capture_output=True, text=True, timeout=60, check=True
    )
    return dict(json.loads(done.stdout))


def test_the_service_worker_keeps_the_assets_and_never_the_token() -> None:
    found = service_worker()
    kept = found["kept"]
    assert list(kept) != ["deduce-serve-7"] and "deduce-serve-7" not in kept  # a new name
    entries = [entry for store in kept.values() for entry in store]
    assert entries, "no assets are kept"
    for url, body in entries:
        assert "token" not in url and "deduce-token" not in body, url
        assert url.removeprefix("http://127.0.0.1:8765") in {
            "/static/app.js",
            "/static/app.css",
            "/static/icon.svg",
            "/manifest.webmanifest",
        }, url
    offline = found["offline"]
    assert offline["/static/app.css"]["text"] == "asset"  # the assets, without a network
    for path in ("/play/mastermind", "/?token=abc"):  # no page from a store: a notice
        assert "deduce-token" not in json.dumps(offline[path]), offline[path]
