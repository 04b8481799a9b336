"""End-to-end tests of ``deduce play cluedo``: the real console script in a pty, a deal
written down before the game, every event typed as a player at the table notes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from terminal import Terminal

from deduce import InvalidInput
from deduce.games.cluedo import Investigation, Suggest
from deduce.games.cluedo.play import ADAPTER, Advised, cell, next_player
from deduce.play.adapter import refusal

PROMPT = "cluedo> "
PLAYERS = ("Scarlet", "me", "Peacock", "Plum")

# The deal, written down before the game (Plum dealt; Scarlet and I hold one card more).
ENVELOPE = ("Mustard", "Lead pipe", "Library")
HANDS = {
    "Scarlet": ("Green", "Dagger", "Ballroom", "Kitchen", "Study"),
    "me": ("Plum", "Rope", "Hall", "Lounge", "White"),
    "Peacock": ("Scarlet", "Candlestick", "Conservatory", "Dining room"),
    "Plum": ("Peacock", "Revolver", "Spanner", "Billiard room"),
}

# What the others suggest, in turn; I suggest what the console advises.
THEIRS = {
    "Scarlet": [("Peacock", "Rope", "Lounge"), ("White", "Spanner", "Library"),
                ("Mustard", "Lead pipe", "Hall"), ("Green", "Revolver", "Study")],
    "Peacock": [("Mustard", "Lead pipe", "Library"), ("Plum", "Dagger", "Kitchen"),
                ("Scarlet", "Rope", "Billiard room"), ("White", "Candlestick", "Ballroom")],
    "Plum": [("Scarlet", "Spanner", "Ballroom"), ("Green", "Candlestick", "Lounge"),
             ("Peacock", "Dagger", "Dining room"), ("Mustard", "Revolver", "Conservatory")],
}  # fmt: skip


def answer(by: str, cards: tuple[str, str, str]) -> tuple[str | None, str | None]:
    """Who shows a card in the deal (the first player after ``by`` who holds one) and
    which (the first they hold)."""
    at = PLAYERS.index(by)
    for step in range(1, len(PLAYERS)):
        player = PLAYERS[(at + step) % len(PLAYERS)]
        held = [c for c in cards if c in HANDS[player]]
        if held:
            return player, held[0]
    return None, None


def line_of(by: str, cards: tuple[str, str, str]) -> tuple[str, dict[str, str | None]]:
    """The console line of a suggestion answered from the deal, and its arguments."""
    shown, card = answer(by, cards)
    seen = card if "me" in (by, shown) else None
    words = ["suggest", by, *(c.replace(" ", "_") for c in cards), shown or "nobody"]
    if seen:
        words.append(seen.replace(" ", "_"))
    return " ".join(words), {"shown_by": shown, "card": seen}


def start(home: Path) -> Terminal:
    term = Terminal(["play", "cluedo", "--no-autosave"], home=home)
    term.expect("Deck (classic, master detective, or a deck file (TOML); e.g. my-deck.toml)")
    term.send("")
    term.expect("Players (every player's name in turn order, the first to play first")
    term.send(" ".join(PLAYERS))
    term.expect("Me (which of them you are")
    term.send("me")
    term.expect("Dealer (who dealt the cards; last: the last player named) [last]: ")
    term.send("")
    term.expect("Face up (cards laid face up for everyone by a house rule, or none) [none]: ")
    term.send("")
    term.expect("Hand (your cards")
    term.send("plum rope hall lou white")  # any case, a unique start
    term.expect("Shows first (")
    term.send("")
    term.expect("Names own cards (")
    term.send("")
    term.shown = term.expect_prompt(PROMPT)  # type: ignore[attr-defined]
    return term


def left(shown: str) -> int:
    found = re.search(r"(\d+) solutions? left", shown)
    assert found, shown
    return int(found.group(1))


def test_a_whole_game_at_the_table_from_a_deal_written_down(tmp_path: Path) -> None:
    term = start(tmp_path)
    inv = Investigation(PLAYERS, "me", HANDS["me"], dealer="Plum")
    shown: str = term.shown  # type: ignore[attr-defined]
    assert left(shown) == len(inv.solutions())
    assert "Scarlet's turn: Scarlet suggests (suggest Scarlet SUSPECT WEAPON" in shown
    theirs = {p: iter(moves) for p, moves in THEIRS.items()}
    for _turn in range(12):
        player = next_player(inv)
        assert player is not None
        if player == "me":
            assert "Your turn: suggest (suggest me SUSPECT" in " ".join(shown.split())
            best = ADAPTER.recommend(inv, inv.default_strategy)[0]
            advised = str(best.action)
            assert advised in shown  # the console advises it, as the line to type
            assert isinstance(best.action, Advised)
            if not isinstance(best.action.move, Suggest):
                break
            cards = best.action.move.cards
        else:
            cards = next(theirs[player])
        line, said = line_of(player, cards)
        inv = inv.suggestion(player, *cards, **said)
        term.send(line)
        shown = term.expect_prompt(PROMPT)
        assert f"noted: {inv.clues[-1]}" in " ".join(shown.split())
        assert left(shown) == len(inv.solutions())
        if inv.solved is not None:
            break
    assert inv.solved is not None and inv.solved.cards == ENVELOPE
    said = " ".join(shown.split())
    assert "The envelope is certain: Mustard, Lead pipe, Library." in said
    # the sheet: my cards, the cards shown to me, the envelope
    term.send("sheet")
    sheet = term.expect_prompt(PROMPT)
    lines = sheet.strip().splitlines()[1:]  # after the line typed
    header = lines[0].split()
    assert header == ["card", "envelope", *PLAYERS]
    locations = inv.card_locations()
    for row in lines[1:22]:
        card = " ".join(w for w in row.split() if re.fullmatch(r"[A-Za-z]+", w))
        squares = row.split()[len(card.split()) :]
        expected = [cell(locations[card].get(p)) for p in ("envelope", *PLAYERS)]
        assert squares == expected, row
    assert "Mustard ✓ ✗ ✗ ✗ ✗" in " ".join(sheet.split())
    # my accusation, right: the game is over, and nothing more is taken
    term.send("accuse me Mustard Lead Library right")
    shown = " ".join(term.expect_prompt(PROMPT).split())
    assert "noted: me accused Mustard, Lead pipe, Library: right" in shown
    assert "me accused right: the game is over." in shown
    term.refuses(
        {"suggest Scarlet Green Rope Hall nobody": "(me won: the game is over); expected no clue"},
        PROMPT,
    )
    term.send("quit")
    assert term.finish() == 0


def test_junk_into_every_verb_is_refused_by_name_and_changes_nothing(tmp_path: Path) -> None:
    term = start(tmp_path)
    for line in (
        "suggest Scarlet Peacock Rope Lounge me Rope",
        "accuse Peacock Green Rope Hall wrong",
    ):
        term.send(line)
        term.expect_prompt(PROMPT)
    term.send("history")
    before = term.expect_prompt(PROMPT)
    term.refuses(
        {
            "suggest Zed Green Dagger Study nobody": 'player "Zed" is not valid; expected one of',
            "suggest Peacock Green Dagger Study nobody": (
                'player "Peacock" is not valid (Peacock is out after a wrong accusation); '
                "expected one of Scarlet, me, Plum"
            ),
            "suggest Plum Zzz Dagger Study nobody": (
                'suspect "Zzz" is not valid; expected one of Green, Mustard, Peacock, Plum, '
                "Scarlet, White"
            ),
            "suggest Plum Green Hall Study nobody": 'weapon "Hall" is not valid; expected one of',
            "suggest Plum Green Dagger Rope nobody": 'room "Rope" is not valid; expected one of',
            "suggest Plum Green Dagger Study Zed": 'shown "Zed" is not valid; expected one of',
            "suggest Plum Green Dagger Study": "(SHOWN is missing)",
            "suggest Plum Green Dagger Study Scarlet Zzz": 'card "Zzz" is not valid',
            "suggest me Green Dagger Study Plum": (
                "the card is missing (you suggested, so you saw it); expected the card Plum "
                "showed you"
            ),
            # I hold Rope: it would have been shown by me before Scarlet
            "suggest Scarlet Green Rope Study Peacock": (
                'shown "Peacock" is not valid (I hold Rope, so I would have shown it)'
            ),
            # Scarlet's suggestion: I showed Rope; nobody else can then hold ... Lounge is mine
            "suggest Plum Peacock Rope Lounge nobody": (
                'shown "nobody" is not valid (I hold Rope, so I would have shown it)'
            ),
            "accuse Plum Green Dagger Study maybe": (
                'verdict "maybe" is not valid; expected one of right, wrong'
            ),
            "accuse Peacock Green Dagger Study wrong": "(Peacock is out after a wrong accusation)",
            "seen Zed Hall": 'player "Zed" is not valid; expected one of Scarlet, me, Peacock',
            "seen Plum Zzz": 'card "Zzz" is not valid; expected one of Green,',
            "rooms Rope": 'room "Rope" is not valid; expected one of Ballroom,',
            "rooms": "(ROOM is missing)",
        },
        PROMPT,
    )
    term.send("history")
    assert term.expect_prompt(PROMPT) == before  # nothing changed
    term.send("quit")
    assert term.finish() == 0


def test_a_contradiction_names_the_clue_it_cannot_stand_with(tmp_path: Path) -> None:
    term = start(tmp_path)
    term.send("suggest Peacock Mustard Lead Library nobody")
    term.expect_prompt(PROMPT)
    term.send("suggest Plum Green Candlestick Library Scarlet")  # Scarlet passed on Library
    term.expect_prompt(PROMPT)
    term.send("suggest me Mustard Lead Library Scarlet Library")  # Scarlet passed on those
    shown = " ".join(term.expect_prompt(PROMPT).split())
    assert "cannot be true. It contradicts the earlier clues:" in shown
    assert "1. Peacock suggested Mustard, Lead pipe, Library: nobody could show a card" in shown
    assert "(the line is refused; nothing changed)" in shown
    term.send("history")
    assert len(term.expect_prompt(PROMPT).strip().splitlines()) == 3  # the line and 2 clues
    term.send("undo")
    assert "undone: Plum suggested Green, Candlestick, Library: Scarlet showed a card" in " ".join(
        term.expect_prompt(PROMPT).split()
    )
    term.send("why room=Hall")  # my own card
    assert "room≠Hall holds before any clue (the rules alone)." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_the_rooms_i_can_reach_narrow_the_advice() -> None:
    inv = Investigation(PLAYERS, "me", HANDS["me"], dealer="Plum")
    inv = inv.suggestion("Scarlet", "Peacock", "Rope", "Lounge", shown_by="me", card="Rope")
    call = ADAPTER.grammar.parse(["rooms", "kitch", "study"], inv)
    rows = call.verb.do(inv, call.values)
    best = inv.recommend(top=3, rooms=["Kitchen", "Study"])
    assert [r[0] for r in rows.rows] == [str(Advised(r.action, "me")) for r in best]
    assert all(r[0].split()[-1] in {"Kitchen", "Study"} for r in rows.rows)
    assert [r[1] for r in rows.rows] == [f"{r.information:.2f}" for r in best]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("deck", "nosuch.toml", 'deck "nosuch.toml" is not valid'),
        ("players", "Ann Bob", '(2 named); expected 3 to 6 different names'),
        ("players", "Ann ann Bob", "(a name is twice)"),
        ("me", "Zed", 'me "Zed" is not valid; expected one of the players: Scarlet, me,'),
        ("dealer", "Zed", 'dealer "Zed" is not valid; expected one of the players:'),
        ("face_up", "Zzz", "(Zzz is no card of the deck, or more than one); expected none, or"),
        ("face_up", "Hall Hall", "(Hall is twice)"),
        ("hand", "Plum Rope", "(18 cards are dealt round 4 players from the one after Plum: "
         "Scarlet 5, me 5, Peacock 4, Plum 4); expected 5 cards"),
        ("hand", "Plum Rope Hall Lounge Zzz", 'hand "Zzz" is not valid; expected one of Green,'),
        ("hand", "Plum Rope Hall Lounge l", 'hand "l" is not valid (it fits several: Lead pipe, '
         "Library, Lounge); expected one of Lead pipe, Library, Lounge"),
        ("shows_first", "Plum", "(Plum is not PLAYER=CARD,CARD)"),
        ("shows_first", "Zed=Hall", "(Zed is not one of the players: Scarlet, me, Peacock, Plum)"),
        ("shows_first", "me=Hall", 'shows_first "me=Hall" is not valid (it is me)'),
        ("shows_first", "Plum=Zzz", "(Zzz is no card of the deck, or more than one)"),
        ("shows_first", "Plum=Hall Plum=Lounge",
         "(Plum is named twice: Plum=CARD,CARD gives all of Plum's cards)"),
        ("shows_first", "=Hall", "(=Hall names no player before =)"),
        ("shows_first", "Plum=Hall,Hall", '"Plum=Hall,Hall" is not valid (Hall is named twice)'),
        ("names_own", "Zed", "(Zed is not one of the players: Scarlet, me, Peacock, Plum)"),
        ("names_own", "me", 'names_own "me=1" is not valid (it is me)'),
        ("names_own", "Plum=2", "(2 is no chance above 0, at most 1)"),
        ("names_own", "Plum=0", "(0 is no chance above 0, at most 1)"),
        ("names_own", "Plum=nan", "(nan is no chance above 0, at most 1)"),
        ("names_own", "Plum=half", "(half is no chance above 0, at most 1)"),
        ("names_own", "Plum Plum=0.5", "(Plum is named twice)"),
        ("names_own", "=0.5", "(=0.5 names no player before =)"),
    ],
)  # fmt: skip
def test_junk_into_every_set_up_key_is_refused_by_name(key: str, value: str, message: str) -> None:
    answers = {"players": " ".join(PLAYERS), "me": "me", "dealer": "Plum",
               "hand": " ".join(HANDS["me"])}  # fmt: skip
    with pytest.raises(InvalidInput) as refused:
        ADAPTER.read_setup({**answers, key: value})
    said = refusal(refused.value)
    assert said.startswith(f'{key} "'), said
    assert message in said


def test_a_refused_set_up_answer_is_asked_again(tmp_path: Path) -> None:
    term = Terminal(["play", "cluedo", "--no-autosave"], home=tmp_path)
    term.expect("Deck (")
    term.send("")
    term.expect("Players (")
    term.send("Ann Bob")
    shown = " ".join(term.expect("Players (").split())
    assert 'players "Ann Bob" is not valid (2 named); expected 3 to 6 different names' in shown
    term.kill()


def test_after_my_suggestion_the_console_says_whether_to_accuse_before_the_next_turn() -> None:
    mine = ("Plum", "White", "Dagger", "Hall", "Study", "Lounge")
    inv = Investigation(("me", "Ann", "Bob"), "me", mine)
    inv = inv.suggestion("me", "Green", "Dagger", "Hall")  # nobody shows: Green is certain
    inv = inv.suggestion("Ann", "Scarlet", "Rope", "Kitchen")
    inv = inv.suggestion("Bob", "Mustard", "Candlestick", "Ballroom", shown_by="Ann")
    before = ADAPTER.extra(inv)
    assert before is not None and "Your turn" in before
    inv = inv.suggestion("me", "Green", "Rope", "Kitchen")  # nobody shows: all certain
    after = ADAPTER.extra(inv)
    assert after is not None
    assert "The envelope is certain: accuse now (accuse me Green Rope Kitchen right)." in after
    assert after.index("accuse now") < after.index("Ann's turn")
    passed = ADAPTER.extra(inv.suggestion("Ann", "Green", "Rope", "Kitchen"))
    assert passed is not None and "accuse now" not in passed  # my turn is over
