"""End-to-end tests of ``deduce play kreuzverhoer``: the real console script in a pty."""

from __future__ import annotations

from pathlib import Path

from terminal import Terminal

from deduce.games import kreuzverhoer as kv
from deduce.play.adapter import word

PROMPT = "kreuzverhoer> "


class Console(Terminal):
    """The console, with what it showed before its first prompt."""

    shown = ""


def start(home: Path, *args: str, case: str = "", hand: str = "", first: str = "") -> Console:
    term = Console(["play", "kreuzverhoer", *args], home=home)
    term.expect("Deck (a deck file (TOML), or default; e.g. my-deck.toml) [default]: ")
    term.send("")
    term.expect("Counting (each: that many for every player; total: shared, half each) [each]: ")
    term.send("")
    term.expect(
        "Questionings (questionings allowed, for each player or in total as Counting says) [12]: "
    )
    term.send("")
    term.expect(
        "Skips use up (a questioning skipped after Anwalt (lawyer) or Suspendierung "
        "(suspension) counts as used) [yes]: "
    )
    term.send("")
    term.expect(
        "Repeats (the answering player may name a detail twice; no: the faster variant) [yes]: "
    )
    term.send("")
    term.expect("Case (the case you chose for your opponent; none: you say every answer; e.g. ")
    term.send(case)
    term.expect("Hand (your 3 action cards; none: not followed; e.g. profiler lawyer refusal)")
    term.send(hand)
    term.expect("First (who questions first: me or opponent) [me]: ")
    term.send(first)
    term.shown = term.expect_prompt(PROMPT)
    return term


def line(guess: kv.Guess, correct: int) -> str:
    return "ask " + " ".join(word(name) for name in guess) + f" {correct}"


def right(secret: kv.Case, guess: kv.Guess) -> int:
    return sum(a == b for a, b in zip(secret, guess, strict=True))


def test_a_whole_game_following_turns_agrees_with_play_game(tmp_path: Path) -> None:
    # written down before the game: the case I chose for my opponent, the one I must solve
    mine = kv.Case("Mord", "Ulm", "Ede K.", "Gift")
    secret = kv.Case("Überfall", "Ulm", "Nora M.", "Brechstange")
    record = kv.play_game(
        [kv.advised, kv.entropy], seed=1, cards=False, cases=(secret, mine), first=0
    )
    term = start(tmp_path, case="Mord Ulm Ede Gift")
    shown = term.shown
    table = kv.Table(case=mine)
    for seat, move in record.moves:
        guess = kv.Guess(*move)
        if seat == 0:  # my questioning: the console advises what the advised bot laid
            assert "your questioning" in shown.split("Next:")[-1]
            assert f"Race: lay {guess}: " in shown
            correct = right(secret, guess)
            term.send(line(guess, correct))
            table = table.questioning(*guess, correct=correct)
            shown = term.expect_prompt(PROMPT)
            assert f"noted: questioning {guess}: {correct} right" in shown
        else:  # theirs: deduce gives the answer to say
            assert "your opponent's questioning: they ask" in shown.split("Next:")[-1]
            term.send("they ask " + " ".join(word(name) for name in guess))
            table = table.asked(*guess)
            shown = term.expect_prompt(PROMPT)
            correct = right(mine, guess)
            assert f"noted: your opponent's questioning {guess}: {correct} right" in shown
        made, left = table.questionings_made, table.left
        assert f"you made {made[0]}, {left[0]} left; your opponent made {made[1]}" in shown
        cases = table.theirs.space.size
        assert f"Your opponent: {cases} case{'' if cases == 1 else 's'} left for them" in shown
    assert table.over and table.winners() == record.winners
    won = {(0,): "you win", (1,): "your opponent wins", (0, 1): "a tie"}[record.winners]
    assert "The game is over" in shown and won in shown
    term.send("ask mord berlin juri messer 1")
    assert "refused: turn" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    saved = tmp_path / "state" / "deduce" / "kreuzverhoer.json"
    assert kv.Investigation.from_json(saved.read_text()) == table


