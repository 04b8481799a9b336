"""The docs' league table (``python -m benchmarks.league --table``): each game's cells at
each table size from the last results file that holds them, each named by its commit when
they differ."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from deduce.league import Cell, Row

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("league_docs", ROOT / "benchmarks" / "league.py")
assert _spec is not None and _spec.loader is not None
league_docs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(league_docs)


def _row(game: str, players: int, against: str, wins: float, first: int = 1_000_000) -> str:
    cell = {"game": game, "players": players, "policy": "advised", "against": against}
    return json.dumps({**cell, "games": 20, "first": first, "wins": wins, "seconds": 1.0})


def test_each_game_comes_from_the_last_file_that_holds_it(tmp_path: Path) -> None:
    old = tmp_path / "league-aaaaaaa.jsonl"
    new = tmp_path / "league-bbbbbbb.jsonl"
    old.write_text("\n".join([_row("bsi", 2, "clock", 15), _row("cluedo", 3, "sheet", 5)]) + "\n")
    new.write_text(
        "\n".join([_row("cluedo", 3, "sheet", 12), _row("cluedo", 3, "sampler", 9, first=10)])
    )
    rows, played = league_docs.combined([old, new])
    assert played == {("bsi", 2): "aaaaaaa", ("cluedo", 3): "bbbbbbb"}
    assert [(r.cell.game, r.cell.against, r.wins) for r in rows] == [
        ("bsi", "clock", 15),
        ("cluedo", "sheet", 12),  # the older file's cluedo is left, a tuning row too
    ]
    text = league_docs.section(rows, played)
    assert "on the commit each game names" in text
    bsi, cluedo = text.split("#### bsi")[1].split("#### cluedo")
    assert "Played on commit `aaaaaaa`." in bsi and "Played on commit `bbbbbbb`." in cluedo
    alone = league_docs.section(rows[:1], {("bsi", 2): "aaaaaaa"})
    assert "on commit `aaaaaaa`" in alone and "Played on commit" not in alone


def test_a_table_size_played_again_sits_beside_the_others(tmp_path: Path) -> None:
    old = tmp_path / "league-aaaaaaa.jsonl"
    new = tmp_path / "league-bbbbbbb.jsonl"
    old.write_text(
        "\n".join([_row("thirteen-clues", 2, "notes", 15), _row("thirteen-clues", 3, "notes", 9)])
    )
    new.write_text(
        "\n".join([_row("thirteen-clues", 4, "notes", 7), _row("thirteen-clues", 6, "notes", 5)])
    )
    rows, played = league_docs.combined([old, new])
    assert [(r.cell.players, r.wins) for r in rows] == [(2, 15), (3, 9), (4, 7), (6, 5)]
    assert played == {
        ("thirteen-clues", 2): "aaaaaaa",
        ("thirteen-clues", 3): "aaaaaaa",
        ("thirteen-clues", 4): "bbbbbbb",
        ("thirteen-clues", 6): "bbbbbbb",
    }
    text = league_docs.section(rows, played)
    assert "Played on commit `aaaaaaa` at 2 and 3 players, `bbbbbbb` at 4 and 6 players." in text
    three = {**played, ("thirteen-clues", 5): "aaaaaaa"}
    assert "`aaaaaaa` at 2, 3 and 5 players" in league_docs.section(rows, three)


def _bsi(players: int, games: int, cells: list[tuple[str, str, float]]) -> list[Row]:
    """BSI rows at ``players``, ``games`` a cell, one a (policy, against, wins)."""
    return [
        Row(Cell("bsi", players, policy, against), games=games, wins=wins, seconds=1.0)
        for policy, against, wins in cells
    ]


def test_the_standings_compare_policies_over_the_opponents_every_policy_met() -> None:
    # the default also met the search (a cell the others never played), near its share:
    # over all its cells it would trail `clock`, over the opponents both met it leads
    met = [("advised", "advised", 5), ("advised", "clock", 7), ("advised", "search", 2)]
    rows = _bsi(2, 10, [*met, ("clock", "advised", 5), ("clock", "clock", 5)])
    table = league_docs.standings(rows)
    assert [(p, round(r, 2), cells) for p, r, cells, _, _ in table] == [
        ("advised", 1.2, 3),
        ("clock", 1.0, 2),
    ]
    assert "over the 2 opponents every policy met" in "\n".join(
        league_docs._round_robin("bsi", rows)
    )


def test_the_round_robins_standings_go_to_the_log_and_the_page_links_them(tmp_path: Path) -> None:
    from deduce.league import Cell, Row

    rows = [
        Row(Cell("bsi", 2, p, o), games=10, wins=w, seconds=1.0)
        for p, o, w in [("advised", "clock", 7), ("clock", "clock", 5)]
    ]
    page, log = tmp_path / "page.md", tmp_path / "log.md"
    page.write_text(f"top\n{league_docs.BEGIN}\nold\n{league_docs.END}\nfoot\n")
    log.write_text(f"log\n{league_docs.ROUND_BEGIN}\nold\n{league_docs.ROUND_END}\nend\n")
    league_docs.write_docs(rows, "aaaaaaa", page, log)
    shown, kept = page.read_text(), log.read_text()
    assert "Round robin at 2 players" not in shown and "old" not in shown + kept
    assert "(benchmarks/log.md#the-round-robins)" in shown and shown.endswith("foot\n")
    assert "### bsi" in kept and "| **`advised`** | 1.40 | 1 of" in kept
    assert kept.startswith("log\n") and kept.endswith("end\n")


def test_a_search_meets_the_default_only_and_stands_below_the_standings() -> None:
    cells = league_docs._groups("bsi", 3, round_robin=True, slow=True)
    assert cells == [(["advised"], ["search"]), (["search"], ["advised"])]
    assert league_docs._groups("bsi", 3, round_robin=False, slow=True) == [
        (["advised"], ["search"])
    ]
    (quick,) = league_docs._groups("bsi", 3, round_robin=True, slow=False)
    assert "search" not in quick[0] + quick[1] and quick[0] == quick[1]
    searched = [("advised", "search", 12), ("search", "advised", 6)]
    rows = _bsi(3, 30, [("advised", "clock", 15), ("clock", "clock", 10), *searched])
    text = "\n".join(league_docs._round_robin("bsi", rows))
    assert "over the 1 opponents every policy met" in text  # the search left out
    assert "| **`advised`** | 1.50 | 1 of 11 |" in text and "| `search` |" not in text
    assert "`advised` at the lone seat against `search` (a search meets the default only): " in text
    assert "`search` at the lone seat against `advised`" in text and "0.200 (" in text


def test_the_searches_cells_can_be_left_out(tmp_path: Path, monkeypatch: Any) -> None:
    import deduce.cli

    asked: list[list[str]] = []
    monkeypatch.setattr(deduce.cli, "main", lambda words: asked.append(words) or 0)
    results = tmp_path / "league.jsonl"
    assert league_docs.play(["bsi"], results, round_robin=True, workers=1, searches=False) == 0
    assert len(asked) == 3 and not any("search" in words for words in asked)
    asked.clear()
    league_docs.play(["bsi"], results, round_robin=True, workers=1)
    assert sum("search" in words for words in asked) == 6  # both ways, at 2, 3 and 4


def test_the_estimate_scales_each_table_sizes_time_to_its_games() -> None:
    rows = [
        Row(Cell("bsi", 2, "advised", "clock"), games=2, wins=1.0, seconds=0.5),
        Row(Cell("bsi", 2, "clock", "advised"), games=2, wins=1.0, seconds=0.3),
        Row(Cell("bsi", 2, "search", "advised"), games=2, wins=1.0, seconds=0.1),
        Row(Cell("cluedo", 6, "advised", "sheet"), games=2, wins=0.0, seconds=4.0),
    ]
    text = league_docs.estimate(rows, 2, 2)
    assert "| bsi | 2 | 3 | 200 | 90 | 80 | 10 |" in text  # 0.9 s for 2 games of 200
    assert "| cluedo | 6 | 1 | 40 | 80 | 80 | 0 |" in text  # 4 s for 2 games of 40
    assert "total: 170 processor seconds, 0 h 01 min on 2 processes" in text
    assert text.endswith("without the search: 160 processor seconds, 0 h 01 min on 2 processes")


def test_an_estimate_plays_the_first_games_of_each_cell_and_prints_the_whole_run(
    tmp_path: Path, monkeypatch: Any, capsys: Any
) -> None:
    asked: list[dict[str, Any]] = []

    def play(games: list[str], results: Path, **options: Any) -> int:
        asked.append({"games": games, **options})
        results.write_text(
            _row("kreuzverhoer", 2, "entropy", 1).replace('"games": 20', '"games": 3')
        )
        return 0

    monkeypatch.setattr(league_docs, "play", play)
    results = tmp_path / "estimate.jsonl"
    words = ["--game", "kreuzverhoer", "--estimate", "3", "--workers", "1"]
    assert league_docs.main([*words, "--results", str(results)]) == 0
    assert asked == [
        {
            "games": ["kreuzverhoer"],
            "round_robin": False,
            "workers": 1,
            "searches": True,
            "deals": 3,
        }
    ]
    out = capsys.readouterr().out
    assert "| kreuzverhoer | 2 | 1 | 200 | 67 | 67 | 0 |" in out  # 1 s for 3 games of 200
    assert "total: 67 processor seconds, 0 h 01 min on 1 process" in out


def test_an_estimate_of_no_deals_is_refused(capsys: Any) -> None:
    for words in (["--estimate", "0"], ["--estimate", "2", "--table"]):
        with pytest.raises(SystemExit) as stop:
            league_docs.main(words)
        assert stop.value.code == 2
        assert "--estimate takes a number of deals from 1 on" in capsys.readouterr().err
