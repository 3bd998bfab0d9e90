"""Shared graph helpers: canonical certificates through nauty."""

from __future__ import annotations

import random

import pynauty
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.rulesets.graphs import (
    certificate,
    edge_list,
    format_graph,
    parse_graph,
    random_graph,
    vertices,
)


@settings(max_examples=200, deadline=None)
@given(st.integers(3, 12), st.floats(0.1, 0.9), st.booleans(), st.integers(0, 10**6))
def test_lean_nauty_graph_matches_the_public_constructor(
    n: int, p: float, directed: bool, seed: int
) -> None:
    rng = random.Random(seed)
    adj = random_graph(rng, n, p, directed)
    mark = 1 << rng.randrange(n)
    public = pynauty.Graph(
        n,
        directed=directed,
        adjacency_dict={v: vertices(out) for v, out in enumerate(adj)},
        vertex_coloring=[set(vertices(mark))],
    )
    assert certificate(adj, (1 << n) - 1, directed, mark)[2] == pynauty.certificate(public)
    unmarked = pynauty.Graph(
        n, directed=directed, adjacency_dict={v: vertices(out) for v, out in enumerate(adj)}
    )
    assert certificate(adj, (1 << n) - 1, directed)[2] == pynauty.certificate(unmarked)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 70), st.floats(0, 1), st.booleans(), st.integers(0, 2 ** 32))
def test_graph_text_lists_every_edge_once_in_order(n: int, p: float, directed: bool,
                                                   seed: int) -> None:
    adj = random_graph(random.Random(seed), n, p, directed)
    marked = random.Random(seed).getrandbits(n) if n else 0
    sep = ">" if directed else "-"
    edges = ",".join(f"{a}{sep}{b}" for a, b in edge_list(adj, directed))
    extra = f";start={','.join(map(str, vertices(marked)))}" if marked else ""
    text = format_graph(n, adj, directed, [("start", marked)])
    assert text == f"{n};{edges}{extra}"
    assert parse_graph(text, directed, ["start"])[:2] == (n, adj)
