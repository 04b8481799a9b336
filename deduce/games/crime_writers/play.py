"""``deduce play crime-writers``: a whole game from my seat, every story in turn.

The console follows a :class:`~deduce.games.crime_writers.Table`: who writes, the
guests' order and whose turn it is, the round's clock, the score sheet; after every line
it names who asks next, and on my turn it shows the questions worth asking. A game saved
before the table existed (the notebook alone) still loads, as the notebook alone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from deduce._internal.entry import guard
from deduce.errors import InvalidInput
from deduce.games import crime_writers as cw
from deduce.games.crime_writers import timer as timing
from deduce.games.crime_writers.guest import GUEST
from deduce.games.crime_writers.hints import replies_about
from deduce.games.crime_writers.manifest import GAME
from deduce.games.crime_writers.play_advice import guest_advice
from deduce.games.crime_writers.play_clues import (
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


def _deck(text: str, context: Context) -> cw.Deck:
    if text.strip().lower() in {"", "example"}:
        return cw.Deck.example()
    return cw.Deck.load(text.strip())


def _table(inv: cw.Investigation, what: str) -> cw.Table:
    if not isinstance(inv, cw.Table):
        raise InvalidInput(
            "line", what, "a clue of the notebook", reason="this game was saved without the table"
        )
    return inv


def _seconds(text: str, context: Context) -> float:
    match = re.fullmatch(r"\s*(?:(\d{1,6}):)?(\d{1,9}(?:\.\d+)?)\s*", text)
    if match is None or (match.group(1) is not None and float(match.group(2)) >= 60):
        raise InvalidInput("time", text, "minutes:seconds, e.g. 2:35, or seconds, e.g. 155")
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
    return "one of the players: " + ", ".join(players)


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
        wrote = "-" if not minutes else "running" if minutes[0] is None else f"{minutes[0]} min"
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
    note = "With two players only the writer's minutes count." if sheet.two_players else ""
    header = ("player", "found", "guest points", "story", "writer points", "total")
    return Rows(header, tuple(rows), note)


def _title(inv: cw.Investigation, v: dict[str, Any]) -> str:
    table = _table(inv, "title")
    title = v["title"]
    found = table.found_elements
    elements = {e: getattr(table.solved or table.solutions()[0], e) for e in found}
    lines = [str(w) for w in cw.check_title(title, elements, deck=table.deck)]
    open_ = [e for e in cw.ELEMENTS if e not in found]
    for element in open_:  # a word of a card this element may still be
        for text, _ in table.candidates(element):
            if text != cw.INVENTED:
                for w in cw.check_title(title, {element: text}):
                    lines.append(f"title word {w.found!r} gives away {element} if it is {text!r}")
    checked = ", ".join(f"{e} {elements[e]}" for e in found) or "nothing"
    if not open_:
        if not lines:
            return f"The title gives nothing away (checked against {checked})."
        return "\n".join(lines)
    if not lines:
        named = f"an element found ({checked}) or " if found else ""
        lines.append(f"No word of the title names {named}a card an element may still be.")
    lines.append(
        f"Elements not found yet: {', '.join(open_)} (only their cards are checked; the "
        "writer checks words made up for them)."
    )
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _candidates(inv: cw.Investigation, v: dict[str, Any]) -> Rows:
    rows = tuple((text, f"{100 * p:.1f}%") for text, p in inv.candidates(v["element"]))
    return Rows((v["element"], "probability"), rows)


def _each(inv: cw.Investigation, v: dict[str, Any]) -> Rows | str:
    best = inv.recommend_each(strategy=getattr(inv, "default_strategy", "entropy"))
    if not best:
        return "No question can teach anything more."
    rows = tuple(
        (element, ADAPTER.show_action(rec.action), f"{rec.information:.2f} bits")
        for element, rec in best.items()
    )
    return Rows(("element", "question", "information"), rows)


_ELEMENT = Arg("ELEMENT", Name(cw.ELEMENTS))

GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask",),
            (
                _ELEMENT,
                Arg(
                    "ABOUT",
                    Name(abouts, other="a question in your own words", groups=about_groups),
                ),
                Arg("REPLY", Name(_REPLIES, aliases=_REPLY_ALIASES), rest=True),
            ),
            "the writer's reply to \"does ELEMENT have ABOUT?\", ABOUT a tag, a card's\n"
            "wording or a question in your own words (kept in the history; it rules cards\n"
            "out only through its reply); REPLY yes, also, almost, no, or nc / ni (not\n"
            "characteristic / not important)",
            ("ask how weapon no", 'ask who "Night watchman" almost'),
            ask,
        ),
        Verb(
            ("found",),
            (
                _ELEMENT,
                Arg("WORDING", Text("the element's wording", cards, card_groups), rest=True),
                Arg("invented", Flag(), optional=True, keyword="invented"),
            ),
            "a guest found ELEMENT, worded WORDING: the story's element is worded so. A\n"
            "wording that is no card's was invented by the writer; a card's wording leaves\n"
            "open whether that card was drawn or the writer invented the same words (say\n"
            "`drawn` or add `invented` when you know which)",
            ("found why Stage fright", "found where Moonlit_attic invented"),
            found,
        ),
        Verb(
            ("drawn",),
            (_ELEMENT, Arg("CARD", Name(cards, groups=card_groups), rest=True)),
            "ELEMENT is exactly the card CARD: the writer drew it (not invented)",
            ("drawn who Butler",),
            drawn,
        ),
        Verb(
            ("seen",),
            (Arg("CARD", Name(every_card, groups=card_groups), repeated=True),),
            "these cards are not in the story (my hand, stories told)",
            ("seen Gardener",),
            lambda inv, v: inv.seen(*v["card"]),
        ),
        Verb(
            ("pass",),
            (),
            "the guest whose turn it is passes it on without asking",
            ("pass",),
            lambda inv, v: _table(timing.TIMER.stamped(inv), "pass").passed(),
        ),
        Verb(
            ("clock",),
            (Arg("TIME", Value(_seconds, "minutes:seconds, e.g. 2:35")),),
            "the round's clock reads TIME (minutes:seconds since the story's title was\n"
            "told); elements found from now on are timed so",
            ("clock 2:35",),
            lambda inv, v: timing.TIMER.typed(_table(inv, "clock"), v["time"]),
        ),
        Verb(
            ("timer",),
            (Arg("start", Name(("start",)), store="action"),),
            "the round's clock runs on the wall clock (when the title is told); questions\n"
            "and finds are timed by it, `clock M:SS` corrects it",
            ("timer start",),
            lambda inv, v: timing.TIMER.said(_table(inv, "timer"), "start"),
            command=True,
        ),
        Verb(
            ("timer",),
            (Arg("stop", Name(("stop",)), store="action"),),
            "the round's clock stops; its reading is kept (`timer start` runs it on)",
            ("timer stop",),
            lambda inv, v: timing.TIMER.paused(_table(inv, "timer")),
        ),
        Verb(
            ("next",),
            (),
            "the story is told: the next player in seating order writes",
            ("next",),
            lambda inv, v: timing.TIMER.next_story(_table(inv, "next")),
        ),
        Verb(
            ("sheet",),
            (),
            "the master-scribe's sheet: who found what, when, and every player's points",
            ("sheet",),
            _sheet,
            command=True,
        ),
        Verb(
            ("title",),
            (Arg("TITLE", Text("the story's title"), rest=True),),
            "does TITLE give away an element found in this story, or a card an element not\n"
            "found yet may be (a word of it)?",
            ('title "Till death do us part"',),
            _title,
            command=True,
        ),
        Verb(
            ("candidates",),
            (_ELEMENT,),
            "what ELEMENT can be, hinted cards first",
            ("candidates how",),
            _candidates,
            command=True,
        ),
        Verb(
            ("each",),
            (),
            "the best question about each element",
            ("each",),
            _each,
            command=True,
        ),
    ),
    notes="ELEMENT is who, whom, why, where or how. Quote wordings with spaces, or write them\n"
    "with _ (Adjustable_wrench).",
    setup=(
        Question(
            "deck",
            Value(_deck, "a deck file (TOML), or example for the example deck"),
            "a deck file (TOML), or example",
            "example",
            example="my-deck.toml",
        ),
        Question(
            "players",
            Value(_players, "at least two different names"),
            "in seating order, clockwise, the first writer first",
            "Ann Ben Cy",
        ),
        Question("me", Value(_me, _players_named, among="players"), "which of them you are", "Ben"),
    ),
    setup_note="Guests ask in seating order from the writer's left; each player writes once.",
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
        return inv.recommend(top=self.recommendations, strategy=strategy)

    def own_advice(self, investigation: Investigation, strategy: str) -> str | None:
        if strategy != GUEST:
            return None
        inv: cw.Investigation = self.own(investigation)
        return guest_advice(self.recommend(inv, strategy), inv, self.show_action)

    def score(self, strategy: str) -> Score | None:
        return Score("points net", "points") if strategy == GUEST else None

    def history(self, investigation: Investigation) -> list[str]:
        if not isinstance(investigation, cw.Table):
            return super().history(investigation)
        lines = []
        steps = investigation.lineage
        for before, clue in zip(steps, investigation.clues, strict=False):
            said = self.show_clue(clue)
            guest = before.turn  # type: ignore[attr-defined]
            if isinstance(clue, cw.Found):
                said = f"{guest} finds {said.replace(' found:', ':', 1)}"
            elif isinstance(clue, cw.Answer | cw.Asked):
                said = f"{guest} asks {said}"
            elif isinstance(clue, cw.Passed):
                said = f"{guest} passes the turn"
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
            (f"story {n} ({story.writer})", *(str(points[p]) for p in players))
            for n, (story, points) in enumerate(
                zip(sheet.rounds, sheet.round_points(), strict=True), 1
            )
        ]
        totals = inv.points()
        rows.append(("total", *(str(totals[p]) for p in players)))
        grids = [Grid("Score sheet", ("", *players), tuple(rows))]
        if not inv.over and sheet.rounds:
            finds = tuple((f.element, f.guest, _clock(f.at)) for f in sheet.rounds[-1].finds)
            grids.append(Grid("Found in this story", ("element", "by", "at"), finds))
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
        running = ", running" if timing.TIMER.since is not None and not table.story_found else ""
        return [
            TableFact("Story", f"{table.round} of {len(table.players)}: {table.writer} writes"),
            TableFact("Guests in turn", ", ".join(table.guests)),
            TableFact(
                "Clock",
                f"{_clock(now)}{running} ({_count(started_minutes(now), 'started minute')})",
            ),
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
            won = " and ".join(table.winners())
            return f"The game is over. Points: {points}. The most points: {won}."
        now = timing.TIMER.reading(table)
        running = ", running" if timing.TIMER.since is not None and not table.story_found else ""
        head = (
            f"Story {table.round} of {len(table.players)}: {table.writer} writes; "
            f"guests in turn: {', '.join(table.guests)}. "
            f"Clock {_clock(now)}{running} ({_count(started_minutes(now), 'started minute')})."
        )
        found = ", ".join(
            f"{f.element} ({f.guest} {_clock(f.at)})" for f in table.sheet.rounds[-1].finds
        )
        lines = [head, f"Found: {found or 'nothing yet'}. Points: {points}.", *known]
        if table.story_found:
            minutes = table.sheet.rounds[-1].minutes
            after = table.sheet.next_writer
            then = f" `next` starts {after}'s story." if after else ""
            scores = _count(minutes or 0, "started minute")
            lines.append(f"All five found: {table.writer} scores {scores}.{then}")
        elif table.my_turn:
            lines.append("Your turn to ask.")
        else:
            lines.append(f"Next to ask: {table.turn}.")
        return "\n".join(lines)

    def turn(self, investigation: Investigation) -> Turn | None:
        if not isinstance(investigation, cw.Table):
            return None
        table = investigation
        if table.over:
            won = " and ".join(table.winners())
            return Turn.ended(f"Every story is found; the most points: {won}.", table.winners())
        if table.story_found:
            after = table.sheet.next_writer or table.writer
            ways: tuple[Way, ...] = (Way("next", f"{after} writes the next story"),)
            note = "all five are found"
            return Turn(table.players.index(after), after, after == table.me, ways, note)
        guest = table.turn or table.me
        if guest == table.me:
            ways = (
                Way("ask", f"ask {table.writer} about an element"),
                Way("found", "name one you found"),
                Way("pass", "pass"),
            )
        else:
            ways = (
                Way("ask", f"asks {table.writer} about an element"),
                Way("found", "finds one"),
                Way("pass", "passes"),
            )
        return Turn(table.players.index(guest), guest, guest == table.me, ways)

    def _known(self, inv: cw.Investigation, element: str) -> str:
        """A line of what is known about ``element`` when the writer invented it."""
        if inv.certain().get(element) != cw.INVENTED:
            return ""
        said = replies_about(_round_clues(inv), element)
        found = inv.space.state.found[cw.ELEMENTS.index(element)]
        parts = [f"{reply}: {', '.join(abouts)}" for reply, abouts in said.items()]
        head = f"{element} (invented{': ' + found if found else ''})"
        return f"{head}: {'; '.join(parts) if parts else 'nothing asked yet'}."

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, cw.Answer):
            return f"{clue.element}: {clue.about}? {clue.reply}"
        if isinstance(clue, cw.Found):
            how = {True: " (invented)", False: " (drawn)", None: ""}[clue.invented]
            return f"{clue.element} found: {clue.text}{how}"
        if isinstance(clue, cw.Seen):
            return f"not in the story: {clue.text} ({clue.stack})"
        return str(clue)

    def show_action(self, action: Any) -> str:
        if isinstance(action, cw.Question):
            about = f'"{action.about}"' if " " in action.about else action.about
            return f"ask {action.element} {about}"
        return str(action)


def _round_clues(inv: cw.Investigation) -> tuple[Any, ...]:
    return inv.round_clues() if isinstance(inv, cw.Table) else inv.clues


ADAPTER = CrimeWritersAdapter()

guard(globals())
