"""The language a player reads: English, or any language with a catalogue.

Every word a player reads is English in the code and looked up, when it is shown, in the
gettext catalogue of the player's language (``deduce/locale/<code>/LC_MESSAGES/deduce.mo``,
made from the ``.po`` file beside it; docs/howto.md says how to add a language). The
console sets the process's language once (:func:`set_language`), the server each
request's (:func:`use_language`, a context variable).

Three ways to mark a text for translation:

- ``_(text)`` translates now (a line being printed);
- ``N_(text)`` only marks it (a constant made at import, translated where it is shown);
- ``M(template, **params)`` is a :class:`Message`: English text (a ``str``, so an
  exception's message stays English for a programmer) that remembers its template and
  parameters, so that ``_(message)`` says it again in the player's language. Refusals are
  built from them; ``plural(singular, plural, n)`` is the same with a number.

Example:
    >>> from deduce._internal.language import M, _, use_language
    >>> message = M("{n} left", n=3)
    >>> print(message)
    3 left
    >>> with use_language("de"):
    ...     print(_(message))
    3 übrig
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar, overload

from deduce.errors import InvalidInput

__all__ = [
    "ENGLISH",
    "LOCALE_DIR",
    "N_",
    "M",
    "Message",
    "_",
    "both",
    "choose_language",
    "either",
    "language",
    "languages",
    "negotiate",
    "ngettext",
    "plural",
    "set_language",
    "translate",
    "use_language",
]

ENGLISH = "en"
DOMAIN = "deduce"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# the language of this process (the console's), and of this context when it differs (a
# server's request, a ``with use_language`` block); threads the console starts see the
# process's language
_process = ENGLISH
_current: ContextVar[str | None] = ContextVar("deduce_language", default=None)


def languages(locale_dir: Path | None = None) -> tuple[str, ...]:
    """The languages deduce speaks: English and each language with a compiled catalogue.

    Example:
        >>> languages()[:2]
        ('en', 'de')
    """
    return _languages(LOCALE_DIR if locale_dir is None else locale_dir)


@functools.cache
def _languages(locale_dir: Path) -> tuple[str, ...]:
    found = sorted(
        path.parent.parent.name for path in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
    )
    return (ENGLISH, *(code for code in found if code != ENGLISH))


@functools.cache
def _translations(code: str) -> _gettext.NullTranslations:
    if code == ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def language() -> str:
    """The language of the words shown now (a code such as ``en`` or ``de``).

    Example:
        >>> language()
        'en'
    """
    return _current.get() or _process


def _checked(code: Any) -> str:
    if not isinstance(code, str) or code not in languages():
        raise InvalidInput("lang", code, languages())
    return code


def set_language(code: str) -> str:
    """Show every later word of this process in ``code``'s language (the console's
    ``--lang``), where no :func:`use_language` block says otherwise; returns the
    process's language before.

    Raises:
        InvalidInput: ``code`` is not one of :func:`languages`.
    """
    global _process
    before, _process = _process, _checked(code)
    return before


@contextlib.contextmanager
def use_language(code: str) -> Iterator[str]:
    """Show the words in ``code``'s language inside the ``with`` block.

    Example:
        >>> with use_language("de"):
        ...     language()
        'de'
    """
    token = _current.set(_checked(code))
    try:
        yield code
    finally:
        _current.reset(token)


def _code(tag: str) -> str | None:
    """The language of a locale name or language tag (``de_DE.UTF-8``, ``de-AT``), if
    deduce speaks it."""
    match = re.match(r"\s*([A-Za-z]{2,3})(?:[-_@.]|$)", tag)
    if match is None:
        return None
    code = match.group(1).lower()
    return code if code in languages() else None


def choose_language(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The console's language: ``requested`` (``--lang``) when given, else the locale of
    the environment (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, the first one set),
    else English. ``C`` and ``POSIX`` are English, as is a language without a catalogue.

    Raises:
        InvalidInput: ``requested`` is not one of :func:`languages`.

    Example:
        >>> choose_language(environ={"LANG": "de_DE.UTF-8"})
        'de'
        >>> choose_language(environ={"LC_ALL": "C", "LANG": "de_DE.UTF-8"})
        'en'
        >>> choose_language("en", environ={"LANG": "de_DE.UTF-8"})
        'en'
    """
    if requested is not None:
        return _checked(requested)
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            return _code(value) or ENGLISH
    return ENGLISH


