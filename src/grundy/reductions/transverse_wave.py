"""The constructions of seed 000 (``000_7d67923f02e8dd4e.txt``) that place TRANSVERSE WAVE
in its lattice of rulesets, each registered as a ``Reduction``.

Conventions: a Transverse Wave grid P has purple = 1; column j of P is move j in every
member of the isomorphism class (TW:L527).  Graph constructions number the original
vertices first and the added ones after them, so move labels carry over unchanged.
Every map is linear in the size of its output.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, cast

from grundy.protocol import Citation, GrundyError, Move
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.formulas.avoid_true import AvoidTrue, Formula
from grundy.rulesets.graph_games.node_kayles import KaylesPosition, playable
from grundy.rulesets.graphs import HashedAdjacency, edge_list, vertices
from grundy.rulesets.registry import get, register_family
from grundy.rulesets.transverse_wave.demographic_influence import Population
from grundy.rulesets.transverse_wave.friend_circle import Circle
from grundy.rulesets.transverse_wave.power_station import Station
from grundy.rulesets.transverse_wave.rules import Grid, random_grid
from grundy.transforms.quantum import Superposition, superpose
from grundy.transforms.quantum_nim import as_grid
from grundy.transforms.sum import Sum, SumPosition

TW = "000_7d67923f02e8dd4e.txt"


def same_label(_: Any, move: Move) -> Move:
    return move


def _full(grid: Grid) -> int:
    return (1 << grid.width) - 1


# -- the isomorphism class of Transverse Wave (TW:L88-104, L326-334, L358-404, L527) ----
def tw_to_crosswise_and(grid: Grid) -> Grid:
    """B = 1 - P (Prop 1, green = 1)."""
    return Grid(grid.width, tuple(_full(grid) & ~row for row in grid.rows))


def same_grid(grid: Grid) -> Grid:
    """The same matrix (Prop 2, purple = 1)."""
    return grid


def tw_to_dqbn(grid: Grid) -> Superposition:
    """One realization per row of 1 - P (Prop 4); no rows is one empty realization."""
    return superpose(
        tuple(0 if row >> j & 1 else 1 for j in range(grid.width)) for row in grid.rows
    ) or ((0,) * grid.width,)


def dqbn_to_tw(position: Superposition) -> Grid:
    """A row per realization, purple where the heap is empty (Prop 4)."""
    return as_grid(position)


def dqbn_to_avoid_true(position: Superposition) -> Formula:
    """A clause ∨{x_j : heap j empty} per realization, T = ∅ (Theorem 4).

    TW:L362.
    """
    grid = as_grid(position)
    return Formula(grid.width, grid.rows, 0)


def avoid_true_to_dqbn(formula: Formula) -> Superposition:
    """A realization per clause C with C ∩ T = ∅, heaps empty at C ∪ T.

    Theorem 4's converse (TW:L377).  Clauses already satisfied by T are dropped (erratum,
    docs/errata.md; ``AvoidTrue.grid``); none left is the terminal all-empty realization.
    """
    return tw_to_dqbn(cast(AvoidTrue, get("avoid-true")).grid(formula))


def quantum_avoid_true_to_quantum_boolean_nim(position: Superposition) -> Superposition:
    """Every realization's rows of ``avoid_true_to_dqbn`` together, move for move.

    Ferland 2024, Thm 6.3.2 (``001_56c9c94dd1ec088e.txt`` @160000-163600); quantum moves
    carry over label for label.  Erratum @162818: the *same* player wins both, not "the next
    player"."""
    formulas = cast(tuple[Formula, ...], position)
    return superpose(b for formula in formulas for b in avoid_true_to_dqbn(formula))


