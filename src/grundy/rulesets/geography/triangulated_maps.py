"""Undirected geography on the duals of fully triangulated planar maps (Ferland 2024,
Cor 3.4.1; seed ``001_56c9c94dd1ec088e.wrapped.txt`` L496-498).

A triangulation of the sphere with n ≥ 4 vertices has 2n − 4 triangular faces; its
dual joins two faces that share an edge, so every face has exactly three neighbours.
The token starts on a face.  The start has three options, and every later position at
most two (the face the token came from is gone), so the branch-and-bound of Thm 3.3.1
(``algorithms.BranchAndBound``: a P-position is 0 by the matching, an N-position of
degree ≤ 2 follows its one N-option) values it in polynomial time: Cor 3.4.1.

Triangulations are drawn at random: a tetrahedron, vertices inserted into random faces,
then random edge flips (an edge ab between faces abc and bad becomes cd, when c and d
are not already adjacent), which reach every triangulation on n vertices.  The faces of
the dual are read back from networkx's planar embedding of the triangulation (Whitney:
a 3-connected planar graph has one embedding), not from the generator's bookkeeping.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from grundy.protocol import GrundyError
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import HashedAdjacency

if TYPE_CHECKING:  # imported where used: networkx is slow to import
    import networkx as nx

Face = tuple[int, int, int]

#: Triangulations drawn here: at most this many vertices (2n − 4 faces in the dual).
MAX_TRIANGULATION_VERTICES = 2_000


def random_triangulation(rng: random.Random, n: int, flips: int | None = None) -> nx.Graph[int]:
    """A random maximal planar graph on n ≥ 4 vertices: stacked insertions into random
    faces, then ``flips`` random edge flips (default 10n)."""
    if not 4 <= n <= MAX_TRIANGULATION_VERTICES:
        raise GrundyError(f"a triangulated map here has 4 to {MAX_TRIANGULATION_VERTICES:,} "
                          f"vertices, not {n}: choose a size in that range")
    # Oriented faces: each edge a→b lies on exactly one face, its reverse on the other.
    faces: set[Face] = {(0, 1, 2), (0, 2, 3), (0, 3, 1), (1, 3, 2)}
    for x in range(4, n):
        a, b, c = rng.choice(sorted(faces))
        faces -= {(a, b, c)}
        faces |= {(a, b, x), (b, c, x), (c, a, x)}
    edges = {_edge(f[0], f[1]) for f in faces} | {_edge(f[1], f[2]) for f in faces}
    for _ in range(10 * n if flips is None else flips):
        face = rng.choice(sorted(faces))
        a, b, c = face
        other = next(f for f in faces if (b, a) in ((f[0], f[1]), (f[1], f[2]), (f[2], f[0])))
        d = next(v for v in other if v not in (a, b))
        if _edge(c, d) in edges:
            continue  # the flip would double an edge
        faces -= {face, other}
        faces |= {(a, d, c), (d, b, c)}
        edges = (edges - {_edge(a, b)}) | {_edge(c, d)}
    import networkx as nx

    graph: nx.Graph[int] = nx.Graph()
    graph.add_edges_from(edges)
    return graph


def _edge(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def dual_faces(triangulation: nx.Graph[int]) -> list[Face]:
    """The faces of a maximal planar graph, from networkx's planar embedding, each as its
    sorted vertex triple (in a fixed order)."""
    import networkx as nx

    planar, embedding = nx.check_planarity(triangulation)
    if not planar or not isinstance(embedding, nx.PlanarEmbedding):
        raise GrundyError("the graph is not planar: a triangulated map must be")
    seen: set[tuple[int, int]] = set()
    faces: list[Face] = []
    for v, w in sorted(embedding.edges()):
        if (v, w) in seen:
            continue
        face = embedding.traverse_face(v, w, mark_half_edges=seen)
        if len(face) != 3:
            raise GrundyError(f"a face has {len(face)} sides: the map is not fully triangulated")
        a, b, c = sorted(face)
        faces.append((a, b, c))
    return sorted(faces)


def dual_position(triangulation: nx.Graph[int], start: int = 0) -> GeographyPosition:
    """Undirected geography on the dual of ``triangulation``, the token on face
    ``start`` (faces numbered in the order of ``dual_faces``)."""
    faces = dual_faces(triangulation)
    if not 0 <= start < len(faces):
        raise GrundyError(f"face {start} does not exist: the map has {len(faces)} faces")
    on_edge: dict[frozenset[int], list[int]] = {}
    for index, (a, b, c) in enumerate(faces):
        for edge in ((a, b), (b, c), (a, c)):
            on_edge.setdefault(frozenset(edge), []).append(index)
    adj = [0] * len(faces)
    for f, g in on_edge.values():
        adj[f] |= 1 << g
        adj[g] |= 1 << f
    return GeographyPosition(len(faces), HashedAdjacency(adj), start, 0)


def random_dual(rng: random.Random, n: int) -> GeographyPosition:
    """The dual of a random triangulated map on n vertices, the token on a random face."""
    return dual_position(random_triangulation(rng, n), rng.randrange(2 * n - 4))
