"""Kreuzverhör: the rules a case file follows, apart from the values and clues.

How many questionings a player has (:class:`Rules`), the turn rules every clue is checked
against, and what each clue says about the cases.

Example:
    >>> rules = Rules(Deck.default(), limit=12, counting="total")
    >>> rules.allowed, rules.describe()
    (6, '12 in all, 6 for each player; a skipped questioning uses one up')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.language import ENGLISH, N_, M, _, language
from deduce._internal.validation import check_bool, check_int
from deduce.core.space import Space
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.cards import FIELDS, Deck
from deduce.games.kreuzverhoer.clues import (
    INVESTIGATION_CARDS,
    Confirmed,
    Confrontation,
    Defence,
    Informant,
    InvestigatorsOnSite,
    Profiler,
    Questioning,
    RuledOut,
    SingleInterrogation,
    Turn,
    ban_note,
    card_of,
    card_title,
    check_card,
    check_defence,
    last_questioning,
    turn_of,
)

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["COUNTINGS", "LIMIT", "Rules", "apply_clue", "check_turn", "limits", "named_before"]

LIMIT = 12
MAX_LIMIT = 64
COUNTINGS: tuple[str, ...] = ("each", "total")
"""How the questionings are counted: ``"each"``, every player may make ``limit``
questionings; ``"total"``, ``limit`` questionings alternate between the two players, so
each may make half of them."""

CLUE_TYPES: tuple[type, ...] = (
    Questioning,
    SingleInterrogation,
    InvestigatorsOnSite,
    Confrontation,
    Informant,
    Profiler,
    RuledOut,
    Confirmed,
    Defence,
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule readings a case file follows (see :class:`Investigation`).

    Args:
        deck: the case cards.
        limit: questionings allowed, counted as ``counting`` says.
        counting: ``"each"`` (``limit`` for every player) or ``"total"`` (``limit`` in
            all, alternating: half for each player; ``limit`` must then be even).
        skips_use_up: whether a questioning skipped after Lawyer or Suspension counts as
            one of the player's questionings.
        repeats: whether the answering player may name a detail they named before
            (False: the rulebook's faster variant).
    """

    deck: Deck
    limit: int = LIMIT
    counting: str = "each"
    skips_use_up: bool = True
    repeats: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "limit", check_int("limit", self.limit, 1, MAX_LIMIT))
        if not isinstance(self.counting, str) or self.counting not in COUNTINGS:
            raise InvalidInput("counting", self.counting, COUNTINGS)
        if self.counting == "total" and self.limit % 2:
            raise InvalidInput(
                "limit",
                self.limit,
                "an even number with counting='total'",
                reason="the questionings alternate between two players",
            )
        for name in ("skips_use_up", "repeats"):
            object.__setattr__(self, name, check_bool(name, getattr(self, name)))

    @property
    def allowed(self) -> int:
        """Questionings this player may make."""
        return self.limit if self.counting == "each" else self.limit // 2

    def used(self, turn: Turn) -> int:
        """Questionings used up: those made, and skipped ones if they count."""
        return turn.questionings + (turn.skipped if self.skips_use_up else 0)

    def describe(self) -> str:
        """The counting in words."""
        said: str = _(self._description())
        return said

    def _description(self) -> str:
        """The counting in words, said in the player's language where it is shown (a
        :class:`~deduce._internal.language.Message`)."""
        if self.counting == "each":
            if self.skips_use_up:
                return M(
                    "{limit} for each player; a skipped questioning uses one up", limit=self.limit
                )
            return M(
                "{limit} for each player; a skipped questioning does not count", limit=self.limit
            )
        if self.skips_use_up:
            return M(
                "{limit} in all, {allowed} for each player; a skipped questioning uses one up",
                limit=self.limit,
                allowed=self.allowed,
            )
        return M(
            "{limit} in all, {allowed} for each player; a skipped questioning does not count",
            limit=self.limit,
            allowed=self.allowed,
        )


