"""One opponent's case on its own: the cards laid at that player's evidence grid.

:class:`Investigation` keeps the cases that fit every card laid at one grid (with its
field), every 4-evidence card seen elsewhere and every failed attempt. The whole table
(every opponent at once, the hands and piles) is :class:`~deduce.games.bsi.Table`.

Example (the rulebook's worked example):
    >>> eva = Investigation()
    >>> eva = eva.played("woman/night/outside/gun", "0/1").played("woman/knife", 2)
    >>> eva.solutions()
    [Case('woman', 'day', 'inside', 'knife')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_int
from deduce.core.space import Space
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import (
    ATTRIBUTES,
    CARDS,
    CASE_VALUES,
    CASES,
    FIELD_OF,
    FIELDS,
    STAND_IN,
    Card,
    Case,
    check_box,
    field_index,
    shown,
)
from deduce.games.bsi.manifest import GAME
from deduce.investigation import Investigation as _Investigation

__all__ = ["FailedAttempt", "Investigation", "Played", "Seen", "field_label", "points"]


def points(drops: int, cards_under_grid: int) -> int:
    """The points for solving a case: the blood drops plus ``max(0, 6 - cards)``.

    Example (Emil: the card with 3 drops, 2 cards under Eva's grid):
        >>> points(3, 2)
        7
    """
    drops = check_int("drops", drops, 1, 3)
    cards = check_int("cards_under_grid", cards_under_grid, 0)
    return drops + max(0, 6 - cards)


def field_label(field: Any, card: Card) -> str | int:
    """The field as the grid labels it ("0/1", 2 or 3), checked against ``card``.

    Example:
        >>> field_label(1, Card.parse("woman/knife"))
        '0/1'
    """
    return FIELDS[field_index(field, card)]


@dataclass(frozen=True, slots=True)
class Played:
    """Clue: ``card`` was laid at ``field`` ("0/1", 2 or 3) of the grid.

    Example:
        >>> Played(Card(victim="woman", weapon="knife"), 2)
        Played(card=Card(victim='woman', weapon='knife'), field=2)
    """

    card: Card
    field: str | int

    def __str__(self) -> str:
        return str(_(M("{card} at {field}", card=shown(self.card), field=self.field)))


@dataclass(frozen=True, slots=True)
class Seen:
    """Clue: these 4-evidence cards are somewhere else, so none is the case.

    Example:
        >>> Seen((Case("man", "day", "inside", "gun"),))
        Seen(cases=(Case('man', 'day', 'inside', 'gun'),))
    """

    cases: tuple[Case, ...]

    def __str__(self) -> str:
        return str(_(M("seen {cases}", cases=", ".join(shown(c) for c in self.cases))))


@dataclass(frozen=True, slots=True)
class FailedAttempt:
    """Clue: someone named ``case`` and was wrong.

    Example:
        >>> FailedAttempt(Case("man", "day", "inside", "gun"))
        FailedAttempt(case=Case('man', 'day', 'inside', 'gun'))
    """

    case: Case

    def __str__(self) -> str:
        return str(_(M("not {case}", case=shown(self.case))))


class Investigation(_Investigation):
    """One player's case, as the cards laid at that player's evidence grid show it.

    Any card can be reported laid; the advice (:meth:`recommend`) offers only cards in the
    box: the 16 case cards that can still be laid (not the case itself) and the 12 cards
    of 2 and 3 pieces.

    Args:
        small_cards: the 12 cards of 2 and 3 pieces in your box (default: the stand-ins
            :data:`~deduce.games.bsi.cards.STAND_IN`, since the printed ones are not known
            here).

    Example:
        >>> inv = Investigation().played("man/day/inside", 3)
        >>> len(inv.solutions()), inv.certain()["scene"]
        (2, 'inside')
        >>> inv.failed_attempt("man/day/inside/gun").solved
        Case('man', 'day', 'inside', 'knife')
    """

    game = GAME.name
    clue_types = (Played, Seen, FailedAttempt)
    value_types = (Card, Case)

    def __init__(self, *, small_cards: Sequence[Card | str] | None = None) -> None:
        if small_cards is None:
            self.small_cards = STAND_IN
        else:
            self.small_cards = check_box(small_cards)
        self.begin()

    def shown_value(self, value: Any) -> str:
        """A value of evidence (or a card) in the player's language (:func:`shown`).

        Example (in German ``Frau``):
            >>> Investigation().shown_value("woman")
            'woman'
        """
        if isinstance(value, (Card, Case, str)):
            return shown(value)
        return super().shown_value(value)

    def setup(self) -> dict[str, Any]:
        if self.small_cards == STAND_IN:
            return {}
        return {"small_cards": [str(c) for c in self.small_cards]}

    def played(self, card: Card | str, field: str | int) -> Investigation:
        """The investigation after ``card`` went to ``field`` ("0/1", 0, 1, 2 or 3).

        Raises:
            InvalidInput: not a card, or a field it cannot reach (3 for 2 pieces).
        """
        parsed = Card.parse(card)
        return self.observe(Played(parsed, field_label(field, parsed)))

    def seen(self, *cases: Case | Card | str) -> Investigation:
        """The investigation knowing these 4-evidence cards are elsewhere (hand, discard...)."""
        if not cases:
            raise InvalidInput("cases", (), N_("at least one case"))
        return self.observe(Seen(tuple(Case.parse(c) for c in cases)))

    def failed_attempt(self, case: Case | Card | str) -> Investigation:
        """The investigation after an attempt naming ``case`` failed."""
        return self.observe(FailedAttempt(Case.parse(case)))

    # -- rules -------------------------------------------------------------------------

    def initial_space(self) -> Space:
        return Space(tuple(ATTRIBUTES), tuple(ATTRIBUTES.values()), CASE_VALUES)

    def apply_clue(self, space: Space, clue: Any) -> Space:
        if isinstance(clue, Played):
            if not isinstance(clue.card, Card):
                raise InvalidInput(N_("card"), clue.card, "a Card")
            f = field_index(clue.field, clue.card)
            return space.filter(FIELD_OF[clue.card.index, space.ids] == f)
        if isinstance(clue, Seen):
            if not clue.cases or not all(isinstance(c, Case) for c in clue.cases):
                raise InvalidInput("cases", clue.cases, "one or more Case")
            return space.filter(~np.isin(space.ids, [c.index for c in clue.cases]))
        if isinstance(clue, FailedAttempt):
            if not isinstance(clue.case, Case):
                raise InvalidInput(N_("case"), clue.case, "a Case")
            return space.filter(space.ids != clue.case.index)
        raise InvalidInput("clue", clue, "Played, Seen or FailedAttempt")

    def solution_of(self, labels: tuple[Any, ...]) -> Case:
        if len(labels) != len(ATTRIBUTES):
            raise InvalidInput("labels", labels, "a row's labels: victim, time, scene, weapon")
        return Case(*labels)

    def queries(self) -> Sequence[Card]:
        # the cards in the box; a case card that is still possible cannot be laid: it would
        # be the case itself
        possible = set(self.space.ids.tolist())
        cases = [case.card for case in CASES if case.index not in possible]
        return [c for c in CARDS if c in self.small_cards] + cases

    def outcome_table(self, space: Space, queries: Sequence[Card]) -> npt.NDArray[np.int8]:
        if not all(isinstance(q, Card) for q in queries):
            raise InvalidInput("queries", queries, "a list of cards (Card)")
        rows = np.array([q.index for q in queries], dtype=np.int64)
        return FIELD_OF[rows][:, space.ids]

    def outcome_label(self, query: Card, k: int) -> str | int:
        return FIELDS[check_int("k", k, 0, len(FIELDS) - 1)]

    def clue_for(self, query: Card, k: int) -> Played:
        return Played(query, FIELDS[check_int("k", k, 0, len(FIELDS) - 1)])

    def world_of(self, secret: Any) -> int:
        return Case.parse(secret).index

    def secret_of(self, world: int) -> Case:
        return CASES[world]

    def constructor_repr(self) -> str:
        if self.small_cards == STAND_IN:
            return "Investigation()"
        return f"Investigation(small_cards={[str(c) for c in self.small_cards]!r})"


guard(globals())
