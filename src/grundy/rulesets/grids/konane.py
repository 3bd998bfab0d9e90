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
    StonesRuleset,
    rays,
)
from grundy.rulesets.registry import register
from grundy.search.partizan import games_from_closure
from grundy.values import Game


class KonaneKernel:
    """The native Konane search (``grundy._native.Konane``): the same moves, symmetries
    and colour exchange as the Python ruleset, values in a native store of canonical
    games."""

    limit = f"boards of at most {_native.KONANE_MAX_CELLS} cells"

    def __init__(self) -> None:
        self.game = _native.Konane()
        #: native id -> the same game as a Game
        self.games: dict[int, Game] = {}

    def fits(self, position: Stones) -> bool:
        return position.rows * position.columns <= _native.KONANE_MAX_CELLS

    def value(
        self, position: Stones, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[Game | None, int]:
        cells = position.cells
        black = sum(1 << i for i, cell in enumerate(cells) if cell == "x")
        white = sum(1 << i for i, cell in enumerate(cells) if cell == "o")
        root, nodes = self.game.value(position.rows, position.columns, black, white,
                                      max_nodes, max_seconds)
        if root is None:
            return None, nodes
        if root not in self.games:
            games_from_closure(self.game.closure(root), self.games)
        return self.games[root], nodes


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

    def native_kernel(self) -> KonaneKernel:
        return KonaneKernel()

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """About ``size`` cells of the game's checkerboard, two in five emptied."""
        rows = rng.randint(1, max(1, size // 3))
        columns = max(1, size // rows)
        return Stones(rows, columns, "".join(
            "." if rng.random() < 0.4 else "xo"[(i // columns + i % columns) % 2]
            for i in range(rows * columns)))
