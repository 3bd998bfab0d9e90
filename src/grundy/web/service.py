"""What the browser workbench does, without the web: views, moves, values, hints.

Everything here is plain Python over the ruleset protocol (``grundy/protocol.py``), so
a ruleset registered anywhere appears in the workbench with no edit here.  Every
operation takes position *texts* and returns JSON-ready dicts; the only thing ever
done with user text is the ruleset's own ``parse`` (nothing is evaluated as code).

Safety (issue 7 item 4, issues 19 and 21): every operation that parses, draws or
searches runs in a worker process under a deadline (``grundy.web.workers``), killed
and replaced if it overruns, so one request never holds what another user needs.
Searches have their own workers and a bounded queue with a per-client cap: a full
queue, or a client with too many searches waiting, is refused at once ("busy", 429)
instead of piling up; every search has a node and a time budget (``search/budget.py``),
so the answer is a value or "not solved within the budget", never a hang.  Work
without search (``Workbench.light``: drawing a position, listing its moves) runs in
separate workers with a short deadline, so a page stays playable while searches
run.  Positions over the size cap are refused.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

from grundy.protocol import Move, PartizanRuleset, Player, TooBig
from grundy.reductions import all_reductions
from grundy.reductions import get as get_reduction
from grundy.rulesets import GrundyError, ImpartialRuleset, Ruleset, all_rulesets, get
from grundy.search import Budget, BudgetExceeded, Solver, Store
from grundy.search.budget import active_budget
from grundy.search.loopy import LoopySolver
from grundy.search.partizan import PartizanSolver
from grundy.values import Outcome, format_nimber
from grundy.values.loopy import DRAW, LoopyOutcome
from grundy.web.workers import Busy, Workers, start_workbench, workbench_job

__all__ = ["Busy", "Limits", "TooBig", "Workbench", "describe"]

T = TypeVar("T")
AnySolver = Solver[Any] | PartizanSolver[Any] | LoopySolver[Any]

LEVELS = ("random", "perfect")
PLAYERS = {"L": Player.LEFT, "R": Player.RIGHT}
#: The outcomes of the position after a move that are wins for the player who made it
#: (the opponent moves next there and loses).
WINS_AFTER_MOVE = {
    None: {Outcome.P},
    Player.LEFT: {Outcome.P, Outcome.L},
    Player.RIGHT: {Outcome.P, Outcome.R},
}


@dataclass(frozen=True)
class Limits:
    """Caps that keep one request, and many tabs at once, from starving the server."""

    #: Solver processes (each runs one search at a time; nauty is not thread-safe).
    workers: int = 1
    #: Searches that may wait for a solver; more are refused as busy at once.
    queue: int = 8
    #: Searches one client may have running or waiting.
    per_client: int = 2
    #: Processes for work without search (drawing, moves), and its deadline in seconds.
    light_workers: int = 2
    light_seconds: float = 5.0
    #: Longest position text accepted.
    max_text: int = 2000
    #: Most legal moves a position may have (the size cap for play and hints).
    max_moves: int = 300
    #: Largest ``size`` for random positions.
    max_random_size: int = 30
    #: Default and largest budgets of one search request.
    seconds: float = 2.0
    max_seconds: float = 10.0
    nodes: int = 2_000_000
    max_nodes: int = 20_000_000
    #: Solved positions kept in memory per worker and ruleset before the table is dropped.
    max_table: int = 2_000_000


def _player(ruleset: Ruleset[Any], text: str | None) -> Player | None:
    """The player to move: None for impartial rulesets, Left or Right otherwise."""
    if isinstance(ruleset, ImpartialRuleset):
        return None
    if text not in PLAYERS:
        raise GrundyError(f"{ruleset.name} is partizan: say who moves, player 'L' or 'R'")
    return PLAYERS[text]


def _legal(ruleset: Ruleset[Any], position: Any, player: Player | None) -> Iterable[Any]:
    if isinstance(ruleset, PartizanRuleset):
        assert player is not None
        return ruleset.moves(position, player)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset.moves(position)


def heuristic_of(ruleset: Ruleset[Any]) -> Callable[[Any, random.Random], Move] | None:
    """The ruleset's own heuristic player ``heuristic_move(position, rng)``, if it has one."""
    hook = getattr(ruleset, "heuristic_move", None)
    return hook if callable(hook) else None


