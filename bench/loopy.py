"""Benchmark for loopy games (issue 26): exploring a Fox and Geese board and labelling
its states by retrograde analysis, in Python and in the native kernel.

The board's reachable graph is built once (Python, ``grundy.search.loopy.game_graph``);
its outcomes are then labelled by ``grundy.values.loopy.outcomes`` in Python
(``python_only``) and natively, best of three each, in one run.  The JSON line gives
the positions, the exploring time, both labelling times and their ratio.  The full
standard board is timed as a whole process instead (docs/benchmarks.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from grundy.rulesets.grids.fox_and_geese import FoxAndGeese
from grundy.search.loopy import game_graph
from grundy.values.loopy import outcomes
from grundy.values.native import available, python_only

NAME = "loopy: Fox and Geese, exploring and retrograde labelling (Python vs native)"
BOARDS = {"6x6": ".G.G.G/....../....../....../....../F.....",
          "8x6": ".G.G.G.G/......../......../......../......../F......."}


def _best_of_three(run: Callable[[], object]) -> float:
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def _in_python(run: Callable[[], object]) -> None:
    with python_only():
        run()


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    if only not in NAME or not available():
        return
    fox = FoxAndGeese()
    for name, text in list(BOARDS.items())[: 1 if quick else None]:
        start = time.perf_counter()
        graph = game_graph(fox, fox.parse(text))
        explore = time.perf_counter() - start
        label = partial(outcomes, tuple(map(tuple, graph.left)), tuple(map(tuple, graph.right)))
        native = _best_of_three(label)
        slow = _best_of_three(partial(_in_python, label))
        yield {"workload": NAME, "board": name, "positions": len(graph.left),
               "explore_seconds": round(explore, 3), "python_label_seconds": round(slow, 3),
               "native_label_seconds": round(native, 4),
               "label_speedup": round(slow / native, 1)}
