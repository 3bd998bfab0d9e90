"""Rectangular boards of empty and filled cells as bitmasks, shared by Domineering and Cram.

Bit ``r * columns + c`` of ``empty`` is cell (r, c).  The text format is rows of ``.``
(empty) and ``#`` (filled) joined by ``/``, or ``RxC`` for an empty R-by-C board.  A
board may also mark the filled cells under the dominoes placed in the game, written
``L`` (under a vertical domino, Domineering's Left) and ``R`` (a horizontal one), so that
pictures show each domino; the search drops the marks.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from grundy.protocol import ParseError, read_int

#: The largest board parsed by default: rows * columns (a larger one has no value that
#: can be found).
MAX_CELLS = 1024


class Board(NamedTuple):
    """A ``rows`` by ``columns`` board; bit ``r * columns + c`` of ``empty`` is cell (r, c).
    ``vertical`` and ``horizontal`` mark the cells covered by vertical and horizontal
    dominoes in this game, for pictures only (the search drops them)."""

    rows: int
    columns: int
    empty: int
    vertical: int = 0
    horizontal: int = 0


#: The mask each cell symbol sets (None: filled), without and with the domino marks.
_SYMBOLS: dict[str, str | None] = {".": "empty", "#": None}
_MARKED_SYMBOLS = {**_SYMBOLS, "L": "vertical", "R": "horizontal"}


def within_max_cells(what: str, value: int) -> int:
    """``value``, unless it counts more than ``MAX_CELLS`` cells (the default size check)."""
    if what == "cells" and value > MAX_CELLS:
        raise ParseError(f"the board has {value:,} cells: boards hold at most {MAX_CELLS}, "
                         "write a smaller one")
    return value


def column_name(c: int) -> str:
    """Spreadsheet column letters: a..z, then aa, ab, ..."""
    name = ""
    c += 1
    while c:
        c, letter = divmod(c - 1, 26)
        name = chr(97 + letter) + name
    return name


def cell_name(r: int, c: int) -> str:
    """A cell's name as printed boards label it: column letter, row number from the top
    (``a1`` is the top-left cell)."""
    return f"{column_name(c)}{r + 1}"


def parse_board(text: str, check: Callable[[str, int], int] = within_max_cells,
                marks: bool = False) -> Board:
    """Read ``RxC`` or rows of ``.``/``#`` joined by ``/`` or by ``|`` as CGSuite and
    cgt-tools write them (with ``marks``, also ``L``/``R`` under a vertical/horizontal
    domino).  ``check(what, value)`` vets the ``rows``,
    ``columns`` and ``cells`` before anything is built."""
    text = text.strip()
    height, times, width = text.partition("x")
    if times and height.isdigit() and width.isdigit():
        rows = check("rows", read_int(height, "the row count"))
        columns = check("columns", read_int(width, "the column count"))
        check("cells", rows * columns)
        if rows * columns == 0:
            return Board(0, 0, 0)
        return Board(rows, columns, (1 << rows * columns) - 1)
    lines = [line.strip() for line in text.replace("|", "/").split("/")] if text else []
    columns = len(lines[0]) if lines else 0
    check("rows", len(lines))
    check("columns", columns)
    check("cells", len(lines) * columns)
    symbols = _MARKED_SYMBOLS if marks else _SYMBOLS
    masks = dict.fromkeys(("empty", "vertical", "horizontal"), 0)
    for r, line in enumerate(lines):
        if len(line) != columns:
            raise ParseError(
                f"row {r} has {len(line)} cells but row 0 has {columns}: "
                "every row needs the same length"
            )
        for c, cell in enumerate(line):
            if cell not in symbols:
                raise ParseError(f"row {r} has {cell!r}: write cells as '.' (empty) or '#' "
                                 f"(filled{'; L or R under a domino' if marks else ''}), "
                                 "rows joined by '/' (or '|'), or RxC like 4x4")
            mask = symbols[cell]
            if mask is not None:
                masks[mask] |= 1 << (r * columns + c)
    return Board(len(lines) if columns else 0, columns, **masks)


def symbol(position: Board, cell: int) -> str:
    """How ``cell`` is written: ``.`` empty, ``L``/``R`` under a vertical/horizontal
    domino, ``#`` otherwise filled."""
    if position.empty >> cell & 1:
        return "."
    if position.vertical >> cell & 1:
        return "L"
    return "R" if position.horizontal >> cell & 1 else "#"


