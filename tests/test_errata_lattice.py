"""The errata of seed 000 §§3-4 (Theorems 4-7) and seed 001 Thm 6.3.2 in docs/errata.md,
each counterexample re-derived by our own code (the verifier's shrinker or enumeration)."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import Any

from grundy.reductions import get as reduction
from grundy.reductions.transverse_wave import node_kayles_to_demographic_influence, tw_to_dqbn
from grundy.reductions.verify import verify
from grundy.rulesets import ImpartialRuleset, get
from grundy.rulesets.formulas.avoid_true import Formula
from grundy.rulesets.graph_games.node_kayles import KaylesPosition
from grundy.rulesets.graphs import HashedAdjacency
from grundy.rulesets.transverse_wave.rules import Grid
from grundy.search import Solver

ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()


def ruleset(name: str) -> ImpartialRuleset[Any]:
    found = get(name)
    assert isinstance(found, ImpartialRuleset)
    return found


def test_avoid_true_keeping_satisfied_clauses() -> None:
    """TW:L377 read literally keeps clauses already satisfied by T."""
    def literal(formula: Formula) -> Any:
        rows = tuple(c | formula.true for c in formula.clauses)
        return tw_to_dqbn(Grid(formula.variables, rows))

    broken = dataclasses.replace(reduction("avoid-true->demi-quantum-boolean-nim"),
                                 map_position=literal)
    report = verify(broken, 200, 4)
    assert report.counterexample == "(x2); T=x2"
    assert f"`{report.counterexample}`" in ERRATA


def test_theorem_5_feasibility() -> None:
    """TW:L446 prints q ≤ max_i Θ((i, q)); feasibility of (k, q) is q ≤ max_i Θ((i, k))."""
    dqn = ruleset("demi-quantum-nim")

    def first() -> tuple[str, str]:
        for heaps, top in itertools.product(range(1, 4), range(1, 4)):
            for rows in itertools.product(range(top + 1), repeat=heaps):
                position = ((*rows,),)
                legal = {move for move, _ in dqn.moves(position)}
                for k, q in itertools.product(range(heaps), range(1, top + 1)):
                    printed = q - 1 < heaps and q <= max(r[q - 1] for r in position)
                    if printed != ((k, q) in legal):
                        return dqn.format(position), dqn.format_move((k, q))
        raise AssertionError("no counterexample")

    position, move = first()
    assert (position, move) == ("<(2)>", "0-2")
    assert f"`{position}` with move `{move}`" in ERRATA


def test_theorem_6_reads_v0() -> None:
    """TW:L456: "for all v ∈ V, Θ(v) = 0" must mean V0 (else Θ(t_v) = 0 too)."""
    def literal(position: KaylesPosition) -> Any:
        image = node_kayles_to_demographic_influence(position)
        return image._replace(theta=tuple(min(t, 0) for t in image.theta))

    broken = dataclasses.replace(reduction("node-kayles->demographic-influence"),
                                 map_position=literal)
    assert verify(broken, 100, 4).counterexample == "1;"
    assert "Θ(t_v) = 0 as well" in ERRATA


def test_theorem_6_needs_the_edges_v_t_w() -> None:
    """TW:L456: "C(t_v) = {v}" read as t_v's only neighbour drops the edges (v, t_w)."""
    def literal(position: KaylesPosition) -> Any:
        image = node_kayles_to_demographic_influence(position)
        n, adj = position.n, list(image.adj)
        for v in range(n):
            adj[v], adj[n + v] = position.adj[v] | 1 << (n + v), 1 << v
        return image._replace(adj=HashedAdjacency(adj))

    broken = dataclasses.replace(reduction("node-kayles->demographic-influence"),
                                 map_position=literal)
    report = verify(broken, 100, 4)
    assert report.counterexample == "2;0-1"
    assert f"`{report.counterexample}`" in ERRATA


def test_quantum_avoid_true_same_player_wins() -> None:
    """Seed 001 @162818 says the *next* player wins the image; the same player does."""
    qat, qbn = ruleset("quantum-avoid-true"), ruleset("quantum-boolean-nim")
    image = reduction("quantum-avoid-true->quantum-boolean-nim").map_position
    found = None
    for variables in range(1, 3):
        for count in range(0, 3):
            for clauses in itertools.product(range(1 << variables), repeat=count):
                position = (Formula(variables, clauses, 0),)
                ours = Solver(qat).grundy(position) != 0
                theirs = Solver(qbn).grundy(image(position)) != 0
                assert ours == theirs
                if found is None and ours:
                    found = get("avoid-true").format(position[0])
    assert found == "(); n=1"
    assert "`(); n=1`" in ERRATA
