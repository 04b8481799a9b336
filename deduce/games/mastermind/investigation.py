"""Mastermind's rules: codes, the feedback of a guess, and the code-breaker's investigation.

The package's text (:mod:`deduce.games.mastermind`) says how codes are written.

Example:
    >>> Game(pegs=3, colours=4).feedback((0, 1, 2), (2, 1, 3))
    (1, 1)
    >>> Investigation(pegs=2, colours=3).guess("12", black=0, white=2).solved
    Code('21')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import LIMIT, guard
from deduce._internal.language import N_, M, plural
from deduce._internal.validation import check_bool, check_int
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition, information, partition, rank_with_keys
from deduce.errors import InvalidInput
from deduce.games.mastermind.manifest import GAME
from deduce.games.mastermind.symmetry import digits_of, orbits
from deduce.investigation import Investigation as _Investigation
from deduce.search.fewest_moves import choose, fewest_moves_scores
from deduce.search.lookahead import distinct_moves
from deduce.search.ranking import Ranking, Recommendation

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["GUESS_LIMIT", "Code", "Game", "Guess", "Investigation"]

GUESS_LIMIT = 10
"""The guesses of a classic game: the rows of the board."""

_MAX_CODES = 1 << 20
_TABLE_LIMIT = 4096  # games with at most this many codes keep a full feedback table
_CHUNK = 1 << 22  # bytes of temporaries per chunk of the feedback computation
_FEW = 32  # fewer codes than this are numbered one by one, more as one array
_RANK_AT_ONCE = 1 << 25  # bytes of the engine's partition of every move, up to which it ranks
_RANK_ENTRIES = 1 << 19  # numbers computed at once when the moves are ranked in chunks
_ZERO_BASED = str.maketrans("123456789", "012345678")
_DIGITS = digits_of


@dataclass(frozen=True, slots=True)
class Code:
    """A code as digits ``1..colours``.

    Example:
        >>> Code("1122").pegs
        (0, 0, 1, 1)
    """

    digits: str

    @property
    def pegs(self) -> tuple[int, ...]:
        """The colours as ints ``0..colours-1``."""
        return tuple(int(d) - 1 for d in self.digits)

    def __str__(self) -> str:
        return self.digits

    def __repr__(self) -> str:
        return f"Code({self.digits!r})"


@dataclass(frozen=True, slots=True)
class Guess:
    """The clue: a guessed code and the feedback it got.

    Example:
        >>> Guess("1122", black=1, white=0)
        Guess(code='1122', black=1, white=0)
    """

    code: str
    black: int
    white: int | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A Mastermind variant: ``pegs`` positions, ``colours`` colours.

    Args:
        pegs: positions in a code, 1 to 8.
        colours: colours, 2 to 9.
        black_only: give only black pegs (the count of exact matches).

    Example:
        >>> Game(pegs=3, colours=4).codes()[:2]
        (Code('111'), Code('112'))
    """

    pegs: int = 4
    colours: int = 6
    black_only: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "pegs", check_int("pegs", self.pegs, 1, 8))
        object.__setattr__(self, "colours", check_int("colours", self.colours, 2, 9))
        object.__setattr__(self, "black_only", check_bool("black_only", self.black_only))
        if self.colours**self.pegs > _MAX_CODES:
            raise InvalidInput(
                "pegs",
                self.pegs,
                M("colours ** pegs of at most {most}", most=_MAX_CODES),
                reason=M(
                    "{colours} ** {pegs} codes is too many", colours=self.colours, pegs=self.pegs
                ),
            )

    def code(self, value: Any, *, argument: str = "code") -> Code:
        """``value`` (digit string, tuple of ints or Code) as a checked :class:`Code`.

        Example:
            >>> Game().code((0, 1, 2, 3))
            Code('1234')
        """
        digits = value.digits if isinstance(value, Code) else value
        if isinstance(digits, str):
            allowed = "123456789"[: self.colours]
            if len(digits) == self.pegs and not digits.strip(allowed):  # only allowed digits
                return Code(digits)
        elif (
            isinstance(digits, (tuple, list))
            and len(digits) == self.pegs
            and all(
                isinstance(c, (int, np.integer))
                and not isinstance(c, bool)
                and 0 <= c < self.colours
                for c in digits
            )
        ):
            return Code("".join(str(int(c) + 1) for c in digits))
        expected = M(
            "{pegs} digits from 1 to {colours}, or a tuple of {pegs} ints from 0 to {high}",
            pegs=self.pegs,
            colours=self.colours,
            high=self.colours - 1,
        )
        raise InvalidInput(argument, value, expected)

    def codes(self) -> tuple[Code, ...]:
        """Every code, in order (``11..1`` first).

        Example:
            >>> len(Game().codes())
            1296
        """
        return _codes(self.pegs, self.colours)

    def index(self, code: Any) -> int:
        """The position of ``code`` in :meth:`codes`.

        Example:
            >>> Game().index("1121")
            6
        """
        index = 0
        for peg in self.code(code).pegs:
            index = index * self.colours + peg
        return index

    def feedback(self, secret: Any, guess: Any) -> tuple[int, int | None]:
        """The feedback ``(black, white)`` that ``guess`` gets when the code is ``secret``.

        Example:
            >>> Game(black_only=True).feedback("1234", "1243")
            (2, None)
        """
        s = np.array([self.code(secret, argument="secret").pegs])
        g = np.array([self.code(guess, argument="guess").pegs])
        k = int(_feedback(g, s, self.colours, self.black_only)[0, 0])
        return self.decode(k)

    def decode(self, k: int) -> tuple[int, int | None]:
        """The feedback ``(black, white)`` numbered ``k`` in outcome tables.

        Example:
            >>> Game().decode(11)
            (2, 1)
        """
        if self.black_only:
            return (check_int("k", k, 0, self.pegs), None)
        black, white = divmod(check_int("k", k, 0, self.pegs * (self.pegs + 1)), self.pegs + 1)
        return (black, white)

    def investigation(self) -> Investigation:
        """A new investigation of this game.

        Example:
            >>> Game(2, 2).investigation()
            Investigation(2, 2)
        """
        return Investigation(self.pegs, self.colours, black_only=self.black_only)


