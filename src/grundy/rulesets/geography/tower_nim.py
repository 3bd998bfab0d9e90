"""TOWER NIM (seed 001, ``001_56c9c94dd1ec088e.wrapped.txt`` L1122-1127).

A stack (s1, ..., sn) of piles, s1 on top, every s_i ≥ 1.  A move lowers the top pile
s1 to any smaller value; at 0 the top pile is removed.  Normal play.

Ferland's winning move (L1125-1127), in the reading checked against search (it wins
from every N-position): if s1 = 1, take it; if n = 1, take all; if s2 > 1, leave 1;
otherwise find the first i ≥ 2 with s_i ≠ 1 (i = n + 1 if there is none), let p be
the last bit of i and q = 1 iff such an s_i exists, and set s1 := p ⊕ q.  So the
winner always leaves s1 = 1: a position is P iff it starts with an odd number of
1s followed by more piles, or is an even number of 1s in all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.heaps.nim import HEAP_LIMITS, Heaps, heaps_svg, parse_heaps
from grundy.rulesets.registry import register


def winning_move(stack: Heaps, printed: bool = False) -> int:
    """The new value of the top pile in Ferland's strategy (L1125-1127).

    ``printed=True`` takes q from s_(i+1) as the text at L1126 reads, which loses
    (the errata's foil, docs/errata.md); the default takes it from s_i, which wins.
    """
    top = stack[0]
    if top == 1 or len(stack) == 1:
        return 0
    if stack[1] > 1:
        return 1
    i = next((i for i in range(2, len(stack) + 1) if stack[i - 1] != 1), len(stack) + 1)
    exists = i + printed <= len(stack)
    return (i & 1) ^ exists


@register
class TowerNim(ImpartialRuleset[Heaps]):
    name = "tower-nim"
    limits = HEAP_LIMITS
    summary = "Lower the top pile of a stack; a pile lowered to 0 leaves the stack."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1122-1127", "§6.3.4")
    text_format = "pile sizes ≥ 1 from the top of the stack down, e.g. 3,1,1,2 (empty: no piles)"
    examples = ("3,1,1,2", "2,2", "1,1,1")

    def parse(self, text: str) -> Heaps:
        stack = parse_heaps(text, "pile")
        if 0 in stack:
            raise ParseError(
                f"pile {stack.index(0)} is 0: every pile in the stack holds at least 1, "
                "leave empty piles out"
            )
        return stack

    def format(self, position: Heaps) -> str:
        return ",".join(map(str, position))

    def moves(self, position: Heaps) -> Iterator[tuple[Move, Heaps]]:
        """Lower the top pile to ``value`` (the label); 0 pops it."""
        if position:
            top, rest = position[0], position[1:]
            for value in range(top - 1, -1, -1):
                yield value, (value, *rest) if value else rest

    def fast_outcome(self, position: Heaps) -> bool:
        """The player to move wins iff the stack starts with an even number of 1s and
        then a pile > 1, or is an odd number of 1s and nothing else."""
        ones = next((i for i, pile in enumerate(position) if pile != 1), len(position))
        return ones % 2 == (0 if ones < len(position) else 1)

    def fast_grundy(self, position: Heaps) -> int:
        """Fold from the bottom: a pile of x on a game of value r has the options
        r, g(1), ..., g(x-1), so its values are 0, 1, 2, ... skipping r:
        g(x) = x - 1 if x - 1 < r else x."""
        value = 0
        for pile in reversed(position):
            value = pile - 1 if pile - 1 < value else pile
        return value

    def data(self, position: Heaps) -> dict[str, Any]:
        return {"stack": list(position)}

    def render_svg(self, position: Heaps) -> str:
        """The top pile's token at each level lowers the pile to that level (0 pops it)."""
        return heaps_svg(position, f"Tower Nim {self.format(position)} (top pile first)",
                         lambda pile, level: str(level) if pile == 0 else None)

    def random_position(self, rng: random.Random, size: int) -> Heaps:
        return tuple(rng.randint(1, max(1, size)) for _ in range(max(1, size)))
