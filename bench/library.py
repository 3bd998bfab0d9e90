"""The rulesets of cgt-tools' library that grundy solves natively and cgt-py (cgt-tools'
Rust core, from the ``bench`` extra) ships too: Fission and Digraph Placement, one fresh
process per instance and library, each run ``REPEATS`` times; the medians are compared.

The children are ``bench.partizan_native``'s (imports outside the clock, wall and CPU
seconds, the value converted to a grundy ``Game`` through the library's option lists), so
the values of the two libraries are checked equal.  The Digraph Placement instances are
random digraphs (``random_graph``, fixed seeds), half the vertices blue.
``python -m bench --only library`` runs them all (``--quick``: the small ones).
"""

from __future__ import annotations

import importlib.util
import random
import statistics
from collections.abc import Iterator
from typing import Any

from bench.partizan_native import Instance, _run_child

NAME = "library, fresh process per instance, medians"
REPEATS = 3
LIBRARIES = ("grundy-native", "cgt_py")


def fission(rows: str, quick: bool = False) -> Instance:
    return Instance(f"fission {rows}", "fission", rows, "fission",
                    (rows.count("/") + 1, rows.index("/") if "/" in rows else len(rows)), quick)


def digraph(n: int, p: float, seed: int, quick: bool = False) -> Instance:
    from grundy.rulesets.graphs import edge_list, random_graph

    rng = random.Random(seed)
    adj = random_graph(rng, n, p, True)
    blue = [v for v in range(n) if rng.random() < 0.5]
    red = [v for v in range(n) if v not in blue]
    text = (f"{n};" + ",".join(f"{a}>{b}" for a, b in edge_list(adj, True))
            + ";blue=" + ",".join(map(str, blue)) + ";red=" + ",".join(map(str, red)))
    return Instance(f"digraph-placement G({n}, {p}) seed {seed}", "digraph-placement", text,
                    "digraph", (n,), quick)


INSTANCES = [
    fission("x...x/...../..x../...../x...x", True),
    fission("x.x../...../..x../...../x...x", True),
    fission("..../.x../..x./..../.x../...."),
    fission("...../.x.x./...../.x.x./....."),
    fission("x....x/....../..x.../....../x....x"),
    digraph(16, 0.15, 1, True),
    digraph(20, 0.15, 1, True),
    digraph(24, 0.12, 2),
]


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    chosen = [instance for instance in INSTANCES if only in f"{NAME}: {instance.label}"
              and (instance.quick or not quick)]
    libraries = [lib for lib in LIBRARIES
                 if lib != "cgt_py" or importlib.util.find_spec("cgt_py") is not None]
    for instance in chosen:
        line: dict[str, Any] = {"workload": f"{NAME}: {instance.label}"}
        values = set()
        for library in libraries:
            runs = [_run_child(library, instance) for _ in range(REPEATS)]
            failed = [run for run in runs if isinstance(run, str)]
            if failed:
                line[f"{library}_seconds"] = failed[0]
                continue
            done = [run for run in runs if not isinstance(run, str)]
            for clock in ("seconds", "cpu_seconds"):
                line[f"{library}_{clock}"] = round(
                    statistics.median(run[clock] for run in done), 4)
            values |= {run["value"] for run in done}
        line["values_agree"] = len(values) == 1
        line["value"] = next(iter(values), None)
        for clock in ("seconds", "cpu_seconds"):
            ours, theirs = line.get(f"grundy-native_{clock}"), line.get(f"cgt_py_{clock}")
            if isinstance(ours, float) and isinstance(theirs, float) and ours > 0:
                line[f"speedup_vs_cgt_py_{clock}"] = round(theirs / ours, 2)
        yield line
