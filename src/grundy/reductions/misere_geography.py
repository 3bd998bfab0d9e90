"""Misère play against Grundy values in undirected geography (Ferland 2024, Thm 3.5.1,
§3.5, ``001_56c9c94dd1ec088e.txt`` @77611; ``.wrapped.txt`` L517-536).

Thm 3.5.1 names four classes of positions by which of the misère outcome and the
nimber are polynomial (P) or PSPACE-hard (H).  What is computable of them is here:

- **PP**, trees: ``tree_values`` gives the nimber and the misère outcome of a position
  whose token lies in a tree in linear time (a move never returns, so each is a
  recursion over the subtrees below the token).
- **PH**, the graphs of Thm 3.2.1's reduction (nimber PSPACE-hard there):
  ``reduction_misere_outcome`` decides the misère outcome at an original vertex (and at
  the prelude's start) by looking only at the arc gadgets around it, as the thesis's
  claims (1)-(3) below say, with claim (3) corrected.
- **HP**, Renault & Schmidt's reduction: the thesis gives its nimbers at a start vertex
  u (*3, *2 or * by whether u has out- and in-arcs) but not its gadget.
  ``arc_gadget_graph`` builds the reduction with the one minimal 7-vertex gadget
  (``ARC_GADGET``) that makes the misère outcome equal the directed normal outcome and
  gives those nimbers on every digraph up to 3 vertices; ``arc_gadget_value`` is the rule.
  Registered as ``geography->misere-undirected-geography`` (``grundy verify``: the
  digraph's normal-play winner is the graph's misère winner).
- HH is undirected geography itself.

In the undirected graph of ``directed_to_undirected`` the thesis claims that misère
winnability is local at an original vertex u holding the token:
(1) a move to an arc gadget's ``a`` (arc u>y) wins; (2) a move to a gadget's ``d``
(arc x>u) loses; (3) with moves to neither, u has no moves, so the player to move wins.
``gadget_claims`` checks each claim by misère search.  (1) and (2) hold; (3) overlooks
u's pendant leaf: the only move left goes to the leaf and loses, so such a position is
misère P, not N (docs/errata.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from grundy.protocol import Citation
from grundy.reductions.geography_constructions import GraphBuilder, gadget_graph
from grundy.reductions.registry import Kind, Reduction, register
from grundy.reductions.verify import impartial
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import Adjacency, HashedAdjacency, edge_list, reachable, vertices
from grundy.search import Solver
from grundy.values import Outcome
from grundy.values.nimber import mex


@dataclass(frozen=True)
class ClaimCheck:
    """One claim at one position: what the thesis says the misère outcome is and what
    the search finds (for (1) and (2) the position after the move)."""

    claim: int
    position: GeographyPosition
    printed: Outcome
    found: Outcome

    @property
    def holds(self) -> bool:
        return self.printed is self.found


def gadget_claims(directed: GeographyPosition) -> Iterator[ClaimCheck]:
    """Every instance of claims (1)-(3) in the reduction of ``directed``, with the
    token placed on each original vertex u (the prelude's ``start`` and ``p`` gone)."""
    graph = gadget_graph(directed)
    solver = Solver(impartial("undirected-geography"))
    adj = HashedAdjacency(graph.adj)
    n = len(graph.adj)
    prelude = 1 << graph.vertex("start") | 1 << graph.vertex("p")
    arcs = [(k[1], k[2]) for k in graph.index if isinstance(k, tuple) and k[0] == "a"]
    for u in vertices(~directed.removed & ((1 << directed.n) - 1)):
        here = graph.vertex(u)
        starts = [graph.vertex(("a", x, y)) for x, y in arcs if x == u]
        ends = [graph.vertex(("d", x, y)) for x, y in arcs if y == u]
        position = GeographyPosition(n, adj, here, prelude)
        for claim, targets, printed in ((1, starts, Outcome.P), (2, ends, Outcome.N)):
            for target in targets:
                child = GeographyPosition(n, adj, target, prelude | 1 << here)
                yield ClaimCheck(claim, child, printed, solver.misere_outcome(child))
        cut = sum(1 << v for v in starts + ends)
        blocked = position._replace(removed=prelude | cut)
        yield ClaimCheck(3, blocked, Outcome.N, solver.misere_outcome(blocked))


def tree_values(adj: Adjacency, token: int, removed: int = 0) -> tuple[int, Outcome]:
    """Class PP: the nimber and the misère outcome of undirected geography with the token
    in a tree (the token's component among the vertices not removed has no cycle), in
    time linear in its size.  A move enters one subtree below the token and never comes
    back, so a vertex's value is the mex of its children's, and the player to move wins
    misère play at a vertex without children or with a child that is a misère P-position.

    >>> path = (0b10, 0b101, 0b1010, 0b100)  # 0-1-2-3, token at an end
    >>> tree_values(path, 0)
    (1, <Outcome.P: 'P'>)
    """
    part = reachable(adj, token, removed, len(adj))
    edges = sum((adj[v] & part).bit_count() for v in vertices(part)) // 2
    if edges != part.bit_count() - 1:
        raise ValueError("the token's component has a cycle: tree_values needs a tree")
    order, parent = [token], {token: -1}
    for v in order:  # breadth first: children after their parents
        for w in vertices(adj[v] & part):
            if w != parent[v]:
                parent[w] = v
                order.append(w)
    nimber: dict[int, int] = {}
    wins: dict[int, bool] = {}
    for v in reversed(order):
        children = [w for w in vertices(adj[v] & part) if w != parent[v]]
        nimber[v] = mex(nimber[w] for w in children)
        wins[v] = not children or any(not wins[w] for w in children)
    return nimber[token], Outcome.N if wins[token] else Outcome.P


def reduction_misere_outcome(graph: GraphBuilder, position: GeographyPosition) -> Outcome | None:
    """Class PH: the misère outcome of a position of Thm 3.2.1's reduction (``graph`` is
    ``gadget_graph`` of the directed game) with the token on an original vertex u or on
    the prelude's start, read off the gadgets around it; None for other tokens.

    At u the player to move wins exactly when some arc gadget u>y still has its ``a``:
    the move to ``a`` wins (claim (1)); moves to a gadget's ``d`` lose (claim (2)); and
    with neither, u's pendant leaf is the only move and it loses (claim (3) as corrected,
    docs/errata.md).  At ``start`` the prelude's leaves lose, so the play runs
    start, p, s and the player to move at start is the player to move at s.
    """
    name = next(k for k, v in graph.index.items() if v == position.token)
    alive = ~position.removed

    def wins_at(u: object) -> bool:
        return any(isinstance(k, tuple) and k[0] == "a" and k[1] == u and alive >> v & 1
                   for k, v in graph.index.items())

    if name == "start":
        s = next(k for k, v in graph.index.items()
                 if isinstance(k, int) and graph.adj[graph.vertex("p")] >> v & 1)
        name = s
    if isinstance(name, int):
        return Outcome.N if wins_at(name) else Outcome.P
    return None


#: An arc gadget on uv1..uv7 (uv1 joined to u, uv7 to v) for a Renault-Schmidt style
#: reduction; the thesis uses their gadget's values without drawing it.  uv1, uv2, uv3
#: form a triangle, uv2 and uv3 meet at uv4, which carries the leaves uv5 and uv6, and
#: uv7 is joined to uv1 and uv4.  Of all connected 7-vertex gadgets (2^21 edge sets,
#: searched outside the repository), with a pendant leaf on each original vertex, this
#: is the only one up to renaming uv2..uv6, apart from itself plus the edge uv1-uv4, that
#: makes the misère outcome equal the directed game's normal outcome and gives the
#: thesis's values at every start on every digraph of at most 3 vertices.  One of the two
#: leaves is redundant (a leaf is a losing move; two equal ones are one), so the smallest
#: such gadget has 6 vertices.  A reconstruction, not Renault and Schmidt's drawing.
ARC_GADGET = ((1, 2), (1, 3), (1, 7), (2, 3), (2, 4), (3, 4), (4, 5), (4, 6), (4, 7))


def arc_gadget_graph(directed: GeographyPosition,
                     gadget: tuple[tuple[int, int], ...] = ARC_GADGET) -> GraphBuilder:
    """Class HP (Thm 3.5.1): each remaining vertex v of the digraph with a pendant leaf
    ``("leaf", v)``, each arc u>v between remaining vertices a copy of ``gadget`` on
    ``(u, v, 1)`` ... ``(u, v, 7)`` with u-(u, v, 1) and (u, v, 7)-v.  Arcs into the token
    are kept: the thesis's values count them."""
    graph = GraphBuilder(directed=False)
    alive = ~directed.removed & ((1 << directed.n) - 1)
    for v in vertices(alive):
        graph.edge(v, ("leaf", v))
    for u, v in edge_list(directed.adj, directed=True):
        if alive >> u & alive >> v & 1:
            graph.edge(u, (u, v, 1))
            graph.edge((u, v, 7), v)
            for i, j in gadget:
                graph.edge((u, v, i), (u, v, j))
    return graph


def arc_gadget_value(directed: GeographyPosition, u: int) -> int:
    """The thesis's nimber for the token on original vertex u of the full graph: *3 if u
    is joined to some uv1 and some ru7, *2 if only to some uv1, else *."""
    alive = ~directed.removed & ((1 << directed.n) - 1)
    out = bool(directed.adj[u] & alive)
    into = any(directed.adj[r] >> u & 1 for r in vertices(alive))
    return 3 if out and into else 2 if out else 1


def misere_image(directed: GeographyPosition) -> GeographyPosition:
    """The HP reduction of a directed position: ``arc_gadget_graph`` with the token
    where it was."""
    return arc_gadget_graph(directed).position(directed.token)


register(Reduction(
    name="geography->misere-undirected-geography",
    source="geography",
    target="undirected-geography",
    kind=Kind.MISERE_WINNABILITY,
    map_position=misere_image,
    citation=Citation("001_56c9c94dd1ec088e.txt", "@77611", "Thm 3.5.1 (class HP)"),
    summary="directed geography to undirected geography played misère: a pendant leaf on "
            "each vertex and a 7-vertex gadget per arc (reconstructed: the thesis does not "
            "draw Renault and Schmidt's)",
))
