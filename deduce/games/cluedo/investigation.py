"""What I know at a table of Cluedo: the clues, the exact chance of every envelope and of
every card in every hand (counted over every deal by :class:`deduce.core.dealing.Deals`),
and the suggestion worth making.

A row of the space is one envelope (a suspect, a weapon, a room); its weight is the
exact number of deals that agree with my hand and every clue, each deal weighed by the
chance of the cards shown to me: a player shows each of the named cards it holds equally
likely (unless known to show some cards first), so a deal in which it held two of them
counts half (the weights are then scaled to whole numbers).

Where the deals are too many kinds of card to count (a large deck at many players, late
in a game: beyond :data:`deduce.core.dealing.MAX_POINTS`), the chances are estimated
instead (:class:`deduce.core.dealing.EstimatedDeals`), and say so: :attr:`Investigation.exact`
is False, :attr:`Investigation.error` is the standard error, and the accusation and the
recommendations carry it (their ``error``).

Example:
    >>> inv = Investigation(("me", "Ann", "Bob"), "me",
    ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
    >>> len(inv.solutions()), inv.space.total
    (120, 110880)
    >>> inv = inv.suggestion("me", "White", "Dagger", "Lounge")   # nobody could show
    >>> inv.solved
    Envelope(suspect='White', weapon='Dagger', room='Lounge')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise, product
from math import lcm
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_int
from deduce.core.dealing import Answer, Deal, Deals, EstimatedDeals, count_or_estimate
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition, information, joint_partition, scores
from deduce.errors import Contradiction, InvalidInput
from deduce.games.cluedo.advice import (
    LIKELIEST,
    Race,
    envelope_bits,
    likeliness,
    may_accuse,
    open_cards,
    race,
    ranked,
    worst_case,
)
from deduce.games.cluedo.cards import CATEGORIES, Deck, Envelope
from deduce.games.cluedo.clues import VERDICTS, Accusation, Accused, Seen, Suggest, Suggestion
from deduce.games.cluedo.counting import (
    ENVELOPE,
    FACE_UP,
    NAMES_OWN,
    Seats,
    agrees,
    caught,
    first_named,
    not_read,
)
from deduce.games.cluedo.manifest import GAME
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Ranking, Recommendation
from deduce.search.memo import remembered

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["Investigation"]

Clue = Suggestion | Accused | Seen
Move = Suggest | Accusation


class Investigation(_Investigation[Clue, Move, Envelope, Deal]):
    """What I know about the envelope and the hands in a game of Cluedo.

    Args:
        players: every player's name, in turn order (the order in which they are asked
            to show a card after a suggestion), me among them.
        me: my name.
        hand: my cards.
        deck: the cards: a :class:`Deck`, an edition's name (``"classic"``, ``"master
            detective"``) or a deck as :meth:`Deck.to_dict` writes it (default: classic).
        dealer: the player who dealt (default: the last of ``players``). The cards are
            dealt round one at a time from the player after the dealer, so when they do
            not come out even, the first players dealt to hold one card more.
        face_up: cards laid face up for everyone by a house rule (in no hand and not in
            the envelope); the others are dealt.
        preferences: players (not me) known to show some cards first: the cards in the
            order they show them (default: a player shows each card they hold equally
            likely).
        names_own: players (not me) known to name cards of their own rarely in their
            suggestions: how often they name a card they hold against one they lack
            (above 0, at most 1; 0.25: a quarter as often). Each card such a player
            names is then that many times as likely to be in its hand as otherwise
            (the first time it names it). Default: every player names any card as
            often.

    Raises:
        InvalidInput: a name or card that is not one, a hand of the wrong size for the
            deal, a card twice.

    Example:
        >>> inv = Investigation(("Ann", "me", "Bob", "Cy"), "me",
        ...                     ("Plum", "Rope", "Hall", "Study", "Green"), dealer="Cy")
        >>> dict(zip(inv.players, inv.seats.sizes))
        {'Ann': 5, 'me': 5, 'Bob': 4, 'Cy': 4}
        >>> Investigation(("me", "Ann", "Bob"), "me", ("Plum", "Rope"))
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: hand=['Plum', 'Rope'] is not valid (18 cards are dealt ...
    """

    game = GAME.name
    clue_types: ClassVar[tuple[type, ...]] = (Suggestion, Accused, Seen)
    default_strategy: ClassVar[str] = LIKELIEST

    def __init__(
        self,
        players: Sequence[str],
        me: str,
        hand: Sequence[str],
        *,
        deck: Deck | str | Mapping[str, Any] | None = None,
        dealer: str | None = None,
        face_up: Sequence[str] = (),
        preferences: Mapping[str, Sequence[str]] | None = None,
        names_own: Mapping[str, float | Fraction] | None = None,
    ) -> None:
        self.deck = Deck.of(deck)
        self.seats = Seats.make(
            self.deck,
            players,
            me,
            hand,
            dealer=dealer,
            face_up=face_up,
            preferences=preferences,
            names_own=names_own,
        )
        seats = self.seats
        self.players: tuple[str, ...] = seats.players
        self.me: str = seats.me
        self.hand: tuple[str, ...] = seats.hand
        self.dealer: str = seats.dealer
        self._labels = tuple(
            tuple(c for c in kind if c not in seats.face_up) for kind in self.deck.categories
        )
        self._rows = {envelope: i for i, envelope in enumerate(product(*self._labels))}
        self.begin()

    # -- named clues ---------------------------------------------------------------------

    def suggestion(
        self,
        by: str,
        suspect: str,
        weapon: str,
        room: str,
        *,
        shown_by: str | None = None,
        card: str | None = None,
    ) -> Self:
        """The investigation after a suggestion and its answer.

        Args:
            by: who suggested.
            suspect, weapon, room: the cards named.
            shown_by: who showed a card (None: nobody could). Everyone between ``by``
                and ``shown_by`` in turn order passed.
            card: the card shown, when I saw it (I suggested, or I showed it).

        Raises:
            InvalidInput: a name that is not one, an answer my own hand rules out.
            Contradiction: the answer cannot be true with the earlier clues; this
                investigation is unchanged.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv = inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Bob",
            ...                      card="Dagger")
            >>> inv.card_locations()["Dagger"]
            {'Bob': 1.0}
        """
        seats = self.seats
        clue = Suggestion(
            seats.player(by, "by"),
            self.deck.card(suspect, "suspect", "suspect"),
            self.deck.card(weapon, "weapon", "weapon"),
            self.deck.card(room, "room", "room"),
            shown_by=None if shown_by is None else seats.player(shown_by, "shown_by"),
            card=None if card is None else self.deck.card(card, "card"),
        )
        return self.observe(clue)

    def accused(
        self, by: str, suspect: str, weapon: str, room: str, *, right: bool = False
    ) -> Self:
        """The investigation after an accusation: wrong (the default; the player is out
        but still shows cards) or right (the game is over).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> len(inv.accused("Ann", "White", "Dagger", "Lounge").solutions())
            119
        """
        clue = Accused(
            self.seats.player(by, "by"),
            self.deck.card(suspect, "suspect", "suspect"),
            self.deck.card(weapon, "weapon", "weapon"),
            self.deck.card(room, "room", "room"),
            right=right,
        )
        return self.observe(clue)

    def seen(self, player: str, card: str) -> Self:
        """The investigation after I saw ``card`` in ``player``'s hand by a house rule.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.seen("Ann", "Lounge").card_locations()["Lounge"]
            {'Ann': 1.0}
        """
        return self.observe(Seen(self.seats.player(player, "player"), self.deck.card(card)))

    # -- reading -------------------------------------------------------------------------

    @property
    def deals(self) -> Deals | EstimatedDeals:
        """Every deal that agrees with my hand and the clues, counted (or, where they are
        too many to count, estimated: see :attr:`exact`).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.deals.count
            110880
        """
        deals: Deals | EstimatedDeals = self.space.state
        return deals

    @property
    def exact(self) -> bool:
        """Whether every chance is counted exactly (True), or estimated because the deals
        are too many to count (False: then :attr:`error` is above 0).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.exact, inv.error
            (True, 0.0)
        """
        return self.deals.exact

    @property
    def error(self) -> float:
        """The standard error of the chances (the largest of a card's in a place): 0.0
        when they are exact, else that of the estimate
        (:attr:`deduce.core.dealing.EstimatedDeals.error`).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob").error
            0.0
        """
        return self.deals.error

    @property
    def solved(self) -> Envelope | None:
        """The envelope if it is certain, else None (an estimate is certain only when
        the looser count it draws from leaves one envelope).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.solved is None
            True
        """
        found: Envelope | None = super().solved
        return found if found is not None and self._certain() else None

    def _certain(self) -> bool:
        """Whether one envelope is left for certain (never only because every draw of an
        estimate had it)."""
        deals = self.deals
        if isinstance(deals, EstimatedDeals):
            return len(deals.relaxed.solutions()) == 1
        return self.space.size == 1

    @property
    def out(self) -> tuple[str, ...]:
        """The players out of the game after a wrong accusation, in turn order.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.accused("Bob", "White", "Dagger", "Lounge").out
            ('Bob',)
        """
        wrong = {
            self.seats.player(c.by, "by")
            for c in self.clues
            if isinstance(c, Accused) and not c.right
        }
        return tuple(p for p in self.players if p in wrong)

    @property
    def winner(self) -> str | None:
        """The player whose accusation was right (the game is over), or None.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.accused("Bob", "White", "Dagger", "Lounge", right=True).winner
            'Bob'
        """
        for c in self.clues:
            if isinstance(c, Accused) and c.right:
                return self.seats.player(c.by, "by")
        return None

    def accusation(self) -> Accusation:
        """The most probable envelope, the exact chance that accusing it is right, and
        whether it is certain (where the chances are estimated, its standard error:
        ``error``).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.accusation().probability
            0.008333333333333333
        """
        (envelope, p), *_ = self.ranked(limit=1)
        error = None if self.exact else self.deals.standard_error(p)  # type: ignore[union-attr]
        return Accusation(envelope, p, self._certain(), error=error)

    def shown_value(self, value: Any) -> str:
        """A card as the deck names it, in every language: a card is a name (the suspect
        White is White on a German page too, as in the grid, the forms and the history),
        never looked up in the catalogue (where White is a colour).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.shown_value("White")
            'White'
        """
        return str(value)

    @remembered
    def race(self, *, best_bits: float | None = None) -> Race:
        """Whether the advice accuses the likeliest envelope before it is certain, and why
        (:class:`~deduce.games.cluedo.advice.Race`): the suggestions I still need, the
        other players still in, and the turns they get meanwhile.

        Args:
            best_bits: the bits the best suggestion gives about the envelope, when known
                (default: counted over every suggestion).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> r = inv.race()
            >>> r.turns, r.rivals, r.accuse
            (9, ('Ann', 'Bob'), False)
        """
        weights = np.asarray(self.space.solution_weights(), dtype=np.float64)
        chances = weights[weights > 0] / weights.sum()
        bits = abs(float((chances * np.log2(chances)).sum()))
        if best_bits is None:
            queries = self.queries()
            found = envelope_bits(self.deals, self.seats, queries)
            best_bits = float(found.max()) if len(found) else 0.0
        last = self.last_move()
        accusation = self.accusation()
        return race(
            accusation.probability,
            bits,
            best_bits,
            self.rivals(),
            suggested=last is not None and last.by == self.me,
        )

    def last_move(self) -> Suggestion | Accused | None:
        """The last suggestion or accusation (None before the first): whose turn it was.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.last_move() is None
            True
            >>> inv.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob").last_move().by
            'Ann'
        """
        return next((c for c in reversed(self.clues) if isinstance(c, Suggestion | Accused)), None)

    def rivals(self) -> tuple[str, ...]:
        """The other players still in (a wrong accusation puts a player out).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.rivals()
            ('Ann', 'Bob')
        """
        return tuple(p for p in self.players if p != self.me and p not in self.out)

    def reading(self) -> dict[str, float]:
        """The other players whose suggestions the notebook reads, with how often it
        takes each to name a card of their own against a card they lack: as set up
        (``names_own``), else :data:`~deduce.games.cluedo.counting.NAMES_OWN` until they
        are seen naming a card they surely hold (then they are left out).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"),
            ...                     names_own={"Bob": 1})
            >>> inv.reading()
            {'Ann': 0.25}
            >>> inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Lounge"
            ...     ).suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob").reading()
            {}
        """
        caught_ = not_read(self.deals.constraints)
        found = {}
        for player in self.players:
            factor = self.seats.naming(player)
            if player == self.me or (factor is None and player in caught_):
                continue
            factor = NAMES_OWN if factor is None else factor
            if factor != 1:
                found[player] = float(factor)
        return found

    def card_locations(self) -> dict[str, dict[str, float]]:
        """Every card -> the exact chance of each place it can be: a player's name,
        ``"envelope"``, or ``"face up"``. Only places with a chance above 0 are listed.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.card_locations()["Plum"]
            {'me': 1.0}
            >>> {place: round(p, 3) for place, p in inv.card_locations()["White"].items()}
            {'Ann': 0.375, 'Bob': 0.375, 'envelope': 0.25}
        """
        marginals = self.deals.marginals()
        result: dict[str, dict[str, float]] = {}
        for card in self.deck.cards:
            if card in self.seats.face_up:
                result[card] = {FACE_UP: 1.0}
                continue
            result[card] = {
                place: float(chances[card])
                for place, chances in marginals.items()
                if chances[card] > 0
            }
        return result

    def answers(self, suspect: str, weapon: str, room: str) -> dict[str, float]:
        """The exact chance of each answer to my suggestion of these three cards:
        ``"nobody"``, or ``"<player> shows <card>"``.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> {a: round(p, 4) for a, p in inv.answers("Plum", "Rope", "Lounge").items()}
            {'nobody': 0.1667, 'Ann shows Lounge': 0.4167, 'Bob shows Lounge': 0.4167}
        """
        query = Suggest(
            self.deck.card(suspect, "suspect", "suspect"),
            self.deck.card(weapon, "weapon", "weapon"),
            self.deck.card(room, "room", "room"),
        )
        order = list(self.seats.after(self.me))
        cards = open_cards(self.seats, query)
        if not cards:
            return {"nobody": 1.0}
        found = self.deals.answers(cards, order, preference=self.seats.asked(order) or None)
        return {_answer_label(a): float(p) for a, p in found.items()}

    # -- hooks: the set-up ---------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        naming = self.seats.names_own
        return {
            "players": list(self.players),
            "me": self.me,
            "hand": list(self.hand),
            "deck": self.deck.to_dict(),
            "dealer": self.dealer,
            "face_up": list(self.seats.face_up),
            "preferences": {p: list(cards) for p, cards in self.seats.preferences},
        } | ({"names_own": {p: float(f) for p, f in naming}} if naming else {})

    def constructor_repr(self) -> str:
        extra = "" if self.deck == Deck.classic() else f", deck={self.deck.name!r}"
        return f"Investigation({self.players!r}, {self.me!r}, {self.hand!r}{extra})"

    def initial_space(self) -> Space:
        return self._space_of(Deals(self.seats.setup, self.seats.known()))

    def _space_of(self, deals: Deals | EstimatedDeals) -> Space:
        """Every envelope, weighed by ``deals`` (those of weight 0 left out)."""
        rows = np.array(
            list(product(*(range(len(kind)) for kind in self._labels))), dtype=np.int64
        ).reshape(-1, 3)
        return Space(CATEGORIES, self._labels, rows, weights=self._weights(deals), state=deals)

    def _weights(
        self, deals: Deals | EstimatedDeals, ids: npt.NDArray[np.int64] | None = None
    ) -> npt.NDArray[Any]:
        """The weight of the deals of every envelope (of the rows ``ids``, default all):
        their number, or, where the cards shown to me make that no whole number, their
        weight scaled by the least common multiple that makes every envelope's whole;
        an estimate's estimated chance of each envelope."""
        if isinstance(deals, EstimatedDeals):
            chances = [0.0] * len(self._rows)
            for envelope, chance in deals.solutions().items():
                chances[self._rows[envelope]] = chance
            picked = chances if ids is None else [chances[i] for i in ids.tolist()]
            return np.array(picked, dtype=np.float64)
        counts = [0] * len(self._rows)
        solutions = deals.solutions()
        total = deals.count
        if any(total % p.denominator for p in solutions.values()):
            total = lcm(*(p.denominator for p in solutions.values()))
        for envelope, p in solutions.items():
            counts[self._rows[envelope]] = p.numerator * (total // p.denominator)
        chosen = counts if ids is None else [counts[i] for i in ids.tolist()]
        if sum(chosen) < 2**62:  # their total too: the space sums them
            return np.array(chosen, dtype=np.int64)
        return np.array([float(c) for c in chosen], dtype=np.float64)  # beyond 64 bits

    # -- hooks: the rules ----------------------------------------------------------------

    def check_turn(self, clue: Clue) -> None:
        winner = self.winner
        if winner is not None:
            raise InvalidInput(
                "clue",
                clue,
                N_("no clue"),
                reason=M("{winner} won: the game is over", winner=winner),
            )
        if isinstance(clue, Suggestion | Accused):
            by = self.seats.player(clue.by, "by")
            if by in self.out:
                still = [p for p in self.players if p not in self.out]
                raise InvalidInput(
                    "by", by, still, reason=M("{by} is out after a wrong accusation", by=by)
                )

    def apply_clue(self, space: Space, clue: Clue) -> Space:
        if not isinstance(clue, self.clue_types):
            raise InvalidInput("clue", clue, "a Suggestion, Accused or Seen")
        deals: Deals | EstimatedDeals = space.state
        rules = first_named(self.seats.rules(clue), deals.constraints)
        if not rules:
            return space
        try:  # counted exactly where the deals can be, else estimated (and flagged)
            after = count_or_estimate(deals.setup, (*deals.constraints, *rules))
            where = after.marginals()
            read = caught(self.seats, after.constraints, where)
            if read is not None:  # a player seen naming a card of its own: read no more
                after = count_or_estimate(deals.setup, read)
        except Contradiction:  # the engine names the clues it cannot stand with
            return space.replace(weights=np.zeros(space.size, dtype=np.int64))
        except InvalidInput as error:
            if error.argument != "constraints":
                raise
            reason = N_(
                "too many deals agree with the clues to count them all, and too few of "
                "those drawn at random agree with this one to estimate the chances (it may "
                "contradict earlier clues)"
            )
            raise InvalidInput(
                "clue", clue, N_("a clue whose chances can be counted or estimated"), reason=reason
            ) from None
        if not deals.exact:  # an envelope no draw had is back in the count
            return self._space_of(after)
        return space.replace(weights=self._weights(after, space.ids), state=after)

    def solution_of(self, labels: tuple[Any, ...]) -> Envelope:
        if len(labels) != 3:
            raise InvalidInput("labels", labels, "a row's labels: suspect, weapon, room")
        return Envelope(*labels)

    # -- hooks: the moves ----------------------------------------------------------------

    def queries(self) -> Sequence[Suggest]:
        return [
            Suggest(*cards)
            for cards in product(*self.deck.categories)
            if any(c not in self.seats.face_up for c in cards)
        ]

    def check_strategy(self, strategy: str) -> str:
        """``strategy`` if it is ``"likeliest"`` (the envelope's likeliest cards named,
        :func:`~deduce.games.cluedo.advice.likeliness`) or one of
        :data:`deduce.STRATEGIES` (the searches that look several moves ahead are not
        offered: each step would count every deal again).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.check_strategy("minimax"), inv.check_strategy("likeliest")
            ('minimax', 'likeliest')
        """
        if not isinstance(strategy, str) or strategy not in (LIKELIEST, *STRATEGIES):
            raise InvalidInput("strategy", strategy, [LIKELIEST, *STRATEGIES])
        return strategy

    def move_filter(
        self, among: Callable[[Move], bool] | None, **options: Any
    ) -> Callable[[Move], bool] | None:
        """``rooms=``: only suggestions in these rooms (those I can reach this turn).

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.best(rooms=["Hall", "Study"]).room
            'Hall'
        """
        rooms = options.pop("rooms", None)
        narrowed = super().move_filter(among, **options)
        if rooms is None:
            return narrowed
        if isinstance(rooms, str) or not isinstance(rooms, Sequence) or not rooms:
            raise InvalidInput("rooms", rooms, N_("a list of rooms I can reach"))
        allowed = {self.deck.card(r, "rooms", "room") for r in rooms}

        def reach(move: Move) -> bool:
            inside = not isinstance(move, Suggest) or move.room in allowed
            return inside and (narrowed is None or narrowed(move))

        return reach

    def own_ranking(
        self, strategy: str, among: Callable[[Move], bool] | None, top: int
    ) -> Sequence[Recommendation[Move]] | None:
        """The suggestions by their exact bits about the envelope (``"entropy"``) or by
        how well they name the envelope's likeliest cards (``"likeliest"``, ties by the
        bits; a move's ``score`` is then the average chance of the three cards named,
        :func:`~deduce.games.cluedo.advice.likeliness` over 3), the accusation first
        when it is certain, when no suggestion teaches anything, or when the race says
        accuse now (:meth:`race`, among the suggestions
        allowed); the other strategies rank the engine's way, on the full answer
        partition (slower)."""
        if strategy not in ("entropy", LIKELIEST):
            return None
        queries = [q for q in self.queries() if among is None or among(q)]
        deals, seats = self.deals, self.seats
        moves: list[Recommendation[Move]] = []
        likely = strategy == LIKELIEST and bool(queries)
        score = likeliness(deals, seats, queries) if likely else np.zeros(0)
        lead = self._clear_lead(queries, score, top) if likely else None
        if lead is not None:
            order, bits = lead
        else:
            order, bits = ranked(deals, seats, queries) if queries else ([], np.zeros(0))
            if not likely:
                score = bits
            else:
                place = {i: at for at, i in enumerate(order)}  # the bits' order breaks ties
                order = sorted(order, key=lambda i: (-round(float(score[i]), 9), place[i]))
            best = float(bits.max()) if len(bits) else 0.0
            running = self.race(best_bits=best) if queries else None
            due = self.accusation().certain or best < 1e-9
            accusation = self._accusation_move(strategy, running)
            due = due or (running is not None and running.accuse)
            if due and (among is None or among(accusation.action)):
                moves.append(accusation)
        if not queries and not moves:
            raise InvalidInput("among", among, N_("a test that some move passes"))
        for i in order[:top]:
            query = queries[i]
            outcomes = self.answers(*query.cards)
            moves.append(
                Recommendation(
                    action=query,
                    information=float(bits[i]),
                    outcomes=outcomes,
                    worst_case=worst_case(deals, seats, query)
                    if open_cards(seats, query)
                    else self.space.size,
                    strategy=strategy,
                    score=float(
                        round(score[i] / (len(query.cards) if strategy == LIKELIEST else 1), 9)
                    ),
                    error=None if self.exact else self.error,
                )
            )
        return moves[:top]

    def _clear_lead(
        self, queries: Sequence[Suggest], score: npt.NDArray[np.float64], top: int
    ) -> tuple[list[int], npt.NDArray[np.float64]] | None:
        """The ``"likeliest"`` ranking's first ``top`` suggestions and their bits (counted
        for them alone; the others' are not a number), by ``score``, every suggestion's
        likeliness, when the bits of the others cannot change the advice: the envelope is not
        certain, the race cannot say accuse now whatever the bits (:func:`may_accuse`;
        before my suggestion of this turn it waits for its answer), the first ``top``
        are ahead of the rest on likeliness alone (the bits break ties), and one of them
        teaches something (so that some suggestion does); else None."""
        accusation = self.accusation()
        last = self.last_move()
        racing = last is not None and last.by == self.me
        if not queries or accusation.certain:
            return None
        if racing and may_accuse(accusation.probability, self.rivals()):
            return None
        rounded = [round(float(s), 9) for s in score]
        order = sorted(range(len(queries)), key=lambda i: -rounded[i])
        first = order[: min(top, len(order))]
        ahead = [rounded[i] for i in order[: len(first) + 1]]
        if any(a == b for a, b in pairwise(ahead)):
            return None
        found = envelope_bits(self.deals, self.seats, [queries[i] for i in first])
        if not (found >= 1e-9).any():
            return None
        bits = np.full(len(queries), np.nan)
        bits[first] = found
        return first, bits

    def other_moves(
        self, strategy: str, ranking: Ranking[Move] | None
    ) -> Sequence[Recommendation[Move]]:
        if ranking is None or self.accusation().certain or not (ranking.information >= 1e-9).any():
            return [self._accusation_move(strategy)]
        return []

    def _accusation_move(self, strategy: str, running: Race | None = None) -> Recommendation[Move]:
        """Accusing the most probable envelope: right (I win) or wrong (I am out); marked
        with the chance that waiting wins when ``running`` (the race) says accuse now."""
        accusation = self.accusation()
        if running is not None and running.accuse and not accusation.certain:
            accusation = replace(accusation, waiting=running.waiting)
        total = float(self.space.total)
        right = accusation.probability * total
        size = self.space.size
        part = Partition(
            mass=np.array([[right, total - right]]),
            count=np.array([[1, size - 1]], dtype=np.int64),
            cond_entropy=np.zeros(1),
        )
        chances = dict(
            zip(VERDICTS, (accusation.probability, 1 - accusation.probability), strict=True)
        )
        return Recommendation(
            action=accusation,
            information=float(information(part)[0]),
            outcomes={k: p for k, p in chances.items() if p > 0},
            worst_case=int(part.count[0][part.mass[0] > 0].max()),
            strategy=strategy,
            score=float(scores(part, "entropy" if strategy == LIKELIEST else strategy)[0]),
            error=accusation.error,
        )

    def partition(self, space: Space, queries: Sequence[Move]) -> Partition:
        """Every (envelope, answer) of each suggestion, counted exactly
        (:meth:`Deals.joint_answers`); answer 0 is nobody, ``1 + 3 i + j`` the ``i``-th
        player after me showing the ``j``-th card named."""
        deals: Deals | EstimatedDeals = space.state
        order = list(self.seats.after(self.me))
        prefer = self.seats.asked(order) or None
        labels = space.rows_labels(space.solution_rows())
        position = {tuple(row): s for s, row in enumerate(labels)}
        joint = np.zeros((len(queries), len(position), 1 + 3 * len(order)))
        for q, query in enumerate(queries):
            if not isinstance(query, Suggest):
                raise InvalidInput("query", query, "a Suggest")
            cards = open_cards(self.seats, query)
            if not cards:
                joint[q, :, 0] = space.solution_weights()
                continue
            for (envelope, answer), p in deals.joint_answers(
                cards, order, preference=prefer
            ).items():
                joint[q, position[envelope], self._answer_number(query, answer)] += float(p)
        return joint_partition(joint)

    def _answer_number(self, query: Suggest, answer: Answer) -> int:
        if answer.seat is None:
            return 0
        order = self.seats.after(self.me)
        return 1 + 3 * order.index(answer.seat) + query.cards.index(str(answer.card))

    def outcome_label(self, query: Move, k: int) -> str:
        if isinstance(query, Accusation):
            return VERDICTS[check_int("k", k, 0, len(VERDICTS) - 1)]
        if not isinstance(query, Suggest):
            raise InvalidInput("query", query, "a Suggest or an Accusation")
        k = check_int("k", k, 0, 3 * len(self.players) - 3)
        if k == 0:
            return "nobody"
        order = self.seats.after(self.me)
        return f"{order[(k - 1) // 3]} shows {query.cards[(k - 1) % 3]}"

    def clue_for(self, query: Move, k: int) -> Clue:
        if isinstance(query, Accusation):
            k = check_int("k", k, 0, len(VERDICTS) - 1)
            e = query.envelope
            return Accused(self.me, e.suspect, e.weapon, e.room, right=VERDICTS[k] == "right")
        if not isinstance(query, Suggest):
            raise InvalidInput("query", query, "a Suggest or an Accusation")
        k = check_int("k", k, 0, 3 * len(self.players) - 3)
        if k == 0:
            return Suggestion(self.me, *query.cards)
        order = self.seats.after(self.me)
        return Suggestion(
            self.me, *query.cards, shown_by=order[(k - 1) // 3], card=query.cards[(k - 1) % 3]
        )

    def move_of(self, clue: object) -> tuple[Move, int] | None:
        """My suggestions whose answer I saw are my moves."""
        if not isinstance(clue, Suggestion) or clue.by != self.me:
            return None
        query = Suggest(clue.suspect, clue.weapon, clue.room)
        if clue.shown_by is None:
            return query, 0
        if clue.card is None or clue.shown_by == self.me:
            return None
        return query, self._answer_number(query, Answer(clue.shown_by, clue.card))

    def finishes(self, query: Move, k: int) -> bool:
        return isinstance(query, Accusation) and VERDICTS[k] == "right"

    # -- deduce.testing: a secret is a whole deal ----------------------------------------

    def secrets_strategy(self) -> SearchStrategy[Deal]:
        from hypothesis import strategies as st

        return st.randoms(use_true_random=False).map(self.sample_deal)

    def sample_deal(self, rng: random.Random | None = None) -> Deal:
        """A whole deal drawn uniformly from every deal that agrees with my hand and the
        clues.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> inv.sample_deal(random.Random(1)).hand("me")
            ('Green', 'Plum', 'Rope', 'Hall', 'Kitchen', 'Study')
        """
        return self.deals.sample(1, seed=rng or random.Random())[0]

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Investigation]:
        """A notebook at a table of the classic deck, 3 to 6 players, dealt at random."""
        from hypothesis import strategies as st

        def dealt(players: int, seat: int, seed: int) -> Investigation:
            names = tuple(f"P{i}" for i in range(players))
            rng = random.Random(seed)
            deck = Deck.classic()
            rest = [c for c in deck.cards if c not in [rng.choice(k) for k in deck.categories]]
            rng.shuffle(rest)
            me = names[seat % players]
            size = (18 // players) + (1 if names.index(me) < 18 % players else 0)
            return cls(names, me, rest[:size])

        return st.builds(dealt, st.integers(3, 6), st.integers(0, 5), st.integers(0, 2**32 - 1))

    def clue_strategy(self, secret: Deal) -> Any:
        from deduce.games.cluedo.truthful import truthful_clues

        return truthful_clues(self, secret)

    def contains_secret(self, secret: Any) -> bool:
        setup = self.seats.setup
        if not isinstance(secret, Deal) or [s for s, _ in secret.hands] != list(setup.seats):
            raise InvalidInput("secret", secret, f"a Deal of the seats {setup.seats}")
        sizes = tuple(len(hand) for _, hand in secret.hands)
        dealt = sorted(c for _, hand in secret.hands for c in hand)
        if sizes != setup.sizes or dealt != sorted(setup.cards):
            return False  # a deal of another table
        envelope = secret.hand(ENVELOPE)
        if [self.deck.category_of(c) for c in envelope] != list(CATEGORIES):
            return False
        return all(agrees(secret, c) for c in self.deals.constraints)

    def solution_for(self, secret: Any) -> Envelope:
        """The envelope of ``secret``, a whole deal of this table.

        Example:
            >>> inv = Investigation(("me", "Ann", "Bob"), "me",
            ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> deal = inv.sample_deal(random.Random(2))
            >>> inv.solution_for(deal) in inv.solutions()
            True
        """
        if not isinstance(secret, Deal) or ENVELOPE not in [s for s, _ in secret.hands]:
            raise InvalidInput("secret", secret, "a Deal with an envelope")
        return Envelope(*secret.hand(ENVELOPE))


def _answer_label(answer: Answer) -> str:
    if answer.seat is None:
        return "nobody"
    return f"{answer.seat} shows {answer.card}"


guard(globals())
