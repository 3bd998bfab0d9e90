"""NODE KAYLES.

Ruleset 5 (seed 000, ``000_7d67923f02e8dd4e.txt`` L233-237): an undirected graph;
a move selects a vertex that is neither selected nor adjacent to a selected
vertex.  Equivalently a move deletes the closed neighbourhood N[v] of a playable
vertex (seed 002, ``002_8bc4c30c443a0021.txt`` L39).  Normal play: when the
selected vertices form a maximal independent set the player to move loses
(seed 000 L239).

The graph left after deleting the blocked vertices falls apart into connected
components that are played as a disjunctive sum (seed 002 L53, L63), which is
what makes long paths (Dawson's Kayles) cheap to solve.  A component keeps the
whole graph and lists the vertices outside it as ``removed``, so splitting a
position costs a few bit operations and no renumbering.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

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
from grundy.rulesets.graphs import (
    GRAPH_LIMITS,
    Adjacency,
    Certificate,
    HashedAdjacency,
    certificate,
    connected_components,
    count_labelled_graphs,
    edge_list,
    format_graph,
    graph_svg,
    labelled_graphs,
    mask_of,
    neighbours_of,
    orbit_representatives,
    parse_graph,
    random_graph,
    vertices,
)
from grundy.rulesets.registry import register


class KaylesPosition(NamedTuple):
    """An undirected graph on 0..n-1 (adjacency bitmasks), the selected vertices and
    the vertices removed from play (outside the component being played)."""

    n: int
    adj: Adjacency
    selected: int
    removed: int = 0


def blocked(position: KaylesPosition) -> int:
    """The removed and selected vertices and the selected ones' neighbours."""
    return position.selected | position.removed | neighbours_of(position.adj, position.selected)


def playable(position: KaylesPosition) -> int:
    """The vertices that may still be selected."""
    return ((1 << position.n) - 1) & ~blocked(position)


