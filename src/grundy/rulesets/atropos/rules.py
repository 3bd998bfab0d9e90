"""ATROPOS and UNRESTRICTED ATROPOS (Burke, seed 004).

Seed ``004_d08755248cee49c5.txt``: the board is a hollow Sperner triangle whose
border is coloured as in L419 and L1339-1350 (``atropos_board``).

- UNRESTRICTED ATROPOS (Def 3.2.2, L440): colour any uncoloured circle red, green or
  blue; the first player to make a bad triangle (Def 3.2.1, L426: a smallest
  triangle with all three colours) loses.
- ATROPOS (Def 3.2.3, L448): the same, but after the first move you must colour a
  circle adjacent to the last move; only if none is uncoloured may you play anywhere
  (a jump).  If every adjacent circle is suicidal you must still play there, and lose.

A position is the colouring of the open circles and the last move.  The thesis's
Grundy function (Def 2.1.6, L364) gives a finished game won by the player to move
the value 1, so the same game has two readings, and both are registered:

- ``atropos``, ``unrestricted-atropos`` — suicidal moves are dropped: a player with
  only suicidal moves has no move and loses (normal play; every generic tool —
  sums, ``grundy play``, the naive reference — applies as is);
- ``atropos-with-suicide``, ``unrestricted-atropos-with-suicide`` — suicidal moves
  are moves, to a finished position of value 1 (the thesis's Def 2.1.6).

Both give the same outcome everywhere, not the same nimbers (see the tests).  A
position with a bad triangle is the value-1 end of Def 2.1.6 written as a game tree:
the player to move has one move, ``win``, to the finished game (last move ``OVER``,
written ``;over``), which has none.  So every generic tool — the engine, the naive
reference, ``grundy play`` — reads both conventions right.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from grundy.protocol import (
    Citation,
    IllegalMoveError,
    ImpartialRuleset,
    Move,
    ParseError,
    SizeLimitError,
    read_int,
)
from grundy.rulesets.atropos.board import (
    BLUE,
    COLOURS,
    FROM_LETTER,
    GREEN,
    LETTERS,
    NAMES,
    RED,
    UNCOLOURED,
    Board,
    Cell,
    board,
)
from grundy.rulesets.atropos.search import (
    AtroposSolver,
    State,
    abstract,
    candidates,
    geometry,
    limbs,
    native_fits,
    native_kernel,
)
from grundy.rulesets.drawing import INK, PAPER, clickable_circle, svg_document
from grundy.rulesets.registry import register

if TYPE_CHECKING:
    from grundy._native import AtroposKernel
    from grundy.protocol import Key, NativeMemo


class AtroposPosition(NamedTuple):
    """Board size, colours of the open circles (board index order), last move
    (-1: none; ``OVER``: the game has ended with a bad triangle)."""

    n: int
    colours: tuple[int, ...]
    last: int = -1

    @property
    def board(self) -> Board:
        return board(self.n)


#: A move: (row j, column i, colour)
AtroposMove = tuple[int, int, int]
#: ``last`` of a finished game (after the ``win`` move that ends a bad-triangle position)
OVER = -2
WIN = "win"


def start(n: int) -> AtroposPosition:
    """The empty board of size n ≥ 1."""
    if n < 1:
        raise ParseError(f"board size {n} is too small: Atropos boards have size 1 or more")
    return AtroposPosition(n, (UNCOLOURED,) * (n * (n + 1) // 2))


def bad_triangles(position: AtroposPosition) -> list[tuple[Cell, Cell, Cell]]:
    """The bad triangles of a position (Def 3.2.1, L426)."""
    return position.board.bad_triangles(position.colours)


def safe_colours(position: AtroposPosition, cell: Cell) -> tuple[int, ...]:
    """The colours an uncoloured open circle can take without making a bad triangle."""
    b = position.board
    if cell not in b.index:
        raise IllegalMoveError(f"({cell[0]},{cell[1]}) is not an open circle of the board")
    return b.safe_colours(position.colours, b.index[cell])


def playable_cells(position: AtroposPosition, restricted: bool = True) -> list[Cell]:
    """Where the player to move may play (Def 3.2.3, L448; every uncoloured circle if
    ``restricted`` is false); empty once the game is over."""
    if bad_triangles(position):
        return []
    b = position.board
    uncoloured = sum(1 << k for k, c in enumerate(position.colours) if not c)
    mask = candidates(geometry(position.n), uncoloured, position.last, restricted)
    return [b.cells[k] for k in range(b.size) if mask >> k & 1]


def colour_cell(position: AtroposPosition, move: AtroposMove) -> AtroposPosition:
    """Colour one open circle (no legality check) and make it the last move."""
    j, i, colour = move
    k = position.board.index[(j, i)]
    colours = list(position.colours)
    colours[k] = colour
    return AtroposPosition(position.n, tuple(colours), k)


def state_of(position: AtroposPosition, restricted: bool = True) -> State:
    """The solver's abstract state of a position without a bad triangle."""
    return abstract(position.n, position.colours, position.last, restricted)


