"""CUTCAKE: Left cuts a piece of cake along a vertical line, Right along a horizontal one.

Winning Ways (Berlekamp, Conway & Guy 1982, vol. 1 ch. 2, "Cutcake"): a cake is a
rectangle of unit squares; Left's cut splits an R-by-C piece into R-by-a and R-by-(C-a),
Right's into a-by-C and (R-a)-by-C; who cannot cut loses.  Every value is an integer,
which the closed form below gives (and the tests check against the search).  Pieces are
independent; turning a piece a quarter turn gives its conjugate.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import GREEN, INK, spot, svg_document, text
from grundy.rulesets.registry import register
from grundy.values.game import Game

Piece = tuple[int, int]
Cake = tuple[Piece, ...]
#: The largest side a piece may have (larger cakes have values by the closed form, but
#: their move lists would be huge).
MAX_SIDE = 10_000
MAX_PIECES = 64


def cutcake_value(rows: int, columns: int) -> int:
    """The value of an R-by-C piece: with 2^i ≤ C < 2^(i+1) and 2^j ≤ R < 2^(j+1), it is
    ⌊C / 2^j⌋ - 1 when i > j (Left's long cake), -(⌊R / 2^i⌋ - 1) when j > i, and 0
    when i = j (Winning Ways vol. 1 ch. 2, the Cutcake table)."""
    i, j = columns.bit_length() - 1, rows.bit_length() - 1
    if i > j:
        return (columns >> j) - 1
    if j > i:
        return 1 - (rows >> i)
    return 0


@register
class Cutcake(PartizanRuleset[Cake]):
    name = "cutcake"
    summary = "Cut one piece of cake in two: Left along a vertical line, Right horizontally."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 2")
    text_format = (
        "pieces RxC (rows by columns) joined by '+', e.g. 1x4+2x3 (kept sorted); Left cuts "
        "vertically (a move i,v,a leaves a columns on the left of piece i), Right "
        "horizontally (i,h,a)"
    )
    examples = ("2x3", "1x4", "4x3", "2x5+3x2", "8x8")

    def parse(self, text: str) -> Cake:
        if text.count("+") >= MAX_PIECES:
            raise ParseError(f"a cake has at most {MAX_PIECES} pieces")
        pieces = []
        for index, item in enumerate(filter(None, (p.strip() for p in text.split("+")))):
            rows, times, columns = item.lower().partition("x")
            if not (times and rows.strip().isdigit() and columns.strip().isdigit()):
                raise ParseError(f"piece {index} is {item!r}: write pieces as RxC joined by "
                                 "'+', like 2x3+1x4")
            if len(rows.strip()) > 5 or len(columns.strip()) > 5:
                raise ParseError(f"piece {index} is {item!r}: sides are at most {MAX_SIDE}")
            r, c = int(rows), int(columns)
            if not 0 < r <= MAX_SIDE or not 0 < c <= MAX_SIDE:
                raise ParseError(f"piece {index} is {item!r}: sides run from 1 to {MAX_SIDE}")
            pieces.append((r, c))
        return tuple(sorted(pieces))

    def format(self, position: Cake) -> str:
        return "+".join(f"{r}x{c}" for r, c in position)

    def format_move(self, move: Move) -> str:
        index, way, at = cast(tuple[int, str, int], move)
        return f"{index},{way},{at}"

    def moves(self, position: Cake, player: Player) -> Iterator[tuple[Move, Cake]]:
        """Cut piece i after its first a columns (Left, label (i, "v", a)) or rows
        (Right, (i, "h", a)).  Pieces are kept sorted, so equal cakes are equal tuples."""
        for index, (rows, columns) in enumerate(position):
            rest = position[:index] + position[index + 1:]
            if player is Player.LEFT:
                for a in range(1, columns):
                    yield (index, "v", a), tuple(sorted((*rest, (rows, a), (rows, columns - a))))
            else:
                for a in range(1, rows):
                    yield (index, "h", a), tuple(sorted((*rest, (a, columns), (rows - a, columns))))

    def components(self, position: Cake) -> Sequence[Cake]:
        """One piece each; unit squares are dead."""
        live = [piece for piece in position if piece != (1, 1)]
        if len(position) == 1 and live:
            return (position,)
        return [(piece,) for piece in live]

    def fast_value(self, position: Cake) -> Game | None:
        return Game.integer(sum(cutcake_value(*piece) for piece in position))

    def signed_key(self, position: Cake) -> tuple[Any, bool]:
        """The pieces, or those of the quarter-turned cake (the conjugate)."""
        turned = tuple(sorted((c, r) for r, c in position))
        return (position, False) if position <= turned else (turned, True)

    def data(self, position: Cake) -> dict[str, Any]:
        return {"pieces": [list(piece) for piece in position]}

    def render_svg(self, position: Cake) -> str:
        unit, gap, margin = 16, 16, 20
        body, x = [], margin
        height = 2 * margin + unit * max((r for r, _ in position), default=1)
        for index, (rows, columns) in enumerate(position):
            body.append(text(x + unit * columns / 2, margin / 2, str(index), 10))
            for r in range(rows):
                for c in range(columns):
                    body.append(f'<rect x="{x + unit * c}" y="{margin + unit * r}" '
                                f'width="{unit}" height="{unit}" fill="{GREEN}" '
                                f'stroke="{INK}" stroke-width="0.5" {spot(str(index))}/>')
            x += unit * columns + gap
        return svg_document(max(x - gap + margin, 2 * margin), height, body,
                            f"Cutcake {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Cake:
        """``1 + size // 6`` pieces, sides up to ``1 + size // 2`` between them."""
        count = 1 + size // 6
        side = 1 + size // (2 * count)
        return tuple(sorted((rng.randint(1, side), rng.randint(1, side))
                            for _ in range(count)))
