"""Quantum geography from a classical start (Ferland 2024, §6.2,
``001_56c9c94dd1ec088e.txt`` @139370-152000).

- Theorem 6.2.1: quantum undirected geography (superposed moves of width 2) started
  from a classical position has the classical winner: the map that reads a classical
  position as a 1-wide superposition is winnability-preserving.
- Theorem 6.2.6: quantum directed geography from a classical start is PSPACE-complete,
  by subdividing every arc A>B into A>AB1>AB2>B: the classical winner of the original
  game wins the quantum game on the subdivided graph.
"""

from __future__ import annotations

import random

from grundy.protocol import Citation
from grundy.reductions.geography_constructions import GraphBuilder
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import edge_list, vertices
from grundy.transforms.quantum import Superposition, superpose


def classical_start(position: GeographyPosition) -> Superposition:
    """A classical position as a 1-wide superposition."""
    return superpose([position])


def subdivide_arcs(position: GeographyPosition) -> GeographyPosition:
    """Every arc x>y between remaining vertices becomes x>(x,y,1)>(x,y,2)>y; removed
    vertices and arcs into the token are dropped (they can never be played)."""
    graph = GraphBuilder(directed=True)
    alive = ~position.removed & ((1 << position.n) - 1)
    graph.vertex(position.token)
    for v in vertices(alive):
        graph.vertex(v)
    for x, y in edge_list(position.adj, directed=True):
        if alive >> x & alive >> y & 1 and y != position.token:
            graph.edge(x, (x, y, 1))
            graph.edge((x, y, 1), (x, y, 2))
            graph.edge((x, y, 2), y)
    return graph.position(position.token)


def quantum_subdivided(position: GeographyPosition) -> Superposition:
    """Theorem 6.2.6's instance: the subdivided graph, classical start."""
    return classical_start(subdivide_arcs(position))


def random_graph(rng: random.Random, n: int, directed: bool, density: float) -> GeographyPosition:
    """G(n, p) with the token on a random vertex, nothing removed."""
    graph = GraphBuilder(directed)
    for v in range(n):
        graph.vertex(v)
    for a in range(n):
        for b in range(n) if directed else range(a + 1, n):
            if a != b and rng.random() < density:
                graph.edge(a, b)
    return graph.position(rng.randrange(n))


def small_graphs(rng: random.Random, size: int) -> GeographyPosition:
    """Undirected G(n, 1/2) on 2-7 vertices."""
    return random_graph(rng, 2 + min(size, 5), directed=False, density=0.5)


def small_digraphs(rng: random.Random, size: int) -> GeographyPosition:
    """Directed G(n, 0.4) on 2-5 vertices (the quantum search on the subdivided graph
    grows fast)."""
    return random_graph(rng, 1 + min(size, 4), directed=True, density=0.4)


register(Reduction(
    name="quantum-undirected-geography-classical-start",
    source="undirected-geography",
    target="quantum(undirected-geography,2)",
    kind=Kind.WINNABILITY_PRESERVING,
    map_position=classical_start,
    citation=Citation("001_56c9c94dd1ec088e.txt", "@143494", "Thm 6.2.1"),
    summary="undirected geography from a classical start: quantum play keeps the winner",
    instances=small_graphs,
))

register(Reduction(
    name="geography-arc-subdivision-quantum",
    source="geography",
    target="quantum(geography,2)",
    kind=Kind.WINNABILITY_PRESERVING,
    map_position=quantum_subdivided,
    citation=Citation("001_56c9c94dd1ec088e.txt", "@150600", "Thm 6.2.6"),
    summary="directed geography to quantum directed geography: subdivide A>B into "
            "A>AB1>AB2>B",
    instances=small_digraphs,
))
