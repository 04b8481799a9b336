"""Whole games of Kreuzverhör between two bots, each seeing the game as a
:class:`~deduce.games.kreuzverhoer.Table` of its own (itself seat 0).

The game master draws both cases and who questions first from the seed, shuffles the 30
action cards and deals 3 to each player; every answer is the truthful one the
answering player's table suggests (:meth:`Table.suggest`), so nothing but what the cards
say is given away. Its public names are in :mod:`deduce.games.kreuzverhoer`.

Example:
    >>> record = play_game([advised, entropy], seed=3, cards=False)
    >>> record.winners, record.tables[1].winners(), record.tables[0].over
    ((0,), (1,), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce._internal.validation import check_seed
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.clues import (
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    SKIPS,
    VALUED_CARDS,
    Case,
    Guess,
    glossed_title,
)
from deduce.games.kreuzverhoer.events import COPIES
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.games.kreuzverhoer.table import Table
from deduce.games.kreuzverhoer.tactics import race_card, race_defence
from deduce.games.kreuzverhoer.turns import HAND
from deduce.table.referee import Bot, GameRecord, Policy, SeatTables, check_lineup, run

__all__ = ["STEPS", "Bot", "GameRecord", "advised", "bot", "entropy", "play_game"]

Card = str | tuple[str, str] | None
"""A card step: an investigation card to play, ``("exchange", card)``, or None."""

Move = Guess | Card
"""A bot's move: the four cards it lays (the lay step), its card step, or its
blocking or defence card or None (the defend step)."""


def _no_card(table: Table, rng: random.Random) -> Card:
    return None


def _no_defence(table: Table, rng: random.Random) -> str | None:
    return None


STEPS = ("lay", "card", "defend")
"""The steps at which a Kreuzverhör player acts: the four cards to lay, which action
card to play after its questioning is answered, and how it defends in the opponent's
questioning."""


def bot(
    name: str, lay: Policy, card: Policy = _no_card, defend: Policy = _no_defence
) -> Bot[Table, Move]:
    """A player (a :class:`~deduce.table.Bot`) from what it does at its three steps.

    Each function gets the bot's own :class:`Table` (it is seat 0 there) and a random
    generator. ``lay`` returns the four cards to lay (a :class:`Guess`). ``card`` is
    asked after its questioning is answered: an investigation card from its hand, or
    ``("exchange", card)``, or None (the default: none). ``defend`` is asked in the
    opponent's questioning, when their card waits for an answer (``table.pending``: a
    card that blocks it, or None to answer) and when a defence card may be played (a
    defence card or None; the default: None).

    Example:
        >>> first = bot("first", lambda t, rng: t.mine.queries()[0])
        >>> play_game([first, first], seed=1, cards=False).turns
        24
    """
    return Bot(name, {"lay": lay, "card": card, "defend": defend})


def best_card(table: Table, rng: random.Random) -> Card:
    """The investigation card in hand that teaches most (if any teaches); else a card
    whose text the rulebook does not give is exchanged; else None."""
    hand = table.hand or ()
    usable = [c for c in hand if c in VALUED_CARDS]
    if usable:
        best = table.mine.rank_cards(usable)[0]
        if best.allowed and (best.information or 0.0) > 0.01:
            return best.card
    unknown = [c for c in hand if c in INVESTIGATION_CARDS and c not in VALUED_CARDS]
    if unknown and table.pile:
        return ("exchange", unknown[0])
    return None


def stubborn_defence(table: Table, rng: random.Random) -> str | None:
    """Blocks every card it can; then plays Anwalt or Suspendierung when it holds one.

    A skip is played at the first chance: the questioning it takes from the opponent
    delays every later one of theirs by one whenever it is played, and the card played
    frees a place in the hand for a card drawn."""
    hand = table.hand or ()
    if table.pending is not None:
        return next((c for c in DEFENCE_CARDS if c in hand and table.blocks(c)), None)
    return next((c for c in SKIPS if c in hand), None)


advised = bot(
    "advised",
    lambda table, rng: table.race(top=1)[0].action,
    race_card,
    race_defence,
)
"""The table's default advice: lays what :meth:`Table.race` ranks first (the chance to
win the race, the lay chosen with the investigation card of its hand played after it),
plays the investigation card that still teaches most against an answer that repeats
what is ruled out, else puts a dead card back (:func:`race_card`); blocks only a card
whose answer would teach something and skips the opponent at once
(:func:`race_defence`)."""

entropy = bot(
    "entropy",
    lambda table, rng: table.mine.best("entropy"),
    best_card,
    stubborn_defence,
)
"""Lays the most informative four cards (one-step entropy); plays the investigation
card that teaches most (:meth:`Investigation.rank_cards`), blocks every card it can and
plays a skip at the first chance."""


class _Referee(SeatTables):
    """The game master for :func:`~deduce.table.referee.run`. A move is, by the phase of the
    questioning: ``"ask"`` the questioner's Guess; ``"card"`` the questioner's card step
    (see :func:`bot`); ``"answer"`` the answerer's blocking card or None;
    ``"defence"`` the answerer's defence card or None."""

    players = 2
    steps = STEPS
    tables: list[Table]

    def __init__(
        self,
        cases: tuple[Case, Case],
        first: int,
        hands: tuple[list[str], list[str]] | None,
        pile: list[str],
        rng: random.Random,
    ) -> None:
        self.cases = cases  # cases[p]: the case seat p must solve
        self.cards = hands is not None
        self.pile = pile
        self.rng = rng
        self.tables = [
            Table(
                case=cases[1 - p], hand=None if hands is None else hands[p], first=(first - p) % 2
            )
            for p in (0, 1)
        ]
        self.phase, self.seat = "ask", first
        self.turns = 0

    def turn(self) -> int | None:
        return None if self.tables[0].over else self.seat

    def step(self) -> str:
        return {"ask": "lay", "card": "card"}.get(self.phase, "defend")

    def apply(self, seat: int, move: Any) -> list[str]:
        other = 1 - seat
        if self.phase == "ask":
            guess = self.tables[seat].as_query(move)
            laid = (guess.crime, guess.scene, guess.suspect, guess.weapon)
            right = self.tables[other].interrogation.answer(*laid)  # its case: seat's to solve
            self.tables[seat] = self.tables[seat].questioning(*laid, correct=right)
            self.tables[other] = self.tables[other].asked(*laid, correct=right)
            self.turns += 1
            lines = [
                _(
                    M(
                        "seat {seat} lays {laid}: {right} right",
                        seat=seat,
                        laid=str(guess),
                        right=right,
                    )
                )
            ]
            if not self.cards:
                return lines + self._end()
            self.phase = "card"
            return lines
        if self.phase == "card":
            return self._card(seat, other, move)
        if self.phase == "answer":
            return self._answer(seat, other, move)
        return self._defence(seat, other, move)

    def _card(self, seat: int, other: int, move: Any) -> list[str]:
        if move is None:
            return self._defence_step(other)
        if isinstance(move, tuple) and len(move) == 2 and move[0] == "exchange":
            if not self.pile:
                raise InvalidInput("move", move, "an exchange", reason="the pile is empty")
            drawn = self.pile.pop(0)
            self.tables[seat] = self.tables[seat].exchanged(move[1], drawn)
            self.pile.append(move[1])  # face down under the pile
            return [_(M("seat {seat} exchanges a card", seat=seat)), *self._defence_step(other)]
        if move not in VALUED_CARDS or move not in (self.tables[seat].hand or ()):
            hand = [c for c in self.tables[seat].hand or () if c in VALUED_CARDS]
            raise InvalidInput("move", move, hand, reason="a card of the hand whose text is known")
        self.tables[other] = self.tables[other].their_card(move)
        self.phase, self.seat = "answer", other
        return [_(M("seat {seat} plays {card}", seat=seat, card=glossed_title(move)))]

    def _answer(self, seat: int, other: int, move: str | None) -> list[str]:
        card = self.tables[seat].pending
        assert card is not None
        if move is not None:
            self.tables[seat] = self.tables[seat].defended(move)
            self.tables[other] = self.tables[other].defence(move, blocks=card)
            blocks = _(M("seat {seat} blocks it with {card}", seat=seat, card=glossed_title(move)))
            return [blocks, *self._end()]
        answer = self.tables[seat].suggest()
        self.tables[seat] = self.tables[seat].answered(answer)
        self.tables[other] = _card_clue(self.tables[other], card, answer)
        answers = _(M("seat {seat} answers {answer}", seat=seat, answer=repr(answer)))
        return [answers, *self._defence_step(seat)]

    def _defence_step(self, answerer: int) -> list[str]:
        if not any(c in DEFENCE_CARDS for c in self.tables[answerer].hand or ()):
            return self._end()
        self.phase, self.seat = "defence", answerer
        return []

    def _defence(self, seat: int, other: int, move: str | None) -> list[str]:
        if move is None:
            return self._end()
        self.tables[seat] = self.tables[seat].defended(move, blocks=None)
        self.tables[other] = self.tables[other].defence(move)
        lines = [_(M("seat {seat} plays {card}", seat=seat, card=glossed_title(move)))]
        mine, theirs = self.tables[seat].hand, self.tables[other].hand
        if move == "mole" and mine and theirs:  # swaps at random: one of mine for one of theirs
            given, taken = self.rng.choice(mine), self.rng.choice(theirs)
            self.tables[seat] = self.tables[seat].swapped(given, taken)
            self.tables[other] = self.tables[other].swapped(taken, given)
        return lines + self._end()

    def _end(self) -> list[str]:
        """Whoever played a card draws; the next questioning is named."""
        for seat in (0, 1):
            while self.tables[seat].must_draw and self.pile:
                self.tables[seat] = self.tables[seat].drew(self.pile.pop(0))
        self.phase = "ask"
        self.seat = self.tables[0].questions_next or 0
        return []


