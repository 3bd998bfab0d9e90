"""Benchmark for reading printed values back: time against text length.

The printed canonical forms of Snort on the paths P10-P16 and of Domineering on the
4x4, 4x5 and 5x5 boards are read back with ``grundy.values.parse`` (best of three),
and the same values are rebuilt from their option lists with ``Game.of``.  The JSON
line gives, per value, the text length, both times and their ratio, and the fit of
read time against length over the texts of 200 characters or more: the exponent of a
log-log fit (1 for a linear reader, 2 for a quadratic one) and the least-squares
microseconds per character.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from bench.partizan import Instance, board, ours, path
from grundy.values import Game, parse

INSTANCES = [("snort", path(n)) for n in range(10, 17)] + [
    ("domineering", board(r, c)) for r, c in ((4, 4), (4, 5), (5, 5))]
NAME = "notation: reading printed values back, time against text length"


def _best_of_three(read: Callable[[], object]) -> float:
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        read()
        best = min(best, time.perf_counter() - start)
    return best


def _rebuild(game: Game) -> Game:
    """The game rebuilt from its options, bottom-up, once per distinct subgame."""
    built: dict[int, Game] = {}
    for subgame in game._bottom_up(lambda g: g.id not in built):
        built[subgame.id] = Game.of([built[g.id] for g in subgame.left],
                                    [built[g.id] for g in subgame.right])
    return built[game.id]


def _fit(points: list[tuple[int, float]]) -> dict[str, float]:
    """Least squares of log time on log length (the exponent) and of time on length."""
    logs = [(math.log(n), math.log(t)) for n, t in points]
    mean_x = sum(x for x, _ in logs) / len(logs)
    mean_y = sum(y for _, y in logs) / len(logs)
    exponent = sum((x - mean_x) * (y - mean_y) for x, y in logs) / sum(
        (x - mean_x) ** 2 for x, _ in logs)
    slope = sum(n * t for n, t in points) / sum(n * n for n, _ in points)
    residual = sum((t - slope * n) ** 2 for n, t in points)
    total = sum((t - sum(t for _, t in points) / len(points)) ** 2 for _, t in points)
    return {"loglog_exponent": round(exponent, 2),
            "microseconds_per_character": round(slope * 1e6, 2),
            "r_squared_through_origin": round(1 - residual / total, 3)}


def run(quick: bool) -> dict[str, Any]:
    chosen: list[tuple[str, Instance]] = INSTANCES[:4] if quick else INSTANCES
    rows: dict[str, dict[str, Any]] = {}
    points: list[tuple[int, float]] = []
    agree = True
    for ruleset, instance in chosen:
        value = ours(ruleset, instance)
        text = str(value)
        agree &= parse(text) is value and _rebuild(value) is value
        read = _best_of_three(partial(parse, text))
        rebuild = _best_of_three(partial(_rebuild, value))
        rows[f"{ruleset} {instance.label}"] = {
            "characters": len(text), "read_seconds": round(read, 4),
            "rebuild_seconds": round(rebuild, 4), "read_over_rebuild": round(read / rebuild, 1)}
        if len(text) >= 200:  # shorter texts time the call, not the reading
            points.append((len(text), read))
    return {"workload": NAME, "values": rows, "read_back_is_the_value": agree,
            **_fit(points)}


def lines(quick: bool, only: str) -> Iterator[dict[str, Any]]:
    if only in NAME:
        yield run(quick)
