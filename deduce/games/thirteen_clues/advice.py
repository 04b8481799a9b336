"""Advice that plays to win 13 Indizien, not only to learn: the race against the others.

Every question is public, so the answers tell me about the other players' puzzles too (I
see them all). :func:`rival_chances` estimates, for each other seat, the chance that its
player would name their puzzle right if they accused now: it draws whole deals from my
exact posterior (:meth:`Investigation.sample_deal`), builds the notebook each player
would keep from their own seat (:func:`view_of`: their two hidden cards, the puzzles they
see, every public answer, and each of their wrong accusations ruling out what was
likeliest to them then), and averages their best accusation's probability. What they saw
at the informant is private, so this is what the public answers and accusations tell
them.

:func:`advise` weighs my moves by the glasses (see :mod:`.glasses`): a question hands the
witness an action, the informant and an accusation hand one to the next player without
a glass, and each player who acts before my next action may win first. A move's *danger*
is the chance that one of them would be right (the players with glasses now, the one my
move hands a glass to, and those the glass passes to on its way back to me, see
:func:`~deduce.games.thirteen_clues.passing`); its value is its expected bits times the
chance that I get to use them (1 - danger). A question's answer is public: it tells every
seat but the witness about their own puzzle; with ``informed=True`` its danger counts the
others' chances once it is answered (:func:`rival_chances_after`, on the same drawn
deals), not before.
Whether to accuse now is a race too
(:func:`~deduce.games.thirteen_clues.accuse_or_ask`): I accuse when accusing now wins
more often than asking on (on a tie, I ask), counting what a wrong accusation rules out
and what it costs (my glasses, and the turn).

Example:
    >>> deal = Deal.random(3, seed=4)
    >>> inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    >>> advice = advise(inv, Glasses.start(3), samples=2, seed=1)
    >>> advice.accuse, isinstance(advice.best, Ask | Peek)
    (False, True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce._internal.reprs import rounded_repr
from deduce._internal.validation import check_int, check_seed, check_type
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.accusing import accuse_or_ask, survive
from deduce.games.thirteen_clues.cards import Deal, side_number
from deduce.games.thirteen_clues.cards import attributes as thirteen_attributes
from deduce.games.thirteen_clues.clues import (
    Accusation,
    Ask,
    Charged,
    Peek,
    Question,
    accusation_table,
)
from deduce.games.thirteen_clues.glasses import Glasses
from deduce.games.thirteen_clues.investigation import Investigation
from deduce.games.thirteen_clues.views import CLUES, seat_views, told_chances
from deduce.investigation import Recommendation
from deduce.output.notebook import Cell, html_page, percent, table

__all__ = ["TableAdvice", "advise", "rival_chances", "rival_chances_after", "view_of"]

TIE = 1e-12
"""Accusing must win more often than asking by this much (on a tie, I ask)."""

MAX_SAMPLES = 10_000
"""The most deals drawn to estimate the others' chances (each takes milliseconds)."""


