"""Kreuzverhör: the values and clues of the game, the card names, and the turn rules.

Everything here is public through :mod:`deduce.games.kreuzverhoer`.

Example:
    >>> Questioning("Mord", "Ulm", "Ede K.", "Gift", correct=2).guess
    Guess(crime='Mord', scene='Ulm', suspect='Ede K.', weapon='Gift')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.names import fold, resolve
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.cards import FIELDS, Deck, with_gloss

__all__ = [
    "CARD_GLOSSES",
    "CARD_TITLES",
    "DEFENCE_CARDS",
    "INVESTIGATION_CARDS",
    "CardValue",
    "Case",
    "Confirmed",
    "Confrontation",
    "Defence",
    "Guess",
    "Informant",
    "InvestigatorsOnSite",
    "Profiler",
    "Questioning",
    "RuledOut",
    "SingleInterrogation",
    "card_name",
]

INVESTIGATION_CARDS: tuple[str, ...] = (
    "single_interrogation",
    "investigators_on_site",
    "confrontation",
    "informant",
    "profiler",
    "witness",
    "forensics",
    "suspicion",
    "other",
)
"""The 9 investigation cards: the 8 the rulebook names (Einzelverhör, Ermittler vor Ort,
Gegenüberstellung, Informant, Profiler, Zeuge, Spurensicherung, Verdacht) and ``"other"``
for the ninth, which it counts but does not name. The first five have helpers; for the
others use :meth:`Investigation.ruled_out` / ``confirmed`` with ``card=``."""

DEFENCE_CARDS: tuple[str, ...] = (
    "alibi",
    "lawyer",
    "refusal",
    "false_witness",
    "mole",
    "suspension",
)
"""The defence cards (Alibi, Anwalt, Aussageverweigerung, Falscher Zeuge, Maulwurf,
Suspendierung)."""

CARD_TITLES: dict[str, str] = {
    "single_interrogation": "Einzelverhör",
    "investigators_on_site": "Ermittler vor Ort",
    "confrontation": "Gegenüberstellung",
    "informant": "Informant",
    "profiler": "Profiler",
    "witness": "Zeuge",
    "forensics": "Spurensicherung",
    "suspicion": "Verdacht",
    "other": "the ninth investigation card",
    "alibi": "Alibi",
    "lawyer": "Anwalt",
    "refusal": "Aussageverweigerung",
    "false_witness": "Falscher Zeuge",
    "mole": "Maulwurf",
    "suspension": "Suspendierung",
}
"""The name printed on each action card, by the name the API uses."""

CARD_GLOSSES: dict[str, str] = {
    "single_interrogation": "single interrogation",
    "investigators_on_site": "investigators on site",
    "confrontation": "confrontation",
    "informant": "informant",
    "profiler": "profiler",
    "witness": "witness",
    "forensics": "forensics",
    "suspicion": "suspicion",
    "alibi": "alibi",
    "lawyer": "lawyer",
    "refusal": "refusal to testify",
    "false_witness": "false witness",
    "mole": "mole",
    "suspension": "suspension",
}
"""The English gloss of each action card's printed title: the name the API uses, in
words (Aussageverweigerung, ``refusal``, is a refusal to testify). A player reading
English sees it after the title where the card is explained (:func:`glossed_title`);
one that is the title again (Informant, Profiler, Alibi) is not shown. Each is read as
the card too, as the API's names are."""

BLOCKS: dict[str, tuple[str, ...]] = {
    "alibi": ("confrontation",),
    "refusal": ("single_interrogation", "confrontation", "informant", "suspicion", "witness"),
    "false_witness": ("witness",),
}
SKIPS = ("lawyer", "suspension")


def skips_in(hand: Sequence[str] | None) -> int:
    """How many skip cards (Anwalt, Suspendierung) ``hand`` holds (none for no hand).

    Example:
        >>> skips_in(["lawyer", "alibi", "suspension"]), skips_in(None)
        (2, 0)
    """
    return sum(1 for card in hand or () if card in SKIPS)