@lru_cache(maxsize=16)
def _code_array(pegs: int, colours: int) -> npt.NDArray[np.int64]:
    grids = np.indices((colours,) * pegs).reshape(pegs, -1).T
    grids.setflags(write=False)
    return grids.astype(np.int64)


@lru_cache(maxsize=16)
def _codes(pegs: int, colours: int) -> tuple[Code, ...]:
    digits = "123456789"[:colours]
    return tuple(map(Code, map("".join, itertools.product(digits, repeat=pegs))))


def _feedback(
    guesses: npt.NDArray[np.integer],
    secrets: npt.NDArray[np.integer],
    colours: int,
    black_only: bool,
) -> npt.NDArray[np.uint8]:
    """Outcome numbers ``(len(guesses), len(secrets))``: ``black * (pegs + 1) + white``.

    Computed in chunks of guesses, peg by peg and colour by colour, with uint8
    temporaries, so memory stays near the size of the result whatever the code count.
    """
    pegs = guesses.shape[1]
    g8 = np.asarray(guesses, dtype=np.uint8)
    s8 = np.ascontiguousarray(np.asarray(secrets, dtype=np.uint8).T)  # (pegs, S)
    out = np.empty((len(g8), s8.shape[1]), dtype=np.uint8)
    if not black_only:
        s_count = np.stack([(s8 == c).sum(axis=0, dtype=np.uint8) for c in range(colours)])
        g_count = np.stack([(g8 == c).sum(axis=1, dtype=np.uint8) for c in range(colours)], 1)
    step = max(1, _CHUNK // max(1, s8.shape[1]))
    for start in range(0, len(g8), step):
        stop = min(start + step, len(g8))
        black = np.zeros((stop - start, s8.shape[1]), dtype=np.uint8)
        for i in range(pegs):
            black += g8[start:stop, i, None] == s8[i][None, :]
        if black_only:
            out[start:stop] = black
            continue
        common = np.zeros_like(black)
        for c in range(colours):
            common += np.minimum(g_count[start:stop, c, None], s_count[c][None, :])
        black *= np.uint8(pegs)
        black += common
        out[start:stop] = black
    return out


@lru_cache(maxsize=4)
def _full_table(pegs: int, colours: int, black_only: bool) -> npt.NDArray[np.uint8]:
    """Feedback numbers of every guess (row) against every secret (column). Feedback is
    symmetric (swapping secret and guess keeps the pegs), so is the table: the columns
    of some secrets are read as rows, which is faster."""
    codes = _code_array(pegs, colours)
    table = _feedback(codes, codes, colours, black_only)
    table.setflags(write=False)
    return table


def _block(
    table: npt.NDArray[np.uint8], guesses: npt.NDArray[np.int64], secrets: npt.NDArray[np.int64]
) -> npt.NDArray[np.uint8]:
    """``table[guesses][:, secrets]``, gathering whole rows of the smaller side first."""
    if len(guesses) <= len(secrets):
        return table[guesses][:, secrets]
    block: npt.NDArray[np.uint8] = table[secrets][:, guesses].T  # the table is symmetric
    return block


_Scorer = Callable[[Sequence[Code], Partition], npt.NDArray[np.float64]]
_NO_PARTITION = Partition(np.zeros((0, 1)), np.zeros((0, 1), np.int64), np.zeros(0))


def _answers(inv: Investigation) -> int:
    """The answers a move can get (all black is the last)."""
    rules = inv.rules
    return rules.pegs + 1 if rules.black_only else rules.pegs * (rules.pegs + 1) + 1


def _at_once_bytes(inv: Investigation, moves: int) -> int:
    """The bytes of the engine's partition of ``moves`` moves: a float and an int for
    each move and answer."""
    return moves * _answers(inv) * 16


def _rank_in_chunks(
    inv: Investigation, queries: Sequence[Code], strategy: str, top: int, entries: int
) -> list[Recommendation[Code]] | None:
    """The ``top`` best of ``queries`` under ``strategy``, as the engine ranks them (the
    same moves, scores, outcomes and ties), computed about ``entries`` numbers at a time;
    None where ``strategy`` does not score each move from its own row of the partition,
    or the worlds are weighted.

    The engine holds the partition of every move at once, a float and an int for each
    move and answer, and temporaries as big again. Here the moves are partitioned a
    chunk at a time, the answer counts kept in the smallest unsigned ints that hold the
    number of codes; then, with as many answers as the engine's partition has (the
    largest answer + 1), they are scored a chunk at a time, and only the scores, one per
    move, are ranked whole.
    """
    space = inv.space
    scorer = _scorer(inv, strategy)
    if scorer is None or not len(queries) or not _unit_worlds(space):
        return None
    counts = _answer_counts(inv, queries, entries)
    seen = np.flatnonzero(counts.any(axis=0))
    width = int(seen[-1]) + 1 if len(seen) else 1
    keys, bits = _chunk_scores(queries, counts[:, :width], scorer, entries)
    order, _ = rank_with_keys(  # the engine's order of those scores and its ties
        _NO_PARTITION,
        "scores",
        candidates=inv.possible_queries(space, queries),
        extra={"scores": lambda _: keys},
    )
    best = order[:top]
    count = counts[best, :width].astype(np.int64)
    part = Partition(count.astype(np.float64), count, np.zeros(len(best)))
    moves = [queries[int(i)] for i in best]
    ranked = Ranking(strategy, moves, part, np.arange(len(best)), keys[0][best], bits[best])
    return ranked.recommendations(len(best), inv.outcome_label)


def _unit_worlds(space: Space) -> bool:
    """Whether each world weighs 1 and is a solution of its own (the codes are): then the
    engine's partition has the answer counts as its masses and no noise."""
    ids = space.solution_ids()
    unit = bool((np.asarray(space.weights) == 1).all())
    return unit and (not len(ids) or int(np.bincount(ids).max()) == 1)


def _scorer(inv: Investigation, strategy: str) -> _Scorer | None:
    """The strategy's rows of scores for a chunk of moves, from its partition, where each
    move's scores depend on its own row alone (else None: the lookahead looks at every
    move)."""
    if strategy in STRATEGIES:
        score = STRATEGIES[strategy]
        return lambda _, part: np.atleast_2d(np.asarray(score(part), dtype=np.float64))
    if strategy == "fewest_moves" and choose(inv).strategy != "lookahead":
        extra = inv.extra_strategies()

        def fewest(moves: Sequence[Code], part: Partition) -> npt.NDArray[np.float64]:
            rows = fewest_moves_scores(inv, moves, part, extra=extra)
            return np.atleast_2d(np.asarray(rows, dtype=np.float64))

        return fewest
    return None


def _answer_counts(
    inv: Investigation, queries: Sequence[Code], entries: int
) -> npt.NDArray[np.unsignedinteger[Any]]:
    """``(moves, answers)``: how many codes give each answer to each move."""
    space = inv.space
    counts = np.zeros((len(queries), _answers(inv)), dtype=np.min_scalar_type(space.size))
    step = max(1, entries // max(space.size, counts.shape[1]))  # the table, the partition
    for start in range(0, len(queries), step):
        chunk = queries[start : start + step]
        found = inv.partition(space, chunk).count
        counts[start : start + len(chunk), : found.shape[1]] = found
    return counts


def _chunk_scores(
    queries: Sequence[Code],
    counts: npt.NDArray[np.unsignedinteger[Any]],
    scorer: _Scorer,
    entries: int,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The strategy's rows of scores ``(keys, moves)`` and the bits of each move, from
    partitions built as the engine builds them, a chunk of moves at a time."""
    moves, width = counts.shape
    keys: npt.NDArray[np.float64] | None = None
    bits = np.empty(moves)
    step = max(1, entries // width)
    for start in range(0, moves, step):
        stop = min(start + step, moves)
        count = counts[start:stop].astype(np.int64)
        part = Partition(count.astype(np.float64), count, np.zeros(stop - start))
        rows = scorer(queries[start:stop], part)
        if keys is None:
            keys = np.empty((len(rows), moves))
        keys[:, start:stop] = rows
        bits[start:stop] = information(part)
    assert keys is not None  # at least one move
    return keys, bits


class Investigation(_Investigation):
    """What the code-breaker knows: every code consistent with the feedback so far.

    Args:
        pegs: positions in a code.
        colours: colours.
        black_only: only black pegs are given.
        limit: the guesses allowed (default :data:`GUESS_LIMIT`, the rows of the board);
            a guess after the last one, or after the code is broken, is refused.

    Example:
        >>> inv = Investigation(4, 6).guess("1122", black=0, white=0)
        >>> inv.marginals()["peg1"]["1"]
        0.0
        >>> inv.guesses_left, inv.over, inv.won
        (9, False, False)
    """

    game = GAME.name
    default_strategy = "fewest_moves"  # the optimum where it is quick (docs/mastermind.md)
    clue_types = (Guess,)
    table_game = turns_only_end = True  # an outcome table; turn rules: broken, limit reached

    def __init__(
        self, pegs: int = 4, colours: int = 6, *, black_only: bool = False, limit: int | None = None
    ) -> None:
        self.rules = Game(pegs, colours, black_only=black_only)
        self.limit = GUESS_LIMIT if limit is None else check_int("limit", limit, 1, 64)
        self.begin()

    @property
    def won(self) -> bool:
        """Whether a guess got every peg black (within the limit: later ones are refused)."""
        return any(clue.black == self.rules.pegs for clue in self.clues)

    @property
    def over(self) -> bool:
        """Whether the game is over: the code broken, or no guess left."""
        return self.won or len(self.clues) >= self.limit

    @property
    def guesses_left(self) -> int:
        """The guesses still allowed (0 once the game is over)."""
        return 0 if self.won else self.limit - len(self.clues)

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Investigation]:
        """Games of 1 to 4 pegs and 2 to 6 colours, with white pegs or black only."""
        from hypothesis import strategies as st

        pegs, colours = st.integers(1, 4), st.integers(2, 6)
        return st.builds(cls, pegs=pegs, colours=colours, black_only=st.booleans())

    def clue_strategy(self, secret: Any) -> SearchStrategy[Guess | None]:
        if self.over:  # no guess is allowed any more
            from hypothesis import strategies as st

            return st.none()
        return super().clue_strategy(secret)

    def check_turn(self, clue: Guess) -> None:
        if self.won or len(self.clues) >= self.limit:
            made = plural("all {n} guesses are made", "all {n} guesses are made", self.limit)
            reason = N_("the code is broken already") if self.won else made
            raise InvalidInput(N_("guess"), clue.code, N_("no further guess"), reason=reason)

    def guess(self, code: Any, black: int, white: int | None = None) -> Investigation:
        """The investigation after ``code`` got ``black`` (and ``white``) pegs.

        Example:
            >>> Investigation(2, 3).guess((0, 1), black=0, white=2).solved
            Code('21')
        """
        text = self.rules.code(code).digits
        return self.observe(Guess(text, black, white))

    # -- rules -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        setup = self.tree_setup()
        if self.limit != GUESS_LIMIT:  # files of the default game read as before
            setup["limit"] = self.limit
        return setup

    def tree_setup(self) -> dict[str, Any]:
        rules = self.rules
        return {"pegs": rules.pegs, "colours": rules.colours, "black_only": rules.black_only}

    def moves_left(self) -> int | None:
        return self.guesses_left

    def initial_space(self) -> Space:
        rules = self.rules
        digits = tuple(str(c + 1) for c in range(rules.colours))
        return Space(
            [f"peg{i + 1}" for i in range(rules.pegs)],
            [digits] * rules.pegs,
            _code_array(rules.pegs, rules.colours),
        )

    def _outcome(self, clue: Guess) -> int:
        rules = self.rules
        if not isinstance(clue, Guess):
            raise InvalidInput("clue", clue, "a mastermind.Guess")
        check_int("black", clue.black, 0, rules.pegs)
        if rules.black_only:
            if clue.white is not None:
                expected = N_("None (this game gives black pegs only)")
                raise InvalidInput(N_("white"), clue.white, expected)
            return clue.black
        if clue.white is None:
            high = rules.pegs - clue.black
            raise InvalidInput(N_("white"), None, M("an integer from 0 to {high}", high=high))
        check_int("white", clue.white, 0, rules.pegs - clue.black)
        return clue.black * (rules.pegs + 1) + clue.white

    def apply_clue(self, space: Space, clue: Guess) -> Space:
        k = self._outcome(clue)
        rules = self.rules
        code = rules.code(clue.code)
        table = self._table()
        if table is not None:
            index = int(code.digits.translate(_ZERO_BASED), rules.colours)
            return space.filter(table[index, space.ids] == k)
        row = _feedback(np.array([code.pegs]), space.worlds, rules.colours, rules.black_only)[0]
        return space.filter(row == k)

    def _table(self) -> npt.NDArray[np.uint8] | None:
        """The feedback of every code against every code, for games small enough."""
        table: npt.NDArray[np.uint8] | None = self.__dict__.get("_feedback_table")
        if table is None:
            rules = self.rules
            if rules.colours**rules.pegs > _TABLE_LIMIT:
                return None
            table = _full_table(rules.pegs, rules.colours, rules.black_only)
            self.__dict__["_feedback_table"] = table  # later investigations share it
        return table

    def _guess_index(self, queries: Sequence[Code]) -> npt.NDArray[np.int64]:
        """The position of each of ``queries`` in :meth:`Game.codes`."""
        rules = self.rules
        if len(queries) <= _FEW:  # digits 1..c read as a number in base c, one code at a time
            return np.array(
                [int(_DIGITS(q).translate(_ZERO_BASED), rules.colours) for q in queries],
                dtype=np.int64,
            )
        powers = rules.colours ** np.arange(rules.pegs - 1, -1, -1)
        index: npt.NDArray[np.int64] = self._guess_array(queries) @ powers
        return index

    def solution_of(self, labels: tuple[Any, ...]) -> Code:
        return Code("".join(labels))

    def queries(self) -> Sequence[Code]:
        return self.rules.codes()

    def _guess_array(self, queries: Sequence[Code]) -> npt.NDArray[np.int64]:
        rules = self.rules
        if queries is rules.codes():
            return _code_array(rules.pegs, rules.colours)
        digits = "".join(map(_DIGITS, queries)).encode()
        flat = np.frombuffer(digits, dtype=np.uint8).astype(np.int64) - ord("1")
        return flat.reshape(-1, rules.pegs)

    def outcome_table(self, space: Space, queries: Sequence[Code]) -> npt.NDArray[np.uint8]:
        rules = self.rules
        table = self._table()
        if table is not None:
            if len(queries) == 1:
                index = int(queries[0].digits.translate(_ZERO_BASED), rules.colours)
                row: npt.NDArray[np.uint8] = table[index, space.ids]
                return row[None, :]
            return _block(table, self._guess_index(queries), space.ids)
        return _feedback(self._guess_array(queries), space.worlds, rules.colours, rules.black_only)

    def partition(self, space: Space, queries: Sequence[Code]) -> Partition:
        table = self._table()
        if table is None:
            return super().partition(space, queries)
        if len(queries) == len(table):
            rows = table[space.ids].T
        else:
            rows = _block(table, self._guess_index(queries), space.ids)
        return partition(rows, space.weights, np.arange(space.size))

    def possible_queries(self, space: Space, queries: Sequence[Code]) -> npt.NDArray[np.bool_]:
        rules = self.rules
        if len(queries) == rules.colours**rules.pegs:
            mask = np.zeros(len(queries), dtype=bool)
            mask[space.ids] = True
            return mask
        present = np.zeros(rules.colours**rules.pegs, dtype=bool)
        present[space.ids] = True
        result: npt.NDArray[np.bool_] = present[self._guess_index(queries)]
        return result

    def query_orbits(
        self, queries: Sequence[Code], fixed: Sequence[Code] = ()
    ) -> npt.NDArray[np.int64]:
        """Codes that a permutation of colours and positions keeping every code guessed so
        far (and ``fixed``) maps onto each other: each points to the first of its class.

        Example:
            >>> inv = Investigation(4, 6)
            >>> sorted({str(inv.queries()[i]) for i in inv.query_orbits(inv.queries())})
            ['1111', '1112', '1122', '1123', '1234']
        """
        rules = self.rules
        guesses = [rules.code(code).pegs for code in [*(c.code for c in self.clues), *fixed]]
        labels = orbits(rules.pegs, rules.colours, guesses)
        if len(queries) == len(labels):
            return labels
        powers = rules.colours ** np.arange(rules.pegs - 1, -1, -1)
        sub = labels[self._guess_array(queries) @ powers]
        _, first, inverse = np.unique(sub, return_index=True, return_inverse=True)
        result: npt.NDArray[np.int64] = first[inverse.ravel()].astype(np.int64)
        return result

    def own_ranking(
        self, strategy: str, among: Callable[[Code], bool] | None, top: int
    ) -> list[Recommendation[Code]] | None:
        """The engine's recommendations, computed in chunks where its partition of every
        move at once would be big (6 pegs and 9 colours: 531,441 moves); else None, and
        the engine ranks.

        Example:
            >>> Investigation(4, 6).own_ranking("entropy", None, 3) is None
            True
        """
        queries: Sequence[Code] = self.queries()
        if _at_once_bytes(self, len(queries)) <= _RANK_AT_ONCE:
            return None  # small even before the moves are narrowed
        if among is not None:
            queries = [q for q in queries if among(q)]
        if not queries:
            return None  # the engine says that no move passes
        queries = distinct_moves(self, queries)
        if _at_once_bytes(self, len(queries)) <= _RANK_AT_ONCE:
            return None
        return _rank_in_chunks(self, queries, strategy, top, _RANK_ENTRIES)

    def outcome_label(self, query: Code, k: int) -> tuple[int, int | None]:
        return self.rules.decode(k)

    def clue_for(self, query: Code, k: int) -> Guess:
        return Guess(query.digits, *self.rules.decode(k))

    def move_of(self, clue: Guess) -> tuple[Code, int]:
        return self.rules.code(clue.code), self._outcome(clue)

    def finishes(self, query: Code, k: int) -> bool:
        return self.rules.decode(k)[0] == self.rules.pegs

    def finishing(self, queries: Sequence[Code], answers: int) -> npt.NDArray[np.bool_]:
        answers = check_int("answers", answers, 0, LIMIT)
        pegs, digits = self.rules.pegs, frozenset("123456789"[: self.rules.colours])
        if isinstance(queries, str) or not all(
            isinstance(q, Code) and len(q.digits) == pegs and digits.issuperset(q.digits)
            for q in queries
        ):
            expected = M("a list of this game's codes of {pegs} pegs", pegs=pegs)
            raise InvalidInput("queries", queries, expected)
        all_black = self.rules.pegs * (1 if self.rules.black_only else self.rules.pegs + 1)
        return np.repeat((np.arange(answers) == all_black)[None, :], len(queries), axis=0)

    def world_of(self, secret: Any) -> int:
        return self.rules.index(secret)

    def as_query(self, value: Any) -> Code:
        return self.rules.code(value, argument="action")

    def secret_of(self, world: int) -> Code:
        return self.rules.codes()[world]

    def constructor_repr(self) -> str:
        rules = self.rules
        extra = ", black_only=True" if rules.black_only else ""
        extra += f", limit={self.limit}" if self.limit != GUESS_LIMIT else ""
        return f"Investigation({rules.pegs}, {rules.colours}{extra})"


guard(globals())
