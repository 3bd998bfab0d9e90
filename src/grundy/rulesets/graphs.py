"""Shared helpers for graph games on vertices 0..N-1.

A graph is a tuple of adjacency bitmasks: bit ``u`` of ``adj[v]`` is set when the
edge ``v-u`` (undirected, stored both ways) or the arc ``v>u`` (directed) exists.
Vertex sets are bitmasks too, so the hot paths (components, induced subgraphs,
keys) are a few integer operations per vertex.

Text format: ``N;a-b,c-d,...`` (undirected) or ``N;a>b,...`` (directed), then
optional named vertex lists such as ``;selected=2,4``.  The edge list may be empty
(``3;`` is three isolated vertices); duplicate edges are merged.
"""

from __future__ import annotations

import functools
import json
import math
import random
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pynauty

from grundy.protocol import MAX_DIGITS, ParseError, SizeLimitError
from grundy.rulesets.drawing import GREEN, INK, PAPER, PURPLE, clickable_circle, svg_document

Adjacency = tuple[int, ...]


class HashedAdjacency(tuple[int, ...]):
    """Adjacency bitmasks that compute their hash once.

    Every position of one game shares its graph, and the search hashes positions
    at each table lookup; hashing N bitmasks of N bits each time would make a deep
    game on a big graph quadratic.  Equal to (and hashed like) the plain tuple.
    """

    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = tuple.__hash__(self)
            return self._hash


#: Largest vertex count the text format accepts: the documented limit of every graph
#: ruleset (keying grows about cubically on sparse graphs: 500 isolated vertices take
#: 0.6 s, 2,000 take 37 s).
MAX_VERTICES = 500
GRAPH_LIMITS = {"vertices": MAX_VERTICES}
#: Geography's keys stay cheap on far bigger graphs (no canonical labelling of
#: undirected graphs): 10,000 vertices, so long paths can be written out.
GEOGRAPHY_LIMITS = {"vertices": 10_000}
GREY = "#c8c8c8"

_INTEGER = re.compile(r"[+-]?[0-9]+")


