"""``deduce play cluedo``: my detective's notebook at a real table of Cluedo. I enter
every suggestion and its answer, every accusation and any card I see by a house rule,
whoever makes them; the console keeps whose turn it is and who is out, shows the
detective's sheet with every card's exact chance in every place, and on my turn the
suggestions worth making and when to accuse.

Example:
    >>> inv = ADAPTER.start(ADAPTER.read_setup(
    ...     {"players": "Ann me Bob", "me": "me", "hand": "Plum Rope Hall Study Green Kitchen"}))
    >>> call = GRAMMAR.parse(["suggest", "Ann", "white", "dag", "lou", "Bob"], inv)
    >>> call.values["weapon"]
    'Dagger'
    >>> inv = call.verb.do(inv, call.values)
    >>> ADAPTER.turn(inv).name
    'me'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce.errors import InvalidInput
from deduce.games.cluedo.advice import LIKELIEST, may_accuse
from deduce.games.cluedo.cards import CATEGORIES, Deck
from deduce.games.cluedo.clues import Accusation, Seen, Suggest, Suggestion
from deduce.games.cluedo.counting import ENVELOPE, FACE_UP, Seats
from deduce.games.cluedo.investigation import Investigation
from deduce.games.cluedo.manifest import GAME
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Recommendation
from deduce.play.adapter import Adapter, Grid, Score, TableFact, Turn, Way, says, word
from deduce.play.arguments import VERDICT
from deduce.play.grammar import (
    Arg,
    Context,
    Grammar,
    Name,
    Question,
    Rows,
    Several,
    Value,
    Verb,
)

__all__ = [
    "ADAPTER",
    "GRAMMAR",
    "Advised",
    "CluedoAdapter",
    "cell",
    "estimated",
    "next_player",
    "sheet_rows",
]

NOBODY = "nobody"
"""Who showed a card when nobody could."""

_MOST_CARDS = 40
"""The most cards a hand may be given (the deal decides how many it holds)."""

_KINDS = {"suspect": N_("suspects"), "weapon": N_("weapons"), "room": N_("rooms")}
"""Each kind of card, as a picker heads its buttons."""


# -- the cards and the players of the table at hand ----------------------------------------


def _deck_of(context: Context) -> Deck:
    """The deck of the game at hand (during the set-up: the deck answered, else classic)."""
    if context.investigation is not None:
        deck: Deck = context.investigation.deck
        return deck
    answered = context.values.get("deck")
    return answered if isinstance(answered, Deck) else Deck.classic()


def _cards(kind: str | None = None) -> Name:
    """The cards of the deck (of one kind), typed in any case or by a unique start; a
    page lays them out by kind."""

    def names(context: Context) -> Sequence[str]:
        deck = _deck_of(context)
        return deck.cards if kind is None else deck.categories[CATEGORIES.index(kind)]

    def groups(context: Context) -> list[tuple[str, Sequence[str]]]:
        deck = _deck_of(context)
        laid = zip(CATEGORIES, deck.categories, strict=True)
        return [(_(_KINDS[k]), cards) for k, cards in laid if kind in (None, k)]

    return Name(names, groups=groups)


def _players_of(context: Context) -> Sequence[str]:
    if context.investigation is not None:
        return tuple(context.investigation.players)
    return tuple(context.values.get("players") or ())


def _still_in(context: Context) -> Sequence[str]:
    """The players who may still suggest and accuse (not out after a wrong accusation)."""
    inv = context.investigation
    if inv is None:
        return _players_of(context)
    return [p for p in inv.players if p not in inv.out]


def _shown_by(context: Context) -> Sequence[str]:
    return [*_players_of(context), NOBODY]


# -- the set-up answers --------------------------------------------------------------------


def _deck(text: str, context: Context) -> Deck:
    """``classic``, ``master detective`` (or ``master``), or a deck file (TOML)."""
    typed = text.strip()
    if typed.lower() in {"", "classic"}:
        return Deck.classic()
    if typed.lower().replace("_", " ") in {"master", "master detective"}:
        return Deck.master_detective()
    return Deck.load(typed)


def _players(text: str, context: Context) -> tuple[str, ...]:
    names = tuple(text.replace(",", " ").split())
    deck = _deck_of(context)
    low, high = deck.players
    if len({n.lower() for n in names}) != len(names):
        raise InvalidInput("players", text, _players_wanted(context), reason=N_("a name is twice"))
    if not low <= len(names) <= high:
        reason = M("{n} named", n=len(names))
        raise InvalidInput("players", text, _players_wanted(context), reason=reason)
    return names


def _players_wanted(context: Context) -> str:
    low, high = _deck_of(context).players
    return M("{low} to {high} different names (this deck's players)", low=low, high=high)


def _player(argument: str) -> Value:
    """One of the players named (``me``, ``dealer``); ``last`` is the last one named."""

    def read(text: str, context: Context) -> str:
        players = list(context.values.get("players") or ())
        if argument == "dealer" and text.strip().lower() in {"", "last"} and players:
            return str(players[-1])
        return str(Name(players).read(text, context, argument))

    def what(context: Context) -> str:
        players = context.values.get("players") or ()
        return M("one of the players: {players}", players=", ".join(players))

    return Value(read, what, among="players")


def _card_of(deck: Deck, typed: str, argument: str) -> str:
    """The card ``typed`` names; refused with the word that is no card."""
    try:
        return deck.card(typed, argument)
    except InvalidInput:
        reason = M("{word} is no card of the deck, or more than one", word=typed)
        raise InvalidInput(argument, typed, N_("a card"), reason=reason) from None


def _card_list(argument: str) -> Value:
    """``none``, or cards of the deck, by name or a unique start."""

    def read(text: str, context: Context) -> tuple[str, ...]:
        words = text.replace(",", " ").split()
        if [w.lower() for w in words] in ([], ["none"]):
            return ()
        deck = _deck_of(context)
        cards = tuple(_card_of(deck, w, argument) for w in words)
        twice = [c for c in dict.fromkeys(cards) if cards.count(c) > 1]
        if twice:
            raise InvalidInput(
                argument, text, N_("different cards"), reason=M("{card} is twice", card=twice[0])
            )
        return cards

    def what(context: Context) -> str:
        cards = ", ".join(_deck_of(context).cards)
        return M("none, or cards of the deck: {cards}", cards=cards)

    return Value(read, what, groups=_cards().groups, several=True)


def _preferences(text: str, context: Context) -> dict[str, tuple[str, ...]]:
    """``none``, or ``PLAYER=CARD,CARD ...``: the cards each shows first, in order."""
    if text.strip().lower() in {"", "none"}:
        return {}
    deck = _deck_of(context)
    found: dict[str, tuple[str, ...]] = {}
    for part in text.split():
        _name, sep, cards = part.partition("=")
        if not sep or not cards.strip(","):
            reason = M("{part} is not PLAYER=CARD,CARD", part=part)
            raise InvalidInput("shows_first", text, N_("a player"), reason=reason)
        player = _player_of(part, text, context, "shows_first")
        if player in found:
            reason = M(
                "{player} is named twice: {player}=CARD,CARD gives all of {player}'s cards",
                player=player,
            )
            raise InvalidInput("shows_first", text, N_("a player"), reason=reason)
        found[player] = tuple(_card_of(deck, c, "shows_first") for c in cards.split(",") if c)
    return found


def _player_of(part: str, text: str, context: Context, argument: str) -> str:
    """The player named before ``=`` in ``part`` of the answer ``text`` to ``argument``."""
    name = part.partition("=")[0]
    if not name:
        reason = M("{part} names no player before =", part=part)
        raise InvalidInput(argument, text, N_("a player"), reason=reason)
    players = list(context.values.get("players") or ())
    try:
        return str(Name(players).read(name, context, argument))
    except InvalidInput:
        reason = M(
            "{name} is not one of the players: {players}", name=name, players=", ".join(players)
        )
        raise InvalidInput(argument, text, N_("a player"), reason=reason) from None


def _preferences_wanted(context: Context) -> str:
    players = ", ".join(context.values.get("players") or ())
    return M("none, or PLAYER=CARD,CARD ... with PLAYER one of {players}", players=players)


_HOW_OFTEN = ("1", "0.5", "0.1")
"""How often a player names cards of their own, as the page offers it (1: as often as a
card they lack)."""


def _names_own(text: str, context: Context) -> dict[str, float]:
    """``none``, or ``PLAYER=CHANCE ...`` (``PLAYER`` alone: 1): how often each names a card
    of their own against a card they lack."""
    if text.strip().lower() in {"", "none"}:
        return {}
    found: dict[str, float] = {}
    for part in text.replace(",", " ").split():
        typed = part.partition("=")[2]
        player = _player_of(part, text, context, "names_own")
        if player in found:
            reason = M("{player} is named twice", player=player)
            raise InvalidInput("names_own", text, N_("a player"), reason=reason)
        try:
            factor = float(typed or "1")
        except ValueError:
            factor = -1.0
        if not 0 < factor <= 1:  # nan too
            reason = M("{typed} is no chance above 0, at most 1", typed=typed)
            raise InvalidInput("names_own", text, N_("a player"), reason=reason)
        found[player] = factor
    return found


def _names_own_wanted(context: Context) -> str:
    players = ", ".join(context.values.get("players") or ())
    return M("none, or PLAYER=CHANCE ... with PLAYER one of {players}", players=players)


def _seats(answers: Mapping[str, Any], **habits: Any) -> Seats:
    """The table of the answers so far (``habits``: the players' habits, as
    :meth:`Seats.make` takes them)."""
    return Seats.make(
        answers.get("deck") or Deck.classic(),
        answers["players"],
        answers["me"],
        answers["hand"],
        dealer=answers.get("dealer"),
        face_up=answers.get("face_up", ()),
        **habits,
    )


def _check_table(answers: Mapping[str, Any]) -> None:
    """The players, me, the dealer, the cards face up and my hand stand together (the
    hand is the size the deal gives me)."""
    _seats(answers)


def _check_names_own(answers: Mapping[str, Any]) -> None:
    """The players who name their own cards are not me."""
    try:
        _seats(answers, names_own=answers.get("names_own") or None)
    except InvalidInput as error:
        shown = " ".join(f"{p}={f:g}" for p, f in answers.get("names_own", {}).items())
        wanted = N_("players other than you, each with how often they name their own cards")
        raise InvalidInput("names_own", shown, wanted, reason=error.reason) from None


def _check_preferences(answers: Mapping[str, Any]) -> None:
    """The players who show some cards first are not me."""
    try:
        _seats(answers, preferences=answers.get("shows_first") or None)
    except InvalidInput as error:
        shown = " ".join(
            f"{p}={','.join(word(c) for c in cards)}"
            for p, cards in answers.get("shows_first", {}).items()
        )
        wanted = N_("players other than you, each with the cards they show first")
        raise InvalidInput("shows_first", shown, wanted, reason=error.reason) from None


# -- the verbs -----------------------------------------------------------------------------


def _suggest(inv: Investigation, v: dict[str, Any]) -> Investigation:
    shown = v["shown"]
    mine = inv.seats.player(v["player"], "player") == inv.me
    if mine and shown not in (NOBODY, inv.me) and v.get("card") is None:
        wanted = M("the card {shown} showed you", shown=shown)
        raise InvalidInput("card", None, wanted, reason=N_("you suggested, so you saw it"))
    try:
        return inv.suggestion(
            v["player"],
            v["suspect"],
            v["weapon"],
            v["room"],
            shown_by=None if shown == NOBODY else shown,
            card=v.get("card"),
        )
    except InvalidInput as error:
        if error.argument != "shown_by" or error.value is not None:
            raise
        # nobody showed a card, but a card of mine was named: "nobody" is refused
        expected: Any = error.choices or error.expected
        raise InvalidInput("shown", NOBODY, expected, reason=error.reason) from None


def _accuse(inv: Investigation, v: dict[str, Any]) -> Investigation:
    right = v["verdict"] == "right"
    return inv.accused(v["player"], v["suspect"], v["weapon"], v["room"], right=right)


def cell(chance: float | None) -> str:
    """A square of the detective's sheet: ✓ certain, ✗ certainly not, else the chance.

    Example:
        >>> cell(1.0), cell(0.0), cell(0.375), cell(0.001), cell(0.9995)
        ('✓', '✗', '38%', '<1%', '>99%')
    """
    if chance is None or chance <= 0:
        return "✗"
    if chance >= 1:
        return "✓"
    if chance < 0.01:
        return "<1%"
    if chance > 0.99:
        return ">99%"
    return f"{chance:.0%}"


def _places(inv: Investigation) -> list[str]:
    """The sheet's columns: the envelope first (it stays in sight on a phone), then each
    player in turn order, and the cards face up with that house rule."""
    places = [ENVELOPE, *inv.players]
    return [*places, FACE_UP] if inv.seats.face_up else places


def _place_word(inv: Investigation, place: str) -> str:
    if place == ENVELOPE:
        return str(_("envelope"))
    if place == FACE_UP:
        return str(_("face up"))
    return place


def sheet_rows(inv: Investigation, kind: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The detective's sheet: a row per card (of ``kind``, else every card), a square per
    place (the envelope, each player in turn order; face up with that house rule).

    Example:
        >>> inv = Investigation(("me", "Ann", "Bob"), "me",
        ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> sheet_rows(inv, "suspect")[0]
        ('Green', '✗', '✓', '✗', '✗')
        >>> sheet_rows(inv, "suspect")[-1]
        ('White', '25%', '✗', '38%', '38%')
        >>> sheet_rows(inv, "card")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: kind='card' is not valid; expected one of ...
    """
    locations = inv.card_locations()
    places = _places(inv)
    if kind is not None and kind not in CATEGORIES:
        raise InvalidInput("kind", kind, [*CATEGORIES, None])
    cards = inv.deck.cards if kind is None else inv.deck.categories[CATEGORIES.index(kind)]
    return tuple((card, *(cell(locations[card].get(p)) for p in places)) for card in cards)


