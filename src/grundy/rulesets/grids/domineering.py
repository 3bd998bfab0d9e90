"""DOMINEERING: Left places vertical dominoes, Right horizontal ones.

Seed 001 names Domineering among the games played "even at the tournament level"
(``001_56c9c94dd1ec088e.wrapped.txt`` L132) and as the classic example whose
sums are hard (L901); it is the field's standard benchmark, so grundy's values
can be compared with CGSuite's and other libraries'.  A move covers two empty
cells, one above the other for Left, side by side for Right; who cannot move
loses.  The empty cells fall apart into regions played as a disjunctive sum.
The text format is rows of ``.`` (empty) and ``#`` (filled) joined by ``/``
(``RxC`` is an empty R-by-C board); Left plays vertically as in CGSuite.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, cast

from grundy.protocol import Citation, Move, PartizanRuleset, Player
from grundy.rulesets.drawing import GREEN, INK, cell_grid
from grundy.rulesets.grids.board import (
    Board,
    bits,
    cropped,
    edges,
    format_board,
    least_image,
    near,
    parse_board,
    regions,
    transposed,
)
from grundy.rulesets.registry import register

__all__ = ["Board", "Domineering"]


@register
class Domineering(PartizanRuleset[Board]):
    name = "domineering"
    aliases = ("dominoes",)
    summary = "Place a domino on two empty cells: Left vertically, Right horizontally."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L132, L901", "§5.4")
    text_format = (
        "rows of '.' (empty) and '#' (filled) joined by '/', top row first, e.g. ../.#/.. ; "
        "or RxC for an empty R-by-C board, e.g. 4x4.  Left places vertical dominoes"
    )
    examples = ("2x2", "3x3", "..#/.../#..", "4x5")

    def parse(self, text: str) -> Board:
        return parse_board(text)

    def format(self, position: Board) -> str:
        return format_board(position)

    def format_move(self, move: Move) -> str:
        r, c = cast(tuple[int, int], move)
        return f"{r},{c}"

    def moves(self, position: Board, player: Player) -> Iterator[tuple[Move, Board]]:
        """Cover cell (r, c) and the cell below it (Left) or right of it (Right); the label
        is (r, c)."""
        rows, w, empty = position
        pair = 1 | 1 << w if player is Player.LEFT else 3
        for cell in bits(self._starts(position, player)):
            yield divmod(cell, w), Board(rows, w, empty & ~(pair << cell))

    def options(self, position: Board, player: Player) -> Iterator[Board]:
        """The children with the cells no domino can cover any more dropped."""
        rows, w, empty = position
        pair = 1 | 1 << w if player is Player.LEFT else 3
        first, _, full = edges(rows, w)
        inner = full & ~first  # cells with a left neighbour
        for cell in bits(self._starts(position, player)):
            left = empty & ~(pair << cell)
            yield Board(rows, w, left & near(left, w, inner))

    @staticmethod
    def _starts(position: Board, player: Player) -> int:
        """The cells where ``player`` can put the top (Left) or left (Right) half."""
        rows, w, empty = position
        if player is Player.LEFT:
            return empty & empty >> w
        return empty & empty >> 1 & ~edges(rows, w)[1]

    def components(self, position: Board) -> Sequence[Board]:
        """The regions of empty cells, cells where no domino fits dropped."""
        parts = regions(position)
        if len(parts) == 1 and parts[0] == position.empty:
            return (position,)
        return [position._replace(empty=part) for part in parts]

    def key(self, position: Board) -> Hashable:
        return self.signed_key(position)

    def signed_key(self, position: Board) -> tuple[tuple[int, ...], bool]:
        """The region cropped to its bounding box as a tuple of row masks, the least of
        its images under the board's symmetries.  Mirroring left-right or top-bottom
        keeps each player's dominoes; transposing exchanges vertical and horizontal, so
        the transposed region is the conjugate (Left and Right exchanged).  The key is
        taken in the orientation that is wider than high (either, for a square)."""
        rows, width = cropped(position.columns, position.empty)
        if len(rows) < width:  # lying down: this orientation stands for both
            return least_image(rows, width), False
        turned = least_image(transposed(rows, width), len(rows))
        if len(rows) > width:
            return turned, True
        image = least_image(rows, width)  # square: the lesser of the two orientations
        return (image, False) if image <= turned else (turned, True)

    def data(self, position: Board) -> dict[str, Any]:
        return {"rows": position.rows, "columns": position.columns,
                "board": self.format(position).split("/") if position.rows else []}

    def render_text(self, position: Board) -> str:
        return self.format(position).replace("/", "\n")

    def render_svg(self, position: Board) -> str:
        w = position.columns
        cells = [[GREEN if position.empty >> (r * w + c) & 1 else INK for c in range(w)]
                 for r in range(position.rows)]
        return cell_grid(cells, f"Domineering {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Board:
        """A board of about ``size`` cells, a fifth of them filled."""
        rows = rng.randint(1, max(1, size // 2))
        columns = max(1, size // rows)
        empty = sum(1 << i for i in range(rows * columns) if rng.random() > 0.2)
        return Board(rows, columns, empty)
