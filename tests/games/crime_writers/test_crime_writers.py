"""Crime Writers investigation: the exact posterior against a brute-force list of every
draw and description, the draw rule, the replies, bad input, decks, persistence."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.core.space import Space
from deduce.games.crime_writers import (
    DECK_OF,
    ELEMENTS,
    INVENTED,
    Answer,
    Asked,
    Card,
    Deck,
    Found,
    Investigation,
    Question,
    Seen,
    Story,
    advised,
    play_game,
)
from deduce.games.crime_writers.counting import State, all_draws
from deduce.games.crime_writers.truthful import (
    draws,
    is_card,
    small_deck,
    tag_truth,
    wordings,
    worlds,
)
from deduce.games.crime_writers.truthful import posterior as reference
from deduce.testing import contains, games, invalid_input

TINY = small_deck()
EXAMPLE = Deck.example()


FLAGS: tuple[bool | None, ...] = (False, True, None)


def arbitrary_clues(deck: Deck) -> st.SearchStrategy[Any]:
    """Any clue a user could type about ``deck`` (true or not)."""

    @st.composite
    def answer(draw: st.DrawFn) -> Answer:
        element = draw(st.sampled_from(ELEMENTS))
        stack = DECK_OF[element]
        about = draw(st.sampled_from((*deck.tags(stack), *(c.text for c in deck.stack(stack)))))
        reply = draw(
            st.sampled_from(("yes", "no", "yes", "no", "also", "almost", "not characteristic"))
        )
        return Answer(element, about, reply)

    @st.composite
    def found(draw: st.DrawFn) -> Found:
        element = draw(st.sampled_from(ELEMENTS))
        cards = [c.text for c in deck.for_element(element)]
        if draw(st.booleans()):  # a card's wording: drawn, invented so, or not said
            return Found(element, draw(st.sampled_from(cards)), draw(st.sampled_from(FLAGS)))
        return Found(
            element, draw(st.sampled_from(("Ghost", "Envy"))), draw(st.sampled_from(FLAGS[1:]))
        )

    @st.composite
    def seen(draw: st.DrawFn) -> Seen:
        stack = draw(st.sampled_from(("persons", "scenes", "causes", "motives")))
        return Seen(stack, draw(st.sampled_from([c.text for c in deck.stack(stack)])))

    @st.composite
    def asked(draw: st.DrawFn) -> Asked:
        element = draw(st.sampled_from(ELEMENTS))
        reply = draw(st.sampled_from(("yes", "also", "almost", "no", "not characteristic")))
        return Asked(element, draw(st.sampled_from(("At night?", "Jealousy?"))), reply)

    return st.one_of(answer(), answer(), found(), seen(), asked())


def apply_all(inv: Investigation, clues: Sequence[Any]) -> tuple[Investigation, list[Any]]:
    """Observe every clue that the investigation accepts; return the accepted ones."""
    kept = []
    for clue in clues:
        try:
            inv = inv.observe(clue)
        except deduce.Contradiction:
            continue
        kept.append(clue)
    return inv, kept


def assert_matches_reference(inv: Investigation, clues: Sequence[Any], deck: Deck) -> None:
    expected = reference(deck, clues)
    got = inv.probabilities()
    assert set(got) == set(expected)
    for story, p in expected.items():
        assert math.isclose(got[story], float(p), rel_tol=1e-12, abs_tol=1e-15), story


# -- exactness ------------------------------------------------------------------------------


def test_the_start_is_every_draw_equally_likely() -> None:
    inv = Investigation(TINY)
    expected = reference(TINY, [])
    assert len(expected) == len(draws(TINY)) == inv.space.size
    assert_matches_reference(inv, [], TINY)


def test_the_example_deck_has_every_draw() -> None:
    # 30*29*(16+20+20) + 2*30*(16*20+16*20+20*20) + 16*20*20 draws
    assert Investigation(EXAMPLE).space.size == 30 * 29 * 56 + 2 * 30 * 1040 + 6400


@settings(max_examples=150)
@given(st.lists(arbitrary_clues(TINY), max_size=7))
def test_posterior_equals_the_brute_force_reference(clues: list[Any]) -> None:
    inv, kept = apply_all(Investigation(TINY), clues)
    assert_matches_reference(inv, kept, TINY)


def from_scratch(deck: Deck, clues: Sequence[Any]) -> Space:
    """The space ``clues`` leave, every step worked out anew (no space shared)."""
    inv = Investigation(deck)
    labels = inv.space.labels
    sizes = tuple(len(values) - 1 for values in labels)
    start = State((None,) * 5, (frozenset(),) * 5, {}, frozenset())
    space = Space(ELEMENTS, labels, all_draws(sizes), state=start)
    for clue in clues:
        space = inv.apply_clue(space, clue)
    return space


def assert_same_space(got: Space, expected: Space) -> None:
    assert got.worlds.tolist() == expected.worlds.tolist()
    assert got.weights.tolist() == expected.weights.tolist()
    assert got.ids.tolist() == expected.ids.tolist()
    for field in ("found", "excluded", "replies", "asked"):
        assert getattr(got.state, field) == getattr(expected.state, field), field


@settings(max_examples=60)
@given(st.lists(arbitrary_clues(TINY), max_size=6), st.lists(arbitrary_clues(TINY), max_size=6))
def test_notebooks_of_a_deck_share_each_space_as_if_worked_out_alone(
    first: list[Any], second: list[Any]
) -> None:
    one, kept = apply_all(Investigation(TINY), first)
    other, also_kept = apply_all(Investigation(TINY), second)  # on the same spaces
    again, _ = apply_all(Investigation(TINY), kept)
    assert again.space is one.space
    assert_same_space(one.space, from_scratch(TINY, kept))
    assert_same_space(other.space, from_scratch(TINY, also_kept))


def test_every_seat_of_a_game_shares_the_space() -> None:
    record = play_game([advised, advised, advised], seed=2, rounds=1)
    spaces = {id(table.space) for table in record.tables}
    assert len(spaces) == 1
    assert_same_space(
        record.tables[0].space, from_scratch(EXAMPLE, record.tables[2].notebook.clues)
    )


@settings(max_examples=80)
@given(st.lists(arbitrary_clues(TINY), max_size=7), st.data())
def test_a_refused_clue_really_contradicts(clues: list[Any], data: st.DataObject) -> None:
    inv, kept = apply_all(Investigation(TINY), clues)
    extra = data.draw(arbitrary_clues(TINY))
    try:
        inv.observe(extra)
    except deduce.Contradiction as error:
        assert reference(TINY, [*kept, extra]) == {}
        assert reference(TINY, [*error.conflict, extra]) == {}
    else:
        assert reference(TINY, [*kept, extra]) != {}


@settings(max_examples=60)
@given(games(Investigation(TINY), max_clues=8))
def test_truthful_answers_never_remove_the_true_story_tiny(
    game: tuple[Story, Investigation],
) -> None:
    secret, inv = game
    assert contains(inv, secret)


@settings(max_examples=40)
@given(games(Investigation(EXAMPLE), max_clues=10))
def test_truthful_answers_never_remove_the_true_story(game: tuple[Story, Investigation]) -> None:
    secret, inv = game
    assert contains(inv, secret)
    marginals = inv.marginals()
    assert all(marginals[e][getattr(secret, e)] > 0 for e in ELEMENTS)
    named = inv.solution_of(tuple(getattr(secret, e) for e in ELEMENTS))  # found wordings
    assert named in inv.probabilities()
    for e in ELEMENTS:  # a wording's candidate sums the card and an invented element so
        shown = dict(inv.candidates(e))[getattr(named, e)]
        assert shown >= marginals[e][getattr(secret, e)] - 1e-12


@settings(max_examples=60)
@given(st.lists(arbitrary_clues(EXAMPLE), max_size=8))
def test_the_draw_rule_holds_in_every_remaining_draw(clues: list[Any]) -> None:
    inv, _ = apply_all(Investigation(EXAMPLE), clues)
    rows = inv.space.worlds
    invented = np.array([len(inv.space.labels[e]) - 1 for e in range(5)])
    drawn = rows < invented
    assert (drawn.sum(axis=1) == 3).all()
    both_persons = drawn[:, 0] & drawn[:, 1]
    assert (rows[both_persons, 0] != rows[both_persons, 1]).all()
    for row in rows[:: max(1, len(rows) // 50)]:  # the stories read the same way
        story = inv.solution_of(tuple(inv.space.labels[e][i] for e, i in enumerate(row)))
        wordings = sum(1 for e in ELEMENTS if is_card(EXAMPLE, e, getattr(story, e)))
        assert wordings >= 3  # an invented element may be worded like a card


@settings(max_examples=60)
@given(
    st.lists(arbitrary_clues(EXAMPLE), max_size=5),
    st.sampled_from(ELEMENTS),
    st.sampled_from(("almost", "not characteristic", "not important")),
    st.data(),
)
def test_soft_replies_remove_nothing(
    clues: list[Any], element: str, reply: str, data: st.DataObject
) -> None:
    inv, _ = apply_all(Investigation(EXAMPLE), clues)
    stack = DECK_OF[element]
    cards = [] if reply == "almost" else [c.text for c in EXAMPLE.stack(stack)]
    about = data.draw(st.sampled_from((*EXAMPLE.tags(stack), *cards)))
    after = inv.answer(element, about, reply)
    assert after.marginals() == inv.marginals()
    assert np.array_equal(after.space.ids, inv.space.ids)
    assert np.array_equal(after.space.weights, inv.space.weights)
    assert after.clues[-1].reply in ("almost", "not characteristic")


def test_a_yes_keeps_cards_with_the_tag_and_halves_an_invented_element() -> None:
    inv = Investigation(TINY)
    before = inv.marginals()["how"]
    after = inv.answer("how", "weapon", "yes").marginals()["how"]
    assert after["Poison"] == 0.0 and after["Fall"] == 0.0
    # Knife keeps its weight, an invented cause half of it
    ratio_before = before[INVENTED] / before["Knife"]
    assert math.isclose(after[INVENTED] / after["Knife"], ratio_before / 2)


def test_maybe_tags_survive_both_replies() -> None:
    inv = Investigation(TINY)
    for reply in ("yes", "no"):
        who = inv.answer("who", "man", reply).marginals()["who"]
        assert who["Nurse"] > 0 and who[INVENTED] > 0
    assert inv.answer("who", "man", "yes").marginals()["who"]["Maid"] == 0.0
    assert inv.answer("who", "man", "no").marginals()["who"]["Butler"] == 0.0


def test_yes_and_no_to_the_same_question_contradict() -> None:
    inv = Investigation(TINY).answer("who", "man", "yes")
    with pytest.raises(deduce.Contradiction) as error:
        inv.answer("who", "man", "no")
    assert error.value.conflict == (Answer("who", "man", "yes"),)
    assert inv.answer("who", "man", "yes").probabilities() == inv.probabilities()


def test_the_draw_rule_decides_the_rest() -> None:
    inv = Investigation(EXAMPLE).found("who", "Butler", invented=False)
    inv = inv.found("why", "Greed", invented=False).found("where", "Library", invented=False)
    assert inv.certain() == {
        "who": "Butler",
        "whom": INVENTED,
        "why": "Greed",
        "where": "Library",
        "how": INVENTED,
    }
    two_persons = Investigation(EXAMPLE).found("who", "Butler", invented=False)
    two_persons = two_persons.found("whom", "Maid", invented=True)
    assert two_persons.marginals()["whom"] == {
        **dict.fromkeys((c.text for c in EXAMPLE.persons), 0.0),
        INVENTED: 1.0,
    }
    assert two_persons.candidates("whom") == [("Maid", 1.0)]
    assert two_persons.why("whom", INVENTED) == (Found("whom", "Maid", True),)


def test_a_killer_card_cannot_also_be_the_victim() -> None:
    inv = Investigation(EXAMPLE).found("who", "Butler", invented=False)
    assert inv.marginals()["whom"]["Butler"] == 0.0
    with pytest.raises(deduce.Contradiction):
        inv.found("whom", "Butler", invented=False)
    # an invented victim may be worded so
    assert inv.found("whom", "Butler").marginals()["whom"][INVENTED] == 1.0


def test_found_invented_wordings_show_in_the_solution() -> None:
    inv = Investigation(TINY).found("why", "Envy").found("where", "Beach", invented=False)
    inv = inv.found("who", "Maid", invented=False).found("how", "Knife", invented=False)
    assert inv.solved == Story("Maid", INVENTED, "Envy", "Beach", "Knife")
    with pytest.raises(deduce.Contradiction):
        inv.found("why", "Spite")
    assert inv.found("why", "Envy") is not inv  # a repeat is legal


def test_seen_cards_are_not_in_the_story() -> None:
    inv = Investigation(EXAMPLE).seen("Butler", "Poison", "Library")
    marginals = inv.marginals()
    assert marginals["who"]["Butler"] == marginals["whom"]["Butler"] == 0.0
    assert marginals["how"]["Poison"] == marginals["where"]["Library"] == 0.0
    assert len(inv.clues) == 3


def test_naming_a_card() -> None:
    start = Investigation(EXAMPLE)
    inv = start.answer("how", "screwdriver", "yes")
    assert inv.clues[-1] == Answer("how", "Screwdriver", "yes")
    assert inv.candidates("how") == [("Screwdriver", 1.0)]
    # the card, or an invented cause worded so: 1 of its 21 wordings
    before, after = start.marginals()["how"], inv.marginals()["how"]
    odds = Fraction(before[INVENTED] / before["Screwdriver"]).limit_denominator(10**6) / 21
    assert math.isclose(after[INVENTED] / after["Screwdriver"], float(odds))
    no = Investigation(EXAMPLE).answer("how", "Screwdriver", "no").marginals()["how"]
    assert no["Screwdriver"] == 0.0 and no[INVENTED] > 0


def test_the_rulebook_questioning_narrows_to_the_screwdriver() -> None:
    # Object? yes. Weapon? no. Tool? yes. Repairs? yes. Adjustable wrench? no. Screwdriver? yes.
    inv = Investigation(EXAMPLE)
    for about, reply in [
        ("object", "yes"),
        ("weapon", "no"),
        ("tool", "yes"),
        ("repairs", "yes"),
        ("Adjustable wrench", "no"),
    ]:
        inv = inv.answer("how", about, reply)
    assert [text for text, _ in inv.candidates("how")] == ["Screwdriver", INVENTED]
    best = inv.recommend(top=1, element="how")[0]
    assert best.action == Question("how", "Screwdriver")
    assert inv.answer("how", "Screwdriver", "yes").candidates("how") == [("Screwdriver", 1.0)]


def test_almost_and_also_order_the_candidates() -> None:
    inv = Investigation(TINY).answer("how", "weapon", "almost")
    order = [text for text, _ in inv.candidates("how")]
    assert order[0] == "Knife"  # has the tag and its near tag "sharp"
    also = Investigation(TINY).answer("who", "servant", "also")
    assert [t for t, _ in also.candidates("who")][:2] == ["Butler", "Maid"]
    named = Investigation(TINY).answer("who", "Butler", "almost")
    assert named.candidates("who")[0][0] == "Maid"  # shares "servant"


# -- recommendations ------------------------------------------------------------------------


def draw_weights(deck: Deck, clues: Sequence[Any]) -> dict[tuple[str, ...], Fraction]:
    result: dict[tuple[str, ...], Fraction] = {}
    for (draw, _), p in worlds(deck, clues).items():
        result[draw] = result.get(draw, Fraction(0)) + p
    return result


def brute_information(deck: Deck, clues: Sequence[Any], question: Question) -> float:
    """Mutual information between the reply and the draw, from the reference."""
    prior = draw_weights(deck, clues)
    yes = draw_weights(deck, [*clues, Answer(question.element, question.about, "yes")])
    total = sum(prior.values())

    def h(p: Fraction) -> float:
        return sum(-float(x) * math.log2(float(x)) for x in (p, 1 - p) if x > 0)

    p_yes = sum(yes.values(), Fraction(0)) / total
    h_cond = sum(float(w / total) * h(yes.get(draw, Fraction(0)) / w) for draw, w in prior.items())
    return h(p_yes) - h_cond


@settings(max_examples=30)
@given(st.lists(arbitrary_clues(TINY), max_size=4))
def test_recommendation_information_matches_the_reference(clues: list[Any]) -> None:
    inv, kept = apply_all(Investigation(TINY), clues)
    for rec in inv.recommend(top=4):
        expected = brute_information(TINY, kept, rec.action)
        assert math.isclose(rec.information, expected, abs_tol=1e-9)
        assert math.isclose(sum(rec.outcomes.values()), 1.0)


def test_several_elements_narrow_the_questions_to_any_of_them() -> None:
    inv = Investigation(EXAMPLE)
    both = inv.recommend(top=400, element=["who", "Whom"])
    assert {r.action.element for r in both} == {"who", "whom"}
    alone = inv.recommend(top=400, element="who") + inv.recommend(top=400, element="whom")
    assert sorted(map(str, (r.action for r in both))) == sorted(map(str, (r.action for r in alone)))


def test_answered_questions_are_not_suggested_again() -> None:
    inv = Investigation(EXAMPLE).answer("who", "profession", "yes")
    actions = [r.action for r in inv.recommend(top=200, element="who")]
    assert Question("who", "profession") not in actions
    assert actions  # the other questions remain


def test_recommend_each_names_one_question_per_open_element() -> None:
    inv = Investigation(EXAMPLE).found("how", "Screwdriver", invented=False)
    each = inv.recommend_each()
    assert set(each) == {"who", "whom", "why", "where"}
    for element, rec in each.items():
        assert rec.action.element == element
        assert rec == inv.recommend(top=1, element=element)[0]
    overall = inv.recommend(top=1)[0]
    assert overall.information == max(r.information for r in each.values())


def test_a_certain_element_has_nothing_to_ask() -> None:
    inv = Investigation(TINY).found("who", "Butler", invented=False)
    inv = inv.found("whom", "Maid", invented=False).found("why", "Fear", invented=False)
    assert set(inv.recommend_each()) == set()  # where and how are invented: nothing to learn


# -- bad input ------------------------------------------------------------------------------

INV = Investigation(EXAMPLE)

BAD: list[tuple[str, Callable[[], Any], str, str]] = [
    ("element", lambda: INV.answer("when", "man", "yes"), "element", "'who'"),
    ("tag", lambda: INV.answer("who", "indoors", "yes"), "about", "'man'"),
    ("reply", lambda: INV.answer("who", "man", "maybe"), "reply", "'not characteristic'"),
    ("reply type", lambda: INV.answer("who", "man", True), "reply", "'yes'"),  # type: ignore[arg-type]
    ("found empty", lambda: INV.found("who", "  "), "text", "non-empty"),
    ("found card only", lambda: INV.found("who", "Gnome", invented=False), "text", "'Butler'"),
    ("found flag", lambda: INV.found("who", "Butler", invented=1), "invented", "True"),  # type: ignore[arg-type]
    ("seen unknown", lambda: INV.seen("Gnome"), "text", "'Butler'"),
    ("seen stack", lambda: INV.seen("Butler", stack="people"), "stack", "'persons'"),
    ("seen nothing", lambda: INV.seen(), "texts", "at least one"),
    ("deck", lambda: Investigation("example"), "deck", "Deck"),  # type: ignore[arg-type]
    ("clue", lambda: INV.observe("who is it"), "clue", "Answer"),
    ("top", lambda: INV.recommend(top=0), "top", "at least 1"),
    ("strategy", lambda: INV.recommend(strategy="best"), "strategy", "'minimax'"),
    ("focus", lambda: INV.recommend(element="when"), "element", "'how'"),
    ("focus none", lambda: INV.recommend(element=[]), "element", "at least one"),
    ("focus bytes", lambda: INV.recommend(element=b"who"), "element", "'how'"),  # type: ignore[arg-type]
    ("focus several", lambda: INV.recommend(element=("who", 3)), "element", "'how'"),
    ("raw answer", lambda: INV.observe(Answer("who", "man", "perhaps")), "reply", "'yes'"),
    ("raw found", lambda: INV.observe(Found("how", "Gnome", False)), "text", "'Poison'"),
    ("raw seen", lambda: INV.observe(Seen("cards", "Butler")), "stack", "'scenes'"),
    ("json", lambda: Investigation.from_json("{"), "text", "JSON"),
]


@pytest.mark.parametrize(("case", "call", "argument", "choices"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_argument_and_choices(
    case: str, call: Callable[[], Any], argument: str, choices: str
) -> None:
    invalid_input(call, argument, choices)


def test_ambiguous_seen_card_asks_for_the_stack() -> None:
    deck = Deck(
        persons=(Card("Doctor", ()),),
        scenes=(Card("Doctor", ()), Card("Park", ())),
        causes=(Card("Poison", ()),),
        motives=(Card("Greed", ()),),
    )
    with pytest.raises(deduce.InvalidInput, match="several") as error:
        Investigation(deck).seen("Doctor")
    assert error.value.argument == "stack"
    assert Investigation(deck).seen("Doctor", stack="scenes").marginals()["where"]["Doctor"] == 0


# -- decks ----------------------------------------------------------------------------------

GOOD = """
persons = [{ text = "Butler", tags = ["man"] }, { text = "Nurse", maybe = ["man"] }]
scenes = [{ text = "Cellar", tags = ["indoors"] }]
causes = [{ text = "Poison", tags = ["substance"] }]
motives = [{ text = "Greed", tags = ["money"] }]
[deck]
name = "mine"
[near]
man = ["substance"]
"""

DECK_CASES: list[tuple[str, str, str, str]] = [
    ("no persons", GOOD.replace("persons =", "people ="), "mine.toml", "people"),
    (
        "empty stack",
        GOOD.replace('[{ text = "Cellar", tags = ["indoors"] }]', "[]"),
        "scenes",
        "at least one",
    ),
    ("no text", GOOD.replace('text = "Poison", ', ""), "causes[0]", "wording"),
    ("empty text", GOOD.replace('"Poison"', '""'), "causes[0]", "non-empty"),
    ("outer spaces", GOOD.replace('"Poison"', '" Poison"'), "causes[0]", "outer spaces"),
    ("reserved", GOOD.replace('"Poison"', '"(invented)"'), "causes[0]", "reserved"),
    (
        "tags not list",
        GOOD.replace('tags = ["money"]', 'tags = "money"'),
        "motives[0] ('Greed').tags",
        "list of tags",
    ),
    ("tag not string", GOOD.replace('tags = ["money"]', "tags = [1]"), "tags[0]", "tag"),
    (
        "tag twice",
        GOOD.replace('tags = ["money"]', 'tags = ["money", "Money"]'),
        "motives[0]",
        "without repeats",
    ),
    (
        "tag and maybe",
        GOOD.replace('maybe = ["man"]', 'tags = ["man"], maybe = ["man"]'),
        "persons[1]",
        "not also",
    ),
    (
        "unknown key",
        GOOD.replace('tags = ["money"]', 'tag = ["money"]'),
        "motives[0]",
        "unknown key",
    ),
    (
        "duplicate card",
        GOOD.replace('"Nurse"', '"butler"'),
        "persons[1].text",
        "not used by another",
    ),
    (
        "tag like card",
        GOOD.replace('tags = ["indoors"]', 'tags = ["cellar"]'),
        "scenes[0].tags",
        "not worded like",
    ),
    (
        "near unknown",
        GOOD.replace('man = ["substance"]', 'man = ["sugar"]'),
        "near.man",
        "some card",
    ),
    (
        "near not list",
        GOOD.replace('man = ["substance"]', 'man = "substance"'),
        "near.man",
        "list of tags",
    ),
    ("top key", "extra = 1\n" + GOOD, "mine.toml", "unknown key"),
    ("sample type", GOOD.replace('name = "mine"', 'sample = "yes"'), "sample", "True or False"),
    ("not toml", "persons = [", "mine.toml", "TOML"),
]


@pytest.mark.parametrize(
    ("case", "text", "where", "expected"), DECK_CASES, ids=[c[0] for c in DECK_CASES]
)
def test_deck_validation_names_file_card_and_field(
    case: str, text: str, where: str, expected: str, tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(deduce.InvalidInput) as error:
        Deck.load(path)
    message = str(error.value)
    assert "mine.toml" in message
    assert where in message
    assert expected in message


def test_a_good_deck_loads(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    deck = Deck.load(path)
    assert deck.name == "mine" and not deck.sample
    assert deck.card("persons", "nurse").status("man") == "maybe"
    assert deck.near_tags("substance") == {"man"}
    assert Deck.loads(deck.to_toml()) == deck


def test_a_missing_file_is_invalid_input(tmp_path: Path) -> None:
    with pytest.raises(deduce.InvalidInput) as error:
        Deck.load(tmp_path / "nothing.toml")
    assert error.value.argument == "path"


def test_the_example_is_labelled_a_sample_of_the_box_sizes() -> None:
    deck = Deck.example()
    assert deck.sample and "sample" in deck.name.casefold()
    assert [len(deck.stack(s)) for s in ("persons", "scenes", "causes", "motives")] == [
        30,
        20,
        20,
        16,
    ]
    for stack in ("persons", "scenes", "causes", "motives"):
        assert len(deck.tags(stack)) >= 10
        assert all(card.all_tags() or card.text == "Neighbour" for card in deck.stack(stack))
    assert Deck.loads(deck.to_toml()) == deck
    assert Deck.from_dict(json.loads(json.dumps(deck.to_dict()))) == deck


def test_card_and_deck_constructors_check_too() -> None:
    with pytest.raises(deduce.InvalidInput):
        Card("Butler", tags="man")  # type: ignore[arg-type]
    with pytest.raises(deduce.InvalidInput) as error:
        Deck(persons=(), scenes=TINY.scenes, causes=TINY.causes, motives=TINY.motives)
    assert error.value.argument == "persons"
    with pytest.raises(deduce.InvalidInput):
        Deck(persons=("Butler",), scenes=TINY.scenes, causes=TINY.causes, motives=TINY.motives)  # type: ignore[arg-type]


# -- persistence and values -----------------------------------------------------------------


@settings(max_examples=40)
@given(st.lists(arbitrary_clues(TINY), max_size=6))
def test_json_round_trip_is_exact(clues: list[Any]) -> None:
    inv, _ = apply_all(Investigation(TINY), clues)
    back = Investigation.from_json(inv.to_json())
    assert back == inv and hash(back) == hash(inv)
    assert back.probabilities() == inv.probabilities()
    assert deduce.Investigation.from_json(inv.to_json()) == inv


def test_the_example_deck_round_trips_and_reprs_briefly() -> None:
    inv = Investigation(EXAMPLE).answer("where", "indoors", "no").found("why", "Spite")
    assert Investigation.from_json(inv.to_json()) == inv
    assert repr(inv).startswith("Investigation(Deck.example()).observe(Answer(")
    assert "Found(element='why', text='Spite', invented=True)" in repr(inv)


def test_immutability_and_undo() -> None:
    start = Investigation(EXAMPLE)
    before = start.marginals()
    after = start.answer("who", "man", "yes")
    assert start.marginals() == before and start.clues == ()
    assert after.undo() == start


# -- exhaustive, and whole rounds -----------------------------------------------------------


def _every_clue(deck: Deck) -> list[Any]:
    clues: list[Any] = []
    for element in ELEMENTS:
        stack = DECK_OF[element]
        for about in (*deck.tags(stack), *(c.text for c in deck.stack(stack))):
            clues += [Answer(element, about, "yes"), Answer(element, about, "no")]
        clues += [Found(element, c.text, flag) for c in deck.stack(stack) for flag in FLAGS]
        clues.append(Found(element, "Ghost", True))
    for stack in ("persons", "scenes", "causes", "motives"):
        clues += [Seen(stack, c.text) for c in deck.stack(stack)]
    return clues


@pytest.mark.long
def test_every_pair_of_clues_matches_the_reference() -> None:
    clues = _every_clue(TINY)
    start = Investigation(TINY)
    for first in clues:
        try:
            one = start.observe(first)
        except (deduce.Contradiction, deduce.InvalidInput):
            assert reference(TINY, [first]) == {}
            continue
        assert_matches_reference(one, [first], TINY)
        for second in clues:
            try:
                two = one.observe(second)
            except deduce.Contradiction:
                assert reference(TINY, [first, second]) == {}
                continue
            assert_matches_reference(two, [first, second], TINY)


def _own_wording_seed() -> int:
    """The first seed whose story has an invented element in the writer's own words."""
    from deduce.games.crime_writers.bots import random_story

    for seed in itertools.count():
        _, inventions = random_story(EXAMPLE, random.Random(seed))
        if any(not is_card(EXAMPLE, e, text) for e, text in inventions.items()):
            return seed
    raise AssertionError("unreachable")


