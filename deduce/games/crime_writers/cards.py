"""Crime Writers decks: cards with their exact wording and descriptive tags.

A deck has four stacks: ``persons`` (killer and victim), ``scenes``, ``causes`` (of death)
and ``motives``. Each card has its exact wording (``text``), the ``tags`` the wording
always has, and ``maybe`` tags it has or lacks depending on how the writer tells it (a
"Nurse" may be a man or a woman). A card lacks every other tag. A card may also carry its
wording in other languages (``texts``, by language code): a player reads each card in
their language and may name it in any. Decks are read from TOML files (see
``docs/crime_writers.md``); :meth:`Deck.example` is a sample shipped with the library, its
cards in English and German.

Example:
    >>> deck = Deck.example()
    >>> deck.sample, len(deck.persons), len(deck.scenes), len(deck.causes), len(deck.motives)
    (True, 30, 20, 20, 16)
    >>> deck.card("causes", "screwdriver")  # doctest: +NORMALIZE_WHITESPACE
    Card(text='Screwdriver', tags=('object', 'tool', 'repairs', 'sharp', 'blood'), maybe=(),
         texts=(('de', 'Schraubenzieher'),))
    >>> deck.card("causes", "Schraubenzieher").text, deck.card("scenes", "Kueche").text
    ('Screwdriver', 'Kitchen')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, language, languages
from deduce._internal.names import lookup, resolve
from deduce.core import decks
from deduce.core.registry import key as typed_key
from deduce.errors import InvalidInput

__all__ = ["DECKS", "DECK_OF", "ELEMENTS", "INVENTED", "MAX_CARDS", "Card", "Deck"]

MAX_CARDS = 50
"""The most cards of a stack (the possible draws grow with the cube of the stacks)."""

ELEMENTS: tuple[str, ...] = ("who", "whom", "why", "where", "how")
"""The five crime elements: killer, victim, motive, scene, cause of death."""

DECKS: tuple[str, ...] = ("persons", "scenes", "causes", "motives")
"""The four stacks of a deck."""

DECK_OF: dict[str, str] = {
    "who": "persons",
    "whom": "persons",
    "why": "motives",
    "where": "scenes",
    "how": "causes",
}
"""The stack each element's card comes from."""

INVENTED = N_("(invented)")
"""The value of an element that the writer made up instead of drawing a card."""

Status = Literal["has", "lacks", "maybe"]

_CARD_KEYS = ("text", "tags", "maybe", "texts")
_DECK_KEYS = ("name", "sample", "description")
_TOP_KEYS = ("deck", "near", *DECKS)
_EXAMPLE = "example.toml"