def tw_to_stations(grid: Grid) -> Station:
    """Station 0 is s and meets every link; station j + 1 is column j.

    Power Station / Hydropipe, Corollary 1 (TW:L404): s is the water's vertex c, with
    no battery/cleaner; station j + 1 is
    column j, linked to link i (V-vertex / pipe i) iff cell (i, j) is green."""
    links = tuple(
        sum(1 << i for i, row in enumerate(grid.rows) if not row >> j & 1)
        for j in range(grid.width)
    )
    everything = (1 << len(grid.rows)) - 1
    return Station((everything, *links), 0, ((1 << (grid.width + 1)) - 1) & ~1, everything)


def stations_to_tw(position: Station) -> Grid:
    """Back to a grid: a row per surviving link, a column per station (the token's and
    the spent ones all purple).  Defined when every surviving link meets the token, as
    in every image of ``tw_to_stations`` and all its followers."""
    if position.alive & ~position.links[position.token]:
        raise GrundyError("a surviving link misses the token: outside Transverse Wave's image")
    width = len(position.links)
    return Grid(
        width,
        tuple(
            sum(1 << u for u in range(width)
                if not (position.charged >> u & 1 and position.links[u] >> v & 1))
            for v in vertices(position.alive)
        ),
    )


# -- generalizations (TW:L209-263, L414-494) ---------------------------------------------
def tw_to_friend_circle(grid: Grid) -> Circle:
    """A complete bipartite graph: columns are the seeds, rows the other side.

    Prop 3 (TW:L263): columns 0..n-1 are the seeds, rows n..n+m-1; edge (j, row i) is t
    iff cell (i, j) is purple."""
    n, m = grid.width, len(grid.rows)
    adj = [0] * (n + m)
    true = [0] * (n + m)
    for i, row in enumerate(grid.rows):
        adj[n + i] = (1 << n) - 1
        true[n + i] = row
        for j in range(n):
            adj[j] |= 1 << (n + i)
            true[j] |= (row >> j & 1) << (n + i)
    return Circle(n + m, HashedAdjacency(adj), (1 << n) - 1, tuple(true))


def node_kayles_to_friend_circle(position: KaylesPosition) -> Circle:
    """A pendant t_v = n + v per vertex; old edges t, (v, t_v) f while v is playable.

    Theorem 2 (TW:L250-257): the seeds are the original vertices.  The paper
    proves equal winners (L257); the verifier finds the trees isomorphic (move v ↔ v)."""
    n, alive = position.n, playable(position)
    adj = list(position.adj) + [1 << v for v in range(n)]
    true = list(position.adj) + [0] * n
    for v in range(n):
        adj[v] |= 1 << (n + v)
        if not alive >> v & 1:
            true[v] |= 1 << (n + v)
            true[n + v] = 1 << v
    return Circle(2 * n, HashedAdjacency(adj), (1 << n) - 1, tuple(true))


def dqn_to_demographic_influence(position: Superposition) -> Population:
    """A vertex per entry, a clique per realization, Θ = the heap, a group per column.

    Theorem 5 (TW:L444-448): vertex r·n + c per entry (r, c), D_c = column c; move
    (k, q) ↔ (D_k, q)."""
    rows = cast(tuple[tuple[int, ...], ...], position)
    n = len(rows[0])
    adj = []
    for r in range(len(rows)):
        clique = ((1 << n) - 1) << (r * n)
        adj += [clique & ~(1 << (r * n + c)) for c in range(n)]
    groups = tuple(sum(1 << (r * n + c) for r in range(len(rows))) for c in range(n))
    theta = tuple(h for row in rows for h in row)
    return Population(len(theta), HashedAdjacency(adj), groups, theta)


