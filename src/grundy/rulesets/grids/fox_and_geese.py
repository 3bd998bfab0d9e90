"""FOX AND GEESE: Left's geese step diagonally down the board, Right's fox steps
diagonally in any direction; the fox wins if he is never trapped (Winning Ways, Ch. 20,
"Fox and Geese"; Berlekamp, Conway & Guy 1982, vol. 2).

Pieces stand on the dark squares of a checkerboard: with rows numbered from 1 at the
bottom and columns from 1 at the left, a square is dark when row + column is even (as in
CGSuite's ``game.grid.FoxAndGeese``).  The geese (Left) move one square diagonally down;
the fox (Right) moves one square diagonally, up or down, onto an empty square.  Geese
can make only finitely many moves, so every position is a stopper, but the fox can
wander forever: positions repeat.

The text is the board row by row from the top, ``/`` between rows: ``G`` a goose, ``F``
the fox, ``.`` an empty square; the board is as large as the text (the standard game:
``.G.G.G.G/......../......../......../......../......../......../F.......``).

``settled``: a fox at least two rows above every goose, or one row above them and not
on the top row, can never be trapped (he steps between two rows that no goose can reach
again, as geese only move down), and the geese have finitely many moves left, so the
position equals ``off`` (Left, moving second in off - G, always has the fox's move);
CGSuite replaces such positions by off in the same way (its ``Decomposition``).
A fox who moves farther (``fox_range``) is as free, so the same positions are settled.

CEYLONESE FOX AND GEESE (``ceylonese-fox-and-geese``): the same game, but the fox may
move up to two squares diagonally in one direction, never over a piece (CGSuite's
``CeyloneseFoxAndGeese``, its ``GenFoxAndGeese`` with fox range 2).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple

from grundy.protocol import Citation, Move, ParseError, Player
from grundy.rulesets.drawing import INK, PAPER, clickable_circle, svg_document, text
from grundy.rulesets.registry import register
from grundy.search.loopy import LoopyRuleset
from grundy.values.loopy import Loopy

MAX_SIDE = 12

Square = tuple[int, int]  # (row from the bottom, column from the left), both from 1


class Board(NamedTuple):
    height: int
    width: int
    geese: frozenset[Square]
    fox: Square


def square_name(square: Square) -> str:
    """a1 is the bottom-left square (column letter, row number)."""
    row, col = square
    return f"{chr(ord('a') + col - 1)}{row}"


@register
class FoxAndGeese(LoopyRuleset[Board]):
    name = "fox-and-geese"
    aliases = ("foxandgeese",)
    summary = ("Geese (Left) step diagonally down, the fox (Right) diagonally either way; "
               "loopy: the fox may wander forever.")
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 2, ch. 20, Fox and Geese")
    text_format = ("the board's rows from the top, '/' between them: G a goose, F the fox, "
                   ". an empty square, pieces on squares with row + column even (a1 at the "
                   "bottom left is dark); a move is from-to, like b8-a7")
    examples = ("G.G./..../F...", ".G.G.G.G/......../......../......../......../......../"
                "......../F.......")
    limits: ClassVar[dict[str, int]] = {"side": MAX_SIDE}
    #: The most squares the fox moves in one diagonal direction.
    fox_range: ClassVar[int] = 1

    def parse(self, text: str) -> Board:
        rows = [row.strip() for row in text.strip().split("/")]
        self.check_size("side", len(rows))
        width = len(rows[0]) if rows else 0
        self.check_size("side", width)
        if not width or any(len(row) != width for row in rows):
            raise ParseError("every row of the board needs the same number of squares, "
                             "like .G.G/..../F...")
        height = len(rows)
        geese: set[Square] = set()
        foxes: list[Square] = []
        for i, row in enumerate(rows):
            for j, cell in enumerate(row.upper()):
                square = (height - i, j + 1)
                if cell not in "GF.":
                    raise ParseError(f"square {cell!r}: write G (goose), F (fox) or . (empty)")
                if cell != "." and sum(square) % 2:
                    raise ParseError(f"the piece on {square_name(square)} stands on a light "
                                     "square: pieces go where row + column is even")
                if cell == "G":
                    geese.add(square)
                elif cell == "F":
                    foxes.append(square)
        if len(foxes) != 1:
            raise ParseError(f"the board needs exactly one fox F, not {len(foxes)}")
        return Board(height, width, frozenset(geese), foxes[0])

    def format(self, board: Board) -> str:
        rows = []
        for row in range(board.height, 0, -1):
            rows.append("".join(
                "G" if (row, col) in board.geese else "F" if (row, col) == board.fox else "."
                for col in range(1, board.width + 1)))
        return "/".join(rows)

    def format_move(self, move: Move) -> str:
        assert isinstance(move, tuple)
        start, end = move
        return f"{square_name(start)}-{square_name(end)}"

    def moves(self, board: Board, player: Player) -> Iterator[tuple[Move, Board]]:
        """A goose steps to (row - 1, column +- 1); the fox to (row +- d, column +- d) for
        d up to ``fox_range``, over empty squares only."""
        if player is Player.LEFT:
            for goose in sorted(board.geese):
                for to in ((goose[0] - 1, goose[1] - 1), (goose[0] - 1, goose[1] + 1)):
                    if self._free(board, to):
                        yield (goose, to), board._replace(geese=board.geese - {goose} | {to})
        else:
            row, col = board.fox
            for up, right in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                for d in range(1, self.fox_range + 1):
                    to = (row + up * d, col + right * d)
                    if not self._free(board, to):
                        break
                    yield (board.fox, to), board._replace(fox=to)

    @staticmethod
    def _free(board: Board, square: Square) -> bool:
        row, col = square
        return (1 <= row <= board.height and 1 <= col <= board.width
                and square not in board.geese and square != board.fox)

    def settled(self, board: Board) -> Loopy | None:
        """``off`` for a fox who can never be trapped (see the module docstring)."""
        top = max((row for row, _ in board.geese), default=0)
        row = board.fox[0]
        if board.width >= 2 and (row >= top + 2 or (row == top + 1 and row < board.height)):
            return Loopy.off()
        return None

    def data(self, board: Board) -> dict[str, Any]:
        return {"height": board.height, "width": board.width,
                "geese": sorted(square_name(s) for s in board.geese),
                "fox": square_name(board.fox)}

    def render_svg(self, board: Board) -> str:
        """Dark squares grey; geese white and the fox red, each labelled with its square,
        the start of its moves' labels."""
        cell, margin = 30, 20
        body = []
        for row in range(board.height, 0, -1):
            for col in range(1, board.width + 1):
                x = margin + cell * (col - 1)
                y = margin + cell * (board.height - row)
                fill = "#9a9a9a" if (row + col) % 2 == 0 else PAPER
                body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                            f'fill="{fill}" stroke="{INK}"/>')
                square = (row, col)
                if square in board.geese or square == board.fox:
                    colour = PAPER if square in board.geese else "#c0392b"
                    ink = INK if square in board.geese else PAPER
                    body += clickable_circle(x + cell / 2, y + cell / 2, cell / 2 - 3,
                                             square_name(square), colour, ink=ink, size=10)
        for col in range(1, board.width + 1):
            body.append(text(margin + cell * (col - 0.5), margin / 2, chr(ord("a") + col - 1),
                             10))
        return svg_document(2 * margin + cell * board.width, 2 * margin + cell * board.height,
                            body, f"Fox and Geese {self.format(board)}")

    def random_position(self, rng: random.Random, size: int) -> Board:
        """A 4-wide board of ``size`` rows (at least 3) with two geese and the fox."""
        height = max(3, min(size, MAX_SIDE))
        dark = [(r, c) for r in range(1, height + 1) for c in range(1, 5) if (r + c) % 2 == 0]
        chosen = rng.sample(dark, 3)
        return Board(height, 4, frozenset(chosen[:2]), chosen[2])


@register
class CeyloneseFoxAndGeese(FoxAndGeese):
    name = "ceylonese-fox-and-geese"
    aliases = ("ceylonesefoxandgeese",)
    summary = ("Fox and Geese where the fox moves up to two squares diagonally in one "
               "direction, never over a piece; loopy.")
    citation = Citation("siegel-cgsuite-2023", locator="game.grid.CeyloneseFoxAndGeese")
    examples = ("G.G./..../F...", ".G.G/..../..../F...")
    fox_range = 2