@pytest.mark.parametrize("seed", [0, 1, 3, 4, "own wording"])
def test_guests_following_the_advice_find_the_story(seed: int | str) -> None:
    from deduce.games.crime_writers.bots import OWN_WORDING_QUESTIONS, play_round

    number = _own_wording_seed() if seed == "own wording" else int(seed)
    result = play_round(EXAMPLE, ("Ann", "Ben", "Cy"), random.Random(number))
    inv, draw, story = result.investigation, result.draw, result.story
    assert contains(inv, draw)
    assert inv.solved == story
    questions = [(e.element, e.about) for e in result.events if e.reply != "stand-in"]
    assert len(set(questions)) == len(questions)  # no question asked twice
    replies = {(e.element, e.about): e.reply for e in result.events}
    for event in result.events:
        wording = getattr(story, event.element)
        if event.reply == "found":
            assert event.about == wording
        elif is_card(EXAMPLE, event.element, event.about):  # a card named: the true reply
            assert event.reply == ("yes" if wording == event.about else "no")
    for element in ELEMENTS:  # an own wording is found only by the stand-in rule
        if is_card(EXAMPLE, element, getattr(story, element)):
            continue
        asked = [e for e in result.events if e.element == element]
        assert [e.reply for e in asked[-OWN_WORDING_QUESTIONS - 1 :]] == [
            *["stand-in"] * OWN_WORDING_QUESTIONS,
            "found",
        ]
        assert all(replies[(element, c.text)] == "no" for c in EXAMPLE.for_element(element))
    if seed == "own wording":
        assert any(e.reply == "stand-in" for e in result.events)
    sheet = result.sheet
    assert sheet.rounds[0].complete
    assert sorted(sheet.rounds[0].found) == sorted(ELEMENTS)
    assert sum(sheet.guest_points().values()) == 15
    assert sheet.writer_points()["Ann"] == math.ceil(sheet.rounds[0].finds[-1].at / 60)


