"""Crime Writers self-play: whole games between bots, each seeing its own
:class:`~deduce.games.crime_writers.Table`, on the engine's game master
(:func:`deduce.table.referee.run`). Used by the demo, the tournament and the tests.

Every player writes one story, in seating order. The writer is a bot too: it answers
truthfully (:func:`truthful`) from a story drawn from the notebook's own prior: a draw of
the rule, every one equally likely (the same code draws the secrets of the property
tests), and for each invented element a wording, like one of the ``n`` cards of its
stack or one of the writer's own, ``n + 1`` cases equally likely. A tag the story leaves
open (an invented element's, or a card's ``maybe`` tag) is settled yes or no at random
the first time it is asked, and kept.

The guests know only the writer's replies. In turn, a guest asks the question the
notebook recommends, keeps asking while the writer says yes and passes on a no (the
rulebook's order of turns); naming a card that gets "yes" finds the element. An
element known to be invented gets its cards' wordings named one by one. The notebook
cannot ask about a wording of the writer's own, so the self-play uses a stand-in rule
for it: when every card's wording of its stack has been answered "no", the guests find
the wording after :data:`OWN_WORDING_QUESTIONS` more questions (on the clock like the
others, asked as ``Question(element, OWN_WORDING)``), and then name it. Every question
takes 10 to 40 seconds.

Example:
    >>> record = play_game([advised, advised, entropy], seed=2)
    >>> record.over, len(record.truth["stories"]), record.tables[0].over
    (True, 3, True)
    >>> sum(record.points) - sum(record.tables[0].sheet.writer_points().values())  # 3 x 15
    45
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.validation import check_int, check_seed, check_type
from deduce.errors import DeduceError, InvalidInput
from deduce.games.crime_writers.cards import ELEMENTS, INVENTED, Deck
from deduce.games.crime_writers.clues import Question, Story, reply_of, truthful_reply
from deduce.games.crime_writers.guest import GUEST
from deduce.games.crime_writers.investigation import Investigation
from deduce.games.crime_writers.scoresheet import ScoreSheet
from deduce.games.crime_writers.table import Table
from deduce.search.memo import remembered
from deduce.table.referee import Bot, GameRecord, Policy, SeatTables, check_lineup, run

__all__ = [
    "NAMES",
    "OWN_WORDING",
    "OWN_WORDING_QUESTIONS",
    "STEPS",
    "Bot",
    "Event",
    "GameRecord",
    "Result",
    "Writer",
    "Writing",
    "advised",
    "entropy",
    "following",
    "play_game",
    "play_round",
    "random_story",
    "truthful",
    "truthful_reply",
]

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
"""The players' names at a table of bots, in seating order (Ann writes first)."""

OWN_WORDING = "(own wording)"
"""A stand-in question: ``Question(element, OWN_WORDING)`` asks freely about a wording of
the writer's own (see the module's text)."""

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
        if element not in self.story:
            raise InvalidInput("element", element, tuple(self.story))
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
            raise InvalidInput("element", element, "an element worded in the writer's own words")
        return wording

    def wording(self, element: str) -> str:
        """The exact wording of ``element`` (the answer sheet; guests never read it)."""
        if element not in self.story:
            raise InvalidInput("element", element, tuple(self.story))
        value = self.story[element]
        return self.inventions[element] if value == INVENTED else value


@dataclass(frozen=True, slots=True)
class Writing:
    """What the writer sees when a question waits for a reply: their own table, their
    story (the answer sheet) and the question.

    Example:
        >>> writer = Writer(Deck.example(), dict.fromkeys(ELEMENTS, "Poison"), {},
        ...                 random.Random(0))
        >>> truthful(Writing(Table.example(), writer, Question("how", "Poison")), None)
        'yes'
    """

    table: Table
    writer: Writer
    question: Question


def truthful(writing: Writing, rng: object) -> str:
    """The writer's truthful reply, "yes" or "no" (see :class:`Writer`)."""
    check_type("writing", writing, Writing, "a Writing (the writer's table, story and question)")
    return writing.writer.reply(writing.question.element, writing.question.about)


STEPS = ("ask", "reply")
"""The steps at which a Crime Writers player acts: the question it asks as a guest, and
its reply as the writer."""

Move = Question | str | None
"""A bot's move: the :class:`Question` it asks or None to pass (the ask step), or the
writer's reply (the reply step)."""


def bot(name: str, ask: Policy, reply: Policy = truthful) -> Bot[Table | Writing, Move]:
    """A player (a :class:`~deduce.table.Bot`) from what it does at its two steps.

    ``ask(table, rng)`` gets the bot's own :class:`Table` when it is the bot's turn and
    returns a :class:`Question` (a tag or a card of the deck, or :data:`OWN_WORDING`) or
    None to pass the turn; ``reply(writing, rng)`` gets a :class:`Writing` and returns
    one of the writer's replies (the default: :func:`truthful`).

    Example:
        >>> passing = bot("passing", lambda table, rng: None)
        >>> record = play_game([advised, advised, passing], seed=1)
        >>> record.tables[0].sheet.guest_points()["Cy"]  # Cy never asks
        0
    """
    return Bot(name, {"ask": ask, "reply": reply})


