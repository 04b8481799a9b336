"""The league (deduce.league): a small cell of every game, the table's columns, a policy
that can never win, the round robin's refusals, every executor playing the same games,
the command's results file taken up again, and the Wilson interval's edge cases."""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from deduce.cli import main
from deduce.errors import InvalidInput
from deduce.games import bsi, crime_writers, thirteen_clues
from deduce.league import (
    COLUMNS,
    MEASURING,
    PANELS,
    SAME_GAMES,
    SIZES,
    THRESHOLDS,
    Cell,
    Row,
    cells_of,
    lone_share,
    parts_of,
    play_cell,
    play_cells,
    read_results,
    table,
)
from deduce.league._notes import bsi_notes, bsi_notes_of, crime_writers_notes_of
from deduce.league._policies import PLAY
from deduce.table import wilson


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PANELS))
def test_a_small_cell_of_every_game(game: str) -> None:
    players = SIZES[game][0]
    row = play_cell(Cell(game, players, "advised", "entropy"), games=2)
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
    row = play_cell(Cell("thirteen-clues", 3, "never", "entropy"), games=3)
    assert row.wins == 0
    # and the opponents do win those games: the lone seat is really the one that lost
    against = play_cell(Cell("thirteen-clues", 3, "entropy", "never"), games=3)
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
    cells = cells_of(["bsi"], policies=["advised"])
    assert {c.players for c in cells} == {2, 3, 4}
    same = sum(len(SAME_GAMES["bsi", n]) for n in (2, 3, 4))  # played once, as the other
    assert len(cells) == 3 * len(PANELS["bsi"]) - same
    assert Cell("bsi", 2, "advised", "advised") in cells
    with pytest.raises(InvalidInput, match=r"policies='nobody' is not valid \(for bsi\); expected"):
        cells_of(["bsi"], players=[2], policies=["nobody"])
    with pytest.raises(
        InvalidInput, match=r"players=\[5\] is not valid \(for bsi\); expected one of 2, 3, 4"
    ):
        cells_of(["bsi"], players=[5])
    with pytest.raises(InvalidInput, match="games='chess'"):
        cells_of(["chess"])
    with pytest.raises(InvalidInput, match="against='x'"):
        Cell("bsi", 2, "advised", "x")
    with pytest.raises(InvalidInput, match="games=0"):
        play_cells(cells[:1], games=0)
    with pytest.raises(InvalidInput, match="cells="):
        play_cells([("bsi", 2, "advised", "clock")], games=1)  # type: ignore[list-item]
    with pytest.raises(InvalidInput, match="twice"):
        play_cells([cells[0], cells[0]], games=1)


def _league(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["league", *argv]) == 0
    return capsys.readouterr().out


ONE_CELL = ("--game", "bsi", "--players", "2", "--policy", "advised", "--against", "clock")


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    out = _league(capsys, *ONE_CELL, "--games", "2", "--executor", "serial")
    row = play_cell(Cell("bsi", 2, "advised", "clock"), games=2)
    assert f"| bsi | 2 | advised | clock | 2 | {row.wins:g} | {row.share:.3f} |" in out
    assert [c.strip() for c in out.splitlines()[0].strip("|").split("|")] == list(COLUMNS)


def test_any_executor_plays_the_same_games() -> None:
    cells = [Cell("bsi", 2, "advised", "clock"), Cell("bsi", 3, "clock", "advised")]
    alone = play_cells(cells, games=3)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = play_cells(cells, games=3, executor=threads, chunk=1)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = play_cells(cells, games=3, executor=pool, chunk=2)
    assert [r.wins for r in threaded] == [r.wins for r in pooled] == [r.wins for r in alone]
    # the deals are the seeds: from another first deal, other games
    later = play_cells(cells, games=3, first=1000)
    assert all(r.first == 1000 for r in later)


def test_the_progress_and_each_cell_as_it_finishes() -> None:
    cells = [Cell("bsi", 2, "random", "random"), Cell("bsi", 2, "random", "cautious")]
    reports: list[tuple[int, int]] = []
    finished: list[Row] = []
    rows = play_cells(
        cells,
        games=3,
        chunk=2,
        report=lambda d, t: reports.append((d, t)),
        finished=finished.append,
    )
    assert reports == [(4, 6), (6, 6)]  # both cells play each deal together
    assert finished == rows


def test_the_command_plays_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    alone = _league(capsys, *ONE_CELL, "--games", "2", "--executor", "serial")
    on_dask = _league(capsys, *ONE_CELL, "--games", "2", "--executor", "dask", "--workers", "2")
    strip = [line.rsplit("|", 2)[0] for line in alone.splitlines()]  # all but s/game
    assert [line.rsplit("|", 2)[0] for line in on_dask.splitlines()] == strip


