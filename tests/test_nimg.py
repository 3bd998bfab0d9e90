"""Vertex NimG, Neighboring Nim and black-white NimG (seed 003 L73-77, L375-428; seed 000
L340-342), and Edge Geography (seed 002 L328), against the naive reference."""

from __future__ import annotations

import dataclasses
import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy.rulesets.geography.nimg as nimg
from grundy.reductions import Kind
from grundy.reductions import get as reduction
from grundy.reductions.lattice import build
from grundy.reductions.verify import verify
from grundy.rulesets import ParseError, get
from grundy.rulesets.geography.edge import EdgeGeography, UndirectedEdgeGeography
from grundy.rulesets.geography.nimg import (
    BlackWhiteNimG,
    NeighboringNim,
    NimGPosition,
    UndirectedVertexNimG,
    VertexNimG,
    flow_move,
)
from grundy.rulesets.geography.vertex import Geography, GeographyPosition, UndirectedGeography
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.values import Outcome

BW = BlackWhiteNimG()


def test_doctests() -> None:
    assert doctest.testmod(nimg).failed == 0


@settings(max_examples=250, deadline=None)
@given(st.integers(1, 7), st.integers(0, 2**32))
def test_black_white_flow_is_the_brute_force_outcome(n: int, seed: int) -> None:
    """Thm 5.4 (seed 003 L375-428) against play where any number of sticks may be taken;
    the move it names (taking one stick) leads to a P-position."""
    position = BW.random_position(random.Random(seed), n)
    wins = naive_grundy(BW, position) != 0
    move = flow_move(position)
    assert (move is not None) == wins == BW.fast_outcome(position)
    if move is not None:
        after = BW.play(position, (move, 1))
        assert naive_grundy(BW, after) == 0
    assert (Solver(BW).outcome(position) is Outcome.N) == wins


@pytest.mark.parametrize(
    ("black", "white", "mover_wins"), [(1, 1, False), (0, 1, True), (1, 2, True), (2, 2, False)]
)
def test_single_edge_facts(black: int, white: int, mover_wins: bool) -> None:
    """A single edge b-w, token on b, White to move: White wins iff w(w) > w(b)."""
    position = BW.parse(f"2;0-1;start=0;sticks={black},{white}")
    assert (naive_grundy(BW, position) != 0) == mover_wins
    assert (flow_move(position) is not None) == mover_wins


@pytest.mark.parametrize(("nimg_rules", "geography"), [
    (VertexNimG(), Geography()), (UndirectedVertexNimG(), UndirectedGeography()),
    (NeighboringNim(), UndirectedGeography()),
])
def test_one_stick_everywhere_but_the_start_is_geography(
    nimg_rules: VertexNimG, geography: Geography
) -> None:
    """Seed 003 L75-77; seed 000 L342 (Neighboring Boolean Nim ≅ Undirected Geography)."""
    rng = random.Random(nimg_rules.name)
    for _ in range(40):
        g = geography.random_position(rng, rng.randint(1, 7))
        sticks = tuple(0 if v == g.token else 1 for v in range(g.n))
        position = NimGPosition(g.n, g.adj, sticks, g.token)
        assert naive_grundy(nimg_rules, position) == naive_grundy(geography, g)


def test_neighboring_nim_on_a_complete_graph_is_nim() -> None:
    rules, nim = NeighboringNim(), get("nim")
    rng = random.Random(3)
    for _ in range(30):
        heaps = tuple(rng.randint(0, 3) for _ in range(rng.randint(1, 4)))
        n = len(heaps)
        text = ",".join(f"{a}-{b}" for a in range(n) for b in range(a + 1, n))
        position = rules.parse(f"{n};{text};start=0;sticks={','.join(map(str, heaps))}")
        assert naive_grundy(rules, position) == naive_grundy(nim, heaps)


def test_the_start_vertex_keeps_its_sticks() -> None:
    """Token on 0 with 2 sticks, one neighbour with 1: go there, and the opponent
    comes back to take from 0 -- so the mover loses."""
    rules = UndirectedVertexNimG()
    assert naive_grundy(rules, rules.parse("2;0-1;start=0;sticks=2,1")) == 0
    assert naive_grundy(rules, rules.parse("2;0-1;start=0;sticks=0,1")) == 1


def test_text_round_trip_and_errors() -> None:
    for rules in (VertexNimG(), UndirectedVertexNimG(), NeighboringNim(), BW):
        for text in rules.examples:
            assert rules.format(rules.parse(text)) == text
    with pytest.raises(ParseError, match="odd cycle"):
        BW.parse("3;0-1,1-2,2-0;start=0;sticks=1,1,1")
    with pytest.raises(ParseError, match="one count per vertex"):
        BW.parse("2;0-1;start=0;sticks=1")
    with pytest.raises(ParseError, match="sticks"):
        BW.parse("2;0-1;start=0")
    with pytest.raises(ParseError, match="start"):
        BW.parse("2;0-1;sticks=1,1")


@pytest.mark.parametrize("rules", [EdgeGeography(), UndirectedEdgeGeography()])
def test_edge_geography_solver_matches_naive(rules: EdgeGeography) -> None:
    rng = random.Random(rules.name)
    for _ in range(40):
        position = rules.random_position(rng, rng.randint(1, 7))
        assert Solver(rules).grundy(position) == naive_grundy(rules, position)
        assert rules.parse(rules.format(position)) == position


def test_edge_geography_revisits_vertices_and_agrees_with_geography_on_dags() -> None:
    """Deleting the edge or the vertex is the same on acyclic graphs (seed 002 L330-336)."""
    edge = EdgeGeography()
    triangle = edge.parse("3;0>1,1>2,2>0;start=0")
    assert naive_grundy(edge, triangle) == 1  # three moves round the cycle
    assert naive_grundy(Geography(), Geography().parse("3;0>1,1>2,2>0;start=0")) == 0
    rng = random.Random(2)
    for _ in range(30):
        n = rng.randint(1, 7)
        arcs = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.4]
        text = f"{n};" + ",".join(f"{a}>{b}" for a, b in arcs) + ";start=0"
        assert naive_grundy(edge, edge.parse(text)) == naive_grundy(
            Geography(), Geography().parse(text)
        )


@pytest.mark.parametrize("name", [
    "nim->neighboring-nim", "undirected-geography->neighboring-nim", "geography->vertex-nimg",
])
def test_nim_and_geography_reductions_are_registered_isomorphisms(name: str) -> None:
    """Seed 000 L340-342, L531; seed 002 L326: the verifier walks both trees label by label,
    and the lattice draws the arrow."""
    found = reduction(name)
    assert found.kind is Kind.ISOMORPHISM
    assert verify(found, instances=60, max_size=6, exhaustive=3).ok
    assert build().has_arrow(found.source, found.target)


def test_a_wrong_nimg_map_is_refuted() -> None:
    """Leaving a stick on the token's vertex lets Neighboring Nim take from it again:
    no longer Undirected Geography."""
    right = reduction("undirected-geography->neighboring-nim")

    def keep_start(position: GeographyPosition) -> NimGPosition:
        image = right.map_position(position)
        assert isinstance(image, NimGPosition)
        sticks = tuple(1 if v == position.token else s for v, s in enumerate(image.sticks))
        return image._replace(sticks=sticks)

    assert not verify(dataclasses.replace(right, map_position=keep_start), instances=30).ok