def estimated(inv: Investigation) -> str | None:
    """None when every chance is exact; else a line saying they are estimated, and by
    how much they may be off.

    Example:
        >>> inv = Investigation(("me", "Ann", "Bob"), "me",
        ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> estimated(inv) is None
        True
    """
    if inv.exact:
        return None
    line = M(
        "Estimated: too many possible deals to count them all, so every chance shown is "
        "estimated from {draws} deals drawn at random (give or take up to {error:.1f} "
        "points).",
        draws=inv.deals.draws,  # type: ignore[union-attr]
        error=100 * inv.error,
    )
    return str(_(line))


def _sheet(inv: Investigation, v: dict[str, Any]) -> Rows:
    header = (_("card"), *(_place_word(inv, p) for p in _places(inv)))
    rows: list[tuple[str, ...]] = []
    for kind in CATEGORIES:
        rows.extend(sheet_rows(inv, kind))
    note = _(
        "✓: certainly there; ✗: certainly not; else the exact chance, over every deal that "
        "agrees with what you saw."
    )
    if not inv.exact:
        note = _(
            M(
                "✓: certainly there; ✗: not seen in any deal drawn; else the chance "
                "estimated from deals drawn at random (give or take up to {error:.1f} "
                "points), not counted exactly: too many deals agree with what you saw.",
                error=100 * inv.error,
            )
        )
    read = list(inv.reading())
    if read:
        players = (
            read[0]
            if len(read) == 1
            else str(_(M("{items} or {last}", items=", ".join(read[:-1]), last=read[-1])))
        )
        note += " " + str(
            _(
                M(
                    "A card {players} named is taken as less likely in their hand: most "
                    "players ask about cards they do not hold.",
                    players=players,
                )
            )
        )
    return Rows(header, tuple(rows), note)


