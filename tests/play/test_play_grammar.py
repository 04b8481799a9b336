"""The clue grammar: parsing, refusals in words, and completion that knows the argument."""

from __future__ import annotations

from pathlib import Path

import pytest

from deduce.errors import InvalidInput
from deduce.games import bsi, crime_writers, kreuzverhoer, thirteen_clues
from deduce.games.mastermind import Investigation as Mastermind
from deduce.play import adapter, adapters
from deduce.play.adapter import refusal
from deduce.play.grammar import (
    Arg,
    Flag,
    Grammar,
    Integer,
    Name,
    Question,
    Text,
    Verb,
    YesNo,
    quoted,
    split,
)
from deduce.play.session import COMMANDS


def _record(target: object, values: dict[str, object]) -> dict[str, object]:
    return values


GRAMMAR = Grammar(
    (
        Verb(
            ("ask", "question"),
            (
                Arg("SEAT", Integer(1, 3)),
                Arg("COLOUR", Name(("red", "blue", "rose"), aliases={"r": "red"})),
                Arg("SIDE", Name(("left", "right")), optional=True),
            ),
            "ask a seat about a colour",
            ("ask 2 red",),
            _record,
        ),
        Verb(
            ("note",),
            (
                Arg("TEXT", Text(), rest=True),
                Arg("loud", Flag(), optional=True, keyword="loud"),
                Arg("SEAT", Integer(0, 3), optional=True, repeated=True, keyword="to"),
                Arg("CARD", Name(("knife", "rope")), optional=True, keyword="card="),
            ),
            "a note",
            ("note hello there loud",),
            _record,
        ),
        Verb(("check",), (Arg("ANSWER", YesNo()),), "yes or no", ("check yes",), _record),
    )
)


def parse(line: str) -> dict[str, object]:
    call = GRAMMAR.parse(line.split())
    values: dict[str, object] = call.verb.do(None, call.values)
    return values


def test_parse_reads_every_kind_of_argument() -> None:
    assert parse("ask 2 bl") == {"seat": 2, "colour": "blue"}
    assert parse("question 3 r left") == {"seat": 3, "colour": "red", "side": "left"}
    assert parse("note hello there loud to 1 2 card=kn") == {
        "text": "hello there",
        "loud": True,
        "seat": (1, 2),
        "card": "knife",
    }
    assert parse("note Adjustable_wrench") == {"text": "Adjustable wrench"}
    assert parse("check Y") == {"answer": True}


@pytest.mark.parametrize(
    ("line", "argument", "words"),
    [
        ("ask 4 red", "seat", ["a number from 1 to 3"]),
        ("ask 2 r1", "colour", ["one of red, blue, rose"]),
        ("ask 2 r x", "side", ["one of left, right"]),
        ("ask 2", "line", ["COLOUR is missing", "ask SEAT COLOUR [SIDE], e.g. ask 2 red"]),
        ("ask 2 red left up", "line", ['"up" is one word too many']),
        ("note hi card=rope card=knife", "card", ["it is said twice"]),
        ("note hi to", "line", ["SEAT after to is missing"]),
        ("check maybe", "answer", ["yes or no"]),
        ("frobnicate 1", "line", ['"frobnicate" is neither', "a clue (ask, note, check)"]),
    ],
)
def test_refusals_name_the_argument_and_what_is_accepted(
    line: str, argument: str, words: list[str]
) -> None:
    with pytest.raises(InvalidInput) as caught:
        GRAMMAR.parse(line.split())
    assert caught.value.argument == argument
    message = refusal(caught.value)
    for word in words:
        assert word in message, message
    assert "=" not in message.split(" is not valid")[0]  # no Python's argument=value


def test_a_prefix_of_several_choices_says_which_fit() -> None:
    assert parse("ask 1 ro") == {"seat": 1, "colour": "rose"}
    with pytest.raises(InvalidInput, match="it fits several"):
        Name(("rope", "rose")).read("ro", GRAMMAR_CONTEXT, "card")


GRAMMAR_CONTEXT = __import__("deduce.play.grammar", fromlist=["Context"]).Context()


