"""The table's default for Mastermind: the optimum from a tree kept on disk where it is
quick, else the lookahead, else the entropy, named on screen; the trees' cache files."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from rich.console import Console

import deduce
from deduce import play
from deduce.games.mastermind import Game, Investigation
from deduce.play.session import Session
from deduce.search.fewest_moves import _budget, choose, forget, optimum_seconds, ranked_by
from deduce.search.optimum import Budget, optimal
from deduce.search.tree_cache import TreeKey, cache_dir, cached_move, load_tree, save_tree, tree_key


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache directory of this test's own, and nothing kept in memory before it."""
    monkeypatch.setenv("DEDUCE_CACHE_DIR", str(tmp_path / "cache"))
    forget()
    yield tmp_path / "cache"
    forget()


def _file(inv: Investigation) -> Path:
    return cache_dir() / tree_key(inv).name


def test_the_default_strategy_is_the_fewest_moves() -> None:
    inv = Investigation(3, 4)
    assert inv.default_strategy == "fewest_moves"
    assert inv.best() == inv.best("fewest_moves") == choose(inv).move


@pytest.mark.parametrize(
    ("pegs", "colours", "used", "words"),
    [
        (2, 4, "optimal", "computed now"),
        (3, 4, "optimal", "computed now"),
        (3, 6, "optimal", "computed now"),
        (4, 6, "optimal", "cached tree"),  # shipped with the package
        (4, 7, "optimal", "cached tree"),  # shipped too
        (4, 5, "optimal", "computed now"),  # compiled: 0.1 s
        (3, 7, "optimal", "computed now"),
        (5, 8, "entropy", "the lookahead would take about 2147 s here"),
    ],
)
def test_the_strategy_chosen_by_size(pegs: int, colours: int, used: str, words: str) -> None:
    choice = choose(Investigation(pegs, colours))
    assert choice.strategy == used
    assert words in choice.reason


def test_the_lookahead_when_a_guess_away_from_the_tree_leaves_too_many_codes() -> None:
    inv = Investigation(4, 6).guess("1234", black=0, white=2)  # not the optimum's opening
    assert inv.space.size == 312 and optimum_seconds(inv) > 1
    assert str(choose(inv)) == "lookahead: the optimum would take over a second here"
    assert inv.best() == inv.best("lookahead")


def test_the_lookahead_when_the_optimum_tried_runs_out_of_its_work() -> None:
    inv = Investigation(4, 6).guess("1234", black=1, white=1)
    assert inv.space.size == 252 and optimum_seconds(inv) < 1  # tried: over 771 nodes
    assert str(choose(inv)) == "lookahead: the optimum would take over a second here"
    assert cached_move(inv) is None and inv.best() == inv.best("lookahead")


def test_the_optimum_is_tried_within_a_budget_of_work_decided_by_the_state() -> None:
    assert _budget(Investigation(4, 6).guess("1234", black=1, white=1)).nodes == 771
    assert _budget(Investigation(4, 6)).nodes == 77_160  # a fresh game's nodes are small
    assert _budget(Investigation(4, 6).guess("1234", black=1, white=1)).seconds is None


def test_a_small_part_after_a_guess_away_from_the_tree_is_solved_and_kept() -> None:
    inv = Investigation(4, 6).guess("1234", black=0, white=4)
    assert inv.space.size == 9 and cached_move(inv) is None
    assert choose(inv).reason == "computed now, kept for the next moves"
    assert cached_move(inv) == choose(inv).move and _file(inv).exists()


def test_the_optimum_over_every_secret_of_3_pegs_4_colours() -> None:
    game = Game(pegs=3, colours=4)
    stats = deduce.simulate(game, game.investigation().default_strategy)
    exact = optimal(game.investigation(), budget=Budget(seconds=None))
    assert stats.total == exact.total == 206
    assert stats.histogram == exact.histogram


def test_the_console_names_the_strategy_and_why() -> None:
    for inv, words in [
        (Investigation(3, 4), "(moves ranked by optimal (computed now, kept for the next"),
        (Investigation(3, 4).guess("112", black=1, white=0), "(moves ranked by optimal (cached"),
        (
            Investigation(4, 6).guess("1234", black=0, white=2),
            "(moves ranked by lookahead: the optimum would take over a second here",
        ),
    ]:
        console = Console(record=True, width=100)
        session = Session(play.adapter("mastermind"), inv, console, autosave=None)
        session.show()
        assert words in " ".join(console.export_text().split())
        assert ranked_by(inv, "minimax") == "minimax"


