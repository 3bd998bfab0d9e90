"""Benchmarks for Burke's Matchmaker and Dictator games (seed 004): big instances and
whole-table runs that are too slow for the tests.  One JSON line each."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

from grundy.protocol import ImpartialRuleset
from grundy.rulesets.dictator.rules import find_chain_proof, is_dictator
from grundy.rulesets.matchmaker import nimberizer
from grundy.rulesets.matchmaker.nimberizer import Nimberizer, class_tables
from grundy.rulesets.matchmaker.rules import (
    StubbornMatchmaker,
    Tables,
    matchmaker_tables,
    solver,
)
from grundy.search.naive import naive_grundy


def _timed(function: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def stubborn_empty(n: int, naive: bool) -> dict[str, Any]:
    """The empty Stubborn board (reading notes: n = 7 is *2, n = 8 is *0)."""
    ruleset = StubbornMatchmaker()
    search, reference = solver(ruleset), cast(ImpartialRuleset[Any], ruleset)
    value, seconds = _timed(lambda: search.grundy(ruleset.start(n)))
    line = {"workload": f"stubborn-matchmaker empty board n={n}", "value": value,
            "seconds": round(seconds, 2), "positions_expanded": search.budget.nodes}
    if naive:
        naive_value, naive_seconds = _timed(lambda: naive_grundy(reference, ruleset.start(n)))
        line |= {"naive_seconds": round(naive_seconds, 2),
                 "speedup_vs_naive": round(naive_seconds / seconds, 1),
                 "values_agree": naive_value == value}
    return line


def profiles_against_search(n: int) -> dict[str, Any]:
    """The empty Stubborn board by the profile evaluator and by search (no fast path)."""
    start = (0,) * n
    value, seconds = _timed(lambda: Nimberizer().grundy(start))
    searched, search_seconds = _timed(lambda: solver(StubbornMatchmaker()).grundy(start))
    return {"workload": f"stubborn-matchmaker profiles vs search, empty board n={n}",
            "value": value, "values_agree": value == searched, "seconds": round(seconds, 3),
            "search_seconds": round(search_seconds, 2),
            "speedup_vs_search": round(search_seconds / seconds, 1)}


def profile_board(text: str) -> dict[str, Any]:
    """One board by a fresh profile evaluator (search does not finish at 10 a side)."""
    ruleset = StubbornMatchmaker()
    evaluator = Nimberizer()
    value, seconds = _timed(lambda: evaluator.grundy(ruleset.parse(text)))
    return {"workload": f"stubborn-matchmaker {text} by profiles", "value": value,
            "seconds": round(seconds, 3), "profiles": len(evaluator.values) // 4}


def tables(max_n: int, how: str, smallest: bool = False) -> dict[str, Any]:
    """Tables 5.1-5.4 ``how``: by search, by the Python profile evaluator or natively (from
    a fresh native table, not one an earlier workload left)."""
    nimberizer._native_shared.clear()
    builds: dict[str, Callable[[], Tables]] = {
        "search": lambda: matchmaker_tables(max_n, smallest=smallest),
        "python": lambda: class_tables(max_n, smallest=smallest, native=False),
        "native": lambda: class_tables(max_n, smallest=smallest),
    }
    result, seconds = _timed(builds[how])
    reading = ", fewest candidates" if smallest else ""
    return {"workload": f"matchmaker-tables up to {max_n} per side{reading} {how}",
            "seconds": round(seconds, 2), "cells_reached": len(result.comparison()),
            "cells_agreeing": len(result.comparison()) - len(result.mismatches()),
            "mismatches": [list(cell) for cell, _, _ in result.mismatches()]}


def native_against_python(max_n: int, smallest: bool) -> dict[str, Any]:
    """The same tables by the native kernel and the Python evaluator, in one run."""
    python, native = tables(max_n, "python", smallest), tables(max_n, "native", smallest)
    reading = ", fewest candidates" if smallest else ""
    return {"workload": f"matchmaker-tables up to {max_n} per side{reading}, native vs python",
            "seconds": native["seconds"], "python_seconds": python["seconds"],
            "speedup_vs_python": round(python["seconds"] / max(native["seconds"], 1e-3), 1),
            "cells_agree": python["mismatches"] == native["mismatches"]
            and python["cells_reached"] == native["cells_reached"]}


def chain_proofs(n: int, m: int) -> dict[str, Any]:
    """A shortest chain proof for every full board of m ballots on n candidates."""
    boards = [b for b in itertools.combinations_with_replacement(
        itertools.permutations(range(1, n + 1)), m) if not any(is_dictator(x) for x in b)]
    proofs, seconds = _timed(lambda: [find_chain_proof(b) for b in boards])
    lengths = [len(p.subsets) for p in proofs if p is not None]
    return {"workload": f"chain proofs, every full board {m} ballots x {n} candidates",
            "boards": len(boards), "seconds": round(seconds, 2),
            "unprovable": len(boards) - len(lengths), "longest_chain": max(lengths)}


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        ("stubborn-matchmaker empty board n=7", lambda: stubborn_empty(7, naive=True)),
        ("chain proofs, every full board 2 ballots x 4 candidates", lambda: chain_proofs(4, 2)),
        ("stubborn-matchmaker profiles vs search, empty board n=7",
         lambda: profiles_against_search(7)),
        ("stubborn-matchmaker 10:7-6,8-7,9-10 by profiles",
         lambda: profile_board("10:7-6,8-7,9-10")),
    ]
    if not quick:
        jobs += [
            ("stubborn-matchmaker empty board n=8", lambda: stubborn_empty(8, naive=False)),
            ("matchmaker-tables up to 8 per side search", lambda: tables(8, "search")),
            ("matchmaker-tables up to 14 per side, native vs python",
             lambda: native_against_python(14, smallest=False)),
            ("matchmaker-tables up to 16 per side, fewest candidates, native vs python",
             lambda: native_against_python(16, smallest=True)),
            ("matchmaker-tables up to 20 per side native", lambda: tables(20, "native")),
            ("matchmaker-tables up to 20 per side, fewest candidates native",
             lambda: tables(20, "native", smallest=True)),
            ("chain proofs, every full board 3 ballots x 4 candidates",
             lambda: chain_proofs(4, 3)),
        ]
    for name, job in jobs:
        if only in name:
            yield job()