def _rooms(inv: Investigation, v: dict[str, Any]) -> Rows:
    """The best suggestions in the rooms I can reach this turn."""
    rooms = list(dict.fromkeys(v["rooms"]))
    found = inv.recommend(top=CluedoAdapter.recommendations, rooms=rooms)
    rows = tuple(
        (
            str(Advised(rec.action, inv.me)),
            f"{rec.information:.2f}",
            cell(rec.outcomes.get(NOBODY, 0.0) if isinstance(rec.action, Suggest) else None),
        )
        for rec in found
    )
    header = (_("move"), _("bits"), _("nobody shows"))
    note = _(
        "Best first: the envelope's likeliest cards named.\nbits: what the answer tells "
        "about the envelope, on average (exact); nobody shows: the chance that nobody can "
        "show a card."
    )
    if not inv.exact:
        note = _(
            "Best first: the envelope's likeliest cards named.\nbits: what the answer tells "
            "about the envelope, on average (estimated from "
            "deals drawn at random); nobody shows: the chance that nobody can show a card "
            "(estimated)."
        )
    return Rows(header, rows, note)


_BY = Arg("PLAYER", Name(_players_of, offered=_still_in))
_SUSPECT = Arg("SUSPECT", _cards("suspect"))
_WEAPON = Arg("WEAPON", _cards("weapon"))
_ROOM = Arg("ROOM", _cards("room"))