def test_answers_cards_and_my_hand_through_the_console(tmp_path: Path) -> None:
    term = start(tmp_path, case="mord/ulm/ede/gift", hand="profiler lawyer refusal")
    shown = " ".join(term.shown.split())
    said = "Your hand: Profiler, Anwalt (lawyer), Aussageverweigerung (refusal to testify)."
    assert f"{said} Draw pile: 24." in shown
    term.send("they ask mord ulm nora messer")
    assert "refused: turn" in term.expect_prompt(PROMPT)  # my questioning comes first
    term.send("ask mord berlin juri messer 1")
    shown = term.expect_prompt(PROMPT)
    assert "Next: you may play an investigation card" in shown
    term.send("single einbruch")
    assert (
        'refused: card "Einzelverhör" is not valid (not in your hand); expected one of '
        "Profiler, Anwalt, Aussageverweigerung" in term.expect_prompt(PROMPT)
    )
    term.send("defence alibi")  # without the card it blocks
    assert (
        "(Alibi is only played against one of these); expected one of Gegenüberstellung\n"
        in term.expect_prompt(PROMPT)
    )
    term.send("profiler nora")
    shown = term.expect_prompt(PROMPT)
    assert "Your hand: Anwalt (lawyer), Aussageverweigerung (refusal to testify)." in " ".join(
        shown.split()
    )
    term.send("they ask mord ulm nora messer")
    assert "the card you drew first" in term.expect_prompt(PROMPT)
    term.send("draw alibi")
    shown = term.expect_prompt(PROMPT)
    assert "Next: your opponent's questioning: they ask" in shown
    term.send("they ask mord ulm nora messer")
    shown = term.expect_prompt(PROMPT)
    assert "noted: your opponent's questioning Mord / Ulm / Nora M. / Messer: 2 right" in shown
    term.send("they play confrontation")
    shown = term.expect_prompt(PROMPT)
    table = (
        kv.Table(
            case=kv.Case("Mord", "Ulm", "Ede K.", "Gift"), hand=["profiler", "lawyer", "refusal"]
        )
        .questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
        .profiler("Nora M.")
        .drew("alibi")
        .asked("Mord", "Ulm", "Nora M.", "Messer")
        .their_card("confrontation")
    )
    assert table.suggest() is False
    assert "tell them the suspect is not Nora M." in shown
    assert "or block it (play Alibi or play Aussageverweigerung)" in " ".join(shown.split())
    term.send("play Anwalt")  # my answer comes first, in the game's words
    assert (
        'refused: card "Anwalt" is not valid (your answer to their Gegenüberstellung card is '
        "awaited)" in term.expect_prompt(PROMPT)
    )
    term.send("answer yes")
    assert "true of your case" in term.expect_prompt(PROMPT)
    term.send("answer")
    assert "noted: you answer no" in term.expect_prompt(PROMPT)
    term.send("play Maulwurf")
    assert 'card "Maulwurf" is not valid (not in your hand); expected one of Anwalt, ' in (
        term.expect_prompt(PROMPT)
    )
    term.send("play lawyer")
    shown = term.expect_prompt(PROMPT)
    assert "noted: you play Anwalt" in shown and "you made 1, 11 left" in shown
    assert "your opponent made 1, 10 left" in shown
    term.send("draw lawyer")
    assert "the box has 1 Anwalt card" in term.expect_prompt(PROMPT)
    term.send("draw mole")
    shown = term.expect_prompt(PROMPT)
    assert "Next: your questioning" in shown  # they skip their next questioning
    term.send("history")
    shown = term.expect_prompt(PROMPT)
    assert "7. you play Anwalt" in shown and "6. you answer no" in shown
    term.send("quit")
    assert term.finish() == 0


