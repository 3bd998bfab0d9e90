"""Partizan values with one fresh process per instance and library, what a user running
one command gets: grundy's native engine, grundy's Python engine and cgt-py (cgt-tools'
Rust core, from the ``bench`` extra), on Domineering m×n boards, Snort on paths and
cycles, and Col on paths, cycles and 2×n ladders.

Each child imports its library, then times one call (imports outside the clock) and
prints its wall and CPU seconds (CPU time is steadier on a loaded machine) and the
value, converted to a grundy ``Game`` through the library's option lists; the parent
checks the values equal and prints the ratios.  An instance a library does not finish
within the time limit is reported as such, and the library skips the larger instances
of that family.  The values calculator sums the values of every Domineering position
reachable from 4×4 in one move (each library's own sum of its own canonical forms; the
Left and Right options are each other's transposes, so the sum is 0), and of Left's
moves only.  ``python -m bench --only partizan-native`` runs them all (``--quick``: the
small ones; ``--only calculator``: the sums); ``python -m bench.partizan_native --child
LIB RULESET TEXT [TASK]`` is one child.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import operator
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

NAME = "partizan-native, fresh process per instance"
#: seconds a library gets per instance
LIMIT = 60.0
LIBRARIES = ("grundy-native", "grundy-python", "cgt_py")


@dataclass(frozen=True)
class Instance:
    label: str
    ruleset: str
    #: the position in grundy's text format (``RxC`` or ``N;edges``)
    text: str
    #: instances of one family grow with ``size`` (compared entry by entry)
    family: str
    size: tuple[int, ...]
    quick: bool
    #: "value" of the position, or the sum of the values of the positions one move away
    #: ("sum-all": either player's move; "sum-left": Left's)
    task: str = "value"


def board(m: int, n: int) -> Instance:
    return Instance(f"domineering {m}x{n}", "domineering", f"{m}x{n}", "board", (m, n),
                    m <= 4 and n <= 4)


def graph(ruleset: str, kind: str, n: int, edges: list[tuple[int, int]], quick: bool) -> Instance:
    text = f"{n if kind != 'L' else 2 * n};" + ",".join(f"{a}-{b}" for a, b in edges)
    label = f"{ruleset} {'2x' if kind == 'L' else kind}{n}"
    return Instance(label, ruleset, text, ruleset + kind, (n,), quick)


def path(ruleset: str, n: int, quick: bool = False) -> Instance:
    return graph(ruleset, "P", n, [(i, i + 1) for i in range(n - 1)], quick)


def cycle(ruleset: str, n: int, quick: bool = False) -> Instance:
    return graph(ruleset, "C", n, [(i, (i + 1) % n) for i in range(n)], quick)


def ladder(ruleset: str, n: int, quick: bool = False) -> Instance:
    edges = [(i, i + 1) for i in range(n - 1)] + [(n + i, n + i + 1) for i in range(n - 1)]
    return graph(ruleset, "L", n, edges + [(i, n + i) for i in range(n)], quick)


INSTANCES = (
    [board(m, n) for m in range(1, 7) for n in range(1, 7) if m * n >= 4]
    + [path("snort", n, n == 10) for n in range(10, 25, 2)]
    + [cycle("snort", n, n == 10) for n in range(10, 25, 2)]
    + [path("col", n, n == 16) for n in (16, 32, 48, 64)]
    + [cycle("col", n, n == 15) for n in (15, 31, 45, 61)]
    + [ladder("col", n, n == 4) for n in (4, 8, 12)]
    + [Instance(f"values calculator: sum of the {who} options of domineering 4x4",
                "domineering", "4x4", "calculator " + task, (4, 4), True, task)
       for who, task in (("Left and Right", "sum-all"), ("Left", "sum-left"))]
)


def child(library: str, ruleset_name: str, text: str, task: str = "value") -> dict[str, Any]:
    """Solve one position (or sum the values of its options, ``task``) in this process
    and report the seconds and the value."""
    from grundy.protocol import PartizanRuleset, Player
    from grundy.rulesets import get
    from grundy.search.engine import Engine
    from grundy.search.partizan import PartizanSolver
    from grundy.values import Game

    ruleset = get(ruleset_name)
    assert isinstance(ruleset, PartizanRuleset)
    position = ruleset.parse(text)
    players = {"value": (), "sum-all": (Player.LEFT, Player.RIGHT),
               "sum-left": (Player.LEFT,)}[task]
    if library == "cgt_py":
        import cgt_py

        if ruleset_name == "domineering":
            rows, columns = position.rows, position.columns
            start, cpu = time.perf_counter(), time.process_time()
            board = cgt_py.Domineering("|".join(["." * columns] * rows))
            if players:
                options = [option for player in players for option in (
                    board.left_options if player is Player.LEFT else board.right_options)]
                theirs = functools.reduce(operator.add, (o.canonical_form for o in options))
            else:
                theirs = board.canonical_form
        elif ruleset_name == "fission":  # the same letters, rows joined by '|'
            start, cpu = time.perf_counter(), time.process_time()
            theirs = cgt_py.Fission(text.replace("/", "|")).canonical_form
        elif ruleset_name == "digraph-placement":
            from grundy.rulesets.graphs import edge_list, vertices

            arcs, blue, red = edge_list(position.adj, True), position.black, position.white
            start, cpu = time.perf_counter(), time.process_time()
            theirs = cgt_py.DigraphPlacement(position.n, edges=arcs, blue=vertices(blue),
                                             red=vertices(red)).canonical_form
        else:
            kind = cgt_py.Snort if ruleset_name == "snort" else cgt_py.Col
            edges = [(int(a), int(b)) for a, b in
                     (edge.split("-") for edge in text.split(";")[1].split(","))]
            start, cpu = time.perf_counter(), time.process_time()
            theirs = kind(position.n, edges=edges).canonical_form
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
        start, cpu = time.perf_counter(), time.process_time()
        if players:
            value = Game.zero()
            for player in players:
                for _, option in ruleset.moves(position, player):
                    value = value + solver.value(option)
        else:
            value = solver.value(position)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"seconds": seconds, "cpu_seconds": cpu, "value": str(value)}


def _run_child(library: str, instance: Instance) -> dict[str, Any] | str:
    """One fresh process: its result, or why there is none."""
    command = [sys.executable, "-m", "bench.partizan_native", "--child", library,
               instance.ruleset, instance.text, instance.task]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=LIMIT + 30,
                              check=False)
    except subprocess.TimeoutExpired:
        return f"> {LIMIT:g} s"
    if done.returncode:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return f"failed: {lines[-1]}"
    result: dict[str, Any] = json.loads(done.stdout)
    return result if result["seconds"] <= LIMIT else f"> {LIMIT:g} s"


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    chosen = [instance for instance in INSTANCES if only in f"{NAME}: {instance.label}"]
    if not chosen:
        return
    libraries = [lib for lib in LIBRARIES
                 if lib != "cgt_py" or importlib.util.find_spec("cgt_py") is not None]
    #: (library, family) -> the sizes it did not finish; larger ones are skipped
    given_up: dict[tuple[str, str], list[tuple[int, ...]]] = {}
    for instance in chosen:
        if quick and not instance.quick:
            continue
        line: dict[str, Any] = {"workload": f"{NAME}: {instance.label}"}
        values = {}
        for library in libraries:
            failed = given_up.setdefault((library, instance.family), [])
            result: dict[str, Any] | str = "skipped: a smaller instance failed"
            if not any(all(a <= b for a, b in zip(size, instance.size, strict=True))
                       for size in failed):
                result = _run_child(library, instance)
            if isinstance(result, str):
                line[f"{library}_seconds"] = result
                failed.append(instance.size)
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
        print(json.dumps(child(*sys.argv[2:6])))
    else:
        for result in lines("--quick" in sys.argv, NAME):
            print(json.dumps(result), flush=True)
