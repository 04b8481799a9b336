"""``deduce play thirteen-clues``: the whole game of 13 Indizien from my seat: every
action at the table in turn, the magnifying glasses, and my puzzle from every question."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.games import thirteen_clues as tc
from deduce.games.thirteen_clues.cards import shown_name, shown_word
from deduce.games.thirteen_clues.manifest import GAME
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import (
    BLANK,
    Adapter,
    Grid,
    TableFact,
    Turn,
    Way,
    refusal,
    says,
    word,
)
from deduce.play.arguments import VERDICT, Parts
from deduce.play.grammar import Arg, Context, Grammar, Integer, Name, Question, Rows, Several, Verb
from deduce.play.progress import loading

__all__ = ["ADAPTER", "GRAMMAR", "ThirteenCluesAdapter"]

_MAX_PLAYERS = 6
_PUZZLES = (  # example answers, all different cards, each in play where its seat is asked
    "Duke Market Crossbow",
    "Nurse Harbor Rifle",
    "Maid Museum Sword",
    "Butcher Library Poison",
    "Dancer Theater Blowgun",
)


def _players(context: Context) -> int:
    if context.investigation is not None:
        return int(context.investigation.players)
    return int(context.values.get("players", _MAX_PLAYERS))


def _two_players(context: Context) -> bool:
    """Whether a question names the witness's left or right card: with two players (and
    in the help, which is for every table)."""
    return context.investigation is None or _players(context) == 2


def _card_names(context: Context) -> Sequence[str]:
    return [card.name for card in tc.cards_in_play(_players(context))]


def _category(category: str) -> Name:
    """The cards in play of one category (a puzzle's person, location or weapon)."""

    def names(context: Context) -> Sequence[str]:
        return [c.name for c in tc.cards_in_play(_players(context)) if c.category == category]

    def shown(context: Context) -> list[tuple[str, Sequence[str]]]:  # the page's buttons
        return [(shown_word(category), [shown_name(name) for name in names(context)])]

    german = _german([c for c in tc.CARDS if c.category == category])
    return Name(names, aliases=german, groups=shown)


def _german(cards: Sequence[tc.Card]) -> dict[str, str]:
    """The German names of ``cards`` that differ from the English ones, each to its card."""
    return {tc.GERMAN[c.name]: c.name for c in cards if tc.GERMAN[c.name] != c.name}


def _abouts(context: Context) -> Sequence[str]:
    return tc.attributes(_players(context))


def _about_groups(context: Context) -> list[tuple[str, Sequence[str]]]:
    """What a witness may be asked about, by kind: a colour, a category, a sub-kind, in
    the player's words (the page's buttons show them; the grammar reads each,
    :data:`~deduce.games.thirteen_clues.GERMAN_WORDS`)."""
    kinds = [kind for pair in tc.KINDS.values() for kind in pair]
    return [
        (_("colour"), [shown_word(c) for c in tc.colours_in_play(_players(context))]),
        (_("category"), [shown_word(c) for c in tc.CATEGORIES]),
        (_("kind"), [shown_word(k) for k in kinds]),
    ]


def _left_right(context: Context) -> list[tuple[str, Sequence[str]]]:
    """My two hidden cards, the left one and the right one: any card in play each."""
    cards = [shown_name(card) for card in _card_names(context)]
    return [(shown_word("left"), cards), (shown_word("right"), cards)]


def _card_groups(context: Context) -> list[tuple[str, Sequence[str]]]:
    """The cards in play, by category, in the player's words (the page's buttons show
    them; the grammar reads either name)."""
    cards = tc.cards_in_play(_players(context))
    return [
        (shown_word(c), [shown_name(card) for card in cards if card.category == c])
        for c in tc.CATEGORIES
    ]


def _check_cards(answers: Mapping[str, Any]) -> None:
    """Every card is given once: the problems name each card given twice and where (the
    answer refused by its seat, its cards in the player's language)."""
    places: dict[str, str] = {
        "hand": M("your hand"),
        **{f"seat_{s}": M("seat {seat}'s puzzle", seat=s) for s in range(1, 6)},
    }
    here = "this answer"  # a card of the answer checked: not a place to name
    seen: dict[str, str] = {}
    problems: list[str] = []
    last = list(answers)[-1]
    for name, where in places.items():
        for card in answers.get(name, ()):
            if card in seen:
                if name == last and seen[card] != here:
                    line = M(
                        "{card} is already in {place}", card=shown_name(card), place=seen[card]
                    )
                    problems.append(_(line))
            else:
                seen[card] = here if name == last else where
    repeated = [c for c in answers[last] if list(answers[last]).count(c) > 1]
    problems.extend(
        _(M("{card} is given twice", card=shown_name(c))) for c in dict.fromkeys(repeated)
    )
    if problems:
        raise InvalidInput(
            _answer_name(last),
            " ".join(shown_name(c) for c in answers[last]),
            N_("cards not given before"),
            reason="; ".join(dict.fromkeys(problems)),
        )


def _answer_name(key: str) -> str:
    """A set-up answer as a refusal names it: a seat's puzzle by its seat (``seat_2`` in
    English, as typed with ``--set``; ``Platz 2`` in German), the hand as it is."""
    if key.startswith("seat_"):
        # Translators: a seat's puzzle, as a refusal of the set-up names it
        # (seat_2 in English): say "seat 2" in your language.
        return M("seat_{seat}", seat=int(key.removeprefix("seat_")))
    return key


def _seat_question(seat: int) -> Question:
    return Question(
        f"seat_{seat}",
        Several(Name(_card_names, aliases=_german(tc.CARDS)), 3, parts=Parts(_card_groups, " ")),
        M("the puzzle in front of seat {seat}: person location weapon", seat=seat),
        example=_PUZZLES[seat - 1],
        check=_check_cards,
        when=lambda answers: int(answers["players"]) > seat,
        title=M("Seat {seat}", seat=seat),
    )


def _ask(inv: tc.Investigation, v: dict[str, Any]) -> tc.Investigation:
    return inv.question(v.get("asker", 0), v["witness"], v["about"], v["n"], v.get("side"))


def _where(inv: tc.Investigation, v: dict[str, Any]) -> Rows:
    places: list[Any] = ["mine", *range(1, inv.players), "informant"]
    rows = []
    for card, where in inv.card_locations().items():
        if "seen" in where or 0 in where:
            continue
        cells = [f"{100 * where[p]:.0f}%" if p in where else "" for p in places]
        rows.append((shown_name(card), *cells))
    header = (_("card"), *[_place(p) for p in places])
    return Rows(header, tuple(rows))


def _place(place: str | int) -> str:
    """A column of the investigation sheet: my puzzle, a seat or the informant."""
    if isinstance(place, int):
        return str(_(M("seat {seat}", seat=place)))
    return str(_("mine") if place == "mine" else _("informant"))


def _table(inv: tc.Investigation, line: str) -> tc.Table:
    """``inv`` if it follows the table; a notebook saved before the table was kept
    records only questions, the informant and my wrong accusations."""
    if isinstance(inv, tc.Table):
        return inv
    raise InvalidInput(
        "line",
        line,
        N_("ask, q, informant or accused"),
        reason=N_("this game was saved without its turns"),
    )


def _accuse(inv: tc.Investigation, v: dict[str, Any]) -> tc.Investigation:
    seat, right = v["seat"], v["verdict"] == "right"
    named: list[Any] = [v.get(k) for k in ("person", "location", "weapon")]
    if seat == 0 and None in named:
        raise InvalidInput(
            N_("the puzzle I named"), None, "accuse 0 right|wrong PERSON LOCATION WEAPON"
        )
    if seat == 0 and not right and not isinstance(inv, tc.Table):
        return inv.accused(*named)
    table = _table(inv, f"accuse {seat}")
    if seat == 0:
        return table.accused(*named, right=right)
    return table.charged(seat, right=right)


def _consulted(inv: tc.Investigation, v: dict[str, Any]) -> tc.Investigation:
    return _table(inv, f"consulted {v['seat']}").consulted(v["seat"])


CHANCES_WORLDS = 16
"""The deals ``chances`` plays on (the same seed each time: the same numbers on any
machine; about four seconds here at the start of a game of three)."""

CHANCES_SECONDS = 60.0
"""The longest ``chances`` plays on (a cap for a slow machine; it then says how few
deals it played)."""


def _chances(inv: tc.Investigation, v: dict[str, Any]) -> Rows:
    """Each candidate move's chance to win, played on in deals from my posterior."""
    table = _table(inv, "chances")
    if table.turn != 0:
        over = table.turn is None
        raise InvalidInput(
            "line",
            "chances",
            N_("chances on my turn"),
            reason=N_("the game is over") if over else M("seat {seat} acts now", seat=table.turn),
        )
    with loading(Console(stderr=True), _("playing on")) as report:
        chances = tc.win_chances(
            table, samples=CHANCES_WORLDS, budget=CHANCES_SECONDS, progress=report
        )
    rows = tuple(
        (
            str(m.move),
            f"{m.chance:.0%}",
            _("exact") if m.exact else _(M("{low:.0%} to {high:.0%}", low=m.low, high=m.high)),
        )
        for m in chances.moves
    )
    played = {"worlds": chances.worlds, "seconds": chances.seconds, "seed": chances.seed}
    if chances.exact:
        note = M(
            "Each move played on in every deal the clues allow ({worlds}), every seat "
            "accusing once it is 50% sure of its puzzle ({seconds:.1f} s).",
            **played,
        )
    else:
        note = M(
            "Each move played on in {worlds} deals the clues allow, drawn at random (the same "
            "each time: seed {seed}), every seat accusing once it is 50% sure of its puzzle "
            "({seconds:.1f} s). Moves whose intervals overlap may be as good as each other; "
            "the race line counts the others' chances another way.",
            **played,
        )
    header = (_("move"), _("chance to win"), _("95% interval"))
    return Rows(header, rows, _(note))


def _information(table: tc.Table) -> str:
    """The strategies that rank moves by information alone, as ``strategy`` takes them."""
    try:
        table.check_strategy("")
    except InvalidInput as error:
        return "|".join(str(n) for n in error.choices if n != tc.RACE)
    return "entropy"


_SEAT = Integer(0, lambda c: _players(c) - 1)
_WITNESS = Integer(1, lambda c: _players(c) - 1)
_SIDE = Name(
    ("left", "right"),
    aliases={"links": "left", "linke": "left", "rechts": "right", "rechte": "right"},
    offered=lambda context: [shown_word("left"), shown_word("right")],
)
_CARD = Name(_card_names, aliases=_german(tc.CARDS), groups=_card_groups)
_ABOUT = Name(_abouts, aliases=tc.GERMAN_WORDS, groups=_about_groups)
_PERSON, _LOCATION, _WEAPON = (_category(c) for c in tc.CATEGORIES)

# the arguments as a refusal names them, in the player's language
_ARGUMENT_NAMES = (N_("witness"), N_("about"), N_("asker"), N_("seat"), N_("side"), N_("verdict"))
GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask", "befragen", "fragen", "zeugen"),
            (
                Arg("WITNESS", _WITNESS),
                Arg("ABOUT", _ABOUT),
                Arg("N", Integer(0, 13)),
                Arg("left|right", _SIDE, optional=True, store="side", when=_two_players),
            ),
            N_("I asked seat WITNESS how many cards of ABOUT they see; the answer was N"),
            ("ask 2 red 1",),
            _ask,
        ),
        Verb(
            ("q",),
            (
                Arg("ASKER", _SEAT),
                Arg("WITNESS", Integer(0, lambda c: _players(c) - 1)),
                Arg("ABOUT", _ABOUT),
                Arg("N", Integer(0, 13)),
                Arg("left|right", _SIDE, optional=True, store="side", when=_two_players),
            ),
            N_(
                "seat ASKER asked seat WITNESS; the answer was N (every question at the table\n"
                "tells me something)"
            ),
            ("q 1 3 woman 1",),
            _ask,
        ),
        Verb(
            ("informant", "informanten"),
            (Arg("CARD", _CARD),),
            N_("the secret informant showed me CARD"),
            ("informant Knife",),
            lambda inv, v: inv.informant(v["card"]),
        ),
        Verb(
            ("accused",),
            (Arg("PERSON", _PERSON), Arg("LOCATION", _LOCATION), Arg("WEAPON", _WEAPON)),
            N_("my accusation of this puzzle was wrong"),
            ("accused Officer Parlor Knife",),
            lambda inv, v: inv.accused(v["person"], v["location"], v["weapon"]),
        ),
        Verb(
            ("where", "ermittlungsblatt"),
            (),
            N_("where every card can be (the investigation sheet)"),
            ("where",),
            _where,
            command=True,
        ),
        Verb(
            ("chances",),
            (),
            N_(
                "each move's chance to win, the rest of the game played on in deals drawn from\n"
                "what I know (on my turn)"
            ),
            ("chances",),
            _chances,
            command=True,
            setting=("ask 2 red 1", "q 2 0 red 0"),  # the example's table: back to my turn
        ),
        Verb(
            ("consulted",),
            (Arg("SEAT", _WITNESS),),
            N_("seat SEAT consulted the secret informant (my own look: informant CARD)"),
            ("consulted 1",),
            _consulted,
        ),
        Verb(
            ("accuse", "anklagen", "lösung"),
            (
                Arg("SEAT", _SEAT),
                Arg("right|wrong", VERDICT, store="verdict"),
                Arg("PERSON", _PERSON, optional=True),
                Arg("LOCATION", _LOCATION, optional=True),
                Arg("WEAPON", _WEAPON, optional=True),
            ),
            N_(
                "seat SEAT accused and was right (the game is over) or wrong (their glasses are\n"
                "laid down); my own accusation names the puzzle: accuse 0 wrong PERSON LOCATION\n"
                "WEAPON"
            ),
            ("accuse 0 wrong Butcher Library Poison",),
            _accuse,
        ),
    ),
    notes=N_(
        "I am seat 0; the others are numbered clockwise from my left, 1, 2, ... Enter every\n"
        "action at the table in turn, by whoever takes it (the glasses say whose turn it is).\n"
        "ABOUT is a colour in play, person|location|weapon, or man|woman|indoors|outdoors|\n"
        "melee|ranged. With two players, name the hidden card the witness answers for (left or\n"
        "right). Card names may be shortened to a unique start. The rulebook's German words\n"
        "work too: befragen (ask), anklagen or Lösung (accuse), Informant, Ermittlungsblatt\n"
        "(where), Person, Ort, Waffe, links|rechts, richtig|falsch; umlauts are optional."
    ),
    setup=(
        Question(
            "players",
            Integer(2, _MAX_PLAYERS),
            N_("at the table, 2 to 6"),
            "4",
            title=N_("Players"),
        ),
        Question(
            "hand",
            Several(_CARD, 2, parts=Parts(_left_right, " ")),
            N_("your two hidden cards, left right"),
            example="Officer Parlor",
            check=_check_cards,
            title=N_("Hand"),
        ),
        *(_seat_question(seat) for seat in range(1, _MAX_PLAYERS)),
        Question("first", _SEAT, N_("the seat that starts, 0 is you"), "0", title=N_("First")),
    ),
    setup_note=N_("You are seat 0; the others are numbered clockwise from your left: 1, 2, ..."),
)


