"""ATROPOS and UNRESTRICTED ATROPOS (seed 004, ``004_d08755248cee49c5.txt`` L415-448,
L1176-1194, L1337-1350) and the fast outcome solver."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.protocol import IllegalMoveError, ImpartialRuleset, ParseError
from grundy.rulesets.atropos.board import BLUE, COLOURS, GREEN, RED, board
from grundy.rulesets.atropos.rules import (
    AtroposPosition,
    bad_triangles,
    board_svg,
    board_text,
    colour_cell,
    format_course,
    parse_position,
    playable_cells,
    safe_colours,
    start,
    state_of,
)
from grundy.rulesets.atropos.search import (
    AtroposSolver,
    Engine,
    canonical,
    first_player_wins,
    geometry,
    image,
    start_state,
)
from grundy.rulesets.registry import get as get_ruleset
from grundy.search import Budget, BudgetExceeded, Solver, Store
from grundy.search.naive import naive_grundy
from grundy.values import Outcome


def get(name: str) -> ImpartialRuleset[AtroposPosition]:
    ruleset = get_ruleset(name)
    assert isinstance(ruleset, ImpartialRuleset)
    return ruleset


COURSE_5 = "[13][302][1003][30002][100003][3000002][121212]LastPlay:null"


def random_play(rng: random.Random, n: int, moves: int, restricted: bool = True) -> AtroposPosition:
    """Up to ``moves`` random safe moves from the start of size n."""
    position = start(n)
    for _ in range(moves):
        options = [
            (j, i, c)
            for j, i in playable_cells(position, restricted)
            for c in safe_colours(position, (j, i))
        ]
        if not options:
            break
        position = colour_cell(position, rng.choice(options))
    return position


# -- geometry (notes §1, L419, L1337-1350) ------------------------------------------------
@pytest.mark.parametrize("n", range(1, 10))
def test_border_and_counts(n: int) -> None:
    b = board(n)
    assert len(b.cells) == n * (n + 1) // 2
    assert len(b.border) == 3 * (n + 1)
    assert len(b.triangles) == n * n + 4 * n + 1
    left = [b.border[(j, 0)] for j in range(1, n + 2)]  # bottom-up
    right = [b.border[(j, n - j + 2)] for j in range(1, n + 2)]
    bottom = [b.border[(0, i)] for i in range(1, n + 2)]  # left to right
    assert left == [(GREEN, RED)[k % 2] for k in range(n + 1)]
    assert right == [(BLUE, GREEN)[k % 2] for k in range(n + 1)]
    assert bottom == [(RED, BLUE)[k % 2] for k in range(n + 1)]
    # every row has exactly one green among its two side circles (L1350)
    assert all((lc == GREEN) != (rc == GREEN) for lc, rc in zip(left, right, strict=True))


@pytest.mark.parametrize("n", range(2, 9))
def test_corners_allow_one_colour_at_the_start(n: int) -> None:
    position = start(n)
    assert safe_colours(position, (1, 1)) == (RED,)
    assert safe_colours(position, (1, n)) == (BLUE,)
    assert safe_colours(position, (n, 1)) == (GREEN,)


def test_size_one_has_no_safe_colour() -> None:
    assert safe_colours(start(1), (1, 1)) == ()
    assert Solver(get("atropos")).outcome(start(1)) is Outcome.P


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.randoms(use_true_random=False))
def test_full_colourings_have_an_odd_number_of_bad_triangles(n: int, rng: random.Random) -> None:
    """Sperner's lemma (L415, L987): every full colouring has an odd number."""
    colours = tuple(rng.choice(COLOURS) for _ in range(n * (n + 1) // 2))
    assert len(bad_triangles(AtroposPosition(n, colours))) % 2 == 1


# -- formats ----------------------------------------------------------------------------
def test_course_string_of_the_empty_size_5_board() -> None:
    position = parse_position(COURSE_5)
    assert position == start(5)
    assert format_course(position) == COURSE_5
    assert get("atropos").format(position) == "./../.../..../....."


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(0, 12), st.randoms(use_true_random=False))
def test_formats_round_trip(n: int, moves: int, rng: random.Random) -> None:
    position = random_play(rng, n, moves)
    atropos = get("atropos")
    assert parse_position(format_course(position)) == position
    assert atropos.parse(atropos.format(position)) == position


def test_last_play_coordinates() -> None:
    position = colour_cell(start(5), (1, 1, RED))
    assert format_course(position).endswith("[3100002][121212]LastPlay:(1,1,1,5)")
    assert get("atropos").format(position) == "./../.../..../r...."


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[13][302][1003][30002][100003][3000002][121211]LastPlay:null", "border circle"),
        ("[13][302][1003][30002][10003][3000002][121212]LastPlay:null", "row 5"),
        ("[13][302][1003][30002][100003][3000002][121212]", "LastPlay"),
        ("[13][302][1003][30002][100003][3000002][121212]LastPlay:(1,1,1,5)", "colour"),
        ("./../..", "row 3"),
        ("./x.", "unknown circle"),
        ("r/rr", "two circles"),
        ("0", "too small"),
    ],
)
def test_bad_text_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        parse_position(text)


