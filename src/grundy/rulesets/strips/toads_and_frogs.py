"""TOADS AND FROGS: Left's toads move right, Right's frogs move left, one square into an
empty square or jumping one opposing piece into the empty square beyond.

Richard Guy's game from Winning Ways (Berlekamp, Conway & Guy 1982, vol. 1 ch. 1,
p. 14); Erickson 1996, "New Toads and Frogs results" (*Games of No Chance*, MSRI 29).
Written as in the literature and CGSuite: ``T`` a toad, ``F`` a frog, ``.`` an empty
square (Erickson's □).  Frogs at the left end and toads at the right end can never move,
and ``TTFF`` can never move and walls the strip in two (Erickson's simplification
rules), so those split a position into a sum.  Reversing the strip and exchanging toads
and frogs gives the conjugate.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import (
    GREEN,
    INK,
    PAPER,
    PURPLE,
    clickable_circle,
    svg_document,
    text,
)
from grundy.rulesets.registry import register

MAX_SQUARES = 200
CONJUGATE = str.maketrans("TF", "FT")


def _alive(strip: str) -> str:
    """The strip without the frogs at its left end and the toads at its right end."""
    return strip.lstrip("F").rstrip("T")


@register
class ToadsAndFrogs(PartizanRuleset[str]):
    name = "toads-and-frogs"
    aliases = ("toads",)
    summary = "Toads (Left) step or jump rightward, frogs (Right) leftward."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 1, p. 14")
    text_format = (
        "the strip left to right: 'T' a toad (Left's, moves right), 'F' a frog (Right's, "
        "moves left), '.' an empty square, e.g. TT.FF ; a move is the square of the piece"
    )
    examples: ClassVar[tuple[str, ...]] = ("T.F", "T.TF", "TT.FF", "TFT.F", "TTT.FF", "TTT..FFF")

    def parse(self, text: str) -> str:
        strip = text.strip().upper()
        if len(strip) > MAX_SQUARES:
            raise ParseError(f"the strip has {len(strip)} squares: at most {MAX_SQUARES}")
        bad = next((square for square in strip if square not in "TF."), None)
        if bad is not None:
            raise ParseError(f"square {bad!r}: write T (toad), F (frog) or . (empty), "
                             "like TT.FF")
        return strip

    def format(self, position: str) -> str:
        return position

    def moves(self, position: str, player: Player) -> Iterator[tuple[Move, str]]:
        """The piece on square i steps or jumps; the label is i."""
        mine, theirs, step = ("T", "F", 1) if player is Player.LEFT else ("F", "T", -1)
        squares = len(position)
        for i, piece in enumerate(position):
            if piece != mine:
                continue
            to = i + step
            if 0 <= to < squares and position[to] == theirs:
                to += step
            if 0 <= to < squares and position[to] == ".":
                cells = list(position)
                cells[i], cells[to] = ".", mine
                yield i, "".join(cells)

    def options(self, position: str, player: Player) -> Iterator[str]:
        return (_alive(child) for _, child in self.moves(position, player))

    def components(self, position: str) -> Sequence[str]:
        """The live parts between the walls that ``TTFF`` builds."""
        parts = [part for part in map(_alive, position.split("TTFF")) if part]
        if parts == [position]:
            return (position,)
        return parts

    def key(self, position: str) -> Any:
        return self.signed_key(position)

    def signed_key(self, position: str) -> tuple[str, bool]:
        """The live strip or its conjugate (reversed, toads and frogs exchanged),
        whichever is less."""
        strip = _alive(position)
        conjugate = strip[::-1].translate(CONJUGATE)
        return (strip, False) if strip <= conjugate else (conjugate, True)

    def data(self, position: str) -> dict[str, Any]:
        return {"squares": list(position)}

    def render_svg(self, position: str) -> str:
        """Toads green, frogs purple (T and F below), each piece labelled with its square,
        the move's label, so that the workbench plays a piece when it is clicked."""
        cell, margin = 28, 20
        body = []
        for i, square in enumerate(position):
            x = margin + cell * i
            body.append(text(x + cell / 2, margin / 2, str(i), 10))
            body.append(text(x + cell / 2, margin + cell + 10, square.strip("."), 10))
            body.append(f'<rect x="{x}" y="{margin}" width="{cell}" height="{cell}" '
                        f'fill="{PAPER}" stroke="{INK}"/>')
            if square != ".":
                fill = GREEN if square == "T" else PURPLE
                body += clickable_circle(x + cell / 2, margin + cell / 2, cell / 2 - 3, str(i),
                                         fill, ink=PAPER, size=12)
        return svg_document(2 * margin + cell * max(len(position), 1), 2 * margin + cell,
                            body, f"Toads and Frogs {position}")

    def random_position(self, rng: random.Random, size: int) -> str:
        """A strip of ``size + 1`` squares, each a toad, a frog or empty."""
        return "".join(rng.choice("TF.") for _ in range(size + 1))

    def small_positions(self, size: int) -> Iterator[str]:
        """Every strip of ``size`` squares (3^size of them)."""
        return ("".join(squares) for squares in itertools.product("TF.", repeat=size))

    def count_small_positions(self, size: int) -> int:
        return int(3**size)
