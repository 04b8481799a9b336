"""Crime Writers self-play: a writer who answers truthfully and guests who follow the
advice. Used by the demo and the tests.

The writer's story comes from the notebook's own prior: a draw of the rule, every one
equally likely (the same code draws the secrets of the property tests), and for each
invented element a wording, like one of the ``n`` cards of its stack or one of the
writer's own, ``n + 1`` cases equally likely. A tag the story leaves open (an invented
element's, or a card's ``maybe`` tag) is settled yes or no at random the first time it
is asked, and kept.

The guests know only the writer's replies. In turn, a guest asks the question the
notebook recommends, keeps asking while the writer says yes and passes on a no (the
rulebook's order of turns); naming a card that gets "yes" finds the element. An
element known to be invented gets its cards' wordings named one by one. The notebook
cannot ask about a wording of the writer's own, so the self-play uses a stand-in rule
for it: when every card's wording of its stack has been answered "no", the guests find
the wording after :data:`OWN_WORDING_QUESTIONS` more questions (on the clock like the
others), and then name it. Every question takes 10 to 40 seconds.

Example:
    >>> import random
    >>> from deduce.games.crime_writers.cards import Deck
    >>> result = play_round(Deck.example(), ("Ann", "Ben", "Cy"), random.Random(2))
    >>> result.sheet.rounds[0].complete, result.investigation.solved == result.story
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from deduce._validation import check_int
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import ELEMENTS, INVENTED, Deck
from deduce.games.crime_writers.clues import Question, Story, truthful_reply
from deduce.games.crime_writers.investigation import Investigation
from deduce.games.crime_writers.scoresheet import ScoreSheet

__all__ = [
    "OWN_WORDING_QUESTIONS",
    "Event",
    "Result",
    "Writer",
    "play_round",
    "random_story",
    "truthful_reply",
]

OWN_WORDING_QUESTIONS = 6
"""Stand-in: questions the guests need to find a wording of the writer's own."""

_INVENTIONS = {
    "who": ("Stage magician", "Lighthouse keeper", "Beekeeper"),
    "whom": ("Tax inspector", "Ventriloquist", "Sommelier"),
    "why": ("Stage fright", "A stolen recipe", "Wounded vanity"),
    "where": ("Ice rink", "Greenhouse", "Elevator"),
    "how": ("Falling piano", "Poisoned stamp", "Icicle"),
}


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a round: a question and its reply, or an element found."""

    guest: str
    seconds: float
    element: str
    about: str
    reply: str  # "yes", "no", "found", or "stand-in" (a question of the stand-in rule)


@dataclass
class Writer:
    """Answers questions about ``story`` truthfully (see :func:`truthful_reply`); an
    open tag gets a reply drawn once, at random, and kept."""

    deck: Deck
    story: dict[str, str]  # element -> card wording or INVENTED
    inventions: dict[str, str]  # element -> wording of an invented element
    rng: random.Random
    _bits: dict[tuple[str, str], bool] = field(default_factory=dict)

    def reply(self, element: str, about: str) -> str:
        """ "yes" or "no" to: does ``element`` have tag ``about`` / is it card ``about``?"""
        return truthful_reply(
            self.deck,
            element,
            self.story[element],
            about,
            lambda: self.inventions.get(element) == about,
            lambda: self._bits.setdefault((element, about), self.rng.random() < 0.5),
        )

    def tell(self, element: str) -> str:
        """The stand-in rule's end: the wording of an invented ``element`` that is no
        card's (the guests call it only after the questions the rule costs)."""
        wording = self.inventions.get(element)
        if wording is None or any(c.text == wording for c in self.deck.for_element(element)):
            raise ValueError(f"{element} is not worded in the writer's own words")
        return wording

    def wording(self, element: str) -> str:
        """The exact wording of ``element`` (the answer sheet; guests never read it)."""
        value = self.story[element]
        return self.inventions[element] if value == INVENTED else value


def random_story(deck: Deck, rng: random.Random) -> tuple[dict[str, str], dict[str, str]]:
    """A story from the notebook's prior, and the wordings of its 2 invented elements."""
    start = Investigation(deck)
    drawn = start.story_of(rng.randrange(start.space.size))
    story = {e: getattr(drawn, e) for e in ELEMENTS}
    inventions = {}
    for element in ELEMENTS:
        if story[element] == INVENTED:
            cards = [c.text for c in deck.for_element(element)]
            k = rng.randrange(len(cards) + 1)
            inventions[element] = cards[k] if k < len(cards) else rng.choice(_INVENTIONS[element])
    return story, inventions


