"""Figure 2 of Burke, Ferland & Teng 2022 (seed 002 L175-197): the classic QSAT →
Generalized Geography gadget with b → a → s, checked against the formula's truth on
every small formula, and inside the Star Atlas against the oracle-free gadget."""

from __future__ import annotations

import itertools
from typing import Any, cast

import pytest

from grundy.protocol import GrundyError, ImpartialRuleset
from grundy.reductions import get
from grundy.reductions.qsat_geography import (
    Qbf,
    nimber_question,
    qbf_geography,
    qsat_star_atlas,
    truth,
)
from grundy.reductions.star_atlas import game_dag, star_atlas
from grundy.reductions.verify import verify
from grundy.rulesets import get as ruleset
from grundy.rulesets.geography.vertex import GeographyPosition
from grundy.search import Solver

GEOGRAPHY = Solver(cast(ImpartialRuleset[Any], ruleset("geography")))


def small_formulas() -> list[Qbf]:
    """Every formula ∃x1 or ∃x1 ∀x2 ∃x3 with at most two distinct clauses of up to three
    literals (the empty clause included)."""
    formulas = []
    for n in (1, 3):
        literals = [(1 << v, 0) for v in range(n)] + [(0, 1 << v) for v in range(n)]
        clauses = sorted({(sum(p for p, _ in c), sum(q for _, q in c))
                          for r in range(4) for c in itertools.combinations(literals, r)
                          if not sum(p for p, _ in c) & sum(q for _, q in c)})
        for m in range(3):
            for chosen in itertools.combinations(clauses, m):
                formulas.append(Qbf(tuple(k % 2 == 0 for k in range(n)), chosen))
    return formulas


def at(position: GeographyPosition, vertex: int) -> GeographyPosition:
    return position._replace(token=vertex)


def test_every_small_formula() -> None:
    """s is 0 iff the formula is false, else * or *2; a and b are the one-bit answers."""
    formulas = small_formulas()
    assert len(formulas) == 386
    truths = set()
    for formula in formulas:
        position = qbf_geography(formula)
        true = truth(formula)
        truths.add(true)
        s = GEOGRAPHY.grundy(position)
        assert (s in (1, 2)) if true else s == 0, formula
        a = next(v for v in range(position.n) if position.adj[v] == 1 << position.token)
        b = next(v for v in range(position.n) if position.adj[v] == 1 << a)
        assert GEOGRAPHY.grundy(at(position, a)) == (0 if true else 1)
        assert GEOGRAPHY.grundy(at(position, b)) == int(true)
    assert truths == {True, False}


def test_quantifier_blocks() -> None:
    """∃x1 ∃x2 ∀x3 ∀x4: same-quantifier neighbours get a pass vertex between them."""
    for clauses in [((0b0011, 0), (0, 0b0011)), ((0b0101, 0), (0b0010, 0b1000))]:
        formula = Qbf((True, True, False, False), clauses)
        assert (GEOGRAPHY.outcome(qbf_geography(formula)).value == "N") == truth(formula)
    with pytest.raises(GrundyError, match="existential"):
        qbf_geography(Qbf((False,), ()))


def test_registered_reduction_verifies() -> None:
    report = verify(get("qsat->geography"), instances=120)
    assert report.ok, report


@pytest.mark.parametrize("heaps", [(0,), (1,), (2,), (1, 1), (1, 2), (3,)])
def test_the_nimber_question(heaps: tuple[int, ...]) -> None:
    """Q_i is true exactly at i = nimber(G), for every i up to the options."""
    nim = ruleset("nim")
    dag = game_dag(nim, heaps)  # type: ignore[arg-type]
    value = Solver(nim).grundy(heaps)  # type: ignore[arg-type]
    assert [truth(nimber_question(dag, i)) for i in range(len(dag[0]) + 2)] == [
        i == value for i in range(len(dag[0]) + 2)]


@pytest.mark.parametrize("heaps", [(0,), (1,), (2,), (1, 1)])
def test_star_atlas_with_figure_2_against_the_exponential_one(heaps: tuple[int, ...]) -> None:
    nim = ruleset("nim")
    image = qsat_star_atlas(nim, heaps)  # type: ignore[arg-type]
    assert GEOGRAPHY.grundy(image) == GEOGRAPHY.grundy(star_atlas(nim, heaps))  # type: ignore[arg-type]
    assert GEOGRAPHY.grundy(image) == Solver(nim).grundy(heaps)  # type: ignore[arg-type]


def test_qsat_star_atlas_verifies() -> None:
    report = verify(get("qsat-star-atlas:nim"), instances=6)
    assert report.ok, report
