"""Crime Writers score sheet (totals from the rulebook's scoring text) and title check."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import deduce
from deduce.games.crime_writers import (
    ELEMENTS,
    INVENTED,
    Deck,
    Find,
    Round,
    ScoreSheet,
    Story,
    TitleWarning,
    check_title,
    started_minutes,
)
from deduce.testing import invalid_input

# -- scoring, as the rulebook words it ------------------------------------------------------


def play(sheet: ScoreSheet, finds: Sequence[tuple[str, str, float]]) -> ScoreSheet:
    sheet = sheet.start_round()
    for element, guest, at in finds:
        sheet = sheet.found(element, guest, at=at)
    return sheet


def test_a_guest_receives_three_points_per_element() -> None:
    # "A guest receives three points when they figure out a crime element."
    sheet = ScoreSheet(("Writer", "Ann", "Ben")).start_round()
    sheet = sheet.found("how", "Ann", at=10)
    assert sheet.guest_points() == {"Writer": 0, "Ann": 3, "Ben": 0}
    sheet = sheet.found("who", "Ann", at=20).found("where", "Ben", at=30)
    assert sheet.guest_points() == {"Writer": 0, "Ann": 6, "Ben": 3}


@pytest.mark.parametrize(
    ("seconds", "points"),
    [(59, 1), (60, 1), (61, 2), (4 * 60 + 10, 5), (10 * 60, 10), (0.5, 1)],
)
def test_the_writer_gets_one_point_per_started_minute(seconds: float, points: int) -> None:
    # "the writer receives as many points as the number of started minutes it has taken
    # the guests to figure out the five crime elements of that story"
    finds = [(e, "Ann", 0.5) for e in ELEMENTS[:4]] + [(ELEMENTS[4], "Ben", seconds)]
    sheet = play(ScoreSheet(("Writer", "Ann", "Ben")), finds)
    assert sheet.writer_points()["Writer"] == points
    assert sheet.rounds[0].minutes == points


def test_the_writer_scores_nothing_until_all_five_are_found() -> None:
    finds = [(e, "Ann", 100) for e in ELEMENTS[:4]]
    sheet = play(ScoreSheet(("Writer", "Ann", "Ben")), finds)
    assert sheet.writer_points()["Writer"] == 0
    assert sheet.rounds[0].minutes is None
    assert sheet.current is not None and not sheet.current.complete


def test_with_two_players_only_writer_points_count() -> None:
    # "With two players, points are not given for discovering the crime elements ...
    # Just the writer points are counted."
    sheet = play(
        ScoreSheet(("Ann", "Ben")), [(e, "Ben", 30 * (i + 1)) for i, e in enumerate(ELEMENTS)]
    )
    sheet = play(sheet, [(e, "Ann", 400) for e in ELEMENTS])
    assert sheet.two_players
    assert sheet.guest_points() == {"Ann": 0, "Ben": 0}
    assert sheet.points() == {"Ann": 3, "Ben": 7}
    assert sheet.winners() == ("Ben",)


def test_a_whole_game_adds_guest_and_writer_points_and_ranks() -> None:
    # "the master-scribe counts the number of points received by each player as guests
    # discovering crime elements and adds them to the points they received as writers.
    # The player with the most points is the winner."
    sheet = ScoreSheet(("Ann", "Ben", "Cy"))
    sheet = play(
        sheet,
        [
            ("who", "Ben", 40),
            ("whom", "Ben", 70),
            ("why", "Cy", 200),
            ("where", "Cy", 260),
            ("how", "Ben", 301),
        ],
    )  # Ann writes: 6 minutes
    sheet = play(
        sheet,
        [
            ("who", "Ann", 10),
            ("whom", "Ann", 20),
            ("why", "Ann", 30),
            ("where", "Cy", 50),
            ("how", "Cy", 119),
        ],
    )  # Ben writes: 2 minutes
    sheet = play(
        sheet,
        [
            ("who", "Ben", 100),
            ("whom", "Ann", 200),
            ("why", "Ann", 300),
            ("where", "Ann", 400),
            ("how", "Ben", 540),
        ],
    )  # Cy writes: 9 minutes
    assert sheet.finished
    assert sheet.guest_points() == {"Ann": 3 * 6, "Ben": 3 * 5, "Cy": 3 * 4}
    assert sheet.writer_points() == {"Ann": 6, "Ben": 2, "Cy": 9}
    assert sheet.points() == {"Ann": 24, "Ben": 17, "Cy": 21}
    assert sheet.ranking() == [(1, "Ann", 24), (2, "Cy", 21), (3, "Ben", 17)]
    assert sheet.winners() == ("Ann",)
    with pytest.raises(deduce.InvalidInput):
        sheet.start_round()  # everyone has written: the game is over


def test_ties_share_a_place() -> None:
    sheet = play(
        ScoreSheet(("Ann", "Ben", "Cy")),
        [(e, "Ben" if i % 2 else "Cy", 60) for i, e in enumerate(ELEMENTS[:4])]
        + [("how", "Ben", 60)],
    )
    # Ben 3 finds = 9, Cy 2 finds = 6, Ann writes 1 minute
    assert sheet.points() == {"Ann": 1, "Ben": 9, "Cy": 6}
    tied = ScoreSheet(
        ("Ann", "Ben", "Cy"),
        rounds=(
            Round(
                "Ann", tuple(Find(e, "Ben" if i < 2 else "Cy", 0) for i, e in enumerate(ELEMENTS))
            ),
        ),
    )
    assert tied.points() == {"Ann": 0, "Ben": 6, "Cy": 9}
    t2 = play(
        ScoreSheet(("A", "B", "C", "D")),
        [("who", "B", 1), ("whom", "C", 2), ("why", "D", 3), ("where", "B", 4), ("how", "C", 5)],
    )
    assert t2.ranking() == [(1, "B", 6), (1, "C", 6), (3, "D", 3), (4, "A", 1)]
    assert t2.winners() == ("B", "C")


def test_writers_follow_the_order() -> None:
    sheet = ScoreSheet(("Ann", "Ben", "Cy"), order=("Cy", "Ann", "Ben"))
    assert sheet.next_writer == "Cy"
    sheet = play(sheet, [(e, "Ann", 5) for e in ELEMENTS])
    assert sheet.next_writer == "Ann"
    assert sheet.start_round().current == Round("Ann")


def test_undo_and_immutability() -> None:
    start = ScoreSheet(("Ann", "Ben", "Cy")).start_round()
    after = start.found("who", "Ben", at=5)
    assert start.current == Round("Ann") and after.undo() == start
    assert start.undo() == ScoreSheet(("Ann", "Ben", "Cy"))


def test_started_minutes() -> None:
    assert [started_minutes(s) for s in (0, 0.001, 59.9, 60, 60.001, 599, 600)] == [
        0,
        1,
        1,
        1,
        2,
        10,
        10,
    ]


SHEET = ScoreSheet(("Ann", "Ben", "Cy")).start_round().found("who", "Ben", at=30)

BAD: list[tuple[str, Callable[[], Any], str, str]] = [
    ("one player", lambda: ScoreSheet(("Ann",)), "players", "at least 2"),
    ("players text", lambda: ScoreSheet("AnnBen"), "players", "sequence"),  # type: ignore[arg-type]
    ("empty name", lambda: ScoreSheet(("Ann", " ")), "players", "non-empty"),
    ("same name", lambda: ScoreSheet(("Ann", "Ann")), "players", "different"),
    ("order", lambda: ScoreSheet(("Ann", "Ben"), order=("Ann", "Cy")), "order", "exactly once"),
    (
        "no round",
        lambda: ScoreSheet(("Ann", "Ben")).found("who", "Ben", at=1),
        "found",
        "start_round",
    ),
    ("element", lambda: SHEET.found("when", "Cy", at=40), "element", "'how'"),
    ("twice", lambda: SHEET.found("who", "Cy", at=40), "element", "'whom'"),
    ("writer as guest", lambda: SHEET.found("how", "Ann", at=40), "guest", "'Ben', 'Cy'"),
    ("stranger", lambda: SHEET.found("how", "Dan", at=40), "guest", "'Ben', 'Cy'"),
    ("clock back", lambda: SHEET.found("how", "Cy", at=20), "at", "at least 30"),
    (
        "negative",
        lambda: ScoreSheet(("A", "B")).start_round().found("how", "B", at=-1),
        "at",
        ">= 0",
    ),
    ("nan", lambda: SHEET.found("how", "Cy", at=float("nan")), "at", ">= 0"),
    ("bool time", lambda: SHEET.found("how", "Cy", at=True), "at", ">= 0"),
    ("running", lambda: SHEET.start_round(), "start_round", "finished round"),
    ("minutes", lambda: started_minutes(-5), "seconds", ">= 0"),
    ("undo empty", lambda: ScoreSheet(("A", "B")).undo(), "undo", "a round"),
    ("json", lambda: ScoreSheet.from_json("[]"), "text", "saved score sheet"),
    ("json bad", lambda: ScoreSheet.from_json("{"), "text", "JSON"),
    (
        "json writer",
        lambda: ScoreSheet.from_json(SHEET.to_json().replace('"writer": "Ann"', '"writer": "Ben"')),
        "rounds[0].writer",
        "'Ann'",
    ),
    ("title", lambda: check_title("", {"who": "Butler"}), "title", "non-empty"),
    ("elements", lambda: check_title("A title", 5), "elements", "mapping"),
    ("element text", lambda: check_title("A title", {"who": ""}), "elements['who']", "non-empty"),
]


@pytest.mark.parametrize(("case", "call", "argument", "choices"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_argument_and_choices(
    case: str, call: Callable[[], Any], argument: str, choices: str
) -> None:
    invalid_input(call, argument, choices)


@st.composite
def sheets(draw: st.DrawFn) -> ScoreSheet:
    players = draw(
        st.lists(
            st.text(min_size=1, max_size=5).filter(str.strip), min_size=2, max_size=6, unique=True
        )
    )
    sheet = ScoreSheet(tuple(players), order=tuple(draw(st.permutations(players))))
    for _ in range(draw(st.integers(0, len(players)))):
        sheet = sheet.start_round()
        writer = sheet.current.writer  # type: ignore[union-attr]
        guests = [p for p in players if p != writer]
        clock = 0.0
        elements = draw(st.permutations(ELEMENTS))
        for element in elements[: draw(st.integers(0, 5))]:
            clock += draw(st.floats(0, 300, allow_nan=False))
            sheet = sheet.found(element, draw(st.sampled_from(guests)), at=clock)
        if sheet.current is not None:
            break
    return sheet


@given(sheets())
def test_json_round_trip_and_totals(sheet: ScoreSheet) -> None:
    back = ScoreSheet.from_json(sheet.to_json())
    assert back == sheet
    assert json.loads(back.to_json()) == json.loads(sheet.to_json())
    # totals from first principles: 3 per find (not with 2 players) + started minutes
    expected = dict.fromkeys(sheet.players, 0)
    for game_round in sheet.rounds:
        if len(sheet.players) > 2:
            for find in game_round.finds:
                expected[find.guest] += 3
        if len(game_round.finds) == 5:
            seconds = game_round.finds[-1].at
            expected[game_round.writer] += int(-(-seconds // 60))
    assert sheet.points() == expected
    places = [place for place, _, _ in sheet.ranking()]
    assert places[0] == 1 and places == sorted(places)


# -- titles ---------------------------------------------------------------------------------


SAMPLE = Deck.example()
WORDINGS = [(e, c.text) for e in ELEMENTS for c in SAMPLE.for_element(e)]


def _plural(word: str) -> str:
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


INFLECTIONS: dict[str, Callable[[str], str]] = {
    "as is": lambda text: text,
    "upper case": str.upper,
    "lower case": str.lower,
    "possessive": lambda text: text + "'s",
    "plural": lambda text: " ".join([*text.split()[:-1], _plural(text.split()[-1])]),
}


@given(st.sampled_from(WORDINGS), st.sampled_from(sorted(INFLECTIONS)))
def test_every_card_wording_in_a_title_is_flagged(wording: tuple[str, str], how: str) -> None:
    element, text = wording
    title = f"A tale of {INFLECTIONS[how](text)}"
    warnings = check_title(title, {element: text})
    assert any(w.element == element and w.kind == "element" for w in warnings), title


TAGGED = [
    (e, c.text, tag)
    for e in ("who", "why", "where", "how")
    for c in SAMPLE.for_element(e)
    for tag in c.tags
]


@pytest.mark.parametrize(("element", "text", "tag"), TAGGED)
def test_a_tag_of_the_card_is_a_weaker_warning(element: str, text: str, tag: str) -> None:
    title = f"A tale of {tag}"
    plain = check_title(title, {element: text})
    with_deck = check_title(title, {element: text}, deck=SAMPLE)
    assert all(w.kind != "tag" for w in plain)
    if plain:  # a word of the element itself: the deck adds nothing
        assert with_deck == plain
    else:
        assert [(w.element, w.word, w.kind) for w in with_deck] == [(element, tag, "tag")]


def test_the_rulebook_titles() -> None:
    # A wife kills her husband in a cemetery. "Till death do us part" is a good title.
    # "Murder by the graves" gives the scene away by a synonym, which no word match finds:
    # it is flagged only when a word of the element itself is in the title.
    story = {"who": "Wife", "whom": "Husband", "where": "Cemetery"}
    assert check_title("Till death do us part", story, deck=SAMPLE) == ()
    assert check_title("Murder by the graves", story) == ()
    (warning,) = check_title("Murder by the cemeteries", story)
    assert (warning.element, warning.found, warning.kind) == ("where", "cemeteries", "element")
    (warning,) = check_title("Murder by the graves", {"where": "Grave"})
    assert (warning.word, warning.found) == ("grave", "graves")


@pytest.mark.parametrize(
    ("title", "element", "word", "found"),
    [
        ("The Poisoned Tea", "Poison", "poison", "poisoned"),
        ("THE BUTLER'S SECRET", "Butler", "butler", "butler's"),
        ("Two Cemeteries", "Cemetery", "cemetery", "cemeteries"),
        ("Stabbing Hearts", "Stab", "stab", "stabbing"),
        ("Gardens at night", "Garden", "garden", "gardens"),
        ("He loved her", "Love", "love", "loved"),
        ("The Agents' pride", "Secret agent", "agent", "agents"),
    ],
)
def test_titles_with_an_element_word_are_flagged(
    title: str, element: str, word: str, found: str
) -> None:
    (warning,) = check_title(title, [element])
    assert (warning.word, warning.found) == (word, found)
    assert warning.element == "0" and warning.text == element
    assert element in str(warning)


def test_whole_elements_and_single_words() -> None:
    story = Story("Secret agent", "Mafia boss", "Professional pride", "Rooftop", "Gunshot")
    kinds = {(w.element, w.kind) for w in check_title("A secret agent's professional life", story)}
    assert kinds == {("who", "element"), ("why", "word")}


@pytest.mark.parametrize(
    "title",
    ["The Popcorn-case", "Went astray!", "Till death do us part", "Of the in and on"],
)
def test_innocent_titles_pass(title: str) -> None:
    story = Story("Hitman", "Self", "Professional pride", "Cemetery", "Gunshot")
    assert check_title(title, story) == ()


def test_invented_placeholders_and_stop_words_are_skipped() -> None:
    story = Story("The Butler", INVENTED, "Greed", "In the cellar", INVENTED)
    assert [w.word for w in check_title("In the end", story)] == []
    assert [w.word for w in check_title("Cellar door", story)] == ["cellar"]


def test_title_warning_is_a_value() -> None:
    w = TitleWarning("how", "Poison", "poison", "poisoned", "element")
    assert w == TitleWarning("how", "Poison", "poison", "poisoned", "element")
    assert str(w) == "title word 'poisoned' gives away how ('Poison')"
