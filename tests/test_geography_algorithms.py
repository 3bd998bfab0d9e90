"""Undirected geography by maximum matching and by Ferland's branch-and-bound (seed 001,
``001_56c9c94dd1ec088e.wrapped.txt`` L413-415, Thm 3.3.1 L477, Thm 3.4.2-3.4.3 L504-516),
checked against the naive reference."""

from __future__ import annotations

import doctest
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy.rulesets.geography.algorithms as algorithms
from grundy.rulesets.geography.algorithms import (
    BranchAndBound,
    branch_and_bound,
    component,
    matching_move,
    matching_number,
    maximum_matching,
    token_wins,
)
from grundy.rulesets.geography.vertex import GeographyPosition, UndirectedGeography
from grundy.rulesets.graphs import random_graph
from grundy.search import Budget, BudgetExceeded, Solver
from grundy.search.naive import naive_grundy
from grundy.values import Outcome

UG = UndirectedGeography()


@st.composite
def positions(draw: st.DrawFn, max_vertices: int = 10) -> GeographyPosition:
    """A random graph with the token anywhere and a few vertices already deleted."""
    n = draw(st.integers(1, max_vertices))
    pairs = list(itertools.combinations(range(n), 2))
    density = draw(st.sampled_from([0.15, 0.3, 0.5]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    edges = ",".join(f"{a}-{b}" for a, b in pairs if rng.random() < density)
    token = draw(st.integers(0, n - 1))
    removed = [v for v in range(n) if v != token and rng.random() < 0.15]
    text = f"{n};{edges};start={token}" + (f";removed={','.join(map(str, removed))}"
                                            if removed else "")
    return UG.parse(text)


def part_of(position: GeographyPosition) -> int:
    return component(position.adj, position.token, position.removed)


def test_doctests() -> None:
    assert doctest.testmod(algorithms).failed == 0


@settings(max_examples=300, deadline=None)
@given(positions())
def test_matching_outcome_is_the_brute_force_outcome(position: GeographyPosition) -> None:
    wins = naive_grundy(UG, position) != 0
    assert token_wins(position.adj, position.token, part_of(position)) == wins
    assert UG.fast_outcome(position) == wins


@settings(max_examples=200, deadline=None)
@given(positions(max_vertices=16))
def test_peeling_leaves_keeps_the_matching_number(position: GeographyPosition) -> None:
    part = ~position.removed & ((1 << position.n) - 1)
    assert matching_number(position.adj, part) * 2 == len(maximum_matching(position.adj, part))


@settings(max_examples=200, deadline=None)
@given(positions())
def test_the_matched_edge_is_a_winning_move(position: GeographyPosition) -> None:
    move = matching_move(position.adj, position.token, part_of(position))
    if move is None:
        assert naive_grundy(UG, position) == 0
    else:
        assert naive_grundy(UG, UG.play(position, move)) == 0


@settings(max_examples=300, deadline=None)
@given(positions(max_vertices=11))
def test_branch_and_bound_is_the_brute_force_nimber(position: GeographyPosition) -> None:
    value, nodes = branch_and_bound(position.adj, position.token, position.removed)
    assert value == naive_grundy(UG, position) == Solver(UG).grundy(position)
    assert nodes >= (value != 0)


def test_branch_and_bound_on_larger_random_graphs_agrees_with_the_solver() -> None:
    rng = random.Random(5)
    for n in (16, 20, 24):
        adj = random_graph(rng, n, 3 / n, directed=False)
        for token in range(0, n, 5):
            position = GeographyPosition(n, adj, token, 0)
            assert branch_and_bound(adj, token)[0] == Solver(UG).grundy(position)


def test_degree_two_graphs_expand_one_path() -> None:
    """Thm 3.3.1/3.4.2: with every degree ≤ 2 (a cycle), each N-position has one
    P-option and recursion goes into the other option only: nodes ≤ vertices."""
    n = 41
    adj = tuple((1 << (v - 1) % n) | (1 << (v + 1) % n) for v in range(n))
    search = BranchAndBound(adj)
    assert search.grundy(0, 0) == naive_grundy(UG, GeographyPosition(n, adj, 0, 0))
    assert search.nodes <= n


def test_solver_outcomes_need_no_search() -> None:
    """The solver asks the matching first: a 3000-vertex random graph is decided with a
    node budget of one, and every move ``winning_move`` picks leads to a P-position."""
    rng = random.Random(1)
    n = 3000
    position = GeographyPosition(n, random_graph(rng, n, 2.5 / n, directed=False), 0, 0)
    solver = Solver(UG, Budget(max_nodes=1))
    outcome = solver.outcome(position)
    move = solver.winning_move(position)
    assert (move is not None) == (outcome is Outcome.N)
    if move is not None:
        assert solver.outcome(UG.play(position, move)) is Outcome.P


def test_budget_stops_the_branch_and_bound() -> None:
    rng = random.Random(2)
    adj = random_graph(rng, 30, 0.15, directed=False)
    token = next(t for t in range(30) if branch_and_bound(adj, t)[1] >= 2)
    with pytest.raises(BudgetExceeded, match="node budget"):
        BranchAndBound(adj, Budget(max_nodes=1)).grundy(token, 0)
