"""``deduce serve``'s connections: every one must earn its place, and the log stays short.

A phone at the table holds one or two connections; anybody else who can reach the port
(``--host 0.0.0.0`` is the whole network) may open hundreds and send nothing, or drip a
header a byte at a time. Left alone, such sockets use up the process's open files, and
then the autosave cannot open its file. So:

- **A deadline for each request's head**: from the moment a connection opens, or its
  last answer is sent, the next request's head (its line and headers) must arrive whole
  within :data:`HEAD_SECONDS`, else the connection is closed. A request being answered
  is never cut short.
- **A cap on open connections** (:func:`connection_cap`: :data:`MAX_CONNECTIONS`, and at
  most a quarter of the open-file limit): a connection over it makes room by closing the
  connection waiting longest for a request head, one that never sent a request first;
  only when every connection is busy answering is the newcomer closed instead.
- **The open-file limit raised** to the hard limit at start (:func:`raise_file_limit`),
  and connections accepted at most a quarter of that many at a time, so that the open
  files never run out between a connection accepted and the room made for it.
- **The log stays short**: the same warning (a malformed request, say) is written at most
  once per :data:`QUIET_SECONDS`, with the number left out (:class:`Quiet`).

Example:
    >>> connection_cap(1024)
    256
    >>> connection_cap(100_000) == MAX_CONNECTIONS
    True
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
import time
from collections.abc import Iterable
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "HEAD_SECONDS",
    "MAX_CONNECTIONS",
    "QUIET_SECONDS",
    "Guarded",
    "Quiet",
    "connection_cap",
    "make_room",
    "raise_file_limit",
    "run",
]

HEAD_SECONDS = 10.0
"""How long a connection may wait, open, for a whole request head."""

MAX_CONNECTIONS = 256
"""The most connections kept open at once (fewer under a low open-file limit)."""

QUIET_SECONDS = 10.0
"""How often the same warning may be written to the log."""


def raise_file_limit() -> int:
    """Raise this process's limit of open files to its hard limit, where allowed; the
    limit now (the old one if it could not be raised)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # not allowed here: the cap follows the old limit
            pass
    return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20


def connection_cap(file_limit: int) -> int:
    """The most connections to keep open under ``file_limit`` open files: a quarter of
    it (the rest for the game files, their locks and the server itself), at most
    :data:`MAX_CONNECTIONS`, at least 8."""
    return max(8, min(MAX_CONNECTIONS, file_limit // 4))


class Guarded(H11Protocol):
    """uvicorn's HTTP/1.1 connection with a deadline for each request head, under the
    server's cap on open connections (:func:`make_room`)."""

    cap = MAX_CONNECTIONS
    head_seconds = HEAD_SECONDS

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self._deadline: asyncio.TimerHandle | None = None
        self.waiting_since = 0.0
        self.answered = 0

    def waiting(self) -> bool:
        """Whether the connection is waiting for a request head (answering none)."""
        return self.cycle is None or self.cycle.response_complete

    def closing(self) -> bool:
        return self.transport is None or self.transport.is_closing()

    def close(self) -> None:
        """Close the connection now (a request head half sent is dropped)."""
        if not self.closing():
            self.transport.close()

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self.waiting_since = self.loop.time()
        self._deadline = self.loop.call_later(self.head_seconds, self._expired)

    def _expired(self) -> None:
        self._deadline = None
        if self.waiting():
            self.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()
        make_room(self.connections, self, self.cap)

    def on_response_complete(self) -> None:
        self.answered += 1
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)


def make_room(connections: Iterable[Any], newcomer: Guarded, cap: int) -> None:
    """Keep at most ``cap`` of ``connections`` open, ``newcomer`` among them if it can be:
    close those waiting longest for a request head (first those that never sent one); if
    every other connection is busy answering, close ``newcomer``."""
    open_ = [c for c in connections if isinstance(c, Guarded) and not c.closing()]
    over = len(open_) - cap
    if over <= 0:
        return
    idle = sorted(
        (c for c in open_ if c is not newcomer and c.waiting()),
        key=lambda c: (c.answered > 0, c.waiting_since),
    )
    for connection in idle[:over]:
        connection.close()
    if over > len(idle):
        newcomer.close()


class Quiet(logging.Filter):
    """Let the same message through at most once per ``seconds``; the next one that
    passes says how many were left out."""

    def __init__(self, seconds: float = QUIET_SECONDS) -> None:
        super().__init__()
        self.seconds = seconds
        self._seen: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        first = str(record.msg).partition("\n")[0]  # asyncio's lines go on with the socket
        key = f"{record.name}:{record.levelno}:{first}"
        now = time.monotonic()
        last, left_out = self._seen.get(key, (float("-inf"), 0))
        if now - last < self.seconds:
            self._seen[key] = (last, left_out + 1)
            return False
        if left_out:
            record.msg = f"{record.msg} (and {left_out} more like it)"
        if len(self._seen) > 1000:  # many different messages: forget the old ones
            self._seen.clear()
        self._seen[key] = (now, 0)
        return True


def run(app: Any, listener: socket.socket, *, tls: tuple[str, str] | None = None) -> None:
    """Serve ``app`` on ``listener`` until interrupted, with the guards above (``tls``:
    the certificate and key files, for HTTPS)."""
    limit = raise_file_limit()
    Guarded.cap = connection_cap(limit)
    config = uvicorn.Config(
        app,
        http=Guarded,
        log_level="warning",
        lifespan="on",
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,  # an open page's stream of events is cut short
        # the queue of connections not yet accepted, and how many asyncio accepts at
        # once: two such batches may be open before the first makes room
        backlog=max(8, min(2048, limit // 4)),
        h11_max_incomplete_event_size=16 * 1024,
        ssl_certfile=None if tls is None else tls[0],
        ssl_keyfile=None if tls is None else tls[1],
    )
    quiet = Quiet()  # after the configuration, which sets the loggers up
    for name in ("uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(quiet)
    uvicorn.Server(config).run(sockets=[listener])
