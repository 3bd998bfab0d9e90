"""Solving Hex: who wins, the winning first moves, and proofs the definition checks.

The solver is the native kernel ``hex_solver.rs``: depth-first proof-number search
(Nagai 2002, with the 1+ε thresholds of Pawlewicz & Lew 2007) over boards whose dead
cells and captured pairs are filled in (``hex_search`` proves those reductions), with
virtual connections found by H-search (Anshelevich 2002: and-rule, or-rule, bounded
carriers) deciding positions early and restricting the loser to the must-play region
(Hayward et al. 2005, "Solving 7×7 Hex with domination, fill-in, and virtual
connections"), and moves skipped when another move gets them for free by fill-in
(capture domination, same paper).  A node's children are evaluated when it is
expanded, each starting with disproof number its mover's must-play size, so the search
tries first the moves that leave the opponent fewest answers.  The kernel's module
comment proves each rule.
Move maps (``move_map``, ``openings``) can be solved on several threads, each with its
own table: ``openings(threads=2)`` maps every 7×7 opening.

A **proof** that a player wins is a strategy tree: where the winner moves, one move;
where the loser moves, an answer to every empty cell; at the leaves the winner is
joined, or holds a virtual connection (a carrier, and a key when the winner must move
first).  ``check_proof`` checks one against the game's definition alone (the ruleset's
moves): every loser move is answered, and each leaf is a win of the board in which the
loser owns every empty cell outside the carrier -- enough because extra stones never
hurt their owner in Hex (a full board's winner only changes when a cell changes to the
other colour, so colouring more cells for the loser never turns a loser's win into the
winner's).

Cells are numbered r·n + c as in ``grids.hex``; red joins top and bottom.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.protocol import GrundyError, Player
from grundy.rulesets.grids.hex import MAX_SIDE, Hex, HexBoard
from grundy.rulesets.grids.hex_search import winner
from grundy.search.budget import Budget

if TYPE_CHECKING:
    from grundy._native import HexSolverKernel


#: Most threads a move map is solved on.
MAX_THREADS = 64


@dataclass(frozen=True)
class Leaf:
    """The winner is joined (carrier 0) or holds a virtual connection with this carrier
    (the empty cells it needs) and, for a semi connection, its key (the winner moves)."""

    carrier: int
    key: int | None = None


@dataclass(frozen=True)
class Reply:
    """The winner, to move, plays ``cell``; ``then`` proves the board after it."""

    cell: int
    then: Proof


@dataclass(frozen=True)
class Answers:
    """The loser is to move: for every empty cell, the proof of the board after it."""

    after: tuple[tuple[int, Proof], ...]


Proof = Leaf | Reply | Answers


def _kernel(n: int, dead: bool, captured: bool, connections: bool,
            dominated: bool) -> HexSolverKernel:
    try:
        from grundy import _native
    except ImportError:
        raise GrundyError("the Hex solver needs the native kernels (grundy._native): "
                          "install grundy with its Rust extension") from None
    return _native.HexSolverKernel(n, dead, captured, connections, dominated)


class HexSolver:
    """Solves boards of one side n (1 to 11), keeping what it proved between calls.

    ``dead``, ``captured``, ``connections`` and ``dominated`` switch the pruning rules
    (all on by default; the tests switch them off one at a time against the plain
    search).

    >>> HexSolver(3).openings()[1, 1]
    True
    """

    def __init__(self, n: int, budget: Budget | None = None, *, dead: bool = True,
                 captured: bool = True, connections: bool = True,
                 dominated: bool = True) -> None:
        if not 1 <= n <= MAX_SIDE:
            raise GrundyError(f"board side {n}: give 1 to {MAX_SIDE}")
        self.n = n
        self.budget = budget if budget is not None else Budget()
        self.kernel = _kernel(n, dead, captured, connections, dominated)

    def __len__(self) -> int:
        """Boards in the transposition table."""
        return len(self.kernel)

    def wins(self, red: int, blue: int, red_moves: bool) -> bool:
        """Does the player to move win?  (Nobody moves once someone has joined.)"""
        nodes, seconds = self.budget.remaining()
        won, expanded = self.kernel.wins(red, blue, red_moves, nodes, seconds)
        self.budget.charge(expanded, won is not None, len(self.kernel))
        assert won is not None  # charge raised BudgetExceeded otherwise
        return won

    def winning_move(self, red: int, blue: int, red_moves: bool) -> int | None:
        """A winning move of the player to move (a cell), or None if they lose."""
        nodes, seconds = self.budget.remaining()
        cell, finished, expanded = self.kernel.winning_move(red, blue, red_moves, nodes,
                                                            seconds)
        self.budget.charge(expanded, finished, len(self.kernel))
        return cell

    def move_map(self, red: int, blue: int, red_moves: bool,
                 threads: int = 1) -> dict[tuple[int, int], bool]:
        """For each empty cell (row, column): does the player to move win by playing
        there?  On a board the half turn maps to itself, half the cells are solved.
        ``threads`` solve the cells in turn, each with its own table."""
        if not 1 <= threads <= MAX_THREADS:
            raise GrundyError(f"{threads} threads: give 1 to {MAX_THREADS}")
        n = self.n
        turn = [n * n - 1 - i for i in range(n * n)]
        symmetric = all((red >> i & 1, blue >> i & 1) == (red >> turn[i] & 1, blue >> turn[i] & 1)
                        for i in range(n * n))
        empty = [cell for cell in range(n * n) if not (red | blue) >> cell & 1]
        solved = [cell for cell in empty if not (symmetric and turn[cell] < cell)]
        nodes, seconds = self.budget.remaining()
        values, expanded = self.kernel.move_values(red, blue, red_moves, solved, threads,
                                                   nodes, seconds)
        self.budget.charge(expanded, values is not None, len(self.kernel))
        assert values is not None  # charge raised BudgetExceeded otherwise
        won = dict(zip(solved, values, strict=True))
        return {divmod(cell, n): won[cell] if cell in won else won[turn[cell]]
                for cell in empty}

    def openings(self, red_first: bool = True,
                 threads: int = 1) -> dict[tuple[int, int], bool]:
        """For each cell (row, column): does the first player win by opening there?"""
        return self.move_map(0, 0, red_first, threads)

    def prove(self, red: int, blue: int, red_moves: bool) -> tuple[bool, Proof]:
        """Who wins (True: red) and a proof of it."""
        joined = winner(self.n, red, blue)
        red_wins = joined if joined is not None else self.wins(red, blue, red_moves) == red_moves
        return red_wins, self._proof(red, blue, red_moves, red_wins)

    def _proof(self, red: int, blue: int, red_moves: bool, red_wins: bool) -> Proof:
        if winner(self.n, red, blue) is not None:
            return Leaf(0)
        found = self.kernel.connection(red, blue, red_wins)
        if found is not None and (found[1] is None or red_moves == red_wins):
            return Leaf(*found)
        if red_moves == red_wins:
            cell = self.winning_move(red, blue, red_moves)
            assert cell is not None, "the solver contradicted itself"
            bit = 1 << cell
            child = (red | bit, blue) if red_moves else (red, blue | bit)
            return Reply(cell, self._proof(*child, not red_moves, red_wins))
        empty = ((1 << self.n * self.n) - 1) & ~(red | blue)
        after = []
        for cell in range(self.n * self.n):
            if empty >> cell & 1:
                bit = 1 << cell
                child = (red | bit, blue) if red_moves else (red, blue | bit)
                after.append((cell, self._proof(*child, not red_moves, red_wins)))
        return Answers(tuple(after))


@functools.lru_cache(maxsize=1 << 20)
def definition_wins(board: HexBoard, red_moves: bool) -> bool:
    """Does the player to move win, by the ruleset's game tree alone (normal play: a
    joined board has no moves, so its mover has lost)?"""
    player = Player.LEFT if red_moves else Player.RIGHT
    return any(not definition_wins(child, not red_moves)
               for _, child in _DEFINITION.moves(board, player))


_DEFINITION = Hex()


def check_proof(board: HexBoard, red_moves: bool, red_wins: bool, proof: Proof) -> bool:
    """Is ``proof`` a proof that red (``red_wins``) or blue wins ``board`` with red (or
    blue) to move, by the definition of the game alone?"""
    n, red, blue = board
    joined = winner(n, red, blue)
    if isinstance(proof, Leaf):
        if proof.carrier == 0 and proof.key is None:
            return joined is red_wins
        if joined is not None or (proof.key is not None and red_moves != red_wins):
            return False
        outside = ((1 << n * n) - 1) & ~(red | blue | proof.carrier)
        restricted = (HexBoard(n, red, blue | outside) if red_wins
                      else HexBoard(n, red | outside, blue))
        return winner(*restricted) is None and (
            definition_wins(restricted, red_moves) is (red_moves == red_wins))
    if joined is not None:
        return False
    empty = ((1 << n * n) - 1) & ~(red | blue)
    if isinstance(proof, Reply):
        if red_moves != red_wins or not empty >> proof.cell & 1:
            return False
        return check_proof(_play(board, proof.cell, red_moves), not red_moves, red_wins,
                           proof.then)
    if red_moves == red_wins or sorted(cell for cell, _ in proof.after) != [
            cell for cell in range(n * n) if empty >> cell & 1]:
        return False
    return all(check_proof(_play(board, cell, red_moves), not red_moves, red_wins, then)
               for cell, then in proof.after)


def _play(board: HexBoard, cell: int, red: bool) -> HexBoard:
    bit = 1 << cell
    return board._replace(red=board.red | bit) if red else board._replace(blue=board.blue | bit)