def test_a_stopped_league_goes_on_from_its_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    results = tmp_path / "league.jsonl"
    argv = ("--game", "bsi", "--players", "2", "--policy", "random", "--games", "2")
    first = ("--against", "random")
    _league(capsys, *argv, *first, "--results", str(results), "--executor", "serial")
    (kept,) = read_results(results)
    assert kept.cell == Cell("bsi", 2, "random", "random") and kept.games == 2
    # the whole run again: the cell already played is not played again, the others are
    out = _league(capsys, *argv, "--results", str(results), "--executor", "serial")
    cells = len(PANELS["bsi"]) - len(SAME_GAMES["bsi", 2])
    assert f"1 of {cells} cells already in" in out
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    whole = [line for line in lines if not line.get("part")]
    assert len(whole) == cells and whole[0]["against"] == "random"
    # other games a cell, or another first deal: played again
    out = _league(capsys, *argv, *first, "--first", "7", "--results", str(results))
    assert "already in" not in out and len(read_results(results)) == len(whole) + 1


def test_a_league_stopped_within_its_cells_goes_on_from_their_parts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ("--game", "bsi", "--players", "2", "--policy", "random", "--games", "4")
    argv += ("--against", "random", "--against", "clock", "--executor", "serial")
    cells = [Cell("bsi", 2, "random", "random"), Cell("bsi", 2, "random", "clock")]
    whole_run = tmp_path / "whole.jsonl"
    _league(capsys, *argv, "--results", str(whole_run))
    # a whole run leaves its cells and no chunks
    assert not parts_of(whole_run).exists() and len(read_results(whole_run)) == 2
    assert all(not json.loads(line).get("part") for line in whole_run.read_text().splitlines())
    chunks: list[Row] = []
    play_cells(cells, games=4, part=chunks.append)
    # both cells play each deal together, a chunk of one deal at a time
    assert sorted((r.first, r.cell.against) for r in chunks) == sorted(
        (deal, against)
        for deal in range(MEASURING.start, MEASURING.start + 4)
        for against in ("random", "clock")
    )
    assert {r.games for r in chunks} == {1}
    # stopped after the first two deals: their chunks kept (as won, to tell them apart)
    stopped = tmp_path / "stopped.jsonl"
    early = [r for r in chunks if r.first < MEASURING.start + 2]
    cell = {"game": "bsi", "players": 2, "policy": "random"}
    lines = [
        json.dumps(
            {"part": True, **cell, "against": r.cell.against, "games": 1, "first": r.first}
            | {"wins": 1, "seconds": 0.5}
        )
        for r in early
    ]
    parts_of(stopped).write_text("\n".join(lines) + "\n")
    assert read_results(stopped) == [] and len(read_results(parts_of(stopped), parts=True)) == 4
    out = _league(capsys, *argv, "--results", str(stopped))
    assert "4 games of the other cells already in" in out
    later = {c: sum(r.wins for r in chunks if r.cell == c and r not in early) for c in cells}
    assert [(r.cell, r.wins) for r in read_results(stopped)] == [
        (c, 2 + later[c])
        for c in cells  # the first two deals not played again
    ]
    assert not parts_of(stopped).exists()


