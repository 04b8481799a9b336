"""Knuth's five-guess strategy for Mastermind, played against every secret code.

Run: python examples/mastermind_knuth.py
"""

import deduce
from deduce.games.mastermind import Game

game = Game(pegs=4, colours=6)
stats = deduce.simulate(game, strategy="minimax")
print(f"opening {stats.opening}: {stats.total} guesses in all, mean {stats.mean:.4f}")
print(f"worst case {stats.worst} guesses; guesses -> secrets: {stats.histogram}")
assert (stats.total, stats.worst) == (5801, 5)
