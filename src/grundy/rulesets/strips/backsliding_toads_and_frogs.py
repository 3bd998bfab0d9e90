"""BACKSLIDING TOADS AND FROGS: Toads and Frogs in which a piece may also slide one
square backwards into an empty square, so positions repeat (Winning Ways, Ch. 11; CGSuite's
``game.strip.BackslidingToadsAndFrogs``, the generalized Toads and Frogs with slides of
-1 and +1 and jumps over one opposing piece).

Toads (Left) step right into an empty square, jump one frog rightwards into the empty
square beyond, or slide one square left into an empty square; frogs (Right) the same in
the other direction.  Written as Toads and Frogs: ``T``, ``F`` and ``.``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from grundy.protocol import Citation, Move, Player
from grundy.rulesets.registry import register
from grundy.rulesets.strips.toads_and_frogs import ToadsAndFrogs
from grundy.search.loopy import LoopyRuleset


@register
class BackslidingToadsAndFrogs(LoopyRuleset[str], ToadsAndFrogs):
    name = "backsliding-toads-and-frogs"
    aliases = ("backsliding-toads",)
    summary = ("Toads and Frogs where a piece may also slide one square back: loopy, "
               "positions repeat.")
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 2, ch. 11")
    examples: ClassVar[tuple[str, ...]] = ("T..F", "TTT..FFF")

    def moves(self, position: str, player: Player) -> Iterator[tuple[Move, str]]:
        """A step or jump forwards (label: the square), or a slide back (label: the
        square followed by b)."""
        yield from super().moves(position, player)
        mine, back = ("T", -1) if player is Player.LEFT else ("F", 1)
        for i, piece in enumerate(position):
            to = i + back
            if piece == mine and 0 <= to < len(position) and position[to] == ".":
                cells = list(position)
                cells[i], cells[to] = ".", mine
                yield f"{i}b", "".join(cells)

    def options(self, position: str, player: Player) -> Iterator[str]:
        return (child for _, child in self.moves(position, player))

    def components(self, position: str) -> Sequence[str]:
        """One component: a piece at the end of the strip may still slide back."""
        return (position,)

    def key(self, position: str) -> str:
        return position

    def signed_key(self, position: str) -> tuple[str, bool]:
        return position, False