def _card_clue(table: Table, card: str, answer: Any) -> Table:
    """The questioner's table after the answer to their ``card``."""
    if card == "single_interrogation":
        return table.single_interrogation(answer[0])
    if card == "profiler":
        return table.profiler(answer[0])
    if card == "informant":
        return table.informant(list(answer))
    if card == "confrontation":
        return table.confrontation(answer)
    return table.investigators_on_site(None if answer is None else list(answer))


def deal(rng: random.Random) -> tuple[Case, Case]:
    """Two cases drawn at random: the one seat 0 must solve, then seat 1's."""
    start = Investigation()
    one = start.secret_of(rng.randrange(start.space.size))
    two = start.secret_of(rng.randrange(start.space.size))
    return one, two


def play_game(
    lineup: Sequence[Bot[Table, Move]],
    *,
    seed: int,
    cards: bool = True,
    cases: tuple[Case, Case] | None = None,
    first: int | None = None,
    narrate: Callable[[str], None] | None = None,
) -> GameRecord:
    """Play one game between two bots and return its record (``.winners``: the seat
    that solved first, or the tie-break's; both on a tie).

    Args:
        lineup: the two bots, by seat.
        seed: draws both cases (:func:`deal`), who questions first, the action cards'
            shuffle and the bots' random choices.
        cards: play the action cards (False: questionings only; no hands are dealt).
        cases: the cases seat 0 and seat 1 must solve, instead of drawing them.
        first: the seat that questions first, instead of drawing it.
        narrate: called with each line of the log as it happens.

    Example:
        >>> record = play_game([advised, advised], seed=5)
        >>> record.over, len(record.winners) >= 1
        (True, True)
    """
    bots = check_lineup(lineup, 2, 2, steps=STEPS)
    rng = check_seed("seed", seed)
    drawn = deal(rng)
    who = rng.randrange(2)
    pile = [card for card, n in COPIES.items() for _ in range(n)]
    rng.shuffle(pile)
    hands = ([pile.pop(0) for _ in range(HAND)], [pile.pop(0) for _ in range(HAND)])
    referee = _Referee(
        drawn if cases is None else cases,
        who if first is None else first,
        hands if cards else None,
        pile,
        rng,
    )
    record = run(referee, bots, rng=rng, max_moves=400, narrate=narrate)
    record.truth = {"cases": list(referee.cases)}
    return record


guard(globals())
