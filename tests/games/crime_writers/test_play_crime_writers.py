"""End-to-end tests of ``deduce play crime-writers``: the real console script in a pty."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from terminal import Terminal

import deduce
from deduce.games import crime_writers as cw
from deduce.games.crime_writers import play as cw_play
from deduce.games.crime_writers import play_clues as cw_clues
from deduce.games.crime_writers import timer as cw_timer

PROMPT = "crime-writers> "

# The writer drew three cards and invented the motive and the scene.
DRAWN = {"who": "Butler", "whom": "Heiress", "how": "Screwdriver"}
INVENTED = {"why": "Stage fright", "where": "Moonlit attic"}


def start(home: Path, *args: str) -> Terminal:
    """A new game with the defaults: the sample deck, Ann writes, Ben (me) and Cy ask."""
    term = Terminal(["play", "crime-writers", *args], home=home)
    term.expect("Deck (a deck file (TOML), or example; e.g. my-deck.toml) [example]: ")
    term.send("")
    term.expect("Players (in seating order, clockwise, the first writer first) [Ann Ben Cy]: ")
    term.send("")
    term.expect("Me (which of them you are) [Ben]: ")
    term.send("")
    term.expect_prompt(PROMPT)
    return term


def reply(deck: cw.Deck, question: cw.Question) -> str:
    """The writer's truthful reply (an invented element lacks every tag asked)."""
    card_text = DRAWN.get(question.element)
    if card_text is None:
        return "no"
    card = deck.card(cw.DECK_OF[question.element], card_text)
    if question.about in deck.tags(cw.DECK_OF[question.element]):
        return "yes" if card.status(question.about) == "has" else "no"
    return "yes" if question.about == card_text else "no"


def test_full_game_follows_the_recommendations(tmp_path: Path) -> None:
    deck = cw.Deck.example()
    inv = cw.Table.example()
    term = start(tmp_path)
    for _ in range(80):
        best = inv.recommend(top=1)[0]
        if best.information < 1e-9:
            break
        question = best.action
        answer = reply(deck, question)
        term.send(f"ask {question.element} {shlex.quote(question.about)} {answer}")
        asker = inv.turn  # a "no" passes the turn between Ben and Cy
        inv = inv.answer(question.element, question.about, answer)
        shown = term.expect_prompt(PROMPT)
        assert f"noted: {asker} asks {question.element}: {question.about}? {answer}" in shown
        count = len(inv.solutions())
        assert f"{count} solution{'s' if count != 1 else ''} left" in shown
    for element, text in DRAWN.items():
        assert inv.marginals()[element][text] == 1.0
    for element, text in {**DRAWN, **INVENTED}.items():
        term.send(f"found {element} {shlex.quote(text)}")
        inv = inv.found(element, text)
        term.expect_prompt(PROMPT)
    story = cw.Story(**{**DRAWN, **INVENTED})
    assert inv.solved == story
    term.send("show")
    assert f"Solved: {story}" in term.expect_prompt(PROMPT)
    term.send("each")
    assert "No question can teach anything more." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "crime-writers.json"
    assert cw.Investigation.from_json(saved.read_text()) == inv  # a Table, saved and read


