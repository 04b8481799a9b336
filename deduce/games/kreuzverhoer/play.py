"""``deduce play kreuzverhoer``: your case file during the interrogation."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from deduce.errors import InvalidInput
from deduce.games import kreuzverhoer as kv
from deduce.investigation import Investigation
from deduce.play.adapter import Adapter, Question, choose, integer, word, yes_no

__all__ = ["ADAPTER", "KreuzverhoerAdapter"]

_KEYWORDS = ("ask", "single", "site", "confront", "informant", "profiler", "out", "is", "defence")


def _deck(text: str) -> kv.Deck | None:
    if text.strip().lower() in {"", "default"}:
        return None
    return kv.Deck.load(text.strip())


def _limit(text: str) -> int:
    return integer(text, "questionings")


def _counting(text: str) -> str:
    found: str = choose(text, kv.COUNTINGS, "counting")
    return found


class KreuzverhoerAdapter(Adapter):
    """Clue lines for one player's questionings and the cards played on them."""

    name = "kreuzverhoer"
    title = "Kreuzverhör"
    investigation_type = kv.Investigation
    simulated = True
    strategy = "entropy"
    syntax = """
  ask CRIME SCENE SUSPECT WEAPON N   you laid these four cards and N (0-4) were right
  single CRIME                       Einzelverhör: CRIME is not the case's
  site WEAPON WEAPON                 Ermittler vor Ort: the laid scene is right and these
                                     two weapons are not the case's
  site wrong                         Ermittler vor Ort: the laid scene is wrong
  confront yes|no                    Gegenüberstellung: the laid suspect is (not) the case's
  informant SCENE SCENE              Informant: these two scenes are not the case's
  profiler SUSPECT                   Profiler: SUSPECT is not the case's
  out FIELD=NAME[,NAME] ... [card=CARD]
                                     these names are not the case's (another card, or what
                                     you know otherwise), e.g.  out weapon=Gift,Messer
  is FIELD=NAME ... [card=CARD]      these names are the case's, e.g.  is suspect=Nora
  defence CARD [BLOCKED]             your opponent played a defence card (alibi, lawyer,
                                     refusal, false_witness, mole, suspension)
FIELD is crime, scene, suspect or weapon. A name may be shortened to a unique start
(juri for Juri L.); quote names with spaces or write them with _ (Juri_L.).
"""

    def questions(self, answers: Mapping[str, Any]) -> Sequence[Question]:
        counted = (
            "in all (half for each player)"
            if answers.get("counting") == "total"
            else "for each player"
        )
        return (
            Question("deck", "Deck file (TOML) or `default`", "default", _deck),
            Question(
                "counting",
                "Questionings counted for `each` player or in `total`",
                "each",
                _counting,
                kv.COUNTINGS,
            ),
            Question("questionings", f"Questionings allowed {counted}", "12", _limit),
            Question(
                "skips",
                "A questioning skipped after Lawyer or Suspension uses one up (yes/no)",
                "yes",
                lambda text: yes_no(text, "skips"),
                ("yes", "no"),
            ),
            Question(
                "repeats",
                "The answering player may name a detail twice (yes; no: faster variant)",
                "yes",
                lambda text: yes_no(text, "repeats"),
                ("yes", "no"),
            ),
        )

    def start(self, answers: dict[str, Any]) -> Investigation:
        return kv.Investigation(
            answers["deck"],
            limit=answers["questionings"],
            counting=answers["counting"],
            skips_use_up=answers["skips"],
            repeats=answers["repeats"],
        )

    def commands(self) -> dict[str, tuple[str, Callable[[Investigation, list[str]], Any]]]:
        return {
            "cards": (
                "`cards CARD ...`: rank the investigation cards in your hand (after a questioning)",
                self._cards,
            )
        }

    def _cards(self, investigation: Investigation, words: list[str]) -> Any:
        inv: kv.Investigation = investigation  # type: ignore[assignment]
        if not words:
            raise InvalidInput("cards", "", "cards CARD ...", reason="name the cards in your hand")
        hand = [choose(w, kv.INVESTIGATION_CARDS + kv.DEFENCE_CARDS, "card") for w in words]
        table = Table("card", "information", "worst case", "note", box=None)
        for value in inv.rank_cards(hand):
            bits = "" if value.information is None else f"{value.information:.2f} bits"
            worst = "" if value.worst_case is None else f"{value.worst_case} left"
            table.add_row(value.card, bits, worst, value.reason)
        return table

    def apply(self, investigation: Investigation, tokens: list[str]) -> Investigation:
        inv: kv.Investigation = investigation  # type: ignore[assignment]
        deck = inv.deck
        verb = choose(tokens[0], _KEYWORDS, "clue")
        args = tokens[1:]

        def need(count: int, shape: str) -> None:
            if len(args) != count:
                raise InvalidInput("line", " ".join(tokens), shape)

        def name(field: str, token: str) -> str:
            found: str = choose(token, deck.names(field), field)
            return found

        if verb == "ask":
            need(5, "ask CRIME SCENE SUSPECT WEAPON N")
            crime, scene, suspect, weapon = (
                name(f, t) for f, t in zip(kv.FIELDS, args[:4], strict=True)
            )
            return inv.questioning(crime, scene, suspect, weapon, integer(args[4], "N"))
        if verb == "single":
            need(1, "single CRIME")
            return inv.single_interrogation(name("crime", args[0]))
        if verb == "site":
            if len(args) == 1 and args[0].lower() in {"wrong", "no", "none"}:
                return inv.investigators_on_site(None)
            need(2, "site WEAPON WEAPON, or site wrong")
            return inv.investigators_on_site([name("weapon", a) for a in args])
        if verb == "confront":
            need(1, "confront yes|no")
            return inv.confrontation(yes_no(args[0], "confront"))
        if verb == "informant":
            need(2, "informant SCENE SCENE")
            return inv.informant([name("scene", a) for a in args])
        if verb == "profiler":
            need(1, "profiler SUSPECT")
            return inv.profiler(name("suspect", args[0]))
        if verb == "defence":
            if len(args) not in (1, 2):
                raise InvalidInput("line", " ".join(tokens), "defence CARD [BLOCKED_CARD]")
            defence = choose(args[0], kv.DEFENCE_CARDS, "card")
            blocks = choose(args[1], kv.INVESTIGATION_CARDS, "blocks") if len(args) == 2 else None
            return inv.defence(defence, blocks=blocks)
        # out / is: FIELD=NAME[,NAME] ... [card=CARD]
        if not args:
            raise InvalidInput("line", " ".join(tokens), f"{verb} FIELD=NAME ... [card=CARD]")
        card: str | None = None
        names: dict[str, Any] = {}
        said_card = False
        for arg in args:
            field_text, sep, value = arg.partition("=")
            if not sep or not value:
                raise InvalidInput("fact", arg, "FIELD=NAME, e.g. weapon=Gift")
            if field_text.lower() == "card":
                if said_card:
                    raise InvalidInput("card", value, "one card=CARD", reason="card= is repeated")
                said_card = True
                card = choose(value, kv.INVESTIGATION_CARDS, "card")
                continue
            field = choose(field_text, kv.FIELDS, "field")
            if field in names:
                raise InvalidInput(
                    field,
                    value,
                    f"one {field}=NAME" if verb == "is" else f"one {field}=NAME,NAME,...",
                    reason=f"{field}= is repeated",
                )
            parts = value.split(",")
            if not all(part.strip() for part in parts):
                raise InvalidInput(field, value, "names separated by single commas")
            values = [name(field, v) for v in parts]
            if len(set(values)) != len(values):
                raise InvalidInput(field, value, f"different {field} names", reason="a repeat")
            if verb == "is":
                if len(values) != 1:
                    raise InvalidInput(field, value, f"one {field} name")
                names[field] = values[0]
            else:
                names[field] = tuple(values)
        if not names:
            raise InvalidInput("line", " ".join(tokens), f"{verb} FIELD=NAME ... [card=CARD]")
        if verb == "is":
            return inv.confirmed(card=card, **names)
        return inv.ruled_out(card=card, **names)

    def words(self, investigation: Investigation) -> Iterable[str]:
        inv: kv.Investigation = investigation  # type: ignore[assignment]
        deck = inv.deck
        words = [*_KEYWORDS, "wrong", "yes", "no", "cards"]
        words.extend(kv.INVESTIGATION_CARDS + kv.DEFENCE_CARDS)
        for field in kv.FIELDS:
            for n in deck.names(field):
                words.append(word(n))
                words.append(f"{field}={word(n)}")
        return words

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, kv.Questioning):
            return f"questioning {clue.guess}: {clue.correct} right"
        if isinstance(clue, kv.SingleInterrogation):
            return f"Einzelverhör: not {clue.crime}"
        if isinstance(clue, kv.InvestigatorsOnSite):
            if clue.weapons is None:
                return f"Ermittler vor Ort: not {clue.scene}"
            return f"Ermittler vor Ort: {clue.scene}, not {' or '.join(clue.weapons)}"
        if isinstance(clue, kv.Confrontation):
            return f"Gegenüberstellung: {'' if clue.correct else 'not '}{clue.suspect}"
        if isinstance(clue, kv.Informant):
            return f"Informant: not {' or '.join(clue.scenes)}"
        if isinstance(clue, kv.Profiler):
            return f"Profiler: not {clue.suspect}"
        if isinstance(clue, kv.RuledOut):
            said = "; ".join(
                f"{f} not {' or '.join(getattr(clue, f))}" for f in kv.FIELDS if getattr(clue, f)
            )
            return f"ruled out: {said}" + (f" ({clue.card})" if clue.card else "")
        if isinstance(clue, kv.Confirmed):
            said = ", ".join(f"{f} {getattr(clue, f)}" for f in kv.FIELDS if getattr(clue, f))
            return f"confirmed: {said}" + (f" ({clue.card})" if clue.card else "")
        if isinstance(clue, kv.Defence):
            return f"defence {clue.card}" + (f" against {clue.blocks}" if clue.blocks else "")
        return repr(clue)

    def show_action(self, action: Any) -> str:
        return str(action)

    def extra(self, investigation: Investigation) -> Any:
        inv: kv.Investigation = investigation  # type: ignore[assignment]
        return Text(
            f"Questionings made: {inv.questionings}, left: {inv.questionings_left} "
            f"of {inv.rules.allowed}."
        )


ADAPTER = KreuzverhoerAdapter()
