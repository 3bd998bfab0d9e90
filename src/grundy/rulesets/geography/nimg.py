"""VERTEX NIMG, NEIGHBORING NIM and BLACK-WHITE NIMG.

VERTEX NIMG (seed 003, ``003_b9b71f74cb16b358.txt`` L73-77; seed 002
``002_8bc4c30c443a0021.txt`` L326 "vertex digraph Nim"): sticks on the vertices of a
graph and a token on a start vertex; a move takes the token along an edge (an arc,
if directed) to a vertex u and removes at least one stick from u.  A vertex without
sticks cannot be entered; the start vertex keeps its sticks.  All sticks 1 and none
on the start vertex is GEOGRAPHY.

NEIGHBORING NIM (seed 000 ``000_7d67923f02e8dd4e.txt`` L340-342, L531): the same on
an undirected graph where every vertex also has a self-loop, so a player may take
again from the pile under the token.  On a complete graph it is NIM.

BLACK-WHITE NIMG (seed 003 L73-77, §5 L375-428): NimG on a bipartite graph whose
sides are Black's and White's vertices; the token always moves to the mover's own
colour, so it is Vertex NimG on a bipartite graph.  Undirected, it is solved in
polynomial time by maximum flow (Thm 5.4): see ``flow_move``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, GrundyError, ImpartialRuleset, Move, ParseError
from grundy.rulesets.graphs import (
    GEOGRAPHY_LIMITS,
    Adjacency,
    edge_list,
    format_graph,
    graph_svg,
    parse_graph,
    random_graph,
    vertices,
)
from grundy.rulesets.heaps.nim import parse_heaps
from grundy.rulesets.registry import register


class NimGPosition(NamedTuple):
    """A graph on 0..n-1, the sticks on each vertex and the token's vertex."""

    n: int
    adj: Adjacency
    sticks: tuple[int, ...]
    token: int


def bipartition(adj: Adjacency) -> tuple[int, int] | None:
    """The two colour classes (bitmasks) of a 2-colouring, or None if there is none."""
    import networkx as nx  # here, not at import: networkx is slow to import

    graph: nx.Graph[int] = nx.Graph(edge_list(adj, directed=False))
    graph.add_nodes_from(range(len(adj)))
    try:
        colour = nx.bipartite.color(graph)
    except nx.NetworkXError:
        return None
    black = sum(1 << v for v, side in colour.items() if side == 0)
    return black, ((1 << len(adj)) - 1) & ~black


def flow_move(position: NimGPosition) -> int | None:
    """A winning move of undirected black-white NimG (the vertex to move to, taking
    one stick), or None if the player to move loses (seed 003 Thm 5.4, L375-428).

    Network: source → b with capacity w(b) for b on one side, u → sink with capacity
    w(u) on the other, every edge oriented across with unbounded capacity.  Moving to
    a neighbour u with a stick wins iff the maximum flow is unchanged when u's
    capacity drops by one.  Taking one stick is never worse than taking more (L389).
    Polynomial even with binary stick counts.

    >>> single = NimGPosition(2, (0b10, 0b01), (1, 2), 0)   # b-w, (w(b), w(w)) = (1, 2)
    >>> flow_move(single), flow_move(single._replace(sticks=(2, 2)))
    (1, None)
    """
    sides = bipartition(position.adj)
    if sides is None:
        raise GrundyError("black-white NimG needs a bipartite graph (no odd cycle)")
    black = sides[0]
    import networkx as nx

    network: nx.DiGraph[int] = nx.DiGraph()
    source, sink = -1, -2
    network.add_nodes_from((source, sink))
    for v, sticks in enumerate(position.sticks):
        if black >> v & 1:
            network.add_edge(source, v, capacity=sticks)
            for u in vertices(position.adj[v]):
                network.add_edge(v, u)  # no capacity attribute: unbounded
        else:
            network.add_edge(v, sink, capacity=sticks)
    full = nx.maximum_flow_value(network, source, sink)
    for u in vertices(position.adj[position.token]):
        if position.sticks[u]:
            ends = (source, u) if black >> u & 1 else (u, sink)
            network.edges[ends]["capacity"] -= 1
            same = nx.maximum_flow_value(network, source, sink) == full
            network.edges[ends]["capacity"] += 1
            if same:
                return u
    return None


