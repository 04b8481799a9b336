"""Kreuzverhör: how many questionings each strategy needs, over every one of the 1944 cases.

For every case as the secret, each strategy plays the whole game (without cards and with
ideal cards one decision tree, see ``kreuzverhoer.questionings_needed``; with a hand of
3 one game per case, its shuffle seeded by the case); the table gives the mean and worst
number of questionings and the share of cases solved within the rulebook's 12.

- Without cards: only questionings.
- With ideal cards, an UPPER BOUND on what investigation cards can give: after every
  questioning the best of the five described investigation cards (by expected
  information, bans respected) is played, as if every one of them were always in hand,
  and the answering player never blocks it with a defence card but names what
  ``Interrogation.suggest`` draws among the answers that teach least. The rules give
  each player a hand of 3 cards from a 30-card deck (18 investigation cards, 9 kinds x
  2, of which only 5 kinds are described; 12 defence cards, some of which block a card
  or cost a questioning), so a real game gains less.
- With a hand of 3: the action deck of the rulebook, 30 cards (the 9
  investigation kinds twice each, the 4 kinds whose text is not given counting as cards
  that give nothing; Refusal to Testify x4, Alibi, False Witness, Mole x2, Lawyer and
  Suspension x1), shuffled; both players hold 3. After a questioning the questioner
  plays the card of its hand that ``rank_cards`` values most, if it teaches anything,
  else exchanges one card that cannot help (a defence card or a kind not described) for
  the top card of the pile. The answering player plays at most one defence card: Lawyer
  or Suspension when it holds one (the questioner then skips the next questioning, which
  counts against the 12), else Alibi or Refusal (Alibi first) when it blocks the card,
  else it names what ``Interrogation.suggest`` draws; Mole is never played. Played cards
  are discarded,
  both draw back to 3, and the discards are reshuffled when the pile is empty. The
  answering player's own questionings are not simulated (its hand changes only by the
  defence cards it plays). Questionings needed counts skipped ones. One shuffle per case.
- Baseline: lay a case drawn at random among those still possible (the same card rules
  in the card rows); averaged over several draws per case (``--draws``; a fifth as many
  with ideal cards; one shuffle per case with a hand).

The common strategies play without a limit (so the worst case is measured);
``win_probability`` plays for the 12 questionings, and a case it has not solved by then
counts as 13 in its mean.

Run: ``.venv/bin/python benchmarks/study_kreuzverhoer.py [--draws N]``
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import numpy.typing as npt

from deduce.games import kreuzverhoer as kv

STRATEGIES = ("entropy", "minimax", "expected_size", "most_parts", "win_probability")
SEARCHED = ("lookahead",)  # depth-2 expectimax (deduce.search); without cards only: slow
IntArray = npt.NDArray[np.int64]


def _strategy(args: tuple[str, bool]) -> tuple[str, bool, IntArray, float]:
    strategy, cards = args
    limit = 12 if strategy == "win_probability" else 40
    start = time.perf_counter()
    needed = kv.questionings_needed(kv.Investigation(limit=limit), strategy, cards=cards)
    return strategy, cards, needed, time.perf_counter() - start


ACTION_DECK = (
    *(card for card in kv.INVESTIGATION_CARDS for _ in range(2)),
    *["refusal"] * 4,
    *["alibi", "false_witness", "mole"] * 2,
    "lawyer",
    "suspension",
)
_SKIPS = ("lawyer", "suspension")
_BLOCKS = {  # defence card -> the described cards it blocks (rulebook, Defence cards)
    "alibi": ("confrontation",),
    "refusal": ("single_interrogation", "confrontation", "informant"),
}


class _Pile:
    """The face-down action cards and the discards."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cards = list(ACTION_DECK)
        rng.shuffle(self.cards)
        self.discards: list[str] = []

    def draw(self) -> str:
        if not self.cards:
            self.cards, self.discards = self.discards, []
            self.rng.shuffle(self.cards)
        return self.cards.pop()


