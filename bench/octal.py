"""Benchmarks for heap games by code: the nim sequence (``nim_sequence``: the native
kernel for octal codes, pure Python for Grundy's game) against the pure-Python
reference ``python_nim_sequence``, and the Guy–Smith periodicity check, one JSON line
per code.

The naive reference is plain search (``grundy.search.naive``) of single heaps through the
ruleset's moves, run on the first heaps in the same run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from grundy.protocol import ImpartialRuleset
from grundy.rulesets.heaps.octal import TakeAndBreakRuleset
from grundy.rulesets.heaps.take_and_break import (
    TakeAndBreak,
    nim_sequence,
    periodicity,
    python_nim_sequence,
)
from grundy.search.naive import naive_grundy

CODES = ("0.77", "0.137", "0.6", "grundy")


def sequence_line(code: str, count: int, naive_count: int) -> dict[str, Any]:
    rule = TakeAndBreak.parse(code)
    start = time.perf_counter()
    values = nim_sequence(rule, count)
    sequence_seconds = time.perf_counter() - start
    start = time.perf_counter()
    reference = python_nim_sequence(rule, count)
    python_seconds = time.perf_counter() - start
    start = time.perf_counter()
    found = periodicity(rule, count, values)
    period_seconds = time.perf_counter() - start
    ruleset: ImpartialRuleset[Any] = TakeAndBreakRuleset(rule)
    start = time.perf_counter()
    naive = [naive_grundy(ruleset, (heap,)) for heap in range(naive_count)]
    naive_seconds = time.perf_counter() - start
    start = time.perf_counter()
    nim_sequence(rule, naive_count)
    ours_on_same = time.perf_counter() - start
    return {"workload": f"octal: nim sequence of {code} to {count}",
            "seconds": round(sequence_seconds, 3),
            "python_seconds": round(python_seconds, 3),
            "speedup_vs_python": round(python_seconds / max(sequence_seconds, 1e-9), 1),
            "periodicity_seconds": round(period_seconds, 3),
            "period": None if found is None else found.to_json(),
            "naive_heaps": naive_count, "naive_seconds": round(naive_seconds, 3),
            "speedup_vs_naive": round(naive_seconds / max(ours_on_same, 1e-9), 1),
            "values_agree": naive == values[:naive_count] and reference == values}


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    for code in CODES:
        name = f"octal: nim sequence of {code}"
        if only in name:
            yield sequence_line(code, 1000 if quick else 5000, 14 if quick else 18)
