"""Positions for tests that need a search to run out of a tiny budget, whatever engine
answers: each takes the native kernels seconds, not milliseconds."""

from __future__ import annotations

import random


def sparse_kayles_graph(vertices: int = 60, density: float = 0.08, seed: int = 7) -> str:
    """A sparse random graph in Node Kayles' text format (the default one is not solved
    within 2 s by the native kernel; a 40-vertex path with a few chords now sometimes is
    within a millisecond)."""
    rng = random.Random(seed)
    edges = [f"{a}-{b}" for a in range(vertices) for b in range(a + 1, vertices)
             if rng.random() < density]
    return f"{vertices};" + ",".join(edges)
