"""HEX on an n×n rhombus (seed 004, ``004_d08755248cee49c5.txt`` §3.1, L402-411).

Two players, Red and Blue, take turns painting an uncoloured hexagon their colour;
Red wants a red path joining the top and bottom sides, Blue a blue path joining the
left and right sides.  Exactly one player connects on a full board (the Hex Theorem,
L411).  Red is Left, Blue is Right.

As a normal-play game: a position where someone has connected is over (nobody can
move), so the player who connected made the last move and wins -- the same winner
as Hex.  Cell (r, c) is bit r·n + c; its neighbours are (r, c±1), (r±1, c),
(r−1, c+1) and (r+1, c−1).

Symmetries used by the key: the half turn (r, c) → (n−1−r, n−1−c) keeps both
players' sides; the transpose (r, c) → (c, r) with the colours exchanged is the
conjugate game (Red and Blue exchanged), so its value is the negative.

Who wins comes from ``hex_solver`` (proof-number search with fill-in and virtual
connections, native) or, without the native kernels, ``hex_search`` (a win/loss search
that fills dead cells and captured pairs first), so tools show Hex outcomes, not canonical
forms (``outcomes_only``); the game tree here stays the definition it is tested against.

Text format: rows top to bottom joined by ``/``, ``.`` empty, ``R`` red, ``B`` blue
(``NxN`` or ``N`` for the empty board), e.g. ``R../.B./...``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple, cast

from grundy.protocol import (
    Citation,
    GrundyError,
    Key,
    Move,
    ParseError,
    PartizanRuleset,
    Player,
)
from grundy.rulesets.drawing import INK, spot, svg_document, text
from grundy.rulesets.grids.board import cell_name
from grundy.rulesets.registry import register

#: Largest board side accepted by the parser.
MAX_SIDE = 11
RED, BLUE, EMPTY = "#c0392b", "#2e6fd1", "#f4f1e8"


class HexBoard(NamedTuple):
    """An n×n rhombus; ``red`` and ``blue`` are bitmasks of the painted cells."""

    n: int
    red: int
    blue: int


@functools.lru_cache(maxsize=32)
def neighbours(n: int) -> tuple[int, ...]:
    """For each cell, the bitmask of its (up to six) neighbours."""
    found = []
    for r in range(n):
        for c in range(n):
            mask = 0
            for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    mask |= 1 << ((r + dr) * n + c + dc)
            found.append(mask)
    return tuple(found)


@functools.lru_cache(maxsize=32)
def sides(n: int) -> tuple[int, int, int, int]:
    """Top row, bottom row, left column, right column."""
    top = (1 << n) - 1
    left = sum(1 << (r * n) for r in range(n))
    return top, top << (n * (n - 1)), left, left << (n - 1)


def spread(stones: int, start: int, n: int) -> int:
    """The cells of ``stones`` connected to ``start`` (a subset of them)."""
    around = neighbours(n)
    seen = frontier = start & stones
    while frontier:
        grown = 0
        rest = frontier
        while rest:
            low = rest & -rest
            grown |= around[low.bit_length() - 1]
            rest ^= low
        frontier = grown & stones & ~seen
        seen |= frontier
    return seen


def connected(board: HexBoard, player: Player) -> bool:
    """Has Red (Left) joined top and bottom, or Blue (Right) left and right?"""
    top, bottom, left, right = sides(board.n)
    if player is Player.LEFT:
        return bool(spread(board.red, top, board.n) & bottom)
    return bool(spread(board.blue, left, board.n) & right)


def transform(mask: int, n: int, cell_map: tuple[int, ...]) -> int:
    result = 0
    while mask:
        low = mask & -mask
        result |= 1 << cell_map[low.bit_length() - 1]
        mask ^= low
    return result


@functools.lru_cache(maxsize=32)
def _maps(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cell maps of the half turn and of the transpose."""
    turn = tuple(n * n - 1 - i for i in range(n * n))
    transpose = tuple((i % n) * n + i // n for i in range(n * n))
    return turn, transpose


@register
class Hex(PartizanRuleset[HexBoard]):
    name = "hex"
    summary = "Red (Left) joins top and bottom, Blue (Right) left and right, one hexagon a turn."
    citation = Citation("004_d08755248cee49c5.txt", "L402-411", "Hex, §3.1")
    text_format = ("rows top to bottom joined by '/', '.' empty, 'R' red (Left, joins top and "
                   "bottom), 'B' blue (Right, joins left and right); N or NxN for an empty "
                   f"board (N ≤ {MAX_SIDE}), e.g. R../.B./...")
    examples = ("3", "R../.B./...", "4")

    def parse(self, text: str) -> HexBoard:
        text = text.strip()
        side, times, again = text.partition("x")
        if side.isdigit() and (not times or again == side):
            n = int(side)
            if not 1 <= n <= MAX_SIDE:
                raise ParseError(f"board side {n}: give 1 to {MAX_SIDE}")
            return HexBoard(n, 0, 0)
        rows = [row.strip() for row in text.split("/")]
        n = len(rows)
        if n > MAX_SIDE:
            raise ParseError(f"{n} rows: at most {MAX_SIDE}")
        red = blue = 0
        for r, row in enumerate(rows):
            if len(row) != n:
                raise ParseError(f"row {r} has {len(row)} cells but the board has {n} rows: "
                                 "a Hex board is square, like R../.B./...")
            for c, cell in enumerate(row):
                if cell not in ".RB":
                    raise ParseError(f"cell {cell!r} in row {r}: use '.', 'R' or 'B'")
                red |= (cell == "R") << (r * n + c)
                blue |= (cell == "B") << (r * n + c)
        return HexBoard(n, red, blue)

    def format(self, position: HexBoard) -> str:
        if not position.red | position.blue:
            return str(position.n)
        n = position.n
        return "/".join("".join("R" if position.red >> (r * n + c) & 1 else
                                "B" if position.blue >> (r * n + c) & 1 else "."
                                for c in range(n)) for r in range(n))

    def format_move(self, move: Move) -> str:
        """The cell's name on the board: column letter, row number from the top (a1)."""
        row, column = cast(tuple[int, int], move)
        return cell_name(row, column)

    def moves(self, position: HexBoard, player: Player) -> Iterator[tuple[Move, HexBoard]]:
        """Paint an empty cell (label ``(row, column)``); none once someone has connected."""
        n, red, blue = position
        if connected(position, Player.LEFT) or connected(position, Player.RIGHT):
            return
        empty = ((1 << n * n) - 1) & ~(red | blue)
        for cell in range(n * n):
            if empty >> cell & 1:
                bit = 1 << cell
                yield (cell // n, cell % n), (HexBoard(n, red | bit, blue)
                                              if player is Player.LEFT
                                              else HexBoard(n, red, blue | bit))

    outcomes_only = True
    #: Most boards one side's search keeps between calls before its table is dropped.
    MAX_TABLE: ClassVar[int] = 2_000_000

    def own_wins_first(self, position: HexBoard, player: Player, budget: Any) -> bool | None:
        """The Hex solver (``hex_solver.HexSolver``: proof-number search with fill-in and
        virtual connections) where the native kernels are built, else the win/loss search
        with dead and captured cells filled in (``hex_search.HexSearch``); one per board
        side, its table kept between calls so a game reuses it."""
        from grundy.rulesets.grids.hex_search import HexSearch  # they import this module
        from grundy.rulesets.grids.hex_solver import HexSolver

        searches: dict[int, HexSearch | HexSolver] = self.__dict__.setdefault("_searches", {})
        search = searches.get(position.n)
        if search is None or len(search) > self.MAX_TABLE:
            try:
                search = searches[position.n] = HexSolver(position.n)
            except GrundyError:  # no native kernels
                search = searches[position.n] = HexSearch(position.n)
        search.budget = budget
        return search.wins(position.red, position.blue, player is Player.LEFT)

    def key(self, position: HexBoard) -> Key:
        """The least of the board and its half turn."""
        turn, _ = _maps(position.n)
        n, red, blue = position
        return min((n, red, blue), (n, transform(red, n, turn), transform(blue, n, turn)))

    def signed_key(self, position: HexBoard) -> tuple[Key, bool]:
        """The transpose with colours exchanged is the conjugate: key the lesser of the
        two, and say whether it was the conjugate."""
        n = position.n
        _, transpose = _maps(n)
        conjugate = HexBoard(n, transform(position.blue, n, transpose),
                             transform(position.red, n, transpose))
        mine, theirs = self.key(position), self.key(conjugate)
        return (mine, False) if mine <= theirs else (theirs, True)  # type: ignore[operator]

    def data(self, position: HexBoard) -> dict[str, Any]:
        return {"side": position.n, "rows": self.format(position).split("/")
                if position.red | position.blue else ["." * position.n] * position.n}

    def render_text(self, position: HexBoard) -> str:
        rows = self.data(position)["rows"]
        return "\n".join(" " * r + " ".join(row) for r, row in enumerate(rows))

    def render_svg(self, position: HexBoard) -> str:
        """Pointy-top hexagons, each row shifted half a cell right; red bars above and
        below, blue bars left and right."""
        n, size = position.n, 18.0
        w, h = size * 3**0.5, size * 1.5
        body = []
        for r in range(n):
            for c in range(n):
                x, y = 30 + w * (c + r / 2) + w / 2, 30 + h * r + size
                corners = " ".join(
                    f"{x + size * dx:.1f},{y + size * dy:.1f}"
                    for dx, dy in ((0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1),
                                   (-0.866, 0.5), (-0.866, -0.5)))
                bit = 1 << (r * n + c)
                fill = RED if position.red & bit else BLUE if position.blue & bit else EMPTY
                body.append(f'<polygon points="{corners}" fill="{fill}" stroke="{INK}" '
                            f'{spot(cell_name(r, c))}/>')
                body.append(text(x, y, cell_name(r, c), 7,
                                 "#ffffff" if fill != EMPTY else INK))
        right = 30 + w * (n - 1 + (n - 1) / 2) + w
        bottom = 30 + h * (n - 1) + 2 * size
        body += [
            f'<line x1="30" y1="22" x2="{30 + w * n:.1f}" y2="22" stroke="{RED}" '
            'stroke-width="5"/>',
            f'<line x1="{30 + w * (n - 1) / 2:.1f}" y1="{bottom + 8:.1f}" x2="{right:.1f}" '
            f'y2="{bottom + 8:.1f}" stroke="{RED}" stroke-width="5"/>',
            f'<line x1="22" y1="30" x2="{22 + w * (n - 1) / 2:.1f}" y2="{bottom:.1f}" '
            f'stroke="{BLUE}" stroke-width="5"/>',
            f'<line x1="{38 + w * n:.1f}" y1="30" x2="{right + 8:.1f}" y2="{bottom:.1f}" '
            f'stroke="{BLUE}" stroke-width="5"/>',
        ]
        return svg_document(right + 40, bottom + 30, body, f"Hex {self.format(position)}")

    def random_position(self, rng: random.Random, size: int) -> HexBoard:
        """A board of side 1-3 (``size`` caps it) with a few stones and no connection yet."""
        n = rng.randint(1, max(1, min(3, size)))
        board = HexBoard(n, 0, 0)
        for cell in rng.sample(range(n * n), rng.randint(0, n * n // 2)):
            grown = (board._replace(red=board.red | 1 << cell) if rng.random() < 0.5
                     else board._replace(blue=board.blue | 1 << cell))
            if not (connected(grown, Player.LEFT) or connected(grown, Player.RIGHT)):
                board = grown
        return board