# -- text formats -----------------------------------------------------------------

_COURSE_ROW = re.compile(r"\[(\d*)\]")
_LAST = re.compile(r"(null|over|\((\d),(\d+),(\d+),(\d+)\))", re.IGNORECASE)


#: Largest board size n a position text may give (a size-30 board has 1,305 moves).
MAX_SIZE = 30
ATROPOS_LIMITS = {"board size": MAX_SIZE}


def _board_size(n: int) -> int:
    """``n`` if it is within ``MAX_SIZE``, checked before the board is built."""
    if n > MAX_SIZE:
        raise SizeLimitError(f"board size {n:,} is over the Atropos limit of {MAX_SIZE}: "
                             "write a smaller board")
    return n


def parse_position(text: str) -> AtroposPosition:
    """Read the course string, the readable rows, or a bare size (an empty board)."""
    text = text.strip()
    if text.isdigit():
        return start(_board_size(read_int(text, "the board size")))
    if text.startswith("["):
        return parse_course(text)
    return parse_rows(text)


def parse_course(text: str) -> AtroposPosition:
    """``[13][302]…[121212]LastPlay:null``: rows top-down with their border circles,
    0 uncoloured, 1 red, 2 blue, 3 green; the last play ``null`` or ``(c,j,i,k)``
    (colour, row from the bottom, distance from the left, distance from the right,
    j + i + k = n + 2)."""
    rows_text, _, rest = text.partition("LastPlay:")
    rows = _COURSE_ROW.findall(rows_text.replace(" ", ""))
    if "".join(f"[{r}]" for r in rows) != rows_text.replace(" ", ""):
        raise ParseError(
            "cannot read the rows: write digits 0-3 in brackets, e.g. [13][302][1003][12121]"
        )
    n = _board_size(len(rows) - 2)
    if n < 1:
        raise ParseError(f"{len(rows)} rows is too few: a board of size n has n + 2 rows")
    b = board(n)
    colours = [UNCOLOURED] * b.size
    for top_down, row in enumerate(rows):
        j = n + 1 - top_down
        circles = b.rows[j]
        if len(row) != len(circles):
            raise ParseError(
                f"row {top_down + 1} from the top has {len(row)} circles but a size-{n} board "
                f"has {len(circles)} there"
            )
        for cell, digit in zip(circles, row, strict=True):
            colour = int(digit)
            if colour > 3:
                raise ParseError(f"colour {digit} at ({cell[0]},{cell[1]}): use 0-3")
            if cell in b.border:
                if colour != b.border[cell]:
                    raise ParseError(
                        f"border circle ({cell[0]},{cell[1]}) is {colour} but must be "
                        f"{b.border[cell]} ({NAMES[b.border[cell]]}) on a size-{n} board"
                    )
            else:
                colours[b.index[cell]] = colour
    last = -1
    match = _LAST.fullmatch(rest.strip()) if rest.strip() else None
    if "LastPlay:" not in text or match is None:
        raise ParseError("end the string with LastPlay:null or LastPlay:(c,j,i,k)")
    if match.group(1).lower() == "over":
        return finished(AtroposPosition(n, tuple(colours), OVER))
    if match.group(2) is not None:
        c, j, i, k = (int(match.group(g)) for g in range(2, 6))
        if j + i + k != n + 2 or (j, i) not in b.index:
            raise ParseError(
                f"last play ({c},{j},{i},{k}) is not an open circle: need j + i + k = {n + 2}"
            )
        last = b.index[(j, i)]
        if colours[last] != c or not c:
            raise ParseError(f"last play ({c},{j},{i},{k}) does not match the circle's colour")
    return AtroposPosition(n, tuple(colours), last)


