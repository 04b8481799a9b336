"""Public calls that failed with something else than a deduce error (a TypeError, an
AttributeError, numpy's "truth value is ambiguous", a MemoryError, a call that never
returned): each is refused with InvalidInput now, at the callable the caller called.

The sweep of ``tests/robustness/sweeping.py`` finds such calls; each kind it found is kept here as a
plain test, one call per kind.
"""

from __future__ import annotations

import importlib
import itertools
import math
import pathlib
import random
import stat
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from deduce import DeduceError, InvalidInput, Space
from deduce.core import decks
from deduce.core.info import entropy, mutual_information
from deduce.games import bsi, crime_writers, kreuzverhoer, mastermind, thirteen_clues
from deduce.search import advice_seconds, expected_moves, lower_bound
from deduce.search.optimum import optimal
from deduce.testing.robustness import HugeLength

THIRTEEN = thirteen_clues.Investigation(
    3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Nurse", "Museum", "Blowgun")]
)
CASE = kreuzverhoer.Case("Mord", "Ulm", "Ede K.", "Gift")
QUESTIONED = kreuzverhoer.Interrogation(CASE).questioning("Mord", "Berlin", "Ede K.", "Messer")
CARDS = crime_writers.Deck.example()
PACE = kreuzverhoer.Pace((0.1, 0.5, 1.0), exact=True)
ADVISED = [bsi.advised, bsi.advised]


def module(name: str) -> Any:
    return importlib.import_module(f"deduce.{name}")


