"""What the detective knows in Line-up: the suspects still possible, through the hooks.

The game says only its rules, through the hooks of :class:`deduce.Investigation`:
the worlds (one per suspect), what an answer rules out, the questions a player can ask
and their answer in every world, and which questions could win. Probabilities, advice,
undo, contradictions, saving and loading come from the engine.

Example:
    >>> inv = Lineup(8).ask("glasses", False).ask("woman", True)
    >>> inv.solutions()
    ['Anna', 'Clara']
    >>> inv.best()  # a question that can win, when it teaches as much as any other
    Ask(about='Anna')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce import InvalidInput, Investigation, Space
from lineup_game.cards import CAST, TRAITS, Suspect
from lineup_game.clues import Answer, Ask
from lineup_game.manifest import GAME

__all__ = ["Lineup"]


class Lineup(Investigation[Answer, Ask, str]):
    """A game of Line-up from the detective's side: who among ``suspects`` faces is it?

    Args:
        suspects: how many faces of :data:`~lineup_game.cards.CAST` are in the line-up
            (the first ones), 2 to 24.

    Raises:
        InvalidInput: a number of suspects out of range.

    Example:
        >>> Lineup(4).ask("is it Max?", False).probabilities()
        {'Anna': 0.3333333333333333, 'Bea': 0.3333333333333333, 'Nils': 0.3333333333333333}
    """

    game = GAME.name  # its name in saved files
    clue_types = (Answer,)  # what observe() accepts and from_json() rebuilds

    def __init__(self, suspects: int = len(CAST)) -> None:
        if type(suspects) is not int or not 2 <= suspects <= len(CAST):
            raise InvalidInput("suspects", suspects, f"an integer from 2 to {len(CAST)}")
        self.cast: tuple[Suspect, ...] = CAST[:suspects]
        self.names: tuple[str, ...] = tuple(s.name for s in self.cast)
        self.begin()

    def ask(self, about: str, yes: bool) -> Lineup:
        """The investigation after the question ``about`` (a trait, or a suspect's name,
        also written ``"is it Anna?"``) was answered ``yes`` or no."""
        return self.observe(Answer(self.topic(about), yes))

    def topic(self, about: object) -> str:
        """What a question is about, as the game writes it (a trait or a name).

        Raises:
            InvalidInput: neither a trait nor a suspect of this line-up.

        Example:
            >>> Lineup().topic("Red_Hair"), Lineup().topic("is it anna?")
            ('red hair', 'Anna')
        """
        if isinstance(about, str):
            text = about.strip().removesuffix("?").strip()
            text = text[len("is it ") :] if text.lower().startswith("is it ") else text
            wanted = " ".join(text.replace("_", " ").replace("-", " ").split()).casefold()
            for topic in (*TRAITS, *self.names):
                if topic.casefold() == wanted:
                    return topic
        raise InvalidInput("about", about, list(TRAITS) + list(self.names))

    @property
    def culprit(self) -> str | None:
        """The suspect a question named with the answer yes (the game is over), or None."""
        return next((c.about for c in self.clues if c.yes and c.about in self.names), None)

    # -- the hooks -----------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {"suspects": len(self.cast)}

    def initial_space(self) -> Space:
        return Space(("suspect",), (self.names,), [[i] for i in range(len(self.cast))])

    def apply_clue(self, space: Space, clue: Answer) -> Space:
        if not isinstance(clue, Answer):
            raise InvalidInput("clue", clue, "an Answer")
        if not isinstance(clue.yes, bool):
            raise InvalidInput("yes", clue.yes, [True, False])
        shows = self._shows([Ask(self.topic(clue.about))])[0]
        return space.filter(shows[space.column("suspect")] == clue.yes)

    def check_turn(self, clue: Answer) -> None:
        if self.culprit is not None:
            raise InvalidInput(
                "clue", clue, "no more questions", reason=f"{self.culprit} was named: it is over"
            )

    def solution_of(self, labels: tuple[Any, ...]) -> str:
        return str(labels[0])

    def queries(self) -> Sequence[Ask]:
        return [Ask(topic) for topic in (*TRAITS, *self.names)]

    def outcome_table(self, space: Space, queries: Sequence[Ask]) -> npt.NDArray[Any]:
        return self._shows(queries)[:, space.column("suspect")].astype(np.int64)

    def outcome_label(self, query: Ask, k: int) -> str:
        return "yes" if k else "no"

    def possible_queries(self, space: Space, queries: Sequence[Ask]) -> npt.NDArray[np.bool_]:
        left = {self.names[i] for i in space.column("suspect").tolist()}
        return np.array([q.about in left for q in queries], dtype=bool)

    def clue_for(self, query: Ask, k: int) -> Answer:
        return Answer(query.about, bool(k))

    def finishes(self, query: Ask, k: int) -> bool:
        return bool(k) and query.names_a_suspect

    def world_of(self, secret: Any) -> int:
        if isinstance(secret, str) and secret in self.names:
            return self.names.index(secret)
        return super().world_of(secret)

    def secret_of(self, world: int) -> str:
        return self.names[world]

    def _shows(self, queries: Sequence[Ask]) -> npt.NDArray[np.bool_]:
        """``(Q, suspects)``: whether each suspect answers yes to each question."""
        return np.array(
            [
                [s.name == q.about if q.names_a_suspect else s.has(q.about) for s in self.cast]
                for q in queries
            ],
            dtype=bool,
        ).reshape(len(queries), len(self.cast))
