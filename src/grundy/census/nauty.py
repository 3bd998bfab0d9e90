"""Graphs up to isomorphism, from nauty's generators: ``geng`` (every graph on n
vertices, one per isomorphism class, optionally connected, bipartite or with a range
of edge counts), ``gentreeg`` (every tree on n vertices) and ``vcolg`` (every
black-white colouring of geng's graphs, one per class of isomorphisms that keep the
colours).

B. D. McKay and A. Piperno, "Practical graph isomorphism, II", *Journal of Symbolic
Computation* 60 (2014) 94-112; the generators are part of nauty (Debian's ``nauty``
package names them ``nauty-geng``, ``nauty-gentreeg`` and ``nauty-vcolg``).  geng and
gentreeg split their output into ``mod`` disjoint classes by ``res/mod``, the same
classes on every run, which is how a census cuts a family into chunks that each worker
generates for itself; vcolg colours one class at a time (non-isomorphic graphs give
non-isomorphic coloured graphs, so the classes stay disjoint).

geng writes graph6 (McKay's format: one byte for n, then the upper triangle of the
adjacency matrix column by column, six bits a byte, each byte plus 63); gentreeg
writes a parent array with ``-p``; vcolg with ``-T`` writes ``n m c_0 .. c_{n-1}`` and
the m edges as pairs of vertices.  Decoding a graph6 line is a table look-up per
byte, built once per n.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

from grundy.protocol import GrundyError

#: The count in the generators' summary line on stderr.
GENERATED = re.compile(r"^>Z (?:\d+ graphs read from stdin; )?(\d+) (?:coloured )?(?:graphs|trees) "
                       r"generated", re.MULTILINE)
#: Vertex counts a graph family accepts (graph6 with a one-byte size; geng's limit 32).
MAX_GRAPH_VERTICES = 32


class NautyMissing(GrundyError):
    """nauty's generators are not installed."""


def tool(name: str) -> str:
    """The path of nauty's ``name`` (``geng``, ``gentreeg``, ``vcolg``), Debian's or
    upstream's."""
    found = shutil.which(f"nauty-{name}") or shutil.which(name)
    if found is None:
        raise NautyMissing(f"graph families need nauty's {name}: apt-get install nauty "
                           "(Debian, Ubuntu) or build nauty from pallini.di.uniroma1.it")
    return found


@dataclass(frozen=True)
class GraphClass:
    """Which graphs: trees, or graphs (``connected``, ``bipartite``, with ``edges``
    between the two bounds when given) on a number of vertices; ``black_white``: each
    such graph in every colouring of its vertices black or white."""

    trees: bool = False
    connected: bool = False
    bipartite: bool = False
    edges: tuple[int, int] | None = None
    black_white: bool = False

    def commands(self, n: int, res: int, mod: int, count: bool = False) -> list[list[str]]:
        """The generators' pipeline for the class ``res`` of ``mod`` on n vertices
        (counting: the last prints the count on stderr)."""
        if self.trees:
            return [[tool("gentreeg"), "-u" if count else "-qp", str(n), f"{res}/{mod}"]]
        counting = count and not self.black_white
        flags = "-" + ("u" if counting else "q") + "c" * self.connected + "b" * self.bipartite
        edges = [] if self.edges is None else [f"{self.edges[0]}:{self.edges[1]}"]
        # -X2 splits two levels deeper than geng's default, which makes the classes
        # even (on 9 vertices in 100 classes: at most 3,694 graphs each, not 27,657)
        graphs = [tool("geng"), flags, "-X2", str(n), *edges, f"{res}/{mod}"]
        if not self.black_white:
            return [graphs]
        return [graphs, [tool("vcolg"), "-m2", "-u" if count else "-qT"]]


def _run(commands: list[list[str]]) -> list[subprocess.Popen[bytes]]:
    """The pipeline started, each command reading the one before; the last is last."""
    processes: list[subprocess.Popen[bytes]] = []
    for command in commands:
        feed = processes[-1].stdout if processes else None
        processes.append(subprocess.Popen(command, stdin=feed, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE))
        if feed is not None:
            feed.close()  # the next process holds it now
    return processes


