"""Star Atlas: any impartial position as a GENERALIZED GEOGRAPHY position of the same
nimber (seed 002, ``002_8bc4c30c443a0021.txt`` Thm 11 L167, Lemmas 13-15 L197-215,
Thm 16 L220), the homomorphic sum (Thm 17, L243-253) and primality (Def 18 L277,
Thm 20 L285-293).

The paper answers "is G = *i?" by a gadget whose start s_i is 0 iff G ≠ *i, built
through QSAT.  Here s_i points to two vertex-disjoint copies of the game DAG of
G + *i: s_i = mex{x, x} with x = nimber(G + *i), and x = 0 iff G = *i.  Exact and
oracle-free, but as large as the game DAG (in general exponential).  Then (L189-193):
b_i → a_i → s_i; t_0, ..., t_(g-2) with t_i → t_j (j < i), so t_i = *i;
c_i → b_i and t_j (1 ≤ j ≤ i-2); d_i → b_1 and c_j for 2 ≤ j ≤ i (the lemmas' range;
the construction text says j ≤ i-1, see docs/errata.md); start → b_0, c_1, d_j.
Every arc goes "down" this list, so the graph is acyclic and deleting visited
vertices never matters: the position at start has nimber(G) (Thm 16).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from grundy.protocol import Citation, GrundyError, ImpartialRuleset
from grundy.reductions.geography_constructions import GraphBuilder
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.geography.edge import EdgeGeographyPosition
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import GEOGRAPHY_LIMITS, vertices
from grundy.rulesets.registry import get
from grundy.transforms.sum import Sum

#: Game DAGs larger than this are refused (the construction copies them 2(g+1) times).
MAX_DAG = 20_000


def game_dag(
    ruleset: ImpartialRuleset[Any], position: Hashable, limit: int = MAX_DAG
) -> list[list[int]]:
    """The positions reachable from ``position``, merged by canonical key, as lists of
    option indices; node 0 is ``position``.  GrundyError beyond ``limit`` nodes."""
    index: dict[Hashable, int] = {ruleset.key(position): 0}
    children: list[list[int]] = [[]]
    stack = [(0, position)]
    while stack:
        node, current = stack.pop()
        for child in ruleset.options(current):
            key = ruleset.key(child)
            if key not in index:
                if len(index) >= limit:
                    raise GrundyError(
                        f"the game has more than {limit:,} positions: Star Atlas copies its "
                        "whole game DAG, so encode a smaller position"
                    )
                index[key] = len(children)
                children.append([])
                stack.append((index[key], child))
            children[node].append(index[key])
    return children


def add_sum_with_heap(graph: GraphBuilder, dag: list[list[int]], heap: int) -> int:
    """A fresh copy of the game DAG of G + *heap; returns the vertex of its root."""
    node = {(v, k): graph.fresh() for v in range(len(dag)) for k in range(heap + 1)}
    for (v, k), vertex in node.items():
        for child in dag[v]:
            graph.join(vertex, node[child, k])
        for smaller in range(k):
            graph.join(vertex, node[v, smaller])
    return node[0, heap]


def star_atlas_graph(
    dag: list[list[int]], bound: int, printed_d_range: bool = False, split_a: bool = False,
    question: Callable[[GraphBuilder, int], int] | None = None,
) -> GraphBuilder:
    """The Star Atlas graph for the game whose DAG is ``dag`` and whose nimber is at
    most ``bound`` (Prop 12, L171: the number of options is such a bound), with its
    vertices named ("s", i), ("a", i), ..., "start".  ``printed_d_range`` joins d_i to
    c_2..c_(i-1) as the construction text (L193) says, for the errata.  ``split_a``
    doubles a_i into a1_i and a2_i, both b_i → a_k → s_i (Cor 22, L336: then b_i has two
    options, as the primality argument needs).  ``question(graph, i)`` builds another
    "is G = *i?" gadget and returns its start (``qsat_geography``: Figure 2's)."""
    g = max(bound, 1)
    size = len(dag) * (g + 1) * (g + 2)  # the two copies of G + *i for i = 0..g
    if question is None and size > GEOGRAPHY_LIMITS["vertices"]:  # what a position may hold
        raise GrundyError(
            f"the encoding would have over {size:,} vertices (the game has {len(dag):,} "
            f"positions and up to {bound} options): encode a smaller position"
        )
    graph = GraphBuilder(directed=True)
    for i in range(g + 1):
        if question is not None:
            graph.index[("s", i)] = question(graph, i)
        for _ in range(0 if question else 2):  # s_i has exactly two options
            graph.join(graph.vertex(("s", i)), add_sum_with_heap(graph, dag, i))
        for a in (("a1", i), ("a2", i)) if split_a else (("a", i),):
            graph.edge(a, ("s", i))
            graph.edge(("b", i), a)
    for i in range(g - 1):
        graph.vertex(("t", i))
        for j in range(i):
            graph.edge(("t", i), ("t", j))
    for i in range(1, g + 1):
        graph.edge(("c", i), ("b", i))
        for j in range(1, i - 1):
            graph.edge(("c", i), ("t", j))
    for i in range(2, g + 1):
        graph.edge(("d", i), ("b", 1))
        for j in range(2, i if printed_d_range else i + 1):
            graph.edge(("d", i), ("c", j))
    graph.edge("start", ("b", 0))
    graph.edge("start", ("c", 1))
    for j in range(2, g + 1):
        graph.edge("start", ("d", j))
    return graph


def star_atlas(ruleset: ImpartialRuleset[Any], position: Hashable) -> GeographyPosition:
    """A GENERALIZED GEOGRAPHY position with the nimber of ``position`` (Thm 11/16).

    >>> from grundy.search import Solver
    >>> nim = get("nim")
    >>> Solver(get("geography")).grundy(star_atlas(nim, (1, 2)))
    3
    """
    dag = game_dag(ruleset, position)
    return star_atlas_graph(dag, len(dag[0])).position("start")


def homomorphic_sum(
    first: tuple[ImpartialRuleset[Any], Hashable], second: tuple[ImpartialRuleset[Any], Hashable]
) -> GeographyPosition:
    """One GENERALIZED GEOGRAPHY position of nimber nimber(G1) ⊕ nimber(G2), built
    from the sum game G1 + G2 without computing either nimber (Thm 17, L243-253)."""
    ruleset, position = Sum.of([first, second])
    return star_atlas(ruleset, position)


def edge_star_atlas(ruleset: ImpartialRuleset[Any],
                    position: Hashable) -> EdgeGeographyPosition:
    """An EDGE GEOGRAPHY position with the nimber of ``position`` (Cor 6/22, L330-336):
    the Star Atlas graph with a_i doubled; it is acyclic, so deleting the traversed
    arc plays exactly as deleting the vertex left."""
    dag = game_dag(ruleset, position)
    vertex = star_atlas_graph(dag, len(dag[0]), split_a=True).position("start")
    return EdgeGeographyPosition(vertex.n, vertex.adj, vertex.token)


# -- primality by game-tree factorization (Def 18, L277) --------------------------------
class TreeFactorizer:
    """Rooted unlabelled game trees interned as ints, with tree sums (L137).

    A tree is the sorted tuple of its children's ids; ``sum`` builds A ■ B, whose root
    has children A' ■ B and A ■ B'.
    """

    def __init__(self) -> None:
        self.ids: dict[tuple[int, ...], int] = {}
        self.children: list[tuple[int, ...]] = []
        self.height: list[int] = []
        self._sums: dict[tuple[int, int], int] = {}

    def tree(self, children: list[int]) -> int:
        key = tuple(sorted(children))
        if key not in self.ids:
            self.ids[key] = len(self.children)
            self.children.append(key)
            self.height.append(1 + max((self.height[c] for c in key), default=-1))
        return self.ids[key]

    def sum(self, a: int, b: int) -> int:
        if a > b:
            a, b = b, a
        known = self._sums.get((a, b))
        if known is None:
            known = self._sums[a, b] = self.tree(
                [self.sum(x, b) for x in self.children[a]]
                + [self.sum(a, y) for y in self.children[b]]
            )
        return known

    def of_game(self, options: Callable[[Hashable], list[Hashable]], root: Hashable) -> int:
        """The game tree of ``root`` (memoised on positions, so ``options`` must depend
        on the position only)."""
        memo: dict[Hashable, int] = {}

        def build(position: Hashable) -> int:
            if position not in memo:
                memo[position] = self.tree([build(child) for child in options(position)])
            return memo[position]

        return build(root)

    def factors(self, tree: int) -> tuple[int, int] | None:
        """Two trees of height ≥ 1 whose tree sum is ``tree``, or None if it is prime.

        A factor A of T = A ■ B is the subtree reached by playing B out, so both
        factors are subtrees of T; try every pair whose heights add up."""
        subtrees: set[int] = set()
        stack = [tree]
        while stack:
            node = stack.pop()
            if node not in subtrees:
                subtrees.add(node)
                stack.extend(self.children[node])
        total = self.height[tree]
        candidates = sorted(t for t in subtrees if 1 <= self.height[t] < total)
        for a in candidates:
            for b in candidates:
                fits = a <= b and self.height[a] + self.height[b] == total
                if fits and self.sum(a, b) == tree:
                    return a, b
        return None


def is_prime_geography(position: GeographyPosition) -> bool:
    """Is this directed acyclic geography position's game tree prime (Thm 20)?
    The game below a vertex of a DAG does not depend on the path to it."""
    factorizer = TreeFactorizer()

    def options(vertex: Hashable) -> list[Hashable]:
        assert isinstance(vertex, int)
        return list(vertices(position.adj[vertex]))

    return factorizer.factors(factorizer.of_game(options, position.token)) is None


# -- registered reductions --------------------------------------------------------------
def _register(source: str, size: int) -> None:
    ruleset = get(source)
    assert isinstance(ruleset, ImpartialRuleset)
    register(Reduction(
        name=f"star-atlas:{source}",
        source=source,
        target="geography",
        kind=Kind.NIMBER_PRESERVING,
        map_position=lambda position: star_atlas(ruleset, position),
        citation=Citation("002_8bc4c30c443a0021.txt", "L167-226", "§3, Thms 11 and 16"),
        summary=f"{source} to Generalized Geography by the oracle-free Star Atlas gadget",
        instances=lambda rng, _: ruleset.random_position(rng, rng.randint(1, size)),
    ))


for _source, _size in (("nim", 3), ("transverse-wave", 3), ("node-kayles", 5)):
    _register(_source, _size)


def _register_edge(source: str, size: int) -> None:
    ruleset = get(source)
    assert isinstance(ruleset, ImpartialRuleset)
    register(Reduction(
        name=f"edge-star-atlas:{source}", source=source, target="edge-geography",
        kind=Kind.NIMBER_PRESERVING,
        map_position=lambda position: edge_star_atlas(ruleset, position),
        citation=Citation("002_8bc4c30c443a0021.txt", "L328-336", "Cor 6/22, Edge Geography"),
        summary=f"{source} to Edge Geography by the Star Atlas with a_i doubled",
        instances=lambda rng, _: ruleset.random_position(rng, rng.randint(1, size)),
    ))


for _source, _size in (("nim", 3), ("transverse-wave", 3)):
    _register_edge(_source, _size)

