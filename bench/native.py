"""The native engine against hand-written reference solvers (``python -m bench --only native``).

The reference solvers live outside the repository, in ``shared/reference/`` beside it (or
beside one of its parent folders): a plain C memo solver, compiled here with gcc into a
temporary folder, and the same algorithm in plain Python.  Both draw their instances from
a splitmix64 stream; ``SplitMix64`` below draws the same numbers, so every implementation
solves the same Node Kayles graphs and Transverse Wave grids, and each line checks that
all values agree.  Times are in-process solve times (each program reports its own).

Default run: Node Kayles G(28, 0.12) and G(40, 0.12), Transverse Wave 8×12 and 8×16 at
p = 0.3, seeds 1-5, for grundy's native engine and the C reference; grundy's Python engine
and the Python reference on the same seeds, except on G(40, 0.12) where they take minutes
per graph and run on seed 1 only.  ``--scaling`` adds the sizes where each stops within a
minute (one seed per size), with positions and peak memory; it takes a while.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.graph_games.node_kayles import KaylesPosition
from grundy.rulesets.graphs import HashedAdjacency
from grundy.rulesets.transverse_wave.rules import Grid
from grundy.search import Budget, BudgetExceeded, Solver
from grundy.search.engine import Engine

MASK64 = (1 << 64) - 1
SEEDS = (1, 2, 3, 4, 5)
#: Per run, in the scaling table: a size that takes longer ends that implementation's column.
SCALING_SECONDS = 60.0


class SplitMix64:
    """Steele, Lea & Flood's splitmix64 generator (OOPSLA 2014), the references' stream."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def uniform(self) -> float:
        """A double in [0, 1) from the top 53 bits."""
        return (self.next() >> 11) / float(1 << 53)


def kayles_instance(seed: int, n: int, p: float) -> KaylesPosition:
    """G(n, p): pairs (i, j), i < j, in lexicographic order, each an edge with probability p."""
    rng = SplitMix64(seed)
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.uniform() < p:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return KaylesPosition(n, HashedAdjacency(adj), 0)


def wave_instance(seed: int, rows: int, columns: int, p: float) -> Grid:
    """Row by row, column by column, each cell purple with probability p."""
    rng = SplitMix64(seed)
    return Grid(
        columns,
        tuple(
            sum(1 << c for c in range(columns) if rng.uniform() < p) for _ in range(rows)
        ),
    )


@dataclass(frozen=True)
class Workload:
    name: str
    game: str  # the references' workload name: nk or tw
    size: tuple[int, ...]  # (n,) or (rows, columns)
    p: float
    slow_seeds: tuple[int, ...] = SEEDS  # seeds for the Python engine and reference

    def instance(self, seed: int) -> tuple[ImpartialRuleset[Any], Any]:
        if self.game == "nk":
            (n,) = self.size
            return _impartial("node-kayles"), kayles_instance(seed, n, self.p)
        rows, columns = self.size
        return _impartial("transverse-wave"), wave_instance(seed, rows, columns, self.p)

    def arguments(self, seed: int) -> list[str]:
        return [self.game, str(seed), *map(str, self.size), str(self.p)]


WORKLOADS = (
    Workload("native-node-kayles-G(28,0.12)", "nk", (28,), 0.12),
    Workload("native-node-kayles-G(40,0.12)", "nk", (40,), 0.12, slow_seeds=(1,)),
    Workload("native-transverse-wave-8x12", "tw", (8, 12), 0.3),
    Workload("native-transverse-wave-8x16", "tw", (8, 16), 0.3),
)


