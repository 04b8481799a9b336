"""Crime Writers: the guests' notebook, the master-scribe's sheet and the title check.

The writer drew three cards (at most two persons: then one is the killer and the other
the victim) and invented the other two of the five elements: who (killer), whom
(victim), why (motive), where (scene) and how (cause of death). A *draw* says, for each
element, which card it is or that it was invented (:data:`INVENTED`).

Guests ask about an element's tags (from the deck file) or name a card; the writer's
five replies mean:

- ``"yes"``: the element has the tag; cards that lack it are ruled out.
- ``"no"``: the element lacks the tag; cards that have it are ruled out.
- ``"also"``, ``"almost"``, ``"not characteristic"`` (``"not important"`` is the same
  answer): nothing is ruled out. They are logged, and :meth:`Investigation.candidates`
  lists first the cards they point to (the tag itself for "also"; the tag and its near
  tags, or a named card's tags, for "almost").

Naming a card is a question too: "no" rules the card out for that element, "yes" means
it was found. An invented element, and a card whose tag is listed as ``maybe`` (it
depends on the story), can be either way for a tag: both replies keep them.

Probabilities are exact: every draw allowed by the rule is equally likely, and so is
each way an invented element (or a ``maybe`` tag) can be for the tags asked about. So a
card that fits a "yes" keeps its whole weight while an invented element keeps half of
it: the invented element fits that reply in half of its possible descriptions.

Example:
    >>> inv = Investigation(Deck.example())
    >>> inv = inv.answer("how", "object", "yes").answer("how", "weapon", "no")
    >>> inv = inv.answer("how", "tool", "yes").answer("how", "repairs", "yes")
    >>> inv = inv.answer("how", "Adjustable wrench", "no")
    >>> [(text, round(p, 3)) for text, p in inv.candidates("how")]
    [('Screwdriver', 0.515), ('(invented)', 0.485)]
    >>> inv.answer("how", "Screwdriver", "yes").solved is None  # four elements to go
    True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce.errors import InvalidInput
from deduce.games._crime_writers_deck import (
    DECK_OF,
    DECKS,
    ELEMENTS,
    INVENTED,
    Card,
    Deck,
)
from deduce.games._crime_writers_score import Find, Round, ScoreSheet, started_minutes
from deduce.games._crime_writers_title import TitleWarning, check_title
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Recommendation
from deduce.space import Space
from deduce.strategy import Partition

__all__ = [
    "DECKS",
    "DECK_OF",
    "ELEMENTS",
    "INVENTED",
    "REPLIES",
    "Answer",
    "Card",
    "Deck",
    "Find",
    "Found",
    "Investigation",
    "Question",
    "Round",
    "ScoreSheet",
    "Seen",
    "Story",
    "TitleWarning",
    "check_title",
    "started_minutes",
]

REPLIES: tuple[str, ...] = ("yes", "also", "almost", "no", "not characteristic")
"""The writer's five replies (``"not important"`` is accepted for the last one)."""

_ALIASES = {"not important": "not characteristic"}
_HAS, _LACKS, _MAYBE = 0, 1, 2


def _reply(value: Any) -> str:
    if isinstance(value, str):
        key = re.sub(r"[\s_-]+", " ", value.strip().casefold())
        key = _ALIASES.get(key, key)
        if key in REPLIES:
            return key
    raise InvalidInput("reply", value, [*REPLIES, "not important"])


def _element(value: Any) -> str:
    if isinstance(value, str) and value.strip().casefold() in ELEMENTS:
        return value.strip().casefold()
    raise InvalidInput("element", value, ELEMENTS)


@dataclass(frozen=True, slots=True)
class Story:
    """A solution: the five elements, each a card's wording or an invented one.

    An element invented by the writer reads :data:`INVENTED` until a guest finds it, then
    its found wording.

    Example:
        >>> print(Story("Butler", "Heiress", "Greed", "Library", INVENTED))
        who: Butler, whom: Heiress, why: Greed, where: Library, how: (invented)
    """

    who: str
    whom: str
    why: str
    where: str
    how: str

    def __str__(self) -> str:
        return ", ".join(f"{name}: {getattr(self, name)}" for name in ELEMENTS)


