"""Quantum partizan reductions: Schaefer's reduction from Partition-Free QBF to Avoid
True, classical and lifted to quantum play (Ferland 2024, §6.4.3,
``001_56c9c94dd1ec088e.wrapped.txt`` L1325-1395: Thm 6.3.3, Thm 6.4.13, Lemmas
6.4.14-6.4.15, Cor 6.4.16).

For a formula over True's t1..tm and False's f1..fm, the Avoid True formula has, for
each ti, variables Ti1, Ti2 (set ti true / false), T'i1, T'i2 and the "TV clause"
(Ti1 ∨ Ti2); for each fi, Fi1, Fi2, FiG, F'i2 and the "FV clause" (Fi1 ∨ Fi2 ∨ FiG);
each clause of f becomes a "QBF clause" with ti → Ti1 ∨ T'i1, ¬ti → Ti2 ∨ T'i2,
fi → Fi1 ∨ FiG, ¬fi → Fi2 ∨ F'i2 (so it has even length).  All 8m variables are
variables of the instance, so the first player (True) faces an even number of them.
The first player wins the Avoid True instance iff True wins the formula game; the
theorem says the same of the width-2 quantum games from a classical start.

Also Thm 6.4.19 (Bigraph Node Kayles -> Snort by two token hubs, L1432-1436), which
keeps the outcome only on graphs with no edge inside a colour class (docs/errata.md),
and the Fig 6.5 construction of Thm 6.4.17 (QBF -> Node Kayles, L1402-1426), which is
not registered: it fails already classically (docs/errata.md).
"""

from __future__ import annotations

import random

from grundy.protocol import Citation, ParseError
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.formulas.avoid_true import Formula
from grundy.rulesets.formulas.partition_free_qbf import Qsat
from grundy.rulesets.formulas.tqbf import Tqbf, random_clauses
from grundy.rulesets.graph_games.tinted import TintedGraph
from grundy.rulesets.registry import get as get_ruleset
from grundy.transforms.quantum import Superposition, superpose
from grundy.values import Outcome

#: Offsets of a variable's four Avoid True variables: (true, false, true', false').
#: For fi the third is FiG, which goes with Fi1 as T'i1 goes with Ti1.
TRUE, FALSE, TRUE_COPY, FALSE_COPY = range(4)


def tv_clause(i: int) -> int:
    """(Ti1 ∨ Ti2) for True's variable i (0-based), as an Avoid True clause mask."""
    return 0b11 << 4 * i


def fv_clause(pairs: int, i: int) -> int:
    """(Fi1 ∨ Fi2 ∨ FiG) for False's variable i (0-based)."""
    return 0b111 << 4 * (pairs + i)


def schaefer(position: Qsat) -> Formula:
    """Schaefer's Avoid True instance of a Partition-Free QBF start position (L1339-1349)."""
    if position.assigned:
        raise ParseError("Schaefer's reduction maps start positions: remove the assignments")
    m = position.pairs
    clauses = [tv_clause(i) for i in range(m)] + [fv_clause(m, i) for i in range(m)]
    for positive, negative in position.clauses:
        clause = 0
        for v in range(2 * m):
            if positive >> v & 1:
                clause |= 1 << 4 * v + TRUE | 1 << 4 * v + TRUE_COPY
            if negative >> v & 1:
                clause |= 1 << 4 * v + FALSE | 1 << 4 * v + FALSE_COPY
        clauses.append(clause)
    return Formula(8 * m, tuple(clauses), 0)


def quantum_schaefer(position: Qsat) -> Superposition:
    """Schaefer's instance as a classical start of Quantum Avoid True."""
    return superpose([schaefer(position)])


def classical_start(position: Qsat) -> Superposition:
    """A Partition-Free QBF start as a 1-wide superposition."""
    return superpose([position])


def random_qsat(rng: random.Random, size: int, pairs: int) -> Qsat:
    """``pairs`` variables a player, 1 to ``size`` + 1 random clauses of 1 to 3 literals."""
    clauses = []
    for _ in range(rng.randint(1, size + 1)):
        positive = negative = 0
        for v in rng.sample(range(2 * pairs), rng.randint(1, min(3, 2 * pairs))):
            if rng.random() < 0.5:
                positive |= 1 << v
            else:
                negative |= 1 << v
        clauses.append((positive, negative))
    return Qsat(pairs, tuple(clauses))


