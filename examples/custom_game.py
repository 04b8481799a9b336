"""A custom game in a few lines: a locked-room mystery with a hidden witness.

The witness is part of the hidden world but not of the solution, so a question that only
reveals the witness teaches nothing about who did it, and the recommendations know it.

Run: python examples/custom_game.py
"""

import deduce
from deduce.model import Model

model = Model()
model.variable("culprit", ["Ada", "Ben", "Cleo", "Dan"])
model.variable("room", ["study", "kitchen", "garden"])
model.variable("witness", ["Ada", "Ben", "Cleo", "Dan"], solution=False)
model.constraint(lambda culprit, witness: culprit != witness, ["culprit", "witness"])
model.constraint(lambda culprit, room: (culprit, room) != ("Dan", "garden"), ["culprit", "room"])
model.query("indoors?", lambda room: room != "garden", ["room"])
model.query("culprit's name is short?", lambda culprit: len(culprit) == 3, ["culprit"])
model.query("who is the witness?", lambda witness: witness, ["witness"])
model.query(
    "does the witness outrank the culprit?",
    lambda culprit, witness: witness < culprit,
    ["culprit", "witness"],
)

inv = model.investigation()
for rec in inv.recommend(top=4):
    print(f"{rec.action:<40} {rec.information:.3f} bits")

inv = inv.answer("indoors?", True).answer("culprit's name is short?", True)
print(inv.probabilities())
print("CP-SAT: could Ben have done it in the garden?", inv.possible(culprit="Ben", room="garden"))
try:
    inv.answer("culprit's name is short?", False)
except deduce.Contradiction as error:
    print("refused:", error)
