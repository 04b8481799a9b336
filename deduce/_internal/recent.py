"""The most recently kept values of a computation, by key: a bounded map that threads
may share (the web page works out advice in threads), forgetting the least recently
kept first.

Example:
    >>> kept = Recent(2)
    >>> kept.put("a", 1); kept.put("b", 2); kept.put("a", 3); kept.put("c", 4)
    >>> kept.get("a"), kept.get("b"), kept.get("c")
    (3, None, 4)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

__all__ = ["Recent"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` values by key, the least recently kept forgotten first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept under ``key``, or None."""
        with self._lock:
            return self._kept.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key`` (the most recent)."""
        self.put_all([(key, value)])

    def put_all(self, items: Iterable[tuple[K, V]]) -> None:
        """Keep each value under its key, in order (the last the most recent)."""
        with self._lock:
            for key, value in items:
                self._kept[key] = value
                self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._kept.clear()