def _naming(table: Table, element: str) -> Callable[[Question], bool]:
    """Whether a question names a card for ``element``."""
    cards = {c.text for c in table.deck.for_element(element)}
    return lambda q: q.element == element and q.about in cards


@remembered
def _card_of(table: Table, element: str) -> Question:
    """The best question naming a card for ``element`` not asked yet."""
    action: Question = table.best(among=_naming(table, element))
    return action


def _ask(table: Table, rng: random.Random, *, strategy: str | None) -> Question:
    """The advised question: a card once it is certain, an invented element's cards'
    wordings in turn, else the question ``strategy`` (None: the table's default) ranks
    first."""
    strategy = table.default_strategy if strategy is None else strategy
    certain = table.certain()
    open_elements = [e for e in ELEMENTS if e not in table.found_elements]
    for element in open_elements:
        if element in certain and certain[element] != INVENTED:  # the card is known
            return Question(element, certain[element])
    for element in open_elements:
        if certain.get(element) == INVENTED:  # try its cards' wordings in turn
            if strategy == GUEST:  # the guest's objective weighs them with the rest
                if not any(map(_naming(table, element), table.queries())):
                    return Question(element, OWN_WORDING)  # every one answered "no"
                continue
            try:
                return _card_of(table, element)
            except InvalidInput:  # every one answered "no": the writer's own wording
                return Question(element, OWN_WORDING)
    best = table.recommend(top=1, strategy=strategy, element=tuple(open_elements))
    if best[0].information > 1e-9:
        action: Question = best[0].action
        return action
    for element in open_elements:  # nothing left to learn about the draw: name a card
        try:
            return _card_of(table, element)
        except InvalidInput:
            continue
    return Question(open_elements[0], OWN_WORDING)  # no card left: the writer's own


def following(strategy: str | None = None, name: str | None = None) -> Bot[Table | Writing, Move]:
    """A bot that asks the question ``strategy`` ranks first (None: the default) and
    replies truthfully. With ``"guest"`` an element known to be invented gets its cards'
    wordings named only when the guest's objective ranks the naming first.

    Example:
        >>> following("turn").name
        'turn'
    """
    if strategy is not None:
        Investigation.example().check_strategy(strategy)
    if name is not None:
        check_type("name", name, str, "a name (text) or None")
    return bot(name or strategy or "advised", partial(_ask, strategy=strategy))


advised = following(None, "advised")
"""Asks what the table advises by default (``Table.default_strategy``: the guest's
objective with 3 players or more, which the league finds above the entropy guests, and
one-step entropy with 2), names a card once it is certain; replies truthfully."""

entropy = following("entropy")
"""Ranks questions by one-step entropy (the advice before the guest's objective, and
:data:`advised`'s with 2 players)."""


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


class _Referee(SeatTables):
    """The Crime Writers game master for :func:`~deduce.table.referee.run`: the guest whose
    turn it is asks (or passes); a question then waits for the writer's reply."""

    steps = STEPS
    tables: list[Table]

    def __init__(
        self,
        deck: Deck,
        names: tuple[str, ...],
        rng: random.Random,
        rounds: int,
        limit: int,
        on_event: Callable[[Event, Table], None] | None,
    ) -> None:
        self.deck, self.names, self.rng = deck, names, rng
        self.players = len(names)
        self.tables = [Table(deck, players=names, me=name) for name in names]
        self.rounds, self.limit, self.on_event = rounds, limit, on_event
        self.pending: Question | None = None
        self.stories: list[Story] = []
        self.draws: list[Story] = []
        self.events: list[list[Event]] = []
        self.done = False
        self._begin()

    def _begin(self) -> None:
        story, inventions = random_story(self.deck, self.rng)
        self.writer = Writer(self.deck, story, inventions, self.rng)
        self.stories.append(Story(*(self.writer.wording(e) for e in ELEMENTS)))
        self.draws.append(Story(*(story[e] for e in ELEMENTS)))
        self.events.append([])
        self.clock, self.asked = 0.0, 0
        self.stand_in: dict[str, int] = {}

    @property
    def table(self) -> Table:
        return self.tables[0]  # what is public is the same at every seat

    @property
    def turns(self) -> int:
        return sum(len(events) for events in self.events)

    def turn(self) -> int | None:
        if self.pending is not None:
            return self.names.index(self.table.writer)
        if self.done or self.asked >= self.limit:
            return None
        guest = self.table.turn
        return None if guest is None else self.names.index(guest)

    def step(self) -> str:
        return "ask" if self.pending is None else "reply"

    def view(self, seat: int) -> Table | Writing:
        if self.pending is not None and self.names[seat] == self.table.writer:
            return Writing(self.tables[seat], self.writer, self.pending)
        return self.tables[seat]

    def winners(self) -> tuple[int, ...]:
        return tuple(self.names.index(name) for name in self.table.winners())

    def points(self) -> tuple[int, ...]:
        points = self.table.points()
        return tuple(points[name] for name in self.names)

    def _tell(self, event: Event, change: Callable[[Table], Table]) -> list[str]:
        self.tables = [change(table) for table in self.tables]
        self.events[-1].append(event)
        if self.on_event is not None:
            self.on_event(event, self.tables[self.names.index(event.guest)])
        line = f"{event.guest}: {event.element} {event.about}? {event.reply}"
        if self.table.story_found:
            if len(self.table.sheet.rounds) < self.rounds:
                self.tables = [table.next_round() for table in self.tables]
                self._begin()
            else:
                self.done = True
        return [line]

    def apply(self, seat: int, move: Any) -> list[str]:
        guest = self.table.turn
        if self.pending is not None:  # the writer replies
            question, self.pending = self.pending, None
            reply = reply_of(move)
            cards = {c.text for c in self.deck.for_element(question.element)}
            said = "found" if question.about in cards and reply == "yes" else reply
            assert guest is not None
            event = Event(guest, round(self.clock, 1), question.element, question.about, said)
            return self._tell(event, lambda t: t.ask(question.element, question.about, reply))
        self.asked += 1
        self.clock += self.rng.uniform(10, 40)
        at = round(self.clock, 1)
        self.tables = [table.clock(at) for table in self.tables]
        assert guest is not None
        if move is None:
            self.tables = [table.passed() for table in self.tables]
            return [f"{guest} passes"]
        if not isinstance(move, Question):
            raise InvalidInput("question", move, "a Question, or None to pass")
        if move.about != OWN_WORDING:
            self.deck.about(move.element, move.about)  # a tag or a card, else InvalidInput
            self.pending = move
            return []
        element = move.element
        self.stand_in[element] = self.stand_in.get(element, 0) + 1
        if self.stand_in[element] <= OWN_WORDING_QUESTIONS:
            event = Event(guest, at, element, OWN_WORDING, "stand-in")
            return self._tell(event, lambda t: t)
        wording = self.writer.tell(element)
        return self._tell(
            Event(guest, at, element, wording, "found"), lambda t: t.found(element, wording)
        )