def vertices(mask: int) -> list[int]:
    """The vertices of a bitmask, in increasing order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def mask_of(items: Sequence[int]) -> int:
    """The bitmask of a collection of vertices."""
    mask = 0
    for v in items:
        mask |= 1 << v
    return mask


# -- text ---------------------------------------------------------------------
def _range_text(n: int) -> str:
    if n == 0:
        return "this graph has no vertices"
    return "this graph has only vertex 0" if n == 1 else f"this graph has vertices 0..{n - 1}"


def _vertex(n: int, item: str, what: str) -> int:
    item = item.strip()
    if not _INTEGER.fullmatch(item):
        raise ParseError(f"{what} {item!r} is not a vertex number: use whole numbers 0..N-1")
    v = int(item)
    if not 0 <= v < n:
        raise ParseError(f"{what} {v} is out of range: {_range_text(n)}")
    return v


def parse_vertex_list(n: int, text: str, what: str) -> tuple[int, ...]:
    """Comma-separated vertices (the empty text is none); duplicates are kept."""
    if not text.strip():
        return ()
    return tuple(_vertex(n, item, what) for item in text.split(","))


def _parse_edges(n: int, text: str, directed: bool) -> Adjacency:
    sep, other = (">", "-") if directed else ("-", ">")
    noun, kind = ("arc", "directed") if directed else ("edge", "undirected")
    example = f"0{sep}1,1{sep}2"
    adj = [0] * n
    if not text.strip():
        return HashedAdjacency(adj)
    for item in text.split(","):
        item = item.strip()
        if not item:
            raise ParseError(f"empty {noun} between commas: write {noun}s like {example}")
        if other in item and sep not in item:
            raise ParseError(
                f"{noun} {item!r} uses {other!r}: these graphs are {kind}, "
                f"write {noun}s like {example}"
            )
        a_text, found, b_text = item.partition(sep)
        a_text, b_text = a_text.strip(), b_text.strip()
        if not (found and _INTEGER.fullmatch(a_text) and _INTEGER.fullmatch(b_text)):
            raise ParseError(
                f"{noun} {item!r} is not two vertex numbers joined by {sep!r}: "
                f"write {noun}s like {example}"
            )
        a, b = _vertex(n, a_text, "vertex"), _vertex(n, b_text, "vertex")
        if a == b:
            raise ParseError(
                f"self-loop at vertex {a} ({noun} {item!r}): remove it, loops are not allowed"
            )
        adj[a] |= 1 << b
        if not directed:
            adj[b] |= 1 << a
    return HashedAdjacency(adj)


def parse_graph(
    text: str, directed: bool, sections: Sequence[str] = (), max_vertices: int = MAX_VERTICES
) -> tuple[int, Adjacency, dict[str, tuple[int, ...]]]:
    """Read ``N;edges`` then ``;name=v,...`` for each allowed name in ``sections``.

    Returns the vertex count, the adjacency bitmasks and the named vertex lists
    that were given (each name at most once, in any order).
    """
    sep = ">" if directed else "-"
    example = f"3;0{sep}1,1{sep}2"
    head, found, rest = text.strip().partition(";")
    if not found:
        raise ParseError(
            f"missing ';' after the vertex count in {text.strip()!r}: "
            f"write N;edges like {example} (or 3; for no edges)"
        )
    head = head.strip()
    if not _INTEGER.fullmatch(head):
        raise ParseError(
            f"vertex count {head!r} is not a whole number: "
            f"start with the number of vertices, like {example}"
        )
    n = int(head) if len(head) <= MAX_DIGITS else max_vertices + 1
    if n < 0:
        raise ParseError(f"vertex count {n} is negative: write 0 or more vertices, like {example}")
    if n > max_vertices:
        raise SizeLimitError(f"vertex count {head} is too large: at most {max_vertices:,} "
                             "vertices (this ruleset's limit)")
    edge_text, *extras = rest.split(";")
    if "=" in edge_text:
        raise ParseError(
            f"the edge list is missing before {edge_text.strip()!r}: "
            f"write {n};;{edge_text.strip()} for a graph without edges"
        )
    adj = _parse_edges(n, edge_text, directed)
    allowed = " or ".join(f";{name}=..." for name in sections) or "nothing"
    named: dict[str, tuple[int, ...]] = {}
    for extra in extras:
        name, equals, values = extra.partition("=")
        name = name.strip()
        if not equals or name not in sections:
            raise ParseError(f"unexpected {extra.strip()!r} after the edges: write {allowed} there")
        if name in named:
            raise ParseError(f"{name}= is given twice: list all its vertices once, like {name}=0,2")
        named[name] = parse_vertex_list(n, values, f"{name} vertex")
    return n, adj, named


def labelled_graphs(size: int, start: int = 0) -> Iterator[HashedAdjacency]:
    """Every simple graph on ``size`` labelled vertices from the ``start``-th on: the k-th
    has the edges of the set bits of k, pairs (a, b) in lexicographic order
    (2^(size(size-1)/2) graphs; callers keep ``size`` small)."""
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
    for chosen in range(start, 1 << len(pairs)):
        adj = [0] * size
        for index, (a, b) in enumerate(pairs):
            if chosen >> index & 1:
                adj[a] |= 1 << b
                adj[b] |= 1 << a
        yield HashedAdjacency(adj)


def count_labelled_graphs(size: int) -> int:
    """How many graphs ``labelled_graphs(size)`` lists."""
    return 1 << (size * (size - 1) // 2)


def edge_list(adj: Adjacency, directed: bool) -> list[tuple[int, int]]:
    """The edges ``(a, b)`` in sorted order (``a < b`` when undirected)."""
    if directed:
        return [(a, b) for a, out in enumerate(adj) for b in vertices(out)]
    return [(a, a + 1 + b) for a, out in enumerate(adj) for b in vertices(out >> (a + 1))]


@functools.lru_cache(maxsize=1 << 16)
def _row_text(a: int, targets: int, offset: int, sep: str) -> str:
    """The edges from ``a`` to ``offset + b`` for each b in ``targets``, as text (cached:
    a census formats millions of small graphs, whose rows repeat)."""
    return ",".join(f"{a}{sep}{offset + b}" for b in vertices(targets))


def format_graph(
    n: int, adj: Adjacency, directed: bool, sections: Sequence[tuple[str, int]] = ()
) -> str:
    """Inverse of ``parse_graph``; sections whose vertex mask is empty are omitted."""
    sep = ">" if directed else "-"
    rows = (_row_text(a, out, 0, sep) if directed else _row_text(a, out >> (a + 1), a + 1, sep)
            for a, out in enumerate(adj))
    edges = ",".join(row for row in rows if row)
    extras = "".join(
        f";{name}={','.join(map(str, vertices(mask)))}" for name, mask in sections if mask
    )
    return f"{n};{edges}{extras}"


# -- structure ----------------------------------------------------------------
def neighbours_of(adj: Adjacency, mask: int) -> int:
    """Every vertex adjacent to (an out-neighbour of) some vertex in ``mask``."""
    reach = 0
    while mask:
        low = mask & -mask
        reach |= adj[low.bit_length() - 1]
        mask ^= low
    return reach


def reachable(adj: Adjacency, token: int, removed: int, limit: int) -> int:
    """The token's vertex and the vertices it can reach through non-removed vertices,
    or a set of more than ``limit`` of them if there are that many."""
    alive = ~removed & ~(1 << token)
    seen = frontier = 1 << token
    while frontier and seen.bit_count() <= limit:
        frontier = neighbours_of(adj, frontier) & alive & ~seen
        seen |= frontier
    return seen


def undirected(adj: Adjacency) -> Adjacency:
    """The graph with every arc made an edge (both ways)."""
    both = list(adj)
    for a, out in enumerate(adj):
        for b in vertices(out):
            both[b] |= 1 << a
    return tuple(both)


def connected_components(adj: Adjacency, alive: int) -> list[int]:
    """The connected components of the subgraph induced on ``alive`` (undirected)."""
    parts = []
    while alive:
        seen = frontier = alive & -alive
        while frontier:
            frontier = neighbours_of(adj, frontier) & alive & ~seen
            seen |= frontier
        parts.append(seen)
        alive &= ~seen
    return parts


Certificate = tuple[int, int, bytes]

#: nauty keeps static work space: two threads in it at once corrupt memory (seen in
#: the web workbench), so every call into pynauty holds this lock.
NAUTY_LOCK = threading.Lock()


@functools.lru_cache(maxsize=64)
def neighbour_lists(adj: Adjacency) -> tuple[tuple[int, ...], ...]:
    """Each vertex's neighbours as a tuple, remembered for the few graphs in play
    (the positions of one game share one ``HashedAdjacency``, so a lookup is O(1))."""
    return tuple(tuple(vertices(out)) for out in adj)


def certificate(adj: Adjacency, mask: int, directed: bool = False, mark: int = 0) -> Certificate:
    """A canonical form of the subgraph induced on ``mask``, with the vertices of
    ``mark`` (a subset of ``mask``) coloured.

    Equal results exactly for isomorphic subgraphs (mapping marked vertices to
    marked ones): ``(k, number of marked vertices, bytes)``.  For k ≥ 3 the bytes
    are nauty's certificate (McKay-Piperno canonical labelling, through pynauty),
    which alone does not record the colour classes, hence the two counts.  A
    subgraph of at most two vertices is written out in the smaller of its (at most
    two) labellings.  Built from ints and bytes, so its ``repr`` is canonical and
    certificates sort.
    """
    order = vertices(mask)
    k = len(order)
    index = {v: i for i, v in enumerate(order)}
    marked = {index[v] for v in vertices(mark)}
    if k > 2:
        around = neighbour_lists(adj)
        adjacency = {index[v]: [index[u] for u in around[v] if u in index] for v in order}
        coloring = [marked, set(range(k)) - marked] if marked and len(marked) < k else []
        with NAUTY_LOCK:
            return k, len(marked), pynauty.certificate(
                _nauty_graph(k, directed, adjacency, coloring))
    rows = [sum(1 << index[u] for u in vertices(adj[v] & mask)) for v in order]
    marks = sum(1 << i for i in marked)
    forms = [bytes((*rows, marks))]
    if k == 2:
        forms.append(bytes((_swap(rows[1]), _swap(rows[0]), _swap(marks))))
    return k, len(marked), min(forms)


def orbit_representatives(adj: Adjacency, mask: int) -> list[int]:
    """One vertex of each orbit of the automorphism group of the subgraph induced on
    ``mask`` (nauty): moves at vertices of one orbit lead to isomorphic positions."""
    order = vertices(mask)
    if len(order) <= 2:
        return order[:1]  # every graph on at most two vertices is vertex-transitive
    index = {v: i for i, v in enumerate(order)}
    around = neighbour_lists(adj)
    adjacency = {index[v]: [index[u] for u in around[v] if u in index] for v in order}
    with NAUTY_LOCK:
        orbits = pynauty.autgrp(_nauty_graph(len(order), False, adjacency, []))[3]
    return [v for i, v in enumerate(order) if orbits[i] == i]


def coloured_certificate(
    links: Sequence[int], alive: int, classes: Sequence[int], directed: bool = False
) -> tuple[int, tuple[int, ...], bytes]:
    """A canonical form of the graph on ``alive`` whose edges (arcs if ``directed``) are
    ``links[v]`` (a bitmask per vertex), split into the ordered colour ``classes``.

    Equal results exactly for isomorphisms that map each class to itself: nauty
    labels canonically respecting the ordered partition, and the class sizes
    record where each class sits.
    """
    seen = 0
    for c in classes:  # nauty reads overlapping classes out of bounds: refuse them
        if c & alive & seen:
            raise ValueError(f"colour classes overlap on vertices {vertices(c & alive & seen)}")
        seen |= c & alive
    order = vertices(alive)
    sizes = tuple((c & alive).bit_count() for c in classes)
    if len(order) <= 1:
        return len(order), sizes, b""
    index = {v: i for i, v in enumerate(order)}
    adjacency = {index[v]: [index[u] for u in vertices(links[v] & alive)] for v in order}
    coloring = [{index[v] for v in vertices(c & alive)} for c in classes if c & alive]
    with NAUTY_LOCK:
        return len(order), sizes, pynauty.certificate(
            _nauty_graph(len(order), directed, adjacency, coloring))


def _nauty_graph(
    k: int, directed: bool, adjacency: dict[int, list[int]], coloring: list[set[int]]
) -> Any:
    """A ``pynauty.Graph`` on 0..k-1 with these out-neighbour lists and this ordered
    partition, built without pynauty's per-vertex validation in Python.

    The public constructor checks every vertex number and copies every list, which
    costs several times nauty's own work; our graphs are valid by construction.
    It sets exactly the attributes the constructor sets (pynauty 2.8), and
    ``tests/test_graphs.py`` checks the results against the public constructor.
    """
    graph = object.__new__(pynauty.Graph)
    graph.__dict__.update(number_of_vertices=k, directed=directed,
                          _adjacency_dict=adjacency, _vertex_coloring=coloring)
    return graph


def _swap(mask: int) -> int:
    """Exchange vertices 0 and 1 in a mask of a two-vertex graph."""
    return (mask & 1) << 1 | (mask >> 1) & 1


def random_graph(rng: random.Random, n: int, p: float, directed: bool) -> Adjacency:
    """A G(n, p) random graph (each edge, or each arc if directed, independently)."""
    adj = [0] * n
    for a in range(n):
        for b in range(n) if directed else range(a + 1, n):
            if a != b and rng.random() < p:
                adj[a] |= 1 << b
                if not directed:
                    adj[b] |= 1 << a
    return HashedAdjacency(adj)


# -- drawing ------------------------------------------------------------------
def graph_dot(adj: Adjacency, directed: bool, title: str, *, selected: int = 0) -> str:
    """The graph in Graphviz DOT (for layouts of large generated graphs); the
    ``selected`` vertices are filled."""
    kind, sep = ("digraph", "->") if directed else ("graph", "--")
    lines = [f"{kind} {json.dumps(title)} {{", "  node [shape=circle];"]
    lines += [f"  {v} [style=filled, fillcolor=\"{PURPLE}\"];" for v in vertices(selected)]
    lines += [f"  {v};" for v in range(len(adj)) if not selected >> v & 1]
    lines += [f"  {a} {sep} {b};" for a, b in edge_list(adj, directed)]
    return "\n".join([*lines, "}"]) + "\n"


Point = tuple[float, float]
#: Largest graph laid out by networkx's spring model (quadratic per step); bigger ones,
#: and every graph when numpy (which networkx's layouts need) is missing, go on a circle.
MAX_SPRING = 400


def _grid_neighbours(v: int, columns: int, n: int) -> int:
    """The neighbours of ``v`` in the grid ``columns`` wide numbered row by row."""
    row_start = v - v % columns
    beside = [u for u in (v - 1, v + 1) if row_start <= u < min(n, row_start + columns)]
    return mask_of([*beside, *(u for u in (v - columns, v + columns) if 0 <= u < n)])


def _grid_shape(adj: Adjacency) -> tuple[int, int] | None:
    """(rows, columns) when the graph is exactly the grid numbered row by row (a path of
    at most 12 vertices counts as one row)."""
    n = len(adj)
    for columns in range(2, n + 1):
        rows, extra = divmod(n, columns)
        if extra or (rows == 1 and n > 12):
            continue
        if all(adj[v] == _grid_neighbours(v, columns, n) for v in range(n)):
            return rows, columns
    return None


def _on_circle(n: int) -> tuple[Point, ...]:
    radius = max(1.0, n / (2 * math.pi))
    return tuple(
        (radius * math.cos(2 * math.pi * v / n - math.pi / 2),
         radius * math.sin(2 * math.pi * v / n - math.pi / 2))
        for v in range(n)
    )


@functools.lru_cache(maxsize=512)
def layout(adj: Adjacency) -> tuple[Point, ...]:
    """Where to draw each vertex, with neighbours about one unit apart.

    The layout depends on the graph alone (moves never change a game's graph), so
    the picture stays put during a game.  A grid numbered row by row is drawn as
    that grid; other graphs are relaxed by networkx's spring model with a fixed seed,
    starting from networkx's planar layout when the graph is planar (fewer
    crossings), else from a circle.  Without numpy (``pip install grundy[web]``) or
    past ``MAX_SPRING`` vertices, the vertices stay on the circle.
    """
    n = len(adj)
    shape = _grid_shape(adj)
    if shape is not None:
        return tuple((float(v % shape[1]), float(v // shape[1])) for v in range(n))
    circle = _on_circle(n)
    if n < 3 or n > MAX_SPRING:
        return circle
    try:
        import networkx as nx
        import numpy  # noqa: F401  (networkx's layouts need it)
    except ImportError:
        return circle
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((a, b) for a, b in edge_list(adj, True) if a != b)
    planar, _ = nx.check_planarity(graph)
    start = nx.planar_layout(graph) if planar else dict(enumerate(circle))
    placed = nx.spring_layout(graph, pos=start, seed=7)
    points = [(float(placed[v][0]), float(placed[v][1])) for v in range(n)]
    lengths = sorted(math.dist(points[a], points[b]) for a, b in graph.edges)
    unit = lengths[len(lengths) // 2] if lengths else 1 / math.sqrt(n)
    return tuple((x / unit, y / unit) for x, y in points)


def graph_svg(
    adj: Adjacency,
    directed: bool,
    title: str,
    *,
    selected: int = 0,
    highlighted: int = 0,
    removed: int = 0,
    colours: Mapping[tuple[int, int], str] | None = None,
) -> str:
    """The graph as ``layout`` places it, vertices numbered; ``selected`` filled purple,
    ``highlighted`` green, ``removed`` grey (with their edges); arcs end in arrowheads;
    an edge ``(a, b)`` (``a < b`` when undirected) named in ``colours`` is drawn thick in
    that colour.
    Each vertex and its number carry ``data-spot`` (the vertex) for the play page."""
    node, margin, unit = 13.0, 24.0, 56.0
    points = layout(adj)
    low_x = min((x for x, _ in points), default=0.0)
    low_y = min((y for _, y in points), default=0.0)
    spots = [(margin + node + unit * (x - low_x), margin + node + unit * (y - low_y))
             for x, y in points]
    width = 2 * (margin + node) + max((x for x, _ in spots), default=0.0) - margin - node
    height = 2 * (margin + node) + max((y for _, y in spots), default=0.0) - margin - node
    body = []
    if directed:
        body.append(
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
            f'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{INK}"/>'
            "</marker></defs>"
        )
    for a, b in edge_list(adj, directed):
        (xa, ya), (xb, yb) = spots[a], spots[b]
        length = math.hypot(xb - xa, yb - ya) or 1.0
        dx, dy = (xb - xa) / length * node, (yb - ya) / length * node
        gone = (removed >> a | removed >> b) & 1
        colour = (colours or {}).get((a, b))
        stroke = GREY if gone else colour or INK
        arrow = ' marker-end="url(#arrow)"' if directed else ""
        body.append(
            f'<line x1="{xa + dx:.1f}" y1="{ya + dy:.1f}" x2="{xb - dx:.1f}" y2="{yb - dy:.1f}" '
            f'stroke="{stroke}" stroke-width="{3 if colour else 1.5}"{arrow}/>'
        )
    for v, (x, y) in enumerate(spots):
        bit = 1 << v
        fill = (
            PURPLE
            if selected & bit
            else GREY
            if removed & bit
            else GREEN
            if highlighted & bit
            else PAPER
        )
        body += clickable_circle(x, y, node, str(v), fill, ink=PAPER if selected & bit else INK)
    return svg_document(max(width, 2 * (margin + node)), max(height, 2 * (margin + node)),
                        body, title)