# the arguments as a refusal names them, in the player's language
_ARGUMENT_NAMES = (
    N_("suspect"),
    N_("weapon"),
    N_("room"),
    N_("shown"),
    N_("card"),
    N_("player"),
    N_("rooms"),
    N_("verdict"),
    N_("shown_by"),
    N_("shows_first"),
    N_("names_own"),
    N_("face_up"),
    N_("dealer"),
)

GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("suggest", "suggestion"),
            (
                _BY,
                _SUSPECT,
                _WEAPON,
                _ROOM,
                Arg("SHOWN", Name(_shown_by, aliases={"niemand": NOBODY})),
                Arg(
                    "CARD",
                    _cards(),
                    optional=True,
                    optional_note=N_("the card, if you saw it or showed it"),
                ),
            ),
            N_(
                "PLAYER suggested SUSPECT, WEAPON, ROOM; SHOWN is who showed a card (nobody:\n"
                "no one could); CARD is the card, when you saw it (you suggested, or you showed\n"
                "it)"
            ),
            (
                "suggest Ann White Dagger Lounge Bob",
                "suggest me Mustard Candlestick Kitchen Bob Kitchen",
            ),
            _suggest,
        ),
        Verb(
            ("accuse", "accusation"),
            (_BY, _SUSPECT, _WEAPON, _ROOM, Arg("right|wrong", VERDICT, store="verdict")),
            N_(
                "PLAYER accused SUSPECT, WEAPON, ROOM and looked in the envelope: wrong (they\n"
                "are out, but still show cards) or right (the game is over)"
            ),
            ("accuse Bob Mustard Revolver Ballroom wrong",),
            _accuse,
        ),
        Verb(
            ("seen",),
            (Arg("PLAYER", Name(_players_of)), Arg("CARD", _cards())),
            N_("you saw CARD in PLAYER's hand (a house rule, a card dropped)"),
            ("seen Ann Conservatory",),
            lambda inv, v: inv.seen(v["player"], v["card"]),
        ),
        Verb(
            ("sheet", "notes"),
            (),
            N_("the detective's sheet: every card's chance in every hand and in the envelope"),
            ("sheet",),
            _sheet,
            command=True,
        ),
        Verb(
            ("rooms", "reach"),
            (Arg("ROOM", _cards("room"), repeated=True, store="rooms"),),
            N_("the best suggestions in the rooms you can reach this turn"),
            ("rooms Kitchen Hall",),
            _rooms,
            command=True,
        ),
    ),
    notes=N_(
        "Enter every suggestion at the table, whoever makes it: the players between the\n"
        "suggester and SHOWN passed. Names of players and cards may be typed in any case,\n"
        "and a card by a unique start (lead for Lead pipe). me is you, by the name you gave.\n"
        "The turn moves on with each suggestion or accusation: a player who makes none is\n"
        "passed by the next one's line. The advice comes on your turn; rooms advises any time."
    ),
    setup=(
        Question(
            "deck",
            Value(
                _deck,
                N_("classic, master detective, or a deck file (TOML)"),
                suggestions=("classic", "master detective"),
                other=N_("a deck file (TOML)"),
            ),
            N_("classic, master detective, or a deck file (TOML)"),
            "classic",
            example="my-deck.toml",
            title=N_("Deck"),
        ),
        Question(
            "players",
            Value(_players, _players_wanted),
            N_("every player's name in turn order, the first to play first"),
            example="Scarlet me Peacock Plum",
            title=N_("Players"),
        ),
        Question(
            "me",
            _player("me"),
            N_("which of them you are"),
            example="me",
            title=N_("Me"),
        ),
        Question(
            "dealer",
            _player("dealer"),
            N_("who dealt the cards; last: the last player named"),
            "last",
            title=N_("Dealer"),
        ),
        Question(
            "face_up",
            _card_list("face_up"),
            N_("cards laid face up for everyone by a house rule, or none"),
            "none",
            title=N_("Face up"),
        ),
        Question(
            "hand",
            Several(_cards(), 1, most=_MOST_CARDS),
            N_("your cards"),
            example="Rope Hall Kitchen Green Mustard",
            check=_check_table,
            title=N_("Hand"),
        ),
        Question(
            "shows_first",
            Value(
                _preferences,
                _preferences_wanted,
                groups=_cards().groups,
                among="players",
                besides="me",
            ),
            N_("players known to show some cards first, in order: PLAYER=CARD,CARD, or none"),
            "none",
            example="Plum=Lounge",
            check=_check_preferences,
            title=N_("Shows first"),
        ),
        Question(
            "names_own",
            Value(
                _names_own,
                _names_own_wanted,
                groups=[(N_("how often"), _HOW_OFTEN)],
                among="players",
                besides="me",
            ),
            N_(
                "players who name their own cards in suggestions, how often against a "
                "card they lack (1: as often, read nothing from them): PLAYER=CHANCE, or "
                "none"
            ),
            "none",
            example="Plum=1",
            check=_check_names_own,
            title=N_("Names own cards"),
        ),
    ),
    setup_note=N_(
        "Name the players in turn order (the order in which they are asked to show a card);\n"
        "you are one of them."
    ),
)


