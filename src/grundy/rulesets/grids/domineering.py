"""DOMINEERING: Left places vertical dominoes, Right horizontal ones.

Seed 001 names Domineering among the games played "even at the tournament level"
(``001_56c9c94dd1ec088e.wrapped.txt`` L132) and as the classic example whose
sums are hard (L901); it is the field's standard benchmark, so grundy's values
can be compared with CGSuite's and other libraries'.  A move covers two empty
cells, one above the other for Left, side by side for Right; who cannot move
loses.  The empty cells fall apart into regions played as a disjunctive sum.
The text format is rows of ``.`` (empty) and ``#`` (filled) joined by ``/`` (or ``|``)
(``RxC`` is an empty R-by-C board); Left plays vertically as in CGSuite.  Cells
covered during a game are written ``L`` (a Left, vertical domino) and ``R`` (a Right,
horizontal one) so that pictures show each domino; the search reads them as ``#``.
Moves are named by the two cells they cover, columns lettered and rows numbered
from the top as on the printed board: ``a1-a2`` (Left), ``a1-b1`` (Right).
"""

from __future__ import annotations

import os
import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, ClassVar, cast

from grundy import _native
from grundy.protocol import Citation, Move, PartizanRuleset, Player
from grundy.rulesets.drawing import GREEN, INK, PAPER, PURPLE, svg_document, text
from grundy.rulesets.grids.board import (
    Board,
    bits,
    column_name,
    dominoes,
    format_board,
    parse_board,
    placements,
    polyominoes,
    random_board,
    regions,
    symbol,
    symmetry_key,
    trimmed_children,
)
from grundy.rulesets.registry import register
from grundy.values import Game, native

__all__ = ["Board", "Domineering", "column_name"]


#: Domineering's documented limits.
DOMINEERING_LIMITS = {"rows": 100, "columns": 100, "cells": 2_500}


