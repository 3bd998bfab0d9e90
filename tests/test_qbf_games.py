"""The QBF/QSAT game families of Ferland 2024 §6.4.1 (seed 001,
``001_56c9c94dd1ec088e.wrapped.txt`` L1157-1192) and Thms 6.4.1, 6.4.3, 6.4.4, 6.4.8
(L1195-1290): who wins, classically and quantumly, as a function of the formula,
checked on every small formula against brute-force truth of the quantified formula.

"Every small formula": N variables (x1, x3, ... True's, x2, x4, ... False's) and a set
of at most ``m`` distinct clauses, each clause any set of literals over x1..xN (4^N
clauses, so the empty clause and tautologies are included): N = 1 with m ≤ 3,
N = 2 with m ≤ 3 and N = 3 with m ≤ 2 (2,081 formulas); random larger ones with
hypothesis.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ParseError, PartizanRuleset, Player, SizeLimitError
from grundy.rulesets import get
from grundy.rulesets.formulas.qbf_games import VARIANTS, QbfPosition
from grundy.search.partizan import PartizanSolver

Clauses = tuple[tuple[int, int], ...]
ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()
SIZES = ((1, 3), (2, 3), (3, 2))


def holds(clauses: Clauses, values: int) -> bool:
    return all(pos & values or neg & ~values for pos, neg in clauses)


def assignments(variables: list[int]) -> list[int]:
    return [sum(1 << v for v, b in zip(variables, bits, strict=True) if b)
            for bits in itertools.product((0, 1), repeat=len(variables))]


def sides(n: int) -> tuple[list[int], list[int]]:
    """All assignments of True's variables and of False's."""
    return assignments(list(range(0, n, 2))), assignments(list(range(1, n, 2)))


def qbf(n: int, clauses: Clauses) -> bool:
    """∃x1 ∀x2 ∃x3 ... f."""
    def true_from(k: int, values: int) -> bool:
        if k == n:
            return holds(clauses, values)
        branches = (true_from(k + 1, values | bit << k) for bit in (0, 1))
        return any(branches) if k % 2 == 0 else all(branches)
    return true_from(0, 0)


def sigma2(n: int, clauses: Clauses) -> bool:
    """∃T ∀F f."""
    trues, falses = sides(n)
    return any(all(holds(clauses, t | f) for f in falses) for t in trues)


def pi2(n: int, clauses: Clauses) -> bool:
    """∀F ∃T f."""
    trues, falses = sides(n)
    return all(any(holds(clauses, t | f) for t in trues) for f in falses)


def phantom_move(n: int, clauses: Clauses) -> bool:
    """Thms 6.4.1 and 6.4.8 corrected (docs/errata.md): the phantom move belongs to the
    player to move once every variable is set -- True in Case Even (∀F ∃T f), False in
    Case Odd (∃T ∀F f)."""
    return pi2(n, clauses) if n % 2 == 0 else sigma2(n, clauses)


def literal_selector(n: int, clauses: Clauses) -> bool:
    """Thm 6.4.3: drop every clause with one of True's variables; True wins iff what is
    left is a tautology (true under every assignment of False's variables)."""
    trues = sum(1 << v for v in range(0, n, 2))
    left = tuple(c for c in clauses if not (c[0] | c[1]) & trues)
    return all(holds(left, f) for f in sides(n)[1])


def clause_selector(n: int, clauses: Clauses) -> bool:
    """Thm 6.4.4: drop the clauses with x and ~x for one of False's variables, then
    False's literals; True wins iff what is left is satisfiable."""
    trues = sum(1 << v for v in range(0, n, 2))
    left = tuple((p & trues, q & trues) for p, q in clauses if not p & q & ~trues)
    return any(holds(left, t) for t in sides(n)[0])


def formulas(n: int, m: int) -> Iterator[Clauses]:
    every = [(p, q) for p in range(1 << n) for q in range(1 << n)]
    for k in range(m + 1):
        yield from itertools.combinations(every, k)


def true_wins(name: str, n: int, clauses: Clauses) -> bool:
    game = get(name)
    assert isinstance(game, PartizanRuleset)
    return PartizanSolver(game).wins_first((QbfPosition(n, clauses),), Player.LEFT)


def mismatches(name: str, claim: Callable[[int, Clauses], bool]) -> list[tuple[int, Clauses]]:
    return [(n, c) for n, m in SIZES for c in formulas(n, m)
            if true_wins(name, n, c) != claim(n, c)]


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "ko"])
def test_classical_qbf_winner_is_the_truth_of_the_formula(variant: str) -> None:
    """§6.4.1: each ending turns the QBF into a game won by True iff ∃T1 ∀F1 ... f."""
    assert mismatches(f"{variant}-qbf", qbf) == []


def test_classical_ko_is_not_the_formula_game() -> None:
    """KO needs the victory condition on the mover's own assignment: ∃x1 ∀x2 (x2|~x2)
    is true, but no assignment of True's meets True's condition, and after x2 True has
    no move (the reason Thm 6.4.6 reduces from classical KO QBF, not from QBF truth)."""
    assert qbf(2, ((2, 2),)) and not true_wins("ko-qbf", 2, ((2, 2),))


@pytest.mark.parametrize("order", ["qbf", "qsat"])
def test_quantum_phantom_move(order: str) -> None:
    """Thms 6.4.1 (QBF) and 6.4.8 (QSAT), with the cases as corrected."""
    assert mismatches(f"quantum-phantom-move-{order}", phantom_move) == []


