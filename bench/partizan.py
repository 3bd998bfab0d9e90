"""Benchmarks for the partizan search: Col, Snort, Domineering and the classics (Clobber,
Toads and Frogs, Konane, Amazons), vs pycgt and cgt-py.

Each workload is a fixed family of positions (paths, cycles, grids, fixed-seed random
graphs, Domineering rectangles, classic positions in grundy's text format).  grundy
solves them with one ``PartizanSolver`` per ruleset for the whole run, as the other two
keep process-wide caches; when
the optional ``bench`` extras are installed, ``pycgt`` (pure Python) and ``cgt-py``
(cgt-tools' Rust core) compute the same instances in the same run.  Every value is
converted to a grundy ``Game`` (through the libraries' option lists, not their
printed notation) and compared; the JSON line reports the totals and our speed-up
over each library.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from grundy.protocol import PartizanRuleset
from grundy.rulesets import get
from grundy.search.partizan import PartizanSolver
from grundy.values import Game

Edges = list[tuple[int, int]]


@dataclass(frozen=True)
class Instance:
    label: str
    vertices: int
    edges: Edges
    #: Domineering: rows and columns (then vertices/edges are unused)
    board: tuple[int, int] | None = None
    #: the classics: the position in grundy's text format (then the rest is unused)
    text: str = ""


def path(n: int) -> Instance:
    return Instance(f"P{n}", n, [(i, i + 1) for i in range(n - 1)])


def cycle(n: int) -> Instance:
    return Instance(f"C{n}", n, [(i, (i + 1) % n) for i in range(n)])


def grid(rows: int, columns: int) -> Instance:
    edges = [(i * columns + j, (i + di) * columns + j + dj)
             for i in range(rows) for j in range(columns)
             for di, dj in ((0, 1), (1, 0)) if i + di < rows and j + dj < columns]
    return Instance(f"grid {rows}x{columns}", rows * columns, edges)


def gnp(n: int, p: float, seed: int) -> Instance:
    rng = random.Random(seed)
    edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p]
    return Instance(f"G({n},{p}) #{seed}", n, edges)


def board(rows: int, columns: int) -> Instance:
    return Instance(f"{rows}x{columns}", 0, [], (rows, columns))


def classic(text: str) -> Instance:
    return Instance(text, 0, [], None, text)


@dataclass(frozen=True)
class Workload:
    name: str
    ruleset: str
    instances: list[Instance]
    quick: int  # how many instances --quick keeps
    #: the libraries that run it (pycgt takes minutes per instance on the larger ones)
    against: tuple[str, ...] = ("pycgt", "cgt_py")


GRAPHS = [path(n) for n in (6, 9, 12)] + [cycle(n) for n in (7, 10)] + \
    [grid(2, 4), grid(3, 3), grid(3, 4)] + [gnp(10, 0.3, seed) for seed in range(3)]
WORKLOADS = [
    Workload("partizan col: paths, cycles, grids, G(10,0.3)", "col", GRAPHS, 5),
    Workload("partizan snort: paths, cycles, grids, G(10,0.3)", "snort", GRAPHS, 5),
    Workload("partizan domineering rectangles", "domineering",
             [board(r, c) for r, c in ((2, 2), (3, 3), (2, 6), (3, 4), (4, 4), (3, 6))], 4),
    Workload("partizan col, larger: P20, grids 4x4 and 3x6, G(14,0.25)", "col",
             [path(20), grid(4, 4), grid(3, 6), gnp(14, 0.25, 0)], 0, ("cgt_py",)),
    Workload("partizan snort, larger: P15, C14, grid 4x4, G(14,0.25)", "snort",
             [path(15), cycle(14), grid(4, 4), gnp(14, 0.25, 0)], 0, ("cgt_py",)),
    Workload("partizan domineering, larger: 4x5, 3x8, 4x6, 5x5", "domineering",
             [board(4, 5), board(3, 8), board(4, 6), board(5, 5)], 0, ("cgt_py",)),
    Workload("partizan clobber: rows and checkerboards", "clobber",
             [classic(t) for t in ("xoxoxoxoxo", "xxoxooxo", "xoxo/oxox", "xox/oxo/xox",
                                   "xoxoxo/oxoxox")], 3, ("pycgt",)),
    Workload("partizan king-clobber (native kernel, no peer has it): checkerboards",
             "king-clobber", [classic(t) for t in ("xox/oxo/xox", "xoxo/oxox", "xoxo/oxox/xoxo")],
             2, ()),
    Workload("partizan toads-and-frogs: starting positions", "toads-and-frogs",
             [classic(t) for t in ("TTT..FF", "TTT...FFF", "TTTT...FFF", "TT.TT..FF.F",
                                   "TTTT....FFF")], 3, ("pycgt",)),
    Workload("partizan konane: checkerboards with holes", "konane",
             [classic(t) for t in ("xoxo/o.ox/xoxo", "xoxo/oxox/xo.o/oxox",
                                   "xoxox/oxo.o/xoxox", "xoxox/oxoxo/xox.x/oxoxo")],
             2, ("cgt_py",)),
    Workload("partizan amazons: small boards", "amazons",
             [classic(t) for t in ("x../..o", "x../.../..o", "x.../...o", "x..o/....")],
             2, ("cgt_py",)),
    Workload("partizan konane, larger: 5x5 and 4x6 checkerboards with one hole", "konane",
             [classic(t) for t in ("xoxox/oxoxo/xo.ox/oxoxo/xoxox",
                                   "xoxoxo/ox.xox/xoxoxo/oxoxox")], 0, ("cgt_py",)),
    Workload("partizan amazons, larger: 3x4 and 2x5 boards", "amazons",
             [classic(t) for t in ("x..o/..../....", "x...o/.....")], 0, ("cgt_py",)),
]


def _text(instance: Instance) -> str:
    if instance.text:
        return instance.text
    if instance.board is not None:
        return f"{instance.board[0]}x{instance.board[1]}"
    return f"{instance.vertices};" + ",".join(f"{a}-{b}" for a, b in instance.edges)


#: One solver (so one transposition table) per ruleset for the whole run: pycgt and
#: cgt-py both keep a process-wide cache, so the second of two equal calls is free.
_SOLVERS: dict[str, PartizanSolver[Any]] = {}


def ours(ruleset_name: str, instance: Instance) -> Game:
    ruleset = get(ruleset_name)
    assert isinstance(ruleset, PartizanRuleset)
    solver = _SOLVERS.setdefault(ruleset_name, PartizanSolver(ruleset))
    return solver.value(ruleset.parse(_text(instance)))


def _converter(left: Callable[[Any], Any], right: Callable[[Any], Any],
               key: Callable[[Any], Any]) -> Callable[[Any], Game]:
    """Rebuild another library's canonical game as a grundy Game from its options."""
    memo: dict[Any, Game] = {}

    def convert(game: Any) -> Game:
        k = key(game)
        found = memo.get(k)
        if found is None:
            found = memo[k] = Game.of(map(convert, left(game)), map(convert, right(game)))
        return found

    return convert