def test_the_simulated_writer_draws_like_the_notebook() -> None:
    from deduce.games.crime_writers.bots import random_story

    rng = random.Random(7)
    stories = [random_story(EXAMPLE, rng) for _ in range(3000)]
    marginals = Investigation(EXAMPLE).marginals()
    for element in ("who", "how"):
        share = sum(story[element] == INVENTED for story, _ in stories) / len(stories)
        assert abs(share - marginals[element][INVENTED]) < 0.03
    both = sum(s["who"] != INVENTED and s["whom"] != INVENTED for s, _ in stories) / len(stories)
    expected = 30 * 29 * 56 / Investigation(EXAMPLE).space.size  # 0.415 (3 in 10 if the
    assert abs(both - expected) < 0.03  # elements were chosen first, then the cards)
    for element in ELEMENTS:  # an invented element: like one of n cards, or its own
        texts = [inv[element] for s, inv in stories if s[element] == INVENTED]
        n = len(EXAMPLE.for_element(element))
        own = sum(not is_card(EXAMPLE, element, t) for t in texts) / len(texts)
        assert abs(own - 1 / (n + 1)) < 0.03


def test_the_writer_and_the_property_tests_reply_by_the_reference_rule() -> None:
    from deduce.games.crime_writers.bots import truthful_reply

    for element in ELEMENTS:
        stack = DECK_OF[element]
        for value in [*(c.text for c in TINY.stack(stack)), INVENTED]:
            for about in (*TINY.tags(stack), *(c.text for c in TINY.stack(stack))):
                for bit in (False, True):
                    for wording in wordings(TINY, element) if value == INVENTED else [value]:
                        got = truthful_reply(
                            TINY,
                            element,
                            value,
                            about,
                            lambda w=wording, a=about: w == a,
                            lambda b=bit: b,
                        )
                        if is_card(TINY, element, about):
                            expected = wording == about
                        else:
                            expected = tag_truth(TINY, element, value, about, bit)
                        assert got == ("yes" if expected else "no")


