"""Correcting the past at the table: ``drop N`` and ``amend N LINE``.

A clue typed wrong is taken back (``drop``) or typed again as it should have been
(``amend``, with the clue line as it is typed for a new clue), where it stands in the
``history``; every later clue is replayed by the game's rules (see
:mod:`deduce.core.corrections`). ``undo`` just after a correction takes it back. A clue line
refused because it contradicts earlier clues offers to correct them.

Example:
    >>> from deduce.games.mastermind import Guess, Investigation
    >>> inv = Investigation(2, 3).guess("11", 0, 0).guess("22", 1, 0)
    >>> print(offer(inv, (Guess("22", 1, 0),)))
    Type `drop 2` or `amend 2 LINE` (LINE: the clue as it should have been) to correct it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from deduce._internal.language import N_, M, _
from deduce.core.corrections import check_number, corrected
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation
from deduce.play.grammar import Arg, Context, Value, Verb

from .adapter import in_words, refusal
from .replies import Reply

if TYPE_CHECKING:
    from .session import Session

__all__ = ["VERBS", "numbered", "offer", "undo_correction"]


def _number(text: str, context: Context) -> int:
    if not re.fullmatch(r"\s*\d{1,9}\s*", text):
        raise InvalidInput("N", text, N_("a clue number"))
    return check_number(context.investigation, int(text))


def _which(context: Context) -> str:
    count = 0 if context.investigation is None else len(context.investigation.clues)
    if count == 0:
        return N_("the number of a clue of the history (there is no clue yet)")
    if count == 1:
        return N_("the number of a clue of the history: 1 (the only clue so far)")
    return M("the number of a clue of the history, 1 to {count}", count=count)


def _numbers(context: Context) -> list[str]:
    count = 0 if context.investigation is None else len(context.investigation.clues)
    return [str(n) for n in range(1, count + 1)]


_N = Arg("N", Value(_number, _which, _numbers))
_LINE = Arg(
    "LINE",
    Value(lambda text, context: text, N_("the clue line as it should have been")),
    repeated=True,
    store="line",
)


def numbered(session: Session, clues: Sequence[Any]) -> str:
    """``clues`` as the session's ``history`` numbers them (one it lacks, in words)."""
    return "; ".join(session.adapter.numbered(session.investigation, clues))


def _correct(
    session: Session, n: int, replacement: Sequence[Any], said: Reply, undone: Reply
) -> None:
    inv = session.investigation
    lines = session.adapter.history(inv)
    head = M("without clue {n}", n=n) if not replacement else M("with clue {n} as typed now", n=n)

    def refused(position: int, clue: Any, error: DeduceError) -> DeduceError:
        later = M(
            "{case}, clue {position} ({line})",
            case=head,
            position=position,
            line=lines[position - 1],
        )
        if isinstance(error, Contradiction):
            said = M(
                "{later} cannot be true: it contradicts {clues}. Nothing changed.",
                later=later,
                clues=numbered(session, error.conflict),
            )
            return DeduceError(_(said))
        assert isinstance(error, InvalidInput)
        why = refusal(in_words(error, None, session.adapter.arguments), session.adapter.show_value)
        said = M("{later} is refused: {why}. Nothing changed.", later=later, why=why)
        return DeduceError(_(said))

    new = corrected(inv, n, replacement, refused=refused)
    session.clue(new, said)
    if session.investigation is new:
        session.corrections.append((new, inv, undone))


def _drop(session: Session, values: dict[str, Any]) -> None:
    n: int = values["n"]
    line = session.adapter.history(session.investigation)[n - 1]
    back = Reply("undone", _(M("clue {n} is back ({n}. {line})", n=n, line=line)), clues=(n,))
    _correct(session, n, (), Reply("dropped", f"{n}. {line}"), back)


def _amend(session: Session, values: dict[str, Any]) -> None:
    n: int = values["n"]
    inv = session.investigation
    old = session.adapter.history(inv)[n - 1]
    before: Investigation = inv.lineage[n - 1]
    words = list(values["line"])
    typed = " ".join(words)
    call = session.adapter.grammar.parse(words, before)
    if call.verb.command:
        raise InvalidInput(
            "line",
            typed,
            N_("a clue line, as it is typed for a new clue"),
            reason=N_("a command"),
        )
    after = call.verb.do(before, call.values)  # the game's own checks, at that place
    added = after.clues[len(before.clues) :]
    if not added or after.clues[: len(before.clues)] != before.clues:
        raise InvalidInput(
            "line", typed, N_("a clue line that says a clue"), reason=N_("it adds none")
        )
    now = " / ".join(session.adapter.history(after)[n - 1 :])
    said = Reply("amended", _(M("{n}. {now} (was: {old})", n=n, now=now, old=old)), clues=(n,))
    undone = Reply("undone", _(M("clue {n} is as it was ({n}. {old})", n=n, old=old)))
    _correct(session, n, added, said, undone)


def undo_correction(session: Session) -> bool:
    """Take back the correction just made (True), or do nothing when the last change
    was not one (False)."""
    if not session.corrections or session.corrections[-1][0] is not session.investigation:
        return False
    _after, before, undone = session.corrections.pop()
    session.clue(before, undone)
    return True


def offer(investigation: Investigation, conflict: Sequence[Any]) -> str | None:
    """The line that offers to correct the earlier clues a refused clue contradicts
    (None when none of them is in the history)."""
    numbers = [
        str(i + 1) for i, clue in enumerate(investigation.clues) if any(clue == c for c in conflict)
    ]
    if not numbers:
        return None
    if len(numbers) == 1:
        return str(
            _(
                M(
                    "Type `drop {n}` or `amend {n} LINE` (LINE: the clue as it should have been) "
                    "to correct it.",
                    n=numbers[0],
                )
            )
        )
    listed = M("{items} or {last}", items=", ".join(numbers[:-1]), last=numbers[-1])
    return str(
        _(
            M(
                "Type `drop N` or `amend N LINE` (N: {numbers}; LINE: the clue as it should have "
                "been) to correct one of them.",
                numbers=listed,
            )
        )
    )


def _command(words: tuple[str, ...], args: tuple[Arg, ...], text: str, do: Any) -> Verb:
    return Verb(words, args, text, (), do, command=True)


VERBS = (
    _command(
        ("drop",),
        (_N,),
        N_("take back clue N of the history (typed by mistake); the later clues stay"),
        _drop,
    ),
    _command(
        ("amend",),
        (_N, _LINE),
        N_(
            "retype clue N of the history: LINE is the clue line as it should have been\n"
            "(as typed for a new clue); the later clues stay"
        ),
        _amend,
    ),
)
"""The verbs ``drop N`` and ``amend N LINE`` (commands of every session)."""
