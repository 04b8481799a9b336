"""The assistant at the table: type in the feedback you got, ask what to guess next.

Run: python examples/mastermind_assistant.py
"""

from deduce.games.mastermind import Game

inv = Game().investigation()
inv = inv.guess("1122", black=1, white=0)
inv = inv.guess("1344", black=0, white=2)
print(f"{len(inv.solutions())} codes are still possible")
for rec in inv.recommend(top=3, strategy="entropy"):
    print(f"guess {rec.action}: {rec.information:.2f} bits, at most {rec.worst_case} codes left")
print("peg 1:", {colour: round(p, 3) for colour, p in inv.marginals()["peg1"].items() if p})