def test_refusals_quote_a_long_line_shortened() -> None:
    line = "x" * 5000
    message = refusal(InvalidInput("code", line, "4 digits"))
    assert "(5000 characters)" in message
    assert len(message) < 200
    assert quoted("short") == '"short"'


def test_refusals_show_clues_in_the_game_s_words() -> None:
    event = bsi.Lay(bsi.Card.parse("man/day"), 1, 2)
    error = InvalidInput("event", event, "an attempt or a draw", reason="laid already")
    message = refusal(error, adapter("bsi").show_value)
    assert message == (
        "lays man/day at seat 1: field 2 is not possible (laid already); "
        "expected an attempt or a draw"
    )


def test_completion_knows_which_argument_is_typed() -> None:
    kv = kreuzverhoer.Investigation()
    complete = (adapter("kreuzverhoer").grammar + COMMANDS).complete
    crimes = list(kv.deck.names("crime"))
    assert complete("ask ", kv) == crimes
    assert complete("ask M", kv) == ["Mord"]  # not Messer (a weapon) nor München* (a scene)
    assert complete("ask Mord ", kv) == list(kv.deck.names("scene"))
    assert complete("ask Mord Ulm Nora Gift ", kv) == ["0", "1", "2", "3", "4"]
    assert complete("out weapon=G", kv) == ["weapon=Gift"]
    assert "card=" in complete("out weapon=Gift ", kv)
    assert "wrong" in complete("site ", kv)
    assert complete("hist", kv) == ["history"]
    assert "Juri_L." in complete("profiler ", kv)