VALUED_CARDS = INVESTIGATION_CARDS[:5]  # the cards whose text the rulebook gives
NAMES_TOLD: dict[str, tuple[str, int]] = {  # card -> (field, how many names are told)
    "single_interrogation": ("crime", 1),
    "investigators_on_site": ("weapon", 2),
    "informant": ("scene", 2),
    "profiler": ("suspect", 1),
}


# -- values ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Details:
    """Four names, one per detail of a case; unpacks in the order cards are laid."""

    crime: str
    scene: str
    suspect: str
    weapon: str

    def __iter__(self) -> Iterator[str]:
        return iter((self.crime, self.scene, self.suspect, self.weapon))

    def __str__(self) -> str:
        return " / ".join(self)


@dataclass(frozen=True, slots=True)
class Case(_Details):
    """A case: the solution. Unpacks as ``crime, scene, suspect, weapon``.

    Example:
        >>> case = Case("Mord", "Ulm", "Ede K.", "Gift")
        >>> str(case), list(case)[1]
        ('Mord / Ulm / Ede K. / Gift', 'Ulm')
    """


@dataclass(frozen=True, slots=True)
class Guess(_Details):
    """Four laid case cards (any four: the crime and weapon need not go together).

    Example:
        >>> from deduce.games.kreuzverhoer import Investigation
        >>> inv = Investigation()
        >>> guess = inv.recommend(top=1)[0].action
        >>> inv.questioning(*guess, correct=0).questionings
        1
    """


# -- clues -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Questioning:
    """Four laid cards and how many of them are right (4: the case is solved).

    Example:
        >>> Questioning("Mord", "Ulm", "Ede K.", "Gift", correct=2).guess
        Guess(crime='Mord', scene='Ulm', suspect='Ede K.', weapon='Gift')
    """

    crime: str
    scene: str
    suspect: str
    weapon: str
    correct: int

    @property
    def guess(self) -> Guess:
        """The laid cards."""
        return Guess(self.crime, self.scene, self.suspect, self.weapon)


@dataclass(frozen=True, slots=True)
class SingleInterrogation:
    """Einzelverhör: the named crime is not the case's."""

    crime: str


@dataclass(frozen=True, slots=True)
class InvestigatorsOnSite:
    """Ermittler vor Ort about the laid ``scene``: ``weapons`` None if the scene is wrong,
    else the 2 weapons named as not the case's (the scene is then right)."""

    scene: str
    weapons: tuple[str, ...] | None

    def __post_init__(self) -> None:
        if isinstance(self.weapons, list):
            object.__setattr__(self, "weapons", tuple(self.weapons))


@dataclass(frozen=True, slots=True)
class Confrontation:
    """Gegenüberstellung: whether the laid ``suspect`` is the case's."""

    suspect: str
    correct: bool


@dataclass(frozen=True, slots=True)
class Informant:
    """Informant: the 2 named scenes are not the case's."""

    scenes: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.scenes, list):
            object.__setattr__(self, "scenes", tuple(self.scenes))


@dataclass(frozen=True, slots=True)
class Profiler:
    """Profiler: the named suspect is not the case's."""

    suspect: str


def as_names(value: Any) -> Any:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(value)
    return value


@dataclass(frozen=True, slots=True)
class RuledOut:
    """Generic fact: none of the given names is the case's (a card's text, or what you
    know otherwise). ``card`` names the investigation card that told it, if any.

    Example:
        >>> RuledOut(weapon="Gift")
        RuledOut(crime=(), scene=(), suspect=(), weapon=('Gift',), card=None)
    """

    crime: tuple[str, ...] = ()
    scene: tuple[str, ...] = ()
    suspect: tuple[str, ...] = ()
    weapon: tuple[str, ...] = ()
    card: str | None = None

    def __post_init__(self) -> None:
        for name in FIELDS:
            object.__setattr__(self, name, as_names(getattr(self, name)))