def format_course(position: AtroposPosition) -> str:
    b = position.board
    rows = []
    for j in range(position.n + 1, -1, -1):
        rows.append("[" + "".join(str(b.colour_of(c, position.colours)) for c in b.rows[j]) + "]")
    if position.last < 0:
        last = "over" if position.last == OVER else "null"
    else:
        j, i = b.cells[position.last]
        last = f"({position.colours[position.last]},{j},{i},{position.n + 2 - j - i})"
    return "".join(rows) + "LastPlay:" + last


def parse_rows(text: str) -> AtroposPosition:
    """Readable rows: open circles top-down, ``.`` uncoloured, R/B/G (or Y), rows
    separated by ``/``; the last move written in lower case; ``;over`` after a
    board with a bad triangle marks the finished game."""
    text, over, rest = text.partition(";")
    if over and rest.strip().lower() != "over":
        raise ParseError(f"unknown suffix ;{rest.strip()}: the only one is ;over")
    lines = [line.strip() for line in text.split("/", MAX_SIZE)]
    n = _board_size(len(lines))
    b = board(n)
    colours = [UNCOLOURED] * b.size
    last = -1
    for top_down, line in enumerate(lines):
        j = n - top_down
        if len(line) != n - j + 1:
            raise ParseError(
                f"row {top_down + 1} from the top has {len(line)} circles but should have "
                f"{n - j + 1}: write rows of 1, 2, ..., n circles top-down, e.g. ./R./..."
            )
        for i, char in enumerate(line, start=1):
            if char == ".":
                continue
            if char.upper() not in FROM_LETTER:
                raise ParseError(f"unknown circle {char!r}: circles are . R B G (Y for G)")
            k = b.index[(j, i)]
            colours[k] = FROM_LETTER[char.upper()]
            if char.islower():
                if last >= 0:
                    raise ParseError("two circles are in lower case: only the last move is")
                last = k
    position = AtroposPosition(n, tuple(colours), last)
    return finished(position._replace(last=OVER)) if over else position


def finished(position: AtroposPosition) -> AtroposPosition:
    """Check that a position marked over has a bad triangle."""
    if not bad_triangles(position):
        raise ParseError("the game is marked over but there is no bad triangle on the board")
    return position


def format_rows(position: AtroposPosition) -> str:
    b = position.board
    lines = []
    for j in range(position.n, 0, -1):
        line = ""
        for i in range(1, position.n - j + 2):
            k = b.index[(j, i)]
            letter = LETTERS[position.colours[k]]
            line += letter.lower() if k == position.last else letter
        lines.append(line)
    return "/".join(lines) + (";over" if position.last == OVER else "")


# -- pictures -----------------------------------------------------------------------

#: Fig 2.1 (L368): barred, shaded and filled circles stand for the three colours.
SYMBOLS = {UNCOLOURED: "o", RED: "|", BLUE: "%", GREEN: "#"}
SVG_COLOURS = {RED: "#d62728", BLUE: "#1f77b4", GREEN: "#2ca02c"}
#: The shading of a parity switch's region (none of the three colours).
HIGHLIGHT = "#f2b400"


