"""TRANSVERSE WAVE and its Boolean twins CROSSWISE AND and CROSSWISE OR.

TRANSVERSE WAVE (Ruleset 1, seed 000, ``000_7d67923f02e8dd4e.txt`` L57-59): an
m×n grid of green and purple cells.  A column is feasible if it has a green cell.
Selecting column j recolours column j and every row that had a purple cell in
column j purple (cells newly painted in column j start no wave, L80).

CROSSWISE AND / OR (Rulesets 2-3, L88-104) are the same game on Boolean matrices
(green = 1 for AND, purple = 1 for OR; Props 1-2).  Erratum: the paper's "for all
i ≠ j ∈ [m]" means for all i ∈ [m] (``docs/errata.md``).

A grid is stored as ``Grid(width, rows)``: one bitmask per row, bit j set when
column j is purple (for the Crosswise games: when the matrix entry is 1).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any, NamedTuple

from grundy import _native
from grundy.protocol import (
    Citation,
    ImpartialRuleset,
    Key,
    Move,
    NativeKernel,
    NativeMemo,
    ParseError,
    read_int,
)
from grundy.rulesets.drawing import GREEN, PURPLE, cell_grid
from grundy.rulesets.registry import register


class Grid(NamedTuple):
    """``width`` columns; ``rows[i]`` has bit j set iff cell (i, j) is purple / 1."""

    width: int
    rows: tuple[int, ...]


def minimal_rows(purple_rows: Iterable[int]) -> list[int]:
    """The rows whose purple cells include no other row's purple cells.

    A row R whose purple set contains another row S's never matters: while S is
    green somewhere, R's green cells lie in columns where S is green too, so R
    makes no column feasible that S does not; and the move that turns S all purple
    (a column purple in S) turns R all purple at the same time.  Dropping R keeps
    every move and its label, so the game tree is the same.  (An all-green row
    contains no purple cell, so it alone survives: TW:L110's reductions and the
    notes' case (ii) are both instances.)
    """
    kept: list[int] = []
    for row in sorted(set(purple_rows), key=int.bit_count):
        if all(small & row != small for small in kept):
            kept.append(row)
    return kept


def canonical_grid(width: int, purple_rows: tuple[int, ...]) -> Grid:
    """The normal form of a Transverse Wave grid (TW:L110 and notes §1.1).

    All-purple rows and all-purple columns are dropped (they never change the
    game), so are rows that contain another row's purple cells (``minimal_rows``),
    columns are ordered by their number of purple cells and then by content, and
    rows are sorted.  Ties between columns of equal content keep their input
    order, so the result is always the same game as the input (sound) and the
    same for most isomorphic inputs.  The transposes are done on strings so that
    the work stays in C.
    """
    full = (1 << width) - 1
    rows = minimal_rows(row for row in purple_rows if row != full)
    if not rows:
        return EMPTY
    text = f"0{width}b"
    columns = [c for c in zip(*[format(row, text) for row in rows], strict=True) if "0" in c]
    columns.sort(key=_purple_count)
    ordered = sorted(set(zip(*columns, strict=True)))
    columns = sorted(zip(*ordered, strict=True), key=_count_then_content)
    return Grid(
        len(columns), tuple(sorted(int("".join(row), 2) for row in zip(*columns, strict=True)))
    )


def _purple_count(column: tuple[str, ...]) -> int:
    return column.count("1")


def _count_then_content(column: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    return column.count("1"), column


EMPTY = Grid(0, ())


@cache
def triangle(p: int, k: int) -> int:
    """G'(p, k) of Theorem 1 (TW:L112-179, Figure 3's recurrence, L134).

    p rows, k of them with an odd number of purple cells, every column with at
    most one purple cell.  G'(0, 0) = 0 and G'(1, k) = 0; for p ≥ 2,
    G'(p, k) = mex({G'(p-1, k-1) if k ≥ 1} ∪ {G'(p-1, k) ⊕ 1 if k < p}).
    The paper's closed form gives *2 for the empty board (erratum, docs/errata.md).
    """
    if not 0 <= k <= p:
        raise ValueError(f"need 0 <= k <= p, got p={p}, k={k}")
    if p <= 1:
        return 0
    seen = set()
    if k >= 1:
        seen.add(triangle(p - 1, k - 1))
    if k < p:
        seen.add(triangle(p - 1, k) ^ 1)
    return min(set(range(3)) - seen)


def theorem_1_as_printed(grid: Grid) -> int | None:
    """Theorem 1 exactly as printed (TW:L112-120), errors included: the errata's foil.

    After dropping all-purple rows and columns, with p rows, k of them odd and q
    the parity of the all-green columns, G = G'(p, k) ⊕ q.  None when the
    hypothesis fails (some column has two purple cells).  See ``closed_form`` for
    the corrected statement and docs/errata.md for the counterexamples.
    """
    full = (1 << grid.width) - 1
    rows = [row for row in grid.rows if row != full]
    dead = full
    for row in rows:
        dead &= row
    live = full & ~dead
    rows = [row & live for row in rows]
    union, total = 0, 0
    for row in rows:
        union |= row
        total += row.bit_count()
    if total != union.bit_count():
        return None
    k = sum(row.bit_count() % 2 for row in rows)
    q = (live.bit_count() - union.bit_count()) % 2
    return printed_triangle(len(rows), k) ^ q


def printed_triangle(p: int, k: int) -> int:
    """G'(p, k) as printed in Theorem 1 (TW:L112-116); equals ``triangle`` but for p = 0."""
    if p == 2 * k:
        return 2
    return 0 if (k % 2 == 0) == (p > 2 * k) else 1


def closed_form(grid: Grid) -> int | None:
    """The nimber of a grid where a theorem gives it, else None.

    After dropping all-purple rows and columns (TW:L110):
    - a row with no purple cell keeps every column feasible, and each move removes
      exactly one column, so every play lasts one move per column: the value is the
      number of columns mod 2 (the notes' corrected case (ii) of Theorem 1);
    - Theorem 1 as corrected (notes §3, case (i)): if every column has at most one
      purple cell and every row has one, the value is G'(p, k) ⊕ (a mod 2) with a
      the number of all-green columns.
    """
    full = (1 << grid.width) - 1
    rows = [row for row in grid.rows if row != full]
    if not rows:
        return 0
    dead = full
    for row in rows:
        dead &= row
    live = full & ~dead
    union = 0
    total = 0
    odd = 0
    for row in rows:
        row &= live
        if not row:
            return live.bit_count() % 2
        size = row.bit_count()
        union |= row
        total += size
        odd += size & 1
    if total != union.bit_count():
        return None
    return triangle(len(rows), odd) ^ ((live.bit_count() - total) & 1)


class GridKernel:
    """The native Transverse Wave search (``grundy._native.TransverseWave``); the
    Crosswise twins reach it through their map to Transverse Wave grids."""

    limit = f"grids of at most {_native.TRANSVERSE_WAVE_MAX_COLUMNS} columns"

    def __init__(self, to_wave: Callable[[Grid], Grid]) -> None:
        self.to_wave = to_wave
        self.game = _native.TransverseWave()

    def fits(self, position: Grid) -> bool:
        return position.width <= _native.TRANSVERSE_WAVE_MAX_COLUMNS

    def grundy(
        self, position: Grid, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[int | None, int]:
        wave = self.to_wave(position)
        return self.game.grundy(wave.width, list(wave.rows), max_nodes, max_seconds)

    def memo(self, position: Grid) -> tuple[Key, NativeMemo]:
        """One table of reduced grids for every grid."""
        return "reduced grids", self.game


_SHORTHAND = re.compile(r"(?:(\d+):)?((?:\([\d,]*\))+)")


#: The documented limits of the three grid presentations.
GRID_LIMITS = {"rows": 200, "columns": 200}


class _GridRuleset(ImpartialRuleset[Grid]):
    """Shared text, rendering and keys of the three grid presentations.

    Subclasses say how a cell is written (``symbols``: purple/1 first) and what a
    stored bit means (``stores_purple``); the game is the same.
    """

    symbols: tuple[str, str]
    stores_purple: bool
    limits = GRID_LIMITS

    def as_transverse_wave(self, grid: Grid) -> Grid:
        """The same position as a Transverse Wave grid (purple = 1)."""
        if self.stores_purple:
            return grid
        full = (1 << grid.width) - 1
        return Grid(grid.width, tuple(full & ~row for row in grid.rows))

    def key(self, position: Grid) -> Grid:
        return canonical_grid(*self.as_transverse_wave(position))

    def fast_grundy(self, position: Grid) -> int | None:
        return closed_form(self.as_transverse_wave(position))

    def native_kernel(self) -> NativeKernel[Grid]:
        return GridKernel(self.as_transverse_wave)

    def parse(self, text: str) -> Grid:
        one, zero = self.symbols
        lines = [line.strip() for line in text.strip().split("/")]
        if lines == [""]:
            raise ParseError(f"empty grid: write rows of {one}/{zero} separated by '/'")
        self.check_size("rows", len(lines))
        width = self.check_size("columns", len(lines[0]))
        rows = []
        for i, line in enumerate(lines):
            bad = set(line) - {one, zero}
            if bad:
                raise ParseError(
                    f"row {i} has unknown cell {sorted(bad)[0]!r}: cells are {one} and {zero}"
                )
            if len(line) != width:
                raise ParseError(
                    f"row {i} has {len(line)} cells but row 0 has {width}: "
                    "rows must be equally long"
                )
            rows.append(sum(1 << j for j, cell in enumerate(line) if cell == one))
        return Grid(width, tuple(rows))

    def format(self, position: Grid) -> str:
        one, zero = self.symbols
        return "/".join(
            "".join(one if row >> j & 1 else zero for j in range(position.width))
            for row in position.rows
        )

    def render_text(self, position: Grid) -> str:
        header = "".join(str(j % 10) for j in range(position.width))
        return "\n".join([header, *self.format(position).split("/")])

    def data(self, position: Grid) -> dict[str, Any]:
        return {"width": position.width, "rows": self.format(position).split("/")}

    def render_svg(self, position: Grid) -> str:
        cells = [
            [PURPLE if row >> j & 1 else GREEN for j in range(position.width)]
            for row in self.as_transverse_wave(position).rows
        ]
        return cell_grid(cells, f"{self.name} {self.format(position)}")

    def small_positions(self, size: int) -> Iterator[Grid]:
        """Every grid of ``size`` cells, in every shape and colouring: shapes by their
        number of rows, then colourings as binary numbers, row 0 in the low bits."""
        return self.small_positions_from(size, 0)

    def count_small_positions(self, size: int) -> int:
        shapes = sum(1 for rows in range(1, size + 1) if size % rows == 0)
        return shapes << size

    def small_positions_from(self, size: int, start: int) -> Iterator[Grid]:
        shapes = [rows for rows in range(1, size + 1) if size % rows == 0]
        first_shape, first_colouring = divmod(start, 1 << size)
        for rows in shapes[first_shape:]:
            width = size // rows
            full = (1 << width) - 1
            for colouring in range(first_colouring, 1 << size):
                yield Grid(width, tuple(colouring >> (width * i) & full for i in range(rows)))
            first_colouring = 0

    def random_position(self, rng: random.Random, size: int) -> Grid:
        grid = random_grid(rng, max(1, (size + 1) // 2), max(1, size), 0.3)
        return grid if self.stores_purple else self.as_transverse_wave(grid)


def random_grid(rng: random.Random, rows: int, columns: int, density: float) -> Grid:
    """A random Transverse Wave grid, each cell purple with probability ``density``."""
    return Grid(
        columns,
        tuple(
            sum(1 << j for j in range(columns) if rng.random() < density) for _ in range(rows)
        ),
    )


@register
class TransverseWave(_GridRuleset):
    name = "transverse-wave"
    aliases = ("tw",)
    summary = "Select a column with a green cell; it and every row purple there turn purple."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L57-59", "Ruleset 1")
    text_format = (
        "rows of P (purple) and G (green) separated by '/', e.g. PPG/GGP; or the paper's "
        "shorthand listing each row's purple columns, (01)(2) = 2x3, with an optional width "
        "for extra all-green columns, 4:(01)(2) = 2x4 (write (0,10,11) for columns past 9)"
    )
    examples = ("PPG/GGP", "(01)(234)(035)", "7:(01)(234)(035)", "(012)(034)(0156)(2578)")
    symbols = ("P", "G")
    stores_purple = True

    def parse(self, text: str) -> Grid:
        shorthand = _SHORTHAND.fullmatch(text.strip().replace(" ", ""))
        if shorthand is None:
            if "(" in text or ")" in text:
                raise ParseError(
                    f"cannot read {text.strip()!r}: write rows of purple columns like "
                    "(01)(2), optionally with a width in front, 4:(01)(2)"
                )
            return super().parse(text)
        width_text, groups = shorthand.groups()
        rows = []
        for group in re.findall(r"\(([\d,]*)\)", groups):
            items = group.split(",") if "," in group else list(group)
            if "" in items and group:
                raise ParseError(f"empty column number in ({group}): write (0,10,11)")
            columns = [read_int(item, "a column number") for item in items if item]
            self.check_size("columns", max(columns, default=-1) + 1)
            rows.append(sum(1 << column for column in columns))
        self.check_size("rows", len(rows))
        needed = max((row.bit_length() for row in rows), default=0)
        width = needed if width_text is None else read_int(width_text, "the width")
        self.check_size("columns", width)
        if width < needed:
            raise ParseError(f"width {width} is too small: a row is purple in column {needed - 1}")
        if width == 0:
            raise ParseError("a grid needs at least one column: give a width, e.g. 1:()")
        return Grid(width, tuple(rows))

    def moves(self, position: Grid) -> Iterator[tuple[Move, Grid]]:
        """Column j is feasible if it has a green cell (TW:L59)."""
        full = (1 << position.width) - 1
        for j in range(position.width):
            bit = 1 << j
            if any(not row & bit for row in position.rows):
                yield j, Grid(
                    position.width,
                    tuple(full if row & bit else row | bit for row in position.rows),
                )

    def options(self, position: Grid) -> Iterator[Grid]:
        """One child per distinct feasible column, in reduced form.

        Columns with equal contents give isomorphic children, so only the first is
        kept (the option set, and so the mex, is unchanged).  Rows containing
        another row are dropped first (``minimal_rows``); each child then drops the
        rows that turned all purple and cuts out the now all-purple column j.  Every
        child is the same game as the literal move's result.
        """
        width = position.width
        if not width:
            return
        rows = minimal_rows(position.rows)  # children of an antichain stay antichains
        columns = zip(*[format(row, f"0{width}b") for row in rows], strict=True)
        first = {column: width - 1 - j for j, column in enumerate(columns)}  # MSB first
        full = (1 << (width - 1)) - 1
        for column, j in first.items():
            if "0" in column:  # column j has a green cell
                bit = 1 << j
                low = bit - 1
                kept = {(row & low) | (row >> 1 & ~low) for row in rows if not row & bit}
                kept.discard(full)
                yield Grid(width - 1, tuple(sorted(kept)))


@register
class CrosswiseAnd(_GridRuleset):
    name = "crosswise-and"
    summary = "Boolean matrix; pick a non-zero column j; row i := row i AND B[i][j]; column j := 0."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L88-96", "Ruleset 2, Prop 1")
    text_format = "rows of 1 and 0 separated by '/', e.g. 10/11 (1 = green in Transverse Wave)"
    examples = ("001/110",)
    symbols = ("1", "0")
    stores_purple = False

    def moves(self, position: Grid) -> Iterator[tuple[Move, Grid]]:
        for j in range(position.width):
            bit = 1 << j
            if any(row & bit for row in position.rows):
                yield j, Grid(
                    position.width,
                    tuple(row & ~bit if row & bit else 0 for row in position.rows),
                )


@register
class CrosswiseOr(_GridRuleset):
    name = "crosswise-or"
    summary = "Boolean matrix; pick a column j with a 0; row i := row i OR B[i][j]; column j := 1."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L98-104", "Ruleset 3, Prop 2")
    text_format = "rows of 1 and 0 separated by '/', e.g. 01/00 (1 = purple in Transverse Wave)"
    examples = ("110/001",)
    symbols = ("1", "0")
    stores_purple = True

    # Prop 2: with purple = 1 the OR update is exactly the wave.
    moves = TransverseWave.moves
    options = TransverseWave.options
