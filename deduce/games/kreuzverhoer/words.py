"""Kreuzverhör: the table in the words of ``deduce play kreuzverhoer``.

What the console shows after every line of a whole game: the questionings each player
has made and has left, my hand, my opponent's progress on their case, the race on my
turn, and what comes next with the line that says it. A player reading English also
reads the English gloss of a card where the card is explained: the case cards once,
before the first line of the game; the action cards of my hand; my opponent's card
waiting for my answer.

Example:
    >>> from deduce.games.kreuzverhoer import Case, Table
    >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"), first=1)
    >>> print(table_lines(t).splitlines()[-1])
    Next: your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON.
"""

from __future__ import annotations

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, both, either, plural
from deduce.games.kreuzverhoer.advice import EXACT_UP_TO, RaceMove
from deduce.games.kreuzverhoer.cards import FIELDS, Deck
from deduce.games.kreuzverhoer.clues import NAMES_TOLD, card_title, glossed_title
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
    "glossary",
    "next_line",
    "race_rows",
    "show_event",
    "table_facts",
    "table_lines",
    "table_turn",
]

_CARD_VERBS = "single, site, confront, informant, profiler"
_KINDS = {"crime": "crimes", "scene": "scenes", "suspect": "suspects", "weapon": "weapons"}


_GLOSSARY = "Case cards in English"
"""The heading of :func:`glossary` (English only: a gloss is English, so a player reading
another language never reads it)."""


def glossary(deck: Deck) -> str:
    """The case cards of ``deck`` that have an English gloss, with it, kind by kind, for
    a player reading English; "" for a player reading German, who reads the cards as
    printed.

    Example:
        >>> print(glossary(Deck.default()))  # doctest: +NORMALIZE_WHITESPACE
        crimes Mord (murder), Einbruch (burglary), Überfall (robbery), Erpressung*
        (blackmail), Entführung* (kidnapping), Brandstiftung* (arson); weapons Messer
        (knife), Brechstange (crowbar), Gift (poison), Pistole (pistol), Strick* (rope),
        Axt* (axe), Feuerzeug* (lighter), Schal* (scarf)
        >>> from deduce._internal.language import use_language
        >>> with use_language("de"):
        ...     glossary(Deck.default())
        ''
    """
    kinds = []
    for field in FIELDS:
        names = deck.names(field)
        shown = [deck.glossed(n) for n in names if deck.glossed(n) != n]
        if shown:
            kinds.append(f"{_KINDS[field]} {', '.join(shown)}")
    return "; ".join(kinds)


def _hand(table: Table) -> str:
    """My action cards, each with its gloss for a player reading English."""
    assert table.hand is not None
    return ", ".join(glossed_title(c) for c in table.hand) or _("none")


def show_event(clue: object) -> str:
    """An event of the table besides my own questionings, as ``history`` lists it.

    Example:
        >>> show_event(Asked("Mord", "Ulm", "Ede K.", "Gift", 2))
        "your opponent's questioning Mord / Ulm / Ede K. / Gift: 2 right"
    """
    said: str = _(_event_words(clue))
    return said


def _event_words(clue: object) -> str:
    """:func:`show_event`, said in the player's language where it is shown."""
    if isinstance(clue, Asked):
        laid, right = str(clue.guess), clue.correct
        return M("your opponent's questioning {laid}: {right} right", laid=laid, right=right)
    if isinstance(clue, TheirCard):
        return M("your opponent plays {card}", card=card_title(clue.card))
    if isinstance(clue, Answered):
        answer = clue.answer
        if answer is True:
            return N_("you answer yes")
        if answer is False:
            return N_("you answer no")
        if answer is None:
            return N_("you answer: the laid scene is wrong")
        return M("you name {names}", names=both(answer))
    if isinstance(clue, Defended):
        card = card_title(clue.card)
        if clue.blocks:
            return M(
                "you play {card} against {blocked}", card=card, blocked=card_title(clue.blocks)
            )
        return M("you play {card}", card=card)
    if isinstance(clue, Drew):
        return M("you draw {card}", card=card_title(clue.card))
    if isinstance(clue, Exchanged):
        card, drawn = card_title(clue.card), card_title(clue.drawn)
        return M("you exchange {card} for {drawn}", card=card, drawn=drawn)
    if isinstance(clue, Swapped):
        given, taken = card_title(clue.given), card_title(clue.taken)
        return M("Maulwurf: you give {given} and get {taken}", given=given, taken=taken)
    return repr(clue)


def next_line(table: Table) -> str:
    """What comes next at the table and the line that says it."""
    said: str = _(_next_words(table))
    return said


