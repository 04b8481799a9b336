"""``deduce serve``'s advice with its numbers, as data: each advised move's bits, answers,
worst case and score (in the unit a game's own objective names), the engine's own numbers,
and the page's "Why these moves" drawn from them."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from markupsafe import escape
from serving import TestClient

from deduce.core import registry
from deduce.games.mastermind import Investigation
from deduce.play import adapter
from deduce.play.files import load_file
from deduce.play.setup import parse_presets

GAMES = [g.name for g in registry.declarations() if g.front_end]

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _numbers(move: dict[str, Any]) -> tuple[object, ...]:
    """An advised move's numbers in the state."""
    return (move["bits"], move["answers"], move["worst_case"], move["score"])


def _engines(found: Any) -> tuple[object, ...]:
    """The same numbers of the engine's :class:`Recommendation`."""
    return (found.information, len(found.outcomes), found.worst_case, found.score)


def _why(page: str) -> str:
    """The page's "Why these moves" fold."""
    return page.split('<details class="why">')[1].split("</details>")[0]


def _why_line(words: str, found: Any, score: dict[str, str] | None) -> str:
    """The page's line for an advised move, from the engine's numbers: its score (in the
    unit the game names), then its bits, answers and worst case."""
    said = ""
    if score is not None:
        value = found.score
        shown = f"{100 * value:.0f}%" if score["unit"] == "probability" else f"{value:+.2f}"
        said = f"{shown} {score['name']}; "
    answers = len(found.outcomes)
    return str(
        escape(
            f"{words}: {said}{found.information:.2f} bits, {answers} "
            f"answer{'' if answers == 1 else 's'}, worst case {found.worst_case} left"
        )
    )


def _shown_as(page: str, moves: Sequence[str], found: Sequence[Any], score: Any) -> None:
    """The page's fold lists each move with the engine's numbers, in order."""
    lines = [f"<li>{_why_line(w, r, score)}</li>" for w, r in zip(moves, found, strict=True)]
    assert f"<ul>{''.join(lines)}</ul>" in _why(page)


def test_mastermind_advice_comes_with_each_moves_bits(client: TestClient) -> None:
    state = client.post(
        "/api/sessions", json={"game": "mastermind", "setup": {"pegs": 3, "colours": 4}}
    ).json()
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 123 1 0"}).json()
    inv = Investigation(3, 4).guess("123", black=1, white=0)
    advice = state["advice"]
    moves = advice["moves"]
    expected = inv.recommend(top=len(moves))
    assert moves and [m["words"] for m in moves] == [str(r.action) for r in expected]
    assert advice["by"] == state["strategy"] and advice["score"] is None
    assert advice["ranked_by"].startswith("optimal")  # 3 pegs, 4 colours: the optimum
    assert [_numbers(m) for m in moves] == [_engines(r) for r in expected]
    page = client.get("/play/mastermind").text
    assert "Why these moves" in page
    assert f"(by {escape(advice['ranked_by'])})" in page
    _shown_as(page, [str(r.action) for r in expected], expected, None)


def test_no_advice_no_numbers(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2, "colours": 2}})
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 12 2 0"}).json()
    assert state["solution"] and state["advice"]["moves"] == []
    assert "Why these moves" not in client.get("/play/mastermind").text


def _declared_table(client: TestClient, name: str) -> Iterator[tuple[str, Any, Any]]:
    """The game ``name`` set up as its declared table, then each of its declared lines:
    (the line, "" at the start; the state after it; the game as saved)."""
    declared = registry.find(name)
    kind = adapter(name).investigation_type
    state = client.post(
        "/api/sessions", json={"game": name, "setup": parse_presets(declared.table_setup)}
    ).json()
    id_ = state["id"]
    for line in ("", *declared.table_lines):
        if line:
            state = client.post(f"/api/sessions/{id_}/lines", json={"line": line}).json()
        saved = client.app.state.tables.state_dir / f"{id_}.json"  # type: ignore[attr-defined]
        yield line, state, load_file(saved, kind)