def true_moving_first_wins_iff_first_player_wins(source: Outcome, target: Outcome) -> bool:
    """True is Left and moves first in the source; the target is impartial."""
    return (source in (Outcome.L, Outcome.N)) == (target is Outcome.N)


register(Reduction(
    name="partition-free-qbf->avoid-true",
    source="partition-free-qbf",
    target="avoid-true",
    kind=Kind.OUTCOME_RELATION,
    map_position=schaefer,
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1339-1349", "§6.4.3"),
    summary="Schaefer: True moving first wins the formula game iff the first player wins "
            "Avoid True",
    instances=lambda rng, size: random_qsat(rng, size, 1 + (size >= 3)),
    promise=true_moving_first_wins_iff_first_player_wins,
))


def quantum_instance(rng: random.Random, size: int) -> Superposition:
    """A classical start with one variable a player (the width-2 quantum search on
    Schaefer's 8 variables takes about a second; with two a player, far longer)."""
    return classical_start(random_qsat(rng, size, 1))


register(Reduction(
    name="quantum-partition-free-qbf->quantum-avoid-true",
    source="quantum-partition-free-qbf",
    target="quantum-avoid-true",
    kind=Kind.OUTCOME_RELATION,
    map_position=lambda start: quantum_schaefer(start[0]),
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1333-1395", "Thm 6.4.13"),
    summary="Schaefer's reduction lifted to width-2 quantum play from a classical start",
    instances=quantum_instance,
    promise=true_moving_first_wins_iff_first_player_wins,
))


# -- Thm 6.4.19: Bigraph Node Kayles -> Snort ----------------------------------------
def snort_with_hubs(position: TintedGraph) -> TintedGraph:
    """Thm 6.4.19's Snort instance (L1432-1436): a hub with a Right token next to every
    Right vertex and one with a Left token next to every Left vertex.  In the tint
    reading a token deletes its vertex and reserves its neighbours for its owner, so
    the hubs only keep each vertex for its own colour: the same tinted graph."""
    return position


def properly_coloured(rng: random.Random, size: int) -> TintedGraph:
    """A random black-white graph on ``size`` vertices with no edge inside a colour (the
    only graphs where the hub construction keeps the outcome, docs/errata.md)."""
    n, adj, black, _ = get_ruleset("black-white-node-kayles").random_position(rng, size)
    white = ((1 << n) - 1) & ~black
    adj = tuple(near & (white if black >> v & 1 else black) for v, near in enumerate(adj))
    return TintedGraph(n, adj, black, white)


def same_outcome(source: Outcome, target: Outcome) -> bool:
    return source is target


register(Reduction(
    name="bigraph-node-kayles->snort",
    source="black-white-node-kayles",
    target="snort",
    kind=Kind.OUTCOME_RELATION,
    map_position=snort_with_hubs,
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1432-1436", "Thm 6.4.19"),
    summary="a token hub next to each colour class: Snort plays as Bigraph Node Kayles when "
            "no edge joins two vertices of one colour",
    instances=properly_coloured,
    promise=same_outcome,
))

register(Reduction(
    name="quantum-bigraph-node-kayles->quantum-snort",
    source="quantum-bigraph-node-kayles",
    target="quantum-snort",
    kind=Kind.OUTCOME_RELATION,
    map_position=lambda start: superpose([snort_with_hubs(start[0])]),
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1432-1436", "Thm 6.4.19"),
    summary="Thm 6.4.19's hubs under width-2 quantum play from a classical start "
            "(properly coloured graphs)",
    instances=lambda rng, size: superpose([properly_coloured(rng, min(size, 5))]),
    promise=same_outcome,
))


# -- Thm 6.4.18: QBF -> (Quantum) Bigraph Node Kayles ----------------------------------
Vertex = tuple[str, int, str]


