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
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy import _native
from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import GREEN, INK, cell_grid
from grundy.rulesets.registry import register
from grundy.search.partizan import games_from_closure
from grundy.values import Game


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


def _images(rows: Sequence[int], width: int) -> tuple[int, ...]:
    """The least of a region's four mirror images (rows top to bottom, ``width`` bits)."""
    straight, flipped = tuple(rows), tuple(map(_mirrors(width), rows))
    return min(straight, straight[::-1], flipped, flipped[::-1])


class DomineeringKernel:
    """The native Domineering search (``grundy._native.Domineering``): the same regions,
    dead cells and transposition symmetry as the Python ruleset, values in a native
    store of canonical games."""

    limit = f"boards of at most {_native.DOMINEERING_MAX_CELLS} cells"

    def __init__(self) -> None:
        self.game = _native.Domineering()
        #: native id -> the same game as a Game
        self.games: dict[int, Game] = {}

    def fits(self, position: Board) -> bool:
        return position.rows * position.columns <= _native.DOMINEERING_MAX_CELLS

    def value(
        self, position: Board, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[Game | None, int]:
        rows, columns, empty = position
        root, nodes = self.game.value(rows, columns, empty, max_nodes, max_seconds)
        if root is None:
            return None, nodes
        if root not in self.games:
            games_from_closure(self.game.closure(root), self.games)
        return self.games[root], nodes


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
        rows, w, empty = position
        pair = 1 | 1 << w if player is Player.LEFT else 3
        for cell in _cells(self._starts(position, player)):
            yield divmod(cell, w), Board(rows, w, empty & ~(pair << cell))

    def options(self, position: Board, player: Player) -> Iterator[Board]:
        """The children with the cells no domino can cover any more dropped."""
        rows, w, empty = position
        pair = 1 | 1 << w if player is Player.LEFT else 3
        first, _, full = _edges(rows, w)
        inner = full & ~first  # cells with a left neighbour
        for cell in _cells(self._starts(position, player)):
            left = empty & ~(pair << cell)
            yield Board(rows, w, left & _near(left, w, inner))

    @staticmethod
    def _starts(position: Board, player: Player) -> int:
        """The cells where ``player`` can put the top (Left) or left (Right) half."""
        rows, w, empty = position
        if player is Player.LEFT:
            return empty & empty >> w
        return empty & empty >> 1 & ~_edges(rows, w)[1]

    def components(self, position: Board) -> Sequence[Board]:
        """The regions of empty cells, cells where no domino fits dropped."""
        rows, w, empty = position
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

    def native_kernel(self) -> DomineeringKernel:
        return DomineeringKernel()

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
