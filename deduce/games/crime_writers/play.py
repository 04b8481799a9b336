"""``deduce play crime-writers``: a whole game from my seat, every story in turn.

The console follows a :class:`~deduce.games.crime_writers.Table`: who writes, the
guests' order and whose turn it is, the round's clock, the score sheet; after every line
it names who asks next, and on my turn it shows the questions worth asking. A game saved
before the table existed (the notebook alone) still loads, as the notebook alone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, Message, _, plural
from deduce.errors import InvalidInput
from deduce.games import crime_writers as cw
from deduce.games.crime_writers import timer as timing
from deduce.games.crime_writers.guest import GUEST
from deduce.games.crime_writers.hints import replies_about
from deduce.games.crime_writers.manifest import GAME
from deduce.games.crime_writers.play_advice import guest_advice
from deduce.games.crime_writers.play_clues import (
    CardName,
    about_groups,
    abouts,
    ask,
    card_groups,
    cards,
    drawn,
    every_card,
    found,
)
from deduce.games.crime_writers.scoresheet import started_minutes
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import Adapter, Clock, Grid, Score, TableFact, Turn, Way
from deduce.play.grammar import (
    Arg,
    Context,
    Flag,
    Grammar,
    Name,
    Question,
    Rows,
    Text,
    Value,
    Verb,
    choose,
)

__all__ = ["ADAPTER", "GRAMMAR", "CrimeWritersAdapter"]

_REPLIES = ("yes", "also", "almost", "no", "not characteristic", "not important")
_REPLY_ALIASES = {
    "y": "yes",
    "n": "no",
    "nc": "not characteristic",
    "ni": "not important",
}
# the stacks of a deck, as a player reads them (the keys are the deck file's)
_STACKS = {
    "persons": N_("persons"),
    "scenes": N_("scenes"),
    "causes": N_("causes"),
    "motives": N_("motives"),
}


def _deck(text: str, context: Context) -> cw.Deck:
    if text.strip().lower() in {"", "example"}:
        return cw.Deck.example()
    return cw.Deck.load(text.strip())


def _table(inv: cw.Investigation, what: str) -> cw.Table:
    if not isinstance(inv, cw.Table):
        raise InvalidInput(
            "line",
            what,
            N_("a clue of the notebook"),
            reason=N_("this game was saved without the table"),
        )
    return inv


def _seconds(text: str, context: Context) -> float:
    match = re.fullmatch(r"\s*(?:(\d{1,6}):)?(\d{1,9}(?:\.\d+)?)\s*", text)
    if match is None or (match.group(1) is not None and float(match.group(2)) >= 60):
        raise InvalidInput("time", text, N_("minutes:seconds, e.g. 2:35, or seconds, e.g. 155"))
    return 60 * int(match.group(1) or 0) + float(match.group(2))


def _players(text: str, context: Context) -> tuple[str, ...]:
    names = tuple(text.replace(",", " ").split())
    cw.ScoreSheet(names)  # at least 2 different names, else InvalidInput
    return names


def _me(text: str, context: Context) -> str:
    players = context.values.get("players") or ()
    name: str = choose(text, list(players), "me")
    return name


def _players_named(context: Context) -> str:
    players = context.values.get("players") or ()
    return M("one of the players: {players}", players=", ".join(players))


def _sheet(inv: cw.Investigation, v: dict[str, Any]) -> Rows:
    table = _table(inv, "sheet")
    sheet = table.sheet
    guest, writer, total = sheet.guest_points(), sheet.writer_points(), sheet.points()
    rows = []
    for player in table.players:
        finds = [
            f"{f.element} {_clock(f.at)}"
            for r in sheet.rounds
            for f in r.finds
            if f.guest == player
        ]
        minutes = [r.minutes for r in sheet.rounds if r.writer == player]
        if not minutes:
            wrote = "-"
        elif minutes[0] is None:
            wrote = _("running")
        else:
            wrote = _(M("{minutes} min", minutes=minutes[0]))
        rows.append(
            (
                player,
                ", ".join(finds) or "-",
                str(guest[player]),
                wrote,
                str(writer[player]),
                str(total[player]),
            )
        )
    note = _("With two players only the writer's minutes count.") if sheet.two_players else ""
    header = (
        _("player"),
        _("found"),
        _("guest points"),
        _("story"),
        _("writer points"),
        _("total"),
    )
    return Rows(header, tuple(rows), note)


def _gives_away(
    title: str, elements: Mapping[str, str], deck: cw.Deck | None = None, *, within: cw.Deck
) -> list[cw.TitleWarning]:
    """The title's warnings for ``elements`` (their deck's own wordings), said in the
    wordings the player reads (``within``'s, in the player's language), then in the deck's
    own where those differ; ``deck`` also checks their cards' tags."""
    shown = {e: within.shown(text, cw.DECK_OF[e]) for e, text in elements.items()}
    warnings = list(cw.check_title(title, shown, deck=deck))
    own = {e: text for e, text in elements.items() if shown[e] != text}
    if own:  # a title word in the deck's own words gives the element away too
        said = {(w.element, w.found) for w in warnings}
        warnings += [w for w in cw.check_title(title, own) if (w.element, w.found) not in said]
    return warnings


