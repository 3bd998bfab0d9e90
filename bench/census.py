"""Census throughput: a plain loop in one process against a census on 1 and 2 local
Dask workers (``python -m bench --only census``).

Both sides keep one solver for the whole family (the loop's, and each worker's),
so shared subpositions are solved once per process.  The census figures are the
run itself, on a cluster started beforehand (its start-up is reported apart), and
include chunking, shipping results back and writing one Parquet file per chunk.
"""

from __future__ import annotations

import logging
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grundy.census import Census, query, run
from grundy.census.extra import require
from grundy.census.family import Family
from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.transverse_wave.rules import random_grid
from grundy.search import Solver


def _plain_loop(census: Census) -> tuple[list[int], float]:
    """Every position of the census solved in this process, in family order."""
    ruleset = get(census.ruleset)
    assert isinstance(ruleset, ImpartialRuleset)
    solver = Solver(ruleset)
    start = time.perf_counter()
    values = [solver.grundy(position)
              for chunk in Family(census.family, census.seed).chunks(ruleset, census.chunk_size)
              for _, _, position in chunk.positions(ruleset)]
    return values, time.perf_counter() - start


def _on_cluster(census: Census, workers: int, directory: Path) -> tuple[list[int], float, float]:
    distributed = require("distributed")
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.ERROR) as cluster, \
            distributed.Client(cluster) as client:
        client.wait_for_workers(workers)
        client.run(get, census.ruleset)  # every worker imports the rulesets before the clock
        started = time.perf_counter() - start
        summary = run(census, directory, client=client)
    values = [row[0] for row in query(directory, "SELECT nimber FROM census ORDER BY index").rows]
    return values, summary.seconds, started


def _line(name: str, census: Census) -> dict[str, Any]:
    expected, loop = _plain_loop(census)
    line: dict[str, Any] = {"workload": name, "positions": len(expected),
                            "loop_positions_per_second": round(len(expected) / loop, 1)}
    with tempfile.TemporaryDirectory() as scratch:
        seconds = {}
        for workers in (1, 2):
            values, seconds[workers], started = _on_cluster(census, workers,
                                                            Path(scratch) / str(workers))
            line[f"workers_{workers}_positions_per_second"] = round(len(values) / seconds[workers],
                                                                  1)
            line[f"workers_{workers}_cluster_start_seconds"] = round(started, 1)
            line[f"workers_{workers}_values_agree"] = values == expected
    line["speedup_2_over_1_workers"] = round(seconds[1] / seconds[2], 2)
    line["speedup_2_workers_over_loop"] = round(loop / seconds[2], 2)
    return line


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    largest = 5 if quick else 6
    boards = 2_500 if quick else 10_000
    kayles = f"census: Node Kayles on every labelled graph with 1..{largest} vertices"
    waves = f"census: {boards:,} random Transverse Wave 6×8 boards (density 0.3)"
    if only not in kayles and only not in waves:
        return
    try:
        require("distributed")
    except GrundyError as error:
        yield {"workload": "census", "skipped": str(error)}
        return
    if only in kayles:
        yield _line(kayles, Census("node-kayles", f"sizes:1-{largest}", ("nimber",),
                                   chunk_size=500))
    if only not in waves:
        return
    with tempfile.TemporaryDirectory() as scratch:
        tw = get("transverse-wave")
        rng = random.Random("census tw 6x8")
        path = Path(scratch) / "boards.txt"
        path.write_text("\n".join(tw.format(random_grid(rng, 6, 8, 0.3)) for _ in range(boards)))
        yield _line(waves, Census("transverse-wave", f"file:{path}", ("nimber",), chunk_size=250))