def level_graph(position: Tqbf, printed: bool = False) -> tuple[TintedGraph, list[Vertex]]:
    """Figures 6.5-6.6 (L1411-1431) for ∃x1 ∀x2 ... ∃xN f, N odd, and the vertex names.

    Level 1 is x1, ¬x1; level i ≤ N is xiT, xiF, ¬xiT, ¬xiF; both with the y_ij
    (i < j ≤ N + 1); level N + 1 is the clauses; each level is a clique.  xiT, xiF meet
    x(i+1)T, ¬x(i+1)T; ¬xiT, ¬xiF meet x(i+1)F, ¬x(i+1)F; a literal meets the clauses it
    satisfies.  Step 8 joins y_ij to every vertex off level j; that blocks the
    punishment y_ij once level 1 is played (docs/errata.md), so unless ``printed`` it
    is joined only to the vertices off level j on levels i, i + 1, ..., N + 1.
    Tints (Fig 6.6, the True player Black = Left, moving first): level i is its
    variable's player's, the clauses False's, y_ij the opponent of level i's player."""
    n = position.variables
    level: dict[Vertex, int] = {("x", 1, ""): 1, ("~x", 1, ""): 1}
    level |= {(sign, i, t): i for i in range(2, n + 1) for sign in ("x", "~x") for t in "TF"}
    level |= {("y", i, str(j)): i for i in range(1, n + 1) for j in range(i + 1, n + 2)}
    level |= {("C", c, ""): n + 1 for c in range(len(position.clauses))}
    names = list(level)
    index = {name: k for k, name in enumerate(names)}
    adj = [0] * len(names)

    def join(a: Vertex, b: Vertex) -> None:
        if a != b:
            adj[index[a]] |= 1 << index[b]
            adj[index[b]] |= 1 << index[a]

    def literal(sign: str, i: int) -> list[Vertex]:
        return [(sign, 1, "")] if i == 1 else [(sign, i, "T"), (sign, i, "F")]

    for a in names:
        for b in names:
            if level[a] == level[b]:
                join(a, b)
            if a[0] == "y" and level[b] != int(a[2]) and (printed or level[b] >= a[1]):
                join(a, b)
    for i in range(1, n):
        for sign, after in (("x", "T"), ("~x", "F")):
            for v in literal(sign, i):
                join(v, ("x", i + 1, after))
                join(v, ("~x", i + 1, after))
    for c, (positive, negative) in enumerate(position.clauses):
        for i in range(1, n + 1):
            for sign, mask in (("x", positive), ("~x", negative)):
                if mask >> (i - 1) & 1:
                    for v in literal(sign, i):
                        join(v, ("C", c, ""))

    def true_plays(v: Vertex) -> bool:
        return v[0] != "C" and (v[1] % 2 == 1) != (v[0] == "y")

    black = sum(1 << index[v] for v in names if true_plays(v))
    return TintedGraph(len(names), tuple(adj), black, ((1 << len(names)) - 1) & ~black), names


def bigraph_node_kayles_of(position: Tqbf) -> TintedGraph:
    """The corrected Figure 6.6 graph of a QBF start position."""
    if position.assigned or position.over:
        raise ParseError("the QBF construction maps start positions: remove the assignments")
    return level_graph(position)[0]


def random_tqbf(rng: random.Random, size: int) -> Tqbf:
    """∃x1 ∀x2 ∃x3 f (one variable when size is 1) with 1 to ``size`` clauses."""
    variables = 1 if size <= 1 else 3
    return Tqbf(variables, random_clauses(rng, variables, size, fewest_literals=1))


def exists_first_wins_iff_left_first_wins(source: Outcome, target: Outcome) -> bool:
    """The TQBF game's ∃ player is Right and moves first; the graph's True player is Left."""
    return (source in (Outcome.R, Outcome.N)) == (target in (Outcome.L, Outcome.N))


register(Reduction(
    name="tqbf-game->bigraph-node-kayles",
    source="tqbf-game",
    target="black-white-node-kayles",
    kind=Kind.OUTCOME_RELATION,
    map_position=bigraph_node_kayles_of,
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1411-1431", "Thm 6.4.18"),
    summary="the levelled graph of Figure 6.6 (y_ij joined to levels ≥ i only): the ∃ "
            "player wins iff the first player wins Bigraph Node Kayles",
    instances=random_tqbf,
    promise=exists_first_wins_iff_left_first_wins,
))

register(Reduction(
    name="tqbf-game->quantum-bigraph-node-kayles",
    source="tqbf-game",
    target="quantum-bigraph-node-kayles",
    kind=Kind.OUTCOME_RELATION,
    map_position=lambda position: superpose([bigraph_node_kayles_of(position)]),
    citation=Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1411-1431", "Thm 6.4.18"),
    summary="Thm 6.4.18: the corrected Figure 6.6 graph under width-2 quantum play from a "
            "classical start",
    instances=random_tqbf,
    promise=exists_first_wins_iff_left_first_wins,
))
