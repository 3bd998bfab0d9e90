"""DOMINEERING: Left places vertical dominoes, Right horizontal ones.

Seed 001 names Domineering among the games played "even at the tournament level"
(``001_56c9c94dd1ec088e.wrapped.txt`` L132) and as the classic example whose
sums are hard (L901); it is the field's standard benchmark, so grundy's values
can be compared with CGSuite's and other libraries'.  A move covers two empty
cells, one above the other for Left, side by side for Right; who cannot move
loses.  The empty cells fall apart into regions played as a disjunctive sum.
The text format is rows of ``.`` (empty) and ``#`` (filled) joined by ``/``
(``RxC`` is an empty R-by-C board); Left plays vertically as in CGSuite.  Cells
covered during a game are written ``L`` (a Left, vertical domino) and ``R`` (a Right,
horizontal one) so that pictures show each domino; the search reads them as ``#``.
Moves are named by the two cells they cover, columns lettered and rows numbered
from the top as on the printed board: ``a1-a2`` (Left), ``a1-b1`` (Right).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player, read_int
from grundy.rulesets.drawing import GREEN, INK, PAPER, PURPLE, svg_document, text
from grundy.rulesets.registry import register


class Board(NamedTuple):
    """A ``rows`` by ``columns`` board; bit ``r * columns + c`` of ``empty`` is cell (r, c).
    ``vertical`` and ``horizontal`` mark the cells covered by Left's and Right's dominoes
    in this game, for pictures only (the search drops them)."""

    rows: int
    columns: int
    empty: int
    vertical: int = 0
    horizontal: int = 0


def column_name(c: int) -> str:
    """Spreadsheet column letters: a..z, then aa, ab, ..."""
    name = ""
    c += 1
    while c:
        c, letter = divmod(c - 1, 26)
        name = chr(97 + letter) + name
    return name


_MARKS = {".": "empty", "L": "vertical", "R": "horizontal", "#": None}


@functools.lru_cache(maxsize=256)
def _edges(rows: int, columns: int) -> tuple[int, int, int]:
    """The masks of a board shape: first column, last column, every cell."""
    first = sum(1 << (r * columns) for r in range(rows))
    return first, first << max(0, columns - 1), (1 << rows * columns) - 1


@functools.lru_cache(maxsize=64)
def _mirrors(width: int) -> Callable[[int], int]:
    """The map from a ``width``-cell row to the row read right to left (tabulated for
    the widths boards have in practice)."""

    def mirror(row: int) -> int:
        return int(f"{row:0{width}b}"[::-1], 2) if width else 0

    if width > 16:
        return mirror
    return [mirror(row) for row in range(1 << width)].__getitem__


def _near(cells: int, w: int, inner: int) -> int:
    """The cells next to ``cells`` on a board ``w`` wide (``inner``: the cells with a
    left neighbour); may run past the last row, so mask the result."""
    return cells << 1 & inner | (cells & inner) >> 1 | cells << w | cells >> w


def _cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _dominoes(position: Board) -> Iterator[tuple[int, int, bool]]:
    """The dominoes placed, (row, column, vertical?) of their top or left cell, paired
    top-down and left to right (the only way a run of marked cells pairs up)."""
    w = position.columns
    for marks, step, tall in ((position.vertical, w, True), (position.horizontal, 1, False)):
        while marks:
            cell = (marks & -marks).bit_length() - 1
            marks &= ~(1 << cell | 1 << (cell + step))
            yield cell // w, cell % w, tall


def _images(rows: Sequence[int], width: int) -> tuple[int, ...]:
    """The least of a region's four mirror images (rows top to bottom, ``width`` bits)."""
    straight, flipped = tuple(rows), tuple(map(_mirrors(width), rows))
    return min(straight, straight[::-1], flipped, flipped[::-1])


