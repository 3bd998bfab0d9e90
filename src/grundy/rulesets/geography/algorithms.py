"""Polynomial and branch-and-bound algorithms for UNDIRECTED GEOGRAPHY.

Outcome by maximum matching (Fraenkel-Scheinerman-Ullman; seed 001,
``001_56c9c94dd1ec088e.wrapped.txt`` L413-415; seed 002 ``002_8bc4c30c443a0021.txt``
L70): the player to move wins from the token's vertex v iff v lies in every maximum
matching of the token's component, i.e. iff removing v lowers the matching number;
the winning move follows v's matched edge.  O(n³) with Edmonds' blossom algorithm
(networkx).

Grundy values by Ferland's branch-and-bound (seed 001 Thm 3.3.1 L477, Thm 3.4.2
L504, Thm 3.4.3 L510-516): P-positions are 0 without search (the matching says so),
so only N-options are ever expanded; a position of degree ≤ 2 that is N has one
P-option, and its value is 1 if the other option is P or missing, else
3 ⊕ value(that N-option) — one recursive call, a polynomial path.  In general an
option of degree d has value ≤ d, so once the values found cover 0..m-1 every
option of degree < m is skipped (it cannot change the mex).  With few high-degree
vertices the search tree is polynomial (Thm 3.4.3).

Positions here are ``(adj, token, part)``: a graph, the token's vertex and the
vertex set of its component among the vertices still there (see ``reachable``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grundy.rulesets.graphs import Adjacency, neighbours_of, reachable, vertices

if TYPE_CHECKING:  # the search package imports the rulesets: no import cycle at run time
    from grundy.search.budget import Budget


def component(adj: Adjacency, token: int, removed: int) -> int:
    """The token's vertex and every vertex it can reach through non-removed vertices."""
    return reachable(adj, token, removed, len(adj))


def maximum_matching(adj: Adjacency, part: int) -> dict[int, int]:
    """A maximum matching of the subgraph induced on ``part``, as a partner map
    (both directions).  Edmonds' blossom algorithm through networkx, O(n³)."""
    import networkx as nx  # here, not at import: networkx is slow to import

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(vertices(part))
    graph.add_edges_from(
        (a, b) for a in vertices(part) for b in vertices(adj[a] & part) if a < b
    )
    partner: dict[int, int] = {}
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        partner[a], partner[b] = b, a
    return partner


def matching_number(adj: Adjacency, part: int) -> int:
    """The size of a maximum matching of the subgraph induced on ``part``.

    Pendant vertices are peeled first: a vertex with one neighbour u is matched to u
    in some maximum matching, so ν(G) = 1 + ν(G - {leaf, u}); isolated vertices drop
    out.  Trees vanish entirely; only the rest goes to the blossom algorithm.
    """
    count = 0
    queue = vertices(part)
    while queue:
        v = queue.pop()
        if not part >> v & 1:
            continue
        around = adj[v] & part
        if around & (around - 1):
            continue  # two or more neighbours
        part &= ~(1 << v)
        if around:
            count += 1
            part &= ~around
            queue += vertices(neighbours_of(adj, around) & part)
    return count + len(maximum_matching(adj, part)) // 2 if part else count


def matching_move(adj: Adjacency, token: int, part: int) -> int | None:
    """A winning move from ``token`` in its component ``part``, or None if the
    player to move loses: the token's partner in a maximum matching, when the
    token lies in every maximum matching (seed 001 L413-415).

    >>> path = (0b10, 0b101, 0b1010, 0b100)  # 0-1-2-3: a unique perfect matching
    >>> matching_move(path, 0, 0b1111), matching_move(path, 0, 0b0111)
    (1, None)
    """
    partner = maximum_matching(adj, part)
    if token not in partner:
        return None
    smaller = 2 * matching_number(adj, part & ~(1 << token)) < len(partner)
    return partner[token] if smaller else None


def token_wins(adj: Adjacency, token: int, part: int) -> bool:
    """Does the player to move win?  (Matching outcome, polynomial time.)"""
    return matching_number(adj, part) > matching_number(adj, part & ~(1 << token))


def options(adj: Adjacency, token: int, part: int) -> list[tuple[int, int]]:
    """Each move as (new token vertex, its component once ``token`` is deleted)."""
    rest = part & ~(1 << token)
    return [(v, component(adj, v, ~rest)) for v in vertices(adj[token] & rest)]


@dataclass
class BranchAndBound:
    """Exact Grundy values of undirected geography positions on one graph, counting
    the positions expanded (``nodes``) and the maximum matchings computed (``matchings``).

    >>> star = (0b1110, 0b1, 0b1, 0b1)      # centre 0 joined to 1, 2, 3
    >>> BranchAndBound(star).grundy(1, 0), BranchAndBound(star).grundy(0, 0)
    (0, 1)
    """

    adj: Adjacency
    budget: Budget | None = None
    nodes: int = 0
    matchings: int = 0
    _values: dict[tuple[int, int], int] = field(default_factory=dict)
    _numbers: dict[int, int] = field(default_factory=dict)

    def grundy(self, token: int, removed: int) -> int:
        """The nimber of the position with the token on ``token`` and ``removed`` gone."""
        if self.budget is not None:
            self.budget.start()
        part = component(self.adj, token, removed)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * part.bit_count() + 1000))
        try:
            return self._value(token, part)
        finally:
            sys.setrecursionlimit(limit)

    def wins(self, token: int, part: int) -> bool:
        """The matching outcome, with matching numbers remembered per vertex set: the
        parent's test already computed the number of each option's component."""
        return self._matching_number(part) > self._matching_number(part & ~(1 << token))

    def _matching_number(self, part: int) -> int:
        known = self._numbers.get(part)
        if known is None:
            self.matchings += 1
            known = self._numbers[part] = matching_number(self.adj, part)
        return known

    def _value(self, token: int, part: int) -> int:
        """Recursion depth is at most the component's size (each move deletes a vertex)."""
        if not self.wins(token, part):
            return 0
        known = self._values.get((token, part))
        if known is not None:
            return known
        self.nodes += 1
        if self.budget is not None:
            self.budget.tick(len(self._values))
        # the N-options, by degree (an option of degree d has value at most d)
        live = []
        for child, rest in options(self.adj, token, part):
            if self.wins(child, rest):
                live.append(((self.adj[child] & rest).bit_count(), child, rest))
        found, mex = 1, 1  # a winning position has a P-option: value 0 is found
        for degree, child, rest in sorted(live):
            if degree < mex:
                continue  # its value is below mex, so already found
            found |= 1 << self._value(child, rest)
            while found >> mex & 1:
                mex += 1
        self._values[token, part] = mex
        return mex


def branch_and_bound(adj: Adjacency, token: int, removed: int = 0) -> tuple[int, int]:
    """The nimber of an undirected geography position and the number of positions
    the branch-and-bound expanded (P-positions cost one matching test, no node)."""
    search = BranchAndBound(adj)
    return search.grundy(token, removed), search.nodes

