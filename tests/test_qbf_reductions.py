"""TQBF → the QBF games (Ferland 2024 §6.4.1, registered), the quantum KO/Haymaker lift of
Thms 6.4.6-6.4.7 (order of play corrected, registered), and the constructions of
Thm 6.4.5 (TKO lift) and Thm 6.4.17 (QBF → Quantum Node Kayles) that fail (seed 001,
``001_56c9c94dd1ec088e.wrapped.txt`` L1222-1232, L1402-1427; docs/errata.md)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy.protocol import GrundyError, ImpartialRuleset, PartizanRuleset, Player
from grundy.reductions import all_reductions
from grundy.reductions import get as reduction
from grundy.reductions.qbf_games import ko_labels, ko_lift, node_kayles_graph, tko_lift
from grundy.reductions.verify import verify
from grundy.rulesets import get
from grundy.rulesets.formulas.qbf_games import QbfPosition
from grundy.rulesets.formulas.tqbf import Tqbf
from grundy.search.engine import Solver
from grundy.search.partizan import PartizanSolver

Clauses = tuple[tuple[int, int], ...]
ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()


def formulas(n: int, m: int) -> Iterator[Clauses]:
    """Every set of at most m clauses over x1..xn (4^n clauses, empty and tautologies too)."""
    every = [(p, q) for p in range(1 << n) for q in range(1 << n)]
    for k in range(m + 1):
        yield from itertools.combinations(every, k)


def qbf(n: int, clauses: Clauses) -> bool:
    """∃x1 ∀x2 ∃x3 ... f, brute force."""
    def true_from(k: int, values: int) -> bool:
        if k == n:
            return all(pos & values or neg & ~values for pos, neg in clauses)
        branches = (true_from(k + 1, values | bit << k) for bit in (0, 1))
        return any(branches) if k % 2 == 0 else all(branches)
    return true_from(0, 0)


def true_wins(name: str, n: int, clauses: Clauses) -> bool:
    game = get(name)
    assert isinstance(game, PartizanRuleset)
    return PartizanSolver(game).wins_first((QbfPosition(n, clauses),), Player.LEFT)


@pytest.mark.parametrize("variant", ["phantom-move", "clause-selector", "literal-selector",
                                     "tko", "haymaker"])
def test_tqbf_to_qbf_games_are_registered_and_verified(variant: str) -> None:
    found = reduction(f"tqbf-game->{variant}-qbf")
    assert found in all_reductions()
    assert verify(found, instances=30, max_size=5).ok


def test_tko_lift_as_printed_is_false_for_every_instance() -> None:
    """Thm 6.4.5: the quantum TKO game on R should have R''s classical TKO winner.  On
    every R' with 3 variables (∃T1 ∀F4 ∃T9) and at most one clause, R (10 variables) is
    won by False, classically and quantumly, though True wins 62 of the 65 R'."""
    true_sources = 0
    for clauses in formulas(3, 1):
        variables, lifted = tko_lift(3, clauses)
        assert variables == 10
        true_sources += true_wins("tko-qbf", 3, clauses)
        assert not true_wins("quantum-tko-qbf", variables, lifted)
        assert not true_wins("tko-qbf", variables, lifted)
    assert true_sources == 62
    # the smallest: R' with no clause, which True wins
    assert true_wins("tko-qbf", 3, ()) and "no clause" in ERRATA


def test_tko_lift_why() -> None:
    """False sets F2 = 1, F4 = 0, F10 = 0: (F4 ∨ T5) needs T5 and (¬F2 ∨ ¬T5 ∨ F10)
    needs ¬T5, so R is false whatever the other variables are."""
    variables, lifted = tko_lift(3, ())
    forced = 1 << 1  # F2 = 1; F4 (bit 3) and F10 (bit 9) stay 0
    free = [v for v in range(variables) if v not in (1, 3, 9)]
    for bits in itertools.product((0, 1), repeat=len(free)):
        values = forced | sum(b << v for b, v in zip(bits, free, strict=True))
        assert not all(pos & values or neg & ~values for pos, neg in lifted)
    assert not qbf(variables, lifted)
    with pytest.raises(GrundyError, match="Case Odd"):
        tko_lift(2, ())


def test_node_kayles_graph_matches_figure_6_5_sizes() -> None:
    """n = 3: 2 + 4 + 4 literal vertices, y12 y13 y14 y23 y24 y34, and one per clause."""
    assert node_kayles_graph(Tqbf(3, ((1, 0),) * 3)).n == 19
    assert node_kayles_graph(Tqbf(1, ((1, 0),))).n == 4


