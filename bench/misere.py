"""Benchmark for misère quotients of heap games (issue 26): the quotient of a heap game
to heap n, found by the native solver (``grundy._native.misere_extend``) and certified by
the finite check in Python (``engine="python"``, the oracle) or by the native kernel
(``grundy._native.misere_predicts``), in one run.  The JSON line gives both times (best
of three with the native check, one run with the Python check) and their ratio;
whole-process timings of ``grundy misere quotient`` are in docs/benchmarks.md.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

from grundy.rulesets.heaps.take_and_break import TakeAndBreak
from grundy.search.misere_quotient import misere_quotient
from grundy.values.native import available

NAME = "misere: quotients of heap games (certified by the Python check vs the native one)"
#: (code, heap): Kayles, Dawson's Kayles and Dawson's chess (order 40, 360, 360)
CASES = [("0.77", 60), ("0.07", 30), ("0.137", 29)]


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    if only not in NAME or not available():
        return
    for code, n in CASES[: 1 if quick else None]:
        rule = TakeAndBreak.parse(code)

        def splits(h: int, rule: TakeAndBreak = rule) -> list[tuple[int, ...]]:
            return [parts for _, parts in rule.splits(h)]

        native = math.inf
        for _ in range(3):
            start = time.perf_counter()
            q = misere_quotient(splits, n, engine="native")
            native = min(native, time.perf_counter() - start)
        start = time.perf_counter()
        assert misere_quotient(splits, n, engine="python") == q
        slow = time.perf_counter() - start
        yield {"workload": NAME, "code": code, "heaps": n, "order": q.order,
               "python_seconds": round(slow, 2), "native_seconds": round(native, 3),
               "speedup": round(slow / native, 1)}
