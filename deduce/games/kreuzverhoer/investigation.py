"""Kreuzverhör: your case file, every case still possible after your questionings.

Example:
    >>> inv = Investigation().questioning("Mord", "Ulm", "Nora M.", "Gift", correct=0)
    >>> inv.marginals()["crime"]["Mord"], inv.questionings_left
    (0.0, 11)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Self

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_names
from deduce.core.info import round_bits
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition, information
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.cards import FIELDS, Deck
from deduce.games.kreuzverhoer.clues import (
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    VALUED_CARDS,
    CardValue,
    Case,
    Confirmed,
    Confrontation,
    Defence,
    Guess,
    Informant,
    InvestigatorsOnSite,
    Profiler,
    Questioning,
    RuledOut,
    SingleInterrogation,
    as_names,
    ban_note,
    card_name,
    field_names,
    last_questioning,
    named,
    questioning_of,
    turn_of,
)
from deduce.games.kreuzverhoer.counting import (
    GUESSES,
    SHAPE,
    card_information,
    entropy_lay,
    expected_correct,
    guess_tables,
    lay_partition,
    win_probability_of,
)
from deduce.games.kreuzverhoer.manifest import GAME
from deduce.games.kreuzverhoer.rules import (
    CLUE_TYPES,
    COUNTINGS,
    LIMIT,
    Rules,
    apply_clue,
    check_turn,
    limits,
)
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Recommendation

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["Investigation"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


# -- the case file ---------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _row_figures(mass: tuple[float, ...], count: tuple[int, ...]) -> tuple[float, float]:
    """The information and the ``"entropy"`` score of a lay that splits the cases as
    ``mass`` and ``count`` (a partition's row) say: computed once for each split."""
    row = Partition(np.array([mass]), np.array([count], dtype=np.int64), np.zeros(1))
    return float(information(row)[0]), float(STRATEGIES["entropy"](row)[0])


class Investigation(_Investigation):
    """Your case file: every case consistent with the questionings and cards so far.

    Args:
        deck: the case cards (default :meth:`Deck.default`; load your own with
            :meth:`Deck.load`).
        limit: questionings allowed (12 in the rulebook), counted as ``counting`` says.
        counting: how the rulebook's "at most 12 alternating questionings" is read:
            ``"each"`` (the default), every player may make ``limit`` questionings;
            ``"total"``, ``limit`` questionings in all alternate between the two
            players, so each makes ``limit // 2`` (``limit`` must be even).
        skips_use_up: whether a questioning skipped after the opponent's Lawyer or
            Suspension counts as one of yours (default True); False: it does not.
        repeats: whether the answering player may name a detail they named before
            (default True, as the rulebook says); False is the rulebook's faster
            variant, in which a card answer that names a detail again is refused.

    Strategies for :meth:`recommend`, besides the common ones: ``"win_probability"``
    (the chance to solve the case within the questionings left: exact with one left;
    with two left exact assuming no further investigation card is played; with three or
    more left only an upper bound, that each questioning solves at most one case and
    splits the rest four ways, which is 1.0 for every guess until few cases remain, so
    the ranking is then the one of ``"entropy"``; ties go to information, on the last
    questioning to the expected number of correct details) and ``"most_correct"``
    (most expected correct details: the rulebook's tie-break after the last
    questioning).

    Example:
        >>> inv = Investigation().questioning("Mord", "Ulm", "Juri L.", "Gift", correct=0)
        >>> inv.marginals()["crime"]["Mord"]
        0.0
        >>> inv.recommend(top=1, strategy="minimax")[0].worst_case
        476
    """

    game = GAME.name
    clue_types = CLUE_TYPES
    # the race advice (advice.py) needs the opponent's case file, and the league shows it
    # level with entropy (docs/benchmarks.md)
    default_strategy = "entropy"

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        limit: int = LIMIT,
        counting: str = "each",
        skips_use_up: bool = True,
        repeats: bool = True,
    ) -> None:
        if deck is not None and not isinstance(deck, Deck):
            raise InvalidInput("deck", deck, "a kreuzverhoer.Deck or None (the default deck)")
        self.deck: Deck = Deck.default() if deck is None else deck
        self.rules: Rules = Rules(
            self.deck,
            limit=limit,
            counting=counting,
            skips_use_up=skips_use_up,
            repeats=repeats,
        )
        self._tables = guess_tables(self.deck)
        self.begin()

    @property
    def limit(self) -> int:
        """Questionings allowed, counted as :attr:`counting` says."""
        return self.rules.limit

    @property
    def counting(self) -> str:
        """``"each"``: :attr:`limit` questionings for each player; ``"total"``: in all."""
        return self.rules.counting

    @property
    def skips_use_up(self) -> bool:
        """Whether a questioning skipped after Lawyer or Suspension uses one up."""
        return self.rules.skips_use_up

    @property
    def repeats(self) -> bool:
        """Whether the answering player may name a detail twice (False: faster variant)."""
        return self.rules.repeats

    # -- clue helpers --------------------------------------------------------------------

    def questioning(self, crime: str, scene: str, suspect: str, weapon: str, correct: int) -> Self:
        """After laying these four cards, ``correct`` (0 to 4) of them were right.

        Example:
            >>> Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 4).solved
            Case(crime='Mord', scene='Ulm', suspect='Ede K.', weapon='Gift')
        """
        deck = self.deck
        laid = named(deck, "crime", crime), named(deck, "scene", scene)
        who, what = named(deck, "suspect", suspect), named(deck, "weapon", weapon)
        return self.observe(Questioning(*laid, who, what, correct))

    def single_interrogation(self, crime: str) -> Self:
        """Einzelverhör: your opponent named ``crime`` as not the case's."""
        return self.observe(SingleInterrogation(named(self.deck, "crime", crime)))

    def investigators_on_site(self, weapons: Sequence[str] | None) -> Self:
        """Ermittler vor Ort: the laid scene is right and these 2 weapons are out, or
        (``None``) the laid scene is wrong.

        Example:
            >>> inv = Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
            >>> inv.investigators_on_site(["Messer", "Axt*"]).certain()
            {'scene': 'Ulm'}
        """
        scene = last_questioning(self.clues, "investigators_on_site").scene
        said = None if weapons is None else self._named("weapon", weapons)
        return self.observe(InvestigatorsOnSite(scene, said))

    def confrontation(self, correct: bool) -> Self:
        """Gegenüberstellung: whether the laid suspect is the case's."""
        suspect = last_questioning(self.clues, "confrontation").suspect
        return self.observe(Confrontation(suspect, correct))

    def informant(self, scenes: Sequence[str]) -> Self:
        """Informant: these 2 scenes are not the case's (refused after a suspect whose
        card forbids it, such as Juri L. or Elke V., was laid)."""
        return self.observe(Informant(self._named("scene", scenes)))

    def profiler(self, suspect: str) -> Self:
        """Profiler: your opponent named ``suspect`` as not the case's."""
        return self.observe(Profiler(named(self.deck, "suspect", suspect)))

    def ruled_out(self, *, card: str | None = None, **names: Any) -> Self:
        """None of these names is the case's: ``ruled_out(weapon="Gift")``, or several
        ``ruled_out(scene=["Ulm", "Berlin"])``. ``card`` names the investigation card that
        said so (its rules then apply); repeating a fact already known is fine.

        Example:
            >>> Investigation().ruled_out(weapon=["Gift", "Messer"]).space.size
            1512
        """
        said = field_names(names, many=True, deck=self.deck)
        return self.observe(RuledOut(**said, card=card_name(card)))

    def confirmed(self, *, card: str | None = None, **names: Any) -> Self:
        """These names are the case's: ``confirmed(suspect="Nora M.")``."""
        said = field_names(names, many=False, deck=self.deck)
        return self.observe(Confirmed(**said, card=card_name(card)))

    def defence(self, card: str, *, blocks: str | None = None) -> Self:
        """Your opponent played defence ``card`` (``blocks``: the investigation card it
        made useless). Nothing about the case changes; Lawyer and Suspension cost you
        your next questioning."""
        return self.observe(
            Defence(card_name(card, DEFENCE_CARDS), card_name(blocks, argument="blocks"))
        )

    def _named(self, field: str, names: Any) -> tuple[str, ...]:
        plural = field + "s"
        return tuple(named(self.deck, field, n) for n in check_names(plural, as_names(names)))

    # -- state -------------------------------------------------------------------------

    @property
    def questionings(self) -> int:
        """Questionings made so far."""
        return turn_of(self.clues).questionings

    @property
    def questionings_left(self) -> int:
        """Questionings still allowed (skipped ones count as used)."""
        turn = turn_of(self.clues)
        if turn.solved_in is not None:
            return 0
        return max(0, self.rules.allowed - self.rules.used(turn))

    @property
    def last_questioning(self) -> Questioning | None:
        """The last questioning, which cards refer to."""
        return turn_of(self.clues).last

    def check_turn(self, clue: Any) -> None:
        """The turn rules: the questionings allowed, cards after a questioning, one card
        of each kind per questioning, the suspects' bans, and in the faster variant no
        detail named twice."""
        check_turn(self.rules, self.clues, clue)

    # -- rules -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "deck": self.deck.to_dict(),
            "limit": rules.limit,
            "counting": rules.counting,
            "skips_use_up": rules.skips_use_up,
            "repeats": rules.repeats,
        }

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Investigation:
        if context:
            raise InvalidInput("context", sorted(context), "nothing: the saved text holds the deck")
        if "deck" not in config:
            raise InvalidInput("config", sorted(config), "the keys 'deck' and 'limit'")
        return cls(
            Deck.from_dict(config["deck"]),
            limit=config.get("limit", LIMIT),
            counting=config.get("counting", "each"),
            skips_use_up=config.get("skips_use_up", True),
            repeats=config.get("repeats", True),
        )

    def constructor_repr(self) -> str:
        args = [] if self.deck == Deck.default() else [f"deck={self.deck!r}"]
        defaults = Rules(self.deck)
        for name in ("limit", "counting", "skips_use_up", "repeats"):
            if getattr(self.rules, name) != getattr(defaults, name):
                args.append(f"{name}={getattr(self.rules, name)!r}")
        return f"Investigation({', '.join(args)})"

    def initial_space(self) -> Space:
        deck = self.deck
        return Space(FIELDS, [deck.names(f) for f in FIELDS], self._tables.cases)

    def apply_clue(self, space: Space, clue: Any) -> Space:
        return apply_clue(self.deck, space, clue)

    def solution_of(self, labels: tuple[Any, ...]) -> Case:
        if len(labels) != len(FIELDS):
            raise InvalidInput("labels", labels, f"a row's labels: {', '.join(FIELDS)}")
        return Case(*labels)

    def own_ranking(
        self, strategy: str, among: Callable[[Guess], bool] | None, top: int
    ) -> list[Recommendation] | None:
        """No questioning to recommend once the case is solved or none is left. Until
        then the engine ranks them (:meth:`deduce.Investigation.recommend`), but for the
        single best lay under ``"entropy"`` (``best()``, ``recommend(top=1)``, every node
        of ``simulate``): that one is found among one lay of each class of lays that
        split the cases alike (:func:`~deduce.games.kreuzverhoer.counting.lay_classes`),
        the same lay and figures as the ranking of all 2916, with less work when few
        cases remain.

        Example:
            >>> Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 4).recommend()
            []
            >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
            >>> inv.recommend(top=1) == inv.recommend(top=3)[:1]
            True
        """
        if self.questionings_left == 0:
            return []
        if strategy == "entropy" and among is None and top == 1:
            return [self._best_by_entropy()]
        return None

    def _best_by_entropy(self) -> Recommendation:
        """The lay the engine's ranking under ``"entropy"`` puts first, with its figures
        as the ranking gives them."""
        number, row = entropy_lay(self.space)
        query = self._tables.guesses[number]
        mass = row.mass[0]
        bits, score = _row_figures(tuple(mass.tolist()), tuple(row.count[0].tolist()))
        total = float(mass.sum())
        return Recommendation(
            action=query,
            information=bits,
            outcomes={
                self.outcome_label(query, k): float(m) / total for k, m in enumerate(mass) if m > 0
            },
            worst_case=int(row.count[0].max()),
            strategy="entropy",
            score=score,
        )

    def queries(self) -> Sequence[Guess]:
        return self._tables.guesses

    def as_query(self, value: Any) -> Guess:
        """A :class:`Guess` from a Guess, a Case, four names, or ``"Mord / Ulm / ..."``."""
        expected = "a Guess, or 4 names (crime, scene, suspect, weapon), or 'a / b / c / d'"
        if isinstance(value, (Guess, Case)):
            names: tuple[Any, ...] = tuple(value)
        elif isinstance(value, str):
            names = tuple(part.strip() for part in value.split("/"))
        elif isinstance(value, (tuple, list)):
            names = tuple(value)
        else:
            raise InvalidInput("action", value, expected)
        if len(names) != len(FIELDS):
            raise InvalidInput("action", value, expected)
        return Guess(*(named(self.deck, f, n) for f, n in zip(FIELDS, names, strict=True)))

    def _query_numbers(self, queries: Sequence[Any]) -> IntArray:
        tables = self._tables
        if queries is tables.guesses:
            return np.arange(GUESSES, dtype=np.int64)
        numbers = []
        for q in queries:
            if not isinstance(q, Guess) or q not in tables.guess_number:
                raise InvalidInput("guess", q, "a kreuzverhoer.Guess of names from the deck")
            numbers.append(tables.guess_number[q])
        return np.array(numbers, dtype=np.int64)

    def outcome_table(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[np.uint8]:
        laid = self._tables.guess_array[self._query_numbers(queries)]
        table: npt.NDArray[np.uint8] = (laid[:, None, :] == space.worlds[None, :, :]).sum(axis=2)
        return table.astype(np.uint8)

    def partition(self, space: Space, queries: Sequence[Any]) -> Partition:
        every = queries is self._tables.guesses
        return lay_partition(space, None if every else self._query_numbers(queries))

    def possible_queries(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[np.bool_]:
        return self._possible(space, self._query_numbers(queries))

    def _possible(self, space: Space, numbers: IntArray) -> npt.NDArray[np.bool_]:
        """Which lays of guess numbers ``numbers`` are cases of ``space``."""
        case = self._tables.guess_case[numbers]
        present = np.zeros(len(self._tables.cases) + 1, dtype=bool)
        present[space.ids] = True
        return present[case]  # case -1 reads the last entry, which is always False

    def check_strategy(self, strategy: str) -> str:
        """``strategy`` if the case file knows it; an unknown one is refused naming each
        known strategy once (``"entropy"`` is also among the case file's own).

        Example:
            >>> Investigation().check_strategy("win_probability")
            'win_probability'
        """
        try:
            return super().check_strategy(strategy)
        except InvalidInput as error:
            choices = list(dict.fromkeys(error.choices))
            raise InvalidInput("strategy", strategy, choices) from None

    def extra_strategies(self) -> dict[str, Callable[[Partition], FloatArray]]:
        return {
            # the engine's scores, but the best lay alone is found by own_ranking
            "entropy": STRATEGIES["entropy"],
            "win_probability": self._win_probability,
            "most_correct": expected_correct,
        }

    def _win_probability(self, part: Partition) -> FloatArray:
        """The ``"win_probability"`` scores, then its tie-break: information; on the
        last questioning the expected number of correct details (the rulebook's)."""
        left = max(1, self.questionings_left)
        return np.stack(
            [
                win_probability_of(part, left),
                expected_correct(part) if left <= 1 else round_bits(information(part)),
            ]
        )

    def outcome_label(self, query: object, k: int) -> int:
        return k

    def clue_for(self, query: Guess, k: int) -> Questioning:
        return questioning_of(query, k)

    def move_of(self, clue: object) -> tuple[Guess, int] | None:
        """A questioning is the answer to the laid cards; an action card answers none."""
        return (clue.guess, clue.correct) if isinstance(clue, Questioning) else None

    def finishes(self, query: object, k: int) -> bool:
        return k == 4

    def world_of(self, secret: Any) -> int:
        if isinstance(secret, Case):
            names = tuple(secret)
        elif isinstance(secret, tuple) and len(secret) == 4:
            names = secret
        else:
            raise InvalidInput("secret", secret, "a kreuzverhoer.Case")
        numbers = [self.deck.index(f, n) for f, n in zip(FIELDS, names, strict=True)]
        case = int(self._tables.guess_case[np.ravel_multi_index(numbers, SHAPE)])
        if case < 0:
            raise InvalidInput(
                "secret",
                secret,
                N_("a case whose crime goes with its weapon"),
                reason=M(
                    "{crime} is not committed with {weapon}",
                    crime=repr(names[0]),
                    weapon=repr(names[3]),
                ),
            )
        return case

    def secret_of(self, world: int) -> Case:
        row = self._tables.cases[world]
        return Case(*(self.deck.names(f)[int(v)] for f, v in zip(FIELDS, row, strict=True)))

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Investigation]:
        """Case files of the default deck under every reading of the rules: 1 to 12
        questionings (counted in total: an even number), each way of counting them, skips
        used up or not, repeats or not."""
        from hypothesis import strategies as st

        return st.sampled_from(COUNTINGS).flatmap(
            lambda counting: st.builds(
                cls,
                limit=limits(counting),
                counting=st.just(counting),
                skips_use_up=st.booleans(),
                repeats=st.booleans(),
            )
        )

    def clue_strategy(self, secret: Any) -> Any:
        from deduce.games.kreuzverhoer.truthful import clue_strategy

        return clue_strategy(self, self.secret_of(self.world_of(secret)))

    # -- cards in hand -----------------------------------------------------------------

    def rank_cards(self, hand: Sequence[str], guess: Guess | None = None) -> list[CardValue]:
        """The cards in ``hand`` by the information they are expected to give.

        Without ``guess``: after the last questioning, whose answer is known. With a
        ``guess``: before laying it, averaged over its possible answers. The answering
        player is taken to name any allowed card with equal chance (one who repeats what
        was already named teaches less: see ``worst_case``). Cards that may not be played
        come last, then those whose text the rulebook does not give.

        Example:
            >>> inv = Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 2)
            >>> [c.card for c in inv.rank_cards(["profiler", "investigators_on_site"])]
            ['investigators_on_site', 'profiler']
        """
        if isinstance(hand, str) or not isinstance(hand, Sequence):
            raise InvalidInput("hand", hand, "a list of card names")
        every = INVESTIGATION_CARDS + DEFENCE_CARDS
        hand = [card_name(card, every, argument="hand") for card in hand]
        if guess is None:
            last = turn_of(self.clues).last
            if last is None:
                raise InvalidInput("guess", None, N_("a Guess (no questioning has been made yet)"))
            laid = last.guess
            parts = [(1.0, self.space)]
        else:
            if not isinstance(guess, Guess):
                raise InvalidInput("guess", guess, "a kreuzverhoer.Guess")
            laid = guess
            outcome = self.outcome_table(self.space, [guess])[0]
            total = float(self.space.total)
            parts = [
                (
                    float(self.space.weights[outcome == k].sum()) / total,
                    self.space.filter(outcome == k),
                )
                for k in range(4)
                if (outcome == k).any()
            ]
        values = []
        for position, card in enumerate(hand):
            note = None if card in DEFENCE_CARDS else ban_note(self.deck, laid.suspect, card)
            if card in DEFENCE_CARDS:
                value = CardValue(card, None, None, False, N_("a defence card"))
            elif note is not None:
                forbids = M("{suspect} forbids it{note}", suspect=laid.suspect, note=note)
                value = CardValue(card, None, None, False, forbids)
            elif card not in VALUED_CARDS:
                value = CardValue(card, None, None, True, N_("its text is not in the rulebook"))
            else:
                info = 0.0
                worst = 0
                for p, space in parts:
                    bits, most = card_information(self.deck, space, card, laid)
                    info += p * bits
                    worst = max(worst, most)
                value = CardValue(card, info, worst)
            values.append((position, value))

        def key(item: tuple[int, CardValue]) -> tuple[int, float, int]:
            position, v = item
            group = 0 if v.allowed and v.information is not None else (1 if v.allowed else 2)
            return (group, -round(v.information or 0.0, 9), position)

        return [v for _, v in sorted(values, key=key)]


guard(globals())