def format_board(position: Board) -> str:
    w = position.columns
    return "/".join("".join(symbol(position, r * w + c) for c in range(w))
                    for r in range(position.rows))


def dominoes(position: Board) -> Iterator[tuple[int, int, bool]]:
    """The dominoes marked, (row, column, vertical?) of their top or left cell, paired
    top-down and left to right (the only way a run of marked cells pairs up)."""
    w = position.columns
    for marked, step, tall in ((position.vertical, w, True), (position.horizontal, 1, False)):
        while marked:
            cell = (marked & -marked).bit_length() - 1
            marked &= ~(1 << cell | 1 << (cell + step))
            yield cell // w, cell % w, tall


def random_board(rng: random.Random, size: int) -> Board:
    """A board of about ``size`` cells, a fifth of them filled."""
    rows = rng.randint(1, max(1, size // 2))
    columns = max(1, size // rows)
    empty = sum(1 << i for i in range(rows * columns) if rng.random() > 0.2)
    return Board(rows, columns, empty)


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
    w, empty = position.columns, position.empty
    first, _, full = edges(position.rows, w)
    return empty & near(empty, w, full & ~first)


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def placements(position: Board, tall: bool) -> tuple[int, int]:
    """A domino's two cells shifted to cell 0 (``tall``: vertical, else horizontal) and
    the cells where its top or left half can go."""
    rows, w, empty = position[:3]
    if tall:
        return 1 | 1 << w, empty & empty >> w
    return 3, empty & empty >> 1 & ~edges(rows, w)[1]


def trimmed_children(position: Board, pair: int, starts: int) -> Iterator[Board]:
    """The boards left by the domino ``pair`` at each of ``starts``, the cells no domino
    can cover any more (and the marks) dropped."""
    rows, w, empty = position[:3]
    first, _, full = edges(rows, w)
    inner = full & ~first  # cells with a left neighbour
    for cell in bits(starts):
        left = empty & ~(pair << cell)
        yield Board(rows, w, left & near(left, w, inner))


def regions(position: Board) -> list[int]:
    """The orthogonally connected regions of live cells, as masks."""
    w = position.columns
    first, _, full = edges(position.rows, w)
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


def symmetry_key(position: Board) -> tuple[tuple[int, ...], bool]:
    """The empty cells cropped to their bounding box as a tuple of row masks, the least
    of their images under the eight symmetries of the square, and whether that image is
    the transpose.  The image is taken in the orientation that is wider than high (the
    lesser of the two, for a square)."""
    rows, width = cropped(position.columns, position.empty)
    if len(rows) < width:  # lying down: this orientation stands for both
        return least_image(rows, width), False
    turned = least_image(transposed(rows, width), len(rows))
    if len(rows) > width:
        return turned, True
    image = least_image(rows, width)  # square: the lesser of the two orientations
    return (image, False) if image <= turned else (turned, True)


def polyominoes(size: int) -> Iterator[Board]:
    """Every fixed polyomino of ``size`` cells (orthogonally connected, one per shape up
    to translation: 1, 2, 6, 19, 63, 216, 760, 2725, ... for size 1, 2, ...; OEIS
    A001168), each as the empty cells of its bounding box.  Grown one cell at a time
    from the smaller ones, shapes kept translated to touch the top and left edges."""
    if size < 1:
        return
    shapes: set[frozenset[tuple[int, int]]] = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for r, c in shape:
                for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if cell not in shape:
                        bigger = shape | {cell}
                        top = min(y for y, _ in bigger)
                        left = min(x for _, x in bigger)
                        grown.add(frozenset((y - top, x - left) for y, x in bigger))
        shapes = grown
    for shape in sorted(shapes, key=sorted):
        rows = 1 + max(r for r, _ in shape)
        columns = 1 + max(c for _, c in shape)
        yield Board(rows, columns, sum(1 << (r * columns + c) for r, c in shape))