CALLS: dict[str, Callable[[], Any]] = {
    # a value of the wrong type where an object of the library is expected
    "sample_deal(-7)": lambda: THIRTEEN.sample_deal(-7),  # type: ignore[arg-type]
    "expected_moves(inf, ...)": lambda: expected_moves(math.inf, "12"),  # type: ignore[arg-type]
    "advice_seconds(0.0, ...)": lambda: advice_seconds(0.0, "entropy"),  # type: ignore[arg-type]
    "optimal(np.int64(2))": lambda: optimal(np.int64(2)),  # type: ignore[arg-type]
    "Pace.within(None)": lambda: PACE.within(None),  # type: ignore[arg-type]
    "Pace.within(-1)": lambda: PACE.within(-1),
    "ScoreSheet(rounds=-0.0)": lambda: crime_writers.ScoreSheet(("Ann", "Bob"), (), -0.0),  # type: ignore[arg-type]
    "bsi.play_game(narrate=nan)": lambda: bsi.play_game(ADVISED, seed=1, narrate=math.nan),  # type: ignore[arg-type]
    "lower_bound('')": lambda: lower_bound("", 2, finishing=True),  # type: ignore[arg-type]
    "lower_bound(frozenset())": lambda: lower_bound(frozenset(), 2, finishing=True),  # type: ignore[arg-type]
    "lower_bound(10**5000)": lambda: lower_bound(10**5000, 2, finishing=True),
    "lower_bound(None)": lambda: lower_bound(None, 2, finishing=True),  # type: ignore[arg-type]
    "lower_bound(1.5)": lambda: lower_bound(1.5, 2, finishing=True),
    "in_words(card, nan)": lambda: QUESTIONED.in_words("informant", math.nan),
    "entropy(None)": lambda: entropy(None),
    "entropy([-1, 2])": lambda: entropy([-1, 2]),
    "entropy([nan])": lambda: entropy([math.nan]),
    "entropy([[1, 2], [3]])": lambda: entropy([[1, 2], [3]]),
    "mutual_information(5)": lambda: mutual_information(5),
    "mutual_information([1, 2])": lambda: mutual_information([1, 2]),
    "mutual_information(ragged)": lambda: mutual_information([[1, 2], [3]]),
    "mutual_information([[-1, 2]])": lambda: mutual_information([[-1, 2]]),
    "mutual_information([[nan]])": lambda: mutual_information([[math.nan]]),
    "mutual_information(sizes=[1, 2])": lambda: mutual_information([[0.5, 0.5]], [1, 2]),
    "mutual_information(sizes=[-1])": lambda: mutual_information([[0.5, 0.5]], [-1]),
    "mastermind finishing(answers=-3)": lambda: mastermind.Investigation(4, 6).finishing([], -3),
    "mastermind finishing(answers='x')": lambda: mastermind.Investigation(2, 2).finishing([], "x"),  # type: ignore[arg-type]
    "mastermind finishing(queries=['junk'])": lambda: mastermind.Investigation(2, 2).finishing(
        ["junk"],  # type: ignore[list-item]
        7,
    ),
    "mastermind finishing(queries='12')": lambda: mastermind.Investigation(2, 2).finishing(
        "12",  # type: ignore[arg-type]
        7,
    ),
    # numpy arrays as names
    "kreuzverhoer Deck.card(array)": lambda: kreuzverhoer.Deck.default().card(
        np.zeros((2, 2)),  # type: ignore[arg-type]
        "Ulm",
    ),
    "crime_writers Deck.near_tags(array)": lambda: CARDS.near_tags(np.zeros((2, 2))),  # type: ignore[arg-type]
    "crime_writers Deck.card(array)": lambda: CARDS.card(np.array([1, 2]), "Butler"),  # type: ignore[arg-type]
    "advise(informed=array)": lambda: thirteen_clues.advise(
        THIRTEEN,
        thirteen_clues.Glasses.start(3),
        informed=np.array([]),  # type: ignore[arg-type]
    ),
    # things that say they are huge, or never end
    "crime_writers Deck(persons=HugeLength())": lambda: crime_writers.Deck(
        HugeLength(),  # type: ignore[arg-type]
        CARDS.scenes,
        CARDS.causes,
        CARDS.motives,
    ),
    "crime_writers Card(tags=count())": lambda: crime_writers.Card("Butler", itertools.count()),  # type: ignore[arg-type]
    "ScoreSheet(rounds=count())": lambda: crime_writers.ScoreSheet(
        ("Ann", "Bob"),
        (),
        itertools.count(),  # type: ignore[arg-type]
    ),
    "race(hand=a million)": lambda: kreuzverhoer.race(
        kreuzverhoer.Investigation(),
        kreuzverhoer.Investigation(),
        hand=iter(range(10**6)),  # type: ignore[arg-type]
    ),
    "mastermind Investigation(pegs=10**5000)": lambda: mastermind.Investigation(10**5000),
    # values of the right type that the call could not use
    "Space.take(rows=-1)": lambda: THIRTEEN.space.take(-1),
    "questionings_needed(cards='zzz')": lambda: kreuzverhoer.questionings_needed(
        kreuzverhoer.Investigation(),
        cards="zzz",  # type: ignore[arg-type]
    ),
    "questionings_needed(seed=-1)": lambda: kreuzverhoer.questionings_needed(
        kreuzverhoer.Investigation(), cards=True, seed=-1
    ),
    "lower_bound(weights=-inf)": lambda: lower_bound(-math.inf, 2, finishing=False),
    "ladder(weights=-10**5000)": lambda: thirteen_clues.ladder(-(10**5000), 0.5),
    "plot.review(width=-1)": lambda: module("output.plot").review(
        mastermind.Investigation(2, 2).guess("12", 1, 0), width=-1
    ),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_public_call_refuses_with_invalid_input(name: str) -> None:
    with pytest.raises(InvalidInput):
        CALLS[name]()


def test_what_is_refused_names_the_argument() -> None:
    with pytest.raises(InvalidInput, match=r"^inv=inf is not valid; expected an Investigation"):
        expected_moves(math.inf, "12")  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match=r"^tags=count\(0\) is not valid \(more than 1,000,000"):
        crime_writers.Card("Butler", itertools.count())  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match=r"^rng=-7 is not valid; expected a random.Random"):
        THIRTEEN.sample_deal(-7)  # type: ignore[arg-type]


