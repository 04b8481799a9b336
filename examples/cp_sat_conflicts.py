"""CP-SAT explains a contradiction: the smallest set of earlier clues it conflicts with.

Run: python examples/cp_sat_conflicts.py
"""

import deduce
from deduce.model import Model

model = Model()
for name in ("a", "b", "c"):
    model.variable(name, [1, 2, 3])
model.constraint(lambda a, b, c: len({a, b, c}) == 3, ["a", "b", "c"])
model.query("a", lambda a: a, ["a"])
model.query("b < c", lambda b, c: b < c, ["b", "c"])
model.query("c", lambda c: c, ["c"])

inv = model.investigation().answer("a", 1).answer("b < c", True)
print("proven by CP-SAT:", inv.proven())
try:
    inv.answer("c", 2)
except deduce.Contradiction as error:
    print("conflict:", error.conflict)
    assert len(error.conflict) == 2
