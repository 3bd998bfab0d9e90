"""Nim (Bouton), Boolean Nim and subtraction games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import ParseError, get
from grundy.search import Solver
from grundy.search.naive import naive_grundy

NIM, BNIM, SUB = get("nim"), get("boolean-nim"), get("subtraction")
assert isinstance(NIM, ImpartialRuleset) and isinstance(BNIM, ImpartialRuleset)
assert isinstance(SUB, ImpartialRuleset)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=4))
def test_bouton_fast_path_matches_naive(heaps: list[int]) -> None:
    assert Solver(NIM).grundy(tuple(heaps)) == naive_grundy(NIM, tuple(heaps))


def test_burke_nim_example_erratum() -> None:
    """Seed 004 L1156 prints 5 ⊕ 3 = 4; it is 6 (docs/errata.md).  Still winnable."""
    assert Solver(NIM).grundy(NIM.parse("5,3")) == 6 == naive_grundy(NIM, (5, 3))


def test_nim_move_labels_are_heap_and_amount() -> None:
    moves = dict(NIM.moves((2, 1)))
    assert moves == {(0, 1): (1, 1), (0, 2): (0, 1), (1, 1): (2, 0)}
    assert NIM.format_move((0, 2)) == "0-2"
    assert NIM.parse_move((2, 1), "0-2") == (0, 2)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 1), max_size=8))
def test_boolean_nim_is_parity(heaps: list[int]) -> None:
    assert naive_grundy(BNIM, tuple(heaps)) == sum(heaps) % 2 == Solver(BNIM).grundy(tuple(heaps))


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 6), min_size=1, max_size=3), st.lists(st.integers(0, 25), max_size=3))
def test_subtraction_matches_naive(subtraction: set[int], heaps: list[int]) -> None:
    position = SUB.parse(",".join(map(str, sorted(subtraction))) + ":" + ",".join(map(str, heaps)))
    assert Solver(SUB).grundy(position) == naive_grundy(SUB, position)


def test_subtraction_one_two_is_mod_three() -> None:
    solver = Solver(SUB)
    assert [solver.grundy(SUB.parse(f"1,2:{n}")) for n in range(9)] == [0, 1, 2] * 3


@pytest.mark.parametrize(
    ("ruleset", "text", "message"),
    [
        (NIM, "3,-1", "heap 1 is -1: heaps cannot be negative"),
        (NIM, "3,x", "heap 1 is 'x'"),
        (BNIM, "1,2", "heap 1 is 2"),
        (SUB, "1,2", "missing ':'"),
        (SUB, "0,2:5", "positive values"),
    ],
)
def test_parse_errors(ruleset: ImpartialRuleset[object], text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        ruleset.parse(text)