@pytest.mark.parametrize("name", GAMES)
def test_every_games_numbers_are_the_consoles(client: TestClient, name: str) -> None:
    """The numbers the console shows are the engine's: the state's and the page's are
    those of the game's own ranking (``recommend``), move by move."""
    from deduce.search.fewest_moves import ranked_by

    front = adapter(name)
    own_seen = advised = 0
    for line, state, inv in _declared_table(client, name):
        advice = state["advice"]
        moves = advice["moves"]
        if not moves:
            continue
        assert advice["by"] != "the solution", line  # no solution is known on these tables
        advised += 1
        expected = front.recommend(inv, state["strategy"])
        assert [m["words"] for m in moves] == [front.show_action(r.action) for r in expected]
        assert [m["line"] for m in moves] == [front.typed(r.action) for r in expected], line
        assert [_numbers(m) for m in moves] == [_engines(r) for r in expected], line
        assert advice["by"] == str(expected[0].strategy), line
        named = front.score(advice["by"])
        score = None if named is None else {"name": named.name, "unit": named.unit}
        assert advice["score"] == score, line
        if advice["by"] == state["strategy"]:
            assert advice["ranked_by"] == ranked_by(inv, state["strategy"]), line
        if front.own_now(inv, state["strategy"]):  # the game's own objective: its unit
            own_seen += 1
            assert score is not None, line
        page = client.get(f"/play/{state['id']}").text
        _shown_as(page, [m["words"] for m in moves], expected, score)
    assert advised, "no advice on the declared table"
    if name in ("crime-writers", "bsi"):  # their table's default is their own objective
        assert own_seen, "the game's own advice was never shown"


def test_crime_writers_numbers_are_points_net_for_each_move(client: TestClient) -> None:
    declared = registry.find("crime-writers")
    front = adapter("crime-writers")
    client.post(
        "/api/sessions",
        json={"game": "crime-writers", "setup": parse_presets(declared.table_setup)},
    )
    id = client.get("/api/sessions").json()[0]["id"]
    for line in declared.table_lines:
        state = client.post(f"/api/sessions/{id}/lines", json={"line": line}).json()
        if state["advice"]["moves"]:
            break
    else:
        pytest.fail("no advice on the scripted table")
    advice = state["advice"]
    assert (state["strategy"], advice["by"]) == ("guest", "guest")
    assert advice["score"] == {"name": "points net", "unit": "points"}
    saved = client.app.state.tables.state_dir / f"{id}.json"  # type: ignore[attr-defined]
    expected = front.recommend(load_file(saved, front.investigation_type), "guest")
    assert [m["words"] for m in advice["moves"]] == [front.show_action(r.action) for r in expected]
    assert [m["score"] for m in advice["moves"]] == [r.score for r in expected]
    fold = _why(client.get(f"/play/{id}").text)
    assert "By points net." in fold and "`" not in fold  # no console markup on the page
    for move, found in zip(advice["moves"], expected, strict=True):
        assert f"<li>{escape(move['words'])}: {found.score:+.2f} points net; " in fold