def _impartial(name: str) -> ImpartialRuleset[Any]:
    ruleset = get(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


def reference_folder() -> Path | None:
    """``shared/reference`` beside the repository or beside one of its parents."""
    root = Path(__file__).resolve().parents[1]
    for parent in root.parents:
        folder = parent / "shared" / "reference"
        if (folder / "impartial.c").exists() and (folder / "impartial.py").exists():
            return folder
    return None


@dataclass(frozen=True)
class Run:
    value: int | None  # None: stopped by the time limit, or refused (``refusal``)
    seconds: float
    positions: int
    peak_mib: float | None = None
    refusal: str = ""


def run_grundy(workload: Workload, seed: int, engine: Engine, seconds: float | None) -> Run:
    ruleset, position = workload.instance(seed)
    solver = Solver(ruleset, Budget(max_seconds=seconds), engine=engine)
    start = time.perf_counter()
    try:
        value: int | None = solver.grundy(position)
    except BudgetExceeded:
        value = None
    return Run(value, time.perf_counter() - start, solver.budget.nodes)


def run_process(command: list[str], seconds: float | None) -> Run:
    """Run a program that prints one JSON line with grundy, positions and seconds (a
    reference, or this module for one native instance), killed after ``seconds``; its
    peak memory is the kernel's account of its resident set (which on Linux includes the
    forking Python process before exec: about 41 MiB is the floor)."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    timer = None if seconds is None else threading.Timer(seconds, process.kill)
    start = time.monotonic()
    if timer is not None:
        timer.start()
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()  # one short line each
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if timer is not None:
        timer.cancel()
    if process.returncode != 0:
        refusal = "" if process.returncode == -signal.SIGKILL else err.strip().splitlines()[-1]
        return Run(None, time.monotonic() - start, 0, refusal=refusal)
    record = json.loads(out.strip().splitlines()[-1])
    return Run(record["grundy"], record["seconds"], record["positions"], usage.ru_maxrss / 1024)


def compile_reference(folder: Path, into: Path) -> Path:
    binary = into / "impartial"
    subprocess.run(
        ["gcc", "-O2", "-o", str(binary), str(folder / "impartial.c")],
        check=True,
        capture_output=True,
    )
    return binary


def comparison(workload: Workload, c_binary: Path, folder: Path) -> dict[str, Any]:
    """One workload, every implementation, seeds 1-5 (the slow ones on ``slow_seeds``)."""
    reference_py = [sys.executable, str(folder / "impartial.py")]
    native = {seed: run_grundy(workload, seed, "native", None) for seed in SEEDS}
    c = {seed: run_process([str(c_binary), *workload.arguments(seed)], None) for seed in SEEDS}
    slow = workload.slow_seeds
    python = {s: run_grundy(workload, s, "python", None) for s in slow}
    plain = {s: run_process([*reference_py, *workload.arguments(s)], None) for s in slow}
    agree = all(
        native[s].value == c[s].value
        and (s not in python or python[s].value == native[s].value == plain[s].value)
        for s in SEEDS
    )

    def total(runs: dict[int, Run], seeds: tuple[int, ...] = SEEDS) -> float:
        return sum(runs[s].seconds for s in seeds)

    return {
        "workload": workload.name,
        "seeds": list(SEEDS),
        "values": [native[s].value for s in SEEDS],
        "values_agree": agree,
        "native_seconds": round(total(native), 4),
        "c_seconds": round(total(c), 4),
        "native_over_c": round(total(native) / total(c), 3),
        "native_positions": sum(native[s].positions for s in SEEDS),
        "c_positions": sum(c[s].positions for s in SEEDS),
        "slow_seeds": list(slow),
        "python_engine_seconds": round(total(python, slow), 3),
        "python_reference_seconds": round(total(plain, slow), 3),
        "python_engine_over_native": round(total(python, slow) / total(native, slow), 1),
        "python_reference_over_native": round(total(plain, slow) / total(native, slow), 1),
    }


def scaling_sizes() -> Iterator[Workload]:
    for n in range(20, 49, 4):
        yield Workload(f"scaling-node-kayles-G({n},0.12)", "nk", (n,), 0.12)
    for columns in range(8, 25):
        yield Workload(f"scaling-transverse-wave-8x{columns}", "tw", (8, columns), 0.3)


def scaling(c_binary: Path) -> Iterator[dict[str, Any]]:
    """Seed 1 of each size for grundy native (in a subprocess, for its peak memory) and C,
    until each takes longer than ``SCALING_SECONDS`` or refuses the size."""
    stopped: set[tuple[str, str]] = set()
    for workload in scaling_sizes():
        line: dict[str, Any] = {"workload": workload.name}
        for impl in ("native", "c"):
            if (workload.game, impl) in stopped:
                line[impl] = "stopped earlier"
                continue
            command = (
                [str(c_binary), *workload.arguments(1)]
                if impl == "c"
                else [sys.executable, "-m", "bench.native", *workload.arguments(1)]
            )
            run = run_process(command, SCALING_SECONDS)
            if run.value is None:
                stopped.add((workload.game, impl))
                line[impl] = run.refusal or f"over {SCALING_SECONDS:g} s"
                continue
            line[impl] = {
                "value": run.value,
                "seconds": round(run.seconds, 3),
                "positions": run.positions,
                "peak_mib": None if run.peak_mib is None else round(run.peak_mib, 1),
            }
        yield line


def lines(quick: bool, only: str, with_scaling: bool = False) -> Iterator[dict[str, Any]]:
    """The comparison lines (``--quick``: the two small workloads only)."""
    chosen = [w for w in WORKLOADS if only in w.name and not (quick and "40" in w.name)]
    if not chosen and not (with_scaling and "native" in only):
        return
    folder = reference_folder()
    if folder is None or shutil.which("gcc") is None:
        yield {"workload": "native", "skipped": "no shared/reference beside the repository "
               "(or no gcc): nothing to compare against"}
        return
    with tempfile.TemporaryDirectory() as temporary:
        c_binary = compile_reference(folder, Path(temporary))
        for workload in chosen:
            yield comparison(workload, c_binary, folder)
        if with_scaling:
            yield from scaling(c_binary)


def main() -> None:
    """``python -m bench.native nk SEED N P`` or ``tw SEED R C P``: one instance solved by
    the native engine, printed as the references print theirs (used by the scaling table)."""
    game, seed, *size, p = sys.argv[1:]
    workload = Workload(game, game, tuple(map(int, size)), float(p))
    run = run_grundy(workload, int(seed), "native", None)
    print(json.dumps({"grundy": run.value, "positions": run.positions, "seconds": run.seconds}))


if __name__ == "__main__":
    main()
