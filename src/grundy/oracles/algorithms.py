"""Ferland's two algorithms in the three-oracle model (Ferland 2024, §5.2-5.3; seed
``001_56c9c94dd1ec088e.txt`` @123500-131500).

- :func:`identify_nimber` is Algorithm 1 (Thm 5.1.1): o(G + *k) = P exactly when G = *k,
  so a linear search finds an impartial game's nimber with k + 1 outcome queries.
- :func:`locate` is Algorithm 2 (Thm 5.1.2): by Obs 5.3.1 the outcome of G − t says
  whether G is above, below, equal to or confused with the number t, so an exponential
  search over the integers and a bisection over the dyadic rationals find the number G is
  infinitesimally close to, or, when G is confused with some number, both ends of its
  confusion interval, each open or closed.  Probes with s·↑ decide "infinitesimally
  close"; Thm 5.3.3 (s = 2 + the game's height suffices) bounds how far s doubles.

Corrections (docs/errata.md): the printed midpoints B + ⌊(U + B)/2⌋ (@126653) and
B + (B − U)/2 (@128199) are the midpoint (U + B)/2; and Step 3 probes the wrong side of
each bound: with G > B known, G is infinitesimally close to B when G − B + s·↓ ≤ 0 (the
text adds s·↑, which can never give P or R there), and symmetrically at U.  As printed,
Step 3 never ends on G = ↑.

Each call returns its answer with the queries it made (wrap the oracles in
:class:`~grundy.oracles.model.Counting`).  Cost: O(log |x| + p + log h) rounds of at most
three queries for a nearest number x = m/2^p of a game of height h, and as many again
for each end of a confusion interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from grundy.oracles.model import Oracles
from grundy.values import ConfusionInterval, Game, Outcome

P = TypeVar("P")


def identify_nimber(position: P, oracles: Oracles[P], limit: int | None = None) -> int:
    """Algorithm 1: the k with G = *k, by asking o(G + *k) for k = 0, 1, 2, ...

    An impartial game of nimber k costs exactly k + 1 outcome queries (Thm 5.1.1: time
    polynomial in k, so pseudo-polynomial in the size of k).  ``limit`` stops the search
    for a game that is no nimber (an :class:`~grundy.oracles.model.OracleError`).

    >>> from grundy.oracles.model import Counting, ValueOracles
    >>> oracles = Counting(ValueOracles())
    >>> identify_nimber(Game.nimber(5), oracles), oracles.queries["outcome"]
    (5, 6)
    """
    from grundy.oracles.model import OracleError

    if oracles.outcome(position) is Outcome.P:
        return 0
    k = 1
    while limit is None or k <= limit:
        if oracles.outcome(oracles.sum(position, oracles.value(Game.nimber(k)))) is Outcome.P:
            return k
        k += 1
    raise OracleError(f"no nimber up to *{limit}: the position is not a nimber that small")


@dataclass(frozen=True)
class Location:
    """What Algorithm 2 finds: G = ``number`` exactly, or G − ``number`` is a non-zero
    infinitesimal (``exact`` False), or G is confused with the numbers of ``interval``."""

    number: Fraction | None = None
    exact: bool = False
    interval: ConfusionInterval | None = None

    def __str__(self) -> str:
        if self.interval is not None:
            return f"confused with {self.interval}"
        return f"= {self.number}" if self.exact else f"infinitesimally close to {self.number}"


class _Search:
    """Algorithm 2's probes: the outcome of G − t and of G − t ± s·↑."""

    def __init__(self, position: object, oracles: Oracles[object]) -> None:
        self.position, self.oracles = position, oracles

    def against(self, t: Fraction, ups: int = 0) -> Outcome:
        """o(G − t + ups·↑)."""
        test = Game.number(-t) + Game.up(ups) if ups else Game.number(-t)
        return self.oracles.outcome(self.oracles.sum(self.position, self.oracles.value(test)))


def locate(position: P, oracles: Oracles[P]) -> Location:
    """Algorithm 2: the number G is infinitesimally close to, or its confusion interval.

    >>> from grundy.oracles.model import ValueOracles
    >>> str(locate(Game.number(Fraction(3, 4)) + Game.up(), ValueOracles()))
    'infinitesimally close to 3/4'
    >>> str(locate(Game.of([Game.integer(4)], [Game.integer(2)]), ValueOracles()))
    'confused with [2, 4]'
    """
    search = _Search(position, oracles)  # type: ignore[arg-type]
    first = oracles.outcome(position)
    if first is Outcome.P:
        return Location(Fraction(0), exact=True)
    if first is Outcome.N:
        return _interval(search, Fraction(0), None, None)
    low, high = (Fraction(0), None) if first is Outcome.L else (None, Fraction(0))
    # Step 2: integers, by exponential search outwards and bisection inwards.
    while low is None or high is None or high - low > 1:
        if high is None:
            assert low is not None
            t = 2 * low + 1
        elif low is None:
            t = 2 * high - 1
        else:
            t = Fraction((low + high) // 2)
        outcome = search.against(t)
        if outcome is Outcome.P:
            return Location(t, exact=True)
        if outcome is Outcome.N:
            return _interval(search, t, low, high)
        low, high = (t, high) if outcome is Outcome.L else (low, t)
    # Step 3: dyadic rationals between two integers, with s·↑ probes at both ends.
    s = 1
    while True:
        if search.against(low, -s) in (Outcome.P, Outcome.R):  # G − low ≤ s·↑
            return Location(low)
        if search.against(high, s) in (Outcome.P, Outcome.L):  # G − high ≥ s·↓
            return Location(high)
        t = (low + high) / 2
        outcome = search.against(t)
        if outcome is Outcome.P:
            return Location(t, exact=True)
        if outcome is Outcome.N:
            return _interval(search, t, low, high)
        low, high = (t, high) if outcome is Outcome.L else (low, t)
        s *= 2


def _interval(search: _Search, t: Fraction, low: Fraction | None,
              high: Fraction | None) -> Location:
    """Phase 2: G is confused with t; find both ends of the confusion interval."""
    low_end, low_closed = _end(search, t, low, below=True)
    high_end, high_closed = _end(search, t, high, below=False)
    return Location(interval=ConfusionInterval(low_end, high_end, low_closed, high_closed))


def _end(search: _Search, hit: Fraction, miss: Fraction | None,
         below: bool) -> tuple[Fraction, bool]:
    """The end of the confusion interval on one side of ``hit`` (a number confused with
    G), with ``miss`` a number on that side known not to be confused with G, or None."""
    sign = -1 if below else 1
    not_confused = Outcome.L if below else Outcome.R
    if miss is None:  # exponential search for a number beyond the end
        step = Fraction(1)
        while search.against(hit + sign * step) is Outcome.N:
            step *= 2
        miss = hit + sign * step
    s = 1
    while True:
        # An open end at ``miss``: G − miss is not N, but moving it by s·↑ inwards is.
        if search.against(miss, sign * s) is Outcome.N:
            return miss, False
        # A closed end at ``hit``: G − hit is N, but moving it by s·↑ outwards is not.
        if search.against(hit, -sign * s) is not_confused:
            return hit, True
        middle = (hit + miss) / 2
        if search.against(middle) is Outcome.N:
            hit = middle
        else:
            miss = middle
        s *= 2
