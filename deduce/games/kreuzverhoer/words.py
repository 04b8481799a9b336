"""Kreuzverhör: the table in the words of ``deduce play kreuzverhoer``.

What the console shows after every line of a whole game: the questionings each player
has made and has left, my hand, my opponent's progress on their case, the race on my
turn, and what comes next with the line that says it.

Example:
    >>> from deduce.games.kreuzverhoer import Case, Table
    >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"), first=1)
    >>> print(table_lines(t).splitlines()[-1])
    Next: your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON.
"""

from __future__ import annotations

from dataclasses import replace

from deduce._internal.entry import guard
from deduce.games.kreuzverhoer.advice import EXACT_UP_TO, RaceMove
from deduce.games.kreuzverhoer.clues import NAMES_TOLD, card_title
from deduce.games.kreuzverhoer.events import (
    Answered,
    Asked,
    Defended,
    Drew,
    Exchanged,
    Swapped,
    TheirCard,
)
from deduce.games.kreuzverhoer.interrogation import CARDS as ANSWERED
from deduce.games.kreuzverhoer.interrogation import answer_in_words
from deduce.games.kreuzverhoer.table import Table
from deduce.play.adapter import TableFact, Turn, Way
from deduce.play.grammar import Rows

__all__ = [
    "next_line",
    "race_rows",
    "show_event",
    "table_facts",
    "table_lines",
    "table_turn",
]

_CARD_VERBS = "single, site, confront, informant, profiler"


def show_event(clue: object) -> str:
    """An event of the table besides my own questionings, as ``history`` lists it.

    Example:
        >>> show_event(Asked("Mord", "Ulm", "Ede K.", "Gift", 2))
        "your opponent's questioning Mord / Ulm / Ede K. / Gift: 2 right"
    """
    if isinstance(clue, Asked):
        return f"your opponent's questioning {clue.guess}: {clue.correct} right"
    if isinstance(clue, TheirCard):
        return f"your opponent plays {card_title(clue.card)}"
    if isinstance(clue, Answered):
        answer = clue.answer
        if answer is True or answer is False:
            return f"you answer {'yes' if answer else 'no'}"
        if answer is None:
            return "you answer: the laid scene is wrong"
        return "you name " + " and ".join(answer)
    if isinstance(clue, Defended):
        against = f" against {card_title(clue.blocks)}" if clue.blocks else ""
        return f"you play {card_title(clue.card)}{against}"
    if isinstance(clue, Drew):
        return f"you draw {card_title(clue.card)}"
    if isinstance(clue, Exchanged):
        return f"you exchange {card_title(clue.card)} for {card_title(clue.drawn)}"
    if isinstance(clue, Swapped):
        return f"Maulwurf: you give {card_title(clue.given)} and get {card_title(clue.taken)}"
    return repr(clue)


def next_line(table: Table) -> str:
    """What comes next at the table and the line that says it."""
    step, questioner = table.step, table.turn
    if step == "over":
        won = table.winners()
        who = "a tie" if len(won) == 2 else "you win" if won == (0,) else "your opponent wins"
        return f"The game is over ({table.next_step().split(': ', 1)[-1]}): {who}."
    if step == "ask" and table.turn == 0:
        return "Next: your questioning: lay four cards, then ask CRIME SCENE SUSPECT WEAPON N."
    if step == "ask":
        n = "" if table.case is not None else " N"
        return f"Next: your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON{n}."
    if step == "answer":
        return f"Next: {_answer_words(table)}"
    if step == "draw":
        return "Next: draw CARD (the action card you drew)."
    then = _after(table)
    if step == "card" and questioner == 0:
        return (
            f"Next: you may play an investigation card ({_CARD_VERBS}) or exchange CARD NEW; "
            f"your opponent may then play a defence card (defence CARD); {then}"
        )
    if step == "card":
        return (
            "Next: your opponent may play an investigation card (they play CARD); you may "
            f"play a defence card (play CARD); {then}"
        )
    if questioner == 0:
        return f"Next: your opponent may play a defence card (defence CARD); {then}"
    return f"Next: you may play a defence card (play CARD); {then}"


def table_turn(table: Table) -> Turn:
    """Whose step it is at the table (:attr:`Table.acting`) and the line that says it.

    Example:
        >>> from deduce.games.kreuzverhoer import Table
        >>> table_turn(Table(first=1)).heading
        "Your opponent's turn"
    """
    if table.over:
        said = next_line(table).removeprefix("Next: ").rstrip(".")
        names = {0: "you", 1: "your opponent"}
        return Turn.ended(said, [names[s] for s in table.winners()])
    seat = table.acting
    ways, note = _ways(table)
    last = table.clues[-1] if table.clues else None
    if isinstance(last, Asked) and table.case is not None:  # what I must tell them
        told = f"tell your opponent: {last.correct} of the four cards are right"
        note = f"{told}; {note}" if note else told
    return Turn(seat, "you" if seat == 0 else "your opponent", seat == 0, ways, note)


