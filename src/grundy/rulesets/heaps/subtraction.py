"""Subtraction games: Nim where a move takes an amount from a fixed subtraction set.

Seed 001 introduces them by example (``001_56c9c94dd1ec088e.wrapped.txt``
L314-316: SUBTRACTION{(1,3)|(2,3)}, the partizan form); this is the impartial
form, where both players share one subtraction set S: a move takes s ∈ S tokens
from one heap holding at least s.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy import _native
from grundy.protocol import Citation, ImpartialRuleset, Move, NativeKernel, ParseError
from grundy.rulesets.heaps.nim import HEAP_LIMITS, heaps_svg, parse_heaps
from grundy.rulesets.registry import register


class SubtractionPosition(NamedTuple):
    subtraction_set: tuple[int, ...]
    heaps: tuple[int, ...]


class SubtractionKernel:
    """Native nim-sequences (``grundy._native.subtraction_sequence``), one per
    subtraction set in play, grown to twice the largest heap asked for."""

    #: The largest heap the kernel tabulates (4 bytes a heap size).
    MAX_HEAP = 1 << 24
    limit = f"heaps of at most {MAX_HEAP:,} tokens"

    def __init__(self) -> None:
        self.sequences: dict[tuple[int, ...], list[int]] = {}

    def fits(self, position: SubtractionPosition) -> bool:
        return max(position.heaps, default=0) <= self.MAX_HEAP

    def grundy(
        self, position: SubtractionPosition, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[int | None, int]:
        top = max(position.heaps, default=0)
        sequence = self.sequences.get(position.subtraction_set, [])
        nodes = 0
        if top >= len(sequence):
            size = min(self.MAX_HEAP, max(2 * top, 64))
            grown, nodes = _native.subtraction_sequence(
                list(position.subtraction_set), size, max_nodes, max_seconds
            )
            if grown is None:
                return None, nodes
            sequence = self.sequences[position.subtraction_set] = grown
        value = 0
        for heap in position.heaps:
            value ^= sequence[heap]
        return value, nodes

    def memo(self, position: SubtractionPosition) -> None:
        """None: a sequence takes one pass, linear in the heap size."""
        return None


@register
class Subtraction(ImpartialRuleset[SubtractionPosition]):
    name = "subtraction"
    limits = HEAP_LIMITS
    aliases = ("subtraction-game",)
    summary = "Take s tokens from one heap, for s in a fixed subtraction set."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L314-316", "§2.3.2.3")
    text_format = "subtraction set, colon, heaps: 1,3,4:10,7 (S = {1,3,4}, heaps 10 and 7)"
    examples = ("1,2:7", "1,3,4:10,7")

    def parse(self, text: str) -> SubtractionPosition:
        subtraction, colon, heaps = text.partition(":")
        if not colon:
            raise ParseError("missing ':': write the subtraction set, a colon, the heaps: 1,2:7")
        values = parse_heaps(subtraction, "subtraction value")
        if not values or 0 in values:
            raise ParseError("the subtraction set needs positive values, e.g. 1,2:7")
        return SubtractionPosition(tuple(sorted(set(values))), parse_heaps(heaps))

    def format(self, position: SubtractionPosition) -> str:
        return ",".join(map(str, position.subtraction_set)) + ":" + ",".join(
            map(str, position.heaps)
        )

    def format_move(self, move: Move) -> str:
        heap, take = cast(tuple[int, int], move)
        return f"{heap}-{take}"

    def moves(self, position: SubtractionPosition) -> Iterator[tuple[Move, SubtractionPosition]]:
        heaps = position.heaps
        for i, heap in enumerate(heaps):
            for take in position.subtraction_set:
                if take <= heap:
                    child = (*heaps[:i], heap - take, *heaps[i + 1:])
                    yield (i, take), position._replace(heaps=child)

    def key(self, position: SubtractionPosition) -> tuple[tuple[int, ...], tuple[int, ...]]:
        smallest = position.subtraction_set[0]
        return position.subtraction_set, tuple(sorted(h for h in position.heaps if h >= smallest))

    def components(self, position: SubtractionPosition) -> Sequence[SubtractionPosition]:
        smallest = position.subtraction_set[0]
        return [position._replace(heaps=(h,)) for h in position.heaps if h >= smallest]

    def native_kernel(self) -> NativeKernel[SubtractionPosition]:
        return SubtractionKernel()

    def data(self, position: SubtractionPosition) -> dict[str, Any]:
        return {"subtraction_set": list(position.subtraction_set), "heaps": list(position.heaps)}

    def render_svg(self, position: SubtractionPosition) -> str:
        return heaps_svg(position.heaps, f"Subtraction {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> SubtractionPosition:
        subtraction = tuple(sorted(rng.sample(range(1, 6), rng.randint(1, 3))))
        heaps = tuple(rng.randint(0, 2 * size) for _ in range(max(1, size // 3)))
        return SubtractionPosition(subtraction, heaps)
