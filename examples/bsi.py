"""Black Stories Investigation: a player who follows the table's advice, for a whole game.

The library's game master (`play_game`) deals the cards and answers for everyone; each
player sees only a `Table` of its own. The player written here lays the card whose field
teaches the most (`recommend_play`) and, once the card is laid, tries to solve when
`best_attempt()` says so (by the chance to finish first). The opponent plays at random.

Run: ``python examples/bsi.py``
"""

from __future__ import annotations

import random

from deduce.games.bsi import Card, Case, Table, bot, play_game, random_bot


def lay(table: Table, rng: random.Random) -> tuple[Card, int]:
    """The card to lay and the seat, at the start of my turn."""
    rec = table.recommend_play(top=1)[0]
    chances = ", ".join(f"{field}: {100 * p:.0f}%" for field, p in rec.outcomes.items())
    print(f"\nI lay {rec.action} ({rec.information:.2f} bits; fields {chances})")
    return rec.action.card, rec.action.target


def attempt(table: Table, rng: random.Random) -> tuple[int, Case, int] | None:
    """Whom to solve, naming which case, with which card; or None to wait."""
    for seat in table.opponents:
        print(f"  seat {seat}: possible cases: {len(table.case_probabilities(seat))}")
    option = table.best_attempt()
    if option is None:
        return None
    print(
        f"  solve seat {option.target}: {option.case} ({100 * option.probability:.0f}%), "
        f"{option.drops}-drop card, {option.points:.1f} points expected"
    )
    return option.target, option.case, option.drops


def main(seed: int = 7) -> None:
    me = bot("assistant", lay, attempt)
    record = play_game([me, random_bot], seed=seed, narrate=lambda line: print("  " + line))
    table = record.tables[0]
    print(f"\nAfter {record.turns} turns: scores {table.scores()}, winners {table.winners()}")


if __name__ == "__main__":
    main()