@dataclass(frozen=True)
class Result:
    """A round played to its end: the story's wordings, and its draw (the cards, and
    :data:`INVENTED` for the invented elements)."""

    story: Story
    draw: Story
    events: tuple[Event, ...]
    sheet: ScoreSheet
    investigation: Investigation


def play_round(
    deck: Deck,
    players: Sequence[str],
    rng: random.Random,
    *,
    on_event: Callable[[Event, Investigation], None] | None = None,
    limit: int = 400,
    strategies: Mapping[str, str] | None = None,
) -> Result:
    """The first writer's story, found by guests who ask the recommended questions.

    ``strategies`` names the strategy each guest ranks questions by (default: the
    notebook's default strategy for every guest).

    Raises:
        RuntimeError: the guests did not find the story in ``limit`` questions.
    """
    check_int("limit", limit, 1)
    sheet = ScoreSheet(tuple(players)).start_round()
    writer_name = sheet.rounds[0].writer
    guests = [p for p in players if p != writer_name]
    story, inventions = random_story(deck, rng)
    writer = Writer(deck, story, inventions, rng)
    inv = Investigation(deck)
    clock, turn = 0.0, 0
    events: list[Event] = []
    found: set[str] = set()
    stand_in: dict[str, int] = {}  # element -> stand-in questions asked so far

    def is_card(question: Question) -> bool:
        return any(c.text == question.about for c in deck.for_element(question.element))

    def next_question(guest: str) -> Question | str:
        """The guests' next question, or the element to go on with by the stand-in rule."""
        certain = inv.certain()
        open_elements = [e for e in ELEMENTS if e not in found]
        for element in open_elements:
            if element in certain and certain[element] != INVENTED:  # the card is known
                return Question(element, certain[element])
        for element in open_elements:
            if certain.get(element) == INVENTED:  # try its cards' wordings in turn
                try:
                    return card_of(element)
                except InvalidInput:  # every one answered "no": the writer's own wording
                    return element
        strategy = (strategies or {}).get(guest)
        best = inv.recommend(top=1, strategy=strategy, among=lambda q: q.element in open_elements)[
            0
        ]
        if best.information > 1e-9:
            action: Question = best.action
            return action
        # nothing left to learn about the draw: name a card of an open element
        for element in open_elements:
            try:
                return card_of(element)
            except InvalidInput:
                continue
        return open_elements[0]  # no card left: the writer's own wording

    def card_of(element: str) -> Question:
        """The best question naming a card for ``element`` not asked yet."""
        action: Question = inv.best(among=lambda q: q.element == element and is_card(q))
        return action

    def emit(event: Event) -> None:
        events.append(event)
        if on_event is not None:
            on_event(event, inv)

    for _ in range(limit):
        if len(found) == len(ELEMENTS):
            break
        guest = guests[turn % len(guests)]
        clock += rng.uniform(10, 40)
        question = next_question(guest)
        if isinstance(question, str):
            element = question
            stand_in[element] = stand_in.get(element, 0) + 1
            if stand_in[element] <= OWN_WORDING_QUESTIONS:
                emit(Event(guest, round(clock, 1), element, "(own wording)", "stand-in"))
                continue
            wording = writer.tell(element)
            inv = inv.found(element, wording)
            sheet = sheet.found(element, guest, at=round(clock, 1))
            found.add(element)
            emit(Event(guest, round(clock, 1), element, wording, "found"))
            continue
        reply = writer.reply(question.element, question.about)
        inv = inv.answer(question.element, question.about, reply)
        if is_card(question) and reply == "yes":  # named exactly as worded: found
            sheet = sheet.found(question.element, guest, at=round(clock, 1))
            found.add(question.element)
            emit(Event(guest, round(clock, 1), question.element, question.about, "found"))
            continue
        emit(Event(guest, round(clock, 1), question.element, question.about, reply))
        if reply == "no":
            turn += 1
    if len(found) < len(ELEMENTS):
        raise RuntimeError(f"the guests did not find the story in {limit} questions")
    solved = Story(*(writer.wording(e) for e in ELEMENTS))
    draw = Story(*(story[e] for e in ELEMENTS))
    return Result(solved, draw, tuple(events), sheet, inv)
