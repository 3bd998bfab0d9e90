"""Graphs up to isomorphism, from nauty's generators: ``geng`` (every graph on n
vertices, one per isomorphism class, optionally connected, bipartite or with a range
of edge counts) and ``gentreeg`` (every tree on n vertices).

B. D. McKay and A. Piperno, "Practical graph isomorphism, II", *Journal of Symbolic
Computation* 60 (2014) 94-112; the generators are part of nauty (Debian's ``nauty``
package names them ``nauty-geng`` and ``nauty-gentreeg``).  Both split their output
into ``mod`` disjoint classes by ``res/mod``, the same classes on every run, which is
how a census cuts a family into chunks that each worker generates for itself.

geng writes graph6 (McKay's format: one byte for n, then the upper triangle of the
adjacency matrix column by column, six bits a byte, each byte plus 63); gentreeg
writes a parent array with ``-p``.  Decoding a graph6 line is a table look-up per
byte, built once per n.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

from grundy.protocol import GrundyError

#: Vertex counts a graph family accepts (graph6 with a one-byte size; geng's limit 32).
MAX_GRAPH_VERTICES = 32


class NautyMissing(GrundyError):
    """nauty's generators are not installed."""


def tool(name: str) -> str:
    """The path of nauty's ``name`` (``geng`` or ``gentreeg``), Debian's or upstream's."""
    found = shutil.which(f"nauty-{name}") or shutil.which(name)
    if found is None:
        raise NautyMissing(f"graph families need nauty's {name}: apt-get install nauty "
                           "(Debian, Ubuntu) or build nauty from pallini.di.uniroma1.it")
    return found


@dataclass(frozen=True)
class GraphClass:
    """Which graphs: trees, or graphs (``connected``, ``bipartite``, with ``edges``
    between the two bounds when given) on a number of vertices."""

    trees: bool = False
    connected: bool = False
    bipartite: bool = False
    edges: tuple[int, int] | None = None

    def command(self, n: int, res: int, mod: int, count: bool = False) -> list[str]:
        """The generator's command line for the class ``res`` of ``mod`` on n vertices
        (counting: it prints the count on stderr)."""
        if self.trees:
            return [tool("gentreeg"), "-u" if count else "-qp", str(n), f"{res}/{mod}"]
        flags = "-" + ("u" if count else "q") + "c" * self.connected + "b" * self.bipartite
        edges = [] if self.edges is None else [f"{self.edges[0]}:{self.edges[1]}"]
        # -X2 splits two levels deeper than geng's default, which makes the classes
        # even (on 9 vertices in 100 classes: at most 3,694 graphs each, not 27,657)
        return [tool("geng"), flags, "-X2", str(n), *edges, f"{res}/{mod}"]


def _run(command: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@functools.lru_cache(maxsize=4096)
def count(graphs: GraphClass, n: int, res: int = 0, mod: int = 1) -> int:
    """How many graphs the class ``res`` of ``mod`` holds (the generator counting, which
    costs about as much as generating: a few seconds for all 12,005,168 graphs on 10
    vertices)."""
    command = graphs.command(n, res, mod, count=True)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in done.stderr.splitlines():
        if line.startswith(">Z"):
            return int(line.split()[1])
    raise GrundyError(f"{' '.join(command)} failed: {done.stderr.strip()[:200]}")


def generate(graphs: GraphClass, n: int, res: int = 0,
             mod: int = 1) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """(n, edges) for each graph of the class ``res`` of ``mod``, in the generator's
    order; edges as pairs a < b, sorted."""
    process = _run(graphs.command(n, res, mod))
    assert process.stdout is not None
    decode = decode_parents if graphs.trees else decode_graph6
    try:
        for line in process.stdout:
            yield decode(line.rstrip(b"\n"))
    finally:
        process.stdout.close()
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


def decode_graph6(line: bytes) -> tuple[int, list[tuple[int, int]]]:
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
    return n, edges


def decode_parents(line: bytes) -> tuple[int, list[tuple[int, int]]]:
    """(n, sorted edges) of one parent array of gentreeg -p: the parent of vertex
    1, 2, ..., n (0 for the root), vertices numbered from 1."""
    parents = [int(word) for word in line.split()]
    edges = sorted((min(p, v) - 1, max(p, v) - 1) for v, p in enumerate(parents, 1) if p)
    return len(parents), edges


def graph_text(n: int, edges: list[tuple[int, int]]) -> str:
    """A graph in the ``N;a-b,...`` text of the graph games."""
    return f"{n};" + ",".join(f"{a}-{b}" for a, b in edges)
