"""Simulations give identical results whichever executor plays them."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import deduce
from deduce.games.mastermind import Code, Game


def test_stats_values() -> None:
    stats = deduce.simulate(Game(3, 3), "minimax")
    assert stats.games == 27
    assert stats.total == sum(k * v for k, v in stats.histogram.items())
    assert stats.mean == stats.total / 27
    assert stats == deduce.Stats("minimax", stats.histogram, opening=stats.opening)


def test_secrets_subset_and_opening() -> None:
    stats = deduce.simulate(Game(), "minimax", secrets=["1122", "6543"], opening="1122")
    assert stats.games == 2
    assert stats.histogram[1] == 1  # 1122 is found by the opening itself
    assert stats.opening == Code("1122")


def test_from_an_investigation() -> None:
    inv = Game().investigation().guess("1122", black=0, white=0)
    stats = deduce.simulate(inv, "minimax")
    assert stats.games == len(inv.solutions()) == 256


def test_process_pool_gives_identical_results() -> None:
    serial = deduce.simulate(Game(4, 4), "entropy")
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = deduce.simulate(Game(4, 4), "entropy", executor=pool)
    assert parallel == serial


def test_dask_gives_identical_results() -> None:
    distributed = pytest.importorskip("distributed")
    serial = deduce.simulate(Game(4, 4), "minimax")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = deduce.simulate(Game(4, 4), "minimax", executor=client.get_executor())
    assert result == serial
