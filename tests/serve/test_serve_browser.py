"""``deduce serve`` in a real browser: Playwright driving Debian's chromium headless at a
phone's viewport (360x740), playing a whole game against a secret written down first.

Skipped where chromium or Playwright is missing (failed under CI); ``make test`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import (
    PHONE,
    compose,
    in_first_screen,
    no_sideways_scroll,
    phone_page,
    pick,
    picked,
    way_now,
)
from serving import launched

TOKEN = "a-token-for-the-browser"

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`deduce serve` on a free port of the loopback, and its state directory."""
    folder = tmp_path / "state"
    with launched(folder, TOKEN) as served:
        yield f"http://127.0.0.1:{served.port}", folder
    address = f"http://127.0.0.1:{served.port}/?token={TOKEN}"
    assert address in served.output  # the address it printed


@pytest.fixture
def phone() -> Iterator[Any]:
    with phone_page(PHONE) as page:
        yield page


def start_mastermind(page: Any, url: str) -> None:
    """A new game of Mastermind started from the first page, as a player starts it."""
    page.goto(f"{url}/?token={TOKEN}")
    page.click("summary:has-text('Mastermind')")
    page.click("button:has-text('Start Mastermind')")
    page.wait_for_url("**/play/mastermind")


def score(guess: str, secret: str) -> tuple[int, int]:
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    white = sum(min(guess.count(c), secret.count(c)) for c in set(guess)) - black
    return black, white


def tap(page: Any, field: str, times: int) -> None:
    """Set a stepper with its + and − buttons (as a thumb would)."""
    for _ in range(6):
        page.click(f"form[data-verb=guess] button[aria-label='{field} one less']")
    for _ in range(times):
        page.click(f"form[data-verb=guess] button[aria-label='{field} one more']")


def test_a_whole_mastermind_game_on_a_phone(
    server: tuple[str, Path], phone: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    from deduce.games.mastermind import Investigation
    from deduce.play.files import load_file

    secret = "3142"  # written down before the game
    url, folder = server
    page = phone
    page.goto(f"{url}/?token={TOKEN}")
    no_sideways_scroll(page)
    page.click("summary:has-text('Mastermind')")
    page.click("button:has-text('Start Mastermind')")
    page.wait_for_url("**/play/mastermind")
    assert page.inner_text(".status") == "1296 solutions left"
    banner = page.locator("section.turn[role=status]")  # whose turn, at the top
    assert banner.locator("h2").inner_text() == "Your turn"
    assert "10 of 10 guesses left" in banner.inner_text()
    assert page.evaluate("document.querySelector('section.turn').getBoundingClientRect().top") < 200

    # a line the console refuses: its words, and nothing changes
    page.fill("#free-line", "guess 12 0 0")
    page.click("form.free button")
    alert = page.locator("#alert")
    alert.wait_for(state="visible")
    assert 'code "12" is not valid' in alert.inner_text()
    assert page.inner_text(".status") == "1296 solutions left"

    played: list[str] = []
    for _ in range(8):
        if page.locator(".solved").count():
            break
        guess = page.inner_text(".advice li button >> nth=0").strip()
        page.click(".advice li button >> nth=0")  # the advice fills the code
        code = page.locator("section.now form[data-verb=guess] .field[data-name=CODE]")
        assert picked(code) == list(guess)  # a row of colours per peg, each tapped
        black, white = score(guess, secret)
        tap(page, "Black", black)
        tap(page, "White", white)
        page.click("form[data-verb=guess] button[type=submit]")
        played.append(f"{guess}: {black} black, {white} white")
        expect(page.locator(".history li")).to_have_count(len(played))
        no_sideways_scroll(page)
        if page.locator(".solved").count() == 0:
            left = f"{10 - len(played)} of 10 guesses left"
            assert left in page.inner_text("section.turn"), page.inner_text("section.turn")
        if len(played) == 1:  # undo, then the same clue again
            page.click("button:has-text('Undo the last clue')")
            expect(page.locator(".history li")).to_have_count(0)
            page.fill("#free-line", f"guess {guess} {black} {white}")
            page.click("form.free button")
            expect(page.locator(".history li")).to_have_count(1)
    solved = page.inner_text(".solved")
    assert secret in solved, solved
    assert page.inner_text("section.turn h2") == "The game is over"
    assert f"You broke the code in {len(played)} guesses" in page.inner_text("section.turn")
    assert page.locator(".history li").all_inner_texts() == played
    no_sideways_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    shot = tmp_path / "mastermind-phone.png"  # looked at by eye when the page changes
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    # installable: the service worker keeps the assets, never a page (each carries the
    # token); without a network a notice says so, drawn with the kept stylesheet
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active !== null)")
    page.reload()
    page.context.set_offline(True)
    page.reload()
    assert "No connection to deduce serve" in page.inner_text("h1")
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"  # the stylesheet
    kept = page.evaluate(
        "caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)"
        ".then((cache) => cache.keys())))).then((lists) => lists.flat().map((r) => r.url))"
    )
    assert kept and all(u.removeprefix(url).startswith(("/static/", "/manifest")) for u in kept)
    assert not any("token" in u for u in kept), kept
    page.context.set_offline(False)
    page.reload()
    assert secret in page.inner_text(".solved")
    saved = load_file(folder / "mastermind.json", Investigation)  # autosaved as it went
    assert len(saved.clues) == len(played) and saved.solved is not None
    assert str(saved.solved) == secret


