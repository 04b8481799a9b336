"""Whole games of Kreuzverhör, Black Stories Investigation and Crime Writers played on
``deduce serve``'s page in a real browser (Playwright driving Debian's chromium headless)
at a phone's viewport of 390x844, each against a secret written down before the game.

The game is started from the home page's set-up form, by taps. Then, at every step, the
banner says whose turn it is, the step's form is taken from ``section.now`` (the forms
of what may be done now, titled in words) and must start in the first screen; it is
filled in by taps (buttons, the steppers' + and -, an advised move's button), text typed
only where the game's answer is free text; it is sent and the history grows by a line.
Both my turns and my opponents' are played, every answer true of the secret (worked out
with the game's own Python API). At the end: the game's end, every number shown against
the secret, a full-page screenshot. And no text typed where the form has buttons:
every text typed is written down with its field (free text only: players' names, a
wording of the writer's own), and no form is sent with text in a field of buttons (an
advised move that the buttons could not show).

What the page does wrong but does not stop the game (a form below the first screen, a
field of fixed choices that must be typed, a banner that names the wrong player) is
collected as it happens, with a screenshot under ``/tmp/shots/``, and fails the test at
its end, every one listed; what stops the game (a refusal, a form missing) fails it at
once.

Skipped where chromium or Playwright is missing (failed under CI); ``make test`` runs it.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import (
    chip,
    compose,
    in_first_screen,
    no_sideways_scroll,
    phone_page,
    pick,
    picked,
)
from serving import launched

TOKEN = "a-token-for-the-whole-games"
VIEWPORT = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots")

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`deduce serve` on a free port of the loopback, and its state directory."""
    folder = tmp_path / "state"
    with launched(folder, TOKEN) as served:
        yield f"http://127.0.0.1:{served.port}", folder


@pytest.fixture
def phone() -> Iterator[Any]:
    """A page of chromium at a phone's viewport, 390x844."""
    with phone_page(VIEWPORT) as page:
        yield page


# -- a player at the table -----------------------------------------------------------


