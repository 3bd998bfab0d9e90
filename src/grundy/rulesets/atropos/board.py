"""The Atropos board: a "hollow" Sperner triangle of size n (seed 004).

Seed ``004_d08755248cee49c5.txt`` L417-426 (board, bad triangle), L1337-1350 (border
colouring); coordinates as reconstructed in the reading notes
(``shared/notes/burke-thesis.md`` §1).  Rows j = 0..n+1 count from the bottom,
column i from the left.  Open circles (j, i): 1 ≤ j ≤ n, 1 ≤ i ≤ n−j+1, so n(n+1)/2
of them.  Border circles: bottom (0, i), i = 1..n+1, red if i is odd else blue;
left (j, 0), j = 1..n+1, green if j is odd else red; right (j, n−j+2), j = 1..n+1,
blue if j is odd else green.  The three corners do not exist.  Neighbours of (j, i):
(j, i±1), (j−1, i), (j−1, i+1), (j+1, i−1), (j+1, i); the smallest triangles are
{(j,i), (j,i+1), (j+1,i)} and {(j,i+1), (j+1,i), (j+1,i+1)}: n² + 4n + 1 of them.

Colours are numbered as in the course string format: 0 uncoloured, 1 red, 2 blue,
3 green (so the third colour of two different ones a, b is 6 − a − b).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

UNCOLOURED, RED, BLUE, GREEN = 0, 1, 2, 3
COLOURS = (RED, BLUE, GREEN)
LETTERS = {UNCOLOURED: ".", RED: "R", BLUE: "B", GREEN: "G"}
NAMES = {RED: "red", BLUE: "blue", GREEN: "green"}
#: Yellow replaces green in the physical games (004 L1354); Y reads as G.
FROM_LETTER = {"R": RED, "B": BLUE, "G": GREEN, "Y": GREEN}
ALL_COLOURS = 0b1110  # bit c set for colour c

Cell = tuple[int, int]


def third(a: int, b: int) -> int:
    """The colour that is neither a nor b (a ≠ b, both colours)."""
    return 6 - a - b


@dataclass(frozen=True)
class Board:
    """The fixed geometry of the size-``n`` board; build it with ``board(n)``."""

    n: int
    #: open circles in index order: rows bottom-up, left to right
    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    #: every circle of the hollow triangle (open and border) by row, bottom-up
    rows: tuple[tuple[Cell, ...], ...]
    border: dict[Cell, int]
    #: neighbours[k] = bitmask of the open neighbours of open circle k
    neighbours: tuple[int, ...]
    #: every smallest triangle as three circles
    triangles: tuple[tuple[Cell, Cell, Cell], ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    def colour_of(self, cell: Cell, colours: tuple[int, ...]) -> int:
        """The colour of any circle (border or open) under the open colouring."""
        if cell in self.border:
            return self.border[cell]
        return colours[self.index[cell]]

    def bad_triangles(self, colours: tuple[int, ...]) -> list[tuple[Cell, Cell, Cell]]:
        """The smallest triangles coloured with all three colours (Def 3.2.1, L426)."""
        return [
            t for t in self.triangles
            if {self.colour_of(c, colours) for c in t} == {RED, BLUE, GREEN}
        ]

    def safe_colours(self, colours: tuple[int, ...], k: int) -> tuple[int, ...]:
        """The colours open circle k can take without making a bad triangle."""
        forbidden = 0
        for t in self.triangles_at[k]:
            a, b = (self.colour_of(c, colours) for c in t if c != self.cells[k])
            if a and b and a != b:
                forbidden |= 1 << third(a, b)
        return tuple(c for c in COLOURS if not forbidden >> c & 1)

    @property
    def triangles_at(self) -> tuple[tuple[tuple[Cell, Cell, Cell], ...], ...]:
        return _triangles_at(self.n)


@cache
def board(n: int) -> Board:
    """The board of size n ≥ 1 (n open circles on each side)."""
    if n < 1:
        raise ValueError(f"an Atropos board has size n >= 1, got {n}")
    cells = tuple((j, i) for j in range(1, n + 1) for i in range(1, n - j + 2))
    index = {cell: k for k, cell in enumerate(cells)}
    border: dict[Cell, int] = {}
    for i in range(1, n + 2):
        border[(0, i)] = RED if i % 2 else BLUE
    for j in range(1, n + 2):
        border[(j, 0)] = GREEN if j % 2 else RED
        border[(j, n - j + 2)] = BLUE if j % 2 else GREEN
    circles = set(cells) | set(border)
    rows = tuple(
        tuple(sorted(c for c in circles if c[0] == j)) for j in range(n + 2)
    )
    neighbours = []
    for j, i in cells:
        around = [(j, i - 1), (j, i + 1), (j - 1, i), (j - 1, i + 1), (j + 1, i - 1), (j + 1, i)]
        neighbours.append(sum(1 << index[c] for c in around if c in index))
    triangles = []
    for j, i in ((j, i) for j in range(n + 2) for i in range(n + 3)):
        for t in (((j, i), (j, i + 1), (j + 1, i)), ((j, i + 1), (j + 1, i), (j + 1, i + 1))):
            if all(c in circles for c in t):
                triangles.append(t)
    return Board(n, cells, index, rows, border, tuple(neighbours), tuple(triangles))


@cache
def _triangles_at(n: int) -> tuple[tuple[tuple[Cell, Cell, Cell], ...], ...]:
    b = board(n)
    return tuple(tuple(t for t in b.triangles if cell in t) for cell in b.cells)

