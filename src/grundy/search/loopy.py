"""Rulesets whose positions repeat: their game graphs, outcomes and loopy values.

``game_graph`` explores every position reachable from a start under a node budget (one
tick per position expanded), keyed by the ruleset's ``key``; a ``LoopyRuleset`` may
*settle* a position by a theorem (``settled``: its loopy value, such as ``off`` for a
fox that can no longer be trapped), which is then not expanded.  ``loopy_outcome``
labels wins and losses backwards from the positions where the player to move has no
move (retrograde analysis, ``grundy.values.loopy.label_states``); everything left
unlabelled is a draw.  Time and memory linear in the edges of the reachable graph.
``loopy_value`` turns the graph into a ``grundy.values.loopy.Loopy`` and gives its
simplest form (a stopper) or its sides.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from grundy.protocol import PartizanRuleset, Player
from grundy.search.budget import Budget
from grundy.values.loopy import Loopy, LoopyOutcome, Sides, outcomes

__all__ = ["GameGraph", "LoopyRuleset", "game_graph", "loopy_outcome", "loopy_value"]

P = TypeVar("P", bound=Hashable)


class LoopyRuleset(PartizanRuleset[P]):
    """A partizan ruleset whose positions may repeat: solved by ``loopy_outcome`` and
    ``loopy_value`` rather than by the short-game search."""

    loopy = True

    def settled(self, position: P) -> Loopy | None:
        """The loopy value of a position a theorem settles (not explored further), else
        None (the default)."""
        return None


@dataclass
class GameGraph(Generic[P]):
    """The reachable graph: ``positions[i]`` has Left options ``left[i]`` and Right
    options ``right[i]`` (indices); settled positions and the graphs of their values
    follow the explored ones."""

    positions: list[P]
    left: list[list[int]]
    right: list[list[int]]

    def loopy(self) -> Loopy:
        return Loopy(self.left, self.right)


def game_graph(ruleset: PartizanRuleset[P], position: P, budget: Budget | None = None
               ) -> GameGraph[P]:
    """Every position reachable from ``position`` (index 0), under ``budget``."""
    budget = budget if budget is not None else Budget()
    budget.start()
    settle = ruleset.settled if isinstance(ruleset, LoopyRuleset) else None
    index: dict[object, int] = {}
    positions: list[P] = []
    left: list[list[int]] = []
    right: list[list[int]] = []
    pending: list[tuple[int, Loopy]] = []

    def node(p: P) -> int:
        key = ruleset.key(p)
        found = index.get(key)
        if found is None:
            found = index[key] = len(positions)
            positions.append(p)
            left.append([])
            right.append([])
        return found

    node(position)
    i = 0
    while i < len(positions):
        p = positions[i]
        value = settle(p) if settle is not None else None
        if value is not None:
            pending.append((i, value))
        else:
            budget.tick(len(positions))
            left[i] = [node(q) for q in ruleset.options(p, Player.LEFT)]
            right[i] = [node(q) for q in ruleset.options(p, Player.RIGHT)]
        i += 1
    shared: dict[object, int] = {}
    for i, value in pending:  # a settled position becomes the start of its value's graph
        text = (value.left, value.right, value.start)
        if text not in shared:
            offset = len(left)
            shared[text] = offset + value.start
            left.extend([w + offset for w in options] for options in value.left)
            right.extend([w + offset for w in options] for options in value.right)
        target = shared[text]
        left[i], right[i] = list(left[target]), list(right[target])
    return GameGraph(positions, left, right)


def loopy_outcome(ruleset: PartizanRuleset[P], position: P, budget: Budget | None = None
                  ) -> LoopyOutcome:
    """Who wins ``position`` with Left and with Right moving first (infinite play a
    draw), by retrograde analysis of its reachable graph."""
    graph = game_graph(ruleset, position, budget)
    left_first, right_first = outcomes(tuple(map(tuple, graph.left)),
                                       tuple(map(tuple, graph.right)))[0]
    return LoopyOutcome.of(left_first, right_first)


def loopy_value(ruleset: PartizanRuleset[P], position: P, budget: Budget | None = None
                ) -> Loopy | Sides:
    """The value of ``position``: the simplest form of a stopper, else its sides."""
    return game_graph(ruleset, position, budget).loopy().value()

