"""Parity switches of UNRESTRICTED ATROPOS (Burke 2009, §4.2, pp. 51-56).

Seed ``004_d08755248cee49c5.txt`` L985-1028.  Sperner's lemma gives a fully coloured
board an odd number of bad triangles (L987), so when a game ends -- every uncoloured
circle suicidal -- the dead circles normally number an odd count and the parity of
the uncoloured circles decides the winner; "parity switches" are the regions that
break this (L993-1012).  Figures 4.23-4.28, which draw them, are missing from the
text; what the text keeps is the defining property, "a play in either of these will
create an even number of bad triangles" (L993), which these definitions make exact:

- A **switch play** is a move (open circle, colour) in a position with no bad
  triangle that makes an even, positive number of bad triangles.
- An **A-switch** (Fig 4.23) is an uncoloured open circle whose six neighbours
  (open or border) are all coloured and at which every colour is a switch play; the
  *region* is the circle with its six neighbours.

Why every colour, and why the ring must be coloured: the bad triangles a colour x
makes at a circle are the triangles around it whose two other circles carry the two
colours other than x.  Around a fully coloured ring each colour's runs have two ends,
so the three colours make bad triangles of the same parity; a dead circle with an odd
parity adds one to the Sperner count, an A-switch adds an even number, so each
A-switch left at the end flips which player the parity of the uncoloured circles
favours (L987).  With six triangles around a circle and each colour making at least
two, an A-switch makes exactly two bad triangles whatever its colour: its ring
changes colour at each of its six steps.

- A **B-switch** (Fig 4.25, L1005) is a pair of adjacent uncoloured circles t and u:
  t has no safe colour, u exactly one, x, every other neighbour of t and u is
  coloured, and colouring u with x makes t an A-switch.  Nothing but a losing play at
  t can change u's safe colour, so x is eventually played at u (or the game ends with
  t and u both unplayable), and t is left an A-switch: the region is t, u and their
  neighbours.

The C- to E-switches (Figs 4.26-4.28) are drawn with symbols for circles constrained
from outside the region (L997-1010); they are not reconstructed here.

``find_switches`` searches every position of a small board reachable by safe play --
in unrestricted Atropos these are exactly the partial colourings with no bad
triangle -- and reports, for each A-switch ring up to rotation, reflection and
renaming of the colours, the first position found; each report is re-checked by the
definition (``is_a_switch``, with the bad triangles counted on the coloured board).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import permutations

from grundy.protocol import GrundyError
from grundy.rulesets.atropos.board import COLOURS, UNCOLOURED, Board, Cell, board
from grundy.rulesets.atropos.rules import (
    MAX_SIZE,
    AtroposPosition,
    bad_triangles,
    colour_cell,
)

#: Most positions ``find_switches`` visits unless told otherwise (a size-4 board has
#: 4^10 colourings, most of them with a bad triangle).
MAX_POSITIONS = 2_000_000


def ring(b: Board, cell: Cell) -> tuple[Cell, ...]:
    """The six neighbours of an open circle in cyclic order (right, then clockwise)."""
    j, i = cell
    return ((j, i + 1), (j - 1, i + 1), (j - 1, i), (j, i - 1), (j + 1, i - 1), (j + 1, i))


def bad_made(position: AtroposPosition, cell: Cell, colour: int) -> int:
    """How many bad triangles colouring the uncoloured open circle ``cell`` with
    ``colour`` makes: the triangles around it whose two other circles carry the two
    other colours."""
    b = position.board
    count = 0
    for triangle in b.triangles_at[b.index[cell]]:
        a, c = (b.colour_of(x, position.colours) for x in triangle if x != cell)
        count += bool(a and c and a != c and colour not in (a, c))
    return count


def switch_plays(position: AtroposPosition) -> list[tuple[Cell, int, int]]:
    """Every switch play of a position with no bad triangle: (circle, colour, bad
    triangles made), the count even and positive."""
    if bad_triangles(position):
        raise GrundyError("the position already has a bad triangle: the game is over")
    return _plays(position)


def _plays(position: AtroposPosition) -> list[tuple[Cell, int, int]]:
    b = position.board
    found = []
    for k, cell in enumerate(b.cells):
        if position.colours[k] == UNCOLOURED:
            for colour in COLOURS:
                made = bad_made(position, cell, colour)
                if made and made % 2 == 0:
                    found.append((cell, colour, made))
    return found


def is_a_switch(position: AtroposPosition, cell: Cell) -> bool:
    """The definition, checked directly: ``cell`` is uncoloured, its ring coloured, and
    every colour there makes an even, positive number of bad triangles -- counted on
    the board after the play (``bad_triangles``), not by ``bad_made``."""
    b = position.board
    if position.colours[b.index[cell]] != UNCOLOURED or bad_triangles(position):
        return False
    if not all(b.colour_of(x, position.colours) for x in ring(b, cell)):
        return False
    j, i = cell
    counts = [len(bad_triangles(colour_cell(position, (j, i, c)))) for c in COLOURS]
    return all(made and made % 2 == 0 for made in counts)


def a_switches(position: AtroposPosition,
               plays: Sequence[tuple[Cell, int, int]] | None = None) -> list[Cell]:
    """The A-switches of a position with no bad triangle (``plays``: its switch plays,
    if already listed)."""
    b = position.board
    per_cell: dict[Cell, int] = {}
    for cell, _, _ in switch_plays(position) if plays is None else plays:
        per_cell[cell] = per_cell.get(cell, 0) + 1
    return [cell for cell, count in per_cell.items() if count == len(COLOURS)
            and all(b.colour_of(x, position.colours) for x in ring(b, cell))]


def b_switches(position: AtroposPosition) -> list[tuple[Cell, Cell, int]]:
    """The B-switches of a position with no bad triangle: (t, u, x), the dead circle t,
    its neighbour u and u's one safe colour x."""
    b = position.board
    found = []
    for k, t in enumerate(b.cells):
        if position.colours[k] != UNCOLOURED or b.safe_colours(position.colours, k):
            continue
        for u in ring(b, t):
            if u not in b.index or position.colours[b.index[u]] != UNCOLOURED:
                continue
            safe = b.safe_colours(position.colours, b.index[u])
            others = [x for x in ring(b, u) + ring(b, t) if x not in (t, u)]
            if len(safe) == 1 and all(b.colour_of(x, position.colours) for x in others) \
                    and is_a_switch(colour_cell(position, (*u, safe[0])), t):
                found.append((t, u, safe[0]))
    return found