def test_a_whole_thirteen_clues_game_on_a_phone(
    server: tuple[str, Path], phone: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    from deduce.games import thirteen_clues as tc

    deal = tc.Deal.random(4, seed=7)
    secret = "Dancer, Plaza, Crossbow"  # my own puzzle, written down before the game
    mine = deal.puzzles[0]
    assert f"{mine.person}, {mine.location}, {mine.weapon}" == secret
    url, _ = server
    page = phone
    page.goto(f"{url}/?token={TOKEN}")
    page.click("summary:has-text('13 Indizien')")
    form = page.locator("form[data-game=thirteen-clues]")
    compose(form.locator(".field[data-name=hand]"), *deal.hands[0])  # left, right
    for seat in (1, 2, 3):
        puzzle = deal.puzzles[seat]
        field = form.locator(f".field[data-name=seat_{seat}]")
        compose(field, puzzle.person, puzzle.location, puzzle.weapon)
    no_sideways_scroll(page)
    page.click("button:has-text('Start 13 Indizien')")
    page.wait_for_url("**/play/13clues")
    lines = 0
    for _ in range(1, 16):
        if page.locator(".solved").count():
            break
        assert page.inner_text("section.turn h2") == "Your turn"
        move = page.inner_text(".advice li button >> nth=0").strip()
        if move.startswith("accuse "):  # the race says accuse: I accuse what it names
            named = move.removeprefix("accuse ").split(" (")[0]
            verdict = "right" if named == secret else "wrong"
            page.fill("#free-line", f"accuse 0 {verdict} {named.replace(',', '')}")
            page.click("form.free button")
            lines += 1
            expect(page.locator(".history li")).to_have_count(lines)
            if verdict == "right":
                break
        else:
            _, witness, about = move.split()
            page.click(".advice li button >> nth=0")  # fills the witness and what is asked
            ask = "section.now form[data-verb=ask]"  # the step at hand, first on the page
            assert page.input_value(f"{ask} .field[data-name=WITNESS] input") == witness
            assert picked(page.locator(f"{ask} .field[data-name=ABOUT]")) == [about]
            answer = str(deal.answer(int(witness), about))
            page.fill(f"{ask} .field[data-name=N] input", answer)
            page.click(f"{ask} button[type=submit]")
            lines += 1
            expect(page.locator(".history li")).to_have_count(lines)
        no_sideways_scroll(page)
        for _ in range(6):  # the others act, as the banner says, until it is my turn
            heading = page.inner_text("section.turn[role=status] h2")
            if heading == "Your turn" or page.locator(".solved").count():
                break
            seat = int(heading.removeprefix("Seat ").removesuffix("'s turn"))
            asks = way_now(page, "q")  # they ask me: its form, a tap opens it
            assert asks.locator("h3").inner_text() == "Asks a witness"
            assert asks.locator(".field[data-name=ASKER]").is_hidden()  # the seat: given
            asks.locator(".field[data-name=WITNESS] input").fill("0")
            pick(asks.locator(".field[data-name=ABOUT]"), "red")
            asks.locator(".field[data-name=N] input").fill(str(deal.answer(0, "red")))
            asks.locator("button[type=submit]").click()
            lines += 1
            expect(page.locator(".history li")).to_have_count(lines)
        else:
            pytest.fail("the turn did not come back to me")
    shown = page.inner_text("body")
    assert f"Solved: {secret}" in shown or "you accused right and won" in shown, shown
    page.evaluate("window.scrollTo(0, 0)")
    shot = tmp_path / "thirteen-clues-phone.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


def test_bsi_advice_buttons_and_refusals_on_a_phone(server: tuple[str, Path], phone: Any) -> None:
    """A lay and an attempt from the advice, a needed field left empty, a refusal's
    quoted command set as code; seat 1's case is woman/day/outside/knife."""
    from playwright.sync_api import expect

    url, _ = server
    page = phone
    page.goto(f"{url}/?token={TOKEN}")
    card = page.locator("details.card", has=page.locator("summary", has_text="Black Stories"))
    card.locator("summary").first.click()
    compose(card.locator(".field[data-name='case']"), "man", "night", "inside", "gun")
    pick(
        card.locator(".field[data-name='hand']"),
        "woman/night/outside/gun",
        "woman/knife",
        "man/day",
    )
    card.locator("button[type=submit]:has-text('Start')").click()
    page.wait_for_url("**/play/bsi")
    first = page.inner_text(".advice li button >> nth=0")  # "lay CARD at seat 1"
    page.click(".advice li button >> nth=0")
    lay = page.locator("section.now form[data-verb=lay]")
    in_first_screen(page, lay)
    laid = first.removeprefix("lay ").removesuffix(" at seat 1")
    assert picked(lay.locator(".field[data-name=CARD]")) == [laid]  # a card of my hand
    assert lay.locator(".field[data-name=SEAT] input").input_value() == "1"
    secret = {"woman", "day", "outside", "knife"}
    matches = len(secret & set(laid.split("/")))
    lay.locator(f"label.chip:has-text('{'0/1' if matches < 2 else matches}')").click()
    lay.locator("button[type=submit]").click()
    expect(page.locator(".history li")).to_have_count(1)
    assert page.locator(".advice li button", has_text="draw").count() == 1
    page.click(".advice li button:has-text('solve') >> nth=0")
    solve = page.locator("section.now form[data-verb=solve]")
    case = solve.locator(".field[data-name=CASE]").first
    named = "/".join(picked(case))
    assert named.count("/") == 3  # the advised case, a piece tapped in each row
    assert picked(solve.locator(".field[data-name='right|wrong']")) == []  # the verdict: mine
    case.evaluate("f => f.querySelectorAll('input').forEach(i => { i.checked = false; })")
    solve.locator("button[type=submit]").click()  # a needed field left empty: refused here
    alert = page.locator("#alert")
    expect(alert).to_have_text("refused: Case is not filled in yet; fill it in first")
    compose(case, *named.split("/"))
    solve.locator("button[type=submit]").click()  # no verdict: the server says how
    expect(alert.locator("code").first).to_contain_text(f"solve 1 {named}")
    assert "`" not in alert.inner_text()
    assert page.locator(".history li").count() == 1
    verdict = "right" if set(named.split("/")) == secret else "wrong"
    solve.locator(f"label.chip:has-text('{verdict}')").click()
    solve.locator("button[type=submit]").click()
    expect(page.locator(".history li")).to_have_count(2)
    assert page.inner_text(".history li >> nth=1").endswith(f": {verdict}")
    no_sideways_scroll(page)


def test_the_set_up_shows_only_the_seats_at_the_table(server: tuple[str, Path], phone: Any) -> None:
    """13 Indizien's set-up: a seat's puzzle is asked only for the seats at the table."""
    from playwright.sync_api import expect

    url, _ = server
    page = phone
    page.goto(f"{url}/?token={TOKEN}")
    page.click("summary:has-text('13 Indizien')")
    form = "form[data-game=thirteen-clues]"
    seat = {s: page.locator(f"{form} .field[data-name=seat_{s}]") for s in range(1, 6)}
    assert page.input_value(f"{form} .field[data-name=players] input") == "4"
    for s, shown in {1: True, 2: True, 3: True, 4: False, 5: False}.items():
        expect(seat[s]).to_be_visible() if shown else expect(seat[s]).to_be_hidden()
    compose(seat[3], "Maid", "Museum", "Sword")  # then changed
    page.click(f"{form} button[aria-label='Players one less']")
    page.click(f"{form} button[aria-label='Players one less']")
    expect(seat[2]).to_be_hidden()
    expect(seat[3]).to_be_hidden()
    page.click(f"{form} button[aria-label='Players one more']")  # 3 players
    expect(seat[2]).to_be_visible()
    expect(seat[3]).to_be_hidden()
    compose(page.locator(f"{form} .field[data-name=hand]"), "Officer", "Parlor")
    compose(seat[1], "Duke", "Market", "Crossbow")
    compose(seat[2], "Nurse", "Harbor", "Rifle")
    no_sideways_scroll(page)
    page.click("button:has-text('Start 13 Indizien')")
    page.wait_for_url("**/play/13clues")  # seat 3's hidden answer was not sent
    assert "seat 3" not in page.inner_text("section.turn").lower()


def test_a_master_detective_game_is_set_up_from_its_own_cards(
    server: tuple[str, Path], phone: Any
) -> None:
    """Cluedo's set-up: the cards to pick are the edition's chosen (Master Detective's
    Rose and Knife, not the classic deck's Ballroom), and typed for a deck file; the
    cards a player shows first are tapped after the player, in their order."""
    import json

    import httpx
    from playwright.sync_api import expect

    url, folder = server
    page = phone
    page.goto(f"{url}/?token={TOKEN}")
    page.click("summary:has-text('Cluedo')")
    form = "form[data-game=cluedo]"
    field = {n: page.locator(f"{form} .field[data-name={n}]") for n in ("deck", "hand", "me")}
    rose = field["hand"].locator("label.chip:has(input[value=Rose])")
    ballroom = field["hand"].locator("label.chip:has(input[value=Ballroom])")
    expect(ballroom).to_be_visible()  # the classic deck, as the deck's default
    expect(rose).to_be_hidden()
    pick(field["hand"], "Ballroom")  # then the edition changed: taken back
    field["deck"].locator("input.other").fill("my-deck.toml")  # a deck file: cards typed
    expect(field["hand"].locator("label.other")).to_be_visible()
    expect(ballroom).to_be_hidden()
    field["deck"].locator("input.other").fill("")
    pick(field["deck"], "master_detective")
    expect(rose).to_be_visible()
    expect(ballroom).to_be_hidden()
    expect(field["hand"].locator("label.other")).to_be_hidden()
    page.fill(f"{form} .field[data-name=players] input", "me Ann Bob Cy")
    pick(field["me"], "me")
    hand = ("Rose", "Gray", "Knife", "Horseshoe", "Gazebo", "Fountain", "Studio")
    pick(field["hand"], *hand)
    assert sorted(picked(field["hand"])) == sorted(hand)  # Ballroom is not sent with them
    # Ann shows the Wrench first, then the Library; Bob the Peach: in the order tapped
    habits = page.locator(f"{form} .field[data-name=shows_first]")
    keys = habits.locator(".keys input")
    expect(keys).to_have_count(3)  # the others: my own habit is not asked for
    assert [keys.nth(i).get_attribute("value") for i in range(3)] == ["Ann", "Bob", "Cy"]
    pick(habits.locator(".keys"), "Ann")
    pick(habits, "Wrench", "Library", "Plum")
    pick(habits, "Plum")  # tapped again: taken back
    pick(habits.locator(".keys"), "Bob")
    assert picked(habits.locator(".variant:not([hidden])")) == []  # Bob's cards, none yet
    pick(habits, "Peach")
    pick(habits.locator(".keys"), "Ann")
    assert sorted(picked(habits.locator(".variant:not([hidden])"))) == ["Library", "Wrench"]
    expect(habits.locator("output")).to_have_text("Ann=Wrench,Library Bob=Peach")
    # Cy names their own cards as often as any other: read nothing from Cy's suggestions
    naming = page.locator(f"{form} .field[data-name=names_own]")
    pick(naming.locator(".keys"), "Cy")
    pick(naming, "1")
    expect(naming.locator("output")).to_have_text("Cy=1")
    no_sideways_scroll(page)
    page.click("button:has-text('Start Cluedo')")
    page.wait_for_url("**/play/cluedo")
    saved = httpx.get(
        f"{url}/api/sessions/cluedo", headers={"Authorization": f"token {TOKEN}"}
    ).json()
    assert "Rose" in str(saved) and "Ballroom" not in str(saved), saved
    kept = [json.loads(f.read_text()) for f in folder.rglob("*.json")]
    habits_kept = [k["config"]["preferences"] for k in kept if "preferences" in k.get("config", {})]
    assert habits_kept == [{"Ann": ["Wrench", "Library"], "Bob": ["Peach"]}]
    assert [k["config"].get("names_own") for k in kept if "config" in k] == [{"Cy": 1.0}]


# A clue of each game, and the same clue as it should have been.
AMENDED = {
    "mastermind": ("1122 1 0", "1122 0 1", "1122: 0 black, 1 white"),
    "bsi": ("lay woman/night/outside/gun 1 0/1", "lay woman/night/outside/gun 1 2", "field 2"),
    "kreuzverhoer": (
        "ask Mord Ulm Nora Brechstange 2",
        "ask Mord Ulm Nora Brechstange 1",
        "Brechstange: 1 right",
    ),
    "thirteen-clues": ("ask 2 red 1", "ask 2 red 0", "about red: 0"),
    "crime-writers": ("found who Butler", "found who Gardener", "who: Gardener"),
    "cluedo": (
        "suggest Ann White Dagger Lounge Bob",
        "suggest Ann White Dagger Lounge Cy",
        "Cy showed a card",
    ),
}


@pytest.mark.parametrize("name", sorted(AMENDED))
def test_a_clue_is_amended_through_its_form(
    server: tuple[str, Path], phone: Any, name: str
) -> None:
    import httpx
    from playwright.sync_api import expect

    from deduce.core import registry
    from deduce.play.setup import parse_presets

    url, _ = server
    declared = registry.find(name)
    clue, amended, shown = AMENDED[name]
    with httpx.Client(base_url=url, headers={"Authorization": f"token {TOKEN}"}) as api:
        setup = parse_presets(declared.table_setup)
        id = api.post("/api/sessions", json={"game": name, "setup": setup}).json()["id"]
        assert api.post(f"/api/sessions/{id}/lines", json={"line": clue}).status_code == 200
    page = phone
    page.goto(f"{url}/play/{id}?token={TOKEN}")
    form = page.locator("form[data-verb=amend]")
    form.locator(".field[data-name=N] input").fill("1")
    form.locator(".field[data-name=LINE] input").fill(amended)
    form.locator("button[type=submit]").click()
    expect(page.locator(".history li")).to_have_count(1)
    expect(page.locator(".history li").first).to_contain_text(shown)
    assert page.locator("#alert").is_hidden()


def test_a_stale_page_never_puts_its_clue_in_a_new_game(
    server: tuple[str, Path], phone: Any
) -> None:
    import httpx
    from playwright.sync_api import expect

    url, _ = server
    with httpx.Client(base_url=url, headers={"Authorization": f"token {TOKEN}"}) as api:
        api.post("/api/sessions", json={"game": "mastermind", "setup": {}})
        page = phone
        page.goto(f"{url}/play/mastermind?token={TOKEN}")
        page.fill("#free-line", "1122 1 0")  # being typed when ...
        api.post("/api/sessions", json={"game": "mastermind", "setup": {}})  # another phone
        expect(page.locator("#changed")).to_be_visible()  # ... a new game is started
        page.click("form.free button")  # sent all the same
        alert = page.locator("#alert")
        alert.wait_for(state="visible")
        assert "not carried out" in alert.inner_text() and "changed" in alert.inner_text()
        assert api.get("/api/sessions/mastermind").json()["history"] == []
        expect(page.locator(".history li")).to_have_count(0)
        page.fill("#free-line", "1122 1 0")  # the page is the new game's now: it is taken
        page.click("form.free button")
        expect(page.locator(".history li")).to_have_count(1)
        history = api.get("/api/sessions/mastermind").json()["history"]
        assert [c["words"] for c in history] == ["1122: 1 black, 0 white"]


def test_two_phones_on_one_game_stay_in_step(server: tuple[str, Path], phone: Any) -> None:
    """A clue entered on one phone shows on the other without a reload (how soon:
    ``python -m benchmarks serve``); a page whose form is being filled in is not
    redrawn under the player's thumb, it says so."""
    from playwright.sync_api import expect

    url, _ = server
    first = phone
    start_mastermind(first, url)
    second = first.context.browser.new_page(viewport=PHONE)  # another phone
    second.goto(f"{url}/play/mastermind?token={TOKEN}")
    expect(second.locator("section.turn h2")).to_have_text("Your turn")
    second.wait_for_timeout(300)  # its stream of events is open

    def enter(page: Any, line: str) -> None:
        page.fill("#free-line", line)
        page.click("form.free button")

    enter(first, "1122 0 0")
    expect(first.locator(".history li")).to_have_count(1)  # its own page redrawn first
    expect(second.locator(".history li")).to_have_count(1)
    second.fill("#free-line", "3344 1")  # half typed, not sent
    enter(first, "3345 0 1")
    expect(first.locator(".history li")).to_have_count(2)
    expect(second.locator("#changed")).to_be_visible()
    assert second.input_value("#free-line") == "3344 1"  # nothing lost
    assert second.locator(".history li").count() == 1
    second.click("#changed button")
    expect(second.locator(".history li")).to_have_count(2)
    expect(second.locator("#changed")).to_be_hidden()


def test_the_page_reads_at_twice_the_text_size(server: tuple[str, Path], phone: Any) -> None:
    """Kreuzverhör answering the opponent's card: the step in the first screen, every
    part of the notebook a page element, nothing sideways at 100% and 200% text."""
    import httpx

    url, _ = server
    with httpx.Client(base_url=url, headers={"Authorization": f"token {TOKEN}"}) as api:
        setup = {
            "case": "Mord Ulm Ede Gift",
            "hand": "profiler lawyer refusal",
            "first": "opponent",
        }
        api.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup})
        for line in ("they ask Mord Berlin Nora Messer", "they play confrontation"):
            api.post("/api/sessions/kreuzverhoer/lines", json={"line": line})
    page = phone
    page.goto(f"{url}/play/kreuzverhoer?token={TOKEN}")
    in_first_screen(page, page.locator("section.now form[data-verb=answer]"))
    assert page.locator("pre").count() == 0
    assert page.locator("table.grid caption").first.inner_text() == "Questionings"  # a table
    no_sideways_scroll(page)
    size = page.evaluate("getComputedStyle(document.body).fontSize")
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # the system's text size
    assert (
        page.evaluate("getComputedStyle(document.body).fontSize") == f"{2 * float(size[:-2]):g}px"
    )
    no_sideways_scroll(page)


