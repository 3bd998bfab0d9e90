"""Benchmarks for canonical partizan games (grundy.values): one JSON line per workload.

Each workload is a fixed-seed list of random game trees.  Ours: canonical forms by
``Game.of`` and then the interned, cached, fast-path arithmetic.  The naive reference
(``grundy.values.naive``) answers the same question on the same instances in the same
run: plain search of the literal trees for outcomes, the definition of the sum (no fast
paths) for sums.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from grundy.values import Game
from grundy.values.naive import (
    Tree,
    canonical,
    definition_sum,
    naive_outcome,
    negate,
    random_tree,
)


def _timed(function: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def _line(name: str, count: int, ours: float, naive: float, agree: bool,
          **extra: Any) -> dict[str, Any]:
    return {"workload": name, "instances": count, "seconds": round(ours, 3),
            "naive_seconds": round(naive, 3), "speedup_vs_naive": round(naive / ours, 1),
            "values_agree": agree, **extra}


def sum_outcomes(count: int, terms: int, depth: int, width: int) -> dict[str, Any]:
    """Outcome of a sum of random games: canonical sum vs plain search of the trees."""
    rng = random.Random(f"sum {terms} {depth} {width}")
    instances = [[random_tree(rng, depth, width) for _ in range(terms)] for _ in range(count)]

    def ours() -> list[str]:
        outcomes = []
        for trees in instances:
            total = Game.zero()
            for tree in trees:
                total = total + canonical(tree)
            outcomes.append(total.outcome().value)
        return outcomes

    values, seconds = _timed(ours)
    expected, naive_seconds = _timed(lambda: [naive_outcome(*t).value for t in instances])
    return _line(f"values: outcome of a sum of {terms} random trees (depth {depth}, "
                 f"width {width})", count, seconds, naive_seconds, values == expected,
                 outcomes="".join(values))


def comparisons(count: int, depth: int, width: int) -> dict[str, Any]:
    """G ≤ H for random pairs: the cached order vs plain search of G − H."""
    rng = random.Random(f"compare {depth} {width}")
    pairs = [(random_tree(rng, depth, width), random_tree(rng, depth, width))
             for _ in range(count)]
    values, seconds = _timed(lambda: [canonical(a) <= canonical(b) for a, b in pairs])

    def naive() -> list[bool]:
        return [naive_outcome(a, negate(b)).value in "RP" for a, b in pairs]

    expected, naive_seconds = _timed(naive)
    return _line(f"values: comparisons G <= H of random trees (depth {depth}, width {width})",
                 count, seconds, naive_seconds, values == expected,
                 true_comparisons=sum(values))


def uptimal_sums(count: int) -> dict[str, Any]:
    """Sums x + n·↑ + *m: the fast paths vs the definition of the sum."""
    rng = random.Random("uptimal")
    terms = [(Fraction(rng.randint(-8, 8), 4), rng.randint(-3, 3), rng.randint(0, 3))
             for _ in range(3 * count)]

    def build(add: Callable[[Game, Game], Game]) -> list[Game]:
        games = []
        for x, n, m in terms:
            ups = Game.zero()
            for _ in range(abs(n)):
                ups = add(ups, Game.up(1 if n > 0 else -1))
            games.append(add(add(ups, Game.nimber(m)), Game.number(x)))
        return [add(add(a, b), c) for a, b, c in zip(games[::3], games[1::3], games[2::3],
                                                      strict=True)]

    values, seconds = _timed(lambda: build(lambda a, b: a + b))
    expected, naive_seconds = _timed(lambda: build(definition_sum))
    return _line("values: sums of three x + n.^ + *m", count, seconds, naive_seconds,
                 values == expected)


def thermographs(count: int, terms: int) -> dict[str, Any]:
    """Thermographs of sums of random hot games; the mean must be additive."""
    rng = random.Random(f"thermographs {terms}")
    instances: list[list[Tree]] = [[random_tree(rng, 4, 2) for _ in range(terms)]
                                   for _ in range(count)]

    def ours() -> bool:
        agree = True
        for trees in instances:
            games = [canonical(t) for t in trees]
            total = Game.zero()
            for g in games:
                total = total + g
            agree &= total.mean() == sum((g.mean() for g in games), Fraction(0))
        return agree

    agree, seconds = _timed(ours)
    return {"workload": f"values: thermographs of sums of {terms} random games",
            "instances": count, "seconds": round(seconds, 3), "means_additive": agree}


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    scale = 4 if quick else 1
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        ("values: outcome of a sum of 10", lambda: sum_outcomes(20 // scale, 10, 3, 2)),
        ("values: outcome of a sum of 8", lambda: sum_outcomes(12 // scale, 8, 4, 2)),
        ("values: comparisons", lambda: comparisons(200 // scale, 6, 3)),
        ("values: sums of three x + n.^ + *m", lambda: uptimal_sums(60 // scale)),
        ("values: thermographs", lambda: thermographs(30 // scale, 6)),
    ]
    for name, job in jobs:
        if only in name:
            yield job()
