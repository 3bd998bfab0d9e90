"""Domineering canonical forms of empty boards, each in a fresh process as a user gets
them: ``grundy value domineering MxN --max-seconds 0`` (the native kernel, the hand-over
of the value and its printing), timed from outside by the resources the child used.

``python -m bench --only domineering-value`` runs 4×6 to 6×5 (``--quick``: 4×6 and 5×5);
``python -m bench.domineering_values 6x6`` runs one board (6×6 takes about a minute and a
half of CPU and 1.4 GB; 6×7 and 7×6 need far more, see docs/benchmarks.md).  One JSON
line per board: the child's user and system CPU seconds (CPU time is the steadier
figure on a loaded machine), wall seconds, peak memory, the printed value's length and
its outcome line.
"""

from __future__ import annotations

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


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    for board in QUICK if quick else BOARDS:
        if only in f"{NAME} {board}":
            yield solve(board)


if __name__ == "__main__":
    print(json.dumps(solve(sys.argv[1])))