def test_the_crime_writers_clock_runs_on_the_page(server: tuple[str, Path], phone: Any) -> None:
    """Started from the page, the round's clock runs on it; stopped, its reading stays
    through a reload; the writer's countdown runs on the phone."""
    from playwright.sync_api import expect

    url, _ = server
    page = phone
    page.goto(f"{url}/?token={TOKEN}")
    page.click("summary:has-text('Crime Writers')")
    page.click("button:has-text('Start Crime Writers')")
    page.wait_for_url("**/play/crime-writers")
    in_first_screen(page, page.locator("section.clock"))
    expect(page.locator(".clock .time")).to_have_text("0:00")
    page.click("button:has-text('Start the clock')")
    expect(page.locator(".clock .time")).to_have_text("0:02", timeout=4000)
    page.click("button.writing")
    expect(page.locator("button.writing")).to_contain_text("left")
    page.click("button:has-text('Stop the clock')")
    expect(page.locator("button:has-text('Start the clock')")).to_be_visible(timeout=5000)
    reading = page.inner_text(".clock .time")
    page.wait_for_timeout(1500)
    page.reload()
    assert page.inner_text(".clock .time") == reading  # paused: no time counted since
    expect(page.locator("button.writing")).to_contain_text("left")  # kept through a reload


def test_starting_over_asks_first_and_the_earlier_game_comes_back(
    server: tuple[str, Path], phone: Any
) -> None:
    from playwright.sync_api import expect

    url, _ = server
    page = phone
    start_mastermind(page, url)
    page.fill("#free-line", "1122 1 0")
    page.click("form.free button")
    expect(page.locator(".history li")).to_have_count(1)
    page.goto(f"{url}/")
    page.click("summary:has-text('Mastermind') >> nth=-1")
    page.click("button:has-text('Start Mastermind')")
    over = page.locator("form[data-game=mastermind] .over")
    expect(over).to_be_visible()
    assert "A Mastermind game with 1 clue is in progress" in over.inner_text()
    over.locator("button:has-text('Start a new one')").click()
    page.wait_for_url("**/play/mastermind")
    expect(page.locator(".history li")).to_have_count(0)
    page.goto(f"{url}/")
    page.click("summary:has-text('Earlier Mastermind games')")
    reopen = page.locator("button.reopen >> nth=0")
    assert reopen.inner_text() == "Reopen the game of 1 clue (mastermind.json.bak)"
    reopen.click()
    page.wait_for_url("**/play/mastermind")
    expect(page.locator(".history li")).to_have_count(1)
    no_sideways_scroll(page)


def test_the_tables_view_follows_the_game_on_another_phone(
    server: tuple[str, Path], phone: Any
) -> None:
    from playwright.sync_api import expect

    url, _ = server
    player = phone
    start_mastermind(player, url)
    player.click('summary:has-text("The table\'s view")')
    link = player.locator(".shared a").get_attribute("href")
    assert link and "/view/mastermind?token=" in link and TOKEN not in link
    table = player.context.browser.new_page(viewport=PHONE)  # the phone in the middle
    table.goto(link)
    expect(table.locator("section.turn h2")).to_have_text("The notebook keeper's turn")
    assert table.locator("form").count() == 0
    table.wait_for_timeout(300)
    player.fill("#free-line", "1122 1 0")
    player.click("form.free button")
    expect(table.locator(".history li")).to_have_text(["1122: 1 black, 0 white"])
    refused = table.evaluate(
        "fetch('/api/sessions/mastermind/lines', {method: 'POST', credentials: 'same-origin',"
        " headers: {'Content-Type': 'application/json'}, body: JSON.stringify({line: '3344 0 0'})})"
        ".then(r => r.status)"
    )
    assert refused == 403
    no_sideways_scroll(table)
