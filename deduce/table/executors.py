"""Where games are played: this process, a local process pool or a dask cluster.

:func:`~deduce.table.simulate` and the league take any ``concurrent.futures`` executor;
:func:`executor` opens the one a command line names (``--executor``, ``--workers``,
``--scheduler``: :func:`add_options`), and :func:`dask_client` makes a
``dask.distributed`` client (its ``get_executor()`` is one) made for them: a local
cluster's workers are one-thread processes that keep the C library's own way of reusing
memory. dask starts its workers with ``MALLOC_TRIM_THRESHOLD_=65536`` (to hand freed
memory back to the system at once); that also stops the C library from keeping the large
arrays a game's tables are made of between one move and the next, and every move then
pays for fresh pages: the same games took 2.5 times as long on such workers as in a
process pool. Workers you start yourself (``dask worker``) get the same from a dask
configuration file that sets ``distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_``
to ``null`` (see docs/howto.md).

Example:
    >>> import deduce
    >>> from deduce.games.mastermind import Game
    >>> with dask_client(workers=1) as client:
    ...     stats = deduce.simulate(Game(3, 3), "minimax", executor=client.get_executor())
    >>> stats == deduce.simulate(Game(3, 3), "minimax")
    True
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput

__all__ = ["EXECUTORS", "TRIM", "add_options", "dask_client", "executor"]

_ADDRESS = re.compile(
    r"(?:(?:tcp|tls|ws|wss|ucx)://)?[A-Za-z0-9._\-]+:\d{1,5}|"
    r"(?:(?:tcp|tls|ws|wss|ucx)://)?\[[0-9A-Fa-f:.]+\]:\d{1,5}"
)
"""A scheduler's address: an optional protocol, a host (or an IPv6 one in brackets) and a
port."""

EXECUTORS = ("serial", "process", "dask")
"""The executors a command line names: this process, a local process pool, a dask cluster."""

TRIM = "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"
"""The dask setting that :func:`dask_client` unsets for the workers it starts."""


def dask_client(*, workers: int | None = None, scheduler: str | None = None) -> Any:
    """A ``dask.distributed.Client``: on a local cluster of ``workers`` one-thread
    processes (one per core by default), or on the running scheduler at ``scheduler``,
    whose workers are its own. Close it (or use it in a ``with``) when done.

    Args:
        workers: the local cluster's worker processes, 1 to 4 per core.
        scheduler: the address of a running scheduler, e.g. ``tcp://127.0.0.1:8786``.

    Raises:
        InvalidInput: dask is not installed, both are given, ``workers`` is out of
            range, or no scheduler answers at ``scheduler``.

    Example:
        >>> dask_client(workers=2, scheduler="tcp://127.0.0.1:8786")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: workers=2 is not valid; expected None (a scheduler's ...
    """
    if scheduler is not None and workers is not None:
        raise InvalidInput("workers", workers, N_("None (a scheduler's workers are its own)"))
    if workers is not None:  # more processes than cores only slow the games down
        check_int("workers", workers, 1, 4 * (os.cpu_count() or 1))
    if scheduler is not None and (
        not isinstance(scheduler, str) or not _ADDRESS.fullmatch(scheduler.strip())
    ):  # refused at once: a connection to what is no address waits for its timeout
        raise InvalidInput("scheduler", scheduler, N_("an address such as tcp://127.0.0.1:8786"))
    try:
        dask: Any = importlib.import_module("dask")
        distributed: Any = importlib.import_module("distributed")
    except ImportError:  # pragma: no cover - the dask extra is not installed
        raise InvalidInput(
            "executor", "dask", N_("an installed dask extra (pip install 'deduce-notebook[dask]')")
        ) from None
    try:
        if scheduler is not None:
            return distributed.Client(scheduler.strip(), timeout=10)
        with dask.config.set({TRIM: None}):
            return distributed.Client(
                processes=True,
                n_workers=workers or os.cpu_count() or 1,
                threads_per_worker=1,
                dashboard_address=":0",  # a free port: no warning when 8787 is taken
            )
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise InvalidInput(
            "scheduler",
            scheduler,
            N_("the address of a running dask scheduler, e.g. tcp://127.0.0.1:8786"),
            reason=str(error),
        ) from None


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--executor``, ``--scheduler`` and ``--workers`` on ``parser``, for :func:`executor`."""
    parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="process",
        help=_(
            "where the games run: serial (this process), process (a local pool, the "
            "default) or dask (a dask.distributed cluster)"
        ),
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=_("the dask scheduler, e.g. tcp://127.0.0.1:8786 (default: a local cluster)"),
    )
    parser.add_argument(
        "--workers",
        type=int,
        help=_(
            "worker processes of the local pool, or of the local dask cluster (not with "
            "--scheduler); default: one per core"
        ),
    )


@contextlib.contextmanager
def executor(
    kind: str = "process", *, workers: int | None = None, scheduler: str | None = None
) -> Iterator[Executor]:
    """The executor the options name (see :func:`add_options`), closed when done: one
    thread of this process (``serial``), a pool of ``workers`` processes (``process``,
    one per core by default), or a dask cluster (``dask``: :func:`dask_client`).
    Refusals name the options as typed (``--workers``).

    Example:
        >>> import deduce
        >>> from deduce.games.mastermind import Game
        >>> with executor("serial") as run:
        ...     deduce.simulate(Game(2, 3), "entropy", executor=run).total
        21
    """
    if kind not in EXECUTORS:
        raise InvalidInput("--executor", kind, EXECUTORS)
    if kind != "dask" and scheduler:
        raise InvalidInput(
            "--scheduler", scheduler, M("no scheduler with --executor {kind}", kind=kind)
        )
    if workers is not None and (kind == "serial" or scheduler):
        raise InvalidInput(
            "--workers",
            workers,
            N_("no --workers with --scheduler")
            if scheduler
            else N_("no --workers with --executor serial"),
            reason=N_("it sizes a local pool or a local dask cluster only"),
        )
    if workers is not None:  # more processes than cores only slow the games down
        check_int("--workers", workers, 1, 4 * (os.cpu_count() or 1))
    if kind != "dask":  # one thread of this process plays one subtree after another
        pool = ThreadPoolExecutor(1) if kind == "serial" else ProcessPoolExecutor(workers)
        try:
            yield pool
        finally:
            pool.shutdown(cancel_futures=True)
        return
    try:
        client = dask_client(workers=workers, scheduler=scheduler or None)
    except InvalidInput as error:  # named as the option is typed
        expected = error.choices or error.expected
        raise InvalidInput(
            f"--{error.argument}", error.value, expected, reason=error.reason
        ) from None
    try:
        yield client.get_executor()
    finally:
        client.close()


guard(globals())
