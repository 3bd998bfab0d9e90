"""Misère play on the arc gadget of Theorem 3.2.1 (Ferland 2024, §3.5,
``001_56c9c94dd1ec088e.txt`` @77611; ``.wrapped.txt`` L520-527).

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

from grundy.reductions.geography_constructions import gadget_graph
from grundy.reductions.verify import impartial
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import HashedAdjacency, vertices
from grundy.search import Solver
from grundy.values import Outcome


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
