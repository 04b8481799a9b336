"""Kreuzverhör: truthful clues about a known case, for property tests, and the
brute-force reference the deductions are checked against (the rules written out plainly,
no space, no filter).

Example:
    >>> from hypothesis import strategies as st
    >>> from deduce.games.kreuzverhoer import Case, Investigation
    >>> clues = clue_strategy(Investigation(), Case("Mord", "Ulm", "Ede K.", "Gift"))
    >>> isinstance(clues, st.SearchStrategy)
    True
    >>> len(reference(Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 4)))
    1
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce._internal.validation import check_type
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.cards import FIELDS, Deck
from deduce.games.kreuzverhoer.clues import (
    BLOCKS,
    Case,
    CaseFileClue,
    Confirmed,
    Confrontation,
    Defence,
    Guess,
    Informant,
    InvestigatorsOnSite,
    Profiler,
    Questioning,
    RuledOut,
    SingleInterrogation,
    questioning_of,
    turn_of,
)
from deduce.games.kreuzverhoer.rules import named_before
from deduce.investigation import Investigation as BaseInvestigation

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from deduce.games.kreuzverhoer.investigation import Investigation

__all__ = ["all_cases", "brute", "clue_strategy", "fits", "reference", "right"]


def clue_strategy(inv: Investigation, secret: Case) -> SearchStrategy[CaseFileClue | None]:
    """A hypothesis strategy of clues that are true of ``secret`` and legal now."""
    from hypothesis import strategies as st

    deck = inv.deck
    turn = turn_of(inv.clues)
    if turn.solved_in is not None:
        return st.none()
    options: list[SearchStrategy[CaseFileClue]] = []
    wrong = {f: [n for n in deck.names(f) if n != getattr(secret, f)] for f in FIELDS}

    def truthful(guess: Guess) -> Questioning:
        right = sum(a == b for a, b in zip(guess, secret, strict=True))
        return questioning_of(guess, right)

    if inv.questionings_left > 0:
        plausible = inv.space.ids[:200].tolist()  # read as cases only when drawn
        options.append(
            st.one_of(
                st.sampled_from(list(inv.queries())),
                st.sampled_from(plausible).map(lambda world: Guess(*inv.secret_of(world))),
                st.just(Guess(*secret)),
            ).map(truthful)
        )
    last = turn.last
    told = {f: list(wrong[f]) for f in FIELDS}  # what a card answer may name
    if not inv.repeats:
        before = named_before(inv.clues)
        told = {f: [n for n in wrong[f] if n not in before[f]] for f in FIELDS}
    pairs = {f: list(combinations(told[f], 2)) for f in ("scene", "weapon")}
    banned = None if last is None else deck.banned(last.suspect)
    if last is not None and turn.card is None and turn.defence is None:
        if told["crime"]:
            options.append(st.sampled_from(told["crime"]).map(SingleInterrogation))
        if told["suspect"]:
            options.append(st.sampled_from(told["suspect"]).map(Profiler))
        options.append(st.just(Confrontation(last.suspect, last.suspect == secret.suspect)))
        if last.scene != secret.scene:
            options.append(st.just(InvestigatorsOnSite(last.scene, None)))
        elif pairs["weapon"]:
            options.append(
                st.sampled_from(pairs["weapon"]).map(lambda w: InvestigatorsOnSite(last.scene, w))
            )
        if banned != "informant" and pairs["scene"]:
            options.append(st.sampled_from(pairs["scene"]).map(Informant))
        card = st.sampled_from(
            [c for c in ("witness", "forensics", "suspicion", "other") if c != banned]
        )
        fields = [f for f in FIELDS if told[f]]
        if fields:
            options.append(
                st.tuples(st.sampled_from(fields), card).flatmap(
                    lambda fc: st.lists(
                        st.sampled_from(told[fc[0]]), min_size=1, max_size=2, unique=True
                    ).map(lambda names: RuledOut(**{fc[0]: tuple(names)}, card=fc[1]))
                )
            )
    if last is not None and turn.defence is None:
        defences = [Defence(c) for c in ("lawyer", "mole", "suspension")]
        if turn.card is None:
            defences += [Defence(c, b) for c, bs in BLOCKS.items() for b in bs if b != banned]
        options.append(st.sampled_from(defences))
    options.append(
        st.sampled_from(FIELDS).flatmap(
            lambda f: st.lists(st.sampled_from(wrong[f]), min_size=1, max_size=3).map(
                lambda names: RuledOut(**{f: tuple(names)})  # type: ignore[arg-type]
            )
        )
    )
    options.append(
        st.lists(st.sampled_from(FIELDS), min_size=1, max_size=2, unique=True).map(
            lambda fs: Confirmed(**{f: getattr(secret, f) for f in fs})
        )
    )
    return st.one_of(options)


# -- the brute-force reference ---------------------------------------------------------


def all_cases(deck: Deck) -> list[Case]:
    """Every case of ``deck``: a crime with one of its weapons, any scene and suspect."""
    return [
        Case(c, s, p, w)
        for c, s, p, w in itertools.product(deck.crimes, deck.scenes, deck.suspects, deck.weapons)
        if w in dict(deck.weapons_of)[c]
    ]


def right(guess: Any, case: Case) -> int:
    """How many of the four laid cards are the case's."""
    check_type("case", case, Case, "a Case")
    if not isinstance(guess, (tuple, list, Guess, Case)) or len(tuple(guess)) != len(FIELDS):
        raise InvalidInput("guess", guess, "the four laid cards: crime, scene, suspect, weapon")
    return sum(a == b for a, b in zip(guess, case, strict=True))


def fits(case: Case, clue: Any) -> bool:
    """Whether ``clue`` is true of ``case``: the rules, written out plainly."""
    if isinstance(clue, Questioning):
        laid = (clue.crime, clue.scene, clue.suspect, clue.weapon)
        return right(laid, case) == clue.correct
    if isinstance(clue, SingleInterrogation):
        return case.crime != clue.crime
    if isinstance(clue, Profiler):
        return case.suspect != clue.suspect
    if isinstance(clue, Informant):
        return case.scene not in clue.scenes
    if isinstance(clue, InvestigatorsOnSite):
        if clue.weapons is None:
            return case.scene != clue.scene
        return case.scene == clue.scene and case.weapon not in clue.weapons
    if isinstance(clue, Confrontation):
        return (case.suspect == clue.suspect) == clue.correct
    if isinstance(clue, RuledOut):
        return all(getattr(case, f) not in getattr(clue, f) for f in FIELDS)
    if isinstance(clue, Confirmed):
        return all(getattr(clue, f) in (None, getattr(case, f)) for f in FIELDS)
    if isinstance(clue, Defence):
        return True
    raise InvalidInput("clue", clue, "a clue of a Kreuzverhör investigation")


def brute(clues: Iterable[Any], deck: Deck) -> set[Case]:
    """Every case of ``deck`` that every clue is true of."""
    clues = list(clues)
    return {case for case in all_cases(deck) if all(fits(case, clue) for clue in clues)}


def reference(investigation: Any) -> set[Case]:
    """The cases a Kreuzverhör investigation must keep (every one equally likely)."""
    deck = getattr(investigation, "deck", None)
    if not isinstance(investigation, BaseInvestigation) or not isinstance(deck, Deck):
        raise InvalidInput("investigation", investigation, "a Kreuzverhör investigation")
    return brute(investigation.clues, deck)


guard(globals())
