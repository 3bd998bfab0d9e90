"""Budgets: every search can be told to stop after so many positions or seconds.

A budget's numbers are checked where they enter (``check_seconds``, ``check_nodes``:
the command line, the API, the web fields and ``Budget`` itself), so a non-finite or
huge number never reaches the timer, the native kernels or an allocation.  A search
makes its budget *active* while it runs: work the search does not count itself, such
as move generation that searches (a proof-Dictator move looks for a proof), charges the
active budget (``active_budget``) and stops with the search.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from grundy.protocol import GrundyError

#: Called now and then during a search with (positions expanded, table size).
ProgressCallback = Callable[[int, int], None]

#: The largest time budget, in seconds (a day): longer runs use a store and resume.
MAX_SECONDS = 86_400.0
#: The largest node budget: past what a day of search expands.
MAX_NODES = 10**12


#: Longest step of a native search run in steps: progress shows at least this often.
STEP_SECONDS = 0.5


class BudgetExceeded(GrundyError):
    """A search ran out of its node or time budget; what it had solved is kept."""


class BadBudget(GrundyError, ValueError):
    """A budget number out of its range (non-finite, negative, or too large)."""


def check_seconds(seconds: float | None, what: str = "time budget", zero: str = "",
                  most: float = MAX_SECONDS) -> float | None:
    """``seconds`` if it is a finite number of seconds from 0 to ``most`` (or None),
    else BadBudget naming the range; ``zero`` says what 0 means, if anything."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) \
            or not (math.isfinite(seconds) and 0 <= seconds <= most):
        meaning = f" ({zero})" if zero else ""
        raise BadBudget(f"{what} {seconds!r} is out of range: give a finite number of "
                        f"seconds from 0{meaning} to {most:g}")
    return float(seconds)


def check_nodes(nodes: int | None, what: str = "node budget", least: int = 0) -> int | None:
    """``nodes`` if it is a whole number from ``least`` to ``MAX_NODES`` (or None),
    else BadBudget naming the range."""
    if nodes is None:
        return None
    if isinstance(nodes, bool) or not isinstance(nodes, int) \
            or not least <= nodes <= MAX_NODES:
        raise BadBudget(f"{what} {nodes!r} is out of range: give a whole number of "
                        f"positions from {least} to {MAX_NODES:,}")
    return nodes


@dataclass
class Budget:
    """Limits on one task (``None`` means unlimited).

    The node count and the clock both run from the first search that uses the
    budget across every later one, so a task that makes many solver calls (say,
    the value after each move) stays within ``max_seconds`` in all.  Give a solver
    a new Budget for a new task.
    """

    max_nodes: int | None = None
    max_seconds: float | None = None
    progress: ProgressCallback | None = None
    #: How many expansions pass between clock checks and progress reports.
    check_every: int = 256
    nodes: int = field(default=0, init=False)
    _deadline: float | None = field(default=None, init=False)
    _next_check: int = field(default=0, init=False)
    _started: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.max_nodes = check_nodes(self.max_nodes)
        self.max_seconds = check_seconds(self.max_seconds)

    def start(self) -> None:
        """Start the clock, unless an earlier search already started it."""
        if self._started:
            return
        self._started = True
        self._deadline = None if self.max_seconds is None else time.monotonic() + self.max_seconds
        self._next_check = self.nodes + self.check_every

    def tick(self, table_size: int) -> None:
        """Count one expanded position; raise BudgetExceeded when over budget."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise self._exceeded()
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + self.check_every
            if self.progress is not None:
                self.progress(self.nodes, table_size)
            if self._deadline is not None and time.monotonic() > self._deadline:
                raise self._exceeded()

    def remaining(self) -> tuple[int | None, float | None]:
        """The positions and seconds left (None: unlimited), for a native search; starts
        the clock like any search."""
        self.start()
        nodes = None if self.max_nodes is None else max(0, self.max_nodes - self.nodes)
        seconds = None if self._deadline is None else max(0.0, self._deadline - time.monotonic())
        return nodes, seconds

    def step(self, size: int) -> tuple[int, float]:
        """The positions and seconds for the next step of a native search run in steps
        of at most ``size`` positions and ``STEP_SECONDS`` (its table stays between calls,
        so each step goes on where the last one stopped, and the progress callback hears
        of each step)."""
        max_nodes, max_seconds = self.remaining()
        nodes = size if max_nodes is None else min(max_nodes, size)
        return nodes, STEP_SECONDS if max_seconds is None else min(max_seconds, STEP_SECONDS)

    def charge_step(self, nodes: int, found: bool, step: int, table_size: int) -> None:
        """Count the positions of a step given ``step`` positions that found its value or
        not; BudgetExceeded if the budget stopped it (its clock, or its node count) rather
        than the step's own size or time.  A kernel stopped by its node limit reports one
        position more than it was given (one stopped by the step's own time, fewer: then a
        step of all the positions left was not stopped by the budget)."""
        left = None if self.max_nodes is None else max(0, self.max_nodes - self.nodes)
        by_clock = nodes <= step and self._deadline is not None and (
            time.monotonic() >= self._deadline)
        by_nodes = nodes > step and step == left
        self.charge(nodes, found or not (by_clock or by_nodes), table_size)

    def charge(self, nodes: int, finished: bool, table_size: int) -> None:
        """Count the positions a native search expanded; BudgetExceeded if it stopped."""
        self.nodes += nodes
        if self.progress is not None:
            self.progress(self.nodes, table_size)
        if not finished:
            raise self._exceeded()

    def check(self) -> None:
        """BudgetExceeded if the clock has run out (work that expands no position, such
        as generating a long list of moves, calls this now and then)."""
        self.start()
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise self._exceeded()

    @contextmanager
    def active(self) -> Iterator[Budget]:
        """Make this the budget that move generation in this thread charges
        (``active_budget``) while the block runs; starts the clock."""
        self.start()
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)

    def _exceeded(self) -> BudgetExceeded:
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            return BudgetExceeded(
                f"search stopped after {self.max_nodes:,} positions (node budget); "
                "raise the budget (--max-nodes) or use --store to resume later"
            )
        return BudgetExceeded(
            f"search stopped after {self.max_seconds:g} s (time budget) having expanded "
            f"{self.nodes:,} positions; raise --max-seconds or use --store to resume later"
        )


_ACTIVE: ContextVar[Budget | None] = ContextVar("grundy_active_budget", default=None)


def active_budget() -> Budget | None:
    """The budget of the search running in this thread (``Budget.active``), if any: a
    move generator that searches ticks it, so it stops with the search around it."""
    return _ACTIVE.get()


@contextmanager
def hard_deadline(seconds: float | None) -> Iterator[None]:
    """Bound *all* the work of a block by the clock, not only the positions a search
    expands: parsing, move generation, keying, value arithmetic and rendering too.

    In the main thread of a process (the ``grundy`` command, the web server's worker
    processes) a timer signal raises BudgetExceeded wherever the work is, checked
    between any two Python operations; elsewhere (a library caller's thread) it does
    nothing and searches stop by their Budget alone.  ``None``: no deadline.
    """
    seconds = check_seconds(seconds, "deadline", most=2 * MAX_SECONDS)  # a budget and grace
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise BudgetExceeded(
            f"stopped after {seconds:g} s (time budget): raise --max-seconds (0: no limit) "
            "or try a smaller position"
        )

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
