"""``deduce serve``'s advice with its numbers: the console's own lines for a game's own
objective, else each advised move's bits, answers and worst case."""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import TestClient

from deduce.core import registry
from deduce.games.mastermind import Investigation
from deduce.play import adapter
from deduce.play.files import load_file
from deduce.play.setup import parse_presets

GAMES = [g.name for g in registry.declarations() if g.front_end]

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_mastermind_advice_comes_with_each_moves_bits(client: TestClient) -> None:
    state = client.post(
        "/api/sessions", json={"game": "mastermind", "setup": {"pegs": 3, "colours": 4}}
    ).json()
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 123 1 0"}).json()
    inv = Investigation(3, 4).guess("123", black=1, white=0)
    expected = inv.recommend(top=len(state["advice"]))
    assert state["advice"] == [str(r.action) for r in expected]
    header, *lines = state["advice_detail"]
    assert header.startswith("Moves ranked by optimal")  # 3 pegs, 4 colours: the optimum
    assert lines == [
        f"{r.action}: {r.information:.2f} bits, {len(r.outcomes)} answers, "
        f"worst case {r.worst_case} left"
        for r in expected
    ]
    page = client.get("/play/mastermind").text
    assert "Why these moves" in page
    assert html.escape(state["advice_detail"][0], quote=False) in page


def test_no_advice_no_numbers(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2, "colours": 2}})
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 12 2 0"}).json()
    assert state["solved"] and state["advice"] == [] and state["advice_detail"] == []
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
    front = adapter(name)
    own_seen = 0
    for line, state, inv in _declared_table(client, name):
        detail = state["advice_detail"]
        assert bool(detail) is bool(state["advice"]), line
        if not detail:
            continue
        own = front.own_advice(inv, state["strategy"])
        if own:  # the game's own objective: the console's lines, stripped
            own_seen += 1
            assert detail == [s.strip() for s in own.splitlines() if s.strip()], line
        else:  # what ranked them, as the console says it, then each move's numbers
            header, *lines = detail
            shown = client.app.state.tables.games[state["id"]].display()  # type: ignore[attr-defined]
            assert f"(moves ranked by {header.removeprefix('Moves ranked by ')})" in shown
            assert len(lines) == len(state["advice"]), line
            for move, said in zip(state["advice"], lines, strict=True):
                assert said.startswith(f"{move}: ") and " bits, " in said, line
    if name in ("crime-writers", "bsi"):  # their table's default is their own objective
        assert own_seen, "the game's own advice was never shown"


def test_crime_writers_numbers_are_points_net_for_each_move(client: TestClient) -> None:
    declared = registry.find("crime-writers")
    client.post(
        "/api/sessions",
        json={"game": "crime-writers", "setup": parse_presets(declared.table_setup)},
    )
    id = client.get("/api/sessions").json()[0]["id"]
    for line in declared.table_lines:
        state = client.post(f"/api/sessions/{id}/lines", json={"line": line}).json()
        if state["advice"]:
            break
    else:
        pytest.fail("no advice on the scripted table")
    header, *lines = state["advice_detail"]
    assert header.startswith("Questions by points net")
    assert len(lines) == len(state["advice"])
    for move, said in zip(state["advice"], lines, strict=True):
        assert said.startswith(f"{move}: ") and " points net; " in said
    fold = client.get(f"/play/{id}").text.split('<details class="why">')[1].split("</details>")[0]
    assert "`" in header and "`" not in fold  # the console's quoted command, set as code
    assert "<code>strategy entropy</code>" in fold


@pytest.mark.parametrize("name", ["crime-writers", "bsi"])
def test_own_advice_is_worked_out_once_per_state(
    client: TestClient, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    declared = registry.find(name)
    kind = type(adapter(name))
    worked: list[object] = []  # kept alive: their ids stay distinct
    original = kind.own_advice

    def counted(self: object, investigation: object, strategy: str) -> str | None:
        worked.append(investigation)
        return original(self, investigation, strategy)  # type: ignore[arg-type]

    monkeypatch.setattr(kind, "own_advice", counted)
    id_ = client.post(
        "/api/sessions", json={"game": name, "setup": parse_presets(declared.table_setup)}
    ).json()["id"]
    for line in declared.table_lines:
        client.post(f"/api/sessions/{id_}/lines", json={"line": line})
        client.get(f"/play/{id_}")
    assert worked, "the game's own advice was never asked for"
    assert len(worked) == len({id(i) for i in worked}), "a state's own advice was worked out twice"


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
    assert state["advice"], "no advice at the attempt step"
    choices = inv.race_options()[: len(state["advice"])]
    assert state["advice"] == [
        "draw"
        if c.attempt is None
        else f"solve {c.attempt.target} {c.attempt.case} {c.attempt.drops}"
        for c in choices
    ]
    assert (state["strategy"], state["advice_by"]) == ("points", "race")  # the attempt: the race
    header, *lines = state["advice_detail"]
    assert header.startswith(("Worth solving now", "Better not to attempt now"))
    assert [line.split(":")[0] for line in lines] == state["advice"]
    page = client.get(f"/play/{id_}").text
    assert 'data-verb="solve"' in page and "Why these moves" in page
    # a button's line, with the target's verdict added, is taken as the move
    first = next(a for a in state["advice"] if a.startswith("solve"))
    after = client.post(f"/api/sessions/{id_}/lines", json={"line": f"{first} wrong"}).json()
    assert after["clues"][-1].endswith(": wrong") and after["advice"] == []


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
        assert "said" in state, state
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
    assert state["solved"] and table.solved_case(1) == secret
    assert state["advice"] and str(state["advice"][0]).startswith(f"solve 1 {secret} ")
    assert str(state["advice_detail"][0]).startswith(f"Worth solving now: seat 1 is {secret}")


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
        assert len(state["advice_lines"]) == len(state["advice"]), line
        for typed in state["advice_lines"]:
            verb, words = filling(front.grammar, typed)
            assert verb and _taken(front.grammar, Context(inv), verb, words), (line, typed)
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
    assert state["solved"].startswith("Deduced: 3561")
    assert state["advice"] == state["advice_lines"] == ["3561"]
    assert state["advice_by"] == "the solution"
    assert state["advice_detail"] == ["One solution is left: the move that wins", "3561: certain"]
    assert 'data-verb="guess"' in client.get(f"/play/{id_}").text.split('class="advice"')[1]
    won = client.post(f"/api/sessions/{id_}/lines", json={"line": "3561 4 0"}).json()
    assert won["turn"]["over"] and won["advice"] == [] and won["advice_detail"] == []


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