def test_the_tree_is_read_back_from_the_cache_file() -> None:
    inv = Investigation(3, 4)
    first = choose(inv)
    assert first.reason == "computed now, kept for the next moves"
    assert _file(inv).exists()
    forget()  # a new process: only the file is left
    again = choose(inv)
    assert again.reason == "cached tree" and again.move == first.move
    nodes = load_tree(_file(inv), tree_key(inv), inv)
    assert nodes is not None and len(nodes) == len(optimal(inv).tree or {})


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    inv = Investigation(3, 3)
    tree = optimal(inv).tree
    assert tree is not None
    position = {q: i for i, q in enumerate(inv.queries())}
    nodes = {np.array(ids, dtype=np.int32).tobytes(): position[m] for ids, m in tree.items()}
    path = tmp_path / "tree.json"
    save_tree(path, tree_key(inv), nodes)
    assert load_tree(path, tree_key(inv), inv) == nodes
    assert [p.name for p in tmp_path.iterdir()] == ["tree.json"]  # no temporary left


def _checksum(rows: list[list[object]]) -> str:
    """The checksum a cache file carries (written here again, to forge a good one)."""
    return hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()


def _damaged(path: Path, how: str) -> None:
    data = json.loads(path.read_text())
    if how == "truncated":
        path.write_text(path.read_text()[: len(path.read_text()) // 2])
    elif how == "not json":
        path.write_bytes(b"\x00\xff garbage")
    elif how == "checksum":
        data["nodes"][0][0] = (data["nodes"][0][0] + 1) % 64
        path.write_text(json.dumps(data))
    elif how == "a move that teaches nothing":
        for row in data["nodes"]:
            row[0] = 63  # "444": on most nodes it leaves a part as large as the node
        data["checksum"] = _checksum(data["nodes"])
        path.write_text(json.dumps(data))
    elif how == "a missing node":
        data["nodes"] = [row for row in data["nodes"] if len(row[1]) != 64][:-1] + [
            row for row in data["nodes"] if len(row[1]) == 64
        ]
        data["checksum"] = _checksum(data["nodes"])
        path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "how", ["truncated", "not json", "checksum", "a move that teaches nothing", "a missing node"]
)
def test_a_corrupt_cache_file_is_ignored_and_computed_again(how: str) -> None:
    inv = Investigation(3, 4)
    good = choose(inv).move
    path = _file(inv)
    _damaged(path, how)
    forget()
    assert load_tree(path, tree_key(inv), inv) is None
    again = choose(inv)
    assert again.reason == "computed now, kept for the next moves" and again.move == good
    assert load_tree(path, tree_key(inv), inv) is not None  # written again, whole


@pytest.mark.parametrize(
    "key",
    [
        TreeKey("mastermind", '{"black_only": false, "colours": 4, "pegs": 3}', version=0),
        TreeKey("mastermind", '{"black_only": false, "colours": 5, "pegs": 3}'),
        TreeKey("mastermind", '{"black_only": false, "colours": 4, "pegs": 3}', max_moves=3),
    ],
)
def test_a_file_of_another_key_is_ignored(key: TreeKey) -> None:
    inv = Investigation(3, 4)
    choose(inv)
    path = _file(inv)
    data = json.loads(path.read_text())
    data["key"] = key.as_json()
    path.write_text(json.dumps(data))
    forget()
    assert load_tree(path, tree_key(inv), inv) is None
    assert choose(inv).reason == "computed now, kept for the next moves"


def test_an_unwritable_cache_is_only_skipped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("DEDUCE_CACHE_DIR", str(blocker / "cache"))
    forget()
    inv = Investigation(3, 4)
    assert choose(inv).strategy == "optimal"
    assert str(choose(inv.guess("112", black=1, white=0))) == "optimal (cached tree)"


@pytest.mark.parametrize("colours", [6, 7])
def test_the_shipped_tree_holds_together_and_is_the_optimum(colours: int) -> None:
    inv = Investigation(4, colours)
    key = tree_key(inv)
    from importlib import resources

    shipped = resources.files("deduce.games.mastermind") / "trees" / key.name
    nodes = load_tree(shipped, key, inv)
    assert nodes is not None and len(nodes) > 100
    assert str(cached_move(inv)) == "1123"


@pytest.mark.slow
def test_the_default_over_every_secret_of_4_pegs_6_colours_is_the_optimum() -> None:
    stats = deduce.simulate(Game(), Investigation().default_strategy)
    assert stats.total == 5625
    assert stats.histogram == {1: 1, 2: 8, 3: 102, 4: 630, 5: 548, 6: 7}


@pytest.mark.slow
def test_the_default_over_every_secret_of_4_pegs_7_colours_is_the_optimum() -> None:
    game = Game(4, 7)
    stats = deduce.simulate(game, game.investigation().default_strategy)
    assert stats.total == 11228  # Ville 2013
    assert stats.histogram == {1: 1, 2: 8, 3: 93, 4: 721, 5: 1420, 6: 158}


def _guesses(inv: Investigation, secret: str) -> int:
    """The guesses the table's default takes to break ``secret`` (the limit's + 1 when
    it does not break it within the limit)."""
    while not inv.over:
        code = str(inv.best("fewest_moves"))
        black = sum(s == g for s, g in zip(secret, code, strict=True))
        common = sum(min(secret.count(d), code.count(d)) for d in set(code))
        inv = inv.guess(code, black=black, white=common - black)
    return len(inv.clues) if inv.won else inv.limit + 1


def test_a_limit_the_cached_tree_fits_keeps_the_cached_optimum() -> None:
    for limit in (6, 7, 12):  # the shipped tree of 4 x 6 needs 6 guesses at most
        assert str(choose(Investigation(4, 6, limit=limit))) == "optimal (cached tree)"


def test_a_limit_below_the_optimum_is_said_when_it_is_not_planned_for() -> None:
    choice = choose(Investigation(4, 6, limit=5))
    assert choice.strategy != "optimal"
    assert "it does not plan for the 5 moves left (the optimum needs up to 6 here)" in str(choice)


def test_the_default_breaks_every_code_within_a_limit_the_optimum_alone_would_miss() -> None:
    unlimited = optimal(Investigation(2, 5))
    assert unlimited.worst == 5 and optimal(Investigation(2, 5), max_moves=4).exact
    secrets = [str(code) for code in Investigation(2, 5).solutions()]
    taken = [_guesses(Investigation(2, 5, limit=4), secret) for secret in secrets]
    assert max(taken) <= 4
    assert sum(taken) == optimal(Investigation(2, 5), max_moves=4).total  # still the fewest
    assert "computed now, within the 4 moves left" in str(choose(Investigation(2, 5, limit=4)))


def test_no_play_sure_to_finish_within_the_limit_is_said() -> None:
    assert str(choose(Investigation(3, 4, limit=3))) == (
        "lookahead: no play is sure to finish within the 3 moves left"
    )


def test_trees_kept_from_many_threads_at_once_are_all_kept() -> None:
    """``deduce serve`` works out advice in threads (a game replaced while its advice is
    worked out leaves two at work): trees of many states kept at once from 8 threads
    are each kept, with no error, and the file read back holds them all."""
    import random
    import sys
    import threading

    from deduce.search.tree_cache import remember

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        game, rng = Game(pegs=3, colours=5), random.Random(1)
        start, codes = game.investigation(), [str(c) for c in game.codes()]
        states: dict[tuple[str, ...], Investigation] = {}
        while len(states) < 60:
            secret, *guesses = rng.sample(codes, 3)
            inv = start
            for guess in guesses:
                black = sum(a == b for a, b in zip(guess, secret, strict=True))
                white = sum(min(guess.count(c), secret.count(c)) for c in set(guess)) - black
                inv = inv.guess(guess, black=black, white=white)
            if inv.solution_count >= 3:
                states[(secret, *guesses)] = inv
        trees = [(inv, optimal(inv).tree) for inv in states.values()]
        errors: list[BaseException] = []

        def keep(seed: int) -> None:
            mine = trees[:]
            random.Random(seed).shuffle(mine)
            try:
                for inv, tree in mine:
                    remember(inv, tree)
            except BaseException as error:  # reported below
                errors.append(error)

        threads = [threading.Thread(target=keep, args=(seed,)) for seed in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert errors == []
    forget()
    for inv, tree in trees:
        assert cached_move(inv) == tree[tuple(inv.space.ids.tolist())]


def test_the_cache_file_holds_the_trees_computed_written_at_most_every_few_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server computes many optima in a row: the cache file is written at once for the
    first, then at most every ``SAVE_SECONDS`` (and when the trees are forgotten, or
    the program ends), and it holds the trees computed, not the one the game ships."""
    from deduce.search import tree_cache

    monkeypatch.setattr(tree_cache, "SAVE_SECONDS", 3600.0)
    start = Game(pegs=4, colours=6).investigation()
    first = start.guess("1234", black=0, white=0)  # off the shipped tree: computed
    second = start.guess("1234", black=0, white=1)
    trees = [(inv, optimal(inv).tree) for inv in (first, second)]
    path = _file(start)
    tree_cache.remember(*trees[0])
    written = json.loads(path.read_text())
    assert len(written["nodes"]) == len(trees[0][1])  # the computed tree only
    tree_cache.remember(*trees[1])  # within SAVE_SECONDS: kept in memory, not written yet
    assert json.loads(path.read_text()) == written
    assert cached_move(second) == trees[1][1][tuple(second.space.ids.tolist())]
    forget()  # forgetting writes what is not written yet
    assert len(json.loads(path.read_text())["nodes"]) == len(trees[0][1]) + len(trees[1][1])
    for inv, tree in trees:
        assert cached_move(inv) == tree[tuple(inv.space.ids.tolist())]  # read back