def _title(inv: cw.Investigation, v: dict[str, Any]) -> str:
    table = _table(inv, "title")
    title = v["title"]
    found = table.found_elements
    elements = {e: getattr(table.solved or table.solutions()[0], e) for e in found}
    deck = table.deck
    lines = [str(w) for w in _gives_away(title, elements, deck, within=deck)]
    open_ = [e for e in cw.ELEMENTS if e not in found]
    for element in open_:  # a word of a card this element may still be
        for text, _p in table.candidates(element):
            if text != cw.INVENTED:
                for w in _gives_away(title, {element: text}, within=deck):
                    lines.append(
                        _(
                            M(
                                "title word {word!r} gives away {element} if it is {text!r}",
                                word=w.found,
                                element=element,
                                text=w.text,
                            )
                        )
                    )
    shown = {e: deck.shown(elements[e], cw.DECK_OF[e]) for e in found}
    checked = ", ".join(f"{e} {shown[e]}" for e in found) or _("nothing")
    if not open_:
        if not lines:
            return str(
                _(M("The title gives nothing away (checked against {checked}).", checked=checked))
            )
        return "\n".join(lines)
    if not lines:
        if found:
            lines.append(
                _(
                    M(
                        "No word of the title names an element found ({checked}) or a card an "
                        "element may still be.",
                        checked=checked,
                    )
                )
            )
        else:
            lines.append(_("No word of the title names a card an element may still be."))
    lines.append(
        _(
            M(
                "Elements not found yet: {elements} (only their cards are checked; the writer "
                "checks words made up for them).",
                elements=", ".join(open_),
            )
        )
    )
    return "\n".join(lines)


def _started(n: int) -> str:
    """``n`` started minutes, in words (the writer's points on the clock)."""
    return plural("{n} started minute", "{n} started minutes", n)


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _candidates(inv: cw.Investigation, v: dict[str, Any]) -> Rows:
    stack = cw.DECK_OF[v["element"]]
    rows = tuple(
        (inv.deck.shown(text, stack), f"{100 * p:.1f}%") for text, p in inv.candidates(v["element"])
    )
    return Rows((v["element"], _("probability")), rows)


def _each(inv: cw.Investigation, v: dict[str, Any]) -> Rows | str:
    best = inv.recommend_each(strategy=getattr(inv, "default_strategy", "entropy"))
    if not best:
        return str(_("No question can teach anything more."))
    rows = tuple(
        (
            element,
            ADAPTER.show_action(_told(rec.action, inv.deck)),
            _(M("{bits:.2f} bits", bits=rec.information)),
        )
        for element, rec in best.items()
    )
    return Rows((_("element"), _("question"), _("information")), rows)


_ELEMENT = Arg("ELEMENT", Name(cw.ELEMENTS))

GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask",),
            (
                _ELEMENT,
                Arg(
                    "ABOUT",
                    CardName(abouts, other=N_("a question in your own words"), groups=about_groups),
                ),
                Arg("REPLY", Name(_REPLIES, aliases=_REPLY_ALIASES), rest=True),
            ),
            N_(
                "the writer's reply to \"does ELEMENT have ABOUT?\", ABOUT a tag, a card's\n"
                "wording or a question in your own words (kept in the history; it rules cards\n"
                "out only through its reply); REPLY yes, also, almost, no, or nc / ni (not\n"
                "characteristic / not important)"
            ),
            ("ask how weapon no", 'ask who "Night watchman" almost'),
            ask,
        ),
        Verb(
            ("found",),
            (
                _ELEMENT,
                Arg("WORDING", Text(N_("the element's wording"), cards, card_groups), rest=True),
                Arg("invented", Flag(), optional=True, keyword="invented"),
            ),
            N_(
                "a guest found ELEMENT, worded WORDING: the story's element is worded so. A\n"
                "wording that is no card's was invented by the writer; a card's wording leaves\n"
                "open whether that card was drawn or the writer invented the same words (say\n"
                "`drawn` or add `invented` when you know which)"
            ),
            ("found why Stage fright", "found where Moonlit_attic invented"),
            found,
        ),
        Verb(
            ("drawn",),
            (_ELEMENT, Arg("CARD", CardName(cards, groups=card_groups), rest=True)),
            N_("ELEMENT is exactly the card CARD: the writer drew it (not invented)"),
            ("drawn who Butler",),
            drawn,
        ),
        Verb(
            ("seen",),
            (Arg("CARD", CardName(every_card, groups=card_groups), repeated=True),),
            N_("these cards are not in the story (my hand, stories told)"),
            ("seen Gardener",),
            lambda inv, v: inv.seen(*v["card"]),
        ),
        Verb(
            ("pass",),
            (),
            N_("the guest whose turn it is passes it on without asking"),
            ("pass",),
            lambda inv, v: _table(timing.TIMER.stamped(inv), "pass").passed(),
        ),
        Verb(
            ("clock",),
            (Arg("TIME", Value(_seconds, N_("minutes:seconds, e.g. 2:35"))),),
            N_(
                "the round's clock reads TIME (minutes:seconds since the story's title was\n"
                "told); elements found from now on are timed so"
            ),
            ("clock 2:35",),
            lambda inv, v: timing.TIMER.typed(_table(inv, "clock"), v["time"]),
        ),
        Verb(
            ("timer",),
            (Arg("start", Name(("start",)), store="action"),),
            N_(
                "the round's clock runs on the wall clock (when the title is told); questions\n"
                "and finds are timed by it, `clock M:SS` corrects it"
            ),
            ("timer start",),
            lambda inv, v: timing.TIMER.said(_table(inv, "timer"), "start"),
            command=True,
        ),
        Verb(
            ("timer",),
            (Arg("stop", Name(("stop",)), store="action"),),
            N_("the round's clock stops; its reading is kept (`timer start` runs it on)"),
            ("timer stop",),
            lambda inv, v: timing.TIMER.paused(_table(inv, "timer")),
        ),
        Verb(
            ("next",),
            (),
            N_("the story is told: the next player in seating order writes"),
            ("next",),
            lambda inv, v: timing.TIMER.next_story(_table(inv, "next")),
        ),
        Verb(
            ("sheet",),
            (),
            N_("the master-scribe's sheet: who found what, when, and every player's points"),
            ("sheet",),
            _sheet,
            command=True,
        ),
        Verb(
            ("title",),
            (Arg("TITLE", Text(N_("the story's title")), rest=True),),
            N_(
                "does TITLE give away an element found in this story, or a card an element not\n"
                "found yet may be (a word of it)?"
            ),
            ('title "Till death do us part"',),
            _title,
            command=True,
        ),
        Verb(
            ("candidates",),
            (_ELEMENT,),
            N_("what ELEMENT can be, hinted cards first"),
            ("candidates how",),
            _candidates,
            command=True,
        ),
        Verb(
            ("each",),
            (),
            N_("the best question about each element"),
            ("each",),
            _each,
            command=True,
        ),
    ),
    notes=N_(
        "ELEMENT is who, whom, why, where or how. Quote wordings with spaces, or write them\n"
        "with _ (Adjustable_wrench)."
    ),
    setup=(
        Question(
            "deck",
            Value(_deck, N_("a deck file (TOML), or example for the example deck")),
            N_("a deck file (TOML), or example"),
            "example",
            example="my-deck.toml",
            title=N_("Deck"),
        ),
        Question(
            "players",
            Value(_players, N_("at least two different names")),
            N_("in seating order, clockwise, the first writer first"),
            "Ann Ben Cy",
            title=N_("Players"),
        ),
        Question(
            "me",
            Value(_me, _players_named, among="players"),
            N_("which of them you are"),
            "Ben",
            title=N_("Me"),
        ),
    ),
    setup_note=N_("Guests ask in seating order from the writer's left; each player writes once."),
)


