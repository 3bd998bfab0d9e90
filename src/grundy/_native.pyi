"""Typed stubs of ``grundy._native``, the Rust kernels (crate ``native/``).

Every search function takes an optional node budget (positions expanded) and time budget
(seconds), and returns ``(result, nodes)``: ``result`` is None when a budget stopped the
search.  A time budget outside 0 to 86,400 seconds (a day; negative, NaN or infinite) is
a ValueError before the search starts.  Pending Python signals (Ctrl-C) are checked
every few thousand positions and raised as they are.  A Rust panic is raised as
``NativePanic``, never a crash.
"""

from collections.abc import Callable
from typing import Self, TypeAlias, final

__all__ = [
    "AMAZONS_MAX_CELLS",
    "CLOBBER_MAX_CELLS",
    "DOMINEERING_MAX_CELLS",
    "FISSION_MAX_CELLS",
    "GEOGRAPHY_MAX_VERTICES",
    "HEX_MAX_SIDE",
    "KONANE_MAX_CELLS",
    "MATCHMAKER_MAX_SIDE",
    "NODE_KAYLES_MAX_VERTICES",
    "SKI_JUMPS_MAX_CELLS",
    "TINTED_MAX_VERTICES",
    "TRANSVERSE_WAVE_MAX_COLUMNS",
    "Amazons",
    "AtroposKernel",
    "Clobber",
    "Domineering",
    "DomineeringOutcomes",
    "Fission",
    "GameStore",
    "Geography",
    "HexKernel",
    "HexSolverKernel",
    "Konane",
    "MatchmakerProfiles",
    "NativePanic",
    "NodeKayles",
    "SkiJumps",
    "Tinted",
    "TransverseWave",
    "_panic_for_tests",
    "loopy_compare",
    "loopy_outcomes",
    "matchmaker_profiles",
    "misere_extend",
    "misere_predicts",
    "octal_sequence",
    "subtraction_sequence",
]

class NativePanic(RuntimeError):
    """A bug in a native kernel (a Rust panic), raised instead of crashing the interpreter."""

GEOGRAPHY_MAX_VERTICES: int
NODE_KAYLES_MAX_VERTICES: int
TRANSVERSE_WAVE_MAX_COLUMNS: int

