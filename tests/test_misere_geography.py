"""Misère play on the Theorem 3.2.1 gadget (Ferland 2024, §3.5, seed 001 @77611):
claims (1) and (2) hold by misère search, claim (3) fails because of the pendant leaf;
Thm 3.5.1's classes PP (trees) and PH (the reduction) by their polynomial rules."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import networkx as nx
import pytest

from grundy.protocol import ImpartialRuleset
from grundy.reductions import Kind
from grundy.reductions import get as reduction
from grundy.reductions.geography_constructions import gadget_graph
from grundy.reductions.misere_geography import (
    ARC_GADGET,
    arc_gadget_graph,
    arc_gadget_value,
    gadget_claims,
    reduction_misere_outcome,
    tree_values,
)
from grundy.reductions.verify import compose, verify
from grundy.rulesets import get
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import HashedAdjacency
from grundy.search import Solver
from grundy.search.misere_form import misere_form
from grundy.values import Outcome

GEOGRAPHY = cast(ImpartialRuleset[Any], get("geography"))
UNDIRECTED = cast(ImpartialRuleset[Any], get("undirected-geography"))


def test_claims_one_and_two_hold_and_three_fails_on_random_digraphs() -> None:
    rng = random.Random(3511)
    tally: Counter[tuple[int, bool]] = Counter()
    for size in range(1, 5):
        for _ in range(12):
            for check in gadget_claims(GEOGRAPHY.random_position(rng, size)):
                tally[check.claim, check.holds] += 1
                if check.claim == 3:  # the leaf is the only move left, and it loses
                    assert check.found is Outcome.P
                    assert len(list(UNDIRECTED.moves(check.position))) == 1
    assert set(tally) == {(1, True), (2, True), (3, False)}
    assert tally[1, True] > 50 and tally[2, True] > 50


def test_smallest_counterexample_to_claim_three() -> None:
    """One vertex, no arcs: after the prelude the token's only move is to its leaf."""
    [check] = gadget_claims(GEOGRAPHY.parse("1;;start=0"))
    assert check.claim == 3 and check.printed is Outcome.N and check.found is Outcome.P
    assert UNDIRECTED.format(check.position) == "6;0-1,0-4,2-3,2-4,4-5;start=0;removed=2,4"


# -- Thm 3.5.1's classes ---------------------------------------------------------------


def test_class_pp_trees_by_linear_recursion() -> None:
    """Every tree up to 10 vertices, every start, and every removed set a play leaves
    behind: the linear-time nimber and misère outcome agree with the search, the misère
    outcome also with the misère simplest form of the position."""
    solver = Solver(UNDIRECTED)
    checked = 0
    for n in range(1, 11):
        trees: list[nx.Graph[int]] = [nx.empty_graph(1)]
        if n > 1:
            trees = [cast("nx.Graph[int]", t) for t in nx.nonisomorphic_trees(n)]
        for tree in trees:
            adj = [0] * n
            for a, b in tree.edges():
                adj[a] |= 1 << b
                adj[b] |= 1 << a
            hashed = HashedAdjacency(adj)
            for token in range(n):
                position = GeographyPosition(n, hashed, token, 0)
                for _, child in [(None, position), *UNDIRECTED.moves(position)]:
                    nimber, misere = tree_values(child.adj, child.token, child.removed)
                    assert nimber == solver.grundy(child)
                    assert misere is solver.misere_outcome(child)
                    assert misere_form(UNDIRECTED, child).is_p is (misere is Outcome.P)
                    checked += 1
    assert checked > 2000


def test_tree_values_refuses_a_cycle() -> None:
    triangle = UNDIRECTED.parse("3;0-1,1-2,2-0;start=0")
    with pytest.raises(ValueError, match="has a cycle"):
        tree_values(triangle.adj, triangle.token)


def reachable_positions(start: GeographyPosition) -> list[GeographyPosition]:
    """Every position a play from ``start`` can reach."""
    seen = {start}
    stack = [start]
    while stack:
        for _, child in UNDIRECTED.moves(stack.pop()):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return sorted(seen, key=lambda p: (p.removed, p.token))