@dataclass(frozen=True, slots=True)
class Advised:
    """An advised move of mine, as the line that makes it (its answer left out).

    Example:
        >>> print(Advised(Suggest("Plum", "Lead pipe", "Hall"), "me"))
        suggest me Plum Lead_pipe Hall
    """

    move: Suggest | Accusation
    me: str

    def __str__(self) -> str:
        if isinstance(self.move, Accusation):
            cards = self.move.envelope.cards
            return f"accuse {word(self.me)} " + " ".join(word(c) for c in cards)
        return f"suggest {word(self.me)} " + " ".join(word(c) for c in self.move.cards)


def _advised(move: Any, me: str) -> Any:
    return Advised(move, me)


def next_player(inv: Investigation) -> str | None:
    """Whose turn it is: the first player still in after the last one who suggested or
    accused (at the start, the first player named); None once the game is over or
    everybody is out.

    Example:
        >>> inv = Investigation(("me", "Ann", "Bob"), "me",
        ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> next_player(inv), next_player(inv.accused("me", "White", "Dagger", "Lounge"))
        ('me', 'Ann')
    """
    if inv.winner is not None:
        return None
    players = list(inv.players)
    last = inv.last_move()
    start = 0 if last is None else players.index(last.by) + 1
    out = set(inv.out)
    for step in range(len(players)):
        player = players[(start + step) % len(players)]
        if player not in out:
            return player
    return None


