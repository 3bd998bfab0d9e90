"""Theorem 3.4.2 for any ruleset: the nimber of a position from outcome queries alone
(Ferland 2024, Thm 3.4.2, after Thm 3.3.1's "following the winning way"; seed
``001_56c9c94dd1ec088e.wrapped.txt`` L479-493, L504-509).

The procedure sees a position's options (the game tree) but learns outcomes only from
the outcome oracle.  A P-position is 0.  An N-position with at most two options has a
P-option; if every option is P its value is *; otherwise the other option is N, so it
is * or *2 (a game whose positions have at most two options is at most *2), and the
position is the nimber the mex rule leaves: 3 ⊕ value(that option).  Only that option
is followed, so the procedure walks one path down the tree with at most two outcome
queries a level: a degree-≤2 game of height h costs at most 2h + 1 outcome queries,
polynomially many for a polynomially short game.

A position with three or more options lies outside the theorem; there the procedure
branches, taking the mex of every option's value found the same way (as Thm 3.3.1 does
at a degree-3 start vertex and Thm 3.4.3 at high-degree vertices), and counts it in
``branched``.  For undirected geography the same idea with matchings, plus a pruning by
degree, is ``grundy.rulesets.geography.algorithms.BranchAndBound``.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from grundy.oracles.model import Counting, Oracles, RulesetOracles
from grundy.protocol import ImpartialRuleset, Key
from grundy.search.budget import Budget
from grundy.values import Outcome
from grundy.values.nimber import mex

P = TypeVar("P", bound=Hashable)


@dataclass
class WinningWay(Generic[P]):
    """Nimbers of one ruleset's positions by Thm 3.4.2.  ``oracles`` answers outcome
    queries on the positions of :class:`~grundy.oracles.model.RulesetOracles` (wrap them
    in :class:`~grundy.oracles.model.Counting` to count); ``followed`` counts the
    positions whose value came from one option, ``branched`` those that needed all.

    >>> from grundy.rulesets import get
    >>> way = WinningWay(get("subtraction"))
    >>> way.nimber(get("subtraction").parse("1,2:7")), way.oracles.queries["outcome"]
    (1, 8)
    """

    ruleset: ImpartialRuleset[P]
    oracles: Oracles[Any] | None = None
    budget: Budget | None = None
    followed: int = 0
    branched: int = 0
    _outcomes: dict[Key, Outcome] = field(default_factory=dict)
    _values: dict[Key, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.oracles is None:
            self.oracles = Counting(RulesetOracles(self.ruleset))

    def nimber(self, position: P) -> int:
        """The Grundy value of ``position``."""
        if self.budget is not None:
            self.budget.start()
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))
        try:
            return self._value(position)
        finally:
            sys.setrecursionlimit(limit)

    def outcome(self, position: P) -> Outcome:
        """One outcome query (each position is asked about at most once)."""
        key = self.ruleset.key(position)
        known = self._outcomes.get(key)
        if known is None:
            assert self.oracles is not None
            known = self.oracles.outcome(((self.ruleset, position),))
            self._outcomes[key] = known
        return known

    def _value(self, position: P) -> int:
        if self.outcome(position) is Outcome.P:
            return 0
        key = self.ruleset.key(position)
        known = self._values.get(key)
        if known is not None:
            return known
        if self.budget is not None:
            self.budget.tick(len(self._values))
        options = list(self.ruleset.options(position))
        if len(options) <= 2:
            self.followed += 1
            live = [o for o in options if self.outcome(o) is Outcome.N]
            value = 3 ^ self._value(live[0]) if live else 1
        else:
            self.branched += 1
            value = mex(self._value(o) for o in options)
        self._values[key] = value
        return value


def winning_way_nimber(ruleset: ImpartialRuleset[P], position: P) -> tuple[int, int, int]:
    """The nimber of ``position`` by Thm 3.4.2, the outcome queries it took, and the
    positions where it branched (0 for a game whose positions have at most two options)."""
    oracles: Counting[Any] = Counting(RulesetOracles(ruleset))
    way = WinningWay(ruleset, oracles)
    return way.nimber(position), oracles.queries["outcome"], way.branched
