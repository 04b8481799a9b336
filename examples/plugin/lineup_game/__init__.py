"""Line-up: who is the culprit? Yes-or-no questions about the faces of a line-up.

A game for the deduce notebook, published as its own distribution (``deduce-lineup``):
``deduce play lineup``, ``deduce demo lineup`` and ``deduce simulate lineup`` find it
through the entry-point group ``deduce.games``.

Example:
    >>> inv = Lineup().ask("woman", False).ask("beard", True).ask("hat", False)
    >>> inv.solutions()
    ['Max', 'Quinn', 'Sam', 'Tom', 'Xaver']
    >>> rec = inv.recommend(top=1)[0]
    >>> rec.action, rec.outcomes
    (Ask(about='Max'), {'no': 0.8, 'yes': 0.2})
"""

from lineup_game.cards import CAST, TRAITS, Suspect
from lineup_game.clues import Answer, Ask
from lineup_game.investigation import Lineup

__all__ = ["CAST", "TRAITS", "Answer", "Ask", "Lineup", "Suspect"]
