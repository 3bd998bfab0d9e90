"""WYTHOFF'S GAME: take any number of tokens from one heap, or the same number from both.

Wythoff 1907, "A modification of the game of Nim" (Nieuw Archief voor Wiskunde 7); Winning
Ways vol. 1 ch. 3 ("Wythoff's Queens"); seed 000 names Wythoff's Nim as the one-queen case
of Wyt Queens (``000_7d67923f02e8dd4e.txt`` L503).  The P-positions are the pairs
(⌊nφ⌋, ⌊nφ²⌋) = (⌊nφ⌋, ⌊nφ⌋ + n), φ the golden ratio, so outcomes need no search; other
Grundy values are searched (no closed form is known).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import isqrt
from typing import Any, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.heaps.nim import heaps_svg, parse_heaps
from grundy.rulesets.registry import register

Pair = tuple[int, int]
#: The largest heap parsed (a position has about 2(a + b) moves).
MAX_HEAP = 100_000


def golden_floor(n: int) -> int:
    """⌊nφ⌋ in exact integer arithmetic: nφ = (n + √(5n²)) / 2, and √(5n²) is irrational
    for n > 0, so the floor is (n + ⌊√(5n²)⌋) // 2."""
    return (n + isqrt(5 * n * n)) // 2


def is_wythoff_pair(a: int, b: int) -> bool:
    """Is (a, b) a P-position, (⌊nφ⌋, ⌊nφ⌋ + n) in some order?"""
    low, high = sorted((a, b))
    return golden_floor(high - low) == low


@register
class Wythoff(ImpartialRuleset[Pair]):
    name = "wythoff"
    aliases = ("wythoff-nim", "wyt-queens")
    summary = "Take from one heap, or the same amount from both heaps."
    citation = Citation("wythoff-1907", locator="§1")
    text_format = (
        "two heap sizes a,b, e.g. 3,5 (a queen a rows and b columns from the corner); a "
        "move is 0-k or 1-k (take k from heap 0 or 1) or both-k"
    )
    examples = ("3,5", "4,7", "10,10", "1,2")

    def parse(self, text: str) -> Pair:
        if len(text) > 40:
            raise ParseError("write two heap sizes a,b, like 3,5")
        heaps = parse_heaps(text)
        if len(heaps) != 2:
            raise ParseError(f"{len(heaps)} heaps: Wythoff's game has two, like 3,5")
        if max(heaps) > MAX_HEAP:
            raise ParseError(f"heaps hold at most {MAX_HEAP} tokens")
        return heaps[0], heaps[1]

    def format(self, position: Pair) -> str:
        return f"{position[0]},{position[1]}"

    def format_move(self, move: Move) -> str:
        heap, take = cast(tuple[str, int], move)
        return f"{heap}-{take}"

    def moves(self, position: Pair) -> Iterator[tuple[Move, Pair]]:
        """Take k from heap 0 or 1 (label ("0", k) or ("1", k)) or from both
        (("both", k))."""
        a, b = position
        for take in range(1, a + 1):
            yield ("0", take), (a - take, b)
        for take in range(1, b + 1):
            yield ("1", take), (a, b - take)
        for take in range(1, min(a, b) + 1):
            yield ("both", take), (a - take, b - take)

    def key(self, position: Pair) -> Pair:
        low, high = sorted(position)
        return low, high

    def fast_outcome(self, position: Pair) -> bool:
        """The player to move wins unless the heaps are a Wythoff pair."""
        return not is_wythoff_pair(*position)

    def fast_grundy(self, position: Pair) -> int | None:
        """0 on a Wythoff pair; other values are searched."""
        return 0 if is_wythoff_pair(*position) else None

    def data(self, position: Pair) -> dict[str, Any]:
        return {"heaps": list(position)}

    def render_svg(self, position: Pair) -> str:
        return heaps_svg(position, f"Wythoff {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Pair:
        return rng.randint(0, 2 * size), rng.randint(0, 2 * size)
