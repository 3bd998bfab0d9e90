"""Take-and-break heap games by code: octal and hexadecimal games, subtraction games
and Grundy's game; nim sequences and periodicity proved by the Guy–Smith theorem.

The code d0.d1 d2 d3 ... (Guy & Smith 1956; WW ch. 4, "Taking and Breaking"; Siegel
2013, Ch. IV §2, heap games): digit dk says what may remain after taking k tokens from
one heap, as a sum of bits: 1 nothing (the whole heap was k), 2 one heap, 4 two heaps,
8 three heaps (hexadecimal games).  d0 (before the point) allows splitting without
taking.  Kayles is 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137; the subtraction game
with set S is the code with digit 3 at each k in S.  Grundy's game (split a heap into two
unequal heaps) is not an octal game; it is the rule ``GRUNDYS_GAME``.

Periodicity (Guy & Smith 1956; WW ch. 4, the periodicity theorem; Siegel 2013, Ch. IV
§2): if a code takes at most t tokens and leaves at most h heaps, and G(n + p) = G(n)
for every n with n0 ≤ n < max(h·(n0 + p) + t − p, t + 1), then G(n + p) = G(n) for every
n ≥ n0.  For h = 2 this is the published bound 2·n0 + p + t; other h follow by the same
induction on the largest remaining heap (which must lie in the periodic part), and
n > t keeps moves that take a whole heap out of the comparison.

``nim_sequence(rule, n)`` computes G(0..n−1): by the native kernel
(``grundy._native.octal_sequence``) for octal codes, by ``python_nim_sequence``, which
stays the reference, for hexadecimal codes and Grundy's game.

>>> nim_sequence(TakeAndBreak.parse("0.77"), 12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> periodicity(TakeAndBreak.parse("0.77"), 200)
Periodicity(period=12, preperiod=71, saltus=0, last_checked=167, proved=True)
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grundy.extras import require
from grundy.protocol import GrundyError
from grundy.values.nimber import mex

__all__ = [
    "GRUNDYS_GAME",
    "CodeError",
    "Periodicity",
    "TakeAndBreak",
    "guy_smith_bound",
    "nim_sequence",
    "periodic_from",
    "periodicity",
    "plot_sequence",
    "python_nim_sequence",
]

#: the most heaps a sequence is computed for (memory and time stay small)
MAX_HEAPS = 100_000


class CodeError(GrundyError, ValueError):
    """A take-and-break code that cannot be read."""


@dataclass(frozen=True)
class TakeAndBreak:
    """A heap game: ``digits[k]`` is the code digit for taking k tokens (k = 0, 1, ...);
    ``unequal_split`` is Grundy's game (split one heap into two unequal heaps)."""

    digits: tuple[int, ...]
    unequal_split: bool = False

    @classmethod
    def parse(cls, code: str) -> TakeAndBreak:
        """``0.77``, ``.137``, ``4.07``, hexadecimal digits ``0.8F``, ``grundy``, or a
        subtraction game by its set, ``S(1,3,4)`` or ``{1,3,4}`` (WW ch. 4).

        >>> TakeAndBreak.parse(".07").digits, str(TakeAndBreak.parse("4.0"))
        ((0, 0, 7), '4.0')
        >>> str(TakeAndBreak.parse("S(1,3,4)")), str(TakeAndBreak.parse("{2}"))
        ('0.3033', '0.03')
        """
        text = code.strip().lower()
        if text in ("grundy", "grundys-game", "grundy's game"):
            return GRUNDYS_GAME
        subtraction = re.fullmatch(r"s\((.*)\)|\{(.*)\}", text)
        if subtraction is not None:
            values = (subtraction.group(1) or subtraction.group(2) or "").split(",")
            if len(text) > 200 or not all(
                    re.fullmatch(r"\s*[0-9]{1,2}\s*", v) and 1 <= int(v) < 64 for v in values):
                shown = code if len(code) <= 40 else code[:40] + "..."
                raise CodeError(f"{shown!r}: a subtraction set is positive whole numbers below "
                                "64 between commas, like S(1,3,4)")
            return cls.subtraction(tuple(sorted({int(v) for v in values})))
        match = re.fullmatch(r"([0-9a-f]?)\.([0-9a-f]*)", text)
        if match is None or len(text) > 64:
            raise CodeError(f"{code!r} is not a take-and-break code: write digits after a "
                            "point, like 0.77 (Kayles) or 4.07, at most 64 characters")
        head, tail = match.groups()
        digits = tuple(int(d, 16) for d in (head or "0") + tail)
        if digits[0] & 3:
            raise CodeError(f"{code!r}: the digit before the point may only split (4 or 8), "
                            "since taking nothing and leaving the heap is no move")
        while len(digits) > 1 and digits[-1] == 0:
            digits = digits[:-1]
        return cls(digits)

    @classmethod
    def subtraction(cls, subtraction_set: tuple[int, ...]) -> TakeAndBreak:
        """The subtraction game on S: digit 3 (take k, leave 0 or 1 heap) for k in S."""
        if not subtraction_set or min(subtraction_set) < 1:
            raise CodeError("a subtraction set needs positive values, e.g. 1,2,3")
        return cls(tuple(3 if k in subtraction_set else 0
                         for k in range(max(subtraction_set) + 1)))

    def __str__(self) -> str:
        if self.unequal_split:
            return "grundy"
        tail = "".join(f"{d:x}" for d in self.digits[1:]) or "0"
        return f"{self.digits[0]:x}.{tail}"

    @property
    def most_taken(self) -> int:
        """t, the largest number of tokens one move takes."""
        return len(self.digits) - 1

    @property
    def most_heaps(self) -> int:
        """h, the most heaps a move leaves in place of one."""
        if self.unequal_split:
            return 2
        return max(3 if d & 8 else 2 if d & 4 else 1 if d & 2 else 0 for d in self.digits)

    def splits(self, heap: int) -> list[tuple[int, tuple[int, ...]]]:
        """Every move on one heap: (tokens taken, the heaps left, sorted)."""
        if self.unequal_split:
            return [(0, (a, heap - a)) for a in range(1, (heap + 1) // 2) if 2 * a != heap]
        moves: list[tuple[int, tuple[int, ...]]] = []
        for k, digit in enumerate(self.digits):
            rest = heap - k
            if rest < 0:
                break
            if digit & 1 and rest == 0 and k > 0:
                moves.append((k, ()))
            if digit & 2 and rest > 0 and k > 0:
                moves.append((k, (rest,)))
            if digit & 4:
                moves.extend((k, (a, rest - a)) for a in range(1, rest // 2 + 1))
            if digit & 8:
                moves.extend((k, (a, b, rest - a - b)) for a in range(1, rest // 3 + 1)
                             for b in range(a, (rest - a) // 2 + 1))
        return moves


GRUNDYS_GAME = TakeAndBreak((0,), unequal_split=True)


def python_nim_sequence(rule: TakeAndBreak, n: int,
                        check: Callable[[], None] | None = None) -> list[int]:
    """G(0), ..., G(n − 1) by the mex rule, in pure Python: the same moves as
    ``rule.splits`` (the tests check it against plain search through them), with the
    two-heap splits read off the sequence in one pass of ``map``."""
    if n > MAX_HEAPS:
        raise CodeError(f"{n} values asked: at most {MAX_HEAPS} are computed here")
    values: list[int] = []
    for heap in range(n):
        if check is not None and heap % 256 == 0:
            check()
        reachable: set[int] = set()
        if rule.unequal_split:
            half = (heap - 1) // 2
            reachable.update(map(operator.xor, values[1:half + 1],
                                 reversed(values[heap - half:heap])))
        for k, digit in enumerate(rule.digits):
            rest = heap - k
            if rest < 0 or rule.unequal_split:
                break
            if digit & 1 and rest == 0 and k > 0:
                reachable.add(0)
            if digit & 2 and rest > 0 and k > 0:
                reachable.add(values[rest])
            if digit & 4:
                half = rest // 2
                reachable.update(map(operator.xor, values[1:half + 1],
                                     reversed(values[rest - half:rest])))
            if digit & 8:
                reachable.update(values[a] ^ values[b] ^ values[rest - a - b]
                                 for a in range(1, rest // 3 + 1)
                                 for b in range(a, (rest - a) // 2 + 1))
        values.append(mex(reachable))
    return values


def nim_sequence(rule: TakeAndBreak, n: int, check: Callable[[], None] | None = None,
                 max_seconds: float | None = None) -> list[int]:
    """The nim sequence G(0..n−1) of a heap game.

    Octal codes (digits 0-7) run in the native kernel, under ``max_seconds`` (and any
    signal deadline); hexadecimal codes and Grundy's game run in ``python_nim_sequence``,
    which calls ``check`` now and then (it may raise to stop).  A caller that bounds the
    work only by ``check`` gets the Python reference, which honours it.  ``max_seconds``
    out of range (``check_seconds``) is BadBudget.
    """
    from grundy.search.budget import BudgetExceeded, check_seconds  # grundy.search imports us

    max_seconds = check_seconds(max_seconds)
    octal = not rule.unequal_split and max(rule.digits) < 8
    if octal and n > 0 and (check is None or max_seconds is not None):
        try:
            from grundy import _native
        except ImportError:
            return python_nim_sequence(rule, n, check)
        values, _ = _native.octal_sequence(str(rule), n - 1, None, max_seconds)
        if values is None:
            raise BudgetExceeded(f"the nim sequence stopped after {max_seconds:g} s (time "
                                 "budget): raise --max-seconds or ask for fewer values")
        return values
    return python_nim_sequence(rule, n, check)


@dataclass(frozen=True)
class Periodicity:
    """G(n + period) = G(n) + saltus for every n ≥ preperiod.  ``proved``: the values up
    to ``last_checked`` satisfy the Guy–Smith hypothesis, so the period holds forever."""

    period: int
    preperiod: int
    saltus: int
    last_checked: int
    proved: bool

    def to_json(self) -> dict[str, object]:
        return {"period": self.period, "preperiod": self.preperiod, "saltus": self.saltus,
                "last_checked": self.last_checked, "proved": self.proved}


def guy_smith_bound(most_taken: int, most_heaps: int, period: int, preperiod: int) -> int:
    """The last heap size whose value the periodicity theorem needs, for a game whose
    moves take at most t = ``most_taken`` tokens and leave at most h = ``most_heaps``
    heaps: n + p for n < max(h·(n0 + p) + t − p, t + 1)."""
    end = max(most_heaps * (preperiod + period) + most_taken - period, most_taken + 1)
    return end - 1 + period


def periodic_from(values: Sequence[Any], period: int, saltus: int = 0) -> int:
    """The least index n0 with values[n + period] = values[n] + saltus for every n ≥ n0
    (any values comparable with ``==`` when ``saltus`` is 0: outcomes, canonical forms)."""
    start = len(values) - period
    while start > 0 and (values[start - 1 + period] == values[start - 1] if saltus == 0
                         else values[start - 1 + period] - values[start - 1] == saltus):
        start -= 1
    return start


def periodicity(rule: TakeAndBreak, n: int,
                values: list[int] | None = None) -> Periodicity | None:
    """The least period (with its least pre-period) that the values G(0..n−1) prove by
    the Guy–Smith theorem; else the least arithmetic period (saltus ≠ 0) the values show
    for at least three periods, unproved; else None.  Grundy's game is never proved.

    >>> periodicity(TakeAndBreak.parse("0.07"), 200)
    Periodicity(period=34, preperiod=53, saltus=0, last_checked=175, proved=True)
    """
    values = nim_sequence(rule, n) if values is None else values
    last = len(values) - 1
    apparent: Periodicity | None = None
    for p in range(1, len(values) // 2 + 1):
        saltus = values[last] - values[last - p]
        start = periodic_from(values, p, saltus)
        if saltus == 0 and not rule.unequal_split:
            bound = guy_smith_bound(rule.most_taken, rule.most_heaps, p, start)
            if bound <= last:
                return Periodicity(p, start, 0, bound, True)
        elif apparent is None and saltus != 0 and last - start >= 3 * p:
            apparent = Periodicity(p, start, saltus, last, False)
    return apparent


def plot_sequence(rule: TakeAndBreak, values: list[int], path: str | Path,
                  found: Periodicity | None = None) -> None:
    """A scatter plot of G(n) against n (matplotlib, the plot extra, imported only here)."""
    require("plot", "a nim-sequence plot", "matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 3.5))
    axes.scatter(range(len(values)), values, s=6, color="tab:blue")
    if found is not None:
        axes.axvline(found.preperiod, color="tab:red", linewidth=0.8,
                     label=f"period {found.period} from n = {found.preperiod}")
        axes.legend(loc="upper left")
    axes.set_xlabel("heap size n")
    axes.set_ylabel("G(n)")
    axes.set_title(f"nim sequence of {rule}")
    axes.grid(True, alpha=0.3)
    figure.tight_layout()
    figure.savefig(str(path))
    plt.close(figure)


def exceptional_heaps(values: list[int], found: Periodicity) -> list[int]:
    """Heap sizes n < preperiod whose value is not the periodic one (that of the first
    n + k·period in the periodic part, less k·saltus)."""
    exceptions = []
    for n in range(found.preperiod):
        k = -((n - found.preperiod) // found.period)
        if n + k * found.period < len(values) and (
                values[n + k * found.period] - k * found.saltus != values[n]):
            exceptions.append(n)
    return exceptions


def grouped(values: list[int], width: int) -> list[list[int]]:
    """The sequence in rows of ``width`` values (how WW prints nim sequences)."""
    if width < 1:
        return [values]
    return [values[i:i + width] for i in range(0, len(values), width)]
