"""Domineering outcomes of every empty m×n board with m, n ≤ 8 by the native outcome search
(``grundy._native.DomineeringOutcomes``), against the outcomes the literature proves and,
on the small boards, against the canonical value.

``python -m bench --only domineering-outcome`` (``--quick``: m, n ≤ 6);
``python -m bench.domineering_outcomes 8x8`` solves one board.  One JSON line per board:
who wins moving first (Left plays vertically), the outcome class, the positions
searched, wall and CPU seconds (a fresh search per board, both players in one table),
and whether the published table (``PUBLISHED``), the proved outcomes and the value agree.
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


#: The outcome class of every empty m × n board with m ≤ n ≤ 8 (m rows; Left plays
#: vertically): L Left wins, R Right wins, N the player to move wins, P the other one.  The
#: table Breuker, Uiterwijk & van den Herik (2000, Theoret. Comput. Sci. 230, 195-206)
#: computed for m = 2..8, n = m..9 (the one-row boards are plain: the side with no move
#: loses); each row as the check script of Bullock's (2002) solver Obsequi states it (repository
#: orangepips/obsequi, file obsequi/Check, the line named: ``flip m n X`` with X = V, H,
#: 1, 2 for L, R, N, P; "Vertical" is Left).  The n × m board is the conjugate: L and R
#: exchanged (``published_outcome``).
PUBLISHED: dict[tuple[int, int], str] = {
    (1, 1): "P",  # obsequi/Check: flip 1 1 2
    (1, 2): "R",  # obsequi/Check: flip 1 2 H
    (1, 3): "R",  # obsequi/Check: flip 1 3 H
    (1, 4): "R",  # obsequi/Check: flip 1 4 H
    (1, 5): "R",  # obsequi/Check: flip 1 5 H
    (1, 6): "R",  # obsequi/Check: flip 1 6 H
    (1, 7): "R",  # obsequi/Check: flip 1 7 H
    (1, 8): "R",  # obsequi/Check: flip 1 8 H
    (2, 2): "N",  # obsequi/Check: flip 2 2 1
    (2, 3): "N",  # obsequi/Check: flip 2 3 1
    (2, 4): "R",  # obsequi/Check: flip 2 4 H
    (2, 5): "L",  # obsequi/Check: flip 2 5 V
    (2, 6): "N",  # obsequi/Check: flip 2 6 1
    (2, 7): "N",  # obsequi/Check: flip 2 7 1
    (2, 8): "R",  # obsequi/Check: flip 2 8 H
    (3, 3): "N",  # obsequi/Check: flip 3 3 1
    (3, 4): "R",  # obsequi/Check: flip 3 4 H
    (3, 5): "R",  # obsequi/Check: flip 3 5 H
    (3, 6): "R",  # obsequi/Check: flip 3 6 H
    (3, 7): "R",  # obsequi/Check: flip 3 7 H
    (3, 8): "R",  # obsequi/Check: flip 3 8 H
    (4, 4): "N",  # obsequi/Check: flip 4 4 1
    (4, 5): "L",  # obsequi/Check: flip 4 5 V
    (4, 6): "N",  # obsequi/Check: flip 4 6 1
    (4, 7): "L",  # obsequi/Check: flip 4 7 V
    (4, 8): "R",  # obsequi/Check: flip 4 8 H
    (5, 5): "P",  # obsequi/Check: flip 5 5 2
    (5, 6): "R",  # obsequi/Check: flip 5 6 H
    (5, 7): "R",  # obsequi/Check: flip 5 7 H
    (5, 8): "R",  # obsequi/Check: flip 5 8 H
    (6, 6): "N",  # obsequi/Check: flip 6 6 1
    (6, 7): "L",  # obsequi/Check: flip 6 7 V
    (6, 8): "R",  # obsequi/Check: flip 6 8 H
    (7, 7): "N",  # obsequi/Check: flip 7 7 1
    (7, 8): "R",  # obsequi/Check: flip 7 8 H
    (8, 8): "N",  # obsequi/Check: flip 8 8 1
}


def published_outcome(m: int, n: int) -> str:
    """The published outcome class of the empty m × n board (m, n ≤ 8): ``PUBLISHED``, or
    the conjugate of n × m's (transposing exchanges the players)."""
    if (m, n) in PUBLISHED:
        return PUBLISHED[m, n]
    return {"L": "R", "R": "L"}.get(PUBLISHED[n, m], PUBLISHED[n, m])


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
            row["published_agrees"] = published_outcome(m, n) == row["outcome"]
            if m * n <= VALUE_CELLS:
                value = PartizanSolver(domineering, engine="native").value(
                    domineering.parse(f"{m}x{n}"))
                row["value_agrees"] = value.outcome().value == row["outcome"]
            yield row


if __name__ == "__main__":
    rows, _, columns = sys.argv[1].partition("x")
    print(json.dumps(solve(int(rows), int(columns))))
