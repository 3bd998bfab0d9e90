"""A fast win/loss solver for Atropos and Unrestricted Atropos (seed 004).

Rules: Def 3.2.2 and Def 3.2.3 (``004_d08755248cee49c5.txt`` L440, L448); the
player who makes a bad triangle (Def 3.2.1, L426) loses.  Outcomes from the start
are the thesis's Conjecture 5.2.1 (L1184-1190).

The search never looks at colourings.  It works on an *abstract state* that keeps
only what the rest of the game can see:

- ``uncoloured``: the open circles not yet coloured (bitmask);
- ``forbidden``: for each uncoloured circle, the colours that would complete a bad
  triangle (4 bits per circle, bit c for colour c) — the trace of every smallest
  triangle with two different colours and one uncoloured circle;
- ``single``: for each smallest triangle with exactly one coloured circle, that
  colour (2 bits per triangle; the two uncoloured circles may not take the other
  two colours);
- ``candidates``: where the player to move may play — the uncoloured neighbours of
  the last move, or every uncoloured circle if there are none (a jump) or in the
  unrestricted game.

Triangles with two equal colours, coloured circles and the last move's exact place
are forgotten, so many colourings share one state (the transposition key).
Suicidal moves (a colour in ``forbidden``) are never searched: they lose at once,
so a position is lost exactly when every safe move leads to a won position, and a
position without safe moves is lost.  The search stops at the first winning move.

Symmetries: the hollow triangle (the size-(n+2) triangle less its corners) has the
six symmetries of an equilateral triangle, and after abstraction the border's
colours live only in ``forbidden``/``single``, so every board symmetry combined with
every permutation of the three colours maps a state to an equivalent one (36 maps).
The notes' smaller groups for the first move (notes §1) are subgroups.
Canonicalising every state costs more than it saves in Python, so the solver
canonicalises the states within ``SYMMETRY_DEPTH`` plies of the root, where one hit
saves a whole subtree.

Cost: exponential in the worst case (Atropos is PSPACE-complete, Thm 4.1.1, L708);
each expansion is O(n) work for up to six candidates and three colours.

Engines: the same search runs in Rust (``grundy._native.AtroposKernel``, crate
``native/src/atropos.rs``) on the tables built here, for boards up to n = 10; this
module stays the definition and the test oracle.  ``engine="auto"`` takes the kernel
when it is built and the board fits, ``"python"`` never does.  ``threads`` > 1 runs the
kernel on that many threads sharing one transposition table (``solve_split`` instead
spreads the first moves over worker processes, each with its own table, and keeps each
one's result in the store).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING, Literal, NamedTuple, cast

from grundy.rulesets.atropos.board import COLOURS, UNCOLOURED, board, third

if TYPE_CHECKING:  # grundy.search imports this package: no import cycle at run time
    from grundy._native import AtroposKernel
    from grundy.search.budget import Budget
    from grundy.search.store import Store

#: States within this many plies of the root are keyed up to the 36 symmetries.
SYMMETRY_DEPTH = 3
#: Solved states within this many plies of the root go to the persistent store.
STORE_DEPTH = 6
#: The native kernel's table: on one thread, a table growing to at most 4 × this many
#: slots of 16 bytes (1 GB); on several, this many entries per generation of
#: the shared tables (two generations of about 90 bytes an entry, at most about 3 GB).
NATIVE_TABLE = 1 << 24
#: States in the one-thread table of ``AtroposSolver`` unless told (128 MB).  The table keeps
#: the results that took the most work, so a small one costs few repeated searches and
#: misses the processor's caches less: n = 8 expanded 24.3 million states in 24.5 s of CPU
#: time with 2^23 states, 22.8 million in 27.0 s with 2^24, 22.1 million in 31.8 s with
#: 2^26 (docs/atropos.md).
DEFAULT_TABLE = 1 << 23
#: Bytes of memory a state takes in the native tables: 16 on one thread (one slot of the
#: bounded table), about 90 in the shared tables of several threads.
TABLE_BYTES = {1: 16, 2: 90}

Engine = Literal["auto", "native", "python"]


Slots = tuple[int, int, int]


class State(NamedTuple):
    uncoloured: int
    forbidden: int
    single: int
    candidates: int


@dataclass(frozen=True)
class Geometry:
    """Precomputed tables of one board size for the abstract states."""

    n: int
    size: int
    neighbours: tuple[int, ...]
    #: at[u] = ((t, v, w), ...): triangle t through open circle u; v, w are the other
    #: two circles as open indices, or -1 for a border circle
    at: tuple[tuple[tuple[int, int, int], ...], ...]
    #: triangle t -> its three circles as open indices or -(colour) for a border circle
    slots: tuple[tuple[int, int, int], ...]
    #: the 36 symmetries: (circle permutation, triangle permutation, colour permutation)
    symmetries: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]


@cache
def geometry(n: int) -> Geometry:
    b = board(n)
    slots = tuple(
        cast(Slots, tuple(b.index[c] if c in b.index else -b.border[c] for c in t))
        for t in b.triangles
    )
    at = tuple(
        tuple(
            cast(Slots, (t, *(max(s, -1) for s in slot if s != u)))
            for t, slot in enumerate(slots)
            if u in slot
        )
        for u in range(b.size)
    )
    return Geometry(n, b.size, b.neighbours, at,
                    slots, _symmetries(n))


def _symmetries(n: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """Board symmetries × colour permutations, as permutations of circles and triangles.

    In barycentric coordinates (a, b, c) = (i, j, n+2−i−j) of the size-(n+2) triangle
    the six symmetries permute (a, b, c).
    """
    b = board(n)
    m = n + 2

    def image(cell: tuple[int, int], perm: tuple[int, ...]) -> tuple[int, int]:
        j, i = cell
        coords = (i, j, m - i - j)
        a, bb, _ = (coords[p] for p in perm)
        return bb, a

    triangle_index = {frozenset(t): k for k, t in enumerate(b.triangles)}
    result = []
    for perm in permutations(range(3)):
        cells = tuple(b.index[image(c, perm)] for c in b.cells)
        tris = tuple(triangle_index[frozenset(image(c, perm) for c in t)] for t in b.triangles)
        for colours in permutations(COLOURS):
            result.append((cells, tris, (0, *colours)))
    return tuple(result)


def start_state(n: int, restricted: bool = True) -> State:
    """The abstract state of the empty board of size n."""
    return abstract(n, (UNCOLOURED,) * (n * (n + 1) // 2), -1, restricted)


def abstract(n: int, colours: tuple[int, ...], last: int, restricted: bool) -> State:
    """The abstract state of a colouring (with no bad triangle) and last move (-1: none)."""
    g = geometry(n)
    uncoloured = sum(1 << k for k, c in enumerate(colours) if not c)
    forbidden = single = 0
    for t, slot in enumerate(g.slots):
        known = [colours[s] if s >= 0 else -s for s in slot]
        open_ = [s for s, c in zip(slot, known, strict=True) if not c]
        coloured = [c for c in known if c]
        if len(open_) == 1 and coloured[0] != coloured[1]:
            forbidden |= 1 << (4 * open_[0] + third(*coloured))
        elif len(open_) == 2:
            single |= coloured[0] << (2 * t)
    return State(uncoloured, forbidden, single, candidates(g, uncoloured, last, restricted))


def candidates(g: Geometry, uncoloured: int, last: int, restricted: bool) -> int:
    """Where the next player may play (Def 3.2.3, L448: next to the last move, else anywhere)."""
    if restricted and last >= 0:
        near = g.neighbours[last] & uncoloured
        if near:
            return near
    return uncoloured


def safe_moves(g: Geometry, state: State) -> Iterator[tuple[int, int]]:
    """Every (circle, colour) the player to move may play without making a bad triangle."""
    rest, forbidden = state.candidates, state.forbidden
    while rest:
        low = rest & -rest
        rest ^= low
        u = low.bit_length() - 1
        banned = forbidden >> (4 * u)
        for x in COLOURS:
            if not banned >> x & 1:
                yield u, x


def play(g: Geometry, state: State, u: int, x: int, restricted: bool) -> State:
    """The state after safely colouring open circle u with colour x."""
    uncoloured, forbidden, single = state.uncoloured & ~(1 << u), state.forbidden, state.single
    for t, v, w in g.at[u]:
        v_open = v >= 0 and uncoloured >> v & 1
        w_open = w >= 0 and uncoloured >> w & 1
        if v_open and w_open:
            single |= x << (2 * t)
        elif v_open or w_open:
            other = (single >> (2 * t)) & 3
            single &= ~(3 << (2 * t))
            if other != x:
                forbidden |= 1 << (4 * (v if v_open else w) + third(x, other))
    forbidden &= ~(15 << (4 * u))
    return State(uncoloured, forbidden, single, candidates(g, uncoloured, u, restricted))


Symmetry = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def image(g: Geometry, state: State, symmetry: Symmetry) -> State:
    """The state under one symmetry (circle, triangle and colour permutations)."""
    cells, tris, colours = symmetry
    uncoloured = forbidden = single = cand = 0
    for u in range(g.size):
        bit = 1 << cells[u]
        if state.uncoloured >> u & 1:
            uncoloured |= bit
            if state.candidates >> u & 1:
                cand |= bit
            banned = state.forbidden >> (4 * u)
            for x in COLOURS:
                if banned >> x & 1:
                    forbidden |= 1 << (4 * cells[u] + colours[x])
    rest = state.single
    t = 0
    while rest:
        if rest & 3:
            single |= colours[rest & 3] << (2 * tris[t])
        rest >>= 2
        t += 1
    return State(uncoloured, forbidden, single, cand)


def canonical(g: Geometry, state: State) -> State:
    """The least image of ``state`` under the 36 symmetries (board × colours)."""
    return min(image(g, state, symmetry) for symmetry in g.symmetries)


def _limbs(bits: int) -> list[int]:
    """A state's bit field as four 64-bit limbs, least significant first."""
    return [(bits >> (64 * k)) & (2**64 - 1) for k in range(4)]


