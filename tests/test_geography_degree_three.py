"""Generalized Geography on graphs of degree at most three has nimbers at most *3, and *3
occurs (seed 002, ``002_8bc4c30c443a0021.txt`` L310)."""

from __future__ import annotations

import itertools
import random

from grundy.rulesets import get
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import HashedAdjacency
from grundy.search import Solver

GEOGRAPHY = get("geography")


def degree_three_digraphs(n: int) -> list[tuple[int, ...]]:
    """Every digraph on n vertices (no loops) where each vertex has in- plus out-degree
    at most three."""
    pairs = list(itertools.combinations(range(n), 2))
    found = []
    for states in itertools.product(range(4), repeat=len(pairs)):  # none, a>b, b>a, both
        adj, degree = [0] * n, [0] * n
        for (a, b), state in zip(pairs, states, strict=True):
            if state & 1:
                adj[a] |= 1 << b
            if state & 2:
                adj[b] |= 1 << a
            arcs = (state & 1) + (state >> 1)
            degree[a] += arcs
            degree[b] += arcs
        if max(degree, default=0) <= 3:
            found.append(tuple(adj))
    return found


def nimbers(adj: tuple[int, ...], solver: Solver[GeographyPosition]) -> list[int]:
    graph = HashedAdjacency(adj)
    return [solver.grundy(GeographyPosition(len(adj), graph, s, 0)) for s in range(len(adj))]


def test_every_digraph_up_to_four_vertices() -> None:
    """Exhaustive for n ≤ 4 (1,230 labelled digraphs of degree ≤ 3 on four vertices; the
    37,990 on five also stay ≤ *3, in about 15 s, left out): never above *3, and *3
    first appears on four vertices (a start with three arcs out, its out-neighbours
    worth 0, * and *2)."""
    assert len(degree_three_digraphs(4)) == 1230
    solver = Solver(GEOGRAPHY)
    largest = {n: max(max(nimbers(adj, solver)) for adj in degree_three_digraphs(n))
               for n in range(1, 5)}
    assert largest == {1: 0, 2: 1, 3: 2, 4: 3}
    witness = GEOGRAPHY.parse("4;0>1,0>2,0>3,1>3,2>3,2>1;start=0")
    assert solver.grundy(witness) == 3


def test_random_larger_degree_three_digraphs() -> None:
    """Random digraphs of 5 to 12 vertices, arcs added while both ends have room."""
    rng = random.Random(310)
    solver = Solver(GEOGRAPHY)
    seen = set()
    for _ in range(300):
        n = rng.randint(5, 12)
        adj, degree = [0] * n, [0] * n
        for _ in range(3 * n):
            a, b = rng.sample(range(n), 2)
            if degree[a] < 3 and degree[b] < 3 and not adj[a] >> b & 1:
                adj[a] |= 1 << b
                degree[a] += 1
                degree[b] += 1
        values = nimbers(tuple(adj), solver)
        assert max(values) <= 3
        seen.update(values)
    assert seen == {0, 1, 2, 3}
