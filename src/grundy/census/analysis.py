"""What a researcher reads from a census: histograms, sequences and their periods,
counterexamples to a conjecture, and plots.

Periods of heap games are proved, not guessed, by the Guy–Smith periodicity theorem
(Guy & Smith 1956, "The G-values of various games"; Berlekamp, Conway & Guy,
*Winning Ways*, ch. 4): for an octal game whose moves take at most ``t`` tokens,
if G(n + p) = G(n) for every n with n0 ≤ n < 2·n0 + p + t, then G(n + p) = G(n)
for every n ≥ n0.  A subtraction game with finite set S is such a game, with t =
max S.  The scan and the theorem's bound are those of the octal games
(``grundy.rulesets.heaps.take_and_break``), so a period means the same in both.
"""

from __future__ import annotations

import builtins
import importlib
import io
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from grundy.census.compute import columns
from grundy.census.query import connect, query
from grundy.census.run import load
from grundy.extras import require
from grundy.protocol import GrundyError
from grundy.rulesets import get
from grundy.rulesets.heaps.subtraction import SubtractionPosition
from grundy.rulesets.heaps.take_and_break import guy_smith_bound, periodic_from
from grundy.values import Outcome, parse

#: The column a census's values are read from, best first.
VALUE_COLUMNS = ("nimber", "value", "outcome", "misere_outcome", "temperature")

Predicate = Callable[[Any, Any], bool]


def value_column(directory: str | Path) -> str:
    """The column holding the census's main value (nimber, canonical form, outcome...)."""
    present = columns(load(directory).compute)
    return next(column for column in VALUE_COLUMNS if column in present)


def histogram(directory: str | Path) -> list[tuple[int | None, Any, int]]:
    """(n, value, how many positions) for each value at each n, most common first."""
    column = value_column(directory)
    table = query(directory, f"SELECT n, {column} AS v, count(*) AS k FROM census WHERE "
                             "solved GROUP BY n, v ORDER BY n, k DESC, v")
    return [(n, v, k) for n, v, k in table.rows]


def sequence(directory: str | Path) -> tuple[int, list[Any]]:
    """The first n and the values at n, n + 1, ... of a family with one position per n."""
    column = value_column(directory)
    rows = query(directory, f"SELECT n, {column}, solved FROM census ORDER BY n").rows
    if not rows or rows[0][0] is None:
        raise GrundyError("this census has no n column to order by (a file of positions); "
                          "a sequence needs a family such as paths:A-B or template:A-B:TEXT")
    first = rows[0][0]
    for offset, (n, _, solved) in enumerate(rows):
        if n != first + offset:
            raise GrundyError(f"n = {n} breaks the sequence {first}, {first + 1}, ...: a "
                              "sequence needs one position per n (paths, heaps, templates...)")
        if not solved:
            raise GrundyError(f"the position at n = {n} was not solved within the budget")
    return first, [value for _, value, _ in rows]


@dataclass(frozen=True)
class Periodicity:
    """Values repeat with ``period`` from n = ``preperiod`` on (as far as they were
    computed, ``through``); ``proven`` when the Guy–Smith window is covered, else
    ``needed`` is the last n that the proof would need."""

    preperiod: int
    period: int
    through: int
    proven: bool
    needed: int | None


def find_period(values: Sequence[Hashable], first: int = 0,
                max_take: int | None = None) -> Periodicity | None:
    """The period p and pre-period n0 with n0 + p least among those seen at least twice
    in ``values`` (the values at n = first, first + 1, ...); with ``max_take`` (the
    most tokens a move takes in an octal game) also whether Guy–Smith proves it."""
    count = len(values)
    best: tuple[int, int, int] | None = None
    for period in range(1, count // 2 + 1):
        if best is not None and period >= best[0]:
            break
        start = periodic_from(values, period)
        if count - start >= 2 * period and (best is None or start + period < best[0]):
            best = (start + period, period, start)
    if best is None:
        return None
    _, period, start = best
    preperiod, through = first + start, first + count - 1
    if max_take is None:
        return Periodicity(preperiod, period, through, False, None)
    needed = guy_smith_bound(max_take, 2, period, preperiod)
    return Periodicity(preperiod, period, through, needed <= through, needed)


def subtraction_take(directory: str | Path) -> int | None:
    """For a census of single subtraction-game heaps of one set, the largest take (the
    octal game's t), else None."""
    census = load(directory)
    if census.ruleset != "subtraction":
        return None
    ruleset = get("subtraction")
    rows = query(directory, "SELECT n, position FROM census").rows
    sets = set()
    for n, text in rows:
        position = ruleset.parse(text)
        assert isinstance(position, SubtractionPosition)
        if position.heaps != (n,):
            return None
        sets.add(position.subtraction_set)
    return max(sets.pop()) if len(sets) == 1 else None


def load_predicate(text: str) -> Predicate:
    """A conjecture: ``module:function`` or a Python expression such as
    ``lambda position, value: value < 4``."""
    if re.fullmatch(r"[\w.]+:\w+", text.strip()):
        module, _, name = text.strip().partition(":")
        try:
            found = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError) as error:
            raise GrundyError(f"cannot load the conjecture {text}: {error}") from None
    else:
        try:
            found = eval(compile(text, "<conjecture>", "eval"), {"__builtins__": builtins})
        except Exception as error:  # a user's expression can fail in any way
            raise GrundyError(f"cannot read the conjecture: {type(error).__name__}: {error}; "
                              "write e.g. 'lambda position, value: value < 4'") from None
    if not callable(found):
        raise GrundyError(f"the conjecture {text} is not callable; give a function of "
                          "(position, value)")
    predicate: Predicate = found
    return predicate


