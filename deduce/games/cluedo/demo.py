"""Cluedo: a game of four from my seat. The cards are dealt at random from the seed; the
others suggest at random and answer truthfully; I suggest what the notebook advises and
accuse once the envelope is certain."""

from __future__ import annotations

import random

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import M, _, plural
from deduce.games.cluedo.cards import Deck
from deduce.games.cluedo.clues import Accusation, Suggest
from deduce.games.cluedo.investigation import Investigation

PLAYERS = ("Ann", "me", "Bob", "Cy")
"""The table, in turn order; Cy deals, Ann plays first."""

ROUNDS = 30
"""The most rounds the demo plays before it stops."""


def run(console: Console, *, seed: int) -> None:
    """Deal from ``seed`` and play until I accuse, telling every turn."""
    rng = random.Random(seed)
    deck = Deck.classic()
    envelope = tuple(rng.choice(kind) for kind in deck.categories)
    rest = [c for c in deck.cards if c not in envelope]
    rng.shuffle(rest)
    hands = {p: rest[i :: len(PLAYERS)] for i, p in enumerate(PLAYERS)}  # from Ann, Cy deals
    inv = Investigation(PLAYERS, "me", hands["me"], dealer="Cy")
    console.rule("[bold]Cluedo[/bold] " + escape(_("(classic deck, four players)")))
    secret = M("The envelope (hidden from me): {envelope}.", envelope=", ".join(envelope))
    console.print(escape(_(secret)))
    console.print(escape(_(M("My hand: {cards}.", cards=", ".join(inv.hand)))))
    for turn in range(ROUNDS * len(PLAYERS)):
        player = PLAYERS[turn % len(PLAYERS)]
        if player != "me":
            named = Suggest(*(rng.choice(kind) for kind in deck.categories))
            inv = _suggestion(console, inv, player, named, hands, rng)
            continue
        rec = inv.recommend(top=1)[0]
        if isinstance(rec.action, Accusation):
            best = rec.action
            right = best.envelope.cards == envelope
            inv = inv.accused("me", *best.envelope.cards, right=right)
            said = M(
                "I accuse {envelope} ({p:.1%} likely): {verdict}.",
                envelope=str(best.envelope),
                p=best.probability,
                verdict=_("right") if right else _("wrong"),
            )
            console.print(f"[bold]{escape(_(said))}[/bold]")
            break
        chosen: Suggest = rec.action
        line = M(
            "I suggest {cards}: {bits:.2f} bits expected.",
            cards=", ".join(chosen.cards),
            bits=rec.information,
        )
        console.print(f"\n[bold]{escape(_(line))}[/bold]")
        inv = _suggestion(console, inv, "me", chosen, hands, rng)
        best = inv.accusation()
        left = plural(
            "{n} envelope left; the likeliest, {envelope}, {p:.1%}.",
            "{n} envelopes left; the likeliest, {envelope}, {p:.1%}.",
            len(inv.solutions()),
            envelope=str(best.envelope),
            p=best.probability,
        )
        console.print(escape(_(left)))
    if inv.winner == "me":
        won = plural(
            "Solved in {n} suggestions of mine.",
            "Solved in {n} suggestions of mine.",
            sum(1 for c in inv.clues if getattr(c, "by", "") == "me") - 1,
        )
        console.print("[green]" + escape(_(won)) + "[/green]")


def _suggestion(
    console: Console,
    inv: Investigation,
    player: str,
    named: Suggest,
    hands: dict[str, list[str]],
    rng: random.Random,
) -> Investigation:
    """``inv`` after ``player`` suggested ``named`` and the table answered truthfully."""
    for other in inv.seats.after(player):
        held = [c for c in named.cards if c in hands[other]]
        if held:
            card = rng.choice(held)
            seen = player == "me" or other == "me"
            inv = inv.suggestion(player, *named.cards, shown_by=other, card=card if seen else None)
            break
    else:
        inv = inv.suggestion(player, *named.cards)
    console.print(escape(str(inv.clues[-1])))
    return inv