def view_of(
    deal: Deal, seat: int, clues: Sequence[Any] = (), *, accusations: bool = True
) -> Investigation:
    """The notebook that the player at ``seat`` keeps in ``deal``, with the public
    questions among ``clues`` (seats numbered from seat 0 = me, as in my notebook).

    Seats are renumbered so that ``seat`` is 0 in the notebook returned. With
    ``accusations`` (the default), each wrong accusation of that seat (a
    :class:`Charged` clue) rules out the puzzle that was likeliest in their notebook then:
    the one a player accuses (unless it is their puzzle in ``deal``, where that player
    would have been right). The other clues (my informant cards, my accusations, the
    informant's cards they saw, the other seats' accusations) are not in their notebook
    or not about their puzzle, and are left out.

    Example:
        >>> deal = Deal.random(3, seed=2)
        >>> view = view_of(deal, 1, [Question(0, 2, "red", deal.answer(2, "red"))])
        >>> view.clues[0].asker, view.clues[0].witness, deal.puzzles[1] in view.solutions()
        (2, 1, True)
    """
    n = check_type("deal", deal, Deal, "a 13 Indizien Deal").players
    seat = check_int("seat", seat, 0, n - 1)
    puzzles = [deal.puzzles[(seat + k) % n] for k in range(1, n)]
    view = Investigation(n, deal.hands[seat], puzzles)
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Sequence):
        raise InvalidInput("clues", clues, "a list of clues (the notebook's .clues)")
    for i, clue in enumerate(clues):
        if not isinstance(clue, CLUES):
            raise InvalidInput(f"clues[{i}]", clue, "a clue of 13 Indizien (a Question, ...)")
        if isinstance(clue, Question):  # the others are mine alone: nobody else sees them
            check_int(f"clues[{i}].asker", clue.asker, 0, n - 1)
            check_int(f"clues[{i}].witness", clue.witness, 0, n - 1)
            asker, witness = (clue.asker - seat) % n, (clue.witness - seat) % n
            view = view.observe(Question(asker, witness, clue.about, clue.answer, clue.side))
        elif accusations and isinstance(clue, Charged) and not clue.right and clue.seat == seat:
            guess = view.accusation().puzzle
            if seat and guess != deal.puzzles[seat]:
                view = view.accused(guess.person, guess.location, guess.weapon)
    return view


def rival_chances(
    inv: Investigation, *, samples: int = 8, seed: int = 0, accusations: bool = True
) -> dict[int, float]:
    """For each other seat, the estimated chance that its player would be right if they
    accused their likeliest puzzle now, from the public answers and, with
    ``accusations``, their own wrong accusations (see :func:`view_of`): the mean over
    ``samples`` deals drawn from my posterior (seeded, so repeatable).

    Example:
        >>> deal = Deal.random(3, seed=4)
        >>> inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
        >>> sorted(rival_chances(inv, samples=2))
        [1, 2]
    """
    return _estimate(inv, (), samples, seed, accusations)[0]


def rival_chances_after(
    inv: Investigation,
    queries: Sequence[Ask | Peek],
    *,
    samples: int = 8,
    seed: int = 0,
    accusations: bool = True,
) -> dict[Ask | Peek, dict[int, float]]:
    """For each of my ``queries``: each other seat's chance to be right if they accused
    once its answer is public, estimated as :func:`rival_chances` estimates it now (on
    the same deals, with the same seed). My question's answer tells every other seat but
    the witness about their own puzzle; the witness, and everyone after a look at the
    informant, learn nothing from it.

    Raises:
        InvalidInput: a bad notebook, query, witness, sample count or seed.

    Example:
        >>> deal = Deal.random(4, seed=3)
        >>> inv = Investigation(4, deal.hands[0], list(deal.puzzles[1:]))
        >>> now = rival_chances(inv, samples=4)
        >>> after = rival_chances_after(inv, [Ask(1, "red"), Peek()], samples=4)
        >>> after[Peek()] == now, after[Ask(1, "red")][1] == now[1]  # nobody / the witness
        (True, True)
    """
    if isinstance(queries, (str, bytes)) or not isinstance(queries, Sequence):
        raise InvalidInput("queries", queries, "a list of Ask and Peek moves")
    check_type("inv", inv, Investigation, "a 13 Indizien Investigation")
    legal = set(inv.queries())
    for i, query in enumerate(queries):
        if not isinstance(query, Ask | Peek) or query not in legal:
            raise InvalidInput(f"queries[{i}]", query, "one of my moves (inv.queries())")
    return _estimate(inv, queries, samples, seed, accusations)[1]


