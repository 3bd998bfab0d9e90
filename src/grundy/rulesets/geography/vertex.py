"""GENERALIZED GEOGRAPHY and UNDIRECTED GEOGRAPHY.

GENERALIZED GEOGRAPHY (seed 002, ``002_8bc4c30c443a0021.txt`` L40): a token on a
vertex of a digraph; a move deletes the current vertex and moves the token to a
remaining out-neighbour.  Normal play.  UNDIRECTED GEOGRAPHY (seed 002 L70, L324;
seed 001 ``001_56c9c94dd1ec088e.wrapped.txt`` L413-423) is the same game on an
undirected graph.  Its winner is decided in polynomial time by maximum matchings
(Fraenkel-Scheinerman-Ullman) but its nimber is PSPACE-complete (seed 002 L70);
the solver takes its outcomes from the matching (``geography_algorithms``), and
``BranchAndBound`` there computes nimbers exactly.

Only the token's vertex and the vertices it can still reach through non-removed
vertices matter, and arcs into the token's vertex never matter (it is deleted
when the token leaves), so the transposition key is the canonical form of that
reachable part with the token coloured.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple

from grundy import _native
from grundy.protocol import (
    Citation,
    ImpartialRuleset,
    Key,
    Move,
    NativeKernel,
    NativeMemo,
    ParseError,
)
from grundy.rulesets.geography.algorithms import token_wins
from grundy.rulesets.graphs import (
    GEOGRAPHY_LIMITS,
    Adjacency,
    certificate,
    edge_list,
    format_graph,
    graph_svg,
    mask_of,
    parse_graph,
    random_graph,
    reachable,
    vertices,
)
from grundy.rulesets.registry import register
from grundy.search.store import key_text

#: Reachable parts up to this many vertices are keyed by their canonical form; larger
#: ones, where isomorphic repeats are rare and nauty costs most, by their vertex set.
CANONICAL_LIMIT = 8
#: Beyond this many reachable vertices the key is the removed set instead.
REACHABLE_LIMIT = 64
#: Undirected components up to this many vertices get a matching test per search node.
MATCHING_LIMIT = 64


class GeographyPosition(NamedTuple):
    """A graph on 0..n-1 (out-neighbour bitmasks), the token's vertex and the
    vertices already deleted."""

    n: int
    adj: Adjacency
    token: int
    removed: int


@functools.lru_cache(maxsize=64)
def graph_digest(adj: Adjacency) -> bytes:
    """A 256-bit digest of a whole graph, remembered for the few graphs in play (the
    positions of one game share one ``HashedAdjacency``, so a lookup costs O(1))."""
    return hashlib.blake2b(key_text(tuple(adj)).encode(), digest_size=32).digest()


class GeographyKernel:
    """The native Geography search (``grundy._native.Geography``), one per graph in play."""

    limit = f"graphs of at most {_native.GEOGRAPHY_MAX_VERTICES} vertices"

    def __init__(self) -> None:
        self.games: dict[Adjacency, _native.Geography] = {}

    def fits(self, position: GeographyPosition) -> bool:
        return position.n <= _native.GEOGRAPHY_MAX_VERTICES

    def grundy(
        self, position: GeographyPosition, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[int | None, int]:
        game = self._game(position)
        return game.grundy(position.token, position.removed, max_nodes, max_seconds)

    def memo(self, position: GeographyPosition) -> tuple[Key, NativeMemo]:
        """The graph's table of positions, named by the graph as labelled."""
        return tuple(position.adj), self._game(position)

    def _game(self, position: GeographyPosition) -> _native.Geography:
        game = self.games.get(position.adj)
        if game is None:
            game = self.games[position.adj] = _native.Geography(list(position.adj))
        return game


