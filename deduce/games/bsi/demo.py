"""Black Stories Investigation: the assistant plays a 3-player game, saying what it knows."""

from __future__ import annotations

from itertools import pairwise

from rich.console import Console

from deduce._internal.language import M, _, plural
from deduce.games.bsi import Draw, Lay, Solve, Table, advised, play_game, random_bot
from deduce.games.bsi.cards import shown, stand_in_name


def _cases(table: Table) -> str:
    parts = []
    for seat in table.opponents:
        probabilities = table.case_probabilities(seat)
        case, p = next(iter(probabilities.items()))
        said = plural(
            "seat {seat}: {n} case (best {case} {p:.0f}%)",
            "seat {seat}: {n} cases (best {case} {p:.0f}%)",
            len(probabilities),
            seat=seat,
            case=shown(case),
            p=100 * p,
        )
        parts.append(_(said))
    return "; ".join(parts)


def run(console: Console, *, seed: int) -> None:
    """The assistant (seat 0) against two players who lay cards at random."""
    record = play_game([advised, random_bot, random_bot], seed=seed)
    final = record.tables[0]
    title = _("(3 players, the assistant is seat 0)")
    console.rule(f"[bold]Black Stories Investigation[/bold] {title}")
    history: list[Table] = list(final.lineage)
    hand = ", ".join(map(stand_in_name, final.start_hand))
    case = f"[bold]{shown(final.case)}[/bold]"
    mine = M("My case is {case}; my hand: {hand}.", case=case, hand=hand)
    console.print(_(mine))
    console.print(_("(The box's 12 cards of 2 and 3 pieces are stand-ins, named so.)"))
    for before, after in pairwise(history):
        event = after.clues[-1]
        player = before.turn
        if isinstance(event, Lay):
            if player == 0:
                rec = before.recommend(top=1)[0]
                fields = ", ".join(f"{f}: {100 * p:.0f}%" for f, p in rec.outcomes.items())
                best = M(
                    "Best card: {card} at seat {seat} ({points:.2f} points expected; fields "
                    "{fields}).",
                    card=stand_in_name(rec.action.card),
                    seat=rec.action.target,
                    points=rec.score,
                    fields=fields,
                )
                my_turn, best_card = _("My turn."), _(best)
                console.print(f"\n[bold]{my_turn}[/bold] {best_card}")
            laid = {
                "card": stand_in_name(event.card),
                "seat": player,
                "target": event.target,
                "field": event.field,
            }
            lay = (
                M("I lay {card} at seat {target}: field {field}.", **laid)
                if player == 0
                else M("Seat {seat} lays {card} at seat {target}: field {field}.", **laid)
            )
            console.print(_(lay))
            if event.target != 0:
                console.print("  " + _(M("Now: {cases}", cases=_cases(after))))
        elif isinstance(event, Solve):
            verdict = (
                "[green]" + _("right") + "[/green]"
                if event.correct
                else "[red]" + _("wrong") + "[/red]"
            )
            named = {
                "seat": player,
                "case": shown(event.case),
                "target": event.target,
                "verdict": verdict,
                "scores": after.scores(),
            }
            solve = (
                plural(
                    "I name {case} for seat {target} with {n} drop: {verdict}. Scores: {scores}",
                    "I name {case} for seat {target} with {n} drops: {verdict}. Scores: {scores}",
                    event.drops,
                    **named,
                )
                if player == 0
                else plural(
                    "Seat {seat} names {case} for seat {target} with {n} drop: {verdict}. "
                    "Scores: {scores}",
                    "Seat {seat} names {case} for seat {target} with {n} drops: {verdict}. "
                    "Scores: {scores}",
                    event.drops,
                    **named,
                )
            )
            console.print(_(solve))
        elif isinstance(event, Draw) and player == 0 and before.step == "attempt":
            choices = before.race_options()  # I did not try: say why
            tried = [c for c in choices if c.attempt is not None]
            if tried and choices[0].attempt is None and (o := tried[0].attempt) is not None:
                now, wait = 100 * tried[0].win, 100 * choices[0].win
                said = M("{now:.0f}% to finish first, waiting {wait:.0f}%", now=now, wait=wait)
                if round(now, 7) == round(wait, 7):  # a tie: waiting keeps more points
                    said = M(
                        "{now:.0f}% to finish first, as waiting does, with fewer points expected",
                        now=now,
                    )
                wait_line = M(
                    "I wait: naming {case} for seat {seat} now gives {said}.",
                    case=shown(o.case),
                    seat=o.target,
                    said=said,
                )
                console.print("  " + _(wait_line))
    over = plural(
        "Game over after {n} turn. Scores: {scores}.",
        "Game over after {n} turns. Scores: {scores}.",
        record.turns,
        scores=final.scores(),
    )
    console.print("\n" + _(over))
    winners = ", ".join(_(M("seat {seat}", seat=s)) for s in final.winners())
    console.print("[bold]" + _(M("Winner: {winners}", winners=winners)) + "[/bold]")
