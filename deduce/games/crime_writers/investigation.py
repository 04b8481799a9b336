"""What the guests know about the writer's story in Crime Writers: the clues, the exact
posterior over the draws (see the package's text for what each reply rules out), and the
questions worth asking.

Example:
    >>> inv = Investigation(Deck.example()).answer("how", "weapon", "no")
    >>> inv.marginals()["how"]["Knife"]
    0.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_name, short
from deduce.core.space import Space
from deduce.core.strategy import Partition
from deduce.errors import InvalidInput
from deduce.games.crime_writers.advice import TURN, turn_recommendations
from deduce.games.crime_writers.cards import DECK_OF, DECKS, ELEMENTS, INVENTED, Deck
from deduce.games.crime_writers.clues import (
    Answer,
    Asked,
    Found,
    NotebookClue,
    Question,
    Seen,
    Story,
    element_of,
    own_words,
    reply_of,
)
from deduce.games.crime_writers.counting import (
    QuestionTables,
    State,
    all_draws,
    binary_entropy,
    tables_of,
    yes_chances,
)
from deduce.games.crime_writers.guest import GUEST, MEASURED_AT, guest_recommendations
from deduce.games.crime_writers.hints import hint_scores, merge_candidates
from deduce.games.crime_writers.manifest import GAME
from deduce.games.crime_writers.rules import EFFECT, not_in_story, tag_reply, wording
from deduce.games.crime_writers.truthful import truthful_clues
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Recommendation

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["Investigation"]


# -- the investigation -----------------------------------------------------------------


class Investigation(_Investigation):
    """What the guests know about the writer's story.

    Args:
        deck: the cards the writer drew from (e.g. :meth:`Deck.example` or
            :meth:`Deck.load`).

    Example:
        >>> inv = Investigation(Deck.example())
        >>> round(inv.marginals()["how"][INVENTED], 3)
        0.43
        >>> for element, card in [("who", "Butler"), ("whom", "Heiress"), ("why", "Greed")]:
        ...     inv = inv.found(element, card, invented=False)
        >>> inv.marginals()["how"][INVENTED]
        1.0
    """

    game = GAME.name
    clue_types: ClassVar[tuple[type, ...]] = (Answer, Asked, Found, Seen)

    def __init__(self, deck: Deck) -> None:
        if not isinstance(deck, Deck):
            raise InvalidInput("deck", deck, "a crime_writers.Deck (Deck.example() or Deck.load)")
        self.deck = deck
        self._tables = tables_of(deck)
        self.begin()

    def shown_value(self, value: Any) -> str:
        """A value of an element (a key of :meth:`marginals`) as the player reads it: a
        card by its wording in the player's language, :data:`INVENTED` in their words
        (:meth:`Deck.shown`).

        Example (in English; in German ``Gift`` and ``(erfunden)``):
            >>> inv = Investigation(Deck.example())
            >>> inv.shown_value("Poison"), inv.shown_value(INVENTED)
            ('Poison', '(invented)')
        """
        return self.deck.shown(value) if isinstance(value, str) else str(value)

    @classmethod
    def example(cls) -> Investigation:
        """A new investigation with the sample deck (:meth:`Deck.example`).

        Example:
            >>> Investigation.example() == Investigation(Deck.example())
            True
        """
        return cls(Deck.example())

    # -- the table's helpers -----------------------------------------------------------

    def answer(self, element: str, about: str, reply: str) -> Self:
        """The investigation after the writer replied ``reply`` about ``element``.

        Args:
            element: "who", "whom", "why", "where" or "how".
            about: a tag of the element's stack, or a card's wording (case folded).
            reply: "yes", "also", "almost", "no", "not characteristic" (or "not
                important").

        Raises:
            InvalidInput: an unknown element, tag/card or reply.
            Contradiction: no draw fits this reply together with the earlier ones.

        Example:
            >>> inv = Investigation(Deck.example()).answer("where", "Indoors", "No")
            >>> inv.clues
            (Answer(element='where', about='indoors', reply='no'),)
            >>> inv.marginals()["where"]["Library"]
            0.0
        """
        name = element_of(element)
        return self.observe(Answer(name, self.deck.about(name, about)[0], reply_of(reply)))

    def asked(self, element: str, question: str, reply: str) -> Self:
        """The investigation after a question in the guest's own words about ``element``.

        Words that are exactly a tag or a card of the element's stack (case folded) are
        that question (see :meth:`answer`). Other words are logged as an :class:`Asked`
        clue, kept in the history and the saved game, and rule nothing out: the deck
        cannot say what they mean for each card.

        Raises:
            InvalidInput: an unknown element or reply, or no words.

        Example:
            >>> inv = Investigation(Deck.example()).asked("who", "Night watchman?", "almost")
            >>> inv.clues, inv.probabilities() == Investigation(Deck.example()).probabilities()
            ((Asked(element='who', question='Night watchman?', reply='almost'),), True)
        """
        name = element_of(element)
        words = own_words(question)
        said = reply_of(reply)
        try:
            about = self.deck.about(name, words)[0]
        except InvalidInput:
            return self.observe(Asked(name, words, said))
        return self.observe(Answer(name, about, said))

    def drawn(self, element: str, text: str) -> Self:
        """The investigation after the writer says ``element`` is exactly card ``text``:
        drawn, not invented (``found(element, text, invented=False)``).

        Example:
            >>> inv = Investigation(Deck.example()).drawn("how", "poison")
            >>> inv.clues, inv.marginals()["how"]["Poison"]
            ((Found(element='how', text='Poison', invented=False),), 1.0)
        """
        return self.found(element, text, invented=False)

    def found(self, element: str, text: str, *, invented: bool | None = None) -> Self:
        """The investigation after a guest found ``element``: it is worded ``text``.

        Found means named exactly as worded, which is what scores. Unless ``invented``
        says which, a card's wording can be the card drawn or an invented element the
        writer worded like it; :meth:`drawn` says it is the card.

        Args:
            element: "who", "whom", "why", "where" or "how".
            text: the wording. Any wording that is no card's (case, spaces and
                punctuation aside, as :meth:`Deck.card` reads it) means the writer invented
                the element. A card's wording means that card was drawn
                or the element was invented and worded like it, unless ``invented``
                says which.
            invented: True if the writer says the element was invented, False if the
                card was drawn, None if not said.

        Example:
            >>> inv = Investigation(Deck.example()).found("how", "poison")
            >>> inv.clues
            (Found(element='how', text='Poison', invented=None),)
            >>> inv.found("why", "Stage fright").clues[-1]
            Found(element='why', text='Stage fright', invented=True)
            >>> round(inv.marginals()["how"]["Poison"], 3), inv.solutions()[0].how
            (0.582, 'Poison')
        """
        name = element_of(element)
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput(
                "text", short(text), N_("the element's wording (a non-empty string)")
            )
        if invented is not None and not isinstance(invented, bool):
            raise InvalidInput("invented", invented, "True, False or None")
        card = self.deck.find(DECK_OF[name], text.strip())
        if card is None:
            if invented is False:
                cards = [c.text for c in self.deck.for_element(name)]
                raise InvalidInput("text", short(text), cards, reason="invented=False needs a card")
            return self.observe(Found(name, text.strip(), True))
        return self.observe(Found(name, card.text, invented))

    def seen(self, *texts: str, stack: str | None = None) -> Self:
        """The investigation knowing that cards ``texts`` are not in this story.

        A player's own cards, and the cards of stories already told, were dealt to
        someone else, so the writer cannot have drawn them.

        Args:
            texts: card wordings.
            stack: the stack they are from, when a wording is in several stacks.

        Example:
            >>> inv = Investigation(Deck.example()).seen("Butler", "Poison")
            >>> inv.clues
            (Seen(stack='persons', text='Butler'), Seen(stack='causes', text='Poison'))
        """
        if check_name("stack", stack, optional=True) is not None and stack not in DECKS:
            raise InvalidInput("stack", stack, DECKS)
        if not texts:
            raise InvalidInput("texts", texts, N_("at least one card's wording"))
        result: Self = self
        for text in texts:
            check_name("text", text)
            stacks = [stack] if stack is not None else list(DECKS)
            matches = [(s, c) for s in stacks if (c := self.deck.find(s, text)) is not None]
            if not matches:
                every = [c.text for s in stacks for c in self.deck.stack(s)]
                raise InvalidInput("text", text, every)
            if len(matches) > 1:
                raise InvalidInput(
                    "stack",
                    None,
                    [s for s, _card in matches],
                    reason=M("{text!r} is in several", text=text),
                )
            found_stack, card = matches[0]
            result = result.observe(Seen(found_stack, card.text))
        return result

    # -- reading -----------------------------------------------------------------------

    def candidates(self, element: str) -> list[tuple[str, float]]:
        """The values ``element`` can still have, with their probabilities.

        Ordered by the hints of "also" and "almost" replies first (cards they point to
        come first), then by probability, then in deck order. An invented element that
        was found is listed by its wording (in :meth:`marginals` it stays
        :data:`INVENTED`).

        Example:
            >>> inv = Investigation(Deck.example()).answer("how", "weapon", "almost")
            >>> [text for text, _ in inv.candidates("how")][:3]
            ['Knife', 'Gunshot', 'Screwdriver']
        """
        name = element_of(element)
        values = self.marginals()[name]
        found = self.space.state.found[ELEMENTS.index(name)]
        answers = [c for c in self.clues if isinstance(c, Answer)]
        hint = hint_scores(self.deck, name, answers)
        return merge_candidates(values, found, hint)

    # -- recommendations ---------------------------------------------------------------

    def move_filter(
        self,
        among: Callable[[Question], bool] | None,
        *,
        element: str | Sequence[str] | None = None,
        **options: Any,
    ) -> Callable[[Question], bool] | None:
        """``recommend(element=...)`` and ``best(element=...)``: only questions about
        ``element``, or about any of several elements (and that ``among`` passes).

        Questions already asked are not suggested again, whatever the reply (the writer
        would only repeat it). A question is scored by what its reply tells about the
        draw: an invented element, or a card whose tag depends on the story, answers a
        tag question yes or no with equal chance, and an invented element is worded
        like a named card with the chance its wordings give (see the module's text).

        Example:
            >>> inv = Investigation(Deck.example()).found("how", "Screwdriver", invented=False)
            >>> inv.recommend(top=1, element="where")[0].action
            Question(element='where', about='public')
            >>> inv.recommend(top=1, element=("who", "whom"))[0].action.element in ("who", "whom")
            True
        """
        among = super().move_filter(among, **options)
        if element is None:
            return among
        if not isinstance(element, list | tuple):
            focus = {element_of(element)}
        elif element:
            focus = {element_of(e) for e in element}
        else:
            raise InvalidInput("element", element, N_("at least one element"))
        return lambda q: q.element in focus and (among is None or among(q))

    def own_ranking(
        self, strategy: str, among: Callable[[Question], bool] | None, top: int
    ) -> list[Recommendation] | None:
        """The questions by turn value for ``strategy="turn"``, by the guest's objective
        at a table of :meth:`guest_players` for ``"guest"``; None for the engine's."""
        if strategy not in (TURN, GUEST):
            return None
        queries = [q for q in self.queries() if among is None or among(q)]
        if not queries:
            raise InvalidInput("among", among, "a test that some question passes")
        part = self.partition(self.space, queries)
        if strategy == GUEST:
            n = self.guest_players()
            return guest_recommendations(queries, self._tables, self.space, part, top, players=n)
        names_card = [q in self._tables.card for q in queries]
        return turn_recommendations(queries, part, names_card, top)

    def guest_players(self) -> int:
        """The table size the guest's objective weighs opponents for: 3 alone; a Table's own."""
        return MEASURED_AT

    def check_strategy(self, strategy: str) -> str:
        if isinstance(strategy, str) and strategy in (TURN, GUEST):
            return strategy
        try:
            return super().check_strategy(strategy)
        except InvalidInput as error:  # the engine's names, the turn value and the guest's
            raise InvalidInput("strategy", strategy, [*error.choices, TURN, GUEST]) from None

    def recommend_each(self, *, strategy: str = "entropy") -> dict[str, Recommendation]:
        """For each element that a question can still teach something about, the best
        question about it.

        Example:
            >>> inv = Investigation(Deck.example()).found("how", "Screwdriver", invented=False)
            >>> sorted(inv.recommend_each())
            ['where', 'who', 'whom', 'why']
        """
        result = {}
        open_elements = {q.element for q in self.queries()}
        for element in ELEMENTS:
            if element not in open_elements:
                continue
            best = self.recommend(1, strategy=strategy, element=element)[0]
            if best.information > 1e-9:
                result[element] = best
        return result

    # -- rules -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {"deck": self.deck.to_dict()}

    @classmethod
    def from_setup(cls, config: dict[str, Any], **context: Any) -> Investigation:
        if context:
            raise InvalidInput("context", sorted(context), "nothing (the deck is in the text)")
        if set(config) != {"deck"}:
            raise InvalidInput("config", sorted(config), "exactly the key 'deck'")
        return cls(Deck.from_dict(config["deck"], source="saved deck"))

    def constructor_repr(self) -> str:
        if self.deck == Deck.example():
            return "Investigation(Deck.example())"
        return f"Investigation({self.deck!r})"

    def initial_space(self) -> Space:
        # one space per deck: every notebook of the deck starts from it, and a clue read
        # on a space once is shared by every notebook that reads it there (apply_clue)
        return _first_space(self._tables)

    def apply_clue(self, space: Space, clue: Any) -> Space:
        # the space a clue leaves depends on the space and the clue alone (the deck is
        # the space's): the seats of a table that hear it share one (Space.derived)
        return space.derived((type(clue), repr(clue)), lambda: self._read(space, clue))

    def _read(self, space: Space, clue: Any) -> Space:
        """``space`` after ``clue`` (see :meth:`apply_clue`), worked out."""
        tables = self._tables
        state: State = space.state
        if isinstance(clue, Answer):
            element = element_of(clue.element)
            reply = reply_of(clue.reply)
            about, card = self.deck.about(element, clue.about)
            asked = state.asked | {Question(element, about)}
            e = ELEMENTS.index(element)
            if card is not None:  # only "yes" means worded exactly so
                if reply == "not characteristic":
                    return space.replace(state=state.asking(asked))
                worded = reply == "yes"
                invented = None if worded else False
                return wording(tables, space, e, card.text, invented, worded, asked)
            effect = EFFECT[reply]
            if effect is None:
                return space.replace(state=state.asking(asked))
            return tag_reply(tables, space, e, about, effect, asked)
        if isinstance(clue, Asked):
            element_of(clue.element)
            reply_of(clue.reply)
            own_words(clue.question)
            return space
        if isinstance(clue, Found):
            element = element_of(clue.element)
            if clue.invented not in (True, False, None):
                raise InvalidInput("invented", clue.invented, "True, False or None")
            if not isinstance(clue.text, str) or not clue.text.strip():
                raise InvalidInput(
                    "text", short(clue.text), N_("the element's wording (a non-empty string)")
                )
            e = ELEMENTS.index(element)
            card = self.deck.find(DECK_OF[element], clue.text)
            if card is None and clue.invented is False:
                raise InvalidInput("text", short(clue.text), list(tables.labels[e][:-1]))
            text = clue.text.strip() if card is None else card.text
            invented = True if card is None else clue.invented
            return wording(tables, space, e, text, invented, True, state.asked)
        if isinstance(clue, Seen):
            if clue.stack not in DECKS:
                raise InvalidInput("stack", clue.stack, DECKS)
            card = self.deck.find(clue.stack, clue.text)
            if card is None:
                raise InvalidInput("text", clue.text, [c.text for c in self.deck.stack(clue.stack)])
            return not_in_story(tables, space, clue.stack, card.text)
        raise InvalidInput("clue", clue, "an Answer, Asked, Found or Seen")

    def merges_solutions(self) -> bool:
        # a wording found without saying whether it was invented reads the same either way
        return any(found is not None for found in self.space.state.found)

    def merged_rows(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64] | None:
        # an element found worded as one of its cards: "invented" reads as that card
        space = self.space
        merged = np.array(rows, dtype=np.int64, copy=True)
        for column, found in enumerate(space.state.found):
            labels = space.labels[space.solution[column]]
            if found is None or INVENTED not in labels or found not in labels:
                continue
            merged[merged[:, column] == labels.index(INVENTED), column] = labels.index(found)
        return merged

    def solution_of(self, labels: tuple[Any, ...]) -> Story:
        if len(labels) != len(ELEMENTS):
            raise InvalidInput("labels", labels, f"a row's labels: {', '.join(ELEMENTS)}")
        return self.solutions_of([tuple(labels)])[0]

    def solutions_of(self, labels: Sequence[tuple[Any, ...]]) -> list[Story]:
        if not labels:
            return []
        columns = [list(column) for column in zip(*labels, strict=True)]
        for column, text in zip(columns, self.space.state.found, strict=True):
            if text is not None:  # "invented" reads as the wording found
                column[:] = [text if label == INVENTED else label for label in column]
        stories = list(map(Story, *columns))
        for story in stories:  # said in the player's language (the data stays the deck's)
            object.__setattr__(story, "_deck", self.deck)
        return stories

    def queries(self) -> Sequence[Question]:
        # an element found is not asked about again: nothing more about it scores
        state: State = self.space.state
        result: list[Question] = []
        for element, found, questions in zip(
            ELEMENTS, state.found, _questions_by_element(self._tables), strict=True
        ):
            if found is None:
                asked = {q.about for q in state.asked if q.element == element}
                result += [q for q in questions if q.about not in asked]
        return result

    def partition(self, space: Space, queries: Sequence[Question]) -> Partition:
        n = len(queries)
        mass = np.zeros((n, 2))
        count = np.zeros((n, 2), dtype=np.int64)
        cond = np.zeros(n)
        total = float(space.total)
        tables = self._tables
        state: State = space.state
        for e, element in enumerate(ELEMENTS):
            chosen = [i for i, q in enumerate(queries) if q.element == element]
            if not chosen:
                continue
            p_yes = yes_chances(tables, state, e, [queries[i] for i in chosen])
            m = space.tally(element)
            c = space.tally(element, weighted=False)
            mass[chosen, 0] = p_yes @ m
            mass[chosen, 1] = (1.0 - p_yes) @ m
            count[chosen, 0] = (p_yes > 0).astype(np.int64) @ c
            count[chosen, 1] = (p_yes < 1).astype(np.int64) @ c
            cond[chosen] = (binary_entropy(p_yes) @ m) / total if total else 0.0
        return Partition(mass=mass, count=count, cond_entropy=cond)

    def possible_queries(self, space: Space, queries: Sequence[Question]) -> npt.NDArray[np.bool_]:
        cards = self._tables.card
        result = np.zeros(len(queries), dtype=bool)
        possible = {}
        for i, query in enumerate(queries):
            if query in cards:
                e, k = cards[query]
                if e not in possible:
                    possible[e] = space.tally(ELEMENTS[e], weighted=False) > 0
                result[i] = bool(possible[e][k])
        return result

    def outcome_label(self, query: Question, k: int) -> str:
        return "yes" if k == 0 else "no"

    def clue_for(self, query: Question, k: int) -> Answer:
        return Answer(query.element, query.about, "yes" if k == 0 else "no")

    def finishes(self, query: Question, k: int) -> bool:
        return False

    # -- for deduce.testing ------------------------------------------------------------

    def world_of(self, secret: Any) -> int:
        tables = self._tables
        if not isinstance(secret, Story):
            raise InvalidInput("secret", secret, "a crime_writers.Story")
        try:
            index = [tables.labels[e].index(getattr(secret, n)) for e, n in enumerate(ELEMENTS)]
        except ValueError:
            raise InvalidInput("secret", secret, "a Story of card wordings and INVENTED") from None
        key = int(np.ravel_multi_index(index, [len(labels) for labels in tables.labels]))
        row = int(np.searchsorted(tables.keys, key))
        if row >= len(tables.keys) or tables.keys[row] != key:
            raise InvalidInput("secret", secret, "a draw of 3 cards (killer and victim differ)")
        return row

    def secret_of(self, world: int) -> Story:
        root = self.origin.space
        story = Story(*(root.labels[e][int(i)] for e, i in enumerate(root.worlds[world])))
        return story.told_with(self.deck)

    def story_of(self, index: int) -> Story:
        """The draw of remaining row ``index``; a uniform ``index`` before any clue gives
        the notebook's prior (self-play and property tests both draw stories so).

        Example:
            >>> Investigation.example().story_of(0) in Investigation.example().solutions()
            True
        """
        return self.secret_of(int(self.space.ids[index]))

    def secrets_strategy(self) -> SearchStrategy[Story]:
        from hypothesis import strategies as st

        return st.integers(0, self.space.size - 1).map(self.story_of)

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Investigation]:
        """Notebooks of the sample box or of a box small enough to list by hand."""
        from hypothesis import strategies as st

        from deduce.games.crime_writers.truthful import small_deck

        return st.builds(cls, st.sampled_from((Deck.example(), small_deck())))

    def impossible_clues(self) -> list[Found]:
        """A card found (drawn) for an element that no story left holds.

        Example:
            >>> inv = Investigation(Deck.example()).drawn("how", "poison")
            >>> Found("how", "Poison", False) in inv.impossible_clues()
            False
            >>> Found("how", "Knife", False) in inv.impossible_clues()
            True
        """
        marginals = self.marginals()
        return [
            Found(element, card.text, False)
            for element in ELEMENTS
            for card in self.deck.for_element(element)
            if not marginals[element].get(card.text, 0.0)
        ]

    def clue_strategy(self, secret: Any) -> SearchStrategy[NotebookClue | None]:
        if not isinstance(secret, Story):
            raise InvalidInput("secret", secret, "a crime_writers.Story")
        return truthful_clues(self.deck, secret, self.space.state)


@lru_cache(maxsize=8)
def _questions_by_element(tables: QuestionTables) -> tuple[tuple[Question, ...], ...]:
    """The questions of ``tables`` about each element, in their order."""
    return tuple(tuple(q for q in tables.questions if q.element == element) for element in ELEMENTS)


@lru_cache(maxsize=8)
def _first_space(tables: QuestionTables) -> Space:
    """Every draw of the deck of ``tables`` before any clue (a space never changes, so
    every notebook of the deck shares it)."""
    sizes = tuple(len(labels) - 1 for labels in tables.labels)
    none = (None,) * len(ELEMENTS)
    start = State(none, (frozenset(),) * len(ELEMENTS), {}, frozenset())
    return Space(ELEMENTS, tables.labels, all_draws(sizes), state=start)


guard(globals())
