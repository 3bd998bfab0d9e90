"""Checkers for Burke's Atropos conjectures over the board sizes we can solve (seed 004).

- Conjecture 4.2.1 (``004_d08755248cee49c5.txt`` L1030): in Unrestricted Atropos from
  the start, the player who would not colour the last circle wins, i.e. the first
  player wins iff n(n+1)/2 is even.
- Conjecture 5.2.1 (L1190): in Atropos from the start the first player wins iff
  n mod 4 ∈ {0, 3}.
- Conjecture 5.2.2 (L1194): from the start, either player can enforce that the game
  ends by playing at the last open circle.  We read "enforce" against an opponent who
  plays safely (a suicidal move ends any game at once, so no one can prevent it) and
  check it for each player separately: the *enforcer* wins the game in which the
  game ends — the player to move has no safe move — with exactly one uncoloured
  circle left.  ``fill_enforcers`` says which of the two players can do it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grundy.rulesets.atropos.search import (
    AtroposSolver,
    Geometry,
    State,
    geometry,
    play,
    safe_moves,
    start_state,
)

if TYPE_CHECKING:  # grundy.search imports this package: no import cycle at run time
    from grundy.search.budget import Budget


def _budget(budget: Budget | None) -> Budget:
    from grundy.search.budget import Budget

    return budget if budget is not None else Budget()


def can_force_fill(
    n: int, enforcer_moves_first: bool, restricted: bool = True, budget: Budget | None = None
) -> bool:
    """Can the enforcer make the game end at the last open circle (safe play on both sides)?"""
    g = geometry(n)
    budget = _budget(budget)
    budget.start()
    table: dict[tuple[State, bool], bool] = {}

    def forced(state: State, enforcer: bool) -> bool:
        key = (state, enforcer)
        known = table.get(key)
        if known is not None:
            return known
        budget.tick(len(table))
        children = [play(g, state, u, x, restricted) for u, x in safe_moves(g, state)]
        if not children:
            result = state.uncoloured.bit_count() == 1
        elif enforcer:
            result = any(forced(child, False) for child in children)
        else:
            result = all(forced(child, True) for child in children)
        table[key] = result
        return result

    return _deep(g, lambda: forced(start_state(n, restricted), enforcer_moves_first))


def _deep(g: Geometry, run: Callable[[], bool]) -> bool:
    """Run a recursive search as deep as the board has circles."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 200 + 4 * g.size))
    try:
        return run()
    finally:
        sys.setrecursionlimit(limit)


@dataclass(frozen=True)
class ConjectureCheck:
    """The outcomes from the start of one size and what each conjecture predicts."""

    n: int
    first_wins: bool
    unrestricted_first_wins: bool
    #: (first player can enforce the fill, second player can)
    fill_enforcers: tuple[bool, bool]

    @property
    def conjecture_4_2_1(self) -> bool:
        return self.unrestricted_first_wins is (self.n * (self.n + 1) // 2 % 2 == 0)

    @property
    def conjecture_5_2_1(self) -> bool:
        return self.first_wins is (self.n % 4 in (0, 3))

    @property
    def conjecture_5_2_2(self) -> bool:
        return all(self.fill_enforcers)

    def to_json(self) -> dict[str, object]:
        return {
            "n": self.n,
            "first_player_wins": self.first_wins,
            "unrestricted_first_player_wins": self.unrestricted_first_wins,
            "fill_enforceable_by": {"first": self.fill_enforcers[0],
                                    "second": self.fill_enforcers[1]},
            "conjecture_4.2.1": self.conjecture_4_2_1,
            "conjecture_5.2.1": self.conjecture_5_2_1,
            "conjecture_5.2.2": self.conjecture_5_2_2,
        }


def check(n: int, budget: Budget | None = None) -> ConjectureCheck:
    """Solve size n from the start (restricted, unrestricted, and the fill game)."""
    budget = _budget(budget)
    return ConjectureCheck(
        n,
        AtroposSolver(n, True, budget).wins(start_state(n, True)),
        AtroposSolver(n, False, budget).wins(start_state(n, False)),
        (can_force_fill(n, True, budget=budget), can_force_fill(n, False, budget=budget)),
    )