@dataclass(frozen=True, slots=True)
class Question:
    """A yes/no question: does ``element`` have tag ``about``, or is it card ``about``?

    Example:
        >>> print(Question("how", "tool"))
        how: tool?
    """

    element: str
    about: str

    def __str__(self) -> str:
        return f"{self.element}: {self.about}?"


@dataclass(frozen=True, slots=True)
class Answer:
    """The clue: the writer's ``reply`` to a question about ``element``.

    Example:
        >>> Answer("how", "weapon", "no")
        Answer(element='how', about='weapon', reply='no')
    """

    element: str
    about: str
    reply: str


@dataclass(frozen=True, slots=True)
class Found:
    """The clue: a guest named ``element`` and the writer confirmed it.

    Attributes:
        element: one of :data:`ELEMENTS`.
        text: the wording named.
        invented: the writer invented this element (its wording is no card's, or it
            only happens to be worded like one).

    Example:
        >>> Found("why", "Stage fright", invented=True)
        Found(element='why', text='Stage fright', invented=True)
    """

    element: str
    text: str
    invented: bool = False


@dataclass(frozen=True, slots=True)
class Seen:
    """The clue: card ``text`` of ``stack`` is not in this story (I hold it, or it was
    in a story already told).

    Example:
        >>> Seen("persons", "Butler")
        Seen(stack='persons', text='Butler')
    """

    stack: str
    text: str


# -- tables built once per deck ---------------------------------------------------------


@lru_cache(maxsize=8)
def _worlds(sizes: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """Every draw: 3 elements are cards, 2 invented (index ``size``); killer != victim."""
    blocks = []
    for chosen in itertools.combinations(range(len(ELEMENTS)), 3):
        axes = [
            np.arange(size) if e in chosen else np.array([size]) for e, size in enumerate(sizes)
        ]
        grid = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, len(ELEMENTS))
        blocks.append(grid)
    worlds = np.concatenate(blocks).astype(np.int64)
    same = (worlds[:, 0] == worlds[:, 1]) & (worlds[:, 0] < sizes[0])
    worlds = worlds[~same]
    result: npt.NDArray[np.int64] = worlds[np.lexsort(worlds.T[::-1])]
    result.setflags(write=False)
    return result


@dataclass(frozen=True, slots=True, eq=False)
class _Tables:
    """What a deck means for questions: per element, the questions and their statuses."""

    labels: tuple[tuple[str, ...], ...]
    questions: tuple[Question, ...]
    row: dict[Question, tuple[int, int]]  # question -> (element, row in status[element])
    card: dict[Question, tuple[int, int]]  # naming a card -> (element, label index)
    status: tuple[npt.NDArray[np.int8], ...]  # per element: (questions, labels)
    keys: npt.NDArray[np.int64]  # raveled world of every row of the initial space


@lru_cache(maxsize=8)
def _tables(deck: Deck) -> _Tables:
    labels: list[tuple[str, ...]] = []
    questions: list[Question] = []
    status: list[npt.NDArray[np.int8]] = []
    row: dict[Question, tuple[int, int]] = {}
    card_of: dict[Question, tuple[int, int]] = {}
    code = {"has": _HAS, "lacks": _LACKS, "maybe": _MAYBE}
    for e, element in enumerate(ELEMENTS):
        stack = DECK_OF[element]
        cards = deck.stack(stack)
        labels.append((*(c.text for c in cards), INVENTED))
        rows: list[list[int]] = []
        for tag in deck.tags(stack):
            row[Question(element, tag)] = (e, len(rows))
            rows.append([code[c.status(tag)] for c in cards] + [_MAYBE])
        for k, card in enumerate(cards):
            row[Question(element, card.text)] = (e, len(rows))
            card_of[Question(element, card.text)] = (e, k)
            rows.append([_HAS if i == k else _LACKS for i in range(len(cards))] + [_LACKS])
        questions.extend(q for q, (owner, _) in row.items() if owner == e)
        matrix = np.array(rows, dtype=np.int8)
        matrix.setflags(write=False)
        status.append(matrix)
    sizes = tuple(len(labels[e]) - 1 for e in range(len(ELEMENTS)))
    worlds = _worlds(sizes)
    keys = np.asarray(np.ravel_multi_index(worlds.T, [s + 1 for s in sizes]), dtype=np.int64)
    return _Tables(tuple(labels), tuple(questions), row, card_of, tuple(status), keys)


