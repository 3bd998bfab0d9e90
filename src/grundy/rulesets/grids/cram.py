"""CRAM: either player places a domino, vertically or horizontally, on two empty cells.

The impartial cousin of Domineering (Winning Ways, Berlekamp, Conway & Guy 1982, vol. 3
ch. 22 "Cram"; Gardner's "Bynum's game").  Seed 002 names it as an impartial game with
no known hardness result (``002_8bc4c30c443a0021.txt`` L358).  Same board format as
Domineering; the empty cells fall apart into regions played as a sum, and a region's
value is unchanged by all eight symmetries of the square.  A 1-by-n strip is Dawson's
Kayles (octal game 0.07).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, cast

from grundy.protocol import Citation, ImpartialRuleset, Move
from grundy.rulesets.drawing import GREEN, INK, cell_grid
from grundy.rulesets.grids.board import (
    Board,
    bits,
    format_board,
    parse_board,
    placements,
    random_board,
    regions,
    symmetry_key,
    trimmed_children,
)
from grundy.rulesets.registry import register

#: A move's label letter and whether its domino stands vertically.
_WAYS = (("v", True), ("h", False))


@register
class Cram(ImpartialRuleset[Board]):
    name = "cram"
    summary = "Place a domino on two empty cells, vertically or horizontally (impartial)."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 3, ch. 22")
    text_format = (
        "as Domineering: rows of '.' (empty) and '#' (filled) joined by '/', or RxC; "
        "a move is r,c,v (cover (r,c) and the cell below) or r,c,h (and the cell right)"
    )
    examples = ("2x3", "3x3", "1x7", ".../.#./...")

    def parse(self, text: str) -> Board:
        return parse_board(text)

    def format(self, position: Board) -> str:
        return format_board(position)

    def format_move(self, move: Move) -> str:
        r, c, way = cast(tuple[int, int, str], move)
        return f"{r},{c},{way}"

    def moves(self, position: Board) -> Iterator[tuple[Move, Board]]:
        """Cover (r, c) and the cell below (label ``(r, c, "v")``) or to its right
        (``(r, c, "h")``)."""
        rows, w, empty = position[:3]
        for way, tall in _WAYS:
            pair, starts = placements(position, tall)
            for cell in bits(starts):
                r, c = divmod(cell, w)
                yield (r, c, way), Board(rows, w, empty & ~(pair << cell))

    def options(self, position: Board) -> Iterator[Board]:
        """The children with the cells no domino can cover any more dropped."""
        for _, tall in _WAYS:
            yield from trimmed_children(position, *placements(position, tall))

    def components(self, position: Board) -> Sequence[Board]:
        """The regions of empty cells, cells where no domino fits dropped."""
        parts = regions(position)
        if len(parts) == 1 and parts[0] == position.empty:
            return (position,)
        return [position._replace(empty=part) for part in parts]

    def key(self, position: Board) -> tuple[int, ...]:
        """The cropped region, least of its images under the eight symmetries (a tall
        region is keyed by its transpose)."""
        return symmetry_key(position)[0]

    def data(self, position: Board) -> dict[str, Any]:
        return {"rows": position.rows, "columns": position.columns,
                "board": self.format(position).split("/") if position.rows else []}

    def render_text(self, position: Board) -> str:
        return self.format(position).replace("/", "\n")

    def render_svg(self, position: Board) -> str:
        w = position.columns
        cells = [[GREEN if position.empty >> (r * w + c) & 1 else INK for c in range(w)]
                 for r in range(position.rows)]
        return cell_grid(cells, f"Cram {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Board:
        """A board of about ``size`` cells, a fifth of them filled."""
        return random_board(rng, size)
