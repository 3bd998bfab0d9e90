"""Benchmark for starting the command line: whole processes, grundy against cgt-py.

Each command runs as a fresh process, the commands interleaved round by round so
that a change in the machine's load hits them alike; the JSON line gives, per
command, the median wall-clock and CPU (user + system) seconds of the rounds, and
the ratio of ``grundy value domineering 3x3`` to the cgt-py one-liner computing the
same value (cgt-py is the ``bench`` extra; without it that row is left out).
"""

from __future__ import annotations

import importlib.util
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NAME = "startup: whole-process time of a first command"
GRUNDY = [str(Path(sys.executable).with_name("grundy"))]
CGT_PY = "import cgt_py; print(cgt_py.Domineering('...|...|...').canonical_form)"
COMMANDS = {
    "python -c 'import grundy.cli.main'": [sys.executable, "-c", "import grundy.cli.main"],
    "grundy value domineering 3x3": [*GRUNDY, "value", "domineering", "3x3"],
    "grundy value node-kayles '5;0-1,1-2'": [*GRUNDY, "value", "node-kayles", "5;0-1,1-2"],
    "python -c 'import cgt_py; ...' (domineering 3x3)": [sys.executable, "-c", CGT_PY],
}


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``command`` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(rounds: int) -> dict[str, Any]:
    commands = {label: command for label, command in COMMANDS.items()
                if "cgt_py" not in label or importlib.util.find_spec("cgt_py") is not None}
    for command in commands.values():  # compile and cache the bytecode first
        timed(command)
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
    for _ in range(rounds):
        for label, command in commands.items():
            runs[label].append(timed(command))
    medians = {label: {"wall_s": round(statistics.median(w for w, _ in done), 4),
                       "cpu_s": round(statistics.median(c for _, c in done), 4)}
               for label, done in runs.items()}
    line: dict[str, Any] = {"benchmark": NAME, "rounds": rounds, "medians": medians}
    cgt = next((label for label in medians if "cgt_py" in label), None)
    if cgt is not None:
        ours = medians["grundy value domineering 3x3"]
        line["domineering_3x3_grundy_over_cgt_py"] = {
            key: round(ours[key] / medians[cgt][key], 3) for key in ("wall_s", "cpu_s")}
    return line


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    if only in NAME:
        yield measure(3 if quick else 9)
