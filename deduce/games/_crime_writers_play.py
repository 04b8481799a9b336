"""Crime Writers self-play: a writer who answers truthfully and guests who follow the
recommendations. Used by the demo, the example and the benchmark.

Example:
    >>> import random
    >>> from deduce.games._crime_writers_deck import Deck
    >>> result = play_round(Deck.example(), ("Ann", "Ben", "Cy"), random.Random(2))
    >>> result.sheet.rounds[0].complete, result.investigation.solved == result.story
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deduce.games._crime_writers_deck import DECK_OF, ELEMENTS, INVENTED, Deck
from deduce.games._crime_writers_score import ScoreSheet

if TYPE_CHECKING:
    from deduce.games.crime_writers import Investigation, Story

__all__ = ["Event", "Result", "Writer", "play_round", "random_story"]

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
    reply: str  # "yes", "no" or "found"


@dataclass
class Writer:
    """Answers questions about ``story`` truthfully; an invented element (and a card's
    ``maybe`` tag) gets a description drawn once, at random, and kept."""

    deck: Deck
    story: dict[str, str]  # element -> card wording or INVENTED
    inventions: dict[str, str]  # element -> wording of an invented element
    rng: random.Random
    _bits: dict[tuple[str, str], bool] = field(default_factory=dict)

    def reply(self, element: str, about: str) -> str:
        """ "yes" or "no" to: does ``element`` have tag ``about`` / is it card ``about``?"""
        stack = DECK_OF[element]
        value = self.story[element]
        if any(c.text == about for c in self.deck.stack(stack)):
            return "yes" if value == about else "no"
        status = "maybe" if value == INVENTED else self.deck.card(stack, value).status(about)
        if status == "maybe":
            bit = self._bits.setdefault((element, about), self.rng.random() < 0.5)
            return "yes" if bit else "no"
        return "yes" if status == "has" else "no"

    def wording(self, element: str) -> str:
        """The exact wording of ``element``."""
        value = self.story[element]
        return self.inventions[element] if value == INVENTED else value


def random_story(deck: Deck, rng: random.Random) -> tuple[dict[str, str], dict[str, str]]:
    """A draw by the rule (3 cards, at most 2 persons) and wordings for the 2 invented."""
    while True:
        chosen = set(rng.sample(ELEMENTS, 3))
        story = {
            e: rng.choice(deck.for_element(e)).text if e in chosen else INVENTED for e in ELEMENTS
        }
        if story["who"] == INVENTED or story["who"] != story["whom"]:
            break
    inventions = {e: rng.choice(_INVENTIONS[e]) for e in ELEMENTS if story[e] == INVENTED}
    return story, inventions


@dataclass(frozen=True)
class Result:
    """A round played to its end."""

    story: Story
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
) -> Result:
    """The first writer's story, found by guests who ask the recommended questions.

    A guest keeps asking while the writer says yes and passes on a no (the rulebook's
    order of turns); every question takes 10 to 40 seconds on the clock.
    """
    from deduce.games.crime_writers import Investigation, Story

    sheet = ScoreSheet(tuple(players)).start_round()
    writer_name = sheet.rounds[0].writer
    guests = [p for p in players if p != writer_name]
    story, inventions = random_story(deck, rng)
    writer = Writer(deck, story, inventions, rng)
    inv = Investigation(deck)
    clock, turn = 0.0, 0
    events: list[Event] = []
    found: set[str] = set()

    def emit(event: Event) -> None:
        events.append(event)
        if on_event is not None:
            on_event(event, inv)

    for _ in range(limit):
        if len(found) == len(ELEMENTS):
            break
        guest = guests[turn % len(guests)]
        certain = inv.certain()
        ready = [e for e in ELEMENTS if e in certain and e not in found]
        if ready:  # the element is known: name it
            element = ready[0]
            clock += rng.uniform(5, 15)
            wording = writer.wording(element)
            inv = inv.found(element, wording, invented=story[element] == INVENTED)
            sheet = sheet.found(element, guest, at=round(clock, 1))
            found.add(element)
            emit(Event(guest, round(clock, 1), element, wording, "found"))
            continue
        question = inv.recommend(top=1)[0].action
        clock += rng.uniform(10, 40)
        reply = writer.reply(question.element, question.about)
        is_card = any(c.text == question.about for c in deck.for_element(question.element))
        if is_card and reply == "yes":  # naming the card exactly: found
            inv = inv.found(question.element, question.about)
            sheet = sheet.found(question.element, guest, at=round(clock, 1))
            found.add(question.element)
            emit(Event(guest, round(clock, 1), question.element, question.about, "found"))
            continue
        inv = inv.answer(question.element, question.about, reply)
        emit(Event(guest, round(clock, 1), question.element, question.about, reply))
        if reply == "no":
            turn += 1
    solved = Story(*(writer.wording(e) for e in ELEMENTS))
    return Result(solved, tuple(events), sheet, inv)
