"""Black Stories Investigation: the advice by points, the final round, `why` and the box."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from bsi_positions import laid_positions
from hypothesis import given, settings

from deduce import InvalidInput
from deduce.games.bsi import STAND_IN, Card, Case, Table, advised, cautious, play_game, random_bot
from deduce.games.bsi.cards import box_template, load_box, stand_in_name
from deduce.games.bsi.truthful import field_of

# -- best_attempt compares an attempt now with the best waiting line ------------------


def waiting_position() -> Table:
    """3 players; after my 3-piece card at seat 1's grid (field 2)."""
    table = Table(
        3,
        case="woman/day/outside/knife",
        hand=["man/day/outside/gun", "man/inside/gun", "man/night/knife"],
    )
    return table.played("man/day/outside/gun", 1, 2)


def test_an_attempt_is_weighed_against_waiting_with_every_card_kept() -> None:
    table = waiting_position()
    options = table.recommend_attempt()
    # keeping the 3-drop card for seat 1's case next turn: one more card under the grid,
    # a chance that seat 2 solves it first
    three = next(o for o in options if o.target == 1 and o.drops == 3)
    assert three.wait_points == pytest.approx(4.032)
    assert all(o.waiting == pytest.approx(4.032) for o in options)
    best = table.best_attempt(strategy="points")
    assert best is not None and (best.target, best.drops) == (2, 1)
    # the 1-drop attempt keeps the 3-drop card: after a failure (92.3%) the next turn's
    # best attempt is still the 3-drop card at seat 1, worth 4.03
    assert best.then_points == pytest.approx(4.032)
    p = best.probability
    assert best.value == pytest.approx(best.points + p * 4.032 + (1 - p) * 4.032)
    assert best.value >= best.waiting


def test_a_failure_leaves_the_best_attempt_at_another_case_open() -> None:
    """After a failed attempt my next turn may go to another case: the value counts it."""
    for option in waiting_position().recommend_attempt():
        after_failure = max(option.follow_points, option.then_points)
        p = option.probability
        assert option.value == pytest.approx(
            option.points + p * option.then_points + (1 - p) * after_failure
        )


@settings(max_examples=40, deadline=None)
@given(laid_positions())
def test_the_attempt_advised_is_the_one_worth_most_and_beats_waiting(table: Any) -> None:
    if table is None:
        return
    options = table.recommend_attempt()
    if not options:
        assert table.best_attempt(strategy="points") is None
        return
    waiting = max(o.wait_points for o in options)
    for option in options:
        assert option.waiting == pytest.approx(waiting)
        assert option.advisable == (option.points > 0 and option.value >= waiting - 1e-12)
    advisable = [o for o in options if o.advisable]
    assert options[: len(advisable)] == advisable  # the advisable ones first
    gains = [o.value - o.wait_points for o in advisable]
    assert all(a >= b - 1e-12 for a, b in itertools.pairwise(gains))
    best = table.best_attempt(strategy="points")
    if best is None:  # no attempt now is worth waiting with every card kept
        assert all(o.value < waiting - 1e-12 or o.points == 0 for o in options)
    else:
        assert best == advisable[0] and best.value >= waiting - 1e-12


# -- the console: points in the main view, the final round, why, solve ----------------

MINE = "man/night/inside/gun"
SECRET = "woman/day/outside/knife"  # seat 1's case, written down before the game
HAND = ["woman/night/outside/gun", "woman/knife", "man/day"]


def field(case: str, card: str) -> str:
    matches = Case.parse(case).matches(card)
    return "0/1" if matches < 2 else str(matches)


