"""Hex outcomes of empty boards (Burke 2009, §3.1; seed 004, L402-411): the native kernel
against the Python search it ports (both fill dead cells and captured pairs) and the
naive canonical value (no Hex knowledge), measured in the same run.

``python -m bench --only hex``.  One JSON line per side: whether the first player wins
(each colour moving first), the seconds and boards solved by each engine, and the
ratios.  The Python engine runs for n ≤ 4 (5×5 took minutes), the naive reference
for n ≤ 3.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from grundy.protocol import PartizanRuleset
from grundy.rulesets import get
from grundy.rulesets.grids.hex import HexBoard
from grundy.rulesets.grids.hex_search import HexSearch
from grundy.search.partizan import naive_value
from grundy.values import Outcome


def _both_first(search: HexSearch) -> tuple[bool, float]:
    began = time.perf_counter()
    wins = search.wins(0, 0, True) and search.wins(0, 0, False)
    return wins, time.perf_counter() - began


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    for n in (3, 4) if quick else (3, 4, 5):
        name = f"hex empty {n}x{n}"
        if only not in name:
            continue
        native = HexSearch(n)
        wins, seconds = _both_first(native)
        row: dict[str, Any] = {"workload": name,
                               "engine": "native" if native.kernel is not None else "python",
                               "first_player_wins": wins, "seconds": round(seconds, 4),
                               "boards_solved": len(native)}
        if n <= 4:
            python = HexSearch(n, engine="python")
            python_wins, python_seconds = _both_first(python)
            assert python_wins is wins
            row |= {"python_engine_seconds": round(python_seconds, 4),
                    "python_boards_solved": len(python),
                    "speedup_vs_python_engine": round(python_seconds / seconds, 1)}
        if n <= 3:
            ruleset = get("hex")
            assert isinstance(ruleset, PartizanRuleset)
            began = time.perf_counter()
            outcome = naive_value(ruleset, HexBoard(n, 0, 0)).outcome()
            naive_seconds = time.perf_counter() - began
            assert (outcome is Outcome.N) is wins
            row |= {"naive_seconds": round(naive_seconds, 3),
                    "speedup_vs_naive": round(naive_seconds / seconds, 1)}
        yield row