def test_class_ph_misere_outcome_is_local_on_every_small_digraph() -> None:
    """Every digraph on at most 3 vertices (every arc set, every start), reduced by Thm
    3.2.1: at every position a play reaches with the token on an original vertex or on
    the prelude's start, the gadget rule gives the misère search's outcome."""
    solver = Solver(UNDIRECTED)
    tally: Counter[Outcome] = Counter()
    for n in range(1, 4):
        pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
        for chosen in range(1 << len(pairs)):
            arcs = ",".join(f"{a}>{b}" for i, (a, b) in enumerate(pairs) if chosen >> i & 1)
            for s in range(n):
                directed = GEOGRAPHY.parse(f"{n};{arcs};start={s}")
                graph = gadget_graph(directed)
                for position in reachable_positions(graph.position("start")):
                    rule = reduction_misere_outcome(graph, position)
                    if rule is not None:
                        assert rule is solver.misere_outcome(position), position
                        tally[rule] += 1
    assert tally[Outcome.N] > 100 and tally[Outcome.P] > 100


def small_digraphs(limit: int) -> Iterator[GeographyPosition]:
    """Every digraph on at most ``limit`` vertices with every start."""
    for n in range(1, limit + 1):
        pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
        for chosen in range(1 << len(pairs)):
            arcs = ",".join(f"{a}>{b}" for i, (a, b) in enumerate(pairs) if chosen >> i & 1)
            for s in range(n):
                yield GEOGRAPHY.parse(f"{n};{arcs};start={s}")


def hp_failures(gadget: tuple[tuple[int, int], ...],
                digraphs: list[GeographyPosition]) -> Iterator[str]:
    """Where the reduction with ``gadget`` misses the directed normal outcome in misère
    play, or the thesis's nimber, with the token on the directed start."""
    solver, directed_solver = Solver(UNDIRECTED), Solver(GEOGRAPHY)
    for directed in digraphs:
        position = arc_gadget_graph(directed, gadget).position(directed.token)
        if solver.misere_outcome(position) is not directed_solver.outcome(directed):
            yield f"misère outcome at {GEOGRAPHY.format(directed)}"
        if solver.grundy(position) != arc_gadget_value(directed, directed.token):
            yield f"nimber at {GEOGRAPHY.format(directed)}"


def test_class_hp_gadget_keeps_the_outcome_and_gives_the_thesis_values() -> None:
    """Every digraph up to 3 vertices, and random ones on 4: misère outcome of the
    undirected graph = normal outcome of the digraph, nimber at the start = *3, *2 or *
    as the thesis says (@77611)."""
    rng = random.Random(77611)
    digraphs = list(small_digraphs(3)) + [GEOGRAPHY.random_position(rng, 4) for _ in range(6)]
    assert list(hp_failures(ARC_GADGET, digraphs)) == []
    assert {arc_gadget_value(d, d.token) for d in digraphs} == {1, 2, 3}


def test_class_hp_gadget_needs_every_edge() -> None:
    """Without any one of its edges the gadget fails the checks (so they can fail),
    except a leaf of uv4: one leaf does what two do.  With the edge uv1-uv4 added it
    still passes."""
    digraphs = list(small_digraphs(3))
    for edge in ARC_GADGET:
        fewer = tuple(e for e in ARC_GADGET if e != edge)
        fails = next(hp_failures(fewer, digraphs), None) is not None
        assert fails is (edge not in ((4, 5), (4, 6))), edge
    assert next(hp_failures((*ARC_GADGET, (1, 4)), digraphs[:60]), None) is None


def test_class_hp_reduction_is_registered_and_the_verifier_can_refute_it() -> None:
    """``grundy verify`` checks the HP map: the digraph's normal-play winner is the
    graph's misère winner.  Without a gadget edge, or read under normal play, it fails;
    it cannot be composed with a normal-play reduction."""
    hp = reduction("geography->misere-undirected-geography")
    assert hp.kind is Kind.MISERE_WINNABILITY
    assert verify(hp, instances=60, max_size=5).ok
    fewer = tuple(e for e in ARC_GADGET if e != (1, 2))
    broken = dataclasses.replace(
        hp, map_position=lambda d: arc_gadget_graph(d, fewer).position(d.token))
    assert not verify(broken, instances=60, max_size=4).ok
    assert not verify(dataclasses.replace(hp, kind=Kind.WINNABILITY_PRESERVING),
                      instances=60, max_size=4).ok
    with pytest.raises(ValueError, match="misère"):
        compose(reduction("star-atlas:nim"), hp)
