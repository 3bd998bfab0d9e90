"""Undirected geography on duals of fully triangulated planar maps (Ferland 2024, Cor
3.4.1; seed 001 L496-498): the generator, and the branch-and-bound against plain search."""

from __future__ import annotations

import random
from typing import Any, cast

import networkx as nx
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.cli.main import cli
from grundy.oracles import WinningWay
from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.geography.algorithms import BranchAndBound
from grundy.rulesets.geography.triangulated_maps import (
    dual_faces,
    dual_position,
    random_dual,
    random_triangulation,
)
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.search import Solver
from grundy.search.naive import naive_grundy

UNDIRECTED = cast(ImpartialRuleset[Any], get("undirected-geography"))


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 40), st.integers(0, 2**32))
def test_the_generator_gives_triangulations_and_cubic_duals(n: int, seed: int) -> None:
    graph = random_triangulation(random.Random(seed), n)
    assert graph.number_of_nodes() == n and graph.number_of_edges() == 3 * n - 6
    assert nx.check_planarity(graph)[0] and nx.node_connectivity(graph) >= 3
    faces = dual_faces(graph)
    assert len(faces) == 2 * n - 4 and all(graph.has_edge(a, b) for a, b, _ in faces)
    dual = dual_position(graph)
    assert all(row.bit_count() == 3 for row in dual.adj)  # every face has three neighbours
    as_graph = nx.Graph((f, g) for f in range(dual.n) for g in range(dual.n)
                        if dual.adj[f] >> g & 1)
    assert nx.check_planarity(as_graph)[0] and nx.is_connected(as_graph)


def stacked(graph: nx.Graph[int]) -> bool:
    """Does the triangulation reduce to K4 by deleting vertices of degree 3?"""
    graph = graph.copy()
    while graph.number_of_nodes() > 4:
        low = [v for v, d in graph.degree() if d == 3]
        if not low:
            return False
        graph.remove_node(low[0])
    return True


def test_flips_reach_more_than_stacked_triangulations() -> None:
    """Insertions alone give stacked triangulations only; the flips leave that class."""
    rng = random.Random(7)
    assert all(stacked(random_triangulation(rng, 14, flips=0)) for _ in range(10))
    assert not all(stacked(random_triangulation(rng, 14)) for _ in range(10))


def play(rng: random.Random, position: GeographyPosition, moves: int) -> GeographyPosition:
    """A random play of up to ``moves`` moves."""
    for _ in range(moves):
        children = [child for _, child in UNDIRECTED.moves(position)]
        if not children:
            break
        position = rng.choice(children)
    return position


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 9), st.integers(0, 6), st.floats(0, 0.4), st.integers(0, 2**32))
def test_branch_and_bound_agrees_with_plain_search(n: int, moves: int, holes: float,
                                                   seed: int) -> None:
    """Positions of the dual after a random play and with random faces punched out:
    the branch-and-bound, Thm 3.4.2 from outcomes, and the naive search agree."""
    rng = random.Random(seed)
    position = play(rng, random_dual(rng, n), moves)
    removed = position.removed
    for face in range(position.n):
        if face != position.token and rng.random() < holes:
            removed |= 1 << face
    position = position._replace(removed=removed)
    search = BranchAndBound(position.adj)
    value = search.grundy(position.token, position.removed)
    assert value == naive_grundy(UNDIRECTED, position)
    way = WinningWay(UNDIRECTED)
    assert way.nimber(position) == value and way.branched <= 1
    assert search.nodes <= 1 + 3 * position.n  # one path below each of ≤ 3 options


@pytest.mark.parametrize("n", [4, 6, 12, 30, 100])
def test_every_start_face_is_star(n: int) -> None:
    """From a full map the value is always *: the dual is cubic and bridgeless, so every
    edge lies in a perfect matching (Petersen; Schönberger), every move reaches a
    P-position, and the branch-and-bound expands the start only."""
    rng = random.Random(n)
    for start in range(0, 2 * n - 4, max(1, n // 5)):
        position = dual_position(random_triangulation(rng, n), start)
        search = BranchAndBound(position.adj)
        assert search.grundy(position.token, 0) == 1 and search.nodes == 1
        if n <= 12:
            assert Solver(UNDIRECTED).grundy(position) == 1


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(GrundyError, match="4 to 2,000 vertices, not 3"):
        random_triangulation(random.Random(0), 3)
    with pytest.raises(GrundyError, match="face 9 does not exist"):
        dual_position(random_triangulation(random.Random(0), 5), 9)
    with pytest.raises(GrundyError, match="not fully triangulated"):
        dual_faces(nx.cycle_graph(5))
    with pytest.raises(GrundyError, match="not planar"):
        dual_faces(nx.complete_graph(5))


def test_grundy_triangulated_map_command() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["constructions", "triangulated-map", "--vertices", "8",
                                 "--seed", "3", "--moves", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert '"faces": 12' in result.output and '"nimber"' in result.output
    position = UNDIRECTED.parse(result.output.split('"position": "')[1].split('"')[0])
    assert f'"nimber": {naive_grundy(UNDIRECTED, position)}' in result.output
    result = runner.invoke(cli, ["constructions", "triangulated-map", "--vertices", "3"])
    assert result.exit_code != 0 and "4 to 2,000 vertices" in result.output
