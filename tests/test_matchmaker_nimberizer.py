"""The Stubborn Matchmaker profile evaluator and its verifier (Burke 2009, §5.3, L1200-1325):
the profile theorem checked against search (every board up to 5 a side, random boards of 6
and 7), the fast path of ``grundy value``, the native profile tables against the Python
evaluator, and Tables 5.1-5.4 regenerated from them up to 20 a side."""

from __future__ import annotations

import contextlib
import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import _native
from grundy.rulesets import GrundyError, get
from grundy.rulesets.matchmaker.nimberizer import (
    Nimberizer,
    _key,
    _sides,
    class_tables,
    drop,
    members,
    native_profiles,
    pattern,
    profile,
    representative,
    verify,
)
from grundy.rulesets.matchmaker.rules import (
    Matching,
    PrintedCell,
    all_matchings,
    cross_free,
    crossings,
    from_pairs,
    matching_class,
    matchmaker_tables,
    neighbour_pairs,
    printed_cells,
    shift_west,
    solver,
    un_z,
    uncrossing_moves,
)
from grundy.search.budget import Budget, BudgetExceeded
from grundy.search.naive import naive_grundy

STUBBORN = get("stubborn-matchmaker")
ERRATA = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()
#: One evaluator and one search (no fast path) shared by the random tests.
PROFILES = Nimberizer()
SEARCH = solver(STUBBORN)


def board(rng: random.Random, n: int, matched: int) -> Matching:
    wests = rng.sample(range(1, n + 1), matched)
    easts = rng.sample(range(1, n + 1), matched)
    return from_pairs(n, list(zip(wests, easts, strict=True)))


@pytest.mark.parametrize("n", range(1, 6))
def test_profile_values_equal_the_search_on_every_board(n: int) -> None:
    """Every Stubborn board of up to 5 a side: the profile's value xor the crossing parity
    is the value found by search (which does not use the evaluator)."""
    for m in all_matchings(n):
        assert PROFILES.grundy(m) == SEARCH.grundy(m), STUBBORN.format(m)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_profile_values_on_random_boards_of_six_and_seven(seed: int) -> None:
    """Random boards of the largest sizes the search reaches in seconds (every board
    reachable from one of 7 a side is some of the 130,922 boards of 7 a side)."""
    rng = random.Random(seed)
    n = rng.randint(6, 7)
    m = board(rng, n, rng.randint(0, n))
    assert PROFILES.grundy(m) == SEARCH.grundy(m), STUBBORN.format(m)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_fast_path_of_the_ruleset_against_the_naive_search(seed: int) -> None:
    """``StubbornMatchmaker.fast_grundy`` (what `grundy value` uses) keeps the naive
    search's answer."""
    rng = random.Random(seed)
    n = rng.randint(1, 6)
    m = board(rng, n, rng.randint(0, n))
    assert STUBBORN.fast_grundy(m) == naive_grundy(STUBBORN, m)


def test_profiles_and_drops() -> None:
    """The profile bits: the parity of the matched candidates above each unmatched one."""
    m = STUBBORN.parse("6:2-3,3-1,5-6")  # West 1, 4, 6 unmatched under 0, 2, 3 matched
    assert profile(m) == (3, 0b100, 0b001)  # East 2, 4, 5 unmatched under 1, 2, 2 matched
    assert drop(0b100, 0, 3) == 0b01 and drop(0b001, 1, 3) == 0b11
    assert PROFILES.value((3, 0b100, 0)) == PROFILES.value((3, 0, 0b100)) == PROFILES.value(
        (3, 0b011, 0b111))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_conjectures_5_3_1_and_5_3_2_follow_on_boards_to_twelve(seed: int) -> None:
    """The corollaries the module proves, on random boards of up to 12 a side that search
    cannot reach: an uncrossing move flips the value's low bit (the profile is kept and
    the crossing parity flips), M(i, j) keeps the value (the profile is kept), and so do
    un-Z and Shifting."""
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    m = board(rng, n, rng.randint(0, n))
    for after in uncrossing_moves(m):
        assert profile(after) == profile(m)
        assert PROFILES.grundy(after) == PROFILES.grundy(m) ^ 1
    i, j = rng.randint(1, n + 1), rng.randint(1, n + 1)
    assert PROFILES.grundy(neighbour_pairs(m, i, j)) == PROFILES.grundy(m)
    # and so Lemmas 5.3.3 (un-Z) and 5.3.4 (Shifting), wherever they apply
    for a in range(1, n):
        if m[a - 1] and m[a]:
            assert PROFILES.grundy(shift_west(m, a)) == PROFILES.grundy(m)
    for i, j in itertools.product(range(2, n), range(2, n + 1)):
        with contextlib.suppress(GrundyError):
            assert PROFILES.grundy(un_z(m, i, j)) == PROFILES.grundy(m)


