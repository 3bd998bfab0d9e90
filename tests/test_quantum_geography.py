"""Quantum geography (Ferland 2024, §6.2, seed 001 @139370): Theorem 6.2.1 (undirected
from a classical start: the classical winner wins), Theorems 6.2.4-6.2.5 (quantum directed
geography to poly-wide and reachable quantum undirected geography) and Theorem 6.2.6
(directed, arcs subdivided A>AB1>AB2>B) as verified reductions."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any, cast

import pytest

from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.reductions import get
from grundy.reductions.geography_constructions import GraphBuilder
from grundy.reductions.quantum_geography import (
    board,
    classical_start,
    playable_arcs,
    poly_wide,
    random_graph,
    reachable_start,
    subdivide_arcs,
)
from grundy.reductions.registry import Reduction
from grundy.reductions.verify import check, verify
from grundy.rulesets import get as ruleset
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import edge_list
from grundy.search import Solver
from grundy.transforms.quantum import QuantumMove

ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()


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


def test_theorems_6_2_4_and_6_2_5_verify() -> None:
    for name in ("quantum-geography-poly-wide-undirected",
                 "quantum-geography-reachable-undirected"):
        report = verify(get(name), instances=150)
        assert report.ok, report


def test_poly_wide_and_reachable_shapes() -> None:
    """m arcs: m + 1 boards for Thm 6.2.4; 2^m realizations, reached by 2m + 1 prior
    moves, for Thm 6.2.5, whose core boards are among them."""
    position = ruleset("geography").parse("3;0>1,1>2,0>2;start=0")
    assert isinstance(position, GeographyPosition)
    start = classical_start(position)
    assert len(playable_arcs(position)) == 3
    assert len(poly_wide(start)) == 4
    reached = cast(tuple[GeographyPosition, ...], reachable_start(start))
    assert len(reached) == 8  # one per choice of ab1 or stop_ab on each arc
    assert len({r.token for r in reached}) == 1  # every realization is on the start
    assert len({r.removed.bit_count() for r in reached}) == 1  # 2m + 1 vertices visited


def test_the_arc_boards_are_needed() -> None:
    """The main board alone is undirected geography on the subdivided graph, where the
    token may walk an arc backwards: 0>1 with 2>1 is won by moving 0>1 (N), but the
    undirected path 0 - - 1 - - 2 of seven vertices from its end is lost (P)."""
    def main_only(start: tuple[GeographyPosition, ...]) -> tuple[GeographyPosition]:
        position = start[0]
        return (board(position, playable_arcs(position), None),)

    reduction = get("quantum-geography-poly-wide-undirected")
    wrong = dataclasses.replace(reduction, map_position=main_only)
    position = ruleset("geography").parse("3;0>1,2>1;start=0")
    assert check_one(reduction, position) and not check_one(wrong, position)


def check_one(reduction: Reduction, position: object) -> bool:
    assert isinstance(position, GeographyPosition)
    return check(reduction, classical_start(position)) is None


def test_theorem_6_2_6_needs_the_subdivision() -> None:
    """Without subdividing, quantum play changes the winner: on this 6-vertex digraph
    (the fewest vertices found; none on 5 or fewer, an exhaustive search) the player to
    move loses classically but wins with the quantum move <0|5>, its only winning move;
    subdivided, the classical loser loses again."""
    position = ruleset("geography").parse(
        "6;0>1,0>2,0>3,1>3,1>5,2>0,2>1,3>2,3>5,4>0,4>5,5>1,5>2,5>3;start=4")
    quantum = Solver(cast(ImpartialRuleset[Any], ruleset("quantum(geography,2)")))
    classical = Solver(cast(ImpartialRuleset[Any], ruleset("geography")))
    assert classical.outcome(position).value == "P"
    assert quantum.outcome(classical_start(position)).value == "N"
    assert [move for move, _ in quantum.winning_moves(classical_start(position))] == [
        QuantumMove({0, 5})]
    assert isinstance(position, GeographyPosition)
    assert quantum.outcome(classical_start(subdivide_arcs(position))).value == "P"


def test_erratum_theorem_6_2_5_needs_the_last_link() -> None:
    """As printed (no edge from the last ab-2 to the start) the last prior move is
    illegal already with one arc (docs/errata.md)."""
    position = ruleset("geography").parse("2;0>1;start=0")
    assert isinstance(position, GeographyPosition)
    assert len(reachable_start(classical_start(position))) == 2
    with pytest.raises(GrundyError, match="prior move 0 is illegal"):
        reachable_start(classical_start(position), printed=True)
    assert "`2;0>1;start=0`" in ERRATA