def _text(argument: str, value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise InvalidInput(
            argument, value, M("{what}: a non-empty string without outer spaces", what=what)
        )
    bad = decks.control_character(value)
    if bad is not None:
        raise InvalidInput(
            argument,
            value,
            M(
                "{what} without control characters (escape sequences, line breaks, zero-width "
                "characters)",
                what=what,
            ),
            reason=M("it holds the character U+{code}", code=f"{ord(bad):04X}"),
        )
    return value


def _strings(argument: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidInput(argument, value, N_("a list of tags (non-empty strings)"))
    items = tuple(value)
    for i, item in enumerate(items):
        _text(f"{argument}[{i}]", item, N_("a tag"))
    seen: set[str] = set()
    for item in items:
        if item.casefold() in seen:
            raise InvalidInput(
                argument,
                list(items),
                N_("tags without repeats"),
                reason=M("{name!r} twice", name=item),
            )
        seen.add(item.casefold())
    return items


def _wordings(value: Any) -> tuple[tuple[str, str], ...]:
    """A card's wordings in other languages (a mapping, or pairs, of language code to
    wording), checked and ordered by language code."""
    expected = N_('a table of language code = wording, e.g. { de = "Gift" }')
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidInput("texts", value, expected)
    else:
        items = list(value)
        if not all(isinstance(item, (tuple, list)) and len(item) == 2 for item in items):
            raise InvalidInput("texts", items, expected)
    known = languages()
    result: dict[str, str] = {}
    for code, wording in items:
        if not isinstance(code, str) or code not in known:
            raise InvalidInput(
                "texts", code, list(known), reason=N_("not a language code deduce speaks")
            )
        if code in result:
            raise InvalidInput(
                "texts", code, N_("each language once"), reason=M("{code!r} twice", code=code)
            )
        result[code] = _text(f"texts.{code}", wording, N_("the card's wording in that language"))
        if wording == INVENTED:
            raise InvalidInput(
                f"texts.{code}", wording, N_("any wording but '(invented)' (reserved)")
            )
    return tuple(sorted(result.items()))


@dataclass(frozen=True, slots=True, repr=False)
class Card:
    """One card: its exact wording and its tags.

    Args:
        text: the wording exactly as printed (guests must name it so).
        tags: what the card always is (``"man"``, ``"indoors"``, ``"weapon"``...).
        maybe: tags the card has in some stories and lacks in others.
        texts: its wording in other languages, by language code (one of
            :func:`~deduce._internal.language.languages`): a mapping ``{"de": "Gift"}``
            or pairs, kept as pairs in the order of their codes. A player reads the card
            in their language (:meth:`text_in`) and may name it in any.

    Example:
        >>> card = Card("Nurse", tags=("medical",), maybe=("man", "woman"))
        >>> card.status("medical"), card.status("man"), card.status("weapon")
        ('has', 'maybe', 'lacks')
        >>> nurse = Card("Nurse", ("medical",), texts={"de": "Pflegekraft"})
        >>> nurse
        Card(text='Nurse', tags=('medical',), maybe=(), texts=(('de', 'Pflegekraft'),))
        >>> nurse.text_in("de"), nurse.text_in("en"), nurse.wordings()
        ('Pflegekraft', 'Nurse', ('Nurse', 'Pflegekraft'))
    """

    text: str
    tags: tuple[str, ...] = ()
    maybe: tuple[str, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _text("text", self.text, N_("the card's wording"))
        if self.text == INVENTED:
            raise InvalidInput("text", self.text, N_("any wording but '(invented)' (reserved)"))
        object.__setattr__(self, "tags", _strings("tags", self.tags))
        object.__setattr__(self, "maybe", _strings("maybe", self.maybe))
        object.__setattr__(self, "texts", _wordings(self.texts))
        both = sorted({t.casefold() for t in self.tags} & {t.casefold() for t in self.maybe})
        if both:
            raise InvalidInput(
                "maybe",
                list(self.maybe),
                N_("tags not also listed in 'tags'"),
                reason=f"{both[0]!r}",
            )

    def status(self, tag: str) -> Status:
        """Whether the card ``"has"``, ``"lacks"`` or ``"maybe"`` has ``tag``."""
        if tag in self.tags:
            return "has"
        return "maybe" if tag in self.maybe else "lacks"

    def all_tags(self) -> tuple[str, ...]:
        """The tags it has or may have."""
        return (*self.tags, *self.maybe)

    def text_in(self, code: str | None = None) -> str:
        """Its wording in language ``code`` (default: the player's language): the one
        :attr:`texts` gives for it, else :attr:`text`."""
        wanted = language() if code is None else code
        return next((wording for c, wording in self.texts if c == wanted), self.text)

    def wordings(self) -> tuple[str, ...]:
        """Every wording it is named by: :attr:`text`, then its other languages'."""
        return tuple(dict.fromkeys((self.text, *(wording for _c, wording in self.texts))))

    def __repr__(self) -> str:
        texts = f", texts={self.texts!r}" if self.texts else ""
        return f"Card(text={self.text!r}, tags={self.tags!r}, maybe={self.maybe!r}{texts})"


def _cards(argument: str, value: Any) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidInput(argument, value, "a sequence of Card")
    cards = tuple(value)
    if not cards:
        raise InvalidInput(argument, [], N_("at least one card"))
    if len(cards) > MAX_CARDS:
        raise InvalidInput(
            argument,
            f"{len(cards):,} cards",
            M("at most {most} cards (the printed stacks have 16 to 30)", most=MAX_CARDS),
        )
    for i, card in enumerate(cards):
        if not isinstance(card, Card):
            raise InvalidInput(f"{argument}[{i}]", card, "a Card")
    return cards


@dataclass(frozen=True, slots=True)
class Deck:
    """The four stacks of cards, and which tags count as near each other.

    Args:
        persons: the killer/victim cards.
        scenes: the crime scene cards.
        causes: the cause of death cards.
        motives: the motive cards.
        near: ``(tag, (tags...))`` pairs: tags close to each other (the relation is
            symmetric); an "almost" answer ranks cards with a near tag first.
        name: the deck's name.
        sample: true for a made-up sample deck (not the published cards).

    Raises:
        InvalidInput: a stack is empty, a card is worded twice in a stack (case
            folded; nor may its wording in any language be another card's in any), a
            tag is worded like a card of its stack, or a near tag is unused.

    Example:
        >>> deck = Deck(
        ...     persons=(Card("Butler", ("man",)), Card("Maid", ("woman",))),
        ...     scenes=(Card("Library", ("indoors",)),),
        ...     causes=(Card("Poison", ("substance",)),),
        ...     motives=(Card("Greed", ("money",)),),
        ... )
        >>> deck.tags("persons")
        ('man', 'woman')
    """

    persons: tuple[Card, ...]
    scenes: tuple[Card, ...]
    causes: tuple[Card, ...]
    motives: tuple[Card, ...]
    near: tuple[tuple[str, tuple[str, ...]], ...] = ()
    name: str = ""
    sample: bool = False

    def __post_init__(self) -> None:
        for stack in DECKS:
            cards = _cards(stack, getattr(self, stack))
            object.__setattr__(self, stack, cards)
            texts: dict[str, tuple[int, str, bool]] = {}
            for i, card in enumerate(cards):
                _unique(stack, i, card, texts)
            for i, card in enumerate(cards):
                for tag in card.all_tags():
                    if typed_key(tag) in texts:
                        raise InvalidInput(
                            f"{stack}[{i}].tags",
                            tag,
                            N_("a tag not worded like a card of its stack"),
                            reason=N_("questions name tags and cards alike"),
                        )
        if not isinstance(self.name, str):
            raise InvalidInput("name", self.name, N_("a string"))
        if decks.control_character(self.name) is not None:
            raise InvalidInput("name", self.name, N_("a name without control characters"))
        if not isinstance(self.sample, bool):
            raise InvalidInput("sample", self.sample, N_("True or False"))
        object.__setattr__(self, "near", self._check_near(self.near))

    def _check_near(self, near: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
        items = list(near.items()) if isinstance(near, Mapping) else list(near)
        used = {tag for stack in DECKS for card in self.stack(stack) for tag in card.all_tags()}
        result = []
        for entry in items:
            if not (isinstance(entry, (tuple, list)) and len(entry) == 2):
                raise InvalidInput("near", entry, "(tag, [tags...]) pairs")
            tag = _text("near", entry[0], N_("a tag"))
            others = _strings(f"near.{tag}", entry[1])
            for name in (tag, *others):
                if name not in used:
                    argument = "near" if name == tag else f"near.{tag}"
                    raise InvalidInput(argument, name, N_("a tag that some card carries"))
            result.append((tag, others))
        return tuple(result)

    # -- reading -------------------------------------------------------------------

    def stack(self, name: str) -> tuple[Card, ...]:
        """The cards of stack ``name`` (one of :data:`DECKS`)."""
        if name not in DECKS:
            raise InvalidInput("stack", name, DECKS)
        cards: tuple[Card, ...] = getattr(self, name)
        return cards

    def for_element(self, element: str) -> tuple[Card, ...]:
        """The cards element ``element`` (one of :data:`ELEMENTS`) can be."""
        if element not in DECK_OF:
            raise InvalidInput("element", element, ELEMENTS)
        return self.stack(DECK_OF[element])

    def tags(self, stack: str) -> tuple[str, ...]:
        """Every tag used in stack ``stack``, in order of first use."""
        kept = _kept(self)
        tags: tuple[str, ...] | None = kept.get(stack) if stack in DECKS else None
        if tags is None:  # a deck never changes: worked out once
            seen: dict[str, None] = {}
            for card in self.stack(stack):
                for tag in card.all_tags():
                    seen.setdefault(tag, None)
            tags = kept[stack] = tuple(seen)
        return tags

    def find(self, stack: str, text: Any) -> Card | None:
        """The card of ``stack`` that ``text`` names (see :meth:`card`), or None.

        Example:
            >>> Deck.example().find("persons", "butler").text, Deck.example().find("persons", "x")
            ('Butler', None)
        """
        if not isinstance(text, str) or stack not in DECKS:
            return self._find(stack, text.strip() if isinstance(text, str) else text)
        kept = _kept(self)
        key = (stack, text, language())  # a wording is read in the player's language first
        if key in kept:  # a deck never changes: what a wording finds is read once
            card: Card | None = kept[key]
            return card
        card = self._find(stack, text.strip())
        if len(kept) < _KEPT_READINGS:
            kept[key] = card
        return card

    def _find(self, stack: str, text: Any) -> Card | None:
        """The card ``text`` names (:meth:`card`), or None."""
        try:
            return self.card(stack, text)
        except InvalidInput:
            return None

    def about(self, element: str, about: Any) -> tuple[str, Card | None]:
        """What a question about ``element`` names: (its tag, None) or (a card's wording,
        the card); a tag may be typed in any case.

        Raises:
            InvalidInput: neither a tag nor a card of the element's stack.

        Example:
            >>> Deck.example().about("where", "Indoors")
            ('indoors', None)
        """
        if element not in DECK_OF:
            raise InvalidInput("element", element, ELEMENTS)
        stack = DECK_OF[element]
        tags = self.tags(stack)
        if isinstance(about, str):
            if about in tags:
                return about, None
            card = self.find(stack, about)
            if card is not None:
                return card.text, card
            folded = lookup(about.strip(), list(tags), prefix=False)
            if folded:
                return tags[folded[0]], None
        choices = [*tags, *(c.text_in() for c in self.stack(stack))]
        raise InvalidInput(
            "about", about, choices, reason=M("not a tag or card of {stack}", stack=stack)
        )

    def card(self, stack: str, text: str) -> Card:
        """The card of ``stack`` worded ``text``: exactly, else as typed (case, spaces,
        ``_`` and punctuation aside, the way the console reads names; no two cards of a
        stack are worded alike so), in the player's language or any other of the card's
        :attr:`~Card.texts`.

        Raises:
            InvalidInput: no card of the stack is worded so (its choices: the cards'
                wordings in the player's language).

        Example:
            >>> Deck.example().card("persons", "mother in law").text
            'Mother-in-law'
            >>> Deck.example().card("persons", "Gaertner").text
            'Gardener'
        """
        cards = self.stack(stack)
        for card in cards:
            if card.text == text:
                return card
        shown = [card.text_in() for card in cards]
        try:
            wording = resolve(text, shown, argument=stack[:-1], prefix=False)
        except InvalidInput:
            named = _named(cards, text)
            if named is None:
                raise
            return named
        return cards[shown.index(wording)]

    def shown(self, text: str, stack: str | None = None) -> str:
        """A value of an element as the player reads it: a card's wording (of ``stack``,
        else of the first stack that has a card worded exactly ``text``) in the player's
        language (:meth:`Card.text_in`), :data:`INVENTED` in their words, any other text
        as it is.

        Example (in English; in German ``Gift``, ``(erfunden)`` and ``Stage fright``):
            >>> deck = Deck.example()
            >>> deck.shown("Poison"), deck.shown(INVENTED), deck.shown("Stage fright")
            ('Poison', '(invented)', 'Stage fright')
        """
        if text == INVENTED:
            return str(_(INVENTED))
        for name in [stack] if stack in DECKS else DECKS:
            for card in self.stack(name):
                if card.text == text:
                    return card.text_in()
        return text

    def near_tags(self, tag: str) -> frozenset[str]:
        """The tags declared near ``tag`` (either way round), without ``tag`` itself."""
        result: set[str] = set()
        for key, others in self.near:
            if key == tag:
                result.update(others)
            elif tag in others:
                result.add(key)
        result.discard(tag)
        return frozenset(result)

    # -- files ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The deck as plain data (the layout of the TOML file).

        Example:
            >>> Deck.from_dict(Deck.example().to_dict()) == Deck.example()
            True
        """
        data: dict[str, Any] = {"deck": {"name": self.name, "sample": self.sample}}
        if self.near:
            data["near"] = {tag: list(others) for tag, others in self.near}
        for stack in DECKS:
            data[stack] = [_card_dict(card) for card in self.stack(stack)]
        return data

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "deck") -> Deck:
        """Build a deck from plain data laid out as the TOML file.

        Args:
            data: the parsed file.
            source: the name of the file, used in error messages.

        Raises:
            InvalidInput: naming the file, the card and the field that is wrong.
        """
        if not isinstance(data, Mapping):
            raise InvalidInput(source, data, M("a table with {keys}", keys=", ".join(_TOP_KEYS)))
        _no_unknown(source, data, _TOP_KEYS)
        meta = data.get("deck", {})
        if not isinstance(meta, Mapping):
            raise InvalidInput(
                f"{source}: deck", meta, M("a table with {keys}", keys=", ".join(_DECK_KEYS))
            )
        _no_unknown(f"{source}: deck", meta, _DECK_KEYS)
        near = data.get("near", {})
        if not isinstance(near, Mapping):
            raise InvalidInput(f"{source}: near", near, N_("a table of tag = [tags...]"))
        stacks: dict[str, tuple[Card, ...]] = {}
        for stack in DECKS:
            entries = data.get(stack)
            if not isinstance(entries, list) or not entries:
                raise InvalidInput(
                    f"{source}: {stack}",
                    entries,
                    M("at least one {table} card table", table=f"[[{stack}]]"),
                )
            cards = []
            for i, entry in enumerate(entries):
                where = f"{source}: {stack}[{i}]"
                if isinstance(entry, Mapping) and isinstance(entry.get("text"), str):
                    where += f" ({entry['text']!r})"
                if not isinstance(entry, Mapping):
                    raise InvalidInput(where, entry, N_("a card table with text, tags, maybe"))
                _no_unknown(where, entry, _CARD_KEYS)
                if "text" not in entry:
                    raise InvalidInput(f"{where}.text", None, N_("the card's wording"))
                try:
                    cards.append(
                        Card(
                            entry["text"],
                            entry.get("tags", ()),
                            entry.get("maybe", ()),
                            entry.get("texts", ()),
                        )
                    )
                except InvalidInput as error:
                    raise _located(where, error) from None
            stacks[stack] = tuple(cards)
        try:
            return cls(
                persons=stacks["persons"],
                scenes=stacks["scenes"],
                causes=stacks["causes"],
                motives=stacks["motives"],
                near=tuple(near.items()),
                name=meta.get("name", ""),
                sample=meta.get("sample", False),
            )
        except InvalidInput as error:
            raise _located(source + ":", error) from None

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        """Read and check a deck from a TOML file.

        Raises:
            InvalidInput: the file cannot be read, is not TOML, or a card or field is
                wrong (the message names the file, the card and the field).

        Example:
            >>> import tempfile, pathlib
            >>> with tempfile.TemporaryDirectory() as folder:
            ...     path = pathlib.Path(folder) / "mine.toml"
            ...     _ = path.write_text(Deck.example().to_toml(), encoding="utf-8")
            ...     Deck.load(path) == Deck.example()
            True
        """
        return cls.loads(decks.read(path), source=Path(path).name)

    @classmethod
    def loads(cls, text: str, *, source: str = "deck") -> Deck:
        """Read and check a deck from TOML text (``source`` names it in errors)."""
        return cls.from_dict(decks.parse(text, source=source), source=source)

    @classmethod
    def example(cls) -> Deck:
        """The sample deck shipped with deduce (made-up cards, not the published ones)."""
        if _example_cache:
            return _example_cache[0]
        text = (
            resources.files("deduce.games.crime_writers")
            .joinpath(_EXAMPLE)
            .read_text(encoding="utf-8")
        )
        deck = cls.loads(text, source=_EXAMPLE)
        _example_cache.append(deck)
        return deck

    def to_toml(self) -> str:
        """The deck as TOML text that :meth:`loads` reads back."""
        return decks.dumps(self.to_dict())


_example_cache: list[Deck] = []

_KEPT: dict[int, tuple[Deck, dict[Any, Any]]] = {}
"""What the last few decks read worked out (their tags, the cards their wordings find), by
the deck's ``id``; the deck is kept with it, so its ``id`` is not another's meanwhile."""

_KEPT_DECKS = 8
_KEPT_READINGS = 4096  # the wordings read for a deck kept (what is typed is not bounded)


def _kept(deck: Deck) -> dict[Any, Any]:
    """What ``deck`` worked out so far (:data:`_KEPT`): a deck never changes, so it holds."""
    entry = _KEPT.get(id(deck))
    if entry is None or entry[0] is not deck:
        while len(_KEPT) >= _KEPT_DECKS:
            del _KEPT[next(iter(_KEPT))]
        entry = _KEPT[id(deck)] = (deck, {})
    return entry[1]


def _card_dict(card: Card) -> dict[str, str | list[str] | dict[str, str]]:
    data: dict[str, str | list[str] | dict[str, str]] = {"text": card.text}
    if card.texts:
        data["texts"] = dict(card.texts)
    data["tags"] = list(card.tags)
    if card.maybe:
        data["maybe"] = list(card.maybe)
    return data


def _unique(stack: str, i: int, card: Card, texts: dict[str, tuple[int, str, bool]]) -> None:
    """Note card ``i``'s wordings in ``texts`` (a typed wording: its card, as worded, and
    whether that is the card's own text), refusing one that another card of the stack
    has in any language."""
    for code, wording in (("", card.text), *card.texts):
        other, worded, own = texts.setdefault(typed_key(wording), (i, wording, not code))
        if other == i:
            continue
        if not code and own:
            expected = N_(
                "a wording not used by another card of the stack (case, spaces and "
                "punctuation aside, as the wordings are typed)"
            )
        else:
            expected = N_(
                "a wording not used by another card of the stack in any language (case, "
                "spaces and punctuation aside, as the wordings are typed)"
            )
        raise InvalidInput(
            f"{stack}[{i}].texts.{code}" if code else f"{stack}[{i}].text",
            wording,
            expected,
            reason=M("{card} is worded {text!r}", card=f"{stack}[{other}]", text=worded),
        )


def _named(cards: Sequence[Card], text: Any) -> Card | None:
    """The one card of ``cards`` that ``text`` names in any of its wordings, read as
    names are typed (case, accents, spaces and punctuation aside); None for none."""
    if not isinstance(text, str):
        return None
    owners = [(wording, k) for k, card in enumerate(cards) for wording in card.wordings()]
    found = {owners[i][1] for i in lookup(text, [w for w, _k in owners], prefix=False)}
    return cards[found.pop()] if len(found) == 1 else None


def _no_unknown(where: str, table: Mapping[str, object], known: Sequence[str]) -> None:
    for key in table:
        if key not in known:
            raise InvalidInput(
                f"{where}",
                key,
                M("the keys {keys}", keys=", ".join(known)),
                reason=N_("unknown key"),
            )


def _located(where: str, error: InvalidInput) -> InvalidInput:
    sep = " " if where.endswith(":") else "."
    return InvalidInput(
        f"{where}{sep}{error.argument}",
        error.value,
        error.choices or error.expected,
        reason=error.reason,
    )


guard(globals())
