"""Domineering with one fresh process per instance and library, what a user running one
command gets: grundy's native engine, grundy's Python engine and cgt-py (cgt-tools'
Rust core, from the ``bench`` extra).

Each child imports its library, then times one call (imports outside the clock) and
prints its wall and CPU seconds (CPU time is steadier on a loaded machine) and the
value, converted to a grundy ``Game`` through the library's option lists; the parent
checks the values equal and prints the ratios.  An instance a library does not finish
within the time limit is reported as such, and the library skips the larger boards.
``python -m bench --only partizan-native`` runs every m×n board with m, n ≤ 6
(``--quick``: m, n ≤ 4); ``python -m bench.partizan_native --child LIB RxC`` is one child.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

NAME = "partizan-native domineering m×n, fresh process per instance"
#: seconds a library gets per instance
LIMIT = 60.0
LIBRARIES = ("grundy-native", "grundy-python", "cgt_py")


def child(library: str, board: str) -> dict[str, Any]:
    """Solve one board in this process and report the seconds and the value."""
    from grundy.protocol import PartizanRuleset
    from grundy.rulesets import get
    from grundy.search.engine import Engine
    from grundy.search.partizan import PartizanSolver
    from grundy.values import Game

    ruleset = get("domineering")
    assert isinstance(ruleset, PartizanRuleset)
    if library == "cgt_py":
        import cgt_py

        rows, columns = (int(n) for n in board.split("x"))
        start, cpu = time.perf_counter(), time.process_time()
        theirs = cgt_py.Domineering("|".join(["." * columns] * rows)).canonical_form
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        memo: dict[str, Game] = {}

        def convert(game: Any) -> Game:
            key = repr(game)
            if key not in memo:
                memo[key] = Game.of(map(convert, game.left_options),
                                    map(convert, game.right_options))
            return memo[key]

        value = convert(theirs)
    else:
        engine: Engine = "native" if library == "grundy-native" else "python"
        solver: PartizanSolver[Any] = PartizanSolver(ruleset, engine=engine)
        position = ruleset.parse(board)
        start, cpu = time.perf_counter(), time.process_time()
        value = solver.value(position)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"seconds": seconds, "cpu_seconds": cpu, "value": str(value)}


def _run_child(library: str, board: str) -> dict[str, Any] | str:
    """One fresh process: its result, or why there is none."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bench.partizan_native", "--child", library, board],
            capture_output=True, text=True, timeout=LIMIT + 30, check=False,
        )
    except subprocess.TimeoutExpired:
        return f"> {LIMIT:g} s"
    if done.returncode:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return f"failed: {lines[-1]}"
    result: dict[str, Any] = json.loads(done.stdout)
    return result if result["seconds"] <= LIMIT else f"> {LIMIT:g} s"


def _boards(quick: bool) -> list[str]:
    largest = 4 if quick else 6
    return [f"{m}x{n}" for m in range(1, largest + 1) for n in range(1, largest + 1)
            if m * n >= 4]


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    if only not in NAME:
        return
    libraries = [lib for lib in LIBRARIES
                 if lib != "cgt_py" or importlib.util.find_spec("cgt_py") is not None]
    #: library -> the boards it did not finish; it skips any board containing one
    given_up: dict[str, list[tuple[int, int]]] = {library: [] for library in libraries}
    for board in _boards(quick):
        m, n = (int(x) for x in board.split("x"))
        line: dict[str, Any] = {"workload": f"{NAME}: {board}"}
        values = {}
        for library in libraries:
            result: dict[str, Any] | str = "skipped: a smaller board failed"
            if not any(a <= m and b <= n for a, b in given_up[library]):
                result = _run_child(library, board)
            if isinstance(result, str):
                line[f"{library}_seconds"] = result
                given_up[library].append((m, n))
                continue
            line[f"{library}_seconds"] = round(result["seconds"], 4)
            line[f"{library}_cpu_seconds"] = round(result["cpu_seconds"], 4)
            values[library] = result["value"]
        if values:
            line["value"] = next(iter(values.values()))
            line["values_agree"] = len(set(values.values())) == 1
        for clock in ("seconds", "cpu_seconds"):
            native = line.get(f"grundy-native_{clock}")
            for other in ("grundy-python", "cgt_py"):
                theirs = line.get(f"{other}_{clock}")
                if isinstance(native, float) and isinstance(theirs, float) and native > 0:
                    line[f"native_speedup_vs_{other}_{clock}"] = round(theirs / native, 2)
        yield line


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(child(sys.argv[2], sys.argv[3])))
    else:
        for result in lines("--quick" in sys.argv, NAME):
            print(json.dumps(result), flush=True)
