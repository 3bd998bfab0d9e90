"""QBF truth to the QBF games of Ferland 2024 §6.4, their quantum KO and Haymaker lift, and
two constructions that fail.

Seed 001 (``001_56c9c94dd1ec088e.wrapped.txt``):

- TQBF → Phantom-Move, ClauseSelector, LiteralSelector, TKO and Haymaker QBF (§6.4.1,
  L1157-1192): the same formula.  Each ending makes the game a faithful QBF game
  ("a trivial two way reduction", L1317): True, moving first, wins iff ∃x1 ∀x2 ... f.
  The TQBF game (seed 003) has White (Right) first, so the promise is "Right wins the
  TQBF game moving first iff the image is L".  KO is left out: its winner is not the
  formula's truth (a true formula can end with nobody's assignment meeting a condition).
- ``ko_lift``: Thms 6.4.6-6.4.7's instance R (L1245-1270), whose quantum KO and quantum
  Haymaker games are won by True iff the source formula is true (its truth, not its
  classical KO winner).  The printed order of play has to be corrected (docs/errata.md);
  registered as ``tqbf-game->quantum-ko-qbf`` and ``tqbf-game->quantum-haymaker-qbf``.
- ``tko_lift``: Thm 6.4.5's instance R (L1222-1232) of a classical TKO QBF instance R',
  whose quantum game should have R''s classical winner.  As printed it is false for
  every R' (docs/errata.md), so it is not registered.
- ``node_kayles_graph``: Thm 6.4.17's graph (L1402-1411, Fig 6.5), whose (quantum) Node
  Kayles game should be won by the first player iff the formula is true; it fails
  already classically (docs/errata.md), so it is not registered.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from grundy.protocol import Citation, GrundyError
from grundy.reductions.registry import Kind, Reduction, register
from grundy.rulesets.formulas.qbf_games import QbfPosition, Superposition
from grundy.rulesets.formulas.tqbf import Tqbf, random_clauses
from grundy.rulesets.graph_games.node_kayles import KaylesPosition
from grundy.rulesets.graphs import HashedAdjacency
from grundy.values import Outcome

SEED = "001_56c9c94dd1ec088e.wrapped.txt"
Clauses = tuple[tuple[int, int], ...]


def _formula(position: Tqbf) -> Tqbf:
    if position.assigned or position.over:
        raise GrundyError("these reductions map formulas before play: give one with no x1=...")
    return position


def tqbf_to_qbf_game(position: Tqbf) -> Superposition:
    """The same formula, True's variables x1, x3, ... (Case Odd)."""
    formula = _formula(position)
    return (QbfPosition(formula.variables, formula.clauses),)


def _same_winner(source: Outcome, image: Outcome) -> bool:
    """White (Right) wins the TQBF game moving first iff True (Left) wins the image; the
    image's Right, not on turn, has no first move."""
    return (source is Outcome.R) == (image is Outcome.L)


for _variant in ("phantom-move", "clause-selector", "literal-selector", "tko", "haymaker"):
    register(Reduction(
        f"tqbf-game->{_variant}-qbf", "tqbf-game", f"{_variant}-qbf", Kind.OUTCOME_RELATION,
        tqbf_to_qbf_game, Citation(SEED, "L1157-1192", "§6.4.1"),
        f"the formula itself: True wins {_variant} QBF iff it is true",
        promise=_same_winner,
    ))


def ko_labels(n: int) -> list[int]:
    """The thesis' labels of R's variables in the order of play, corrected: each classic
    T(8j+1) brings F(8j+2), T(8j+3); each classic F(8j+5) brings T(8j+6), F(8j+7); then
    T(8n), F(8n+1).  The printed order "T1, F2, T3, F4, ..." also lists F4, T5, F8, ...,
    which no clause names and which would put F5 on True's turn: they do not exist."""
    return [8 * j + k for j in range(n) for k in (1, 2, 3, 5, 6, 7)] + [8 * n, 8 * n + 1]