#: Domineering's documented limits.
DOMINEERING_LIMITS = {"rows": 100, "columns": 100, "cells": 2_500}


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

    limits = DOMINEERING_LIMITS

    def parse(self, text: str) -> Board:
        text = text.strip()
        height, times, width = text.partition("x")
        if times and height.isdigit() and width.isdigit():
            rows = self.check_size("rows", read_int(height, "the row count"))
            columns = self.check_size("columns", read_int(width, "the column count"))
            self.check_size("cells", rows * columns)
            if rows * columns == 0:
                return Board(0, 0, 0)
            return Board(rows, columns, (1 << rows * columns) - 1)
        lines = [line.strip() for line in text.split("/")] if text else []
        self.check_size("rows", len(lines))
        self.check_size("columns", len(lines[0]) if lines else 0)
        self.check_size("cells", len(lines) * len(lines[0]) if lines else 0)
        masks = dict.fromkeys(("empty", "vertical", "horizontal"), 0)
        for r, line in enumerate(lines):
            if len(line) != len(lines[0]):
                raise ParseError(
                    f"row {r} has {len(line)} cells but row 0 has {len(lines[0])}: "
                    "every row needs the same length"
                )
            for c, cell in enumerate(line):
                if cell not in _MARKS:
                    raise ParseError(f"row {r} has {cell!r}: write cells as '.' (empty) or '#' "
                                     "(filled; L or R under a domino), rows joined by '/', "
                                     "or RxC like 4x4")
                mask = _MARKS[cell]
                if mask is not None:
                    masks[mask] |= 1 << (r * len(line) + c)
        columns = len(lines[0]) if lines else 0
        return Board(len(lines) if columns else 0, columns, **masks)

    def format(self, position: Board) -> str:
        w = position.columns
        return "/".join("".join(self._cell(position, r * w + c) for c in range(w))
                        for r in range(position.rows))

    @staticmethod
    def _cell(position: Board, cell: int) -> str:
        if position.empty >> cell & 1:
            return "."
        return "L" if position.vertical >> cell & 1 else "R" if position.horizontal >> cell & 1 \
            else "#"

    def format_move(self, move: Move) -> str:
        """The two cells covered, column letter and row number: a1-a2 or a1-b1."""
        r, c, r2, c2 = cast(tuple[int, int, int, int], move)
        return f"{column_name(c)}{r + 1}-{column_name(c2)}{r2 + 1}"

    def moves(self, position: Board, player: Player) -> Iterator[tuple[Move, Board]]:
        """Cover cell (r, c) and the cell below it (Left) or right of it (Right); the label
        is both cells, (r, c, r2, c2)."""
        rows, w, empty, vertical, horizontal = position
        left = player is Player.LEFT
        pair = 1 | 1 << w if left else 3
        for cell in _cells(self._starts(position, player)):
            r, c = divmod(cell, w)
            covered = pair << cell
            yield (r, c, r + left, c + (not left)), Board(
                rows, w, empty & ~covered, vertical | covered * left,
                horizontal | covered * (not left))

    def options(self, position: Board, player: Player) -> Iterator[Board]:
        """The children with the cells no domino can cover any more dropped."""
        rows, w, empty = position[:3]
        pair = 1 | 1 << w if player is Player.LEFT else 3
        first, _, full = _edges(rows, w)
        inner = full & ~first  # cells with a left neighbour
        for cell in _cells(self._starts(position, player)):
            left = empty & ~(pair << cell)
            yield Board(rows, w, left & _near(left, w, inner))

    @staticmethod
    def _starts(position: Board, player: Player) -> int:
        """The cells where ``player`` can put the top (Left) or left (Right) half."""
        rows, w, empty = position[:3]
        if player is Player.LEFT:
            return empty & empty >> w
        return empty & empty >> 1 & ~_edges(rows, w)[1]

    def components(self, position: Board) -> Sequence[Board]:
        """The regions of empty cells, cells where no domino fits dropped."""
        rows, w, empty = position[:3]
        first, _, full = _edges(rows, w)
        inner = full & ~first
        live = empty & _near(empty, w, inner)
        parts = []
        while live:
            seen = frontier = live & -live
            while frontier:
                frontier = _near(frontier, w, inner) & live & ~seen
                seen |= frontier
            parts.append(seen)
            live &= ~seen
        if len(parts) == 1 and parts[0] == empty:
            return (position,)
        return [Board(rows, w, part) for part in parts]

    def key(self, position: Board) -> Hashable:
        return self.signed_key(position)

    def signed_key(self, position: Board) -> tuple[tuple[int, ...], bool]:
        """The region cropped to its bounding box as a tuple of row masks, the least of
        its images under the board's symmetries.  Mirroring left-right or top-bottom
        keeps each player's dominoes; transposing exchanges vertical and horizontal, so
        the transposed region is the conjugate (Left and Right exchanged).  The key is
        taken in the orientation that is wider than high (either, for a square)."""
        w, empty = position.columns, position.empty
        if not empty:
            return (), False
        row_mask = (1 << w) - 1
        empty >>= ((empty & -empty).bit_length() - 1) // w * w  # drop empty top rows
        rows = []
        while empty:
            rows.append(empty & row_mask)
            empty >>= w
        span = 0
        for row in rows:
            span |= row
        shift = (span & -span).bit_length() - 1
        if shift:
            rows = [row >> shift for row in rows]
        width = span.bit_length() - shift
        if len(rows) < width:  # lying down: this orientation stands for both
            return _images(rows, width), False
        columns = [0] * width
        for r, row in enumerate(rows):
            bit = 1 << r
            while row:
                low = row & -row
                columns[low.bit_length() - 1] |= bit
                row ^= low
        transposed = _images(columns, len(rows))
        if len(rows) > width:
            return transposed, True
        image = _images(rows, width)  # square: the lesser of the two orientations
        return (image, False) if image <= transposed else (transposed, True)

    def data(self, position: Board) -> dict[str, Any]:
        return {"rows": position.rows, "columns": position.columns,
                "board": self.format(position).split("/") if position.rows else []}

    def render_text(self, position: Board) -> str:
        """The board with column letters and row numbers (the names moves use)."""
        w = position.columns
        digits = len(str(position.rows))
        head = " " * (digits + 1) + " ".join(column_name(c) for c in range(w))
        return "\n".join([head, *(
            f"{r + 1:>{digits}} " + " ".join(self._cell(position, r * w + c) for c in range(w))
            for r in range(position.rows))])

    def render_svg(self, position: Board) -> str:
        """Empty cells white (each carries data-row and data-col for the play page),
        filled cells dark, each domino one rounded bar: Left's purple, Right's green."""
        w, side, margin = position.columns, 34, 22
        body = [text(margin + side * c + side / 2, margin / 2, column_name(c), 11)
                for c in range(w)]
        body += [text(margin / 2, margin + side * r + side / 2, str(r + 1), 11)
                 for r in range(position.rows)]
        for r in range(position.rows):
            for c in range(w):
                cell = r * w + c
                x, y = margin + side * c, margin + side * r
                if position.empty >> cell & 1:
                    body.append(f'<rect x="{x}" y="{y}" width="{side}" height="{side}" '
                                f'fill="{PAPER}" stroke="#999999" data-row="{r}" data-col="{c}"/>')
                elif not (position.vertical | position.horizontal) >> cell & 1:
                    body.append(f'<rect x="{x}" y="{y}" width="{side}" height="{side}" '
                                f'fill="{INK}" stroke="{PAPER}"/>')
        for r, c, tall in _dominoes(position):
            x, y = margin + side * c + 3, margin + side * r + 3
            width, height = (side, 2 * side) if tall else (2 * side, side)
            body.append(f'<rect x="{x}" y="{y}" width="{width - 6}" height="{height - 6}" rx="6" '
                        f'fill="{PURPLE if tall else GREEN}" class="domino"/>')
        return svg_document(2 * margin + side * w, 2 * margin + side * position.rows, body,
                            f"Domineering {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Board:
        """A board of about ``size`` cells, a fifth of them filled."""
        rows = rng.randint(1, max(1, size // 2))
        columns = max(1, size // rows)
        empty = sum(1 << i for i in range(rows * columns) if rng.random() > 0.2)
        return Board(rows, columns, empty)
