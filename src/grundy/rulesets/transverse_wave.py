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
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple

from grundy.rulesets.base import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.drawing import GREEN, PURPLE, cell_grid
from grundy.rulesets.registry import register


class Grid(NamedTuple):
    """``width`` columns; ``rows[i]`` has bit j set iff cell (i, j) is purple / 1."""

    width: int
    rows: tuple[int, ...]


def canonical_grid(width: int, purple_rows: tuple[int, ...]) -> Grid:
    """The normal form of a Transverse Wave grid (TW:L110 and notes §1.1).

    All-purple rows and all-purple columns are dropped (they never change the
    game), duplicate rows merge, columns are ordered by a signature (how many
    rows are purple there and how full those rows are) and rows are sorted.
    Ties between columns keep their input order: the result is always the same
    game as the input (sound), and equal for most isomorphic inputs.
    """
    full = (1 << width) - 1
    rows = {row for row in purple_rows if row != full}
    if not rows:
        return EMPTY
    dead = full
    for row in rows:
        dead &= row
    sizes = {row: row.bit_count() for row in rows}
    signature = []
    for column in range(width):
        bit = 1 << column
        if not dead & bit:
            hits = sorted(sizes[row] for row in rows if row & bit)
            signature.append((len(hits), hits, column))
    signature.sort()
    new_rows = []
    for row in rows:
        new = 0
        for position, (_, _, column) in enumerate(signature):
            if row >> column & 1:
                new |= 1 << position
        new_rows.append(new)
    return Grid(len(signature), tuple(sorted(new_rows)))


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


def closed_form(grid: Grid) -> int | None:
    """The nimber of a canonical grid where a theorem gives it, else None.

    - A row with no purple cell keeps every column feasible, and each move removes
      exactly one column, so every play lasts ``width`` moves: the value is
      width mod 2 (this is the notes' corrected case (ii) of Theorem 1).
    - Theorem 1 as corrected (notes §3, case (i)): if every column has at most one
      purple cell and every row has one, the value is G'(p, k) ⊕ (a mod 2) with a
      the number of all-green columns.
    """
    rows = grid.rows
    if not rows:
        return 0
    if rows[0] == 0:  # rows are sorted, so an all-green row comes first
        return grid.width % 2
    union = 0
    total = 0
    for row in rows:
        union |= row
        total += row.bit_count()
    if total != union.bit_count():
        return None
    odd = sum(row.bit_count() & 1 for row in rows)
    all_green = grid.width - union.bit_count()
    return triangle(len(rows), odd) ^ (all_green & 1)


_ROW_TEXT = re.compile(r"[PG]*")
_SHORTHAND = re.compile(r"(?:(\d+):)?((?:\([\d,]*\))+)")


class _GridRuleset(ImpartialRuleset[Grid]):
    """Shared text, rendering and keys of the three grid presentations.

    Subclasses say how a cell is written (``symbols``: purple/1 first) and what a
    stored bit means (``stores_purple``); the game is the same.
    """

    symbols: tuple[str, str]
    stores_purple: bool

    def purple_rows(self, grid: Grid) -> tuple[int, ...]:
        if self.stores_purple:
            return grid.rows
        full = (1 << grid.width) - 1
        return tuple(full & ~row for row in grid.rows)

    def key(self, position: Grid) -> Grid:
        return canonical_grid(position.width, self.purple_rows(position))

    def fast_grundy(self, position: Grid) -> int | None:
        return closed_form(self.key(position))

    def parse(self, text: str) -> Grid:
        one, zero = self.symbols
        lines = [line.strip() for line in text.strip().split("/")]
        if lines == [""]:
            raise ParseError(f"empty grid: write rows of {one}/{zero} separated by '/'")
        width = len(lines[0])
        rows = []
        for i, line in enumerate(lines):
            bad = set(line) - {one, zero}
            if bad:
                raise ParseError(
                    f"row {i} has unknown cell {sorted(bad)[0]!r}: cells are {one} and {zero}"
                )
            if len(line) != width:
                raise ParseError(
                    f"row {i} has {len(line)} cells but row 0 has {width}: rows must be equally long"
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
            for row in self.purple_rows(position)
        ]
        return cell_grid(cells, f"{self.name} {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Grid:
        grid = random_grid(rng, max(1, (size + 1) // 2), max(1, size), 0.3)
        return grid if self.stores_purple else Grid(grid.width, self.purple_rows(grid))


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
            rows.append(sum(1 << int(item) for item in items if item))
        needed = max((row.bit_length() for row in rows), default=0)
        width = needed if width_text is None else int(width_text)
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
        """Children with the all-purple rows already dropped (the same game)."""
        rows = position.rows
        full = (1 << position.width) - 1
        for j in range(position.width):
            bit = 1 << j
            kept = tuple(row | bit for row in rows if not row & bit)
            if kept:
                yield Grid(position.width, tuple(row for row in kept if row != full))


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