class ThirteenCluesAdapter(Adapter):
    """Clue lines for the questions at the table, the informant and wrong accusations."""

    declaration = GAME
    investigation_type = tc.Investigation
    grammar = GRAMMAR

    documents = N_("Board Game Arena's set-up (its visible_cards_players, as the docs show)")

    def imported(
        self, text: str, read: Callable[[str], str], console: Any, *, again: bool = True
    ) -> dict[str, str]:
        deal = tc.read_bga(text)
        if deal.players == 2:
            return deal.seated()
        told = M(
            "Board Game Arena's set-up: {players} players; your hand {hand}. It does not say who "
            "sits where.",
            players=deal.players,
            hand=" ".join(shown_name(card) for card in deal.hand),
        )
        console.print(escape(_(told)))
        ids = ", ".join(deal.others)
        prompt = _(M("the others' ids clockwise from your left ({ids}): ", ids=ids))
        while True:
            line = read(prompt)
            try:
                return deal.seated(line)
            except InvalidInput as error:
                if not again:
                    raise
                refused = _("refused:")
                console.print(f"[red]{refused}[/red] {escape(refusal(error))}")

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        players = check_int("players", self.needs(answers, "players", "hand")["players"], 2, 6)
        seats = [f"seat_{s}" for s in range(1, players)]
        puzzles = {s: self.needs(answers, *seats)[f"seat_{s}"] for s in range(1, players)}
        return tc.Table(players, answers["hand"], puzzles, first=answers.get("first", 0))

    _last: tuple[tc.Table, tc.TableAdvice] | None = None

    def _race(self, table: tc.Table) -> tc.TableAdvice:
        """The race advice on my turn (kept for the table it was drawn for)."""
        if self._last is None or self._last[0] != table:
            self._last = (table, table.advice())
        return self._last[1]

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        if not isinstance(investigation, tc.Table):
            return super().recommend(investigation, strategy)
        if investigation.turn != 0:
            return []
        if strategy == tc.RACE:
            return investigation.race_ranking(self._race(investigation), top=self.recommendations)
        return investigation.recommend(top=self.recommendations, strategy=strategy)

    def facts(self, investigation: Investigation) -> list[TableFact]:
        if not isinstance(investigation, tc.Table) or investigation.glasses.winner is not None:
            return []
        table = investigation
        found = []
        if table.turn == 0:
            advice = self._race(table)
            mine = advice.accusation
            if mine.certain:
                best = M("{puzzle}, certain", puzzle=str(mine.puzzle))
            else:
                best = M("{puzzle}, {p:.1%} likely", puzzle=str(mine.puzzle), p=mine.probability)
            found.append(TableFact(_("Your best accusation"), _(best)))
            found.append(TableFact(_("If they accused now"), _rivals(advice)))
            if advice.chances is not None:
                now, later = advice.chances
                chances = M(
                    "{now:.0%} accusing now, {later:.0%} asking first", now=now, later=later
                )
                found.append(TableFact(_("Your chance to win"), _(chances)))
        return found

    def extra(self, investigation: Investigation) -> str | None:
        if not isinstance(investigation, tc.Table):
            return None
        table = investigation
        glasses = table.glasses
        if glasses.winner is not None:
            if glasses.winner == 0:
                return str(_("The game is over: I won."))
            return str(_(M("The game is over: seat {seat} won.", seat=glasses.winner)))
        lines = []
        if table.players > 2:
            held = ", ".join(
                _(M("seat {seat}: {count}", seat=s, count=c))
                for s, c in enumerate(glasses.counts)
                if c
            )
            lines.append(_(M("Magnifying glasses: {held}.", held=held)))
        turn = self._turn(table)
        said = says(turn, self.grammar, table)
        if turn.mine:
            lines.append(_(M("My turn: {said}.", said=said)))
            lines.append(self._race_line(self._race(table)))
            strategies = _information(table)
            lines.append(
                _(M("Information strategies instead: strategy {names}.", names=strategies))
            )
        else:
            lines.append(_(M("Seat {seat}'s turn: seat {seat} {said}.", seat=turn.seat, said=said)))
        return "\n".join(lines)

    def turn(self, investigation: Investigation) -> Turn | None:
        if not isinstance(investigation, tc.Table):
            return None
        return self._turn(investigation)

    @staticmethod
    def _turn(table: tc.Table) -> Turn:
        if table.turn is None:
            (winner,) = table.winners()
            if winner == 0:
                return Turn.ended(_("you accused right and won."), [_("you")])
            won = _(M("seat {seat} accused right and won.", seat=winner))
            return Turn.ended(won, [_(M("seat {seat}", seat=winner))])
        seat = table.turn
        if seat == 0:
            ways = {
                "ask": Way("ask", _("ask a witness")),
                "informant": Way("informant", _("consult the informant")),
                "accuse": Way("accuse", _("accuse"), (("SEAT", "0"),)),
            }
        else:
            given = (("SEAT", str(seat)),)
            ways = {
                "ask": Way("q", _("asks a witness"), (("ASKER", str(seat)),)),
                "informant": Way("consulted", _("consults the informant"), given),
                "accuse": Way("accuse", _("accuses"), given),
            }
        chosen = tuple(ways[action] for action in table.actions)
        name = _("you") if seat == 0 else _(M("seat {seat}", seat=seat))
        return Turn(seat, name, seat == 0, chosen)

    @staticmethod
    def _race_line(advice: tc.TableAdvice) -> str:
        mine = advice.accusation
        puzzle, rivals = str(mine.puzzle), _rivals(advice)
        if mine.certain:
            race = M(
                "Race: my best accusation {puzzle} is certain; if they accused now: {rivals}.",
                puzzle=puzzle,
                rivals=rivals,
            )
        else:
            race = M(
                "Race: my best accusation {puzzle} is {p:.1%} likely; if they accused now: "
                "{rivals}.",
                puzzle=puzzle,
                p=mine.probability,
                rivals=rivals,
            )
        lines = [_(race)]
        if advice.chances is not None:
            now, later = advice.chances
            chances = M(
                "My chance to win the game: {now:.0%} if I accuse now (right or wrong), "
                "{later:.0%} if I ask first.",
                now=now,
                later=later,
            )
            lines.append(_(chances))
        if advice.accuse:
            named = (
                shown_name(c)
                for c in (mine.puzzle.person, mine.puzzle.location, mine.puzzle.weapon)
            )
            person, location, weapon = named
            accuse = M(
                "Accuse now: accuse 0 right|wrong {person} {location} {weapon}.",
                person=person,
                location=location,
                weapon=weapon,
            )
            lines.append(_(accuse))
        if advice.moves:
            lines.append(
                _(
                    "The race says whether to accuse; the questions are in the order of the "
                    "information they give."
                )
            )
        return " ".join(lines)

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, tc.Question):
            template = _ASKED[(clue.asker == 0, bool(clue.side))]
            line = M(
                template,
                asker=clue.asker,
                witness=clue.witness,
                about=shown_word(clue.about, noun=True),
                side=shown_word(clue.side) if clue.side else "",
                answer=clue.answer,
            )
            return str(_(line))
        return str(clue)

    def public_clue(self, clue: Any) -> str | None:
        if isinstance(clue, tc.Informant):  # the card seen: mine alone
            return str(_("I consulted the informant"))
        if isinstance(clue, tc.Accused):  # the puzzle named: mine alone
            return str(_("I accused: wrong"))
        return self.show_clue(clue)  # questions, looks and accusations: at the table

    def public_grids(self, investigation: Investigation) -> list[Grid]:
        """The magnifying glasses each seat holds (a game of 3 or more)."""
        if not isinstance(investigation, tc.Table) or investigation.players == 2:
            return []
        counts = investigation.glasses.counts
        rows = tuple(
            (_("you") if s == 0 else _(M("seat {seat}", seat=s)), str(c))
            for s, c in enumerate(counts)
        )
        return [Grid(_("Magnifying glasses"), (_("player"), _("glasses")), rows)]

    def show_action(self, action: Any) -> str:
        if isinstance(action, tc.Ask):  # as it is typed (German words in German)
            side = f" {shown_word(action.side)}" if action.side else ""
            return f"ask {action.witness} {shown_word(action.about)}{side}"
        if isinstance(action, tc.Peek):
            return str(_("consult the informant"))
        return str(action)

    def winning(self, investigation: Investigation) -> Any | None:
        if investigation.solved is None:
            return None
        return investigation.accusation()  # type: ignore[attr-defined]

    def typed(self, action: Any) -> str:
        if isinstance(action, tc.Peek):  # the card seen is the answer
            return "informant"
        if isinstance(action, tc.Accusation):  # my accusation; right or wrong is the answer
            puzzle = action.puzzle
            named = (puzzle.person, puzzle.location, puzzle.weapon)
            cards = " ".join(word(shown_name(c)) for c in named)  # as the buttons show them
            return f"accuse 0 {BLANK} {cards}"
        if isinstance(action, tc.Ask):  # in the player's words, as the page's buttons are
            side = f" {shown_word(action.side)}" if action.side else ""
            return f"ask {action.witness} {shown_word(action.about)}{side}"
        return self.show_action(action)

    def show_field(self, field: str) -> str:
        """A field of the sheet (person, location, weapon) in the player's words (the
        rulebook's Person, Ort, Waffe)."""
        return shown_word(field)


_ASKED: dict[tuple[bool, bool], str] = {  # (I asked, a side named)
    (True, False): N_("I asked seat {witness} about {about}: {answer}"),
    (True, True): N_("I asked seat {witness} about {about} ({side} card): {answer}"),
    (False, False): N_("seat {asker} asked seat {witness} about {about}: {answer}"),
    (False, True): N_("seat {asker} asked seat {witness} about {about} ({side} card): {answer}"),
}
"""Each line of :meth:`ThirteenCluesAdapter.show_clue` for a question, by who asked and
whether it names a side."""


def _rivals(advice: tc.TableAdvice) -> str:
    """Each other seat's chance to be right if they accused now, in words."""
    return ", ".join(
        _(M("seat {seat} {chance:.0%}", seat=s, chance=p)) for s, p in sorted(advice.rivals.items())
    )


ADAPTER = ThirteenCluesAdapter()

guard(globals())
