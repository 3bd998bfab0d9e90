"""NIM, UNDIRECTED GEOGRAPHY and GENERALIZED GEOGRAPHY as special cases of the NimG
family, outside seed 000's Figure 11 (``000_7d67923f02e8dd4e.txt`` L340-342, L531;
seed 002 ``002_8bc4c30c443a0021.txt`` L326).

- NIM → NEIGHBORING NIM: the heaps on a complete graph, token on heap 0; with the
  self-loops every heap is a neighbour of every vertex, so take q from heap i ↔
  move to i and take q there.
- UNDIRECTED GEOGRAPHY → NEIGHBORING NIM (Neighboring Boolean Nim, L342): one stick
  on every vertex still to visit, none on the token's or deleted ones; move to v ↔
  take the stick on v.  The self-loop is never usable (the token's pile is empty).
- GENERALIZED GEOGRAPHY → VERTEX DIGRAPH NIM (seed 002 L326): the same sticks on the
  digraph.

All three are isomorphisms of game trees, checked label by label by the verifier.
"""

from __future__ import annotations

from typing import Any, cast

from grundy.protocol import Citation, Move
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.geography.nimg import NimGPosition
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import HashedAdjacency
from grundy.rulesets.heaps.nim import Heaps

TW = "000_7d67923f02e8dd4e.txt"
NP = "002_8bc4c30c443a0021.txt"


def nim_to_neighboring_nim(heaps: Heaps) -> NimGPosition:
    """Heap i on vertex i of a complete graph, token on vertex 0 (no heaps: one empty vertex)."""
    sticks = heaps or (0,)
    n = len(sticks)
    everyone = (1 << n) - 1
    adj = HashedAdjacency(everyone & ~(1 << v) for v in range(n))
    return NimGPosition(n, adj, sticks, 0)


def geography_to_nimg(position: GeographyPosition) -> NimGPosition:
    """A stick on every vertex not yet visited; none on the token's vertex or deleted ones."""
    gone = position.removed | 1 << position.token
    sticks = tuple(0 if gone >> v & 1 else 1 for v in range(position.n))
    return NimGPosition(position.n, position.adj, sticks, position.token)


def take_one(_: Any, vertex: Move) -> Move:
    """Geography's move to a vertex is NimG's move there taking its one stick."""
    return cast(int, vertex), 1


def same_label(_: Any, move: Move) -> Move:
    return move


def _register(source: str, target: str, map_position: Any, map_move: Any,
              citation: Citation) -> None:
    register(Reduction(
        name=f"{source}->{target}", source=source, target=target, kind=Kind.ISOMORPHISM,
        map_position=map_position, citation=citation,
        summary=(map_position.__doc__ or "").split("\n")[0].strip(), map_move=map_move,
    ))


_register("nim", "neighboring-nim", nim_to_neighboring_nim, same_label,
          Citation(TW, "L340-342", "NIM is Neighboring Nim on a complete graph"))
_register("undirected-geography", "neighboring-nim", geography_to_nimg, take_one,
          Citation(TW, "L342", "Neighboring Boolean Nim ≅ Undirected Geography"))
_register("geography", "vertex-nimg", geography_to_nimg, take_one,
          Citation(NP, "L326", "GG is Vertex Digraph Nim with one stick per vertex"))
