"""Kreuzverhör: the turn order of a whole game, as :class:`~deduce.games.kreuzverhoer.Table`
follows it from my seat (seat 0).

:class:`Turns` is the value behind a table: both case files (mine, and my opponent's as
my answers built it), whose questioning it is and how far it has come, my action-card
hand, the cards set aside and the draw pile. :meth:`Turns.after` takes one event and
refuses one out of turn.

Example:
    >>> from deduce.games.kreuzverhoer import Investigation
    >>> turns = start(Investigation(), Investigation(), case=None, hand=None, first=0)
    >>> turns.step, turns.turn
    ('ask', 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, plural
from deduce._internal.validation import check_int
from deduce.errors import Contradiction, InvalidInput
from deduce.games.kreuzverhoer.clues import (
    BLOCKS,
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    SKIPS,
    Case,
    CaseFileClue,
    Confirmed,
    Confrontation,
    Defence,
    Informant,
    InvestigatorsOnSite,
    Profiler,
    Questioning,
    RuledOut,
    SingleInterrogation,
    ban_note,
    card_of,
    card_title,
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
    TheirCard,
    check_action_card,
    check_copies,
    not_held,
)
from deduce.games.kreuzverhoer.interrogation import CARDS as ANSWERED
from deduce.games.kreuzverhoer.interrogation import Interrogation, answer_clue
from deduce.games.kreuzverhoer.investigation import Investigation

__all__ = ["HAND", "MINE", "PILE", "TABLE_EVENTS", "Turns", "start"]

HAND = 3
"""Action cards in a hand at the end of every questioning."""
PILE = sum(COPIES.values()) - 2 * HAND
"""The draw pile once both players hold their 3 cards (24)."""

MINE = (
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
"""The events that are clues of my case file."""
TABLE_EVENTS = (Asked, TheirCard, Answered, Defended, Drew, Exchanged, Swapped)
"""The rest of the table."""

CARD, ANSWER, DEFENCE, END = "card", "answer", "defence", "end"  # how far a questioning is


@dataclass(frozen=True, slots=True)
class Turns:
    """Everything a table follows besides the clues of my case file (see the module).

    Attributes:
        mine: my case file; theirs: my opponent's, built from my answers.
        case: the case I chose for my opponent (None: not given).
        hand: my action cards now (None: not followed).
        first: the seat that questioned first.
        questioner: the seat of the questioning under way (None before the first).
        stage: how far it has come: ``"card"`` (answered), ``"answer"`` (their card
            waits for my answer), ``"defence"`` (a card played), ``"end"``.
        pending: my opponent's investigation card waiting for my answer.
        moled: a Maulwurf was played in this questioning and no swap reported yet.
        skips: questionings each seat must still skip (Anwalt, Suspendierung).
        set_aside: the action cards played, both players'.
        pile: the action cards left to draw, as far as I can count.
    """

    mine: Investigation
    theirs: Investigation
    case: Case | None
    hand: tuple[str, ...] | None
    first: int
    questioner: int | None = None
    stage: str = END
    pending: str | None = None
    moled: bool = False
    skips: tuple[int, int] = (0, 0)
    set_aside: tuple[str, ...] = ()
    pile: int = PILE

    # -- reading -----------------------------------------------------------------------

    @property
    def solved_by(self) -> int | None:
        """The seat that laid the four right cards, if any."""
        for seat, inv in enumerate((self.mine, self.theirs)):
            last = inv.last_questioning
            if last is not None and last.correct == 4:
                return seat
        return None

    @property
    def left(self) -> tuple[int, int]:
        return (self.mine.questionings_left, self.theirs.questionings_left)

    @property
    def over(self) -> bool:
        return self.solved_by is not None or self.left == (0, 0)

    def upcoming(self) -> tuple[int | None, tuple[int, int]]:
        """The seat that questions next, and the skips still owed after it starts."""
        if self.over:
            return None, self.skips
        seat = self.first if self.questioner is None else 1 - self.questioner
        skips = list(self.skips)
        for _step in range(6):
            if self.left[seat] == 0:
                seat = 1 - seat
            elif skips[seat]:
                skips[seat] -= 1
                seat = 1 - seat
            else:
                return seat, (skips[0], skips[1])
        return None, self.skips

    @property
    def must_draw(self) -> bool:
        """Whether I hold fewer than 3 cards while the pile has some (my hand followed)."""
        return self.hand is not None and len(self.hand) < HAND and self.pile > 0

    @property
    def step(self) -> str:
        if self.over:
            return "over"
        if self.pending is not None:
            return "answer"
        if self.stage in (CARD, DEFENCE):
            return self.stage
        return "draw" if self.must_draw else "ask"

    @property
    def turn(self) -> int | None:
        if self.over:
            return None
        if self.step in ("ask", "draw") and self.stage == END:
            return self.upcoming()[0]
        return self.questioner

    @property
    def acting(self) -> int | None:
        step = self.step
        if step == "over":
            return None
        if step in ("answer", "draw"):
            return 0
        if step == "defence":
            return None if self.questioner is None else 1 - self.questioner
        return self.turn if step == "ask" else self.questioner

    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        if self.solved_by is not None:
            return (self.solved_by,)
        right = [-1 if q is None else q.correct for q in self._lasts()]
        best = max(right)
        return tuple(seat for seat in (0, 1) if right[seat] == best)

    def _lasts(self) -> tuple[Questioning | None, Questioning | None]:
        return (self.mine.last_questioning, self.theirs.last_questioning)

    def blockable(self, card: str) -> str | None:
        """The investigation card of theirs that defence ``card`` would block now."""
        if not isinstance(card, str) or self.pending not in BLOCKS.get(card, ()):
            return None
        return self.pending

    @property
    def may_lay(self) -> bool:
        """Whether my questioning may come next (the optional steps passing)."""
        return self.upcoming()[0] == 0 and self.pending is None and not self.must_draw

    # -- events ------------------------------------------------------------------------

    def after(self, clue: Any) -> Turns:
        """These turns after ``clue`` (an event of the table).

        Raises:
            InvalidInput: out of turn, a card I do not hold, a false answer, or malformed.
            Contradiction: my case file cannot be true with ``clue``.
        """
        if isinstance(clue, (RuledOut, Confirmed)) and clue.card is None:
            return self._with(mine=self.mine.observe(clue))  # a fact I know, any time
        if self.over:
            raise InvalidInput("turn", show(clue), N_("nothing more"), reason=self._end_words())
        if isinstance(clue, Questioning):
            turns = self._begin(0)
            return turns._with(mine=turns.mine.observe(clue))
        if isinstance(clue, Asked):
            return self._begin(1)._asked(clue)
        if isinstance(clue, Defence):
            return self._their_defence(clue)
        if isinstance(clue, MINE):
            card = card_of(clue)
            assert card is not None
            self._expect(0, (CARD,), N_("your investigation card"))
            return self._with(mine=self.mine.observe(clue), stage=DEFENCE, **self._play(card))
        if isinstance(clue, Exchanged):
            self._expect(0, (CARD,), N_("your exchange"))
            hand = self._hand_with(clue.card, clue.drawn, "card")
            return self._with(hand=hand, stage=DEFENCE)
        if isinstance(clue, TheirCard):
            return self._their_card(clue)
        if isinstance(clue, Answered):
            return self._answered(clue)
        if isinstance(clue, Defended):
            return self._defended(clue)
        if isinstance(clue, Swapped):
            if not self.moled:
                raise InvalidInput("swap", clue, N_("a swap right after a Maulwurf"))
            return self._with(hand=self._hand_with(clue.given, clue.taken, "given"), moled=False)
        if isinstance(clue, Drew):
            return self._drew(clue)
        raise InvalidInput("event", clue, N_("an event of the table"))

    def _with(self, **changes: Any) -> Turns:
        return dataclasses.replace(self, **changes)

    def _end_words(self) -> str:
        """How the game ended, in words (said in the player's language where shown)."""
        if self.solved_by == 0:
            return N_("the game is over: you solved the case")
        if self.solved_by is not None:
            return N_("the game is over: your opponent solved the case")
        return N_("the game is over: neither player has a questioning left")

    def _begin(self, seat: int) -> Turns:
        who = _("your questioning") if seat == 0 else _("your opponent's questioning")
        if self.pending is not None:
            raise self._awaited("turn", who)
        if self.must_draw:
            raise InvalidInput(
                "turn", who, N_("the card you drew first"), reason=self._hand_words()
            )
        expected, skips = self.upcoming()
        if expected != seat:
            raise InvalidInput(
                "turn", who, M("now {step}", step=self._described()), reason=N_("out of turn")
            )
        return self._with(questioner=seat, stage=CARD, moled=False, skips=skips)

    def _awaited(self, argument: str, value: str) -> InvalidInput:
        reason = M("your answer to their {card} card is awaited", card=card_title(self.pending))
        return InvalidInput(argument, value, N_("your answer first"), reason=reason)

    def _hand_words(self) -> str:
        held = len(self.hand or ())
        return plural("you hold {n} action card of 3", "you hold {n} action cards of 3", held)

    def _expect(self, seat: int, stages: tuple[str, ...], what: str) -> None:
        """Refuse ``what`` (marked, said in the player's language) out of turn."""
        if self.questioner != seat or self.stage not in stages or self.pending is not None:
            raise InvalidInput(
                "turn", _(what), M("now {step}", step=self._described()), reason=N_("out of turn")
            )

    def describe(self) -> str:
        """What comes next, in words.

        Example:
            >>> from deduce.games.kreuzverhoer import Investigation
            >>> start(Investigation(), Investigation(), case=None, hand=None, first=1).describe()
            "your opponent's questioning is next"
        """
        said: str = _(self._described())
        return said

    def _described(self) -> str:
        """:meth:`describe`, said in the player's language where it is shown."""
        step = self.step
        if step == "over":
            return self._end_words()
        if step == "ask":
            if self.turn == 1:
                return N_("your opponent's questioning is next")
            return N_("your questioning is next")
        if step == "answer":
            return M(
                "your answer to your opponent's {card} card is awaited",
                card=card_title(self.pending),
            )
        if step == "draw":
            return M("you draw an action card ({hand})", hand=self._hand_words())
        if step == "card":
            if self.questioner == 0:
                return N_("your questioning: you may play an investigation card or exchange one")
            return N_("your opponent's questioning: they may play an investigation card")
        if self.questioner == 0:
            return N_("your questioning: your opponent may play a defence card")
        return N_("your opponent's questioning: you may play a defence card")

    def _play(self, card: str) -> dict[str, tuple[str, ...]]:
        """The hand and the cards set aside once I played ``card``."""
        aside = (*self.set_aside, card)
        if self.hand is None:
            check_copies(aside)
            return {"set_aside": aside}
        if card not in self.hand:
            raise not_held("card", card, self.hand)
        hand = list(self.hand)
        hand.remove(card)
        check_copies((*hand, *aside))
        return {"hand": tuple(hand), "set_aside": aside}

    def _aside(self, card: str) -> tuple[str, ...]:
        """The cards set aside once my opponent played ``card``."""
        aside = (*self.set_aside, card)
        check_copies((*(self.hand or ()), *aside))
        return aside

    def _hand_with(self, out: str, into: str, argument: str) -> tuple[str, ...] | None:
        """My hand with ``out`` replaced by ``into`` (not followed: logged, unchecked)."""
        check_action_card(out, ACTION_CARDS)
        if self.hand is None:
            check_action_card(into, ACTION_CARDS)
            return None
        if out not in self.hand:
            raise not_held(argument, out, self.hand)
        check_action_card(into, ACTION_CARDS)
        hand = list(self.hand)
        hand[hand.index(out)] = into
        check_copies((*hand, *self.set_aside))
        return tuple(hand)

    def _their_defence(self, clue: Defence) -> Turns:
        stages = (CARD,) if clue.blocks is not None else (CARD, DEFENCE)
        if clue.blocks is not None and self.questioner == 0 and self.stage == DEFENCE:
            raise InvalidInput(
                "blocks",
                card_title(clue.blocks),
                N_("the defence card alone"),
                reason=N_(
                    "your investigation card is reported already: a defence that blocks "
                    "it is reported instead of it (or without blocks now)"
                ),
            )
        self._expect(0, stages, N_("your opponent's defence card"))
        mine = self.mine.observe(clue)
        changes: dict[str, tuple[str, ...]] = {}
        if clue.blocks is not None:  # my investigation card, made useless
            changes = self._play(clue.blocks)
        turns = self._with(mine=mine, **changes)
        skips = list(turns.skips)
        if clue.card in SKIPS:
            skips[0] += 1
        return turns._with(
            set_aside=turns._aside(clue.card),
            pile=max(0, turns.pile - 1),
            stage=END,
            moled=clue.card == "mole",
            skips=(skips[0], skips[1]),
        )

    def _asked(self, clue: Asked) -> Turns:
        correct = check_int("correct", clue.correct, 0, 4)
        if self.case is not None:
            true = Interrogation.of(self.case, self.theirs).answer(*clue.guess)
            if true != correct:
                reason = plural(
                    "{n} of these cards are right in your case {case}",
                    "{n} of these cards are right in your case {case}",
                    true,
                    case=str(self.case),
                )
                raise InvalidInput("correct", correct, (true,), reason=reason)
        questioning = Questioning(clue.crime, clue.scene, clue.suspect, clue.weapon, correct)
        return self._with(theirs=self._their_file(questioning))

    def _their_file(self, clue: CaseFileClue) -> Investigation:
        try:
            return self.theirs.observe(clue)
        except Contradiction:
            raise InvalidInput(
                "answer",
                clue,
                N_("answers that agree"),
                reason=N_("your answers so far rule it out"),
            ) from None

    def _their_card(self, clue: TheirCard) -> Turns:
        self._expect(1, (CARD,), N_("your opponent's investigation card"))
        check_action_card(clue.card, INVESTIGATION_CARDS)
        last = self.theirs.last_questioning
        assert last is not None
        note = ban_note(self.theirs.deck, last.suspect, clue.card)
        if note is not None:
            reason = M("{suspect} was laid and forbids it{note}", suspect=last.suspect, note=note)
            raise InvalidInput(
                "card", card_title(clue.card), N_("a card the laid suspect allows"), reason=reason
            )
        return self._with(
            pending=clue.card,
            set_aside=self._aside(clue.card),
            pile=max(0, self.pile - 1),
        )

    def _answered(self, clue: Answered) -> Turns:
        card = self.pending
        if card is None:
            raise InvalidInput("answer", clue.answer, N_("an answer to your opponent's card"))
        if card not in ANSWERED:  # its effect is not in the rulebook: nothing is counted
            return self._with(pending=None, stage=DEFENCE)
        if self.case is not None:
            theirs = Interrogation.of(self.case, self.theirs).played(card, clue.answer).opponent
        else:
            last = self.theirs.last_questioning
            assert last is not None
            theirs = self._their_file(answer_clue(card, clue.answer, last))
        return self._with(theirs=theirs, pending=None, stage=DEFENCE)

    def _defended(self, clue: Defended) -> Turns:
        check_action_card(clue.card, DEFENCE_CARDS)
        if clue.blocks is not None:
            if self.pending is None or clue.blocks != self.pending:
                raise InvalidInput(
                    "blocks",
                    card_title(clue.blocks),
                    [card_title(self.pending)] if self.pending else N_("the defence card alone"),
                )
            stages: tuple[str, ...] = (CARD,)
        else:
            stages = (CARD, DEFENCE)
            if self.pending is not None:
                raise self._awaited("card", card_title(clue.card))
        if self.questioner != 1 or self.stage not in stages:
            self._expect(1, (), N_("your defence card"))
        theirs = self._their_file(Defence(clue.card, clue.blocks))
        skips = list(self.skips)
        if clue.card in SKIPS:
            skips[1] += 1
        return self._with(
            theirs=theirs,
            pending=None,
            stage=END,
            moled=clue.card == "mole",
            skips=(skips[0], skips[1]),
            **self._play(clue.card),
        )

    def _drew(self, clue: Drew) -> Turns:
        check_action_card(clue.card, ACTION_CARDS)
        if self.hand is not None and len(self.hand) >= HAND:
            raise InvalidInput(
                "card", card_title(clue.card), N_("a draw"), reason=N_("you hold 3 cards")
            )
        if self.pile == 0:
            raise InvalidInput(
                "card", card_title(clue.card), N_("a draw"), reason=N_("the draw pile is empty")
            )
        if self.pending is not None:
            raise self._awaited("card", card_title(clue.card))
        hand = None if self.hand is None else (*self.hand, clue.card)
        check_copies((*(hand or (clue.card,)), *self.set_aside))
        stage = END if self.questioner is not None else self.stage
        return self._with(hand=hand, pile=self.pile - 1, stage=stage)


def show(clue: object) -> str:
    """An event named in a refusal."""
    return type(clue).__name__.lower()


def start(
    mine: Investigation,
    theirs: Investigation,
    *,
    case: Any,
    hand: Sequence[str] | None,
    first: int,
) -> Turns:
    """The turns before the first questioning (every set-up value checked)."""
    if case is not None:
        if isinstance(case, (tuple, list)) and not isinstance(case, Case) and len(case) == 4:
            case = Case(*case)
        if not isinstance(case, Case):
            raise InvalidInput("case", case, "a kreuzverhoer.Case or None")
        theirs.world_of(case)
    if hand is not None:
        if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) != HAND:
            raise InvalidInput("hand", hand, f"{HAND} action cards, or None")
        hand = tuple(check_action_card(card, ACTION_CARDS) for card in hand)
        check_copies(hand)
    check_int("first", first, 0, 1)
    return Turns(mine, theirs, case, hand, first)


guard(globals())