def test_pictures() -> None:
    position = colour_cell(start(3), (2, 1, GREEN))
    picture = board_text(position)
    assert picture.splitlines()[0].split() == ["R", "G"]
    assert "*G" in picture
    assert "#" in board_text(position, colour_blind=True)
    assert "R" not in board_text(position, colour_blind=True)
    svg = board_svg(position, colour_blind=True)
    assert svg.startswith("<svg") and "url(#bars)" in svg and "url(#shade)" in svg
    assert svg.count("<circle") == len(board(3).cells) + len(board(3).border)


# -- rules (Defs 3.2.2, 3.2.3) ----------------------------------------------------------------
def test_restricted_moves_are_next_to_the_last_move_or_jump() -> None:
    position = colour_cell(start(3), (1, 1, RED))
    assert sorted(playable_cells(position)) == [(1, 2), (2, 1)]
    assert len(playable_cells(position, restricted=False)) == 5
    position = colour_cell(colour_cell(position, (1, 2, RED)), (2, 1, RED))
    # (2,1)'s open neighbours: (1,1), (1,2), (2,2), (3,1); two are uncoloured
    assert sorted(playable_cells(position)) == [(2, 2), (3, 1)]
    position = colour_cell(colour_cell(position, (3, 1, GREEN)), (2, 2, GREEN))
    position = AtroposPosition(3, position.colours, board(3).index[(3, 1)])
    # (3,1) has no uncoloured neighbour left: jump anywhere
    assert playable_cells(position) == [(1, 3)]


def test_suicidal_moves_are_dropped_or_kept() -> None:
    position = start(2)  # (1,1) only red, (1,2) only blue, (2,1) only green
    dropped = [m for m, _ in get("atropos").moves(position)]
    kept = [m for m, _ in get("atropos-with-suicide").moves(position)]
    assert set(dropped) == {(1, 1, RED), (1, 2, BLUE), (2, 1, GREEN)}
    assert len(kept) == 9
    with pytest.raises(IllegalMoveError):
        get("atropos").parse_move(position, "B1,1")
    assert get("atropos").parse_move(position, "y2,1") == (2, 1, GREEN)


# -- Grundy values: both conventions against the definition ------------------------------------
def neighbours(cell: tuple[int, int]) -> set[tuple[int, int]]:
    j, i = cell
    return {(j, i - 1), (j, i + 1), (j - 1, i), (j - 1, i + 1), (j + 1, i - 1), (j + 1, i)}


