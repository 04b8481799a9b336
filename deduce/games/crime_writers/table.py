"""A whole game of Crime Writers, as one player sees it: every story, in turn.

:class:`Table` is the guests' notebook of the story being told (it is an
:class:`~deduce.games.crime_writers.Investigation`) and the rest of the table besides:
the players in seating order, who writes this round, the guests' order (starting left
of the writer), whose turn it is to ask, the round's clock and the master-scribe's
:class:`~deduce.games.crime_writers.ScoreSheet`. Every player writes one story, in
seating order; the game ends when every story has been found.

The turn, as the rulebook has it: the guest whose turn it is asks on while the writer
answers "yes", "also" or "almost"; "no" and "not characteristic" (or "not important")
pass the turn to the next guest on the left, and so does a guest who is not ready
(:meth:`Table.passed`). Naming an element exactly as worded (a card's wording answered
"yes", :meth:`Table.found`, or a wording of the writer's own answered "yes" with
:meth:`Table.ask`) scores 3 points for the guest whose turn it is, at the round's clock
(:meth:`Table.clock`); the writer scores the started minutes until the fifth element.

Example (Ann writes, Ben and Cy ask; I am Ben):
    >>> t = Table(Deck.example(), players=("Ann", "Ben", "Cy"), me="Ben")
    >>> t.writer, t.guests, t.turn
    ('Ann', ('Ben', 'Cy'), 'Ben')
    >>> t = t.ask("how", "weapon", "no")
    >>> t.turn
    'Cy'
    >>> t = t.clock(75).ask("how", "Poison", "yes")
    >>> t.found_elements, t.turn, t.points()
    (('how',), 'Cy', {'Ann': 0, 'Ben': 0, 'Cy': 3})
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_name
from deduce.core.explain import contradiction
from deduce.core.space import Space
from deduce.errors import DeduceError, InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, Deck
from deduce.games.crime_writers.clues import (
    Answer,
    Asked,
    Found,
    NotebookClue,
    Seen,
    element_of,
    own_words,
    reply_of,
)
from deduce.games.crime_writers.guest import GUEST
from deduce.games.crime_writers.hints import replies_about
from deduce.games.crime_writers.investigation import Investigation
from deduce.games.crime_writers.scoresheet import MAX_SECONDS, ScoreSheet, started_minutes
from deduce.search.memo import remembered

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["PASSING", "Clock", "NextRound", "Passed", "Table", "names_element"]

PASSING = ("no", "not characteristic")
"""The replies that pass the turn to the next guest."""

_QUESTION_START = re.compile(
    r"(is|was|are|were|did|does|do|has|had|have|can|could|would|will|should|who|whom|"
    r"what|why|where|how|when|which)\b",
    re.IGNORECASE,
)


def names_element(words: str) -> bool:
    """Whether a guest's own ``words`` name an element (a wording, such as "Harbour
    master") rather than ask a question ("Was it at night?"): no question mark, and no
    question word or verb first.

    Example:
        >>> names_element("Harbour master"), names_element("Was it at night?")
        (True, False)
    """
    text = check_name("words", words).strip()
    return bool(text) and not text.endswith("?") and not _QUESTION_START.match(text)


@dataclass(frozen=True, slots=True)
class Passed:
    """The clue: the guest whose turn it is passes it on without asking.

    Example:
        >>> Passed()
        Passed()
    """

    def __str__(self) -> str:
        said: str = _("passes the turn")
        return said


@dataclass(frozen=True, slots=True)
class Clock:
    """The clue: the round's clock reads ``at`` seconds (it never goes back).

    Example:
        >>> print(Clock(95))
        the clock reads 1:35
    """

    at: float

    def __str__(self) -> str:
        said: str = _(M("the clock reads {time}", time=_minutes(self.at)))
        return said


@dataclass(frozen=True, slots=True)
class NextRound:
    """The clue: the story is found; the next player in seating order writes.

    Example:
        >>> NextRound()
        NextRound()
    """

    def __str__(self) -> str:
        said: str = _("the next story begins")
        return said


TableClue = NotebookClue | Passed | Clock | NextRound
"""A clue of the :class:`Table`: the notebook's, and the turn, the clock, the next story."""