def ring_pattern(position: AtroposPosition, cell: Cell) -> str:
    """An A-switch's ring colours up to rotation, reflection and renaming of the
    colours: the least of those readings, colours named a, b, c in order of appearance."""
    b = position.board
    colours = [b.colour_of(x, position.colours) for x in ring(b, cell)]
    readings = []
    for start in range(6):
        for step in (1, -1):
            seq = [colours[(start + step * t) % 6] for t in range(6)]
            for names in permutations("abc"):
                rename = dict(zip(COLOURS, names, strict=True))
                readings.append("".join(rename[c] for c in seq))
    return min(readings)


@dataclass
class SwitchReport:
    """What ``find_switches`` found on one board size."""

    n: int
    #: positions (partial colourings with no bad triangle) visited
    positions: int = 0
    #: those with at least one A-switch / at least one switch play
    with_a_switch: int = 0
    with_switch_play: int = 0
    #: the first witness of each ring pattern: pattern -> (position, circle)
    witnesses: dict[str, tuple[AtroposPosition, Cell]] = field(default_factory=dict)
    #: positions with a B-switch, and the first of them with its (t, u, colour)
    with_b_switch: int = 0
    b_witness: tuple[AtroposPosition, tuple[Cell, Cell, int]] | None = None
    #: the search stopped at its position limit
    complete: bool = True


def safe_colourings(n: int) -> Iterator[AtroposPosition]:
    """Every partial colouring of the size-n board with no bad triangle (the
    positions of unrestricted Atropos reachable by safe play), by a depth-first
    assignment of the circles in board order, cut where a bad triangle appears."""
    b = board(n)
    colours = [UNCOLOURED] * b.size
    # the triangles completed once circle k is assigned (its other circles come earlier)
    closing: list[list[tuple[Cell, Cell, Cell]]] = [[] for _ in range(b.size)]
    for t in b.triangles:
        open_ = [b.index[x] for x in t if x in b.index]
        if open_:
            closing[max(open_)].append(t)

    def colour(x: Cell) -> int:
        return b.border[x] if x in b.border else colours[b.index[x]]

    def fine(k: int) -> bool:
        return not any(len({colour(x) for x in t}) == 3 and all(map(colour, t))
                       for t in closing[k])

    def assign(k: int) -> Iterator[AtroposPosition]:
        if k == b.size:
            yield AtroposPosition(n, tuple(colours))
            return
        for c in (UNCOLOURED, *COLOURS):
            colours[k] = c
            if c == UNCOLOURED or fine(k):
                yield from assign(k + 1)
        colours[k] = UNCOLOURED

    return assign(0)


def find_switches(n: int, max_positions: int = MAX_POSITIONS) -> SwitchReport:
    """Search every position of the size-n unrestricted Atropos board reachable by safe
    play (``safe_colourings``) for A-switches, B-switches and switch plays, up to
    ``max_positions`` positions; each witness is re-checked by ``is_a_switch``.
    Running time: O(positions · n²)."""
    if not 1 <= n <= MAX_SIZE:
        raise GrundyError(f"board size {n:,} is not 1 to {MAX_SIZE}: give a board size "
                          "in that range (sizes over 4 stop at the position limit)")
    report = SwitchReport(n)
    for position in safe_colourings(n):
        if report.positions == max_positions:
            report.complete = False
            break
        report.positions += 1
        plays = _plays(position)  # safe by construction
        report.with_switch_play += bool(plays)
        cells = a_switches(position, plays)
        report.with_a_switch += bool(cells)
        for cell in cells:
            pattern = ring_pattern(position, cell)
            if pattern not in report.witnesses:
                if not is_a_switch(position, cell):
                    raise AssertionError(f"{cell} was found as an A-switch but is not one")
                report.witnesses[pattern] = (position, cell)
        pairs = b_switches(position)
        report.with_b_switch += bool(pairs)
        if pairs and report.b_witness is None:
            report.b_witness = (position, pairs[0])
    return report