def limbs(state: State) -> tuple[int, list[int], list[int], int]:
    """A state as the native kernel takes it."""
    return state.uncoloured, _limbs(state.forbidden), _limbs(state.single), state.candidates


def native_fits(g: Geometry) -> bool:
    """Whether the Rust kernel takes this board (at most 64 open circles and 128
    triangles: n <= 9)."""
    return g.size <= 64 and len(g.slots) <= 128


def table_capacity(states: int, threads: int = 1) -> int:
    """The kernel's ``capacity`` for a transposition table of at most ``states`` states
    (``grundy atropos outcome --table``): on one thread a table of at most ``4 × capacity``
    slots rounded up to a power of two, so ``states`` rounded down to a power of two (at
    least 4); on several, two generations of ``capacity`` entries each.  Raises
    GrundyError, naming the fix, if ``states`` is not positive or the table could not fit
    in this machine's memory."""
    from grundy.protocol import GrundyError

    if states < 1:
        raise GrundyError(f"--table {states}: give a positive number of states")
    per_state = TABLE_BYTES[min(threads, 2)]
    memory = _physical_memory()
    if memory is not None and states * per_state > memory:
        raise GrundyError(
            f"--table {states:,} needs about {states * per_state / 2**30:,.1f} GB, more than "
            f"this machine's {memory / 2**30:.1f} GB: give at most {memory // per_state:,} "
            f"states")
    if threads == 1:
        return max(1, (1 << (states.bit_length() - 1)) // 4)
    return max(1, states // 2)


def _physical_memory() -> int | None:
    """Bytes of physical memory, or None where the system does not say."""
    import os

    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def native_kernel(g: Geometry, restricted: bool, capacity: int = NATIVE_TABLE,
                  threads: int = 1) -> AtroposKernel | None:
    """The Rust kernel for this board (searching on ``threads`` threads that share its
    table), or None when ``grundy._native`` is not built or the board is too big for it
    (``native_fits``)."""
    try:
        from grundy import _native
    except ImportError:
        return None
    if not native_fits(g):
        return None
    return _native.AtroposKernel(list(g.neighbours), [list(a) for a in g.at],
                                 [(list(c), list(t), list(x)) for c, t, x in g.symmetries],
                                 restricted, capacity, threads)


class AtroposSolver:
    """Win/loss search over abstract states with a transposition table (``threads`` > 1:
    the native kernel on that many threads sharing one table; the Python engine has one).

    >>> AtroposSolver(3).wins(start_state(3))
    True
    >>> AtroposSolver(3, engine="python").wins(start_state(3))
    True
    """

    def __init__(
        self,
        n: int,
        restricted: bool = True,
        budget: Budget | None = None,
        store: Store | None = None,
        engine: Engine = "auto",
        threads: int = 1,
        table: int | None = None,
    ) -> None:
        """``table``: at most this many states in the native kernel's transposition table
        (``table_capacity``; default ``DEFAULT_TABLE`` on one thread, ``2 × NATIVE_TABLE``
        on several)."""
        from grundy.search.budget import Budget

        self.n = n
        self.restricted = restricted
        self.geometry = geometry(n)
        self.budget = budget if budget is not None else Budget()
        self.store = store
        self.name = "atropos" if restricted else "unrestricted-atropos"
        #: state -> does the player to move win?  (the Python engine's table)
        self.table: dict[State, bool] = {}
        capacity = (table_capacity(table, threads) if table is not None
                    else DEFAULT_TABLE // 4 if threads == 1 else NATIVE_TABLE)
        self.kernel = (None if engine == "python"
                       else native_kernel(self.geometry, restricted, capacity, threads))
        if engine == "native" and self.kernel is None:
            from grundy.protocol import GrundyError

            raise GrundyError(f"no native Atropos kernel for n = {n}: use --engine python")

    def wins(self, state: State, progress: Callable[[int], object] | None = None) -> bool:
        """Does the player to move win from ``state``?  ``progress(expanded)`` is called
        every few thousand expansions of the native kernel (not by the Python engine)."""
        self.budget.start()
        if self.kernel is not None:
            return self._native_wins(self.kernel, state, progress)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 200 + 4 * self.geometry.size))
        try:
            return self._wins(state, 0)
        finally:
            sys.setrecursionlimit(limit)
            if self.store is not None:
                self.store.flush()

    @property
    def solved(self) -> int:
        """States in the transposition table (the native kernel's, where it searched)."""
        return len(self.kernel) if self.kernel is not None else len(self.table)

    def winning_move(self, state: State) -> tuple[int, int] | None:
        """A safe move after which the opponent loses, or None."""
        for u, x in safe_moves(self.geometry, state):
            if not self.wins(play(self.geometry, state, u, x, self.restricted)):
                return u, x
        return None

    def _native_wins(self, kernel: AtroposKernel, state: State,
                     progress: Callable[[int], object] | None = None) -> bool:
        key = canonical(self.geometry, state)
        if self.store is not None:
            value = self.store.get("win", self.name, (self.n, *key))
            if value is not None:
                return bool(value)
        nodes, seconds = self.budget.remaining()
        won, expanded = kernel.wins(limbs(state), nodes, seconds, progress)
        self.budget.charge(expanded, won is not None, len(kernel))
        assert won is not None  # charge raised BudgetExceeded otherwise
        if self.store is not None:
            self.store.put("win", self.name, (self.n, *key), int(won))
            self.store.flush()
        return bool(won)

    def _wins(self, state: State, depth: int) -> bool:
        table = self.table
        key = canonical(self.geometry, state) if depth < SYMMETRY_DEPTH else state
        known = table.get(key)
        if known is not None:
            return known
        stored = depth < STORE_DEPTH and self.store is not None
        if stored:
            assert self.store is not None
            value = self.store.get("win", self.name, (self.n, *key))
            if value is not None:
                table[key] = bool(value)
                return bool(value)
        self.budget.tick(len(table))
        g, restricted = self.geometry, self.restricted
        children = [play(g, state, u, x, restricted) for u, x in safe_moves(g, state)]
        won = any(table.get(child) is False for child in children) or any(
            not self._wins(child, depth + 1) for child in children
        )
        table[key] = won
        if stored:
            assert self.store is not None
            self.store.put("win", self.name, (self.n, *key), int(won))
        return won


def first_player_wins(n: int, restricted: bool = True, budget: Budget | None = None,
                      store: Store | None = None) -> bool:
    """Does the first player win Atropos (or Unrestricted Atropos) of size n from the start?"""
    return AtroposSolver(n, restricted, budget, store).wins(start_state(n, restricted))



def first_moves(g: Geometry, state: State, restricted: bool = True
                ) -> list[tuple[State, tuple[int, int]]]:
    """The safe moves from ``state`` up to symmetry: for each class, the state it leaves
    (canonical) and its first move in board order, those that leave the opponent fewest
    safe moves first (the kernel's order)."""
    replies: dict[State, tuple[int, int]] = {}
    for u, x in safe_moves(g, state):
        replies.setdefault(canonical(g, play(g, state, u, x, restricted)), (u, x))
    return sorted(replies.items(), key=lambda item: sum(1 for _ in safe_moves(g, item[0])))


@dataclass(frozen=True)
class MoveProgress:
    """Where ``wins_by_first_move`` is: the first move being solved (or just decided)."""

    #: this move's place in the order (from 1) and the number of first-move classes
    index: int
    total: int
    move: tuple[int, int]
    #: does the opponent win after it?  None while it is being solved
    opponent_wins: bool | None
    #: expansions on this move so far, and in the whole run (earlier moves included)
    expanded: int
    total_expanded: int
    #: expansions of each move decided so far, in order (0 for one read from the store)
    decided: tuple[int, ...]

    def remaining(self) -> int | None:
        """Expansions left if each undecided move costs the mean of those decided by search
        (less what this move has used); None before any is.  A rough guide: the moves
        differ by orders of magnitude, and a won root stops at its first lost reply."""
        searched = [e for e in self.decided if e]
        if not searched:
            return None
        mean = sum(searched) // len(searched)
        left = self.total - len(self.decided)
        return max(0, mean * left - (self.expanded if self.opponent_wins is None else 0))


def wins_by_first_move(solver: AtroposSolver, state: State,
                       report: Callable[[MoveProgress], object]
                       ) -> tuple[bool, tuple[int, int] | None]:
    """Does the player to move win from ``state``, and with which move?  The first moves
    are solved one class at a time in the kernel's order (``first_moves``), each result
    kept in the solver's store, so that a long run can say how far it is: ``report`` is
    called every few thousand expansions while a move is solved (``opponent_wins`` None)
    and once when it is decided.  Stops at the first move after which the opponent loses.
    The answer is ``solver.wins(state)``'s; the work differs only near the root (each
    move is a root of its own, keyed up to symmetry three plies deeper)."""
    classes = first_moves(solver.geometry, state, solver.restricted)
    decided: list[int] = []
    before = solver.budget.nodes
    for index, (_, move) in enumerate(classes, 1):
        start = solver.budget.nodes

        def running(expanded: int, index: int = index, move: tuple[int, int] = move,
                    start: int = start) -> None:
            report(MoveProgress(index, len(classes), move, None, expanded,
                                start - before + expanded, tuple(decided)))

        # The move itself, not the class's canonical state: the kernel breaks ties in its
        # order by board order, which an image of the state changes (n = 8: 33.7 million
        # expansions from the canonical image of R1,1's state, 24.3 million from it).
        after = play(solver.geometry, state, *move, solver.restricted)
        opponent_wins = solver.wins(after, running)
        decided.append(solver.budget.nodes - start)
        report(MoveProgress(index, len(classes), move, opponent_wins, decided[-1],
                            solver.budget.nodes - before, tuple(decided)))
        if not opponent_wins:
            return True, move
    return False, None


def classes_at_depth(n: int, depth: int, restricted: bool = True) -> list[State]:
    """The distinct states (up to the 36 symmetries) ``depth`` safe plies after the start
    of size n, in a fixed order.  Running time: the number of safe move sequences up to
    symmetry at each ply (about (3n(n+1)/2)^depth / 36 at most), each O(n) plus 36 images."""
    g = geometry(n)
    level = [canonical(g, start_state(n, restricted))]
    for _ in range(depth):
        level = sorted({canonical(g, play(g, state, u, x, restricted))
                        for state in level for u, x in safe_moves(g, state)})
    return level


@dataclass(frozen=True)
class Projection:
    """A sampled estimate of the outcome search's work (``project_work``)."""

    n: int
    depth: int
    #: distinct states at that depth, and the expansions of each one sampled
    classes: int
    samples: tuple[int, ...]

    @property
    def estimate(self) -> float:
        """Classes × mean expansions per sampled class."""
        return self.classes * sum(self.samples) / len(self.samples)

    @property
    def error(self) -> float:
        """The standard error of ``estimate`` (sampling without replacement)."""
        k = len(self.samples)
        if k < 2:
            return float("inf")
        mean = sum(self.samples) / k
        variance = sum((w - mean) ** 2 for w in self.samples) / (k - 1)
        finite = max(0.0, 1 - k / self.classes)
        return self.classes * math.sqrt(variance * finite / k)


def project_work(n: int, depth: int = 2, samples: int = 20, restricted: bool = True,
                 seed: int = 0, budget: Budget | None = None,
                 table: int | None = None) -> Projection:
    """Estimate the work of deciding Atropos of size n from the start by sampling: the
    distinct states ``depth`` plies after the start are listed (``classes_at_depth``),
    ``samples`` of them drawn uniformly at random without replacement (``seed``), and each
    solved by the native kernel from an empty table of ``table`` states.  Classes × mean
    is an unbiased estimate of the expansions needed to solve every depth-``depth`` class
    on its own; the search itself stops at a first winning move and shares its table, so
    the ratio of its true work to this estimate is measured where both are known
    (n = 5 to 8, docs/atropos.md) and applied to larger n.  Running time: the samples'
    searches, about ``samples / classes`` of that estimate."""
    import random

    from grundy.search.budget import Budget

    budget = budget if budget is not None else Budget()
    level = classes_at_depth(n, depth, restricted)
    chosen = random.Random(seed).sample(level, min(samples, len(level)))
    work = []
    for state in chosen:
        solver = AtroposSolver(n, restricted, budget, table=table)
        before = budget.nodes
        solver.wins(state)
        work.append(budget.nodes - before)
    return Projection(n, depth, len(level), tuple(work))


@dataclass(frozen=True)
class SplitResult:
    """What ``solve_split`` found and what it cost."""

    wins: bool
    #: a winning first move (circle, colour), if the player to move wins
    winning_move: tuple[int, int] | None
    #: first moves up to symmetry, how many were read from the store and solved now
    moves: int
    from_store: int
    solved_now: int
    nodes: int


#: Per worker process: the solver of each (n, restricted), kept across tasks so that
#: its transposition table serves every first move the process is given.
_WORKER_SOLVERS: dict[tuple[int, bool, int | None], AtroposSolver] = {}


def _solve_move(n: int, restricted: bool, state: State, seconds: float | None,
                table: int | None = None) -> tuple[State, bool | None, int]:
    """A worker's task: does the player to move win from ``state``?  (None: out of time.)"""
    from grundy.search.budget import Budget, BudgetExceeded

    solver = _WORKER_SOLVERS.get((n, restricted, table))
    if solver is None:
        solver = _WORKER_SOLVERS[n, restricted, table] = AtroposSolver(n, restricted,
                                                                        table=table)
    solver.budget = Budget(max_seconds=seconds)
    before = solver.budget.nodes
    try:
        won: bool | None = solver.wins(state)
    except BudgetExceeded:
        won = None
    return state, won, solver.budget.nodes - before


def solve_split(
    state: State,
    n: int,
    restricted: bool = True,
    store: Store | None = None,
    workers: int = 2,
    budget: Budget | None = None,
    progress: Callable[[int, int], None] | None = None,
    table: int | None = None,
) -> SplitResult:
    """Does the player to move win from ``state``?  Each first move (one per symmetry
    class) is solved in one of ``workers`` processes, and its result goes to ``store``
    as soon as it is known, so a run that is stopped (budget, Ctrl-C, kill) resumes with
    the moves it has not finished.  The first move that leaves a lost state ends it.

    ``progress(done, total)`` is called after each first move.  Only the time limit of
    ``budget`` applies (nodes are counted per process and reported).  ``table`` bounds
    each worker's transposition table (``AtroposSolver``).
    """
    import multiprocessing

    from grundy.search.budget import Budget

    budget = budget if budget is not None else Budget()
    g, name = geometry(n), "atropos" if restricted else "unrestricted-atropos"
    replies = dict(first_moves(g, state, restricted))
    known: dict[State, bool] = {}
    if store is not None:
        for child in replies:
            value = store.get("win", name, (n, *child))
            if value is not None:
                known[child] = bool(value)
    from_store, nodes = len(known), 0
    pending = [child for child in replies if child not in known]
    if pending and not any(won is False for won in known.values()):
        _, seconds = budget.remaining()
        context = multiprocessing.get_context("spawn")
        with context.Pool(max(1, min(workers, len(pending)))) as pool:
            tasks = [(n, restricted, child, seconds, table) for child in pending]
            for child, won, expanded in pool.imap_unordered(_star_solve_move, tasks):
                nodes += expanded
                if won is None:
                    break
                known[child] = won
                if store is not None:
                    store.put("win", name, (n, *child), int(won))
                    store.flush()
                if progress is not None:
                    progress(len(known), len(replies))
                if not won:
                    break
            pool.terminate()
    budget.charge(nodes, all(child in known for child in replies)
                  or any(won is False for won in known.values()), len(known))
    lost = next((child for child, won in known.items() if not won), None)
    wins = lost is not None
    if store is not None:
        store.put("win", name, (n, *canonical(g, state)), int(wins))
        store.flush()
    return SplitResult(wins, replies[lost] if lost is not None else None, len(replies),
                       from_store, len(known) - from_store, nodes)


def _star_solve_move(task: tuple[int, bool, State, float | None, int | None]
                     ) -> tuple[State, bool | None, int]:
    return _solve_move(*task)


@dataclass(frozen=True)
class NimberCensus:
    """The nimbers of every state reachable from a root (``nimber_census``)."""

    nimber: int
    #: counts[v]: states expanded with nimber v
    counts: tuple[int, ...]
    #: witnesses[v]: safe moves (circle, colour) from the root to a state of nimber v
    #: (empty where counts[v] is 0)
    witnesses: tuple[tuple[tuple[int, int], ...], ...]
    nodes: int

    @property
    def largest(self) -> int:
        return len(self.counts) - 1


def nimber_census(n: int, state: State, restricted: bool = True, suicide: bool = False,
                  budget: Budget | None = None, capacity: int | None = None) -> NimberCensus:
    """The nimber of ``state`` and of every state reachable from it, in the Rust kernel
    (``AtroposKernel.nimber_census``).  Its table keeps every state (memory grows with the
    states, about 200 bytes each), or with ``capacity`` two generations of that many
    entries: then a state may be expanded again and the counts are of expansions, while
    the largest value and its witnesses stay exact (every reachable state is expanded).
    Suicidal moves are dropped, or with ``suicide`` lead to a finished game of value 1
    (Burke 2009, Def 2.1.6, seed 004 L364).  The largest
    value over the positions reachable from the start is the question of Burke, Ferland &
    Teng 2022, Lemma 21 (seed 002 L312-316) and Ferland 2024 §7.3.1 (seed 001 L1558).
    Running time linear in the states reachable (exponential in n)."""
    from grundy.protocol import GrundyError
    from grundy.search.budget import Budget

    budget = budget if budget is not None else Budget()
    kernel = native_kernel(geometry(n), restricted, capacity=1)
    if kernel is None:
        raise GrundyError(f"the nimber census needs the native kernel and n <= 9; got n = {n}")
    budget.start()
    nodes, seconds = budget.remaining()
    found, expanded = kernel.nimber_census(limbs(state), suicide, capacity, nodes, seconds)
    budget.charge(expanded, found is not None, expanded)
    assert found is not None  # charge raised BudgetExceeded otherwise
    value, counts, witnesses = found
    return NimberCensus(value, tuple(counts), tuple(tuple(w) for w in witnesses), expanded)