def _my_accuse_step(inv: Investigation) -> bool:
    """Whether the last move was my suggestion: I may still accuse before the next player
    goes on (the second step of my turn).

    Example:
        >>> inv = Investigation(("me", "Ann", "Bob"), "me",
        ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> _my_accuse_step(inv), _my_accuse_step(inv.suggestion("me", "White", "Dagger", "Lounge"))
        (False, True)
    """
    last = inv.last_move()
    return isinstance(last, Suggestion) and last.by == inv.me and inv.me not in inv.out


def _accusing_now(inv: Investigation) -> bool:
    """Whether the step at hand is my accusation, right after my suggestion: when the
    envelope is certain, or likely enough that the race could say accuse.

    Example:
        >>> inv = Investigation(("me", "Ann", "Bob"), "me",
        ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> _accusing_now(inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann",
        ...                              card="White"))
        False
        >>> _accusing_now(inv.suggestion("me", "White", "Dagger", "Lounge"))  # nobody showed
        True
    """
    if not _my_accuse_step(inv) or inv.winner is not None:
        return False
    best = inv.accusation()
    return best.certain or may_accuse(best.probability, inv.rivals())


def _their_ways(player: str) -> tuple[Way, ...]:
    """What another player may do at the start of their turn."""
    given = (("PLAYER", player),)
    return (Way("suggest", _("suggests"), given), Way("accuse", _("accuses"), given))