_CARD_VERB = {
    "single_interrogation": "single",
    "investigators_on_site": "site",
    "confrontation": "confront",
    "informant": "informant",
    "profiler": "profiler",
}
_THEY_ASK = Way("they", "your opponent lays four cards and asks", (("ask", "ask"),))


def _ways(table: Table) -> tuple[tuple[Way, ...], str]:
    """What may be done at the table's step, and what else the step says."""
    step, questioner = table.step, table.turn
    if step == "ask":
        if questioner == 0:
            return (Way("ask", "lay four cards, then ask"),), ""
        return (_THEY_ASK,), ""
    if step == "answer":
        return _answer_ways(table)
    if step == "draw":
        return (Way("draw", "draw the action card you drew"),), ""
    then = _then(table)
    if step == "card" and questioner == 0:
        hand = table.hand
        cards = [c for c in _CARD_VERB if hand is None or c in hand]
        played = tuple(way for c in cards for way in _played(c))
        exchange = () if hand == () else (Way("exchange", "exchange a card"),)
        defence = Way("defence", "your opponent plays a defence card")
        return (*played, *exchange, defence, *then), ""
    if step == "card":
        theirs = Way("they", "your opponent plays an investigation card", (("play", "play"),))
        return (theirs, Way("play", "play a defence card"), *then), ""
    if questioner == 0:
        return (Way("defence", "your opponent plays a defence card"), *then), ""
    return (Way("play", "play a defence card"), *then), ""


def _played(card: str) -> tuple[Way, ...]:
    """The ways to record my card played: Ermittler vor Ort has two answers, the laid
    scene right (and two weapons not the case's) or wrong."""
    title = card_title(card)
    if card != "investigators_on_site":
        return (Way(_CARD_VERB[card], f"play {title}"),)
    return (
        Way("site", f"play {title}: the scene is right", form=("WEAPON",)),
        Way("site", f"play {title}: the scene is wrong", (("wrong", "wrong"),)),
    )


def _then(table: Table) -> tuple[Way, ...]:
    """What comes once nobody plays a card: drawing, or the next questioning."""
    if table.must_draw:
        return (Way("draw", "draw the action card you drew"),)
    seat = table.questions_next
    if seat is None:
        return ()
    if seat == 0:
        return (Way("ask", "your questioning: lay four cards and ask"),)
    return (replace(_THEY_ASK, words="your opponent's questioning: they lay four cards and ask"),)


def _answer_ways(table: Table) -> tuple[tuple[Way, ...], str]:
    """Answering my opponent's card (with the answer deduce works out, when my case is
    known), or blocking it."""
    card = table.pending
    assert card is not None
    title = card_title(card)
    blocks = tuple(
        Way("play", f"block it with {card_title(c)}", (("CARD", c),))
        for c in ("alibi", "refusal", "false_witness")
        if table.blocks(c) and (table.hand is None or c in table.hand)
    )
    answer = f"answer their {title}"
    if card not in ANSWERED:
        note = "its effect is not in the rulebook, so what you tell them is not counted"
        return (Way("answer", answer), *blocks), note
    if table.case is None:
        if card == "confrontation":
            return (Way("answer", answer, form=("ANSWER",)), *blocks), ""
        return (Way("answer", answer), *blocks), ""
    suggested = table.suggest()
    last = table.theirs.last_questioning
    assert last is not None
    note = f"tell them {answer_in_words(card, suggested, last.scene, last.suspect)}"
    if card == "confrontation":
        yes = (("ANSWER", "yes" if suggested else "no"),)
        return (Way("answer", answer, filled=yes), *blocks), note
    if card in NAMES_TOLD and suggested is not None:
        names = tuple(("NAME", str(name)) for name in suggested)
        return (Way("answer", answer, filled=names), *blocks), note
    return (Way("answer", answer, (("wrong", "wrong"),)), *blocks), note


def table_facts(table: Table) -> list[TableFact]:
    """What the table knows, as a page lists it: my hand, my opponent's progress, and on
    my questioning the race's best lay (the questionings are a grid of their own).

    Example:
        >>> from deduce.games.kreuzverhoer import Table
        >>> table_facts(Table())[0].label
        'Your opponent'
    """
    found = []
    if table.hand is not None:
        hand = ", ".join(card_title(c) for c in table.hand) or "none"
        found += [TableFact("Your hand", hand), TableFact("Draw pile", str(table.pile))]
    found.append(TableFact("Your opponent", _progress(table).removeprefix("Your opponent: ")))
    if table.may_lay and table.questionings_left and not table.over:
        best = table.race(top=1)[0]
        race = f"lay {best.action}: {_win(best, table)}; it solves now with "
        found.append(TableFact("Race", race + f"{100 * best.solves_now:.1f}%"))
    return found