def test_completion_of_each_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cw = crime_writers.Investigation(crime_writers.Deck.example())
    complete = (adapter("crime-writers").grammar + COMMANDS).complete
    assert complete("ask how ", cw)[:2] == ["substance", "ingested"]
    assert "Adjustable_wrench" in complete("ask how ", cw)
    assert complete("ask how weapon n", cw) == [
        "no",
        "not_characteristic",
        "not_important",
        "n",
        "nc",
        "ni",
    ]
    assert "invented" in complete("found who Butler ", cw)
    assert complete("drawn who Gar", cw) == ["Gardener"]
    table = bsi.Table(2, case="man/night/inside/gun", hand=["woman/knife", "man/day", "man/gun"])
    complete = (adapter("bsi").grammar + COMMANDS).complete
    assert complete("lay woman/knife ", table) == ["1"]  # not my own seat
    assert complete("solve 1 woman/day/inside/knife 3 ", table) == [
        "right",
        "wrong",
        "yes",
        "correct",
        "no",
        "richtig",  # and German
        "falsch",
        "new",
        "revealed",
    ]
    tc = thirteen_clues.Investigation(
        3, ["Officer", "Parlor"], {1: ("Duke", "Park", "Gun"), 2: ("Nurse", "Museum", "Rifle")}
    )
    complete = (adapter("thirteen-clues").grammar + COMMANDS).complete
    assert complete("ask ", tc) == ["1", "2"]
    assert complete("ask 1 gr", tc) == ["green", "grün"]  # and German (gray is out of play)
    assert complete("ask 1 red 1 ", tc) == []  # a side only at two players
    two = thirteen_clues.Investigation(2, ["Officer", "Parlor"], {1: ("Duke", "Park", "Crossbow")})
    assert complete("ask 1 red 1 ", two) == ["left", "right"]
    complete = (adapter("mastermind").grammar + COMMANDS).complete
    mm = Mastermind().guess("1122", 1, 0).guess("1344", 0, 0).guess("5525", 2, 0)
    assert complete("56", mm) == ["5626"]  # the codes left, without the verb
    assert complete("strategy ", mm)[:2] == ["entropy", "minimax"]
    (tmp_path / "game.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    assert complete("load ga", mm) == ["game.json"]


def test_every_verb_has_help_and_an_example_that_parses() -> None:
    for name, game in adapters().items():
        for verb in game.grammar.verbs:
            assert verb.help and verb.examples, (name, verb.name)
            for example in verb.examples:
                words = example.split() if '"' not in example else None
                if words is not None:
                    assert game.grammar.find(words[0]) or any(v.implied for v in game.grammar.verbs)


def test_set_up_questions_have_keys_prompts_and_examples() -> None:
    for name, game in adapters().items():
        keys = [q.key for q in game.grammar.setup]
        assert len(set(keys)) == len(keys), name
        for question in game.grammar.setup:
            prompt = question.prompt()
            assert prompt.lower().startswith(question.key.replace("_", " ")), prompt
            assert question.default is not None or "e.g. " in prompt, prompt


def test_a_question_checks_the_answers_so_far() -> None:
    def check(answers: dict[str, object]) -> None:
        if answers["b"] == answers.get("a"):
            raise InvalidInput("b", answers["b"], "another number", reason="the same as a")

    question = Question("b", Integer(0, 9), "a number", "1", check=check)
    assert question.read("2", {"a": 1}) == 2
    with pytest.raises(InvalidInput, match="the same as a"):
        question.read("1", {"a": 1})
    assert question.prompt() == "B (a number) [1]: "


def test_completion_reads_a_line_as_the_parser_does() -> None:
    # a backslash is an ordinary character in both (Windows paths stay whole)
    assert split(r"load C:\games\x") == (["load"], r"C:\games\x")
    assert split(r'save "C:\my games\x.json" ') == (["save", r"C:\my games\x.json"], "")


def test_completion_at_kreuzverhoer_s_table_offers_my_hand_by_its_titles() -> None:
    complete = (adapter("kreuzverhoer").grammar + COMMANDS).complete
    table = kreuzverhoer.Table(
        case=kreuzverhoer.Case("Überfall", "Köln*", "Nora M.", "Schal*"),
        hand=["confrontation", "lawyer", "informant"],
    )
    table = table.questioning("Mord", "Berlin", "Ede K.", "Messer", 0)
    assert complete("exchange ", table) == ["Gegenüberstellung", "Anwalt", "Informant"]
    assert complete("swap ", table) == ["Gegenüberstellung", "Anwalt", "Informant"]
    assert "Zeuge" in complete("exchange Anwalt ", table)  # the card drawn: any
    assert "witness" not in complete("exchange Anwalt ", table)  # titles, not API names
    table = table.confrontation(False).drew("witness")
    table = table.asked("Überfall", "Berlin", "Nora M.", "Messer")
    assert complete("they ", table) == ["ask", "play"]
    offered = complete("they play ", table)  # their investigation card, not a crime
    assert "Gegenüberstellung" in offered and "Mord" not in offered
    assert "confrontation" not in offered
    assert complete("they ask ", table)[0] == "Mord"
    assert complete("play ", table) == ["Anwalt"]  # the defence cards in my hand


def test_why_completes_each_fact_as_one_word_that_reads_back() -> None:
    from deduce.play.arguments import Context
    from deduce.play.session import _fact, _fact_words

    table = bsi.Table(3, case="woman/day/outside/knife", hand=["man/day", "man/gun", "day/gun"])
    context = Context(table)
    words = _fact_words(context)
    assert words and all(" " not in word for word in words)  # Tab inserts one word
    assert "seat_1=man/day/inside/knife" in words
    assert _fact("seat_1=man/day/inside/knife", context) == ("seat 1", "man/day/inside/knife")


def test_why_about_a_value_not_settled_does_not_call_it_impossible() -> None:
    from rich.console import Console

    from deduce.play.session import Session

    table = bsi.Table(3, case="woman/day/outside/knife", hand=["man/day", "man/gun", "day/gun"])
    table = table.played("man/day", 1, 2)
    assert 0 < table.case_probabilities(1)[bsi.Case.parse("man/day/inside/knife")] < 1
    console = Console(record=True, width=200)
    session = Session(adapter("bsi"), table, console, autosave=None)
    session.handle("why seat_1=man/day/inside/knife")
    shown = " ".join(console.export_text().split())
    assert "is not possible" not in shown
    assert (
        'refused: value "man/day/inside/knife" is not valid; expected a value of seat 1 that '
        "is certain or impossible by now" in shown
    )
