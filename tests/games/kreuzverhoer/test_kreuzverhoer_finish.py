"""Kreuzverhör: the end of the race searched exactly (few cases left)."""

from __future__ import annotations

from functools import cache

import pytest

import deduce
import deduce.games.kreuzverhoer as kv
from deduce.games.kreuzverhoer.finish import FINISH_UP_TO, finish

THREE = (
    kv.Investigation()
    .confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    .ruled_out(weapon=["Messer", "Gift", "Pistole"])
)  # Mord / Ulm / Ede K. with Strick*, Axt* or Hammer*


def test_three_weapons_left_by_hand() -> None:
    assert THREE.space.size == 3
    # a lay has one weapon: it solves one case and leaves the other two together
    assert max(finish(THREE, [1.0, 0.0], 0.0).values()) == pytest.approx(1 / 3)
    assert max(finish(THREE, [1.0, 1.0], 0.0).values()) == pytest.approx(2 / 3)
    assert max(finish(THREE, [1.0, 1.0, 1.0], 0.0).values()) == pytest.approx(1.0)
    # 1/3 at each lay, weighted by the opponent not having solved; all solved by the third
    assert max(finish(THREE, [1.0, 0.5, 0.2], 0.4).values()) == pytest.approx((1 + 0.5 + 0.2) / 3)
    # one lay only, and they never solve: unsolved is half of the tie-break
    assert max(finish(THREE, [1.0], 1.0).values()) == pytest.approx(1 / 3 + 2 / 3 * 0.5)


def naive(inv: kv.Investigation, alive: list[float], never: float) -> float:
    """The best chance to win, every one of the 2916 lays tried at every step."""
    outcome = inv.outcome_table(inv.space, inv.queries())
    n = inv.space.size

    @cache
    def value(cases: frozenset[int], t: int) -> float:
        if t == len(alive):
            return 0.5 * never
        best = 0.0
        for row in outcome:
            parts: dict[int, set[int]] = {}
            for c in cases:
                parts.setdefault(int(row[c]), set()).add(c)
            if 4 not in parts and len(parts) == 1:
                continue  # teaches nothing, solves nothing
            win = len(parts.get(4, ())) / len(cases) * alive[t]
            for k, part in parts.items():
                if k != 4:
                    win += len(part) / len(cases) * value(frozenset(part), t + 1)
            best = max(best, win)
        return best

    return value(frozenset(range(n)), 0)


def test_the_search_agrees_with_trying_every_lay_at_every_step() -> None:
    inv = (
        kv.Investigation()
        .confirmed(crime="Mord", suspect="Ede K.")
        .ruled_out(weapon=["Messer", "Gift", "Pistole", "Strick*"])
        .ruled_out(scene=["Berlin", "Hamburg*", "München*", "Köln*", "Frankfurt*", "Dresden*"])
    )  # 2 weapons x 3 scenes
    assert inv.space.size == 6
    for alive, never in (([1.0, 0.8, 0.5, 0.1], 0.05), ([1.0, 1.0], 0.9), ([1.0, 0.3, 0.3], 0.3)):
        wins = finish(inv, alive, never)
        assert max(wins.values()) == pytest.approx(naive(inv, alive, never), abs=1e-12)


def test_the_race_ranks_by_the_exact_search_near_the_end() -> None:
    close = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    close = close.questioning("Mord", "Ulm", "Ede K.", "Axt*")  # 3 right: their pace is exact
    moves = kv.race(THREE, close.opponent, top=3)
    assert all(m.exact for m in moves)
    assert moves[0].win >= moves[1].win >= moves[2].win
    assert moves[0].solves_now == pytest.approx(1 / 3)  # it lays one of the three cases
    assert moves[0].action.weapon in ("Strick*", "Axt*", "Hammer*")
    plain = kv.race(THREE, close.opponent, top=1, finishing=False)[0]
    assert moves[0].win >= plain.win - 1e-9


def test_finish_refuses_bad_input() -> None:
    with pytest.raises(deduce.InvalidInput):
        finish(kv.Investigation(), [1.0], 0.0)  # 1944 cases
    assert kv.Investigation().space.size > FINISH_UP_TO
    with pytest.raises(deduce.InvalidInput):
        finish(THREE, [], 0.0)
    with pytest.raises(deduce.InvalidInput):
        finish("inv", [1.0], 0.0)  # type: ignore[arg-type]
    with pytest.raises(deduce.InvalidInput):
        kv.race(THREE, kv.Investigation(), finishing="yes")  # type: ignore[arg-type]
