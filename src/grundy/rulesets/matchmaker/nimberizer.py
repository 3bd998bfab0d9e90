"""Stubborn Matchmaker by class patterns: the thesis' Nimberizer and its Verifier.

Burke 2009, §5.3 (seed ``004_d08755248cee49c5.txt`` L1323-1325): the
``StubbornMatchmakerNimberizer`` evaluates a board from its class without looking at
its children, and the ``StubbornMatchmakerNimberizerVerifier`` checks the evaluator class
by class, recursively through the classes of the children, stopping at the first class
it gets wrong — so no table of every descendant's value is ever kept.

The class pattern of a board is which West and which East candidates are matched (the
classes (x, y, z) of L1257 are unions of patterns).  A Stubborn proposal either pairs an
unmatched West with an unmatched East candidate, adding them to the pattern, or re-pairs
matched candidates, keeping it.  Under Conjecture 5.3.1 (L1202: an uncrossing move flips
the low bit) a board is worth the value of the cross-free board of its pattern, xor the
parity of its crossed pairs; and pairing unmatched w and e on a cross-free board crosses
|a - b| matched pairs, a (b) the matched candidates ranked above w (e).  So the values
of all patterns follow from one another, C(2n, n) patterns against the
Σ C(n, k)² k! boards of a brute-force search [the recursion is ours, inferred from the
thesis' description; the verifier makes it a checked fact on what it covers].
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grundy.protocol import GrundyError
from grundy.rulesets.matchmaker.rules import (
    Matching,
    StubbornMatchmaker,
    Tables,
    cross_free,
    crossings,
    from_pairs,
    matching_class,
)
from grundy.values.nimber import mex

if TYPE_CHECKING:
    from grundy.search.budget import Budget

#: A class pattern: board size, matched West candidates, matched East candidates (bit
#: r - 1 set when rank r is matched).
Pattern = tuple[int, int, int]

#: Largest board the class tables are built for (C(2n, n) patterns: 705,432 at 11).
MAX_NIMBERIZER_N = 11


def pattern(m: Matching) -> Pattern:
    """The class pattern of a board."""
    west = sum(1 << w for w, e in enumerate(m) if e)
    east = sum(1 << (e - 1) for e in m if e)
    return len(m), west, east


def ranks(mask: int, n: int) -> list[int]:
    return [r + 1 for r in range(n) if mask >> r & 1]


def representative(p: Pattern) -> Matching:
    """The cross-free board of a pattern: matched candidates paired in rank order."""
    n, west, east = p
    return from_pairs(n, list(zip(ranks(west, n), ranks(east, n), strict=True)))


def members(p: Pattern) -> Iterator[Matching]:
    """Every board of a pattern: every pairing of its matched candidates."""
    n, west, east = p
    wests = ranks(west, n)
    for easts in itertools.permutations(ranks(east, n)):
        yield from_pairs(n, list(zip(wests, easts, strict=True)))


def _key(p: Pattern) -> Pattern:
    """Swapping West and East keeps every value: store one of the two."""
    n, west, east = p
    return min(p, (n, east, west))


class Nimberizer:
    """Values stored per class pattern for boards of ``n`` candidates a side.

    ``values`` maps a pattern (up to swapping sides) to the value of its cross-free board,
    built from the full board down by the recursion of the module docstring.  ``grundy``
    evaluates any board from its pattern and its crossings alone."""

    def __init__(self, n: int, budget: Budget | None = None) -> None:
        if not 1 <= n <= MAX_NIMBERIZER_N:
            raise GrundyError(f"class tables are built for 1 to {MAX_NIMBERIZER_N} candidates "
                              f"a side, not {n}")
        self.n = n
        self.values: dict[Pattern, int] = {}
        if budget is not None:
            budget.start()
        for k in range(n, -1, -1):
            for wests in itertools.combinations(range(n), k):
                west = sum(1 << r for r in wests)
                for easts in itertools.combinations(range(n), k):
                    east = sum(1 << r for r in easts)
                    if (n, east, west) < (n, west, east):
                        continue
                    if budget is not None:
                        budget.tick(len(self.values))
                    self.values[n, west, east] = self._mex(west, east)

    def _mex(self, west: int, east: int) -> int:
        """The mex over the patterns one pairing larger, each xor its new crossings."""
        n, values = self.n, self.values
        options = set()
        for w in range(n):
            if west >> w & 1:
                continue
            a = (west & ((1 << w) - 1)).bit_count()
            for e in range(n):
                if east >> e & 1:
                    continue
                b = (east & ((1 << e) - 1)).bit_count()
                child = (n, west | 1 << w, east | 1 << e)
                options.add(values[_key(child)] ^ ((a ^ b) & 1))
        return mex(options)

    def value(self, p: Pattern) -> int:
        """The stored value of a pattern (its cross-free board)."""
        if p[0] != self.n:
            raise GrundyError(f"this evaluator is for boards of {self.n} a side, not {p[0]}")
        return self.values[_key(p)]

    def grundy(self, m: Matching) -> int:
        """The Nimberizer: a board's value from its class pattern and crossing parity."""
        return self.value(pattern(m)) ^ (crossings(m) & 1)


@dataclass
class Verification:
    """What the Verifier covered: the classes verified, the boards checked, and the first
    class it found evaluated wrongly (None when every class reached checks out)."""

    verified: list[Pattern] = field(default_factory=list)
    boards: int = 0
    failure: tuple[Matching, int, int] | None = None

    @property
    def holds(self) -> bool:
        return self.failure is None


def verify(nimberizer: Nimberizer, start: Matching, budget: Budget | None = None) -> \
        Verification:
    """The Verifier (L1325): check the class of ``start`` and, recursively, the classes of
    their children.  A class checks out when every board in it is given the mex of the
    values given to its children (the recursion a brute-force search would run, one
    level deep).  When every class reached checks out, the evaluator is right on every
    board reachable from ``start`` (induction over the game); on failure, ``failure`` is
    (board, claimed value, mex of its children's claimed values)."""
    rules = StubbornMatchmaker()
    report = Verification()
    if budget is not None:
        budget.start()
    seen = {pattern(start)}
    todo = [pattern(start)]
    while todo:
        p = todo.pop()
        for board in members(p):
            report.boards += 1
            if budget is not None:
                budget.tick(report.boards)
            claimed = nimberizer.grundy(board)
            kids = [child for _, child in rules.moves(board)]
            actual = mex({nimberizer.grundy(child) for child in kids})
            if claimed != actual:
                report.failure = (board, claimed, actual)
                return report
            for child in kids:
                q = pattern(child)
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        report.verified.append(p)
    return report


def class_tables(max_n: int, strict: bool = True, budget: Budget | None = None) -> Tables:
    """Tables 5.1-5.4 (L1259-1319) from the stored class values: every cross-free board
    up to ``max_n`` a side is its pattern's representative (same conventions as the
    brute-force ``matchmaker_tables``)."""
    tables = Tables(max_n, strict)
    for n in range(1, max_n + 1):
        nimberizer = Nimberizer(n, budget)
        for (_, west, east), value in nimberizer.values.items():
            for p in {(n, west, east), (n, east, west)}:
                board = representative(p)
                if cross_free(board, strict):
                    x, y, z = matching_class(board)
                    tables.cells.setdefault((x, min(y, z), max(y, z)), set()).add(value)
    return tables

