"""The console's lines about the rest of a Kreuzverhör table: my case and my hand at
set-up, my opponent's questionings and cards, my answers to them.

Example:
    >>> read_hand("Anwalt profiler Zeuge", None)
    ('lawyer', 'profiler', 'witness')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, _
from deduce.errors import InvalidInput
from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.clues import NAMES_TOLD
from deduce.play.adapter import choose
from deduce.play.arguments import tokens
from deduce.play.grammar import Context

__all__ = ["answer", "pending_names", "read_case", "read_hand", "table_of", "they_ask"]

NONE = {"", "none", "no", "-"}


def table_of(inv: kv.Investigation) -> kv.Table:
    """The table a line about the rest of the game needs (an older case file has none)."""
    if not isinstance(inv, kv.Table):
        raise InvalidInput(
            "line",
            _("a line about the table"),
            N_("a line about your own questionings"),
            reason=N_(
                "this game was saved before deduce followed the whole table; a new game follows it"
            ),
        )
    return inv


def read_case(text: str, context: Context) -> kv.Case | None:
    """``none``, or four names (crime, scene, suspect, weapon), each as short as unique."""
    if text.strip().lower() in NONE:
        return None
    deck = context.values.get("deck") or kv.Deck.default()
    try:
        parts = [p.strip() for p in text.split("/")] if "/" in text else tokens(text)
    except ValueError:  # a quotation not closed
        parts = []
    if len(parts) != len(kv.FIELDS):
        raise InvalidInput(
            "case",
            text,
            N_(
                "none, or four names: crime scene suspect weapon (a name of two words in "
                "quotes or joined by _, e.g. Mord Berlin 'Ede K.' Gift, or the four "
                "separated by /)"
            ),
        )
    names = [choose(p, deck.names(f), f) for p, f in zip(parts, kv.FIELDS, strict=True)]
    case = kv.Case(*names)
    kv.Investigation(deck).world_of(case)  # its crime goes with its weapon
    return case


def read_hand(text: str, context: Context | None) -> tuple[str, ...] | None:
    """``none``, or my 3 action cards (by their names or printed titles)."""
    if text.strip().lower() in NONE:
        return None
    parts = text.replace(",", " ").split()
    if len(parts) != 3:
        raise InvalidInput("hand", text, N_("none, or your 3 action cards"))
    return tuple(kv.card_name(p, kv.ACTION_CARDS) for p in parts)


def they_ask(inv: kv.Investigation, v: dict[str, Any]) -> kv.Table:
    """The table after my opponent's questioning ``they ask C S S W [N]``."""
    table = table_of(inv)
    return table.asked(v["crime"], v["scene"], v["suspect"], v["weapon"], v.get("n"))


def pending_names(context: Context) -> Sequence[str]:
    """The names my answer to my opponent's waiting card may give (for Tab)."""
    table = context.investigation
    card = getattr(table, "pending", None)
    if card not in NAMES_TOLD:
        return ()
    names: Sequence[str] = table.deck.names(NAMES_TOLD[card][0])
    return names


def answer(inv: kv.Investigation, v: dict[str, Any]) -> kv.Table:
    """The table after my answer to my opponent's card (left out: the suggestion)."""
    table = table_of(inv)
    names = tuple(v.get("name", ()))
    if "yes" in v:
        return table.answered(bool(v["yes"]))
    if "wrong" in v:
        return table.answered(None)
    return table.answered(names) if names else table.answered()


guard(globals())
