"""Kreuzverhör: the whole two-player game at the table, from my seat (seat 0).

:class:`Table` is my case file (it is an :class:`Investigation`: every case of mine
still possible, the advice) that also follows the rest of the game in turn order: my
opponent's questionings of the case I chose and my answers (their case file as I can
compute it, :attr:`Table.theirs`), the defence cards played both ways, my action-card
hand, the questionings each of us has left as the rules count them, the end and the
winner. The turn order is in :mod:`deduce.games.kreuzverhoer.turns`.

Example:
    >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"), first=1)
    >>> t = t.asked("Mord", "Berlin", "Ede K.", "Messer")
    >>> t.theirs.last_questioning.correct, t.turn, t.step
    (2, 1, 'card')
    >>> t = t.questioning("Einbruch", "Ulm", "Nora M.", "Gift", 1)
    >>> t.turn, t.questionings_made, t.left
    (0, (1, 1), (11, 11))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce._internal.language import N_
from deduce._internal.validation import check_clue
from deduce.core.space import Space
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.advice import Pace, RaceMove, pace, race, waiting
from deduce.games.kreuzverhoer.cards import Deck
from deduce.games.kreuzverhoer.clues import (
    Case,
    CaseFileClue,
    Guess,
    card_name,
    questioning_of,
    skips_in,
)
from deduce.games.kreuzverhoer.events import (
    ACTION_CARDS,
    COPIES,
    Answered,
    Asked,
    Defended,
    Drew,
    Exchanged,
    Swapped,
    TableEvent,
    TheirCard,
)
from deduce.games.kreuzverhoer.interrogation import CARDS, SUGGESTED, Interrogation
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.games.kreuzverhoer.rules import CLUE_TYPES, COUNTINGS, LIMIT, limits
from deduce.games.kreuzverhoer.turns import HAND, MINE, TABLE_EVENTS, Turns, start
from deduce.investigation import Recommendation
from deduce.search.memo import remembered

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["Table", "truthful_event"]

RACE = "race"
"""The table's own strategy: the lay most likely to win the race (:func:`race`)."""

TableClue = CaseFileClue | TableEvent
"""A clue of the :class:`Table`: my case file's, and the events of the rest of the table."""


