"""Kreuzverhör: the answering side, the case you chose and what your answers teach.

Example:
    >>> from deduce.games.kreuzverhoer import Case
    >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
    >>> mine.questioning("Mord", "Berlin", "Ede K.", "Messer").last_answer
    2
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_seed, short
from deduce.core.persistence import parse_json
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.games.kreuzverhoer.cards import FIELDS, Deck
from deduce.games.kreuzverhoer.clues import (
    NAMES_TOLD,
    CardClue,
    Case,
    Confrontation,
    Informant,
    InvestigatorsOnSite,
    Profiler,
    Questioning,
    SingleInterrogation,
    as_names,
    ban_note,
    last_questioning,
)
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.games.kreuzverhoer.rules import LIMIT, named_before

__all__ = ["SUGGESTED", "Answer", "Interrogation", "answer_clue"]

Answer = tuple[str, ...] | bool | None
"""An answer to an investigation card: names, True/False (Gegenüberstellung), or None
(Ermittler vor Ort: the laid scene is wrong)."""


class Suggested:
    """The default of :meth:`Interrogation.played`: answer what :meth:`suggest` says."""

    def __repr__(self) -> str:
        return "SUGGESTED"


SUGGESTED = Suggested()
"""Marks "answer what :meth:`Interrogation.suggest` says" in :meth:`Interrogation.played`."""

CARDS = ("confrontation", *NAMES_TOLD)


_IS_NOT = {
    "crime": N_("the crime is not {name}"),
    "scene": N_("the scene is not {name}"),
    "suspect": N_("the suspect is not {name}"),
    "weapon": N_("the weapon is not {name}"),
}
_IS_NEITHER = {
    "crime": N_("the crime is neither {name} nor {other}"),
    "scene": N_("the scene is neither {name} nor {other}"),
    "suspect": N_("the suspect is neither {name} nor {other}"),
    "weapon": N_("the weapon is neither {name} nor {other}"),
}


def answer_in_words(card: str, answer: Any, scene: str, suspect: str) -> str:
    """An answer to ``card`` after laying ``scene`` and ``suspect``, as a sentence (in the
    player's language)."""
    said: str
    if card == "confrontation":
        if answer:
            said = _(M("{suspect} is the suspect", suspect=suspect))
        else:
            said = _(M("the suspect is not {name}", name=suspect))
        return said
    if card == "investigators_on_site" and answer is None:
        said = _(M("the laid scene {scene} is wrong", scene=scene))
        return said
    field = NAMES_TOLD[card][0]
    names = list(as_names(answer))
    if len(names) == 1:
        said = _(M(_IS_NOT[field], name=names[0]))
    else:
        other = names[1]
        for name in names[2:]:
            other = _(M("{names} nor {name}", names=other, name=name))
        said = _(M(_IS_NEITHER[field], name=names[0], other=other))
    if card == "investigators_on_site":
        said = _(M("the laid scene {scene} is right; {answer}", scene=scene, answer=said))
    return said


def answer_clue(card: str, answer: Any, last: Questioning, *, argument: str = "named") -> CardClue:
    """The clue that ``answer`` to the investigation ``card`` puts in the questioner's
    case file, after the questioning ``last`` (see :meth:`Interrogation.played`); a wrong
    answer is refused under the name ``argument``.

    Raises:
        InvalidInput: an unknown card, or an answer of the wrong shape for it.

    Example:
        >>> last = Questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
        >>> answer_clue("informant", ["Berlin", "Köln*"], last)
        Informant(scenes=('Berlin', 'Köln*'))
    """
    if card not in CARDS:
        raise InvalidInput("card", card, CARDS)
    if card == "confrontation":
        if not isinstance(answer, bool):
            raise InvalidInput(argument, answer, "True or False")
        return Confrontation(last.suspect, answer)
    if card == "investigators_on_site" and answer is None:
        return InvestigatorsOnSite(last.scene, None)
    field, count = NAMES_TOLD[card]
    values = as_names(answer)
    if (
        not isinstance(values, tuple)
        or len(values) != count
        or not all(isinstance(v, str) for v in values)
    ):
        raise InvalidInput(argument, answer, M("{count} {field} name(s)", count=count, field=field))
    if card == "single_interrogation":
        return SingleInterrogation(values[0])
    if card == "profiler":
        return Profiler(values[0])
    if card == "informant":
        return Informant(values)
    return InvestigatorsOnSite(last.scene, values)


def _rng(seed: int | random.Random | None) -> random.Random:
    return check_seed("seed", seed)


class Interrogation:
    """The case you chose for your opponent, and what your answers have taught them.

    Every questioning and card answer goes into the opponent's case file as they would
    keep it (:attr:`opponent`), so you see how many cases they still have and how close
    they are; :meth:`suggest` says what to name when a card forces you to rule something
    out, drawn at random among the answers that teach least without telling anything
    about which case is yours (see :meth:`suggestions`).

    Args:
        case: the case you chose (its crime must go with its weapon).
        deck: the case cards (default :meth:`Deck.default`).
        limit, counting, skips_use_up, repeats: the rules, as for
            :class:`Investigation` (``repeats=False``, the faster variant: you name no
            detail twice).

    Example:
        >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
        >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
        >>> mine.last_answer, mine.cases_left
        (2, 171)
        >>> mine.suggest("single_interrogation", seed=1) in mine.suggestions("profiler")
        False
    """

    def __init__(
        self,
        case: Case,
        *,
        deck: Deck | None = None,
        limit: int = LIMIT,
        counting: str = "each",
        skips_use_up: bool = True,
        repeats: bool = True,
    ) -> None:
        view = Investigation(
            deck, limit=limit, counting=counting, skips_use_up=skips_use_up, repeats=repeats
        )
        if not isinstance(case, Case):
            raise InvalidInput("case", case, "a kreuzverhoer.Case")
        view.world_of(case)
        self.case: Case = case
        self._view = view

    @classmethod
    def of(cls, case: Case, opponent: Investigation) -> Interrogation:
        """The answering side of ``case`` whose opponent's case file is ``opponent``.

        Raises:
            InvalidInput: ``opponent`` is not a case file, or it has ruled ``case`` out.

        Example:
            >>> case = Case("Mord", "Ulm", "Ede K.", "Gift")
            >>> view = Investigation().questioning("Mord", "Ulm", "Nora M.", "Gift", 3)
            >>> Interrogation.of(case, view).cases_left
            21
        """
        if not isinstance(opponent, Investigation):
            raise InvalidInput("opponent", opponent, "a kreuzverhoer.Investigation")
        if not isinstance(case, Case) or not opponent.contains_secret(case):
            raise InvalidInput("case", case, "a case the opponent's case file still holds")
        new = cls.__new__(cls)
        new.case, new._view = case, opponent
        return new

    @property
    def opponent(self) -> Investigation:
        """The opponent's case file, built from what you told them."""
        return self._view

    @property
    def deck(self) -> Deck:
        """The case cards."""
        return self._view.deck

    def _with(self, view: Investigation) -> Interrogation:
        new = Interrogation.__new__(Interrogation)
        new.case, new._view = self.case, view
        return new

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

    def suggestions(self, card: str) -> dict[Answer, float]:
        """Every answer :meth:`suggest` may give to the investigation ``card`` the opponent
        just played, with its probability.

        The answers that teach nothing come first: names the opponent has already ruled
        out (in the faster variant, ``repeats=False``, only those you have not named
        before). When there are not enough of them, the rest is drawn among the other
        wrong names, each set equally likely. Naming "the least likely" wrong detail
        would tell which one is true (it is the one never named); drawn this way, every
        case the opponent still holds gets the same chance of every answer that is true
        of it, so the answer teaches only what it says.

        Raises:
            InvalidInput: an unknown card, a card the laid suspect forbids, or (faster
                variant) too few details left that you have not named.

        Example:
            >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
            >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
            >>> len(mine.suggestions("single_interrogation"))
            5
            >>> mine.suggestions("confrontation")
            {True: 1.0}
        """
        if card not in CARDS:
            raise InvalidInput("card", card, CARDS)
        last = last_questioning(self._view.clues, card)
        note = ban_note(self.deck, last.suspect, card)
        if note is not None:
            raise InvalidInput(
                "card",
                card,
                N_("a card the laid suspect allows"),
                reason=M(
                    "{suspect} was laid and forbids it{note}", suspect=last.suspect, note=note
                ),
            )
        if card == "confrontation":
            return {last.suspect == self.case.suspect: 1.0}
        if card == "investigators_on_site" and last.scene != self.case.scene:
            return {None: 1.0}
        field, count = NAMES_TOLD[card]
        space = self._view.space
        if card == "investigators_on_site":  # the answer also tells the scene: count there
            space = space.filter(space.column("scene") == self.deck.index("scene", last.scene))
        mass = space.marginals([field])[field]
        truth = getattr(self.case, field)
        names = self.deck.names(field)
        before = set() if self._view.repeats else named_before(self._view.clues)[field]
        nameable = [n for n in names if n != truth and n not in before]
        silent = [n for n in nameable if mass[n] == 0]
        telling = [n for n in nameable if mass[n] > 0]
        if len(silent) >= count:
            sets = [tuple(c) for c in combinations(silent, count)]
        else:
            missing = count - len(silent)
            if len(telling) < missing:
                raise InvalidInput(
                    "card",
                    card,
                    M(
                        "a card with {count} {field} name(s) left to name",
                        count=count,
                        field=field,
                    ),
                    reason=M("every other {field} was named before (faster variant)", field=field),
                )
            sets = [tuple(silent) + c for c in combinations(telling, missing)]
        ordered = [tuple(sorted(s, key=names.index)) for s in sets]
        return {answer: 1.0 / len(ordered) for answer in ordered}

    def suggest(self, card: str, *, seed: int | random.Random | None = None) -> Answer:
        """What to answer to the investigation ``card`` the opponent just played: one
        answer of :meth:`suggestions`, drawn with ``seed`` (an int or a
        :class:`random.Random` makes it reproducible).

        Names for Einzelverhör (1 crime), Profiler (1 suspect), Informant (2 scenes) and
        Ermittler vor Ort (2 weapons, or None when the laid scene is wrong); True or
        False for Gegenüberstellung.

        Example:
            >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
            >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
            >>> mine.suggest("single_interrogation", seed=3)
            ('Überfall',)
        """
        choices = self.suggestions(card)
        answers = list(choices)
        if len(answers) == 1:
            return answers[0]
        return _rng(seed).choice(answers)

    def in_words(self, card: str, answer: Any) -> str:
        """``answer`` to ``card`` (after the last questioning) as a sentence.

        Example:
            >>> mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"))
            >>> mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
            >>> mine.in_words("informant", ("Köln*", "Hamburg*"))
            'the scene is neither Köln* nor Hamburg*'
            >>> mine.in_words("investigators_on_site", None)
            'the laid scene Berlin is wrong'
        """
        if not isinstance(card, str) or card not in CARDS:
            raise InvalidInput("card", card, CARDS)
        last = last_questioning(self._view.clues, card)
        answer_clue(card, answer, last, argument="answer")  # an answer of the card's shape
        return answer_in_words(card, answer, last.scene, last.suspect)

    def played(
        self, card: str, named: Any = SUGGESTED, *, seed: int | random.Random | None = None
    ) -> Interrogation:
        """Log your answer to ``card``: ``named`` as :meth:`suggest` gives it (left out:
        a suggestion, drawn with ``seed``). For Ermittler vor Ort, ``None`` answers "the
        laid scene is wrong".

        Raises:
            InvalidInput: an unknown card, the wrong number of names, or an answer that
                is not true of your case (it would remove the case from the opponent's
                view), or in the faster variant names a detail you named before.

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
        if card not in CARDS:
            raise InvalidInput("card", card, CARDS)
        view = self._view
        last = last_questioning(view.clues, card)
        answer = self.suggest(card, seed=seed) if named is SUGGESTED else named
        if card == "investigators_on_site" and last.scene != self.case.scene and answer is not None:
            raise InvalidInput(
                "named",
                answer,
                "None",
                reason=M("the laid scene {scene} is wrong", scene=last.scene),
            )
        clue = answer_clue(card, answer, last)
        try:
            new: Investigation | None = view.observe(clue)
        except Contradiction:
            new = None
        if new is None or not new.contains_secret(self.case):
            raise InvalidInput(
                "named",
                answer,
                N_("an answer that is true of your case"),
                reason=M("the case is {case}", case=str(self.case)),
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
        expected = "JSON from Interrogation.to_json()"
        document = parse_json(text, expected=expected)
        try:
            if not isinstance(document, dict) or set(document) != {"case", "opponent"}:
                raise InvalidInput("text", short(text), f"{expected}: an object of case, opponent")
            named = document["case"]
            if not isinstance(named, list) or not all(isinstance(n, str) for n in named):
                raise InvalidInput("case", short(named), "a list of four names")
            case = Case(*named)
            opponent = json.dumps(document["opponent"])
            view = Investigation.from_json(opponent)
            view.world_of(case)  # a case of the deck whose crime goes with its weapon
            if case not in view.solutions():
                raise InvalidInput("text", case, "answers that are true of the saved case")
            return cls.of(case, view)
        except DeduceError:
            raise
        except Exception as error:  # a value of a type the reader cannot use
            raise InvalidInput(
                "text", short(text), expected, reason=f"{type(error).__name__}: {short(error, 200)}"
            ) from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Interrogation):
            return NotImplemented
        return self.case == other.case and self._view == other._view

    def __hash__(self) -> int:
        return hash((self.case, self._view))

    def __repr__(self) -> str:
        return f"Interrogation({self.case!r}) after {len(self._view.clues)} clues"


guard(globals())