@pytest.mark.parametrize("reply", ["also", "almost", "not characteristic", "not important"])
def test_a_soft_reply_is_not_suggested_again(reply: str) -> None:
    start = Investigation(EXAMPLE)
    first = start.recommend(top=1)[0].action
    after = start.answer(first.element, first.about, reply)
    every = [r.action for r in after.recommend(top=1000)]
    assert first not in every
    assert len(every) == len(start.recommend(top=1000)) - 1
    assert after.best() != first
    card = start.answer("how", "Knife", reply)
    assert Question("how", "Knife") not in [r.action for r in card.recommend(top=1000)]
    assert Investigation.from_json(after.to_json()).recommend(top=1) == after.recommend(top=1)


def test_yes_to_a_card_keeps_an_invented_element_worded_so() -> None:
    start = Investigation(EXAMPLE)
    yes = start.answer("how", "Poison", "yes")
    how = yes.marginals()["how"]
    assert how["Poison"] > 0 and how[INVENTED] > 0
    assert sum(how.values()) == pytest.approx(1.0)
    assert yes.candidates("how") == [("Poison", 1.0)]
    assert yes.probabilities() and all(story.how == "Poison" for story in yes.probabilities())
    # the writer says it was invented: the other elements follow the draw rule
    invented = yes.found("how", "Poison", invented=True)
    assert invented.marginals()["how"][INVENTED] == 1.0
    with pytest.raises(deduce.Contradiction):
        yes.found("how", "Knife")