def test_empty_boards_and_the_ten_a_side_board_of_the_issue() -> None:
    """Empty boards 1..8 a side are worth 1,2,0,1,3,0,2,0 (reading notes, checked by
    search), up to 14 they give the (0,0) column of Table 5.1, and 10:7-6,8-7,9-10
    (class (7,0,0), printed 2) is *3 (docs/errata.md)."""
    assert [PROFILES.grundy((0,) * n) for n in range(1, 9)] == [1, 2, 0, 1, 3, 0, 2, 0]
    cells = printed_cells()
    assert all({PROFILES.grundy((0,) * n)} == cells[n, 0, 0] for n in range(1, 15))
    ten = STUBBORN.parse("10:7-6,8-7,9-10")
    assert matching_class(ten) == (7, 0, 0) and cross_free(ten)
    assert STUBBORN.fast_grundy(ten) == PROFILES.grundy(ten) == 3
    assert "`10:7-6,8-7,9-10`" in ERRATA


def test_the_evaluator_keeps_to_its_budget() -> None:
    """Every new profile is one position of the budget: the empty 30 board needs more than
    a thousand."""
    with pytest.raises(BudgetExceeded, match="node budget"):
        Nimberizer().grundy((0,) * 30, Budget(max_nodes=1000))


def test_patterns_and_members() -> None:
    m = STUBBORN.parse("5:1-4,3-2")
    p = pattern(m)
    assert STUBBORN.format(representative(p)) == "5:1-2,3-4" and crossings(m) == 1
    assert {STUBBORN.format(b) for b in members(p)} == {"5:1-2,3-4", "5:1-4,3-2"}
    assert {profile(b) for b in members(p)} == {profile(m)}


# -- the Verifier -----------------------------------------------------------------------------


def test_verifier_covers_every_class_from_the_empty_board() -> None:
    """From the empty board of 6 a side it checks every pattern (924) and so every board
    (13,327), one level deep each, and finds the evaluator right."""
    report = verify(Nimberizer(), (0,) * 6)
    assert report.holds and len(report.verified) == 924
    assert report.boards == sum(1 for _ in all_matchings(6))


def test_verifier_stops_at_a_wrong_class() -> None:
    """A stored value changed by hand is caught at a board of that profile or a parent."""
    nimberizer = Nimberizer()
    nimberizer.grundy((0,) * 5)
    x, west, east = profile(STUBBORN.parse("5:2-3"))
    nimberizer.values[_key(x, west, east)] ^= 4
    report = verify(nimberizer, (0,) * 5)
    assert not report.holds and report.failure is not None
    wrong, claimed, actual = report.failure
    assert claimed != actual and profile(wrong) in {(5, 0, 0), (x, west, east)}


# -- Tables 5.1-5.4 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("strict", "smallest"), list(itertools.product((True, False), repeat=2)))
def test_tables_from_profiles_equal_the_brute_force_tables(strict: bool, smallest: bool) -> None:
    """Same cells as solving every board up to 6 a side, and every witness is a board of
    its cell with its value."""
    by_profiles = class_tables(6, strict, smallest=smallest)
    assert by_profiles.cells == matchmaker_tables(6, strict, smallest=smallest).cells
    for (cell, value), witness in by_profiles.witnesses.items():
        x, y, z = matching_class(witness)
        assert (x, min(y, z), max(y, z)) == cell and cross_free(witness, strict)
        assert naive_grundy(STUBBORN, witness) == value
        assert not smallest or len(witness) == x + max(y, z)


