"""FIBONACCI NIM: one heap; the first move takes at least one token but not all, and
each later move takes at least one and at most twice what the previous move took.

Whinihan 1963, "Fibonacci Nim" (Fibonacci Quarterly 1(4)); Winning Ways vol. 2, ch. 15
plays it too.  A position is the heap and the most the player to move may take.  The
player to move loses exactly when that most is below the smallest Fibonacci number of
the heap's Zeckendorf representation (its sum of non-consecutive Fibonacci numbers), so
outcomes need no search (``zeckendorf_least``); other Grundy values are searched.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError, read_int
from grundy.rulesets.heaps.nim import MAX_HEAP, heaps_svg
from grundy.rulesets.registry import register


class Heap(NamedTuple):
    """A heap of ``tokens`` of which the player to move may take at most ``most``."""

    tokens: int
    most: int


def zeckendorf_least(n: int) -> int:
    """The smallest Fibonacci number in the Zeckendorf representation of n ≥ 1 (take
    the largest Fibonacci number that fits, greedily, until nothing is left)."""
    fibonacci = [1, 2]
    while fibonacci[-1] <= n:
        fibonacci.append(fibonacci[-1] + fibonacci[-2])
    least = n
    for value in reversed(fibonacci):
        if value <= n:
            n -= value
            least = value
    return least


@register
class FibonacciNim(ImpartialRuleset[Heap]):
    name = "fibonacci-nim"
    summary = "Take at most twice what your opponent just took (not the whole heap at first)."
    citation = Citation("whinihan-1963", locator="§1")
    text_format = (
        "a heap, then optionally / and the most the player to move may take, e.g. 20 "
        "(a fresh heap: take anything but all) or 20/4; a move is the number taken"
    )
    examples = ("10", "20/4", "13", "7/2")
    limits: ClassVar[Mapping[str, int]] = {"heap": MAX_HEAP}

    def parse(self, text: str) -> Heap:
        if len(text) > 60:
            raise ParseError("write a heap and optionally the most to take, like 20/4")
        tokens, slash, most = text.partition("/")
        heap = self.check_size("heap", read_int(tokens, "the heap"))
        if not slash:
            return Heap(heap, max(heap - 1, 0))
        return Heap(heap, min(read_int(most, "the most to take"), heap))

    def format(self, position: Heap) -> str:
        return f"{position.tokens}/{position.most}"

    def format_move(self, move: Move) -> str:
        return str(cast(int, move))

    def moves(self, position: Heap) -> Iterator[tuple[Move, Heap]]:
        """Take k tokens, 1 ≤ k ≤ the most; the opponent may then take up to 2k."""
        tokens, most = position
        for take in range(1, min(most, tokens) + 1):
            left = tokens - take
            yield take, Heap(left, min(2 * take, left))

    def key(self, position: Heap) -> tuple[int, int]:
        return position.tokens, min(position.most, position.tokens)

    def fast_outcome(self, position: Heap) -> bool:
        """Whinihan: the player to move wins exactly when they may take the smallest
        Fibonacci number of the heap's Zeckendorf representation."""
        tokens, most = position
        return tokens > 0 and min(most, tokens) >= zeckendorf_least(tokens)

    def fast_grundy(self, position: Heap) -> int | None:
        """0 on a losing position; other values are searched."""
        return None if self.fast_outcome(position) else 0

    def data(self, position: Heap) -> dict[str, Any]:
        return {"heap": position.tokens, "most": position.most}

    def render_svg(self, position: Heap) -> str:
        """The heap; the token at height h (0 at the bottom) is the play page's spot for
        taking it and every token above it, where that many may be taken."""
        tokens, most = position

        def spots(heap: int, level: int) -> str | None:
            return str(tokens - level) if tokens - level <= most else None

        return heaps_svg((tokens,), f"Fibonacci Nim: {tokens} tokens, take at most {most}",
                         spots)

    def random_position(self, rng: random.Random, size: int) -> Heap:
        tokens = rng.randint(1, 2 * size + 2)
        return Heap(tokens, rng.randint(1, tokens))