def test_the_console_follows_a_game_into_its_final_round(tmp_path: Any) -> None:
    from terminal import Terminal

    term = Terminal(["play", "bsi"], home=tmp_path)
    for question, answer in (
        ("Players", "2"),
        ("Case", MINE),
        ("Hand", " ".join(HAND)),
        ("First", "1"),  # seat 1 starts the rounds
        ("Box", ""),
    ):
        term.expect(question)
        term.send(answer)
    term.expect_prompt("bsi> ")

    def say(line: str) -> str:
        term.send(line)
        shown = " ".join(term.expect_prompt("bsi> ").split())
        assert "refused" not in shown, shown
        return shown

    say(f"lay day/knife 0 {field(MINE, 'day/knife')}")
    say("solve 0 man/day/inside/gun 1")  # wrong: my case is another
    shown = say("draw")
    # my turn: the lays in points, not in bits; the information strategies one word away
    assert "Lays by points expected (`strategy entropy`: by what the field reveals):" in shown
    assert "bits" not in shown and "(moves ranked by" not in shown
    table = Table(2, case=MINE, hand=HAND, first=1)
    table = table.played("day/knife", 0, "0/1").attempt(0, "man/day/inside/gun", 1).drew()
    for option in table.lay_options()[:3]:
        assert f"lay {option.play.card} at seat {option.play.target}: {option.points:.2f}" in shown
    say(f"lay woman/night/outside/gun 1 {field(SECRET, 'woman/night/outside/gun')}")
    say("draw man/outside")
    say(f"lay night/gun 0 {field(MINE, 'night/gun')}")
    shown = say("why")  # nothing is certain: asked about a ruled-out case
    shown = say('why "seat 1=man/day/inside/knife"')
    assert "follows from: 4. seat 0 lays woman/night/outside/gun at seat 1: field 2" in shown
    assert "draws" not in shown.split("follows from:")[1]  # plain draws tell nothing
    shown = say("solve 0 man/night/inside/knife 2")
    assert "Final round" not in shown
    say("draw")
    say(f"lay woman/knife 1 {field(SECRET, 'woman/knife')}")
    say("draw man/gun")
    say(f"lay day/gun 0 {field(MINE, 'day/gun')}")
    shown = say("solve 0 man/night/outside/gun 3")  # seat 1's last investigation card
    assert (
        "Final round: seat 1 used the last investigation card; the game ends when the turn "
        "is back at seat 1. Still to play: seat 1 (this turn), seat 0." in shown
    )
    assert "Still to play: seat 1 (this turn), seat 0." in say("table")
    shown = say("draw")
    assert "Still to play: seat 0 (this turn)." in shown
    term.send(f"solve 1 {SECRET} 3 right")  # the right case, but no card laid yet
    assert "a turn starts by laying a card" in term.expect_prompt("bsi> ")
    say(f"lay man/day 1 {field(SECRET, 'man/day')}")
    shown = say(f"solve 1 {SECRET} 3 right")
    assert "Scores: seat 0: " in shown
    shown = say("draw man/inside")
    assert "The game is over" in shown and "Final round" not in shown
    term.send("quit")
    assert term.finish() == 0


def test_solve_refusals_speak_the_game_words(tmp_path: Any) -> None:
    from terminal import Terminal

    term = Terminal(["play", "bsi"], home=tmp_path)
    for question, answer in (("Players", "3"), ("Case", MINE), ("Hand", " ".join(HAND)),
                             ("First", "1"), ("Box", "")):  # fmt: skip
        term.expect(question)
        term.send(answer)
    term.expect_prompt("bsi> ")
    term.send("lay day/knife 0 0/1")
    term.expect_prompt("bsi> ")
    term.refuses(
        {
            f"solve 0 {MINE} 1 right": f"refused: the new CASE is missing ({MINE} is your "
            "case: it is solved, and you draw a new one); expected the case card you turned "
            f"up as your new case: `solve 0 {MINE} 1 right new CASE`",
            "solve 2 woman/day/inside/gun 2": "refused: the verdict is missing (seat 2 "
            "says whether woman/day/inside/gun is their case); expected `solve 2 "
            "woman/day/inside/gun 2 right` or `solve 2 woman/day/inside/gun 2 wrong`",
            "solve 2 woman/day/inside/gun 2 right new man/day/inside/gun": "refused: new CASE "
            '"man/day/inside/gun" is not valid (only your own new case is seen)',
        },
        "bsi> ",
    )
    term.send(f"solve 0 {MINE} 1 new woman/day/inside/knife")
    assert "my new case woman/day/inside/knife" in term.expect_prompt("bsi> ")
    term.send("quit")
    assert term.finish() == 0


def test_a_solved_own_case_needs_the_new_case() -> None:
    table = Table(2, case=MINE, hand=HAND, first=1).played("day/knife", 0, "0/1")
    with pytest.raises(InvalidInput) as error:
        table.attempt(0, MINE, 1)
    assert error.value.argument == "new_case" and "you draw a new one" in str(error.value)
    assert table.attempt(0, MINE, 1, new_case="woman/day/inside/knife").my_case == Case.parse(
        "woman/day/inside/knife"
    )


# -- my own box -----------------------------------------------------------------------

MY_BOX = ["woman/knife", "man/day", "inside/gun", "night/outside", "man/night/knife",
          "woman/day/gun", "day/inside", "night/gun", "man/outside/gun", "woman/inside",
          "day/outside/knife", "man/gun"]  # fmt: skip


def test_a_table_with_my_own_box_refuses_cards_outside_it() -> None:
    table = Table(2, case=MINE, hand=HAND, small_cards=MY_BOX)
    assert table.small_cards == tuple(Card.parse(c) for c in MY_BOX)
    assert Table.from_json(table.to_json()) == table and "small_cards=" in repr(table)
    table = table.played("woman/knife", 1, field(SECRET, "woman/knife"))
    with pytest.raises(InvalidInput, match="not one of the 12 small cards of your box"):
        table.drew("woman/night")  # a 2-piece card that is not in my box
    assert table.drew("inside/gun").hand[-1] == Card.parse("inside/gun")
    with pytest.raises(InvalidInput, match="not one of the 12 small cards of your box"):
        Table(2, case=MINE, hand=["woman/night", "woman/knife", "man/day"], small_cards=MY_BOX)
    Table(2, case=MINE, hand=["woman/night", "woman/knife", "man/day"])  # any card: no box


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (MY_BOX[:11], "11 given"),
        ([*MY_BOX[:11], "woman/knife"], "woman/knife is given twice"),
        ([*MY_BOX[:11], "man/day/inside/gun"], "man/day/inside/gun is a case card"),
        ("woman/knife", None),
    ],
)
def test_a_box_is_twelve_different_small_cards(cards: Any, reason: str | None) -> None:
    with pytest.raises(InvalidInput) as error:
        Table(2, case=MINE, hand=HAND, small_cards=cards)
    assert error.value.argument == "small_cards"
    assert reason is None or error.value.reason == reason