class CrimeWritersAdapter(Adapter):
    """Clue lines for the writer's replies, found elements and cards seen elsewhere."""

    declaration = GAME
    investigation_type = cw.Investigation
    solutions_shown = 5
    grammar = GRAMMAR

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        answers = self.needs(answers, "deck", "players", "me")
        return cw.Table(answers["deck"], players=answers["players"], me=answers["me"])

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        inv: cw.Investigation = self.own(investigation)
        if isinstance(inv, cw.Table) and (not inv.my_turn or inv.story_found):
            return []
        if not inv.queries():
            return []
        found = inv.recommend(top=self.recommendations, strategy=strategy)
        return type(found)(replace(rec, action=_told(rec.action, inv.deck)) for rec in found)

    def own_advice(self, investigation: Investigation, strategy: str) -> str | None:
        if strategy != GUEST:
            return None
        inv: cw.Investigation = self.own(investigation)
        return guest_advice(self.recommend(inv, strategy), inv, self.show_action)

    def score(self, strategy: str) -> Score | None:
        return Score(_("points net"), "points") if strategy == GUEST else None

    def history(self, investigation: Investigation) -> list[str]:
        deck = getattr(investigation, "deck", None)  # its cards, in the player's language
        if not isinstance(investigation, cw.Table):
            return [_said(clue, deck) for clue in investigation.clues]
        lines = []
        steps = investigation.lineage
        for before, clue in zip(steps, investigation.clues, strict=False):
            said = _said(clue, deck)
            guest = before.turn  # type: ignore[attr-defined]
            if isinstance(clue, cw.Found):
                said = _(_finds(clue, guest, deck))
            elif isinstance(clue, cw.Answer | cw.Asked):
                said = _(M("{guest} asks {clue}", guest=guest, clue=said))
            elif isinstance(clue, cw.Passed):
                said = _(M("{guest} passes the turn", guest=guest))
            lines.append(said)
        return lines

    def clock(self, investigation: Investigation) -> Clock | None:
        inv: cw.Investigation = self.own(investigation)
        if not isinstance(inv, cw.Table) or inv.over:
            return None
        running = timing.TIMER.since is not None and not inv.story_found
        return Clock(timing.TIMER.reading(inv), running)

    def public_history(self, investigation: Investigation) -> list[str]:
        lines = self.history(investigation)  # a line per clue, the guest named
        clues = investigation.clues
        return [line for line, clue in zip(lines, clues, strict=True) if self.public_clue(clue)]

    def public_clue(self, clue: Any) -> str | None:
        if isinstance(clue, cw.Seen):
            return None  # the cards in my hand
        return self.show_clue(clue)  # the questions, replies and finds: the score sheet's

    def public_grids(self, investigation: Investigation) -> list[Grid]:
        """The score sheet (each story's points for each player, the totals last) and,
        while a story is figured out, its finds so far."""
        inv: cw.Investigation = self.own(investigation)
        if not isinstance(inv, cw.Table):
            return []
        sheet = inv.sheet
        players = sheet.players
        rows = [
            (
                _(M("story {n} ({writer})", n=n, writer=story.writer)),
                *(str(points[p]) for p in players),
            )
            for n, (story, points) in enumerate(
                zip(sheet.rounds, sheet.round_points(), strict=True), 1
            )
        ]
        totals = inv.points()
        rows.append((_("total"), *(str(totals[p]) for p in players)))
        grids = [Grid(_("Score sheet"), ("", *players), tuple(rows))]
        if not inv.over and sheet.rounds:
            finds = tuple((f.element, f.guest, _clock(f.at)) for f in sheet.rounds[-1].finds)
            grids.append(Grid(_("Found in this story"), (_("element"), _("by"), _("at")), finds))
        return grids

    def public_facts(self, investigation: Investigation) -> list[TableFact]:
        inv: cw.Investigation = self.own(investigation)
        if not isinstance(inv, cw.Table):
            return []
        private = set(cw.ELEMENTS)  # what I know of the invented elements
        return [f for f in self.facts(inv) if f.label not in private]

    def facts(self, investigation: Investigation) -> list[TableFact]:
        inv: cw.Investigation = self.own(investigation)
        known = [
            TableFact(element, line.split(": ", 1)[1].rstrip("."))
            for element in cw.ELEMENTS
            if (line := self._known(inv, element))
        ]
        if not isinstance(inv, cw.Table):
            return known
        table = inv
        if table.over:
            return []
        now = timing.TIMER.reading(table)
        running = timing.TIMER.since is not None and not table.story_found
        story = M(
            "{round} of {players}: {writer} writes",
            round=table.round,
            players=len(table.players),
            writer=table.writer,
        )
        reading = {"clock": _clock(now), "minutes": _started(started_minutes(now))}
        if running:
            clock = M("{clock}, running ({minutes})", **reading)
        else:
            clock = M("{clock} ({minutes})", **reading)
        return [
            TableFact(_("Story"), _(story)),
            TableFact(_("Guests in turn"), ", ".join(table.guests)),
            TableFact(_("Clock"), _(clock)),
            *known,
        ]

    def extra(self, investigation: Investigation) -> str | None:
        inv: cw.Investigation = self.own(investigation)
        lines = [self._known(inv, e) for e in cw.ELEMENTS]
        known = [line for line in lines if line]
        if not isinstance(inv, cw.Table):
            return "\n".join(known) or None
        table = inv
        points = ", ".join(f"{p} {n}" for p, n in table.points().items())
        if table.over:
            won = _(" and ").join(table.winners())
            over = M(
                "The game is over. Points: {points}. The most points: {won}.",
                points=points,
                won=won,
            )
            return str(_(over))
        now = timing.TIMER.reading(table)
        running = timing.TIMER.since is not None and not table.story_found
        story = {
            "round": table.round,
            "players": len(table.players),
            "writer": table.writer,
            "guests": ", ".join(table.guests),
            "clock": _clock(now),
            "minutes": _started(started_minutes(now)),
        }
        if running:
            head = M(
                "Story {round} of {players}: {writer} writes; guests in turn: {guests}. "
                "Clock {clock}, running ({minutes}).",
                **story,
            )
        else:
            head = M(
                "Story {round} of {players}: {writer} writes; guests in turn: {guests}. "
                "Clock {clock} ({minutes}).",
                **story,
            )
        found = ", ".join(
            f"{f.element} ({f.guest} {_clock(f.at)})" for f in table.sheet.rounds[-1].finds
        )
        finds = M(
            "Found: {found}. Points: {points}.", found=found or N_("nothing yet"), points=points
        )
        lines = [_(head), _(finds), *known]
        if table.story_found:
            minutes = table.sheet.rounds[-1].minutes
            after = table.sheet.next_writer
            scores = _started(minutes or 0)
            if after:
                said = M(
                    "All five found: {writer} scores {scores}. `next` starts {after}'s story.",
                    writer=table.writer,
                    scores=scores,
                    after=after,
                )
            else:
                said = M(
                    "All five found: {writer} scores {scores}.", writer=table.writer, scores=scores
                )
            lines.append(_(said))
        elif table.my_turn:
            lines.append(_("Your turn to ask."))
        else:
            lines.append(_(M("Next to ask: {guest}.", guest=table.turn)))
        return "\n".join(lines)

    def turn(self, investigation: Investigation) -> Turn | None:
        if not isinstance(investigation, cw.Table):
            return None
        table = investigation
        if table.over:
            won = _(" and ").join(table.winners())
            outcome = M("Every story is found; the most points: {won}.", won=won)
            return Turn.ended(_(outcome), table.winners())
        if table.story_found:
            after = table.sheet.next_writer or table.writer
            writes = M("{writer} writes the next story", writer=after)
            ways: tuple[Way, ...] = (Way("next", _(writes)),)
            note = _("all five are found")
            return Turn(table.players.index(after), after, after == table.me, ways, note)
        guest = table.turn or table.me
        if guest == table.me:
            ways = (
                Way("ask", _(M("ask {writer} about an element", writer=table.writer))),
                Way("found", _("name one you found")),
                Way("pass", _("pass")),
            )
        else:
            ways = (
                Way("ask", _(M("asks {writer} about an element", writer=table.writer))),
                Way("found", _("finds one")),
                Way("pass", _("passes")),
            )
        return Turn(table.players.index(guest), guest, guest == table.me, ways)

    def _known(self, inv: cw.Investigation, element: str) -> str:
        """A line of what is known about ``element`` when the writer invented it."""
        if inv.certain().get(element) != cw.INVENTED:
            return ""
        said = replies_about(_round_clues(inv), element)
        found = inv.space.state.found[cw.ELEMENTS.index(element)]
        stack = cw.DECK_OF[element]
        parts = [
            f"{reply}: {', '.join(inv.deck.shown(a, stack) for a in abouts)}"
            for reply, abouts in said.items()
        ]
        if found:
            found = inv.deck.shown(found, stack)
            head = _(M("{element} (invented: {found})", element=element, found=found))
        else:
            head = _(M("{element} (invented)", element=element))
        asked = "; ".join(parts) if parts else _("nothing asked yet")
        return f"{head}: {asked}."

    def show_clue(self, clue: Any) -> str:
        return _said(clue, None)

    def show_action(self, action: Any) -> str:
        if isinstance(action, cw.Question):
            shown = action.shown_about()  # a card in the player's language, when told so
            about = f'"{shown}"' if " " in shown else shown
            return f"ask {action.element} {about}"
        return str(action)