@register
class VertexNimG(ImpartialRuleset[NimGPosition]):
    limits = GEOGRAPHY_LIMITS
    name = "vertex-nimg"
    aliases: ClassVar[tuple[str, ...]] = ("nimg", "vertex-digraph-nim")
    summary = "Move the token along an arc to a vertex and take sticks from it."
    citation = Citation("003_b9b71f74cb16b358.txt", "L73-77", "§1.3 (move-remove)")
    text_format = (
        "N;arcs;start=s;sticks=w0,w1,...: N vertices, arcs a>b, the token's vertex and the "
        "sticks on every vertex, e.g. 3;0>1,1>2,2>0;start=0;sticks=0,2,1"
    )
    examples = ("3;0>1,1>2,2>0;start=0;sticks=0,2,1", "2;0>1,1>0;start=0;sticks=1,2")
    directed: ClassVar[bool] = True
    #: Neighboring Nim: the token's own vertex counts as a neighbour (a self-loop).
    loops: ClassVar[bool] = False

    def parse(self, text: str) -> NimGPosition:
        sections = text.strip().split(";")
        sticks_text = [s for s in sections if s.strip().startswith("sticks=")]
        if len(sticks_text) != 1:
            raise ParseError("give the sticks of every vertex once, like ;sticks=1,2,0")
        rest = ";".join(s for s in sections if not s.strip().startswith("sticks="))
        n, adj, named = parse_graph(rest, self.directed, sections=("start",),
                                    max_vertices=self.limits["vertices"])
        if len(named.get("start", ())) != 1:
            raise ParseError("say which vertex holds the token with ;start=s, like ;start=0")
        sticks = parse_heaps(sticks_text[0].strip().removeprefix("sticks="), "stick count")
        if len(sticks) != n:
            raise ParseError(f"sticks= lists {len(sticks)} counts but the graph has {n} "
                             f"vertices: give one count per vertex")
        return self.check(NimGPosition(n, adj, sticks, named["start"][0]))

    def check(self, position: NimGPosition) -> NimGPosition:
        """Variants reject graphs they do not allow (default: all graphs)."""
        return position

    def format(self, position: NimGPosition) -> str:
        n, adj, sticks, token = position
        graph = format_graph(n, adj, self.directed, (("start", 1 << token),))
        return f"{graph};sticks={','.join(map(str, sticks))}"

    def format_move(self, move: Move) -> str:
        vertex, take = cast(tuple[int, int], move)
        return f"{vertex}:{take}"

    def moves(self, position: NimGPosition) -> Iterator[tuple[Move, NimGPosition]]:
        """Move to u and take ``take`` sticks there; the label is ``(u, take)``."""
        n, adj, sticks, token = position
        targets = adj[token] | (1 << token if self.loops else 0)
        for u in vertices(targets):
            for take in range(1, sticks[u] + 1):
                left = (*sticks[:u], sticks[u] - take, *sticks[u + 1:])
                yield (u, take), NimGPosition(n, adj, left, u)

    def data(self, position: NimGPosition) -> dict[str, Any]:
        return {
            "vertices": position.n,
            "directed": self.directed,
            "edges": [list(edge) for edge in edge_list(position.adj, self.directed)],
            "sticks": list(position.sticks),
            "token": position.token,
        }

    def render_svg(self, position: NimGPosition) -> str:
        empty = sum(1 << v for v, s in enumerate(position.sticks) if not s)
        return graph_svg(
            position.adj, self.directed, f"{self.name} {self.format(position)}",
            selected=1 << position.token, removed=empty & ~(1 << position.token),
        )

    def random_position(self, rng: random.Random, size: int) -> NimGPosition:
        """About 1.5 edges per vertex, 0-2 sticks each, random start."""
        n = max(1, size)
        adj = random_graph(rng, n, min(1.0, 1.5 / max(1, n - 1)), self.directed)
        sticks = tuple(rng.randint(0, 2) for _ in range(n))
        return self.check(NimGPosition(n, adj, sticks, rng.randrange(n)))


@register
class UndirectedVertexNimG(VertexNimG):
    name = "undirected-vertex-nimg"
    aliases: ClassVar[tuple[str, ...]] = ("undirected-nimg",)
    summary = "Vertex NimG on an undirected graph."
    citation = Citation("003_b9b71f74cb16b358.txt", "L73-77", "§1.3")
    text_format = (
        "N;edges;start=s;sticks=w0,w1,...: N vertices, edges a-b, the token's vertex and the "
        "sticks on every vertex, e.g. 3;0-1,1-2;start=0;sticks=0,2,1"
    )
    examples = ("3;0-1,1-2;start=0;sticks=0,2,1", "4;0-1,0-3,1-2,2-3;start=0;sticks=1,1,2,1")
    directed = False


@register
class NeighboringNim(UndirectedVertexNimG):
    name = "neighboring-nim"
    aliases = ()
    summary = "Take from the pile under the token or from a neighbouring pile, moving there."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L340-342, L531", "§4")
    examples = ("3;0-1,1-2;start=0;sticks=2,2,1", "3;0-1,0-2,1-2;start=0;sticks=3,5,7")
    loops = True


@register
class BlackWhiteNimG(UndirectedVertexNimG):
    name = "black-white-nimg"
    aliases = ("bw-nimg",)
    summary = "NimG on a bipartite graph: the token moves to the mover's colour."
    citation = Citation("003_b9b71f74cb16b358.txt", "L73-77, L375-428",
                        "§1.3, Thm 5.4")
    examples = ("2;0-1;start=0;sticks=1,2", "4;0-1,0-3,1-2,2-3;start=0;sticks=1,1,2,1")

    def check(self, position: NimGPosition) -> NimGPosition:
        if bipartition(position.adj) is None:
            raise ParseError("black-white NimG needs a bipartite graph: this one has an odd "
                             "cycle; colour the vertices in two classes with edges across")
        return position

    def fast_outcome(self, position: NimGPosition) -> bool:
        """Maximum flow (Thm 5.4): polynomial in the graph and in log(sticks)."""
        return flow_move(position) is not None

    def random_position(self, rng: random.Random, size: int) -> NimGPosition:
        """A random bipartite graph (sides by parity), 0-3 sticks each."""
        n = max(1, size)
        rows = [0] * n
        for a in range(n):
            for b in range(a + 1, n):
                if (a + b) % 2 and rng.random() < 0.4:
                    rows[a] |= 1 << b
                    rows[b] |= 1 << a
        sticks = tuple(rng.randint(0, 3) for _ in range(n))
        return NimGPosition(n, tuple(rows), sticks, rng.randrange(n))
