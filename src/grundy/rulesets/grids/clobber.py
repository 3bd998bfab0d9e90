"""CLOBBER: move one of your stones onto an orthogonally adjacent stone of the opponent's,
removing it.

Albert, Grossman, Nowakowski & Wolfe 2005, "An introduction to Clobber" (INTEGERS 5(2)
#A01); Albert, Nowakowski & Wolfe 2007, *Lessons in Play*.  Seed 001 names Clobber as a
game whose infinitesimal positions are known (``001_56c9c94dd1ec088e.wrapped.txt``
L1546-1548).  Left plays the black stones ``x``, Right the white stones ``o``, as in
CGSuite.  Stones only ever move onto adjacent stones, so orthogonally connected groups
are independent, and a group of one colour is dead (value 0).

The variants CGSuite's ruleset library defines change the stones' moves only: stones
that move diagonally, as kings (one step any way), as rooks or queens (any distance over
empty cells, then clobbering the first stone met, which must be the opponent's), and
Anti-Clobber, where a stone steps onto an adjacent empty cell and leaves an opponent's
stone behind (a Clobber move played backwards), and Hot Clobber, where a stone may take
a stone of either colour.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import ClassVar, cast

from grundy import _native
from grundy.protocol import Citation, Move, Player
from grundy.rulesets.grids.stones import (
    DIAGONAL,
    KING,
    ORTHOGONAL,
    Stones,
    StonesKernel,
    StonesRuleset,
    groups,
    keep_only,
    rays,
)
from grundy.rulesets.registry import register

Jump = tuple[int, int, int, int]
Steps = tuple[tuple[int, int], ...]


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
    examples: ClassVar[tuple[str, ...]] = ("xo", "xxo", "xoxo", "xo/ox", "xox/oxo", "xoxoxo")
    #: The directions a stone moves in, and how many cells it may go (None: any number).
    steps: ClassVar[Steps] = ORTHOGONAL
    reach: ClassVar[int | None] = 1

    def format_move(self, move: Move) -> str:
        return format_jump(move)

    def moves(self, position: Stones, player: Player) -> Iterator[tuple[Move, Stones]]:
        """Stone (r, c) moves to (r2, c2); the label is (r, c, r2, c2)."""
        mine, theirs = ("x", "o") if player is Player.LEFT else ("o", "x")
        rows, w, cells = position
        for start, lines in enumerate(rays(rows, w, self.steps)):
            if cells[start] != mine:
                continue
            for line in lines:
                target = self.landing(cells, line, theirs)
                if target is not None:
                    after = list(cells)
                    after[start], after[target] = self.vacated(theirs), mine
                    yield ((*divmod(start, w), *divmod(target, w)),
                           position._replace(cells="".join(after)))

    def landing(self, cells: str, line: tuple[int, ...], theirs: str) -> int | None:
        """Where a stone moving along ``line`` lands: the first stone within ``reach``,
        over empty cells, if it is the opponent's (it is clobbered)."""
        for cell in line[:self.reach]:
            if cells[cell] != ".":
                return cell if cells[cell] == theirs else None
        return None

    def vacated(self, theirs: str) -> str:
        """What the moving stone leaves behind."""
        return "."

    def native_kernel(self) -> StonesKernel:
        """The native search (``grundy._native.Clobber``): the same moves, groups and
        symmetries, on boards of at most 64 cells."""
        return self.kernel()

    def kernel(self, anti: bool = False, hot: bool = False) -> StonesKernel:
        game = _native.Clobber(list(self.steps), self.reach, anti, hot)
        return StonesKernel(game, _native.CLOBBER_MAX_CELLS, ("x", "o"))

    def components(self, position: Stones) -> Sequence[Stones]:
        """The groups of stones connected by single steps holding stones of both
        colours (stones that move further interact across empty cells: no split)."""
        if self.reach != 1:
            return (position,)
        live = [group for group in groups(position, lambda cell: cell in "xo", self.steps)
                if self.live(position, group)]
        if len(live) == 1 and len(live[0]) == len(position.cells) - position.cells.count("."):
            return (position,)
        return [keep_only(position, group, ".") for group in live]

    def live(self, position: Stones, group: set[tuple[int, int]]) -> bool:
        """Whether a group can move: it holds stones of both colours."""
        return {position.at(*cell) for cell in group} == {"x", "o"}

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """About ``size`` cells, each a stone of either colour or (one in five) empty."""
        rows = rng.randint(1, max(1, size // 3))
        columns = max(1, size // rows)
        cells = "".join(rng.choice("xxoo.") for _ in range(rows * columns))
        return Stones(rows, columns, cells)


@register
class DiagonalClobber(Clobber):
    name = "diagonal-clobber"
    summary = "Clobber with diagonal moves: clobber a diagonally adjacent opposing stone."
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.GenClobber, Diagonal")
    examples = ("xo/xo", "xoxo/oox./xxx.", "x.o/.ox")
    steps = DIAGONAL


@register
class KingClobber(Clobber):
    name = "king-clobber"
    aliases = ("kings",)
    summary = "Clobber with kings' moves: clobber an opposing stone one step away, any way."
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.Kings")
    examples = ("xox/ox.", "xo/ox", "xoxo")
    steps = KING


@register
class RookClobber(Clobber):
    name = "rook-clobber"
    aliases = ("rooks",)
    summary = "Clobber with rooks' moves: slide over empty cells onto an opposing stone."
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.Rooks")
    examples = ("xox/ox.", "x.o", "xo./..o")
    reach = None


@register
class QueenClobber(Clobber):
    name = "queen-clobber"
    aliases = ("queens",)
    summary = "Clobber with queens' moves: slide any way over empty cells onto an opposing stone."
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.Queens")
    examples = ("xox/ox.", "x.o", "x../..o")
    steps = KING
    reach = None


@register
class AntiClobber(Clobber):
    name = "anti-clobber"
    aliases = ("anticlobber",)
    summary = "Step a stone of yours onto an adjacent empty cell, leaving an opposing stone behind."
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.AntiClobber")
    text_format = (
        "rows of 'x' (Left's black stones), 'o' (Right's white stones) and '.' (empty) "
        "joined by '/' (or '|'), e.g. xo./o.. ; a move is r,c-r2,c2"
    )
    examples = ("x.", "xo.", "xoxo/oo..", "x./.o")
    #: empty cells are where stones go: the key keeps them
    void = ""

    def landing(self, cells: str, line: tuple[int, ...], theirs: str) -> int | None:
        """The adjacent cell, if it is empty."""
        return line[0] if cells[line[0]] == "." else None

    def vacated(self, theirs: str) -> str:
        return theirs

    def components(self, position: Stones) -> Sequence[Stones]:
        """No split: stones spread into the empty cells."""
        return (position,)

    def native_kernel(self) -> StonesKernel:
        return self.kernel(anti=True)

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """About ``size`` cells, each a stone of either colour or (two in five) empty."""
        rows = rng.randint(1, max(1, size // 3))
        columns = max(1, size // rows)
        return Stones(rows, columns, "".join(rng.choice("xo...") for _ in range(rows * columns)))


@register
class HotClobber(Clobber):
    name = "hot-clobber"
    aliases = ("hotclobber",)
    summary = "Clobber where a stone may take an adjacent stone of either colour."
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.HotClobber")
    examples = ("xx", "xo", "xxo", "xox/ox.", "xoxo/oxox")

    def landing(self, cells: str, line: tuple[int, ...], theirs: str) -> int | None:
        """The adjacent cell, if it holds a stone of either colour."""
        return line[0] if cells[line[0]] != "." else None

    def live(self, position: Stones, group: set[tuple[int, int]]) -> bool:
        """Two or more stones: a stone may take its own colour, so a group of one colour
        is not dead (a lone stone is)."""
        return len(group) > 1

    def native_kernel(self) -> StonesKernel:
        return self.kernel(hot=True)
