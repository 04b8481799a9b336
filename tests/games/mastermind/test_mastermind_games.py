"""Whole games of Mastermind: the guess limit, over and won, and play_game with bots."""

from __future__ import annotations

import pytest

import deduce
from deduce.games.mastermind import (
    GUESS_LIMIT,
    Bot,
    Game,
    Investigation,
    advised,
    play_game,
    strategy_bot,
)


def test_the_limit_ends_the_game_and_refuses_a_further_guess() -> None:
    game, inv = Game(3, 3), Investigation(3, 3, limit=2)
    for code in ("112", "233"):
        inv = inv.guess(code, *game.feedback("321", code))
    assert inv.over and not inv.won and inv.guesses_left == 0
    with pytest.raises(deduce.InvalidInput, match="all 2 guesses are made"):
        inv.guess("321", black=3, white=0)
    assert len(inv.clues) == 2


def test_a_broken_code_ends_the_game() -> None:
    inv = Investigation(2, 2).guess("12", black=2, white=0)
    assert inv.won and inv.over and inv.guesses_left == 0
    with pytest.raises(deduce.InvalidInput, match="the code is broken already"):
        inv.guess("21", black=0, white=2)


def test_the_default_limit_and_a_bad_one() -> None:
    assert Investigation().limit == GUESS_LIMIT == 10
    assert not Investigation().over
    with pytest.raises(deduce.InvalidInput, match="limit"):
        Investigation(limit=0)


def test_the_limit_is_saved_and_the_default_game_reads_as_before() -> None:
    inv = Investigation(3, 3, limit=4).guess("112", black=0, white=1)
    back = Investigation.from_json(inv.to_json())
    assert back.limit == 4 and back.clues == inv.clues
    assert "limit" not in Investigation(3, 3).to_json()
    assert repr(Investigation(3, 3, limit=4)) == "Investigation(3, 3, limit=4)"


@pytest.mark.parametrize("seed", range(6))
def test_the_advised_bot_breaks_the_code_move_for_move_as_the_advice(seed: int) -> None:
    game = Game(3, 4)
    record = play_game([advised], seed=seed, game=game)
    assert record.winners == (0,) and record.over and record.bots == ("advised",)
    inv = game.investigation()
    for seat, move in record.moves:  # the same moves as asking the table at each step
        assert seat == 0 and move == inv.best()
        inv = inv.guess(move, *game.feedback(record.truth["secret"], move))
    assert inv.won and record.tables[0].clues == inv.clues
    assert record.log[-1].endswith(": 3 black, 0 white")


def test_the_same_seed_plays_the_same_game() -> None:
    first = play_game([strategy_bot("minimax")], seed=7)
    again = play_game([strategy_bot("minimax")], seed=7)
    assert first.moves == again.moves and first.truth == again.truth


def test_a_game_lost_on_the_limit() -> None:
    record = play_game([strategy_bot("entropy")], seed=2, limit=1, secret="6543")
    assert record.winners == () and len(record.moves) == 1 and record.tables[0].over


def test_a_bot_of_a_users_own() -> None:
    first_possible = Bot("first possible", lambda inv, rng: inv.solutions()[0])
    record = play_game([first_possible], seed=4, game=Game(2, 3))
    assert record.winners == (0,)


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"lineup": []}, "lineup"),
        ({"lineup": [advised, advised]}, "lineup"),
        ({"lineup": "advised"}, "lineup"),
        ({"lineup": [advised], "seed": 1.5}, "seed"),
        ({"lineup": [advised], "game": "4x6"}, "game"),
        ({"lineup": [advised], "secret": "7777"}, "secret"),
        ({"lineup": [advised], "limit": 0}, "limit"),
    ],
)
def test_bad_input_is_refused(kwargs: dict[str, object], argument: str) -> None:
    kwargs.setdefault("seed", 1)
    with pytest.raises(deduce.InvalidInput) as error:
        play_game(**kwargs)  # type: ignore[arg-type]
    assert error.value.argument == argument


def test_a_bot_guessing_nonsense_is_named() -> None:
    silly = Bot("silly", lambda inv, rng: "9")
    with pytest.raises(deduce.InvalidInput, match="silly at seat 0"):
        play_game([silly], seed=1)


def test_the_console_refuses_a_guess_after_the_code_is_broken() -> None:
    from rich.console import Console

    from deduce import play
    from deduce.play.session import Session

    inv = Investigation(2, 2).guess("12", black=2, white=0)
    console = Console(record=True, width=100)
    session = Session(play.adapter("mastermind"), inv, console, autosave=None)
    session.handle("11 0 0")
    shown = " ".join(console.export_text().split())
    assert "refused:" in shown and "(the code is broken already)" in shown
    assert session.investigation is inv


def test_the_console_counts_the_last_guesses_down() -> None:
    from rich.console import Console

    from deduce import play
    from deduce.play.session import Session

    console = Console(record=True, width=100)
    session = Session(
        play.adapter("mastermind"), Investigation(3, 3, limit=2), console, autosave=None
    )
    game = Game(3, 3)  # the code is 321
    session.handle("112 {} {}".format(*game.feedback("321", "112")))
    assert "1 guess left." in console.export_text()
    session.handle("233 {} {}".format(*game.feedback("321", "233")))
    assert "No guess left: the code was not broken within 2 guesses." in console.export_text()
    session.handle("321 3 0")
    assert "(all 2 guesses are made)" in " ".join(console.export_text().split())
    assert len(session.investigation.clues) == 2