def test_what_is_valid_is_kept() -> None:
    assert PACE.within(np.int64(1)) == 0.5
    assert PACE.within(7) == 1.0  # beyond the last questioning: solved by then, or never
    assert crime_writers.Card("Butler", iter(["man"])).tags == ("man",)
    assert isinstance(THIRTEEN.sample_deal(random.Random(1)), thirteen_clues.Deal)
    assert lower_bound(np.ones(3), 2, finishing=True) == lower_bound([1, 1, 1], 2, finishing=True)
    assert isinstance(THIRTEEN.space, Space)


def test_kreuzverhoer_deck_names_are_trimmed_and_need_a_letter_or_digit() -> None:
    deck = kreuzverhoer.Deck.default()
    padded = deck.to_dict()
    padded["name"] = f" {padded['name']} "
    padded["scenes"] = [f" {s} " for s in padded["scenes"]]
    padded["weapons_of"] = {
        f"{c} ": [f" {w}" for w in ws] for c, ws in padded["weapons_of"].items()
    }
    padded["bans"] = {f" {s}": f"{card} " for s, card in padded["bans"].items()}
    assert kreuzverhoer.Deck.from_dict(padded) == deck
    for name in ("***", " ", "-", "* *"):
        bad = deck.to_dict()
        bad["scenes"][0] = name
        with pytest.raises(InvalidInput, match="scenes="):
            kreuzverhoer.Deck.from_dict(bad)
    text = decks.dumps(deck.to_dict())
    assert '"Ulm"' in text
    assert kreuzverhoer.Deck.loads(text.replace('"Ulm"', '" Ulm "')) == deck


# -- every kind the whole-API sweep found, one call each ------------------------------------

MM = mastermind.Investigation(2, 2).guess("12", 1, 0)
BSI = bsi.Table(
    2, case="man/night/inside/gun", hand=["woman/night/outside/gun", "woman/knife", "man/day"]
)
KV = kreuzverhoer.Investigation()
CW_SMALL = module("games.crime_writers.truthful").small_investigation()
SPACE = MM.space
BIG = CARDS  # the example deck: too many draws to list one by one


def _tables() -> Any:
    return module("games.crime_writers.counting").tables_of(CW_SMALL.deck)


def _writer() -> Any:
    bots = module("games.crime_writers.bots")
    story, inventions = bots.random_story(CARDS, random.Random(1))
    return bots.Writer(CARDS, story, inventions, random.Random(1))


def _partition() -> Any:
    return MM.partition(MM.space, MM.queries())