def _estimate(
    inv: Investigation,
    queries: Sequence[Ask | Peek],
    samples: int,
    seed: int,
    accusations: bool,
) -> tuple[dict[int, float], dict[Ask | Peek, dict[int, float]]]:
    """The others' chances now and after each of ``queries``, on the same drawn deals."""
    check_type("inv", inv, Investigation, "a 13 Indizien Investigation")
    samples = check_int("samples", samples, 1, MAX_SAMPLES)
    rng = check_seed("seed", seed)
    n = inv.players
    asks = [q for q in dict.fromkeys(queries) if isinstance(q, Ask)]
    attributes = thirteen_attributes(n)
    total = dict.fromkeys(range(1, n), 0.0)
    later = {q: dict.fromkeys(range(1, n), 0.0) for q in asks}
    deals = [inv.sample_deal(rng) for _sample in range(samples)]
    about = {q: attributes.index(q.about) for q in asks}
    told = [  # what each witness answers in each deal (the same for every seat)
        {q: deal.answers(q.witness, side=q.side)[about[q]] for q in asks} for deal in deals
    ]
    for seat in total:
        views = seat_views(deals, seat, inv.clues, accusations=accusations)
        theirs = [q for q in asks if q.witness != seat]  # the witness learns nothing
        renumbered = [((q.witness - seat) % n, about[q], side_number(q.side)) for q in theirs]
        answered = [[answers[q] for q in theirs] for answers in told]
        chances = told_chances(views, renumbered, answered).tolist() if theirs else []
        for v, view in enumerate(views):
            chance = view.chance
            total[seat] += chance
            for q in asks:
                if q.witness == seat:
                    later[q][seat] += chance
            if not theirs:
                continue
            for q, told_chance in zip(theirs, chances[v], strict=True):
                later[q][seat] += told_chance
    now = {seat: chance / samples for seat, chance in total.items()}
    after: dict[Ask | Peek, dict[int, float]] = {
        q: {seat: chance / samples for seat, chance in later[q].items()} for q in asks
    }
    for query in queries:
        after.setdefault(query, dict(now))  # a look at the informant is mine alone
    return now, after


@dataclass(frozen=True, slots=True)
class TableAdvice:
    """What to do now at the table (see :func:`advise`).

    Attributes:
        accuse: whether to accuse now.
        accusation: my likeliest puzzle and its exact probability.
        moves: the other moves, best first, each with ``score`` = its expected bits times
            the chance that nobody wins before I can use them.
        danger: for each move in ``moves``, the chance that a player who acts before my
            next action (given that move's glass) would win.
        rivals: each other seat's chance to be right if they accused now.
        chances: my chance to win by accusing now and by asking on (see
            :func:`~deduce.games.thirteen_clues.accuse_or_ask`); None when nothing is
            left to ask.
    """

    accuse: bool
    accusation: Accusation
    moves: tuple[Recommendation, ...]
    danger: tuple[float, ...]
    rivals: Mapping[int, float]
    chances: tuple[float, float] | None = None

    @property
    def best(self) -> Accusation | Ask | Peek:
        """The move to make: the accusation, or the best other move."""
        if self.accuse or not self.moves:
            return self.accusation
        action: Ask | Peek = self.moves[0].action
        return action

    def __repr__(self) -> str:
        return rounded_repr(self)

    def _repr_html_(self) -> str:
        moves: list[tuple[object, ...]] = [
            (
                str(move.action),
                Cell(f"{move.score:.2f}", number=True),
                Cell(percent(danger), number=True),
            )
            for move, danger in zip(self.moves[:_MOVES_SHOWN], self.danger, strict=False)
        ]
        if len(self.moves) > _MOVES_SHOWN:
            more = _(M("... {n} more", n=len(self.moves) - _MOVES_SHOWN))
            moves.append((more, "", ""))
        rivals = [
            (_(M("seat {seat}", seat=seat)), Cell(percent(chance), number=True, shade=chance))
            for seat, chance in sorted(self.rivals.items())
        ]
        header = (_("other move"), _("bits I can use"), _("danger"))
        return html_page(
            f"<p><b>{html.escape(str(self))}</b></p>",
            accusation_table(self.accusation),
            table(header, moves) if moves else "",
            table((_("rival"), _("right if they accused now")), rivals),
        )

    def __str__(self) -> str:
        close = ", ".join(
            _(M("seat {seat} {chance:.0%}", seat=s, chance=p))
            for s, p in sorted(self.rivals.items())
        )
        if self.chances is not None:
            now, later = self.chances
            line = M(
                "{move} (I win {now:.0%} accusing now, {later:.0%} asking first; others: {close})",
                move=str(self.best),
                now=now,
                later=later,
                close=close,
            )
        elif self.accuse:
            line = M(
                "{accusation} now: the others are close ({close})",
                accusation=str(self.accusation),
                close=close,
            )
        else:
            line = M(
                "{move} ({bits:.2f} bits I can use; others: {close})",
                move=str(self.best),
                bits=self.moves[0].score,
                close=close,
            )
        return str(_(line))


