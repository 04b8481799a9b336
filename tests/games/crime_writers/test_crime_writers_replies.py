"""Crime Writers: what each reply means (the rulebook's "also" and "almost"), questions in
the player's own words, a card said to be drawn, and clues told in words."""

from __future__ import annotations

import numpy as np
import pytest

import deduce
from deduce.games.crime_writers import (
    INVENTED,
    Answer,
    Asked,
    Deck,
    Found,
    Investigation,
    Seen,
)
from deduce.testing import invalid_input

EXAMPLE = Deck.example()


def same_space(a: Investigation, b: Investigation) -> bool:
    return bool(
        np.array_equal(a.space.ids, b.space.ids)
        and np.array_equal(a.space.weights, b.space.weights)
        and a.probabilities() == b.probabilities()
    )


# -- "also" and "almost" ---------------------------------------------------------------------


def test_also_is_true_for_the_tag_asked_like_yes() -> None:
    start = Investigation(EXAMPLE)
    also = start.answer("how", "weapon", "also")
    assert also.clues == (Answer("how", "weapon", "also"),)
    assert same_space(also, start.answer("how", "weapon", "yes"))
    assert also.marginals()["how"]["Screwdriver"] == 0.0  # a tool, not a weapon
    assert same_space(also.answer("how", "weapon", "yes"), also)  # the same fact again
    with pytest.raises(deduce.Contradiction) as error:
        also.answer("how", "weapon", "no")
    assert error.value.conflict == (Answer("how", "weapon", "also"),)


@pytest.mark.parametrize("reply", ["almost", "also"])
def test_almost_or_also_to_a_named_card_rules_out_that_exact_wording(reply: str) -> None:
    start = Investigation(EXAMPLE)
    after = start.answer("how", "Knife", reply)
    assert after.clues[-1] == Answer("how", "Knife", reply)
    assert same_space(after, start.answer("how", "Knife", "no"))
    assert after.marginals()["how"]["Knife"] == 0.0
    assert after.marginals()["how"][INVENTED] > 0  # invented, in other words
    with pytest.raises(deduce.Contradiction):
        after.found("how", "Knife")


def test_almost_to_a_tag_rules_out_nothing() -> None:
    start = Investigation(EXAMPLE)
    assert same_space(start.answer("how", "weapon", "almost"), start)


# -- questions in the player's own words -------------------------------------------------------


def test_a_question_in_my_own_words_is_logged_and_rules_nothing_out() -> None:
    start = Investigation(EXAMPLE)
    for reply in ("yes", "also", "almost", "no", "not important"):
        inv = start.asked("who", "Was it the night watchman?", reply)
        assert same_space(inv, start)
        assert inv.clues[-1].question == "Was it the night watchman?"
        assert isinstance(inv.clues[-1], Asked)
        assert Investigation.from_json(inv.to_json()) == inv
        assert inv.undo() == start
    said = start.asked("WHO", "  night watchman ", "Not important")
    assert said.clues == (Asked("who", "night watchman", "not characteristic"),)
    assert str(said.clues[0]) == 'who: "night watchman" not characteristic'


def test_own_words_that_are_a_tag_or_a_card_are_that_question() -> None:
    start = Investigation(EXAMPLE)
    assert start.asked("how", "Weapon", "no").clues == (Answer("how", "weapon", "no"),)
    assert start.asked("how", "knife", "almost").clues == (Answer("how", "Knife", "almost"),)


def test_asked_refuses_what_is_not_a_question() -> None:
    start = Investigation(EXAMPLE)
    invalid_input(lambda: start.asked("weapon", "Was it quick?", "yes"), "element", "'who'")
    invalid_input(lambda: start.asked("how", "Was it quick?", "maybe"), "reply", "'almost'")
    invalid_input(lambda: start.asked("how", "   ", "yes"), "question", "words")
    invalid_input(lambda: start.asked("how", 7, "yes"), "question", "words")
    invalid_input(lambda: start.observe(Asked("how", "", "yes")), "question", "words")


# -- drawn, and what found means ---------------------------------------------------------------


def test_drawn_says_the_card_itself_was_drawn() -> None:
    yes = Investigation(EXAMPLE).answer("who", "Gardener", "yes")
    found = yes.found("who", "Gardener")  # found: worded so, drawn or invented
    assert 0 < found.marginals()["who"]["Gardener"] < 1
    assert found.marginals()["who"][INVENTED] > 0
    drawn = yes.drawn("who", "gardener")
    assert drawn.clues[-1] == Found("who", "Gardener", invented=False)
    assert drawn.marginals()["who"]["Gardener"] == 1.0
    assert drawn.candidates("who") == [("Gardener", 1.0)]
    invalid_input(lambda: yes.drawn("who", "Night watchman"), "text", "'Gardener'")
    with pytest.raises(deduce.Contradiction):
        Investigation(EXAMPLE).answer("who", "Gardener", "no").drawn("who", "Gardener")


# -- words, not Python -------------------------------------------------------------------------


def test_clues_read_as_words() -> None:
    assert str(Answer("how", "weapon", "no")) == "how: weapon? no"
    assert str(Found("why", "Greed")) == "why found: Greed"
    assert str(Found("why", "Greed", invented=False)) == "why found: Greed (the card was drawn)"
    assert str(Found("why", "Envy", invented=True)) == "why found: Envy (invented)"
    assert str(Seen("persons", "Butler")) == "the Butler card (persons) is not in this story"


def test_refusals_name_no_python_objects() -> None:
    inv = Investigation(EXAMPLE).answer("how", "weapon", "yes")
    with pytest.raises(deduce.Contradiction) as error:
        inv.answer("how", "weapon", "no")
    message = str(error.value)
    assert "Answer(" not in message
    assert message == "how: weapon? no contradicts the earlier clue: how: weapon? yes"
