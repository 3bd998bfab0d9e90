"""Run the benchmarks: ``python -m bench [--quick] [--only TEXT]``.

Each workload is a fixed-seed list of random positions.  The engine solves every
position with a fresh Solver; the naive reference solves the first few of them in
the same run, and the speed-up compares the two on exactly those positions.  One
JSON line per workload goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Hashable
from typing import Any

from bench import (
    atropos,
    burke,
    census,
    domineering_outcomes,
    domineering_values,
    geography,
    hex_outcomes,
    hex_solver,
    library,
    loopy,
    misere,
    native,
    notation,
    octal,
    partizan,
    partizan_native,
    printing,
    startup,
    values,
)
from bench.verifier import verifier_lines
from bench.workloads import WORKLOADS, Workload
from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.search import Solver
from grundy.search.naive import naive_grundy


def run(workload: Workload, quick: bool) -> dict[str, Any]:
    ruleset = get(workload.ruleset)
    assert isinstance(ruleset, ImpartialRuleset)
    rng = random.Random(workload.name)
    count = max(1, workload.count // 4) if quick else workload.count
    naive_count = max(1, workload.naive // 2) if quick else workload.naive
    positions: list[Hashable] = [ruleset.parse(workload.texts(rng, i)) for i in range(count)]

    ours, nodes, values = [], 0, []
    for position in positions:
        start = time.perf_counter()
        solver = Solver(ruleset)
        values.append(solver.grundy(position))
        ours.append(time.perf_counter() - start)
        nodes += solver.budget.nodes

    naive_seconds, agree = 0.0, True
    for position, value in zip(positions[:naive_count], values, strict=False):
        start = time.perf_counter()
        agree &= naive_grundy(ruleset, position) == value
        naive_seconds += time.perf_counter() - start

    ours_total = sum(ours)
    ours_on_same = sum(ours[:naive_count])
    return {
        "workload": workload.name,
        "positions": count,
        "positions_per_second": round(count / ours_total, 2),
        "positions_expanded": nodes,
        "naive_positions": naive_count,
        "naive_positions_per_second": round(naive_count / naive_seconds, 2),
        "speedup_vs_naive": round(naive_seconds / ours_on_same, 1),
        "values_agree": agree,
        "values": values,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a quarter of the positions")
    parser.add_argument("--only", default="", help="run the workloads whose name contains this")
    parser.add_argument("--scaling", action="store_true",
                        help="with --only native: the native-versus-C scaling table (slow)")
    args = parser.parse_args()
    for workload in WORKLOADS:
        if args.only in workload.name:
            print(json.dumps(run(workload, args.quick)), flush=True)
    for line in verifier_lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for atropos_workload in atropos.WORKLOADS:
        if args.only in atropos_workload.name and (atropos_workload.quick or not args.quick):
            print(json.dumps(atropos.run(atropos_workload)), flush=True)
    for line in burke.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in geography.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in hex_outcomes.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in hex_solver.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in domineering_outcomes.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in domineering_values.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in native.lines(args.quick, args.only, args.scaling):
        print(json.dumps(line), flush=True)
    for line in values.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in partizan_native.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in partizan.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in octal.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in census.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in loopy.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in misere.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in notation.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in printing.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in startup.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)
    for line in library.lines(args.quick, args.only):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
