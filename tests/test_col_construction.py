"""The play lemmas of seed 003's Col construction (§4.2, ``003_b9b71f74cb16b358.txt``
L312-360): Lemma 4.2, Lemma 4.3 and Table 1's winning responses, on the graphs built
from small G*_pos formulas.  Black is Left and positive, as in §4 (L336)."""

from __future__ import annotations

import random

from grundy.protocol import PartizanRuleset, Player
from grundy.reductions.black_white import gpos_star_to_col
from grundy.rulesets import get
from grundy.rulesets.formulas.pos_cnf import PosCnf
from grundy.rulesets.graph_games.tinted import TintedGraph
from grundy.search.partizan import PartizanSolver
from grundy.values import Game

COL = get("col")
assert isinstance(COL, PartizanRuleset)
SOLVER = PartizanSolver(COL)
W, B = Player.RIGHT, Player.LEFT


def formulas(count: int) -> list[PosCnf]:
    """Random positive CNF formulas on at most three variables, one to three clauses."""
    rng = random.Random(42)
    found = []
    for _ in range(count):
        n = rng.randint(1, 3)
        clauses = tuple(sorted({sum(1 << v for v in rng.sample(range(n), rng.randint(1, n)))
                                for _ in range(rng.randint(1, 3))}))
        found.append(PosCnf(clauses, 0, 0))
    return found


def value(position: TintedGraph) -> Game:
    return SOLVER.value(position)


def play(position: TintedGraph, *moves: tuple[Player, int]) -> TintedGraph:
    for player, vertex in moves:
        position = COL.play(position, vertex, player)
    return position


def playable(position: TintedGraph, player: Player, vertex: int) -> bool:
    return bool((position.black if player is B else position.white) >> vertex & 1)


def test_lemma_4_2_white_must_open_on_z() -> None:
    """G^{w(x)} > 0 for every vertex x other than z: only z keeps White alive."""
    zero = Game.zero()
    for formula in formulas(12):
        graph = gpos_star_to_col(formula)
        for x in range(graph.n - 1):  # z is the last vertex
            after = value(play(graph, (W, x)))
            assert after >= zero and not after <= zero, (formula, x)


def lemma_4_3_states(formula: PosCnf) -> list[tuple[TintedGraph, int]]:
    """After White's z, every state reached by a few plays on y and x vertices, with the
    number n of variables."""
    graph = gpos_star_to_col(formula)
    n = formula.free.bit_count()
    start = play(graph, (W, graph.n - 1))
    states = [start]
    rng = random.Random(repr(formula))
    for _ in range(4):
        state, mover = start, B
        for _ in range(rng.randint(1, n)):
            options = [v for v in range(2 * n) if playable(state, mover, v)]
            if not options:
                break
            state, mover = play(state, (mover, rng.choice(options))), mover.opponent
        states.append(state)
    return [(s, n) for s in states]


def test_lemma_4_3_y_is_never_worse_than_x() -> None:
    """With the pair (x_i, y_i) uncoloured: G^{w(y_i)} ≤ G^{w(x_j)} and G^{b(x_j)} ≤ G^{b(y_i)}
    for every x_j the player may colour (vertices x_k = k, y_k = n + k)."""
    checked = 0
    for formula in formulas(10):
        for state, n in lemma_4_3_states(formula):
            for i in range(n):
                if not (playable(state, W, i) and playable(state, B, i)
                        and playable(state, W, n + i) and playable(state, B, n + i)):
                    continue
                for j in range(n):
                    if playable(state, W, j):
                        assert value(play(state, (W, n + i))) <= value(play(state, (W, j)))
                        checked += 1
                    if playable(state, B, j):
                        assert value(play(state, (B, j))) <= value(play(state, (B, n + i)))
                        checked += 1
    assert checked > 50


def test_table_1_responses_keep_the_difference_nonpositive() -> None:
    """Figure 5's game G^{w(y_i)} − G^{w(x_j)} with y_j already Black's (i ≠ j): after each
    of Black's moves in Table 1 and White's listed response, White still wins moving
    second, i.e. the first component is ≤ the second."""
    checked = 0
    for formula in formulas(12):
        graph = gpos_star_to_col(formula)
        n = formula.free.bit_count()
        base = play(graph, (W, graph.n - 1))
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                state = play(base, (B, n + j))  # y_j is Black's: x_j is reserved for White
                left, right = play(state, (W, n + i)), play(state, (W, j))
                assert value(left) <= value(right)
                # Black x_i in G^{w(y_i)}; White answers x_i in -G^{w(x_j)} (Black's x_i there)
                assert value(play(left, (B, i))) <= value(play(right, (B, i)))
                # Black x_i in -G^{w(x_j)} (White's x_i there); White answers y_i there
                assert value(left) <= value(play(right, (W, i), (B, n + i)))
                # Black y_i in -G^{w(x_j)} (White's y_i); White answers x_j in G^{w(y_i)}
                assert value(play(left, (W, j))) <= value(play(right, (W, n + i)))
                checked += 1
    assert checked >= 10
