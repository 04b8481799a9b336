"""The league benchmark (benchmarks/league.py): a small cell of every game, the table's
columns, a policy that can never win, and the Wilson interval's edge cases."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.league import COLUMNS, cells_of, lone_share, main, play_cell, table, wilson
from benchmarks.league_policies import PANELS, SIZES
from deduce.games import thirteen_clues


@pytest.mark.parametrize("game", sorted(PANELS))
def test_a_small_cell_of_every_game(game: str) -> None:
    players = SIZES[game][0]
    row = play_cell(game, players, "advised", "entropy", games=2)
    assert row.games == 2 and 0 <= row.wins <= 2
    lines = table([row]).splitlines()
    assert [c.strip() for c in lines[0].strip("|").split("|")] == list(COLUMNS)
    cells = [c.strip() for c in lines[2].strip("|").split("|")]
    assert len(cells) == len(COLUMNS)
    assert cells[:5] == [game, str(players), "advised", "entropy", "2"]
    assert cells[COLUMNS.index("fair share")] == f"{1 / players:.3f}"


def _never_accuses(table: thirteen_clues.Table, rng: random.Random) -> Any:
    move = table.best("entropy")
    if isinstance(move, thirteen_clues.Accusation | thirteen_clues.Puzzle):
        return thirteen_clues.Ask(1, "woman")
    return move


def test_a_policy_that_never_accuses_gets_share_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    never = thirteen_clues.Bot("never", _never_accuses)
    monkeypatch.setitem(PANELS["thirteen-clues"], "never", never)
    row = play_cell("thirteen-clues", 3, "never", "entropy", games=3)
    assert row.wins == 0
    # and the opponents do win those games: the lone seat is really the one that lost
    against = play_cell("thirteen-clues", 3, "entropy", "never", games=3)
    assert against.wins == 3


def test_ties_share_the_win() -> None:
    assert lone_share((0, 1), 1) == 0.5
    assert lone_share((0, 1, 2), 3) == 0.0
    assert lone_share((2,), 2) == 1.0


def test_wilson_edge_cases() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.1 < high < 0.2
    low, high = wilson(20, 20)
    assert high == 1.0 and 0.8 < low < 0.9
    low, high = wilson(10, 20)
    assert low == pytest.approx(1 - high)
    assert wilson(0.5, 1)[0] < 0.5 < wilson(0.5, 1)[1]


def test_the_round_robin_rotates_and_refuses_unknown_policies() -> None:
    cells = cells_of(["bsi"], [], ["advised"], [])
    assert {c[1] for c in cells} == {2, 3, 4}
    assert len(cells) == 3 * len(PANELS["bsi"]) and ("bsi", 2, "advised", "advised") in cells
    with pytest.raises(SystemExit, match="no policy 'nobody'"):
        cells_of(["bsi"], [2], ["nobody"], [])
    with pytest.raises(SystemExit, match="played by 2, 3, 4 players"):
        cells_of(["bsi"], [5], [], [])


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--game",
        "bsi",
        "--players",
        "2",
        "--policy",
        "advised",
        "--against",
        "clock",
        "--games",
        "2",
    ]
    text = main(argv)
    assert capsys.readouterr().out.strip() == text
    assert "| bsi | 2 | advised | clock | 2 |" in text


def test_the_process_pool_plays_the_same_games() -> None:
    alone = play_cell("bsi", 2, "advised", "clock", games=4, workers=1)
    pooled = play_cell("bsi", 2, "advised", "clock", games=4, workers=2)
    assert pooled.wins == alone.wins and pooled.games == 4