@functools.lru_cache(maxsize=4096)
def count(graphs: GraphClass, n: int, res: int = 0, mod: int = 1) -> int:
    """How many graphs the class ``res`` of ``mod`` holds (the generator counting, which
    costs about as much as generating: a few seconds for all 12,005,168 graphs on 10
    vertices)."""
    commands = graphs.commands(n, res, mod, count=True)
    processes = _run(commands)
    for process in processes[:-1]:
        process.wait()
    _, errors = processes[-1].communicate()
    # geng and gentreeg: ">Z 12 graphs generated ..."; vcolg: ">Z 11 graphs read from
    # stdin; 90 coloured graphs generated; ..."
    found = GENERATED.search(errors.decode(errors="replace"))
    if found:
        return int(found[1])
    command = " | ".join(" ".join(part) for part in commands)
    raise GrundyError(f"{command} failed: {errors.decode(errors='replace').strip()[:200]}")


#: A generated graph: n, its edges as sorted pairs a < b, and the mask of its black
#: vertices (0 for a family without colours).
NautyGraph = tuple[int, list[tuple[int, int]], int]


def generate(graphs: GraphClass, n: int, res: int = 0, mod: int = 1) -> Iterator[NautyGraph]:
    """Each graph of the class ``res`` of ``mod``, in the generator's order."""
    processes = _run(graphs.commands(n, res, mod))
    output = processes[-1].stdout
    assert output is not None
    decode = (decode_parents if graphs.trees else decode_coloured if graphs.black_white
              else decode_graph6)
    try:
        for line in output:
            yield decode(line.rstrip(b"\n"))
    finally:
        output.close()
        for process in processes:
            process.kill()
            process.wait()


@functools.lru_cache(maxsize=MAX_GRAPH_VERTICES + 1)
def _graph6_table(n: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each byte position after the first and each of its 64 values, the edges its
    six bits set (graph6 lists the pairs (0,1), (0,2), (1,2), (0,3), ...)."""
    pairs = [(i, j) for j in range(1, n) for i in range(j)]
    table = []
    for start in range(0, len(pairs), 6):
        six = pairs[start:start + 6]
        table.append(tuple(tuple(pair for bit, pair in enumerate(six) if value >> (5 - bit) & 1)
                           for value in range(64)))
    return tuple(table)


def decode_graph6(line: bytes) -> NautyGraph:
    """(n, sorted edges) of one graph6 line of a graph on at most 62 vertices."""
    n = line[0] - 63
    if not 0 <= n <= 62:
        raise GrundyError(f"not a graph6 line of at most 62 vertices: {line[:20]!r}")
    table = _graph6_table(n)
    if len(line) != len(table) + 1:
        raise GrundyError(f"graph6 line of {n} vertices needs {len(table) + 1} bytes, "
                          f"not {len(line)}")
    edges = [pair for byte, bits in zip(line[1:], table, strict=True) for pair in bits[byte - 63]]
    edges.sort()
    return n, edges, 0


def decode_coloured(line: bytes) -> NautyGraph:
    """(n, sorted edges, black vertices) of one line of vcolg -T: ``n m``, the n colours
    (1 is black), then the m edges as pairs."""
    numbers = [int(word) for word in line.split()]
    n, m = numbers[0], numbers[1]
    if len(numbers) != 2 + n + 2 * m:
        raise GrundyError(f"not a vcolg -T line of {n} vertices and {m} edges: {line[:40]!r}")
    colours, ends = numbers[2:2 + n], numbers[2 + n:]
    edges = sorted((min(a, b), max(a, b)) for a, b in zip(ends[::2], ends[1::2], strict=True))
    return n, edges, sum(1 << v for v, colour in enumerate(colours) if colour)


def decode_parents(line: bytes) -> NautyGraph:
    """(n, sorted edges) of one parent array of gentreeg -p: the parent of vertex
    1, 2, ..., n (0 for the root), vertices numbered from 1."""
    parents = [int(word) for word in line.split()]
    edges = sorted((min(p, v) - 1, max(p, v) - 1) for v, p in enumerate(parents, 1) if p)
    return len(parents), edges, 0


def graph_text(n: int, edges: list[tuple[int, int]]) -> str:
    """A graph in the ``N;a-b,...`` text of the graph games."""
    return f"{n};" + ",".join(f"{a}-{b}" for a, b in edges)
