"""TOPPLING DOMINOES: topple a domino of your colour (or a green one) to the left or to the
right; it falls with every domino on that side of it in its row.

Albert, Nowakowski & Wolfe 2007, *Lessons in Play*; Fink, Nowakowski, Siegel & Wolfe 2015,
"Toppling conjectures" (*Games of No Chance 4*).  Left topples blue dominoes (``B``),
Right red ones (``R``), either player green ones (``G``).  CGSuite writes the colours
``l``, ``r``, ``e`` and cgt-tools ``x``, ``o``; both are read.  Rows are independent, so a
position is the sum of its rows; a row read backwards is the same game, and exchanging
blue and red gives the conjugate.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any, cast

from grundy.protocol import Citation, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.drawing import INK, spot, svg_document, text
from grundy.rulesets.hackenbush.hackenbush import COLOURS
from grundy.rulesets.registry import register

Rows = tuple[str, ...]
MAX_DOMINOES = 200
#: CGSuite's (l, r, e) and cgt-tools' (x, o) letters, upper-cased, as ours.
READ = str.maketrans("LEXO", "BGBR")
SWAP = str.maketrans("BR", "RB")


def row_key(row: str) -> str:
    """A row or the same row read backwards, whichever is less (the same game)."""
    return min(row, row[::-1])


@register
class TopplingDominoes(PartizanRuleset[Rows]):
    name = "toppling-dominoes"
    aliases = ("toppling",)
    summary = "Topple a domino of yours left or right: every domino on that side falls too."
    citation = Citation("fink-nowakowski-siegel-wolfe-2015", locator="§1")
    text_format = (
        "rows of dominoes left to right, B (blue, Left's), R (red, Right's), G (green, "
        "either's), joined by ',' (or '|'), e.g. BRRBB,GB ; CGSuite's l/r/e and cgt-tools' "
        "x/o are read too; a move is row,index:left or row,index:right"
    )
    examples = ("BRRBB", "BR", "BBRR,RB", "GBR", "BRGRB")

    def parse(self, text: str) -> Rows:
        rows = [row.strip() for row in text.upper().translate(READ).replace("|", ",").split(",")]
        if sum(map(len, rows)) > MAX_DOMINOES:
            raise ParseError(f"more than {MAX_DOMINOES} dominoes: write a smaller position")
        for index, row in enumerate(rows):
            bad = next((domino for domino in row if domino not in "BRG"), None)
            if bad is not None:
                raise ParseError(f"row {index} has {bad!r}: write dominoes as B (blue), "
                                 "R (red) or G (green), rows joined by ',', like BRRBB,GB")
        return tuple(row for row in rows if row)

    def format(self, position: Rows) -> str:
        return ",".join(position)

    def format_move(self, move: Move) -> str:
        row, index, way = cast(tuple[int, int, str], move)
        return f"{row},{index}:{way}"

    def moves(self, position: Rows, player: Player) -> Iterator[tuple[Move, Rows]]:
        """Topple domino ``index`` of row ``row`` towards ``way`` (label (row, index,
        way)): it and every domino on that side of it fall."""
        mine = "B" if player is Player.LEFT else "R"
        for r, row in enumerate(position):
            for i, domino in enumerate(row):
                if domino in (mine, "G"):
                    for way, rest in (("left", row[i + 1:]), ("right", row[:i])):
                        yield (r, i, way), position[:r] + (rest,) * bool(rest) + position[r + 1:]

    def components(self, position: Rows) -> Sequence[Rows]:
        """One row each."""
        return (position,) if len(position) == 1 else [(row,) for row in position]

    def key(self, position: Rows) -> Any:
        return self.signed_key(position)

    def signed_key(self, position: Rows) -> tuple[Any, bool]:
        """The rows each read the lesser way round, sorted; exchanging blue and red gives
        the conjugate."""
        own = tuple(sorted(map(row_key, position)))
        swapped = tuple(sorted(row_key(row.translate(SWAP)) for row in position))
        return (own, False) if own <= swapped else (swapped, True)

    def data(self, position: Rows) -> dict[str, Any]:
        return {"rows": list(position)}

    def render_svg(self, position: Rows) -> str:
        """Each row a line of standing dominoes in their colours; each domino is the
        play page's spot ``row,index``, where its two topples start."""
        width, height, gap, margin = 14, 36, 8, 20
        body = []
        for r, row in enumerate(position):
            y = margin + r * (height + 2 * gap)
            body.append(text(margin / 2, y + height / 2, str(r), 10))
            for i, domino in enumerate(row):
                x = margin + i * (width + gap)
                body.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="2" '
                            f'fill="{COLOURS[domino]}" stroke="{INK}" {spot(f"{r},{i}")}/>')
        columns = max(map(len, position), default=1)
        return svg_document(2 * margin + columns * (width + gap),
                            2 * margin + max(1, len(position)) * (height + 2 * gap), body,
                            f"Toppling Dominoes {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> Rows:
        """``size + 1`` dominoes in one or two rows, a fifth of them green."""
        dominoes = "".join(rng.choice("BBRRG") for _ in range(size + 1))
        cut = rng.randint(0, len(dominoes))
        return tuple(row for row in (dominoes[:cut], dominoes[cut:]) if row)

    def small_positions(self, size: int) -> Iterator[Rows]:
        """Every single row of ``size`` dominoes (3^size of them)."""
        return ((("".join(row),) if size else ()) for row in
                itertools.product("BRG", repeat=size))

    def count_small_positions(self, size: int) -> int:
        return int(3**size)
