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

import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy.rulesets.base import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import GREEN, INK, cell_grid
from grundy.rulesets.registry import register


class Board(NamedTuple):
    """A ``rows`` by ``columns`` board; bit ``r * columns + c`` of ``empty`` is cell (r, c)."""

    rows: int
    columns: int
    empty: int


@functools.lru_cache(maxsize=256)
def _edges(rows: int, columns: int) -> tuple[int, int, int]:
    """The masks of a board shape: first column, last column, every cell."""
    first = sum(1 << (r * columns) for r in range(rows))
    return first, first << max(0, columns - 1), (1 << rows * columns) - 1


def _neighbours(board: Board, cells: int) -> int:
    """The cells next to ``cells`` (up, down, left, right) on the board."""
    w = board.columns
    first, last, full = _edges(board.rows, w)
    return ((cells << 1) & ~first | (cells >> 1) & ~last | cells << w | cells >> w) & full


def _cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@register
class Domineering(PartizanRuleset[Board]):
    name = "domineering"
    aliases = ("dominoes",)
    summary = "Place a domino on two empty cells: Left vertically, Right horizontally."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L132, L901", "Domineering")
    text_format = (
        "rows of '.' (empty) and '#' (filled) joined by '/', top row first, e.g. ../.#/.. ; "
        "or RxC for an empty R-by-C board, e.g. 4x4.  Left places vertical dominoes"
    )
    examples = ("2x2", "3x3", "..#/.../#..", "4x5")

    def parse(self, text: str) -> Board:
        text = text.strip()
        height, times, width = text.partition("x")
        if times and height.isdigit() and width.isdigit():
            rows, columns = int(height), int(width)
            if rows * columns == 0:
                return Board(0, 0, 0)
            return Board(rows, columns, (1 << rows * columns) - 1)
        lines = [line.strip() for line in text.split("/")] if text else []
        empty = 0
        for r, line in enumerate(lines):
            if len(line) != len(lines[0]):
                raise ParseError(
                    f"row {r} has {len(line)} cells but row 0 has {len(lines[0])}: "
                    "every row needs the same length"
                )
            for c, cell in enumerate(line):
                if cell not in ".#":
                    raise ParseError(f"row {r} has {cell!r}: write cells as '.' (empty) or '#' "
                                     "(filled), rows joined by '/', or RxC like 4x4")
                empty |= (cell == ".") << (r * len(line) + c)
        columns = len(lines[0]) if lines else 0
        return Board(len(lines) if columns else 0, columns, empty)

    def format(self, position: Board) -> str:
        w = position.columns
        return "/".join(
            "".join("." if position.empty >> (r * w + c) & 1 else "#" for c in range(w))
            for r in range(position.rows)
        )

    def format_move(self, move: Move) -> str:
        r, c = cast(tuple[int, int], move)
        return f"{r},{c}"

    def moves(self, position: Board, player: Player) -> Iterator[tuple[Move, Board]]:
        """Cover cell (r, c) and the cell below it (Left) or right of it (Right); the label
        is (r, c)."""
        w, empty = position.columns, position.empty
        if player is Player.LEFT:
            step, starts = w, empty & empty >> w
        else:
            step, starts = 1, empty & empty >> 1 & ~_edges(position.rows, w)[1]
        for cell in _cells(starts):
            yield divmod(cell, w), position._replace(empty=empty & ~(1 << cell | 1 << cell + step))

    def components(self, position: Board) -> Sequence[Board]:
        """The regions of empty cells, cells where no domino fits dropped."""
        empty = position.empty
        live = empty & _neighbours(position, empty) if empty else 0
        parts = []
        while live:
            seen = frontier = live & -live
            while frontier:
                frontier = _neighbours(position, frontier) & live & ~seen
                seen |= frontier
            parts.append(seen)
            live &= ~seen
        if len(parts) == 1 and parts[0] == empty:
            return (position,)
        return [position._replace(empty=part) for part in parts]

    def key(self, position: Board) -> Board:
        """The region cropped to its bounding box, least of its mirror images (mirroring
        left-right or top-bottom keeps each player's dominoes; transposing would not)."""
        w = position.columns
        cells = [divmod(cell, w) for cell in _cells(position.empty)]
        if not cells:
            return Board(0, 0, 0)
        top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
        left, right = min(c for _, c in cells), max(c for _, c in cells)
        height, width = bottom - top + 1, right - left + 1
        images = []
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                mask = 0
                for r, c in cells:
                    rr = bottom - r if flip_rows else r - top
                    cc = right - c if flip_columns else c - left
                    mask |= 1 << (rr * width + cc)
                images.append(Board(height, width, mask))
        return min(images)

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
