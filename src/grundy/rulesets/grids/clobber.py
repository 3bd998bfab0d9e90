"""CLOBBER: move one of your stones onto an orthogonally adjacent stone of the opponent's,
removing it.

Albert, Grossman, Nowakowski & Wolfe 2005, "An introduction to Clobber" (INTEGERS 5(2)
#A01); Albert, Nowakowski & Wolfe 2007, *Lessons in Play*.  Seed 001 names Clobber as a
game whose infinitesimal positions are known (``001_56c9c94dd1ec088e.wrapped.txt``
L1546-1548).  Left plays the black stones ``x``, Right the white stones ``o``, as in
CGSuite.  Stones only ever move onto adjacent stones, so orthogonally connected groups
are independent, and a group of one colour is dead (value 0).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import cast

from grundy.protocol import Citation, Move, Player
from grundy.rulesets.grids.stones import (
    ORTHOGONAL,
    Stones,
    StonesRuleset,
    groups,
    keep_only,
    rays,
)
from grundy.rulesets.registry import register

Jump = tuple[int, int, int, int]


def format_jump(move: Move) -> str:
    r, c, r2, c2 = cast(Jump, move)
    return f"{r},{c}-{r2},{c2}"


@register
class Clobber(StonesRuleset):
    name = "clobber"
    summary = "Move a stone of yours onto an adjacent stone of the opponent's, removing it."
    citation = Citation("albert-grossman-nowakowski-wolfe-2005", locator="§1")
    text_format = (
        "rows of 'x' (Left's black stones), 'o' (Right's white stones) and '.' (empty) "
        "joined by '/' (or '|', as CGSuite), e.g. xo/ox; a move is r,c-r2,c2"
    )
    examples = ("xo", "xxo", "xoxo", "xo/ox", "xox/oxo", "xoxoxo")

    def format_move(self, move: Move) -> str:
        return format_jump(move)

    def moves(self, position: Stones, player: Player) -> Iterator[tuple[Move, Stones]]:
        """Stone (r, c) clobbers the stone at (r2, c2); the label is (r, c, r2, c2)."""
        mine, theirs = ("x", "o") if player is Player.LEFT else ("o", "x")
        rows, w, cells = position
        for start, lines in enumerate(rays(rows, w, ORTHOGONAL)):
            if cells[start] != mine:
                continue
            for line in lines:
                target = line[0]
                if cells[target] == theirs:
                    after = list(cells)
                    after[start], after[target] = ".", mine
                    yield ((*divmod(start, w), *divmod(target, w)),
                           position._replace(cells="".join(after)))

    def components(self, position: Stones) -> Sequence[Stones]:
        """The orthogonally connected groups holding stones of both colours."""
        live = [group for group in groups(position, lambda cell: cell in "xo", ORTHOGONAL)
                if {position.at(*cell) for cell in group} == {"x", "o"}]
        if len(live) == 1 and len(live[0]) == len(position.cells) - position.cells.count("."):
            return (position,)
        return [keep_only(position, group, ".") for group in live]

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """About ``size`` cells, each a stone of either colour or (one in five) empty."""
        rows = rng.randint(1, max(1, size // 3))
        columns = max(1, size // rows)
        cells = "".join(rng.choice("xxoo.") for _ in range(rows * columns))
        return Stones(rows, columns, cells)
