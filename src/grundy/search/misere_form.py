"""The misère simplest form of a position of any impartial ruleset.

Each position becomes Conway's simplest form of the game of its options
(``grundy.values.misere``; ONAG ch. 12), a position that splits into components the
misère sum of theirs.  Memoised by the ruleset's transposition key; the budget counts
positions expanded.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable

from grundy.protocol import ImpartialRuleset, Key
from grundy.search.budget import Budget
from grundy.values.misere import MisereGame


def misere_form(ruleset: ImpartialRuleset[Hashable], position: Hashable,
                budget: Budget | None = None) -> MisereGame:
    """The misère simplest form of ``position`` (its genus, class and misère outcome
    follow from it)."""
    budget = budget or Budget()
    budget.start()
    memo: dict[Key, MisereGame] = {}

    def form(p: Hashable) -> MisereGame:
        key = ruleset.key(p)
        known = memo.get(key)
        if known is None:
            parts = list(ruleset.components(p))
            if parts == [p]:
                budget.tick(len(memo))
                known = MisereGame.of(form(child) for child in ruleset.options(p))
            else:
                known = MisereGame.zero()
                for part in parts:
                    known = known + form(part)
            memo[key] = known
        return known

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return form(position)
    finally:
        sys.setrecursionlimit(limit)