@dataclass(frozen=True, slots=True)
class Confirmed:
    """Generic fact: the given names are the case's. ``card`` as in :class:`RuledOut`."""

    crime: str | None = None
    scene: str | None = None
    suspect: str | None = None
    weapon: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Defence:
    """A defence card your opponent played: logged, it changes nothing about the case.

    ``blocks`` names the investigation card it made useless (Alibi, Refusal to Testify and
    False Witness need one). Lawyer and Suspension cost you your next questioning.
    """

    card: str
    blocks: str | None = None


CardClue = SingleInterrogation | InvestigatorsOnSite | Confrontation | Informant | Profiler
"""The answer to an investigation card, as a clue of the questioner's case file."""

CaseFileClue = Questioning | CardClue | RuledOut | Confirmed | Defence
"""A clue of a case file (:class:`~deduce.games.kreuzverhoer.Investigation`)."""

CARD_OF: dict[type, str] = {
    SingleInterrogation: "single_interrogation",
    InvestigatorsOnSite: "investigators_on_site",
    Confrontation: "confrontation",
    Informant: "informant",
    Profiler: "profiler",
}


def questioning_of(guess: Guess, correct: int) -> Questioning:
    return Questioning(guess.crime, guess.scene, guess.suspect, guess.weapon, correct)


def card_of(clue: object) -> str | None:
    if isinstance(clue, (RuledOut, Confirmed)):
        return clue.card
    return CARD_OF.get(type(clue))


@dataclass(frozen=True, slots=True)
class CardValue:
    """What an investigation card in your hand is expected to teach.

    Attributes:
        card: the card's name.
        information: expected bits about the case; None when the rulebook does not say
            what the card reveals.
        worst_case: the most cases that can remain after its answer (None as above).
        allowed: False when it may not be played (a defence card, or a laid suspect
            forbids it).
        reason: why it is not allowed or not valued.
    """

    card: str
    information: float | None
    worst_case: int | None
    allowed: bool = True
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Turn:
    questionings: int
    skipped: int
    last: Questioning | None
    card: str | None  # investigation card played (or blocked) in the last questioning
    defence: Defence | None
    solved_in: int | None


def turn_of(clues: Sequence[object]) -> Turn:
    questionings = skipped = 0
    last: Questioning | None = None
    card: str | None = None
    defence: Defence | None = None
    solved_in: int | None = None
    for clue in clues:
        if isinstance(clue, Questioning):
            questionings += 1
            last, card, defence = clue, None, None
            if clue.correct == 4:
                solved_in = questionings
        elif isinstance(clue, Defence):
            defence = clue
            if clue.blocks is not None:
                card = clue.blocks
            if clue.card in SKIPS:
                skipped += 1
        elif card_of(clue) is not None:
            card = card_of(clue)
    return Turn(questionings, skipped, last, card, defence, solved_in)


def last_questioning(clues: Sequence[object], card: object) -> Questioning:
    """The questioning a card refers to (refused before the first one)."""
    last = turn_of(clues).last
    if last is None:
        raise InvalidInput(
            "card",
            card,
            N_("a card played after a questioning"),
            reason=N_("no questioning yet"),
        )
    return last


def ban_note(deck: Deck, suspect: str, card: str) -> str | None:
    """None if ``card`` may be played after ``suspect`` was laid; else a note for the
    message ("" for a printed ban, a warning for a stand-in)."""
    if deck.banned(suspect) != card:
        return None
    return N_(" (a stand-in ban of the default deck)") if suspect in deck.stand_in_bans else ""


def field_names(names: dict[str, Any], *, many: bool, deck: Deck | None = None) -> dict[str, Any]:
    """``names`` checked by field; with ``deck``, each name as the deck writes it (see
    :meth:`Deck.card`)."""
    for key in names:
        if key not in FIELDS:
            raise InvalidInput("field", key, FIELDS)
    if deck is None:
        return {k: as_names(v) for k, v in names.items()} if many else dict(names)
    if many:
        listed = {k: as_names(v) for k, v in names.items()}
        return {
            k: tuple(named(deck, k, n) for n in v) if isinstance(v, tuple) else v
            for k, v in listed.items()
        }
    return {k: named(deck, k, v) for k, v in names.items()}


