"""Matchmaker, Full Matchmaker and Stubborn Matchmaker (seed 004 §3.3, §4.3, §5.3) against
the checked facts of the reading notes (notes/burke-thesis.md §2) and brute force."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.rulesets import GrundyError, ParseError, get
from grundy.rulesets.matchmaker.rules import (
    FullMatchmaker,
    Matching,
    Matchmaker,
    StubbornMatchmaker,
    all_matchings,
    check_neighbour_pairs,
    check_uncrossing,
    cross_free,
    crossings,
    from_pairs,
    matching_class,
    matchmaker_tables,
    neighbour_pairs,
    pairs,
    printed_cells,
    propose,
    shift_west,
    solver,
    un_z,
    uncrossing_moves,
)
from grundy.search.naive import naive_grundy

MATCHMAKER = get("matchmaker")
STUBBORN = get("stubborn-matchmaker")
FULL = get("full-matchmaker")
assert isinstance(MATCHMAKER, Matchmaker) and isinstance(STUBBORN, StubbornMatchmaker)
assert isinstance(FULL, FullMatchmaker)


@st.composite
def matchings(draw: st.DrawFn, max_n: int = 6) -> Matching:
    n = draw(st.integers(1, max_n))
    wests = draw(st.permutations(range(1, n + 1)))
    easts = draw(st.permutations(range(1, n + 1)))
    k = draw(st.integers(0, n))
    return from_pairs(n, list(zip(wests[:k], easts[:k], strict=True)))


# -- rules ------------------------------------------------------------------------------


def test_proposals_and_update_rule() -> None:
    # both matched: the spurned candidates marry each other (L460)
    assert propose(MATCHMAKER.parse("3:1-2,2-1"), 1, 1) == MATCHMAKER.parse("3:1-1,2-2")
    # only w matched: its old partner is left alone [inferred]
    assert propose(MATCHMAKER.parse("2:1-2"), 1, 1) == MATCHMAKER.parse("2:1-1")
    # only e matched
    assert propose(MATCHMAKER.parse("2:2-1"), 1, 1) == MATCHMAKER.parse("2:1-1")
    moves = {MATCHMAKER.format_move(m) for m, _ in MATCHMAKER.moves(MATCHMAKER.parse("2:1-2"))}
    assert moves == {"1-1", "2-1"}  # w1 prefers e1 to e2; (2,2): e2 prefers w1
    stubborn = {STUBBORN.format_move(m) for m, _ in STUBBORN.moves(STUBBORN.parse("2:1-2"))}
    assert stubborn == {"2-1"}  # (1,1) pairs a matched w1 with an unmatched e1 (Def 3.3.3)


def test_only_stable_matching_is_terminal() -> None:
    """Figure 3.3: the only stable full configuration is (w_k, e_k)."""
    for n in range(1, 6):
        terminal = [m for m in itertools.permutations(range(1, n + 1))
                    if not list(MATCHMAKER.moves(m))]
        assert terminal == [tuple(range(1, n + 1))]


@settings(max_examples=150, deadline=None)
@given(matchings())
def test_moves_keep_a_matching_and_stubborn_restricts(m: Matching) -> None:
    plain = dict(MATCHMAKER.moves(m))
    stubborn = dict(STUBBORN.moves(m))
    assert stubborn.items() <= plain.items()
    for (w, e), child in plain.items():
        assert child[w - 1] == e and len(set(pairs(child))) == len(pairs(child))
        assert sorted(filter(None, child)) == sorted(set(filter(None, child)))
        assert (bool(m[w - 1]) == (e in m)) == ((w, e) in stubborn)  # Def 3.3.3
    assert MATCHMAKER.key(m) == MATCHMAKER.key(tuple(MATCHMAKER.key(m)))


@settings(max_examples=150, deadline=None)
@given(matchings())
def test_uncrossing_is_legal_and_flips_crossing_parity(m: Matching) -> None:
    """Lemma 4.3.1 (L1052): an uncrossing move removes an odd number of crossed pairs, on
    partial boards too (its proof does not use fullness, L1084)."""
    for after in uncrossing_moves(m):
        assert after in dict(STUBBORN.moves(m)).values()
        assert (crossings(m) - crossings(after)) % 2 == 1


def test_crossing_count() -> None:
    assert crossings(FULL.start(4)) == math.comb(4, 2)
    assert crossings(MATCHMAKER.parse("4:1-3,2-4,3-1")) == 2


# -- Full Matchmaker -------------------------------------------------------------------


def test_full_matchmaker_parity_on_every_full_matching() -> None:
    """Cor 4.3.2 [checked on all 5,913 full matchings, n ≤ 7]: the fast_grundy hook
    against a search that does not use it (plain Matchmaker has the same moves there)."""
    search = solver(MATCHMAKER).grundy
    count = 0
    for n in range(1, 8):
        for m in itertools.permutations(range(1, n + 1)):
            assert search(m) == FULL.fast_grundy(m) == crossings(m) % 2, m
            count += 1
    assert count == 5913
    assert [FULL.fast_grundy(FULL.start(n)) for n in range(1, 8)] == [0, 1, 1, 0, 0, 1, 1]
    assert [naive_grundy(FULL, FULL.start(n)) for n in range(1, 6)] == [0, 1, 1, 0, 0]


def test_full_matchmaker_rejects_partial_boards() -> None:
    with pytest.raises(ParseError, match="w2 is unmatched"):
        FULL.parse("3:1-3,3-1")


# -- empty boards ------------------------------------------------------------------------


def test_empty_board_values() -> None:
    """Reading notes §2 [checked]: Matchmaker n = 1..6: 1,2,0,2,0,2; Stubborn n = 1..8:
    1,2,0,1,3,0,2,0 (n = 7, 8 take seconds: see bench)."""
    plain, stubborn = solver(MATCHMAKER).grundy, solver(STUBBORN).grundy
    assert [plain(MATCHMAKER.start(n)) for n in range(1, 7)] == [1, 2, 0, 2, 0, 2]
    assert [stubborn(STUBBORN.start(n)) for n in range(1, 7)] == [1, 2, 0, 1, 3, 0]


# -- transforms and classes ----------------------------------------------------------------


def paper_neighbour_pairs(m: Matching, i: int, j: int) -> set[tuple[int, int]]:
    """M(i, j) exactly as the set-builder of L1210-1216."""
    return ({(i, j), (i + 1, j + 1)}
            | {(a, b) for a, b in pairs(m) if a < i and b < j}
            | {(a, b + 2) for a, b in pairs(m) if a < i and b >= j}
            | {(a + 2, b) for a, b in pairs(m) if a >= i and b < j}
            | {(a + 2, b + 2) for a, b in pairs(m) if a >= i and b >= j})


@settings(max_examples=100, deadline=None)
@given(matchings(5), st.data())
def test_transforms_follow_the_set_builders(m: Matching, data: st.DataObject) -> None:
    n = len(m)
    i, j = data.draw(st.integers(1, n + 1)), data.draw(st.integers(1, n + 1))
    bigger = neighbour_pairs(m, i, j)
    assert len(bigger) == n + 2 and set(pairs(bigger)) == paper_neighbour_pairs(m, i, j)
    assert bigger.count(0) == m.count(0)
    for a in range(1, n):
        if m[a - 1] and m[a]:
            moved = shift_west(m, a)
            expected = ({(1, m[a - 1]), (2, m[a])} | {(x, y) for x, y in pairs(m) if x > a + 1}
                        | {(x + 2, y) for x, y in pairs(m) if x < a})
            assert set(pairs(moved)) == expected


def test_un_z_follows_lemma_5_3_3() -> None:
    m = STUBBORN.parse("4:1-1,2-2,3-4")  # (a, j-1) = (1,1), (i, j) = (2,2), (i+1, z) = (3,4)
    assert STUBBORN.format(un_z(m, 2, 2)) == "2:1-2"
    m = STUBBORN.parse("6:1-2,3-3,4-5,5-1")
    assert STUBBORN.format(un_z(m, 3, 3)) == "4:1-3,3-1"
    with pytest.raises(GrundyError, match="needs pairs"):
        un_z(m, 2, 3)


def test_lemmas_5_3_3_and_5_3_4_on_stubborn_boards() -> None:
    """The conjectures hold for Stubborn up to 6 per side, so un-Z and shifting keep the
    nimber there (Lemmas 5.3.3, 5.3.4); checked here up to 5."""
    grundy = solver(STUBBORN).grundy
    checked = 0
    for n in range(3, 6):
        for m in all_matchings(n):
            for a in range(1, n):
                if m[a - 1] and m[a]:
                    assert grundy(shift_west(m, a)) == grundy(m)
                    checked += 1
            for i, j in itertools.product(range(2, n), range(2, n + 1)):
                try:
                    smaller = un_z(m, i, j)
                except GrundyError:
                    continue
                assert grundy(smaller) == grundy(m)
                checked += 1
    assert checked > 1_000


def test_class_calculator() -> None:
    assert matching_class(STUBBORN.parse("5:1-3,2-4,4-1")) == (2, 1, 0)
    assert matching_class(STUBBORN.parse("3:2-2")) == (2, 1, 1)
    assert matching_class(STUBBORN.parse("3:1-1")) == (2, 0, 0)  # ends are never loners
    assert matching_class(STUBBORN.start(4)) == (4, 0, 0)


# -- conjectures ------------------------------------------------------------------------


def test_conjectures_hold_for_stubborn_up_to_six() -> None:
    """Reading notes §2 [checked: 50,696 and 5,840 cases]."""
    uncrossing = check_uncrossing(STUBBORN, 6)
    assert (uncrossing.cases, uncrossing.holds) == (50_696, True)
    neighbours = check_neighbour_pairs(STUBBORN, 6)
    assert (neighbours.cases, neighbours.holds) == (5_840, True)


def test_neighbour_pairs_fails_for_plain_matchmaker() -> None:
    """Reading notes §2: 74 of 615 cases fail; the empty n = 2 board is *2 but
    M(1, 3) = {(1,3), (2,4)} is *6."""
    report = check_neighbour_pairs(MATCHMAKER, 5)
    assert (report.cases, len(report.counterexamples)) == (615, 74)
    assert (MATCHMAKER.start(2), MATCHMAKER.parse("4:1-3,2-4"), 2, 6) in report.counterexamples
    smallest = min(report.counterexamples, key=lambda c: (len(c[1]), c[1]))
    assert len(smallest[1]) == 4  # nothing fails below 4 candidates per side


# -- Tables 5.1-5.4 ------------------------------------------------------------------------


def test_printed_tables_transcribed() -> None:
    cells = printed_cells()
    assert cells[1, 0, 0] == frozenset({1}) and cells[1, 0, 1] == "X"
    assert cells[11, 2, 2] == frozenset({2, 3, 4, 5, 8}) and cells[12, 1, 3] is None
    assert cells[12, 0, 8] == frozenset({0, 1, 2})
    assert len(cells) == 14 * 10 + 8 * 10 + 7 * 10 + 5 * 7


def test_tables_reached_up_to_six_agree_with_the_strict_convention() -> None:
    strict = matchmaker_tables(6)
    assert len(strict.comparison()) == 20 and not strict.mismatches()
    loose = matchmaker_tables(6, strict=False)
    assert {cell for cell, _, _ in loose.mismatches()} == {(1, 0, 0), (4, 0, 0), (5, 0, 0)}
    assert "1 < i < n" in strict.conventions()


def test_table_5_1_cells_4_0_0_and_5_0_0_fail_from_seven_on() -> None:
    """docs/errata.md: cross-free boards of classes (4,0,0) and (5,0,0) worth *2 and *4,
    not the printed 1 and 3; they appear at 7 and 8 per side."""
    grundy = solver(STUBBORN).grundy
    cells = printed_cells()
    for text, cell, value in (("7:2-2,3-3,4-4", (4, 0, 0), 2), ("8:1-2,2-3,3-4", (5, 0, 0), 4)):
        m = STUBBORN.parse(text)
        assert cross_free(m) and matching_class(m) == cell
        assert grundy(m) == value and cells[cell] == frozenset({value - 1})
    # 7:2-2,3-3,4-4 is cross-free under every reading: its free candidates pair off uncrossed
    assert crossings(STUBBORN.parse("7:1-1,2-2,3-3,4-4,5-5,6-6,7-7")) == 0
    assert naive_grundy(STUBBORN, STUBBORN.parse("7:2-2,3-3,4-4")) == 2
    errata = (Path(__file__).parent.parent / "docs" / "errata.md").read_text()
    assert "`7:2-2,3-3,4-4`" in errata and "`8:1-2,2-3,3-4`" in errata


def test_parse_errors_name_the_problem() -> None:
    for text, message in (("1-2", "board size"), ("3:1-4", "off the board"),
                          ("3:1-2,2-2", "reuses"), ("3:1+2", "not w-e")):
        with pytest.raises(ParseError, match=message):
            MATCHMAKER.parse(text)
    with pytest.raises(GrundyError, match="needs 1"):
        neighbour_pairs(MATCHMAKER.start(2), 4, 1)
