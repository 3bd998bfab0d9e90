"""Who wins a Hex position: a win/loss search with dead and captured cells filled in.

The search is the Python definition of the fast path (the native kernel ``hex.rs``
does the same in Rust and is tested against it); the plain game tree of
``grids.hex.Hex`` is the oracle for both.

**Edges as stones.**  Think of the board inside a ring of edge cells: row −1 and row n
are red, column −1 and column n blue (the two corner positions (−1, n) and (n, −1),
each touching only a corner cell that already touches both of its edges, belong to
nobody).  A red stone joins the top edge exactly when it is in row 0, as in
``grids.hex.connected``.  Going round a cell, its six neighbours (cells, edge cells or
the nobody corner) come in a cycle in which any two consecutive ones are adjacent.

**Dead cells** (the term of the Hex-solving literature, e.g. Hayward et al. 2003,
"Solving 7×7 Hex"; the proofs here are ours).  Call an empty cell c *useless* to a
player X when, for every two neighbours p, q of c that may end up X (an X stone or
edge, or an empty cell), either p and q are consecutive round c or one of the two arcs
between them is all X already.  Then on any full board any X path through c, entering from p and
leaving by q, can step from p to q round c instead, so c never decides whether X
connects.  A cell useless to both players is *dead*: every full board has the same
winner with c red or c blue.  So the game is unchanged by colouring c either way in
advance: a winning strategy for the position with c coloured wins the position with c
empty by answering a move at c with any move (extra stones never hurt, and c's colour
does not matter), and conversely a strategy that would play c plays anywhere instead.
This covers the usual patterns: four neighbours in a row of one colour; three in a row
and the opposite one of the other colour; two and two opposite.

**Captured pairs.**  Two adjacent empty cells a, b are *captured* by X when a is dead
once b is X and b is dead once a is X.  X answers a move in the pair with the other
cell, which leaves a board equivalent to both cells X; so filling both with X keeps
the outcome (the opponent's strategies transfer with an extra move of tempo, as for
dead cells, and X's by the answering rule).  Deadness holds for every completion, so
filling one dead cell or captured pair keeps every other one dead or captured: all of
them are filled at once (pairs overlapping an earlier pair wait for the next round).

Cells are numbered r·n + c as in ``grids.hex``; red joins top and bottom.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from grundy.protocol import GrundyError
from grundy.rulesets.grids.hex import sides, spread
from grundy.search.budget import Budget
from grundy.search.engine import Engine

if TYPE_CHECKING:
    from grundy._native import HexKernel

#: What a neighbour of a cell is, for one player: theirs, empty, or useless to them.
MINE, FREE, OTHER = 0, 1, 2

#: The six directions round a cell, in cyclic order: right, up-right, up-left, left,
#: down-left, down-right (rows grow downwards, each row shifted half a cell right).
DIRECTIONS = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))

#: A neighbour: a cell number (≥ 0) or one of these.
RED_EDGE, BLUE_EDGE, NOBODY = -1, -2, -3


@functools.lru_cache(maxsize=32)
def rings(n: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's six neighbours in cyclic order (cells, ``RED_EDGE``, ``BLUE_EDGE``
    or ``NOBODY``)."""
    found = []
    for r in range(n):
        for c in range(n):
            ring = []
            for dr, dc in DIRECTIONS:
                row, col = r + dr, c + dc
                off_rows, off_cols = not 0 <= row < n, not 0 <= col < n
                ring.append(NOBODY if off_rows and off_cols else RED_EDGE if off_rows
                            else BLUE_EDGE if off_cols else row * n + col)
            found.append(tuple(ring))
    return tuple(found)


def _useless(states: list[int]) -> bool:
    """Are any two neighbours that may be the player's consecutive, or joined by an arc
    of the player's own?"""
    def joined(i: int, j: int) -> bool:
        return (j - i) % 6 in (1, 5) or any(
            all(states[(i + step * k) % 6] == MINE for k in range(1, (j - i) * step % 6))
            for step in (1, -1))

    maybe = [i for i in range(6) if states[i] != OTHER]
    return all(joined(i, j) for i in maybe for j in maybe if i < j)