class Player:
    """The phone in a player's hand: what the page shows, and the taps on it.

    ``wrong`` collects what the page does wrong that does not stop the game (each with a
    screenshot under /tmp/shots/); ``typed`` every text typed into a field (its form, its
    field, and whether the game's answer there is free text)."""

    def __init__(self, page: Any, game: str) -> None:
        self.page = page
        self.game = game
        self.wrong: list[str] = []
        self.again: dict[str, int] = {}  # a defect seen before: its place in ``wrong``
        self.typed: list[tuple[str, str, bool]] = []
        self.lines = 0
        self.step = "set-up"
        SHOTS.mkdir(parents=True, exist_ok=True)
        for old in SHOTS.glob(f"{game}-*.png"):
            old.unlink()

    def shot(self, name: str) -> Path:
        path = SHOTS / f"{self.game}-{name}.png"
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def expect(self, ok: bool, what: str, *, same: str = "") -> bool:
        """A check that, when it fails, is written down (with a screenshot) and the game
        goes on; a failure ``same`` as one written down before adds its step to it."""
        if ok:
            return ok
        if same and same in self.again:
            self.wrong[self.again[same]] += f"; again at [{self.step}]"
            return ok
        path = self.shot(f"{len(self.wrong) + 1:02d}")
        if same:
            self.again[same] = len(self.wrong)
        self.wrong.append(f"[{self.step}] {what} (screenshot {path})")
        return ok

    def done(self) -> None:
        """Every check written down passed, and nothing was typed where the game has
        buttons."""
        fixed = [f"{form}: {field}" for form, field, free in self.typed if not free]
        assert not self.wrong and not fixed, "\n".join(
            [*self.wrong, *(f"typed into a field of fixed choices: {f}" for f in fixed)]
        )

    # -- reading

    def banner(self) -> str:
        return str(self.page.inner_text("section.turn[role=status] h2")).strip()

    def note(self) -> str:
        return str(self.page.inner_text("section.turn[role=status]"))

    def titles(self) -> list[str]:
        forms = self.page.locator("section.now form")
        return [self._title(forms.nth(i)) for i in range(forms.count())]

    @staticmethod
    def _title(form: Any) -> str:
        """A form's title: its heading, a one-button form's button, or, for a way to
        act folded away, the summary that opens it."""
        return str(
            form.evaluate(
                "f => { const way = f.closest('details.way');"
                " const h = f.querySelector('h3');"
                " const shown = way ? way.querySelector('summary') : h ||"
                " f.querySelector('button[type=submit]');"
                " return shown.textContent.trim(); }"
            )
        )

    def now(self, title: str, *, exact: bool = False) -> Any:
        """The form titled ``title`` among what may be done now; it must start in the
        first screen."""
        forms = self.page.locator("section.now form")
        found = [
            forms.nth(i)
            for i in range(forms.count())
            if (self._title(forms.nth(i)) == title if exact else title in self._title(forms.nth(i)))
        ]
        if not found:
            path = self.shot("missing")
            pytest.fail(f"[{self.step}] no form {title!r} now: {self.titles()} ({path})")
        way = found[0].locator("xpath=ancestor::details[contains(@class, 'way')][1]")
        if way.count():  # folded away under its title: the title in the first screen, tapped
            summary = way.locator("xpath=./summary")
            try:
                in_first_screen(self.page, summary)
            except AssertionError as error:
                said = str(error).splitlines()[0]
                self.expect(False, f"the way {title!r} is not in the first screen: {said}")
            if not way.evaluate("d => d.open"):
                summary.click()
            return found[0]
        return self.first_screen(found[0])

    def first_screen(self, form: Any) -> Any:
        """``form``, checked to start in the first screen."""
        try:
            in_first_screen(self.page, form)
        except AssertionError as error:
            said = str(error).splitlines()[0]
            name = self._title(form)
            self.expect(False, f"the form {name!r} is not in the first screen: {said}", same=name)
        return form

    def history(self) -> list[str]:
        return [str(t) for t in self.page.locator(".history li").all_inner_texts()]

    def advice(self) -> list[str]:
        return [str(t).strip() for t in self.page.locator(".advice li button").all_inner_texts()]

    # -- acting

    def type_into(self, form_name: str, field: Any, text: str, *, free: bool) -> None:
        self.typed.append((form_name, str(field.get_attribute("data-name")), free))
        field.locator("input[type=text]").first.fill(text)

    def stepper(self, field: Any, value: int) -> None:
        """Set a stepper with its - and + buttons (as a thumb would)."""
        less = field.locator("button[data-step='-1']")
        more = field.locator("button[data-step='1']")
        box = field.locator("input[type=number]")
        low = box.get_attribute("min")
        for _ in range(8):
            if box.input_value() != "" and box.input_value() == (low or "0"):
                break
            less.click()
        for _ in range(value - int(box.input_value() or 0)):
            more.click()
        assert box.input_value() == str(value), f"the stepper shows {box.input_value()}"

    def send(self, form: Any, *, free: tuple[str, ...] = ()) -> None:
        """Send ``form`` and see the history grow by its line; no text typed into it but
        in the free-answer fields ``free``; nothing sideways."""
        filled = form.evaluate(
            "f => [...f.querySelectorAll('input[type=text]')]"
            ".filter(i => i.offsetParent !== null && i.value)"
            ".map(i => (i.closest('.field') || {dataset: {name: ''}}).dataset.name)"
        )
        self.expect(
            all(name in free for name in filled),
            f"text in the fields {filled} of a form whose choices are buttons",
        )
        self.lines = self.page.locator(".history li").count() + 1
        form.locator("button[type=submit]").click()
        self.wait_lines()

    def wait_lines(self) -> None:
        """The history grew to ``lines`` lines (or more: a game may add its own, such as
        the clock's reading before a question)."""
        page = self.page
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if page.locator(".history li").count() >= self.lines:
                self.lines = page.locator(".history li").count()
                break
            alert = page.locator("#alert")
            if alert.is_visible() and alert.inner_text().strip():
                path = self.shot("refused")
                pytest.fail(
                    f"[{self.step}] refused: {alert.inner_text()!r}; the history "
                    f"{self.history()} (screenshot {path})"
                )
            page.wait_for_timeout(50)
        else:
            path = self.shot("stuck")
            pytest.fail(
                f"[{self.step}] the history did not grow to {self.lines}: it is "
                f"{self.history()}, the banner {self.banner()!r} ({path})"
            )
        try:
            no_sideways_scroll(page)
        except AssertionError as error:
            self.expect(False, str(error))

    def advise(self, words: str) -> None:
        """Tap the advised move ``words`` (its form filled in by the tap)."""
        exactly = re.compile(f"^{re.escape(words)}$")
        self.page.locator(".advice li button").filter(has_text=exactly).first.click()


def whole_game_start(page: Any, url: str, title: str) -> Any:
    """The home page, the game's set-up form opened; its form."""
    page.goto(f"{url}/?token={TOKEN}")
    no_sideways_scroll(page)
    card = page.locator("details.card", has=page.locator("summary", has_text=title))
    card.locator("summary").first.click()
    return card.locator("form.setup")


def the_end(player: Player, tmp_path: Path, name: str) -> None:
    page = player.page
    no_sideways_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    shot = tmp_path / f"{name}-phone.png"
    page.screenshot(path=str(shot), full_page=True)
    page.screenshot(path=str(SHOTS / f"{name}-end.png"), full_page=True)
    assert shot.stat().st_size > 10_000


