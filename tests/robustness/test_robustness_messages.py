"""Messages that said the wrong thing, and text from files that reached the terminal raw."""

from __future__ import annotations

import io
import math
import re

from rich.console import Console
from rich.table import Table

from deduce.games.mastermind import Investigation
from deduce.play.printable import guard, printable
from deduce.search.optimum import Budget, optimal


def test_printable_shows_every_control_character_and_keeps_the_length() -> None:
    for code in [*range(32), 0x7F, *range(0x80, 0xA0), 0x200B, 0x202E, 0x2066, 0xFEFF]:
        text = f"a{chr(code)}b"
        shown = printable(text)
        assert len(shown) == len(text)
        if chr(code) not in "\t\n":
            assert chr(code) not in shown, hex(code)
    assert printable("Mörder 🔪 👨\u200d👩") == "Mörder 🔪 👨\u200d👩"  # emoji stay joined


def test_a_guarded_console_never_prints_an_escape_sequence_it_did_not_make() -> None:
    out = io.StringIO()
    console = guard(
        Console(file=out, force_terminal=True, width=80, color_system="standard", highlight=False)
    )
    table = Table("name")
    table.add_row("Ber\x1bclin")
    console.print("[red]refused:[/red] \x1b]0;hidden")
    console.print(table)
    written = out.getvalue()
    assert "\x1bc" not in written and "\x1b]" not in written
    assert "␛c" in written and "␛]0;hidden" in written
    assert re.search(r"\x1b\[[0-9;]*m", written)  # the console's own colours stay


def test_optimal_that_falls_back_says_how_far_it_got() -> None:
    result = optimal(Investigation(4, 6), budget=Budget(nodes=50))
    assert result.fell_back is not None and not result.exact
    assert result.nodes > 50
    assert math.isnan(result.total)
    assert result.move is not None