def named(deck: Deck, field: str, name: Any) -> Any:
    """``name`` as ``deck`` writes its ``field`` card (see :meth:`Deck.card`) if it is a
    str; anything else is left for the clue's checks to refuse."""
    return deck.card(field, name) if isinstance(name, str) else name


def card_title(card: str | None) -> str:
    """The title printed on an action card (``Gegenüberstellung``); "" for None.

    Example:
        >>> card_title("confrontation"), card_title("other"), card_title(None)
        ('Gegenüberstellung', 'other', '')
    """
    if card is None:
        return ""
    return card if card == "other" else CARD_TITLES.get(card, card)


def glossed_title(card: str | None) -> str:
    """The title printed on an action card, with its English gloss after it for a player
    reading English (:data:`CARD_GLOSSES`); as printed for a player reading German.

    Example:
        >>> from deduce._internal.language import use_language
        >>> glossed_title("refusal"), glossed_title("informant"), glossed_title(None)
        ('Aussageverweigerung (refusal to testify)', 'Informant', '')
        >>> with use_language("de"):
        ...     glossed_title("refusal")
        'Aussageverweigerung'
    """
    if card is None:
        return ""
    return with_gloss(card_title(card), CARD_GLOSSES.get(card))


def card_words(cards: Iterable[str]) -> dict[str, str]:
    """Every other word for one of ``cards`` (the API's names) that a player may type:
    its printed title, and its gloss where that is not its name in the API already.

    Example:
        >>> card_words(["refusal", "lawyer"])
        {'Aussageverweigerung': 'refusal', 'refusal to testify': 'refusal', 'Anwalt': 'lawyer'}
    """
    words: dict[str, str] = {}
    for card in cards:
        if card == "other":
            continue
        words[CARD_TITLES[card]] = card
        gloss = CARD_GLOSSES.get(card)
        if gloss is not None and fold(gloss) not in {fold(card), fold(CARD_TITLES[card])}:
            words[gloss] = card
    return words


def card_name(card: Any, cards: Sequence[str] = INVESTIGATION_CARDS, argument: str = "card") -> Any:
    """The action card of ``cards`` that ``card`` names: its name in the API
    (``confrontation``), the title printed on it (``Gegenüberstellung``) or its English
    gloss (``refusal to testify``), as players type names; what is not a str is left for
    the clue's checks.

    Example:
        >>> card_name("Gegenueberstellung"), card_name("Zeuge"), card_name("Anwalt", DEFENCE_CARDS)
        ('confrontation', 'witness', 'lawyer')
        >>> card_name("Refusal to testify", DEFENCE_CARDS)
        'refusal'
    """
    if not isinstance(card, str):
        return card
    words = card_words(cards)
    return resolve(card, list(cards), argument=argument, prefix=False, aliases=words)


def check_action_card(card: Any, cards: tuple[str, ...]) -> str:
    """``card`` if it is one of ``cards`` (the API's names), else refused naming the
    cards by their printed titles.

    Example:
        >>> check_action_card("lawyer", DEFENCE_CARDS)
        'lawyer'
    """
    if not isinstance(card, str) or card not in cards:
        raise InvalidInput("card", card, [card_title(c) for c in cards])
    return card


def check_card(card: Any) -> None:
    if card is not None:
        check_action_card(card, INVESTIGATION_CARDS)


def check_defence(clue: Defence) -> None:
    if clue.card not in DEFENCE_CARDS:
        raise InvalidInput("card", clue.card, [card_title(c) for c in DEFENCE_CARDS])
    allowed = BLOCKS.get(clue.card, ())
    title = card_title(clue.card)
    against = [card_title(c) for c in allowed]
    if clue.blocks is None and allowed:
        reason = M("{card} is only played against one of these", card=title)
        raise InvalidInput("blocks", None, against, reason=reason)
    if clue.blocks is not None and clue.blocks not in allowed:
        raise InvalidInput(
            "blocks",
            card_title(clue.blocks),
            against or [None],
            reason=M("{card} cannot block it", card=title),
        )


guard(globals())
