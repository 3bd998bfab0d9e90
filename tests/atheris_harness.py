"""Coverage-guided fuzzing of every ruleset's parser and of the values calculator
(issue 19 item 1), run for a fixed time by ``make fuzz``:

    cd tests && python atheris_harness.py -max_total_time=60

(``GRUNDY_FUZZ_ONLY=rulesets`` or ``calculator`` narrows the targets.)

The first byte of an input picks a target (a ruleset, or the calculator), the rest is
the text.  Parsing may only succeed or raise ParseError (NotationError for the
calculator); a parsed position must round-trip and be usable (``exercise``); every
input must finish within the per-input time limit.
"""

from __future__ import annotations

import contextlib
import os
import sys

import atheris

with atheris.instrument_imports(include=["grundy"]):
    from grundy.rulesets import all_rulesets
    from grundy.values import NotationError, parse

    #: Every ruleset (loading them here instruments their modules too).
    RULESETS = sorted(all_rulesets(), key=lambda ruleset: ruleset.name)

from fuzz_support import SECONDS_PER_INPUT, memory_limit, time_limit
from test_fuzz_parsers import MAX_GROWTH, exercise

#: ``rulesets`` or ``calculator`` fuzzes only those; unset, both.
ONLY = os.environ.get("GRUNDY_FUZZ_ONLY", "")


def calculator(text: str) -> None:
    """The calculator's reading and canonical form (too deep a game is its own error)."""
    with contextlib.suppress(NotationError, RecursionError):
        str(parse(text))


def one_input(data: bytes) -> None:
    if not data:
        return
    text = data[1:].decode("utf-8", errors="replace")
    pick = data[0] % (len(RULESETS) + 1)
    if ONLY == "rulesets":
        pick = data[0] % len(RULESETS)
    elif ONLY == "calculator":
        pick = len(RULESETS)
    with memory_limit(MAX_GROWTH), time_limit(SECONDS_PER_INPUT, f"input {text[:60]!r}"):
        if pick == len(RULESETS):
            calculator(text)
        else:
            exercise(RULESETS[pick], text)


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