class CluedoAdapter(Adapter):
    """Clue lines for suggestions, accusations and cards seen; the sheet and the turn."""

    declaration = GAME
    investigation_type = Investigation
    grammar = GRAMMAR
    arguments: ClassVar[Mapping[str, str]] = {"by": "player", "shown_by": "shown"}

    def read_setup(self, typed: Mapping[str, str]) -> dict[str, Any]:
        """The set-up answers read from text, as the console reads them (an answer left
        out takes its default).

        Example:
            >>> answers = ADAPTER.read_setup({"players": "Ann me Bob", "me": "me",
            ...                               "hand": "Plum Rope Hall Study Green Kitchen"})
            >>> answers["dealer"], answers["face_up"]
            ('Bob', ())
        """
        answers: dict[str, Any] = {}
        for question in self.grammar.setup:
            text = typed.get(question.key, question.default)
            if text is None:
                raise InvalidInput(
                    "answers", dict(typed), M("an answer to {key}", key=question.key)
                )
            answers[question.key] = question.read(text, answers)
        return answers

    def start(self, answers: Mapping[str, Any]) -> _Investigation:
        answers = self.needs(answers, "players", "me", "hand")
        return Investigation(
            answers["players"],
            answers["me"],
            answers["hand"],
            deck=answers.get("deck") or Deck.classic(),
            dealer=answers.get("dealer"),
            face_up=answers.get("face_up", ()),
            preferences=answers.get("shows_first") or None,
            names_own=answers.get("names_own") or None,
        )

    def recommend(self, investigation: _Investigation, strategy: str) -> list[Recommendation]:
        inv: Investigation = self.own(investigation)
        if _my_accuse_step(inv) and inv.winner is None:
            # right after my suggestion my turn goes on: the accusation, when it is due
            # (certain, or the race says accuse), as the console's line says it
            found = inv.recommend(top=1, strategy=strategy)
            due = [rec for rec in found if isinstance(rec.action, Accusation)]
            return type(found)(replace(rec, action=_advised(rec.action, inv.me)) for rec in due)
        if next_player(inv) != inv.me:  # on my turn only (`rooms` advises at any time)
            return []
        found = inv.recommend(top=self.recommendations, strategy=strategy)
        return type(found)(replace(rec, action=_advised(rec.action, inv.me)) for rec in found)

    def score(self, strategy: str) -> Score | None:
        if strategy != LIKELIEST:
            return None
        return Score(_("chance of the envelope, on average over the cards named"), "probability")

    def show_action(self, action: Any) -> str:
        return str(action)

    def winning(self, investigation: _Investigation) -> Any | None:
        inv: Investigation = self.own(investigation)
        if inv.solved is None or inv.winner is not None or inv.me in inv.out:
            return None
        return Advised(inv.accusation(), inv.me)

    def solved(self, investigation: _Investigation) -> str | None:
        inv: Investigation = self.own(investigation)
        if inv.winner is not None:
            return None
        if inv.solved is None:
            return None
        return str(_(M("The envelope is certain: {envelope}.", envelope=str(inv.solved))))

    def finished(self, investigation: _Investigation) -> bool:
        inv: Investigation = self.own(investigation)
        return inv.winner is not None

    def show_clue(self, clue: Any) -> str:
        return str(clue)

    def public_clue(self, clue: Any) -> str | None:
        if isinstance(clue, Seen):
            return None  # a card I saw: mine alone
        if isinstance(clue, Suggestion) and clue.card is not None:
            return str(Suggestion(clue.by, *clue.cards, shown_by=clue.shown_by))
        return self.show_clue(clue)

    def turn(self, investigation: _Investigation) -> Turn | None:
        return self._turn(investigation, mine_to_accuse=True)

    def public_turn(self, investigation: _Investigation) -> Turn | None:
        """The turn without my accusation's step: whether my turn goes on after my
        suggestion depends on my chances, which the table must not read off it."""
        return self._turn(investigation, mine_to_accuse=False)

    def _turn(self, investigation: _Investigation, *, mine_to_accuse: bool) -> Turn | None:
        inv: Investigation = self.own(investigation)
        if inv.winner is not None:
            winner = inv.winner
            outcome = M("{winner} accused right: the game is over.", winner=winner)
            return Turn.ended(_(outcome), [winner])
        player = next_player(inv)
        if player is None:
            return Turn.ended(_("Everybody accused wrong: nobody won."))
        if mine_to_accuse and _accusing_now(inv) and player != inv.me:
            # my turn goes on after my suggestion: I may accuse, or the next player goes on
            given = (("PLAYER", player),)
            going_on = (
                Way("accuse", _("accuse"), (("PLAYER", inv.me),)),
                Way("suggest", _(M("{player} suggests", player=player)), given),
                Way("accuse", _(M("{player} accuses", player=player)), given),
            )
            note = _(M("you may accuse now, else it is {player}'s turn", player=player))
            return Turn(inv.players.index(inv.me), inv.me, True, going_on, note)
        mine = player == inv.me
        given = (("PLAYER", player),)
        ways: tuple[Way, ...] = _their_ways(player)
        if mine:
            ways = (Way("suggest", _("suggest"), given), Way("accuse", _("accuse"), given))
        return Turn(inv.players.index(player), player, mine, ways)

    def extra(self, investigation: _Investigation) -> str | None:
        inv: Investigation = self.own(investigation)
        turn = self.turn(inv)
        assert turn is not None
        if turn.over:
            return str(turn.outcome)
        lines = []
        note = estimated(inv)
        if note is not None:
            lines.append(note)
        if inv.out:
            lines.append(_(M("Out: {players}.", players=", ".join(inv.out))))
        player = next_player(inv)
        if _my_accuse_step(inv) and player is not None and player != inv.me:
            # after my suggestion, my turn goes on until I accuse or the next player goes on
            lines.append(self._accusation_line(inv))
            theirs = Turn(inv.players.index(player), player, False, _their_ways(player))
            said = says(theirs, self.grammar, inv)
            lines.append(_(M("{player}'s turn: {player} {said}.", player=player, said=said)))
            return "\n".join(lines)
        said = says(turn, self.grammar, inv)
        if turn.mine:
            lines.append(_(M("Your turn: {said}.", said=said)))
            if inv.me not in inv.out:
                lines.append(self._accusation_line(inv))
        else:
            lines.append(_(M("{player}'s turn: {player} {said}.", player=turn.name, said=said)))
        return "\n".join(lines)

    def _accusation_line(self, inv: Investigation) -> str:
        best = inv.accusation()
        cards = " ".join(word(c) for c in best.envelope.cards)
        if best.certain:
            line = M(
                "The envelope is certain: accuse now (accuse {me} {cards} right).",
                me=inv.me,
                cards=cards,
            )
        elif may_accuse(best.probability, inv.rivals()) and (running := inv.race()).accuse:
            line = M(
                "Accuse now (accuse {me} {cards}): {p:.1%} right, and waiting risks another "
                "player solving it first ({rivals} still in; about {turns} more "
                "suggestions to be certain; if each of them solves it on a turn {risk:.0%} "
                "of the time, waiting wins about {waiting:.0%} of the time).",
                me=inv.me,
                cards=cards,
                p=best.probability,
                rivals=", ".join(running.rivals),
                turns=running.turns,
                risk=running.risk,
                waiting=running.waiting,
            )
        elif best.error is not None:
            line = M(
                "An accusation now would be right about {p:.1%} of the time (estimated, give "
                "or take {error:.1f} points) ({envelope}); wrong, you are out.",
                p=best.probability,
                error=100 * best.error,
                envelope=str(best.envelope),
            )
        else:
            line = M(
                "An accusation now would be right {p:.1%} of the time ({envelope}); wrong, "
                "you are out.",
                p=best.probability,
                envelope=str(best.envelope),
            )
        return str(_(line))

    def facts(self, investigation: _Investigation) -> list[TableFact]:
        inv: Investigation = self.own(investigation)
        found = [TableFact(_("Your hand"), ", ".join(inv.hand))]
        found.extend(self.public_facts(inv))
        if inv.winner is None and inv.me not in inv.out:
            best = inv.accusation()
            if best.certain:
                said = M("{envelope}, certain", envelope=str(best.envelope))
            elif best.error is not None:
                said = M(
                    "{envelope}, right about {p:.1%} of the time (estimated, give or take "
                    "{error:.1f} points)",
                    envelope=str(best.envelope),
                    p=best.probability,
                    error=100 * best.error,
                )
            else:
                said = M(
                    "{envelope}, right {p:.1%} of the time",
                    envelope=str(best.envelope),
                    p=best.probability,
                )
            found.append(TableFact(_("Best accusation"), _(said)))
        return found

    def public_facts(self, investigation: _Investigation) -> list[TableFact]:
        inv: Investigation = self.own(investigation)
        found = [TableFact(_("Turn order"), ", ".join(inv.players))]
        if not inv.exact:
            said = M(
                "estimated from {draws} deals drawn at random, give or take up to "
                "{error:.1f} points (too many deals to count them all)",
                draws=inv.deals.draws,  # type: ignore[union-attr]
                error=100 * inv.error,
            )
            found.append(TableFact(_("Chances"), _(said)))
        if inv.seats.face_up:
            found.append(TableFact(_("Face up"), ", ".join(inv.seats.face_up)))
        if inv.out:
            found.append(TableFact(_("Out"), ", ".join(inv.out)))
        return found

    def grids(self, investigation: _Investigation) -> list[Grid]:
        """The detective's sheet, a grid per kind of card."""
        inv: Investigation = self.own(investigation)
        columns = tuple(_place_word(inv, p) for p in _places(inv))
        return [
            Grid(_(_KINDS[kind]).capitalize(), (_("card"), *columns), sheet_rows(inv, kind))
            for kind in CATEGORIES
        ]


ADAPTER = CluedoAdapter()

guard(globals())