class Table(Investigation):
    """One player's view of a whole game of Kreuzverhör; I am seat 0, my opponent seat 1.

    Report every event in turn order. A questioning is: the questioner lays four cards
    and hears how many are right; then may play an investigation card (or exchange a
    hand card); then the answering player may play a defence card; then whoever played
    a card draws back to 3. Mine: :meth:`questioning`, the card helpers
    (:meth:`single_interrogation` ...), :meth:`exchanged`, :meth:`defence` (my
    opponent's), :meth:`drew`. Theirs: :meth:`asked`, :meth:`their_card`,
    :meth:`answered`, :meth:`defended` (mine), :meth:`drew`. After a Maulwurf:
    :meth:`swapped`. The optional steps (a card, a defence) pass when the next event
    comes; an investigation card of theirs waits for my answer or my blocking card,
    and with my hand followed I draw before the next questioning.

    The next questioning is the other player's, unless they must skip it (Anwalt or
    Suspendierung) or have none left (:class:`~deduce.games.kreuzverhoer.rules.Rules`
    counts them). The game ends when someone lays the four right cards (they win), or
    when neither has a questioning left: then the most details right in one's own last
    questioning wins, and a tie is shared (both seats in :meth:`winners`).

    Args:
        deck: the case cards (default :meth:`Deck.default`).
        case: the case I chose for my opponent (None: I say every answer myself).
        hand: my 3 action cards (None: my hand is not followed).
        first: the seat that questions first (0 me, 1 my opponent).
        limit, counting, skips_use_up, repeats: the rules, as for :class:`Investigation`.

    Example:
        >>> t = Table(hand=["profiler", "lawyer", "informant"])
        >>> t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1).profiler("Nora M.")
        >>> t.hand, t.step
        (('lawyer', 'informant'), 'defence')
        >>> t.drew("alibi").hand
        ('lawyer', 'informant', 'alibi')
    """

    clue_types = (*CLUE_TYPES, *TABLE_EVENTS)
    default_strategy = RACE

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        case: Case | None = None,
        hand: Sequence[str] | None = None,
        first: int = 0,
        limit: int = LIMIT,
        counting: str = "each",
        skips_use_up: bool = True,
        repeats: bool = True,
    ) -> None:
        super().__init__(
            deck, limit=limit, counting=counting, skips_use_up=skips_use_up, repeats=repeats
        )
        theirs = Investigation(
            self.deck, limit=limit, counting=counting, skips_use_up=skips_use_up, repeats=repeats
        )
        mine = Investigation(
            self.deck, limit=limit, counting=counting, skips_use_up=skips_use_up, repeats=repeats
        )
        self._turns: Turns = start(mine, theirs, case=case, hand=hand, first=first)
        self.case: Case | None = self._turns.case
        self.start_hand: tuple[str, ...] | None = self._turns.hand
        self.first: int = self._turns.first

    # -- events ------------------------------------------------------------------------

    @remembered  # the whole step, completed once: a remembered notebook is shared
    def observe(self, clue: Any) -> Table:
        """The table after ``clue``, an event in turn order (see the class).

        Raises:
            InvalidInput: an event out of turn, a card I do not hold, an answer that is
                not true of my case, or a malformed event.
            Contradiction: my case file cannot be true with it (it names the clues).
        """
        if isinstance(clue, self.clue_types):
            clue = check_clue(clue)  # every field of its type, as plain Python data
            turns = self._turns.after(clue)  # the turn rules first: out of turn is refused
        else:
            turns = self._turns  # refused below as no clue of the table
        new = super().observe(clue)
        new.__dict__.pop("_race", None)
        new._turns = turns
        return new

    def apply_clue(self, space: Space, clue: object) -> Space:
        if isinstance(clue, MINE):
            return super().apply_clue(space, clue)
        return space  # the rest of the table says nothing about my case

    def asked(
        self, crime: str, scene: str, suspect: str, weapon: str, correct: int | None = None
    ) -> Table:
        """My opponent laid these four cards; ``correct``: what I answered (left out:
        computed from my case, which then must have been given).

        Example:
            >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"), first=1)
            >>> t.asked("Mord", "Ulm", "Ede K.", "Messer", 2)
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: correct=2 is not valid (3 of these cards are ...
        """
        if correct is None:
            correct = self.interrogation.answer(crime, scene, suspect, weapon)
        return self.observe(Asked(crime, scene, suspect, weapon, correct))

    def their_card(self, card: str) -> Table:
        """My opponent played investigation ``card`` after their questioning."""
        return self.observe(TheirCard(card_name(card, ACTION_CARDS)))

    def answered(self, answer: Any = SUGGESTED) -> Table:
        """My answer to my opponent's investigation card (left out: :meth:`suggest`).

        Example:
            >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"), first=1)
            >>> t = t.asked("Mord", "Berlin", "Ede K.", "Messer").their_card("confrontation")
            >>> t.answered().theirs.certain()
            {'suspect': 'Ede K.'}
        """
        if answer is SUGGESTED:
            answer = self.suggest()
        return self.observe(Answered(answer))

    def defended(self, card: str, *, blocks: str | None = None) -> Table:
        """I played defence ``card`` in my opponent's questioning; a card that blocks
        their investigation card (Alibi, Aussageverweigerung, Falscher Zeuge) blocks the
        one waiting for my answer unless ``blocks`` says otherwise."""
        card = card_name(card, ACTION_CARDS)
        if blocks is None:
            blocks = self._turns.blockable(card)
        return self.observe(Defended(card, card_name(blocks, ACTION_CARDS)))

    def drew(self, card: str) -> Table:
        """I drew ``card`` at the end of a questioning."""
        return self.observe(Drew(card_name(card, ACTION_CARDS)))

    def exchanged(self, card: str, drawn: str) -> Table:
        """In my questioning, instead of an investigation card: I put ``card`` back and
        drew ``drawn``."""
        return self.observe(
            Exchanged(card_name(card, ACTION_CARDS), card_name(drawn, ACTION_CARDS))
        )

    def swapped(self, given: str, taken: str) -> Table:
        """After a Maulwurf: ``given`` went from my hand to my opponent, ``taken`` came
        to me."""
        return self.observe(Swapped(card_name(given, ACTION_CARDS), card_name(taken, ACTION_CARDS)))

    # -- reading -----------------------------------------------------------------------

    @property
    def mine(self) -> Investigation:
        """My case file alone (my questionings and the cards played on them)."""
        return self._turns.mine

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Table]:
        """Tables of the default deck: the case I hold for my opponent, my hand of three
        different action cards or none, who starts, and the reading of the rules."""
        from hypothesis import strategies as st

        start = Investigation()
        case = st.integers(0, start.space.size - 1).map(start.secret_of)
        cards = st.sampled_from(ACTION_CARDS)
        hand = st.none() | st.lists(cards, min_size=HAND, max_size=HAND, unique=True)
        return st.sampled_from(COUNTINGS).flatmap(
            lambda counting: st.builds(
                cls,
                case=case,
                hand=hand,
                first=st.integers(0, 1),
                limit=limits(counting),
                counting=st.just(counting),
            )
        )

    def clue_strategy(self, secret: Any) -> SearchStrategy[TableClue | None]:
        """Truthful next events of the whole game (for tests): see
        :func:`truthful_event`."""
        return truthful_event(self, self.secret_of(self.world_of(secret)))

    @property
    def theirs(self) -> Investigation:
        """My opponent's case file, as my answers built it."""
        return self._turns.theirs

    @property
    def interrogation(self) -> Interrogation:
        """The answering side: my case and my opponent's case file.

        Raises:
            InvalidInput: my case was not given.
        """
        if self.case is None:
            raise InvalidInput("case", None, N_("your own case (given when the table is set up)"))
        return Interrogation.of(self.case, self.theirs)

    @property
    def turn(self) -> int | None:
        """The seat whose questioning it is (under way, or next); None once it is over."""
        return self._turns.turn

    @property
    def step(self) -> str:
        """What comes next in the questioning: ``"ask"`` (:attr:`turn` lays), ``"card"``
        (the questioner may play an investigation card), ``"answer"`` (I answer my
        opponent's card or block it), ``"defence"`` (the answering player may play a
        defence card), ``"draw"`` (I draw before the next questioning), ``"over"``."""
        return self._turns.step

    @property
    def acting(self) -> int | None:
        """The seat that acts at :attr:`step` (None once the game is over)."""
        return self._turns.acting

    @property
    def hand(self) -> tuple[str, ...] | None:
        """My action cards (None: not followed)."""
        return self._turns.hand

    @property
    def pile(self) -> int:
        """Action cards left in the draw pile, as far as I can count them."""
        return self._turns.pile

    @property
    def set_aside(self) -> tuple[str, ...]:
        """The action cards played so far (both players'), in order."""
        return self._turns.set_aside

    @property
    def questionings_made(self) -> tuple[int, int]:
        """Questionings made, mine and my opponent's."""
        return (self.mine.questionings, self.theirs.questionings)

    @property
    def left(self) -> tuple[int, int]:
        """Questionings left, mine and my opponent's, as the rules count them."""
        return (self.mine.questionings_left, self.theirs.questionings_left)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._turns.step == "over"

    def next_step(self) -> str:
        """What comes next at the table, in words.

        Example:
            >>> Table(first=1).next_step()
            "your opponent's questioning is next"
        """
        return self._turns.describe()

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (both on a tie), else ()."""
        return self._turns.winners()

    def suggest(self) -> Any:
        """What to answer to my opponent's investigation card waiting for my answer:
        :meth:`Interrogation.suggest`, drawn with the table's own seed (the same table
        suggests the same answer); None for a card of no effect in the rulebook (Zeuge)."""
        card = self._turns.pending
        if card is None:
            raise InvalidInput(
                "answer", None, N_("an investigation card of your opponent to answer")
            )
        seed = random.Random(len(self.clues))
        return self.interrogation.suggest(card, seed=seed) if card in CARDS else None

    def blocks(self, card: str) -> bool:
        """Whether defence ``card`` would block my opponent's card waiting for my answer."""
        return self._turns.blockable(card) is not None

    @property
    def must_draw(self) -> bool:
        """Whether I must draw an action card before the next questioning."""
        return self._turns.must_draw

    @property
    def questions_next(self) -> int | None:
        """The seat whose questioning comes next once this one is over (None: the game
        is over by then)."""
        return self._turns.upcoming()[0]

    @property
    def may_lay(self) -> bool:
        """Whether my questioning may come next (a card or a defence may still pass)."""
        return not self.over and self._turns.may_lay

    @property
    def pending(self) -> str | None:
        """My opponent's investigation card that waits for my answer, if any."""
        return self._turns.pending

    # -- the race ----------------------------------------------------------------------

    def race(self, top: int = 3) -> list[RaceMove]:
        """My next lays ranked by the chance to win (:func:`race`, with my hand when it
        is followed: the lay and the investigation card after it chosen together; and
        the questionings my opponent must skip, now and by the skips I hold; refused
        unless it is my questioning to lay)."""
        if not self.may_lay:
            raise InvalidInput("race", self.next_step(), N_("your questioning, before you lay"))
        cached: dict[int, list[RaceMove]] = self.__dict__.setdefault("_race", {})
        if top not in cached:
            skips = self._turns.upcoming()[1][1]  # my opponent's, once my questioning starts
            cached[top] = race(
                self.mine,
                self.theirs,
                top=top,
                hand=self.hand,
                their_skips=skips,
                held_skips=skips_in(self.hand),
            )
        return cached[top]

    def win_chance(self) -> float | None:
        """My chance to win from here, as the race counts it (a model's chance: see
        :func:`~deduce.games.kreuzverhoer.waiting`): before my lay, the ``win`` of the lay
        :meth:`race` ranks first, else ``waiting`` from the questioning that comes next (a
        skip owed passes one, a skip I hold is played in it); once the game is over 1.0 if
        I won, 0.5 on a tie, 0.0 if I lost.

        Example:
            >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"))
            >>> t.win_chance() == t.race()[0].win
            True
        """
        if self.over:
            return 0.0 if 0 not in (won := self.winners()) else 1.0 / len(won)
        if self.may_lay:
            return self.race(3)[0].win
        seat, (mine, theirs) = self._turns.upcoming()
        if seat is None:
            return None
        ahead = (1 + mine if seat == 1 else 0) - theirs
        return waiting(self.mine, self.theirs, ahead=ahead, held_skips=skips_in(self.hand))

    def their_pace(self) -> Pace:
        """How soon my opponent solves (:func:`pace` of :attr:`theirs`)."""
        return pace(self.theirs)

    def check_strategy(self, strategy: str) -> str:
        """The case file's strategies and ``"race"`` (the default at the table)."""
        if isinstance(strategy, str) and strategy == RACE:
            return strategy
        try:
            return super().check_strategy(strategy)
        except InvalidInput as error:
            raise InvalidInput("strategy", strategy, [*error.choices, RACE]) from None

    def own_ranking(
        self, strategy: str, among: Callable[[Guess], bool] | None, top: int
    ) -> list[Recommendation] | None:
        """``"race"``: my lays by the chance to win (none unless I am to lay)."""
        if not (isinstance(strategy, str) and strategy == RACE):
            return super().own_ranking(strategy, among, top)
        if not self.may_lay:
            return []
        moves = [m for m in self.race(max(top, 3)) if among is None or among(m.action)]
        return [self._recommendation(m) for m in moves[:top]]

    def _recommendation(self, move: RaceMove) -> Recommendation:
        part = self.partition(self.space, [move.action])
        mass = part.mass[0] / part.mass[0].sum()
        outcomes = {k: float(p) for k, p in enumerate(mass) if p > 0}
        worst = int(part.count[0][:4].max()) if len(outcomes) > 1 or 4 not in outcomes else 1
        return Recommendation(move.action, move.information, outcomes, worst, RACE, move.win)

    # -- set-up and persistence --------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {
            **super().setup(),
            "case": None if self.case is None else list(self.case),
            "hand": None if self.start_hand is None else list(self.start_hand),
            "first": self.first,
        }

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Table:
        if context:
            raise InvalidInput("context", sorted(context), "nothing: the saved text holds the deck")
        case = config.get("case")
        if case is not None and (not isinstance(case, list) or len(case) != 4):
            raise InvalidInput("case", case, "four names")
        return cls(
            Deck.from_dict(config["deck"]) if "deck" in config else None,
            case=None if case is None else Case(*case),
            hand=config.get("hand"),
            first=config.get("first", 0),
            limit=config.get("limit", LIMIT),
            counting=config.get("counting", "each"),
            skips_use_up=config.get("skips_use_up", True),
            repeats=config.get("repeats", True),
        )

    def constructor_repr(self) -> str:
        inner = super().constructor_repr()[len("Investigation(") : -1]
        args = [inner] if inner else []
        if self.case is not None:
            args.append(f"case={self.case!r}")
        if self.start_hand is not None:
            args.append(f"hand={self.start_hand!r}")
        if self.first:
            args.append(f"first={self.first}")
        return f"Table({', '.join(args)})"


