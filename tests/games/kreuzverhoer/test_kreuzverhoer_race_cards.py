"""Kreuzverhör: the race with the action cards, the lay and the card after it together."""

from __future__ import annotations

import math

import pytest

import deduce
import deduce.games.kreuzverhoer as kv
from deduce.games.kreuzverhoer.clues import VALUED_CARDS

FAR = kv.Investigation()  # an opponent who knows nothing: information decides the race
HAND = ["informant", "profiler", "investigators_on_site"]


def entropy_bits(weights: list[float]) -> float:
    total = sum(weights)
    return -sum(w / total * math.log2(w / total) for w in weights if w > 0)


def brute_force(inv: kv.Investigation, guess: kv.Guess, hand: list[str]) -> tuple[float, float]:
    """(bits of the lay, bits of the best allowed card after it), case by case: the
    lay's answers counted on the cases themselves, each card's answers as the answering
    player gives them for each case (:meth:`Interrogation.suggestions`: names already
    ruled out first), the card's bits the information its answer shares with the case."""
    cases = [inv.secret_of(int(w)) for w in inv.space.ids]
    groups: dict[int, list[kv.Case]] = {}
    for case in cases:
        groups.setdefault(sum(a == b for a, b in zip(guess, case, strict=True)), []).append(case)
    lay = entropy_bits([len(g) for g in groups.values()])
    card_bits = 0.0
    for k, group in groups.items():
        if k == 4:
            continue
        child = inv.questioning(*guess, k)
        assert child.space.size == len(group)
        best = 0.0
        for card in hand:
            if inv.deck.banned(guess.suspect) == card:
                continue
            told: dict[str, float] = {}
            noise = 0.0  # H(answer | case)
            for case in group:
                given = kv.Interrogation.of(case, child).suggestions(card)
                for answer, p in given.items():
                    told[repr(answer)] = told.get(repr(answer), 0.0) + p / len(group)
                noise += entropy_bits(list(given.values())) / len(group)
            best = max(best, entropy_bits(list(told.values())) - noise)
        card_bits += len(group) / len(cases) * best
    return lay, card_bits


def test_with_the_informant_the_first_lay_names_a_suspect_that_allows_it() -> None:
    start = kv.Investigation()
    plain = start.best("entropy")
    assert start.deck.banned(plain.suspect) == "informant"  # Juri L.: the Informant is lost
    move = kv.race(start, FAR, top=1, hand=["informant"])[0]
    assert start.deck.banned(move.action.suspect) != "informant"
    assert move.card_information > 0.25
    assert (
        move.joint > move.information == pytest.approx(float(start.recommend(top=1)[0].information))
    )
    # without a hand the race lays what entropy lays
    assert kv.race(start, FAR, top=1)[0].action == plain


def test_the_joint_choice_gives_up_a_little_of_the_lay_for_the_card() -> None:
    inv = kv.Investigation().questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    plain = inv.best("entropy")
    plain_bits = float(inv.recommend(top=1, strategy="entropy")[0].information)
    assert inv.deck.banned(plain.suspect) == "informant"
    assert kv.card_after(inv, plain, ["informant"]) == 0.0
    move = kv.race(inv, FAR, top=1, hand=["informant"])[0]
    assert inv.deck.banned(move.action.suspect) != "informant"
    assert move.information < plain_bits  # it costs the lay information
    assert move.joint > plain_bits + 0.25  # and gains more with the card
    # a card the laid suspect allows keeps the entropy lay
    assert kv.race(inv, FAR, top=1, hand=["profiler"])[0].action == plain


