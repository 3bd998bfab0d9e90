"""Domineering canonical forms of empty boards, each in a fresh process as a user gets
them: ``grundy value domineering MxN --max-seconds 0`` (the native kernel, the hand-over
of the value and its printing), timed from outside by the resources the child used.

``python -m bench --only domineering-value`` runs 4×6 to 6×5 (``--quick``: 4×6 and 5×5);
``python -m bench.domineering_values 6x6`` runs one board (boards of 30 empty cells or more
run on two threads where the machine has two cores: 6×6 then takes about a minute of wall
time, 110 s of CPU and 3.2 GB, against a minute and a half and 1.4 GB on one thread, see
docs/benchmarks.md).  One JSON line per board: the
child's user and system CPU seconds (CPU time is the steadier figure on a loaded
machine), wall seconds, peak memory, the printed value's length and its outcome line.

``python -m bench.domineering_values 5x6 --threads 1 2 [--runs R]`` times the kernel
alone (``_native.Domineering().value(m, n, every cell, threads=T)``, a fresh process per
run) on each number of threads in turn, R rounds interleaved, so that one thread and two
compare under the same load; ``--max-nodes N`` stops each run after N regions a thread
(a prefix of a board too long to repeat).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NAME = "domineering-value"
BOARDS = ("4x6", "5x5", "4x7", "7x4", "5x6", "6x5")
QUICK = ("4x6", "5x5")


def solve(board: str) -> dict[str, Any]:
    """One board in a fresh `grundy value` process."""
    command = [str(Path(sys.executable).with_name("grundy")), "value", "domineering", board,
               "--max-seconds", "0"]
    start = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        output = child.stdout.read()
        _, status, used = os.wait4(child.pid, 0)  # this child's own resources
        child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {child.returncode}")
    value, _, outcome = output.strip().partition("\n")
    return {"workload": f"{NAME} {board}", "user_seconds": round(used.ru_utime, 2),
            "system_seconds": round(used.ru_stime, 2), "seconds": round(seconds, 2),
            "peak_mb": used.ru_maxrss // 1024,
            "characters": len(value), "value": value if len(value) <= 60 else None,
            "outcome": outcome.strip()}


def kernel(board: str, threads: int, max_nodes: int | None) -> dict[str, Any]:
    """The kernel alone on `threads` threads, in a fresh process."""
    rows, columns = (int(side) for side in board.split("x"))
    call = (f"from grundy import _native; print(*_native.Domineering().value("
            f"{rows}, {columns}, {2 ** (rows * columns) - 1}, {max_nodes}, None, {threads}))")
    start = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", call], stdout=subprocess.PIPE,
                          text=True) as child:
        assert child.stdout is not None
        root, nodes = child.stdout.read().split()
        _, status, used = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"the kernel on {board} exited with {child.returncode}")
    return {"workload": f"{NAME} {board} kernel", "threads": threads,
            "finished": root != "None", "regions": int(nodes),
            "user_seconds": round(used.ru_utime, 2), "system_seconds": round(used.ru_stime, 2),
            "seconds": round(time.perf_counter() - start, 2), "peak_mb": used.ru_maxrss // 1024}


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    for board in QUICK if quick else BOARDS:
        if only in f"{NAME} {board}":
            yield solve(board)


def main(arguments: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.domineering_values")
    parser.add_argument("board", help="MxN, e.g. 6x6")
    parser.add_argument("--threads", type=int, nargs="+",
                        help="time the kernel alone on each of these numbers of threads")
    parser.add_argument("--runs", type=int, default=1, help="rounds of --threads")
    parser.add_argument("--max-nodes", type=int, help="regions a thread may expand")
    options = parser.parse_args(arguments)
    if options.threads is None:
        print(json.dumps(solve(options.board)))
        return
    for _ in range(options.runs):
        for threads in options.threads:
            print(json.dumps(kernel(options.board, threads, options.max_nodes)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
