"""Transverse Wave, Crosswise AND/OR: seed 000's numbers, Theorem 1 as corrected, isomorphisms."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import ImpartialRuleset
from grundy.rulesets import ParseError, get
from grundy.rulesets.transverse_wave.rules import (
    Grid,
    canonical_grid,
    closed_form,
    minimal_rows,
    random_grid,
    triangle,
)
from grundy.search import Solver
from grundy.search.naive import naive_grundy

TW = get("transverse-wave")
AND = get("crosswise-and")
OR = get("crosswise-or")
assert isinstance(TW, ImpartialRuleset)

# Table 2 of seed 000 (000_7d67923f02e8dd4e.txt L183-193): rows list their purple columns.
TABLE_2 = [
    ("(0)", 0),
    ("(0)(01)", 1),
    ("(01)(2)", 2),
    ("4:(01)(2)", 3),
    ("(01)(234)(035)", 4),
    ("7:(01)(234)(035)", 5),
    ("(012)(034)(0156)(2578)", 6),
    ("10:(012)(034)(0156)(2578)", 7),
]


@pytest.mark.parametrize(("text", "nimber"), TABLE_2)
def test_table_2(text: str, nimber: int) -> None:
    grid = TW.parse(text)
    assert Solver(TW).grundy(grid) == nimber
    assert naive_grundy(TW, grid) == nimber


def test_shorthand_shapes() -> None:
    assert TW.parse("(01)(2)") == Grid(3, (0b011, 0b100))
    assert TW.parse("4:(01)(2)") == Grid(4, (0b011, 0b100))
    assert TW.parse("(0,10)") == Grid(11, (1 | 1 << 10,))


def test_move_example() -> None:
    """[[P,G],[G,G]], column 1 -> [[P,P],[P,G]] (notes §4; Figure 1, TW:L80).

    The paper numbers columns j ∈ [n] from 1; our labels count from 0, like the
    shorthand of Table 2, so the paper's column 1 is our column 0.
    """
    grid = TW.parse("PG/GG")
    assert TW.format(TW.play(grid, 0)) == "PP/PG"
    assert TW.format(TW.play(grid, 1)) == "PP/GP"


def column_disjoint_grids() -> st.SearchStrategy[Grid]:
    """Grids whose columns each hold at most one purple cell (Theorem 1's hypothesis)."""

    @st.composite
    def build(draw: Any) -> Grid:
        rows = draw(st.integers(0, 5))
        width = draw(st.integers(1, 7))
        owner = draw(st.lists(st.integers(-1, rows - 1), min_size=width, max_size=width))
        masks = [0] * rows
        for column, row in enumerate(owner):
            if row >= 0:
                masks[row] |= 1 << column
        return Grid(width, tuple(masks))

    return build()


@settings(max_examples=300, deadline=None)
@given(column_disjoint_grids())
def test_theorem_1_corrected_against_brute_force(grid: Grid) -> None:
    """Notes §3: G = G'(p, k) ⊕ q when every row has a purple cell; width parity otherwise."""
    expected = naive_grundy(TW, grid)
    canonical = canonical_grid(*grid)
    rows = canonical.rows
    if rows and rows[0] == 0:
        assert expected == canonical.width % 2  # case (ii): an all-green row
    else:
        p = len(rows)
        k = sum(row.bit_count() % 2 for row in rows)
        q = (canonical.width - sum(row.bit_count() for row in rows)) % 2
        assert expected == triangle(p, k) ^ q
    assert closed_form(canonical) == expected


def test_empty_board_is_zero() -> None:
    assert naive_grundy(TW, Grid(1, (1,))) == 0 == closed_form(canonical_grid(1, (1,)))
    assert triangle(0, 0) == 0


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.integers(1, 6), st.randoms(use_true_random=False))
def test_all_green_row_means_width_parity(rows: int, width: int, rng: random.Random) -> None:
    """Any grid with an all-green row lasts exactly one move per live column."""
    grid = random_grid(rng, rows, width, 0.4)
    grid = Grid(width, (0, *grid.rows))  # the all-green row keeps every column alive
    assert naive_grundy(TW, grid) == width % 2


def test_triangle_rows_from_the_notes() -> None:
    """The triangle of Theorem 1 (notes §3, rows p = 1..8)."""
    printed = [
        "0 0", "0 *2 *", "0 * * 0", "0 * *2 0 *", "0 * 0 0 * 0",
        "0 * 0 *2 * 0 *", "0 * 0 * * 0 * 0", "0 * 0 * *2 0 * 0 *",
    ]
    names = {0: "0", 1: "*", 2: "*2"}
    for p, row in enumerate(printed, start=1):
        assert " ".join(names[triangle(p, k)] for k in range(p + 1)) == row


# Table 1 of seed 000 (TW:L147-161): (above left, above right, value); None = no parent.
TABLE_1 = {
    "a": (None, None, 0), "b": (None, 0, 0), "c": (0, None, 1), "d": (0, 0, 2),
    "e": (0, 1, 1), "f": (0, 2, 1), "g": (1, None, 0), "h": (1, 0, 0),
    "i": (1, 1, 2), "j": (1, 2, 0), "k": (2, 0, 0), "l": (2, 1, 1),
}
#: The proof's five cases (TW:L165-173) and the Table 1 rows each may invoke.
TABLE_1_CASES = {
    "k even, p > 2k": ("abhj", 0), "k odd, p < 2k": ("aghk", 0),
    "k even, p < 2k": ("cel", 1), "k odd, p > 2k": ("ef", 1), "p = 2k": ("di", 2),
}