@final
class Geography:
    """Vertex Geography on one digraph of at most GEOGRAPHY_MAX_VERTICES vertices
    (``out[v]``: out-neighbour bitmask; an undirected graph has both arcs of each edge);
    positions, keyed by the token and the vertices it can reach, are kept between calls."""

    def __new__(cls, out: list[int]) -> Self: ...
    def grundy(
        self,
        token: int,
        removed: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The value with the token on ``token`` and the vertices of ``removed`` deleted."""

    @property
    def table_size(self) -> int:
        """Positions solved so far."""

    def record(self) -> None:
        """From now on, keep each newly solved position for ``take_new``."""
    def take_new(self) -> bytes:
        """The positions solved since the last call, as one batch for the store."""
    def learn(self, batch: bytes) -> None:
        """A batch ``take_new`` gave, from an earlier run (ValueError if malformed)."""

@final
class NodeKayles:
    """Node Kayles on one graph of at most NODE_KAYLES_MAX_VERTICES vertices; solved
    connected components are kept between calls (ValueError for a bigger graph)."""

    def __new__(cls, adjacency: list[int]) -> Self: ...
    def grundy(
        self, alive: int, max_nodes: int | None = None, max_seconds: float | None = None
    ) -> tuple[int | None, int]:
        """The value of the position whose remaining (playable) vertices are ``alive``."""

    @property
    def table_size(self) -> int:
        """Connected components solved so far."""

    def record(self) -> None:
        """From now on, keep each newly solved component for ``take_new``."""
    def take_new(self) -> bytes:
        """The components solved since the last call, as one batch for the store."""
    def learn(self, batch: bytes) -> None:
        """A batch ``take_new`` gave, from an earlier run (ValueError if malformed)."""

@final
class TransverseWave:
    """Transverse Wave grids of at most TRANSVERSE_WAVE_MAX_COLUMNS columns; solved
    reduced grids are kept between calls."""

    def __new__(cls) -> Self: ...
    def grundy(
        self,
        width: int,
        rows: list[int],
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The value of a grid; bit j of ``rows[i]`` set when cell (i, j) is purple."""

    @property
    def table_size(self) -> int:
        """Reduced grids solved so far."""

    def record(self) -> None:
        """From now on, keep each newly solved reduced grid for ``take_new``."""
    def take_new(self) -> bytes:
        """The reduced grids solved since the last call, as one batch for the store."""
    def learn(self, batch: bytes) -> None:
        """A batch ``take_new`` gave, from an earlier run (ValueError if malformed)."""

DOMINEERING_MAX_CELLS: int

#: ``(id, Left option ids, Right option ids)`` for each game reachable from a root,
#: each after its options.
_Closure: TypeAlias = list[tuple[int, list[int], list[int]]]
_Dyadic: TypeAlias = tuple[int, int]
_Thermograph: TypeAlias = tuple[
    list[tuple[_Dyadic, _Dyadic]], list[tuple[_Dyadic, _Dyadic]], _Dyadic, _Dyadic]

@final
class GameStore:
    """Canonical short partizan games, each an integer id (0 is the game 0); forms are
    interned, so equal games have equal ids.  ValueError for an id not in the store."""

    def __new__(cls) -> Self: ...
    def of(self, lefts: list[int], rights: list[int]) -> int:
        """The canonical form of {lefts | rights}."""
    def number(self, num: int, exp: int) -> int:
        """The dyadic rational num / 2^exp (exp at most 62)."""
    def uptimal(self, num: int, exp: int, n: int, m: int) -> int:
        """x + n·↑ + *m with x = num / 2^exp."""
    def le(self, g: int, h: int) -> bool:
        """G ≤ H."""
    def add(self, g: int, h: int) -> int:
        """G + H."""
    def neg(self, g: int) -> int:
        """−G."""
    def of_forms(self, forms: list[tuple[list[int], list[int]]]) -> list[int]:
        """The canonical forms of many {lefts | rights}, options first: an option k ≥ 0 is
        the store's game k, k < 0 the form at position −k − 1 of the list (before it)."""
    def stops(self, g: int) -> tuple[_Dyadic, _Dyadic]:
        """(left stop, right stop), each as (num, exp): num / 2^exp."""
    def thermograph(self, g: int) -> _Thermograph:
        """Left wall, right wall (breakpoints (t, value) from t = −1), mast and
        temperature, each number as (num, exp); followers' are kept for later calls."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    def __len__(self) -> int: ...

@final
class Domineering:
    """Domineering boards of at most DOMINEERING_MAX_CELLS cells; solved regions and
    their canonical values are kept between calls (ValueError for a bigger board).  The
    values are interned in ``store`` (a new one if none is given): given the values
    layer's store, a value's stops and thermograph are read there without a copy."""

    def __new__(cls, store: GameStore | None = None) -> Self: ...
    def value(
        self,
        height: int,
        width: int,
        empty: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        threads: int = 1,
    ) -> tuple[int | None, int]:
        """The id of the board's value in ``store``; bit ``r * width + c`` of ``empty`` is
        cell (r, c).  ``threads`` above 1 (at most 64) solves it on that many threads
        sharing the regions they solve (ValueError out of range)."""
    @property
    def store(self) -> GameStore:
        """The store holding the values."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Regions solved so far."""

@final
class DomineeringOutcomes:
    """Domineering outcomes on ``height`` by ``width`` boards (at most
    DOMINEERING_MAX_CELLS cells) by a win/loss search whose table is kept between calls;
    regions of at most ``value_cells`` cells are played as their canonical values and
    ``safe_moves`` turns the safe-move counting rule on (ValueError for a bigger board)."""

    def __new__(
        cls, height: int, width: int, value_cells: int = 12, safe_moves: bool = True
    ) -> Self: ...
    def wins(
        self,
        empty: int,
        left: bool,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[bool | None, int]:
        """Does the player to move (Left if ``left``) win?  None if a limit stopped it."""
    @property
    def table_size(self) -> int:
        """Positions in the table."""

AMAZONS_MAX_CELLS: int

@final
class Amazons:
    """Amazons boards of at most AMAZONS_MAX_CELLS cells; solved regions and their
    canonical values are kept between calls (ValueError for a bigger board or an amazon
    on a burnt or doubly taken cell)."""

    def __new__(cls) -> Self: ...
    def value(
        self,
        height: int,
        width: int,
        open: int,
        black: int,
        white: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The id of the board's value; bit ``r * width + c`` of ``open`` is set when cell
        (r, c) is not burnt, of ``black`` (``white``) when it holds a black (white)
        amazon: Left's (Right's)."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Regions solved so far."""

KONANE_MAX_CELLS: int

@final
class Konane:
    """Konane boards of at most KONANE_MAX_CELLS cells; solved boards and their canonical
    values are kept between calls (ValueError for a bigger board, a stone off the board
    or a cell of both colours)."""

    def __new__(cls) -> Self: ...
    def value(
        self,
        height: int,
        width: int,
        black: int,
        white: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The id of the board's value; bit ``r * width + c`` of ``black`` (``white``) is
        set when cell (r, c) holds a black (white) stone: Left's (Right's)."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Boards solved so far."""

CLOBBER_MAX_CELLS: int

@final
class Clobber:
    """Clobber or a variant on boards of at most CLOBBER_MAX_CELLS cells: ``steps`` the
    orthogonal, diagonal or king steps as (dr, dc) pairs in any order, ``reach`` the most
    cells a stone moves over empty ones onto an enemy stone (default 1; None: any number),
    ``anti`` for Anti-Clobber (a stone steps onto an empty cell, leaving an enemy stone;
    reach 1), ``hot`` for Hot Clobber (a stone takes the first stone it meets, of either
    colour).
    Solved boards and their canonical values are kept between calls (ValueError for other
    steps or reaches, a bigger board, a stone off the board or a cell of both colours)."""

    def __new__(
        cls,
        steps: list[tuple[int, int]],
        reach: int | None = ...,
        anti: bool = False,
        hot: bool = False,
    ) -> Self: ...
    def value(
        self,
        height: int,
        width: int,
        black: int,
        white: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The id of the board's value; bit ``r * width + c`` of ``black`` (``white``) is
        set when cell (r, c) holds a black (white) stone: Left's (Right's)."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Boards solved so far."""

TINTED_MAX_VERTICES: int

@final
class Tinted:
    """Snort, Col, black-white Node Kayles or Digraph Placement (``rule`` "snort", "col",
    "node-kayles" or "digraph-placement") on one graph of at most TINTED_MAX_VERTICES
    vertices (``adjacency[v]``: v's neighbours as a bitmask, its out-neighbours under
    Digraph Placement); solved components and their canonical values are kept between
    calls."""

    def __new__(cls, rule: str, adjacency: list[int]) -> Self: ...
    def value(
        self,
        black: int,
        white: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The id of the value where Left may play ``black`` and Right ``white``."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Components solved so far."""

def loopy_compare(
    g_left: list[list[int]],
    g_right: list[list[int]],
    h_left: list[list[int]],
    h_right: list[list[int]],
    onside: bool | None = None,
) -> list[bool]:
    """For every pair (u, v) of a position u of G and v of H (index u·|H| + v): whether
    Left, moving second in G_u − H_v, never runs out of moves (G_u ≥ H_v for stoppers);
    with ``onside`` True or False, the onside or offside order instead (Büchi games).
    ValueError (one line) for malformed lists."""

def loopy_outcomes(
    left_offsets: list[int],
    left_targets: list[int],
    right_offsets: list[int],
    right_targets: list[int],
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> tuple[list[int] | None, int]:
    """The winner (0 Left, 1 Right, 2 a draw) of every state of a loopy game graph given
    in compressed rows (the Left options of position v are
    ``left_targets[left_offsets[v]:left_offsets[v + 1]]``): state 2v has Left to move at
    v, 2v + 1 Right.  ValueError (one line) for malformed arrays."""

def subtraction_sequence(
    subtraction_set: list[int],
    n: int,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> tuple[list[int] | None, int]:
    """Grundy values of heaps 0..n (n + 1 values) of the subtraction game with this set."""

def misere_predicts(
    table: list[int],
    size: int,
    p_portion: list[int],
    letters: list[tuple[int, list[int]]],
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> tuple[bool | None, int]:
    """Whether a candidate misère quotient predicts the misère outcome of every sum of
    heaps (``grundy.search.misere_quotient``): ``table[x * size + y]`` is x·y, ``letters``
    each heap's element and its options' elements.  ValueError (one line) for malformed
    arrays."""

def misere_extend(
    size: int,
    act: list[list[int]],
    p: list[bool],
    options: list[list[list[int]]],
    max_seconds: float | None = None,
    progress: Callable[[int], object] | None = None,
    max_trials: int | None = None,
) -> tuple[tuple[int, list[list[int]], list[bool], list[int]] | None, int]:
    """The misère quotient of the heaps 0..n of a heap game from that of the heaps
    0..n−1 (Plambeck & Siegel's method as Siegel's MisereSolver runs it): ``act[h][x]``
    is x times heap h's element, ``p`` the P-flags, ``options[h]`` the options of heap h
    (lists of smaller heaps, heaps 0..n at least).  The quotient's size, actions (heaps
    0..n), P-flags and the order of each trial monoid checked, or None when the budget
    stops it, and the work done;
    ``progress(work)`` is called now and then.  ValueError (one line) for malformed
    arrays, RuntimeError for a trial monoid too large or when ``max_trials`` trials all
    fail (the message gives the least order the last one proves)."""

def octal_sequence(
    code: str,
    n: int,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> tuple[list[int] | None, int]:
    """The nim-sequence G(0), G(1), ..., G(n) of the octal game ``code``.

    ``code`` is an octal code such as ``"0.137"`` (Dawson's Chess), ``"0.07"`` (Dawson's
    Kayles) or ``"4.07"``: digit d_k (d_0 before the point) is a sum of 1 (taking k tokens
    may leave no heap), 2 (may leave one heap) and 4 (may leave two non-empty heaps); d_0
    may only be 0 or 4.  ValueError (one line) for a malformed code.  Cost is O(n^2 · digits)
    for codes with a 4 digit, O(n · digits) otherwise; one node per heap size.
    """

def _panic_for_tests(message: str) -> None:
    """Panic inside a guarded call (the tests prove the panic becomes NativePanic)."""

@final
class AtroposKernel:
    """The Atropos win/loss search of one board (crate ``native/src/atropos.rs``).

    Built from the tables of ``grundy.rulesets.atropos.search.geometry``: each open
    circle's neighbour mask, the smallest triangles through it as (triangle, v, w) with
    -1 for a border circle, and the 36 symmetries as (circle images, triangle images,
    colour images 0..3).  At most 64 open circles and 128 triangles (n <= 9); ValueError
    (one line) otherwise.  The transposition table is kept between calls, ``capacity``
    entries per generation (two generations).  With ``threads`` > 1 (at most 64) that many
    threads search sharing one table (lock-striped); a thread meeting a state another one
    is searching near the root tries its other moves first.  The node budget then bounds
    each thread's expansions; the count returned is their sum.
    """

    def __new__(
        cls,
        neighbours: list[int],
        at: list[list[tuple[int, int, int]]],
        symmetries: list[tuple[list[int], list[int], list[int]]],
        restricted: bool,
        capacity: int = ...,
        threads: int = 1,
    ) -> Self: ...
    def wins(
        self,
        state: tuple[int, list[int], list[int], int],
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        progress: Callable[[int], object] | None = None,
    ) -> tuple[bool | None, int]:
        """Does the player to move win?  ``state`` is (uncoloured, forbidden limbs, single
        limbs, candidates), the bit fields of ``State`` in four 64-bit limbs each;
        ``progress(expanded)`` is called every few thousand expansions."""
    def nimber(
        self,
        state: tuple[int, list[int], list[int], int],
        suicide: bool,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The nimber of this state (None if a budget stopped it): suicidal moves dropped,
        or with ``suicide`` leading to a finished game of value 1; the table is kept (two
        generations of ``capacity`` entries for each rule)."""
    def nimber_census(
        self,
        state: tuple[int, list[int], list[int], int],
        suicide: bool,
        capacity: int | None = None,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[tuple[int, list[int], list[list[tuple[int, int]]]] | None, int]:
        """Every state reachable from this one valued in a table of its own (two generations
        of ``capacity`` entries; None: unbounded, each state expanded once): (the nimber,
        for each value the states expanded with it, for each value the moves (circle,
        colour) to the first one) or None if a budget stopped it."""
    def __len__(self) -> int:
        """Entries in the transposition table."""

HEX_MAX_SIDE: int

@final
class HexKernel:
    """The Hex win/loss search of one board side n <= 11 (crate ``native/src/hex.rs``),
    the same search as ``grundy.rulesets.grids.hex_search.HexSearch``; ValueError (one
    line) for another side.  The transposition table is kept between calls."""

    def __new__(cls, n: int) -> Self: ...
    def wins(
        self,
        red: int,
        blue: int,
        red_moves: bool,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[bool | None, int]:
        """Does the player to move win?  ``red`` and ``blue`` are the stones' bitmasks
        (bit r * n + c for cell (r, c)); red joins top and bottom."""
    def reduce(self, red: int, blue: int) -> tuple[int, int]:
        """The board with dead cells (red) and captured pairs filled in."""
    def __len__(self) -> int:
        """Entries in the transposition table."""

@final
class HexSolverKernel:
    """The Hex solver of one board side n <= 11 (crate ``native/src/hex_solver.rs``):
    depth-first proof-number search with dead and captured cells filled in, virtual
    connections by H-search and dominated moves skipped (each rule can be switched off);
    ValueError (one line) for another side or a bad board.  The transposition table is
    kept between calls."""

    def __new__(
        cls,
        n: int,
        dead: bool = True,
        captured: bool = True,
        connections: bool = True,
        dominated: bool = True,
    ) -> Self: ...
    def wins(
        self,
        red: int,
        blue: int,
        red_moves: bool,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[bool | None, int]:
        """Does the player to move win (red joins top and bottom; bit r * n + c)?"""
    def winning_move(
        self,
        red: int,
        blue: int,
        red_moves: bool,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, bool, int]:
        """(a winning move of the player to move, None if they lose; whether the search
        finished within its budget; positions expanded)."""
    def move_values(
        self,
        red: int,
        blue: int,
        red_moves: bool,
        moves: list[int],
        threads: int = 1,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[list[bool] | None, int]:
        """For each of ``moves`` (empty cells): does the player to move win by playing
        there?  Solved on ``threads`` threads (this solver and fresh ones); (the answers,
        None if the budget ran out; positions expanded)."""
    def connection(self, red: int, blue: int, for_red: bool) -> tuple[int, int | None] | None:
        """A virtual connection of the player's edges on the board as it stands:
        (carrier, key), key None for a full connection; None if H-search finds none."""
    def __len__(self) -> int:
        """Entries in the transposition table."""

FISSION_MAX_CELLS: int

@final
class Fission:
    """Fission boards of at most FISSION_MAX_CELLS cells; solved boards and their canonical
    values are kept between calls (ValueError for a bigger board, a cell off the board or
    a stone on a cell out of play)."""

    def __new__(cls) -> Self: ...
    def value(
        self,
        height: int,
        width: int,
        stones: int,
        blocked: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The id of the board's value; bit ``r * width + c`` of ``stones`` (``blocked``)
        is set when cell (r, c) holds a stone (is out of play)."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Boards solved so far."""

SKI_JUMPS_MAX_CELLS: int

@final
class SkiJumps:
    """Ski-Jumps slopes of at most SKI_JUMPS_MAX_CELLS cells; solved slopes and their
    canonical values are kept between calls (ValueError for a bigger slope, a cell off it,
    a cell with two skiers or a jumper on an empty cell)."""

    def __new__(cls) -> Self: ...
    def value(
        self,
        height: int,
        width: int,
        left: int,
        right: int,
        jumpers: int,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[int | None, int]:
        """The id of the slope's value; bit ``r * width + c`` of ``left`` (``right``) is set
        when cell (r, c) holds a skier of Left's (Right's), of ``jumpers`` when that skier
        is a jumper."""
    def closure(self, root: int) -> _Closure:
        """The games reachable from ``root``, each after its options."""
    @property
    def table_size(self) -> int:
        """Slopes solved so far."""

MATCHMAKER_MAX_SIDE: int

#: A cell value of Tables 5.1-5.4: (x, min loners, max loners), the value, and the first
#: board met with it (``board[w - 1]``: the partner of West w, 0 when unmatched).
_CellValue: TypeAlias = tuple[tuple[int, int, int], int, list[int]]

def matchmaker_profiles(
    max_n: int, max_nodes: int | None = None, max_seconds: float | None = None
) -> tuple[MatchmakerProfiles | None, int]:
    """Stubborn Matchmaker's profile values for every board of up to ``max_n`` candidates a
    side, at most MATCHMAKER_MAX_SIDE (ValueError beyond); each profile is a position."""

@final
class MatchmakerProfiles:
    """The profile values of Stubborn Matchmaker boards (``matchmaker_profiles``)."""

    def value(self, x: int, west: int, east: int) -> int | None:
        """V of the profile (x, west, east), None when no board of at most ``max_n`` a
        side has it."""
    def class_tables(
        self,
        max_n: int,
        strict: bool,
        smallest: bool,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> tuple[list[_CellValue] | None, int]:
        """Tables 5.1-5.4 of Burke 2009 from boards of up to ``max_n`` a side (at most
        ``self.max_n``; ValueError beyond), each cell value with its first board."""
    @property
    def max_n(self) -> int:
        """The largest board covered (candidates a side)."""
    def __len__(self) -> int:
        """Profiles valued."""
