"""PARTIZAN EUCLID: from the pair (p, q), Left takes the largest multiple of q from p that
leaves no less than nothing, Right the smallest that leaves no more than nothing (keeping
its size); the pair turns over, as in Euclid's algorithm.

McKay & Nowakowski, "Outcomes of partizan Euclid" (INTEGERS 12B, 2012/13), as CGSuite's
library writes it: Left moves (p, q) to (q, p mod q) and Right to (q, q - p mod q), and a
pair with q = 0 or q dividing p is over (value 0).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.heaps.nim import heaps_svg, parse_heaps
from grundy.rulesets.registry import register

Pair = tuple[int, int]


@register
class PartizanEuclid(PartizanRuleset[Pair]):
    name = "partizan-euclid"
    summary = "Take multiples of q from p: Left all that fit, Right one more (sizes kept)."
    citation = Citation("mckay-nowakowski-2013", locator="§1")
    text_format = (
        "two numbers p,q, e.g. 8,3; Left moves to (q, p mod q), Right to "
        "(q, q - p mod q); a move is 0-k: k times q taken from p (Left k = ⌊p/q⌋, Right "
        "k = ⌈p/q⌉, the size of what is left kept)"
    )
    examples = ("8,3", "8,6", "8,7", "13,5", "21,13")

    def parse(self, text: str) -> Pair:
        if len(text) > 40:
            raise ParseError("write two numbers p,q, like 8,3")
        numbers = parse_heaps(text, "number")  # at most a million: a game lasts as
        if len(numbers) != 2:                   # many moves as Euclid's algorithm steps
            raise ParseError(f"{len(numbers)} numbers: Partizan Euclid has two, like 8,3")
        return numbers[0], numbers[1]

    def format(self, position: Pair) -> str:
        return f"{position[0]},{position[1]}"

    def format_move(self, move: Move) -> str:
        return f"0-{cast(int, move)}"

    def moves(self, position: Pair, player: Player) -> Iterator[tuple[Move, Pair]]:
        """The one move of each player while q does not divide p; the label is k, the
        multiples of q taken."""
        p, q = position
        if q == 0 or p % q == 0:
            return
        if player is Player.LEFT:
            yield p // q, (q, p % q)
        else:
            yield p // q + 1, (q, q - p % q)

    def data(self, position: Pair) -> dict[str, Any]:
        return {"numbers": list(position)}

    def render_svg(self, position: Pair) -> str:
        """The two numbers as heaps of tokens; heap 0 (p) is where the moves are made."""
        return heaps_svg(position, f"Partizan Euclid {self.format(position)}",
                         lambda heap, level: None if heap else "0")

    def random_position(self, rng: random.Random, size: int) -> Pair:
        return rng.randint(0, 4 * size + 4), rng.randint(0, 2 * size + 2)