def _told(action: Any, deck: cw.Deck) -> Any:
    """A recommended question told with its deck (it names a card in the player's
    language); any other move as it is."""
    return action.told_with(deck) if isinstance(action, cw.Question) else action


def _card(text: str, element: str, deck: cw.Deck | None) -> str:
    """A wording of ``element`` as the player reads it (a card in their language, with
    the deck; as it is without)."""
    if deck is None or element not in cw.DECK_OF:
        return text
    return deck.shown(text, cw.DECK_OF[element])


def _said(clue: Any, deck: cw.Deck | None) -> str:
    """A clue of the log in words, its cards in the player's language when the deck is
    known (a refusal names a clue without it: the deck's own wording)."""
    if isinstance(clue, cw.Answer):
        return f"{clue.element}: {_card(clue.about, clue.element, deck)}? {clue.reply}"
    if isinstance(clue, cw.Found):
        return str(_(_found(clue, deck)))
    if isinstance(clue, cw.Seen):
        stack = _(_STACKS.get(clue.stack, clue.stack))
        card = clue.text if deck is None else deck.shown(clue.text, clue.stack)
        return str(_(M("not in the story: {card} ({stack})", card=card, stack=stack)))
    return str(clue)


def _found(clue: cw.Found, deck: cw.Deck | None) -> Message:
    """A found element as the notebook notes it."""
    element, text = clue.element, _card(clue.text, clue.element, deck)
    if clue.invented is None:
        return M("{element} found: {text}", element=element, text=text)
    if clue.invented:
        return M("{element} found: {text} (invented)", element=element, text=text)
    return M("{element} found: {text} (drawn)", element=element, text=text)


def _finds(clue: cw.Found, guest: str, deck: cw.Deck | None) -> Message:
    """A found element as the history tells it: who found it."""
    element, text = clue.element, _card(clue.text, clue.element, deck)
    if clue.invented is None:
        return M("{guest} finds {element}: {text}", guest=guest, element=element, text=text)
    if clue.invented:
        return M(
            "{guest} finds {element}: {text} (invented)", guest=guest, element=element, text=text
        )
    return M("{guest} finds {element}: {text} (drawn)", guest=guest, element=element, text=text)


def _round_clues(inv: cw.Investigation) -> tuple[Any, ...]:
    return inv.round_clues() if isinstance(inv, cw.Table) else inv.clues


ADAPTER = CrimeWritersAdapter()

guard(globals())
