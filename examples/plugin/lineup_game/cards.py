"""The suspects of Line-up: 24 faces, each with its own traits.

Example:
    >>> CAST[0], CAST[0].has("blond hair"), CAST[1].has("beard")
    (Suspect('Anna'), True, True)
    >>> len(CAST), len({s.traits() for s in CAST})  # no two faces alike
    (24, 24)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CAST", "HAIRS", "TRAITS", "Suspect"]

HAIRS = ("black", "blond", "brown", "red", "grey")
"""The hair colours."""

TRAITS = ("woman", "glasses", "hat", "beard", *(f"{hair} hair" for hair in HAIRS))
"""Every trait a question can be about, in the order questions are listed."""


@dataclass(frozen=True, slots=True)
class Suspect:
    """One face of the line-up.

    Attributes:
        name: the name under the face (every name starts with its own letter).
        woman: a woman (else a man).
        hair: one of :data:`HAIRS`.
        glasses: wears glasses.
        hat: wears a hat.
        beard: has a beard.
    """

    name: str
    woman: bool
    hair: str
    glasses: bool = False
    hat: bool = False
    beard: bool = False

    def has(self, trait: str) -> bool:
        """Whether the face shows ``trait`` (one of :data:`TRAITS`)."""
        if trait.endswith(" hair"):
            return self.hair == trait.removesuffix(" hair")
        flag: bool = getattr(self, trait)
        return flag

    def traits(self) -> tuple[str, ...]:
        """Every trait the face shows."""
        return tuple(trait for trait in TRAITS if self.has(trait))

    def __repr__(self) -> str:
        return f"Suspect({self.name!r})"

    def __str__(self) -> str:
        return self.name


def _w(name: str, hair: str, glasses: bool = False, hat: bool = False) -> Suspect:
    return Suspect(name, True, hair, glasses, hat)


def _m(
    name: str, hair: str, glasses: bool = False, hat: bool = False, beard: bool = False
) -> Suspect:
    return Suspect(name, False, hair, glasses, hat, beard)


CAST: tuple[Suspect, ...] = (
    _w("Anna", "blond"),
    _m("Max", "black", beard=True),
    _w("Bea", "black", glasses=True),
    _m("Nils", "blond", glasses=True),
    _w("Clara", "red", hat=True),
    _m("Otto", "grey", hat=True, beard=True),
    _w("Dora", "grey", glasses=True, hat=True),
    _m("Paul", "brown"),
    _w("Eva", "brown"),
    _m("Quinn", "red", beard=True),
    _w("Fiona", "blond", glasses=True),
    _m("Rolf", "black", glasses=True, hat=True),
    _w("Greta", "black", hat=True),
    _m("Sam", "blond", beard=True),
    _w("Hanna", "red", glasses=True),
    _m("Tom", "brown", glasses=True, beard=True),
    _w("Ida", "grey"),
    _m("Udo", "grey", glasses=True),
    _w("Julia", "brown", glasses=True, hat=True),
    _m("Vito", "red", hat=True),
    _w("Kim", "blond", hat=True),
    _m("Walt", "brown", hat=True),
    _w("Lena", "black"),
    _m("Xaver", "grey", beard=True),
)
"""The whole line-up, in the order a smaller game takes its first faces."""
