"""Strategic graph contraction: the classical winner's strategy in quantum undirected
geography of width 2 from a classical start (Ferland 2024, §6.2.1, Thm 6.2.1 with
Lemmas 6.2.2-6.2.3; ``001_56c9c94dd1ec088e.txt`` @143494-148700).

The hero (the classical winner) only ever moves classically, so after each of its
moves the token stands on one vertex in every realization.  It keeps an overlaid
graph G′ whose vertices are classes of original vertices (initially singletons),
two classes adjacent iff every member of one is adjacent to every member of the
other, and answers through a maximum matching of G′:

- a classical move to v, or a quantum move ⟨a|b⟩ with c(a) = c(b): move to the
  partner class of c(v) (resp. c(a)) and drop both classes;
- ⟨a|b⟩ with c(a) ≠ c(b): if some maximum matching pairs c(a) with a class holding
  a vertex x next to a but not b (or the same with a and b swapped), move to x,
  collapsing the b realizations (E.1), and drop c(a) and x's class;
- otherwise move to a vertex of c(a)'s partner class (next to both a and b) and
  contract c(a) ∪ c(b) into one class (E.3).

Whenever the token leaves a vertex its class is dropped (C, D).  The thesis proves
that every realization then keeps exactly one unvisited vertex per class, so the hero
always has a move; ``tests/test_graph_contraction.py`` plays the strategy against
every answer of the opponent on small graphs.
"""

from __future__ import annotations

from typing import cast

from grundy.protocol import GrundyError, Move
from grundy.rulesets.geography.algorithms import (
    component,
    matching_number,
    maximum_matching,
    token_wins,
)
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.rulesets.graphs import Adjacency, HashedAdjacency, vertices
from grundy.transforms.quantum import Quantum, QuantumMove, Superposition


class ContractionStrategy:
    """The hero's side of Thm 6.2.1 on the graph of ``start`` (a classical position
    whose player to move, or whose opponent, is the classical winner)."""

    def __init__(self, start: GeographyPosition) -> None:
        self.adj = start.adj
        alive = ((1 << start.n) - 1) & ~start.removed
        #: V′: the classes still in play (a class is a bitmask of original vertices).
        self.classes: set[int] = {1 << v for v in vertices(alive)}
        #: The vertex the token stands on when the opponent is to move.
        self.token = start.token

    def copy(self) -> ContractionStrategy:
        twin = object.__new__(type(self))
        twin.adj, twin.classes, twin.token = self.adj, set(self.classes), self.token
        return twin

    def cls(self, v: int) -> int | None:
        """c(v), or None once v's class is dropped."""
        return next((c for c in self.classes if c >> v & 1), None)

    def joined(self, x: int, y: int) -> bool:
        """Is every vertex of class x adjacent to every vertex of class y (E′)?"""
        return all(self.adj[a] & y == y for a in vertices(x))

    def contracted(self) -> tuple[list[int], Adjacency]:
        """G′ as a graph on 0..k-1 (the classes in a fixed order)."""
        order = sorted(self.classes)
        adj = [sum(1 << j for j, y in enumerate(order) if j != i and self.joined(x, y))
               for i, x in enumerate(order)]
        return order, HashedAdjacency(adj)

    def partners(self, c: int) -> list[int]:
        """The classes matched with class ``c`` in some maximum matching of G′."""
        order, adj = self.contracted()
        everything = (1 << len(order)) - 1
        size = matching_number(adj, everything)
        i = order.index(c)
        return [order[j] for j in vertices(adj[i])
                if matching_number(adj, everything & ~(1 << i | 1 << j)) == size - 1]

    def partner(self, c: int) -> int | None:
        """c's partner in one maximum matching of G′ (None if that matching misses c)."""
        order, adj = self.contracted()
        mate = maximum_matching(adj, (1 << len(order)) - 1).get(order.index(c))
        return None if mate is None else order[mate]

    def reply(self, position: Superposition, move: Move | None) -> int | None:
        """The hero's classical move (a vertex) in ``position``, just reached by the
        opponent's ``move`` (None when the hero opens); None if the strategy has no
        legal move, which the thesis says cannot happen."""
        targets: list[int] = [self.token]  # the hero opens: as if the opponent moved there
        if move is not None:
            self.classes.discard(self.cls(self.token) or 0)
            chosen = move if isinstance(move, QuantumMove) else [move]
            targets = sorted(cast(int, v) for v in chosen)
        if len(targets) > 2:
            raise GrundyError("the contraction strategy answers moves of width at most 2")
        realizations = cast(tuple[GeographyPosition, ...], position)
        legal = {x for r in realizations for x in vertices(r.adj[r.token] & ~r.removed)}
        a, b = targets[0], targets[-1]
        ca, cb = self.cls(a), self.cls(b)
        if ca is None or cb is None:
            return None
        if ca != cb:
            for there, c in ((b, ca), (a, cb)):  # E.1: collapse the other branch
                for y in self.partners(c):
                    for x in vertices(y & ~self.adj[there]):
                        if x in legal:
                            self.classes -= {c, y}
                            return self.moved(x)
        mate = self.partner(ca)
        choices = [x for x in vertices(mate or 0) if x in legal]
        if not choices:
            return None
        self.classes -= {ca, cb, mate or 0}
        if ca != cb:  # E.3: the two branches' classes become one
            self.classes.add(ca | cb)
        return self.moved(choices[0])

    def moved(self, x: int) -> int:
        self.token = x
        return x


def hero_wins(start: GeographyPosition, game: Quantum) -> bool:
    """Does the strategy, playing for the classical winner of ``start``, win the quantum
    game ``game`` (width 2) against every sequence of the opponent's moves?"""
    strategy = ContractionStrategy(start)
    position = (start,)
    if token_wins(start.adj, start.token, component(start.adj, start.token, start.removed)):
        return _answers(strategy, position, None, game)
    return all(_answers(strategy.copy(), child, label, game)
               for label, child in game.moves(position))


def _answers(strategy: ContractionStrategy, position: Superposition, move: Move | None,
             game: Quantum) -> bool:
    x = strategy.reply(position, move)
    options = dict(game.moves(position))
    if x is None or x not in options:
        return False
    return all(_answers(strategy.copy(), child, label, game)
               for label, child in game.moves(options[x]))
