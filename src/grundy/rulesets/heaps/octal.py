"""Octal and hexadecimal games as rulesets: ``octal(0.77)`` for any code, and the classics
by name: Kayles (0.77), Dawson's Kayles (0.07), Dawson's chess (0.137), Grundy's game.

A position is a list of heaps; a move takes tokens from one heap and leaves what the code
allows (``take_and_break``; WW ch. 4; Siegel 2013, Ch. IV §2).  The value of a position
is the nim-sum of its heaps' values, read off the nim sequence.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.heaps.nim import Heaps, heaps_svg, parse_heaps
from grundy.rulesets.heaps.take_and_break import CodeError, TakeAndBreak, nim_sequence
from grundy.rulesets.registry import register, register_family

#: the largest heap a position may hold (its value needs the sequence up to there)
LARGEST_HEAP = 4000

CITATION = Citation("guy-smith-1956", locator="octal codes (also Winning Ways, Ch. 4)")


class TakeAndBreakRuleset(ImpartialRuleset[Heaps]):
    """The heap game of one take-and-break rule; positions are heap lists."""

    citation = CITATION

    def __init__(self, rule: TakeAndBreak, name: str | None = None) -> None:
        self.rule = rule
        self.name = name or f"octal({rule})"  # type: ignore[misc]
        self.summary = (  # type: ignore[misc]
            "Grundy's game: split one heap into two unequal heaps." if rule.unequal_split
            else f"Take-and-break game {rule}: take k tokens from a heap, leaving what "
                 "digit k allows (1 none, 2 one heap, 4 two heaps, 8 three heaps).")
        self.text_format = "heap sizes separated by commas, e.g. 5,7"  # type: ignore[misc]
        self.examples = ("5,7", "10", "3,4,5")  # type: ignore[misc]
        self._values: list[int] = []

    def value_of_heap(self, heap: int) -> int:
        """G(heap), from the nim sequence (extended by doubling when needed)."""
        if heap >= len(self._values):
            wanted = min(LARGEST_HEAP + 1, max(2 * heap, 64))  # room to grow, within reason
            self._values = nim_sequence(self.rule, max(heap + 1, wanted))
        return self._values[heap]

    def parse(self, text: str) -> Heaps:
        heaps = parse_heaps(text)
        if any(h > LARGEST_HEAP for h in heaps) or len(heaps) > 1000:
            raise ParseError(f"heaps of up to {LARGEST_HEAP} tokens, at most 1000 heaps: "
                             "for longer sequences use `grundy values octal CODE --to N`")
        return heaps

    def format(self, position: Heaps) -> str:
        return ",".join(map(str, position))

    def format_move(self, move: Move) -> str:
        """``heap:taken>left``, e.g. ``0:1>2+3`` (heap 0, take 1, leave heaps 2 and 3)."""
        heap, taken, parts = cast(tuple[int, int, tuple[int, ...]], move)
        return f"{heap}:{taken}>{'+'.join(map(str, parts)) or '0'}"

    def moves(self, position: Heaps) -> Iterator[tuple[Move, Heaps]]:
        for i, heap in enumerate(position):
            for taken, parts in self.rule.splits(heap):
                yield (i, taken, parts), (*position[:i], *parts, *position[i + 1:])

    def key(self, position: Heaps) -> tuple[int, ...]:
        return tuple(sorted(h for h in position if h))

    def components(self, position: Heaps) -> Sequence[Heaps]:
        return [(h,) for h in position if h]

    def fast_grundy(self, position: Heaps) -> int:
        """The nim-sum of the heaps' values (Sprague–Grundy)."""
        value = 0
        for heap in position:
            value ^= self.value_of_heap(heap)
        return value

    def data(self, position: Heaps) -> dict[str, Any]:
        return {"code": str(self.rule), "heaps": list(position)}

    def render_svg(self, position: Heaps) -> str:
        return heaps_svg(position, f"{self.name} {self.format(position)}")

    def small_positions(self, size: int) -> Iterator[Heaps]:
        """One heap of ``size`` tokens, then two heaps holding ``size`` in all."""
        yield (size,)
        for first in range(1, size // 2 + 1):
            yield (first, size - first)

    def random_position(self, rng: random.Random, size: int) -> Heaps:
        return tuple(rng.randint(1, max(1, size)) for _ in range(rng.randint(1, 3)))


@register
class Kayles(TakeAndBreakRuleset):
    name = "kayles"
    aliases = ("octal-0.77",)

    def __init__(self) -> None:
        super().__init__(TakeAndBreak.parse("0.77"), "kayles")


@register
class DawsonsKayles(TakeAndBreakRuleset):
    name = "dawsons-kayles"
    aliases = ("octal-0.07",)

    def __init__(self) -> None:
        super().__init__(TakeAndBreak.parse("0.07"), "dawsons-kayles")


@register
class DawsonsChess(TakeAndBreakRuleset):
    name = "dawsons-chess"
    aliases = ("octal-0.137",)

    def __init__(self) -> None:
        super().__init__(TakeAndBreak.parse("0.137"), "dawsons-chess")


@register
class GrundysGame(TakeAndBreakRuleset):
    name = "grundys-game"

    def __init__(self) -> None:
        super().__init__(TakeAndBreak.parse("grundy"), "grundys-game")


def parse_family(name: str) -> TakeAndBreakRuleset | None:
    """``octal(CODE)`` (hexadecimal digits allowed, or ``grundy``)."""
    match = re.fullmatch(r"(?:octal|hexadecimal)\((.+)\)", name)
    if match is None:
        return None
    try:
        return TakeAndBreakRuleset(TakeAndBreak.parse(match.group(1)))
    except CodeError as error:
        raise ParseError(str(error)) from None


register_family(parse_family)