def _hand_game(secret: int, seed: int, strategy: str | None, limit: int) -> int:
    """Questionings (skipped ones included) ``strategy`` needs with a hand of 3; None is
    the random-consistent player; ``limit + 1`` when not solved in time."""
    rng = random.Random(seed)
    pile = _Pile(rng)
    mine = [pile.draw() for _ in range(3)]  # the questioner's hand
    theirs = [pile.draw() for _ in range(3)]  # the answering player's hand
    answering = kv.Interrogation(kv.Investigation().secret_of(secret), limit=limit)
    while answering.opponent.questionings_left > 0:
        view = answering.opponent
        if strategy is None:
            ids = view.space.ids
            guess = kv.Guess(*view.secret_of(int(ids[rng.randrange(len(ids))])))
        else:
            guess = view.best(strategy)
        answering = answering.questioning(*guess)
        if answering.last_answer == 4:
            return _used(answering)
        best = answering.opponent.rank_cards(mine)[0]
        played = best.card if best.allowed and best.information else None
        if played is None:
            useless = [c for c in mine if c not in kv.INVESTIGATION_CARDS[:5]]
            if useless:
                mine.remove(useless[0])
                pile.cards.insert(0, useless[0])  # under the pile
                mine.append(pile.draw())
        else:
            mine.remove(played)
            pile.discards.append(played)
        skip = next((c for c in theirs if c in _SKIPS), None)
        block = next(
            (c for c in ("alibi", "refusal") if c in theirs and played in _BLOCKS[c]), None
        )
        if skip is None and block is not None:
            answering = answering.defence(block, blocks=played)
            theirs.remove(block)
            pile.discards.append(block)
        elif played is not None:
            answering = answering.played(played, seed=rng)
        if skip is not None:
            answering = answering.defence(skip)
            theirs.remove(skip)
            pile.discards.append(skip)
        mine += [pile.draw() for _ in range(3 - len(mine))]
        theirs += [pile.draw() for _ in range(3 - len(theirs))]
    return limit + 1


def _used(answering: kv.Interrogation) -> int:
    """Questionings made plus questionings skipped."""
    view = answering.opponent
    skipped = sum(isinstance(c, kv.Defence) and c.card in _SKIPS for c in view.clues)
    return view.questionings + skipped


def _hand_batch(args: tuple[int, str | None]) -> list[int]:
    first, strategy = args
    limit = 12 if strategy == "win_probability" else 40
    return [
        _hand_game(secret, 7919 * secret + 1, strategy, limit)
        for secret in range(first, min(first + 100, 1944))
    ]


def _random_game(secret: int, seed: int, cards: bool) -> int:
    """Questionings a random-consistent player needs for case ``secret``."""
    rng = random.Random(seed)
    mine = kv.Interrogation(kv.Investigation().secret_of(secret), limit=40)
    for move in range(1, 41):
        ids = mine.opponent.space.ids
        guess = kv.Guess(*mine.opponent.secret_of(int(ids[rng.randrange(len(ids))])))
        mine = mine.questioning(*guess)
        if mine.last_answer == 4:
            return move
        if cards:
            best = mine.opponent.rank_cards(list(kv.INVESTIGATION_CARDS[:5]))[0]  # described
            if best.allowed and best.information:
                mine = mine.played(best.card, seed=rng)
    raise RuntimeError("no solution in 40 questionings")


def _random_batch(args: tuple[int, int, bool]) -> list[int]:
    first, draws, cards = args
    return [
        _random_game(secret, 1000 * secret + d, cards)
        for secret in range(first, min(first + 100, 1944))
        for d in range(draws)
    ]


def _row(name: str, needed: IntArray) -> str:
    worst = int(needed.max())
    shown = ">12" if worst > 12 and name.startswith("win_probability") else str(worst)
    within = float((needed <= 12).mean())
    return f"| {name} | {needed.mean():.3f} | {shown} | {100 * within:.2f}% |"


def main() -> None:
    """Play every strategy against every case and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=10, help="random games per case")
    args = parser.parse_args()
    jobs = [(s, c) for c in (False, True) for s in STRATEGIES] + [(s, False) for s in SEARCHED]
    results: dict[tuple[str, str], IntArray] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        for strategy, cards, needed, _ in pool.map(_strategy, jobs):
            results[strategy, "ideal" if cards else "none"] = needed
        for cards in (False, True):
            draws = args.draws if not cards else max(1, args.draws // 5)
            batches = [(first, draws, cards) for first in range(0, 1944, 100)]
            games = [n for batch in pool.map(_random_batch, batches) for n in batch]
            results["random consistent", "ideal" if cards else "none"] = np.array(
                games, dtype=np.int64
            )
        for name in (*STRATEGIES, "random consistent"):
            player = None if name == "random consistent" else name
            hand_batches = [(first, player) for first in range(0, 1944, 100)]
            games = [n for batch in pool.map(_hand_batch, hand_batches) for n in batch]
            results[name, "hand"] = np.array(games, dtype=np.int64)
    print("| strategy | mean | worst | solved within 12 |")
    print("| --- | ---: | ---: | ---: |")
    suffix = {"none": "", "hand": " + hand of 3", "ideal": " + ideal cards (bound)"}
    for mode, label in suffix.items():
        for name in (*STRATEGIES, *SEARCHED, "random consistent"):
            if (name, mode) in results:
                print(_row(name + label, results[name, mode]))
    print(
        f"\n({time.perf_counter() - start:.0f} s; random: {args.draws} draws per case, "
        f"{max(1, args.draws // 5)} with ideal cards, 1 shuffle per case with a hand)"
    )


if __name__ == "__main__":
    main()
