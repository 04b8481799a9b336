"""Simulations give identical results whichever executor plays them."""

from __future__ import annotations

import itertools
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import deduce
from deduce.games.mastermind import Code, Game


def reference_minimax(pegs: int, colours: int) -> dict[int, int]:
    """Knuth's rule played against every secret, one game at a time, in plain Python."""
    codes = list(itertools.product(range(colours), repeat=pegs))

    def feedback(secret: tuple[int, ...], guess: tuple[int, ...]) -> tuple[int, int]:
        black = sum(a == b for a, b in zip(secret, guess, strict=True))
        return black, sum((Counter(secret) & Counter(guess)).values()) - black

    histogram: Counter[int] = Counter()
    for secret in codes:
        left, moves = list(codes), 0
        while True:
            possible = set(left)
            guess = min(
                codes,
                key=lambda g: (
                    max(Counter(feedback(s, g) for s in left).values()),
                    g not in possible,
                    g,
                ),
            )
            moves += 1
            answer = feedback(secret, guess)
            if answer[0] == pegs:
                break
            left = [s for s in left if feedback(s, guess) == answer]
        histogram[moves] += 1
    return dict(sorted(histogram.items()))


@pytest.mark.parametrize(("pegs", "colours"), [(3, 3), (2, 4), (3, 4)])
def test_minimax_games_match_a_game_by_game_reference(pegs: int, colours: int) -> None:
    stats = deduce.simulate(Game(pegs, colours), "minimax")
    assert stats.histogram == reference_minimax(pegs, colours)
    assert stats.games == colours**pegs
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


def serial(strategy: str) -> deduce.Stats:
    """Every subtree played one after another (one worker thread, no process pool)."""
    with ThreadPoolExecutor(max_workers=1) as one:
        return deduce.simulate(Game(4, 4), strategy, executor=one)


def test_default_process_pool_gives_identical_results() -> None:
    assert deduce.simulate(Game(4, 4), "entropy") == serial("entropy")


def test_secrets_may_be_any_iterable() -> None:
    stats = deduce.simulate(Game(3, 3), "minimax", secrets=(c for c in ["111", "123"]))
    assert stats.games == 2
    assert hash(stats) == hash(deduce.simulate(Game(3, 3), "minimax", secrets=["111", "123"]))


def test_process_pool_gives_identical_results() -> None:
    serial_stats = serial("entropy")
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = deduce.simulate(Game(4, 4), "entropy", executor=pool)
    assert parallel == serial_stats


def test_dask_gives_identical_results() -> None:
    import distributed

    serial_stats = serial("minimax")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = deduce.simulate(Game(4, 4), "minimax", executor=client.get_executor())
    assert result == serial_stats


@pytest.mark.parametrize("where", ["this process", "thread", "process pool"])
def test_progress_counts_every_secret_once(where: str) -> None:
    seen: list[tuple[int, int]] = []
    executor = {
        "this process": None,
        "thread": ThreadPoolExecutor(max_workers=1),
        "process pool": ProcessPoolExecutor(max_workers=2),
    }[where]
    try:
        stats = deduce.simulate(
            Game(3, 3), "minimax", executor=executor, progress=lambda *p: seen.append(p)
        )
    finally:
        if executor is not None:
            executor.shutdown()
    assert seen[0] == (stats.histogram.get(1, 0), 27)
    assert seen[-1] == (27, 27)
    assert all(a[0] < b[0] for a, b in itertools.pairwise(seen))
    assert len(seen) > 2
