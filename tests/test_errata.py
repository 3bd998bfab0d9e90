"""Each erratum in docs/errata.md, with the smallest counterexample our code finds."""

from __future__ import annotations

import itertools
from pathlib import Path

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import get
from grundy.rulesets.transverse_wave.rules import (
    Grid,
    canonical_grid,
    printed_triangle,
    theorem_1_as_printed,
    triangle,
)
from grundy.search.naive import naive_grundy

ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()
TW = get("transverse-wave")
assert isinstance(TW, ImpartialRuleset)


def smallest_counterexample(rows_nonempty: bool) -> str:
    """The first grid, by cell count, then rows, then colouring, where Theorem 1 fails."""
    for cells in itertools.count(1):
        for rows in range(1, cells + 1):
            if cells % rows:
                continue
            width = cells // rows
            for colouring in range(1 << cells):
                grid = Grid(width, tuple(colouring >> (width * i) & ((1 << width) - 1)
                                         for i in range(rows)))
                if rows_nonempty and not canonical_grid(*grid).rows:
                    continue
                printed = theorem_1_as_printed(grid)
                if printed is not None and printed != naive_grundy(TW, grid):
                    return TW.format(grid)
    raise AssertionError("unreachable")


def test_recurrence_equals_printed_closed_form_except_empty_board() -> None:
    for p in range(1, 80):
        for k in range(p + 1):
            assert triangle(p, k) == printed_triangle(p, k), (p, k)
    assert printed_triangle(0, 0) == 2 != triangle(0, 0)


def test_theorem_1_smallest_counterexamples_are_documented() -> None:
    empty = smallest_counterexample(rows_nonempty=False)
    assert empty == "P"
    assert theorem_1_as_printed(TW.parse(empty)) == 2 and naive_grundy(TW, TW.parse(empty)) == 0
    green_row = smallest_counterexample(rows_nonempty=True)
    grid = TW.parse(green_row)
    assert canonical_grid(*grid).rows[0] == 0  # it fails because of an all-green row
    assert f"`{green_row}`" in ERRATA
    assert f"printed formula gives *{theorem_1_as_printed(grid)}" in ERRATA
    assert naive_grundy(TW, grid) == 0


def test_figure_2a_caption() -> None:
    grid = TW.parse("PGGG/GPGG/GGPG")
    assert naive_grundy(TW, grid) == 1 == theorem_1_as_printed(grid)
    assert "`PGGG/GPGG/GGPG`" in ERRATA


def test_burke_xor_example() -> None:
    assert 5 ^ 3 == 6
    assert "5 ⊕ 3 = 6" in ERRATA
