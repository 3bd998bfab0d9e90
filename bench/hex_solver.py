"""The Hex solver (``grundy.rulesets.grids.hex_solver``, native ``hex_solver.rs``):
who wins the empty board, and the map of winning first moves, against the exhaustive
search with dead and captured cells only (``hex_search``) measured in the same run.

``python -m bench --only "hex solver"``.  One JSON line per workload: the answer, the
seconds, the positions the solver evaluated, and the ratio to the exhaustive search
where that finishes (n ≤ 5).  Every opening of 7×7 runs only when asked for by name,
on two threads (CPU seconds of both reported beside the wall-clock seconds):
``python -m bench --only "hex solver openings 7x7"`` (every opening decided: 830,411
positions, 327 s of CPU with ``grundy hex solve 7 --openings --threads 2``, see
docs/benchmarks.md).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from grundy.rulesets.grids.hex_search import HexSearch
from grundy.rulesets.grids.hex_solver import HexSolver
from grundy.search.budget import Budget


def _timed(solve: Any, *args: Any) -> tuple[Any, float]:
    began = time.perf_counter()
    answer = solve(*args)
    return answer, time.perf_counter() - began


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    for n in (3, 4, 5) if quick else (3, 4, 5, 6):
        name = f"hex solver empty {n}x{n}"
        if only not in name:
            continue
        budget = Budget()
        wins, seconds = _timed(HexSolver(n, budget).wins, 0, 0, True)
        row: dict[str, Any] = {"workload": name, "first_player_wins": wins,
                               "seconds": round(seconds, 4), "positions": budget.nodes}
        if n <= 5:
            exhaustive, exhaustive_seconds = _timed(HexSearch(n).wins, 0, 0, True)
            assert exhaustive is wins
            row |= {"exhaustive_seconds": round(exhaustive_seconds, 4),
                    "speedup_vs_exhaustive": round(exhaustive_seconds / seconds, 1)}
        yield row
    sides = (3, 4, 5) if quick else (3, 4, 5, 6)
    for n in (*sides, 7) if "7x7" in only else sides:
        name = f"hex solver openings {n}x{n}"
        if only not in name:
            continue
        budget = Budget()
        threads = 2 if n == 7 else 1
        cpu = time.process_time()
        found, seconds = _timed(HexSolver(n, budget).openings, True, threads)
        yield {"workload": name, "threads": threads, "seconds": round(seconds, 3),
               "cpu_seconds": round(time.process_time() - cpu, 3), "positions": budget.nodes,
               "winning_openings": sorted(f"{r},{c}" for (r, c), won in found.items() if won)}