SWEPT: dict[str, Callable[[], Any]] = {
    # engine
    "optimal_scores(queries=[])": lambda: module("search.advice").optimal_scores(
        MM, [], _partition(), extra={}
    ),
    "lookahead_scores(queries=[])": lambda: module("search.lookahead").lookahead_scores(
        MM, [], _partition()
    ),
    "corrected(investigation=str)": lambda: module("core.corrections").corrected("\x00", 1, []),  # type: ignore[type-var]
    "gamemaster.run(referee=tuple)": lambda: module("table.referee").run(
        ("zzz",), [], rng=random.Random(1)
    ),
    "SeatTables.view(seat=-7)": lambda: thirteen_clues.GameMaster(
        thirteen_clues.Deal.random(3, seed=1)
    ).view(-7),
    "strategy_bot choose(view=str)": lambda: mastermind.strategy_bot("minimax").choose(
        "zzz",  # type: ignore[arg-type]
        random.Random(1),
    ),
    "as_query(array)": lambda: MM.as_query(np.array([1, 2])),
    "Hooks.solution_of(labels too long)": lambda: _model_inv().solution_of(("x",) * 9),
    "Hooks.finishing(answers=-1)": lambda: _model_inv().finishing(["odd"], -1),
    "Space.solution_labels(row=[])": lambda: SPACE.solution_labels([]),
    "Space.replace(weights=range(10**18))": lambda: SPACE.replace(weights=range(10**18)),
    "strategy.partition(table=np.array(1))": lambda: module("core.strategy").partition(
        np.array(1), [1], [0]
    ),
    "strategy.partition(weights=0.0)": lambda: module("core.strategy").partition([[0]], 0.0, [0]),
    "strategy.rank(candidates=range(10**18))": lambda: module("core.strategy").rank(
        _partition(), "entropy", candidates=range(10**18)
    ),
    "strategy.rank_with_keys(candidates too few)": lambda: module("core.strategy").rank_with_keys(
        _partition(), "entropy", candidates=[1, 2]
    ),
    "info.plogp(10**5000)": lambda: module("core.info").plogp(10**5000),
    "info.round_bits('zzz')": lambda: module("core.info").round_bits("zzz"),
    "names.close(most=0)": lambda: module("_internal.names").close("Ulm", ["Ulm"], most=0),
    "names.forms(inf)": lambda: module("_internal.names").forms(math.inf),  # type: ignore[arg-type]
    "explain.contradiction(clue=10**5000)": lambda: module("core.explain").contradiction(
        MM, 10**5000
    ),
    "explain.deletion_filter(items=long text)": lambda: module("core.explain").deletion_filter(
        "ä" * 100_000,  # type: ignore[arg-type]
        lambda kept: True,
    ),
    "tree.walk_spaces(strategy='')": lambda: module("search.trees").walk_spaces(
        MM, "", MM.space.ids, lambda ids, moves: None
    ),
    "tree.rows_of(ids=np.array(1))": lambda: module("search.trees").rows_of(
        np.array(1), np.array([1])
    ),
    "tree.rows_of(world_ids not among ids)": lambda: module("search.trees").rows_of(
        np.array([3, 5]), np.array([4])
    ),
    "simulate.walk(world_ids=np.array(1))": lambda: module("table.simulation").walk(
        MM, "entropy", np.array(1), lambda ids, moves: None
    ),
    "tree_cache.build_tree(executor=nan)": lambda: module("search.tree_cache").build_tree(
        mastermind.Investigation(2, 2), executor=math.nan
    ),
    "tree_cache.load_tree(path=np.int64(2))": lambda: module("search.tree_cache").load_tree(
        np.int64(2), module("search.tree_cache").tree_key(MM), MM
    ),
    "ranking.rank_queries(queries=[1, 2])": lambda: module("search.ranking").rank_queries(
        MM, [1, 2], "entropy"
    ),
    "declaration.module(long text)": lambda: _declaration().module("ä" * 100),
    "declaration.load('play:zzz')": lambda: _declaration().load("play:zzz"),
    "declaration.kind(array)": lambda: _declaration().kind(np.array([1, 2])),
    "decks.write(into a file)": lambda: decks.write(pathlib.Path(__file__) / "deck.toml", {}),
    "reading.kind_of({})": lambda: module("_internal.reading").kind_of({}),  # type: ignore[arg-type]
    "testing.check_game(examples=0)": lambda: module("testing.strategies").check_game(
        "mastermind", examples=0
    ),
    "testing.games(max_clues=-1)": lambda: module("testing.strategies").games(MM, max_clues=-1),
    "serve.save_name(list)": lambda: module("serve").save_name(["x"]),  # type: ignore[arg-type]
    # mastermind
    "mastermind orbits(pegs=0)": lambda: module("games.mastermind.symmetry").orbits(0, 2, []),
    "mastermind orbits(guesses too long)": lambda: module("games.mastermind.symmetry").orbits(
        2, 2, [[0, 0, 0]]
    ),
    "mastermind reference(set())": lambda: module("games.mastermind.truthful").reference(set()),
    "mastermind reference_feedback(secret=[])": lambda: module(
        "games.mastermind.truthful"
    ).reference_feedback((), (0, 1)),
    "mastermind brute_force(pegs=10**6)": lambda: module("games.mastermind.truthful").brute_force(
        10**6, 6, []
    ),
    "MastermindAdapter.finished(1e300)": lambda: _adapter("mastermind").finished(1e300),
    "MastermindAdapter.start({})": lambda: _adapter("mastermind").start({}),
    "MastermindAdapter.show_clue(10**5000)": lambda: _adapter("mastermind").show_clue(10**5000),
    # BSI
    "bsi Table.clue_strategy(secret=1e300)": lambda: BSI.clue_strategy(1e300),
    "bsi Table.contains_secret(np.array(1))": lambda: BSI.contains_secret(np.array(1)),
    "bsi Table.outcome_label(k=-7)": lambda: BSI.outcome_label(None, -7),
    "bsi Table.partition(queries=[None])": lambda: BSI.partition(BSI.space, [None]),
    "bsi Investigation.clue_for(k=-7)": lambda: bsi.Investigation().clue_for(None, -7),
    "bsi Investigation.solution_of(('zzz',))": lambda: bsi.Investigation().solution_of(("zzz",)),
    "bsi advice.ready(step='\\x00')": lambda: module("games.bsi.advice").ready(BSI, "\x00", "x"),
    "bsi best_after_one_more(opponent=-1)": lambda: module("games.bsi.advice").best_after_one_more(
        BSI, -1
    ),
    "bsi reference(text)": lambda: module("games.bsi.truthful").reference("ä"),
    "bsi table_reference(1e300)": lambda: module("games.bsi.truthful").table_reference(1e300),
    "bsi brute_cases([1, 2])": lambda: module("games.bsi.truthful").brute_cases([1, 2]),
    "BsiAdapter.own_advice(another game)": lambda: _adapter("bsi").own_advice(MM, "entropy"),
    "BsiAdapter.start({})": lambda: _adapter("bsi").start({}),
    # Kreuzverhör
    "kreuzverhoer apply_clue(another game's space)": lambda: KV.apply_clue(SPACE, 1.5),
    "kreuzverhoer secret_of(HugeLength())": lambda: KV.secret_of(HugeLength()),  # type: ignore[arg-type]
    "kreuzverhoer truthful_event(secret=count())": lambda: module(
        "games.kreuzverhoer.table"
    ).truthful_event(None, itertools.count()),
    "kreuzverhoer fits(clue=bytearray)": lambda: module("games.kreuzverhoer.truthful").fits(
        CASE, bytearray(b"ab")
    ),
    "kreuzverhoer right(guess=1e300)": lambda: module("games.kreuzverhoer.truthful").right(
        1e300, CASE
    ),
    "kreuzverhoer reference(path)": lambda: module("games.kreuzverhoer.truthful").reference(
        pathlib.Path("/nonexistent")
    ),
    "kreuzverhoer check_copies(('zzz',))": lambda: module("games.kreuzverhoer.events").check_copies(
        ("zzz",)
    ),
    "KreuzverhoerAdapter.recommend(another game)": lambda: _adapter("kreuzverhoer").recommend(
        MM, "entropy"
    ),
    # 13 Indizien
    "13 clues clue_for(query=0)": lambda: THIRTEEN.clue_for(0, 1),
    "13 clues joint(another game's space)": lambda: THIRTEEN.joint(SPACE, []),
    "13 clues accusation_move(total=nan)": lambda: module(
        "games.thirteen_clues.clues"
    ).accusation_move(THIRTEEN.accusation(), 2, np.float64("nan")),
    "13 clues possible_answers(witness=-7)": lambda: (
        module("games.thirteen_clues.deals")
        .Deals(3, (3, 10), ((0, 1, 2), (6, 16, 11)))
        .possible_answers(-7, 0)
    ),
    "13 clues brute_answer(side=text)": lambda: module(
        "games.thirteen_clues.truthful"
    ).brute_answer(THIRTEEN, np.zeros((1, 9), dtype=np.int64), 1, "red", "ä"),
    "13 clues brute_keep(deals=np.array(1))": lambda: module(
        "games.thirteen_clues.truthful"
    ).brute_keep(THIRTEEN, np.array(1)),
    "13 clues all_deals(hand=('zzz',))": lambda: module("games.thirteen_clues.truthful").all_deals(
        3, ("zzz",), ()
    ),
    "ThirteenCluesAdapter.start({})": lambda: _adapter("thirteen-clues").start({}),
    # Crime Writers
    "crime writers turn_recommendations(names_card=[])": lambda: module(
        "games.crime_writers.advice"
    ).turn_recommendations([1], _partition(), [], 1),
    "crime writers recommendations(score=[])": lambda: module(
        "games.crime_writers.advice"
    ).recommendations([1], _partition(), np.array([]), [0], strategy="entropy"),
    "crime writers Writer.wording('')": lambda: _writer().wording(""),
    "crime writers Writer.reply('')": lambda: _writer().reply("", "tool"),
    "crime writers Deck.about('')": lambda: CARDS.about("", "tool"),
    "crime writers scaled(factor of another shape)": lambda: module(
        "games.crime_writers.counting"
    ).scaled(np.ones(3, dtype=np.int64), np.zeros((2, 2), dtype=np.int64)),
    "crime writers State.wordings(e=-7)": lambda: CW_SMALL.space.state.wordings(-7, 3),
    "crime writers yes_chances(e=-7)": lambda: module("games.crime_writers.counting").yes_chances(
        _tables(), CW_SMALL.space.state, -7, []
    ),
    "crime writers tag_reply(e=-7)": lambda: module("games.crime_writers.rules").tag_reply(
        _tables(), CW_SMALL.space, -7, "tool", "yes", frozenset()
    ),
    "crime writers tag_reply(another game's space)": lambda: module(
        "games.crime_writers.rules"
    ).tag_reply(_tables(), SPACE, 0, "man", "yes", frozenset()),
    "crime writers tag_truth(value=unknown)": lambda: module(
        "games.crime_writers.truthful"
    ).tag_truth(CARDS, "how", "mastermind", "tool", True),
    "crime writers worlds(a deck too big to list)": lambda: module(
        "games.crime_writers.truthful"
    ).worlds(BIG, []),
    "crime writers merge_candidates(hint=[])": lambda: module(
        "games.crime_writers.hints"
    ).merge_candidates({"Knife": 1.0}, None, []),
    "crime writers solution_of(('zzz',))": lambda: CW_SMALL.solution_of(("zzz",)),
    "crime writers check_title(elements=HugeLength())": lambda: crime_writers.check_title(
        "A title", HugeLength()
    ),
    "crime writers play_clues.ask(v={})": lambda: module("games.crime_writers.play_clues").ask(
        CW_SMALL, {}
    ),
    "crime writers play_round(limit=2)": lambda: module("games.crime_writers.bots").play_round(
        CARDS, ["Ann", "Bob", "Cy"], random.Random(1), limit=2
    ),
    "CrimeWritersAdapter.start({})": lambda: _adapter("crime-writers").start({}),
    "crime writers posterior(clues=['x'] * 10**6)": lambda: module(
        "games.crime_writers.truthful"
    ).posterior(CW_SMALL.deck, ["x"] * 10**6),
    # and in the slow sweep, every junk in every argument
    "reading.kind_of(-1)": lambda: module("_internal.reading").kind_of(-1),
    "decks.load(a name with NUL)": lambda: decks.load("\x00"),
    "explain.deletion_filter(a million items)": lambda: module("core.explain").deletion_filter(
        ["x"] * 10**6, lambda kept: True
    ),
    "fewest_moves_scores(queries=[])": lambda: module("search.fewest_moves").fewest_moves_scores(
        MM, [], _partition(), extra={}
    ),
    "kreuzverhoer solution_of(('zzz',))": lambda: KV.solution_of(("zzz",)),
    "13 clues solution_of(('zzz',))": lambda: THIRTEEN.solution_of(("zzz",)),
    "13 clues TablePosition.worlds(limit=inf)": lambda: thirteen_clues.TablePosition(
        thirteen_clues.Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    ).worlds(math.inf),  # type: ignore[arg-type]
    "13 clues win_chances(budget=1e300)": lambda: thirteen_clues.win_chances(
        thirteen_clues.Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")]), budget=1e300
    ),
    "junk.check_junk(methods=('zzz',))": lambda: module("testing.robustness").check_junk(
        _states(), _quick, ["zzz"]
    ),
    "serve.create_app(token=array)": lambda: module("serve").create_app(
        pathlib.Path("state"),
        token=np.array([1, 2]),  # type: ignore[arg-type]
    ),
}