def truthful_event(table: Table, secret: Case) -> SearchStrategy[TableClue | None]:
    """A hypothesis strategy of the next event of a whole game at ``table`` (a
    :class:`~deduce.games.kreuzverhoer.Table`), true of ``secret`` (the case I must
    solve) and of my own case (when the table was not told it: a case my answers still
    allow), and legal now."""
    from hypothesis import strategies as st

    if table.over:
        return st.none()
    theirs = table.theirs
    mine_case = table.case if table.case is not None else theirs.secret_of(int(theirs.space.ids[0]))
    if table.pending is not None:
        answers = list(Interrogation.of(mine_case, theirs).suggestions(table.pending))
        return st.sampled_from(answers).map(Answered)
    held = [*(table.hand or ()), *table.set_aside]
    free = [c for c, n in COPIES.items() if held.count(c) < n]
    if table.must_draw:
        return st.sampled_from(free).map(Drew)
    guesses = st.sampled_from(list(table.queries()))
    options: list[SearchStrategy[TableClue]] = []
    if table.may_lay:
        options.append(
            st.one_of(guesses, st.just(Guess(*secret))).map(
                lambda g: questioning_of(g, sum(a == b for a, b in zip(g, secret, strict=True)))
            )
        )
    elif table.questions_next == 1 and table.step != "draw":
        options.append(
            guesses.map(
                lambda g: Asked(
                    g.crime,
                    g.scene,
                    g.suspect,
                    g.weapon,
                    Interrogation.of(mine_case, theirs).answer(*g),
                )
            )
        )
    last = theirs.last_questioning
    if table.step == "card" and table.turn == 1 and last is not None:
        banned = table.deck.banned(last.suspect)
        cards = [
            c
            for c in (
                "single_interrogation",
                "confrontation",
                "profiler",
                "investigators_on_site",
                "informant",
            )
            if c in free and c != banned
        ]
        if cards:
            options.append(st.sampled_from(cards).map(TheirCard))
    if not options:
        return st.none()
    return st.one_of(*options)


guard(globals())
