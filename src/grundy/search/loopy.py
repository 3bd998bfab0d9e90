"""Rulesets whose positions repeat: their game graphs, outcomes, loopy values and
perfect play.

``game_graph`` explores every position reachable from a start under a node budget (one
tick per position expanded), keyed by the ruleset's ``key``; a ``LoopyRuleset`` may
*settle* a position by a theorem (``settled``: its loopy value, such as ``off`` for a
fox that can no longer be trapped), which is then not expanded.  ``loopy_outcome``
labels wins and losses backwards from the positions where the player to move has no
move (retrograde analysis, ``grundy.values.loopy.label_states``); everything left
unlabelled is a draw.  Time and memory linear in the edges of the reachable graph.
``loopy_value`` turns the graph into a ``grundy.values.loopy.Loopy`` and gives its
simplest form (a stopper) or its sides; for an impartial ruleset
(``ImpartialLoopyRuleset``) the value is Smith's generalized nim value
(``grundy.values.loopy_nimber``).

``LoopySolver`` is what every surface (``grundy value``, ``moves``, the Python API, the
workbench) uses for these rulesets: values, outcomes with draws, and perfect play by
the depths of the retrograde analysis (a winning move that shortens the win, so that
the winner never wanders in a cycle; where no move wins, a move that keeps the draw).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from grundy.protocol import (
    GrundyError,
    ImpartialRuleset,
    Move,
    PartizanRuleset,
    Player,
    Ruleset,
)
from grundy.search.budget import Budget
from grundy.values.loopy import DRAW, Loopy, LoopyOutcome, Sides, outcomes, retrograde
from grundy.values.loopy_nimber import LoopyNimber, loopy_nim_values

__all__ = ["GameGraph", "ImpartialLoopyRuleset", "LoopyRuleset", "LoopySolver", "LoopyValue",
           "game_graph", "loopy_outcome", "loopy_value", "moves_of"]

P = TypeVar("P", bound=Hashable)

#: What a loopy position's value is: a stopper in simplest form, the sides of a game
#: that is not a stopper, or (impartial rulesets) a generalized nim value.
LoopyValue = Loopy | Sides | LoopyNimber


class LoopyRuleset(PartizanRuleset[P]):
    """A partizan ruleset whose positions may repeat: solved by ``LoopySolver``
    rather than by the short-game search."""

    loopy = True

    def settled(self, position: P) -> Loopy | None:
        """The loopy value of a position a theorem settles (not explored further), else
        None (the default)."""
        return None


class ImpartialLoopyRuleset(ImpartialRuleset[P]):
    """An impartial ruleset whose positions may repeat: its values are generalized nim
    values (``grundy.values.loopy_nimber``), found by ``LoopySolver``."""

    loopy = True


@dataclass
class GameGraph(Generic[P]):
    """The reachable graph: ``positions[i]`` has Left options ``left[i]`` and Right
    options ``right[i]`` (indices; the same lists for an impartial ruleset); settled
    positions and the graphs of their values follow the explored ones."""

    positions: list[P]
    left: list[list[int]]
    right: list[list[int]]

    def loopy(self) -> Loopy:
        return Loopy(self.left, self.right)


def moves_of(ruleset: Ruleset[P], position: P, player: Player | None) -> list[tuple[Move, P]]:
    """The legal moves of ``player`` (any player of an impartial ruleset)."""
    if isinstance(ruleset, PartizanRuleset):
        return list(ruleset.moves(position, player or Player.LEFT))
    assert isinstance(ruleset, ImpartialRuleset)
    return list(ruleset.moves(position))


def game_graph(ruleset: Ruleset[P], position: P, budget: Budget | None = None
               ) -> GameGraph[P]:
    """Every position reachable from ``position`` (index 0), under ``budget``."""
    budget = budget if budget is not None else Budget()
    budget.start()
    settle = ruleset.settled if isinstance(ruleset, LoopyRuleset) else None
    impartial = isinstance(ruleset, ImpartialRuleset)
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
    with budget.active():
        while i < len(positions):
            p = positions[i]
            value = settle(p) if settle is not None else None
            if value is not None:
                pending.append((i, value))
            else:
                budget.tick(len(positions))
                left[i] = [node(q) for _, q in moves_of(ruleset, p, Player.LEFT)]
                right[i] = (left[i] if impartial else
                            [node(q) for _, q in moves_of(ruleset, p, Player.RIGHT)])
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


def loopy_outcome(ruleset: Ruleset[P], position: P, budget: Budget | None = None
                  ) -> LoopyOutcome:
    """Who wins ``position`` with Left and with Right moving first (infinite play a
    draw), by retrograde analysis of its reachable graph."""
    graph = game_graph(ruleset, position, budget)
    left_first, right_first = outcomes(tuple(map(tuple, graph.left)),
                                       tuple(map(tuple, graph.right)))[0]
    return LoopyOutcome.of(left_first, right_first)


def loopy_value(ruleset: Ruleset[P], position: P, budget: Budget | None = None
                ) -> LoopyValue:
    """The value of ``position``: the simplest form of a stopper, else its sides; for an
    impartial ruleset its generalized nim value."""
    graph = game_graph(ruleset, position, budget)
    if isinstance(ruleset, ImpartialRuleset):
        return loopy_nim_values(graph.left)[0]
    return graph.loopy().value()


class LoopySolver(Generic[P]):
    """Values, outcomes and perfect play for a ruleset whose positions repeat, under one
    budget (``budget`` may be replaced between calls, as the other solvers' are).

    >>> from grundy.rulesets import get
    >>> toads = get("backsliding-toads-and-frogs")
    >>> solver = LoopySolver(toads)
    >>> str(solver.value("T..F")), solver.outcome("T..F").value
    ('*', 'N')
    """

    def __init__(self, ruleset: Ruleset[P], budget: Budget | None = None) -> None:
        if not ruleset.loopy:
            raise GrundyError(f"{ruleset.name}'s positions never repeat: use "
                              "grundy.api.solver, which picks the short-game search")
        self.ruleset = ruleset
        self.budget = budget if budget is not None else Budget()
        #: key -> the winner with Left and with Right moving first ("L", "R" or "D")
        self.seen: dict[Hashable, tuple[str, str]] = {}
        #: key -> value
        self.values: dict[Hashable, LoopyValue] = {}

    @property
    def impartial(self) -> bool:
        return isinstance(self.ruleset, ImpartialRuleset)

    def graph(self, position: P) -> GameGraph[P]:
        """The reachable graph (within the budget); every position's outcome is kept."""
        graph = game_graph(self.ruleset, position, self.budget)
        found = outcomes(tuple(map(tuple, graph.left)), tuple(map(tuple, graph.right)))
        for p, pair in zip(graph.positions, found, strict=False):
            self.seen[self.ruleset.key(p)] = pair
        return graph

    def outcome(self, position: P) -> LoopyOutcome:
        """Who wins with Left and with Right moving first; an infinite play is a draw
        (for an impartial ruleset: P, N or D)."""
        key = self.ruleset.key(position)
        if key not in self.seen:
            self.graph(position)
        return LoopyOutcome.of(*self.seen[key])

    def value(self, position: P) -> LoopyValue:
        """The value (``loopy_value``), from the graph that also gives the outcomes; an
        impartial ruleset's graph values every position in it at once."""
        key = self.ruleset.key(position)
        if key not in self.values:
            graph = self.graph(position)
            if self.impartial:
                found = loopy_nim_values(graph.left)
                for p, value in zip(graph.positions, found, strict=False):
                    self.values[self.ruleset.key(p)] = value
            else:
                self.values[key] = graph.loopy().value()
        return self.values[key]

    def value_text(self, position: P) -> tuple[str, LoopyOutcome]:
        """The value as text and the outcome."""
        return str(self.value(position)), self.outcome(position)

    def wins_after(self, child: P, mover: Player | None) -> str:
        """Who wins ("L", "R" or "D") after ``mover``'s move to ``child``, the opponent
        moving next (impartial: "L" stands for the mover, "R" for the opponent)."""
        after = self.outcome(child)
        if mover is None:
            return {LoopyOutcome.P: "L", LoopyOutcome.N: "R"}.get(after, DRAW)
        return after.winner(mover.opponent.value)

    def best_move(self, position: P, player: Player | None,
                  rng: random.Random | None = None) -> tuple[Move, str] | None:
        """Perfect play for ``player`` (None: impartial): a winning move that shortens
        the win, else a move that keeps the draw, else the move that loses slowest;
        with a note saying which.  None when there is no move."""
        mover = player or Player.LEFT
        legal = moves_of(self.ruleset, position, mover)
        if not legal:
            return None
        graph = self.graph(position)
        n = len(graph.left)
        successors = [[2 * w + 1 for w in graph.left[v]] if s == 0 else
                      [2 * w for w in graph.right[v]] for v in range(n) for s in (0, 1)]
        winner, depth = retrograde(successors, lambda s: "L" if s % 2 == 0 else "R")
        me = mover.value
        index = {self.ruleset.key(p): i for i, p in enumerate(graph.positions)}

        def state(child: P) -> int:
            return 2 * index[self.ruleset.key(child)] + (1 if mover is Player.LEFT else 0)

        if rng is not None:
            rng.shuffle(legal)
        here = 2 * index[self.ruleset.key(position)] + (0 if mover is Player.LEFT else 1)
        if winner[here] == me:
            move = next(m for m, c in legal
                        if winner[state(c)] == me and depth[state(c)] == depth[here] - 1)
            return move, "a winning move"
        drawing = [m for m, c in legal if winner[state(c)] == DRAW]
        if drawing:
            return drawing[0], "no winning move: a move that keeps the draw"
        move = max(legal, key=lambda mc: depth[state(mc[1])])[0]
        return move, "every move loses against perfect play: the longest resistance"
