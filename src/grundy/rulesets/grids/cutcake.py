"""CUTCAKE: Left cuts a piece of cake along a vertical line, Right along a horizontal one.

Winning Ways (Berlekamp, Conway & Guy 1982, vol. 1 ch. 2, "Cutcake"): a cake is a
rectangle of unit squares; Left's cut splits an R-by-C piece into R-by-a and R-by-(C-a),
Right's into a-by-C and (R-a)-by-C; who cannot cut loses.  Every value is an integer,
which the closed form below gives (and the tests check against the search).  Pieces are
independent; turning a piece a quarter turn gives its conjugate.  As in CGSuite, whose
cakes are games on pairs of heaps, a side may be 0: an R-by-0 piece is Right's alone.

The other cakes of Winning Ways change what a player does to the side they act on, as
CGSuite's generalized Cutcake does (a heap game on each side): in Maundy Cake a player
divides a piece into two or more equal parts; in Eatcake a player eats a whole column
(Left) or row (Right), leaving the parts on either side; Turn-and-Eatcake is Eatcake with
each part turned a quarter turn after the move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, cast

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
    when i = j (Winning Ways vol. 1 ch. 2, the Cutcake table).  A side of 0 leaves the
    other player R - 1 (or C - 1) cuts."""
    if not rows or not columns:
        return max(columns - 1, 0) - max(rows - 1, 0)
    i, j = columns.bit_length() - 1, rows.bit_length() - 1
    if i > j:
        return (columns >> j) - 1
    if j > i:
        return 1 - (rows >> i)
    return 0


class CakeRuleset(PartizanRuleset[Cake]):
    """Cakes of rectangular pieces: Left acts on a piece's columns, Right on its rows,
    each as ``cuts`` allows; what differs between the cakes is ``cuts`` and ``turned``."""

    #: Each part is turned a quarter turn after the move (Turn-and-Eatcake).
    turned: ClassVar[bool] = False

    def cuts(self, length: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """The ways a side of ``length`` units may become parts: (the move's number,
        the parts' lengths)."""
        raise NotImplementedError

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
            if r > MAX_SIDE or c > MAX_SIDE:
                raise ParseError(f"piece {index} is {item!r}: sides run from 0 to {MAX_SIDE}")
            pieces.append((r, c))
        return tuple(sorted(pieces))

    def format(self, position: Cake) -> str:
        return "+".join(f"{r}x{c}" for r, c in position)

    def format_move(self, move: Move) -> str:
        index, way, at = cast(tuple[int, str, int], move)
        return f"{index},{way},{at}"

    def moves(self, position: Cake, player: Player) -> Iterator[tuple[Move, Cake]]:
        """Left acts on piece i's columns (label (i, "v", k), k the cut's number),
        Right on its rows ((i, "h", k)); the parts replace the piece, turned where the
        game turns them.  Pieces are kept sorted, so equal cakes are equal tuples."""
        for index, piece in enumerate(position):
            rest = position[:index] + position[index + 1:]
            rows, columns = piece[::-1] if self.turned else piece
            if player is Player.LEFT:
                for k, parts in self.cuts(columns):
                    yield (index, "v", k), tuple(sorted((*rest, *((rows, p) for p in parts))))
            else:
                for k, parts in self.cuts(rows):
                    yield (index, "h", k), tuple(sorted((*rest, *((p, columns) for p in parts))))

    def components(self, position: Cake) -> Sequence[Cake]:
        """One piece each; pieces nobody can act on are dead."""
        live = [piece for piece in position
                if any(self.cuts(piece[0])) or any(self.cuts(piece[1]))]
        if len(position) == 1 and live:
            return (position,)
        return [(piece,) for piece in live]

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
        title = self.name.replace("-", " ").capitalize()
        return svg_document(max(x - gap + margin, 2 * margin), height, body,
                            f"{title} {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Cake:
        """``1 + size // 6`` pieces, sides up to ``1 + size // 2`` between them."""
        count = 1 + size // 6
        side = 1 + size // (2 * count)
        return tuple(sorted((rng.randint(1, side), rng.randint(1, side))
                            for _ in range(count)))


@register
class Cutcake(CakeRuleset):
    name = "cutcake"
    summary = "Cut one piece of cake in two: Left along a vertical line, Right horizontally."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 2")
    text_format = (
        "pieces RxC (rows by columns) joined by '+', e.g. 1x4+2x3 (kept sorted); Left cuts "
        "vertically (a move i,v,a leaves a columns on the left of piece i), Right "
        "horizontally (i,h,a)"
    )
    examples = ("2x3", "1x4", "4x3", "2x5+3x2", "8x8")

    def cuts(self, length: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Two parts, a and length - a."""
        return ((a, (a, length - a)) for a in range(1, length))

    def fast_value(self, position: Cake) -> Game | None:
        return Game.integer(sum(cutcake_value(*piece) for piece in position))


@register
class MaundyCake(CakeRuleset):
    name = "maundy-cake"
    aliases = ("maundycake",)
    summary = "Divide one piece into equal parts: Left by vertical cuts, Right by horizontal ones."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 2, Maundy Cake")
    text_format = (
        "pieces RxC (rows by columns) joined by '+', e.g. 3x8 (kept sorted); Left divides "
        "a piece's columns into k equal parts (a move i,v,k), Right its rows (i,h,k)"
    )
    examples = ("2x6", "3x8", "4x6+2x3", "8x8")

    def cuts(self, length: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """k equal parts, for each k > 1 dividing the length."""
        return ((k, (length // k,) * k) for k in range(2, length + 1) if length % k == 0)


@register
class Eatcake(CakeRuleset):
    name = "eatcake"
    summary = "Eat a whole column (Left) or row (Right) of one piece, leaving the parts beside it."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 8, Eatcake")
    text_format = (
        "pieces RxC (rows by columns) joined by '+', e.g. 2x3+1x4 (kept sorted); Left eats "
        "column k of piece i (a move i,v,k, counted from 0), Right row k (i,h,k)"
    )
    examples = ("2x3", "1x4", "3x3", "2x2+1x3", "4x4")

    def cuts(self, length: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """The parts before and after the unit eaten (empty parts vanish)."""
        return ((k, tuple(part for part in (k, length - 1 - k) if part))
                for k in range(length))


@register
class TurnAndEatcake(Eatcake):
    name = "turn-and-eatcake"
    aliases = ("turnandeatcake",)
    summary = "Eatcake, each part left turned a quarter turn after the move."
    citation = Citation("berlekamp-conway-guy-1982", locator="vol. 1, ch. 8, Turn-and-Eatcake")
    text_format = (
        "pieces RxC (rows by columns) joined by '+', e.g. 2x3 (kept sorted); Left eats a "
        "row of piece i (a move i,v,k, counted from 0) and Right a column (i,h,k), and "
        "every part left is turned a quarter turn"
    )
    examples = ("2x3", "1x2", "3x3", "2x2+1x3", "3x5")
    turned = True