def definition_grundy(position: AtroposPosition, restricted: bool, suicide: bool) -> int:
    """Def 2.1.6 (L364) on the literal colourings: 1 once a bad triangle exists."""
    b = board(position.n)

    @cache
    def value(p: AtroposPosition) -> int:
        if b.bad_triangles(p.colours):
            return 1
        empty = {c for c, k in b.index.items() if not p.colours[k]}
        near = neighbours(b.cells[p.last]) & empty if restricted and p.last >= 0 else set()
        seen = set()
        for cell in near or empty:
            for colour in COLOURS:
                child = colour_cell(p, (*cell, colour))
                if suicide or not b.bad_triangles(child.colours):
                    seen.add(value(child))
        return min(set(range(len(seen) + 1)) - seen)

    return value(position)


@pytest.mark.parametrize("name", ["atropos", "unrestricted-atropos",
                                  "atropos-with-suicide", "unrestricted-atropos-with-suicide"])
@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(0, 6), st.randoms(use_true_random=False))
def test_both_conventions_match_the_definition(
    name: str, n: int, moves: int, rng: random.Random
) -> None:
    ruleset = get(name)
    restricted, suicide = "unrestricted" not in name, "suicide" in name
    position = random_play(rng, n, moves, restricted)
    value = Solver(ruleset).grundy(position)
    assert value == definition_grundy(position, restricted, suicide)
    assert value == naive_grundy(ruleset, position)  # type: ignore[arg-type]


def test_a_bad_triangle_is_the_value_1_end() -> None:
    """Def 2.1.6 (L364): the player to move after a suicidal move has won: one move."""
    atropos = get("atropos-with-suicide")
    suicide = colour_cell(start(2), (1, 1, BLUE))
    assert bad_triangles(suicide)
    (move, over), = list(atropos.moves(suicide))
    assert atropos.format_move(move) == "win" and atropos.parse_move(suicide, "WIN") == move
    assert atropos.format(over) == "./B.;over" and not list(atropos.moves(over))
    assert atropos.parse(atropos.format(over)) == over
    assert parse_position(format_course(over)) == over
    assert Solver(atropos).grundy(suicide) == 1
    with pytest.raises(ParseError, match="no bad triangle"):
        parse_position("./..;over")


def test_the_conventions_differ_in_nimbers_not_outcomes() -> None:
    dropped, kept = Solver(get("atropos")), Solver(get("atropos-with-suicide"))
    assert (dropped.grundy(start(3)), kept.grundy(start(3))) == (1, 2)
    rng = random.Random(6)
    for _ in range(30):
        position = random_play(rng, 3, rng.randint(0, 5))
        assert (dropped.grundy(position) == 0) == (kept.grundy(position) == 0)


# -- the fast outcome solver --------------------------------------------------------------------
@pytest.mark.parametrize(("n", "wins"), [(1, False), (2, False), (3, True), (4, True), (5, False)])
def test_outcomes_from_the_start(n: int, wins: bool) -> None:
    """L1176-1184: the first player loses at 1, 2, 5 and wins at 3, 4."""
    assert first_player_wins(n) is wins
    assert first_player_wins(n) is (n % 4 in (0, 3))  # Conjecture 5.2.1 (L1190)


def test_size_6_is_a_first_player_loss() -> None:
    """L1184: the first player loses at n = 6 (0.3 s natively, about 7 s in Python)."""
    assert first_player_wins(6) is False


@pytest.mark.slow
def test_size_7_is_a_first_player_win() -> None:
    """L1184: the first player wins at n = 7 (about 2 s natively, 70 s in Python)."""
    assert first_player_wins(7) is True


@pytest.mark.parametrize(("n", "largest"), [(1, (0, 1)), (2, (1, 2)), (3, (4, 5))])
def test_largest_nimber_from_the_start_is_within_the_printed_bounds(
    n: int, largest: tuple[int, int]
) -> None:
    """Seed 002 Lemma 21 (``002_8bc4c30c443a0021.txt`` L312) bounds every Atropos value by
    *7, seed 001 (L1558) by *6.  Every position reachable from the start of a small board,
    under both suicide conventions; n = 4 (11,717 positions, *4 and *5) is in
    docs/errata.md.  No board reaches *6."""
    for name, expected in zip(("atropos", "atropos-with-suicide"), largest, strict=True):
        ruleset = get_ruleset(name)
        assert isinstance(ruleset, ImpartialRuleset)
        solver, seen, stack, best = Solver(ruleset), set(), [start(n)], 0
        while stack:
            position = stack.pop()
            if ruleset.key(position) in seen:
                continue
            seen.add(ruleset.key(position))
            best = max(best, solver.grundy(position))
            stack.extend(child for _, child in ruleset.moves(position))
        assert best == expected <= 6


