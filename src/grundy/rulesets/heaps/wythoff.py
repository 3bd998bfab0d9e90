"""WYTHOFF'S GAME: take any number of tokens from one heap, or the same number from both.

Wythoff 1907, "A modification of the game of Nim" (Nieuw Archief voor Wiskunde 7); Winning
Ways vol. 1 ch. 3 ("Wythoff's Queens"); seed 000 names Wythoff's Nim as the one-queen case
of Wyt Queens (``000_7d67923f02e8dd4e.txt`` L503).  The P-positions are the pairs
(⌊nφ⌋, ⌊nφ²⌋) = (⌊nφ⌋, ⌊nφ⌋ + n), φ the golden ratio, so outcomes need no search; other
Grundy values are searched (no closed form is known).

GENERALIZED WYTHOFF (Fraenkel 1982, "How to beat your Wythoff games' opponent on three
fronts", Amer. Math. Monthly 89, §2): with a parameter a ≥ 1, take from one heap, or k
from one heap and l from the other with |k - l| < a (a = 1 is Wythoff's game).  The
P-positions are the pairs (A_n, A_n + a n), A_n the least number not among the earlier
A_i and A_i + a i (``a_wythoff_pairs``).
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from math import isqrt
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError, read_int
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


def parse_pair(text: str) -> Pair:
    """Two heap sizes a,b of at most ``MAX_HEAP`` tokens."""
    if len(text) > 40:
        raise ParseError("write two heap sizes a,b, like 3,5")
    heaps = parse_heaps(text)
    if len(heaps) != 2:
        raise ParseError(f"{len(heaps)} heaps: Wythoff's game has two, like 3,5")
    if max(heaps) > MAX_HEAP:
        raise ParseError(f"heaps hold at most {MAX_HEAP} tokens")
    return heaps[0], heaps[1]


def takes(spread: int, a: int, b: int) -> Iterator[tuple[Move, Pair]]:
    """Take k from heap 0 or 1 (label ("0", k) or ("1", k)), or k from heap 0 and l
    from heap 1 with |k - l| < ``spread`` (("both", k) when k = l, else
    ("both", k, l))."""
    for take in range(1, a + 1):
        yield ("0", take), (a - take, b)
    for take in range(1, b + 1):
        yield ("1", take), (a, b - take)
    for k in range(1, a + 1):
        for other in range(max(1, k - spread + 1), min(b, k + spread - 1) + 1):
            yield ("both", k) if k == other else ("both", k, other), (a - k, b - other)


def format_take(move: Move) -> str:
    """``0-3``, ``both-2`` or ``both-2,3``."""
    heap, *taken = cast(tuple[Any, ...], move)
    return f"{heap}-{','.join(map(str, taken))}"


class _Pairs(NamedTuple):
    """Fraenkel's A_0 < A_1 < ... found so far for one a, and the B_n = A_n + a n."""

    lows: list[int]
    highs: set[int]


@functools.cache
def _pairs(spread: int) -> _Pairs:
    return _Pairs([0], {0})


def a_wythoff_index(spread: int, low: int) -> int | None:
    """The n with A_n = ``low`` among Fraenkel's a-Wythoff P-positions (A_n, A_n + a n),
    a = ``spread``, or None if no A_n is ``low``.  A_n is the least number not among the
    A_i and B_i = A_i + a i of i < n.  The list grows to ``low`` once per a (O(low)
    steps, shared by every call); a look-up after that is a bisection."""
    lows, highs = _pairs(spread)
    while lows[-1] < low:
        candidate = lows[-1] + 1
        while candidate in highs:
            candidate += 1
        highs.add(candidate + spread * len(lows))
        lows.append(candidate)
    index = bisect_left(lows, low)
    return index if lows[index] == low else None


def is_a_wythoff_pair(spread: int, a: int, b: int) -> bool:
    """Is (a, b) a P-position of a-Wythoff, (A_n, A_n + a n) in some order?"""
    low, high = sorted((a, b))
    n = a_wythoff_index(spread, low)
    return n is not None and high == low + spread * n


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
        return parse_pair(text)

    def format(self, position: Pair) -> str:
        return f"{position[0]},{position[1]}"

    def format_move(self, move: Move) -> str:
        return format_take(move)

    def moves(self, position: Pair) -> Iterator[tuple[Move, Pair]]:
        """Take k from heap 0 or 1 (label ("0", k) or ("1", k)) or from both
        (("both", k))."""
        return takes(1, *position)

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


class Spread(NamedTuple):
    """A generalized Wythoff position: the parameter a and the two heaps."""

    spread: int
    a: int
    b: int


#: The largest parameter a parsed.
MAX_SPREAD = 1_000


@register
class GeneralizedWythoff(ImpartialRuleset[Spread]):
    name = "generalized-wythoff"
    aliases = ("a-wythoff",)
    summary = "Take from one heap, or from both with the two amounts differing by less than a."
    citation = Citation("fraenkel-1982", locator="§2")
    text_format = (
        "the parameter a, a colon and two heap sizes, e.g. 2:3,5 (a = 1 is Wythoff's "
        "game); a move is 0-k or 1-k (take k from one heap), both-k or both-k,l (k from "
        "heap 0 and l from heap 1, |k - l| < a)"
    )
    examples = ("2:3,5", "2:1,3", "3:4,9", "1:3,5")
    limits: ClassVar[Mapping[str, int]] = {"a": MAX_SPREAD, "heap": MAX_HEAP}

    def parse(self, text: str) -> Spread:
        if len(text) > 60:
            raise ParseError("write a:b,c like 2:3,5 (the parameter, then two heaps)")
        spread, colon, heaps = text.partition(":")
        if not colon:
            raise ParseError("write the parameter a first, like 2:3,5 (1:3,5 is Wythoff's "
                             "game)")
        a = self.check_size("a", read_int(spread, "the parameter a"))
        if a < 1:
            raise ParseError("the parameter a is at least 1 (1 is Wythoff's game)")
        return Spread(a, *parse_pair(heaps))

    def format(self, position: Spread) -> str:
        return f"{position.spread}:{position.a},{position.b}"

    def format_move(self, move: Move) -> str:
        return format_take(move)

    def moves(self, position: Spread) -> Iterator[tuple[Move, Spread]]:
        """``takes``: from one heap, or from both with amounts differing by less than a."""
        for move, (a, b) in takes(*position):
            yield move, Spread(position.spread, a, b)

    def key(self, position: Spread) -> tuple[int, int, int]:
        low, high = sorted(position[1:])
        return position.spread, low, high

    def fast_outcome(self, position: Spread) -> bool:
        """The player to move wins unless the heaps are a pair (A_n, A_n + a n)."""
        return not is_a_wythoff_pair(*position)

    def fast_grundy(self, position: Spread) -> int | None:
        """0 on a P-position; other values are searched."""
        return 0 if is_a_wythoff_pair(*position) else None

    def data(self, position: Spread) -> dict[str, Any]:
        return {"a": position.spread, "heaps": [position.a, position.b]}

    def render_svg(self, position: Spread) -> str:
        return heaps_svg(position[1:], f"Generalized Wythoff {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Spread:
        return Spread(rng.randint(1, 3), rng.randint(0, 2 * size), rng.randint(0, 2 * size))