def board_text(position: AtroposPosition, colour_blind: bool = False) -> str:
    """The hollow triangle with its border; ``*`` marks the last move.

    Letters R/B/G, ``.`` uncoloured; in colour-blind mode the thesis's symbols
    (Fig 2.1, L368): ``|`` barred = red, ``%`` shaded = blue, ``#`` filled = green,
    ``o`` uncoloured.
    """
    b = position.board
    width = 2 * (position.n + 3)
    lines = []
    for j in range(position.n + 1, -1, -1):
        line = [" "] * width
        for cell in b.rows[j]:
            colour = b.colour_of(cell, position.colours)
            column = 2 * cell[1] + j
            line[column] = SYMBOLS[colour] if colour_blind else LETTERS[colour]
            if cell in b.index and b.index[cell] == position.last:
                line[column - 1] = "*"
        lines.append("".join(line).rstrip())
    return "\n".join(lines)


def board_svg(position: AtroposPosition, colour_blind: bool = False, title: str = "",
              regions: Sequence[Cell] = ()) -> str:
    """An SVG picture; colour-blind mode draws barred / shaded / filled circles;
    each circle of ``regions`` is drawn with its six neighbours in a shaded disc (the
    unrestricted variants mark their parity switches so, ``switches.a_switches``)."""
    b = position.board
    radius, step = 16.0, 36.0
    dy = step * 0.866
    margin = 24.0
    defs = (
        '<defs><pattern id="bars" width="6" height="6" patternUnits="userSpaceOnUse">'
        f'<rect width="6" height="6" fill="{PAPER}"/>'
        f'<rect width="2.5" height="6" fill="{INK}"/></pattern>'
        '<pattern id="shade" width="4" height="4" patternUnits="userSpaceOnUse">'
        f'<rect width="4" height="4" fill="#bbbbbb"/>'
        f'<path d="M0,4 L4,0" stroke="{INK}" stroke-width="0.8"/></pattern></defs>'
    )
    fills = (
        {UNCOLOURED: PAPER, RED: "url(#bars)", BLUE: "url(#shade)", GREEN: INK}
        if colour_blind
        else {UNCOLOURED: PAPER, **SVG_COLOURS}
    )
    body = [defs]
    for j, i in regions:
        x = margin + radius + step * (i + j / 2)
        y = margin + radius + dy * (position.n + 1 - j)
        body.append(f'<circle cx="{x:g}" cy="{y:g}" r="{step + radius + 4:g}" '
                     f'fill="{HIGHLIGHT}" fill-opacity="0.35" stroke="{HIGHLIGHT}" '
                     'stroke-width="3" stroke-dasharray="6 4"><title>parity switch '
                     f'at {j},{i}</title></circle>')
    for j in range(position.n + 2):
        for cell in b.rows[j]:
            x = margin + radius + step * (cell[1] + j / 2)
            y = margin + radius + dy * (position.n + 1 - j)
            colour = b.colour_of(cell, position.colours)
            is_last = cell in b.index and b.index[cell] == position.last
            width = 3.5 if is_last else (1.0 if cell in b.index else 0.5)
            if cell in b.index and not colour:  # open: labelled and clickable
                body += clickable_circle(x, y, radius, f"{cell[0]},{cell[1]}", fills[colour],
                             stroke_width=width, size=10)
            else:
                body.append(
                    f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fills[colour]}" '
                    f'stroke="{INK}" stroke-width="{width}"/>'
                )
    size = 2 * margin + 2 * radius + step * (position.n + 2)
    height = 2 * margin + 2 * radius + dy * (position.n + 1)
    return svg_document(size, height, body, title or format_rows(position))


# -- nimbers in Rust ------------------------------------------------------------------------

#: Entries per generation of a native nimber table (two generations are kept; an entry
#: takes about 100 bytes, so this is at most about 0.8 GB).
NIMBER_TABLE = 1 << 22


