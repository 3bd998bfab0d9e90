"""Geography benchmarks: Ferland's branch-and-bound against the plain search, and the
size and build time of Star Atlas encodings as the input grows.

Fixed seeds; figures are measured in the same run (ratios, not thresholds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from grundy.protocol import ImpartialRuleset
from grundy.reductions.star_atlas import game_dag, star_atlas
from grundy.rulesets import get
from grundy.rulesets.geography.algorithms import BranchAndBound
from grundy.rulesets.geography.vertex import Geography, GeographyPosition, UndirectedGeography
from grundy.rulesets.graphs import HashedAdjacency
from grundy.search import Budget, BudgetExceeded, Solver


def sparse_with_hubs(rng: random.Random, n: int, hubs: int) -> GeographyPosition:
    """Most vertices of degree ≤ 3 (random edges between vertices of degree < 3), plus
    ``hubs`` vertices joined to about n/5 others each; token on the first hub."""
    adj = [0] * n
    for _ in range(3 * n):
        a, b = rng.sample(range(hubs, n), 2)
        if adj[a].bit_count() < 3 and adj[b].bit_count() < 3:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
    for hub in range(hubs):
        for v in rng.sample(range(n), n // 5):
            if v != hub:
                adj[hub] |= 1 << v
                adj[v] |= 1 << hub
    return GeographyPosition(n, HashedAdjacency(adj), 0, 0)


class PlainUndirectedGeography(UndirectedGeography):
    """The search as it was before the matching hooks: no outcome or P-value shortcut."""

    def fast_outcome(self, position: GeographyPosition) -> bool | None:
        return None

    def fast_grundy(self, position: GeographyPosition) -> int | None:
        return Geography.fast_grundy(self, position)


def timed_solve(
    ruleset: UndirectedGeography, position: GeographyPosition, seconds: float
) -> tuple[int | None, float, int]:
    """(value or None if stopped by the budget, seconds, positions expanded)."""
    solver = Solver(ruleset, Budget(max_seconds=seconds))
    start = time.perf_counter()
    try:
        value: int | None = solver.grundy(position)
    except BudgetExceeded:
        value = None
    return value, time.perf_counter() - start, solver.budget.nodes


def branch_and_bound_lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    """Branch-and-bound vs the engine with the matching hooks vs the plain search."""
    engines = {"search": UndirectedGeography(), "plain": PlainUndirectedGeography()}
    limit = 3.0 if quick else 10.0
    for n in (30, 40, 50, 60):
        workload = f"undirected-geography branch-and-bound, {n} vertices, 2 hubs"
        if only not in workload:
            continue
        rng = random.Random(f"bnb-{n}")
        count = 2 if quick else 4
        figures: dict[str, float] = {"bnb_nodes": 0, "bnb_seconds": 0.0}
        for name in engines:
            figures |= {f"{name}_nodes": 0, f"{name}_seconds": 0.0, f"{name}_stopped": 0}
        agree = True
        for _ in range(count):
            position = sparse_with_hubs(rng, n, hubs=2)
            start = time.perf_counter()
            search = BranchAndBound(position.adj)
            value = search.grundy(position.token, 0)
            figures["bnb_seconds"] += time.perf_counter() - start
            figures["bnb_nodes"] += search.nodes
            for name, ruleset in engines.items():
                found, seconds, nodes = timed_solve(ruleset, position, limit)
                figures[f"{name}_seconds"] += seconds
                figures[f"{name}_nodes"] += nodes
                figures[f"{name}_stopped"] += found is None
                agree &= found in (None, value)
        yield {
            "workload": workload,
            "positions": count,
            **{key: round(v, 3) for key, v in figures.items()},
            "time_ratio_vs_search": round(figures["search_seconds"] / figures["bnb_seconds"], 1),
            "time_ratio_vs_plain": round(figures["plain_seconds"] / figures["bnb_seconds"], 1),
            "node_ratio_vs_plain": round(figures["plain_nodes"] / max(1, figures["bnb_nodes"]), 1),
            "plain_budget_seconds": limit,
            "values_agree": agree,
        }


def star_atlas_lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    """Output size and build time as the input grows: Node Kayles on the path P_n and
    Nim with two equal heaps (n, n)."""
    families: dict[str, Callable[[int], str]] = {
        "node-kayles path": lambda n: f"{n};" + ",".join(f"{v}-{v + 1}" for v in range(n - 1)),
        "nim two heaps": lambda n: f"{n},{n}",
    }
    sizes = (2, 4, 6, 8) if quick else (2, 4, 6, 8, 10, 12)
    for family, text in families.items():
        ruleset = get(family.split()[0])
        assert isinstance(ruleset, ImpartialRuleset)
        for n in sizes:
            workload = f"star-atlas {family} n={n}"
            if only not in workload:
                continue
            position = ruleset.parse(text(n))
            start = time.perf_counter()
            encoded = star_atlas(ruleset, position)
            seconds = time.perf_counter() - start
            yield {
                "workload": workload,
                "input_positions": len(game_dag(ruleset, position)),
                "output_vertices": encoded.n,
                "output_arcs": sum(row.bit_count() for row in encoded.adj),
                "build_seconds": round(seconds, 4),
            }


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    yield from branch_and_bound_lines(quick, only)
    yield from star_atlas_lines(quick, only)