@functools.cache
def useless_table() -> bytes:
    """For each ring of states (base 3, neighbour i the i-th digit), 1 if the cell is
    useless to the player whose states they are."""
    return bytes(_useless([code // 3**i % 3 for i in range(6)]) for code in range(3**6))


def ring_code(ring: tuple[int, ...], mine: int, theirs: int, my_edge: int) -> int:
    """The base-3 ring of states of a cell for the player owning ``mine``."""
    code, weight = 0, 1
    for slot in ring:
        if slot >= 0:
            code += weight * (MINE if mine >> slot & 1 else OTHER if theirs >> slot & 1
                              else FREE)
        else:
            code += weight * (MINE if slot == my_edge else OTHER)
        weight *= 3
    return code


def is_dead(n: int, cell: int, red: int, blue: int) -> bool:
    """Is the empty ``cell`` useless to both players?"""
    ring, useless = rings(n)[cell], useless_table()
    return bool(useless[ring_code(ring, red, blue, RED_EDGE)]
                and useless[ring_code(ring, blue, red, BLUE_EDGE)])


def dead_cells(n: int, red: int, blue: int) -> int:
    """The bitmask of the empty cells useless to both players."""
    empty = ((1 << n * n) - 1) & ~(red | blue)
    return sum(1 << cell for cell in _cells(empty) if is_dead(n, cell, red, blue))


def captured_pairs(n: int, red: int, blue: int) -> tuple[int, int]:
    """Disjoint captured pairs of adjacent empty cells: the bitmasks of those red
    captures and of those blue captures."""
    empty = ((1 << n * n) - 1) & ~(red | blue)
    taken = red_gain = blue_gain = 0
    for a in _cells(empty):
        for b in rings(n)[a][:3]:  # right, up-right, up-left: each pair once
            if b < 0 or not empty >> b & 1 or taken & (1 << a | 1 << b):
                continue
            pair = 1 << a | 1 << b
            if is_dead(n, a, red | 1 << b, blue) and is_dead(n, b, red | 1 << a, blue):
                red_gain |= pair
            elif is_dead(n, a, red, blue | 1 << b) and is_dead(n, b, red, blue | 1 << a):
                blue_gain |= pair
            taken |= (red_gain | blue_gain) & pair
    return red_gain, blue_gain


def reduce(n: int, red: int, blue: int) -> tuple[int, int]:
    """Fill dead cells (red: either colour would do) and captured pairs (the capturer's
    colour) until none is left."""
    while True:
        dead = dead_cells(n, red, blue)
        red_gain, blue_gain = captured_pairs(n, red | dead, blue)
        if not dead | red_gain | blue_gain:
            return red, blue
        red, blue = red | dead | red_gain, blue | blue_gain


def winner(n: int, red: int, blue: int) -> bool | None:
    """True if red has joined top and bottom, False if blue has joined left and right,
    None if neither (both cannot)."""
    top, bottom, left, right = sides(n)
    if spread(red, top, n) & bottom:
        return True
    return False if spread(blue, left, n) & right else None


def _cells(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


@functools.lru_cache(maxsize=32)
def centre_first(n: int) -> tuple[int, ...]:
    """The cells, nearest the centre first (the usual good first guesses)."""
    middle = (n - 1) / 2
    return tuple(sorted(range(n * n), key=lambda i: (
        abs(i // n - middle) + abs(i % n - middle) + abs(i // n + i % n - 2 * middle), i)))


def native_kernel(n: int) -> HexKernel | None:
    """The Rust kernel for this side, or None when ``grundy._native`` is not built."""
    try:
        from grundy import _native
    except ImportError:
        return None
    return _native.HexKernel(n)


class HexSearch:
    """Does the player to move win?  Red is Left.  Runs in the native kernel unless
    ``engine`` is ``"python"``; the table (either engine's) is kept between calls.

    >>> HexSearch(4).wins(0, 0, True)
    True
    """

    def __init__(self, n: int, budget: Budget | None = None, engine: Engine = "auto") -> None:
        self.n = n
        self.budget = budget if budget is not None else Budget()
        self.kernel = None if engine == "python" else native_kernel(n)
        if engine == "native" and self.kernel is None:
            raise GrundyError("no native Hex kernel: use --engine python")
        #: (red, blue, red to move) of reduced boards -> does the player to move win?
        self.table: dict[tuple[int, int, bool], bool] = {}

    def __len__(self) -> int:
        """Boards in the transposition table (the native kernel's, where it searched)."""
        return len(self.kernel) if self.kernel is not None else len(self.table)

    def wins(self, red: int, blue: int, red_moves: bool) -> bool:
        """The player to move wins (normal play: nobody moves once someone connects)."""
        self.budget.start()
        if winner(self.n, red, blue) is not None:
            return False
        if self.kernel is not None:
            nodes, seconds = self.budget.remaining()
            won, expanded = self.kernel.wins(red, blue, red_moves, nodes, seconds)
            self.budget.charge(expanded, won is not None, len(self.kernel))
            assert won is not None  # charge raised BudgetExceeded otherwise
            return won
        return self._wins(red, blue, red_moves)

    def _wins(self, red: int, blue: int, red_moves: bool) -> bool:
        """Recursive search (depth at most n², so at most 121)."""
        n = self.n
        red, blue = reduce(n, red, blue)
        joined = winner(n, red, blue)
        if joined is not None:
            return joined == red_moves
        entry = (red, blue, red_moves)
        known = self.table.get(entry)
        if known is not None:
            return known
        self.budget.tick(len(self.table))
        empty = ((1 << n * n) - 1) & ~(red | blue)
        order = [cell for cell in centre_first(n) if empty >> cell & 1]
        children = [(red | 1 << cell, blue) if red_moves else (red, blue | 1 << cell)
                    for cell in order]
        won = any(winner(n, *child) is not None for child in children) or any(
            not self._wins(*child, not red_moves) for child in children)
        self.table[entry] = won
        return won
