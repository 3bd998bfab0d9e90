"""Shared machinery for partizan placement games on graphs with tinted vertices.

Seed 003 (``003_b9b71f74cb16b358.txt`` L369) reads Col as a game of *tints*: a
vertex may be playable by both players, by Black (Left) only, by White (Right)
only, or by neither (then it is deleted).  Col, Snort and black-white Node Kayles
differ only in what a move does to the neighbours of the vertex played, so they
share this module: the position type, the text format, components, canonical
keys and drawings.

Text format: the foundation's ``N;a-b,...`` edge list (``rulesets/graphs.py``)
then optional vertex lists ``;black=...`` (only Black/Left may play there),
``;white=...`` (only White/Right) and ``;removed=...`` (out of play); every other
vertex is playable by both.  Example: ``4;0-1,1-2,2-3;black=0;white=3``.

A position keeps the whole graph and two bitmasks, the vertices Black may still
play and those White may still play; a vertex in neither is gone.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, NamedTuple

from grundy import _native
from grundy.protocol import Key, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.graphs import (
    GRAPH_LIMITS,
    Adjacency,
    HashedAdjacency,
    coloured_certificate,
    connected_components,
    count_labelled_graphs,
    edge_list,
    format_graph,
    graph_svg,
    labelled_graphs,
    mask_of,
    parse_graph,
    random_graph,
    undirected,
    vertices,
)
from grundy.search.partizan import games_from_closure
from grundy.values import Game


class TintedGraph(NamedTuple):
    """A graph on 0..n-1 and the vertices each player may still play."""

    n: int
    adj: Adjacency
    black: int
    white: int


TINT_FORMAT = (
    "N;edges[;black=...][;white=...][;removed=...]: the graph as N;a-b,... (vertices "
    "0..N-1), then the vertices only Black (Left) may play, only White (Right) may play, "
    "and those out of play; unlisted vertices are playable by both"
)


class TintedKernel:
    """The native Snort, Col or black-white Node Kayles search (``grundy._native.Tinted``),
    one per graph in play, so that positions of one game share the solved components."""

    limit = f"graphs of at most {_native.TINTED_MAX_VERTICES} vertices"

    def __init__(self, rule: str) -> None:
        self.rule = rule
        #: graph -> its native game and its native ids rebuilt as Games
        self.games: dict[Adjacency, tuple[_native.Tinted, dict[int, Game]]] = {}

    def fits(self, position: TintedGraph) -> bool:
        return position.n <= _native.TINTED_MAX_VERTICES

    def value(
        self, position: TintedGraph, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[Game | None, int]:
        found = self.games.get(position.adj)
        if found is None:
            found = self.games[position.adj] = (_native.Tinted(self.rule, list(position.adj)), {})
        game, games = found
        root, nodes = game.value(position.black, position.white, max_nodes, max_seconds)
        if root is None:
            return None, nodes
        if root not in games:
            games_from_closure(game.closure(root), games)
        return games[root], nodes


class TintedGraphRuleset(PartizanRuleset[TintedGraph]):
    """A placement game on a tinted graph: a player plays a vertex they may play, which
    deletes it; ``after`` says what happens to its neighbours."""

    limits = GRAPH_LIMITS

    text_format: ClassVar[str] = TINT_FORMAT
    #: True when every vertex must be tinted (black-white variants).
    needs_tints: ClassVar[bool] = False

    #: The rule of the native kernel ("snort", "col", "node-kayles" or
    #: "digraph-placement"), None for none.
    native_rule: ClassVar[str | None] = None
    #: Whether the graph's edges are arcs (``a>b``), read, written, keyed and drawn so.
    directed: ClassVar[bool] = False
    #: The names of the vertex lists of Left's and Right's vertices in the text format.
    tint_names: ClassVar[tuple[str, str]] = ("black", "white")

    def native_kernel(self) -> TintedKernel | None:
        return None if self.native_rule is None else TintedKernel(self.native_rule)

    @abstractmethod
    def after(self, position: TintedGraph, v: int, player: Player) -> TintedGraph:
        """The position after ``player`` plays vertex ``v``."""

    @abstractmethod
    def links(self, position: TintedGraph) -> Adjacency:
        """For each live vertex v, the live vertices that a move at v or a move at them
        can affect (the edges that matter; components and keys use only these)."""

    # -- text ----------------------------------------------------------------
    def parse(self, text: str) -> TintedGraph:
        left, right = self.tint_names
        n, adj, named = parse_graph(text, self.directed, (left, right, "removed"))
        black, white = mask_of(named.get(left, ())), mask_of(named.get(right, ()))
        removed = mask_of(named.get("removed", ()))
        for a, b, what in ((black, white, f"{left} and {right}"),
                           (black, removed, f"{left} and removed"),
                           (white, removed, f"{right} and removed")):
            if a & b:
                raise ParseError(
                    f"vertex {(a & b).bit_length() - 1} is listed as both {what}: list it once"
                )
        everything = (1 << n) - 1
        untinted = everything & ~(black | white | removed)
        if self.needs_tints and untinted:
            raise ParseError(
                f"vertex {untinted.bit_length() - 1} has no tint: {self.name} needs every "
                f"vertex in {left}=... or {right}=... (or removed=...)"
            )
        return TintedGraph(n, adj, black | untinted, white | untinted)

    def format(self, position: TintedGraph) -> str:
        black, white = position.black, position.white
        removed = ((1 << position.n) - 1) & ~(black | white)
        left, right = self.tint_names
        sections = ((left, black & ~white), (right, white & ~black), ("removed", removed))
        return format_graph(position.n, position.adj, self.directed, sections)

    # -- rules ---------------------------------------------------------------
    def moves(self, position: TintedGraph, player: Player) -> Iterator[tuple[Move, TintedGraph]]:
        """Play a vertex the player may play; the label is its number."""
        own = position.black if player is Player.LEFT else position.white
        for v in vertices(own):
            yield v, self.after(position, v, player)

    def options(self, position: TintedGraph, player: Player) -> Iterator[TintedGraph]:
        own = position.black if player is Player.LEFT else position.white
        return (self.after(position, v, player) for v in vertices(own))

    def components(self, position: TintedGraph) -> Sequence[TintedGraph]:
        """Connected components along the edges that matter (``links``, either way if
        they are arcs)."""
        n, adj, black, white = position
        links = self.links(position)
        parts = connected_components(undirected(links) if self.directed else links,
                                     black | white)
        if len(parts) == 1:
            return (position,)
        return [TintedGraph(n, adj, black & part, white & part) for part in parts]

    def key(self, position: TintedGraph) -> tuple[int, tuple[int, ...], bytes]:
        """The coloured canonical form of the live graph along the edges that matter."""
        black, white = position.black, position.white
        classes = (black & ~white, white & ~black, black & white)
        return coloured_certificate(self.links(position), black | white, classes, self.directed)

    def signed_key(self, position: TintedGraph) -> tuple[Key, bool]:
        """Exchanging the tints exchanges the players (the rules treat Black and White
        alike), so the lesser of the two coloured forms stands for both."""
        black, white = position.black, position.white
        links, alive, both = self.links(position), black | white, black & white
        straight = coloured_certificate(links, alive, (black & ~white, white & ~black, both),
                                        self.directed)
        swapped = coloured_certificate(links, alive, (white & ~black, black & ~white, both),
                                       self.directed)
        return (straight, False) if straight <= swapped else (swapped, True)

    # -- rendering -----------------------------------------------------------
    def data(self, position: TintedGraph) -> dict[str, Any]:
        black, white = position.black, position.white
        left, right = self.tint_names
        return {
            "vertices": position.n,
            "edges": [list(edge) for edge in edge_list(position.adj, self.directed)],
            "both": vertices(black & white),
            left: vertices(black & ~white),
            right: vertices(white & ~black),
            "removed": vertices(((1 << position.n) - 1) & ~(black | white)),
        }

    def render_svg(self, position: TintedGraph) -> str:
        """Black-only vertices purple, White-only green, removed grey, both white."""
        black, white = position.black, position.white
        return graph_svg(
            position.adj, self.directed, f"{self.name} {self.format(position)}",
            selected=black & ~white, highlighted=white & ~black,
            removed=((1 << position.n) - 1) & ~(black | white),
        )

    def small_positions(self, size: int) -> Iterator[TintedGraph]:
        """Every graph on ``size`` labelled vertices (``graphs.labelled_graphs``),
        untinted; black-white variants: with every tinting of the vertices."""
        full = (1 << size) - 1
        for adj in labelled_graphs(size):
            for black in range(1 << size) if self.needs_tints else (full,):
                yield TintedGraph(size, adj, black, full & ~black if self.needs_tints else full)

    def count_small_positions(self, size: int) -> int:
        return count_labelled_graphs(size) << (size if self.needs_tints else 0)

    def graph(self, n: int, adj: Adjacency) -> TintedGraph:
        """The game on a bare graph (every vertex playable by both): what a census of
        graphs solves; ParseError for a ruleset that needs every vertex tinted."""
        if self.needs_tints and n:
            raise ParseError(f"{self.name} needs every vertex tinted: a bare graph is no "
                             "position of it")
        everything = (1 << n) - 1
        return TintedGraph(n, HashedAdjacency(adj), everything, everything)

    def black_white_graph(self, n: int, adj: Adjacency, black: int) -> TintedGraph:
        """The game on a graph whose vertices in ``black`` are Black's, the others
        White's: what a census of black-white graphs solves."""
        return TintedGraph(n, HashedAdjacency(adj), black, (1 << n) - 1 & ~black)

    def random_position(self, rng: random.Random, size: int) -> TintedGraph:
        """G(n, p) with average degree about 2, n = size; each vertex tinted at random
        (black-white variants: black or white; others: mostly untinted)."""
        n = max(0, size)
        adj = random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), self.directed)
        black = white = 0
        for v in range(n):
            tint = rng.choice("bw" if self.needs_tints else "bwnnn")
            black |= (tint != "w") << v
            white |= (tint != "b") << v
        return TintedGraph(n, adj, black, white)
