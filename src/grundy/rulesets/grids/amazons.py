"""AMAZONS on small boards: move one of your amazons like a chess queen, then shoot an
arrow from where it lands, again like a queen; the arrow's cell is out of play.

Walter Zamkauskas's game (1988); its endgames are sums of regions (Berlekamp 2000,
"Sums of N x 2 Amazons", and Snatzke's Amazons tables), and Hearn 2005 proved it
PSPACE-complete (cited by seed 001, ``001_56c9c94dd1ec088e.wrapped.txt`` L1625).  Seed 003
names it as a black-white game that is not numeric (``003_b9b71f74cb16b358.txt`` L43).
Left plays the black amazons ``x``, Right the white ``o``, ``#`` is a burnt cell, as in
CGSuite and cgt-tools.  Regions of cells connected by king steps are independent, and a
region without an amazon is dead.  Boards of at most 64 cells are searched by a native
kernel.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import cast

from grundy import _native
from grundy.protocol import Citation, Move, Player
from grundy.rulesets.grids.stones import (
    KING,
    Stones,
    StonesKernel,
    StonesRuleset,
    groups,
    keep_only,
    rays,
)
from grundy.rulesets.registry import register


def _reach(position: Stones, start: int) -> Iterator[int]:
    """The empty cells (by index) a queen on cell ``start`` reaches."""
    cells = position.cells
    for line in rays(position.rows, position.columns, KING)[start]:
        for cell in line:
            if cells[cell] != ".":
                break
            yield cell


@register
class Amazons(StonesRuleset):
    name = "amazons"
    summary = "Move an amazon like a queen, then shoot an arrow like a queen; no move loses."
    citation = Citation("berlekamp-2000", locator="§1")
    text_format = (
        "rows of 'x' (Left's amazons), 'o' (Right's), '.' (empty) and '#' (burnt) joined "
        "by '/' (or '|'), e.g. x../..o ; a move is r,c-r2,c2@r3,c3 (from, to, arrow)"
    )
    examples = ("x..", "x.o", "x../..o", "x.#/..o", "xo/../..")
    allowed = "xo.#"
    void = "#"

    def format_move(self, move: Move) -> str:
        r, c, r2, c2, r3, c3 = cast(tuple[int, int, int, int, int, int], move)
        return f"{r},{c}-{r2},{c2}@{r3},{c3}"

    def moves(self, position: Stones, player: Player) -> Iterator[tuple[Move, Stones]]:
        """The amazon at (r, c) goes to (r2, c2) and shoots at (r3, c3); the label is
        (r, c, r2, c2, r3, c3)."""
        mine = "x" if player is Player.LEFT else "o"
        w = position.columns
        for start, cell in enumerate(position.cells):
            if cell != mine:
                continue
            for to in _reach(position, start):
                after = list(position.cells)
                after[start], after[to] = ".", mine
                moved = position._replace(cells="".join(after))
                for arrow in _reach(moved, to):
                    after[arrow] = "#"
                    yield ((*divmod(start, w), *divmod(to, w), *divmod(arrow, w)),
                           position._replace(cells="".join(after)))
                    after[arrow] = "."

    def components(self, position: Stones) -> Sequence[Stones]:
        """The regions of cells joined by king steps that hold an amazon."""
        live = [group for group in groups(position, lambda cell: cell != "#", KING)
                if any(position.at(*cell) in "xo" for cell in group)]
        if len(live) == 1 and len(live[0]) == len(position.cells) - position.cells.count("#"):
            return (position,)
        return [keep_only(position, group, "#") for group in live]

    def native_kernel(self) -> StonesKernel:
        """The native search (``grundy._native.Amazons``): the same moves, regions,
        symmetries and colour exchange on bitmasks of the unburnt cells and of each
        player's amazons."""
        return StonesKernel(_native.Amazons(), _native.AMAZONS_MAX_CELLS, ("xo.", "x", "o"))

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """At most ``size`` cells (and never more than 6), one or two amazons."""
        cells = rng.randint(1, max(1, min(size, 6)))
        rows = rng.randint(1, max(1, cells // 2))
        columns = max(1, cells // rows)
        board = [rng.choice("...#") for _ in range(rows * columns)]
        for _ in range(rng.randint(1, 2)):
            board[rng.randrange(len(board))] = rng.choice("xo")
        return Stones(rows, columns, "".join(board))
