"""Boards of black and white stones, shared by Clobber, Konane and Amazons.

As in CGSuite, ``x`` is a black stone (Left's), ``o`` a white stone (Right's), ``.``
an empty cell and ``#`` a cell out of play; rows are joined by ``/`` (CGSuite's ``|``
is read too).  The three games' rules are the same for both colours and for every
rotation and reflection of the board, so a position's key is the least of its eight
images, and the board with the colours exchanged is its conjugate (the negative).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, NamedTuple

from grundy import _native
from grundy.protocol import ParseError, PartizanRuleset
from grundy.rulesets.drawing import INK, PAPER, spot, svg_document, text
from grundy.search.partizan import games_from_closure
from grundy.values import Game

#: The largest board parsed: rows * columns.
MAX_CELLS = 400
SWAP = str.maketrans("xo", "ox")
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING = (*ORTHOGONAL, *DIAGONAL)


class Stones(NamedTuple):
    """A ``rows`` by ``columns`` board; ``cells[r * columns + c]`` is cell (r, c)."""

    rows: int
    columns: int
    cells: str

    def at(self, r: int, c: int) -> str:
        """The cell (r, c), ``#`` off the board."""
        if 0 <= r < self.rows and 0 <= c < self.columns:
            return self.cells[r * self.columns + c]
        return "#"


@functools.lru_cache(maxsize=256)
def rays(rows: int, columns: int, steps: tuple[tuple[int, int], ...]
         ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell (by index), the cells along each of ``steps`` from it to the edge."""
    found = []
    for index in range(rows * columns):
        r, c = divmod(index, columns)
        lines = []
        for dr, dc in steps:
            line = []
            k = 1
            while 0 <= r + k * dr < rows and 0 <= c + k * dc < columns:
                line.append((r + k * dr) * columns + c + k * dc)
                k += 1
            if line:
                lines.append(tuple(line))
        found.append(tuple(lines))
    return tuple(found)


def parse_stones(text: str, allowed: str, game: str) -> Stones:
    """Rows of the ``allowed`` cell letters joined by ``/`` or ``|``; sizes are checked
    before the board is built."""
    lines = [line.strip() for line in text.strip().replace("|", "/").split("/")]
    if lines == [""]:
        return Stones(0, 0, "")
    if len(lines) * max(map(len, lines)) > MAX_CELLS:
        raise ParseError(f"the board has more than {MAX_CELLS} cells: {game} boards must be "
                         "smaller")
    for r, line in enumerate(lines):
        if len(line) != len(lines[0]):
            raise ParseError(f"row {r} has {len(line)} cells but row 0 has {len(lines[0])}: "
                             "every row needs the same length")
        bad = next((cell for cell in line if cell not in allowed), None)
        if bad is not None:
            names = ", ".join(f"'{cell}'" for cell in allowed)
            raise ParseError(f"row {r} has {bad!r}: {game} cells are {names}, rows joined "
                             "by '/'")
    return Stones(len(lines), len(lines[0]), "".join(lines))


def format_stones(position: Stones) -> str:
    w = position.columns
    return "/".join(position.cells[r * w:(r + 1) * w] for r in range(position.rows))


def symmetry_images(position: Stones) -> Iterator[tuple[int, int, str]]:
    """The board under the eight symmetries of the rectangle: the four that keep rows
    as rows, then the four that transpose the board."""
    rows, w, cells = position
    grid = [cells[r * w:(r + 1) * w] for r in range(rows)]
    for turned in (grid, ["".join(column) for column in zip(*grid, strict=True)] if grid
                   else []):
        for flipped in (turned, turned[::-1]):
            for line in (flipped, [row[::-1] for row in flipped]):
                yield len(line), len(line[0]) if line else 0, "".join(line)


def crop(position: Stones, void: str) -> Stones:
    """The board cut down to the bounding box of the cells not in ``void``."""
    w, cells = position.columns, position.cells
    used = [i for i, cell in enumerate(cells) if cell not in void]
    if not used:
        return Stones(0, 0, "")
    top, bottom = used[0] // w, used[-1] // w
    left = min(i % w for i in used)
    right = max(i % w for i in used)
    return Stones(bottom - top + 1, right - left + 1, "".join(
        cells[r * w + left:r * w + right + 1] for r in range(top, bottom + 1)))


def signed_stones_key(position: Stones, void: str) -> tuple[tuple[int, int, str], bool]:
    """The least image of the cropped board and of its colour-swapped conjugate, and
    whether the least is the conjugate's."""
    images = list(symmetry_images(crop(position, void)))
    own = min(images)
    swapped = min((rows, columns, cells.translate(SWAP)) for rows, columns, cells in images)
    return (own, False) if own <= swapped else (swapped, True)


def groups(position: Stones, joins: Callable[[str], bool],
           steps: tuple[tuple[int, int], ...]) -> list[set[tuple[int, int]]]:
    """The connected groups of cells for which ``joins`` holds, neighbours by ``steps``."""
    seen: set[tuple[int, int]] = set()
    found = []
    for index, cell in enumerate(position.cells):
        start = divmod(index, position.columns)
        if not joins(cell) or start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            r, c = frontier.pop()
            for dr, dc in steps:
                near = (r + dr, c + dc)
                if near not in group and joins(position.at(*near)):
                    group.add(near)
                    frontier.append(near)
        seen |= group
        found.append(group)
    return found


def keep_only(position: Stones, cells: set[tuple[int, int]], blank: str) -> Stones:
    """The board with every cell outside ``cells`` made ``blank``."""
    w = position.columns
    return position._replace(cells="".join(
        cell if divmod(i, w) in cells else blank for i, cell in enumerate(position.cells)))


def stones_svg(position: Stones, title: str, cell: int = 28) -> str:
    """Squares (dark for ``#``) with black and white stones, columns and rows numbered;
    each stone is the play page's ``spot`` ``r,c``, where its moves start."""
    margin = 20
    body = [text(margin + cell * c + cell / 2, margin / 2, str(c), 10)
            for c in range(position.columns)]
    body += [text(margin / 2, margin + cell * r + cell / 2, str(r), 10)
             for r in range(position.rows)]
    for index, mark in enumerate(position.cells):
        r, c = divmod(index, position.columns)
        x, y = margin + cell * c, margin + cell * r
        shade = "#555555" if mark == "#" else "#e8d7a8" if (r + c) % 2 else "#f3e8c8"
        body.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{shade}" '
                    f'stroke="{PAPER}"/>')
        if mark in "xo":
            fill = INK if mark == "x" else PAPER
            body.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 2 - 4}" '
                        f'fill="{fill}" stroke="{INK}" stroke-width="1.5" {spot(f"{r},{c}")}/>')
    return svg_document(2 * margin + cell * position.columns,
                        2 * margin + cell * position.rows, body, title)