def test_printed_tables_against_the_profile_values_up_to_nine() -> None:
    """Up to 8 a side 40 printed cells are reached and only (4,0,0), (5,0,0) differ (the
    erratum of tests/test_matchmaker.py); at 9 a side 55 are reached and (5,0,1), (5,1,1)
    also fail: their printed value is 4 alone, but 0 occurs."""
    eight = class_tables(8)
    assert len(eight.comparison()) == 40
    assert {cell for cell, _, _ in eight.mismatches()} == {(4, 0, 0), (5, 0, 0)}
    nine = class_tables(9)
    assert len(nine.comparison()) == 55
    wrong = {cell: (printed, computed) for cell, printed, computed in nine.mismatches()}
    assert set(wrong) == {(4, 0, 0), (5, 0, 0), (5, 0, 1), (5, 1, 1), (6, 0, 0)}
    assert wrong[5, 0, 1] == wrong[5, 1, 1] == (frozenset({4}), {0, 4})


def test_smallest_counterexample_of_cells_5_0_1_and_5_1_1() -> None:
    """docs/errata.md: 9:1-2,2-3,3-4,4-6 has no crossed pairs, its free candidates can pair
    without crossing, it is in class (5,0,1) and it is worth 0 by a direct search (not the
    printed 4); nothing smaller reaches these cells with a 0."""
    m = STUBBORN.parse("9:1-2,2-3,3-4,4-6")
    assert cross_free(m) and cross_free(m, strict=False)
    assert matching_class(m) == (5, 0, 1) and printed_cells()[5, 0, 1] == frozenset({4})
    assert SEARCH.grundy(m) == 0 == PROFILES.grundy(m)
    assert "`9:1-2,2-3,3-4,4-6`" in ERRATA


def test_the_naive_search_agrees_on_the_smallest_wrong_cell_of_seven() -> None:
    m = STUBBORN.parse("7:2-2,3-3,4-4")
    assert naive_grundy(STUBBORN, m) == PROFILES.grundy(m) == 2


def _errata_row(cell: tuple[int, int, int], printed: object, computed: set[int]) -> str:
    x, low, high = cell
    shown = ",".join(map(str, sorted(printed))) if isinstance(printed, frozenset) else ""
    return f"| ({x}; {low}, {high}) | {shown} | {','.join(map(str, sorted(computed)))} |"


def _in_the_errata(mismatches: list[tuple[tuple[int, int, int], PrintedCell, set[int]]],
                   witnesses: dict[tuple[tuple[int, int, int], int], Matching]) -> None:
    """Each cell that differs is a row of docs/errata.md with the witness of every value the
    table does not print; each witness is a cross-free board of its class, worth that value
    by the Python evaluator (boards of up to 20 a side: seconds in all)."""
    for cell, printed, computed in mismatches:
        assert _errata_row(cell, printed, computed) in ERRATA
        for value in computed - set(printed or ()):
            witness = witnesses[cell, value]
            assert f"*{value}: `{STUBBORN.format(witness)}`" in ERRATA
            x, y, z = matching_class(witness)
            assert (x, min(y, z), max(y, z)) == cell and cross_free(witness)
            assert PROFILES.grundy(witness) == value


@pytest.mark.slow
def test_every_printed_cell_to_fourteen_then_twenty() -> None:
    """Every board up to 14 a side: the 168 printed cells whose boards fit are reached and
    121 agree (the Python evaluator's reach).  Up to 20 a side (the native kernel's limit;
    seconds): 259 printed cells are reached, all but the impossible (8; 0, 8), 177 agree,
    and each of the 82 others is a row of docs/errata.md with a witness board for every
    value it does not print."""
    fourteen = class_tables(14)
    assert len(fourteen.comparison()) == 168 and len(fourteen.mismatches()) == 47
    tables = class_tables(20)
    numbered = [cell for cell, printed in printed_cells().items()
                if isinstance(printed, frozenset)]
    assert len(numbered) == 260 and len(tables.comparison()) == 259
    assert len(tables.mismatches()) == 82
    _in_the_errata(tables.mismatches(), tables.witnesses)


def test_printed_cells_at_the_fewest_candidates() -> None:
    """Each class at x + max(y, z) a side: every printed cell whose boards have at most 12
    a side agrees; at 13 and 14, 11 cells differ, each a row of docs/errata.md."""
    tables = class_tables(14, smallest=True)
    assert len(tables.comparison()) == 168
    wrong = tables.mismatches()
    assert len(wrong) == 11 and all(x + high in (13, 14) for (x, _, high), _, _ in wrong)
    _in_the_errata(wrong, tables.witnesses)


