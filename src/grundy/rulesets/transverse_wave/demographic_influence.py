"""DEMOGRAPHIC INFLUENCE (Ruleset 10, seed 000, ``000_7d67923f02e8dd4e.txt`` L414-431).

A position Z = (G, D, Θ): an undirected graph G, demographics D_k ⊆ V and integer
thresholds Θ(v) (> 0 uninfluenced, 0 weakly, < 0 strongly influenced).  A move
(D_k, c) with c > 0 is legal iff some v ∈ D_k has Θ(v) ≥ c.  It (1) lowers Θ(v) by
c for every v ∈ D_k, then (2) for every v that went from ≥ 0 to < 0 in (1), sets
Θ(x) = -1 for every neighbour x of v.  One cascade step: vertices already negative
do not trigger again.  How negative a vertex is never matters, so the moves clamp
negative thresholds to -1 (the key does too).  Move label: ``(k, c)``, written k-c.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, ImpartialRuleset, Key, Move, ParseError
from grundy.rulesets.graphs import (
    GRAPH_LIMITS,
    Adjacency,
    edge_list,
    format_graph,
    graph_svg,
    mask_of,
    parse_graph,
    parse_vertex_list,
    random_graph,
    vertices,
)
from grundy.rulesets.registry import register


class Population(NamedTuple):
    """Graph ``adj`` on 0..n-1, demographics (vertex masks) and thresholds."""

    n: int
    adj: Adjacency
    demographics: tuple[int, ...]
    theta: tuple[int, ...]


def influence(position: Population, k: int, c: int) -> Population:
    """The move (D_k, c) (L420-429)."""
    theta = list(position.theta)
    crossed = 0
    for v in vertices(position.demographics[k]):
        if theta[v] >= 0 > theta[v] - c:
            crossed |= 1 << v
        theta[v] = max(-1, theta[v] - c)
    for v in vertices(crossed):
        for x in vertices(position.adj[v]):
            theta[x] = -1
    return position._replace(theta=tuple(theta))


@register
class DemographicInfluence(ImpartialRuleset[Population]):
    limits = GRAPH_LIMITS
    name = "demographic-influence"
    summary = "Lower a demographic's thresholds by c; vertices pushed below 0 influence neighbours."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L414-431", "Ruleset 10")
    text_format = (
        "N;edges;D=demographics;theta=thresholds: vertices 0..N-1, undirected edges a-b, "
        "demographics as vertex lists separated by '/', one integer threshold per vertex, "
        "e.g. 3;0-1,1-2;D=0,1/2;theta=2,0,1"
    )
    examples = ("3;0-1,1-2;D=0,1/2;theta=2,0,1", "4;0-1,2-3;D=0,2/1,3;theta=1,2,2,1")

    def parse(self, text: str) -> Population:
        head, found_d, rest = text.strip().partition(";D=")
        groups, found_t, theta_text = rest.partition(";theta=")
        if not (found_d and found_t):
            raise ParseError(
                f"cannot read {text.strip()!r}: write N;edges;D=0,1/2;theta=2,0,1"
            )
        n, adj, _ = parse_graph(head, directed=False)
        demographics = tuple(
            mask_of(parse_vertex_list(n, group, "demographic vertex"))
            for group in groups.split("/")
        )
        items = [item.strip() for item in theta_text.split(",")] if theta_text.strip() else []
        if len(items) != n:
            raise ParseError(f"{len(items)} thresholds for {n} vertices: give one per vertex")
        try:
            theta = tuple(int(item) for item in items)
        except ValueError:
            raise ParseError(f"thresholds {theta_text!r} must be whole numbers") from None
        return Population(n, adj, demographics, theta)

    def format(self, position: Population) -> str:
        groups = "/".join(",".join(map(str, vertices(d))) for d in position.demographics)
        theta = ",".join(map(str, position.theta))
        return f"{format_graph(position.n, position.adj, False)};D={groups};theta={theta}"

    def format_move(self, move: Move) -> str:
        k, c = cast(tuple[int, int], move)
        return f"{k}-{c}"

    def moves(self, position: Population) -> Iterator[tuple[Move, Population]]:
        """(D_k, c) for 1 ≤ c ≤ the largest threshold in D_k (L418)."""
        for k, group in enumerate(position.demographics):
            top = max((position.theta[v] for v in vertices(group)), default=0)
            for c in range(1, top + 1):
                yield (k, c), influence(position, k, c)

    def key(self, position: Population) -> Key:
        return position._replace(theta=tuple(max(-1, t) for t in position.theta))

    def data(self, position: Population) -> dict[str, Any]:
        return {
            "vertices": position.n,
            "edges": [list(e) for e in edge_list(position.adj, False)],
            "demographics": [vertices(d) for d in position.demographics],
            "theta": list(position.theta),
        }

    def render_text(self, position: Population) -> str:
        lines = [f"vertex {v}: theta {t}" for v, t in enumerate(position.theta)]
        lines += [f"D{k} = {vertices(d)}" for k, d in enumerate(position.demographics)]
        return "\n".join([format_graph(position.n, position.adj, False), *lines])

    def render_svg(self, position: Population) -> str:
        """Influenced vertices (Θ ≤ 0) purple, uninfluenced ones green."""
        influenced = mask_of([v for v, t in enumerate(position.theta) if t <= 0])
        return graph_svg(position.adj, False, f"Demographic Influence {self.format(position)}",
                         selected=influenced, highlighted=~influenced)

    def random_position(self, rng: random.Random, size: int) -> Population:
        n = max(1, size)
        adj = random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), False)
        groups = tuple(
            sum(1 << v for v in range(n) if rng.random() < 0.4) or 1 << rng.randrange(n)
            for _ in range(max(1, n // 2))
        )
        return Population(n, adj, groups, tuple(rng.randint(-1, 2) for _ in range(n)))