def negotiate(accept_language: str | None) -> str:
    """The language a browser asks for: the first of its ``Accept-Language`` by weight
    that deduce speaks, else English (a tag with a weight that is not a number from 0
    to 1 is ignored).

    Example:
        >>> negotiate("fr-CH, de;q=0.9, en;q=0.8")
        'de'
        >>> negotiate("fr, en;q=0.5, de;q=0.1")
        'en'
        >>> negotiate(None)
        'en'
    """
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "")[:2000].split(",")):
        tag, _sep, params = part.partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([^\s;,]*)", params)
        if match is not None:  # a weight that is not a number from 0 to 1: the tag is ignored
            if re.fullmatch(r"0(\.[0-9]{0,3})?|1(\.0{0,3})?", match.group(1)) is None:
                continue
            weight = float(match.group(1))
        code = _code(tag)
        if code is not None and weight > 0:
            weighted.append((-weight, index, code))
    return min(weighted)[2] if weighted else ENGLISH


def N_(text: str) -> str:
    """Mark ``text`` for the catalogue without translating it (it is translated where it
    is shown, with :func:`_`).

    Example:
        >>> N_("the case")
        'the case'
    """
    return text


class Message(str):
    """English text that remembers its template and parameters, so that :func:`_` can say
    it again in another language. Make one with :func:`M` or :func:`plural`.

    Its parameters are said in the language too: a message, or a word the catalogue
    holds (``crime``); anything else (a name, a number) is formatted as it is.

    Example:
        >>> m = M("{name} is said twice", name="crime")
        >>> m, m.template, m.params
        ('crime is said twice', '{name} is said twice', {'name': 'crime'})
    """

    template: str
    params: dict[str, Any]
    plural_template: str | None
    number: int | None

    def __new__(
        cls,
        template: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural_template: str | None = None,
        count: int | None = None,
    ) -> Message:
        params = dict(params or {})
        english = template if plural_template is None or count == 1 else plural_template
        self = super().__new__(cls, english.format(**params) if params else english)
        self.template = template
        self.params = params
        self.plural_template = plural_template
        self.number = count
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.template, self.params, self.plural_template, self.number))

    def translated(self) -> str:
        """This message in the language of the moment."""
        params = {key: _(value) for key, value in self.params.items()}
        if self.plural_template is None:
            template = _translations(language()).gettext(self.template)
        else:
            count = 0 if self.number is None else self.number
            template = _translations(language()).ngettext(
                self.template, self.plural_template, count
            )
        return template.format(**params) if params else template


def _rebuilt(
    template: str, params: dict[str, Any], plural_template: str | None, count: int | None
) -> Message:
    return Message(template, params, plural_template=plural_template, count=count)


def M(template: str, /, **params: Any) -> Message:
    """A :class:`Message`: ``template`` (English, in ``str.format`` form) with ``params``.

    Example:
        >>> print(M("{n} cards", n=2))
        2 cards
    """
    return Message(template, params)


def plural(singular: str, many: str, n: int, /, **params: Any) -> Message:
    """A :class:`Message` with a number: ``singular`` when ``n`` is 1, else ``many`` (in
    English; each language has its own rule). ``n`` is a parameter too.

    Example:
        >>> print(plural("{n} clue", "{n} clues", 3))
        3 clues
    """
    return Message(singular, {"n": n, **params}, plural_template=many, count=n)


_T = TypeVar("_T")


@overload
def translate(text: str) -> str: ...
@overload
def translate(text: _T) -> _T: ...
def translate(text: Any) -> Any:
    """``text`` in the language of the moment: a :class:`Message` said again, a marked
    constant looked up in the catalogue; anything else (a name, a number) as it is.

    Example:
        >>> with use_language("de"):
        ...     print(_("yes"), _(M("{n} left", n=2)), _(7))
        ja 2 übrig 7
    """
    if isinstance(text, Message):
        return text.translated()
    if isinstance(text, str) and text and language() != ENGLISH:
        return _translations(language()).gettext(text)
    return text


_ = translate


def both(words: Iterable[Any]) -> str:
    """``words`` joined by "and", each said in the language of the moment (:func:`_`).

    Example:
        >>> both(["seat 1", "seat 2", "seat 3"])
        'seat 1 and seat 2 and seat 3'
    """
    return _joined(words, N_("{first} and {second}"))


def either(words: Iterable[Any]) -> str:
    """``words`` joined by "or", each said in the language of the moment (:func:`_`).

    Example:
        >>> either(["Gift", "Messer"])
        'Gift or Messer'
    """
    return _joined(words, N_("{first} or {second}"))


def _joined(words: Iterable[Any], template: str) -> str:
    listed = [str(translate(word)) for word in words]
    said = translate(template)
    marks = said.format(first="\0", second="\0")
    if marks.startswith("\0") and marks.endswith("\0") and marks.count("\0") == 2:
        return marks[1:-1].join(listed)  # a separator: joined in one pass
    shown = listed[0] if listed else ""
    for word in listed[1:]:
        shown = said.format(first=shown, second=word)
    return shown


def ngettext(singular: str, many: str, n: int) -> str:
    """``singular`` or ``many`` by ``n``, in the language of the moment (unformatted).

    Example:
        >>> ngettext("clue", "clues", 2)
        'clues'
    """
    return _translations(language()).ngettext(singular, many, n)
