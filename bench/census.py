"""Census throughput: a plain loop in one process against a census on 1 and 2 local
Dask workers (``python -m bench --only census``).

Both sides keep one solver for the whole family (the loop's, and each worker's),
so shared subpositions are solved once per process.  The census figures are the
run itself, on a cluster started beforehand (its start-up is reported apart), and
include chunking, shipping results back and writing one Parquet file per chunk.
On a shared machine the wall-clock ratios depend on what else runs; the CPU seconds
of the loop and of each worker do not, and the loop's CPU time over the busiest
worker's is the speed-up two idle cores would give.
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


def _plain_loop(census: Census) -> tuple[list[int], float, float]:
    """Every position of the census solved in this process, in family order: the values,
    the wall-clock and the CPU seconds."""
    ruleset = get(census.ruleset)
    assert isinstance(ruleset, ImpartialRuleset)
    solver = Solver(ruleset)
    start, cpu = time.perf_counter(), time.process_time()
    values = [solver.grundy(position)
              for chunk in Family(census.family, census.seed).chunks(ruleset, census.chunk_size)
              for _, _, position in chunk.positions(ruleset)]
    return values, time.perf_counter() - start, time.process_time() - cpu


def _on_cluster(census: Census, workers: int, directory: Path) -> dict[str, Any]:
    """The census on a fresh LocalCluster: values, wall-clock seconds of the run, CPU
    seconds of each worker during it, and the cluster's start-up time."""
    distributed = require("distributed")
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.ERROR) as cluster, \
            distributed.Client(cluster) as client:
        client.wait_for_workers(workers)
        # every worker imports the rulesets and Arrow before the clock, as the loop has
        client.run(get, census.ruleset)
        client.run(require, "pyarrow.parquet")
        started = time.perf_counter() - start
        before = client.run(time.process_time)
        summary = run(census, directory, client=client)
        after = client.run(time.process_time)
    values = [row[0] for row in query(directory, "SELECT nimber FROM census ORDER BY index").rows]
    return {"values": values, "seconds": summary.seconds, "start": started,
            "cpu": [after[worker] - before[worker] for worker in before]}


def _line(name: str, census: Census, repeats: int = 1) -> dict[str, Any]:
    """One workload: the plain loop, then 1 and 2 workers, each on ``repeats`` fresh
    clusters (the median run; for a workload too short for one run to say much on a
    noisy machine)."""
    expected, loop, loop_cpu = _plain_loop(census)
    count = len(expected)
    line: dict[str, Any] = {"workload": name, "positions": count,
                            "loop_positions_per_second": round(count / loop, 1),
                            "loop_cpu_seconds": round(loop_cpu, 2)}
    with tempfile.TemporaryDirectory() as scratch:
        seconds, busiest = {}, {}
        for workers in (1, 2):
            runs = sorted((_on_cluster(census, workers, Path(scratch) / f"{workers}-{repeat}")
                           for repeat in range(repeats)), key=lambda got: got["seconds"])
            got = runs[len(runs) // 2]
            seconds[workers], busiest[workers] = got["seconds"], max(got["cpu"])
            line[f"workers_{workers}_positions_per_second"] = round(count / got["seconds"], 1)
            line[f"workers_{workers}_cpu_seconds"] = [round(cpu, 2) for cpu in got["cpu"]]
            line[f"workers_{workers}_cluster_start_seconds"] = round(got["start"], 1)
            line[f"workers_{workers}_values_agree"] = got["values"] == expected
    # what two idle cores would give: CPU time of one process over the busiest worker's
    line["speedup_2_over_1_workers_by_cpu"] = round(busiest[1] / busiest[2], 2)
    line["speedup_2_workers_over_loop_by_cpu"] = round(loop_cpu / busiest[2], 2)
    line["speedup_2_over_1_workers"] = round(seconds[1] / seconds[2], 2)
    line["speedup_2_workers_over_loop"] = round(loop / seconds[2], 2)
    return line


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    # chunks of a few tenths of a second of work each: enough of them to share out,
    # few enough that Dask's per-task traffic and the Parquet writes stay small
    largest, graphs_per_chunk = (6, 2_000) if quick else (7, 20_000)
    boards = 2_500 if quick else 10_000
    kayles = f"census: Node Kayles on every labelled graph with 1..{largest} vertices"
    waves = f"census: {boards:,} random Transverse Wave 6×8 boards (density 0.3)"
    vertices = 8 if quick else 9
    classes = (f"census: Node Kayles on every graph with {vertices} vertices up to "
               "isomorphism (nauty's geng, generated in the workers)")
    if only not in kayles and only not in waves and only not in classes:
        return
    try:
        require("distributed")
    except GrundyError as error:
        yield {"workload": "census", "skipped": str(error)}
        return
    if only in classes:
        yield _line(classes, Census("node-kayles", f"graphs:{vertices}", ("nimber",)))
    if only in kayles:
        yield _line(kayles, Census("node-kayles", f"sizes:1-{largest}", ("nimber",),
                                   chunk_size=graphs_per_chunk))
    if only not in waves:
        return
    with tempfile.TemporaryDirectory() as scratch:
        tw = get("transverse-wave")
        rng = random.Random("census tw 6x8")
        path = Path(scratch) / "boards.txt"
        path.write_text("\n".join(tw.format(random_grid(rng, 6, 8, 0.3)) for _ in range(boards)))
        yield _line(waves, Census("transverse-wave", f"file:{path}", ("nimber",),
                                  chunk_size=1_000), repeats=7)
