"""The moves of Line-up and their answers, as values.

A move is a :class:`Ask`: a question about a trait ("glasses?") or about one suspect
("is it Anna?"). Its answer, yes or no, is the clue: an :class:`Answer`. A yes to a
suspect's name ends the game: that suspect is the culprit.

Example:
    >>> str(Ask("glasses")), str(Answer("Anna", False))
    ('glasses?', 'is it Anna? no')
"""

from __future__ import annotations

from dataclasses import dataclass

from lineup_game.cards import TRAITS

__all__ = ["Answer", "Ask"]


@dataclass(frozen=True, slots=True, order=True)
class Ask:
    """A question: ``about`` is a trait of :data:`~lineup_game.cards.TRAITS` or a
    suspect's name."""

    about: str

    @property
    def names_a_suspect(self) -> bool:
        """Whether it asks about one suspect (a yes then ends the game)."""
        return self.about not in TRAITS

    def __str__(self) -> str:
        return f"is it {self.about}?" if self.names_a_suspect else f"{self.about}?"


@dataclass(frozen=True, slots=True)
class Answer:
    """The clue: question ``about`` was answered ``yes`` (or no)."""

    about: str
    yes: bool

    def __str__(self) -> str:
        return f"{Ask(self.about)} {'yes' if self.yes else 'no'}"