class DomineeringKernel:
    """The native Domineering search (``grundy._native.Domineering``): the same regions,
    dead cells and transposition symmetry as the Python ruleset, values interned in the
    values layer's native store (``grundy.values.native``), so that the stops and
    thermographs of a value are computed where the kernel left it, without a copy."""

    limit = f"boards of at most {_native.DOMINEERING_MAX_CELLS} cells"

    #: Boards with at least this many empty cells are solved on ``threads`` threads
    #: sharing the regions they solve (5×6 and up: with two free cores 5×6 takes 1.7-2.0 s
    #: instead of 2.6-2.9 s and 6×6 50-58 s instead of 77-88 s, see docs/benchmarks.md).
    THREADED_CELLS = 30

    def __init__(self, threads: int | None = None) -> None:
        self.game = _native.Domineering(native.shared_store())
        #: the threads for a large board: the machine's cores, at most two (see the
        #: two-thread figures in docs/benchmarks.md)
        self.threads = threads or min(2, os.cpu_count() or 1)

    def fits(self, position: Board) -> bool:
        return position.rows * position.columns <= _native.DOMINEERING_MAX_CELLS

    def value(
        self, position: Board, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[Game | None, int]:
        rows, columns, empty = position[:3]
        threads = self.threads if empty.bit_count() >= self.THREADED_CELLS else 1
        root, nodes = self.game.value(rows, columns, empty, max_nodes, max_seconds, threads)
        if root is None:
            return None, nodes
        return native.game_of(root), nodes


@register
class Domineering(PartizanRuleset[Board]):
    name = "domineering"
    aliases = ("dominoes",)
    summary = "Place a domino on two empty cells: Left vertically, Right horizontally."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L132, L901", "Domineering")

    text_format = (
        "rows of '.' (empty) and '#' (filled) joined by '/' (or '|' as CGSuite writes), "
        "top row first, e.g. ../.#/.. ; or RxC for an empty R-by-C board, e.g. 4x4.  "
        "Left places vertical dominoes"
    )
    examples = ("2x2", "3x3", "..#/.../#..", "4x5")

    limits = DOMINEERING_LIMITS

    def parse(self, text: str) -> Board:
        return parse_board(text, self.check_size, marks=True)

    def format(self, position: Board) -> str:
        return format_board(position)

    def format_move(self, move: Move) -> str:
        """The two cells covered, column letter and row number: a1-a2 or a1-b1."""
        r, c, r2, c2 = cast(tuple[int, int, int, int], move)
        return f"{column_name(c)}{r + 1}-{column_name(c2)}{r2 + 1}"

    def moves(self, position: Board, player: Player) -> Iterator[tuple[Move, Board]]:
        """Cover cell (r, c) and the cell below it (Left) or right of it (Right); the label
        is both cells, (r, c, r2, c2)."""
        rows, w, empty, vertical, horizontal = position
        left = player is Player.LEFT
        pair, starts = placements(position, left)
        for cell in bits(starts):
            r, c = divmod(cell, w)
            covered = pair << cell
            yield (r, c, r + left, c + (not left)), Board(
                rows, w, empty & ~covered, vertical | covered * left,
                horizontal | covered * (not left))

    def options(self, position: Board, player: Player) -> Iterator[Board]:
        """The children with the cells no domino can cover any more dropped."""
        return trimmed_children(position, *placements(position, player is Player.LEFT))

    def components(self, position: Board) -> Sequence[Board]:
        """The regions of empty cells, cells where no domino fits dropped."""
        rows, w, empty = position[:3]
        parts = regions(position)
        if len(parts) == 1 and parts[0] == empty:
            return (position,)
        return [Board(rows, w, part) for part in parts]

    def native_kernel(self) -> DomineeringKernel:
        return DomineeringKernel()

    #: The outcome search's rules (``_native.DomineeringOutcomes``): regions of at most
    #: this many cells are played as their canonical values.
    VALUE_CELLS: ClassVar[int] = 12

    def own_wins_first(self, position: Board, player: Player, budget: Any) -> bool | None:
        """Whether ``player`` wins moving first, by the native win/loss search with a
        transposition table (``_native.DomineeringOutcomes``): small regions played as
        their canonical values, safe moves counted against the opponent's possible moves,
        moves ordered by the opponent's moves they take (Breuker, Uiterwijk & van den
        Herik 2000, §3-4; Bullock 2002, §3).  One search per board shape keeps its table
        (of bounded size, replacing the positions that took least work) between calls;
        None for a board past the kernel's cells."""
        rows, columns, empty = position[:3]
        if rows * columns > _native.DOMINEERING_MAX_CELLS:
            return None
        searches: dict[tuple[int, int], _native.DomineeringOutcomes] = (
            self.__dict__.setdefault("_outcome_searches", {}))
        search = searches.get((rows, columns))
        if search is None:
            search = searches[rows, columns] = _native.DomineeringOutcomes(
                rows, columns, self.VALUE_CELLS)
        max_nodes, max_seconds = budget.remaining()
        won, nodes = search.wins(empty, player is Player.LEFT, max_nodes, max_seconds)
        budget.charge(nodes, won is not None, search.table_size)
        assert won is not None
        return won

    def key(self, position: Board) -> Hashable:
        return self.signed_key(position)

    def signed_key(self, position: Board) -> tuple[tuple[int, ...], bool]:
        """The region cropped to its bounding box as a tuple of row masks, the least of
        its images under the board's symmetries.  Mirroring left-right or top-bottom
        keeps each player's dominoes; transposing exchanges vertical and horizontal, so
        the transposed region is the conjugate (Left and Right exchanged).  The key is
        taken in the orientation that is wider than high (either, for a square)."""
        return symmetry_key(position)

    def data(self, position: Board) -> dict[str, Any]:
        return {"rows": position.rows, "columns": position.columns,
                "board": self.format(position).split("/") if position.rows else []}

    def render_text(self, position: Board) -> str:
        """The board with column letters and row numbers (the names moves use)."""
        w = position.columns
        digits = len(str(position.rows))
        head = " " * (digits + 1) + " ".join(column_name(c) for c in range(w))
        return "\n".join([head, *(
            f"{r + 1:>{digits}} " + " ".join(symbol(position, r * w + c) for c in range(w))
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
        for r, c, tall in dominoes(position):
            x, y = margin + side * c + 3, margin + side * r + 3
            width, height = (side, 2 * side) if tall else (2 * side, side)
            body.append(f'<rect x="{x}" y="{y}" width="{width - 6}" height="{height - 6}" rx="6" '
                        f'fill="{PURPLE if tall else GREEN}" class="domino"/>')
        return svg_document(2 * margin + side * w, 2 * margin + side * position.rows, body,
                            f"Domineering {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Board:
        """A board of about ``size`` cells, a fifth of them filled."""
        return random_board(rng, size)

    def small_positions(self, size: int) -> Iterator[Board]:
        """Every connected region of ``size`` cells, one per shape up to translation
        (``board.polyominoes``); a region in pieces is the sum of its pieces."""
        return polyominoes(size)