def grids(page: Any) -> dict[str, list[list[str]]]:
    """The tables "at the table" (scores, questionings, grids), by caption: their rows."""
    found: dict[str, list[list[str]]] = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('table.grid')].map(t => ["
        "t.caption ? t.caption.textContent.trim() : '',"
        "[...t.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent.trim()))"
        "]))"
    )
    return found


# -- Kreuzverhör ------------------------------------------------------------------------


def test_a_whole_kreuzverhoer_game_on_a_phone(
    server: tuple[str, Path], phone: Any, tmp_path: Path
) -> None:
    """Two players, 12 questionings each, my action cards followed. The secret: the case
    I chose for my opponent, the one they chose for me, and the order of the shuffled
    action cards. My questionings follow the advice; I play an investigation card of my
    hand when the laid suspect allows it, answered as my opponent's case says; my
    opponent lays what their case file ranks first and plays their investigation cards
    likewise; whoever holds a card that blocks the other's card blocks it, and an Anwalt
    or a Suspendierung is played at once. The banner is checked after every line."""
    from deduce.games import kreuzverhoer as kv
    from deduce.games.kreuzverhoer.clues import BLOCKS, card_title, glossed_title
    from deduce.games.kreuzverhoer.truthful import right

    mine = kv.Case("Brandstiftung*", "Leipzig*", "Vera S.*", "Schal*")  # mine, for them
    theirs = kv.Case("Einbruch", "Köln*", "Nora M.", "Brechstange")  # theirs, for me
    cards = [card for card, n in kv.COPIES.items() for _ in range(n)]
    random.Random(81).shuffle(cards)  # the action cards as they lie
    hands = [cards[0:3], cards[3:6]]  # my hand, my opponent's
    pile = cards[6:]
    deck = kv.Deck.default()
    answered = (
        "single_interrogation",
        "investigators_on_site",
        "confrontation",
        "informant",
        "profiler",
    )
    skips = ("lawyer", "suspension")
    named = {  # what the answer to a card names
        "single_interrogation": "crime",
        "investigators_on_site": "weapon",
        "informant": "scene",
        "profiler": "suspect",
    }

    url, _ = server
    page = phone
    me = Player(page, "kreuzverhoer")
    form = whole_game_start(page, url, "Kreuzverhör")
    case = form.locator(".field[data-name=case]")
    control = case.get_attribute("data-control")
    if me.expect(
        control == "parts",
        f"the set-up's Case (fixed choices: a crime, a scene, a suspect, a weapon of the "
        f"deck) is a {control} field to type into, not a row of buttons per piece",
    ):
        compose(case, *map(chip, mine))
    else:
        me.type_into("set-up", case, " ".join(chip(n) for n in mine), free=False)
    hand = form.locator(".field[data-name=hand]")
    control = hand.get_attribute("data-control")
    if me.expect(
        control in ("buttons", "parts"),
        f"the set-up's Hand (3 of the 15 action cards) is a {control} field to type "
        "into, not buttons",
    ):
        titles = [chip(card_title(c)) for c in hands[0]]
        compose(hand, *titles) if control == "parts" else pick(hand, *titles)
        assert picked(hand) == titles
    else:
        me.type_into("set-up", hand, " ".join(hands[0]), free=False)
    pick(form.locator(".field[data-name=first]"), "me")
    no_sideways_scroll(page)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/play/kreuzverhoer")
    me.expect(me.banner() == "Your turn", f"the first banner says {me.banner()!r}")

    left = [12, 12]  # questionings left, a skipped one used up
    owed = [0, 0]  # questionings each must skip
    made = [0, 0]
    last: int | None = None  # who questioned last
    their_file = kv.Investigation(deck)  # my opponent's case file of my case
    opp = kv.Interrogation(theirs)  # my opponent, answering about their case
    rights: list[int] = []  # the details right in each of my questionings
    solved_by: int | None = None

    def upcoming(*, begin: bool = False) -> int | None:
        """Who questions next (a skip owed, or no questioning left, passes the turn)."""
        seat = 0 if last is None else 1 - last
        still = list(owed)
        for _ in range(6):
            if left[seat] == 0:
                seat = 1 - seat
            elif still[seat]:
                still[seat] -= 1
                seat = 1 - seat
            else:
                if begin:
                    owed[:] = still
                return seat
        return None

    def acts(seat: int | None) -> None:
        """The banner names ``seat`` (None: whoever questions next)."""
        seat = upcoming() if seat is None else seat
        words = {0: "Your turn", 1: "Your opponent's turn"}[seat or 0]
        me.expect(me.banner() == words, f"the banner says {me.banner()!r}, not {words!r}")

    def draws(seat: int) -> None:
        if pile:
            hands[seat].append(pile.pop(0))

    def my_draw() -> None:
        if len(hands[0]) < 3 and pile:
            form = me.now("Draw the action card you drew")
            pick(form.locator(".field[data-name=CARD]"), card_title(pile[0]))
            me.send(form)
            draws(0)
            acts(None)

    for _ in range(30):
        seat = upcoming(begin=True)
        if seat is None:
            break
        last = seat
        made[seat] += 1
        left[seat] -= 1
        if seat == 0:  # my questioning
            me.step = f"my questioning {made[0]}: the lay"
            lay = me.advice()[0]
            ask = me.now(
                "Lay four cards, then ask"
                if "Lay four cards, then ask" in me.titles()
                else "Your questioning: lay four cards and ask"
            )
            me.advise(lay)
            laid = kv.Guess(*lay.split(" / "))
            for name, value in zip(("CRIME", "SCENE", "SUSPECT", "WEAPON"), laid, strict=True):
                got = picked(ask.locator(f".field[data-name={name}]"))
                me.expect(got == [chip(value)], f"the advice {lay!r} filled {name} with {got}")
            n = right(laid, theirs)
            opp = opp.questioning(*laid)
            me.stepper(ask.locator(".field[data-name=N]"), n)
            me.send(ask)
            rights.append(n)
            if n == 4:
                solved_by = 0
                break
            acts(0)  # my card, or an exchange
            me.step = f"my questioning {made[0]}: my card"
            banned = deck.banned(laid.suspect)
            card = next((c for c in hands[0] if c in answered and c != banned), None)
            blocker = None
            if card is not None:
                hands[0].remove(card)
                blocker = next((c for c in hands[1] if card in BLOCKS.get(c, ())), None)
                if blocker is not None:  # reported instead of my card: it tells nothing
                    me.step = f"my questioning {made[0]}: their block"
                    form = me.now("Your opponent plays a defence card")
                    pick(form.locator(".field[data-name=CARD]"), card_title(blocker))
                    pick(form.locator(".field[data-name=BLOCKED]"), card_title(card))
                    me.send(form)
                    hands[1].remove(blocker)
                    draws(1)
                    acts(0)  # I draw
                else:
                    answer = opp.suggest(card, seed=0)
                    title = f"Play {card_title(card)}"
                    if card == "investigators_on_site":  # two ways: the scene right or wrong
                        title += ": the scene is " + ("wrong" if answer is None else "right")
                    form = me.now(title, exact=True)
                    opp = opp.played(card, answer)
                    if card == "confrontation":
                        pick(form.locator(".field[data-name=ANSWER]"), "yes" if answer else "no")
                    elif answer is None:  # Ermittler vor Ort: the laid scene is wrong
                        assert form.locator(".field[data-name=wrong]").is_hidden()  # given
                    else:
                        told = [answer] if isinstance(answer, str) else list(answer)
                        assert getattr(theirs, named[card]) not in told
                        fields = form.locator(".field")
                        for at, name in enumerate(told):
                            pick(fields.nth(at), name)
                    me.send(form)
                    acts(1)  # their defence card
            skip = next((c for c in hands[1] if c in skips), None)
            if blocker is None and skip is not None:
                me.step = f"my questioning {made[0]}: their skip"
                form = me.now("Your opponent plays a defence card")
                pick(form.locator(".field[data-name=CARD]"), card_title(skip))
                me.send(form)
                hands[1].remove(skip)
                draws(1)
                owed[0] += 1
                left[0] -= 1
                acts(0 if len(hands[0]) < 3 and pile else None)
            me.step = f"my questioning {made[0]}: my draw"
            my_draw()
        else:  # my opponent's questioning
            me.step = f"their questioning {made[1]}: the lay"
            lay = their_file.recommend(top=1, strategy="entropy")[0].action
            n = right(lay, mine)
            their_file = their_file.questioning(*lay, correct=n)
            asks = me.now(
                "Your opponent lays four cards and asks"
                if "Your opponent lays four cards and asks" in me.titles()
                else "Your opponent's questioning: they lay four cards and ask"
            )
            for name, value in zip(("CRIME", "SCENE", "SUSPECT", "WEAPON"), lay, strict=True):
                pick(asks.locator(f".field[data-name={name}]"), value)
            me.send(asks)  # N left out: my case gives it
            if n == 4:
                solved_by = 1
                break
            acts(1)
            told = f"Tell your opponent: {n} of the four cards are right"
            me.expect(told in me.note(), f"the banner says {me.note()!r}, not {told!r}")
            me.step = f"their questioning {made[1]}: their card"
            banned = deck.banned(lay.suspect)
            card = next((c for c in hands[1] if c in answered and c != banned), None)
            blocked = False
            if card is not None:
                form = me.now("Your opponent plays an investigation card")
                pick(form.locator(".field[data-name=CARD]"), card_title(card))
                me.send(form)
                hands[1].remove(card)
                draws(1)
                acts(0)  # my answer
                me.step = f"their questioning {made[1]}: my answer"
                blocker = next((c for c in hands[0] if card in BLOCKS.get(c, ())), None)
                if blocker is not None:  # one tap blocks it
                    me.send(me.now(f"Block it with {card_title(blocker)}", exact=True))
                    hands[0].remove(blocker)
                    blocked = True
                    acts(0)  # I draw
                else:
                    form = me.now(f"Answer their {glossed_title(card)}", exact=True)
                    given = [v.replace("_", " ") for v in picked(form) if v]
                    if card == "confrontation":
                        truth = "yes" if lay.suspect == mine.suspect else "no"
                        me.expect(given == [truth], f"the answer filled in is {given}, not {truth}")
                        their_file = their_file.confrontation(truth == "yes")
                    elif card == "investigators_on_site" and lay.scene != mine.scene:
                        their_file = their_file.investigators_on_site(None)
                    else:
                        field = named[card]
                        said = me.note().split("Tell them ", 1)[-1]
                        told = [n for n in deck.names(field) if n in said]
                        me.expect(
                            given == told,
                            f"the answer filled in names {given} where the banner says {said!r}",
                            same=f"answer {card}",
                        )
                        if given != told:  # tapped as the banner says
                            pick(form.locator(".field[data-name=NAME]"), *told)
                            given = told
                        assert told and getattr(mine, field) not in told, said
                        if card == "single_interrogation":
                            their_file = their_file.single_interrogation(given[0])
                        elif card == "profiler":
                            their_file = their_file.profiler(given[0])
                        elif card == "informant":
                            their_file = their_file.informant(given)
                        else:
                            their_file = their_file.investigators_on_site(given)
                    me.send(form)
                    acts(0)  # my defence card
            skip = next((c for c in hands[0] if c in skips), None)
            if not blocked and skip is not None:
                me.step = f"their questioning {made[1]}: my skip"
                form = me.now("Play a defence card")
                pick(form.locator(".field[data-name=CARD]"), card_title(skip))
                me.send(form)
                hands[0].remove(skip)
                owed[1] += 1
                left[1] -= 1
                acts(0)  # I draw
            me.step = f"their questioning {made[1]}: my draw"
            my_draw()

    me.step = "the end"
    assert solved_by is not None or left == [0, 0]
    me.expect(me.banner() == "The game is over", f"the banner says {me.banner()!r}")
    winner = {0: "you win", 1: "your opponent wins"}
    if solved_by is not None:
        me.expect(winner[solved_by] in me.note(), f"the banner says {me.note()!r}")
    if solved_by == 0:
        solved = page.inner_text(".status")
        me.expect(" / ".join(theirs) in solved, f"the case shown is {solved!r}, not {theirs}")
    shown = [
        int(m.group(1))
        for line in me.history()
        if (m := re.fullmatch(r"questioning .*: (\d) right", line))
    ]
    me.expect(shown == rights, f"my questionings' answers shown {shown}, not {rights}")
    table = grids(page).get("Questionings", [])
    if solved_by is not None:
        left[solved_by] = 0  # a case solved: its file has no questioning left
    expected = [["you", str(made[0]), str(left[0])], ["your opponent", str(made[1]), str(left[1])]]
    me.expect(table == expected, f"the questionings shown {table}, not {expected}")
    the_end(me, tmp_path, "kreuzverhoer")
    me.done()


# -- Black Stories Investigation ---------------------------------------------------------


def test_a_whole_bsi_game_on_a_phone(server: tuple[str, Path], phone: Any, tmp_path: Path) -> None:
    """Two players, I start. The secret: both cases and the order of the other 26 murder
    case cards (the 16 case cards and the box's 12 stand-ins), from which the hands are
    dealt and every card is drawn. My lays and attempts follow the advice (a lay at seat
    1, the field as seat 1's case says; an attempt with its verdict; "draw" with the card
    drawn); seat 1 lays the first card of their hand at my grid and, from their second
    turn on, tries the case their clues leave likeliest, with their strongest card when
    only one case is left. The game ends with the round of a third investigation card."""
    from deduce.games import bsi

    my_case, their_case = "man/night/inside/gun", "woman/day/inside/knife"  # the secret
    cards = [str(c) for c in bsi.CARDS if c.case is not None] + [str(c) for c in bsi.STAND_IN]
    rest = [c for c in cards if c not in (my_case, their_case)]
    random.Random(4).shuffle(rest)
    cases = [my_case, their_case]
    hands = [rest[0:3], rest[3:6]]
    pile = rest[6:]
    discard: list[str] = []
    under: list[list[str]] = [[], []]  # the cards under each seat's grid
    drops = [[1, 2, 3], [1, 2, 3]]
    points = [0, 0]

    def matches(card: str, case: str) -> int:
        return len(set(card.split("/")) & set(case.split("/")))

    def field(card: str, case: str) -> str:
        n = matches(card, case)
        return "0/1" if n < 2 else str(n)

    def new_case(seat: int) -> tuple[list[str], str]:
        """Seat's case is solved: its grid and case to the discard pile; cards turned up
        until a case card, the revealed ones face up on the discard pile."""
        discard.extend([*under[seat], cases[seat]])
        under[seat].clear()
        revealed = []
        while bsi.Card.parse(pile[0]).case is None:
            revealed.append(pile.pop(0))
        discard.extend(revealed)
        cases[seat] = pile.pop(0)
        return revealed, cases[seat]

    url, _ = server
    page = phone
    me = Player(page, "bsi")
    form = whole_game_start(page, url, "Black Stories")
    me.stepper(form.locator(".field[data-name=players]"), 2)
    compose(form.locator(".field[data-name=case]"), *my_case.split("/"))
    pick(form.locator(".field[data-name=hand]"), *hands[0])
    me.stepper(form.locator(".field[data-name=first]"), 0)
    no_sideways_scroll(page)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/play/bsi")

    def tell_revealed(form: Any, revealed: list[str]) -> bool:
        """The cards turned up, tapped in the solve form (False: it cannot take them)."""
        field = form.locator(".field[data-name=CARD]").last  # revealed CARD
        control = field.get_attribute("data-control")
        if not revealed:
            return True
        if control == "buttons":  # a button per card, several tapped
            pick(field, *revealed)
            return True
        if not me.expect(
            len(revealed) == 1,
            f"{len(revealed)} cards were turned up ({', '.join(revealed)}), but the "
            f"field 'Revealed card' takes one card (a {control} field: one row of buttons "
            "per piece)",
        ):
            return False  # said with the free line
        compose(field, *revealed[0].split("/"))
        return True

    said: list[str] = []  # the history, as the page should tell it
    turn, first, final_from = 0, 0, None
    their_turns = 0
    for _ in range(20):  # turns
        if final_from is not None and turn == first:
            break
        seat = turn
        me.step = f"turn of seat {seat}, cards in the draw pile {len(pile)}: the lay"
        me.expect(
            me.banner() == ("Your turn" if seat == 0 else "Seat 1's turn"),
            f"the banner says {me.banner()!r}",
        )
        target = 1 - seat
        if seat == 0:
            move = me.advice()[0]
            lay = me.now("Lay a card at a grid")
            me.advise(move)
            card = re.fullmatch(r"lay (\S+) at seat 1", move)
            assert card, move
            laid = card.group(1)
            me.expect(
                picked(lay.locator(".field[data-name=CARD]")) == [laid],
                f"the advice {move!r} filled {picked(lay.locator('.field[data-name=CARD]'))}",
            )
            seat_box = lay.locator(".field[data-name=SEAT] input")
            me.expect(seat_box.input_value() == "1", f"the seat filled {seat_box.input_value()}")
        else:
            laid = hands[1][0]
            lay = me.now("Lays a card at a grid")
            compose(lay.locator(".field[data-name=CARD]"), *laid.split("/"))
            me.stepper(lay.locator(".field[data-name=SEAT]"), 0)
        pick(lay.locator(".field[data-name=FIELD]"), field(laid, cases[target]))
        me.send(lay)
        said.append(f"seat {seat} lays {laid} at seat {target}: field {field(laid, cases[target])}")
        hands[seat].remove(laid)
        under[target].append(laid)

        me.step = f"turn of seat {seat}: the attempt"
        attempt: tuple[int, str, int] | None = None
        if seat == 0:
            move = me.advice()[0]
            if move.startswith("solve "):
                _, at, named, used = move.split()  # solve SEAT CASE DROPS
                attempt = (int(at), named, int(used))
                me.advise(move)
                form = me.now("Try to solve a case")
                got = picked(form.locator(".field[data-name=CASE]").first)
                me.expect(got == named.split("/"), f"the advice {move!r} filled the case {got}")
                for name, value in (("SEAT", at), ("DROPS", used)):
                    box = form.locator(f".field[data-name={name}] input").input_value()
                    me.expect(box == value, f"the advice {move!r} filled {name} with {box!r}")
        elif their_turns >= 1 and drops[1]:
            clues = bsi.Investigation()
            for c in under[0]:
                clues = clues.played(c, field(c, cases[0]))
            seen = [c for c in (cases[1], *hands[1], *discard) if bsi.Card.parse(c).case]
            clues = clues.seen(*seen)
            likeliest = clues.solutions()[0]
            strongest = max(drops[1]) if len(clues.solutions()) == 1 else min(drops[1])
            attempt = (0, str(bsi.Card.parse(str(likeliest))), strongest)
            form = me.now("Tries to solve a case")
            me.stepper(form.locator(".field[data-name=SEAT]"), 0)
            compose(form.locator(".field[data-name=CASE]").first, *attempt[1].split("/"))
            me.stepper(form.locator(".field[data-name=DROPS]"), attempt[2])
        extra = ""
        if attempt is not None:
            at, named, used = attempt
            drops[seat].remove(used)
            right = named == cases[at]
            if at != 0:
                pick(form.locator(".field[data-name='right|wrong']"), "right" if right else "wrong")
            line = f"seat {seat} names {named} for seat {at} ({used} drop{'s' * (used > 1)}): "
            said.append(line + ("right" if right else "wrong"))
            if right:
                points[seat] += used + max(0, 6 - len(under[at]))
                revealed, new = new_case(at)
                said[-1] += f"; my new case {new}" * (at == 0)
                if at == 0:  # my new case, mine to see
                    compose(form.locator(".field[data-name=CASE]").nth(1), *new.split("/"))
                if not tell_revealed(form, revealed):
                    extra = " ".join(revealed)
                elif revealed:  # tapped in any order, sent in the buttons' order
                    tapped = picked(form.locator(".field[data-name=CARD]").last)
                    assert sorted(tapped) == sorted(revealed)
                    revealed = tapped
                said[-1] += f"; revealed {' '.join(revealed)}" * bool(revealed)
            if extra:  # the line as typed at the console: the form cannot say it
                words = f"solve {at} {named} {used} {'right' if at else ''}".split()
                if at == 0:
                    words += ["new", cases[0]]
                page.fill("#free-line", " ".join([*words, "revealed", extra]))
                me.send(page.locator("form.free"), free=("",))
            else:
                me.send(form)
            if len(drops[seat]) == 0 and final_from is None:
                final_from = seat
        me.step = f"turn of seat {seat}: the draw"
        if pile:
            drawn = pile.pop(0)
            hands[seat].append(drawn)
        else:
            drawn = None
        if seat == 0:
            draw = me.now("Draw to end the turn")
            if "draw" in me.advice():
                me.advise("draw")
            if drawn is not None:
                compose(draw.locator(".field[data-name=CARD]"), *drawn.split("/"))
        else:
            draw = me.now("Draws to end the turn")
        me.send(draw)
        said.append(f"seat {seat} draws" + f" {drawn}" * (seat == 0 and drawn is not None))
        if seat == 1:
            their_turns += 1
        turn = 1 - turn

    me.step = "the end"
    assert final_from is not None
    me.expect(me.banner() == "The game is over", f"the banner says {me.banner()!r}")
    won = (
        "you" if points[0] > points[1] else "seat 1" if points[1] > points[0] else "you and seat 1"
    )
    me.expect(f"The most points: {won}." in me.note(), f"the banner says {me.note()!r}")
    scores = grids(page).get("Scores", [])
    expected = [
        [name, str(points[s]), ", ".join(map(str, drops[s])) or "none"]
        for s, name in enumerate(("you", "seat 1"))
    ]
    me.expect(scores == expected, f"the scores shown are {scores}, not {expected}")
    me.expect(me.history() == said, f"the history shown is {me.history()}, not {said}")
    the_end(me, tmp_path, "bsi")
    me.done()


# -- Crime Writers -----------------------------------------------------------------------

CW_PLAYERS = ("Ann", "Ben", "Cy")  # in seating order; I am Ben
CW_STORIES = (  # the secret: each writer's story (a card's wording, or the writer's own)
    (
        "Ann",
        {"who": None, "whom": "Butler", "why": None, "where": "Bridge", "how": "Knife"},
        {"who": "Lighthouse keeper", "why": "Stage fright"},
    ),
    (
        "Ben",
        {"who": None, "whom": "Wife", "why": "Love", "where": "Cemetery", "how": None},
        {"who": "Lighthouse keeper", "how": "Icicle"},
    ),
    (
        "Cy",
        {"who": None, "whom": "Lawyer", "why": "Ambition", "where": "Museum", "how": None},
        {"who": "Stage magician", "how": "Poisoned stamp"},
    ),
)


def test_a_whole_crime_writers_game_on_a_phone(
    server: tuple[str, Path], phone: Any, tmp_path: Path
) -> None:
    """Three players, the sample deck; each writes one story, written down before the
    game: three drawn cards and two elements of the writer's own. The writer replies
    truthfully (the game's own ``Writer``: a tag the story leaves open is settled once,
    from a seeded draw). On my turn I ask what the advice says; another guest names the
    likeliest card of an element once it is even money, else asks the most informative
    question; an element known to be the writer's own is named in the guest's own words
    (typed: free text). The round's clock is started when the title is told."""
    import shlex

    from deduce.games import crime_writers as cw
    from deduce.games.crime_writers.bots import Writer

    deck = cw.Deck.example()
    elements = cw.ELEMENTS
    invented = cw.INVENTED
    url, _ = server
    page = phone
    me = Player(page, "crime-writers")
    form = whole_game_start(page, url, "Crime Writers")
    players = form.locator(".field[data-name=players]")
    me.type_into("set-up", players, " ".join(CW_PLAYERS), free=True)  # names: free text
    mine = form.locator(".field[data-name=me]")
    control = mine.get_attribute("data-control")
    if me.expect(
        control == "buttons",
        f"the set-up's Me (one of the players named above) is a {control} field to type "
        "into, not a button per player",
    ):
        pick(mine, "Ben")
    else:
        me.type_into("set-up", mine, "Ben", free=False)
    no_sideways_scroll(page)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/play/crime-writers")

    table = cw.Table(deck, players=CW_PLAYERS, me="Ben")  # the notebook the others keep too
    points = dict.fromkeys(CW_PLAYERS, 0)
    rows: list[list[str]] = []  # the score sheet's row of each story
    for number, (writer_name, drawn, own) in enumerate(CW_STORIES, 1):
        story = {e: drawn[e] or invented for e in elements}
        wording = {e: drawn[e] or own[e] for e in elements}
        writer = Writer(deck, story, dict(own), random.Random(number - 1))
        me.step = f"story {number} ({writer_name} writes): the title"
        assert table.writer == writer_name
        page.click("button:has-text('Start the clock')")  # the title is told
        page.locator(".clock .help", has_text="running").wait_for()
        started = time.monotonic()
        finds: list[tuple[str, str]] = []
        before_story = dict(points)
        for _ in range(80):
            if table.story_found:
                break
            guest = table.turn
            assert guest is not None
            me.step = f"story {number} ({writer_name} writes): {guest} asks"
            words = "Your turn" if guest == "Ben" else f"{guest}'s turn"
            me.expect(me.banner() == words, f"the banner says {me.banner()!r}, not {words!r}")
            certain = table.certain()
            known = [
                e for e in elements if e not in table.found_elements and certain.get(e) == invented
            ]
            if known:  # the writer's own words: named as found, typed (free text)
                element = known[0]
                title = "Name one you found" if guest == "Ben" else "Finds one"
                found = me.now(title, exact=True)
                pick(found.locator(".field[data-name=ELEMENT]"), element)
                me.type_into(
                    title, found.locator(".field[data-name=WORDING]"), wording[element], free=True
                )
                found.locator(".field[data-name=invented] label.chip").click()
                me.send(found, free=("WORDING",))
                table = table.found(element, wording[element], invented=True)
                finds.append((element, guest))
                points[guest] += 3
                continue
            title = f"Ask {writer_name} about an element"
            if guest != "Ben":
                title = f"Asks {writer_name} about an element"
            ask = me.now(title, exact=True)
            if guest == "Ben":
                move = me.advice()[0]
                _, element, about = shlex.split(move)
                me.advise(move)
                got = picked(ask.locator(".field[data-name=ELEMENT]"))
                me.expect(got == [element], f"the advice {move!r} filled the element {got}")
                got = picked(ask.locator(".field[data-name=ABOUT]"))
                me.expect(got == [chip(about)], f"the advice {move!r} filled {got}")
            else:
                element, about = _cw_question(table, elements, invented)
                pick(ask.locator(".field[data-name=ELEMENT]"), element)
                pick(ask.locator(".field[data-name=ABOUT]"), about)
            reply = writer.reply(element, about)
            pick(ask.locator(".field[data-name=REPLY]"), reply)
            me.send(ask)
            before = set(table.found_elements)
            table = table.ask(element, about, reply)
            if set(table.found_elements) - before:
                finds.append((element, guest))
                points[guest] += 3
        me.step = f"story {number} ({writer_name} writes): found"
        took = time.monotonic() - started
        assert table.story_found, f"story {number} not found"
        assert {e for e, _ in finds} == set(elements)
        solved = page.inner_text(".status")
        told = ", ".join(f"{e}: {wording[e]}" for e in elements)
        me.expect(told in solved, f"the story shown is {solved!r}, not {told!r}")
        assert took < 59, f"story {number} took {took:.0f} s: the writer scores more"
        points[writer_name] += 1  # the started minute until the fifth find
        story_points = [str(points[p] - before_story[p]) for p in CW_PLAYERS]
        rows.append([f"story {number} ({writer_name})", *story_points])
        if number < len(CW_STORIES):  # (once the game is over, the finds are not shown)
            found = grids(page).get("Found in this story", [])
            me.expect(
                [(e, by) for e, by, _ in found] == finds,
                f"the finds shown are {found}, not {finds}",
            )
            at = [60 * int(m) + int(s) for m, s in (row[2].split(":") for row in found)]
            me.expect(
                at == sorted(at) and all(0 <= t < took + 1 for t in at),
                f"the finds were timed {[row[2] for row in found]} in a story of {took:.0f} s",
            )
        if number < len(CW_STORIES):
            after = CW_STORIES[number][0]
            me.expect(
                me.banner() == ("Your turn" if after == "Ben" else f"{after}'s turn"),
                f"the banner says {me.banner()!r} when {after} writes next",
            )
            me.send(me.now(f"{after} writes the next story", exact=True))
            table = table.next_round()

    me.step = "the end"
    me.expect(me.banner() == "The game is over", f"the banner says {me.banner()!r}")
    best = max(points.values())
    won = " and ".join(p for p in CW_PLAYERS if points[p] == best)
    me.expect(f"the most points: {won}." in me.note(), f"the banner says {me.note()!r}")
    sheet = grids(page).get("Score sheet", [])
    rows.append(["total", *(str(points[p]) for p in CW_PLAYERS)])
    me.expect(sheet == rows, f"the score sheet shows {sheet}, not {rows}")
    the_end(me, tmp_path, "crime-writers")
    me.done()


def _cw_question(table: Any, elements: tuple[str, ...], invented: str) -> tuple[str, str]:
    """Another guest's question: the likeliest card of an element once it is even
    money, else the most informative question."""
    best = None
    for element in elements:
        if element in table.found_elements:
            continue
        cards = [(text, p) for text, p in table.candidates(element) if text != invented]
        if cards and cards[0][1] >= 0.5 and (best is None or cards[0][1] > best[2]):
            best = (element, cards[0][0], cards[0][1])
    if best is not None:
        return best[0], best[1]
    question = table.recommend(top=1, strategy="entropy")[0].action
    return question.element, question.about
