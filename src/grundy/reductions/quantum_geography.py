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
from typing import cast

from grundy.protocol import Citation, GrundyError, Move
from grundy.reductions.geography_constructions import GraphBuilder
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import edge_list, vertices
from grundy.rulesets.registry import get
from grundy.transforms.quantum import Quantum, QuantumMove, Superposition, superpose


def classical_start(position: GeographyPosition) -> Superposition:
    """A classical position as a 1-wide superposition."""
    return superpose([position])


def playable_arcs(position: GeographyPosition) -> list[tuple[int, int]]:
    """The arcs between remaining vertices that do not enter the token."""
    alive = ~position.removed & ((1 << position.n) - 1)
    return [(x, y) for x, y in edge_list(position.adj, directed=True)
            if alive >> x & alive >> y & 1 and y != position.token]


def subdivide_arcs(position: GeographyPosition) -> GeographyPosition:
    """Every arc x>y between remaining vertices becomes x>(x,y,1)>(x,y,2)>y; removed
    vertices and arcs into the token are dropped (they can never be played)."""
    graph = GraphBuilder(directed=True)
    graph.vertex(position.token)
    for v in vertices(~position.removed & ((1 << position.n) - 1)):
        graph.vertex(v)
    for x, y in playable_arcs(position):
        graph.edge(x, (x, y, 1))
        graph.edge((x, y, 1), (x, y, 2))
        graph.edge((x, y, 2), y)
    return graph.position(position.token)


def quantum_subdivided(position: GeographyPosition) -> Superposition:
    """Theorem 6.2.6's instance: the subdivided graph, classical start."""
    return classical_start(subdivide_arcs(position))


def the_classical(start: Superposition) -> GeographyPosition:
    """The one realization of a classical start (GrundyError for a wider one)."""
    if len(start) != 1:
        raise GrundyError("Theorems 6.2.4-6.2.5 map classical starts: give a 1-wide position")
    return cast(GeographyPosition, start[0])


def board(position: GeographyPosition, arcs: list[tuple[int, int]],
          cut: tuple[int, int] | None) -> GeographyPosition:
    """Theorem 6.2.4's main board (``cut`` None) or (a, b)-board (``cut`` = (a, b)): every
    arc a>b as the path a-ab1-ab2-b, except that the cut arc has stop-ab2 instead of
    ab1-ab2.  Every board numbers its vertices alike, so moves mean the same in all."""
    graph = GraphBuilder(directed=False)
    graph.vertex(position.token)
    graph.vertex("stop")
    for a, b in arcs:
        graph.edge(a, (a, b, 1))
        graph.edge("stop" if (a, b) == cut else (a, b, 1), (a, b, 2))
        graph.edge((a, b, 2), b)
    return graph.position(position.token)


def poly_wide(start: Superposition) -> Superposition:
    """Theorem 6.2.4's superposition: the main board and one board per arc."""
    position = the_classical(start)
    arcs = playable_arcs(position)
    return superpose(board(position, arcs, cut) for cut in [None, *arcs])


def reachable_start(start: Superposition, printed: bool = False) -> Superposition:
    """Theorem 6.2.5's position: Fig 6.3's graph after the prescribed prior moves,
    played by the width-2 quantum rules (so the position is reachable by construction).
    ``printed`` leaves out the edge from the last link to the start, as the text does
    (docs/errata.md): then the last prior move is illegal."""
    position = the_classical(start)
    arcs = playable_arcs(position)
    if not arcs:
        return start
    graph = GraphBuilder(directed=False)
    graph.vertex(position.token)
    prior: list[Move] = []
    for index, (a, b) in enumerate(arcs):
        one, two, stop = (a, b, 1), (a, b, 2), (a, b, "stop")
        before, after = ("link", index), ("link", index + 1)
        for x, y in ((a, one), (one, two), (stop, two), (two, b),
                     (before, one), (before, stop), (one, after), (stop, after)):
            graph.edge(x, y)
        prior += [QuantumMove({graph.vertex(one), graph.vertex(stop)}), graph.vertex(after)]
    if not printed:
        graph.edge(("link", len(arcs)), position.token)
    prior.append(graph.vertex(position.token))
    game = cast(Quantum, get("quantum(undirected-geography,2)"))
    current: Superposition = (graph.position(("link", 0)),)
    for move in prior:
        options = dict(game.moves(current))
        if move not in options:
            raise GrundyError(f"the prior move {game.format_move(move)} is illegal")
        current = options[move]
    return current


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


def few_arc_digraphs(rng: random.Random, size: int) -> Superposition:
    """Classical starts on digraphs of 2-5 vertices with at most four playable arcs
    (Theorem 6.2.5's position has 2^arcs realizations)."""
    while True:
        position = random_graph(rng, 1 + min(size, 4), directed=True, density=0.5)
        if len(playable_arcs(position)) <= 4:
            return classical_start(position)


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

register(Reduction(
    name="quantum-geography-poly-wide-undirected",
    source="quantum(geography,2)",
    target="quantum(undirected-geography,2)",
    kind=Kind.WINNABILITY_PRESERVING,
    map_position=poly_wide,
    citation=Citation("001_56c9c94dd1ec088e.txt", "@152100", "Thm 6.2.4"),
    summary="quantum directed geography (classical start) to quantum undirected geography "
            "from a poly-wide start: a main board and an (a,b)-board per arc",
    instances=few_arc_digraphs,
))

register(Reduction(
    name="quantum-geography-reachable-undirected",
    source="quantum(geography,2)",
    target="quantum(undirected-geography,2)",
    kind=Kind.WINNABILITY_PRESERVING,
    map_position=reachable_start,
    citation=Citation("001_56c9c94dd1ec088e.txt", "@153500", "Thm 6.2.5"),
    summary="quantum directed geography (classical start) to quantum undirected geography "
            "from a position reached by prior moves from a classical start (2^arcs "
            "realizations)",
    instances=few_arc_digraphs,
))
