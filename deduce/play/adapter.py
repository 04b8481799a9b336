"""What a game tells the interactive session: set-up questions, clue syntax, completions.

A game's front end is a small :class:`Adapter` subclass in ``deduce/_play/<game>.py``;
the prompt loop, the commands, the display and the autosave are written once in
:mod:`deduce.play.session`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from deduce.errors import InvalidInput
from deduce.investigation import Investigation, Recommendation

__all__ = ["Adapter", "Question", "choose", "integer", "key", "number", "yes_no"]


@dataclass(frozen=True, slots=True)
class Question:
    """One set-up question.

    Attributes:
        key: the name of the answer (also usable as ``--set KEY=VALUE``).
        prompt: what is asked.
        default: the answer taken for an empty line (None: an answer is required).
        convert: turns the typed text into the value (raises ``InvalidInput``).
        words: completion words for the answer.
    """

    key: str
    prompt: str
    default: str | None
    convert: Callable[[str], Any] = str
    words: tuple[str, ...] = field(default=())


def key(text: str) -> str:
    """The comparison key of a name: lower case, letters and digits only.

    Example:
        >>> key("Juri L."), key("juri_l")
        ('juril', 'juril')
    """
    return re.sub(r"[\W_]+", "", text.casefold())


def choose(token: str, choices: Iterable[Any], argument: str) -> Any:
    """The choice that ``token`` names: exactly (ignoring case, spaces and punctuation),
    or as the unique choice starting with it.

    Example:
        >>> choose("juri", ["Juri L.", "Elke V."], "suspect")
        'Juri L.'
    """
    options = list(choices)
    wanted = key(token)
    exact = [c for c in options if key(str(c)) == wanted]
    if len(exact) == 1:
        return exact[0]
    starting = [c for c in options if wanted and key(str(c)).startswith(wanted)]
    if len(starting) == 1:
        return starting[0]
    reason = "it is ambiguous" if len(starting) > 1 else None
    raise InvalidInput(argument, token, [str(c) for c in options], reason=reason)


def integer(token: str, argument: str) -> int:
    """``token`` as an integer; its range is for the game to check.

    Example:
        >>> integer("-3", "black")
        -3
    """
    if re.fullmatch(r"[+-]?\d+", token.strip()):
        return int(token)
    raise InvalidInput(argument, token, "an integer")


def number(token: str, argument: str, low: int, high: int) -> int:
    """``token`` as an integer from ``low`` to ``high``.

    Example:
        >>> number("3", "black", 0, 4)
        3
    """
    if re.fullmatch(r"[+-]?\d+", token.strip()):
        value = int(token)
        if low <= value <= high:
            return value
    raise InvalidInput(argument, token, f"an integer from {low} to {high}")


def yes_no(token: str, argument: str = "answer") -> bool:
    """``token`` as a yes/no answer.

    Example:
        >>> yes_no("Y"), yes_no("no")
        (True, False)
    """
    wanted = key(token)
    if wanted in {"y", "yes", "true", "1", "j", "ja"}:
        return True
    if wanted in {"n", "no", "false", "0", "nein"}:
        return False
    raise InvalidInput(argument, token, ["yes", "no"])


def word(name: Any) -> str:
    """A name as one completion word (spaces become underscores)."""
    return re.sub(r"\s+", "_", str(name))


class Adapter:
    """A game's front end: subclass it and fill in the class attributes and methods."""

    name: ClassVar[str] = ""
    """The game's name on the command line."""
    title: ClassVar[str] = ""
    investigation_type: ClassVar[type[Investigation]] = Investigation
    syntax: ClassVar[str] = ""
    """The clue lines this game accepts, shown by ``help``."""
    strategy: ClassVar[str] = "entropy"
    solutions_shown: ClassVar[int] = 8
    recommendations: ClassVar[int] = 3
    simulated: ClassVar[bool] = False
    """Whether ``deduce simulate`` applies: a world is the secret and every answer is a
    function of it."""

    def questions(self, answers: Mapping[str, Any]) -> Sequence[Question]:
        """The set-up questions, asked in order; ``answers`` holds those given so far (a
        later question may depend on an earlier answer)."""
        return ()

    def setup_keys(self) -> set[str]:
        """Every key a set-up question can have (what ``--set`` accepts)."""
        return {q.key for q in self.questions({})}

    def start(self, answers: dict[str, Any]) -> Investigation:
        """The investigation at the start of a game set up with ``answers``."""
        raise NotImplementedError

    def apply(self, investigation: Investigation, tokens: list[str]) -> Investigation:
        """The investigation after the clue line ``tokens`` (split on spaces).

        Raises:
            InvalidInput: the line does not say a clue (the message says why).
            Contradiction: the clue cannot stand with the earlier ones.
        """
        raise NotImplementedError

    def words(self, investigation: Investigation) -> Iterable[str]:
        """Completion words for clue lines (keywords and card names)."""
        return ()

    def show_clue(self, clue: Any) -> str:
        """A clue of the log, as shown by ``history`` and ``why``."""
        return repr(clue)

    def show_action(self, action: Any) -> str:
        """A recommended move, as the player would say it."""
        return str(action)

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        """The recommended next moves (empty when the game has none to offer now)."""
        return investigation.recommend(top=self.recommendations, strategy=strategy)

    def commands(self) -> dict[str, tuple[str, Callable[[Investigation, list[str]], Any]]]:
        """Commands of this game only: name -> (help text, function of the investigation
        and the words after the name, returning something to print or None)."""
        return {}

    def extra(self, investigation: Investigation) -> Any:
        """Anything more to show after each clue (a rich renderable), or None."""
        return None
