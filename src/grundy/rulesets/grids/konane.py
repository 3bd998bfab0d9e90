"""KONANE (Hawaiian checkers): jump one of your stones over an adjacent stone of the
opponent's into the empty cell beyond, removing it; a move may go on jumping in the same
direction.

Ernst 1995, "Playing Konane mathematically" (*Games of No Chance*, MSRI 29); Hearn 2005
proved it PSPACE-complete and seed 001 names it among the games shown universal
(``001_56c9c94dd1ec088e.wrapped.txt`` L1538-1540).  Left plays the black stones ``x``,
Right the white ``o``, as in CGSuite and cgt-tools.  Each stop along a line of jumps is
a move of its own.  Boards of at most 64 cells are searched by a native kernel.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from grundy import _native
from grundy.protocol import Citation, Move, Player
from grundy.rulesets.grids.clobber import format_jump
from grundy.rulesets.grids.stones import (
    ORTHOGONAL,
    Stones,
    StonesKernel,
    StonesRuleset,
    rays,
)
from grundy.rulesets.registry import register


@register
class Konane(StonesRuleset):
    name = "konane"
    summary = "Jump a stone of yours over an adjacent enemy stone (and on, in a line, if you like)."
    citation = Citation("ernst-1995", locator="§1")
    text_format = (
        "rows of 'x' (Left's black stones), 'o' (Right's white stones) and '.' (empty) "
        "joined by '/' (or '|'), e.g. xo./..o ; a move is r,c-r2,c2 (where the jumping "
        "stone lands)"
    )
    examples = ("xo.", "xo.o.", "xo.ox.", "xox./o.o./.o..", "xoxo/oxox/xo../ox..")
    void = ""

    def format_move(self, move: Move) -> str:
        return format_jump(move)

    def moves(self, position: Stones, player: Player) -> Iterator[tuple[Move, Stones]]:
        """Stone (r, c) jumps to (r2, c2), taking every stone jumped; the label is
        (r, c, r2, c2)."""
        mine, theirs = ("x", "o") if player is Player.LEFT else ("o", "x")
        rows, w, cells = position
        for start, lines in enumerate(rays(rows, w, ORTHOGONAL)):
            if cells[start] != mine:
                continue
            for line in lines:
                after = None
                for hop in range(1, len(line), 2):
                    jumped, landing = line[hop - 1], line[hop]
                    if cells[jumped] != theirs or cells[landing] != ".":
                        break
                    if after is None:
                        after = list(cells)
                        after[start] = "."
                    after[jumped] = "."
                    after[landing] = mine
                    yield ((*divmod(start, w), *divmod(landing, w)),
                           position._replace(cells="".join(after)))
                    after[landing] = "."

    def native_kernel(self) -> StonesKernel:
        """The native search (``grundy._native.Konane``): the same jumps, symmetries and
        colour exchange on bitmasks of the black and the white stones."""
        return StonesKernel(_native.Konane(), _native.KONANE_MAX_CELLS, ("x", "o"))

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """About ``size`` cells of the game's checkerboard, two in five emptied."""
        rows = rng.randint(1, max(1, size // 3))
        columns = max(1, size // rows)
        return Stones(rows, columns, "".join(
            "." if rng.random() < 0.4 else "xo"[(i // columns + i % columns) % 2]
            for i in range(rows * columns)))
