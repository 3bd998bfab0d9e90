"""SKI-JUMPS: skiers on a slope of rows; Left's skiers go east (right), Right's west.
A move slides one of your skiers any number of empty cells along its row, or off the
end of the row; a jumper may instead jump over an opponent's skier just below it onto
the empty cell below that, and the skier jumped over becomes a slipper, who can never
jump again.

Winning Ways (Berlekamp, Conway & Guy 1982, vol. 1, ch. 2, "Ski-Jumps"); cgt-tools plays
it (``cgt/short/partizan/games/ski_jumps.rs``) and its letters are used here: ``L`` a
jumper of Left's, ``l`` a slipper of Left's, ``R`` and ``r`` Right's, ``.`` an empty
cell.  Mirroring the slope and exchanging the colours gives the conjugate.  Where no jump
can ever happen and no two skiers of opposite colours face each other in a row, every
skier is an integer (its distance to its edge), which ``fast_value`` adds up.  Slopes
of at most 64 cells are searched by a native kernel.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any, ClassVar, cast

from grundy import _native
from grundy.protocol import Citation, Move, PartizanRuleset, Player
from grundy.rulesets.drawing import GREEN, INK, PAPER, PURPLE, clickable_circle, svg_document, text
from grundy.rulesets.grids.stones import Stones, StonesKernel, format_stones, parse_stones
from grundy.rulesets.registry import register
from grundy.values import Game

SWAP = str.maketrans("LlRr", "RrLl")
#: The letters of a player's skiers, jumpers first.
SKIERS = {Player.LEFT: "Ll", Player.RIGHT: "Rr"}
Slide = tuple[int, int, int]  # (row, column, column after; -1 or the width: off the slope)


def jumps(position: Stones, player: Player) -> Iterator[tuple[int, int]]:
    """The cells (r, c) of the player's jumpers that can jump now."""
    jumper = SKIERS[player][0]
    theirs = SKIERS[player.opponent]
    for index, cell in enumerate(position.cells):
        r, c = divmod(index, position.columns)
        if cell == jumper and position.at(r + 1, c) in theirs and position.at(r + 2, c) == ".":
            yield r, c