def _over_words(table: Table) -> str:
    """How the game ended and who won, without the full stop (in the player's language)."""
    won = table.winners()
    how = table.next_step().split(": ", 1)[-1]
    said: str
    if len(won) == 2:
        said = _(M("The game is over ({how}): a tie", how=how))
    elif won == (0,):
        said = _(M("The game is over ({how}): you win", how=how))
    else:
        said = _(M("The game is over ({how}): your opponent wins", how=how))
    return said


def _next_words(table: Table) -> str:
    step, questioner = table.step, table.turn
    if step == "over":
        return f"{_over_words(table)}."
    if step == "ask" and table.turn == 0:
        return N_("Next: your questioning: lay four cards, then ask CRIME SCENE SUSPECT WEAPON N.")
    if step == "ask" and table.case is not None:
        return N_("Next: your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON.")
    if step == "ask":
        return N_("Next: your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON N.")
    if step == "answer":
        return M("Next: {step}", step=_answer_words(table))
    if step == "draw":
        return N_("Next: draw CARD (the action card you drew).")
    then = _after(table)
    if step == "card" and questioner == 0:
        return M(
            "Next: you may play an investigation card ({verbs}) or exchange CARD NEW; "
            "your opponent may then play a defence card (defence CARD); {then}",
            verbs=_CARD_VERBS,
            then=then,
        )
    if step == "card":
        return M(
            "Next: your opponent may play an investigation card (they play CARD); you may "
            "play a defence card (play CARD); {then}",
            then=then,
        )
    if questioner == 0:
        return M("Next: your opponent may play a defence card (defence CARD); {then}", then=then)
    return M("Next: you may play a defence card (play CARD); {then}", then=then)


def table_turn(table: Table) -> Turn:
    """Whose step it is at the table (:attr:`Table.acting`) and the line that says it.

    Example:
        >>> from deduce.games.kreuzverhoer import Table
        >>> table_turn(Table(first=1)).heading
        "Your opponent's turn"
    """
    names = {0: _("you"), 1: _("your opponent")}
    if table.over:
        return Turn.ended(_over_words(table), [names[s] for s in table.winners()])
    seat = table.acting
    ways, note = _ways(table)
    last = table.clues[-1] if table.clues else None
    if isinstance(last, Asked) and table.case is not None:  # what I must tell them
        told = _(
            plural(
                "tell your opponent: {n} of the four cards are right",
                "tell your opponent: {n} of the four cards are right",
                last.correct,
            )
        )
        note = f"{told}; {note}" if note else told
    return Turn(seat, names[0] if seat == 0 else names[1], seat == 0, ways, note)


_CARD_VERB = {
    "single_interrogation": "single",
    "investigators_on_site": "site",
    "confrontation": "confront",
    "informant": "informant",
    "profiler": "profiler",
}
_ASKS = (("ask", "ask"),)


def _ways(table: Table) -> tuple[tuple[Way, ...], str]:
    """What may be done at the table's step, and what else the step says."""
    step, questioner = table.step, table.turn
    if step == "ask":
        if questioner == 0:
            return (Way("ask", _("lay four cards, then ask")),), ""
        return (Way("they", _("your opponent lays four cards and asks"), _ASKS),), ""
    if step == "answer":
        return _answer_ways(table)
    if step == "draw":
        return (Way("draw", _("draw the action card you drew")),), ""
    then = _then(table)
    if step == "card" and questioner == 0:
        hand = table.hand
        cards = [c for c in _CARD_VERB if hand is None or c in hand]
        played = tuple(way for c in cards for way in _played(c))
        exchange = () if hand == () else (Way("exchange", _("exchange a card")),)
        defence = Way("defence", _("your opponent plays a defence card"))
        return (*played, *exchange, defence, *then), ""
    if step == "card":
        plays = (("play", "play"),)
        theirs = Way("they", _("your opponent plays an investigation card"), plays)
        return (theirs, Way("play", _("play a defence card")), *then), ""
    if questioner == 0:
        return (Way("defence", _("your opponent plays a defence card")), *then), ""
    return (Way("play", _("play a defence card")), *then), ""


def _played(card: str) -> tuple[Way, ...]:
    """The ways to record my card played: Ermittler vor Ort has two answers, the laid
    scene right (and two weapons not the case's) or wrong."""
    title = card_title(card)
    if card != "investigators_on_site":
        return (Way(_CARD_VERB[card], _(M("play {card}", card=title))),)
    right = _(M("play {card}: the scene is right", card=title))
    wrong = _(M("play {card}: the scene is wrong", card=title))
    return (
        Way("site", right, form=("WEAPON",)),
        Way("site", wrong, (("wrong", "wrong"),)),
    )


