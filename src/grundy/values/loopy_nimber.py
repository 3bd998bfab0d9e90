"""Impartial loopy games: Smith's generalized nim values (Smith 1966; Siegel 2013,
Ch. IV, "Loopy impartial games"; Fraenkel & Yesha 1986 for the algorithm).

In a finite impartial game graph whose plays may repeat (an infinite play is a draw),
every position has a generalized nim value: a nimber ``*m`` or ``∞`` together with the
set K of the finite values of its options (written ``∞`` or ``∞(0,*,*2)``, as
cgt-tools writes them).  ``γ(u) = m`` exactly when

(a) no option of u has value m,
(b) for every j < m some option of u has value j, and
(c) every option of u of value ∞ or greater than m has itself an option of value m;

and the values are the *least* such labelling, found one m at a time (Fraenkel and
Yesha's labelling): label m every unlabelled position that meets (a)-(c) with the
labels found so far, until none does, then go on to m + 1.  A position left unlabelled
is ``∞(K)``.  ``γ(u) = m`` exactly when ``u + *m`` is a second-player win, which is
what the hypothesis test compares against (retrograde analysis of the sum).

Outcome: ``0`` is a P-position, any other nimber and ``∞(K)`` with 0 in K are
N-positions (move to a 0), and ``∞(K)`` with 0 not in K is a draw.  Running time
O(E · M) for E edges and M the largest value plus one (at most the largest out-degree
plus one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grundy.values.loopy import LoopyOutcome
from grundy.values.nimber import format_nimber

__all__ = ["LoopyNimber", "loopy_nim_values"]


@dataclass(frozen=True)
class LoopyNimber:
    """A generalized nim value: ``finite`` is m for ``*m``, or None for ``∞(escapes)``."""

    finite: int | None
    escapes: frozenset[int] = frozenset()

    def __str__(self) -> str:
        if self.finite is not None:
            return format_nimber(self.finite)
        if not self.escapes:
            return "∞"
        return f"∞({','.join(format_nimber(m) for m in sorted(self.escapes))})"

    def outcome(self) -> LoopyOutcome:
        """P for 0, N for another nimber or an ∞ that can move to 0, D (a draw) else."""
        if self.finite == 0:
            return LoopyOutcome.P
        if self.finite is not None or 0 in self.escapes:
            return LoopyOutcome.N
        return LoopyOutcome.D


def loopy_nim_values(successors: Sequence[Sequence[int]]) -> list[LoopyNimber]:
    """The generalized nim value of every position ``0..n-1`` of a finite impartial game
    graph (``successors[u]``: the positions one move from u).  See the module docstring."""
    n = len(successors)
    options = [sorted(set(targets)) for targets in successors]
    predecessors: list[list[int]] = [[] for _ in range(n)]
    for u, targets in enumerate(options):
        for v in targets:
            predecessors[v].append(u)
    label: list[int | None] = [None] * n
    m = 0
    while True:
        # (b): the unlabelled positions with an option of every value below m
        candidate = [label[u] is None and
                     len({label[v] for v in options[u] if label[v] is not None}) == m
                     for u in range(n)]
        if not any(candidate):
            break
        # covered[v]: v is labelled below m, or has an option labelled m; (c) asks
        # every option of a position to be covered, (a) no option labelled m
        hit = [False] * n
        uncovered = [sum(1 for v in options[u] if label[v] is None) for u in range(n)]
        ready = [u for u in range(n) if candidate[u] and not uncovered[u]]
        while ready:
            u = ready.pop()
            if label[u] is not None or hit[u]:
                continue
            label[u] = m
            for p in predecessors[u]:
                if hit[p]:
                    continue
                hit[p] = True  # p has an option labelled m: (a) fails for p, p is covered
                for q in predecessors[p]:
                    if label[p] is None:
                        uncovered[q] -= 1
                        if not uncovered[q] and candidate[q] and not hit[q]:
                            ready.append(q)
        m += 1
    values = []
    for u in range(n):
        found = label[u]
        if found is not None:
            values.append(LoopyNimber(found))
        else:
            escapes = frozenset(x for v in options[u] if (x := label[v]) is not None)
            values.append(LoopyNimber(None, escapes))
    return values