@register
class Geography(ImpartialRuleset[GeographyPosition]):
    limits = GEOGRAPHY_LIMITS
    name = "geography"
    aliases: ClassVar[tuple[str, ...]] = ("generalized-geography", "directed-geography")
    summary = "Move the token along an arc to a vertex not yet visited; its old vertex is deleted."
    citation = Citation("002_8bc4c30c443a0021.txt", "L40", "§1")
    text_format = (
        "N;arcs;start=s[;removed=...]: N vertices 0..N-1, arcs a>b separated by commas "
        "(may be empty), start = the vertex holding the token, removed = vertices already "
        "deleted, e.g. 4;0>1,1>2,2>0,2>3;start=0 or 4;0>1,1>2,2>0,2>3;start=1;removed=0"
    )
    examples = ("4;0>1,1>2,2>0,2>3;start=0", "4;0>1,0>2,2>3;start=0", "3;0>1,1>2,2>0;start=0")
    #: Arcs (``a>b``) or edges (``a-b``); the undirected variant changes only this.
    directed: ClassVar[bool] = True

    # -- text ----------------------------------------------------------------
    def parse(self, text: str) -> GeographyPosition:
        n, adj, named = parse_graph(text, self.directed, sections=("start", "removed"),
                                    max_vertices=self.limits["vertices"])
        if "start" not in named:
            raise ParseError(
                f"missing ;start=s: say which vertex holds the token, like {text.strip()};start=0"
            )
        if len(named["start"]) != 1:
            raise ParseError("start= needs exactly one vertex (the token's), like start=0")
        token = named["start"][0]
        removed = mask_of(named.get("removed", ()))
        if removed >> token & 1:
            raise ParseError(
                f"start vertex {token} is removed: the token stands on a vertex that is "
                f"still there; drop {token} from removed= or start elsewhere"
            )
        return GeographyPosition(n, adj, token, removed)

    def format(self, position: GeographyPosition) -> str:
        sections = (("start", 1 << position.token), ("removed", position.removed))
        return format_graph(position.n, position.adj, self.directed, sections)

    # -- rules ---------------------------------------------------------------
    def moves(self, position: GeographyPosition) -> Iterator[tuple[Move, GeographyPosition]]:
        """Move the token to a remaining neighbour; the label is that vertex."""
        n, adj, token, removed = position
        gone = removed | 1 << token
        for target in vertices(adj[token] & ~removed):
            yield target, GeographyPosition(n, adj, target, gone)

    def key(self, position: GeographyPosition) -> Key:
        """Only the token and the part of the graph it can reach matter.

        A reachable part of at most ``CANONICAL_LIMIT`` vertices is keyed by its
        canonical form with the token coloured (and, when directed, arcs into the
        token dropped), so isomorphic endgames share one entry; up to
        ``REACHABLE_LIMIT`` vertices by the graph's digest, the token and the part;
        beyond that by the digest, the token and the removed set (the search to
        bound the part would cost more than it saves).  All three are sound.
        """
        _, adj, token, removed = position
        part = reachable(adj, token, removed, REACHABLE_LIMIT)
        size = part.bit_count()
        if size > REACHABLE_LIMIT:
            return (graph_digest(adj), token, removed, True)
        if size > CANONICAL_LIMIT:
            return (graph_digest(adj), token, part, False)
        mark = 1 << token
        if self.directed:
            adj = tuple(row & ~mark for row in adj)
        return certificate(adj, part, self.directed, mark)

    def fast_grundy(self, position: GeographyPosition) -> int | None:
        """0 when the token is stuck; * when every move leaves the opponent stuck."""
        _, adj, token, removed = position
        gone = removed | 1 << token
        targets = adj[token] & ~removed
        while targets:
            low = targets & -targets
            if adj[low.bit_length() - 1] & ~gone:
                return None
            targets ^= low
        return 1 if adj[token] & ~removed else 0

    def native_kernel(self) -> NativeKernel[GeographyPosition] | None:
        return GeographyKernel()

    # -- rendering -----------------------------------------------------------
    def data(self, position: GeographyPosition) -> dict[str, Any]:
        return {
            "vertices": position.n,
            "directed": self.directed,
            "edges": [list(edge) for edge in edge_list(position.adj, self.directed)],
            "token": position.token,
            "removed": vertices(position.removed),
            "moves": [target for target, _ in self.moves(position)],
        }

    def render_svg(self, position: GeographyPosition) -> str:
        return graph_svg(
            position.adj,
            self.directed,
            f"{self.name} {self.format(position)}",
            selected=1 << position.token,
            highlighted=position.adj[position.token] & ~position.removed,
            removed=position.removed,
        )

    def random_position(self, rng: random.Random, size: int) -> GeographyPosition:
        """A sparse G(n, p) graph with n = size ≥ 1, average degree about 2, random start."""
        n = max(1, size)
        adj = random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), self.directed)
        return GeographyPosition(n, adj, rng.randrange(n), 0)


@register
class UndirectedGeography(Geography):
    name = "undirected-geography"
    aliases = ("undirected-vertex-geography",)
    summary = "Geography on an undirected graph: move to an unvisited neighbour."
    citation = Citation("002_8bc4c30c443a0021.txt", "L70", "§1.2")
    text_format = (
        "N;edges;start=s[;removed=...]: N vertices 0..N-1, undirected edges a-b separated by "
        "commas (may be empty), start = the vertex holding the token, removed = vertices "
        "already deleted, e.g. 4;0-1,1-2,2-3;start=1 or 4;0-1,1-2,2-3;start=2;removed=1"
    )
    examples = ("4;0-1,1-2,2-3;start=1", "4;0-1,0-2,0-3;start=1", "3;0-1,0-2,1-2;start=0")
    directed = False

    def native_kernel(self) -> NativeKernel[GeographyPosition] | None:
        """None: the Python search with the matching closes every P-position at once and
        beats the plain native search by far (five G(50, 0.06) graphs: 0.07 s, where the
        native search ran out of 20 s on one; docs/benchmarks.md), until the kernel learns
        maximum matchings."""
        return None

    def fast_outcome(self, position: GeographyPosition) -> bool | None:
        """The matching outcome (``geography_algorithms.token_wins``), in polynomial time."""
        _, adj, token, removed = position
        return token_wins(adj, token, reachable(adj, token, removed, position.n))

    def fast_grundy(self, position: GeographyPosition) -> int | None:
        """The cheap rules of Geography, then 0 when the matching says P (on components
        of at most ``MATCHING_LIMIT`` vertices, where a matching costs less than the
        search it saves)."""
        value = super().fast_grundy(position)
        if value is not None:
            return value
        _, adj, token, removed = position
        part = reachable(adj, token, removed, MATCHING_LIMIT)
        if part.bit_count() > MATCHING_LIMIT or token_wins(adj, token, part):
            return None
        return 0
