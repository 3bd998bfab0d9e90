"""A deliberately naive reference solver, used by tests and benchmarks only.

Plain recursion over the ruleset's literal ``moves`` with a memo on the exact
position: no canonical keys, no symmetry, no decomposition, no closed forms.  It
is the definition of the nimber (seed 002, ``002_8bc4c30c443a0021.txt`` L57-59)
and nothing more, so the fast engine is checked against it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from typing import TypeVar

from grundy.protocol import ImpartialRuleset
from grundy.values.nimber import mex

T = TypeVar("T")


def naive_grundy(ruleset: ImpartialRuleset[Hashable], position: Hashable) -> int:
    """nimber(G) = mex of the options' nimbers; 0 for a terminal position."""
    memo: dict[Hashable, int] = {}

    def value(p: Hashable) -> int:
        if p not in memo:
            memo[p] = mex(value(child) for _, child in ruleset.moves(p))
        return memo[p]

    return _deep(value, position)


def naive_misere_wins(ruleset: ImpartialRuleset[Hashable], position: Hashable) -> bool:
    """Does the player to move win under misère play (no move = you win)?"""
    memo: dict[Hashable, bool] = {}

    def wins(p: Hashable) -> bool:
        if p not in memo:
            children = [child for _, child in ruleset.moves(p)]
            memo[p] = not children or any(not wins(child) for child in children)
        return memo[p]

    return _deep(wins, position)


def _deep(function: Callable[[Hashable], T], position: Hashable) -> T:
    """Run a recursive evaluation with room for deep (but small) test games."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return function(position)
    finally:
        sys.setrecursionlimit(limit)