_MOVES_SHOWN = 8  # the other moves a notebook lists


def advise(
    inv: Investigation,
    glasses: Glasses,
    *,
    strategy: str = "entropy",
    samples: int = 8,
    seed: int = 0,
    rivals: Mapping[int, float] | None = None,
    passed: bool = True,
    informed: bool = False,
) -> TableAdvice:
    """What I (seat 0) should do now, weighing the race (see the module's text).

    Args:
        inv: my notebook.
        glasses: the glasses at the table; I must be the one acting.
        strategy: how the moves' information is scored (see
            :meth:`Investigation.recommend`).
        samples: deals drawn to estimate the others' chances (:func:`rival_chances`).
        seed: the seed of those draws.
        rivals: the others' chances, if known otherwise (then nothing is drawn, and they
            are taken to learn nothing from my question): each other seat -> its
            chance, from 0 to 1.
        passed: how the glass comes back to me (see
            :func:`~deduce.games.thirteen_clues.accuse_or_ask`): passed on among the
            others (the default), or only through the glasses held after my move.
        informed: True: the others act on what my question's answer tells them (a
            question's danger and the ladder after it count their chances once its
            answer is public, :func:`rival_chances_after`); False (the default): on what
            they know now. The league finds the two level (at 5 players over 1000
            games a cell; see the benchmarks).

    Raises:
        InvalidInput: a table of another player count, or not my turn.
    """
    check_type("inv", inv, Investigation, "a 13 Indizien Investigation")
    if not isinstance(glasses, Glasses) or glasses.players != inv.players:
        raise InvalidInput("glasses", glasses, f"the Glasses of a {inv.players}-player table")
    if glasses.active != 0 or glasses.winner is not None:
        raise InvalidInput("glasses", str(glasses), "a table where I (seat 0) act now")
    accusation = inv.accusation()
    others = [r for r in inv.recommend(top=10_000, strategy=strategy) if r.action != accusation]
    after: Mapping[Any, Mapping[int, float]] = {}
    if rivals is None:
        queries = [r.action for r in others] if informed else []
        rivals, after = _estimate(inv, queries, samples, seed, True)
    elif not isinstance(rivals, Mapping) or not all(
        s in range(1, inv.players) and isinstance(p, int | float) and 0 <= p <= 1
        for s, p in rivals.items()
    ):
        raise InvalidInput("rivals", rivals, "other seats -> chances from 0 to 1")
    later = {r.action: after.get(r.action, rivals) for r in others}
    danger = [
        1.0 - survive(glasses, glasses.receiver(r.action), later[r.action], passed=passed)
        for r in others
    ]
    scored = sorted(
        (
            (rec.information * (1.0 - d), i, rec, d)
            for i, (rec, d) in enumerate(zip(others, danger, strict=True))
        ),
        key=lambda item: (-item[0], item[1]),
    )
    moves = tuple(
        Recommendation(
            rec.action, rec.information, rec.outcomes, rec.worst_case, "race", float(score)
        )
        for score, _, rec, _ in scored
    )
    dangers = tuple(d for _, _, _, d in scored)
    useful = [m for m in moves if m.information > 1e-9]
    chances = accuse_or_ask(inv, glasses, useful, rivals, passed=passed, after=after or None)
    accuse = accusation.certain or not useful or chances[0] > chances[1] + TIE
    return TableAdvice(accuse, accusation, moves, dangers, rivals, chances)


guard(globals())