class StonesKernel:
    """A native search of boards of stones (``grundy._native.Konane``, ``Amazons``,
    ``Fission``, ``SkiJumps`` or ``Clobber``), values in its own store of canonical games
    kept between calls.  The board goes to it as bitmasks, one per entry of ``letters``
    (bit ``r * columns + c`` set when cell (r, c) holds one of those letters)."""

    def __init__(self, game: _native.Konane | _native.Amazons | _native.Fission
                 | _native.SkiJumps | _native.Clobber, max_cells: int,
                 letters: tuple[str, ...]) -> None:
        self.game, self.max_cells, self.letters = game, max_cells, letters
        #: ``game.value`` (height, width, one mask per entry of ``letters``, budgets)
        self.search: Callable[..., tuple[int | None, int]] = game.value
        self.limit = f"boards of at most {max_cells} cells"
        #: native id -> the same game as a Game
        self.games: dict[int, Game] = {}

    def fits(self, position: Stones) -> bool:
        return position.rows * position.columns <= self.max_cells

    def value(
        self, position: Stones, max_nodes: int | None, max_seconds: float | None
    ) -> tuple[Game | None, int]:
        masks = [sum(1 << i for i, cell in enumerate(position.cells) if cell in letters)
                 for letters in self.letters]
        root, nodes = self.search(position.rows, position.columns, *masks, max_nodes,
                                  max_seconds)
        if root is None:
            return None, nodes
        if root not in self.games:
            games_from_closure(self.game.closure(root), self.games)
        return self.games[root], nodes


class StonesRuleset(PartizanRuleset[Stones]):
    """What the games on boards of stones share: the text format, the keys under the
    eight symmetries with the colours exchanged as the conjugate, and the pictures.
    A game gives its name, the cells it allows and the cells its keys may crop."""

    #: The cell letters the game's boards may hold.
    allowed: ClassVar[str] = "xo."
    #: Cells that can never matter again, cropped from the key's board.
    void: ClassVar[str] = "."

    def parse(self, text: str) -> Stones:
        return parse_stones(text, self.allowed, self.name.capitalize())

    def format(self, position: Stones) -> str:
        return format_stones(position)

    def key(self, position: Stones) -> Any:
        return self.signed_key(position)

    def signed_key(self, position: Stones) -> tuple[Any, bool]:
        """The cropped board's least image under the eight symmetries; exchanging the
        colours gives the conjugate."""
        return signed_stones_key(position, self.void)

    def data(self, position: Stones) -> dict[str, Any]:
        return {"rows": self.format(position).split("/") if position.rows else []}

    def render_text(self, position: Stones) -> str:
        return self.format(position).replace("/", "\n")

    def render_svg(self, position: Stones) -> str:
        return stones_svg(position, f"{self.name.capitalize()} {self.format(position)}")