def test_cards_undo_why_and_resume(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("ask mord berlin juri messer 1")
    term.expect_prompt(PROMPT)
    term.send("cards profiler informant confrontation")
    shown = term.expect_prompt(PROMPT)
    ranked = kv.Investigation().questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    values = ranked.rank_cards(["profiler", "informant", "confrontation"])
    rows = [r.split()[0] for r in shown.splitlines()[2:] if r.strip()]
    assert rows == [kv.CARD_TITLES[v.card] for v in values]
    assert any("Juri L." in row and "forbids it" in row for row in shown.splitlines())
    term.send("informant ulm bremen")
    shown = term.expect_prompt(PROMPT)
    assert 'refused: card "informant" is not valid (Juri L. was laid and forbids it)' in shown
    term.send("single einbruch")
    assert "noted: Einzelverhör: not Einbruch" in term.expect_prompt(PROMPT)
    term.send("why crime=einbruch")
    shown = term.expect_prompt(PROMPT)
    assert "crime≠Einbruch follows from:" in shown
    assert "2. Einzelverhör: not Einbruch" in shown
    assert "1. questioning" not in shown  # the card needs it to be played, not to say it
    term.send("undo")
    assert "undone: Einzelverhör: not Einbruch" in term.expect_prompt(PROMPT)
    term.send("out weapon=gift,messer scene=ulm")
    assert "noted: ruled out: scene not Ulm; weapon not Gift or Messer" in term.expect_prompt(
        PROMPT
    )
    term.send("is suspect=nora")
    term.expect_prompt(PROMPT)
    term.kill()

    again = Terminal(["play", "kreuzverhoer", "--resume"], home=tmp_path)
    assert "Resumed 3 clues" in again.expect_prompt(PROMPT)
    again.send("history")
    shown = again.expect_prompt(PROMPT)
    assert "3. confirmed: suspect Nora M." in shown
    again.send("they ask mord ulm nora gift 2")
    again.expect_prompt(PROMPT)
    again.send("ask mord berlin juri messer 4")
    shown = again.expect_prompt(PROMPT)
    assert "cannot be true" in shown and "1. questioning Mord / Berlin / Juri L. / Messer" in shown
    again.send("why")
    assert "was refused because it cannot be true together with:" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0


def test_bad_lines(tmp_path: Path) -> None:
    term = start(tmp_path)
    bad = {
        "ask mord berlin juri 1": 'refused: weapon "1" is not valid',
        "ask mord paris juri messer 1": 'refused: scene "paris" is not valid',
        "ask mord berlin juri messer 5": 'refused: N "5" is not valid; expected a number from 0 '
        "to 4",
        "ask mord berlin juri messer x": 'refused: N "x" is not valid',
        "out weapon=Gift weapon=Messer": 'refused: weapon "Messer" is not valid (weapon is said '
        "twice)",
        "out weapon=Gift,,Messer": 'refused: weapon "Gift,,Messer" is not valid; expected names '
        "separated by single commas",
        "out weapon=Gift,": 'refused: weapon "Gift," is not valid',
        "out weapon=gift,gif": 'refused: weapon "gift,gif" is not valid (a repeat)',
        "out weapon=Gift card=profiler card=informant": 'refused: card "informant" is not '
        "valid (it is said twice)",
        "is suspect=nora suspect=juri": 'refused: suspect "Juri L." is not valid (suspect is '
        "said twice)",
        "site wrong": "no questioning yet",
        "frobnicate": 'refused: the line "frobnicate" is not valid ("frobnicate" is neither); '
        "expected a clue (ask, single",
        "out weapon": 'refused: fact "weapon" is not valid',
        "defence umbrella": 'refused: card "umbrella" is not valid',
        "cards": 'refused: the line "cards" is not valid (CARD is missing)',
    }
    term.refuses(bad, PROMPT)  # the terminal fails on any traceback or internal error
    term.send("history")
    assert "No clues yet." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_a_case_file_saved_before_the_table_still_loads(tmp_path: Path) -> None:
    old = kv.Investigation().questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
    (tmp_path / "old.json").write_text(old.to_json())
    term = Terminal(["play", "kreuzverhoer", "--resume", "old.json"], home=tmp_path)
    shown = term.expect_prompt(PROMPT)
    assert "Questionings made: 1, left: 11 of 12." in shown
    term.send("ask mord ulm juri gift 2")  # the case file goes on as before
    assert "noted: questioning Mord / Ulm / Juri L. / Gift: 2 right" in term.expect_prompt(PROMPT)
    term.send("they ask mord ulm ede gift 1")
    shown = " ".join(term.expect_prompt(PROMPT).split())
    assert "saved before deduce followed the whole table; a new game follows it" in shown
    term.send("quit")
    assert term.finish() == 0


def test_the_set_up_choices_are_offered_in_the_players_words() -> None:
    """A player reading German is offered je Spieler or insgesamt, ich or Gegner, and
    andere for the ninth investigation card; each is read as its English word, which is
    offered in English as before."""
    from deduce._internal.language import use_language
    from deduce.games.kreuzverhoer.play import GRAMMAR
    from deduce.play.grammar import Context

    asked = {q.key: q for q in GRAMMAR.setup}
    counting, first = asked["counting"], asked["first"]
    they = next(v for v in GRAMMAR.verbs if v.name == "they" and len(v.args) == 2)
    card = they.args[1].kind
    assert counting.kind.words(Context()) == ["each", "total"]
    assert first.kind.words(Context()) == ["me", "opponent"]
    assert "other" in card.words(Context()) and "andere" not in card.words(Context())
    with use_language("de"):
        assert counting.kind.words(Context()) == ["je_Spieler", "insgesamt"]
        assert first.kind.words(Context()) == ["ich", "Gegner"]
        assert "andere" in card.words(Context()) and "other" not in card.words(Context())
    assert counting.read("je_Spieler", {}) == "each" and counting.read("insgesamt", {}) == "total"
    assert first.read("Gegner", {}) == "opponent" and first.read("ich", {}) == "me"
    assert card.read("andere", Context(), "card") == "other"