def _after(table: Table) -> str:
    if table.must_draw:
        return "then draw CARD."
    seat = table.questions_next
    if seat is None:
        return "then the game is over."
    if seat == 0:
        return "then your questioning: ask CRIME SCENE SUSPECT WEAPON N."
    n = "" if table.case is not None else " N"
    return f"then your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON{n}."


def _answer_words(table: Table) -> str:
    card = table.pending
    assert card is not None
    blockers = [c for c in ("alibi", "refusal", "false_witness") if table.blocks(c)]
    block = " or ".join(f"play {card_title(c)}" for c in blockers)
    if card not in ANSWERED:
        return (
            f"answer their {card_title(card)}: its effect is not in the rulebook, so what you "
            f"tell them is not counted (answer); or block it ({block})."
        )
    if table.case is None:
        shape = "yes or no" if card == "confrontation" else "NAME(S) (or wrong)"
        return f"answer their {card_title(card)}: answer {shape}; or block it ({block})."
    suggested = table.suggest()
    last = table.theirs.last_questioning
    assert last is not None
    said = answer_in_words(card, suggested, last.scene, last.suspect)
    if card in NAMES_TOLD and suggested is not None:
        named = "answer " + " ".join(suggested)
    else:
        named = (
            ("answer yes" if suggested else "answer no")
            if card == "confrontation"
            else ("answer wrong")
        )
    return (
        f"answer their {card_title(card)}: tell them {said} (answer, or {named}); "
        f"or block it ({block})."
    )


def _progress(table: Table) -> str:
    theirs = table.theirs
    cases = theirs.space.size
    said = f"Your opponent: {cases} case{'' if cases == 1 else 's'} left for them"
    known = theirs.certain()
    if known:
        said += "; they know " + ", ".join(f"{f} {v}" for f, v in known.items())
    if table.case is not None and cases:
        said += f"; your case has {100 * table.interrogation.chance:.1f}% for them"
    their = table.their_pace()
    soon = their.within(1)
    bound = "" if their.exact else "at most "
    return f"{said}; they solve in their next questioning: {bound}{100 * soon:.1f}%."


def _win(move: RaceMove, table: Table) -> str:
    """The chance to win in words: exact, about (my own pace bounded), or not yet known
    (my opponent's pace only bounded: far from solving, information decides)."""
    if move.exact:
        return f"you win with {100 * move.win:.1f}%"
    if table.their_pace().exact:
        return f"you win with about {100 * move.win:.0f}% (your own pace is a bound)"
    return "the chance to win is not known yet (both far from solving: information decides)"


def table_lines(table: Table) -> str:
    """The lines shown after every event: questionings, hand, the race, what is next."""
    (made, theirs_made), (left, theirs_left) = table.questionings_made, table.left
    told = ""
    last = table.clues[-1] if table.clues else None
    if isinstance(last, Asked) and table.case is not None:
        told = f"Tell your opponent: {last.correct} of the four cards are right.\n"
    lines = [
        told + f"Questionings: you made {made}, {left} left; your opponent made {theirs_made}, "
        f"{theirs_left} left ({table.rules.describe()})."
    ]
    if table.hand is not None:
        hand = ", ".join(card_title(c) for c in table.hand) or "none"
        lines.append(f"Your hand: {hand}. Draw pile: {table.pile}.")
    lines.append(_progress(table))
    if table.may_lay and table.questionings_left:
        best = table.race(top=1)[0]
        lines.append(
            f"Race: lay {best.action}: {_win(best, table)}; it solves now with "
            f"{100 * best.solves_now:.1f}%. (race lists more; strategy entropy ranks by "
            "information)"
        )
    lines.append(next_line(table))
    return "\n".join(lines)


def race_rows(table: Table) -> Rows | str:
    """``race``: my best lays by the chance to win (on my questioning)."""
    if not table.may_lay or not table.questionings_left:
        return f"The race is ranked before you lay (now {table.next_step()})."
    theirs_exact = table.their_pace().exact
    rows = tuple(
        (
            str(m.action),
            f"{100 * m.win:.1f}%" if m.exact else f"~{100 * m.win:.0f}%" if theirs_exact else "-",
            f"{100 * m.solves_now:.1f}%",
            f"{m.information:.2f} bits",
        )
        for m in table.race(top=5)
    )
    their = table.their_pace()
    soon = ", ".join(f"{100 * their.within(t):.0f}%" for t in range(1, 5))
    note = f"Your opponent solves within 1, 2, 3, 4 of their questionings: {soon}"
    note += "." if their.exact else " (upper bounds: far from solving)."
    if not theirs_exact:
        note += f"\nThe chance to win is known once a case file holds at most {EXACT_UP_TO} cases."
    return Rows(("lay", "win", "solves now", "information"), rows, note)


guard(globals())
