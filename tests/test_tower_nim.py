"""TOWER NIM (seed 001, ``001_56c9c94dd1ec088e.wrapped.txt`` L1122-1127): Ferland's
strategy and the solver hooks against the naive reference."""

from __future__ import annotations

import itertools

import pytest

from grundy.rulesets import ParseError, get
from grundy.rulesets.geography.tower_nim import TowerNim, winning_move
from grundy.search import Solver
from grundy.search.naive import naive_grundy
from grundy.values import Outcome

RULES = TowerNim()


def stacks(depth: int, largest: int) -> list[tuple[int, ...]]:
    return [
        stack
        for n in range(depth + 1)
        for stack in itertools.product(range(1, largest + 1), repeat=n)
    ]


def test_strategy_wins_from_every_n_position_up_to_depth_6() -> None:
    """The corrected reading of the four cases (L1125-1127) wins from all 4,368
    N-positions of depth ≤ 6 with entries ≤ 4; every P-position has s1 = 1."""
    memo: dict[tuple[int, ...], int] = {}
    n_positions = 0
    for stack in stacks(6, 4):
        value = memo[stack] = naive_grundy(RULES, stack)
        if value:
            n_positions += 1
            target = winning_move(stack)
            after = (target, *stack[1:]) if target else stack[1:]
            assert naive_grundy(RULES, after) == 0, stack
        elif stack:
            assert stack[0] == 1
    assert n_positions == 4368


def test_hooks_agree_with_the_naive_reference() -> None:
    for stack in stacks(5, 4):
        value = naive_grundy(RULES, stack)
        assert RULES.fast_grundy(stack) == value, stack
        assert RULES.fast_outcome(stack) == (value != 0), stack


def test_solver_takes_the_hooks() -> None:
    deep = (3,) + (1,) * 4000 + (2,)
    solver = Solver(RULES)
    assert solver.outcome(deep) is Outcome.N
    assert solver.grundy(deep) == RULES.fast_grundy(deep) != 0
    assert solver.budget.nodes == 0


def test_text_and_moves() -> None:
    assert get("tower-nim").name == "tower-nim"
    assert RULES.parse("3,1,2") == (3, 1, 2)
    assert RULES.format((3, 1, 2)) == "3,1,2"
    assert [(m, c) for m, c in RULES.moves((3, 1))] == [(2, (2, 1)), (1, (1, 1)), (0, (1,))]
    with pytest.raises(ParseError, match="at least 1"):
        RULES.parse("2,0,1")
