"""Avoid True and its Transverse Wave / Crosswise AND twins (seed 000 Thm 4, L358-390)."""

from __future__ import annotations

import pytest

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import ParseError, get
from grundy.rulesets.transverse_wave.rules import Grid
from grundy.search import Solver
from grundy.search.naive import naive_grundy

AT, TW, AND = get("avoid-true"), get("transverse-wave"), get("crosswise-and")
assert isinstance(AT, ImpartialRuleset) and isinstance(TW, ImpartialRuleset)
assert isinstance(AND, ImpartialRuleset)


def test_dqbn_to_avoid_true_example() -> None:
    """Rows A = 1001101, B = 0101110, C = 1001110 (TW:L364-375): both sides value 0."""
    matrix = AND.parse("1001101/0101110/1001110")
    formula = AT.parse("(x2|x3|x6)&(x1|x3|x7)&(x2|x3|x7)")
    assert naive_grundy(AND, matrix) == 0 == naive_grundy(AT, formula)
    assert Solver(AT).grundy(formula) == 0
    assert AT.key(formula) == AND.key(matrix)
    legal = {AT.format_move(move) for move, _ in AT.moves(formula)}
    assert "x3" not in legal  # heap 3 is empty in every realization
    assert {"x4", "x5"} <= legal  # heaps 4 and 5 are in no clause


def test_avoid_true_to_dqbn_example() -> None:
    """A, B, C, D with T = {x8} -> rows A = 00001110, B = 01110000, C = 01011010 (TW:L379-390)."""
    formula = AT.parse("(x1|x2|x3|x4)&(x1|x5|x6|x7)&(x1|x3|x6)&(x2|x5|x8); T=x8")
    grid = AT.grid(formula)
    full = (1 << grid.width) - 1
    assert AND.format(Grid(grid.width, tuple(full & ~row for row in grid.rows))) == (
        "00001110/01110000/01011010"
    )
    matrix = AND.parse("00001110/01110000/01011010")
    assert naive_grundy(AT, formula) == 1 == naive_grundy(AND, matrix)
    assert Solver(AT).grundy(formula) == 1


def test_satisfied_clauses_must_be_dropped() -> None:
    """Erratum (notes §2): F = (x1) ∧ (x2), T = {x2} is 0; keeping D's row would give *."""
    formula = AT.parse("(x1)&(x2); T=x2")
    assert naive_grundy(AT, formula) == 0 == Solver(AT).grundy(formula)
    kept = TW.parse("PP/GP")  # row x1|T and the satisfied clause's row x2|T
    assert naive_grundy(TW, kept) == 1


def test_round_trip_and_empty_clause() -> None:
    for text in ["true", "(); n=3", "(x1|x3)&(); T=x2", "(x2); n=5"]:
        assert AT.format(AT.parse(text)) == text
    assert naive_grundy(AT, AT.parse("(); n=3")) == 1  # three moves, none ever infeasible


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x1|x2", "write clauses like"),
        ("(x1|y2)", "'y2' in clause 0 is not a variable"),
        ("(x1); T=x0", "'x0' in T is not a variable"),
        ("(x3); n=2", "n=2 is too small"),
        ("(x1); X=1", "unknown option"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        AT.parse(text)