def test_card_wordings_found_may_be_invented() -> None:
    # Four card wordings found: the writer drew three, so one of them was invented.
    inv = Investigation(EXAMPLE)
    for element, text in [("who", "Butler"), ("why", "Greed"), ("where", "Library")]:
        inv = inv.found(element, text)
    inv = inv.found("how", "Poison")  # no Contradiction
    inv = inv.found("whom", "Heiress")
    assert inv.solved == Story("Butler", "Heiress", "Greed", "Library", "Poison")
    invented = {e: p[INVENTED] for e, p in inv.marginals().items()}
    assert sum(invented.values()) == pytest.approx(2.0)  # two of the five, as the rule says
    assert all(p > 0 for p in invented.values())
    said = inv.found("why", "Greed", invented=True).found("how", "Poison", invented=True)
    assert said.certain() == {
        "who": "Butler",
        "whom": "Heiress",
        "why": INVENTED,
        "where": "Library",
        "how": INVENTED,
    }
    with pytest.raises(deduce.Contradiction):
        said.found("who", "Butler", invented=True)  # a third invented element
    exact = reference(TINY, [Found(e, t, None) for e, t in [("who", "Butler"), ("why", "Greed")]])
    tiny = Investigation(TINY).found("who", "Butler").found("why", "Greed")
    assert tiny.probabilities() == pytest.approx({s: float(p) for s, p in exact.items()})