def pycgt_value(ruleset_name: str, instance: Instance) -> Any:
    from pycgt.rulesets import clobber, domineering, graphs, toads_and_frogs

    if ruleset_name == "clobber":
        return clobber.value(clobber.board(instance.text.replace("/", "\n")))
    if ruleset_name == "toads-and-frogs":
        return toads_and_frogs.value(instance.text.lower())
    if instance.board is not None:
        return domineering.rectangle(*instance.board)
    rule = graphs.COL if ruleset_name == "col" else graphs.SNORT
    return graphs.value(graphs.uncoloured(graphs.Graph.of(instance.vertices, instance.edges)),
                        rule)


def cgt_py_value(ruleset_name: str, instance: Instance) -> Any:
    import cgt_py

    if instance.text:  # Konane and Amazons: the same letters, rows joined by '|'
        if ruleset_name == "konane":
            return cgt_py.Konane(instance.text.replace("/", "|")).canonical_form
        return cgt_py.Amazons(instance.text.replace("/", "|")).canonical_form
    if instance.board is not None:
        rows, columns = instance.board
        return cgt_py.Domineering("|".join(["." * columns] * rows)).canonical_form
    kind = cgt_py.Col if ruleset_name == "col" else cgt_py.Snort
    return kind(instance.vertices, edges=instance.edges).canonical_form


LIBRARIES: dict[str, tuple[Callable[[str, Instance], Any], Callable[[Any], Game]]] = {}
if importlib.util.find_spec("pycgt") is not None:
    LIBRARIES["pycgt"] = (pycgt_value, _converter(lambda g: g.left, lambda g: g.right,
                                                  lambda g: g))
if importlib.util.find_spec("cgt_py") is not None and importlib.util.find_spec("anywidget"):
    LIBRARIES["cgt_py"] = (cgt_py_value, _converter(lambda g: g.left_options,
                                                    lambda g: g.right_options, repr))


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def run(workload: Workload, quick: bool) -> dict[str, Any]:
    instances = workload.instances[: workload.quick] if quick else workload.instances
    if not instances:
        return {"workload": workload.name, "skipped": "not run with --quick"}
    start = time.perf_counter()
    values = [ours(workload.ruleset, instance) for instance in instances]
    seconds = time.perf_counter() - start
    line: dict[str, Any] = {
        "workload": workload.name,
        "instances": len(instances),
        "seconds": round(seconds, 3),
        "values": {i.label: _short(str(v)) for i, v in zip(instances, values, strict=True)},
    }
    for name, (solve, convert) in LIBRARIES.items():
        if name not in workload.against:
            continue
        start = time.perf_counter()
        theirs = [solve(workload.ruleset, instance) for instance in instances]
        their_seconds = time.perf_counter() - start
        agree = all(convert(t) is v for t, v in zip(theirs, values, strict=True))
        line[f"{name}_seconds"] = round(their_seconds, 3)
        line[f"speedup_vs_{name}"] = round(their_seconds / seconds, 2)
        line[f"{name}_values_agree"] = agree
    missing = sorted(set(workload.against) - set(LIBRARIES))
    if missing:
        line["not_installed"] = missing  # pip install -e '.[bench]'
    return line


def _import_everything() -> None:
    """Pay every library's import cost before any clock starts."""
    for workload in WORKLOADS:
        get(workload.ruleset)
    if "pycgt" in LIBRARIES:
        for module in ("domineering", "graphs", "clobber", "toads_and_frogs"):
            importlib.import_module(f"pycgt.rulesets.{module}")
    if "cgt_py" in LIBRARIES:
        importlib.import_module("cgt_py")


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    chosen = [workload for workload in WORKLOADS if only in workload.name]
    if chosen:
        _import_everything()
    for workload in chosen:
        yield run(workload, quick)