@pytest.mark.parametrize(("n", "wins"), [(1, False), (2, False), (3, True), (4, True), (5, False)])
def test_unrestricted_outcomes_from_the_start(n: int, wins: bool) -> None:
    """Conjecture 4.2.1 (L1030): first player wins iff n(n+1)/2 is even."""
    assert first_player_wins(n, restricted=False) is wins
    assert wins is (n * (n + 1) // 2 % 2 == 0)


@pytest.mark.parametrize("engine", ["native", "python"])
@pytest.mark.parametrize("restricted", [True, False])
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(0, 8), st.randoms(use_true_random=False))
def test_fast_solver_matches_the_generic_solver(
    engine: Engine, restricted: bool, n: int, moves: int, rng: random.Random
) -> None:
    position = random_play(rng, n, moves, restricted)
    ruleset = get("atropos" if restricted else "unrestricted-atropos")
    expected = Solver(ruleset).outcome(position) is Outcome.N
    solver = AtroposSolver(n, restricted, engine=engine)
    assert solver.wins(state_of(position, restricted)) is expected
    move = solver.winning_move(state_of(position, restricted))
    assert (move is not None) is expected


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 6), st.randoms(use_true_random=False))
def test_symmetric_images_have_the_same_outcome(n: int, moves: int, rng: random.Random) -> None:
    state = state_of(random_play(rng, n, moves))
    image = canonical(geometry(n), state)
    assert AtroposSolver(n).wins(state) is AtroposSolver(n).wins(image)


def test_the_36_symmetries_fix_the_start_state() -> None:
    for n in (3, 4):
        g = geometry(n)
        assert len(set(g.symmetries)) == 36
        assert canonical(g, start_state(n, restricted=False)) <= start_state(n, restricted=False)


@pytest.mark.parametrize("n", range(3, 10))
def test_the_start_is_fixed_by_a_reflection_for_odd_n_and_rotations_for_even_n(n: int) -> None:
    """Issue 27.2: the empty board's symmetries (up to colours) are one reflection with a
    swap of two colours when n is odd, the two rotations with a cycle of the three colours
    when n is even; the outcome search keys the first plies by all 36 maps, so it uses
    them without naming them."""
    g = geometry(n)
    identity = tuple(range(g.size))
    for restricted in (True, False):
        root = start_state(n, restricted)
        fixing = [s for s in g.symmetries if image(g, root, s) == root]
        boards = {cells for cells, _, _ in fixing}
        assert identity in boards and len(fixing) == len(boards)  # one colour map per board map
        for cells, _, colours in fixing:
            if cells == identity:
                assert colours == (0, 1, 2, 3)
                continue
            twice = tuple(cells[c] for c in cells)
            moved = sum(colours[x] != x for x in (1, 2, 3))
            if n % 2:  # a reflection swapping two colours
                assert twice == identity and moved == 2
            else:  # a rotation cycling the colours
                assert twice != identity and tuple(cells[c] for c in twice) == identity
                assert moved == 3
        assert len(boards) == (2 if n % 2 else 3)


def test_budget_and_resumable_store(tmp_path: object) -> None:
    with pytest.raises(BudgetExceeded):
        AtroposSolver(5, budget=Budget(max_nodes=200)).wins(start_state(5))
    path = f"{tmp_path}/store.sqlite"
    with Store(path) as store:
        first = AtroposSolver(4, store=store)
        assert first.wins(start_state(4))
    with Store(path) as store:
        again = AtroposSolver(4, store=store)
        assert again.wins(start_state(4))
        assert again.budget.nodes == 0  # the root itself was stored
