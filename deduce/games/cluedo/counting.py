"""Cluedo's table as a deal count: who holds how many cards, and what each clue says
about the hands, as the constraints that :class:`deduce.core.dealing.Deals` counts.

What a clue says, with ``by`` the suggester and the others asked in turn after them:

- every player who passed holds none of the three cards (:class:`Lacks`);
- the player who showed me a card holds it, and chose it at random among those of the
  three it holds (:class:`Shows`: a deal in which it holds ``k`` of them is ``1/k`` as
  likely to give that answer); a player known to show some cards first holds it and
  none of those that come before it (:class:`Holds`, :class:`Lacks`), or, showing a card
  it does not list, none it lists and that card at random among the others; a card shown
  to another player says only that the player holds one of the three
  (:class:`HoldsOneOf`);
- the suggester names cards of its own rarely (:data:`NAMES_OWN` as often as a card it
  lacks, or as its player was set up): it holds each card it names, the first time it
  names it, that many times as likely as otherwise (:class:`Weighs`). A player set up
  with none is read until it is seen naming a card it surely holds (shown to me, or
  certain), and from then on its suggestions say nothing of its hand
  (:func:`caught`);
- a wrong accusation: the envelope is not all three (:class:`LacksOneOf`); a right one:
  it is those three;
- a card I saw in a hand by a house rule: the player holds it.

A clue that cannot be true given my own hand or the cards face up (I passed though I
hold one of the cards, a card shown to me that is in my hand) is refused on its own
with :class:`~deduce.InvalidInput`; one that contradicts other clues leaves no deal.

Example:
    >>> from deduce.games.cluedo.cards import Deck
    >>> seats = Seats.make(Deck.classic(), ("me", "Ann", "Bob"), "me",
    ...                    ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
    >>> seats.sizes
    (6, 6, 6)
    >>> from deduce.games.cluedo.clues import Suggestion
    >>> seats.rules(Suggestion("Ann", "White", "Dagger", "Lounge", shown_by="me"))
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: shown_by='me' is not valid (I hold none of White, ...
    >>> seats.rules(Suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob"))[-1]
    HoldsOneOf(seat='Bob', cards=('White', 'Dagger', 'Lounge'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.names import fold, resolve
from deduce.core.dealing import (
    Constraint,
    Deal,
    Holds,
    HoldsOneOf,
    Lacks,
    LacksOneOf,
    Setup,
    Shows,
    Weighs,
)
from deduce.errors import InvalidInput
from deduce.games.cluedo.cards import Deck, hand_sizes
from deduce.games.cluedo.clues import Accused, Seen, Suggestion

__all__ = [
    "ENVELOPE",
    "FACE_UP",
    "NAMES_OWN",
    "Seats",
    "agrees",
    "caught",
    "first_named",
    "not_read",
]

ENVELOPE = "envelope"
"""The name of the envelope among the places a card can be."""

FACE_UP = "face up"
"""The place of a card laid face up by a house rule."""

T = TypeVar("T")

NAMES_OWN = Fraction(1, 4)
"""How often the notebook takes a player to name a card of its own in a suggestion,
against a card it lacks, until it is seen doing so: most players ask about the cards
they do not hold (a player set up with ``names_own`` is read as set up)."""


@dataclass(frozen=True, slots=True)
class Seats:
    """The table: the deck, the players in turn order, me and my hand, how many cards
    each player holds, who dealt, the cards face up, and the players known to show some cards
    first, and the players known to name cards of their own rarely. Made (and checked) by
    :meth:`make`.

    Attributes:
        setup: the deal as :class:`~deduce.core.dealing.Setup` counts it: the cards
            that are not face up, every player's hand size, and the envelope.
    """

    deck: Deck
    players: tuple[str, ...]
    me: str
    hand: tuple[str, ...]
    sizes: tuple[int, ...]
    dealer: str
    face_up: tuple[str, ...] = ()
    preferences: tuple[tuple[str, tuple[str, ...]], ...] = ()
    names_own: tuple[tuple[str, Fraction], ...] = ()
    setup: Setup = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in (self.me, self.dealer):
            if name not in self.players:
                raise InvalidInput(
                    "players", self.players, M("the players, {name} among them", name=name)
                )
        if len(self.sizes) != len(self.players):
            raise InvalidInput(
                "sizes", self.sizes, M("a hand size for each of {n} players", n=len(self.players))
            )
        cards = tuple(c for c in self.deck.cards if c not in self.face_up)
        categories = tuple(
            tuple(c for c in kind if c not in self.face_up) for kind in self.deck.categories
        )
        setup = Setup(
            cards,
            tuple(zip(self.players, self.sizes, strict=True)),
            categories=categories,
            solution=ENVELOPE,
        )
        object.__setattr__(self, "setup", setup)

    @classmethod
    def make(
        cls,
        deck: Deck,
        players: Any,
        me: Any,
        hand: Any,
        *,
        dealer: Any = None,
        face_up: Any = (),
        preferences: Any = None,
        names_own: Any = None,
    ) -> Seats:
        """The table, every argument checked (see :class:`~deduce.games.cluedo.Investigation`).

        Example:
            >>> Seats.make(Deck.classic(), ("Ann", "me", "Bob", "Cy"), "me",
            ...            ("Plum", "Rope", "Hall", "Study", "Green"), dealer="Cy").sizes
            (5, 5, 4, 4)
        """
        names = _players(players, deck)
        mine = resolve(me, names, argument="me", prefix=False)
        dealt = len(deck.cards) - 3
        up = _cards(deck, face_up, "face_up", most=dealt - len(names))
        for kind in deck.categories:
            if all(c in up for c in kind):
                raise InvalidInput(
                    "face_up", list(up), N_("cards that leave a card of every kind unknown")
                )
        first = (
            len(names) - 1
            if dealer is None
            else names.index(resolve(dealer, names, argument="dealer", prefix=False))
        )
        sizes = hand_sizes(dealt - len(up), len(names), dealer=first)
        size = sizes[names.index(mine)]
        cards = _cards(deck, hand, "hand", most=len(deck.cards))
        if len(cards) != size:
            raise InvalidInput(
                "hand",
                list(cards),
                M("{size} cards", size=size),
                reason=M(
                    "{n} cards are dealt round {players} players from the one after "
                    "{dealer}: {sizes}",
                    n=dealt - len(up),
                    players=len(names),
                    dealer=names[first],
                    sizes=", ".join(f"{p} {s}" for p, s in zip(names, sizes, strict=True)),
                ),
            )
        shared = [c for c in cards if c in up]
        if shared:
            raise InvalidInput(
                "hand", shared[0], N_("cards not face up"), reason=N_("it is face up")
            )
        preferred = _preferences(preferences, names, mine, deck)
        naming = _names_own(names_own, names, mine)
        return cls(deck, names, mine, cards, sizes, names[first], up, preferred, naming)

    # -- reading -------------------------------------------------------------------------

    def after(self, player: str) -> tuple[str, ...]:
        """The other players in the order they are asked after ``player`` suggests.

        Example:
            >>> seats = Seats.make(Deck.classic(), ("me", "Ann", "Bob"), "me",
            ...                    ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> seats.after("Ann")
            ('Bob', 'me')
        """
        i = self.players.index(resolve(player, self.players, argument="player", prefix=False))
        return self.players[i + 1 :] + self.players[:i]

    def preference(self, player: str) -> tuple[str, ...]:
        """The cards ``player`` is known to show first, in order (empty: each card it
        holds equally likely)."""
        return dict(self.preferences).get(player, ())

    def naming(self, player: str) -> Fraction | None:
        """How often ``player`` names a card of its own against one it lacks, as it was
        set up (None: not set up, read at :data:`NAMES_OWN` until caught)."""
        return dict(self.names_own).get(player)

    def asked(self, order: Sequence[str]) -> dict[str, list[str]]:
        """The preferences of the players in ``order``, as :meth:`Deals.answers` takes
        them (the cards face up left out)."""
        return {
            player: [c for c in cards if c not in self.face_up]
            for player, cards in self.preferences
            if player in order
        }

    def known(self) -> tuple[Constraint, ...]:
        """What I know before any clue: the cards of my hand."""
        return tuple(Holds(self.me, card) for card in self.hand)

    def player(self, typed: Any, argument: str) -> str:
        """The player ``typed`` names."""
        return resolve(typed, self.players, argument=argument, prefix=False)

    def named(self, clue: Suggestion | Accused) -> tuple[str, str, str]:
        """The three cards a suggestion or an accusation names, read from the deck."""
        return (
            self.deck.card(clue.suspect, "suspect", "suspect"),
            self.deck.card(clue.weapon, "weapon", "weapon"),
            self.deck.card(clue.room, "room", "room"),
        )

    # -- the rules -----------------------------------------------------------------------

    def rules(self, clue: Any) -> tuple[Constraint, ...]:
        """What ``clue`` says about the hands and the envelope.

        Raises:
            InvalidInput: the clue is wrong on its own (a name, a card that does not fit,
                or an answer that my own hand rules out).
        """
        if isinstance(clue, Suggestion):
            return self._suggestion(clue)
        if isinstance(clue, Accused):
            return self._accused(clue)
        if isinstance(clue, Seen):
            player = self.player(clue.player, "player")
            if player == self.me:
                raise InvalidInput("player", player, N_("another player than me"))
            card = self._unknown_card(clue.card, "card")
            return (Holds(player, card),)
        raise InvalidInput("clue", clue, "a Suggestion, Accused or Seen")

    def _suggestion(self, clue: Suggestion) -> tuple[Constraint, ...]:
        by = self.player(clue.by, "by")
        named = self.named(clue)
        order = self.after(by)
        shower = None if clue.shown_by is None else self.player(clue.shown_by, "shown_by")
        if shower == by:
            raise InvalidInput("shown_by", shower, M("a player other than {by}", by=by))
        passed = order if shower is None else order[: order.index(shower)]
        mine = [c for c in named if c in self.hand]
        if self.me in passed and mine:
            raise InvalidInput(
                "shown_by",
                shower,
                M("a player up to me ({me}) in turn", me=self.me),
                reason=M("I hold {card}, so I would have shown it", card=mine[0]),
            )
        open_cards = tuple(c for c in named if c not in self.face_up)
        found: list[Constraint] = [
            Lacks(player, card) for player in passed if player != self.me for card in open_cards
        ]
        factor = self.naming(by)
        unknown = tuple(c for c in open_cards if c not in self.hand)
        if by != self.me and factor != 1 and unknown:
            found.append(Weighs(by, unknown, NAMES_OWN if factor is None else factor))
        card = None if clue.card is None else self.deck.card(clue.card, "card")
        if card is not None and card not in named:
            raise InvalidInput("card", card, list(named), reason=N_("it was not named"))
        if shower is None:
            if card is not None:
                raise InvalidInput("card", card, N_("no card: nobody showed one"))
            return tuple(found)
        if shower == self.me:
            if not mine:
                raise InvalidInput(
                    "shown_by",
                    shower,
                    M("a player other than me ({me})", me=self.me),
                    reason=M("I hold none of {cards}", cards=", ".join(named)),
                )
            if card is not None and card not in mine:
                raise InvalidInput("card", card, mine, reason=N_("I do not hold it"))
            return tuple(found)
        if card is None:
            if not open_cards:
                raise InvalidInput("shown_by", shower, N_("nobody: the three cards are face up"))
            return (*found, HoldsOneOf(shower, open_cards))
        if by != self.me:
            raise InvalidInput("card", card, M("no card: only {by} saw it", by=by))
        self._unknown_card(card, "card")
        first = self.preference(shower)
        if card in first:  # shown on purpose: the cards it lists before it are not held
            found.append(Holds(shower, card))
            found += [Lacks(shower, c) for c in open_cards if c in first[: first.index(card)]]
            return tuple(found)
        found += [Lacks(shower, c) for c in open_cards if c in first]
        found.append(Shows(shower, card, among=tuple(c for c in open_cards if c not in first)))
        return tuple(found)

    def _accused(self, clue: Accused) -> tuple[Constraint, ...]:
        self.player(clue.by, "by")
        named = self.named(clue)
        if not isinstance(clue.right, bool):
            raise InvalidInput("right", clue.right, [True, False])
        known = [c for c in named if c in self.hand or c in self.face_up]
        if clue.right:
            if known:
                raise InvalidInput(
                    "right",
                    True,
                    [False],
                    reason=M("{card} is not in the envelope: I can see it", card=known[0]),
                )
            return tuple(Holds(ENVELOPE, c) for c in named)
        if known:  # wrong, as I knew: nothing new
            return ()
        return (LacksOneOf(ENVELOPE, named),)

    def _unknown_card(self, typed: Any, argument: str) -> str:
        card = self.deck.card(typed, argument)
        if card in self.hand:
            raise InvalidInput(argument, card, N_("a card I do not hold"), reason=N_("I hold it"))
        if card in self.face_up:
            raise InvalidInput(
                argument, card, N_("a card that is not face up"), reason=N_("it is face up")
            )
        return card


def agrees(deal: Deal, constraint: Constraint) -> bool:
    """Whether ``deal`` agrees with ``constraint``, read straight off its hands.

    Example:
        >>> deal = Deal((("Ann", ("Plum",)), ("envelope", ("Rope",))))
        >>> agrees(deal, Holds("Ann", "Plum")), agrees(deal, LacksOneOf("envelope", ("Rope",)))
        (True, False)
    """
    hand = set(deal.hand(constraint.seat))
    if isinstance(constraint, Weighs):
        return True  # a habit weighs deals, it rules none out
    if isinstance(constraint, Holds | Shows):
        return constraint.card in hand
    if isinstance(constraint, Lacks):
        return constraint.card not in hand
    if isinstance(constraint, HoldsOneOf):
        return bool(hand & set(constraint.cards))
    return not set(constraint.cards) <= hand


def _players(value: Any, deck: Deck) -> tuple[str, ...]:
    low, high = deck.players
    expected = M(
        "the names of {low} to {high} players in turn order, all different", low=low, high=high
    )
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidInput("players", value, expected)
    names = tuple(value)
    if not low <= len(names) <= high:
        raise InvalidInput("players", value, expected)
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or not fold(name) or fold(name) in seen:
            raise InvalidInput("players", value, expected)
        if fold(name) in (fold(ENVELOPE), fold(FACE_UP)):
            raise InvalidInput("players", name, expected, reason=N_("it names a place of cards"))
        seen.add(fold(name))
    return tuple(str(n) for n in names)


def _cards(deck: Deck, value: Any, argument: str, *, most: int) -> tuple[str, ...]:
    expected = M("a list of at most {most} different cards of the deck", most=most)
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) > most:
        raise InvalidInput(argument, value, expected)
    cards = tuple(deck.card(c, argument) for c in value)
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidInput(argument, twice, expected, reason=M("{card} is named twice", card=twice))
    return cards


def first_named(rules: Sequence[Constraint], known: Sequence[Constraint]) -> tuple[Constraint, ...]:
    """``rules`` with each :class:`Weighs` left only the cards its player had not named
    before (none in ``known``), and none for a player caught naming its own cards (a
    :class:`Weighs` of factor 1 in ``known``): a card weighs once, however often it is
    named.

    Example:
        >>> from fractions import Fraction
        >>> first_named([Weighs("Ann", ("Plum", "Rope"), Fraction(1, 4))],
        ...             [Weighs("Ann", ("Rope", "Hall"), Fraction(1, 4))])
        (Weighs(seat='Ann', cards=('Plum',), factor=Fraction(1, 4)),)
    """
    named = {(c.seat, card) for c in known if isinstance(c, Weighs) for card in c.cards}
    caught_ = not_read(known)
    found: list[Constraint] = []
    for rule in rules:
        if isinstance(rule, Weighs):
            fresh = tuple(c for c in rule.cards if (rule.seat, c) not in named)
            if fresh and rule.seat not in caught_:
                found.append(Weighs(rule.seat, fresh, rule.factor))
        else:
            found.append(rule)
    return tuple(found)


def not_read(known: Sequence[Constraint]) -> set[str]:
    """The players caught naming their own cards in ``known`` (a :class:`Weighs` of factor
    1 marks them): their suggestions are read no more.

    Example:
        >>> not_read([Weighs("Ann", ("White",), Fraction(1)), Weighs("Bob", ("Rope",), NAMES_OWN)])
        {'Ann'}
    """
    return {c.seat for c in known if isinstance(c, Weighs) and c.factor == 1}


def caught(
    seats: Seats, known: Sequence[Constraint], where: Mapping[str, Mapping[str, Any]]
) -> tuple[Constraint, ...] | None:
    """``known`` with the suggestions of every player caught naming its own cards read
    as telling nothing of its hand (its :class:`Weighs` of factor 1), or None when no
    player is newly caught. A player is caught when a card it named is surely in its
    hand (``where[player][card]`` is 1: shown to me, or certain); a player set up with a
    factor of its own is read as set up.

    Example:
        >>> seats = Seats.make(Deck.classic(), ("me", "Ann", "Bob"), "me",
        ...                    ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> known = (Weighs("Ann", ("White", "Dagger"), NAMES_OWN),)
        >>> caught(seats, known, {"Ann": {"White": 1}})
        (Weighs(seat='Ann', cards=('White', 'Dagger'), factor=Fraction(1, 1)),)
        >>> caught(seats, known, {"Ann": {"White": 0.5}}) is None
        True
    """
    found = {
        c.seat
        for c in known
        if isinstance(c, Weighs)
        and c.factor != 1
        and seats.naming(c.seat) is None
        and any(where.get(c.seat, {}).get(card, 0) == 1 for card in c.cards)
    }
    if not found:
        return None
    return tuple(
        Weighs(c.seat, c.cards, Fraction(1)) if isinstance(c, Weighs) and c.seat in found else c
        for c in known
    )


def _names_own(value: Any, players: tuple[str, ...], me: str) -> tuple[tuple[str, Fraction], ...]:
    def factor(player: str, typed: Any) -> Fraction:
        if isinstance(typed, bool) or not isinstance(typed, int | float | Fraction):
            typed = -1
        if not 0 < typed <= 1:  # nan too
            raise InvalidInput(f"names_own[{player!r}]", typed, N_("a number above 0, at most 1"))
        return Fraction(typed).limit_denominator(1000)

    expected = N_(
        "a dict of players (not me) to how often they name a card of their own against one "
        "they lack (above 0, at most 1)"
    )
    return _by_player(value, players, me, "names_own", expected, factor)


def _preferences(
    value: Any, players: tuple[str, ...], me: str, deck: Deck
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    def cards(player: str, typed: Any) -> tuple[str, ...]:
        return _cards(deck, typed, f"preferences[{player!r}]", most=len(deck.cards))

    expected = N_("a dict of players (not me) to the cards they show first, in order")
    return _by_player(value, players, me, "preferences", expected, cards)


def _by_player(
    value: Any,
    players: tuple[str, ...],
    me: str,
    argument: str,
    expected: str,
    read: Callable[[str, Any], T],
) -> tuple[tuple[str, T], ...]:
    """``value``, a dict of players other than me to what ``read`` makes of their value,
    as pairs in turn order (None: none)."""
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise InvalidInput(argument, value, expected)
    found = []
    for typed, given in value.items():
        player = resolve(typed, players, argument=argument, prefix=False)
        if player == me:
            raise InvalidInput(argument, player, expected, reason=N_("it is me"))
        found.append((player, read(player, given)))
    if len({p for p, _ in found}) != len(found):
        raise InvalidInput(argument, value, expected, reason=N_("a player is named twice"))
    return tuple(sorted(found, key=lambda item: players.index(item[0])))


guard(globals())
