"""``deduce play kreuzverhoer``: your case file during the interrogation."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, either, language
from deduce.errors import InvalidInput
from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.clues import card_title, card_words
from deduce.games.kreuzverhoer.manifest import GAME
from deduce.games.kreuzverhoer.table_lines import (
    answer,
    pending_names,
    read_case,
    read_hand,
    table_of,
    they_ask,
)
from deduce.games.kreuzverhoer.words import race_rows as _race
from deduce.games.kreuzverhoer.words import show_event, table_facts, table_lines, table_turn
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import Adapter, Grid, TableFact, Turn, word
from deduce.play.arguments import Parts
from deduce.play.grammar import (
    Arg,
    Context,
    Fact,
    Grammar,
    Integer,
    Name,
    Question,
    Rows,
    Value,
    Verb,
    YesNo,
)

__all__ = ["ADAPTER", "GRAMMAR", "KreuzverhoerAdapter"]


def _deck(text: str, context: Context) -> kv.Deck | None:
    if text.strip().lower() in {"", "default"}:
        return None
    return kv.Deck.load(text.strip())


def _names(field: str) -> Callable[[Context], Sequence[str]]:
    def names(context: Context) -> Sequence[str]:
        found: Sequence[str] = context.investigation.deck.names(field)
        return found

    return names


def _fields(context: Context) -> dict[str, Sequence[str]]:
    return {f: context.investigation.deck.names(f) for f in kv.FIELDS}


def _ask(inv: kv.Investigation, v: dict[str, Any]) -> kv.Investigation:
    return inv.questioning(v["crime"], v["scene"], v["suspect"], v["weapon"], v["n"])


def _facts(verb: str) -> Callable[[kv.Investigation, dict[str, Any]], kv.Investigation]:
    def do(inv: kv.Investigation, v: dict[str, Any]) -> kv.Investigation:
        names: dict[str, Any] = {}
        for field, value in v["fact"]:
            if field in names:
                raise InvalidInput(
                    field,
                    value,
                    M("one {keyword}", keyword=f"{field}=..."),
                    reason=M("{field} is said twice", field=field),
                )
            names[field] = value
        if verb == "is":
            return inv.confirmed(card=v.get("card"), **names)
        return inv.ruled_out(card=v.get("card"), **names)

    return do


def _cards(inv: kv.Investigation, v: dict[str, Any]) -> Rows:
    rows = []
    for value in inv.rank_cards(list(v["card"])):
        bits = "" if value.information is None else _(M("{bits:.2f} bits", bits=value.information))
        worst = "" if value.worst_case is None else _(M("{n} left", n=value.worst_case))
        rows.append((card_title(value.card), bits, worst, _(value.reason)))
    columns = (_("card"), _("information"), _("worst case"), _("note"))
    return Rows(columns, tuple(rows))


def _even_in_total(answers: Mapping[str, Any]) -> None:
    if answers.get("counting") == "total" and answers["questionings"] % 2:
        raise InvalidInput(
            N_("questionings"),  # the answer refused, as the player reads it
            answers["questionings"],
            N_("an even number with counting total"),
            reason=N_("the questionings alternate between two players"),
        )


_GERMAN_WORDS: dict[str, str] = {
    "je Spieler": "each",
    "insgesamt": "total",
    "gesamt": "total",
    "ich": "me",
    "Gegner": "opponent",
    "andere": "other",
}
"""German words for the set-up's choices (counting, who questions first) and for the
ninth investigation card (``other``), each read back as typed; the first of each is the
one shown to a player reading German (the page's buttons, Tab)."""


def _shown(word: str) -> str:
    """A set-up choice or ``other`` in the player's words (:data:`_GERMAN_WORDS`).

    Example (in English; in German ``je Spieler`` and ``Gegner``):
        >>> _shown("each"), _shown("opponent")
        ('each', 'opponent')
    """
    if language() == "de":
        return next((german for german, meant in _GERMAN_WORDS.items() if meant == word), word)
    return word


def _choice(choices: Sequence[str]) -> Name:
    """One of ``choices``, offered in the player's words and read in either language."""
    german = {g: meant for g, meant in _GERMAN_WORDS.items() if meant in choices}
    return Name(choices, aliases=german, offered=lambda context: [_shown(c) for c in choices])


def _titled(cards: Sequence[str], *, held: bool = False) -> Name:
    """Action cards by the title printed on them (Gegenüberstellung), the API's name
    (confrontation) and the English gloss (refusal to testify) accepted too; the API
    reads each. Tab offers the titles (``other`` in the player's words): with ``held``,
    of the cards in my hand (all of them when my hand is not followed)."""
    titles = [card_title(c) for c in cards]
    aliases = dict(zip(cards, titles, strict=True))
    aliases |= {
        word: card_title(card)
        for word, card in card_words(cards).items()
        if word != card_title(card)
    }
    aliases |= {g: meant for g, meant in _GERMAN_WORDS.items() if meant in cards}

    def offered(context: Context) -> Sequence[str]:
        hand = getattr(context.investigation, "hand", None) if held else None
        shown = cards if hand is None else [c for c in hand if c in cards]
        return list(dict.fromkeys(_shown(card_title(c)) for c in shown))

    return Name(titles, aliases=aliases, offered=offered)


def _case_rows(context: Context) -> list[tuple[str, Sequence[str]]]:
    """A case: a row of its deck's names for each of crime, scene, suspect, weapon (each
    headed by its field, in the player's language)."""
    deck = context.values.get("deck") or kv.Deck.default()
    return [(_(field), deck.names(field)) for field in kv.FIELDS]


def _hand_rows(context: Context) -> list[tuple[str, Sequence[str]]]:
    """A hand: a row of every action card's title for each of its 3 cards."""
    titles = [card_title(c) for c in kv.ACTION_CARDS]
    return [(_(M("card {number}", number=n)), titles) for n in (1, 2, 3)]


_CARD = _titled(kv.INVESTIGATION_CARDS)
_ACTION = _titled(kv.ACTION_CARDS)
_HELD = _titled(kv.ACTION_CARDS, held=True)
_THEIRS = ("ask Mord Ulm Nora Brechstange 2", "they ask Mord Berlin Nora Messer")
GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask",),
            (
                Arg("CRIME", Name(_names("crime"))),
                Arg("SCENE", Name(_names("scene"))),
                Arg("SUSPECT", Name(_names("suspect"))),
                Arg("WEAPON", Name(_names("weapon"))),
                Arg("N", Integer(0, 4)),
            ),
            N_("you laid these four cards and N (0-4) were right"),
            ("ask Mord Berlin Juri Messer 1",),
            _ask,
        ),
        Verb(
            ("single", "einzelverhör"),
            (Arg("CRIME", Name(_names("crime"))),),
            # Translators: the English gloss of a card in parentheses is for English
            # readers: leave it out (the cards are printed in German).
            N_("Einzelverhör (single interrogation): CRIME is not the case's"),
            ("single Einbruch",),
            lambda inv, v: inv.single_interrogation(v["crime"]),
        ),
        Verb(
            ("site", "ermittler"),
            (
                Arg("WEAPON", Name(_names("weapon"))),
                Arg("WEAPON", Name(_names("weapon")), store="other"),
            ),
            # Translators: the English gloss of a card in parentheses is for English
            # readers: leave it out (the cards are printed in German).
            N_(
                "Ermittler vor Ort (investigators on site): the laid scene is right and these\n"
                "two weapons are not the case's"
            ),
            ("site Pistole Gift",),
            lambda inv, v: inv.investigators_on_site([v["weapon"], v["other"]]),
        ),
        Verb(
            ("site", "ermittler"),
            (Arg("wrong", Name(("wrong",), aliases={"no": "wrong", "none": "wrong"})),),
            N_("Ermittler vor Ort: the laid scene is wrong"),
            ("site wrong",),
            lambda inv, v: inv.investigators_on_site(None),
        ),
        Verb(
            ("confront", "gegenüberstellung"),
            (Arg("ANSWER", YesNo()),),
            # Translators: the English gloss of a card in parentheses is for English
            # readers: leave it out (the cards are printed in German).
            N_(
                "Gegenüberstellung (confrontation): the laid suspect is (yes) or is not (no)\n"
                "the case's"
            ),
            ("confront no",),
            lambda inv, v: inv.confrontation(v["answer"]),
        ),
        Verb(
            ("informant",),
            (
                Arg("SCENE", Name(_names("scene"))),
                Arg("SCENE", Name(_names("scene")), store="other"),
            ),
            N_("Informant: these two scenes are not the case's"),
            ("informant München Köln",),
            lambda inv, v: inv.informant([v["scene"], v["other"]]),
        ),
        Verb(
            ("profiler",),
            (Arg("SUSPECT", Name(_names("suspect"))),),
            N_("Profiler: SUSPECT is not the case's"),
            ("profiler Elke",),
            lambda inv, v: inv.profiler(v["suspect"]),
        ),
        Verb(
            ("out",),
            (
                Arg("FIELD=NAME,NAME", Fact(_fields, several=True), repeated=True, store="fact"),
                Arg("CARD", _CARD, optional=True, keyword="card="),
            ),
            N_("these names are not the case's (another card, or what you know otherwise)"),
            ("out weapon=Gift,Messer", "out scene=Hamburg card=witness"),
            _facts("out"),
        ),
        Verb(
            ("is",),
            (
                Arg("FIELD=NAME", Fact(_fields), repeated=True, store="fact"),
                Arg("CARD", _CARD, optional=True, keyword="card="),
            ),
            N_("these names are the case's"),
            ("is suspect=Nora",),
            _facts("is"),
        ),
        Verb(
            ("defence",),
            (
                Arg("CARD", _titled(kv.DEFENCE_CARDS)),
                Arg("BLOCKED", _CARD, optional=True),
            ),
            N_(
                "your opponent played a defence card (BLOCKED: the investigation card it\n"
                "made useless)"
            ),
            ("defence lawyer", "defence alibi confrontation"),
            lambda inv, v: inv.defence(v["card"], blocks=v.get("blocked")),
        ),
        Verb(
            ("they",),
            (
                Arg("ask", Name(("ask",)), store="asks"),
                Arg("CRIME", Name(_names("crime"))),
                Arg("SCENE", Name(_names("scene"))),
                Arg("SUSPECT", Name(_names("suspect"))),
                Arg("WEAPON", Name(_names("weapon"))),
                Arg("N", Integer(0, 4), optional=True),
            ),
            N_(
                "your opponent laid these four cards about your case: deduce says how many are\n"
                "right (N: the answer you gave, needed when your case was not given at set-up)"
            ),
            ("they ask Mord Berlin Juri Messer",),
            they_ask,
        ),
        Verb(
            ("they",),
            (Arg("play", Name(("play",)), store="plays"), Arg("CARD", _CARD)),
            N_("your opponent played this investigation card: answer it, or block it"),
            ("they play profiler",),
            lambda inv, v: table_of(inv).their_card(v["card"]),
            setting=_THEIRS,
        ),
        Verb(
            ("answer",),
            (Arg("NAME", Name(pending_names), optional=True, repeated=True),),
            N_(
                "your answer to your opponent's card: the names you gave (none: what deduce\n"
                "suggests, naming nothing that helps them more than the card must)"
            ),
            ("answer",),
            answer,
            setting=(*_THEIRS, "they play profiler"),
        ),
        Verb(
            ("answer",),
            (Arg("ANSWER", YesNo(), store="yes"),),
            N_("your answer to Gegenüberstellung: the laid suspect is (yes) or is not (no) yours"),
            ("answer no",),
            answer,
            setting=(*_THEIRS, "they play confrontation"),
        ),
        Verb(
            ("answer",),
            (Arg("wrong", Name(("wrong",)), store="wrong"),),
            N_("your answer to Ermittler vor Ort: the laid scene is wrong"),
            ("answer wrong",),
            answer,
            setting=(*_THEIRS, "they play investigators"),
        ),
        Verb(
            ("play",),
            (Arg("CARD", _titled(kv.DEFENCE_CARDS, held=True)),),
            # Translators: the English gloss of a card in parentheses is for English
            # readers: leave it out (the cards are printed in German).
            N_(
                "you played this defence card in your opponent's questioning; Alibi,\n"
                "Aussageverweigerung (refusal to testify) and Falscher Zeuge (false witness) are\n"
                "played against their card waiting for your answer"
            ),
            ("play refusal",),
            lambda inv, v: table_of(inv).defended(v["card"]),
            setting=(*_THEIRS, "they play single"),
        ),
        Verb(
            ("draw",),
            (Arg("CARD", _ACTION),),
            N_("you drew this action card at the end of a questioning"),
            ("draw alibi",),
            lambda inv, v: table_of(inv).drew(v["card"]),
        ),
        Verb(
            ("exchange",),
            (Arg("CARD", _HELD), Arg("NEW", _ACTION, store="new")),
            N_(
                "in your questioning, instead of an investigation card: you put CARD back and\n"
                "drew NEW"
            ),
            ("exchange refusal witness",),
            lambda inv, v: table_of(inv).exchanged(v["card"], v["new"]),
        ),
        Verb(
            ("swap",),
            (Arg("GIVEN", _HELD), Arg("TAKEN", _ACTION, store="taken")),
            # Translators: the English gloss of a card in parentheses is for English
            # readers: leave it out (the cards are printed in German).
            N_(
                "after a Maulwurf (mole): GIVEN went from your hand to your opponent, TAKEN came\n"
                "to you"
            ),
            ("swap profiler mole",),
            lambda inv, v: table_of(inv).swapped(v["given"], v["taken"]),
            setting=("ask Mord Ulm Nora Brechstange 2", "defence mole"),
        ),
        Verb(
            ("race",),
            (),
            N_("your best lays by the chance to win, and how soon your opponent solves"),
            ("race",),
            lambda inv, v: _race(table_of(inv)),
            setting=_THEIRS,
            command=True,
        ),
        Verb(
            ("cards",),
            (Arg("CARD", _titled((*kv.INVESTIGATION_CARDS, *kv.DEFENCE_CARDS)), repeated=True),),
            N_("rank the investigation cards in your hand (after a questioning)"),
            ("cards informant profiler",),
            _cards,
            command=True,
        ),
    ),
    # Translators: the list of the action cards with their English names is for English
    # readers: say instead that the cards go by their printed titles (Gegenüberstellung,
    # Zeuge) or the English names (confrontation, witness).
    notes=N_(
        "FIELD is crime, scene, suspect or weapon. A name may be shortened to a unique start\n"
        "(juri for Juri L.); quote names with spaces or write them with _ (Juri_L.). Umlauts and\n"
        "accents are optional (Ueberfall, Uberfall or Überfall; Koeln or Koln). Action cards go\n"
        "by their printed titles or their English names: Einzelverhör (single interrogation),\n"
        "Ermittler vor Ort (investigators on site), Gegenüberstellung (confrontation),\n"
        "Informant, Profiler, Zeuge (witness), Spurensicherung (forensics), Verdacht\n"
        "(suspicion); Alibi, Anwalt (lawyer), Aussageverweigerung (refusal to testify),\n"
        "Falscher Zeuge (false witness), Maulwurf (mole), Suspendierung (suspension). The verbs\n"
        "einzelverhör, ermittler and gegenüberstellung are single, site and confront."
    ),
    setup=(
        Question(
            "deck",
            Value(_deck, N_("a deck file (TOML), or default for the box's cards")),
            N_("a deck file (TOML), or default"),
            "default",
            example="my-deck.toml",
            title=N_("Deck"),
        ),
        Question(
            "counting",
            _choice(kv.COUNTINGS),
            N_("each: that many for every player; total: shared, half each"),
            "each",
            title=N_("Counting"),
        ),
        Question(
            "questionings",
            Integer(1, 64),
            N_("questionings allowed, for each player or in total as Counting says"),
            "12",
            check=_even_in_total,
            title=N_("Questionings"),
        ),
        Question(
            "skips_use_up",
            YesNo(),
            # Translators: the English gloss of a card in parentheses is for English
            # readers: leave it out (the cards are printed in German).
            N_(
                "a questioning skipped after Anwalt (lawyer) or Suspendierung (suspension) "
                "counts as used"
            ),
            "yes",
            title=N_("Skips use up"),
        ),
        Question(
            "repeats",
            YesNo(),
            N_("the answering player may name a detail twice; no: the faster variant"),
            "yes",
            title=N_("Repeats"),
        ),
        Question(
            "case",
            Value(
                read_case,
                N_("none, or the case: crime scene suspect weapon"),
                parts=Parts(_case_rows, "/"),
            ),
            N_("the case you chose for your opponent; none: you say every answer"),
            "none",
            example="Mord Ulm Ede Gift",
            title=N_("Case"),
        ),
        Question(
            "hand",
            Value(
                read_hand,
                N_("none, or your 3 action cards"),
                kv.ACTION_CARDS,
                parts=Parts(_hand_rows, " "),
            ),
            N_("your 3 action cards; none: not followed"),
            "none",
            example="profiler lawyer refusal",
            title=N_("Hand"),
        ),
        Question(
            "first",
            _choice(("me", "opponent")),
            N_("who questions first: me or opponent"),
            "me",
            title=N_("First"),
        ),
    ),
)


