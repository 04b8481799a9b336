"""The league benchmark (benchmarks/league.py): a small cell of every game, the table's
columns, a policy that can never win, and the Wilson interval's edge cases. The harness
of a benchmark, not the library: in the long tier (``make test-long``)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from benchmarks.league import (
    COLUMNS,
    cells_of,
    lone_share,
    main,
    play_cell,
    play_cells,
    table,
    wilson,
)
from benchmarks.league_notes import bsi_notes, bsi_notes_of, crime_writers_notes_of
from benchmarks.league_policies import PANELS, PLAY, SIZES, THRESHOLDS
from deduce.games import bsi, crime_writers, thirteen_clues

pytestmark = pytest.mark.long  # the benchmark harness: the long tier


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


def test_any_executor_plays_the_same_games() -> None:
    cells = [("bsi", 2, "advised", "clock"), ("bsi", 3, "clock", "advised")]
    alone = play_cells(cells, games=3, workers=1)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = play_cells(cells, games=3, workers=1, executor=pool)
    assert [row.wins for row in threaded] == [row.wins for row in alone]


def test_the_command_plays_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "bsi", "--players", "2", "--policy", "advised", "--against", "clock"]
    alone = main([*argv, "--games", "2"])
    on_dask = main([*argv, "--games", "2", "--workers", "2", "--dask", "local"])
    strip = [line.rsplit("|", 2)[0] for line in alone.splitlines()]  # all but s/game
    assert [line.rsplit("|", 2)[0] for line in on_dask.splitlines()] == strip


NEW_BOTS = [
    ("bsi", "notes"),
    ("bsi", "search"),
    ("thirteen-clues", "notes"),
    ("thirteen-clues", "previous"),
    ("thirteen-clues", "informed"),
    ("kreuzverhoer", "notes"),
    ("kreuzverhoer", "clock"),
    ("crime-writers", "notes"),
    ("crime-writers", "guest"),
    ("crime-writers", "previous"),
    *(("crime-writers", f"eager-{t}") for t in THRESHOLDS),
]
SLOW_SIZES = {("crime-writers", 4), ("crime-writers", 5), ("thirteen-clues", 6)}


def _new_bot_cells() -> list[Any]:
    cells = []
    for game, name in NEW_BOTS:
        for players in SIZES[game]:
            marks = [pytest.mark.slow] if (game, players) in SLOW_SIZES else []
            cells.append(
                pytest.param(game, name, players, marks=marks, id=f"{game}-{name}-{players}")
            )
    return cells


@pytest.mark.parametrize(("game", "name", "players"), _new_bot_cells())
def test_the_new_bots_play_whole_legal_games(game: str, name: str, players: int) -> None:
    # the game master refuses an illegal move with InvalidInput: a whole game is legal
    bot, other = PANELS[game][name], PANELS[game]["entropy"]
    seeds = (0,) if game == "crime-writers" else (0, 1)
    for seed in seeds:
        seat = seed % players
        lineup = [bot if s == seat else other for s in range(players)]
        record = PLAY[game](lineup, seed=seed)
        assert record.over, (game, name, players, seed)
        assert set(record.winners) <= set(range(players)) and record.winners
        assert any(s == seat for s, _ in record.moves)


def test_the_bsi_notes_keep_what_the_grid_shows() -> None:
    table = bsi.Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    laid = table.played("woman/knife", 1, 2)  # both pieces match: woman and knife
    notes = bsi_notes_of(laid, 1)
    assert notes and all(c.victim == "woman" and c.weapon == "knife" for c in notes)
    # the notes hold every case the exact posterior still allows, and nothing is weighed
    assert set(laid.case_probabilities(1)) <= set(notes)
    # alone on its list (woman/night/inside/knife is in my hand): attempted, 3 drops
    hand = ["woman/night/knife", "woman/night/inside/knife", "man/gun"]
    one = bsi.Table(2, case="man/day/inside/knife", hand=hand).played("woman/night/knife", 1, 3)
    assert bsi_notes_of(one, 1) == [bsi.Case("woman", "night", "outside", "knife")]
    assert bsi_notes.choose(one, random.Random(0), "attempt") == (1, bsi_notes_of(one, 1)[0], 3)
    # four on the list: not attempted
    four = bsi.Table(2, case="man/day/inside/knife", hand=hand).played("man/gun", 1, 2)
    assert len(bsi_notes_of(four, 1)) == 4
    assert bsi_notes.choose(four, random.Random(0), "attempt") is None


def test_the_crime_writers_notes_cross_out_by_tags_and_names() -> None:
    table = crime_writers.Table.example()
    every = crime_writers_notes_of(table, "how")
    weapon = table.ask("how", "weapon", "yes")
    kept = crime_writers_notes_of(weapon, "how")
    assert kept and len(kept) < len(every)
    cards = {c.text: c for c in table.deck.for_element("how")}
    assert all(cards[t].status("weapon") != "lacks" for t in kept)
    denied = weapon.ask("how", kept[0], "no")
    assert kept[0] not in crime_writers_notes_of(denied, "how")