def _quick(test: Callable[..., None]) -> Callable[..., None]:
    from hypothesis import settings

    run: Callable[..., None] = settings(max_examples=2, database=None, deadline=None)(test)
    return run


def _states() -> Any:
    from hypothesis import strategies as st

    return st.just(mastermind.Investigation(2, 2))


def _model_inv() -> Any:
    import deduce

    model = deduce.Model()
    model.variable("a", (1, 2, 3))
    model.query("odd", lambda a: a % 2, ["a"])
    return model.investigation()


def _declaration() -> Any:
    from deduce.core import registry

    return registry.find("mastermind")


def _adapter(game: str) -> Any:
    from deduce.play import adapter

    return adapter(game)


@pytest.mark.parametrize("name", sorted(SWEPT))
def test_what_the_sweep_found_is_refused_with_a_deduce_error(name: str) -> None:
    with pytest.raises(DeduceError):
        SWEPT[name]()


def test_what_the_sweep_found_valid_still_works() -> None:
    empty = BSI.partition(BSI.space, [])
    assert empty.mass.shape[0] == 0
    assert _model_inv().outcome_table(_model_inv().space, []).shape[0] == 0
    assert _adapter("kreuzverhoer").show_value(-(10**5000)) == "<int>"  # too long to write
    assert "next move" in module("output.display").render_html(MM, recommendations=np.int64(2))
    moves = MM.recommend(top=2)
    shown = module("output.display").render_html(MM, recommendations=(r for r in moves))
    assert shown == module("output.display").render_html(MM, recommendations=moves)
    assert module("testing.robustness").junk_or(10**5000) is not None
    assert module("testing.robustness").junk_or([[[]]]) is not None
    assert module("games.crime_writers.truthful").listings(CW_SMALL.deck) < 10_000
    assert module("core.info").round_bits(True) == 1.0
    assert module("_internal.reading").kind_of(np.int64(stat.S_IFREG)) == "a regular file"


