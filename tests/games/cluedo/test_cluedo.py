"""Cluedo: the exact counts against a list of every deal on small decks (and the classic
deck at three players), the advice's bits against the same list, the deal convention,
bad input, contradictions and saved games."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.games.cluedo import (
    Deck,
    Envelope,
    Investigation,
    Seen,
    Suggest,
    Suggestion,
    envelope_bits,
    hand_bits,
    hand_sizes,
    likeliness,
)
from deduce.games.cluedo.truthful import (
    answers,
    every_deal,
    kept,
    reference,
    reference_bits,
    reference_locations,
    weighed,
)
from deduce.testing import clue_sequences, contains, invalid_input

MINI = Deck("mini", ("Ann", "Bob", "Cy"), ("rope", "gun"), ("hall", "attic", "den"), (2, 4))
SMALL = Deck(
    "small",
    ("Green", "Plum", "White"),
    ("Rope", "Dagger", "Spanner"),
    ("Hall", "Study", "Lounge"),
    (2, 4),
)


def dealt(deck: Deck, players: int, seed: int, **options: Any) -> Investigation:
    """My notebook at a table of ``players`` (me at a random seat), dealt at random, with
    the cards of ``options["face_up"]`` (a number) laid face up."""
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(players))
    envelope = [rng.choice(kind) for kind in deck.categories]
    rest = [c for c in deck.cards if c not in envelope]
    rng.shuffle(rest)
    up = rest[: options.pop("face_up", 0)]
    rest = rest[len(up) :]
    dealer = rng.randrange(players)
    sizes = hand_sizes(len(rest), players, dealer=dealer)
    me = rng.randrange(players)
    start = sum(sizes[:me])
    if "preferences" in options:  # the players other than me who show some cards first
        chosen = options["preferences"].items()
        options["preferences"] = {p: cards for p, cards in chosen if p != names[me]}
    if "names_own" in options:  # the players other than me who name their own cards rarely
        chosen = options["names_own"].items()
        options["names_own"] = {p: f for p, f in chosen if p != names[me] and p in names}
    return Investigation(
        names,
        names[me],
        rest[start : start + sizes[me]],
        deck=deck,
        dealer=names[dealer],
        face_up=up,
        **options,
    )


TABLES = st.one_of(
    st.builds(dealt, st.just(MINI), st.integers(2, 3), st.integers(0, 10**6)),
    st.builds(dealt, st.just(SMALL), st.integers(2, 4), st.integers(0, 10**6)),
    st.builds(dealt, st.just(SMALL), st.just(3), st.integers(0, 10**6), face_up=st.integers(1, 2)),
    st.builds(
        dealt,
        st.just(SMALL),
        st.just(3),
        st.integers(0, 10**6),
        preferences=st.just({"P1": ["Hall", "Rope", "Plum"], "P2": ["White"]}),
    ),
    st.builds(
        dealt,
        st.just(SMALL),
        st.integers(3, 4),
        st.integers(0, 10**6),
        names_own=st.just({"P0": 0.25, "P1": 0.5, "P2": 1, "P3": 0.1}),
    ),
)


@st.composite
def truthful_games(draw: st.DrawFn, tables: st.SearchStrategy[Investigation] = TABLES) -> Any:
    start = draw(tables)
    secret = start.sample_deal(draw(st.randoms(use_true_random=False)))
    return secret, draw(clue_sequences(start, secret, max_clues=6))


def exact(inv: Investigation) -> dict[Envelope, Fraction]:
    return {e: Fraction(int(w), int(inv.space.total)) for e, w in _weights(inv).items()}


def _weights(inv: Investigation) -> dict[Envelope, int]:
    space = inv.space
    return {
        inv.solution_of(labels): int(w)
        for labels, w in zip(space.rows_labels(space.solution_rows()), space.weights, strict=True)
    }


def listed(inv: Investigation) -> dict[Envelope, Fraction]:
    """Each envelope's share of the listed deals, each deal weighing one over the cards
    the player held, for every card shown to me."""
    deals = weighed(inv)
    counted: dict[Envelope, Fraction] = {}
    for e in reference(inv):
        counted[e] = Fraction(0)
    for deal, weight in deals:
        by_kind = {inv.deck.category_of(c): c for c in deal["envelope"]}
        e = Envelope(by_kind["suspect"], by_kind["weapon"], by_kind["room"])
        counted[e] += weight
    total = sum(w for _, w in deals)
    return {e: w / total for e, w in counted.items()}


# -- the counts against every deal listed ----------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(truthful_games())
def test_every_probability_is_the_share_of_the_listed_deals(game: Any) -> None:
    secret, inv = game
    assert contains(inv, secret)
    assert inv.solution_for(secret) in inv.solutions()
    assert exact(inv) == listed(inv)
    assert inv.deals.count == len(kept(inv))
    locations = reference_locations(inv)
    sheet = inv.card_locations()
    for card in inv.deck.cards:
        if card in inv.seats.face_up:
            assert sheet[card] == {"face up": 1.0}
            continue
        assert sheet[card] == {place: float(p) for place, p in locations[card].items()}, card


@st.composite
def cards_shown_to_me(draw: st.DrawFn) -> Any:
    """A truthful game, then up to four suggestions of mine answered as the rules say,
    the card shown drawn among those the player holds: several cards shown to me by one
    player, among the other clues."""
    secret, inv = draw(truthful_games(TABLES))
    hands = {seat: set(cards) for seat, cards in secret.hands}
    for _ in range(draw(st.integers(1, 4))):
        if inv.winner is not None or inv.me in inv.out:
            break
        cards = tuple(draw(st.sampled_from(kind)) for kind in inv.deck.categories)
        shower = next((p for p in inv.seats.after(inv.me) if hands[p] & set(cards)), None)
        if shower is None:
            inv = inv.suggestion(inv.me, *cards)
            continue
        held = [c for c in cards if c in hands[shower]]
        first = [c for c in inv.seats.preference(shower) if c in held]
        shown = first[0] if first else draw(st.sampled_from(held))
        inv = inv.suggestion(inv.me, *cards, shown_by=shower, card=shown)
    return secret, inv


@settings(max_examples=40, deadline=None)
@given(cards_shown_to_me(), st.data())
def test_cards_shown_to_me_weigh_each_deal_by_the_chance_they_were_shown(
    game: Any, data: st.DataObject
) -> None:
    secret, inv = game
    assert contains(inv, secret)
    assert exact(inv) == listed(inv)
    assert inv.deals.count == len(kept(inv))
    locations = reference_locations(inv)
    sheet = inv.card_locations()
    for card in inv.deck.cards:
        if card not in inv.seats.face_up:
            assert sheet[card] == {place: float(p) for place, p in locations[card].items()}
    query = data.draw(st.sampled_from(list(inv.queries())))
    about_envelope, about_deal = reference_bits(inv, query)
    assert math.isclose(
        envelope_bits(inv.deals, inv.seats, [query])[0], about_envelope, abs_tol=1e-9
    )
    assert math.isclose(hand_bits(inv.deals, inv.seats, query), about_deal, abs_tol=1e-9)


def test_a_card_shown_to_me_counts_a_deal_less_the_more_of_the_three_it_held() -> None:
    inv = Investigation(("me", "P1"), "me", ("Green", "Rope", "Hall"), deck=SMALL)
    inv = inv.suggestion("me", "Plum", "Dagger", "Study", shown_by="P1", card="Plum")
    inv = inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="P1", card="Dagger")
    # P1 holds Plum, Dagger and the Study (weight 1/3 * 1) or the Lounge (1/2 * 1/2)
    assert inv.deals.count == 2 and inv.deals.weight == Fraction(7, 12)
    assert (
        exact(inv)
        == listed(inv)
        == {
            Envelope("White", "Spanner", "Lounge"): Fraction(4, 7),
            Envelope("White", "Spanner", "Study"): Fraction(3, 7),
        }
    )


@settings(max_examples=25, deadline=None)
@given(truthful_games())
def test_every_suggestion_s_bits_are_those_of_the_listed_deals(game: Any) -> None:
    _, inv = game
    queries = inv.queries()
    bits = envelope_bits(inv.deals, inv.seats, queries)
    for query, got in zip(queries, bits, strict=True):
        about_envelope, _ = reference_bits(inv, query)
        assert math.isclose(got, about_envelope, abs_tol=1e-9), query
    for query in random.Random(len(inv.clues)).sample(list(queries), 3):
        _, about_deal = reference_bits(inv, query)
        assert math.isclose(hand_bits(inv.deals, inv.seats, query), about_deal, abs_tol=1e-9)


@settings(max_examples=25, deadline=None)
@given(truthful_games())
def test_the_advice_is_the_best_suggestion_of_the_listed_deals(game: Any) -> None:
    _, inv = game
    advice = inv.recommend(top=3, strategy="entropy")  # the default names the likeliest cards
    suggestions = [r for r in advice if isinstance(r.action, Suggest)]
    scored = {q: reference_bits(inv, q)[0] for q in inv.queries()}
    best = max(scored.values())
    if suggestions:
        first = suggestions[0]
        assert math.isclose(first.information, best, abs_tol=1e-9)
        deals = weighed(inv)
        total = sum(w for _, w in deals)
        chances: dict[str, Fraction] = {}
        left: dict[str, set[frozenset[str]]] = {}
        for deal, weight in deals:
            possible = answers(inv, deal, first.action)
            for who, card in possible:
                label = "nobody" if who is None else f"{who} shows {card}"
                chances[label] = chances.get(label, Fraction(0)) + weight / len(possible)
                left.setdefault(label, set()).add(deal["envelope"])
        assert first.outcomes == {k: float(v / total) for k, v in chances.items()}
        assert first.worst_case == max(len(e) for e in left.values())
    if len(inv.solutions()) == 1 or best < 1e-9:
        assert str(advice[0].action).startswith("accuse")
        assert advice[0].outcomes.get("right") == inv.accusation().probability


@settings(max_examples=10, deadline=None)
@given(truthful_games(st.builds(dealt, st.just(MINI), st.just(3), st.integers(0, 10**6))))
def test_the_other_strategies_count_the_whole_answer_partition(game: Any) -> None:
    _, inv = game
    for strategy in ("minimax", "expected_size", "most_parts"):
        found = inv.recommend(top=1, strategy=strategy)[0]
        if isinstance(found.action, Suggest):
            assert math.isclose(
                found.information, reference_bits(inv, found.action)[0], abs_tol=1e-9
            )


@pytest.mark.long
@settings(max_examples=6, deadline=None)
@given(truthful_games(st.builds(dealt, st.just(Deck.classic()), st.just(3), st.integers(0, 10**6))))
def test_the_classic_deck_at_three_players_against_every_deal(game: Any) -> None:
    _, inv = game
    assert exact(inv) == listed(inv)


def test_the_classic_deck_at_three_players_at_the_start() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    inv = inv.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob")
    inv = inv.suggestion("me", "Mustard", "Candlestick", "Library", shown_by="Ann", card="Library")
    assert len(every_deal(inv)) == 110880
    assert exact(inv) == listed(inv)
    query = Suggest("White", "Spanner", "Lounge")
    assert math.isclose(
        float(envelope_bits(inv.deals, inv.seats, [query])[0]),
        reference_bits(inv, query)[0],
        abs_tol=1e-9,
    )


# -- the deal, the turn, the end ----------------------------------------------------------


def test_the_first_players_after_the_dealer_hold_the_extra_cards() -> None:
    assert hand_sizes(18, 4, dealer=1) == (4, 4, 5, 5)
    assert hand_sizes(18, 5, dealer=4) == (4, 4, 4, 3, 3)
    assert hand_sizes(18, 6, dealer=0) == (3,) * 6
    five = ("Plum", "Rope", "Hall", "Study", "Green")
    inv = Investigation(("Ann", "me", "Bob", "Cy"), "me", five, dealer="Ann")
    assert inv.seats.sizes == (4, 5, 5, 4)
    error = invalid_input(
        lambda: Investigation(("Ann", "me", "Bob", "Cy"), "me", five, dealer="me"), "hand"
    )
    assert "Ann 4, me 4, Bob 5, Cy 5" in str(error)


def test_cards_face_up_are_in_no_hand_and_not_in_the_envelope() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob", "Cy"),
        "me",
        ("Plum", "Rope", "Hall", "Study"),
        face_up=("Green", "Lounge"),
    )
    assert inv.seats.sizes == (4, 4, 4, 4)
    assert inv.card_locations()["Green"] == {"face up": 1.0}
    assert "Green" not in inv.marginals()["suspect"]
    invalid_input(lambda: inv.seen("Ann", "Green"), "card")


def test_a_player_who_accused_wrongly_is_out_but_still_shows() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    inv = inv.accused("Ann", "White", "Dagger", "Lounge")
    assert inv.out == ("Ann",)
    assert Envelope("White", "Dagger", "Lounge") not in inv.probabilities()
    invalid_input(lambda: inv.suggestion("Ann", "White", "Dagger", "Hall"), "by")
    invalid_input(lambda: inv.accused("Ann", "White", "Dagger", "Hall"), "by")
    shown = inv.suggestion("Bob", "White", "Dagger", "Ballroom", shown_by="Ann")
    assert shown.clues[-1] == Suggestion("Bob", "White", "Dagger", "Ballroom", shown_by="Ann")


def test_a_right_accusation_ends_the_game() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    over = inv.accused("Bob", "White", "Dagger", "Lounge", right=True)
    assert over.winner == "Bob" and over.solved == Envelope("White", "Dagger", "Lounge")
    assert over.recommend(top=1)[0].outcomes == {"right": 1.0}
    error = invalid_input(lambda: over.seen("Ann", "Ballroom"), "clue")
    assert "Bob won" in str(error)
    invalid_input(lambda: inv.accused("Bob", "Plum", "Dagger", "Lounge", right=True), "right")


def test_the_advice_keeps_to_the_rooms_i_can_reach() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    reachable = [q for q in inv.queries() if q.room in ("Lounge", "Library")]
    moves = inv.recommend(top=5, rooms=["Lounge", "Library"])  # the envelope's likeliest
    assert {m.action.room for m in moves} <= {"Lounge", "Library"}
    best_named = max(likeliness(inv.deals, inv.seats, reachable)) / 3
    assert math.isclose(moves[0].score, best_named, abs_tol=1e-9)
    informative = inv.recommend(top=5, rooms=["Lounge", "Library"], strategy="entropy")
    assert {m.action.room for m in informative} <= {"Lounge", "Library"}
    best = max(envelope_bits(inv.deals, inv.seats, reachable))
    assert math.isclose(informative[0].information, best)
    invalid_input(lambda: inv.recommend(rooms=["Attic"]), "rooms")
    invalid_input(lambda: inv.recommend(rooms="Hall"), "rooms")


def test_a_player_showing_cards_first_makes_a_shown_card_tell_more() -> None:
    hand = ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    plain = Investigation(("me", "Ann", "Bob"), "me", hand)
    habit = Investigation(("me", "Ann", "Bob"), "me", hand, preferences={"Ann": ["Lounge"]})
    for inv in (plain, habit):
        inv = inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Dagger")
        lounge = inv.card_locations()["Lounge"]
        if inv.seats.preferences:  # Ann would have shown the Lounge first
            assert "Ann" not in lounge
        else:
            assert lounge["Ann"] > 0


def test_a_player_who_names_its_own_cards_rarely_makes_its_suggestions_tell_more() -> None:
    hand = ("Plum", "Rope", "Hall", "Study", "Green")
    players = ("me", "Ann", "Bob", "Cy")
    plain = Investigation(players, "me", hand, names_own=dict.fromkeys(players[1:], 1))
    habit = Investigation(players, "me", hand, names_own={"Ann": 0.25, "Cy": 0.25})
    read = Investigation(players, "me", hand)  # by default every other player is read so
    events = [("Ann", "White", "Dagger", "Lounge", "Bob"), ("Cy", "White", "Spanner", "Kitchen")]
    for event in events:
        read = read.suggestion(*event[:4], shown_by=event[4] if len(event) > 4 else None)
    chances = []
    for inv in (plain, habit):
        inv = inv.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob")
        inv = inv.suggestion("Cy", "White", "Spanner", "Kitchen")  # nobody could show
        chances.append(inv.accusation().probability)
        assert inv.card_locations()["Lounge"]["Ann"] > 0  # a habit rules nothing out
    # nobody could show Cy's three: Cy holds them or the envelope does, and Cy names a
    # card of its own a quarter as often
    assert round(chances[0], 3) == 0.098 and round(chances[1], 3) == 0.440
    assert (
        read.probabilities()
        == habit.suggestion(*events[0][:4], shown_by="Bob").suggestion(*events[1]).probabilities()
    )
    again = habit.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob")
    twice = again.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob")
    # a card weighs once, however often it is named
    assert twice.probabilities() == again.probabilities()
    assert deduce.Investigation.from_json(twice.to_json()) == twice


# -- contradictions --------------------------------------------------------------------------


def test_a_contradicting_clue_names_the_clues_it_cannot_stand_with() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    first = inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Dagger")
    second = first.suggestion("Bob", "Mustard", "Candlestick", "Ballroom", shown_by="Ann")
    with pytest.raises(deduce.Contradiction) as caught:
        second.suggestion("Bob", "White", "Dagger", "Library")
    assert caught.value.conflict == (first.clues[0],)
    assert second.clues == (*first.clues, second.clues[-1])
    with pytest.raises(deduce.Contradiction):
        first.seen("Bob", "Dagger")


def test_answers_my_hand_rules_out_are_refused_on_their_own() -> None:
    inv = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    error = invalid_input(lambda: inv.suggestion("Ann", "Plum", "Dagger", "Lounge"), "shown_by")
    assert "I hold Plum" in str(error)
    invalid_input(
        lambda: inv.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="me"), "shown_by"
    )
    invalid_input(
        lambda: inv.suggestion("me", "Plum", "Dagger", "Lounge", shown_by="Ann", card="Plum"),
        "card",
    )
    invalid_input(
        lambda: inv.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob", card="Dagger"),
        "card",
    )
    invalid_input(
        lambda: inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Rope"),
        "card",
    )
    invalid_input(
        lambda: inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="me"), "shown_by"
    )
    invalid_input(lambda: inv.seen("me", "Lounge"), "player")
    invalid_input(lambda: inv.seen("Ann", "Plum"), "card")


# -- bad input -----------------------------------------------------------------------------


HAND = ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
PLAYERS = ("me", "Ann", "Bob")


def start() -> Investigation:
    return Investigation(PLAYERS, "me", HAND)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: Investigation("me Ann Bob", "me", HAND), "players"),
        (lambda: Investigation(("me", "Ann"), "me", HAND), "players"),
        (lambda: Investigation(("me", "ME", "Bob"), "me", HAND), "players"),
        (lambda: Investigation(("me", "Ann", "envelope"), "me", HAND), "players"),
        (lambda: Investigation(PLAYERS, "Cy", HAND), "me"),
        (lambda: Investigation(PLAYERS, "me", HAND[:5]), "hand"),
        (lambda: Investigation(PLAYERS, "me", (*HAND[:5], "Plum")), "hand"),
        (lambda: Investigation(PLAYERS, "me", (*HAND[:5], "Attic")), "hand"),
        (lambda: Investigation(PLAYERS, "me", HAND, deck="monopoly"), "deck"),
        (lambda: Investigation(PLAYERS, "me", HAND, deck=42), "deck"),
        (lambda: Investigation(PLAYERS, "me", HAND, dealer="Cy"), "dealer"),
        (lambda: Investigation(PLAYERS, "me", HAND, face_up="Hall"), "face_up"),
        (lambda: Investigation(PLAYERS, "me", HAND, preferences={"me": ["Hall"]}), "preferences"),
        (lambda: Investigation(PLAYERS, "me", HAND, preferences=["Hall"]), "preferences"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own={"me": 0.5}), "names_own"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own={"Cy": 0.5}), "names_own"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own=[0.5]), "names_own"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own={"Ann": 0}), "names_own['Ann']"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own={"Ann": 1.5}), "names_own['Ann']"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own={"Ann": True}), "names_own['Ann']"),
        (lambda: Investigation(PLAYERS, "me", HAND, names_own={"Ann": "½"}), "names_own['Ann']"),
        (
            lambda: Investigation(PLAYERS, "me", HAND, names_own={"Ann": float("nan")}),
            "names_own['Ann']",
        ),
        (
            lambda: start().suggestion("Cy", "White", "Dagger", "Lounge"),
            "by",
        ),
        (
            lambda: start().suggestion("me", "Hall", "Dagger", "Lounge"),
            "suspect",
        ),
        (
            lambda: start().suggestion("me", "White", 3, "Lounge"),
            "weapon",
        ),
        (
            lambda: start().suggestion("me", "White", "Rope", "Plum"),
            "room",
        ),
        (
            lambda: start().accused("me", "White", "Rope", "Hall", right=1),
            "right",
        ),
        (lambda: start().observe(Seen("Ann", "Attic")), "card"),
        (lambda: start().observe(("Ann", "Hall")), "clue"),
        (lambda: start().recommend(strategy="lookahead"), "strategy"),
        (lambda: start().answers("White", "Dagger", "Attic"), "room"),
        (lambda: Deck("x", ("a",), ("b", "c"), ("d", "e")), "suspects"),
        (lambda: Deck("x", ("a", "b"), ("c", "d"), ("e", "f"), (2, 9)), "players"),
        (lambda: Deck("", ("a", "b"), ("c", "d"), ("e", "f")), "name"),
        (lambda: Deck.from_dict({"name": "x"}), "deck"),
        (lambda: Deck.loads("name = 'x'\nplayers = [3, 6]\n", source="mine.toml"), "deck"),
        (lambda: Deck.loads("players = [", source="mine.toml"), "mine.toml"),
        (lambda: hand_sizes(18, 0, dealer=0), "players"),
    ],
)
def test_bad_input_is_refused_naming_the_argument(call: Any, argument: str) -> None:
    invalid_input(call, argument)


def test_a_wrong_name_is_refused_with_the_valid_ones() -> None:
    inv = Investigation(PLAYERS, "me", HAND)
    error = invalid_input(lambda: inv.suggestion("me", "Scarlett", "Dagger", "Lounge"), "suspect")
    assert "did you mean Scarlet?" in str(error)
    assert "White" in error.choices


# -- decks and saved games -----------------------------------------------------------------


def test_the_shipped_decks_and_a_deck_file(tmp_path: Any) -> None:
    classic = Deck.classic()
    assert (len(classic.suspects), len(classic.weapons), len(classic.rooms)) == (6, 6, 9)
    assert classic.players == (3, 6)
    detective = Deck.master_detective()
    assert len(detective.cards) == 30 and detective.players == (3, 10)
    path = tmp_path / "mine.toml"
    path.write_text(SMALL.to_toml(), encoding="utf-8")
    assert Deck.load(path) == SMALL
    inv = Investigation(PLAYERS, "Ann", ("Green", "Rope"), deck=Deck.load(path), dealer="Ann")
    assert inv.seats.sizes == (2, 2, 2)


def test_ten_players_of_master_detective() -> None:
    deck = Deck.master_detective()
    names = tuple(f"P{i}" for i in range(10))
    inv = Investigation(names, "P0", ("Brunette", "Gray", "Knife"), deck=deck)
    assert inv.seats.sizes == (3,) * 7 + (2,) * 3
    inv = inv.suggestion("P3", "Peach", "Rope", "Gazebo", shown_by="P4")
    assert math.isclose(sum(inv.probabilities().values()), 1.0)


def test_saved_games_read_back_equal() -> None:
    inv = Investigation(
        PLAYERS,
        "me",
        ("Green", "Rope"),
        deck=SMALL,
        dealer="Bob",
        face_up=(),
        preferences={"Ann": ["Hall"]},
    )
    inv = inv.suggestion("me", "Plum", "Dagger", "Hall", shown_by="Ann", card="Dagger")
    inv = inv.accused("Bob", "White", "Spanner", "Study")
    again = deduce.Investigation.from_json(inv.to_json())
    assert again == inv and again.probabilities() == inv.probabilities()
    assert json.loads(inv.to_json())["game"] == "cluedo"


def test_the_conformance_suite() -> None:
    from deduce.testing import check_game

    check_game("cluedo", examples=10)


def test_a_table_made_directly_with_a_stranger_or_a_missing_size_is_refused() -> None:
    from deduce.games.cluedo.counting import Seats

    seats = Seats.make(
        Deck.classic(),
        ("me", "Ann", "Bob"),
        "me",
        ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"),
    )
    with pytest.raises(deduce.InvalidInput, match=r"players=.*the players, me among them"):
        Seats(seats.deck, ("zzz",), "me", seats.hand, seats.sizes, "Bob")
    with pytest.raises(deduce.InvalidInput, match=r"sizes=.*a hand size for each of 3 players"):
        Seats(seats.deck, seats.players, "me", seats.hand, (6, 6), "Bob")
    with pytest.raises(deduce.InvalidInput, match="player='zzz'"):
        seats.after("zzz")
    assert seats.after("ann") == ("Bob", "me")  # named in any case


def test_more_deals_than_64_bits_hold_are_counted_and_advised() -> None:
    """At the start of a 10-player Master Detective game the deals of all envelopes
    together are more than a 64-bit integer holds (each envelope's alone are not):
    the total stays positive and the advice is given."""
    deck = Deck.master_detective()
    players = ("me", *(f"P{i}" for i in range(1, 10)))
    inv = Investigation(players, "me", deck.cards[:3], deck=deck)
    assert inv.space.total > 2**63
    assert isinstance(inv.recommend(top=1)[0].action, Suggest)
    assert isinstance(inv.recommend(top=1, strategy="entropy")[0].action, Suggest)