def test_the_advice_s_bits_agree_with_counting_the_cases() -> None:
    inv = (
        kv.Investigation()
        .questioning("Mord", "Ulm", "Nora M.", "Gift", 2)
        .questioning("Einbruch", "Berlin", "Ede K.", "Messer", 1)
        .questioning("Mord", "Berlin", "Juri L.", "Strick*", 2)
    )
    assert inv.space.size == 8
    moves = kv.race(inv, FAR, top=4, hand=HAND)
    lays = [m.action for m in moves] + [
        inv.best("entropy"),
        kv.Guess("Mord", "Ulm", "Juri L.", "Gift"),
    ]
    for lay in lays:
        lay_bits, card_bits = brute_force(inv, lay, HAND)
        assert kv.card_after(inv, lay, HAND) == pytest.approx(card_bits, abs=1e-9)
    for m in moves:
        lay_bits, card_bits = brute_force(inv, m.action, HAND)
        assert m.information == pytest.approx(lay_bits, abs=1e-9)
        assert m.joint == pytest.approx(lay_bits + card_bits, abs=1e-9)
    # no lay of the ones counted does better than the advice's first
    best = max(sum(brute_force(inv, lay, HAND)) for lay in lays)
    assert moves[0].joint == pytest.approx(best, abs=1e-9)


def test_card_after_counts_only_cards_that_teach_and_are_allowed() -> None:
    inv = kv.Investigation().confirmed(crime="Mord", suspect="Ede K.", weapon="Gift")
    lay = kv.Guess("Mord", "Ulm", "Ede K.", "Gift")
    assert kv.card_after(inv, lay, ["alibi", "lawyer", "witness"]) == 0.0  # defence, unknown
    assert kv.card_after(inv, lay, []) == 0.0
    assert kv.card_after(inv, kv.Guess("Mord", "Ulm", "Elke V.", "Gift"), ["informant"]) == 0.0
    assert kv.card_after(inv, lay, ["informant", "profiler"]) == pytest.approx(
        brute_force(inv, lay, ["informant", "profiler"])[1]
    )
    with pytest.raises(deduce.InvalidInput):
        kv.card_after(inv, lay, ["joker"])
    with pytest.raises(deduce.InvalidInput):
        kv.card_after(inv, lay, "informant")  # type: ignore[arg-type]
    with pytest.raises(deduce.InvalidInput):
        kv.card_after("inv", lay, [])  # type: ignore[arg-type]
    with pytest.raises(deduce.InvalidInput):
        kv.race(inv, FAR, their_skips=-1)


def test_the_opponent_s_skips_give_me_more_lays_before_they_question() -> None:
    mine = kv.Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    close = kv.Interrogation(kv.Case("Mord", "Ulm", "Ede K.", "Gift"))
    close = close.questioning("Mord", "Ulm", "Ede K.", "Axt*")  # 3 right: they are close
    now = kv.race(mine, close.opponent, top=1)[0]
    skipped = kv.race(mine, close.opponent, top=1, their_skips=1)[0]
    assert skipped.win > now.win


def test_the_table_races_with_my_hand() -> None:
    table = kv.Table(hand=["informant", "lawyer", "alibi"])
    best = table.race(top=1)[0]
    assert best.card_information > 0 and table.deck.banned(best.action.suspect) != "informant"
    assert table.recommend(top=1)[0].action == best.action  # the table's default
    assert kv.Table().race(top=1)[0].card_information == 0.0  # hand not followed


@pytest.mark.parametrize("seed", range(3))
def test_the_advised_bot_plays_whole_legal_games_with_the_cards(seed: int) -> None:
    # every move goes through the game master's tables, which refuse an illegal one
    record = kv.play_game([kv.advised, kv.entropy], seed=seed)
    assert record.over and record.winners
    assert sorted(record.tables[1].winners()) == sorted(1 - s for s in record.winners)
    laid: kv.Guess | None = None
    deck = kv.Deck.default()
    for seat, move in record.moves:
        if seat != 0:
            continue
        if isinstance(move, kv.Guess):
            laid = move
        elif isinstance(move, str) and move in VALUED_CARDS:
            assert laid is not None and deck.banned(laid.suspect) != move
    assert laid is not None