def play_game(
    lineup: Sequence[Bot[Table | Writing, Move]],
    *,
    seed: int | random.Random,
    deck: Deck | None = None,
    names: Sequence[str] | None = None,
    rounds: int | None = None,
    limit: int = 400,
    narrate: Callable[[str], None] | None = None,
    on_event: Callable[[Event, Table], None] | None = None,
) -> GameRecord:
    """Play a game between ``lineup`` (2 to 6 bots, by seat; seat 0 writes first).

    Args:
        lineup: the players, in seating order.
        seed: the seed of the stories, the clock and the bots' random choices.
        deck: the cards (default: the sample deck).
        names: the players' names (default: :data:`NAMES`).
        rounds: how many stories are told (default: one per player, the whole game).
        limit: the most questions asked about one story before the game is cut off.
        narrate: called with each line of the log as it happens.
        on_event: called with each :class:`Event` and the asking guest's table.

    The record's ``winners`` and ``points`` are by seat; ``truth`` holds the
    ``stories`` (as worded), their ``draws`` and every round's ``events``.

    Example:
        >>> record = play_game([advised, advised], seed=3, rounds=1)
        >>> record.points[1], record.truth["stories"][0] == record.tables[1].solved
        (0, True)
    """
    bots = check_lineup(lineup, 2, len(NAMES), steps=STEPS)
    rng = check_seed("seed", seed)
    if deck is None:
        deck = Deck.example()
    elif not isinstance(deck, Deck):
        raise InvalidInput("deck", deck, "a crime_writers.Deck")
    seats = tuple(NAMES[: len(bots)] if names is None else names)
    if len(seats) != len(bots):
        raise InvalidInput("names", names, f"{len(bots)} names, one per bot")
    count = check_int("rounds", len(bots) if rounds is None else rounds, 1, len(bots))
    check_int("limit", limit, 1)
    referee = _Referee(deck, seats, rng, count, limit, on_event)
    record = run(referee, bots, rng=rng, max_moves=2 * limit * count, narrate=narrate)
    record.over = referee.done
    record.truth = {
        "stories": referee.stories,
        "draws": referee.draws,
        "events": [tuple(events) for events in referee.events],
        "names": seats,
    }
    return record


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
    """The first writer's story, found by guests who ask the recommended questions: one
    round of :func:`play_game`.

    ``strategies`` names the strategy each guest ranks questions by (default: the
    notebook's default strategy for every guest).

    Raises:
        DeduceError: the guests did not find the story in ``limit`` questions.
    """
    check_int("limit", limit, 1)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidInput("players", players, f"2 to {len(NAMES)} names")
    if not 2 <= len(players) <= len(NAMES):
        raise InvalidInput("players", players, f"2 to {len(NAMES)} names")
    given = strategies or {}
    bots = [following(given.get(p), str(p)) for p in players]
    record = play_game(
        bots, seed=rng, deck=deck, names=players, rounds=1, limit=limit, on_event=on_event
    )
    table: Table = record.tables[0]
    if not table.story_found:
        raise DeduceError(f"the guests did not find the story in {limit} questions")
    truth = record.truth
    return Result(truth["stories"][0], truth["draws"][0], truth["events"][0], table.sheet, table)


guard(globals())