def test_the_demo_runs() -> None:
    import io

    from rich.console import Console

    from deduce.games.crime_writers import demo

    buffer = io.StringIO()
    demo.run(Console(file=buffer, width=120, color_system=None), seed=5)
    text = buffer.getvalue()
    assert "All five found after" in text and "Points: Ann" in text


def test_long_games_keep_exact_weights_past_the_integer_range() -> None:
    tags = tuple(f"t{i}" for i in range(32))
    deck = Deck(
        persons=(Card("A1", tags), Card("A2", tags), Card("Nobody", ())),
        scenes=(Card("Hall", ("x",)),),
        causes=(Card("Rope", ("y",)),),
        motives=(Card("Greed", ("z",)),),
    )
    inv = Investigation(deck)
    for element in ("who", "whom"):
        for tag in tags:
            inv = inv.answer(element, tag, "yes")
    assert inv.space.weights.dtype.kind == "f"  # 2**64 between the heaviest and lightest
    # closed form: a draw keeps 1/2 for every asked tag its invented element must match
    weight: dict[Story, Fraction] = {}
    for draw in draws(deck):
        if "Nobody" in draw[:2]:
            continue
        invented = sum(1 for v in draw[:2] if v == INVENTED)
        weight[Story(*draw)] = Fraction(1, 2 ** (32 * invented))
    total = sum(weight.values())
    got = inv.probabilities()
    assert set(got) == set(weight)
    for story, w in weight.items():
        assert math.isclose(got[story], float(w / total), rel_tol=1e-12, abs_tol=1e-300)
    assert inv.answer("where", "x", "yes").space.weights.dtype.kind == "f"
