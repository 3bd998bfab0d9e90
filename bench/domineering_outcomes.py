"""Domineering outcomes of every empty m×n board with m, n ≤ 8 by the native outcome search
(``grundy._native.DomineeringOutcomes``), against the outcomes the literature proves and,
on the small boards, against the canonical value.

``python -m bench --only domineering-outcome`` (``--quick``: m, n ≤ 6);
``python -m bench.domineering_outcomes 8x8`` solves one board.  One JSON line per board:
who wins moving first (Left plays vertically), the outcome class, the positions
searched, wall and CPU seconds (a fresh search per board, both players in one table),
and whether the proved outcomes and the value agree.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from typing import Any

from grundy import _native
from grundy.protocol import PartizanRuleset
from grundy.rulesets import get
from grundy.search.partizan import PartizanSolver, outcome_of

NAME = "domineering-outcome"
#: the boards whose canonical value the run also computes (the larger take seconds)
VALUE_CELLS = 25


def left_starting_wins(m: int, n: int) -> bool | None:
    """Whether Vertical (Left), moving first, wins the empty m-by-n board (m rows) where
    a published theorem says so, else None: Uiterwijk 2014, Theorems 1-4 (m × 3 with
    m > 1 and 2k × n with n = 3, 5, 7, 9, 11 are Vertical's; 3 × n with n > 3, m × 2k
    with m = 5, 9, and with k > 1 for m = 3, 7 are Horizontal's), Breuker, Uiterwijk &
    van den Herik 2000 (8 × 8 is the first player's), and the boards of one row or
    column (the side with no move loses).  Right moving first on m × n is Left moving
    first on n × m."""
    if m == 1:
        return False
    if n == 1 or n == 3 or (m % 2 == 0 and n in (5, 7, 9, 11)) or (m, n) == (8, 8):
        return True
    if m == 3 and n > 3:
        return False
    if n % 2 == 0 and (m in (5, 9) or (m in (3, 7) and n > 2)):
        return False
    return None


def solve(m: int, n: int) -> dict[str, Any]:
    """One board in a fresh search: the outcome, positions and seconds."""
    search = _native.DomineeringOutcomes(m, n)
    empty = (1 << m * n) - 1
    start, cpu = time.perf_counter(), time.process_time()
    left, left_nodes = search.wins(empty, True)
    right, right_nodes = search.wins(empty, False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert left is not None and right is not None
    return {"workload": f"{NAME} {m}x{n}", "left_first_wins": left, "right_first_wins": right,
            "outcome": outcome_of(left, right).value, "nodes": left_nodes + right_nodes,
            "table": search.table_size, "seconds": round(seconds, 3),
            "cpu_seconds": round(cpu, 3)}


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    top = 6 if quick else 8
    domineering = get("domineering")
    assert isinstance(domineering, PartizanRuleset)
    for m in range(1, top + 1):
        for n in range(1, top + 1):
            if only not in f"{NAME} {m}x{n}":
                continue
            row = solve(m, n)
            proved = (left_starting_wins(m, n), left_starting_wins(n, m))
            row["proved_agrees"] = all(
                p is None or p is won
                for p, won in zip(proved, (row["left_first_wins"], row["right_first_wins"]),
                                  strict=True))
            row["proved_sides"] = sum(p is not None for p in proved)
            if m * n <= VALUE_CELLS:
                value = PartizanSolver(domineering, engine="native").value(
                    domineering.parse(f"{m}x{n}"))
                row["value_agrees"] = value.outcome().value == row["outcome"]
            yield row


if __name__ == "__main__":
    rows, _, columns = sys.argv[1].partition("x")
    print(json.dumps(solve(int(rows), int(columns))))
