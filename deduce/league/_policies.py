"""The league's panel of opponent policies, one table per game, written on each game's
public game master (``play_game``, ``Bot`` and the game's ``Table``) only.

Every game has the game's own ``advised`` bot (the default advice), its
information-greedy bot (``entropy``) and a human-notes bot (``notes``, in
``_notes.py``: notes as on paper, no probabilities); 13 Indizien also its previous
default (``previous``: the race with only the glass my move hands out before my next
turn, and the others' chances from the public answers alone), the one before it
(``before-race``: it accused only when its puzzle was as likely as its next turn),
``informed`` (the default with the others' chances after my question's answer) and
``search``, the move with the best chance to win in rollouts
(:data:`deduce.games.thirteen_clues.searched`); BSI its previous default too
(``previous``: the card to lay by expected points, not by the chance to finish first, at
every table size) and the one before it (``before-race``: the attempt by expected points
too), ``race-lays``, the lays by the chance to finish first at 2 players too, and
``search``, the attempt step's choice with the best chance to win in rollouts
(:data:`deduce.games.bsi.searched`);
Crime Writers also the guest's objective (``guest``: my points this turn less what a "no"
hands to the next guest and the clock to the writer; the default, so ``advised`` asks the
same) and ``previous`` (one-step entropy, a card named once certain: the default before
it).
The eager bots ``eager-0.3``, ``eager-0.5`` and ``eager-0.7`` play the information-greedy
move until the most probable answer has at least that probability, then accuse, attempt,
lay or name it (in Crime Writers: the most probable card of any element not found yet).
Cluedo has no ``notes`` but its own paper player, ``sheet`` (ticks and crosses), and
``sampler``, a clause-and-sampling player (:data:`deduce.games.cluedo.sampler`), and
``previous``, the advice before it named the envelope's likeliest cards (the most
informative suggestion, the same race; :data:`deduce.games.cluedo.previous`).
BSI and Kreuzverhör add ``clock``, which attempts or lays earlier as the end of the game
nears; BSI its existing ``cautious`` and ``random`` bots.

Example:
    >>> sorted(PANELS["bsi"])  # doctest: +NORMALIZE_WHITESPACE
    ['advised', 'before-race', 'cautious', 'clock', 'eager-0.3', 'eager-0.5', 'eager-0.7',
     'entropy', 'notes', 'previous', 'race-lays', 'random', 'search']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from deduce.games import bsi, cluedo, crime_writers, kreuzverhoer, thirteen_clues
from deduce.games.crime_writers.cards import ELEMENTS, INVENTED
from deduce.league._notes import (
    bsi_notes,
    crime_writers_notes,
    kreuzverhoer_notes,
    thirteen_notes,
)
from deduce.search.memo import remembered
from deduce.table.referee import Bot

__all__ = ["CLOCK", "KREUZVERHOER_CLOCK", "PANELS", "PLAY", "SAME_GAMES", "SIZES", "THRESHOLDS"]

THRESHOLDS = (0.3, 0.5, 0.7)
"""The probabilities at which the eager bots accuse or attempt."""


# 13 Indizien -----------------------------------------------------------------------


def _thirteen_previous(table: thirteen_clues.Table, rng: random.Random) -> Any:
    """The default advice before the glass was counted on its way back to me and the
    others' wrong accusations in their chances: only the seat a move hands the glass to
    acts before me, a round of the ladder is each other player once (``passed=False``),
    and the others' chances come from the public answers alone (``accusations=False``;
    drawn with the table's samples and seed)."""
    return _thirteen_previous_move(table)


@remembered
def _thirteen_previous_move(table: thirteen_clues.Table) -> Any:
    rivals = thirteen_clues.rival_chances(table, samples=8, seed=0, accusations=False)
    return thirteen_clues.advise(table, table.glasses, rivals=rivals, passed=False).best


def _thirteen_informed(table: thirteen_clues.Table, rng: random.Random) -> Any:
    """The default advice with the others acting on what my question's answer tells
    them (``informed=True``: their chances once it is answered)."""
    return _thirteen_informed_move(table)


@remembered
def _thirteen_informed_move(table: thirteen_clues.Table) -> Any:
    return thirteen_clues.advise(table, table.glasses, informed=True).best


def _thirteen_before_race(table: thirteen_clues.Table, rng: random.Random) -> Any:
    """The default advice before the accusation was weighed as a race: accuse when my
    likeliest puzzle is at least as likely right as the best move's chance to see my
    next turn (with two players and two puzzles left: always)."""
    advice = table.advice()
    useful = [
        1.0 - d for m, d in zip(advice.moves, advice.danger, strict=True) if m.information > 1e-9
    ]
    p = advice.accusation.probability
    two_left = table.players == 2 and len(table.ranked(3)) == 2
    if advice.accusation.certain or not useful or two_left or p >= max(useful):
        return advice.accusation
    return advice.moves[0].action


