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

For wider moves the thesis only conjectures that "the same strategy" still wins (@150500):
the one-vertex-per-class invariant breaks when an answer keeps three branches alive, and
sometimes every winning answer must (``tests/test_graph_contraction.py``).
``WideContractionStrategy`` keeps that structure with a *multiplicity* per class (how many
of its vertices are unvisited in every realization) and answers with a classical move that
keeps the villain losing on the expanded class graph; it is tested, not proved.
"""

from __future__ import annotations

from typing import Protocol, cast

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


def joined(adj: Adjacency, x: int, y: int) -> bool:
    """Is every vertex of the set x adjacent to every vertex of the set y (other than
    itself)?"""
    return all(adj[a] & y & ~(1 << a) == y & ~(1 << a) for a in vertices(x))


class Hero(Protocol):
    """A strategy for the classical winner: a classical answer (a vertex) to the
    opponent's ``move`` (None when the hero opens) that reached ``position``."""

    def reply(self, position: Superposition, move: Move | None) -> int | None: ...

    def copy(self) -> Hero: ...


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
        return joined(self.adj, x, y)

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


class WideContractionStrategy:
    """Strategic graph contraction for moves of any width, with multiplicities.

    ``classes`` maps each class (a bitmask) to the number of its vertices unvisited in
    every realization: 1 for the singletons at the start and after the thesis' merges,
    more when an answer keeps k ≥ 3 branches of a quantum move alive (their classes merge
    with multiplicity Σm − 1).  The token's vertex is in no class.  The hero answers with
    a legal classical move x: the opponent's targets next to x survive (the others
    collapse) and their classes merge; x leaves its class (realizations where x was
    visited collapse).  Among the answers it prefers one after which the player at x
    loses on the expanded class graph (m copies per class, copies of one class adjacent
    when the class is a clique, of two classes when they are joined as in E′), then the
    fewest merged classes and surviving branches, then the smallest vertex."""

    def __init__(self, start: GeographyPosition) -> None:
        self.adj = start.adj
        alive = ((1 << start.n) - 1) & ~start.removed & ~(1 << start.token)
        self.classes: dict[int, int] = {1 << v: 1 for v in vertices(alive)}

    def copy(self) -> WideContractionStrategy:
        twin = object.__new__(type(self))
        twin.adj, twin.classes = self.adj, dict(self.classes)
        return twin

    def cls(self, v: int) -> int | None:
        return next((c for c in self.classes if c >> v & 1), None)

    def after(self, survivors: list[int], x: int) -> dict[int, int] | None:
        """The classes once the branches at ``survivors`` survive and the hero is at x."""
        merged = {self.cls(t) for t in survivors}
        if None in merged:
            return None
        classes = dict(self.classes)
        if survivors:
            union = sum(cast(set[int], merged))
            count = sum(classes.pop(c) for c in cast(set[int], merged)) - 1
            if len(survivors) == 1:  # visited in every surviving realization
                union &= ~(1 << survivors[0])
            if count:
                classes[union] = count
        home = next((c for c in classes if c >> x & 1), None)
        if home is None:
            return None
        count = classes.pop(home) - 1
        if count:
            classes[home & ~(1 << x)] = count
        return classes

    def villain_loses(self, classes: dict[int, int], x: int) -> bool:
        """Does the player at x lose on the expanded class graph (the matching rule)?"""
        copies = [c for c, m in sorted(classes.items()) for _ in range(m)]
        token = len(copies)
        adj = [0] * (token + 1)
        for i, c in enumerate(copies):
            for j, d in enumerate(copies):
                if i != j and joined(self.adj, c, d):  # c == d: the class is a clique
                    adj[i] |= 1 << j
            if self.adj[x] & c:
                adj[i] |= 1 << token
                adj[token] |= 1 << i
        return not token_wins(HashedAdjacency(adj), token, (1 << token + 1) - 1)

    def reply(self, position: Superposition, move: Move | None) -> int | None:
        """The hero's classical answer, or None if none is legal."""
        targets: list[int] = []
        if move is not None:
            targets = sorted(cast(int, v) for v in (move if isinstance(move, QuantumMove)
                                                     else [move]))
        realizations = cast(tuple[GeographyPosition, ...], position)
        legal = {x for r in realizations for x in vertices(r.adj[r.token] & ~r.removed)}
        best: tuple[tuple[bool, int, int, int], dict[int, int]] | None = None
        for x in legal:
            survivors = [t for t in targets if t != x and self.adj[t] >> x & 1]
            classes = self.after(survivors, x)
            if classes is not None:
                rank = (not self.villain_loses(classes, x),
                        len({self.cls(t) for t in survivors}), len(survivors), x)
                if best is None or rank < best[0]:
                    best = rank, classes
        if best is None:
            return None
        self.classes = best[1]
        return best[0][3]


def hero_wins(start: GeographyPosition, game: Quantum,
              strategy: type[ContractionStrategy] | type[WideContractionStrategy]
              = ContractionStrategy) -> bool:
    """Does ``strategy``, playing for the classical winner of ``start``, win the quantum
    game ``game`` against every sequence of the opponent's moves?"""
    hero: Hero = strategy(start)
    position = (start,)
    if token_wins(start.adj, start.token, component(start.adj, start.token, start.removed)):
        return _answers(hero, position, None, game)
    return all(_answers(hero.copy(), child, label, game)
               for label, child in game.moves(position))


def _answers(hero: Hero, position: Superposition, move: Move | None, game: Quantum) -> bool:
    x = hero.reply(position, move)
    options = dict(game.moves(position))
    if x is None or x not in options:
        return False
    return all(_answers(hero.copy(), child, label, game)
               for label, child in game.moves(options[x]))