class AtroposNimbers:
    """The Grundy engine's native kernel for the four Atropos rulesets: the nimber of the
    position's abstract state (``search.State``) by the Rust search
    (``AtroposKernel.nimber``, every safe move an option and, with ``suicide``, a suicidal
    move an option of value 1), one table per board size kept between calls.  A position
    with a bad triangle is valued here: 1 (its one move ends the game), 0 once over."""

    limit = "boards of size at most 9 (64 open circles, 128 triangles)"

    def __init__(self, restricted: bool, suicide: bool) -> None:
        self.restricted = restricted
        self.suicide = suicide
        self.kernels: dict[int, AtroposKernel] = {}

    def fits(self, position: AtroposPosition) -> bool:
        return native_fits(geometry(position.n))

    def grundy(self, position: AtroposPosition, max_nodes: int | None,
               max_seconds: float | None) -> tuple[int | None, int]:
        if bad_triangles(position):
            return (0 if position.last == OVER else 1), 0
        kernel = self.kernels.get(position.n)
        if kernel is None:
            kernel = native_kernel(geometry(position.n), self.restricted, NIMBER_TABLE)
            assert kernel is not None  # the ruleset offers this kernel only when it is built
            self.kernels[position.n] = kernel
        return kernel.nimber(limbs(state_of(position, self.restricted)), self.suicide,
                             max_nodes, max_seconds)

    def memo(self, position: AtroposPosition) -> tuple[Key, NativeMemo] | None:
        return None


# -- the rulesets -------------------------------------------------------------------------