def natural_value(column: str, stored: Any) -> Any:
    """A stored value as the object a conjecture gets: an int nimber, a canonical
    ``Game``, an ``Outcome`` or a ``Fraction`` temperature."""
    if column == "value":
        return parse(stored)
    if column in ("outcome", "misere_outcome"):
        return Outcome(stored)
    if column == "temperature":
        return Fraction(stored)
    return stored


@dataclass(frozen=True)
class Counterexample:
    index: int
    n: int | None
    position: str
    value: Any


def first_counterexample(directory: str | Path, predicate: Predicate) -> Counterexample | None:
    """The first position (in family order) for which ``predicate(position, value)`` is
    false, or None when it holds for every solved position."""
    ruleset = get(load(directory).ruleset)
    column = value_column(directory)
    connection = connect(directory)
    try:
        result = connection.execute(f"SELECT index, n, position, {column} FROM census "
                                    "WHERE solved ORDER BY index")
        while batch := result.fetchmany(10_000):
            for index, n, text, stored in batch:
                value = natural_value(column, stored)
                try:
                    holds = predicate(ruleset.parse(text), value)
                except Exception as error:  # the user's predicate can fail in any way
                    raise GrundyError(f"the conjecture raised {type(error).__name__}: {error} "
                                      f"at position {text}") from None
                if not holds:
                    return Counterexample(index, n, text, value)
    finally:
        connection.close()
    return None


def plot(directory: str | Path, path: str | Path | IO[str]) -> str:
    """A picture of the census (PNG, SVG or PDF by the file name; SVG text into an open
    text file): the values against n for a sequence, else the share of each value at
    each n.  Returns what it drew.  Needs matplotlib (the plot extra)."""
    require("plot", "a census plot", "matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import MaxNLocator

    census = load(directory)
    figure, axes = pyplot.subplots(figsize=(9, 4.5))
    title = f"{census.ruleset}, {census.family}"
    try:
        first, values = sequence(directory)
        drawn = "sequence"
    except GrundyError:
        drawn = "histogram"
    if drawn == "sequence" and all(isinstance(v, int) for v in values):
        axes.plot(range(first, first + len(values)), values, marker="o", markersize=3)
        axes.set_xlabel("n")
        axes.set_ylabel(value_column(directory))
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        rows = histogram(directory)
        sizes = sorted({n for n, _, _ in rows if n is not None})
        totals = {n: sum(k for m, _, k in rows if m == n) for n in sizes}
        common = sorted({v for _, v, _ in rows},
                        key=lambda v: -sum(k for _, w, k in rows if w == v))[:10]
        bottom = [0.0] * len(sizes)
        for v in [*common, None]:
            share = [sum(k for m, w, k in rows if m == n and (w == v if v is not None
                                                              else w not in common))
                     / totals[n] for n in sizes]
            axes.bar([str(n) for n in sizes], share, bottom=bottom,
                     label="other" if v is None else str(v))
            bottom = [b + s for b, s in zip(bottom, share, strict=True)]
        axes.set_xlabel("n")
        axes.set_ylabel("share of positions")
        axes.legend(fontsize="small", ncols=2)
    axes.set_title(title)
    figure.tight_layout()
    figure.savefig(path, format=None if isinstance(path, str | Path) else "svg")
    pyplot.close(figure)
    return drawn


@dataclass(frozen=True)
class CensusPlot:
    """A census's plot that draws itself in Jupyter (SVG), as the workbench shows it."""

    directory: Path

    def svg(self) -> str:
        """The plot (``plot``) as SVG text."""
        text = io.StringIO()
        plot(self.directory, text)
        return text.getvalue()

    def _repr_svg_(self) -> str:
        return self.svg()