def test_cells_played_together_play_the_games_each_plays_alone() -> None:
    panel = PANELS["cluedo"]
    cells = [
        Cell("cluedo", 3, policy, against)
        for policy, against in [
            ("advised", "eager-0.5"),
            ("eager-0.5", "eager-0.5"),
            ("entropy", "eager-0.5"),
            ("previous", "eager-0.3"),
        ]
    ]
    deal = MEASURING.start + 1
    alone = []
    for cell in cells:  # outside the league: nothing remembered between games
        lineup = [panel[cell.against]] * 3
        lineup[deal % 3] = panel[cell.policy]
        alone.append(lone_share(tuple(PLAY["cluedo"](lineup, seed=deal).winners), deal % 3))
    rows = play_cells(cells, games=1, first=deal)
    assert [row.wins for row in rows] == alone
    assert 0 < sum(alone) < len(cells)  # some won, some lost: the check can fail


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("not json\n", "line 1"),
        ('{"game": "bsi"}\n', "line 1"),
        (
            '{"game": "chess", "players": 2, "policy": "a", "against": "b", "games": 1, '
            '"first": 0, "wins": 0, "seconds": 0}\n',
            "line 1",
        ),
        (
            '\n{"game": "bsi", "players": 2, "policy": "random", "against": "random", '
            '"games": 2, "first": 0, "wins": 3, "seconds": 0}\n',
            "line 2",
        ),
        (
            '{"game": "bsi", "players": 2, "policy": "random", "against": "random", '
            '"games": 2, "first": 0, "wins": 1, "seconds": 0, "part": "yes"}\n',
            "line 1: part is true or false",
        ),
    ],
)
def test_a_results_file_the_league_did_not_write_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, why: str
) -> None:
    results = tmp_path / "league.jsonl"
    results.write_text(text)
    assert main(["league", *ONE_CELL, "--games", "1", "--results", str(results)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "--results" in out and why in out and "Traceback" not in out
    assert results.read_text() == text  # nothing written


def test_a_file_that_cannot_be_written_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no-such-folder" / "league.md"
    assert main(["league", *ONE_CELL, "--games", "1", "--markdown", str(missing)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "--markdown" in out and "No such file or directory" in out


def test_the_markdown_log_has_the_command_that_runs_it_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "log.md"
    out = _league(capsys, *ONE_CELL, "--games", "1", "--executor", "serial", "--markdown", str(log))
    written = log.read_text()
    command = "deduce league --game bsi --players 2 --policy advised --against clock --games 1"
    assert f"`{command} --first 1000000 --executor serial`" in written
    assert table_lines(out) == table_lines(written)


def table_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|")]


def test_help_lists_every_policy(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["league", "--help"])
    out = capsys.readouterr().out
    for game, panel in PANELS.items():
        assert f"{game}: {', '.join(panel)}" in out


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


@pytest.mark.long  # whole games of every new bot at every size: the long tier
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


@pytest.mark.parametrize(
    ("path", "why"),
    [("a\x00b", "NUL"), ("ä" * 100_000, "File name too long"), ("/", "folder")],
)
def test_a_results_path_that_is_no_file_is_refused_by_name(path: str, why: str) -> None:
    with pytest.raises(InvalidInput, match="--results") as refused:
        read_results(path)
    assert why in str(refused.value)


def test_a_results_file_not_written_yet_holds_no_cell(tmp_path: Path) -> None:
    assert read_results(tmp_path / "none.jsonl") == []
    assert read_results(str(tmp_path / "none.jsonl")) == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--game", "chess"], '--game "chess" is not valid'),
        (["--game", "bsi", "--players", "7"], "--players"),
        (["--game", "bsi", "--policy", "nobody"], '--policy "nobody" is not valid (for bsi)'),
        (["--game", "bsi", "--against", "nobody"], '--against "nobody"'),
        (["--games", "0"], "--games 0 is not valid"),
        (["--first", "-1"], "--first -1 is not valid"),
        (["--executor", "serial", "--workers", "2"], "--workers 2 is not valid"),
    ],
)
def test_the_command_refuses_options_by_their_names(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main(["league", *argv]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert said in out and "Traceback" not in out


def test_a_cell_read_back_from_its_results_is_the_cell_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The processor time is kept to the millisecond in the row as in the file, so the
    table printed after playing is the table printed from the file (it once differed
    by a rounding in the seconds a game)."""
    played = play_cells([Cell("bsi", 2, "advised", "clock")], games=2)
    results = tmp_path / "league.jsonl"
    assert main(["league", *ONE_CELL, "--games", "2", "--results", str(results)]) == 0
    capsys.readouterr()
    again = read_results(results)
    assert played[0].seconds == round(played[0].seconds, 3)
    assert [(r.cell, r.games, r.wins) for r in again] == [(c.cell, c.games, c.wins) for c in played]


def test_a_league_whole_in_its_results_plays_nothing_and_starts_no_pool(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tmp_path / "league.jsonl"
    argv = (*ONE_CELL, "--games", "2", "--results", str(results))
    first = _league(capsys, *argv, "--executor", "serial")
    import deduce.league._command as command

    def no_executor(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an executor was started")

    monkeypatch.setattr(command, "executor", no_executor)
    again = _league(capsys, *argv, "--executor", "dask", "--workers", "2")
    assert "1 of 1 cells already in" in again
    assert table_lines(again) == table_lines(first)


def _same_game_pairs() -> list[Any]:
    slow = {"crime-writers", "cluedo"}  # a second or more a game: the long tier
    return [
        pytest.param(
            game,
            n,
            policy,
            twin,
            id=f"{game}-{n}-{policy}",
            marks=[pytest.mark.long] if game in slow else [],
        )
        for (game, n), twins in SAME_GAMES.items()
        for policy, twin in twins.items()
    ]


@pytest.mark.parametrize(("game", "players", "policy", "twin"), _same_game_pairs())
def test_a_policy_said_to_play_anothers_games_plays_them_move_for_move(
    game: str, players: int, policy: str, twin: str
) -> None:
    panel = PANELS[game]
    for seed in range(MEASURING.start, MEASURING.start + 6):
        seat = seed % players
        games = [
            PLAY[game](
                [panel["advised"] if s == seat else panel[name] for s in range(players)],
                seed=seed,
            )
            for name in (policy, twin)
        ]
        assert games[0].moves == games[1].moves, (game, policy, twin, seed)


def test_the_round_robin_plays_such_a_pair_once_unless_asked_for_it() -> None:
    cells = cells_of(["kreuzverhoer"], policies=["advised"])
    assert {c.against for c in cells} == set(PANELS["kreuzverhoer"]) - set(
        SAME_GAMES["kreuzverhoer", 2]
    )
    asked = cells_of(["kreuzverhoer"], policies=["advised"], against=["clock"])
    assert [c.against for c in asked] == ["clock"]
    three = {c.against for c in cells_of(["bsi"], players=[3], policies=["advised"])}
    assert "previous" in three and "race-lays" not in three  # at 3 players: the other way


def test_junk_for_the_results_files_is_refused_by_name(tmp_path: Path) -> None:
    from deduce.testing import invalid_input

    invalid_input(lambda: parts_of(""), "results", "file")
    invalid_input(lambda: parts_of(5), "results", "Path")  # type: ignore[arg-type]
    invalid_input(lambda: read_results(tmp_path / "none", parts="yes"), "parts", "True or False")  # type: ignore[arg-type]
