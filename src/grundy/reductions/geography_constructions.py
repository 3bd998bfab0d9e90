"""Undirected geography positions of prescribed nimbers (seed 001, Ferland, Ch. 3).

Line numbers refer to ``001_56c9c94dd1ec088e.wrapped.txt``.

- ``binomial_tree(n)``: Observation 3.6.1 (L542-545): the root of t(n) has options
  t(n-1), ..., t(0), so it is *n, with 2^n vertices.
- ``nimber_generation(n)``: Algorithm 1 (L570-583), Theorem 3.6.9 (L608-617): value *n
  with O(n²) vertices, with the three fixes that make it true (docs/errata.md).
- ``star_chain`` and ``separate``: the chains of Theorem 3.6.10 (L619-628).
- ``directed_to_undirected``: Theorem 3.2.1 (L427) with the gadget of Fig 3.1 and the
  prelude of Fig 3.2 (L465): P ↦ *, N ↦ *z with z ≥ 2; registered as the reduction
  ``geography->undirected-geography``.
"""

from __future__ import annotations

from collections.abc import Hashable

from grundy.protocol import Citation, GrundyError, TooBig
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import GEOGRAPHY_LIMITS, HashedAdjacency, edge_list, vertices
from grundy.values import Outcome

#: Most vertices a construction builds: what the geography text format accepts
#: (t(13) and Algorithm 1 up to *46 fit).
MAX_BUILT = GEOGRAPHY_LIMITS["vertices"]


class GraphBuilder:
    """Vertices named by any hashable, numbered in order of creation; at most
    ``MAX_BUILT`` of them (TooBig past it), so a construction asked for a huge value
    stops at once instead of filling the memory."""

    def __init__(self, directed: bool) -> None:
        self.directed = directed
        self.index: dict[Hashable, int] = {}
        self.adj: list[int] = []

    def vertex(self, name: Hashable) -> int:
        """The number of the vertex called ``name`` (created on first use)."""
        if name not in self.index:
            if len(self.adj) >= MAX_BUILT:
                raise TooBig(f"this construction needs more than {MAX_BUILT:,} vertices, "
                             "the most a geography position has: ask for a smaller value")
            self.index[name] = len(self.adj)
            self.adj.append(0)
        return self.index[name]

    def fresh(self) -> int:
        """A new anonymous vertex."""
        return self.vertex(("fresh", len(self.adj)))

    def edge(self, a: Hashable, b: Hashable) -> None:
        """An edge a-b (an arc a>b if directed) between named vertices."""
        self.join(self.vertex(a), self.vertex(b))

    def join(self, u: int, v: int) -> None:
        self.adj[u] |= 1 << v
        if not self.directed:
            self.adj[v] |= 1 << u

    def copy(self, position: GeographyPosition) -> int:
        """Add a copy of the position's remaining graph; returns the copy of its token."""
        alive = ~position.removed
        offset = {v: self.fresh() for v in range(position.n) if alive >> v & 1}
        for a, b in edge_list(position.adj, self.directed):
            if a in offset and b in offset:
                self.join(offset[a], offset[b])
        return offset[position.token]

    def position(self, token: Hashable) -> GeographyPosition:
        return GeographyPosition(len(self.adj), HashedAdjacency(self.adj), self.vertex(token), 0)


def attach_tree(graph: GraphBuilder, root: int, n: int) -> int:
    """Add a binomial tree t(n) and return its root; if ``root`` is given (≥ 0) join it
    to the tree's root."""
    top = graph.fresh()
    if root >= 0:
        graph.join(root, top)
    for smaller in range(n):
        attach_tree(graph, top, smaller)
    return top


def binomial_tree(n: int) -> GeographyPosition:
    """t(n), token on the root: value *n, 2^n vertices (Obs 3.6.1, L542-545)."""
    graph = GraphBuilder(directed=False)
    attach_tree(graph, -1, n)
    return GeographyPosition(len(graph.adj), HashedAdjacency(graph.adj), 0, 0)


def attach_nimber(graph: GraphBuilder, vertex: int, n: int) -> None:
    """Join ``vertex`` to the start of a fresh gadget of value *n (a tree for n ≤ 3,
    else Algorithm 1), so that moving there from ``vertex`` is a move to *n."""
    if n <= 3:
        attach_tree(graph, vertex, n)
    else:
        graph.join(vertex, graph.copy(nimber_generation(n)))


def nimber_generation(n: int, fixed: bool = True) -> GeographyPosition:
    """The Nimber Generation Algorithm (Alg 1, L570-583) with the three fixes that
    make Theorem 3.6.9 true (docs/errata.md): edges N_i-M_i and N_i-P_i, the edge
    N4-R4, and N4's own *3 tree.  Token on N_n, value *n; for n ≥ 4 it has
    16, 46, 86, 136, 196, ... = 5n² - 15n - 4 vertices.  ``fixed=False`` builds the
    algorithm as printed (for the errata).

    >>> [nimber_generation(n).n for n in range(4, 9)]
    [16, 46, 86, 136, 196]
    """
    if n < 0:
        raise GrundyError(f"nimber {n} is negative: ask for *0, *1, *2, ...")
    if n <= 3:
        return binomial_tree(n)
    graph = GraphBuilder(directed=False)
    graph.vertex(("N", 4))
    if fixed:
        graph.edge(("N", 4), ("R", 4))  # fix 2
    for value in (1, 2, 3) if fixed else (1, 2):  # fix 3: the *3 tree
        attach_tree(graph, graph.vertex(("N", 4)), value)
    for i in range(5, n + 1):
        edges: list[tuple[Hashable, Hashable]] = [
            (("N", i), ("R", i)), (("M", i), ("M0", i)), (("P", i), ("P0", i))
        ]
        if fixed:
            edges += [(("N", i), ("M", i)), (("N", i), ("P", i))]  # fix 1
        for j in range(4, i):
            pa, pb, pc, pd, pe, pf = ((f"P{x}", i, j) for x in "abcdef")
            ma, mb, mc, md = ((f"M{x}", i, j) for x in "abcd")
            edges += [(("P", i), pa), (pa, pb), (pa, pc), (pc, pd), (pc, pe), (pe, pf),
                      (pf, ("R", j)), (("N", i), ("N", j)),
                      (("M", i), ma), (ma, mb), (ma, mc), (mc, md), (md, ("R", j))]
        for a, b in edges:
            graph.edge(a, b)
        attach_tree(graph, graph.vertex(("N", i)), 3)
        attach_tree(graph, graph.vertex(("M", i)), 2)
        attach_tree(graph, graph.vertex(("P", i)), 1)
    return graph.position(("N", n))


