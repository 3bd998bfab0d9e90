"""The outcome of a sum of many games of constant size by count vectors (Ferland 2024,
Thm 2.5.2, ``001_56c9c94dd1ec088e.txt`` @55229).

A sum of n games each born by day c has only a constant number of distinct canonical
forms among its components and their followers, so a position of the sum is a vector
of counts, one per distinct follower: at most (n + 1)^k of them for k followers.  A
move replaces one copy of a game by one of its options.  The win/loss search over
count vectors is polynomial in n for fixed c.
"""

from __future__ import annotations

from collections.abc import Iterable

from grundy.values.game import Game
from grundy.values.outcome import Outcome


class CountVectorSum:
    """The sum of ``games``, searched over count vectors of their followers."""

    def __init__(self, games: Iterable[Game]) -> None:
        start = list(games)
        universe: dict[Game, int] = {}
        stack = list(start)
        while stack:
            game = stack.pop()
            if game not in universe:
                universe[game] = len(universe)
                stack.extend(game.left + game.right)
        self.games = list(universe)
        index = universe
        #: per follower and side: the indices of its options
        self.moves = [([index[g] for g in game.left], [index[g] for g in game.right])
                      for game in self.games]
        counts = [0] * len(self.games)
        for game in start:
            counts[index[game]] += 1
        self.start = tuple(counts)
        self.table: dict[tuple[tuple[int, ...], bool], bool] = {}

    def wins_first(self, left: bool) -> bool:
        """Does Left (if ``left``) or Right win moving first?  Iterative search."""
        root = (self.start, left)
        stack = [root]
        while stack:
            state = stack[-1]
            if state in self.table:
                stack.pop()
                continue
            counts, mover = state
            children = []
            for i, count in enumerate(counts):
                if count:
                    for j in self.moves[i][0 if mover else 1]:
                        child = list(counts)
                        child[i] -= 1
                        child[j] += 1
                        children.append((tuple(child), not mover))
            pending = [c for c in children if c not in self.table]
            if pending:
                stack.extend(pending)
                continue
            self.table[state] = any(not self.table[c] for c in children)
            stack.pop()
        return self.table[root]

    def outcome(self) -> Outcome:
        left, right = self.wins_first(True), self.wins_first(False)
        return {(True, True): Outcome.N, (True, False): Outcome.L,
                (False, True): Outcome.R, (False, False): Outcome.P}[left, right]


def sum_outcome(games: Iterable[Game]) -> Outcome:
    """The outcome class of the disjunctive sum of ``games`` (Thm 2.5.2)."""
    return CountVectorSum(games).outcome()
