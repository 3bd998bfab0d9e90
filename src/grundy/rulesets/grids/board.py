"""Rectangular boards of empty and filled cells as bitmasks, shared by Domineering and Cram.

Bit ``r * columns + c`` of ``empty`` is cell (r, c).  The text format is rows of ``.``
(empty) and ``#`` (filled) joined by ``/``, or ``RxC`` for an empty R-by-C board.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from grundy.protocol import ParseError

#: The largest board parsed: rows * columns (a larger one has no value that can be found).
MAX_CELLS = 1024


class Board(NamedTuple):
    """A ``rows`` by ``columns`` board; bit ``r * columns + c`` of ``empty`` is cell (r, c)."""

    rows: int
    columns: int
    empty: int


def parse_board(text: str) -> Board:
    """Read ``RxC`` or rows of ``.``/``#`` joined by ``/``; sizes are checked first."""
    text = text.strip()
    height, times, width = text.partition("x")
    if times and height.isdigit() and width.isdigit():
        rows, columns = int(height), int(width)
        if rows * columns > MAX_CELLS:
            raise ParseError(f"{text} has {rows * columns} cells: boards hold at most "
                             f"{MAX_CELLS}")
        if rows * columns == 0:
            return Board(0, 0, 0)
        return Board(rows, columns, (1 << rows * columns) - 1)
    lines = [line.strip() for line in text.split("/")] if text else []
    if len(lines) * max(map(len, lines), default=0) > MAX_CELLS:
        raise ParseError(f"the board has more than {MAX_CELLS} cells: use a smaller one")
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


def format_board(position: Board) -> str:
    w = position.columns
    return "/".join(
        "".join("." if position.empty >> (r * w + c) & 1 else "#" for c in range(w))
        for r in range(position.rows)
    )


@functools.lru_cache(maxsize=256)
def edges(rows: int, columns: int) -> tuple[int, int, int]:
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


def near(cells: int, w: int, inner: int) -> int:
    """The cells next to ``cells`` on a board ``w`` wide (``inner``: the cells with a
    left neighbour); may run past the last row, so mask the result."""
    return cells << 1 & inner | (cells & inner) >> 1 | cells << w | cells >> w


def live_cells(position: Board) -> int:
    """The empty cells with an empty neighbour (the others can never be covered by a
    domino)."""
    rows, w, empty = position
    first, _, full = edges(rows, w)
    return empty & near(empty, w, full & ~first)


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def regions(position: Board) -> list[int]:
    """The orthogonally connected regions of live cells, as masks."""
    rows, w, _ = position
    first, _, full = edges(rows, w)
    inner = full & ~first
    live = live_cells(position)
    parts = []
    while live:
        seen = frontier = live & -live
        while frontier:
            frontier = near(frontier, w, inner) & live & ~seen
            seen |= frontier
        parts.append(seen)
        live &= ~seen
    return parts


def least_image(rows: Sequence[int], width: int) -> tuple[int, ...]:
    """The least of a region's four mirror images (rows top to bottom, ``width`` bits)."""
    straight, flipped = tuple(rows), tuple(map(_mirrors(width), rows))
    return min(straight, straight[::-1], flipped, flipped[::-1])


def cropped(columns: int, empty: int) -> tuple[list[int], int]:
    """The empty cells cropped to their bounding box: row masks top to bottom, width."""
    if not empty:
        return [], 0
    row_mask = (1 << columns) - 1
    empty >>= ((empty & -empty).bit_length() - 1) // columns * columns  # drop empty top rows
    rows = []
    while empty:
        rows.append(empty & row_mask)
        empty >>= columns
    span = 0
    for row in rows:
        span |= row
    shift = (span & -span).bit_length() - 1
    if shift:
        rows = [row >> shift for row in rows]
    return rows, span.bit_length() - shift


def transposed(rows: Sequence[int], width: int) -> list[int]:
    """The columns of a cropped region as row masks (bit r of column c is row r)."""
    columns = [0] * width
    for r, row in enumerate(rows):
        bit = 1 << r
        for c in bits(row):
            columns[c] |= bit
    return columns