def node_kayles_to_demographic_influence(position: KaylesPosition) -> Population:
    """A twin t_v per vertex with Θ(v) = 0, Θ(t_v) = 1, and a group {v, t_v}.

    Theorem 6 (TW:L454-466): t_v = n + v per vertex, D_v = {v, t_v}; edges E0, (v, t_v) and
    (v, t_w) for w ∈ N(v).  Vertices that can
    no longer be selected start at Θ = -1 (v and t_v).  Move v ↔ (D_v, 1)."""
    n, alive = position.n, playable(position)
    adj = [0] * (2 * n)
    for v in range(n):
        adj[v] |= position.adj[v] | 1 << (n + v) | position.adj[v] << n
        for w in vertices(position.adj[v] | 1 << v):
            adj[n + w] |= 1 << v
    groups = tuple(1 << v | 1 << (n + v) for v in range(n))
    theta = tuple(0 if alive >> v & 1 else -1 for v in range(n)) + tuple(
        1 if alive >> v & 1 else -1 for v in range(n)
    )
    return Population(2 * n, HashedAdjacency(adj), groups, theta)


def friend_circle_to_demographic_influence(circle: Circle) -> Population:
    """The line graph, with a group of edge-vertices per seed.

    Theorem 7 (TW:L477-494): a vertex v_e per edge e (in sorted order), v_e ~ v_f iff e and
    f share an endpoint; D_s = {v_e : s ∈ e} for each seed
    s (in order); Θ(v_e) = 1 if w(e) = f else 0 (erratum: "Θ(e)" means Θ(v_e)).
    Move s ↔ (index of s among the seeds, 1)."""
    edges = edge_list(circle.adj, False)
    at = [0] * circle.n
    for index, (a, b) in enumerate(edges):
        at[a] |= 1 << index
        at[b] |= 1 << index
    adj = tuple((at[a] | at[b]) & ~(1 << index) for index, (a, b) in enumerate(edges))
    groups = tuple(at[s] for s in vertices(circle.seeds))
    theta = tuple(0 if circle.true[a] >> b & 1 else 1 for a, b in edges)
    return Population(len(edges), HashedAdjacency(adj), groups, theta)


def seed_index(circle: Circle, move: Move) -> Move:
    return vertices(circle.seeds).index(cast(int, move)), 1


def one_wide(position: Hashable) -> Superposition:
    """The 1-wide superposition: classical play is demi-quantum play on one realization."""
    return (position,)


# -- closure under sums (notes §2, inferred, "checked on 300 pairs") -------------------
def row_product(position: SumPosition) -> Grid:
    """A + B as one grid: a row r_a ‖ r_b for every pair of rows (n1 + n2 columns); an
    empty grid counts as one all-purple row.  This is Avoid True's F1 ∨ F2 in CNF."""
    width, rows = 0, [0]
    for _, part in position:
        grid = cast(Grid, part)
        own = grid.rows or (_full(grid),)
        rows = [r | s << width for r in rows for s in own]
        width += grid.width
    return Grid(width, tuple(rows))


def two_grids(rng: random.Random, size: int) -> SumPosition:
    """Two random grids of about size/2 rows and columns, half purple."""
    half = 1 + size // 2
    return tuple((i, random_grid(rng, half, half, 0.5)) for i in range(2))


def _sum_family(name: str) -> Sum | None:
    """``sum(R1,R2,...)``: the disjunctive sum of those rulesets (source of the row product)."""
    if not (name.startswith("sum(") and name.endswith(")")):
        return None
    return Sum([cast(Any, get(part)) for part in name[4:-1].split(",")])


register_family(_sum_family)


def _reduction(
    source: str, target: str, kind: Kind, map_position: Any, lines: str, what: str,
    map_move: Any = None, instances: Any = None, seed: str = TW,
) -> None:
    register(Reduction(
        name=f"{source}->{target}", source=source, target=target, kind=kind,
        map_position=cast(Any, map_position), citation=Citation(seed, lines, what),
        summary=" ".join((map_position.__doc__ or what).split("\n\n")[0].split()),
        map_move=map_move, instances=instances,
    ))


def _formula_instances(rng: random.Random, size: int) -> Formula:
    """A random formula with some variables already true (the erratum's case)."""
    formula = cast(Formula, get("avoid-true").random_position(rng, size))
    return formula._replace(true=sum(1 << x for x in range(formula.variables)
                                     if rng.random() < 0.25))