def star_chain(base: GeographyPosition, k: int) -> GeographyPosition:
    """Theorem 3.6.10 (L619-626): from a position (G2, v2) of value * or *2, add
    v3, ..., vk, each v_j joined to v_(j-1) and to its own gadgets 0, *, ..., *(j-2)
    (as for v3 and v4 in the text; "vk with moves to its own 0 to *(k-1)" is a slip,
    see docs/errata.md).  Then (Gk, vk) = *(k-1) if (G2, v2) = *, and *k if *2."""
    if k < 2:
        raise GrundyError(f"chain length k = {k}: Theorem 3.6.10 needs k ≥ 2")
    graph = GraphBuilder(directed=False)
    top = graph.copy(base)
    for j in range(3, k + 1):
        vertex = graph.fresh()
        graph.join(vertex, top)
        for value in range(j - 1):
            attach_nimber(graph, vertex, value)
        top = vertex
    return GeographyPosition(len(graph.adj), HashedAdjacency(graph.adj), top, 0)


def separate(chain: GeographyPosition, k: int, p: int) -> GeographyPosition:
    """Theorem 3.6.10 (L626-628): a new vertex v_p joined to the chain's end v_k and to
    its own gadgets 0, ..., *(k-1) and *(k+1), ..., *(p-1): *p if (G_k, v_k) = *k, else
    *k when (G_k, v_k) = *(k-1)."""
    if not 0 < k < p:
        raise GrundyError(f"need 0 < k < p to separate *k from *p, got k = {k}, p = {p}")
    graph = GraphBuilder(directed=False)
    end = graph.copy(chain)
    vertex = graph.fresh()
    graph.join(vertex, end)
    for value in range(p):
        if value != k:
            attach_nimber(graph, vertex, value)
    return GeographyPosition(len(graph.adj), HashedAdjacency(graph.adj), vertex, 0)


def directed_to_undirected(position: GeographyPosition) -> GeographyPosition:
    """Theorem 3.2.1 (L427-465): an undirected geography position of value * if the
    directed position is P, and *z with z ≥ 2 if it is N.

    Every remaining vertex v gets a pendant leaf; every remaining arc x>y becomes the
    path gadget of Fig 3.1 (x-a, a-a0, a-b, b-c, b-f, c-c0, c-d, d-f, d-d0, d-y); the
    prelude of Fig 3.2 puts the token on ``start`` with start-l1, start-p, p-l2, p-s
    (l1, l2 leaves) where s holds the directed token.  Arcs into the token never
    matter and are left out.
    """
    return gadget_graph(position).position("start")


def gadget_graph(position: GeographyPosition) -> GraphBuilder:
    """The graph of ``directed_to_undirected`` with its vertices' names: an original
    vertex v is ``v``, its leaf ``("leaf", v)``, arc x>y's gadget vertices
    ``("a", x, y)`` ... ``("f", x, y)``; the prelude ``start``, ``p``, ``l1``, ``l2``."""
    graph = GraphBuilder(directed=False)
    alive = ~position.removed & ((1 << position.n) - 1)
    for v in vertices(alive):
        graph.edge(v, ("leaf", v))
    edges: list[tuple[Hashable, Hashable]] = [
        ("start", "l1"), ("start", "p"), ("p", "l2"), ("p", position.token)
    ]
    for x, y in edge_list(position.adj, directed=True):
        if alive >> x & alive >> y & 1 and y != position.token:
            a, a0, b, c, c0, d, d0, f = ((name, x, y) for name in
                                          ("a", "a0", "b", "c", "c0", "d", "d0", "f"))
            edges += [(x, a), (a, a0), (a, b), (b, c), (b, f), (c, c0), (c, d), (d, f),
                      (d, d0), (d, y)]
    for one, other in edges:
        graph.edge(one, other)
    return graph


def _theorem_3_2_1(outcome: Outcome, nimber: int) -> bool:
    """P ↦ * and N ↦ *z with z ≥ 2."""
    return nimber == 1 if outcome is Outcome.P else nimber >= 2


register(Reduction(
    name="geography->undirected-geography",
    source="geography",
    target="undirected-geography",
    kind=Kind.OUTCOME_TO_NIMBER,
    map_position=directed_to_undirected,
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L427-465", "Thm 3.2.1"),
    summary="directed to undirected geography: P becomes *, N becomes *z with z ≥ 2 (a "
            "pendant leaf per vertex, the path gadget of Fig 3.1 per arc, the prelude of "
            "Fig 3.2)",
    promise=_theorem_3_2_1,
))