def _then(table: Table) -> tuple[Way, ...]:
    """What comes once nobody plays a card: drawing, or the next questioning."""
    if table.must_draw:
        return (Way("draw", _("draw the action card you drew")),)
    seat = table.questions_next
    if seat is None:
        return ()
    if seat == 0:
        return (Way("ask", _("your questioning: lay four cards and ask")),)
    words = _("your opponent's questioning: they lay four cards and ask")
    return (Way("they", words, _ASKS),)


def _answer_ways(table: Table) -> tuple[tuple[Way, ...], str]:
    """Answering my opponent's card (with the answer deduce works out, when my case is
    known), or blocking it."""
    card = table.pending
    assert card is not None
    title = glossed_title(card)  # their card, explained where it waits for my answer
    blocks = tuple(
        Way("play", _(M("block it with {card}", card=card_title(c))), (("CARD", c),))
        for c in ("alibi", "refusal", "false_witness")
        if table.blocks(c) and (table.hand is None or c in table.hand)
    )
    answer = _(M("answer their {card}", card=title))
    if card not in ANSWERED:
        note = _("its effect is not in the rulebook, so what you tell them is not counted")
        return (Way("answer", answer), *blocks), note
    if table.case is None:
        if card == "confrontation":
            return (Way("answer", answer, form=("ANSWER",)), *blocks), ""
        return (Way("answer", answer), *blocks), ""
    suggested = table.suggest()
    last = table.theirs.last_questioning
    assert last is not None
    said = answer_in_words(card, suggested, last.scene, last.suspect)
    note = _(M("tell them {answer}", answer=said))
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

    Before the first line of the game a player reading English also reads the case
    cards in English (:func:`glossary`).

    Example:
        >>> from deduce.games.kreuzverhoer import Table
        >>> [fact.label for fact in table_facts(Table())]
        ['Case cards in English', 'Your opponent', 'Race']
        >>> table_facts(Table(hand=["profiler", "lawyer", "refusal"]))[1].value
        'Profiler, Anwalt (lawyer), Aussageverweigerung (refusal to testify)'
    """
    found = []
    cards = glossary(table.deck) if not table.clues else ""
    if cards:  # before the first line of the game, in English only
        found.append(TableFact(_GLOSSARY, cards))
    if table.hand is not None:
        hand = _hand(table)
        found += [TableFact(_("Your hand"), hand), TableFact(_("Draw pile"), str(table.pile))]
    found.append(TableFact(_("Your opponent"), _progress_words(table)))
    if table.may_lay and table.questionings_left and not table.over:
        best = table.race(top=1)[0]
        race = _(
            M(
                "lay {lay}: {win}; it solves now with {chance:.1f}%",
                lay=str(best.action),
                win=_win(best, table),
                chance=100 * best.solves_now,
            )
        )
        found.append(TableFact(_("Race"), race))
    return found


def _after(table: Table) -> str:
    if table.must_draw:
        return N_("then draw CARD.")
    seat = table.questions_next
    if seat is None:
        return N_("then the game is over.")
    if seat == 0:
        return N_("then your questioning: ask CRIME SCENE SUSPECT WEAPON N.")
    if table.case is not None:
        return N_("then your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON.")
    return N_("then your opponent's questioning: they ask CRIME SCENE SUSPECT WEAPON N.")


def _answer_words(table: Table) -> str:
    card = table.pending
    assert card is not None
    blockers = [c for c in ("alibi", "refusal", "false_witness") if table.blocks(c)]
    block = either(f"play {card_title(c)}" for c in blockers)  # the lines to type
    title = glossed_title(card)  # their card, explained where it waits for my answer
    if card not in ANSWERED:
        return M(
            "answer their {card}: its effect is not in the rulebook, so what you tell them is "
            "not counted (answer); or block it ({block}).",
            card=title,
            block=block,
        )
    if table.case is None:
        if card == "confrontation":
            return M(
                "answer their {card}: answer yes or no; or block it ({block}).",
                card=title,
                block=block,
            )
        return M(
            "answer their {card}: answer NAME(S) (or wrong); or block it ({block}).",
            card=title,
            block=block,
        )
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
    return M(
        "answer their {card}: tell them {answer} (answer, or {typed}); or block it ({block}).",
        card=title,
        answer=said,
        typed=named,
        block=block,
    )


def _progress(table: Table) -> str:
    said: str = _(M("Your opponent: {progress}", progress=_progress_words(table)))
    return said


def _progress_words(table: Table) -> str:
    """My opponent's progress on their case, in the player's language."""
    theirs = table.theirs
    cases = theirs.space.size
    said = [_(plural("{n} case left for them", "{n} cases left for them", cases))]
    known = theirs.certain()
    if known:
        facts = ", ".join(f"{_(f)} {v}" for f, v in known.items())
        said.append(_(M("they know {facts}", facts=facts)))
    if table.case is not None and cases:
        chance = 100 * table.interrogation.chance
        said.append(_(M("your case has {chance:.1f}% for them", chance=chance)))
    their = table.their_pace()
    soon = 100 * their.within(1)
    if their.exact:
        said.append(_(M("they solve in their next questioning: {chance:.1f}%.", chance=soon)))
    else:
        solve = M("they solve in their next questioning: at most {chance:.1f}%.", chance=soon)
        said.append(_(solve))
    return "; ".join(said)


def _win(move: RaceMove, table: Table) -> str:
    """The chance to win in words: exact, about (my own pace bounded), or not yet known
    (my opponent's pace only bounded: far from solving, information decides)."""
    said: str
    if move.exact:
        said = _(M("you win with {chance:.1f}%", chance=100 * move.win))
    elif table.their_pace().exact:
        chance = 100 * move.win
        said = _(M("you win with about {chance:.0f}% (your own pace is a bound)", chance=chance))
    else:
        said = _("the chance to win is not known yet (both far from solving: information decides)")
    return said


def table_lines(table: Table) -> str:
    """The lines shown after every event: questionings, hand, the race, what is next."""
    (made, theirs_made), (left, theirs_left) = table.questionings_made, table.left
    told = ""
    last = table.clues[-1] if table.clues else None
    if isinstance(last, Asked) and table.case is not None:
        told = _(
            plural(
                "Tell your opponent: {n} of the four cards are right.",
                "Tell your opponent: {n} of the four cards are right.",
                last.correct,
            )
        )
        told += "\n"
    counted = M(
        "Questionings: you made {made}, {left} left; your opponent made {their_made}, "
        "{their_left} left ({rules}).",
        made=made,
        left=left,
        their_made=theirs_made,
        their_left=theirs_left,
        rules=table.rules.describe(),
    )
    cards = glossary(table.deck) if not table.clues else ""  # English only, at the start
    lines = [f"{_GLOSSARY}: {cards}.", told + _(counted)] if cards else [told + _(counted)]
    if table.hand is not None:
        hand = _hand(table)
        lines.append(_(M("Your hand: {hand}. Draw pile: {pile}.", hand=hand, pile=table.pile)))
    lines.append(_progress(table))
    if table.may_lay and table.questionings_left:
        best = table.race(top=1)[0]
        race = M(
            "Race: lay {lay}: {win}; it solves now with {chance:.1f}%. (race lists more; "
            "strategy entropy ranks by information)",
            lay=str(best.action),
            win=_win(best, table),
            chance=100 * best.solves_now,
        )
        lines.append(_(race))
    lines.append(next_line(table))
    return "\n".join(lines)


def race_rows(table: Table) -> Rows | str:
    """``race``: my best lays by the chance to win (on my questioning)."""
    if not table.may_lay or not table.questionings_left:
        said: str = _(M("The race is ranked before you lay (now {step}).", step=table.next_step()))
        return said
    theirs_exact = table.their_pace().exact
    rows = tuple(
        (
            str(m.action),
            f"{100 * m.win:.1f}%" if m.exact else f"~{100 * m.win:.0f}%" if theirs_exact else "-",
            f"{100 * m.solves_now:.1f}%",
            _(M("{bits:.2f} bits", bits=m.information)),
        )
        for m in table.race(top=5)
    )
    their = table.their_pace()
    soon = ", ".join(f"{100 * their.within(t):.0f}%" for t in range(1, 5))
    if their.exact:
        note = _(
            M(
                "Your opponent solves within 1, 2, 3, 4 of their questionings: {chances}.",
                chances=soon,
            )
        )
    else:
        note = _(
            M(
                "Your opponent solves within 1, 2, 3, 4 of their questionings: {chances} (upper "
                "bounds: far from solving).",
                chances=soon,
            )
        )
    if not theirs_exact:
        known = M(
            "The chance to win is known once a case file holds at most {most} cases.",
            most=EXACT_UP_TO,
        )
        note += "\n" + _(known)
    columns = (_("lay"), _("win"), _("solves now"), _("information"))
    return Rows(columns, rows, note)


guard(globals())