class _Atropos(ImpartialRuleset[AtroposPosition]):
    """Shared text, pictures and moves; subclasses choose the two rule switches."""

    restricted: ClassVar[bool]
    #: convention (a): suicidal moves are moves (to a value-1 finished position)
    suicide: ClassVar[bool]
    text_format = (
        "the course string [13][302][1003][30002][100003][3000002][121212]LastPlay:null "
        "(rows top-down with the border, 0 uncoloured, 1 red, 2 blue, 3 green; "
        "LastPlay:(c,j,i,k) = colour, row from the bottom, distance from the left, from the "
        "right); or readable rows of open circles top-down, . R B G, the last move in lower "
        "case, ./r./... (;over after a board with a bad triangle: the finished game); or a bare "
        "size n for the empty board"
    )
    examples = ("3", "4", "./../...", "./r./...",
                "[13][302][1003][30002][100003][3000002][121212]LastPlay:null")

    limits = ATROPOS_LIMITS

    def parse(self, text: str) -> AtroposPosition:
        return parse_position(text)

    def format(self, position: AtroposPosition) -> str:
        return format_rows(position)

    def format_move(self, move: Move) -> str:
        if move == WIN:
            return WIN
        j, i, colour = cast(AtroposMove, move)
        return f"{LETTERS[colour]}{j},{i}"

    def parse_move(self, position: AtroposPosition, text: str) -> Move:
        """``R2,1`` (colour letter, row, column; Y for green, any case), or ``win``."""
        text = text.strip()
        return super().parse_move(
            position, WIN if text.lower() == WIN else text.upper().replace("Y", "G")
        )

    def moves(self, position: AtroposPosition) -> Iterator[tuple[Move, AtroposPosition]]:
        """Def 3.2.2 / 3.2.3 (L440, L448); a bad triangle leaves only ``win``."""
        if bad_triangles(position):
            if position.last != OVER:
                yield WIN, position._replace(last=OVER)
            return
        b = position.board
        for j, i in playable_cells(position, self.restricted):
            safe = b.safe_colours(position.colours, b.index[(j, i)])
            for colour in COLOURS:
                if colour in safe or self.suicide:
                    move = (j, i, colour)
                    yield move, colour_cell(position, move)

    def key(self, position: AtroposPosition) -> Any:
        if bad_triangles(position):
            return ("over",) if position.last == OVER else ("won",)
        return (position.n, *state_of(position, self.restricted))

    def native_kernel(self) -> AtroposNimbers | None:
        """Nimbers in Rust (``AtroposNimbers``), where ``grundy._native`` is built."""
        try:
            from grundy import _native  # noqa: F401
        except ImportError:
            return None
        return AtroposNimbers(self.restricted, self.suicide)

    #: Most states one size's solver keeps between calls before its table is dropped.
    MAX_TABLE: ClassVar[int] = 2_000_000

    def own_outcome(self, position: AtroposPosition, budget: Any, store: Any) -> bool | None:
        """The fast win/loss search (``search.AtroposSolver``, over abstract states), one
        solver per board size and store kept between calls so a game reuses its table.
        Suicidal moves lose at once, so the outcome is the same with or without them."""
        if bad_triangles(position):
            return None  # finished: the generic search sees it has no moves
        solvers: dict[tuple[int, int], AtroposSolver] = self.__dict__.setdefault("_solvers", {})
        slot = (position.n, id(store))
        solver = solvers.get(slot)
        if solver is None or solver.store is not store or len(solver.table) > self.MAX_TABLE:
            solver = solvers[slot] = AtroposSolver(position.n, self.restricted, budget, store)
        solver.budget = budget
        return solver.wins(state_of(position, self.restricted))

    def heuristic_move(self, position: AtroposPosition, rng: random.Random) -> Move:
        """The thesis-style heuristic player (``players.Heuristic``): a safe move that
        leaves the opponent fewest safe replies, a trap when there is one."""
        from grundy.rulesets.atropos.players import Heuristic  # players imports this module

        return Heuristic().choose(position, self.restricted, COLOURS, rng)

    def render_text(self, position: AtroposPosition) -> str:
        return board_text(position)

    def render_svg(self, position: AtroposPosition) -> str:
        """The board; unrestricted variants shade their parity switches (A-switches and
        the two circles of B-switches, ``switches``) with their rings."""
        regions: list[Cell] = []
        if not self.restricted and not bad_triangles(position):
            # switches imports this module
            from grundy.rulesets.atropos.switches import a_switches, b_switches

            regions = a_switches(position) + [c for t, u, _ in b_switches(position)
                                              for c in (t, u)]
        return board_svg(position, title=f"{self.name} {format_rows(position)}",
                         regions=regions)

    def data(self, position: AtroposPosition) -> dict[str, Any]:
        b = position.board
        return {
            "size": position.n,
            "course": format_course(position),
            "last": list(b.cells[position.last]) if position.last >= 0 else None,
            "bad_triangles": [[list(c) for c in t] for t in bad_triangles(position)],
            "safe_colours": {
                f"{j},{i}": [LETTERS[c] for c in safe_colours(position, (j, i))]
                for j, i in playable_cells(position, self.restricted)
            },
        }

    def random_position(self, rng: random.Random, size: int) -> AtroposPosition:
        """A board of size ≤ 4 after a few random safe moves."""
        n = max(1, min(4, (size + 2) // 3))
        position = start(n)
        for _ in range(rng.randint(0, len(position.colours) // 2)):
            options = [m for m, child in self.moves(position) if not bad_triangles(child)]
            if not options:
                break
            position = colour_cell(position, cast(AtroposMove, rng.choice(options)))
        return position


@register
class Atropos(_Atropos):
    name = "atropos"
    summary = "Colour a circle next to the last move; whoever makes a 3-coloured triangle loses."
    citation = Citation("004_d08755248cee49c5.txt", "L448", "Def 3.2.3 (suicidal moves dropped)")
    restricted = True
    suicide = False


@register
class UnrestrictedAtropos(_Atropos):
    name = "unrestricted-atropos"
    summary = "Colour any circle; whoever makes a 3-coloured triangle loses."
    citation = Citation("004_d08755248cee49c5.txt", "L440", "Def 3.2.2 (suicidal moves dropped)")
    restricted = False
    suicide = False


@register
class AtroposWithSuicide(_Atropos):
    name = "atropos-with-suicide"
    summary = "Atropos; a suicidal move leads to a finished game of value 1 (Def 2.1.6)."
    citation = Citation("004_d08755248cee49c5.txt", "L448, L364", "Def 3.2.3 with Def 2.1.6")
    restricted = True
    suicide = True


@register
class UnrestrictedAtroposWithSuicide(_Atropos):
    name = "unrestricted-atropos-with-suicide"
    summary = "Unrestricted Atropos; a suicidal move leads to a value-1 finished game."
    citation = Citation("004_d08755248cee49c5.txt", "L440, L364", "Def 3.2.2 with Def 2.1.6")
    restricted = False
    suicide = True