def test_box_files(tmp_path: Any) -> None:
    path = tmp_path / "box.toml"
    path.write_text(box_template(), encoding="utf-8")
    assert load_box(path) == STAND_IN
    path.write_text("small_cards = [" + ", ".join(f'"{c}"' for c in MY_BOX) + "]\n")
    assert load_box(path) == tuple(Card.parse(c) for c in MY_BOX)
    for text, argument in (
        ('small_cards = ["man/day"]\n', "small_cards"),
        ('cards = ["man/day"]\n', "box key"),
        ("small_cards = [\n", "deck"),
    ):
        path.write_text(text)
        with pytest.raises(InvalidInput) as error:
            load_box(path)
        assert error.value.argument in {argument, "path", "text", str(path)}, error.value
    with pytest.raises(InvalidInput):
        load_box(tmp_path)  # a folder
    with pytest.raises(InvalidInput):
        load_box("/dev/zero")  # a device: refused before it is read


def test_stand_ins_are_named_as_such() -> None:
    assert [stand_in_name(c) for c in STAND_IN[:2]] == ["stand-in 1 (man/day)",
                                                        "stand-in 2 (woman/night)"]  # fmt: skip
    assert stand_in_name(Card.parse("woman/knife")) == "woman/knife"  # not a stand-in
    record = play_game([advised, random_bot], seed=3)
    laid = [line for line in record.log if " lays " in line]
    small = [line for line in laid if "/" in line.split(" lays ")[1].split(" at ")[0]]
    assert any("lays stand-in " in line for line in laid)
    for line in laid:
        card = line.split(" lays ")[1].split(" at seat")[0]
        assert card.startswith("stand-in ") or Card.parse(card).size == 4, line
    assert small


def test_the_console_takes_my_box_from_a_file(tmp_path: Any) -> None:
    from terminal import Terminal

    path = tmp_path / "my-box.toml"
    path.write_text("small_cards = [" + ", ".join(f'"{c}"' for c in MY_BOX) + "]\n")
    term = Terminal(["play", "bsi", "--set", f"box={path}"], home=tmp_path)
    for question, answer in (("Players", "2"), ("Case", MINE), ("Hand", " ".join(HAND)),
                             ("First", "0")):  # fmt: skip
        term.expect(question)
        term.send(answer)
    term.expect_prompt("bsi> ")
    term.refuses(
        {"lay woman/night/outside/gun 1 2": "", "draw woman/night": 'refused: card '
         '"woman/night" is not valid (not one of the 12 small cards of your box)'},
        "bsi> ",
    )  # fmt: skip
    term.send("draw inside/gun")
    assert "noted: seat 0 draws inside/gun" in term.expect_prompt("bsi> ")
    term.send("quit")
    assert term.finish() == 0
    saved = Table.from_json((tmp_path / "state" / "deduce" / "bsi.json").read_text())
    assert saved.small_cards == tuple(Card.parse(c) for c in MY_BOX)


def test_the_console_takes_my_box_typed_in(tmp_path: Any) -> None:
    from terminal import Terminal

    term = Terminal(["play", "bsi", "--no-autosave"], home=tmp_path)
    for question, answer in (("Players", "2"), ("Case", MINE), ("Hand", " ".join(HAND)),
                             ("First", "0")):  # fmt: skip
        term.expect(question)
        term.send(answer)
    term.expect("Box (")
    term.send(" ".join([*MY_BOX[:11], "man/day/inside/gun"]))
    term.expect("man/day/inside/gun is a case card")
    term.send(" ".join(MY_BOX))
    term.expect_prompt("bsi> ")
    term.send("lay woman/knife 1 2")
    term.expect_prompt("bsi> ")
    term.send("draw night/knife")
    assert "not one of the 12 small cards of your box" in term.expect_prompt("bsi> ")
    term.send("quit")
    assert term.finish() == 0


def test_the_attempt_step_says_why_not_to_attempt() -> None:
    from deduce.games.bsi.play_advice import attempt_advice

    record = play_game([cautious, random_bot], seed=8, max_turns=8)
    table = record.tables[0]
    card = table.hand[0]
    laid = table.played(card, 1, field_of(record.truth["cases"][1], card))
    choices = laid.race_options()
    assert laid.best_attempt() is None and choices[0].attempt is None
    best = choices[1]
    assert best.attempt is not None and best.win <= choices[0].win
    assert attempt_advice(choices) == [
        f"Better not to attempt now: {100 * choices[0].win:.0f}% to finish first with no "
        f"attempt, {100 * best.win:.0f}% with the best attempt (seat {best.attempt.target}, "
        f"the {best.attempt.drops}-drop card; see `attempts`)."
    ]
