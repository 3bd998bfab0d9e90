"""FISSION: stones on a board; Left splits a stone into the two cells just above and
below it, Right into the two cells just left and right of it, both of which must be
empty (and on the board).

A game of cgt-tools' library (t4ccer/cgt-tools, ``cgt/short/partizan/games/fission.rs``),
from Winning Ways' Fission, where an atom splits into two (Berlekamp, Conway & Guy 1982,
vol. 1, ch. 2); written as in cgt-tools: ``x`` a stone, ``.`` an empty cell, ``#`` a cell
out of play (for boards that are not rectangles).  Turning the board a quarter exchanges
the players, so a board and its transpose are conjugates; the other symmetries keep the
value.  Boards of at most 64 cells are searched by a native kernel.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, cast

from grundy import _native
from grundy.protocol import Citation, Move, Player
from grundy.rulesets.grids.stones import (
    Stones,
    StonesKernel,
    StonesRuleset,
    crop,
    stones_svg,
    symmetry_images,
)
from grundy.rulesets.registry import register


@register
class Fission(StonesRuleset):
    name = "fission"
    summary = "Split a stone in two: Left up and down, Right left and right."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 2")
    text_format = (
        "rows of 'x' (a stone), '.' (empty) and '#' (out of play) joined by '/' (or '|'), "
        "e.g. ..../..x./..../.... ; a move is r,c (the stone split)"
    )
    examples = ("..x./..../..x./....", "...../..x../.....", ".x.x/..../..x./....",
                ".x.x/..x./..../..x.")
    allowed: ClassVar[str] = "x.#"
    #: Only cells out of play may be cropped: a stone at the edge of the board cannot split.
    void: ClassVar[str] = "#"

    def moves(self, position: Stones, player: Player) -> Iterator[tuple[Move, Stones]]:
        """The stone on (r, c) leaves two stones on the empty cells either side of it, above
        and below for Left, left and right for Right; the label is (r, c)."""
        dr, dc = (1, 0) if player is Player.LEFT else (0, 1)
        w = position.columns
        for index, cell in enumerate(position.cells):
            r, c = divmod(index, w)
            if cell != "x" or position.at(r - dr, c - dc) != "." or \
                    position.at(r + dr, c + dc) != ".":
                continue
            after = list(position.cells)
            after[index] = "."
            after[(r - dr) * w + c - dc] = after[(r + dr) * w + c + dc] = "x"
            yield (r, c), position._replace(cells="".join(after))

    def format_move(self, move: Move) -> str:
        r, c = cast(tuple[int, int], move)
        return f"{r},{c}"

    def signed_key(self, position: Stones) -> tuple[Any, bool]:
        """The least image of the board cropped to its cells in play; an image that turns
        the board a quarter stands for the conjugate."""
        images = list(symmetry_images(crop(position, self.void)))
        own, turned = min(images[:4]), min(images[4:])
        return (own, False) if own <= turned else (turned, True)

    def native_kernel(self) -> StonesKernel:
        """The native search (``grundy._native.Fission``): the same splits and symmetries
        on bitmasks of the stones and of the cells out of play."""
        return StonesKernel(_native.Fission(), _native.FISSION_MAX_CELLS, ("x", "#"))

    def render_svg(self, position: Stones) -> str:
        return stones_svg(position, f"Fission {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """About ``size + 3`` cells, one in three a stone."""
        rows = rng.randint(1, max(1, size // 2 + 1))
        columns = max(2, (size + 3) // rows)
        return Stones(rows, columns, "".join(
            "x" if rng.random() < 0.35 else "." for _ in range(rows * columns)))
