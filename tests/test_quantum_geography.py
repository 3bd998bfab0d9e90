"""Quantum geography from a classical start (Ferland 2024, §6.2, seed 001 @139370):
Theorem 6.2.1 (undirected: the classical winner wins) and Theorem 6.2.6 (directed, arcs
subdivided A>AB1>AB2>B) as verified reductions."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

from grundy.protocol import ImpartialRuleset
from grundy.reductions import get
from grundy.reductions.geography_constructions import GraphBuilder
from grundy.reductions.quantum_geography import (
    classical_start,
    random_graph,
    subdivide_arcs,
)
from grundy.reductions.verify import verify
from grundy.rulesets import get as ruleset
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import edge_list
from grundy.search import Solver


def test_theorem_6_2_1_verifies_at_width_two() -> None:
    report = verify(get("quantum-undirected-geography-classical-start"), instances=250)
    assert report.ok, report


def test_theorem_6_2_1_also_at_width_three() -> None:
    rng = random.Random(621)
    classical = Solver(cast(ImpartialRuleset[Any], ruleset("undirected-geography")))
    quantum = Solver(cast(ImpartialRuleset[Any], ruleset("quantum(undirected-geography,3)")))
    outcomes = set()
    for _ in range(120):
        position = random_graph(rng, rng.randint(2, 6), directed=False, density=0.5)
        outcome = classical.outcome(position)
        outcomes.add(outcome)
        assert quantum.outcome(classical_start(position)) is outcome
    assert len(outcomes) == 2


def test_theorem_6_2_6_arc_subdivision_verifies() -> None:
    report = verify(get("geography-arc-subdivision-quantum"), instances=250)
    assert report.ok, report


def test_subdivision_shape_and_a_wrong_map_is_caught() -> None:
    """Each playable arc gets two new vertices; subdividing once instead (A>AB>B, two
    moves per arc) flips the winner and the verifier finds it."""
    position = ruleset("geography").parse("3;0>1,1>2,2>0,1>0;start=0")
    assert isinstance(position, GeographyPosition)
    image = subdivide_arcs(position)
    assert image.n == 3 + 2 * 2  # 0>1 and 1>2 kept; 2>0 and 1>0 enter the token
    assert len(edge_list(image.adj, directed=True)) == 3 * 2

    def once(p: GeographyPosition) -> tuple[GeographyPosition]:
        graph = GraphBuilder(directed=True)
        graph.vertex(p.token)
        for v in range(p.n):
            graph.vertex(v)
        for x, y in edge_list(p.adj, directed=True):
            if y != p.token:
                graph.edge(x, (x, y))
                graph.edge((x, y), y)
        return (graph.position(p.token),)

    wrong = dataclasses.replace(get("geography-arc-subdivision-quantum"), map_position=once)
    assert not verify(wrong, instances=100).ok