def test_phantom_move_erratum_smallest_counterexample() -> None:
    """The printed cases (Σ2 in Case Even, Π2 in Case Odd) first fail on f = T1 xor F1:
    ∃T1 ∀F1 f is false, but True wins with ⟨x1=0|x1=1⟩ and the phantom move."""
    def printed(n: int, clauses: Clauses) -> bool:
        return sigma2(n, clauses) if n % 2 == 0 else pi2(n, clauses)
    for order in ("qbf", "qsat"):
        first = next((n, c) for n, m in SIZES for c in formulas(n, m)
                     if true_wins(f"quantum-phantom-move-{order}", n, c) != printed(n, c))
        assert first == (2, ((0, 3), (3, 0)))
    assert "f = (~x1|~x2)&(x1|x2)" in ERRATA


def test_quantum_phantom_move_from_quantum_starts() -> None:
    """Cors 6.4.2 and 6.4.11 (L1207, L1288): from a superposition of formulas f_i the
    phantom player collapses to the realization of their choice, so True wins iff
    ∀F ∃T ∨f_i in Case Even (True's phantom move) and iff ∃T ∀F ∧f_i in Case Odd --
    not ∨f_i there (docs/errata.md): ⟨(x1)|(~x1)⟩ is lost by True though ∃x1 (x1 ∨ ~x1)."""
    def wins(name: str, n: int, a: Clauses, b: Clauses) -> bool:
        game = get(name)
        assert isinstance(game, PartizanRuleset)
        start = tuple(sorted({QbfPosition(n, a), QbfPosition(n, b)}))
        return PartizanSolver(game).wins_first(start, Player.LEFT)

    for order in ("qbf", "qsat"):
        name = f"quantum-phantom-move-{order}"
        for n, m in ((1, 2), (2, 1), (3, 1)):
            trues, falses = sides(n)
            for a, b in itertools.combinations(list(formulas(n, m)), 2):
                if n % 2 == 0:
                    claim = all(any(holds(a, t | f) or holds(b, t | f) for t in trues)
                                for f in falses)
                else:
                    claim = any(all(holds(a, t | f) and holds(b, t | f) for f in falses)
                                for t in trues)
                assert wins(name, n, a, b) == claim, (name, n, a, b)
        assert not wins(name, 1, ((1, 0),), ((0, 1),))
    assert "⟨(x1)|(~x1)⟩" in ERRATA


@pytest.mark.parametrize("order", ["qbf", "qsat"])
def test_quantum_literal_selector_is_tautology(order: str) -> None:
    """Thm 6.4.3 (co-NP), stated for QBF; QSAT's free order changes nothing."""
    assert mismatches(f"quantum-literal-selector-{order}", literal_selector) == []


@pytest.mark.parametrize("order", ["qbf", "qsat"])
def test_quantum_clause_selector_is_satisfiability(order: str) -> None:
    """Thm 6.4.4 (NP), likewise."""
    assert mismatches(f"quantum-clause-selector-{order}", clause_selector) == []


def test_the_quantum_collapses_differ_from_classical_play() -> None:
    """Each quantum claim above disagrees with QBF truth somewhere, so each test could fail."""
    for claim in (phantom_move, literal_selector, clause_selector):
        assert any(claim(n, c) != qbf(n, c) for n, m in SIZES for c in formulas(n, m))


CLAUSE = st.tuples(st.integers(0, 31), st.integers(0, 31))


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 5), st.lists(CLAUSE, min_size=1, max_size=4))
def test_random_larger_formulas(n: int, raw: list[tuple[int, int]]) -> None:
    clauses = tuple((p & (1 << n) - 1, q & (1 << n) - 1) for p, q in raw)
    for variant in ("phantom-move", "tko", "haymaker", "clause-selector", "literal-selector"):
        assert true_wins(f"{variant}-qbf", n, clauses) == qbf(n, clauses)
    assert true_wins("quantum-phantom-move-qsat", n, clauses) == phantom_move(n, clauses)
    assert true_wins("quantum-literal-selector-qbf", n, clauses) == literal_selector(n, clauses)


def test_text_moves_and_errors() -> None:
    game = get("literal-selector-qbf")
    quantum = get("quantum-tko-qsat")
    assert isinstance(game, PartizanRuleset) and isinstance(quantum, PartizanRuleset)
    for text in ("2:(x1|~x2)&(~x1|x2)", "2:(x1|~x2); x1=1,x2=0; pass; clause=1",
                 "3:(x1)&(x2|x3); x1=0,x2=1,x3=1"):
        assert game.format(game.parse(text)) == text
    position = game.parse("2:(x1|~x2); x1=1,x2=0; pass; clause=1")
    assert [game.format_move(m) for m, _ in game.moves(position, Player.LEFT)] == ["x1", "~x2"]
    start = quantum.parse("2:(x1|x2)")
    labels = [quantum.format_move(m) for m, _ in quantum.moves(start, Player.LEFT)]
    assert "<x1=0|x1=1>" in labels and "x1=1" in labels
    superposition = "<(2:(x1|x2); x1=0)|(2:(x1|x2); x1=1)>"
    assert quantum.format(quantum.parse(superposition)) == superposition
    assert quantum.parse("4:(x3); x3=1,x2=0")  # QSAT: any of one's own variables
    for bad, message in [("2:(x1); x2=1", "in order"), ("2:(x3)", "literal"),
                         ("2:(x1); pass", "does not fit"), ("1:(x1); x1=1,x1=0", "at most once"),
                         ("<(1:(x1))|(1:(~x1))>", "classical"), ("0:true", "at least")]:
        with pytest.raises(ParseError, match=message):
            game.parse(bad)
    with pytest.raises(ParseError, match="alternate"):
        quantum.parse("4:(x1); x1=1,x3=0")
    with pytest.raises(SizeLimitError):
        game.parse("99:(x1)")
