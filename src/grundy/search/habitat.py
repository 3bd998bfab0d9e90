"""The habitat of a ruleset: the values its positions take (Ferland 2024, §2.4,
``001_56c9c94dd1ec088e.txt`` @20000-57000), here over every position up to a size that
the ruleset enumerates (``small_positions``), size by size, so one sees it grow."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from grundy.protocol import GrundyError, ImpartialRuleset, PartizanRuleset, Ruleset
from grundy.search.budget import Budget
from grundy.search.engine import Solver
from grundy.search.partizan import PartizanSolver


@dataclass(frozen=True)
class HabitatStep:
    """The positions of one size: how many, the values new at this size, and the
    habitat so far (values as the search gives them: nimbers or canonical games)."""

    size: int
    positions: int
    new: tuple[Hashable, ...]
    habitat: tuple[Hashable, ...]


def habitat(ruleset: Ruleset[Any], max_size: int,
            budget: Budget | None = None) -> list[HabitatStep]:
    """One step per size 1..``max_size``; a ruleset that cannot enumerate its
    positions is an error naming the fix."""
    if type(ruleset).small_positions is Ruleset.small_positions:
        raise GrundyError(f"{ruleset.name} does not enumerate its small positions: the "
                          "habitat needs a ruleset with small_positions (nim, octal games, "
                          "node-kayles, transverse-wave, ...)")
    budget = budget if budget is not None else Budget()
    if isinstance(ruleset, ImpartialRuleset):
        solver: Any = Solver(ruleset, budget=budget)
        evaluate = solver.grundy
    else:
        assert isinstance(ruleset, PartizanRuleset)
        evaluate = PartizanSolver(ruleset, budget=budget).value
    seen: dict[Hashable, None] = {}
    steps = []
    for size in range(1, max_size + 1):
        count, new = 0, []
        for position in ruleset.small_positions(size):
            count += 1
            value = evaluate(position)
            if value not in seen:
                seen[value] = None
                new.append(value)
        steps.append(HabitatStep(size, count, tuple(new), tuple(seen)))
    return steps