def _case(p: int, k: int) -> str:
    if p == 2 * k:
        return "p = 2k"
    parity = "even" if k % 2 == 0 else "odd"
    return f"k {parity}, p {'>' if p > 2 * k else '<'} 2k"


def test_table_1_rows() -> None:
    """Every printed row is mex{L, R ⊕ 1} (the caption's rule); every position of the
    triangle (p ≤ 40) meets its parents in a printed row with the printed value, all
    twelve rows occur, and each of the proof's five cases uses only its listed rows."""
    for left, right, value in TABLE_1.values():
        seen = {x for x in (left, None if right is None else right ^ 1) if x is not None}
        assert value == min(set(range(3)) - seen)
    by_parents = {(left, right): (row, value) for row, (left, right, value) in TABLE_1.items()}
    used: dict[str, set[str]] = {case: set() for case in TABLE_1_CASES}
    for p in range(1, 41):
        for k in range(p + 1):
            left = triangle(p - 1, k - 1) if p >= 2 and k >= 1 else None
            right = triangle(p - 1, k) if p >= 2 and k < p else None
            row, value = by_parents[left, right]
            assert triangle(p, k) == value, (p, k, row)
            used[_case(p, k)].add(row)
    assert set().union(*used.values()) == set(TABLE_1)
    for case, (rows, value) in TABLE_1_CASES.items():
        assert used[case] <= set(rows), case
        assert {TABLE_1[row][2] for row in used[case]} == {value}, case


def test_figure_2_captions() -> None:
    """Figure 2(b) is *2 as printed; Figure 2(a)'s caption is wrong: the value is *."""
    assert naive_grundy(TW, TW.parse("PGGP/GPPP/PPPP")) == 2
    assert naive_grundy(TW, TW.parse("PGGG/GPGG/GGPG")) == 1


grids = st.builds(
    lambda seed, rows, cols, density: random_grid(random.Random(seed), rows, cols, density),
    st.integers(0, 10**6), st.integers(1, 5), st.integers(1, 6), st.floats(0.1, 0.7),
)


@settings(max_examples=200, deadline=None)
@given(grids)
def test_engine_matches_naive(grid: Grid) -> None:
    assert Solver(TW).grundy(grid) == naive_grundy(TW, grid)


@settings(max_examples=100, deadline=None)
@given(grids, st.permutations(range(6)), st.permutations(range(5)))
def test_key_is_invariant_under_row_and_column_order(
    grid: Grid, columns: list[int], rows: list[int]
) -> None:
    order = [c for c in columns if c < grid.width]
    permuted = tuple(
        sum(1 << new for new, old in enumerate(order) if row >> old & 1) for row in grid.rows
    )
    shuffled = tuple(permuted[i] for i in rows if i < len(permuted))
    assert naive_grundy(TW, Grid(grid.width, shuffled)) == naive_grundy(TW, grid)
    row_shuffled = tuple(grid.rows[i] for i in rows if i < len(grid.rows))
    assert TW.key(Grid(grid.width, row_shuffled)) == TW.key(grid)


def crosswise(grid: Grid, ruleset: Any) -> Grid:
    """Props 1-2: Crosswise AND stores green = 1, Crosswise OR purple = 1."""
    if ruleset is AND:
        full = (1 << grid.width) - 1
        return Grid(grid.width, tuple(full & ~row for row in grid.rows))
    return grid


def walk_in_lock_step(
    a: ImpartialRuleset[Hashable], pa: Hashable, b: ImpartialRuleset[Hashable], pb: Hashable
) -> int:
    """Walk both game trees under the identity on move labels; count the nodes."""
    moves_a = dict(a.moves(pa))
    moves_b = dict(b.moves(pb))
    assert moves_a.keys() == moves_b.keys()
    return 1 + sum(walk_in_lock_step(a, moves_a[m], b, moves_b[m]) for m in moves_a)


@settings(max_examples=60, deadline=None)
@given(grids)
def test_crosswise_isomorphisms(grid: Grid) -> None:
    """Props 1-2 (TW:L96, L104): same move labels all the way down, same values."""
    value = naive_grundy(TW, grid)
    for ruleset in (AND, OR):
        assert isinstance(ruleset, ImpartialRuleset)
        image = crosswise(grid, ruleset)
        assert walk_in_lock_step(TW, grid, ruleset, image) >= 1
        assert Solver(ruleset).grundy(image) == value == naive_grundy(ruleset, image)
        assert ruleset.format(image).count("/") == TW.format(grid).count("/")


@settings(max_examples=100, deadline=None)
@given(grids)
def test_rows_containing_another_row_never_matter(grid: Grid) -> None:
    """``minimal_rows``: the same move labels at every node of both game trees."""
    reduced = Grid(grid.width, tuple(minimal_rows(grid.rows)))
    assert walk_in_lock_step(TW, grid, TW, reduced) >= 1
    assert naive_grundy(TW, reduced) == naive_grundy(TW, grid)


@settings(max_examples=100, deadline=None)
@given(grids)
def test_text_round_trip(grid: Grid) -> None:
    for ruleset in (TW, AND, OR):
        assert ruleset.parse(ruleset.format(grid)) == grid
        svg = ruleset.render_svg(grid)
        assert svg.startswith("<svg") and svg.count("<rect") == 1 + len(grid.rows) * grid.width


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("PG/P", "row 1 has 1 cells but row 0 has 2"),
        ("PX/GG", "unknown cell 'X'"),
        ("", "empty grid"),
        ("2:(012)", "width 2 is too small"),
        ("(01", "cannot read"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(")):
        TW.parse(text)