@dataclass(frozen=True, slots=True, eq=False)
class _State:
    """What the space carries beside its rows: found invented wordings, tag replies."""

    found: tuple[str | None, ...]
    replies: dict[tuple[str, str], str]  # (element, tag) -> "yes" | "no"; never mutated


_EXACT_LIMIT = 1 << 52


def _doubled(weights: npt.NDArray[Any], mask: npt.NDArray[np.bool_]) -> npt.NDArray[Any]:
    """``weights`` doubled where ``mask``; kept small (a common factor does not matter)."""
    result = np.where(mask, weights * 2, weights)
    if result.dtype.kind == "i":
        if len(result) and result.min() > 0:
            low = int(np.bitwise_and(result, -result).min())  # lowest set bit common to all
            result = result // low
        if len(result) and result.max() >= _EXACT_LIMIT:
            result = result.astype(np.float64) / float(result.max())
    elif len(result) and result.max() > 1.0:
        result = result / result.max()
    return result


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
        >>> inv = inv.found("who", "Butler").found("whom", "Heiress").found("why", "Greed")
        >>> inv.marginals()["how"][INVENTED]
        1.0
    """

    game = "crime_writers"
    clue_types = (Answer, Found, Seen)

    def __init__(self, deck: Deck) -> None:
        if not isinstance(deck, Deck):
            raise InvalidInput("deck", deck, "a crime_writers.Deck (Deck.example() or Deck.load)")
        self.deck = deck
        self._tables = _tables(deck)
        self._start()

    # -- the table's helpers -----------------------------------------------------------

    def answer(self, element: str, about: str, reply: str) -> Investigation:
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
        name = _element(element)
        return self.observe(Answer(name, self._about(name, about)[0], _reply(reply)))

    def found(self, element: str, text: str, *, invented: bool | None = None) -> Investigation:
        """The investigation after a guest found ``element``: it is worded ``text``.

        Args:
            element: "who", "whom", "why", "where" or "how".
            text: the wording. A card's wording (case folded) means that card was drawn;
                any other wording means the writer invented the element.
            invented: True if the writer invented the element even though it is worded
                like a card; False to insist that it is a card.

        Example:
            >>> inv = Investigation(Deck.example()).found("how", "poison")
            >>> inv.found("why", "Stage fright").clues[-1]
            Found(element='why', text='Stage fright', invented=True)
            >>> inv.clues
            (Found(element='how', text='Poison', invented=False),)
        """
        name = _element(element)
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("text", text, "the element's wording (a non-empty string)")
        if invented is not None and not isinstance(invented, bool):
            raise InvalidInput("invented", invented, "True, False or None")
        card = self._card(DECK_OF[name], text.strip())
        if invented is None:
            invented = card is None
        if not invented:
            if card is None:
                cards = [c.text for c in self.deck.for_element(name)]
                raise InvalidInput("text", text, cards, reason="invented=False needs a card")
            return self.observe(Found(name, card.text, False))
        return self.observe(Found(name, text.strip(), True))

    def seen(self, *texts: str, stack: str | None = None) -> Investigation:
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
        if stack is not None and stack not in DECKS:
            raise InvalidInput("stack", stack, DECKS)
        if not texts:
            raise InvalidInput("texts", texts, "at least one card's wording")
        result: Investigation = self
        for text in texts:
            stacks = [stack] if stack is not None else list(DECKS)
            matches = [(s, c) for s in stacks if (c := self._card(s, text)) is not None]
            if not matches:
                every = [c.text for s in stacks for c in self.deck.stack(s)]
                raise InvalidInput("text", text, every)
            if len(matches) > 1:
                raise InvalidInput(
                    "stack", None, [s for s, _ in matches], reason=f"{text!r} is in several"
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
        name = _element(element)
        values = self.marginals()[name]
        found = self._space.state.found[ELEMENTS.index(name)]
        hint = self._hints(name)
        items = [
            (i, found if (text == INVENTED and found is not None) else text, p)
            for i, (text, p) in enumerate(values.items())
            if p > 0
        ]
        items.sort(key=lambda item: (-hint[item[0]], -item[2], item[0]))
        return [(text, p) for _, text, p in items]

    def _hints(self, element: str) -> list[float]:
        cards = self.deck.for_element(element)
        score = [0.0] * (len(cards) + 1)
        for clue in self._clues:
            if not isinstance(clue, Answer) or _element(clue.element) != element:
                continue
            if clue.reply not in ("also", "almost"):
                continue
            _, card = self._about(element, clue.about)
            if card is None:
                wanted = {clue.about}
                if clue.reply == "almost":
                    wanted |= self.deck.near_tags(clue.about)
                for i, c in enumerate(cards):
                    if wanted & set(c.all_tags()):
                        score[i] += 1.0
            else:
                named = set(card.all_tags())
                for i, c in enumerate(cards):
                    mine = set(c.all_tags())
                    if c != card and named | mine:
                        score[i] += len(named & mine) / len(named | mine)
        return score

    # -- recommendations ---------------------------------------------------------------

    def recommend(
        self,
        top: int = 3,
        *,
        strategy: str = "entropy",
        among: Callable[[Any], bool] | None = None,
        element: str | None = None,
    ) -> list[Recommendation]:
        """The ``top`` best questions (each a :class:`Question`), overall or about
        ``element``.

        Questions already answered "yes" or "no" are not suggested again (the writer
        would answer the same). To score a question, an invented element, or a card
        whose tag depends on the story, is taken to answer yes or no with equal chance.

        Example:
            >>> inv = Investigation(Deck.example()).found("how", "Screwdriver")
            >>> inv.recommend(top=1, element="where")[0].action
            Question(element='where', about='public')
        """
        if element is None:
            return super().recommend(top, strategy=strategy, among=among)
        focus = _element(element)
        return super().recommend(
            top,
            strategy=strategy,
            among=lambda q: q.element == focus and (among is None or among(q)),
        )

    def recommend_each(self, *, strategy: str = "entropy") -> dict[str, Recommendation]:
        """For each element that a question can still teach something about, the best
        question about it.

        Example:
            >>> inv = Investigation(Deck.example()).found("how", "Screwdriver")
            >>> sorted(inv.recommend_each())
            ['where', 'who', 'whom', 'why']
        """
        result = {}
        open_elements = {q.element for q in self._queries()}
        for element in ELEMENTS:
            if element not in open_elements:
                continue
            best = self.recommend(1, strategy=strategy, element=element)[0]
            if best.information > 1e-9:
                result[element] = best
        return result

    # -- rules -------------------------------------------------------------------------

    def _about(self, element: str, about: Any) -> tuple[str, Card | None]:
        """``about`` as (exact tag, None) or (card wording, card)."""
        stack = DECK_OF[element]
        tags = self.deck.tags(stack)
        if isinstance(about, str):
            if about in tags:
                return about, None
            card = self._card(stack, about)
            if card is not None:
                return card.text, card
            folded = [t for t in tags if t.casefold() == about.strip().casefold()]
            if folded:
                return folded[0], None
        choices = [*tags, *(c.text for c in self.deck.stack(stack))]
        raise InvalidInput("about", about, choices, reason=f"not a tag or card of {stack}")

    def _card(self, stack: str, text: str) -> Card | None:
        try:
            return self.deck.card(stack, text.strip() if isinstance(text, str) else text)
        except InvalidInput:
            return None

    def _config(self) -> dict[str, Any]:
        return {"deck": self.deck.to_dict()}

    @classmethod
    def _from_config(cls, config: dict[str, Any], **context: Any) -> Investigation:
        if context:
            raise InvalidInput("context", sorted(context), "nothing (the deck is in the text)")
        if set(config) != {"deck"}:
            raise InvalidInput("config", sorted(config), "exactly the key 'deck'")
        return cls(Deck.from_dict(config["deck"], source="saved deck"))

    def _constructor_repr(self) -> str:
        if self.deck == Deck.example():
            return "Investigation(Deck.example())"
        return f"Investigation({self.deck!r})"

    def _initial_space(self) -> Space:
        tables = self._tables
        sizes = tuple(len(labels) - 1 for labels in tables.labels)
        start = _State((None,) * len(ELEMENTS), {})
        return Space(ELEMENTS, tables.labels, _worlds(sizes), state=start)

    def _apply(self, space: Space, clue: Any) -> Space:
        if isinstance(clue, Answer):
            element = _element(clue.element)
            reply = _reply(clue.reply)
            about, card = self._about(element, clue.about)
            if reply not in ("yes", "no"):
                return space
            e = ELEMENTS.index(element)
            column = space.worlds[:, e]
            if card is not None:
                k = self._tables.labels[e].index(card.text)
                return space.filter((column == k) if reply == "yes" else (column != k))
            state: _State = space.state
            earlier = state.replies.get((element, about))
            if earlier == reply:
                return space
            if earlier is not None:  # "yes" and "no" to the same question
                return space.filter(np.zeros(space.size, dtype=bool))
            status = self._tables.status[e][self._tables.row[Question(element, about)][1]]
            kept = space.filter(status[column] != (_LACKS if reply == "yes" else _HAS))
            definite = status[kept.worlds[:, e]] != _MAYBE
            replies = {**state.replies, (element, about): reply}
            return kept.replace(
                weights=_doubled(kept.weights, definite),
                state=_State(state.found, replies),
            )
        if isinstance(clue, Found):
            element = _element(clue.element)
            if not isinstance(clue.invented, bool):
                raise InvalidInput("invented", clue.invented, "True or False")
            if not isinstance(clue.text, str) or not clue.text.strip():
                raise InvalidInput("text", clue.text, "the element's wording (a non-empty string)")
            e = ELEMENTS.index(element)
            column = space.worlds[:, e]
            labels = self._tables.labels[e]
            if not clue.invented:
                card = self._card(DECK_OF[element], clue.text)
                if card is None:
                    raise InvalidInput("text", clue.text, list(labels[:-1]))
                return space.filter(column == labels.index(card.text))
            old: _State = space.state
            if old.found[e] is not None and old.found[e] != clue.text:
                return space.filter(np.zeros(space.size, dtype=bool))
            found = tuple(clue.text if i == e else t for i, t in enumerate(old.found))
            kept = space.filter(column == len(labels) - 1)
            return kept.replace(state=_State(found, old.replies))
        if isinstance(clue, Seen):
            if clue.stack not in DECKS:
                raise InvalidInput("stack", clue.stack, DECKS)
            card = self._card(clue.stack, clue.text)
            if card is None:
                raise InvalidInput("text", clue.text, [c.text for c in self.deck.stack(clue.stack)])
            keep = np.ones(space.size, dtype=bool)
            for e, element in enumerate(ELEMENTS):
                if DECK_OF[element] == clue.stack:
                    keep &= space.worlds[:, e] != self._tables.labels[e].index(card.text)
            return space.filter(keep)
        raise InvalidInput("clue", clue, "an Answer, Found or Seen")

    def _solution(self, labels: tuple[Any, ...]) -> Story:
        state: _State = self._space.state
        named = [
            found if (label == INVENTED and found is not None) else label
            for label, found in zip(labels, state.found, strict=True)
        ]
        return Story(*named)

    def _queries(self) -> Sequence[Question]:
        state: _State = self._space.state
        asked = {Question(element, about) for element, about in state.replies}
        return [q for q in self._tables.questions if q not in asked]

    def _partition(self, space: Space, queries: Sequence[Question]) -> Partition:
        n = len(queries)
        mass = np.zeros((n, 2))
        count = np.zeros((n, 2), dtype=np.int64)
        cond = np.zeros(n)
        total = float(space.total)
        tables = self._tables
        for e, element in enumerate(ELEMENTS):
            chosen = [i for i, q in enumerate(queries) if q.element == element]
            if not chosen:
                continue
            status = tables.status[e][[tables.row[queries[i]][1] for i in chosen]]
            width = status.shape[1]
            column = space.worlds[:, e]
            m = np.bincount(column, weights=space.weights, minlength=width).astype(np.float64)
            c = np.bincount(column, minlength=width).astype(np.int64)
            has, lacks, maybe = status == _HAS, status == _LACKS, status == _MAYBE
            mm = maybe @ m
            mass[chosen, 0] = has @ m + mm / 2
            mass[chosen, 1] = lacks @ m + mm / 2
            count[chosen, 0] = (has | maybe) @ c
            count[chosen, 1] = (lacks | maybe) @ c
            cond[chosen] = mm / total if total else 0.0
        return Partition(mass=mass, count=count, cond_entropy=cond)

    def _candidates(self, space: Space, queries: Sequence[Question]) -> npt.NDArray[np.bool_]:
        cards = self._tables.card
        result = np.zeros(len(queries), dtype=bool)
        possible = {}
        for i, query in enumerate(queries):
            if query in cards:
                e, k = cards[query]
                if e not in possible:
                    width = len(self._tables.labels[e])
                    possible[e] = np.bincount(space.worlds[:, e], minlength=width) > 0
                result[i] = bool(possible[e][k])
        return result

    def _outcome_label(self, query: Question, k: int) -> str:
        return "yes" if k == 0 else "no"

    def _clue(self, query: Question, k: int) -> Answer:
        return Answer(query.element, query.about, "yes" if k == 0 else "no")

    def _finished(self, query: Question, k: int) -> bool:
        return False

    # -- for deduce.testing ------------------------------------------------------------

    def _world_of(self, secret: Any) -> int:
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

    def _secret_of(self, world: int) -> Story:
        root = self._root()._space
        return Story(*(root.labels[e][int(i)] for e, i in enumerate(root.worlds[world])))

    def _clue_strategy(self, secret: Any) -> Any:
        from hypothesis import strategies as st

        story: Story = secret
        deck = self.deck
        replies = self._space.state.replies

        def tag_answer(draw: Callable[..., Any]) -> Answer:
            element = draw(st.sampled_from(ELEMENTS))
            stack = DECK_OF[element]
            value = getattr(story, element)
            soft = draw(st.sampled_from((None, "also", "almost", "not characteristic")))
            about = draw(st.sampled_from((*deck.tags(stack), *(c.text for c in deck.stack(stack)))))
            if soft is not None:
                return Answer(element, about, soft)
            card = self._card(stack, about)
            if card is not None and card.text == about:
                return Answer(element, about, "yes" if value == about else "no")
            status = "maybe" if value == INVENTED else deck.card(stack, value).status(about)
            if status == "maybe":  # the story decides, once: keep an earlier reply
                earlier = replies.get((element, about))
                reply = earlier or draw(st.sampled_from(("yes", "no")))
                return Answer(element, about, reply)
            return Answer(element, about, "yes" if status == "has" else "no")

        def found(draw: Callable[..., Any]) -> Found:
            element = draw(st.sampled_from(ELEMENTS))
            value = getattr(story, element)
            if value == INVENTED:
                return Found(element, f"a made-up {element}", True)
            return Found(element, value, False)

        def seen(draw: Callable[..., Any]) -> Seen | None:
            stack = draw(st.sampled_from(DECKS))
            used = {getattr(story, e) for e in ELEMENTS if DECK_OF[e] == stack}
            free = [c.text for c in deck.stack(stack) if c.text not in used]
            return Seen(stack, draw(st.sampled_from(free))) if free else None

        return st.one_of(
            st.composite(tag_answer)(),
            st.composite(tag_answer)(),
            st.composite(found)(),
            st.composite(seen)().filter(lambda clue: clue is not None),
        )
