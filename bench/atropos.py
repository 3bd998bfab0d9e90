"""Atropos outcomes from the start (Burke 2009, §5.2; seed 004, L1184): the native
kernel against the Python search it ports, the generic engine and the naive reference,
measured in the same run.

``python -m bench --only atropos``.  Each workload prints one JSON line: the
outcome, the states solved, the seconds, and the ratio to the Python engine, the
generic Solver and the naive reference (full Grundy recursion) on the same board where
those finish in reasonable time.  The n = 8 row splits the first moves over two
processes (``solve_split``).  ``reference_c_seconds`` is the time an independent C
program (plain depth-first search with a transposition table) needed on this
machine class, as stated in issue 6; it was not run here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.atropos.conjectures import can_force_fill
from grundy.rulesets.atropos.rules import start
from grundy.rulesets.atropos.search import AtroposSolver, solve_split, start_state
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.values import Outcome


@dataclass(frozen=True)
class AtroposWorkload:
    name: str
    n: int
    restricted: bool = True
    quick: bool = True  # also run with --quick
    generic: bool = False  # also time the generic Solver
    naive: bool = False  # also time the naive reference
    reference_c_seconds: float | None = None
    fill: bool = False  # the Conjecture 5.2.2 fill game instead of the outcome
    python: bool = True  # also time the Python engine
    workers: int = 1  # more: split the first moves over processes


WORKLOADS = [
    AtroposWorkload("atropos n=4", 4, generic=True, naive=True),
    AtroposWorkload("atropos n=5", 5, generic=True),
    AtroposWorkload("atropos n=6", 6, reference_c_seconds=17.0),
    AtroposWorkload("atropos n=7", 7, quick=False, reference_c_seconds=570.0),
    AtroposWorkload("atropos n=8 on 2 processes", 8, quick=False, python=False, workers=2),
    AtroposWorkload("unrestricted-atropos n=4", 4, False, generic=True, naive=True),
    AtroposWorkload("unrestricted-atropos n=5", 5, False, generic=True),
    AtroposWorkload("unrestricted-atropos n=6", 6, False, quick=False, python=False),
    AtroposWorkload("atropos fill game n=5 (Conjecture 5.2.2)", 5, fill=True),
]


def _timed(function: Any, *args: Any) -> tuple[Any, float]:
    began = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - began


def run(workload: AtroposWorkload) -> dict[str, Any]:
    n, restricted = workload.n, workload.restricted
    if workload.fill:
        (first, second), seconds = _timed(
            lambda: (can_force_fill(n, True), can_force_fill(n, False)))
        return {"workload": workload.name, "fill_by_first": first, "fill_by_second": second,
                "seconds": round(seconds, 3)}
    if workload.workers > 1:
        split, seconds = _timed(solve_split, start_state(n, restricted), n, restricted,
                                None, workload.workers)
        wins, solved = split.wins, split.nodes
    else:
        solver = AtroposSolver(n, restricted)
        wins, seconds = _timed(solver.wins, start_state(n, restricted))
        solved = solver.solved
    row: dict[str, Any] = {
        "workload": workload.name,
        "engine": "native" if workload.workers > 1 or solver.kernel is not None else "python",
        "first_player_wins": wins,
        "conjecture": wins is ((n % 4 in (0, 3)) if restricted else (n * (n + 1) // 2 % 2 == 0)),
        "seconds": round(seconds, 3),
        "states_solved": solved,
        "states_per_second": round(solved / seconds),
    }
    if workload.python:
        python = AtroposSolver(n, restricted, engine="python")
        python_wins, python_seconds = _timed(python.wins, start_state(n, restricted))
        assert python_wins is wins
        row["python_engine_seconds"] = round(python_seconds, 3)
        row["speedup_vs_python_engine"] = round(python_seconds / seconds, 1)
    ruleset = get("atropos" if restricted else "unrestricted-atropos")
    assert isinstance(ruleset, ImpartialRuleset)
    if workload.generic:
        generic = Solver(ruleset)
        outcome, generic_seconds = _timed(generic.outcome, start(n))
        assert (outcome is Outcome.N) is wins
        row["generic_solver_seconds"] = round(generic_seconds, 3)
        row["speedup_vs_generic_solver"] = round(generic_seconds / seconds, 1)
    if workload.naive:
        value, naive_seconds = _timed(naive_grundy, ruleset, start(n))
        assert (value != 0) is wins
        row["naive_seconds"] = round(naive_seconds, 3)
        row["speedup_vs_naive"] = round(naive_seconds / seconds, 1)
    if workload.reference_c_seconds is not None:
        row["reference_c_seconds"] = workload.reference_c_seconds
        row["speedup_vs_reference_c"] = round(workload.reference_c_seconds / seconds, 2)
    return row