class NodeKaylesKernel:
    """The native Node Kayles search (``grundy._native.NodeKayles``), one per graph in
    play, so that positions of one game share the solved components."""

    limit = f"graphs of at most {_native.NODE_KAYLES_MAX_VERTICES} vertices"

    def __init__(self) -> None:
        self.games: dict[Adjacency, _native.NodeKayles] = {}

    def fits(self, position: KaylesPosition) -> bool:
        return position.n <= _native.NODE_KAYLES_MAX_VERTICES

    def grundy(
        self, position: KaylesPosition, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[int | None, int]:
        return self._game(position).grundy(playable(position), max_nodes, max_seconds)

    def memo(self, position: KaylesPosition) -> tuple[Key, NativeMemo]:
        """The graph's table of components, named by the graph as labelled."""
        return tuple(position.adj), self._game(position)

    def _game(self, position: KaylesPosition) -> _native.NodeKayles:
        game = self.games.get(position.adj)
        if game is None:
            game = self.games[position.adj] = _native.NodeKayles(list(position.adj))
        return game


@register
class NodeKayles(ImpartialRuleset[KaylesPosition]):
    limits = GRAPH_LIMITS
    name = "node-kayles"
    aliases = ("nodekayles", "kayles-graph")
    summary = "Select a vertex away from the selected ones (delete its closed neighbourhood)."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L233-237", "Ruleset 5")
    text_format = (
        "N;edges[;selected=...][;removed=...]: N vertices 0..N-1, undirected edges a-b "
        "separated by commas (may be empty), then optionally the selected vertices and the "
        "vertices removed from play, e.g. 5;0-1,1-2,2-3,3-4 or 5;0-1,1-2,2-3,3-4;selected=0 "
        "(3; is three isolated vertices)"
    )
    examples = ("5;0-1,1-2,2-3,3-4", "4;0-1,0-3,1-2,2-3", "6;0-1,0-2,0-3,3-4,4-5;selected=5")

    # -- text ----------------------------------------------------------------
    def parse(self, text: str) -> KaylesPosition:
        n, adj, named = parse_graph(text, directed=False, sections=("selected", "removed"))
        selected = mask_of(named.get("selected", ()))
        removed = mask_of(named.get("removed", ()))
        if selected & removed:
            v = (selected & removed).bit_length() - 1
            raise ParseError(f"vertex {v} is both selected and removed: list it once")
        for v in vertices(selected):
            if adj[v] & selected:
                u = (adj[v] & selected).bit_length() - 1
                raise ParseError(
                    f"selected vertices {v} and {u} are adjacent: no legal play selects both; "
                    "list an independent set after selected="
                )
        return KaylesPosition(n, adj, selected, removed)

    def format(self, position: KaylesPosition) -> str:
        sections = (("selected", position.selected), ("removed", position.removed))
        return format_graph(position.n, position.adj, False, sections)

    # -- rules ---------------------------------------------------------------
    def moves(self, position: KaylesPosition) -> Iterator[tuple[Move, KaylesPosition]]:
        """Select a playable vertex; the label is its number in the original graph."""
        for v in vertices(playable(position)):
            yield v, position._replace(selected=position.selected | 1 << v)

    def options(self, position: KaylesPosition) -> Iterator[KaylesPosition]:
        """One child per orbit of the playable graph's automorphism group (the others
        are isomorphic), with the deleted closed neighbourhood moved into ``removed``."""
        adj = position.adj
        gone = blocked(position)
        for v in orbit_representatives(adj, ((1 << position.n) - 1) & ~gone):
            yield KaylesPosition(position.n, adj, 0, gone | adj[v] | 1 << v)

    def components(self, position: KaylesPosition) -> Sequence[KaylesPosition]:
        """The connected components of the playable vertices, each with nothing
        selected and every other vertex removed (so a component is its own only
        component)."""
        alive = playable(position)
        parts = connected_components(position.adj, alive)
        everything = (1 << position.n) - 1
        if len(parts) == 1 and position.selected == 0 and position.removed == everything & ~alive:
            return (position,)
        n, adj = position.n, position.adj
        return [KaylesPosition(n, adj, 0, everything & ~part) for part in parts]

    def key(self, position: KaylesPosition) -> Certificate:
        """The canonical form of the playable subgraph: isomorphic playable subgraphs
        are the same game."""
        return certificate(position.adj, playable(position))

    def fast_grundy(self, position: KaylesPosition) -> int | None:
        """A clique (one vertex, an edge, a triangle, ...) is *1: every move deletes all
        of it.  No vertices left is 0."""
        alive = playable(position)
        for v in vertices(alive):
            if alive & ~(position.adj[v] | 1 << v):
                return None
        return 1 if alive else 0

    def native_kernel(self) -> NativeKernel[KaylesPosition]:
        return NodeKaylesKernel()

    # -- rendering -----------------------------------------------------------
    def data(self, position: KaylesPosition) -> dict[str, Any]:
        return {
            "vertices": position.n,
            "edges": [list(edge) for edge in edge_list(position.adj, False)],
            "selected": vertices(position.selected),
            "removed": vertices(position.removed),
            "playable": vertices(playable(position)),
        }

    def render_svg(self, position: KaylesPosition) -> str:
        return graph_svg(
            position.adj,
            False,
            f"Node Kayles {self.format(position)}",
            selected=position.selected,
            highlighted=playable(position),
            removed=blocked(position) & ~position.selected,
        )

    def small_positions(self, size: int) -> Iterator[KaylesPosition]:
        """Every graph on ``size`` labelled vertices (``graphs.labelled_graphs``),
        nothing selected."""
        return self.small_positions_from(size, 0)

    def count_small_positions(self, size: int) -> int:
        return count_labelled_graphs(size)

    def small_positions_from(self, size: int, start: int) -> Iterator[KaylesPosition]:
        return (KaylesPosition(size, adj, 0) for adj in labelled_graphs(size, start))

    def graph(self, n: int, adj: Adjacency) -> KaylesPosition:
        """The game on a bare graph (nothing selected): what a census of graphs solves."""
        return KaylesPosition(n, HashedAdjacency(adj), 0)

    def random_position(self, rng: random.Random, size: int) -> KaylesPosition:
        """A sparse G(n, p) graph with n = size and average degree about 2."""
        n = max(0, size)
        return KaylesPosition(n, random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), False), 0)
