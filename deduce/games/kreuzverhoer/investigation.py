"""Kreuzverhör: find the crime, scene, suspect and weapon of your case in 12 questionings.

A case is one crime (6), scene (9), suspect (6) and weapon (9); a crime can only be
committed with the 6 weapons printed on its card, so there are 36 x 9 x 6 = 1944 cases.
In each questioning you lay any four cards (also a crime and weapon that do not go
together) and hear how many of them are right; then you may play an investigation card,
and your opponent may play a defence card.

:class:`Investigation` is your case file: every case still possible, the best next guess
over all 2916 possible layings, and which investigation card in your hand teaches most.
:class:`Interrogation` is the other side of the table: the case you chose for your
opponent, what they can know by now, and which card to name when a card forces you.

Example:
    >>> inv = Investigation()
    >>> len(inv.solutions())
    1944
    >>> inv = inv.questioning("Mord", "Berlin", "Juri L.", "Messer", correct=1)
    >>> inv.informant(["Ulm", "Köln*"])
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: card='informant' is not valid (Juri L. was laid and ...
    >>> inv = inv.single_interrogation("Einbruch")
    >>> len(inv.solutions()), inv.questionings_left
    (566, 11)
    >>> print(inv.recommend(top=1)[0].action)
    Überfall / Berlin / Juri L. / Schal*
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._validation import check_int, check_names
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.games.kreuzverhoer.clues import (
    _BLOCKS,
    _NAMES_TOLD,
    _VALUED_CARDS,
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    CardValue,
    Case,
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
    _as_names,
    _ban,
    _card_of,
    _check_card,
    _check_defence,
    _fields,
    _last_questioning,
    _questioning,
    _turn,
)
from deduce.games.kreuzverhoer.counting import (
    _GUESSES,
    _SHAPE,
    _card_information,
    _expected_correct,
    _histograms,
    _win_probability,
    guess_tables,
)
from deduce.games.kreuzverhoer.deck import BANNABLE_CARDS, FIELDS, Deck, deck_template
from deduce.investigation import Investigation as _Investigation
from deduce.space import Space
from deduce.strategy import Partition, _round, information

__all__ = [
    "BANNABLE_CARDS",
    "DEFENCE_CARDS",
    "FIELDS",
    "INVESTIGATION_CARDS",
    "CardValue",
    "Case",
    "Confirmed",
    "Confrontation",
    "Deck",
    "Defence",
    "Guess",
    "Informant",
    "Interrogation",
    "Investigation",
    "InvestigatorsOnSite",
    "Profiler",
    "Questioning",
    "RuledOut",
    "SingleInterrogation",
    "deck_template",
    "hard_case",
    "questionings_needed",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

LIMIT = 12
_MAX_LIMIT = 64


class _Suggested:
    """The default of :meth:`Interrogation.played`: answer what :meth:`suggest` says."""

    def __repr__(self) -> str:
        return "SUGGESTED"


_SUGGESTED = _Suggested()


def _names_of(values: Any, field: str, deck: Deck, argument: str) -> tuple[int, ...]:
    if not isinstance(values, tuple):
        raise InvalidInput(argument, values, f"a tuple of {field} names")
    return tuple(deck.index(field, v) for v in values)


def _distinct(values: tuple[Any, ...], count: int, field: str, argument: str, deck: Deck) -> None:
    if len(values) != count or len(set(values)) != count:
        raise InvalidInput(
            argument, values, f"{count} different {field} names from {deck.names(field)}"
        )


# -- the case file ---------------------------------------------------------------------


class Investigation(_Investigation):
    """Your case file: every case consistent with the questionings and cards so far.

    Args:
        deck: the case cards (default :meth:`Deck.default`; load your own with
            :meth:`Deck.load`).
        limit: questionings allowed (12 in the rulebook).

    Strategies for :meth:`recommend`, besides the common ones: ``"win_probability"``
    (the chance to solve the case within the questionings left: exact with one left;
    with two left exact assuming no further investigation card is played; with three or
    more left only an upper bound, that each questioning solves at most one case and
    splits the rest four ways, which is 1.0 for every guess until few cases remain, so
    the ranking is then the one of ``"entropy"``; ties go to information, on the last
    questioning to the expected number of correct details) and ``"most_correct"``
    (most expected correct details: the rulebook's tie-break after the last
    questioning).

    Example:
        >>> inv = Investigation().questioning("Mord", "Ulm", "Juri L.", "Gift", correct=0)
        >>> inv.marginals()["crime"]["Mord"]
        0.0
        >>> inv.recommend(top=1, strategy="minimax")[0].worst_case
        476
    """

    game = "kreuzverhoer"
    clue_types = (
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

    def __init__(self, deck: Deck | None = None, *, limit: int = LIMIT) -> None:
        if deck is not None and not isinstance(deck, Deck):
            raise InvalidInput("deck", deck, "a kreuzverhoer.Deck or None (the default deck)")
        self.deck: Deck = Deck.default() if deck is None else deck
        self.limit: int = check_int("limit", limit, 1, _MAX_LIMIT)
        self._tables = guess_tables(self.deck)
        self._start()

    # -- clue helpers --------------------------------------------------------------------

    def questioning(
        self, crime: str, scene: str, suspect: str, weapon: str, correct: int
    ) -> Investigation:
        """After laying these four cards, ``correct`` (0 to 4) of them were right.

        Example:
            >>> Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 4).solved
            Case(crime='Mord', scene='Ulm', suspect='Ede K.', weapon='Gift')
        """
        return self.observe(Questioning(crime, scene, suspect, weapon, correct))

    def single_interrogation(self, crime: str) -> Investigation:
        """Einzelverhör: your opponent named ``crime`` as not the case's."""
        return self.observe(SingleInterrogation(crime))

    def investigators_on_site(self, weapons: Sequence[str] | None) -> Investigation:
        """Ermittler vor Ort: the laid scene is right and these 2 weapons are out, or
        (``None``) the laid scene is wrong.

        Example:
            >>> inv = Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
            >>> inv.investigators_on_site(["Messer", "Axt*"]).certain()
            {'scene': 'Ulm'}
        """
        scene = _last_questioning(self._clues, "investigators_on_site").scene
        named = None if weapons is None else check_names("weapons", _as_names(weapons))
        return self.observe(InvestigatorsOnSite(scene, named))

    def confrontation(self, correct: bool) -> Investigation:
        """Gegenüberstellung: whether the laid suspect is the case's."""
        suspect = _last_questioning(self._clues, "confrontation").suspect
        return self.observe(Confrontation(suspect, correct))

    def informant(self, scenes: Sequence[str]) -> Investigation:
        """Informant: these 2 scenes are not the case's (refused after a suspect whose
        card forbids it, such as Juri L. or Elke V., was laid)."""
        return self.observe(Informant(check_names("scenes", _as_names(scenes))))

    def profiler(self, suspect: str) -> Investigation:
        """Profiler: your opponent named ``suspect`` as not the case's."""
        return self.observe(Profiler(suspect))

    def ruled_out(self, *, card: str | None = None, **names: Any) -> Investigation:
        """None of these names is the case's: ``ruled_out(weapon="Gift")``, or several
        ``ruled_out(scene=["Ulm", "Berlin"])``. ``card`` names the investigation card that
        said so (its rules then apply); repeating a fact already known is fine.

        Example:
            >>> Investigation().ruled_out(weapon=["Gift", "Messer"]).space.size
            1512
        """
        return self.observe(RuledOut(**_fields(names, many=True), card=card))

    def confirmed(self, *, card: str | None = None, **names: Any) -> Investigation:
        """These names are the case's: ``confirmed(suspect="Nora M.")``."""
        return self.observe(Confirmed(**_fields(names, many=False), card=card))

    def defence(self, card: str, *, blocks: str | None = None) -> Investigation:
        """Your opponent played defence ``card`` (``blocks``: the investigation card it
        made useless). Nothing about the case changes; Lawyer and Suspension cost you
        your next questioning."""
        return self.observe(Defence(card, blocks))

    # -- state -------------------------------------------------------------------------

    @property
    def questionings(self) -> int:
        """Questionings made so far."""
        return _turn(self._clues).questionings

    @property
    def questionings_left(self) -> int:
        """Questionings still allowed (skipped ones count as used)."""
        turn = _turn(self._clues)
        if turn.solved_in is not None:
            return 0
        return max(0, self.limit - turn.questionings - turn.skipped)

    @property
    def last_questioning(self) -> Questioning | None:
        """The last questioning, which cards refer to."""
        return _turn(self._clues).last

    def check_turn(self, clue: Any) -> None:
        """The turn rules: the limit, cards after a questioning, one card of each kind
        per questioning, the suspects' bans."""
        turn = _turn(self._clues)
        if turn.solved_in is not None:
            raise InvalidInput(
                "clue",
                clue,
                "no further clue",
                reason=f"the case was solved in questioning {turn.solved_in}",
            )
        if isinstance(clue, Questioning):
            if turn.questionings + turn.skipped >= self.limit:
                raise InvalidInput(
                    "questioning",
                    turn.questionings + 1,
                    f"at most {self.limit} questionings",
                    reason=f"{turn.questionings} made, {turn.skipped} skipped",
                )
            return
        if isinstance(clue, Defence):
            last = _last_questioning(self._clues, clue.card)
            if turn.defence is not None:
                raise InvalidInput(
                    "card",
                    clue.card,
                    "one defence card per questioning",
                    reason=f"{turn.defence.card!r} was already played",
                )
            if clue.blocks is None:
                return
            if turn.card is not None:
                raise InvalidInput(
                    "blocks",
                    clue.blocks,
                    "a card not answered yet",
                    reason=f"{turn.card!r} already gave its answer",
                )
            card = clue.blocks
        else:
            found = _card_of(clue)
            if found is None:
                return  # a generic fact not told by a card
            card = found
            last = _last_questioning(self._clues, card)
            if turn.defence is not None:
                raise InvalidInput(
                    "card",
                    card,
                    "an investigation card before the defence card",
                    reason=f"{turn.defence.card!r} was already played",
                )
            if turn.card is not None:
                raise InvalidInput(
                    "card",
                    card,
                    "only one investigation card per questioning",
                    reason=f"{turn.card!r} was already played",
                )
        note = _ban(self.deck, last.suspect, card)
        if note is not None:
            allowed = [c for c in INVESTIGATION_CARDS if c != card]
            reason = f"{last.suspect} was laid and forbids it{note}"
            raise InvalidInput("card", card, allowed, reason=reason)
        if isinstance(clue, InvestigatorsOnSite) and clue.scene != last.scene:
            raise InvalidInput(
                "scene", clue.scene, (last.scene,), reason="the card asks about the laid scene"
            )
        if isinstance(clue, Confrontation) and clue.suspect != last.suspect:
            raise InvalidInput(
                "suspect",
                clue.suspect,
                (last.suspect,),
                reason="the card asks about the laid suspect",
            )

    # -- rules -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {"deck": self.deck.to_dict(), "limit": self.limit}

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Investigation:
        if context:
            raise InvalidInput("context", sorted(context), "nothing: the saved text holds the deck")
        if "deck" not in config:
            raise InvalidInput("config", sorted(config), "the keys 'deck' and 'limit'")
        return cls(Deck.from_dict(config["deck"]), limit=config.get("limit", LIMIT))

    def _constructor_repr(self) -> str:
        args = [] if self.deck == Deck.default() else [f"deck={self.deck!r}"]
        if self.limit != LIMIT:
            args.append(f"limit={self.limit}")
        return f"Investigation({', '.join(args)})"

    def initial_space(self) -> Space:
        deck = self.deck
        return Space(FIELDS, [deck.names(f) for f in FIELDS], self._tables.cases)

    def apply_clue(self, space: Space, clue: Any) -> Space:
        deck = self.deck
        column = {f: space.worlds[:, i] for i, f in enumerate(FIELDS)}
        if isinstance(clue, Questioning):
            laid = [deck.index(f, getattr(clue, f)) for f in FIELDS]
            c = check_int("correct", clue.correct, 0, 4)
            right = sum(
                (column[f] == v).astype(np.int64) for f, v in zip(FIELDS, laid, strict=True)
            )
            return space.filter(right == c)
        if isinstance(clue, SingleInterrogation):
            return space.filter(column["crime"] != deck.index("crime", clue.crime))
        if isinstance(clue, Profiler):
            return space.filter(column["suspect"] != deck.index("suspect", clue.suspect))
        if isinstance(clue, Informant):
            scenes = _names_of(clue.scenes, "scene", deck, "scenes")
            _distinct(clue.scenes, 2, "scene", "scenes", deck)
            return space.filter(~np.isin(column["scene"], scenes))
        if isinstance(clue, InvestigatorsOnSite):
            scene = deck.index("scene", clue.scene)
            if clue.weapons is None:
                return space.filter(column["scene"] != scene)
            weapons = _names_of(clue.weapons, "weapon", deck, "weapons")
            _distinct(clue.weapons, 2, "weapon", "weapons", deck)
            return space.filter((column["scene"] == scene) & ~np.isin(column["weapon"], weapons))
        if isinstance(clue, Confrontation):
            if not isinstance(clue.correct, bool):
                raise InvalidInput("correct", clue.correct, "True or False")
            same = column["suspect"] == deck.index("suspect", clue.suspect)
            return space.filter(same if clue.correct else ~same)
        if isinstance(clue, RuledOut):
            _check_card(clue.card)
            keep = np.ones(space.size, dtype=bool)
            given = 0
            for f in FIELDS:
                values = _names_of(getattr(clue, f), f, deck, f)
                given += len(values)
                keep &= ~np.isin(column[f], values)
            if not given:
                raise InvalidInput("ruled_out", clue, "at least one name to rule out")
            return space.filter(keep)
        if isinstance(clue, Confirmed):
            _check_card(clue.card)
            keep = np.ones(space.size, dtype=bool)
            named = [f for f in FIELDS if getattr(clue, f) is not None]
            if not named:
                raise InvalidInput("confirmed", clue, "at least one name to confirm")
            for f in named:
                keep &= column[f] == deck.index(f, getattr(clue, f))
            return space.filter(keep)
        if isinstance(clue, Defence):
            _check_defence(clue)
            return space
        names = [t.__name__ for t in self.clue_types]
        raise InvalidInput("clue", clue, f"a clue of type {', '.join(names)}")

    def solution_of(self, labels: tuple[Any, ...]) -> Case:
        return Case(*labels)

    def queries(self) -> Sequence[Guess]:
        return self._tables.guesses

    def _action(self, value: Any) -> Guess:
        """A :class:`Guess` from a Guess, a Case, four names, or ``"Mord / Ulm / ..."``."""
        expected = "a Guess, or 4 names (crime, scene, suspect, weapon), or 'a / b / c / d'"
        if isinstance(value, (Guess, Case)):
            names: tuple[Any, ...] = tuple(value)
        elif isinstance(value, str):
            names = tuple(part.strip() for part in value.split("/"))
        elif isinstance(value, (tuple, list)):
            names = tuple(value)
        else:
            raise InvalidInput("action", value, expected)
        if len(names) != len(FIELDS):
            raise InvalidInput("action", value, expected)
        for field, name in zip(FIELDS, names, strict=True):
            self.deck.index(field, name)
        return Guess(*names)

    def _query_numbers(self, queries: Sequence[Any]) -> IntArray:
        tables = self._tables
        if queries is tables.guesses:
            return np.arange(_GUESSES, dtype=np.int64)
        numbers = []
        for q in queries:
            if not isinstance(q, Guess) or q not in tables.guess_number:
                raise InvalidInput("guess", q, "a kreuzverhoer.Guess of names from the deck")
            numbers.append(tables.guess_number[q])
        return np.array(numbers, dtype=np.int64)

    def outcome_table(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[Any]:
        laid = self._tables.guess_array[self._query_numbers(queries)]
        table: npt.NDArray[np.uint8] = (laid[:, None, :] == space.worlds[None, :, :]).sum(axis=2)
        return table.astype(np.uint8)

    def partition(self, space: Space, queries: Sequence[Any]) -> Partition:
        numbers = self._query_numbers(queries)
        cells = self._tables.case_guess[space.ids]
        weights = np.zeros(_GUESSES, dtype=np.int64)
        weights[cells] = space.weights
        mass = _histograms(weights.reshape(_SHAPE))[numbers]
        if bool((space.weights == 1).all()):
            count = mass
        else:
            ones = np.zeros(_GUESSES, dtype=np.int64)
            ones[cells] = 1
            count = _histograms(ones.reshape(_SHAPE))[numbers]
        return Partition(
            mass=mass.astype(np.float64), count=count, cond_entropy=np.zeros(len(numbers))
        )

    def possible_queries(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[np.bool_]:
        case = self._tables.guess_case[self._query_numbers(queries)]
        present = np.zeros(len(self._tables.cases) + 1, dtype=bool)
        present[space.ids] = True
        return present[case]  # case -1 reads the last entry, which is always False

    def _extra_strategies(self) -> dict[str, Callable[[Partition], FloatArray]]:
        left = max(1, self.questionings_left)
        return {
            # ties go to information; on the last questioning to the expected number of
            # correct details (the rulebook's tie-break)
            "win_probability": lambda part: np.stack(
                [
                    _win_probability(part, left),
                    _expected_correct(part) if left <= 1 else _round(information(part)),
                ]
            ),
            "most_correct": _expected_correct,
        }

    def outcome_label(self, query: Any, k: int) -> int:
        return k

    def clue_for(self, query: Guess, k: int) -> Questioning:
        return _questioning(query, k)

    def finishes(self, query: Any, k: int) -> bool:
        return k == 4

    def world_of(self, secret: Any) -> int:
        if isinstance(secret, Case):
            names = tuple(secret)
        elif isinstance(secret, tuple) and len(secret) == 4:
            names = secret
        else:
            raise InvalidInput("secret", secret, "a kreuzverhoer.Case")
        numbers = [self.deck.index(f, n) for f, n in zip(FIELDS, names, strict=True)]
        case = int(self._tables.guess_case[np.ravel_multi_index(numbers, _SHAPE)])
        if case < 0:
            raise InvalidInput(
                "secret",
                secret,
                "a case whose crime goes with its weapon",
                reason=f"{names[0]!r} is not committed with {names[3]!r}",
            )
        return case

    def secret_of(self, world: int) -> Case:
        row = self._tables.cases[world]
        return Case(*(self.deck.names(f)[int(v)] for f, v in zip(FIELDS, row, strict=True)))

    def clue_strategy(self, secret: Any) -> Any:
        return _clue_strategy(self, self.secret_of(self.world_of(secret)))

    # -- cards in hand -----------------------------------------------------------------

    def rank_cards(self, hand: Sequence[str], guess: Guess | None = None) -> list[CardValue]:
        """The cards in ``hand`` by the information they are expected to give.

        Without ``guess``: after the last questioning, whose answer is known. With a
        ``guess``: before laying it, averaged over its possible answers. The answering
        player is taken to name any allowed card with equal chance (one who repeats what
        was already named teaches less: see ``worst_case``). Cards that may not be played
        come last, then those whose text the rulebook does not give.

        Example:
            >>> inv = Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 2)
            >>> [c.card for c in inv.rank_cards(["profiler", "investigators_on_site"])]
            ['investigators_on_site', 'profiler']
        """
        if isinstance(hand, str) or not isinstance(hand, Sequence):
            raise InvalidInput("hand", hand, "a list of card names")
        for card in hand:
            if card not in INVESTIGATION_CARDS and card not in DEFENCE_CARDS:
                raise InvalidInput("hand", card, INVESTIGATION_CARDS + DEFENCE_CARDS)
        if guess is None:
            last = _turn(self._clues).last
            if last is None:
                raise InvalidInput("guess", None, "a Guess (no questioning has been made yet)")
            laid = last.guess
            parts = [(1.0, self._space)]
        else:
            if not isinstance(guess, Guess):
                raise InvalidInput("guess", guess, "a kreuzverhoer.Guess")
            laid = guess
            outcome = self.outcome_table(self._space, [guess])[0]
            total = float(self._space.total)
            parts = [
                (
                    float(self._space.weights[outcome == k].sum()) / total,
                    self._space.filter(outcome == k),
                )
                for k in range(4)
                if (outcome == k).any()
            ]
        values = []
        for position, card in enumerate(hand):
            note = None if card in DEFENCE_CARDS else _ban(self.deck, laid.suspect, card)
            if card in DEFENCE_CARDS:
                value = CardValue(card, None, None, False, "a defence card")
            elif note is not None:
                value = CardValue(card, None, None, False, f"{laid.suspect} forbids it{note}")
            elif card not in _VALUED_CARDS:
                value = CardValue(card, None, None, True, "its text is not in the rulebook")
            else:
                info = 0.0
                worst = 0
                for p, space in parts:
                    bits, most = _card_information(self.deck, space, card, laid)
                    info += p * bits
                    worst = max(worst, most)
                value = CardValue(card, info, worst)
            values.append((position, value))

        def key(item: tuple[int, CardValue]) -> tuple[int, float, int]:
            position, v = item
            group = 0 if v.allowed and v.information is not None else (1 if v.allowed else 2)
            return (group, -round(v.information or 0.0, 9), position)

        return [v for _, v in sorted(values, key=key)]


# -- truthful clues for property tests -------------------------------------------------


def _clue_strategy(inv: Investigation, secret: Case) -> Any:
    from hypothesis import strategies as st

    deck = inv.deck
    turn = _turn(inv.clues)
    if turn.solved_in is not None:
        return st.none()
    options: list[Any] = []
    wrong = {f: [n for n in deck.names(f) if n != getattr(secret, f)] for f in FIELDS}

    def truthful(guess: Guess) -> Questioning:
        right = sum(a == b for a, b in zip(guess, secret, strict=True))
        return _questioning(guess, right)

    if turn.questionings + turn.skipped < inv.limit:
        plausible = [inv.secret_of(int(i)) for i in inv.space.ids[:200]]
        options.append(
            st.one_of(
                st.sampled_from(inv._tables.guesses),
                st.sampled_from(plausible).map(lambda case: Guess(*case)),
                st.just(Guess(*secret)),
            ).map(truthful)
        )
    last = turn.last
    pairs = {f: list(combinations(wrong[f], 2)) for f in ("scene", "weapon")}
    banned = None if last is None else deck.banned(last.suspect)
    if last is not None and turn.card is None and turn.defence is None:
        options.append(st.sampled_from(wrong["crime"]).map(SingleInterrogation))
        options.append(st.sampled_from(wrong["suspect"]).map(Profiler))
        options.append(st.just(Confrontation(last.suspect, last.suspect == secret.suspect)))
        if last.scene == secret.scene:
            onsite = st.sampled_from(pairs["weapon"]).map(
                lambda w: InvestigatorsOnSite(last.scene, w)
            )
        else:
            onsite = st.just(InvestigatorsOnSite(last.scene, None))
        options.append(onsite)
        if banned != "informant":
            options.append(st.sampled_from(pairs["scene"]).map(Informant))
        card = st.sampled_from(
            [c for c in ("witness", "forensics", "suspicion", "other") if c != banned]
        )
        options.append(
            st.tuples(st.sampled_from(FIELDS), card).flatmap(
                lambda fc: st.lists(st.sampled_from(wrong[fc[0]]), min_size=1, max_size=2).map(
                    lambda names: RuledOut(**{fc[0]: tuple(names)}, card=fc[1])
                )
            )
        )
    if last is not None and turn.defence is None:
        defences = [Defence(c) for c in ("lawyer", "mole", "suspension")]
        if turn.card is None:
            defences += [Defence(c, b) for c, bs in _BLOCKS.items() for b in bs if b != banned]
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


# -- the answering side ----------------------------------------------------------------


class Interrogation:
    """The case you chose for your opponent, and what your answers have taught them.

    Every questioning and card answer goes into the opponent's case file as they would
    keep it (:attr:`opponent`), so you see how many cases they still have and how close
    they are; :meth:`suggest` says what to name when a card forces you to rule something
    out: something already named or already excluded when possible (it teaches
    nothing), else what removes the fewest cases.

    Args:
        case: the case you chose (its crime must go with its weapon).
        deck: the case cards (default :meth:`Deck.default`).
        limit: questionings allowed.

    Example:
        >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
        >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
        >>> mine.last_answer, mine.cases_left
        (2, 171)
        >>> mine.suggest("single_interrogation")
        ('Erpressung*',)
    """

    def __init__(self, case: Case, *, deck: Deck | None = None, limit: int = LIMIT) -> None:
        view = Investigation(deck, limit=limit)
        if not isinstance(case, Case):
            raise InvalidInput("case", case, "a kreuzverhoer.Case")
        view.world_of(case)
        self.case: Case = case
        self._view = view

    @property
    def opponent(self) -> Investigation:
        """The opponent's case file, built from what you told them."""
        return self._view

    @property
    def deck(self) -> Deck:
        """The case cards."""
        return self._view.deck

    @classmethod
    def _of(cls, case: Case, view: Investigation) -> Interrogation:
        new = cls.__new__(cls)
        new.case, new._view = case, view
        return new

    def _with(self, view: Investigation) -> Interrogation:
        return Interrogation._of(self.case, view)

    def answer(self, crime: str, scene: str, suspect: str, weapon: str) -> int:
        """How many of these laid cards are right (4: the opponent solved it)."""
        laid = (crime, scene, suspect, weapon)
        for f, n in zip(FIELDS, laid, strict=True):
            self.deck.index(f, n)
        return sum(a == b for a, b in zip(laid, self.case, strict=True))

    def questioning(self, crime: str, scene: str, suspect: str, weapon: str) -> Interrogation:
        """The opponent laid these cards; the answer is given and logged."""
        correct = self.answer(crime, scene, suspect, weapon)
        return self._with(self._view.questioning(crime, scene, suspect, weapon, correct))

    @property
    def last_answer(self) -> int | None:
        """The answer to the last questioning."""
        last = self._view.last_questioning
        return None if last is None else last.correct

    @property
    def cases_left(self) -> int:
        """How many cases the opponent still has to consider."""
        return int(self._view.space.size)

    @property
    def chance(self) -> float:
        """The probability the opponent gives to the true case now."""
        return self._view.probabilities()[self.case]

    def known(self) -> dict[str, str]:
        """The details the opponent knows for certain."""
        return self._view.certain()

    def suggest(self, card: str) -> tuple[str, ...] | bool | None:
        """What to answer to the investigation ``card`` the opponent just played.

        Names for Einzelverhör (1 crime), Profiler (1 suspect), Informant (2 scenes) and
        Ermittler vor Ort (2 weapons, or None when the laid scene is wrong); True or
        False for Gegenüberstellung.
        """
        last = _last_questioning(self._view.clues, card)
        if card != "confrontation" and card not in _NAMES_TOLD:
            raise InvalidInput("card", card, ("confrontation", *_NAMES_TOLD))
        note = _ban(self.deck, last.suspect, card)
        if note is not None:
            raise InvalidInput(
                "card",
                card,
                "a card the laid suspect allows",
                reason=f"{last.suspect} was laid and forbids it{note}",
            )
        if card == "confrontation":
            return last.suspect == self.case.suspect
        if card == "investigators_on_site" and last.scene != self.case.scene:
            return None
        field, count = _NAMES_TOLD[card]
        space = self._view.space
        if card == "investigators_on_site":  # the answer also tells the scene: count there
            space = space.filter(space.column("scene") == self.deck.index("scene", last.scene))
        mass = space.marginals([field])[field]
        truth = getattr(self.case, field)
        order = sorted(
            (n for n in self.deck.names(field) if n != truth),
            key=lambda n: (mass[n], self.deck.names(field).index(n)),
        )
        return tuple(order[:count])

    def played(self, card: str, named: Any = _SUGGESTED) -> Interrogation:
        """Log your answer to ``card``: ``named`` as :meth:`suggest` gives it (left out:
        the suggestion itself). For Ermittler vor Ort, ``None`` answers "the laid scene
        is wrong".

        Raises:
            InvalidInput: an unknown card, the wrong number of names, or an answer that
                is not true of your case (it would remove the case from the opponent's
                view).

        Example:
            >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
            >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
            >>> mine.played("investigators_on_site", None).cases_left
            104
            >>> mine.played("investigators_on_site", ["Axt*", "Schal*"])
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: named=[...] is not valid (the laid scene Berlin is wrong)...
        """
        if card != "confrontation" and card not in _NAMES_TOLD:
            raise InvalidInput("card", card, ("confrontation", *_NAMES_TOLD))
        view = self._view
        last = _last_questioning(view.clues, card)
        answer = self.suggest(card) if named is _SUGGESTED else named
        if card == "confrontation":
            if not isinstance(answer, bool):
                raise InvalidInput("named", answer, "True or False")
            clue: Any = Confrontation(last.suspect, answer)
        elif card == "investigators_on_site" and last.scene != self.case.scene:
            if answer is not None:
                raise InvalidInput(
                    "named", answer, "None", reason=f"the laid scene {last.scene} is wrong"
                )
            clue = InvestigatorsOnSite(last.scene, None)
        else:
            field, count = _NAMES_TOLD[card]
            values = _as_names(answer)
            if (
                not isinstance(values, tuple)
                or len(values) != count
                or not all(isinstance(v, str) for v in values)
            ):
                raise InvalidInput("named", answer, f"{count} {field} name(s)")
            if card == "single_interrogation":
                clue = SingleInterrogation(values[0])
            elif card == "profiler":
                clue = Profiler(values[0])
            elif card == "informant":
                clue = Informant(values)
            else:
                clue = InvestigatorsOnSite(last.scene, values)
        try:
            new: Investigation | None = view.observe(clue)
        except Contradiction:
            new = None
        if new is None or not new.contains_secret(self.case):
            raise InvalidInput(
                "named",
                answer,
                "an answer that is true of your case",
                reason=f"the case is {self.case}",
            )
        return self._with(new)

    def defence(self, card: str, *, blocks: str | None = None) -> Interrogation:
        """Log a defence card you played."""
        return self._with(self._view.defence(card, blocks=blocks))

    def to_json(self) -> str:
        """The chosen case and the opponent's case file, as JSON text.

        Example:
            >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
            >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
            >>> Interrogation.from_json(mine.to_json()) == mine
            True
        """
        return json.dumps(
            {"case": list(self.case), "opponent": json.loads(self._view.to_json())},
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Interrogation:
        """Read back what :meth:`to_json` wrote (every answer is checked against the case).

        Raises:
            InvalidInput: the text is not a saved interrogation, or an answer in it is
                not true of its case.
        """
        try:
            document = json.loads(text)
            case = Case(*document["case"])
            opponent = json.dumps(document["opponent"])
        except (TypeError, KeyError, ValueError) as error:
            raise InvalidInput(
                "text", str(text)[:60], "JSON from Interrogation.to_json()", reason=str(error)
            ) from None
        view = Investigation.from_json(opponent)
        Interrogation(case, deck=view.deck, limit=view.limit)  # checks the case
        if case not in view.solutions():
            raise InvalidInput("text", case, "answers that are true of the saved case")
        return cls._of(case, view)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Interrogation):
            return NotImplemented
        return self.case == other.case and self._view == other._view

    def __hash__(self) -> int:
        return hash((self.case, self._view))

    def __repr__(self) -> str:
        return f"Interrogation({self.case!r}) after {len(self._view.clues)} clues"


def questionings_needed(
    start: Investigation, strategy: str = "entropy", *, cards: bool = False
) -> IntArray:
    """For every case still possible (in ``start.space`` order), the questionings the
    ``strategy`` needs to solve it; ``start.limit + 1`` when it is not solved in time.

    With ``cards=True``, after every questioning the best of the five described
    investigation cards is played (the answering player names what :meth:`Interrogation.
    suggest` says: what teaches least). This is an idealisation, a bound on what cards
    can give: the rules allow a hand of 3 cards drawn from a deck with other kinds and
    defence cards, and the answering player may block.

    Example:
        >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
        >>> questionings_needed(inv, "minimax").tolist()
        [1, 2, 3, 4, 5, 6]
    """
    needed = np.zeros(start.space.size, dtype=np.int64)
    _walk(start, np.arange(start.space.size), strategy, cards, _Out(start.space.ids, needed), 0)
    return needed


@dataclass(frozen=True, slots=True, eq=False)
class _Out:
    ids: IntArray  # the case ids of the starting space, sorted
    needed: IntArray  # questionings needed, by position in ``ids``

    def set(self, case_ids: IntArray, value: int) -> None:
        self.needed[np.searchsorted(self.ids, case_ids)] = value


def _walk(
    node: Investigation,
    rows: IntArray,
    strategy: str,
    cards: bool,
    out: _Out,
    depth: int,
) -> None:
    """Fill ``out[root position]`` for the secrets at ``rows`` (positions in node.space)."""
    if node.questionings_left == 0:
        out.set(node.space.ids[rows], node.limit + 1)
        return
    guess = node.best(strategy)
    outcome = node.outcome_table(node.space.take(rows), [guess])[0]
    for k in np.unique(outcome):
        group = rows[outcome == k]
        if k == 4:
            out.set(node.space.ids[group], depth + 1)
            continue
        child = node.observe(_questioning(guess, int(k)))
        if child.space.size == node.space.size and not cards:
            raise DeduceError(f"strategy {strategy!r} chose {guess}, which teaches nothing")
        if cards:
            _play_card(child, group, node, strategy, out, depth)
        else:
            _descend(child, group, node, strategy, cards, out, depth)


def _descend(
    child: Investigation,
    group: IntArray,
    parent: Investigation,
    strategy: str,
    cards: bool,
    out: _Out,
    depth: int,
) -> None:
    ids = parent.space.ids[group]
    rows = np.searchsorted(child.space.ids, ids)
    _walk(child, rows.astype(np.int64), strategy, cards, out, depth + 1)


def _play_card(
    child: Investigation,
    group: IntArray,
    parent: Investigation,
    strategy: str,
    out: _Out,
    depth: int,
) -> None:
    best = child.rank_cards(list(_VALUED_CARDS))[0]
    if not best.allowed or not best.information:
        _descend(child, group, parent, strategy, True, out, depth)
        return
    by_answer: dict[Any, list[int]] = {}
    for row in group:
        secret = parent.secret_of(int(parent.space.ids[row]))
        named = Interrogation._of(secret, child).suggest(best.card)
        by_answer.setdefault(named, []).append(int(row))
    for named, rows in by_answer.items():
        secret = parent.secret_of(int(parent.space.ids[rows[0]]))
        after = Interrogation._of(secret, child).played(best.card, named).opponent
        _descend(after, np.array(rows, dtype=np.int64), parent, strategy, True, out, depth)


def hard_case(
    deck: Deck | None = None, *, strategy: str = "entropy", seed: int | None = None
) -> Case:
    """A case for your opponent that ``strategy`` needs the most questionings for.

    Among the hardest cases one is drawn at random (``seed`` makes it reproducible), so
    an opponent cannot guess it from this function.

    Raises:
        InvalidInput: an unknown strategy or deck.

    Example:
        >>> hard_case(strategy="minimax", seed=1)
        Case(crime='Einbruch', scene='Leipzig*', suspect='Juri L.', weapon='Messer')
    """
    start = Investigation(deck)
    needed = questionings_needed(start, strategy)
    hardest = np.flatnonzero(needed == needed.max())
    choice = random.Random(seed).choice(hardest.tolist())
    return start.secret_of(int(start.space.ids[choice]))