@pytest.mark.slow
def test_printed_cells_at_the_fewest_candidates_to_twenty() -> None:
    """`grundy matchmaker tables --max-n 20 --smallest`: every printed cell but the
    impossible (8; 0, 8) is reached (259), 231 agree, and the 28 that differ (all at 13
    to 19 a side) are rows of docs/errata.md with their witnesses; the printed (8; 0, 8)
    is never reached, as no board has 8 loners and 8 unmatched candidates on a side."""
    tables = class_tables(20, smallest=True)
    assert len(tables.comparison()) == 259 and len(tables.mismatches()) == 28
    assert all(13 <= x + high <= 19 for (x, _, high), _, _ in tables.mismatches())
    _in_the_errata(tables.mismatches(), tables.witnesses)
    assert printed_cells()[8, 0, 8] == frozenset({2}) and (8, 0, 8) not in tables.cells


def test_no_side_has_as_many_loners_as_unmatched_candidates() -> None:
    """docs/errata.md, Table 5.4's (8; 0, 8): loners need an unmatched candidate on each
    side, so k loners need k + 1 unmatched candidates; every side of up to 16 candidates."""
    for n in range(1, 17):
        for x in range(n + 1):
            assert all(loners < x or loners == 0 for loners, _ in _sides(n, x))


# -- the native kernel (native/src/matchmaker.rs) --------------------------------------------


def native_grundy(m: Matching) -> int:
    value = native_profiles(len(m)).value(*profile(m))
    assert value is not None, "every board's profile is in the table of its size"
    return value ^ (crossings(m) & 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_native_profile_values_against_the_python_evaluator(seed: int) -> None:
    """Random boards of up to 13 a side: the native table's value of the profile xor the
    crossing parity is the Python evaluator's value."""
    rng = random.Random(seed)
    n = rng.randint(1, 13)
    m = board(rng, n, rng.randint(0, n))
    assert native_grundy(m) == PROFILES.grundy(m), STUBBORN.format(m)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_native_profile_values_against_search(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 6)
    m = board(rng, n, rng.randint(0, n))
    assert native_grundy(m) == SEARCH.grundy(m), STUBBORN.format(m)


def test_native_table_holds_the_profiles_of_its_boards_only() -> None:
    """A table of boards of 3 a side: 2 unmatched candidates with bits 10 need one matched
    candidate (there), 3 unmatched with bits 010 would need two (not there); a larger
    size is refused before anything is built."""
    (three, nodes) = _native.matchmaker_profiles(3)
    assert three is not None and three.max_n == 3 and nodes == len(three)
    assert three.value(2, 0b10, 0) == PROFILES.value((2, 0b10, 0))
    assert three.value(3, 0b010, 0) is None and three.value(4, 0, 0) is None
    with pytest.raises(ValueError, match="at most 20 a side; got 21"):
        _native.matchmaker_profiles(21)
    with pytest.raises(ValueError, match="need profiles as large"):
        three.class_tables(4, True, False)


def test_native_tables_keep_to_their_budget() -> None:
    assert _native.matchmaker_profiles(12, max_nodes=1000)[0] is None
    with pytest.raises(BudgetExceeded, match="node budget"):
        class_tables(12, budget=Budget(max_nodes=1000))


@pytest.mark.parametrize(("strict", "smallest"), list(itertools.product((True, False), repeat=2)))
def test_native_tables_equal_the_python_tables(strict: bool, smallest: bool) -> None:
    """Every board up to 11 a side (a second for the Python builder): the same cells and
    the same witness boards."""
    native = class_tables(11, strict, smallest=smallest)
    python = class_tables(11, strict, smallest=smallest, native=False)
    assert native.cells == python.cells and native.witnesses == python.witnesses


@pytest.mark.opt_in
@pytest.mark.parametrize(("max_n", "smallest"), [(14, False), (16, True)])
def test_native_tables_equal_the_python_tables_at_their_limit(max_n: int, smallest: bool) -> None:
    """The Python builder's largest tables (a minute or more of CPU for --smallest 16):
    the same cells and witnesses as the native kernel."""
    native = class_tables(max_n, smallest=smallest)
    python = class_tables(max_n, smallest=smallest, native=False)
    assert native.cells == python.cells and native.witnesses == python.witnesses