@register
class SkiJumps(PartizanRuleset[Stones]):
    name = "ski-jumps"
    summary = "Slide your skiers downhill (Left east, Right west) or jump an opponent below."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 2")
    text_format = (
        "rows of the slope joined by '/' (or '|'): 'L' Left's jumper, 'l' Left's slipper, "
        "'R' and 'r' Right's, '.' empty, e.g. L..../....R/..... ; a move is r,c-r,c2 (a "
        "slide), r,c-off (off the slope) or r,c-r2,c (a jump)"
    )
    examples = ("L....|....R|.....", ".L...|.R...|.....", "L....|R....|.....",
                "...L....|..R.....|........")
    allowed: ClassVar[str] = "LlRr."

    def parse(self, text: str) -> Stones:
        return parse_stones(text, self.allowed, "Ski-Jumps")

    def format(self, position: Stones) -> str:
        return format_stones(position)

    def format_move(self, move: Move) -> str:
        r, c, r2, c2 = cast(tuple[int, int, int, int], move)
        return f"{r},{c}-off" if r2 < 0 else f"{r},{c}-{r2},{c2}"

    def moves(self, position: Stones, player: Player) -> Iterator[tuple[Move, Stones]]:
        """Slides along the row (label (r, c, r, c2)), off the slope ((r, c, -1, -1)) and
        jumps ((r, c, r + 2, c))."""
        w = position.columns
        step, edge = (1, w) if player is Player.LEFT else (-1, -1)
        cells = position.cells
        for index, cell in enumerate(cells):
            if cell not in SKIERS[player]:
                continue
            r, c = divmod(index, w)
            to = c + step
            while to != edge and cells[r * w + to] == ".":
                after = list(cells)
                after[index], after[r * w + to] = ".", cell
                yield (r, c, r, to), position._replace(cells="".join(after))
                to += step
            if to == edge:
                yield (r, c, -1, -1), position._replace(
                    cells=cells[:index] + "." + cells[index + 1:])
        for r, c in jumps(position, player):
            after = list(cells)
            jumped = (r + 1) * w + c
            after[(r + 2) * w + c], after[r * w + c] = after[r * w + c], "."
            after[jumped] = after[jumped].lower()
            yield (r, c, r + 2, c), position._replace(cells="".join(after))

    def key(self, position: Stones) -> Any:
        return self.signed_key(position)

    def signed_key(self, position: Stones) -> tuple[Any, bool]:
        """The slope, or its mirror image with the colours exchanged (the conjugate)."""
        w = position.columns
        mirrored = "".join(position.cells[r * w:(r + 1) * w][::-1]
                           for r in range(position.rows)).translate(SWAP)
        own = (position.rows, w, position.cells)
        conjugate = (position.rows, w, mirrored)
        return (own, False) if own <= conjugate else (conjugate, True)

    def fast_value(self, position: Stones) -> Game | None:
        """Where no jumper has an opponent's skier anywhere in the row below (so no jump
        ever comes: skiers leave rows only by jumping) and in every row Right's skiers
        are all west of Left's (so none blocks an opponent), each skier is an integer:
        Left's the cells to the east edge, Right's to the west edge."""
        w = position.columns
        rows = [position.cells[r * w:(r + 1) * w] for r in range(position.rows)]
        for upper, lower in itertools.pairwise(rows):
            if ("L" in upper and ("R" in lower or "r" in lower)) or \
                    ("R" in upper and ("L" in lower or "l" in lower)):
                return None
        total = 0
        for row in rows:
            lefts = [c for c, cell in enumerate(row) if cell in "Ll"]
            rights = [c for c, cell in enumerate(row) if cell in "Rr"]
            if lefts and rights and min(lefts) < max(rights):
                return None
            total += sum(w - c for c in lefts) - sum(c + 1 for c in rights)
        return Game.integer(total)

    def native_kernel(self) -> StonesKernel:
        """The native search (``grundy._native.SkiJumps``): the same moves, conjugates and
        integer shortcut on bitmasks of Left's skiers, Right's and the jumpers."""
        return StonesKernel(_native.SkiJumps(), _native.SKI_JUMPS_MAX_CELLS, ("Ll", "Rr", "LR"))

    def data(self, position: Stones) -> dict[str, Any]:
        return {"rows": self.format(position).split("/") if position.rows else []}

    def render_text(self, position: Stones) -> str:
        return self.format(position).replace("/", "\n")

    def render_svg(self, position: Stones) -> str:
        """Left's skiers green, Right's purple, jumpers in capitals; each skier is the play
        page's spot r,c, where its moves start."""
        cell, margin = 28, 20
        body = []
        for index, mark in enumerate(position.cells):
            r, c = divmod(index, position.columns)
            x, y = margin + cell * c, margin + cell * r
            body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                        f'fill="{PAPER}" stroke="{INK}"/>')
            if mark != ".":
                fill = GREEN if mark in "Ll" else PURPLE
                body += clickable_circle(x + cell / 2, y + cell / 2, cell / 2 - 3, f"{r},{c}",
                                         fill, ink=PAPER, size=9)
                body.append(text(x + cell / 2, y + cell + 8, mark, 8))
        return svg_document(2 * margin + cell * max(position.columns, 1),
                            2 * margin + cell * max(position.rows, 1), body,
                            f"Ski-Jumps {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Stones:
        """Two or three rows of about ``size`` cells, a few skiers of each colour."""
        rows = rng.randint(2, 3)
        columns = max(2, size)
        return Stones(rows, columns, "".join(
            rng.choice("LlRr") if rng.random() < 0.25 else "." for _ in range(rows * columns)))
