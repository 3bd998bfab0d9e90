"""Fixed-seed workloads: random positions built through each ruleset's text format."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from grundy.rulesets import get
from grundy.rulesets.transverse_wave.rules import random_grid


@dataclass(frozen=True)
class Workload:
    """``count`` positions of ``ruleset``; the naive reference solves the first ``naive``."""

    name: str
    ruleset: str
    #: The text of position ``index`` (a random one from ``rng``, or a fixed family).
    texts: Callable[[random.Random, int], str]
    count: int
    naive: int


def transverse_wave(
    rows: int, columns: int, density: float
) -> Callable[[random.Random, int], str]:
    tw = get("transverse-wave")
    return lambda rng, _: tw.format(random_grid(rng, rows, columns, density))


def edge_text(n: int, edges: list[tuple[int, int]], arrow: str = "-") -> str:
    return f"{n};" + ",".join(f"{a}{arrow}{b}" for a, b in edges)


def gnp(n: int, p: float) -> Callable[[random.Random, int], str]:
    """Erdős–Rényi G(n, p) in the ``N;a-b,...`` format."""

    def build(rng: random.Random, _: int) -> str:
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p]
        return edge_text(n, edges)

    return build


def grid_graphs(shapes: list[tuple[int, int]]) -> Callable[[random.Random, int], str]:
    """The rows×columns grid graph of each shape in turn."""

    def build(_: random.Random, index: int) -> str:
        rows, columns = shapes[index % len(shapes)]
        edges = [
            (i * columns + j, (i + di) * columns + j + dj)
            for i in range(rows)
            for j in range(columns)
            for di, dj in ((0, 1), (1, 0))
            if i + di < rows and j + dj < columns
        ]
        return edge_text(rows * columns, edges)

    return build


def geography(n: int, p: float) -> Callable[[random.Random, int], str]:
    """Undirected geography on G(n, p), token on vertex 0."""
    graph = gnp(n, p)
    return lambda rng, index: graph(rng, index) + ";start=0"


def superposition(heaps: int, top: int, realizations: int) -> Callable[[random.Random, int], str]:
    """A superposition of Nim positions, e.g. <(1,2)|(2,1)>."""
    def build(rng: random.Random, _: int) -> str:
        rows = ["(" + ",".join(str(rng.randint(0, top)) for _ in range(heaps)) + ")"
                for _ in range(realizations)]
        return "<" + "|".join(rows) + ">"

    return build


def matching(n: int, pairs: int) -> Callable[[random.Random, int], str]:
    """A random Matchmaker board: n candidates per side, ``pairs`` matched pairs."""
    def build(rng: random.Random, _: int) -> str:
        chosen = zip(rng.sample(range(1, n + 1), pairs), rng.sample(range(1, n + 1), pairs),
                     strict=True)
        return f"{n}:" + ",".join(f"{w}-{e}" for w, e in chosen)

    return build


WORKLOADS = [
    Workload("transverse-wave 8x12 d=0.3", "transverse-wave", transverse_wave(8, 12, 0.3), 40, 40),
    Workload("transverse-wave 10x14 d=0.3", "transverse-wave",
             transverse_wave(10, 14, 0.3), 20, 20),
    Workload("transverse-wave 12x16 d=0.3", "transverse-wave", transverse_wave(12, 16, 0.3), 10, 3),
    Workload("node-kayles G(28,0.12)", "node-kayles", gnp(28, 0.12), 10, 3),
    Workload("node-kayles grid graphs 4x5..5x6", "node-kayles",
             grid_graphs([(4, 5), (3, 7), (5, 5), (4, 6), (3, 8), (5, 6)]), 6, 6),
    Workload("undirected-geography G(40,0.07)", "undirected-geography", geography(40, 0.07), 10, 3),
    Workload("demi-quantum-nim 4 realizations x 5 heaps <= 6", "demi-quantum-nim",
             superposition(5, 6, 4), 10, 5),
    Workload("quantum-nim width 2, 2 realizations x 3 heaps <= 3", "quantum-nim",
             superposition(3, 3, 2), 10, 5),
    Workload("stubborn-matchmaker n=7, 3 pairs", "stubborn-matchmaker", matching(7, 3), 10, 3),
    Workload("matchmaker n=7, 3 pairs", "matchmaker", matching(7, 3), 10, 3),
]
