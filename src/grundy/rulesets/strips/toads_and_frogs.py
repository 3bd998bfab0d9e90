"""TOADS AND FROGS: Left's toads move right, Right's frogs move left, one square into an
empty square or jumping one opposing piece into the empty square beyond.

Richard Guy's game from Winning Ways (Berlekamp, Conway & Guy 1982, vol. 1 ch. 1,
p. 14); Erickson 1996, "New Toads and Frogs results" (*Games of No Chance*, MSRI 29).
Written as in the literature and CGSuite: ``T`` a toad, ``F`` a frog, ``.`` an empty
square (Erickson's □).  Frogs at the left end and toads at the right end can never move,
and ``TTFF`` can never move and walls the strip in two (Erickson's simplification
rules), so those split a position into a sum.  Reversing the strip and exchanging toads
and frogs gives the conjugate.

Variants change how far a piece goes, as CGSuite's generalized Toads and Frogs does: a
piece slides up to ``slide`` empty squares, or jumps a run of at most ``jump`` opposing
pieces onto the empty square beyond.  Elephants and Rhinos never jump (``jump`` 0), and
``toads-and-frogs(S,J)`` names the variant with slides up to S and jumps over up to J.
The walls are then ``J + 1`` toads facing ``J + 1`` frogs.
"""

from __future__ import annotations

import itertools
import random
import re
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
from grundy.rulesets.registry import register, register_family

MAX_SQUARES = 200
#: The longest slide or jump a variant may allow.
MAX_REACH = 50
CONJUGATE = str.maketrans("TF", "FT")


def _alive(strip: str) -> str:
    """The strip without the frogs at its left end and the toads at its right end."""
    return strip.lstrip("F").rstrip("T")


@register
class ToadsAndFrogs(PartizanRuleset[str]):
    name = "toads-and-frogs"
    aliases: ClassVar[tuple[str, ...]] = ("toads",)
    summary = "Toads (Left) step or jump rightward, frogs (Right) leftward."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 1, p. 14")
    text_format = (
        "the strip left to right: 'T' a toad (Left's, moves right), 'F' a frog (Right's, "
        "moves left), '.' an empty square, e.g. TT.FF ; a move is the square of the piece"
    )
    examples: ClassVar[tuple[str, ...]] = ("T.F", "T.TF", "TT.FF", "TFT.F", "TTT.FF",
                                           "TTT..FFF")

    def __init__(self, slide: int = 1, jump: int = 1) -> None:
        #: the most empty squares a piece slides, the most opposing pieces it jumps
        self.slide, self.jump = slide, jump
        self.wall = "T" * (jump + 1) + "F" * (jump + 1)

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

    def format_move(self, move: Move) -> str:
        return "{}>{}".format(*move) if isinstance(move, tuple) else str(move)

    def moves(self, position: str, player: Player) -> Iterator[tuple[Move, str]]:
        """The piece on square i steps or jumps to square j; the label is i, or (i, j)
        where a piece may slide more than one square."""
        mine, theirs, step = ("T", "F", 1) if player is Player.LEFT else ("F", "T", -1)
        for i, piece in enumerate(position):
            if piece != mine:
                continue
            for to in self.landings(position, i, theirs, step):
                cells = list(position)
                cells[i], cells[to] = ".", mine
                yield (i if self.slide == 1 else (i, to)), "".join(cells)

    def landings(self, strip: str, i: int, theirs: str, step: int) -> Iterator[int]:
        """Where the piece on square i may go: 1 to ``slide`` squares over empty ones, or
        over a run of 1 to ``jump`` opposing pieces onto the empty square after it."""
        inside = range(len(strip)).__contains__
        to = i + step
        for _ in range(self.slide):
            if not (inside(to) and strip[to] == "."):
                break
            yield to
            to += step
        run = 0
        while run <= self.jump and inside(i + (run + 1) * step) and \
                strip[i + (run + 1) * step] == theirs:
            run += 1
        to = i + (run + 1) * step
        if 0 < run <= self.jump and inside(to) and strip[to] == ".":
            yield to

    def options(self, position: str, player: Player) -> Iterator[str]:
        return (_alive(child) for _, child in self.moves(position, player))

    def components(self, position: str) -> Sequence[str]:
        """The live parts between the walls that ``TTFF`` builds (``jump + 1`` toads
        facing as many frogs)."""
        parts = [part for part in map(_alive, position.split(self.wall)) if part]
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
        title = self.name.replace("-", " ").capitalize()
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
                            body, f"{title} {position}")

    def random_position(self, rng: random.Random, size: int) -> str:
        """A strip of ``size + 1`` squares, each a toad, a frog or empty."""
        return "".join(rng.choice("TF.") for _ in range(size + 1))

    def small_positions(self, size: int) -> Iterator[str]:
        """Every strip of ``size`` squares (3^size of them)."""
        return ("".join(squares) for squares in itertools.product("TF.", repeat=size))

    def count_small_positions(self, size: int) -> int:
        return int(3**size)


@register
class ElephantsAndRhinos(ToadsAndFrogs):
    name = "elephants-and-rhinos"
    aliases = ()
    summary = "Elephants (Left) step rightward, rhinos (Right) leftward; nobody jumps."
    citation = Citation("albert-nowakowski-wolfe-2007", locator="Elephants and Rhinos")
    text_format = (
        "the strip left to right: 'T' an elephant (Left's, moves right), 'F' a rhino "
        "(Right's, moves left), '.' an empty square, e.g. TT.F.F ; a move is the square of "
        "the piece"
    )
    examples = ("T.F", "TT..F", "T.T.FF", "TT.TF..F")

    def __init__(self) -> None:
        super().__init__(jump=0)


def parse_family(name: str) -> ToadsAndFrogs | None:
    """``toads-and-frogs(S,J)``: pieces slide up to S squares and jump up to J pieces."""
    match = re.fullmatch(r"toads-and-frogs\((\d{1,3}),(\d{1,3})\)", name)
    if match is None:
        return None
    slide, jump = int(match.group(1)), int(match.group(2))
    if not (1 <= slide <= MAX_REACH and jump <= MAX_REACH):
        raise ParseError(f"toads-and-frogs(S,J) slides 1 to {MAX_REACH} squares and jumps 0 "
                         f"to {MAX_REACH} pieces, not {slide} and {jump}")
    ruleset = ToadsAndFrogs(slide, jump)
    ruleset.name = f"toads-and-frogs({slide},{jump})"  # type: ignore[misc]
    return ruleset


register_family(parse_family)
