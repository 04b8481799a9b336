"""The ``deduce serve`` command: the web companion on a port, its address and QR code.

The address carries the token (``?token=T``); it is printed with a QR code for a phone on
the same network, and opened in the browser unless ``--no-browser``.

Example:
    >>> address("127.0.0.1", 8080, "abc")
    'http://127.0.0.1:8080/?token=abc'
"""

from __future__ import annotations

import argparse
import io
import re
import socket
import webbrowser
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import ENGLISH, N_, _, languages
from deduce.errors import InvalidInput

__all__ = ["add_parser", "address", "serve"]

_TOKEN = re.compile(r"[A-Za-z0-9._~-]{8,}")  # as it stands in an address, unescaped


def address(host: str, port: int, token: str, *, https: bool = False) -> str:
    """The address to open: ``host`` (a reachable one for ``0.0.0.0``), ``port``, token.

    Example:
        >>> address("127.0.0.1", 8443, "abc", https=True)
        'https://127.0.0.1:8443/?token=abc'
    """
    if host in ("0.0.0.0", "::", ""):
        host = _reachable()
    shown = f"[{host}]" if ":" in host else host
    return f"{'https' if https else 'http'}://{shown}:{port}/?token={token}"


def _reachable() -> str:
    """This machine's address on its network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only routes are read
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def add_parser(commands: Any) -> None:
    """Add ``serve`` and its options to the command line (``commands``: the subparsers)."""
    serve = commands.add_parser(
        "serve",
        help=_("the notebook in the browser, for a phone on the table"),
        description=_(
            "Serve every game as a web page (mobile first) and a JSON API on the same\n"
            "sessions, files and locks as `deduce play`. Every request needs the token\n"
            "printed in the address (and its QR code)."
        ),
        epilog=(
            "Examples:\n  deduce serve\n  deduce serve --host 0.0.0.0 --port 8080 --no-browser\n"
            "  deduce serve --host 0.0.0.0 --https"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("the address to listen on (default 127.0.0.1; 0.0.0.0 for the network)"),
    )
    serve.add_argument("--port", type=int, default=0, help=_("the port (default: a free one)"))
    serve.add_argument(
        "--state-dir",
        metavar="DIR",
        help=_("the sessions' folder (default: the console's, $XDG_STATE_HOME/deduce)"),
    )
    serve.add_argument(
        "--token",
        help=_(
            "the token every request must carry: 8 or more letters, digits and - . _ ~ "
            "(default: a random one)"
        ),
    )
    serve.add_argument(
        "--https",
        action="store_true",
        help=_(
            "serve over HTTPS with a certificate of its own (made once, kept in the state "
            "directory; its fingerprint is printed), so that a phone on the network may use "
            "the page offline and install it"
        ),
    )
    serve.add_argument(
        "--lang",
        dest="page_language",
        metavar="CODE",
        help=_(
            "the page's language where the browser asks for none deduce speaks (default: "
            "deduce's --lang, else en; a player's choice on the page, or the browser's "
            "language, comes first): {codes}"
        ).format(codes=", ".join(languages())),
    )
    serve.add_argument("--no-browser", action="store_true", help=_("do not open the browser"))


def serve(args: argparse.Namespace, console: Console) -> int:
    """Carry out ``deduce serve``; returns the exit status when the server stops."""
    try:
        import segno

        from deduce.serve.app import ADVICE_WAIT, create_app
        from deduce.serve.certificate import certificate
        from deduce.serve.connections import run
    except ImportError as error:  # pragma: no cover - the serve extra is missing
        raise InvalidInput(
            "serve",
            str(error.name),
            N_("an installed serve extra (pip install 'deduce-notebook[serve]')"),
        ) from None
    from deduce.play.play_command import state_dir
    from deduce.search.optimum import prepare

    if not 0 <= args.port <= 65535:
        raise InvalidInput("--port", args.port, N_("a port from 1 to 65535 (or 0: a free one)"))
    if args.token is not None and not _TOKEN.fullmatch(args.token):
        raise InvalidInput(
            "--token",
            args.token,
            N_("a token of at least 8 letters, digits and - . _ ~ (it is put in the address)"),
        )
    # the page's --lang, else deduce's own (--lang before the command), else English
    page_language = getattr(args, "page_language", None) or getattr(args, "lang", None) or ENGLISH
    if page_language not in languages():
        raise InvalidInput("--lang", page_language, languages())
    folder = Path(args.state_dir).expanduser() if args.state_dir else state_dir()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((args.host, args.port))
    except OSError as error:
        listener.close()
        raise InvalidInput(
            "--port", args.port, N_("a free port (or leave --port out)"), reason=error.strerror
        ) from None
    prepare()  # the exact search's compiled code: loaded before any player waits for it
    app = create_app(folder, token=args.token, language=page_language, advice_wait=ADVICE_WAIT)
    url = address(args.host, listener.getsockname()[1], app.state.token, https=args.https)
    tls = None
    if args.https:
        host = url.split("//", 1)[1].rsplit(":", 1)[0].strip("[]")
        made = certificate(folder, [host])
        tls = (str(made.certfile), str(made.keyfile))
    console.print(_("deduce serve: the games of {folder}").format(folder=escape(str(folder))))
    bold = f"[bold]{escape(url)}[/bold]"
    console.print(_("Open {address}").format(address=bold))
    if tls is not None:
        console.print(
            _(
                "The certificate is this server's own: the phone's browser warns once; "
                "accept it if it shows this SHA-256 fingerprint:\n{fingerprint}"
            ).format(fingerprint=made.fingerprint)
        )
    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True)
    console.print(drawn.getvalue(), markup=False, highlight=False, soft_wrap=True)
    console.print(_("Stop with Ctrl-C (every game stays saved)."))
    if not args.no_browser:
        webbrowser.open(url)
    run(app, listener, tls=tls)
    return 0