# BSI ------------------------------------------------------------------------------

BsiAttempt = tuple[int, Any, int] | None


def _bsi_attempt_at(table: bsi.Table, threshold: float) -> BsiAttempt:
    """The most probable case of any opponent if it has at least ``threshold``, with my
    strongest investigation card; else None."""
    drops = table.drops_left(0)
    if not drops:
        return None
    best: tuple[float, int, Any] | None = None
    for seat in table.opponents:
        case, probability = next(iter(table.case_probabilities(seat).items()))
        if best is None or probability > best[0]:
            best = (probability, seat, case)
    if best is None or best[0] < threshold:
        return None
    return best[1], best[2], max(drops)


def _bsi_entropy_play(table: bsi.Table, rng: random.Random) -> tuple[Any, int]:
    action = table.recommend(top=1, strategy="entropy")[0].action
    return action.card, action.target


def _bsi_eager(threshold: float) -> Bot[bsi.Table, Any]:
    def attempt(table: bsi.Table, rng: random.Random) -> BsiAttempt:
        return _bsi_attempt_at(table, threshold)

    return bsi.bot(f"eager-{threshold}", _bsi_entropy_play, attempt)


CLOCK = {3: 0.9, 2: 0.5, 1: 0.25}
"""BSI ``clock``: the probability at which it attempts, by the fewest investigation cards
any seat still holds (the game ends when anyone plays their third)."""


def _bsi_points_play(table: bsi.Table, rng: random.Random) -> tuple[Any, int]:
    """The default lay before the race weighed it: by expected points at every size."""
    action = table.recommend(top=1, strategy="points")[0].action
    return action.card, action.target


def _bsi_race_play(table: bsi.Table, rng: random.Random) -> tuple[Any, int]:
    """The lay by my chance to finish first at every size (the default does so at 3
    and 4 players only)."""
    action = table.recommend(top=1, strategy="race")[0].action
    return action.card, action.target


def _bsi_before_race_attempt(table: bsi.Table, rng: random.Random) -> BsiAttempt:
    """The default attempt advice before the race: the best attempt by expected points
    over this turn and my next, if it is worth at least waiting."""
    option = table.best_attempt(strategy="points")
    return None if option is None else (option.target, option.case, option.drops)


def _bsi_clock_attempt(table: bsi.Table, rng: random.Random) -> BsiAttempt:
    fewest = min(len(table.drops_left(seat)) for seat in range(table.players))
    return _bsi_attempt_at(table, CLOCK.get(fewest, 0.25))


# Kreuzverhör -------------------------------------------------------------------------


def _kreuzverhoer_eager(threshold: float) -> Bot[kreuzverhoer.Table, Any]:
    def lay(table: kreuzverhoer.Table, rng: random.Random) -> kreuzverhoer.Guess:
        case, probability = table.mine.ranked(1)[0]
        if probability >= threshold:
            return kreuzverhoer.Guess(case.crime, case.scene, case.suspect, case.weapon)
        guess: kreuzverhoer.Guess = table.mine.best("entropy")
        return guess

    return kreuzverhoer.bot(
        f"eager-{threshold}",
        lay,
        kreuzverhoer.entropy.policy_for("card"),
        kreuzverhoer.entropy.policy_for("defend"),
    )


KREUZVERHOER_CLOCK = {1: 0.0, 2: 0.3, 3: 0.5}
"""Kreuzverhör ``clock``: the probability at which it lays its most probable case, by my
questionings left (with more left: 0.9)."""


def _kreuzverhoer_clock(table: kreuzverhoer.Table, rng: random.Random) -> kreuzverhoer.Guess:
    case, probability = table.mine.ranked(1)[0]
    if probability >= KREUZVERHOER_CLOCK.get(table.left[0], 0.9):
        return kreuzverhoer.Guess(case.crime, case.scene, case.suspect, case.weapon)
    guess: kreuzverhoer.Guess = table.mine.best("entropy")
    return guess


# Crime Writers -----------------------------------------------------------------------


def _crime_writers_eager(threshold: float) -> Bot[Any, Any]:
    def ask(table: crime_writers.Table, rng: random.Random) -> crime_writers.Question | None:
        marginals = table.marginals()
        best: tuple[float, str, str] | None = None
        for element in ELEMENTS:
            if element in table.found_elements:
                continue
            for text, probability in marginals[element].items():
                if text != INVENTED and (best is None or probability > best[0]):
                    best = (probability, element, text)
        if best is not None and best[0] >= threshold:
            return crime_writers.Question(best[1], best[2])
        move = crime_writers.entropy.choose(table, rng, "ask")  # a question, or a pass
        return move if isinstance(move, crime_writers.Question) else None

    return crime_writers.bot(f"eager-{threshold}", ask)