@pytest.mark.parametrize("name", ["crime-writers", "bsi"])
def test_own_advice_is_worked_out_once_per_state(
    client: TestClient, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its ranking (``recommend``, under the game's own strategy), and its advice in
    words if anything asks for it: once for each state, whatever the page and the state
    ask."""
    declared = registry.find(name)
    kind = type(adapter(name))
    worked: dict[str, list[object]] = {"recommend": [], "own_advice": []}  # kept alive

    def counting(what: str) -> Any:
        original = getattr(kind, what)

        def counted(self: object, investigation: object, strategy: str) -> object:
            worked[what].append(investigation)
            return original(self, investigation, strategy)

        return counted

    for what in worked:
        monkeypatch.setattr(kind, what, counting(what))
    id_ = client.post(
        "/api/sessions", json={"game": name, "setup": parse_presets(declared.table_setup)}
    ).json()["id"]
    owned = 0
    for line in declared.table_lines:
        state = client.post(f"/api/sessions/{id_}/lines", json={"line": line}).json()
        client.get(f"/play/{id_}")
        client.get(f"/api/sessions/{id_}")
        owned += state["advice"]["score"] is not None  # ranked by the game's own objective
    assert owned, "the game's own objective never ranked the moves"
    assert worked["recommend"], "the game's own advice was never asked for"
    for what, states in worked.items():
        assert len(states) == len({id(i) for i in states}), f"a state's {what} was worked out twice"


def test_bsi_attempt_step_offers_the_race_choices_as_buttons(client: TestClient) -> None:
    declared = registry.find("bsi")
    id_ = client.post(
        "/api/sessions", json={"game": "bsi", "setup": parse_presets(declared.table_setup)}
    ).json()["id"]
    state = client.post(
        f"/api/sessions/{id_}/lines", json={"line": "lay woman/night/outside/gun 1 0/1"}
    ).json()
    inv = load_file(
        client.app.state.tables.state_dir / f"{id_}.json", adapter("bsi").investigation_type
    )  # type: ignore[attr-defined]
    assert inv.step == "attempt" and inv.turn == 0
    advice = state["advice"]
    moves = advice["moves"]
    assert moves, "no advice at the attempt step"
    choices = inv.race_options()[: len(moves)]
    assert [m["words"] for m in moves] == [
        "draw"
        if c.attempt is None
        else f"solve {c.attempt.target} {c.attempt.case} {c.attempt.drops}"
        for c in choices
    ]
    assert [(m["verb"], m["args"]) for m in moves] == [  # the verdict is the target's, to fill in
        ("draw", {"CARD": None})
        if c.attempt is None
        else (
            "solve",
            {
                "SEAT": str(c.attempt.target),
                "CASE": str(c.attempt.case),
                "DROPS": str(c.attempt.drops),
                "right|wrong": None,
            },
        )
        for c in choices
    ]
    assert (state["strategy"], advice["by"]) == ("points", "race")  # the attempt: the race
    assert advice["score"] == {"name": "chance to finish first", "unit": "probability"}
    assert [m["score"] for m in moves] == [c.win for c in choices]  # each choice's chance
    page = client.get(f"/play/{id_}").text
    assert 'data-verb="solve"' in page and "Why these moves" in page
    assert "By chance to finish first." in _why(page)
    for move, choice in zip(moves, choices, strict=True):
        assert f"<li>{escape(move['words'])}: {100 * choice.win:.0f}% chance to finish first; " in (
            _why(page)
        )
    # a button's line, with the target's verdict added, is taken as the move
    first = next(m["line"] for m in moves if m["verb"] == "solve")
    after = client.post(f"/api/sessions/{id_}/lines", json={"line": f"{first} wrong"}).json()
    assert after["history"][-1]["words"].endswith(": wrong")
    assert after["history"][-1]["clue"]["correct"] is False and after["advice"]["moves"] == []


def test_bsi_a_certain_case_is_offered_to_solve(client: TestClient) -> None:
    """Every case certain does not end the game: the page still offers the attempt."""
    from deduce.games import bsi

    mine, secret = bsi.Case.parse("man/night/inside/gun"), bsi.Case.parse("woman/day/outside/knife")
    hand = ["woman/night/outside/gun", "woman/knife", "man/day"]
    small = iter(c for c in bsi.CARDS if c.size < 4 and str(c) not in hand)
    setup = {"players": 2, "case": str(mine), "hand": " ".join(hand), "first": 0}
    id_ = client.post("/api/sessions", json={"game": "bsi", "setup": setup}).json()["id"]
    table = bsi.Table(2, case=mine, hand=hand)

    def matches(case: bsi.Case, card: bsi.Card) -> str:
        return "0/1" if case.matches(card) < 2 else str(case.matches(card))

    def post(line: str) -> dict[str, object]:
        state = client.post(f"/api/sessions/{id_}/lines", json={"line": line}).json()
        assert "replies" in state, state
        return state  # type: ignore[no-any-return]

    for _ in range(20):
        card = table.recommend_play(top=1)[0].action.card
        state = post(f"lay {card} 1 {matches(secret, card)}")
        table = table.played(card, 1, matches(secret, card))
        if table.solved_case(1) is not None:
            break
        drawn, theirs = next(small), next(small)
        post(f"draw {drawn}")
        post(f"lay {theirs} 0 {matches(mine, theirs)}")
        post("draw")
        table = table.drew(drawn).played(theirs, 0, matches(mine, theirs)).drew()
    else:
        pytest.fail("seat 1's case never became certain")
    assert table.solved_case(1) == secret
    advice = state["advice"]
    assert advice["moves"] and advice["moves"][0]["words"].startswith(f"solve 1 {secret} ")
    assert advice["moves"][0]["args"]["CASE"] == str(secret)
    assert advice["by"] == "race"  # worth solving now: by the race, not the one solution
    assert advice["score"] == {"name": "chance to finish first", "unit": "probability"}
    (best,) = [c for c in table.race_options()[:1] if c.attempt is not None]
    assert best.attempt.case == secret and advice["moves"][0]["score"] == best.win


def _fields(grammar: object, context: object, verb_name: str) -> list[str]:
    """The names of the fields of ``verb_name``'s first form, in its usage's order (an
    argument written with its keyword has none)."""
    verb = next(v for v in grammar.verbs if v.name == verb_name)  # type: ignore[attr-defined]

    def shown(arg: Any) -> bool:
        try:
            return arg.when is None or bool(arg.when(context))
        except Exception:  # a condition on an answer not given yet: it may be there
            return True

    return [a.name for a in verb.args if not a.keyword and shown(a)]


def _taken(grammar: object, context: object, verb_name: str, words: list[str | None]) -> bool:
    """Whether some form of ``verb_name`` takes each given word in its field, in order."""
    from deduce.errors import DeduceError

    for verb in grammar.verbs:  # type: ignore[attr-defined]
        if verb.name != verb_name or verb.command:
            continue
        fields = [a for a in verb.args if not a.keyword and (a.when is None or a.when(context))]
        if len(words) > len(fields):
            continue
        try:
            for arg, word in zip(fields, words, strict=False):
                if word is not None:
                    arg.kind.read(word, context, arg.name)
        except DeduceError:
            continue
        return True
    return False


@pytest.mark.parametrize("name", GAMES)
def test_every_advised_move_fills_its_form_with_words_its_fields_take(
    client: TestClient, name: str
) -> None:
    from deduce.play.grammar import Context
    from deduce.serve.forms import filling

    front = adapter(name)
    filled = 0
    for line, state, inv in _declared_table(client, name):
        context = Context(inv)
        for move in state["advice"]["moves"]:
            typed = move["line"]
            verb, words = filling(front.grammar, typed)
            assert verb and _taken(front.grammar, context, verb, words), (line, typed)
            # the move's data: the same words, each under its field's name, in order
            assert move["verb"] == verb, (line, typed)
            assert list(move["args"]) == _fields(front.grammar, context, verb), (line, typed)
            given = list(move["args"].values())
            assert given[: len(words)] == words and not any(given[len(words) :]), (line, typed)
            assert _taken(front.grammar, context, verb, given), (line, typed)
            filled += 1
    assert filled, "no advice on the declared table"


def test_an_accusation_and_a_look_fill_their_forms() -> None:
    from deduce.games import thirteen_clues as tc
    from deduce.serve.forms import filling

    front = adapter("thirteen-clues")
    accusation = tc.Accusation(tc.Puzzle("Duke", "Park", "Gun"), 0.6, False)
    assert front.show_action(accusation).startswith("accuse Duke, Park, Gun")
    assert filling(front.grammar, front.typed(accusation)) == (
        "accuse",
        ["0", None, "Duke", "Park", "Gun"],  # my seat; right or wrong is mine to tap
    )
    assert filling(front.grammar, front.typed(tc.Peek())) == ("informant", [])


def test_a_deduced_code_is_offered_as_the_winning_guess(client: TestClient) -> None:
    id_ = client.post(
        "/api/sessions", json={"game": "mastermind", "setup": {"pegs": 4, "colours": 6}}
    ).json()["id"]
    for line in ("1123 0 2", "2434 0 1", "3551 3 0", "3351 2 1"):  # the code is 3561
        state = client.post(f"/api/sessions/{id_}/lines", json={"line": line}).json()
    assert state["solution"] == {"solution": {"type": "Code", "digits": "3561"}, "words": "3561"}
    advice = state["advice"]
    assert advice["by"] == "the solution" and advice["score"] is None
    (win,) = advice["moves"]
    assert (win["verb"], win["args"]) == ("guess", {"CODE": "3561", "BLACK": None, "WHITE": None})
    assert win["line"] == win["words"] == "3561"
    assert _numbers(win) == (0.0, 1, 1, 0.0)  # certain: one answer, one solution left
    page = client.get(f"/play/{id_}").text
    button = page.split('class="advice"')[1].split("</ol>")[0]
    assert 'data-verb="guess"' in button  # its form filled in by name
    assert json.loads(button.split("data-args='")[1].split("'")[0]) == win["args"]
    assert "Why these moves" not in page  # no ranking to explain
    won = client.post(f"/api/sessions/{id_}/lines", json={"line": "3561 4 0"}).json()
    assert won["turn"]["over"] and won["advice"]["moves"] == []


def test_a_certain_case_or_puzzle_is_the_winning_move() -> None:
    from deduce.games import kreuzverhoer as kv
    from deduce.games import thirteen_clues as tc
    from deduce.play.adapter import word
    from deduce.serve.forms import filling

    front = adapter("kreuzverhoer")
    known = kv.Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.", weapon="Gift")
    assert front.winning(kv.Investigation()) is None
    assert filling(front.grammar, front.typed(front.winning(known))) == (
        "ask",
        ["Mord", "Ulm", "Ede_K.", "Gift"],  # the number right, 4, is the answer
    )
    deal = tc.Deal.random(4, seed=3)
    inv = tc.Investigation(deal.players, deal.hands[0], list(deal.puzzles[1:]))
    front = adapter("thirteen-clues")
    assert front.winning(inv) is None
    for about in tc.attributes(4):
        for witness in range(1, 4):
            inv = inv.question(0, witness, about, deal.answer(witness, about))
    for p in [p for p in inv.solutions() if p != deal.puzzles[0]]:
        inv = inv.accused(p.person, p.location, p.weapon)
    puzzle = deal.puzzles[0]
    cards = " ".join(word(c) for c in (puzzle.person, puzzle.location, puzzle.weapon))
    assert front.typed(front.winning(inv)) == f"accuse 0 ? {cards}"


def test_cluedo_advice_says_each_moves_chance_of_the_envelope(client: TestClient) -> None:
    """Cluedo's default names the envelope's likeliest cards: the page says so, with each
    move's average chance, not only its bits."""
    moves: list[Any] = []
    for _line, state, inv in _declared_table(client, "cluedo"):
        advice = state["advice"]
        if advice["moves"] and advice["by"] == "likeliest":
            moves, saved = advice["moves"], inv
            break
    assert moves, "no advice on the declared table"
    name = "chance of the envelope, on average over the cards named"
    assert advice["score"] == {"name": name, "unit": "probability"}
    expected = adapter("cluedo").recommend(saved, "likeliest")
    assert [m["score"] for m in moves] == [r.score for r in expected]
    assert all(0 < m["score"] <= 1 for m in moves)
    fold = _why(client.get(f"/play/{state['id']}").text)
    assert f"By {name}." in fold
    assert f"<li>{escape(moves[0]['words'])}: {100 * expected[0].score:.0f}% {name}; " in fold