def _seconds(at: Any) -> float:
    """``at`` as seconds on the clock, or InvalidInput."""
    real = isinstance(at, numbers.Real) and not isinstance(at, bool)
    if not real or not 0 <= cast(float, at) <= MAX_SECONDS:  # NaN too; before float(at)
        expected = M(
            "seconds on the round's clock (a number from 0 to {most})", most=f"{MAX_SECONDS:,}"
        )
        raise InvalidInput("clock", at, expected)
    return float(at)


def _minutes(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True, slots=True)
class _Seat:
    """What the table keeps besides the notebook: the sheet, the turn and the clock."""

    sheet: ScoreSheet
    turn: int = 0  # index into the round's guests
    clock: float = 0.0


class Table(Investigation):
    """A whole game of Crime Writers from my seat (see the module's text).

    Args:
        deck: the cards the writers drew from.
        players: the players' names in seating order, clockwise (to the left); the first
            writes first, the next to the left next.
        me: which of them I am.

    Example:
        >>> t = Table(Deck.example(), players=("Ann", "Ben"), me="Ben")
        >>> t
        Table(Deck.example(), players=('Ann', 'Ben'), me='Ben')
        >>> t.passed().turn  # the only guest keeps asking
        'Ben'
    """

    clue_types = (Answer, Asked, Found, Seen, Passed, Clock, NextRound)

    def __init__(self, deck: Deck, *, players: Sequence[str], me: str) -> None:
        given = tuple(players) if isinstance(players, Sequence) else players  # it checks them
        self._seat = _Seat(ScoreSheet(given).start_round())
        names = self._seat.sheet.players
        check_name("me", me)
        if me not in names:
            raise InvalidInput("me", me, list(names))
        self.players, self.me = names, me
        super().__init__(deck)

    @classmethod
    def example(cls) -> Table:
        """A new game of three with the sample deck: Ann writes first, I am Ben.

        Example:
            >>> Table.example().guests
            ('Ben', 'Cy')
        """
        return cls(Deck.example(), players=("Ann", "Ben", "Cy"), me="Ben")

    # -- the events --------------------------------------------------------------------

    def ask(self, element: str, about: str, reply: str) -> Table:
        """The table after the guest whose turn it is asked about ``element``.

        ``about`` is a tag or a card's wording (:meth:`answer`), or the guest's own
        words: a "yes" to words that name the element (see :func:`names_element`) finds
        it, worded so (:meth:`found`); other words are logged (:meth:`asked`).

        Example:
            >>> t = Table(Deck.example(), players=("Ann", "Ben", "Cy"), me="Ben")
            >>> t.ask("whom", "Harbour master", "yes").found_elements
            ('whom',)
        """
        name = element_of(element)
        said = reply_of(reply)
        words = own_words(about)
        try:
            tag = self.deck.about(name, words)[0]
        except InvalidInput:
            if said == "yes" and names_element(words):
                return self.found(name, words)
            return self.asked(name, words, said)
        return self.answer(name, tag, said)

    def passed(self) -> Table:
        """The table after the guest whose turn it is passed it on without asking."""
        return self.observe(Passed())

    def clock(self, at: float) -> Table:
        """The table when the round's clock reads ``at`` seconds (finds are timed so).

        Raises:
            InvalidInput: a time before the clock's last reading.
        """
        return self.observe(Clock(_seconds(at)))

    def next_round(self) -> Table:
        """The table when the next player in seating order starts telling their story.

        Raises:
            InvalidInput: the story is not found yet, or every player has written.
        """
        return self.observe(NextRound())

    # -- reading -----------------------------------------------------------------------

    @property
    def sheet(self) -> ScoreSheet:
        """The master-scribe's sheet: every round's finds and their times."""
        return self._seat.sheet

    @property
    def default_strategy(self) -> str:  # type: ignore[override]
        """The advice on what to ask: ``"guest"`` with 3 players or more (my points this
        turn, less what a "no" hands to the next guest and the clock to the writer; see
        :mod:`deduce.games.crime_writers.guest`), ``"entropy"`` with 2, where only the
        writer scores and the one guest's questions only run the clock.

        Example:
            >>> [Table(Deck.example(), players=names, me="Ann").default_strategy
            ...  for names in (("Ann", "Ben"), ("Ann", "Ben", "Cy"))]
            ['entropy', 'guest']
        """
        return "entropy" if len(self.players) == 2 else GUEST

    def guest_players(self) -> int:
        """The guest's objective weighs the opponents' points for the table's own
        number of players (see :func:`~deduce.games.crime_writers.guest.opponent_weight`).

        Example:
            >>> Table(Deck.example(), players=("Ann", "Ben", "Cy", "Di"), me="Ann").guest_players()
            4
        """
        return len(self.players)

    @property
    def round(self) -> int:
        """The round being played, from 1 (each player writes one)."""
        return len(self.sheet.rounds)

    @property
    def writer(self) -> str:
        """Who writes the story being found."""
        return self.sheet.rounds[-1].writer

    @property
    def guests(self) -> tuple[str, ...]:
        """The guests in asking order: from the writer's left, in seating order."""
        w = self.players.index(self.writer)
        return self.players[w + 1 :] + self.players[:w]

    @property
    def turn(self) -> str | None:
        """The guest whose turn it is to ask (None once the game is over)."""
        if self.over:
            return None
        return self.guests[self._seat.turn % len(self.guests)]

    @property
    def my_turn(self) -> bool:
        """Whether it is my turn to ask."""
        return self.turn == self.me

    @property
    def seconds(self) -> float:
        """The round's clock, in seconds, as last read."""
        return self._seat.clock

    @property
    def found_elements(self) -> tuple[str, ...]:
        """The elements of this story found so far, in order."""
        return self.sheet.rounds[-1].found

    @property
    def story_found(self) -> bool:
        """All five elements of this story are found (the clock has stopped)."""
        return self.sheet.rounds[-1].complete

    @property
    def over(self) -> bool:
        """Every story has been found."""
        return self.sheet.finished

    def points(self) -> dict[str, int]:
        """Every player's points so far (a running round's writer scores at its end)."""
        return self.sheet.points()

    def winners(self) -> tuple[str, ...]:
        """The players with the most points (the winners once the game is over)."""
        return self.sheet.winners()

    def minutes(self) -> int:
        """Started minutes on the round's clock: the writer's points if it stopped now."""
        return started_minutes(self.seconds)

    def round_clues(self) -> tuple[TableClue, ...]:
        """The clues of the story being found (since it began)."""
        clues = self.clues
        starts = [i for i, c in enumerate(clues) if isinstance(c, NextRound)]
        return clues[starts[-1] + 1 :] if starts else clues

    def known(self, element: str) -> dict[str, tuple[str, ...]]:
        """What the writer has said about ``element`` in this story, by reply: the tags,
        cards and own words asked (a summary for an invented element).

        Example:
            >>> t = Table(Deck.example(), players=("Ann", "Ben"), me="Ben")
            >>> t.ask("how", "weapon", "no").ask("how", "tool", "yes").known("how")
            {'yes': ('tool',), 'no': ('weapon',)}
        """
        return replies_about(self.round_clues(), element_of(element))

    @property
    def notebook(self) -> Investigation:
        """The guests' notebook of the story being found alone (its clues since it began).

        Example:
            >>> Table.example().ask("how", "tool", "yes").notebook.clues
            (Answer(element='how', about='tool', reply='yes'),)
        """
        notebook = Investigation(self.deck)
        for clue in self.round_clues():
            if not isinstance(clue, Passed | Clock):
                notebook = notebook.observe(clue)
        return notebook

    def explain(self, facts: Sequence[tuple[str, object]]) -> tuple[NotebookClue, ...]:
        """The clues of this story behind settled facts (see :meth:`why`)."""
        return self.notebook.explain(facts)

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Table]:
        """Tables of 2 to 6 players with the sample box, my seat any of them."""
        from hypothesis import strategies as st

        def seated(players: int, me: int) -> Table:
            names = ("Ann", "Ben", "Cy", "Dee", "Eve", "Flo")[:players]
            return cls(Deck.example(), players=names, me=names[me % players])

        return st.builds(seated, st.integers(2, 6), st.integers(0, 5))

    # -- rules -------------------------------------------------------------------------

    def _contradiction(self, clue: TableClue) -> DeduceError:
        """The error for ``clue``, naming clues of this story only."""
        return contradiction(self.notebook, clue)

    @remembered  # the whole step, completed once: a remembered notebook is shared
    def observe(self, clue: Any) -> Table:
        if isinstance(clue, Clock):
            _seconds(clue.at)
        new: Table = super().observe(clue)
        new._seat = self._after(cast(TableClue, new.history.last))  # as the notebook read it
        return new

    def _after(self, clue: TableClue) -> _Seat:
        """The sheet, turn and clock after ``clue`` (InvalidInput when it may not come now)."""
        seat = self._seat
        if self.over:
            raise InvalidInput("clue", clue, N_("nothing more: every story has been found"))
        if isinstance(clue, NextRound):
            return _Seat(seat.sheet.start_round())  # refuses a round not found yet
        if isinstance(clue, Clock):
            at = clue.at
            if at < seat.clock:
                limit = M(
                    "a time from {time} on (the clock does not go back)", time=_minutes(seat.clock)
                )
                raise InvalidInput("clock", _minutes(at), limit)
            return replace(seat, clock=at)
        if isinstance(clue, Passed):
            return replace(seat, turn=seat.turn + 1)
        if isinstance(clue, Seen):
            return seat
        guest = self.turn
        assert guest is not None
        element = element_of(clue.element)  # as the notebook read it
        reply = None if isinstance(clue, Found) else reply_of(clue.reply)
        finds = isinstance(clue, Found) or (
            isinstance(clue, Answer)
            and reply == "yes"
            and self.deck.find(DECK_OF[element], clue.about) is not None
        )
        if finds:
            if element in self.found_elements:  # said again (drawn after a find)
                return seat
            return replace(seat, sheet=seat.sheet.found(element, guest, at=seat.clock))
        if reply in PASSING:
            return replace(seat, turn=seat.turn + 1)
        return seat

    def apply_clue(self, space: Space, clue: Any) -> Space:
        if isinstance(clue, NextRound):
            return self.initial_space()
        if isinstance(clue, Passed | Clock):
            return space
        return super().apply_clue(space, clue)

    def setup(self) -> dict[str, Any]:
        return {**super().setup(), "players": list(self.players), "me": self.me}

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Table:
        if context:
            raise InvalidInput("context", sorted(context), N_("nothing (the deck is in the text)"))
        if set(config) != {"deck", "players", "me"}:
            raise InvalidInput("config", sorted(config), N_("exactly the keys deck, players, me"))
        deck = Deck.from_dict(config["deck"], source="saved deck")
        players = config["players"]
        if not isinstance(players, list):
            raise InvalidInput("players", players, N_("a list of names"))
        return cls(deck, players=tuple(players), me=config["me"])

    def constructor_repr(self) -> str:
        deck = "Deck.example()" if self.deck == Deck.example() else repr(self.deck)
        return f"Table({deck}, players={self.players!r}, me={self.me!r})"


guard(globals())