def describe(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """What the gallery and the play page need to know about a ruleset."""
    levels = [*LEVELS, "heuristic"] if heuristic_of(ruleset) else list(LEVELS)
    return {
        "name": ruleset.name,
        "aliases": list(ruleset.aliases),
        "impartial": isinstance(ruleset, ImpartialRuleset),
        "summary": ruleset.summary,
        "citation": str(ruleset.citation),
        "reference": ruleset.citation.reference,
        "link": ruleset.citation.paper.link,
        "format": ruleset.text_format,
        "examples": list(ruleset.examples),
        "limits": dict(ruleset.limits),
        "levels": levels,
        "family": family_of(ruleset),
    }


def family_of(ruleset: Ruleset[Any]) -> str:
    """The family package a ruleset lives in (``grundy.rulesets.<family>``), the package
    under grundy for the rest (``transforms``), or "other" (rulesets defined elsewhere)."""
    parts = type(ruleset).__module__.split(".")
    if parts[:2] == ["grundy", "rulesets"] and len(parts) > 3:
        return parts[2]
    return parts[1] if parts[0] == "grundy" and len(parts) > 2 else "other"


class Workbench:
    """The workbench's operations, and the bounded pool they run on."""

    def __init__(self, store_path: Path | None = None, limits: Limits | None = None) -> None:
        self.store_path = store_path
        self.limits = limits or Limits()
        self._workers: dict[str, Workers] = {}
        self._waiting: Counter[str] = Counter()
        self._solvers: dict[str, AnySolver] = {}
        self._store: Store | None = None

    # -- running (in the server; the operations below run in worker processes) ------
    def _pool(self, kind: str, count: int) -> Workers:
        if kind not in self._workers:
            self._workers[kind] = Workers(count, start_workbench, (self.store_path, self.limits))
        return self._workers[kind]

    @staticmethod
    async def fixed(operation: Callable[..., T], *args: Any) -> T:
        """Run an operation whose work does not depend on user text (the gallery, a
        ruleset's description, the lattice) on the server's own threads."""
        return await asyncio.to_thread(operation, *args)

    async def light(self, operation: Callable[..., T], *args: Any) -> T:
        """Run an operation without search (drawing, listing moves) in a light worker
        under ``Limits.light_seconds``, so that it never waits for searches."""
        lim = self.limits
        result: T = await self._pool("light", lim.light_workers).run(
            workbench_job, (operation.__name__, args), lim.light_seconds,
            wait=2 * lim.light_seconds)
        return result

    async def search(self, operation: Callable[..., T], *args: Any,
                     seconds: float | None = None, client: str = "") -> T:
        """Run a search in a solver worker within its time budget (``seconds``, else the
        default); Busy at once if the queue, or this client's share of it, is full."""
        lim = self.limits
        if self._waiting[client] >= lim.per_client:
            searches = "search" if lim.per_client == 1 else "searches"
            raise Busy(f"you already have {lim.per_client} {searches} running or waiting: "
                       "wait for them, then try again")
        if self._waiting.total() >= lim.workers + lim.queue:
            raise Busy("the workbench is busy with other searches: try again in a moment")
        self._waiting[client] += 1
        try:
            budget = self.budget(seconds, None).max_seconds or lim.max_seconds
            result: T = await self._pool("search", lim.workers).run(
                workbench_job, (operation.__name__, args), budget + 1.0,
                wait=lim.max_seconds * (lim.queue + 1))
            return result
        finally:
            self._waiting[client] -= 1
            if not self._waiting[client]:
                del self._waiting[client]

    def close(self) -> None:
        """Kill every worker at once (Ctrl-C must not wait for a stuck search)."""
        for workers in self._workers.values():
            workers.close()
        if self._store is not None:
            self._store.close()
            self._store = None

    def solver(self, ruleset: Ruleset[Any], seconds: float | None,
               nodes: int | None) -> AnySolver:
        """This worker's solver for ``ruleset`` (tables shared between its requests,
        backed by the SQLite store), with a fresh budget for this request."""
        if self._store is None and self.store_path is not None:
            self._store = Store(self.store_path)
        solver = self._solvers.get(ruleset.name)
        if solver is None or len(solver.seen) > self.limits.max_table:
            solver = self._solvers[ruleset.name] = (
                LoopySolver(ruleset) if ruleset.loopy
                else PartizanSolver(ruleset, store=self._store)
                if isinstance(ruleset, PartizanRuleset)
                else Solver(cast(ImpartialRuleset[Any], ruleset), store=self._store)
            )
        solver.budget = self.budget(seconds, nodes)
        return solver

    def unsolved(self, solver: AnySolver) -> dict[str, Any]:
        """What a page shows when a search runs out of its budget, in the page's terms."""
        spent = solver.budget
        return {"solved": False, "message": (
            f"not solved within the budget ({spent.nodes:,} positions searched): "
            "raise the Budget field "
            f"(up to {self.limits.max_seconds:g} s) or try a smaller position"
        )}

    def budget(self, seconds: float | None, nodes: int | None) -> Budget:
        lim = self.limits
        return Budget(
            max_nodes=min(nodes or lim.nodes, lim.max_nodes),
            max_seconds=min(seconds or lim.seconds, lim.max_seconds),
            check_every=64,  # look at the clock often: graph positions can be slow to key
        )

    # -- positions -----------------------------------------------------------
    def parse(self, name: str, text: str) -> tuple[Ruleset[Any], Any]:
        ruleset = get(name)
        if len(text) > self.limits.max_text:
            raise TooBig(
                f"the position text has {len(text):,} characters: the workbench takes at most "
                f"{self.limits.max_text:,} (use the grundy command for bigger positions)"
            )
        return ruleset, ruleset.parse(text)

    def moves(self, ruleset: Ruleset[Any], position: Any, player: Player | None) -> list[Any]:
        """The legal moves, refusing positions with more than the size cap allows.

        Move generation that searches (a proof-Dictator move looks for a proof) charges
        the active budget: a search's (``hint``: BudgetExceeded), else half the light
        workers' deadline, so that the answer is "not within the budget" (TooBig) before
        the deadline stops the worker."""
        cap = self.limits.max_moves
        active = active_budget()
        budget = active or Budget(max_seconds=self.limits.light_seconds / 2)
        try:
            with budget.active():
                legal = list(itertools.islice(_legal(ruleset, position, player), cap + 1))
        except BudgetExceeded:
            if active is not None:
                raise
            raise TooBig(
                f"this position's moves were not found within the budget ({budget.max_seconds:g} "
                "s: each move here needs a search): try a smaller position (or the grundy "
                "command with a larger --max-seconds)"
            ) from None
        if len(legal) > cap:
            raise TooBig(
                f"this position has more than {cap} moves, over the workbench's size cap: "
                "try a smaller one (or the grundy command, which has no cap)"
            )
        return legal

    def view(self, ruleset: Ruleset[Any], position: Any, player: Player | None) -> dict[str, Any]:
        """The position drawn, described and with every legal move and where it leads."""
        legal = self.moves(ruleset, position, player)
        return {
            "ruleset": ruleset.name,
            "position": ruleset.format(position),
            "player": None if player is None else player.value,
            "svg": ruleset.render_svg(position),
            "text": ruleset.render_text(position),
            "data": ruleset.data(position),
            "moves": [
                {
                    "label": ruleset.format_move(move),
                    "position": ruleset.format(child),
                    "data": ruleset.data(child),
                }
                for move, child in legal
            ],
            "terminal": not legal,
        }

    # -- operations (each runs on the pool) ------------------------------------
    @functools.cache  # noqa: B019  (one Workbench per server; the gallery never changes)
    def rulesets(self) -> list[dict[str, Any]]:
        out = []
        for ruleset in all_rulesets():
            entry = describe(ruleset)
            if ruleset.examples:
                entry["thumbnail"] = ruleset.render_svg(ruleset.parse(ruleset.examples[0]))
            out.append(entry)
        return out

    def ruleset(self, name: str) -> dict[str, Any]:
        return describe(get(name))

    def position(self, name: str, text: str, player: str | None = None) -> dict[str, Any]:
        ruleset, position = self.parse(name, text)
        return self.view(ruleset, position, _player(ruleset, player))

    def random_view(self, name: str, size: int, seed: int | None,
               player: str | None = None) -> dict[str, Any]:
        ruleset = get(name)
        cap = self.limits.max_random_size
        if not 1 <= size <= cap:
            raise TooBig(f"size {size} is out of range: random positions take a size 1 to {cap}")
        position = ruleset.random_position(random.Random(seed), size)
        return self.view(ruleset, position, _player(ruleset, player))

    def play(self, name: str, text: str, move: str, player: str | None = None) -> dict[str, Any]:
        ruleset, position = self.parse(name, text)
        mover = _player(ruleset, player)
        legal = self.moves(ruleset, position, mover)
        for label, child in legal:
            if ruleset.format_move(label) == move.strip():
                return self.view(ruleset, child, None if mover is None else mover.opponent)
        labels = ", ".join(ruleset.format_move(m) for m, _ in legal)
        raise GrundyError(
            f"{move.strip()!r} is not a legal move here; legal moves: {labels or 'none'}"
        )

    def analyse(self, name: str, text: str, seconds: float | None = None,
                nodes: int | None = None) -> dict[str, Any]:
        """The value and outcome of a position (normal play)."""
        ruleset, position = self.parse(name, text)
        return self.value(ruleset, position, seconds, nodes)

    def value(self, ruleset: Ruleset[Any], position: Any, seconds: float | None,
              nodes: int | None) -> dict[str, Any]:
        """The nimber (impartial) or canonical form (partizan) and the outcome."""
        solver = self.solver(ruleset, seconds, nodes)
        outcome: Outcome | LoopyOutcome
        try:
            if isinstance(solver, Solver):
                (value, outcome), = _impartial_values(solver, [position])
            else:
                value, outcome = solver.value_text(position)
        except BudgetExceeded:
            return self.unsolved(solver)
        return {
            "solved": True,
            "value": value,
            "outcome": outcome.value,
            "description": outcome.description,
            "nodes": solver.budget.nodes,
        }

    def reductions(self, name: str) -> list[dict[str, Any]]:
        """The registered reductions from ``name`` to a registered ruleset."""
        source = get(name).name
        targets = {ruleset.name for ruleset in all_rulesets()}
        return [
            {
                "name": r.name,
                "target": r.target,
                "kind": r.kind.value,
                "citation": str(r.citation),
                "summary": r.summary,
            }
            for r in all_reductions()
            if r.source == source and r.target in targets
        ]

    def reduce(self, reduction_name: str, text: str, seconds: float | None = None,
               nodes: int | None = None) -> dict[str, Any]:
        """Map a position across a reduction; both values side by side."""
        reduction = get_reduction(reduction_name)
        source, position = self.parse(reduction.source, text)
        target = get(reduction.target)
        image = reduction.map_position(position)
        image_text = target.format(image)
        small = len(image_text) <= self.limits.max_text
        return {
            "reduction": reduction.name,
            "kind": reduction.kind.value,
            "source": {"ruleset": source.name, "position": source.format(position),
                       **self.value(source, position, seconds, nodes)},
            "target": {"ruleset": target.name, "position": image_text,
                       "svg": target.render_svg(image) if small else None,
                       **self.value(target, image, seconds, nodes)},
        }

    def hint(self, name: str, text: str, player: str | None = None,
             seconds: float | None = None, nodes: int | None = None) -> dict[str, Any]:
        """The value after every move, and whether the move wins (impartial: it leads
        to value 0; partizan: the opponent, moving next, loses)."""
        ruleset, position = self.parse(name, text)
        mover = _player(ruleset, player)
        solver = self.solver(ruleset, seconds, nodes)
        moves = []
        values: Sequence[tuple[str, Outcome | LoopyOutcome]]
        try:
            with solver.budget.active():
                legal = self.moves(ruleset, position, mover)
            if isinstance(solver, Solver):
                values = _impartial_values(solver, [child for _, child in legal])
            else:
                values = [solver.value_text(child) for _, child in legal]
        except BudgetExceeded:
            return self.unsolved(solver)
        for (move, child), (value, outcome) in zip(legal, values, strict=True):
            entry: dict[str, Any] = {"label": ruleset.format_move(move),
                                     "position": ruleset.format(child), "value": value}
            if isinstance(solver, LoopySolver):  # positions repeat: draws too
                winner = solver.wins_after(child, mover)
                entry["winning"] = winner == (mover or Player.LEFT).value
                entry["drawing"] = winner == DRAW
            else:
                entry["winning"] = (outcome is Outcome.P if isinstance(solver, Solver)
                                    else outcome in WINS_AFTER_MOVE[mover])
            moves.append(entry)
        return {"solved": True, "moves": moves}

    def computer(self, name: str, text: str, level: str, player: str | None = None,
                 seed: int | None = None, seconds: float | None = None) -> dict[str, Any]:
        """The computer's move at ``level`` and the position after it."""
        ruleset, position = self.parse(name, text)
        mover = _player(ruleset, player)
        levels = describe(ruleset)["levels"]
        if level not in levels:
            raise GrundyError(
                f"unknown level {level!r} for {ruleset.name}: use {', '.join(levels)}"
            )
        legal = self.moves(ruleset, position, mover)
        if not legal:
            raise GrundyError("the computer has no move here: the game is over")
        rng = random.Random(seed)
        move, note = self._choose(ruleset, position, legal, level, rng, seconds, mover)
        child = next(c for m, c in legal if m == move)
        return {
            "move": ruleset.format_move(move),
            "note": note,
            "view": self.view(ruleset, child, None if mover is None else mover.opponent),
        }

    def _choose(self, ruleset: Ruleset[Any], position: Any, legal: list[Any], level: str,
                rng: random.Random, seconds: float | None,
                mover: Player | None) -> tuple[Move, str]:
        if level == "heuristic":
            hook = heuristic_of(ruleset)
            assert hook is not None
            return hook(position, rng), "heuristic move"
        if level == "perfect":
            solver = self.solver(ruleset, seconds, None)
            try:
                if isinstance(solver, LoopySolver):
                    best = solver.best_move(position, mover, rng)
                    assert best is not None  # the caller checked there is a move
                    return best
                if isinstance(solver, Solver):
                    move = solver.winning_move(position, rng)
                else:
                    assert mover is not None
                    move = solver.winning_move(position, mover, rng)
            except BudgetExceeded:
                return rng.choice(legal)[0], "not solved within the budget: a random move"
            if move is not None:
                return move, "a winning move"
            return rng.choice(legal)[0], "no winning move exists (a P-position): a random move"
        return rng.choice(legal)[0], "a random move"


def _impartial_values(solver: Solver[Any], positions: list[Any]) -> list[tuple[str, Outcome]]:
    """The nimbers and outcomes of some positions: first every outcome (BudgetExceeded if
    the budget cannot give them), then the nimbers within what is left of the budget, and
    where that runs out "≠ 0" for the N-positions (Atropos: an outcome search with
    cut-offs can be far cheaper than a nimber, which values every option)."""
    outcomes = [solver.outcome(position) for position in positions]
    try:
        return [(format_nimber(solver.grundy(position)), outcome)
                for position, outcome in zip(positions, outcomes, strict=True)]
    except BudgetExceeded:
        return [("0" if outcome is Outcome.P else "≠ 0", outcome) for outcome in outcomes]