def test_the_web_tables_refuse_what_they_do_not_hold(tmp_path: pathlib.Path) -> None:
    serve = module("serve")
    tables = serve.OpenGames(tmp_path / "state")
    for junk in ("", "zzz", -0.0, np.array([])):
        with pytest.raises(InvalidInput):
            tables.open(junk)
    with pytest.raises(KeyError):  # what a mapping says of a missing key, too
        tables.open("zzz")
    game = tables.create("mastermind", {})
    for text, first in ((np.array([]), False), (None, False), ("note", 1j), ("note", None)):
        with pytest.raises(InvalidInput):
            game.note(text, first=first)
    game.note("a note", first=True)
    assert game.state()["replies"] == [
        {"kind": "note", "words": "a note", "clues": [], "lines": [], "more": []}
    ]
    tables.close()


def test_the_checks_are_where_the_calls_come_in() -> None:
    """A call from outside deduce is checked; deduce's own calls hand on what was
    checked where it came in, unchanged (and pay nothing for it)."""
    names = {"plogp": module("core.info").plogp}
    with pytest.raises(InvalidInput, match=r"^p='x' is not valid; expected numbers"):
        exec("plogp('x')", {**names, "__name__": "a_notebook"})
    with pytest.raises(ValueError) as raised:  # numpy's: deduce never passes a text there
        exec("plogp('x')", {**names, "__name__": "deduce.games.somewhere"})
    assert not isinstance(raised.value, InvalidInput)


@pytest.mark.parametrize("address", [" Ulm ", "nonsense", "tcp://", "a b:1", "x" * 100_000])
def test_a_scheduler_that_is_no_address_is_refused_before_any_connection(address: str) -> None:
    """The sweep found ``dask_client(scheduler=' Ulm ')`` waiting ten seconds for a
    connection to what is no address; it is refused at once."""
    executors = module("table.executors")
    with pytest.raises(InvalidInput, match="expected an address such as tcp://"):
        executors.dask_client(scheduler=address)
