"""What a census computes, and the work a worker does on one chunk.

Runs on the workers: it imports only the library (no Dask, no Arrow), solves with
the ruleset's ``Solver`` or ``PartizanSolver`` through their public methods, and
keeps one solver per ruleset alive in the worker process, so positions shared
between chunks (subpositions of graphs, rows of boards) are solved once per
worker.  With a store path, every worker also reads and writes that SQLite store,
which is how they share results with each other and with later runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grundy.census.family import Chunk
from grundy.protocol import GrundyError, ImpartialRuleset, PartizanRuleset, Ruleset
from grundy.rulesets import get
from grundy.search import Budget, BudgetExceeded, Solver, Store
from grundy.search.partizan import PartizanSolver
from grundy.values import Game, Outcome, format_nimber

#: What a census can compute, and the columns each adds to the results.
QUANTITIES: dict[str, tuple[str, ...]] = {
    "nimber": ("nimber", "value"),
    "canonical": ("value",),
    "outcome": ("outcome",),
    "misere": ("misere_outcome",),
    "temperature": ("temperature",),
}
#: Columns every census has: the family index, the family's n (null for a file), the
#: position in the ruleset's text format, and whether it was solved within the budget.
BASE_COLUMNS = ("index", "n", "position", "solved")
#: A worker starts a fresh solver once its tables hold this many positions, or once it
#: has solved this many whole positions (a native kernel keeps a table per graph, about
#: a kilobyte for a graph on 9 vertices, and a census of graphs meets millions of them).
TABLE_LIMIT = 3_000_000
POSITION_LIMIT = 200_000

_solvers: dict[tuple[str, str | None], Solver[Any] | PartizanSolver[Any]] = {}
_solved: dict[tuple[str, str | None], int] = {}


def checked_quantities(names: Sequence[str], ruleset: Ruleset[Any]) -> tuple[str, ...]:
    """The quantities asked for, in a fixed order; GrundyError for an unknown one."""
    for name in names:
        if name not in QUANTITIES:
            raise GrundyError(f"cannot compute {name!r}; choose from {', '.join(QUANTITIES)}")
    if "nimber" in names and not ruleset.impartial:
        raise GrundyError(f"{ruleset.name} is partizan: compute canonical instead of nimber")
    if not names:
        raise GrundyError(f"nothing to compute; choose from {', '.join(QUANTITIES)}")
    return tuple(name for name in QUANTITIES if name in names)


def columns(quantities: Sequence[str]) -> tuple[str, ...]:
    """The result columns of a census computing ``quantities``."""
    extra = dict.fromkeys(column for name in quantities for column in QUANTITIES[name])
    return BASE_COLUMNS + tuple(extra)


def solver_for(ruleset_name: str, store: str | None,
               positions: int = 0) -> Solver[Any] | PartizanSolver[Any]:
    """This worker's solver for the ruleset (one per process, renewed when large), about
    to solve ``positions`` more whole positions."""
    solver = _solvers.get((ruleset_name, store))
    solved = _solved.get((ruleset_name, store), 0)
    _solved[(ruleset_name, store)] = solved + positions
    if solver is None or len(solver.seen) > TABLE_LIMIT or solved > POSITION_LIMIT:
        _solved[(ruleset_name, store)] = positions
        ruleset = get(ruleset_name)
        opened = None if store is None else Store(store)
        if isinstance(ruleset, ImpartialRuleset):
            solver = Solver(ruleset, store=opened)
        else:
            assert isinstance(ruleset, PartizanRuleset)
            solver = PartizanSolver(ruleset, store=opened)
        _solvers[(ruleset_name, store)] = solver
    return solver


def evaluate(solver: Solver[Any] | PartizanSolver[Any], position: Any,
             quantities: Sequence[str]) -> dict[str, Any]:
    """The asked-for columns of one position (one search for the value, reused for the
    outcome and temperature); extra keys are dropped by the caller."""
    row: dict[str, Any] = {}
    game: Game | None = None
    if {"nimber", "canonical", "temperature"} & set(quantities):
        if isinstance(solver, Solver):
            nimber = solver.grundy(position)
            row.update(nimber=nimber, value=format_nimber(nimber),
                       outcome=Outcome.N.value if nimber else Outcome.P.value)
            if "temperature" in quantities:
                game = Game.nimber(nimber)
        else:
            game = solver.value(position)
            row.update(value=str(game), outcome=game.outcome().value)
    if "temperature" in quantities:
        assert game is not None
        row["temperature"] = str(game.temperature())
    if "outcome" in quantities and "outcome" not in row:
        row["outcome"] = solver.outcome(position).value
    if "misere" in quantities:
        row["misere_outcome"] = solver.misere_outcome(position).value
    return row


def solve_chunk(ruleset_name: str, chunk: Chunk, quantities: tuple[str, ...],
                store: str | None = None, max_nodes: int | None = None) -> dict[str, list[Any]]:
    """Solve every position of a chunk: the result columns, one entry per position.

    The position column keeps a position's text as the family gave it (else the
    ruleset's format); a position over the node budget gets ``solved = False`` and
    nulls."""
    solver = solver_for(ruleset_name, store, chunk.stop - chunk.start)
    names = columns(quantities)
    result: dict[str, list[Any]] = {name: [] for name in names}
    for index, n, text, position in chunk.entries(solver.ruleset):
        solver.budget = Budget(max_nodes)
        try:
            row = evaluate(solver, position, quantities)
        except BudgetExceeded:
            row = {}
        row.update(index=index, n=n, solved=bool(row),
                   position=solver.ruleset.format(position) if text is None else text)
        for name in names:
            result[name].append(row.get(name))
    return result


def solve_positions(ruleset_name: str, positions: list[Any], store: str | None = None,
                    max_nodes: int | None = None) -> list[int | str]:
    """The values of whole positions (nimbers, or canonical forms as CGSuite text), each
    within ``max_nodes``; BudgetExceeded travels back to the caller."""
    solver = solver_for(ruleset_name, store, len(positions))
    values: list[int | str] = []
    for position in positions:
        solver.budget = Budget(max_nodes)
        values.append(solver.grundy(position) if isinstance(solver, Solver)
                      else str(solver.value(position)))
    return values