def test_replies_found_seen_undo_and_resume(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("ask how weapon not important")
    assert "noted: Ben asks how: weapon? not characteristic" in term.expect_prompt(PROMPT)
    term.send("ask how weapon almost")
    term.expect_prompt(PROMPT)
    term.send("candidates how")
    shown = term.expect_prompt(PROMPT)
    expected = cw.Investigation(cw.Deck.example()).answer("how", "weapon", "almost")
    first = [text for text, _ in expected.candidates("how")][:3]
    rows = [line.strip() for line in shown.splitlines()[2:5]]
    assert [r.rsplit(maxsplit=1)[0] for r in rows] == first
    term.send("seen Butler Knife")
    shown = term.expect_prompt(PROMPT)
    assert "noted: not in the story: Knife (causes)" in shown
    term.send("history")
    shown = term.expect_prompt(PROMPT)
    assert "3. not in the story: Butler (persons)" in shown
    assert "4. not in the story: Knife (causes)" in shown
    term.send("found who Butler")  # a card's wording: the card, unless refused as impossible
    shown = term.expect_prompt(PROMPT)
    known = cw.Investigation(cw.Deck.example()).answer("how", "weapon", "not important")
    known = known.answer("how", "weapon", "almost").seen("Butler", "Knife")
    try:
        noted = known.found("who", "Butler").clues[-1]
    except deduce.Contradiction:
        assert "cannot be true" in shown and "3. not in the story: Butler (persons)" in shown
    else:
        assert f"noted: Cy finds who: {noted.text}" in shown
        term.send("undo")
        term.expect_prompt(PROMPT)
    term.send("found who Butler invented")
    assert "noted: Cy finds who: Butler (invented)" in term.expect_prompt(PROMPT)
    term.send("undo")
    assert "undone: Cy finds who: Butler (invented)" in term.expect_prompt(PROMPT)
    bad = {
        "ask how weapon maybe": 'refused: reply "maybe" is not valid',
        "ask what weapon no": 'refused: element "what" is not valid',
        "ask how": 'refused: the line "ask how" is not valid (ABOUT is missing)',
        "found how": 'refused: the line "found how" is not valid (WORDING is missing)',
        "seen Unicorn": 'refused: card "Unicorn" is not valid',
        "found how Poisxx": 'refused: wording "Poisxx" is not valid (it is close to a card\'s '
        "wording); expected a card's exact wording (Poison), or `found how WORDING invented`",
        "found how pois": 'refused: wording "pois" is not valid (it is close to a card\'s wording)',
        "candidates": 'refused: the line "candidates" is not valid (ELEMENT is missing)',
    }
    term.refuses(bad, PROMPT)  # the terminal fails on any traceback or internal error
    term.send("found how Poisxx invented")  # said explicitly: a wording made up
    assert "noted: Cy finds how: Poisxx (invented)" in term.expect_prompt(PROMPT)
    term.kill()

    again = Terminal(["play", "crime-writers", "--resume"], home=tmp_path)
    assert "Resumed 5 clues" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0


def advice_shown(shown: str) -> list[str]:
    """The moves the console advises, best first: the guest's objective's lines, or the
    "next move" table of an engine's strategy."""
    lines = shown.splitlines()
    heads = [
        i
        for i, line in enumerate(lines)
        if line.strip().startswith("next move") or line.startswith("Questions by points net")
    ]
    if not heads:
        return []
    rows = []
    for line in lines[heads[-1] + 1 :]:
        if line.strip().startswith("ask "):
            rows.append(re.split(r": [+-]|  ", line.strip())[0])
        elif rows:
            break  # (before the rows: the header's wrapped end)
    return rows


def whose_turn(table: cw.Table) -> str:
    """What the console says after every line about who asks next."""
    if table.over:
        return "The game is over."
    if table.story_found:
        return f"All five found: {table.writer} scores"
    return "Your turn to ask." if table.my_turn else f"Next to ask: {table.turn}."


def test_a_whole_game_in_the_console_agrees_with_play_game_move_for_move(tmp_path: Path) -> None:
    # The written-down stories: those play_game draws from seed 5, told in the console by
    # the same questions and replies; I am Ben (Ann writes first, then me).
    record = cw.play_game([cw.advised, cw.advised], seed=5, names=("Ann", "Ben"))
    assert record.over
    names = ("Ann", "Ben")
    asks = [(seat, move) for seat, move in record.moves if isinstance(move, cw.Question)]
    options = ["--set", "deck=example", "--set", "players=Ann Ben", "--set", "me=Ben"]
    term = Terminal(["play", "crime-writers", "--no-autosave", *options], home=tmp_path)
    shown = term.expect_prompt(PROMPT)
    table = cw.Table(cw.Deck.example(), players=names, me="Ben")
    followed = 0
    k = 0
    for number, events in enumerate(record.truth["events"]):
        if number:
            assert whose_turn(table) in shown
            term.send("next")
            table = table.next_round()
            shown = term.expect_prompt(PROMPT)
        assert f"Story {number + 1} of 2: {names[number]} writes" in shown
        for event in events:
            seat, move = asks[k]
            k += 1
            assert names[seat] == event.guest == table.turn
            assert whose_turn(table) in shown, (event, shown)
            if table.my_turn and table.queries():  # the advice on my turn: the table's
                best = table.recommend(top=1)[0].action
                assert advice_shown(shown)[:1] == [cw_play.ADAPTER.show_action(best)]
                followed += move == best
            else:
                assert advice_shown(shown) == []  # nothing advised on another's turn
            term.send(f"clock {event.seconds}")
            table = table.clock(event.seconds)
            shown = term.expect_prompt(PROMPT)
            if event.reply == "stand-in":  # a free question about the writer's own words
                continue
            reply = "yes" if event.reply == "found" else event.reply
            term.send(f"ask {event.element} {shlex.quote(event.about)} {reply}")
            table = table.ask(event.element, event.about, reply)
            shown = term.expect_prompt(PROMPT)
    assert k == len(asks) and followed > 0
    assert table.over and table == record.tables[1]
    points = ", ".join(f"{n} {p}" for n, p in zip(names, record.points, strict=True))
    assert f"The game is over. Points: {points}." in shown
    term.send("sheet")
    shown = term.expect_prompt(PROMPT)
    for name, total in zip(names, record.points, strict=True):
        assert re.search(rf"{name} .* {total}\s*$", shown, re.MULTILINE), shown
    term.send("save game.json")
    term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert cw.Investigation.from_json((tmp_path / "game.json").read_text()) == record.tables[1]


def test_the_console_names_who_asks_and_stops_asking_about_what_is_found(tmp_path: Path) -> None:
    # Ann's story (written down above): Butler, Heiress, Stage fright, Moonlit attic,
    # Screwdriver. I am Ben; Cy asks after me.
    term = start(tmp_path)
    term.send("ask how tool yes")
    shown = term.expect_prompt(PROMPT)
    assert "Your turn to ask." in shown
    term.send("ask how weapon no")
    shown = term.expect_prompt(PROMPT)
    assert "Next to ask: Cy." in shown and advice_shown(shown) == []
    term.send("clock 1:05")
    assert "Clock 1:05 (2 started minutes)" in term.expect_prompt(PROMPT)
    term.send("ask how Screwdriver yes")  # Cy names the card: found, Cy keeps the turn
    shown = term.expect_prompt(PROMPT)
    assert "Found: how (Cy 1:05). Points: Ann 0, Ben 0, Cy 3." in shown
    assert "Next to ask: Cy." in shown
    term.send('ask whom "Harbour master" no')  # own words, "no": logged, the turn passes
    shown = term.expect_prompt(PROMPT)
    assert "Your turn to ask." in shown
    assert advice_shown(shown) and not any(a.startswith("ask how ") for a in advice_shown(shown))
    term.send("each")
    assert "\n how " not in term.expect_prompt(PROMPT)
    term.send('ask why "Stage fright" yes')  # a wording of the writer's own: found by me
    shown = term.expect_prompt(PROMPT)
    assert "why (Ben 1:05)" in shown and "Ben 3" in shown
    term.send("ask where indoors yes")
    term.send("ask where public no")
    shown = term.expect_prompt(PROMPT)
    shown += term.expect_prompt(PROMPT)
    assert "Next to ask: Cy." in shown
    term.send("pass")
    assert "Your turn to ask." in term.expect_prompt(PROMPT)
    term.send("history")
    shown = term.expect_prompt(PROMPT)
    for line in (
        "1. Ben asks how: tool? yes",
        "3. the clock reads 1:05",
        "4. Cy asks how: Screwdriver? yes",
        '5. Cy asks whom: "Harbour master" no',
        "6. Ben finds why: Stage fright (invented)",
        "9. Cy passes the turn",
    ):
        assert line in shown, line
    term.send('title "Stage fright in the attic"')
    assert "gives away why ('Stage fright')" in term.expect_prompt(PROMPT)
    term.send("next")
    assert "refused:" in term.expect_prompt(PROMPT)
    term.send("clock 0:30")
    assert "the clock does not go back" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_what_is_known_of_an_invented_element_is_summed_up(tmp_path: Path) -> None:
    term = start(tmp_path)
    for card in ("Butler", "Heiress", "Screwdriver"):  # three cards drawn: two invented
        element = {"Butler": "who", "Heiress": "whom", "Screwdriver": "how"}[card]
        term.send(f"drawn {element} {card}")
        term.expect_prompt(PROMPT)
    term.send("ask why family no")
    term.send("ask why 'Was it about the stage?' yes")
    shown = term.expect_prompt(PROMPT)
    shown = term.expect_prompt(PROMPT)
    assert "why (invented): yes: Was it about the stage?; no: family." in shown
    assert "where (invented): nothing asked yet." in shown
    term.send("quit")
    assert term.finish() == 0


def test_a_game_saved_before_the_table_still_loads(tmp_path: Path) -> None:
    old = cw.Investigation(cw.Deck.example()).answer("how", "weapon", "no")
    (tmp_path / "old.json").write_text(old.to_json())
    term = Terminal(["play", "--resume", "old.json", "--no-autosave"], home=tmp_path)
    shown = term.expect_prompt(PROMPT)
    assert "Resumed 1 clue" in shown
    term.send('ask whom "Harbour master" yes')  # counts as found in the notebook too
    assert "noted: whom found: Harbour master (invented)" in term.expect_prompt(PROMPT)
    term.send("pass")
    assert "this game was saved without the table" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_the_title_check_is_honest_about_the_elements_not_found() -> None:
    table = cw.Table.example().ask("how", "Screwdriver", "yes")
    said = cw_play._title(table, {"title": "The lamp went out"})
    # nothing found gives the title away, but four elements are not known yet
    assert "how Screwdriver" in said
    assert "not found yet: who, whom, why, where" in said
    assert "gives nothing away" not in said
    # a word of a card still possible for an element not found is flagged as a risk
    risky = cw_play._title(table, {"title": "Death at the lighthouse"})
    assert "'lighthouse'" in risky and "where" in risky and "if it is 'Lighthouse'" in risky
    # a found element that the title names is said plainly
    given = cw_play._title(table, {"title": "The screwdriver"})
    assert "gives away how ('Screwdriver')" in given
    # with every element found the check is complete
    done = table.ask("who", "Gardener", "yes").ask("whom", "Harbour master", "yes")
    done = done.ask("why", "Jealousy", "yes").ask("where", "Lighthouse", "yes")
    assert "gives nothing away" in cw_play._title(done, {"title": "The lamp went out"})


def test_the_running_clock_times_the_finds_and_stops_with_the_fifth(monkeypatch: Any) -> None:
    wall = [1000.0]
    monkeypatch.setattr(cw_timer, "TIMER", cw_timer.Timer(now=lambda: wall[0]))
    t: Any = cw.Table.example()  # Ann writes, Ben and Cy ask
    assert "runs from 0:00" in cw_timer.TIMER.said(t, "start")
    wall[0] += 70  # 1:10 on the clock when Ben finds how
    t = cw_clues.ask(t, {"element": "how", "about": "Screwdriver", "reply": "yes"})
    assert t.sheet.rounds[-1].finds[-1].at == 70.0
    assert "Clock 1:10, running (2 started minutes)" in str(cw_play.ADAPTER.extra(t))
    t = cw_timer.TIMER.typed(t, 100.0)  # the typed clock corrects it
    wall[0] += 5
    t = cw_clues.found(t, {"element": "whom", "wording": "Harbour master"})
    assert t.sheet.rounds[-1].finds[-1].at == 105.0
    t = cw_clues.ask(t, {"element": "who", "about": "Butler", "reply": "no"})  # to Cy
    for element, card in (("who", "Gardener"), ("why", "Jealousy"), ("where", "Lighthouse")):
        wall[0] += 60
        t = cw_clues.ask(t, {"element": element, "about": card, "reply": "yes"})
    assert t.story_found and t.sheet.rounds[-1].minutes == 5  # 4:45: five started minutes
    assert cw_timer.TIMER.since is None  # stopped with the fifth element
    wall[0] += 600
    assert t.seconds == 285.0 and "Clock 4:45 (" in str(cw_play.ADAPTER.extra(t))
    t = cw_timer.TIMER.next_story(t)
    assert cw_timer.TIMER.since is None and t.seconds == 0.0


def test_the_running_clock_does_not_time_another_game() -> None:
    wall = [0.0]
    timer = cw_timer.Timer(now=lambda: wall[0])
    started = cw.Table.example().ask("how", "weapon", "no")
    timer.start(started)
    wall[0] += 90
    other = cw.Table.example().ask("who", "man", "yes")  # a game loaded in its place
    assert timer.stamped(other) is other and timer.since is None
    assert timer.reading(other) == 0.0


def test_my_turn_shows_the_guests_objective_in_points(tmp_path: Path) -> None:
    # the default with 3 players: each question with its points net, its chance of
    # "yes" (of a find, for a card named) and its bits, as recommend(strategy="guest")
    table = cw.Table.example().answer("how", "object", "yes").answer("how", "tool", "yes")
    term = start(tmp_path)
    term.send("ask how object yes")
    term.expect_prompt(PROMPT)
    term.send("ask how tool yes")
    shown = term.expect_prompt(PROMPT)
    assert "Questions by points net: mine this turn" in shown
    assert "(moves ranked by" not in shown  # no table of bits beside it
    for rec in table.recommend(top=3, strategy="guest"):
        q = rec.action
        said = "a find" if q.about in {c.text for c in table.deck.for_element(q.element)} else "yes"
        line = (
            f"  ask {q.element} {shlex.quote(q.about)}: {rec.score:+.2f} points net; "
            f"{said} {100 * rec.outcomes['yes']:.0f}%, {rec.information:.2f} bits"
        )
        assert line in shown, line
    assert advice_shown(shown) == [
        f"ask {r.action.element} {r.action.about}" for r in table.recommend(top=3)
    ]
    term.send("strategy entropy")  # the engine's table of bits instead
    shown = term.expect_prompt(PROMPT)
    assert "(moves ranked by entropy)" in shown and "points net" not in shown
    assert advice_shown(shown) == [
        f"ask {r.action.element} {r.action.about}"
        for r in table.recommend(top=3, strategy="entropy")
    ]
    term.send("ask how repairs no")  # Cy's turn: no advice
    shown = term.expect_prompt(PROMPT)
    assert "Next to ask: Cy." in shown and advice_shown(shown) == []
    term.send("quit")
    assert term.finish() == 0


def test_the_guests_advice_is_none_off_my_turn_and_under_other_strategies() -> None:
    table = cw.Table.example()
    said = cw_play.ADAPTER.own_advice(table, "guest")
    assert said is not None and said.startswith("Questions by points net")
    assert cw_play.ADAPTER.own_advice(table, "entropy") is None
    assert cw_play.ADAPTER.own_advice(table.passed(), "guest") is None  # Cy's turn
    alone = cw.Investigation(cw.Deck.example())  # the notebook without a table
    assert cw_play.ADAPTER.own_advice(alone, "guest") is not None


def test_the_guests_advice_weighs_the_opponents_for_the_tables_size() -> None:
    names = ("Ann", "Ben", "Cy", "Di", "Ed")
    for n, weighed in [(3, None), (4, "2/3 with 4 players"), (5, "1/2 with 5 players")]:
        table = cw.Table(cw.Deck.example(), players=names[:n], me="Ben")  # Ann writes
        table = table.answer("how", "object", "yes").answer("how", "tool", "yes")
        said = cw_play.ADAPTER.own_advice(table, "guest")
        assert said is not None
        first, *lines = said.splitlines()
        if weighed is None:
            assert "weighed" not in first and first.endswith(
                "counted twice (`strategy entropy`: by bits):"
            )
        else:
            assert f"an opponent's point weighed {weighed} (`strategy entropy`" in first
        scores = [f"{r.score:+.2f} points net" for r in table.recommend(top=len(lines))]
        assert [line.split(": ")[-1].split(";")[0] for line in lines] == scores


def test_a_stopped_clock_keeps_its_reading_on_the_table(monkeypatch: Any) -> None:
    """``timer stop`` writes the clock's reading down (a clock clue): a paused clock is
    saved, and every device shows it; ``timer start`` runs it on from there."""
    wall = [500.0]
    monkeypatch.setattr(cw_timer, "TIMER", cw_timer.Timer(now=lambda: wall[0]))
    grammar = cw_play.ADAPTER.grammar
    t: Any = cw.Table.example()
    grammar.parse(["timer", "start"], t).verb.do(t, {})
    wall[0] += 42
    clock = cw_play.ADAPTER.clock(t)
    assert clock is not None and (clock.seconds, clock.running) == (42.0, True)
    stop = grammar.parse(["timer", "stop"], t)
    assert not stop.verb.command  # it changes the table
    paused = stop.verb.do(t, stop.values)
    assert paused.seconds == 42.0 and cw_timer.TIMER.since is None
    wall[0] += 100  # stopped: the time away is not counted
    clock = cw_play.ADAPTER.clock(paused)
    assert clock is not None and (clock.seconds, clock.running) == (42.0, False)
    assert cw_play.ADAPTER.clock(cw.Investigation.example()) is None  # no table, no clock
