"""Edge Geography's Star Atlas encoding (seed 002 Cor 6/22, ``002_8bc4c30c443a0021.txt``
L328-336)."""

from __future__ import annotations

import pytest

from grundy.reductions import get as reduction
from grundy.reductions.star_atlas import edge_star_atlas, is_prime_geography
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.search import Solver

NIM = get("nim")


@pytest.mark.parametrize("name", ["edge-star-atlas:nim", "edge-star-atlas:transverse-wave"])
def test_edge_encodings_keep_the_nimber(name: str) -> None:
    assert verify(reduction(name), instances=12, max_size=3).ok


@pytest.mark.parametrize("heaps", [(), (1,), (2,), (1, 2)])
def test_doubled_a_keeps_the_value_and_the_tree_prime(heaps: tuple[int, ...]) -> None:
    """With b_i → a1_i, a2_i → s_i the start's game tree is prime (Thm 20's argument), and
    edge play equals vertex play on the acyclic graph."""
    edge = edge_star_atlas(NIM, heaps)
    vertex = GeographyPosition(edge.n, edge.adj, edge.token, 0)
    expected = NIM.fast_grundy(heaps)
    assert Solver(get("edge-geography")).grundy(edge) == expected
    assert Solver(get("geography")).grundy(vertex) == expected
    assert is_prime_geography(vertex)