def limits(counting: str) -> SearchStrategy[int]:
    """A hypothesis strategy of the limits allowed with ``counting``: 1 to 12, or with
    ``"total"`` (the questionings alternate) an even number up to 12.

    Example:
        >>> limits("each")
        integers(min_value=1, max_value=12)
    """
    from hypothesis import strategies as st

    if counting == "total":
        return st.integers(1, LIMIT // 2).map(lambda half: 2 * half)
    return st.integers(1, LIMIT)


def named_before(clues: Sequence[Any]) -> dict[str, set[str]]:
    """The details the answering player has named so far to rule them out, by field
    (the card answers, and facts logged with the card that told them).

    Example:
        >>> named_before([SingleInterrogation("Mord"), RuledOut(weapon=("Gift",))])
        {'crime': {'Mord'}, 'scene': set(), 'suspect': set(), 'weapon': set()}
    """
    named: dict[str, set[str]] = {f: set() for f in FIELDS}
    for clue in clues:
        for field, names in told_names(clue).items():
            named[field].update(names)
    return named


def told_names(clue: object) -> dict[str, tuple[str, ...]]:
    """The details a card answer names as not the case's."""
    if isinstance(clue, SingleInterrogation):
        return {"crime": (clue.crime,)}
    if isinstance(clue, Profiler):
        return {"suspect": (clue.suspect,)}
    if isinstance(clue, Informant):
        return {"scene": tuple(clue.scenes)}
    if isinstance(clue, InvestigatorsOnSite) and clue.weapons is not None:
        return {"weapon": tuple(clue.weapons)}
    if isinstance(clue, RuledOut) and clue.card is not None:
        return {f: tuple(getattr(clue, f)) for f in FIELDS if getattr(clue, f)}
    return {}


def check_new_names(clues: Sequence[object], clue: object) -> None:
    """The faster variant: a card answer names no detail named before."""
    before = named_before(clues)
    for field, names in told_names(clue).items():
        again = [n for n in names if n in before[field]]
        if again:
            raise InvalidInput(
                field,
                again[0],
                M("a {field} not named before", field=field),
                reason=N_("in the faster variant the answering player names each detail once"),
            )


def _named(card: Any) -> Any:
    """A card named in a refusal: its name in the API in English, else its printed title."""
    if language() == ENGLISH or not isinstance(card, str):
        return card
    return card_title(card)


def _shown(card: Any) -> str:
    """A card named in a refusal's reason: as :func:`_named`, the API's name quoted."""
    named = _named(card)
    return repr(named) if named is card else str(named)


def check_turn(rules: Rules, clues: Sequence[Any], clue: object) -> None:
    """Refuse ``clue`` if it breaks the turn rules after ``clues`` (see
    :meth:`Investigation.check_turn`)."""
    turn = turn_of(clues)
    if turn.solved_in is not None:
        raise InvalidInput(
            "clue",
            clue,
            N_("no further clue"),
            reason=M("the case was solved in questioning {number}", number=turn.solved_in),
        )
    if isinstance(clue, Questioning):
        if rules.used(turn) >= rules.allowed:
            raise InvalidInput(
                "questioning",
                turn.questionings + 1,
                M(
                    "at most {allowed} questionings ({rules})",
                    allowed=rules.allowed,
                    rules=rules._description(),
                ),
                reason=M(
                    "{made} made, {skipped} skipped",
                    made=turn.questionings,
                    skipped=turn.skipped,
                ),
            )
        return
    if isinstance(clue, Defence):
        last = last_questioning(clues, clue.card)
        if turn.defence is not None:
            raise InvalidInput(
                "card",
                _named(clue.card),
                N_("one defence card per questioning"),
                reason=M("{card} was already played", card=_shown(turn.defence.card)),
            )
        if clue.blocks is None:
            return
        if turn.card is not None:
            raise InvalidInput(
                "blocks",
                _named(clue.blocks),
                N_("a card not answered yet"),
                reason=M("{card} already gave its answer", card=_shown(turn.card)),
            )
        card = clue.blocks
    else:
        found = card_of(clue)
        if found is None:
            return  # a generic fact not told by a card
        card = found
        last = last_questioning(clues, card)
        if turn.defence is not None:
            raise InvalidInput(
                "card",
                _named(card),
                N_("an investigation card before the defence card"),
                reason=M("{card} was already played", card=_shown(turn.defence.card)),
            )
        if turn.card is not None:
            raise InvalidInput(
                "card",
                _named(card),
                N_("only one investigation card per questioning"),
                reason=M("{card} was already played", card=_shown(turn.card)),
            )
    note = ban_note(rules.deck, last.suspect, card)
    if note is not None:
        allowed = [_named(c) for c in INVESTIGATION_CARDS if c != card]
        reason = M("{suspect} was laid and forbids it{note}", suspect=last.suspect, note=note)
        raise InvalidInput("card", _named(card), allowed, reason=reason)
    if isinstance(clue, InvestigatorsOnSite) and clue.scene != last.scene:
        raise InvalidInput(
            "scene", clue.scene, (last.scene,), reason=N_("the card asks about the laid scene")
        )
    if isinstance(clue, Confrontation) and clue.suspect != last.suspect:
        raise InvalidInput(
            "suspect",
            clue.suspect,
            (last.suspect,),
            reason=N_("the card asks about the laid suspect"),
        )
    if not rules.repeats:
        check_new_names(clues, clue)


def names_of(values: Any, field: str, deck: Deck, argument: str) -> tuple[int, ...]:
    """The value indices of a tuple of names."""
    if not isinstance(values, tuple):
        raise InvalidInput(argument, values, f"a tuple of {field} names")
    return tuple(deck.index(field, v) for v in values)


def distinct(values: tuple[str, ...], count: int, field: str, argument: str, deck: Deck) -> None:
    """Refuse anything but ``count`` different names."""
    if len(values) != count or len(set(values)) != count:
        raise InvalidInput(
            argument,
            values,
            M(
                "{count} different {field} names from {names}",
                count=count,
                field=field,
                names=str(deck.names(field)),
            ),
        )


def apply_clue(deck: Deck, space: Space, clue: Any) -> Space:
    """The cases of ``space`` that ``clue`` leaves."""
    if tuple(space.names) != tuple(FIELDS):
        raise InvalidInput("space", space, f"a space of cases: {', '.join(FIELDS)}")
    if isinstance(clue, Questioning):
        laid = np.array([deck.index(f, getattr(clue, f)) for f in FIELDS])
        c = check_int("correct", clue.correct, 0, 4)
        return space.filter((space.worlds == laid).sum(axis=1) == c)
    column = {f: space.worlds[:, i] for i, f in enumerate(FIELDS)}
    if isinstance(clue, SingleInterrogation):
        return space.filter(column["crime"] != deck.index("crime", clue.crime))
    if isinstance(clue, Profiler):
        return space.filter(column["suspect"] != deck.index("suspect", clue.suspect))
    if isinstance(clue, Informant):
        scenes = names_of(clue.scenes, "scene", deck, "scenes")
        distinct(clue.scenes, 2, "scene", "scenes", deck)
        return space.filter(~np.isin(column["scene"], scenes))
    if isinstance(clue, InvestigatorsOnSite):
        scene = deck.index("scene", clue.scene)
        if clue.weapons is None:
            return space.filter(column["scene"] != scene)
        weapons = names_of(clue.weapons, "weapon", deck, "weapons")
        distinct(clue.weapons, 2, "weapon", "weapons", deck)
        return space.filter((column["scene"] == scene) & ~np.isin(column["weapon"], weapons))
    if isinstance(clue, Confrontation):
        if not isinstance(clue.correct, bool):
            raise InvalidInput("correct", clue.correct, "True or False")
        same = column["suspect"] == deck.index("suspect", clue.suspect)
        return space.filter(same if clue.correct else ~same)
    if isinstance(clue, RuledOut):
        check_card(clue.card)
        keep = np.ones(space.size, dtype=bool)
        given = 0
        for f in FIELDS:
            values = names_of(getattr(clue, f), f, deck, f)
            given += len(values)
            keep &= ~np.isin(column[f], values)
        if not given:
            raise InvalidInput("ruled_out", clue, N_("at least one name to rule out"))
        return space.filter(keep)
    if isinstance(clue, Confirmed):
        check_card(clue.card)
        keep = np.ones(space.size, dtype=bool)
        named = [f for f in FIELDS if getattr(clue, f) is not None]
        if not named:
            raise InvalidInput("confirmed", clue, N_("at least one name to confirm"))
        for f in named:
            keep &= column[f] == deck.index(f, getattr(clue, f))
        return space.filter(keep)
    if isinstance(clue, Defence):
        check_defence(clue)
        return space
    names = [t.__name__ for t in CLUE_TYPES]
    raise InvalidInput("clue", clue, f"a clue of type {', '.join(names)}")


guard(globals())