# the panels -------------------------------------------------------------------------

Panel = Mapping[str, Any]

PANELS: dict[str, Panel] = {
    "thirteen-clues": {
        "advised": thirteen_clues.advised,
        "previous": thirteen_clues.Bot("previous", _thirteen_previous),
        "before-race": thirteen_clues.Bot("before-race", _thirteen_before_race),
        "informed": thirteen_clues.Bot("informed", _thirteen_informed),
        "entropy": thirteen_clues.entropy,
        "notes": thirteen_notes,
        **{f"eager-{t}": thirteen_clues.eager(t) for t in THRESHOLDS},
        "search": thirteen_clues.searched,
    },
    "bsi": {
        "advised": bsi.advised,
        "previous": bsi.bot("previous", _bsi_points_play, bsi.advised.policy_for("attempt")),
        "before-race": bsi.bot("before-race", _bsi_points_play, _bsi_before_race_attempt),
        "race-lays": bsi.bot("race-lays", _bsi_race_play, bsi.advised.policy_for("attempt")),
        "entropy": bsi.entropy_advised,
        "cautious": bsi.cautious,
        "random": bsi.random_bot,
        "clock": bsi.bot("clock", _bsi_entropy_play, _bsi_clock_attempt),
        "notes": bsi_notes,
        **{f"eager-{t}": _bsi_eager(t) for t in THRESHOLDS},
        "search": bsi.searched,
    },
    "kreuzverhoer": {
        "advised": kreuzverhoer.advised,
        "entropy": kreuzverhoer.entropy,
        "entropy-no-cards": kreuzverhoer.bot(
            "entropy-no-cards", kreuzverhoer.entropy.policy_for("lay")
        ),
        "clock": kreuzverhoer.bot(
            "clock",
            _kreuzverhoer_clock,
            kreuzverhoer.entropy.policy_for("card"),
            kreuzverhoer.entropy.policy_for("defend"),
        ),
        "notes": kreuzverhoer_notes,
        **{f"eager-{t}": _kreuzverhoer_eager(t) for t in THRESHOLDS},
    },
    "cluedo": {
        "advised": cluedo.advised,
        "previous": cluedo.previous,
        "entropy": cluedo.entropy,
        "sheet": cluedo.sheet,
        "sampler": cluedo.sampler,
        **{f"eager-{t}": cluedo.eager(t) for t in THRESHOLDS},
    },
    "crime-writers": {
        "advised": crime_writers.advised,
        "guest": crime_writers.following("guest"),
        "previous": crime_writers.following("entropy", "previous"),
        "entropy": crime_writers.entropy,
        "notes": crime_writers_notes,
        **{f"eager-{t}": _crime_writers_eager(t) for t in THRESHOLDS},
    },
}
"""Every game's policies by name."""

SAME_GAMES: dict[tuple[str, int], dict[str, str]] = {
    ("bsi", 2): {"previous": "advised"},
    ("bsi", 3): {"race-lays": "advised"},
    ("bsi", 4): {"race-lays": "advised"},
    **{("crime-writers", n): {"guest": "advised"} for n in (3, 4, 5)},
    ("kreuzverhoer", 2): {
        "eager-0.3": "entropy",
        "eager-0.5": "entropy",
        "eager-0.7": "entropy",
        "clock": "entropy",
    },
}
"""Policies that play another's games move for move at a table size (the policy -> the
one it plays as): BSI's previous default is the default at 2 players (it differs only at
3 and 4), and ``race-lays`` at 3 and 4 (it differs only at 2); Crime Writers' ``guest``
is the default's own objective; in Kreuzverhör the information-greedy lay is already
the likeliest case whenever that case is likely enough for the eager and clock players
to lay it. The round robin plays each such pair once, under the second name, unless the
first is named."""

SIZES: dict[str, tuple[int, ...]] = {
    "thirteen-clues": (2, 3, 4, 5, 6),
    "bsi": (2, 3, 4),
    "kreuzverhoer": (2,),
    "crime-writers": (3, 4, 5),
    "cluedo": (3, 4, 5, 6),
}
"""The table sizes of every game the league plays."""

PLAY: dict[str, Callable[..., Any]] = {
    "thirteen-clues": thirteen_clues.play_game,
    "bsi": bsi.play_game,
    "kreuzverhoer": kreuzverhoer.play_game,
    "crime-writers": crime_writers.play_game,
    "cluedo": cluedo.play_game,
}
"""Every game's game master."""