def ko_lift(variables: int, clauses: Clauses,
            labels: Callable[[int], list[int]] = ko_labels) -> tuple[int, Clauses]:
    """Thms 6.4.6-6.4.7's R (L1246-1265) for a Case Even R' = ∃T1 ∀F5 ∃T9 ... ∀F(8n−3) f,
    given as our 2n variables (x(2j+1) is T(8j+1), x(2j+2) is F(8j+5)): 6n + 2 variables
    played in the order ``labels(n)`` (our x_k is its k-th label), every clause of f
    widened by ∨ T8n ∨ F(8n+1), and the gadgets (Ti ∨ Ti+2)(¬Ti ∨ ¬Ti+2)(Fi+1 ∨ ¬Fi+1)
    for each classic Ti and (Fi ∨ Fi+2 ∨ ¬T8n)(¬Fi ∨ ¬Fi+2 ∨ ¬T8n)(Ti+1 ∨ ¬Ti+1) for
    each classic Fi."""
    if variables % 2 or variables < 2:
        raise GrundyError("Thms 6.4.6-6.4.7 lift Case Even instances: give 2, 4, ... variables")
    n = variables // 2
    order = {label: k for k, label in enumerate(labels(n))}
    source = [8 * (v // 2) + (1 if v % 2 == 0 else 5) for v in range(variables)]

    def mask(*labels: int) -> int:
        return sum(1 << order[label] for label in labels)

    def relabel(bits: int) -> int:
        return mask(*(source[v] for v in range(variables) if bits >> v & 1))

    lifted = [(relabel(pos) | mask(8 * n, 8 * n + 1), relabel(neg)) for pos, neg in clauses]
    for i in source[::2]:  # True's
        lifted += [(mask(i, i + 2), 0), (0, mask(i, i + 2)), (mask(i + 1), mask(i + 1))]
    for i in source[1::2]:  # False's
        lifted += [(mask(i, i + 2), mask(8 * n)), (0, mask(i, i + 2, 8 * n)),
                   (mask(i + 1), mask(i + 1))]
    return len(order), tuple(lifted)


def tqbf_to_ko_lift(position: Tqbf) -> Superposition:
    """The TQBF formula ∃x1 ... ∃xN f with a last False variable x(N+1) that no clause
    names (Case Even), lifted by ``ko_lift``."""
    formula = _formula(position)
    variables, lifted = ko_lift(formula.variables + 1, formula.clauses)
    return (QbfPosition(variables, lifted),)


def few_variable_formulas(rng: random.Random, size: int) -> Tqbf:
    """Formulas of 1 variable (lifted to 8), or 3 (lifted to 14) from ``size`` 5, with up to
    ``size`` clauses."""
    variables = 1 if size < 5 else 3
    return Tqbf(variables, random_clauses(rng, variables, size, 0))


for _variant in ("ko", "haymaker"):
    register(Reduction(
        f"tqbf-game->quantum-{_variant}-qbf", "tqbf-game", f"quantum-{_variant}-qbf",
        Kind.OUTCOME_RELATION, tqbf_to_ko_lift, Citation(SEED, "L1245-1270", "Thms 6.4.6-6.4.7"),
        f"Thm {'6.4.6' if _variant == 'ko' else '6.4.7'}'s gadgets (order of play corrected): "
        f"True wins quantum {_variant} QBF on the lift iff the formula is true",
        instances=few_variable_formulas, promise=_same_winner, slow=True,
    ))


def tko_lift(variables: int, clauses: Clauses) -> tuple[int, Clauses]:
    """Thm 6.4.5's R (L1222-1232) for R' = ∃T1 ∀F4 ∃T9 ... ∀F(8n−4) ∃T(8n+1) f, given
    as our 2n+1 variables (x(2j+1) is T(8j+1), x(2j) is F(8j−4)): 8n+2 variables played
    T1, F2, T3, ..., F(8n+2) (our x_k is the thesis' k), f relabelled, and the gadgets
    (Fi ∨ Ti+1)(Fi+2 ∨ ¬Fi+2) for each classic Fi and (Ti ∨ ¬Fi+1 ∨ Ti+2)(¬Ti ∨ Fi+1 ∨
    ¬Ti+2)(Fi+1 ∨ Ti+4 ∨ F8n+2)(¬Fi+1 ∨ ¬Ti+4 ∨ F8n+2)(Fi+3 ∨ ¬Fi+3) for each classic Ti.
    The last Ti = T(8n+1)'s gadgets name T(8n+3) and T(8n+5), which do not exist: they
    are left out (the text does not say)."""
    if variables % 2 == 0 or variables < 3:
        raise GrundyError("Thm 6.4.5 lifts Case Odd instances with n ≥ 1 False variables")
    n = variables // 2
    top = 8 * n + 2

    def label(v: int) -> int:  # our 0-based source variable -> the thesis' target label
        return 8 * (v // 2) + 1 if v % 2 == 0 else 8 * ((v + 1) // 2) - 4

    def mask(source: int) -> int:
        return sum(1 << label(v) - 1 for v in range(variables) if source >> v & 1)

    lifted = [(mask(pos), mask(neg)) for pos, neg in clauses]

    def clause(*literals: int) -> None:  # thesis labels, negative for negated
        if all(abs(lit) <= top for lit in literals):
            lifted.append((sum(1 << lit - 1 for lit in literals if lit > 0),
                           sum(1 << -lit - 1 for lit in literals if lit < 0)))

    for j in range(1, n + 1):
        i = 8 * j - 4
        clause(i, i + 1)
        clause(i + 2, -(i + 2))
    for j in range(n + 1):
        i = 8 * j + 1
        clause(i, -(i + 1), i + 2)
        clause(-i, i + 1, -(i + 2))
        clause(i + 1, i + 4, top)
        clause(-(i + 1), -(i + 4), top)
        clause(i + 3, -(i + 3))
    return top, tuple(lifted)


def node_kayles_graph(position: Tqbf) -> KaylesPosition:
    """Thm 6.4.17's graph (L1406-1411) for ∃x1 ∀x2 ... ∃xn f, n odd.  Level 1: x1, ¬x1;
    level i = 2..n: xiT, xiF, ¬xiT, ¬xiF; y_ij on level i for i < j ≤ n + 1; level n + 1:
    the clauses.  Each level is a clique; xiT, xiF meet x(i+1)T, ¬x(i+1)T and ¬xiT, ¬xiF
    meet x(i+1)F, ¬x(i+1)F (x1, ¬x1 count as both their T and F); a literal's vertices
    meet the clauses containing it; y_ij meets every vertex off level j."""
    formula = _formula(position)
    n, clauses = formula.variables, formula.clauses
    names: list[tuple[str, int, int, int]] = []  # (kind, level, variable or j, sign/side)
    for i in range(1, n + 1):
        names += [("x", i, negated, side) for negated in (0, 1)
                  for side in ((0,) if i == 1 else (0, 1))]
        names += [("y", i, j, 0) for j in range(i + 1, n + 2)]
    names += [("c", n + 1, c, 0) for c in range(len(clauses))]
    edges: set[tuple[int, int]] = set()

    def join(a: int, b: int) -> None:
        if a != b:
            edges.add((min(a, b), max(a, b)))

    for a, (kind_a, level_a, p, _) in enumerate(names):
        for b, (kind_b, level_b, r, s) in enumerate(names):
            if level_a == level_b:
                join(a, b)
            if kind_a == "y" and level_b != p:
                join(a, b)
            if kind_a == kind_b == "x" and level_b == level_a + 1 and s == p:
                join(a, b)  # x_i.. meet x(i+1)T, ¬x(i+1)T; ¬x_i.. meet x(i+1)F, ¬x(i+1)F
            if kind_a == "x" and kind_b == "c":
                pos, neg = clauses[r]
                if (neg if p else pos) >> (level_a - 1) & 1:
                    join(a, b)
    adj = [0] * len(names)
    for a, b in edges:
        adj[a] |= 1 << b
        adj[b] |= 1 << a
    return KaylesPosition(len(names), HashedAdjacency(adj), 0)
