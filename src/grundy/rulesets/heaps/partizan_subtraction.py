"""PARTIZAN SUBTRACTION games: Left and Right take from heaps by different subtraction sets.

Seed 001 (``001_56c9c94dd1ec088e.wrapped.txt`` L314-316): in SUBTRACTION{(1,3)|(2,3)}
"the Left player can subtract 1 or 3 from a pile, and Right can subtract 2 or 3".
A move takes s tokens from one heap holding at least s, with s from the mover's
set; heaps are independent, so a position is the disjunctive sum of its heaps.
The canonical forms of single heaps 1..6 are in the reading notes
(``notes/ferland-thesis.md`` §1) and in the tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.heaps.nim import HEAP_LIMITS, heaps_svg, parse_heaps
from grundy.rulesets.registry import register


class PartizanSubtractionPosition(NamedTuple):
    left: tuple[int, ...]
    right: tuple[int, ...]
    heaps: tuple[int, ...]


def _subtraction_set(text: str, side: str) -> tuple[int, ...]:
    values = parse_heaps(text, f"{side} subtraction value")
    if 0 in values:
        raise ParseError(
            f"{side}'s subtraction set contains 0: use positive amounts, like 1,3|2,3:6"
        )
    return tuple(sorted(set(values)))


@register
class PartizanSubtraction(PartizanRuleset[PartizanSubtractionPosition]):
    name = "partizan-subtraction"
    limits = HEAP_LIMITS
    aliases = ("psubtraction",)
    summary = "Take from one heap an amount in your own subtraction set (Left's, Right's differ)."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L314-316",
                        "§2.3.2.3")
    text_format = (
        "Left's set | Right's set : heaps, e.g. 1,3|2,3:6 (Left takes 1 or 3, Right 2 or 3, "
        "one heap of 6); a set may be empty (|1:5: Left has no moves)"
    )
    examples = ("1,3|2,3:6", "1,3|2,3:4,5", "1|2:7")

    def parse(self, text: str) -> PartizanSubtractionPosition:
        sets, colon, heaps = text.partition(":")
        left, bar, right = sets.partition("|")
        if not colon or not bar:
            raise ParseError(
                f"{text.strip()!r} is not LEFT|RIGHT:HEAPS: write the two subtraction sets "
                "separated by '|', a colon, then the heaps, like 1,3|2,3:6"
            )
        return PartizanSubtractionPosition(
            _subtraction_set(left, "Left"), _subtraction_set(right, "Right"), parse_heaps(heaps)
        )

    def format(self, position: PartizanSubtractionPosition) -> str:
        left, right, heaps = (",".join(map(str, part)) for part in position)
        return f"{left}|{right}:{heaps}"

    def format_move(self, move: Move) -> str:
        heap, take = cast(tuple[int, int], move)
        return f"{heap}-{take}"

    def moves(
        self, position: PartizanSubtractionPosition, player: Player
    ) -> Iterator[tuple[Move, PartizanSubtractionPosition]]:
        """Take s tokens from heap i (label ``(i, s)``), s from the player's own set."""
        takes = position.left if player is Player.LEFT else position.right
        heaps = position.heaps
        for i, heap in enumerate(heaps):
            for take in takes:
                if take <= heap:
                    child = (*heaps[:i], heap - take, *heaps[i + 1:])
                    yield (i, take), position._replace(heaps=child)

    def components(
        self, position: PartizanSubtractionPosition
    ) -> Sequence[PartizanSubtractionPosition]:
        """One heap each; heaps below both sets' smallest amounts are dead (value 0)."""
        smallest = min((*position.left, *position.right), default=None)
        live = [h for h in position.heaps if smallest is not None and h >= smallest]
        if len(live) == len(position.heaps) == 1:
            return (position,)
        return [position._replace(heaps=(h,)) for h in live]

    def data(self, position: PartizanSubtractionPosition) -> dict[str, Any]:
        return {"left": list(position.left), "right": list(position.right),
                "heaps": list(position.heaps)}

    def render_svg(self, position: PartizanSubtractionPosition) -> str:
        return heaps_svg(position.heaps, f"Partizan subtraction {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> PartizanSubtractionPosition:
        left = tuple(sorted(rng.sample(range(1, 5), rng.randint(1, 2))))
        right = tuple(sorted(rng.sample(range(1, 5), rng.randint(1, 2))))
        heaps = tuple(rng.randint(0, size + 2) for _ in range(max(1, size // 3)))
        return PartizanSubtractionPosition(left, right, heaps)