def _dqn_instances(rng: random.Random, size: int) -> Hashable:
    """1 to 3 realizations of ceil(size/2) heaps of at most 3 tokens."""
    n = max(1, (size + 1) // 2)
    return superpose(tuple(rng.randint(0, 3) for _ in range(n)) for _ in range(rng.randint(1, 3)))


ISO = Kind.ISOMORPHISM
_reduction("transverse-wave", "crosswise-and", ISO, tw_to_crosswise_and, "L88-96", "Prop 1",
           same_label)
_reduction("crosswise-and", "transverse-wave", ISO, tw_to_crosswise_and, "L88-96", "Prop 1",
           same_label)
_reduction("transverse-wave", "crosswise-or", ISO, same_grid, "L98-104", "Prop 2", same_label)
_reduction("crosswise-or", "transverse-wave", ISO, same_grid, "L98-104", "Prop 2", same_label)
_reduction("transverse-wave", "demi-quantum-boolean-nim", ISO, tw_to_dqbn, "L332-334",
           "Prop 4", same_label)
_reduction("demi-quantum-boolean-nim", "transverse-wave", ISO, dqbn_to_tw, "L332-334",
           "Prop 4", same_label)
_reduction("demi-quantum-boolean-nim", "avoid-true", ISO, dqbn_to_avoid_true, "L358-375",
           "Theorem 4", same_label)
_reduction("avoid-true", "demi-quantum-boolean-nim", ISO, avoid_true_to_dqbn, "L377-390",
           "Theorem 4, converse", same_label, _formula_instances)
_reduction("quantum-avoid-true", "quantum-boolean-nim", ISO,
           quantum_avoid_true_to_quantum_boolean_nim, "@160000-163600",
           "Thm 6.3.2", same_label, seed="001_56c9c94dd1ec088e.txt")
_reduction("transverse-wave", "power-station", ISO, tw_to_stations, "L396-404",
           "Corollary 1", lambda _, j: j + 1)
_reduction("power-station", "transverse-wave", ISO, stations_to_tw, "L396-404",
           "Corollary 1", same_label)
_reduction("transverse-wave", "hydropipe", ISO, tw_to_stations, "L400-404",
           "Corollary 1", lambda _, j: j + 1)
_reduction("hydropipe", "transverse-wave", ISO, stations_to_tw, "L400-404",
           "Corollary 1", same_label)
_reduction("transverse-wave", "demi-quantum-nim", ISO, tw_to_dqbn, "L326-334",
           "Prop 4 with 0/1 heaps", lambda _, j: (j, 1))
_reduction("transverse-wave", "friend-circle", ISO, tw_to_friend_circle, "L259-263",
           "Prop 3", same_label)
_reduction("node-kayles", "friend-circle", ISO, node_kayles_to_friend_circle, "L250-257",
           "Theorem 2", same_label)
_reduction("demi-quantum-nim", "demographic-influence", ISO, dqn_to_demographic_influence,
           "L444-448", "Theorem 5", same_label, _dqn_instances)
_reduction("node-kayles", "demographic-influence", ISO, node_kayles_to_demographic_influence,
           "L454-466", "Theorem 6", lambda _, v: (v, 1))
_reduction("friend-circle", "demographic-influence", ISO,
           friend_circle_to_demographic_influence, "L477-494", "Theorem 7", seed_index)
_reduction("nim", "demi-quantum-nim", Kind.SPECIAL_CASE, one_wide, "L324-330",
           "§3.2 (1-wide superposition)", same_label)
_reduction("boolean-nim", "demi-quantum-boolean-nim", Kind.SPECIAL_CASE, one_wide,
           "L326", "§3.2 (1-wide superposition)", same_label)
_reduction("sum(transverse-wave,transverse-wave)", "transverse-wave", Kind.NIMBER_PRESERVING,
           row_product, "L527", "§5 (closed under sums by the row product; inferred)",
           instances=two_grids)