class KreuzverhoerAdapter(Adapter):
    """Clue lines for one player's questionings and the cards played on them."""

    declaration = GAME
    investigation_type = kv.Investigation
    grammar = GRAMMAR
    arguments: ClassVar[Mapping[str, str]] = {"blocks": "blocked", "named": "answer"}

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        keys = ("deck", "questionings", "counting", "skips_use_up", "repeats")
        answers = self.needs(answers, *keys)
        return kv.Table(
            answers["deck"],
            case=answers.get("case"),
            hand=answers.get("hand"),
            first=1 if answers.get("first") == "opponent" else 0,
            limit=answers["questionings"],
            counting=answers["counting"],
            skips_use_up=answers["skips_use_up"],
            repeats=answers["repeats"],
        )

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        inv: kv.Investigation = self.own(investigation)
        if inv.questionings_left == 0 or (isinstance(inv, kv.Table) and not inv.may_lay):
            return []
        return super().recommend(investigation, strategy)

    def public_clue(self, clue: Any) -> str | None:
        if isinstance(clue, kv.RuledOut | kv.Confirmed | kv.Drew | kv.Exchanged | kv.Swapped):
            return None  # notes of my own, and the cards in my hand
        return self.show_clue(clue)  # questionings, cards played and their answers

    def public_grids(self, investigation: Investigation) -> list[Grid]:
        inv: kv.Investigation = self.own(investigation)
        if not isinstance(inv, kv.Table):
            return []
        (made, theirs_made), (left, theirs_left) = inv.questionings_made, inv.left
        rows = (
            (_("you"), str(made), str(left)),
            (_("your opponent"), str(theirs_made), str(theirs_left)),
        )
        columns = (_("player"), _("made"), _("left"))
        return [Grid(_("Questionings"), columns, rows)]

    def show_clue(self, clue: Any) -> str:
        said: str = self._clue_words(clue)
        return said

    def _clue_words(self, clue: Any) -> Any:
        """A clue of my case file in words (in the player's language)."""
        if isinstance(clue, kv.Questioning):
            laid, right = str(clue.guess), clue.correct
            return _(M("questioning {laid}: {right} right", laid=laid, right=right))
        if isinstance(clue, kv.SingleInterrogation):
            return _(M("Einzelverhör: not {crime}", crime=clue.crime))
        if isinstance(clue, kv.InvestigatorsOnSite):
            if clue.weapons is None:
                return _(M("Ermittler vor Ort: not {scene}", scene=clue.scene))
            weapons = either(clue.weapons)
            return _(
                M("Ermittler vor Ort: {scene}, not {weapons}", scene=clue.scene, weapons=weapons)
            )
        if isinstance(clue, kv.Confrontation):
            if clue.correct:
                return f"Gegenüberstellung: {clue.suspect}"
            return _(M("Gegenüberstellung: not {suspect}", suspect=clue.suspect))
        if isinstance(clue, kv.Informant):
            return _(M("Informant: not {scenes}", scenes=either(clue.scenes)))
        if isinstance(clue, kv.Profiler):
            return _(M("Profiler: not {suspect}", suspect=clue.suspect))
        if isinstance(clue, kv.RuledOut):
            facts = "; ".join(
                _(M("{field} not {names}", field=f, names=either(getattr(clue, f))))
                for f in kv.FIELDS
                if getattr(clue, f)
            )
            if clue.card:
                card = card_title(clue.card)
                return _(M("ruled out: {facts} ({card})", facts=facts, card=card))
            return _(M("ruled out: {facts}", facts=facts))
        if isinstance(clue, kv.Confirmed):
            facts = ", ".join(f"{_(f)} {getattr(clue, f)}" for f in kv.FIELDS if getattr(clue, f))
            if clue.card:
                card = card_title(clue.card)
                return _(M("confirmed: {facts} ({card})", facts=facts, card=card))
            return _(M("confirmed: {facts}", facts=facts))
        if isinstance(clue, kv.Defence):
            card = card_title(clue.card)
            if clue.blocks:
                blocked = card_title(clue.blocks)
                return _(M("defence {card} against {blocked}", card=card, blocked=blocked))
            return _(M("defence {card}", card=card))
        return show_event(clue)

    def finished(self, investigation: Investigation) -> bool:
        if isinstance(investigation, kv.Table):
            return investigation.over
        inv: kv.Investigation = self.own(investigation)
        return inv.questionings_left == 0

    def show_action(self, action: Any) -> str:
        return str(action)

    def winning(self, investigation: Investigation) -> Any | None:
        mine = investigation.mine if isinstance(investigation, kv.Table) else investigation
        case = mine.solved
        if case is None or self.finished(investigation):
            return None
        return kv.Guess(case.crime, case.scene, case.suspect, case.weapon)

    def typed(self, action: Any) -> str:
        if isinstance(action, kv.Guess):  # the number right is the answer
            cards = (action.crime, action.scene, action.suspect, action.weapon)
            return "ask " + " ".join(word(c) for c in cards)
        return self.show_action(action)

    def simulated(self, investigation: Investigation) -> Investigation:
        if isinstance(investigation, kv.Table):
            return investigation.mine  # my own case file, against every case
        return investigation

    def strategy(self, investigation: Investigation) -> str:
        if not isinstance(investigation, kv.Table):
            return "entropy"  # an older case file: no opponent to race
        return super().strategy(investigation)

    def turn(self, investigation: Investigation) -> Turn | None:
        return table_turn(investigation) if isinstance(investigation, kv.Table) else None

    def facts(self, investigation: Investigation) -> list[TableFact]:
        inv: kv.Investigation = self.own(investigation)
        if isinstance(inv, kv.Table):
            return table_facts(inv)
        made, left = inv.questionings, inv.questionings_left
        allowed = inv.rules.allowed
        said = _(M("{made} made, {left} left of {allowed}", made=made, left=left, allowed=allowed))
        return [TableFact(_("Questionings"), said)]

    def extra(self, investigation: Investigation) -> str | None:
        inv: kv.Investigation = self.own(investigation)
        if isinstance(inv, kv.Table):
            return table_lines(inv)
        made, left = inv.questionings, inv.questionings_left
        allowed = inv.rules.allowed
        said: str
        if inv.solved is not None and left == 0 and made < allowed:
            said = _(
                M(
                    "Questionings made: {made} of {allowed}; the case is solved.",
                    made=made,
                    allowed=allowed,
                )
            )
        else:
            said = _(
                M(
                    "Questionings made: {made}, left: {left} of {allowed}.",
                    made=made,
                    left=left,
                    allowed=allowed,
                )
            )
        return said


ADAPTER = KreuzverhoerAdapter()

guard(globals())