def test_node_kayles_reduction_fails() -> None:
    """Thm 6.4.17 (and so 6.4.18) claims the first player wins the (quantum) Node Kayles
    game iff the formula is true.  It holds for every formula on x1 alone, and for every
    false formula tried, but ∃x1 ∀x2 ∃x3 (¬x3) is true and the first player loses both
    the classical and the quantum (width 2) game: after x1, False plays x3T out of turn,
    and the punishing reply y23 is already blocked, being adjacent to x1 (step 8)."""
    kayles, quantum = get("node-kayles"), get("quantum(node-kayles,2)")
    assert isinstance(kayles, ImpartialRuleset) and isinstance(quantum, ImpartialRuleset)
    for clauses in formulas(1, 4):
        graph = node_kayles_graph(Tqbf(1, clauses))
        assert (Solver(kayles).grundy(graph) != 0) == qbf(1, clauses)
    failures = [c for c in formulas(3, 1)
                if (Solver(kayles).grundy(node_kayles_graph(Tqbf(3, c))) != 0) != qbf(3, c)]
    assert failures[0] == ((0, 4),) and len(failures) == 7
    assert all(qbf(3, c) for c in failures)
    graph = node_kayles_graph(Tqbf(3, ((0, 4),)))
    assert Solver(quantum).grundy((graph,)) == 0
    assert "∃x1 ∀x2 ∃x3 (¬x3)" in ERRATA


def test_ko_lift_order_alternates() -> None:
    """Corrected order of Thms 6.4.6-6.4.7: T1 F2 T3 F5 T6 F7 | T9 ... | T8n F(8n+1), True's
    labels 8j+1, 8j+3, 8j+6 and 8n: True and False alternate, True first."""
    for n in (1, 2, 3):
        labels = ko_labels(n)
        trues = {8 * j + k for j in range(n) for k in (1, 3, 6)} | {8 * n}
        assert len(labels) == 6 * n + 2 == len(set(labels))
        assert [label in trues for label in labels] == [k % 2 == 0 for k in range(6 * n + 2)]
    assert ko_labels(1) == [1, 2, 3, 5, 6, 7, 8, 9]
    with pytest.raises(GrundyError, match="Case Even"):
        ko_lift(3, ())


@pytest.mark.parametrize("variant", ["ko", "haymaker"])
def test_ko_lift_keeps_the_truth(variant: str) -> None:
    """Thms 6.4.6-6.4.7, corrected order: True wins quantum KO (Haymaker) QBF on the lift R
    of ∃T1 ∀F5 f iff f's QBF is true, on all 137 formulas of two variables and at most two
    clauses; the registered reduction agrees on random one-variable TQBF formulas."""
    for clauses in formulas(2, 2):
        variables, lifted = ko_lift(2, clauses)
        assert variables == 8
        assert true_wins(f"quantum-{variant}-qbf", variables, lifted) == qbf(2, clauses)
    found = reduction(f"tqbf-game->quantum-{variant}-qbf")
    assert found in all_reductions()
    assert verify(found, instances=20, max_size=4).ok


def test_ko_lift_needs_its_gadgets_and_keeps_the_truth_not_the_ko_winner() -> None:
    """Without the lift the quantum games miss the truth: True loses quantum KO on
    ∃x1 ∀x2 (x2 ∨ ¬x2) (a KO needs an assignment, and x2 is the last) and wins quantum
    Haymaker on ∃x1 ∀x2 (x1 ≠ x2) (collapsing ⟨x1=0|x1=1⟩ after x2).  The lift keeps the
    truth, not R''s classical KO winner: 20 of the 137 formulas have a classical KO winner
    other than their truth, the first being that tautology."""
    tautology, differ = ((2, 2),), ((0, 3), (3, 0))
    assert qbf(2, tautology) and not true_wins("quantum-ko-qbf", 2, tautology)
    assert not qbf(2, differ) and true_wins("quantum-haymaker-qbf", 2, differ)
    assert true_wins("quantum-ko-qbf", *ko_lift(2, tautology))
    others = [c for c in formulas(2, 2) if true_wins("ko-qbf", 2, c) != qbf(2, c)]
    assert len(others) == 20 and others[0] == tautology
    assert "∃T1 ∀F5 (F5 ∨ ¬F5)" in ERRATA


@pytest.mark.parametrize("variant", ["ko", "haymaker"])
def test_ko_lift_in_the_printed_order_fails(variant: str) -> None:
    """Played in the printed order T1, F2, T3, F4, ..., T8n, F(8n+1) (owners by turn, so
    "F5" falls to True and "T8n" to False), the lift fails on 3 of the 17 formulas with
    ≤ 1 clause: an empty clause, ∃T1 ∀F5 (¬F5) and ∃T1 ∀F5 (F5), all false, yet won by True."""
    def printed(n: int) -> list[int]:
        return list(range(1, 8 * n + 2))

    failures = [c for c in formulas(2, 1)
                if true_wins(f"quantum-{variant}-qbf", *ko_lift(2, c, printed)) != qbf(2, c)]
    assert failures == [((0, 0),), ((0, 2),), ((2, 0),)]
    assert "∃T1 ∀F5 (F5)" in ERRATA
